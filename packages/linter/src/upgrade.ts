/**
 * `--upgrade-to`: an option file read by the later server as well. The file's lines are resolved
 * against the upgrade target (OptionFacts.upgrade), the validity rules run on them there, and what
 * they find that the current target does not is reported as what the upgrade changes.
 */
import { assertCatalogued } from "./catalogue/index.js";
import type { Finding } from "./finding.js";
import { buildOptionFacts, type OptionFacts } from "./optionfile/rules/facts.js";
import type { Rule } from "./rules/types.js";
import { compareVersions, parseTarget, TargetError, type Target } from "./target.js";

/** The rules that say whether the server starts and how it reads each line. */
export const UPGRADE_RULES = new Set(["unknown-variable", "removed-variable", "deprecated-variable", "invalid-value", "out-of-range"]);

/** The upgrade target for files linted for `current`; a TargetError when it is no upgrade of it. */
export function upgradeTarget(label: string, current: Target): Target {
  const to = assertCatalogued(parseTarget(label));
  const family = (t: Target) => (t.flavor === "mariadb" ? "mariadb" : t.flavor);
  if (family(to) !== family(current)) throw new TargetError(`--upgrade-to ${to.label} is another product than the target ${current.label}`);
  if (compareVersions(to.version, current.version) <= 0) throw new TargetError(`--upgrade-to ${to.label} is not later than the target ${current.label}`);
  return to;
}

/** The file's facts with the upgrade target's reading attached. */
export function withUpgrade(facts: OptionFacts, to: Target): OptionFacts {
  facts.upgrade = buildOptionFacts(facts.root, facts.set, to);
  return facts;
}

/**
 * The validity rules' findings at the upgrade target that the current target does not have (same
 * rule, same line), each saying that it comes with the upgrade.
 */
export function upgradeFindings(
  upgrade: OptionFacts,
  current: readonly Finding[],
  rules: readonly Rule<OptionFacts>[],
  run: (rules: Rule<OptionFacts>[], facts: OptionFacts) => Finding[],
): Finding[] {
  const key = (f: Finding) => `${f.rule}\0${f.file}\0${f.range.start.line}`;
  const now = new Set(current.map(key));
  const found = run(
    rules.filter((r) => UPGRADE_RULES.has(r.id)),
    upgrade,
  );
  return found.filter((f) => !now.has(key(f))).map((f) => ({ ...f, message: `after the upgrade to ${upgrade.target.label}: ${f.message}` }));
}

import { isAutoDefault, lookupVariable, type VariableFacts, variableNames } from "../catalogue/index.js";
import type { Range } from "../finding.js";
import type { OptionFacts } from "../optionfile/rules/facts.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { defineRule } from "./define.js";

/** Sizing of instrument classes the Performance Schema grows with the server's own code, not a setting anyone tunes. */
const INTERNAL = /^performance_schema_max_\w+_classes$/;

function shown(f: VariableFacts, value: unknown): string {
  if (isAutoDefault(value)) return `computed (${value.auto})`;
  if (typeof value === "boolean") return value ? "ON" : "OFF";
  if (typeof value === "number" && f.unit === "bytes") return formatBytes(value);
  return String(value);
}

/** A flag list's change as the flags that differ: "hash_set_operations=on added". */
function flagChange(before: string, after: string): string | undefined {
  const parse = (s: string) => new Map(s.split(",").map((p) => p.split("=") as [string, string]));
  const a = parse(before);
  const b = parse(after);
  const out: string[] = [];
  for (const [k, v] of b) if (a.get(k) !== v) out.push(a.has(k) ? `${k}=${a.get(k)} → ${v}` : `${k}=${v} added`);
  for (const k of a.keys()) if (!b.has(k)) out.push(`${k} dropped`);
  return out.length ? out.join(", ") : undefined;
}

/** Where a finding about the file as a whole goes: the first server group's header, else the first line. */
function fileRange(facts: OptionFacts): Range {
  const root = facts.set.files.find((f) => f.path === facts.root) ?? facts.set.files[0];
  const group = root?.groups.find((g) => facts.serverGroups.has(g.name.toLowerCase()));
  return group?.range ?? { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
}

export default defineRule({
  id: "upgrade-changes-default",
  surfaces: ["option-file"],
  check(facts, ctx) {
    const upgrade = facts.upgrade;
    if (!upgrade) return;
    const range = fileRange(facts);
    for (const name of variableNames(facts.target)) {
      if (INTERNAL.test(name) || facts.effective.has(name)) continue;
      const now = lookupVariable(facts.target, name);
      const then = lookupVariable(upgrade.target, name);
      if (now.status !== "known" || then.status !== "known") continue;
      const a = now.facts;
      const b = then.facts;
      if (!a.option || !b.option || a.optionOnly || a.aliasOf || a.default == null || b.default == null) continue;
      if (JSON.stringify(a.default) === JSON.stringify(b.default)) continue;
      const change =
        a.type === "flagset" && typeof a.default === "string" && typeof b.default === "string"
          ? flagChange(a.default, b.default)
          : `${shown(a, a.default)} → ${shown(b, b.default)}`;
      if (!change) continue;
      ctx.report({
        range,
        versionDependent: true,
        message: `${name}: the default changes from ${facts.target.label} to ${upgrade.target.label} (${change}); the files do not set it, so the upgraded server runs with the new default`,
      });
    }
  },
});

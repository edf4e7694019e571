/**
 * The MariaDB option-verdict oracle (test/oracle/option-verdict-oracle.ts) against innolint: every
 * option name of the MariaDB and MySQL catalogues, alone under [mysqld], through the installed
 * `mariadbd --help --verbose` and through `innolint --target mariadb-10.11`. Where the verdicts
 * (starts silently / starts with a warning / refuses) agree, they must keep agreeing; the reviewed
 * disagreements in fixtures/real-world/mariadb-option-verdicts.known.json are expected to change,
 * and each one that does must be taken off that list.
 */
import { readFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { requireOracle } from "./helpers/require-oracle.js";
import { lintCases, ORACLE_TARGET } from "./oracle/option-verdict-lint.js";
import {
  disagreements,
  ensureOptionOracle,
  KNOWN_DISAGREEMENTS_FILE,
  loadOptionOracle,
  type Disagreement,
  type OptionOracle,
} from "./oracle/option-verdict-oracle.js";

const unavailable = await ensureOptionOracle();
requireOracle("the MariaDB option-verdict oracle", unavailable);

const known = JSON.parse(readFileSync(KNOWN_DISAGREEMENTS_FILE, "utf8")) as {
  server: string;
  target: string;
  disagreements: (Disagreement & { reason?: string })[];
};
const line = (d: Disagreement) => `${d.name}: server ${d.server}, innolint ${d.innolint}`;

describe.skipIf(unavailable !== null)("MariaDB option verdicts: innolint against mariadbd", () => {
  let oracle: OptionOracle;
  let now: Disagreement[];

  beforeAll(async () => {
    oracle = loadOptionOracle();
    now = disagreements(oracle, await lintCases(oracle));
  }, 300_000);

  it("judges every catalogue name, each with a verdict the server gave", () => {
    expect(known.target).toBe(ORACLE_TARGET);
    expect(oracle.cases.length).toBeGreaterThan(1000);
    for (const c of oracle.cases) expect(["silent", "warning", "refuses"]).toContain(c.verdict);
    // The three verdicts all occur: the harness is not reading one outcome for everything.
    for (const v of ["silent", "warning", "refuses"])
      expect(
        oracle.cases.some((c) => c.verdict === v),
        v,
      ).toBe(true);
  });

  it("every reviewed disagreement says why it remains", () => {
    expect(known.disagreements.filter((d) => !d.reason || d.reason.length < 20).map(line)).toEqual([]);
  });

  it("agrees with the server wherever it agreed when the list was reviewed", () => {
    const listed = new Set(known.disagreements.map(line));
    const fresh = now.filter((d) => !listed.has(line(d))).map(line);
    if (oracle.version !== known.server) return; // another server build: its verdicts may differ
    expect(fresh, `new disagreements with ${oracle.version}`).toEqual([]);
  });

  // Expected to change: when a rule fix makes innolint agree with the server on a name, this
  // fails; take the name off mariadb-option-verdicts.known.json (option-verdict-cli.ts --write-known).
  it("the reviewed disagreements are still there (expected to change)", () => {
    if (oracle.version !== known.server) return;
    const current = new Set(now.map(line));
    expect(known.disagreements.map(line).filter((l) => !current.has(l))).toEqual([]);
  });
});

/**
 * innolint's option-file reader against the real my_print_defaults, byte for byte, on every .cnf
 * of MariaDB's mysql-test suite (see test/oracle/cnf-oracle.ts).
 * Under INNOLINT_REQUIRE_ORACLE=1 (CI) a missing MariaDB fails instead of skipping.
 */
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { printDefaults, printDefaultsOutput, printDefaultsStatus, readOptionFiles, type OptionSet } from "../src/optionfile/model.js";
import { ensureCnfOracle, loadCnfOracle, MYSQL_TEST_ROOT, pySplitLines, type CnfOracleCase } from "./oracle/cnf-oracle.js";
import { requireOracle } from "./helpers/require-oracle.js";

/** Cases innolint does not reproduce, with the reason. Keep this empty. */
const SKIPPED: { file: string; group: string; reason: string }[] = [];

const unavailable = ensureCnfOracle();
requireOracle("my_print_defaults oracle", unavailable);

describe.skipIf(unavailable !== null)("my_print_defaults oracle", () => {
  it("reproduces every case byte for byte", async () => {
    const cases = loadCnfOracle();
    expect(cases.length).toBeGreaterThan(1000);
    const sets = new Map<string, OptionSet>();
    const failures: { c: CnfOracleCase; actual: string[]; rc: number }[] = [];
    let passed = 0;
    let skipped = 0;
    for (const c of cases) {
      if (SKIPPED.some((s) => s.file === c.file && s.group === c.group)) {
        skipped++;
        continue;
      }
      const file = join(MYSQL_TEST_ROOT, c.file);
      let set = sets.get(file);
      if (!set) {
        // my_print_defaults ran with cwd = the file's directory, which is what relative
        // !include paths resolve against.
        set = await readOptionFiles(file, { cwd: dirname(file) });
        sets.set(file, set);
      }
      const actual = printDefaults(set, [c.group]);
      const rc = printDefaultsStatus(set);
      const sameAsPython = pySplitLines(printDefaultsOutput(set, [c.group]));
      if (JSON.stringify(actual) === JSON.stringify(c.expected) && JSON.stringify(sameAsPython) === JSON.stringify(c.expected) && rc === c.rc) {
        passed++;
      } else {
        failures.push({ c, actual, rc });
      }
    }
    const total = cases.length - skipped;
    console.log(`my_print_defaults oracle: ${passed}/${total} cases identical (${((100 * passed) / total).toFixed(2)} %), ${skipped} skipped`);
    expect(failures.slice(0, 10).map((f) => ({ file: f.c.file, group: f.c.group, expected: f.c.expected, actual: f.actual, rc: [f.c.rc, f.rc] }))).toEqual([]);
    expect(passed).toBe(total);
  });
});

/**
 * Regenerates the MariaDB option-verdict oracle (`--force`: all of it), prints its counts and
 * innolint's disagreements with it; `--write-known` records them as the expected-to-change list
 * that test/mariadb-option-verdicts.test.ts checks.
 */
import { writeFileSync } from "node:fs";
import { lintCases, ORACLE_TARGET } from "./option-verdict-lint.js";
import {
  disagreements,
  ensureOptionOracle,
  KNOWN_DISAGREEMENTS_FILE,
  loadOptionOracle,
  OPTION_ORACLE_FILE,
  type OptionVerdict,
} from "./option-verdict-oracle.js";

const why = await ensureOptionOracle(process.argv.includes("--force"));
if (why) {
  console.error(why);
  process.exit(1);
}
const oracle = loadOptionOracle();
const count = (pred: (v: OptionVerdict) => boolean) => oracle.cases.filter(pred).length;
console.log(`${oracle.version}: ${oracle.cases.length} names in ${OPTION_ORACLE_FILE}`);
console.log(
  `  server: silent ${count((v) => v.verdict === "silent")}, warning ${count((v) => v.verdict === "warning")}, refuses ${count((v) => v.verdict === "refuses")} (for the name ${count((v) => v.cause === "name")}, for the value ${count((v) => v.cause === "value")})`,
);
const diff = disagreements(oracle, await lintCases(oracle));
const pairs = new Map<string, number>();
for (const d of diff) pairs.set(`server ${d.server}, innolint ${d.innolint}`, (pairs.get(`server ${d.server}, innolint ${d.innolint}`) ?? 0) + 1);
console.log(`  innolint --target ${ORACLE_TARGET} disagrees on ${diff.length}: ${[...pairs].map(([k, n]) => `${k}: ${n}`).join("; ")}`);
if (process.argv.includes("--write-known")) {
  writeFileSync(KNOWN_DISAGREEMENTS_FILE, `${JSON.stringify({ server: oracle.version, target: ORACLE_TARGET, disagreements: diff }, null, 1)}\n`);
  console.log(`  wrote ${KNOWN_DISAGREEMENTS_FILE}`);
}

/** Regenerates the MariaDB option-verdict oracle (`--force`: all of it) and prints its counts. */
import { ensureOptionOracle, loadOptionOracle, OPTION_ORACLE_FILE, type OptionVerdict } from "./option-verdict-oracle.js";

const why = await ensureOptionOracle(process.argv.includes("--force"));
if (why) {
  console.error(why);
  process.exit(1);
}
const oracle = loadOptionOracle();
const count = (pred: (v: OptionVerdict) => boolean) => oracle.cases.filter(pred).length;
console.log(`${oracle.version}: ${oracle.cases.length} names in ${OPTION_ORACLE_FILE}`);
console.log(`  silent ${count((v) => v.verdict === "silent")}, warning ${count((v) => v.verdict === "warning")}, refuses ${count((v) => v.verdict === "refuses")} (name ${count((v) => v.cause === "name")}, value ${count((v) => v.cause === "value")})`);

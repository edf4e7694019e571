/**
 * How startup options take their argument, against the real mariadbd: an option file with the
 * option given bare, or with a value of the option's own type, must be refused exactly when the
 * linter's reading of the catalogue says so.
 */
import { execFile, execFileSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { lookupVariable, variableNames, type VariableFacts } from "../src/catalogue/index.js";
import { interpret } from "../src/optionfile/rules/values.js";
import { getoptDialect } from "../src/optionfile/rules/facts.js";
import { parseTarget } from "../src/target.js";
import { mariadbUnavailable, startMariaDB } from "./helpers/mariadb.js";
import { requireOracle } from "./helpers/require-oracle.js";
import { tempDir } from "./helpers/tmp.js";

const TARGET = parseTarget("mariadb-10.11");
const run = promisify(execFile);

const unavailable = mariadbUnavailable();
const available = unavailable === undefined;
requireOracle("MariaDB server", unavailable);
if (unavailable) console.warn(`option-syntax-mariadb: skipped, ${unavailable}`);

/** Option names as the option list of --help prints them (not the variables table). */
function helpOptions(text: string): Set<string> {
  const out = new Set<string>();
  for (const line of text.split("\n")) {
    if (line.startsWith("Variables (--variable-name=value)")) break;
    const m = /^ {2}(?:-\S, )?--([A-Za-z0-9_.-]+)/.exec(line);
    if (m) out.add(m[1]!.replace(/-/g, "_").toLowerCase());
  }
  return out;
}

describe.skipIf(!available)("option arguments vs the real mariadbd", () => {
  const dir = tempDir("innolint-optsyntax-");
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const options = available
    ? helpOptions(
        execFileSync("mariadbd", ["--no-defaults", "--verbose", "--help"], { encoding: "utf8", maxBuffer: 16 << 20, stdio: ["ignore", "pipe", "pipe"] }),
      )
    : new Set<string>();

  /** stderr of `mariadbd --defaults-file=F --verbose --help` for one [mysqld] line. */
  async function serverSays(file: string, line: string): Promise<string> {
    const path = join(dir, `${file}.cnf`);
    writeFileSync(path, `[mysqld]\n${line}\n`);
    try {
      const r = await run("mariadbd", [`--defaults-file=${path}`, "--verbose", "--help"], { maxBuffer: 16 << 20 });
      return r.stderr;
    } catch (e) {
      return String((e as { stderr?: string }).stderr ?? e);
    }
  }

  async function eachLimited<T>(items: T[], f: (t: T) => Promise<void>): Promise<void> {
    const queue = [...items];
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let t = queue.shift(); t !== undefined; t = queue.shift()) await f(t);
      }),
    );
  }

  const startupOptions = (): { name: string; facts: VariableFacts }[] =>
    variableNames(TARGET)
      .filter((n) => options.has(n))
      .map((n) => ({ name: n, lookup: lookupVariable(TARGET, n) }))
      .flatMap((x) => (x.lookup.status === "known" && x.lookup.facts.option ? [{ name: x.name, facts: x.lookup.facts }] : []));

  it("a bare option is refused with 'requires an argument' exactly when the linter says it needs a value", async () => {
    const all = startupOptions();
    expect(all.length).toBeGreaterThan(600);
    const disagreements: string[] = [];
    await eachLimited(all, async ({ name, facts }) => {
      const refused = /requires an argument/.test(await serverSays(`bare-${name}`, name));
      const linterRefuses = interpret(facts, null, null).kind === "invalid";
      if (refused !== linterRefuses) disagreements.push(`${name}: server ${refused ? "refuses" : "accepts"}, linter ${linterRefuses ? "refuses" : "accepts"}`);
    });
    expect(disagreements.sort()).toEqual([]);
  }, 120_000);

  it("an option whose argument differs from its variable accepts a value of the option's type", async () => {
    const differing = startupOptions().filter((o) => o.facts.optionType);
    expect(differing.map((o) => o.name)).toContain("log_bin");
    const sample: Record<string, string> = { string: "mysql-bin", integer: "3" };
    for (const { name, facts } of differing) {
      const value = sample[facts.optionType!]!;
      const stderr = await serverSays(`typed-${name}`, `${name} = ${value}`);
      expect(stderr, name).not.toMatch(/ERROR|wasn't recognized/);
      expect(interpret(facts, value, null).kind, name).toBe(facts.optionType === "string" ? "string" : "number");
    }
  });

  it("enumeration and set values (abbreviations, lists, spaces, numbers, empty) are read as mariadbd reads them", async () => {
    const cases = [
      "binlog_format = row",
      "binlog_format = r",
      "binlog_format = m",
      "binlog_format = ROWS",
      "binlog_format = 2",
      "binlog_format = 3",
      "binlog_format =",
      "innodb_flush_method = O_DIRECT_NO",
      "innodb_flush_method = O_DS",
      "innodb_flush_method = O_D",
      "innodb_flush_method =",
      "sql_mode = NO_ZERO_DATE,STRICT_TRANS_TABLE",
      "sql_mode = STRICT_TRANS_TABLE,NO_ZERO_DATE",
      "sql_mode = NO_ZERO_DATE, STRICT_TRANS_TABLES",
      "sql_mode = NO_ZERO_DATE ,STRICT_TRANS_TABLES",
      "sql_mode = NO_ZERO_DATE,STRICT_TRANS_TABLES,",
      "sql_mode = NO_ZERO_DATE,,STRICT_TRANS_TABLES",
      "sql_mode = ,NO_ZERO_DATE",
      "sql_mode =",
      "sql_mode = NO_ZERO_DATE,NO_ZERO",
      "sql_mode = no_zero_date,no_zero_in",
      "sql_mode = 3",
      "sql_mode = 99999999999",
      "sql_mode = BOGUS,NO_ZERO_DATE",
      "log_slow_verbosity = query_plan,expl",
      "log_slow_verbosity = expl,query_plan",
      "long_query_time =",
    ];
    const disagreements: string[] = [];
    await eachLimited(cases, async (line) => {
      const path = join(dir, `value-${cases.indexOf(line)}.cnf`);
      writeFileSync(path, `[mysqld]\n${line}\n`);
      let out: { stdout: string; stderr: string };
      try {
        out = await run("mariadbd", [`--defaults-file=${path}`, "--verbose", "--help"], { maxBuffer: 16 << 20 });
      } catch (e) {
        out = { stdout: "", stderr: String((e as { stderr?: string }).stderr ?? e) };
      }
      const [name, value = ""] = line.split(/\s*=\s*(.*)/s) as [string, string?];
      const lookup = lookupVariable(TARGET, name);
      if (lookup.status !== "known") throw new Error(`${name} is not in the catalogue`);
      const reading = interpret(lookup.facts, value, null, getoptDialect(TARGET));
      const refused = /\[ERROR\]/.test(out.stderr);
      const reported = new RegExp(`^${name.replace(/_/g, "-")} +(.*)$`, "m").exec(out.stdout)?.[1]?.trim() ?? "";
      const ours =
        reading.kind === "enum"
          ? reading.value
          : reading.kind === "set"
            ? [...reading.value].sort().join(",")
            : reading.kind === "number"
              ? String(reading.value)
              : undefined;
      const theirs = reading.kind === "set" ? reported.split(",").filter(Boolean).sort().join(",") : reported;
      if (refused !== (reading.kind === "invalid")) disagreements.push(`${line}: server ${refused ? "refuses" : "accepts"}, linter reads ${reading.kind}`);
      else if (!refused && ours !== theirs) disagreements.push(`${line}: server reads "${theirs}", linter "${ours}"`);
    });
    expect(disagreements.sort()).toEqual([]);
  }, 120_000);

  it("log-bin=OFF turns binary logging on, with files named OFF", async () => {
    const server = await startMariaDB(["--log-bin=OFF"]);
    try {
      const [on, basename] = server.admin("SELECT @@log_bin, @@log_bin_basename").trim().split("\t");
      expect(on).toBe("1");
      expect(basename).toMatch(/\/OFF$/);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

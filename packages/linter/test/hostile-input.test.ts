// Hostile input: counts the server refuses, inputs that used to crash the run, and the size cases
// whose cost must grow linearly (asserted by the growth between two sizes, never by wall time alone).
import { rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import * as gen from "../../../bench/hostile-inputs.mjs";
import { lintOptionFile, lintSqlFile } from "../src/engine.js";
import { extractFacts } from "../src/sql/facts.js";
import { Schema } from "../src/sql/schema.js";
import { parseTarget } from "../src/target.js";
import { run, scratch } from "./helpers/run.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
function dir(files: Record<string, string>): string {
  const d = scratch(files);
  dirs.push(d);
  return d;
}

const TARGET = "mysql-8.0.36";
const ISSUE_LINE = "CREATE TABLE u (a INT) PARTITION BY KEY(a) PARTITIONS 1000000000 SUBPARTITION BY KEY(a) SUBPARTITIONS 2;\n";

async function lintSql(text: string) {
  return lintSqlFile("/hostile/x.sql", { target: TARGET, noConfig: true, impact: false, text }, { schema: new Schema() });
}
async function lintCnf(text: string) {
  return (await lintOptionFile("/hostile/my.cnf", { target: TARGET, noConfig: true, impact: false, text })).outcome;
}

describe("partition counts the server refuses", () => {
  it("a declared 10^9 × 2 is counted, not listed, and the next file of the directory is still linted", async () => {
    const d = dir({
      ".innolint.json": JSON.stringify({ root: true, target: TARGET }),
      "001_u.sql": ISSUE_LINE,
      "002_q.sql": "SELECT * FROM u WHERE a = 1;\nDROP TABLE u;\n",
    });
    const before = process.memoryUsage().rss;
    const res = await run(["--format", "json", "--no-impact", "."], { cwd: d });
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 2 ** 20);
    const report = JSON.parse(res.stdout);
    expect(report.errors).toEqual([]);
    const limit = report.findings.find((f: { rule: string }) => f.rule === "partition-count-high");
    expect(limit.severity).toBe("error");
    expect(limit.file).toBe(join(d, "001_u.sql"));
    expect(limit.message).toContain("would have 2000000000 partitions: the server's limit is 8192");
    expect(report.findings.some((f: { file: string }) => f.file === join(d, "002_q.sql"))).toBe(true);
    expect(res.code).toBe(1);
  });

  it("facts give the product of the declared counts", async () => {
    const facts = await extractFacts("x.sql", ISSUE_LINE, parseTarget(TARGET));
    const p = facts.statements[0]!.partitioning!;
    expect(p.partitions).toBe(1e9);
    expect(p.subpartitioning).toMatchObject({ subpartitions: 2e9, perPartition: 2 });
    const mixed = await extractFacts(
      "x.sql",
      "CREATE TABLE r (a INT) PARTITION BY RANGE(a) PARTITIONS 5 SUBPARTITION BY HASH(a) SUBPARTITIONS 3 (PARTITION p0 VALUES LESS THAN (1) (SUBPARTITION s0, SUBPARTITION s1), PARTITION p1 VALUES LESS THAN (2));",
      parseTarget(TARGET),
    );
    // Explicit definitions win over PARTITIONS 5: two written subpartitions, then 3 for the second.
    expect(mixed.statements[0]!.partitioning!.subpartitioning!.subpartitions).toBe(2 + 3);
    const cmd = await run(["facts", "--target", TARGET, "u.sql"], { cwd: dir({ "u.sql": ISSUE_LINE }) });
    expect(cmd.code).toBe(0);
    expect(cmd.stdout).toContain("2000000000");
  });

  it("a count above the server's limit is an error whatever the configured threshold", async () => {
    const d = dir({
      ".innolint.json": JSON.stringify({ root: true, target: TARGET, rules: { "partition-count-high": ["warning", { threshold: 100000 }] } }),
      "a.sql": "CREATE TABLE h (a INT) PARTITION BY HASH(a) PARTITIONS 8193;\nCREATE TABLE k (a INT) PARTITION BY HASH(a) PARTITIONS 8192;\n",
    });
    const report = JSON.parse((await run(["--format", "json", "--no-impact", "a.sql"], { cwd: d })).stdout);
    const found = report.findings.filter((f: { rule: string }) => f.rule === "partition-count-high");
    expect(found.map((f: { message: string; range: { start: { line: number } } }) => [f.range.start.line, /statement fails/.test(f.message)])).toEqual([
      [1, true],
    ]);
  });
});

describe("inputs that used to crash or hide their errors", () => {
  it("300,000 lines setting one option give every duplicate-option finding (no stack overflow)", async () => {
    const out = await lintCnf(gen.repeatedOption(300_000));
    expect(out.errors).toEqual([]);
    expect(out.result!.findings.filter((f) => f.rule === "duplicate-option")).toHaveLength(299_999);
  }, 60_000);

  it("a NUL byte in unsaved text is refused as in a file (the parser's recovery from NULs cost 50 s for 56 KB)", async () => {
    const out = await lintSql(`SELECT 1;\nDROP\0 TABLE t;\n${"\0\\".repeat(20000)}`);
    expect(out.errors.map((e) => [e.line, e.message])).toEqual([[2, "binary file (NUL byte): not SQL text"]]);
  });

  it.each([14, 15, 20, 1000])("SELECT and %i unclosed parentheses is a syntax error on line 1", async (n) => {
    const out = await lintSql(`SELECT 1;\nSELECT ${"(".repeat(n)}\n`);
    expect(out.errors.map((e) => [e.line, /syntax error/.test(e.message)])).toEqual([[2, true]]);
  });
});

/** Best-of timings of `work(n)` at n and 10n: their ratio is ~10 for linear work, ~100 for quadratic. */
async function growth(work: (n: number) => Promise<unknown>, n: number): Promise<number> {
  await work(n);
  const time = async (m: number, runs: number) => {
    let best = Infinity;
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await work(m);
      best = Math.min(best, performance.now() - t0);
    }
    return best;
  };
  const small = await time(n, 5);
  const large = await time(10 * n, 3);
  return large / Math.max(small, 1);
}

describe("cost grows linearly with the input (10× the input, well under 100× the time)", () => {
  const sqlCases: [string, (n: number) => string, number][] = [
    ["explicit partitions", gen.explicitPartitions, 500],
    ["DELIMITER ;; never reset", gen.delimiterNeverReset, 1500],
    ["DELIMITER ;; swallowing the rest of the file", gen.delimiterSwallowsFile, 1500],
    ["unclosed parentheses", gen.unclosedParens, 3000],
  ];
  it.each(sqlCases)(
    "%s",
    async (_, make, n) => {
      expect(await growth((m) => lintSql(make(m)), n)).toBeLessThan(40);
    },
    60_000,
  );

  const cnfCases: [string, (n: number) => string, number][] = [
    ["unknown variables", gen.unknownVariables, 300],
    ["suppression comment + option pairs", gen.suppressionPairs, 300],
    ["suppression comments that suppress nothing", gen.unusedSuppressions, 300],
    ["one flag list repeated", gen.repeatedFlagList, 1000],
  ];
  it.each(cnfCases)(
    "%s",
    async (_, make, n) => {
      // Quadratic is 100×; 40 leaves room for a loaded machine.
      expect(await growth((m) => lintCnf(make(m)), n)).toBeLessThan(40);
    },
    60_000,
  );
});

import { closeSync, ftruncateSync, openSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";
import { lintSqlFile } from "../src/engine.js";
import { Schema } from "../src/sql/schema.js";

const GOOD = "[mysqld]\ninnodb_sort_buffer_size = 64M\n";

const cases: [string, string | Buffer, RegExp, number][] = [
  ["an unterminated string", "SELECT 1;\nSELECT 'abc FROM t;\n", /string is not closed/, 2],
  ["an unterminated comment", "SELECT 1;\n/* never closed\nSELECT 2;\n", /comment is not closed/, 2],
  ["a NUL byte", Buffer.from("SELECT 1;\nSELECT 2;\x00\n"), /NUL/, 2],
  ["invalid UTF-8", Buffer.concat([Buffer.from("SELECT 1;\nSELECT '"), Buffer.from([0xc3, 0x28]), Buffer.from("';\n")]), /UTF-8/, 2],
];

describe("bad SQL input: a clear error with file and line, exit 2, the other files still linted", () => {
  it.each(cases)("%s", async (_, content, pattern, line) => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.25" }), "bad.sql": content, "good.cnf": GOOD });
    const res = await run(["--format", "json", "bad.sql", "good.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    const report = JSON.parse(res.stdout);
    const error = report.errors.find((e: { message: string }) => pattern.test(e.message));
    expect(error, JSON.stringify(report.errors)).toBeDefined();
    expect(error.file).toBe(join(dir, "bad.sql"));
    expect(error.line).toBe(line);
    expect(report.findings.some((f: { file: string }) => f.file === join(dir, "good.cnf"))).toBe(true);
  });

  it("a DELIMITER never reset is a finding, not an input error: the mysql client runs the file", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.25" }),
      "routine.sql": "SELECT 1;\nDELIMITER $$\nCREATE PROCEDURE p() BEGIN SELECT 1; END$$\n",
    });
    const res = await run(["--format", "json", "routine.sql"], { cwd: dir });
    const report = JSON.parse(res.stdout);
    expect(report.errors).toEqual([]);
    expect(
      report.findings.map((f: { rule: string; severity: string; range: { start: { line: number } } }) => [f.rule, f.severity, f.range.start.line]),
    ).toEqual([["delimiter-not-reset", "info", 2]]);
    expect(res.code).toBe(0);
    const quiet = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.25", rules: { "delimiter-not-reset": "off" } }),
      "routine.sql": "DELIMITER $$\nCREATE PROCEDURE p() BEGIN SELECT 1; END$$\n",
    });
    const off = JSON.parse((await run(["--format", "json", "routine.sql"], { cwd: quiet })).stdout);
    expect([off.findings, off.errors]).toEqual([[], []]);
  });

  it("reports a DELIMITER never reset alike whether the file is read whole or streamed", async () => {
    const dir = scratch({ "routine.sql": "SELECT 1;\nDELIMITER $$\nCREATE PROCEDURE p() BEGIN SELECT 1; END$$\n" });
    const file = join(dir, "routine.sql");
    const outcomes = [];
    for (const streamAbove of [undefined, 0]) {
      const out = await lintSqlFile(
        file,
        { target: "mysql-8.0.25", noConfig: true, ...(streamAbove === undefined ? {} : { streamAbove }), stream: { window: 16 } },
        { schema: new Schema() },
      );
      outcomes.push({ errors: out.errors, findings: out.result?.findings.map((f) => [f.rule, f.severity, f.range.start.line, f.message]) });
    }
    expect(outcomes[0]!.errors).toEqual([]);
    expect(outcomes[0]!.findings).toHaveLength(1);
    expect(outcomes[1]).toEqual(outcomes[0]);
  });

  it("10,000 nested parentheses parse without exhausting the stack", async () => {
    const sql = `SELECT ${"(".repeat(10000)}1${")".repeat(10000)} FROM t WHERE a = 1;\nDROP TABLE t;\n`;
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22" }), "deep.sql": sql });
    const res = await run(["--format", "json", "deep.sql"], { cwd: dir });
    expect(res.stderr).toBe("");
    expect(JSON.parse(res.stdout).findings.map((f: { rule: string }) => f.rule)).toContain("drop-truncate-buffer-pool-stall");
  });

  it("a SQL file over the whole-file limit is streamed, and a NUL byte is still an input error with its line", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true }), "good.cnf": GOOD });
    const fd = openSync(join(dir, "dump.sql"), "w");
    ftruncateSync(fd, 51 * 2 ** 20);
    closeSync(fd);
    const res = await run(["--format", "json", "dump.sql", "good.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    expect(JSON.parse(res.stdout).errors[0]).toMatchObject({ line: 1, message: "binary file (NUL byte): not SQL text" });
  });
});

import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

// A pool above the rule's 8G warningAt: a drop of a table in use is a warning.
const PROJECT = {
  ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", optionFile: "my.cnf" }),
  "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\n",
};

async function ahi(files: Record<string, string>, path: string) {
  const dir = scratch({ ...PROJECT, ...files });
  const res = await run(["--format", "json", "--no-impact", path], { cwd: dir });
  const report = JSON.parse(res.stdout) as { findings: { rule: string; severity: string; file: string; range: { start: { line: number } } }[] };
  return report.findings.filter((f) => f.rule === "adaptive-hash-index-drop-stall").map((f) => [f.file.slice(dir.length + 1), f.range.start.line, f.severity]);
}

describe("DROP TABLE IF EXISTS before the file's own CREATE TABLE", () => {
  it("is information when neither the history nor a live server knows the table", async () => {
    expect(await ahi({ "install.sql": "DROP TABLE IF EXISTS sessions;\nCREATE TABLE sessions (id INT PRIMARY KEY);\n" }, "install.sql")).toEqual([
      ["install.sql", 1, "info"],
    ]);
  });

  it("stays a warning without IF EXISTS, without the CREATE, or for a table the migrations before it created", async () => {
    expect(await ahi({ "a.sql": "DROP TABLE sessions;\nCREATE TABLE sessions (id INT PRIMARY KEY);\n" }, "a.sql")).toEqual([["a.sql", 1, "warning"]]);
    expect(await ahi({ "b.sql": "DROP TABLE IF EXISTS sessions;\nCREATE TABLE other (id INT PRIMARY KEY);\n" }, "b.sql")).toEqual([["b.sql", 1, "warning"]]);
    const migrations = {
      "db/001_init.sql": "CREATE TABLE sessions (id INT PRIMARY KEY);\n",
      "db/002_reset.sql": "DROP TABLE IF EXISTS sessions;\nCREATE TABLE sessions (id BIGINT PRIMARY KEY);\n",
    };
    expect(await ahi(migrations, "db")).toEqual([["db/002_reset.sql", 1, "warning"]]);
  });
});

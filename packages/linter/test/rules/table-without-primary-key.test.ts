import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "table-without-primary-key");

interface Found {
  rule: string;
  severity: string;
  message: string;
  range: { start: { line: number } };
}

async function keyless(cwd: string, target: string, file = "migration.sql"): Promise<Found[]> {
  const res = await run(["--format", "json", "--target", target, file], { cwd });
  const report = JSON.parse(res.stdout) as { findings: Found[]; errors: unknown[] };
  expect(report.errors).toEqual([]);
  return report.findings.filter((f) => f.rule === "table-without-primary-key");
}

describe("table-without-primary-key", () => {
  it("reports a table with no key and a dropped primary key, not a promoted unique key, a replaced key, MyISAM or temporary tables", async () => {
    const found = await keyless(fixture, "mysql-8.0.36");
    expect(found.map((f) => [f.range.start.line, f.severity])).toEqual([
      [2, "warning"],
      [7, "warning"],
    ]);
  });

  it("is an error where the server refuses it (sql_require_primary_key, innodb_force_primary_key), and silent in GIPK mode", async () => {
    const sql = "CREATE TABLE tokens (token CHAR(40) NOT NULL, UNIQUE KEY (token));\n";
    const mysql = scratch({
      "m.sql": sql,
      "my.cnf": "[mysqld]\nsql_require_primary_key = ON\n",
      ".innolint.json": JSON.stringify({ root: true, optionFile: "my.cnf" }),
    });
    const [refused] = await keyless(mysql, "mysql-8.0.36", "m.sql");
    expect(refused?.severity).toBe("error");
    expect(refused?.message).toContain("with sql_require_primary_key=ON from my.cnf:2 mysql-8.0.36 refuses the statement");
    // Before 8.0.13 the variable does not exist, and the promoted UNIQUE key satisfies InnoDB.
    expect(await keyless(mysql, "mysql-8.0.12", "m.sql")).toEqual([]);
    const maria = scratch({
      "m.sql": sql,
      "my.cnf": "[mysqld]\ninnodb_force_primary_key = ON\n",
      ".innolint.json": JSON.stringify({ root: true, optionFile: "my.cnf" }),
    });
    expect((await keyless(maria, "mariadb-10.11", "m.sql")).map((f) => f.severity)).toEqual(["error"]);
    const gipk = scratch({
      "m.sql": "CREATE TABLE log (at DATETIME);\n",
      "my.cnf": "[mysqld]\nsql_generate_invisible_primary_key = ON\n",
      ".innolint.json": JSON.stringify({ root: true, optionFile: "my.cnf" }),
    });
    expect(await keyless(gipk, "mysql-8.0.36", "m.sql")).toEqual([]);
    expect((await keyless(gipk, "mysql-8.0.29", "m.sql")).map((f) => f.severity)).toEqual(["warning"]);
  });
});

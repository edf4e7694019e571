import { describe, expect, it } from "vitest";
import { compareMigrationNames, isRollbackFile } from "../src/sql/order.js";
import { run, scratch } from "./helpers/run.js";

describe("the order migration tools apply files in", () => {
  it("compares digit runs as numbers, as Flyway's versions and golang-migrate's numbers do", () => {
    const names = ["V1_10__c.sql", "V1_2__b.sql", "V1_1__a.sql", "V2__d.sql", "V1_9__x.sql", "V10__e.sql"];
    expect([...names].sort(compareMigrationNames)).toEqual(["V1_1__a.sql", "V1_2__b.sql", "V1_9__x.sql", "V1_10__c.sql", "V2__d.sql", "V10__e.sql"]);
    // Names of equal width keep their character order: timestamps, zero-padded numbers.
    const padded = ["20240102_b.sql", "20231231_a.sql", "000010_c.sql", "000002_b.sql"];
    expect([...padded].sort(compareMigrationNames)).toEqual(["000002_b.sql", "000010_c.sql", "20231231_a.sql", "20240102_b.sql"]);
    expect(compareMigrationNames("1_a.sql", "01_a.sql")).not.toBe(0);
    expect(compareMigrationNames("a.sql", "a.sql")).toBe(0);
  });

  it("knows golang-migrate's rollback files", () => {
    expect(isRollbackFile("000003_add_x.down.sql")).toBe(true);
    expect(isRollbackFile("000003_add_x.up.sql")).toBe(false);
    expect(isRollbackFile("countdown.sql")).toBe(false);
  });

  it("replays Flyway versions in version order: V1_8 appends an ENUM member, V1_10 another", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }),
      "V0_1__create.sql": "CREATE TABLE runs (id BIGINT PRIMARY KEY, state ENUM('CREATED','RUNNING') NOT NULL);\n",
      "V1_2__success.sql": "ALTER TABLE runs MODIFY state ENUM('CREATED','RUNNING','SUCCESS') NOT NULL;\n",
      "V1_8__cancelled.sql": "ALTER TABLE runs MODIFY state ENUM('CREATED','RUNNING','SUCCESS','CANCELLED') NOT NULL;\n",
      "V1_10__killed.sql": "ALTER TABLE runs MODIFY state ENUM('CREATED','RUNNING','SUCCESS','CANCELLED','KILLED') NOT NULL;\n",
    });
    const out = JSON.parse((await run(["--format", "json", "."], { cwd: dir })).stdout) as { findings: { rule: string; file: string }[] };
    // In character order V1_10 would run before V1_2, whose list would then look like members removed.
    expect(out.findings.filter((f) => f.rule === "alter-may-lose-data")).toEqual([]);
  });

  it("neither lints nor replays golang-migrate's .down.sql files", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }),
      "000001_users.up.sql": "CREATE TABLE users (id BIGINT PRIMARY KEY, email VARCHAR(255));\n",
      "000001_users.down.sql": "DROP TABLE users;\n",
      "000002_name.up.sql": "ALTER TABLE users ADD COLUMN name VARCHAR(100);\n",
      "000002_name.down.sql": "ALTER TABLE users DROP COLUMN name;\n",
    });
    const out = JSON.parse((await run(["--format", "json", "."], { cwd: dir })).stdout) as { findings: { rule: string; file: string }[] };
    expect(out.findings.filter((f) => f.file.endsWith(".down.sql"))).toEqual([]);
    // The up file's ALTER sees the table its predecessor created (a replayed down file would have dropped it).
    expect(out.findings.map((f) => f.rule)).not.toContain("alter-may-lose-data");
  });
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "instant-ddl-limit");

interface Found {
  rule: string;
  severity: string;
  message: string;
  range: { start: { line: number } };
}

async function limits(cwd: string, target: string, file = "migration.sql"): Promise<Found[]> {
  const res = await run(["--format", "json", "--target", target, file], { cwd });
  const report = JSON.parse(res.stdout) as { findings: Found[]; errors: unknown[] };
  expect(report.errors).toEqual([]);
  return report.findings.filter((f) => f.rule === "instant-ddl-limit");
}

const adds = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `ALTER TABLE events ADD COLUMN c${from + i} INT;`).join("\n");

describe("instant-ddl-limit", () => {
  it("refuses the 65th instant column change asserted with ALGORITHM=INSTANT", async () => {
    const found = await limits(fixture, "mysql-8.0.36");
    expect(found.map((f) => [f.range.start.line, f.severity])).toEqual([[68, "error"]]);
    expect(found[0]?.message).toContain("events already has 64 row versions");
  });

  it("warns that a default ALTER at the limit rebuilds, counts from 0 after a rebuild, and allows 255 from MySQL 9.1", async () => {
    const sql = `CREATE TABLE events (id BIGINT PRIMARY KEY);\n${adds(64)}\nALTER TABLE events ADD COLUMN c65 INT;\n${adds(63, 66)}\nALTER TABLE events FORCE;\n${adds(64, 200)}\n`;
    const dir = scratch({ "m.sql": sql, ".innolint.json": JSON.stringify({ root: true }) });
    const found = await limits(dir, "mysql-8.0.36", "m.sql");
    // Line 66 is the 65th: it rebuilds, so the 63 after it stay within the limit, and FORCE resets.
    expect(found.map((f) => [f.range.start.line, f.severity])).toEqual([[66, "warning"]]);
    expect(found[0]?.message).toContain("silently falls back to an in-place rebuild");
    expect(await limits(dir, "mysql-9.1.0", "m.sql")).toEqual([]);
  });

  it("does not count ALTERs that rebuild: ADD COLUMN beside ADD INDEX, or with ALGORITHM=INPLACE", async () => {
    const rebuilding = Array.from({ length: 70 }, (_, i) =>
      i % 2 ? `ALTER TABLE events ADD COLUMN r${i} INT, ADD INDEX (r${i});` : `ALTER TABLE events ADD COLUMN r${i} INT, ALGORITHM=INPLACE;`,
    );
    const dir = scratch({
      "m.sql": `CREATE TABLE events (id BIGINT PRIMARY KEY);\n${rebuilding.join("\n")}\nALTER TABLE events ADD COLUMN last INT;\n`,
      ".innolint.json": JSON.stringify({ root: true }),
    });
    expect(await limits(dir, "mysql-8.0.36", "m.sql")).toEqual([]);
  });

  it("warns on instant ADD/DROP COLUMN on MySQL 8.0.29 to 8.0.31 only, not on Percona Server or 8.0.32", async () => {
    const dir = scratch({
      "m.sql": "ALTER TABLE orders ADD COLUMN coupon VARCHAR(32), DROP COLUMN legacy;\n",
      ".innolint.json": JSON.stringify({ root: true }),
    });
    for (const v of ["8.0.29", "8.0.31"]) expect((await limits(dir, `mysql-${v}`, "m.sql")).map((f) => f.severity)).toEqual(["warning"]);
    expect(await limits(dir, "mysql-8.0.28", "m.sql")).toEqual([]);
    expect(await limits(dir, "mysql-8.0.32", "m.sql")).toEqual([]);
    expect(await limits(dir, "percona-8.0.30", "m.sql")).toEqual([]);
  });
});

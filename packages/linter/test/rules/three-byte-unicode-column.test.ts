import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "three-byte-unicode-column");

describe("three-byte-unicode-column", () => {
  it("reports utf8mb3 character columns from a table default, a column charset, ADD COLUMN and CONVERT TO, as information", async () => {
    const res = await run(["--format", "json", "--target", "mysql-8.0.36", "migration.sql"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string; severity: string; message: string; range: { start: { line: number } } }[] };
    const found = report.findings.filter((f) => f.rule === "three-byte-unicode-column");
    expect(found.map((f) => f.range.start.line)).toEqual([2, 4, 6, 11]);
    expect(found.every((f) => f.severity === "info")).toBe(true);
    expect(found[0]?.message).toContain("body is utf8mb3 (from the table's DEFAULT CHARSET=utf8)");
    expect(found[1]?.message).toMatch(/^name is utf8mb3: /);
    expect(found[3]?.message).toContain("CONVERT TO CHARACTER SET utf8 makes every character column of users utf8mb3");
  });
});

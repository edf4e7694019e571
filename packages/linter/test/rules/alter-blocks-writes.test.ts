import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "alter-blocks-writes");

interface Found {
  rule: string;
  message: string;
  range: { start: { line: number } };
  impact?: { summary: string };
  fix?: { description: string };
}

async function blocking(target: string): Promise<Found[]> {
  const res = await run(["--format", "json", "--target", target, "migration.sql"], { cwd: fixture });
  const report = JSON.parse(res.stdout) as { findings: Found[]; errors: unknown[] };
  expect(report.errors).toEqual([]);
  return report.findings.filter((f) => f.rule === "alter-blocks-writes");
}

describe("alter-blocks-writes", () => {
  it("reports the copy under LOCK=SHARED with its duration, and the explicit LOCK=SHARED", async () => {
    const found = await blocking("mysql-8.0.22");
    expect(found.map((f) => f.range.start.line)).toEqual([2, 6]);
    expect(found[0]?.message).toContain("holds LOCK=SHARED on orders for the whole copy (70G, 2.0e8 rows, declared in .innolint.json)");
    expect(found[0]?.impact?.summary).toMatch(/^at least [\d.]+ (min|h) on a stock server, [\d.]+ h at the measured Aurora r5\.2xlarge's pace/);
    expect(found[1]?.message).toContain("the explicit LOCK=SHARED asks for it");
    expect(found[1]?.fix?.description).toContain("drop the LOCK= clause");
  });

  it("leaves MariaDB 11.2+'s online copy alone, but not before", async () => {
    expect((await blocking("mariadb-11.4")).map((f) => f.range.start.line)).toEqual([6]);
    expect((await blocking("mariadb-10.11")).map((f) => f.range.start.line)).toEqual([2, 6]);
  });

  it("does not claim a copy that only the guess for an unknown column's old type implies", async () => {
    const dir = scratch({ "migration.sql": "ALTER TABLE history MODIFY user_id INT NOT NULL;\n", ".innolint.json": JSON.stringify({ root: true }) });
    const res = await run(["--format", "json", "--target", "mysql-8.0.22", "migration.sql"], { cwd: dir });
    const rules = (JSON.parse(res.stdout) as { findings: Found[] }).findings.map((f) => f.rule);
    expect(rules).toEqual(["alter-rebuilds-table"]);
  });
});

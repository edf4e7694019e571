import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "alter-algorithm-refused");

interface Found {
  rule: string;
  severity: string;
  message: string;
  range: { start: { line: number } };
  fix?: { description: string };
}

async function findings(target: string): Promise<Found[]> {
  const res = await run(["--format", "json", "--target", target, "migration.sql"], { cwd: fixture });
  const report = JSON.parse(res.stdout) as { findings: Found[]; errors: unknown[] };
  expect(report.errors).toEqual([]);
  return report.findings.filter((f) => f.rule === "alter-algorithm-refused");
}

describe("alter-algorithm-refused", () => {
  it("reports the refused ALGORITHM=INSTANT and LOCK=NONE as errors, with the clause the server accepts", async () => {
    const found = await findings("mysql-8.0.22");
    expect(found.map((f) => f.range.start.line)).toEqual([3, 7]);
    expect(found.every((f) => f.severity === "error")).toBe(true);
    expect(found[0]?.message).toContain("ALGORITHM=INSTANT is not supported");
    expect(found[0]?.fix?.description).toContain("ALGORITHM=COPY, LOCK=SHARED");
    expect(found[1]?.message).toContain("LOCK=NONE is not supported");
  });

  it("on MariaDB 11.2+, where a copy runs online, accepts LOCK=NONE for the type change", async () => {
    const found = await findings("mariadb-11.4");
    expect(found.map((f) => f.range.start.line)).toEqual([3]);
  });
});

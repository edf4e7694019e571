import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "tmp-table-limits");

describe("tmp-table-limits", () => {
  it("reports its fixture", async () => {
    const res = await run(["--format", "json", "--target", "mysql-5.7.44", "my.cnf"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.findings.filter((f) => f.rule === "tmp-table-limits").length).toBeGreaterThan(0);
  });
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "strict-mode-disabled");

describe("strict-mode-disabled", () => {
  it("reports its fixture", async () => {
    const res = await run(["--format", "json", "--target", "mysql-8.4.3", "my.cnf"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.findings.filter((f) => f.rule === "strict-mode-disabled").length).toBeGreaterThan(0);
  });
});

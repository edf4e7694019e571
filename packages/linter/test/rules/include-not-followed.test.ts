import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "include-not-followed");

describe("include-not-followed", () => {
  it("reports its fixture as information, with no input error", async () => {
    const res = await run(["--format", "json", "--target", "mysql-8.4", "my.cnf"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string; severity: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.findings.filter((f) => f.rule === "include-not-followed").map((f) => f.severity)).toEqual(["info", "info"]);
    expect(res.code).toBe(0);
  });

  it("--follow-includes reads them as the server would: a missing directory stops the read", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true }), "my.cnf": "[mysqld]\n!includedir /nonexistent-innolint/my.cnf.d\n" });
    const followed = await run(["--format", "json", "--target", "mysql-8.4", "--follow-includes", "my.cnf"], { cwd: dir });
    expect(followed.code).toBe(2);
    expect(followed.stdout).toContain("Can't read dir of '/nonexistent-innolint/my.cnf.d'");
    const not = await run(["--format", "json", "--target", "mysql-8.4", "my.cnf"], { cwd: dir });
    expect(not.code).toBe(0);
  });

  it("print-defaults follows every include, as my_print_defaults does", async () => {
    const outside = scratch({ "secret.cnf": "[mysqld]\nmax_connections = 7\n" });
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true }), "my.cnf": `[mysqld]\n!include ${join(outside, "secret.cnf")}\n` });
    const res = await run(["print-defaults", "my.cnf", "mysqld"], { cwd: dir });
    expect(res.stdout).toBe("--max_connections=7\n");
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

const ROOT = join(__dirname, "..", "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");

function fence(after: string, lang: string): string {
  const at = README.indexOf(after);
  expect(at, `README has "${after}"`).toBeGreaterThanOrEqual(0);
  const open = README.indexOf("```" + lang + "\n", at) + lang.length + 4;
  return README.slice(open, README.indexOf("```", open));
}

describe("README", () => {
  it("shows exactly what its quick-start lint command prints", async () => {
    const quickStart = fence("## Quick start", "sh").split("\n")[0]!.replace(/#.*$/, "").trim().split(/\s+/);
    expect(quickStart[0]).toBe("./scripts/innolint");
    const res = await run(quickStart.slice(1), { cwd: ROOT });
    expect(res.code).toBe(1);
    expect(res.stdout).toBe(fence("What a finding looks like:", "text"));
  });
});

describe("README configuration examples", () => {
  it("the .innolint.json example is a valid config that does what it says", async () => {
    const config = JSON.parse(fence("### Configuration: `.innolint.json`", "json")) as Record<string, unknown>;
    const dir = scratch({
      ".innolint.json": JSON.stringify(config),
      "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 6M\ninnodb_sort_buffer_size = 16M\n",
    });
    const res = await run(["--format", "json", "my.cnf"], { cwd: dir });
    const report = JSON.parse(res.stdout) as { findings: { rule: string; severity: string; message: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.findings.map((f) => [f.rule, f.severity])).toEqual([["sort-buffer-oversized", "error"]]);
    expect(report.findings[0]!.message).toContain("innodb_sort_buffer_size=16M");
  });

  it("the inline suppression example suppresses both findings, and each directive is used", async () => {
    const example = fence("### Inline suppression", "ini");
    const config = JSON.stringify({ root: true, target: "mysql-8.0.36" });
    const unsuppressed = example
      .split("\n")
      .filter((l) => !l.startsWith("# innolint-"))
      .join("\n");
    const bare = await run(["--format", "json", "my.cnf"], { cwd: scratch({ ".innolint.json": config, "my.cnf": unsuppressed }) });
    const rules = (JSON.parse(bare.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
    expect(rules.sort()).toEqual(["duplicate-option", "relaxed-commit-durability"]);
    const res = await run(["my.cnf"], { cwd: scratch({ ".innolint.json": config, "my.cnf": example }) });
    expect(res.stdout).toBe("no findings\n");
  });
});

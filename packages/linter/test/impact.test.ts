import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

interface JsonFinding {
  rule: string;
  notes?: string[];
  impact?: {
    model: string;
    metric: string;
    baseline: { value: number };
    actual: { value: number };
    ratio: number;
    summary: string;
    inputs: { name: string; value: unknown; source: string }[];
    assumptions: string[];
  };
}

async function findings(cnf: string, target: string): Promise<JsonFinding[]> {
  const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target }), "my.cnf": cnf });
  return JSON.parse((await run(["--format", "json", "my.cnf"], { cwd: dir })).stdout).findings;
}

describe("impacts from the simulator on seed-rule findings", () => {
  it("sort buffer: a larger buffer builds a little faster and costs far more memory", async () => {
    const [f] = await findings("[mysqld]\ninnodb_sort_buffer_size = 64M\n", "aurora-mysql-2.04.9");
    expect(f?.rule).toBe("sort-buffer-oversized");
    const impact = f!.impact!;
    expect(impact.model).toBe("index_build");
    expect(impact.ratio).toBeGreaterThan(0.85);
    expect(impact.ratio).toBeLessThan(1);
    expect(impact.inputs).toContainEqual({ name: "innodb_sort_buffer_size", value: 64 * 2 ** 20, source: "config" });
    expect(impact.inputs.some((i) => i.source === "assumed")).toBe(true);
    expect(impact.assumptions.length).toBeGreaterThan(0);
    expect(impact.summary).toMatch(/build −\d/);
    expect(impact.summary).toMatch(/concurrent DML −\d/);
  });

  it("sort buffer: the 64K minimum builds slower", async () => {
    const [f] = await findings("[mysqld]\ninnodb_sort_buffer_size = 64K\n", "mysql-5.7.44");
    expect(f?.impact?.ratio).toBeGreaterThan(1.1);
  });

  it("trx_commit: the throughput gain comes with a loss window", async () => {
    const [f] = await findings("[mysqld]\ninnodb_flush_log_at_trx_commit = 2\ninnodb_flush_log_at_timeout = 3\n", "mysql-8.0.36");
    expect(f?.rule).toBe("relaxed-commit-durability");
    expect(f!.impact!.model).toBe("redo_commit");
    expect(f!.impact!.ratio).toBeGreaterThan(1.3);
    expect(f!.impact!.summary).toContain("3.0 s");
    expect(f!.impact!.inputs).toContainEqual({ name: "innodb_flush_log_at_timeout", value: 3, source: "config" });
  });

  it("trx_commit: the advice names the configured window, not the default second", async () => {
    const [slow] = await findings("[mysqld]\ninnodb_flush_log_at_trx_commit = 2\ninnodb_flush_log_at_timeout = 10\n", "mysql-8.0.36");
    expect(slow?.notes?.join("\n")).toContain("losing up to 10 s of commits");
    expect(slow?.notes?.join("\n")).not.toContain("a second");
    const [usual] = await findings("[mysqld]\ninnodb_flush_log_at_trx_commit = 0\n", "mysql-8.0.36");
    expect(usual?.notes?.join("\n")).toContain("losing up to a second of commits");
  });

  it("text shows the impact in one line, SARIF carries it in full", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44" }), "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 32M\n" });
    const text = (await run(["my.cnf"], { cwd: dir })).stdout;
    expect(text.split("\n").filter((l) => l.includes("= impact:"))).toHaveLength(1);
    const sarif = JSON.parse((await run(["--format", "sarif", "my.cnf"], { cwd: dir })).stdout);
    expect(sarif.runs[0].results[0].properties.impact.model).toBe("index_build");
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

describe("innolint simulate", () => {
  it("prints the index-build trade-off and writes a chart with the configured value marked", async () => {
    const dir = scratch({});
    const res = await run(["simulate", "index_build", "--sort_buffer_bytes", "64M", "--plot", "curve.svg"], { cwd: dir });
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/sort_buffer_bytes\s+build time \(s\)\s+peak memory \(MiB\)/);
    const row = (label: string) => lines.find((l) => l.startsWith(label))!.trim().split(/\s+/);
    const seconds = (label: string) => Number(row(label)[1]!.replace(/,/g, ""));
    const memory = (label: string) => Number(row(label)[2]!.replace(/,/g, ""));
    expect(seconds("64K")).toBeGreaterThan(seconds("1M"));
    expect(seconds("64M")).toBeLessThan(seconds("1M"));
    expect(memory("64M")).toBeGreaterThan(50 * memory("1M"));
    const svg = readFileSync(join(dir, "curve.svg"), "utf8");
    expect(svg.startsWith("<svg")).toBe(true);
    expect(svg).toContain("configured: 64M");
    expect((svg.match(/<path /g) ?? []).length).toBe(2);
  });

  it("plots commit throughput for all three trx_commit settings", async () => {
    const res = await run(["simulate", "redo_commit", "--sweep", "threads=8,64", "--format", "json"]);
    const out = JSON.parse(res.stdout);
    expect(out.rows).toHaveLength(6);
    const qps = (variant: string, threads: number) => out.rows.find((r: { variant: string; value: number }) => r.variant === variant && r.value === threads).metrics[0];
    expect(qps("trx_commit=0", 8)).toBeGreaterThan(1.5 * qps("trx_commit=1", 8));
  });

  it("rejects bad parameters with a clear message and exit 2", async () => {
    const bad = await run(["simulate", "drop_stall", "--dirty_ratio", "-5"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("dirty_ratio");
    expect((await run(["simulate", "nonsense"])).code).toBe(2);
    expect((await run(["simulate", "bp_scan", "--no_such_param", "3"])).stderr).toContain("no_such_param");
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { renderChart } from "../src/simulate/chart.js";
import { run, scratch } from "./helpers/run.js";

/** The numbers of the SVG's text elements and of the plot frame, to check layout without a renderer. */
function layout(svg: string) {
  const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)![1]);
  const frame = /<rect x="([\d.]+)" y="([\d.]+)" width="([\d.]+)" height="([\d.]+)" fill="none"/.exec(svg)!.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const texts = [...svg.matchAll(/<text x="([\d.-]+)" y="([\d.-]+)"(?: text-anchor="(\w+)")?(?: font-size="(\d+)")?[^>]*>([^<]*)<\/text>/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
    anchor: m[3] ?? "start",
    size: Number(m[4] ?? 12),
    text: m[5]!,
  }));
  return { width, frame, texts };
}

describe("innolint simulate", () => {
  it("prints the index-build trade-off and writes a chart with the configured value marked", async () => {
    const dir = scratch({});
    const res = await run(["simulate", "index_build", "--sort_buffer_bytes", "64M", "--plot", "curve.svg"], { cwd: dir });
    expect(res.code).toBe(0);
    const lines = res.stdout.trim().split("\n");
    expect(lines[0]).toMatch(/sort_buffer_bytes\s+build time \(s\)\s+peak memory \(MiB\)/);
    const row = (label: string) =>
      lines
        .find((l) => l.startsWith(label))!
        .trim()
        .split(/\s+/);
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
    const qps = (variant: string, threads: number) =>
      out.rows.find((r: { variant: string; value: number }) => r.variant === variant && r.value === threads).metrics[0];
    expect(qps("trx_commit=0", 8)).toBeGreaterThan(1.5 * qps("trx_commit=1", 8));
  });

  it("reads a version as the choice it is and labels the rows by it", async () => {
    const res = await run(["simulate", "drop_stall", "--version", "5.7", "--format", "json"]);
    expect(res.code).toBe(0);
    const rows = (JSON.parse(res.stdout) as { rows: { variant: string; metrics: number[] }[] }).rows;
    // One run per pool size, labelled with the version asked for, not the default variants'.
    expect(new Set(rows.map((r) => r.variant))).toEqual(new Set(["version=5.7"]));
    expect(rows).toHaveLength(5);
    const text = await run(["simulate", "drop_stall", "--version", "8.0.23"]);
    expect(text.stdout).toContain("version=8.0.23");
    // Table cells carry two significant figures, as messages do; --format json keeps full values.
    const cells = text.stdout
      .trim()
      .split("\n")
      .slice(2)
      .map((l) => l.trim().split(/\s+/).at(-1)!);
    for (const c of cells) expect(c.replace(/[,.]/g, "").replace(/^0+/, "").replace(/0+$/, "").length).toBeLessThanOrEqual(2);
    expect(text.stdout).not.toContain("lazy eviction");
    expect(text.stdout).not.toContain("eager eviction");
    const bad = await run(["simulate", "drop_stall", "--version", "9.9"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("must be one of 5.7, 8.0.22, 8.0.23");
  });

  it("rejects bad parameters with a clear message and exit 2", async () => {
    const bad = await run(["simulate", "drop_stall", "--dirty_ratio", "-5"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("dirty_ratio");
    expect((await run(["simulate", "nonsense"])).code).toBe(2);
    expect((await run(["simulate", "bp_scan", "--no_such_param", "3"])).stderr).toContain("no_such_param");
  });

  it("keeps every chart legible: titles inside the canvas, the legend off the curves, units and the trade-off in the legend", async () => {
    const dir = scratch({});
    for (const model of ["index_build", "redo_commit", "drop_stall", "partition_dives", "bp_scan"]) {
      expect((await run(["simulate", model, "--plot", `${model}.svg`], { cwd: dir })).code).toBe(0);
      const svg = readFileSync(join(dir, `${model}.svg`), "utf8");
      const { width, frame, texts } = layout(svg);
      const [fx, fy, fw, fh] = frame;
      for (const t of texts) {
        // Generous glyph width (0.62 em): text must not run off the canvas.
        const w = t.text.length * t.size * 0.62;
        const x0 = t.anchor === "middle" ? t.x - w / 2 : t.anchor === "end" ? t.x - w : t.x;
        expect(x0, `${model}: "${t.text}"`).toBeGreaterThanOrEqual(0);
        expect(x0 + w, `${model}: "${t.text}"`).toBeLessThanOrEqual(width);
      }
      // Legend entries (they carry a colon and a unit) sit below the plot frame, never over the curves.
      const legend = texts.filter((t) => / at .* → /.test(t.text));
      expect(legend.length, model).toBeGreaterThan(0);
      for (const t of legend) expect(t.y, `${model}: "${t.text}"`).toBeGreaterThan(fy + fh + 30);
      // Units with the values.
      for (const t of legend) expect(t.text, model).toMatch(/\d[kM]? (s|QPS|MiB) at /);
      expect(fx).toBeGreaterThan(0);
      expect(fw).toBeGreaterThan(300);
    }
    // The durability trade-off is in the legend, read from the simulated loss windows.
    const redo = readFileSync(join(dir, "redo_commit.svg"), "utf8");
    expect(redo).toContain("trx_commit=1 (durable");
    expect(redo).toMatch(/trx_commit=2 \(an OS crash loses up to 1 s\)/);
    expect(redo).toMatch(/trx_commit=0 \(a mysqld or OS crash loses up to 1 s\)/);
    // A 250× gap needs a log axis, or the lazy curve lies on zero.
    expect(readFileSync(join(dir, "drop_stall.svg"), "utf8")).toContain("stall (s), log scale");
  });

  it("log axes put equal ratios at equal heights and skip x labels that would collide", () => {
    const svg = renderChart({
      title: "t",
      xLabel: "x",
      leftLabel: "y",
      logX: true,
      logY: true,
      series: [
        {
          label: "a",
          axis: "left",
          unit: "s",
          points: [
            [1, 1],
            [26, 10],
            [27, 100],
          ],
        },
      ],
    });
    const ys = [...svg.matchAll(/<circle cx="[\d.]+" cy="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(ys[0]! - ys[1]!).toBeCloseTo(ys[1]! - ys[2]!, 0);
    const xLabels = layout(svg).texts.filter((t) => t.anchor === "middle" && /^\d+$/.test(t.text));
    expect(xLabels.map((t) => t.text)).toEqual(["1", "26"]);
  });
});

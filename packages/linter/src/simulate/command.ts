import { writeFileSync } from "node:fs";
import { seconds, sig2 } from "../figures.js";
import { resolve } from "node:path";
import { SimulationInputError, type EngineSim, type ModelName, type ParamSpec } from "@innolint/engine-sim";
import { commandHelp, parseCommand, UsageError, type CommandSpec, type FlagSpec } from "../args.js";
import { REFERENCE } from "@innolint/engine-sim/scenarios";
import { loadSimulator } from "../impact/simulator.js";
import { formatBytes, parseInteger } from "../optionfile/rules/values.js";
import { renderChart, type Series } from "./chart.js";

const KiB = 1024;
const MiB = KiB * KiB;
const GiB = MiB * KiB;

type Result = Record<string, unknown>;

interface Metric {
  label: string;
  axis: "left" | "right";
  /** Unit of the values in the chart's legend. */
  unit: string;
  get: (r: Result) => number;
}

/** What `innolint simulate` shows for a model: the curve a DBA weighs a setting on. */
interface View {
  title: string;
  base: Record<string, unknown>;
  sweep: { param: string; values: number[]; label: string; logX: boolean; format: (v: number) => string };
  variants: { label: string; params: Record<string, unknown> }[];
  metrics: Metric[];
  leftLabel: string;
  rightLabel?: string;
  logY?: boolean;
  /** What a variant costs besides the plotted metric, from its result (the other side of the trade-off). */
  note?: (r: Result) => string;
}

const num = (path: string) => (r: Result) => path.split(".").reduce<unknown>((o, k) => (o as Result)[k], r) as number;

export const VIEWS: Record<ModelName, View> = {
  index_build: {
    title: "Index build: time and memory against innodb_sort_buffer_size",
    base: REFERENCE.indexBuild,
    sweep: {
      param: "sort_buffer_bytes",
      values: [64 * KiB, 256 * KiB, MiB, 4 * MiB, 8 * MiB, 16 * MiB, 32 * MiB, 64 * MiB],
      label: "innodb_sort_buffer_size",
      logX: true,
      format: formatBytes,
    },
    variants: [{ label: "", params: {} }],
    metrics: [
      { label: "build time (s)", axis: "left", unit: "s", get: num("build_seconds") },
      { label: "peak memory (MiB)", axis: "right", unit: "MiB", get: (r) => num("memory_bytes.peak")(r) / MiB },
    ],
    leftLabel: "build time (s)",
    rightLabel: "peak memory per build (MiB)",
  },
  redo_commit: {
    title: "Commit throughput against client threads, by innodb_flush_log_at_trx_commit",
    base: REFERENCE.redoCommit,
    sweep: { param: "threads", values: [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024], label: "client threads", logX: true, format: String },
    variants: [
      { label: "trx_commit=1", params: { trx_commit: 1 } },
      { label: "trx_commit=2", params: { trx_commit: 2 } },
      { label: "trx_commit=0", params: { trx_commit: 0 } },
    ],
    metrics: [{ label: "QPS", axis: "left", unit: "QPS", get: num("qps") }],
    leftLabel: "queries per second",
    note: (r) => {
      const w = r.loss_window as { mysqld_crash_s: number; os_crash_s: number | null };
      const s = seconds;
      if (w.os_crash_s === null) return "an OS crash can lose an unbounded amount of the binary log";
      if (w.mysqld_crash_s > 0) return `a mysqld or OS crash loses up to ${s(Math.max(w.mysqld_crash_s, w.os_crash_s))}`;
      if (w.os_crash_s > 0) return `an OS crash loses up to ${s(w.os_crash_s)}`;
      return "durable: no crash loses a commit";
    },
  },
  drop_stall: {
    title: "Stall while 100 tables are dropped, against buffer pool size: MySQL 8.0.22 and 8.0.23",
    base: REFERENCE.dropStall,
    sweep: {
      param: "buffer_pool_bytes",
      values: [32 * GiB, 64 * GiB, 128 * GiB, 256 * GiB, 450 * GiB],
      label: "innodb_buffer_pool_size",
      logX: true,
      format: formatBytes,
    },
    variants: [
      { label: "8.0.22 (eager eviction)", params: { version: "8.0.22" } },
      { label: "8.0.23 (lazy eviction)", params: { version: "8.0.23" } },
    ],
    metrics: [{ label: "stall (s)", axis: "left", unit: "s", get: num("stall_seconds") }],
    leftLabel: "stall (s)",
    logY: true,
  },
  partition_dives: {
    title: "Point SELECT throughput against unpruned partitions (26 GB pool, data 10× the pool)",
    base: REFERENCE.partitionDives,
    sweep: { param: "partitions", values: [1, 2, 4, 8, 16, 26, 32, 64], label: "partitions probed", logX: true, format: String },
    variants: [
      { label: "records-in-range dives", params: { records_in_range: 0 } },
      { label: "dives skipped (Percona innodb_records_in_range)", params: { records_in_range: 1000 } },
    ],
    metrics: [{ label: "QPS", axis: "left", unit: "QPS", get: num("qps") }],
    leftLabel: "queries per second",
    logY: true,
  },
  bp_scan: {
    title: "Full scan of a 1.3 GB table against buffer pool instances (release build)",
    base: { buffer_pool_bytes: 2 * GiB },
    sweep: { param: "instances", values: [1, 2, 4, 8, 16, 32, 64], label: "innodb_buffer_pool_instances", logX: true, format: String },
    variants: [{ label: "", params: {} }],
    metrics: [
      { label: "first scan, from disk (s)", axis: "left", unit: "s", get: num("first_run.seconds") },
      { label: "second scan, from memory (s)", axis: "left", unit: "s", get: num("second_run.seconds") },
    ],
    leftLabel: "scan time (s)",
  },
};

export class SimulateUsageError extends UsageError {}

const PLOT_ERRORS: Record<string, string> = {
  ENOENT: "its directory does not exist (ENOENT)",
  EISDIR: "it is a directory (EISDIR)",
  ENOSPC: "no space left on the device (ENOSPC)",
  EACCES: "permission denied (EACCES)",
  EROFS: "read-only file system (EROFS)",
};

function parseValue(raw: string, type?: ParamSpec["type"]): number | boolean | string {
  // A choice is a string even when it looks like a number: --version 5.7.
  if (type === "choice") return raw;
  if (raw === "true" || raw === "false") return raw === "true";
  const n = parseInteger(raw);
  if ("value" in n && /^\s*-?\d/.test(raw) && !/\./.test(raw)) return n.value;
  const f = Number(raw);
  return Number.isFinite(f) && raw.trim() !== "" ? f : raw;
}

export interface SimulateArgs {
  model: ModelName;
  params: Record<string, unknown>;
  sweep?: { param: string; values: number[] };
  plot?: string;
  json: boolean;
}

const MODELS_USAGE = `innolint simulate <${Object.keys(VIEWS).join("|")}> [--param value…] [--sweep param=v1,v2…] [--plot out.svg] [--format json]`;

/** `innolint simulate <model>`'s options: the model's parameters (from the simulator) and the table's. */
export function simulateSpec(model: ModelName, params: ParamSpec[]): CommandSpec {
  const flags: Record<string, FlagSpec> = {};
  for (const p of params) {
    const range = p.options ? ` (${p.options.join(", ")})` : p.min !== undefined || p.max !== undefined ? ` (${p.min ?? ""}…${p.max ?? ""})` : "";
    flags[p.name] = { type: "string", value: p.type, help: `${p.doc}${range}; default ${String(p.default)}${p.unit ? ` ${p.unit}` : ""}` };
  }
  flags.sweep = { type: "string", value: "param=v1,v2,…", help: `the values of one parameter to tabulate (default: ${VIEWS[model].sweep.param})` };
  flags.plot = { type: "string", value: "out.svg", help: "also write the curve as an SVG chart" };
  flags.format = { type: "string", value: "table|json", help: "table (default) or json" };
  return {
    command: `simulate ${model}`,
    usage: [`innolint simulate ${model} [--param value…] [--sweep param=v1,v2…] [--plot out.svg] [--format json]`],
    summary: VIEWS[model].title,
    flags,
    positionals: false,
    epilogue: "Sizes take K, M and G suffixes. Exit codes: 0 printed, 2 a parameter the model refuses, 3 internal error.",
  };
}

/**
 * Parameter names take dashes or underscores, and a value may be negative: `--dirty-ratio -5` is
 * `--dirty_ratio=-5`, which the model then judges.
 */
function normalised(argv: string[], names: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    const m = /^--([A-Za-z0-9_-]+)(=.*)?$/.exec(a);
    const name = m ? (m[1] as string).replace(/-/g, "_") : undefined;
    if (!m || !name || !names.has(name)) {
      out.push(a);
      continue;
    }
    const next = argv[i + 1];
    if (m[2] === undefined && next !== undefined && /^-\d/.test(next)) {
      out.push(`--${name}=${next}`);
      i++;
    } else out.push(`--${name}${m[2] ?? ""}`);
  }
  return out;
}

/** The command's own help: its models. */
function modelsHelp(): string {
  const models = Object.entries(VIEWS).map(([name, v]) => `  ${name.padEnd(16)}${v.title}`);
  return `innolint simulate: what-if tables and SVG charts from the InnoDB simulator\n\nUsage:\n  ${MODELS_USAGE}\n\nModels:\n${models.join("\n")}\n\ninnolint simulate <model> --help lists a model's parameters.\n`;
}

/** The run asked for, or `{ help }`: the text `--help` prints (a model's help lists its parameters). */
export function parseSimulateArgs(argv: string[], params: (model: ModelName) => ParamSpec[]): SimulateArgs | { help: string } {
  const [model, ...rest] = argv;
  if (model === "--help" || model === "-h") return { help: modelsHelp() };
  if (!model || !(model in VIEWS)) throw new UsageError(`usage: ${MODELS_USAGE}`);
  const specs = params(model as ModelName);
  const types = new Map(specs.map((p) => [p.name, p.type]));
  const spec = simulateSpec(model as ModelName, specs);
  const parsed = parseCommand(spec, normalised(rest, new Set(Object.keys(spec.flags))));
  if (parsed.help) return { help: commandHelp(spec) };
  const args: SimulateArgs = { model: model as ModelName, params: {}, json: false };
  for (const [name, value] of Object.entries(parsed.flags)) {
    if (typeof value !== "string") continue;
    if (name === "plot") args.plot = value;
    else if (name === "format") {
      if (value !== "json" && value !== "table") throw new UsageError("--format takes table or json");
      args.json = value === "json";
    } else if (name === "sweep") {
      const [param, list] = value.split("=");
      if (!param || !list) throw new UsageError("--sweep takes param=v1,v2,…");
      args.sweep = { param: param.replace(/-/g, "_"), values: list.split(",").map((v) => Number(parseValue(v))) };
    } else args.params[name] = parseValue(value, types.get(name));
  }
  return args;
}

export interface SimulationTable {
  model: ModelName;
  param: string;
  rows: { value: number; variant: string; metrics: number[] }[];
  metricLabels: string[];
  svg?: string;
}

/**
 * The view's variants under the parameters given on the command line: a variant whose parameters
 * the user set is that setting, labelled by it, and variants that become the same run are one.
 */
export function variantsFor(view: View, given: Record<string, unknown>): View["variants"] {
  const out: View["variants"] = [];
  const seen = new Set<string>();
  for (const v of view.variants) {
    const overridden = Object.keys(v.params).filter((k) => given[k] !== undefined);
    const params = { ...v.params, ...Object.fromEntries(overridden.map((k) => [k, given[k]])) };
    const key = JSON.stringify(Object.entries(params).sort());
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(overridden.length ? { label: overridden.map((k) => `${k}=${String(given[k])}`).join(", "), params } : v);
  }
  return out;
}

export function simulateTable(sim: EngineSim, args: SimulateArgs): SimulationTable {
  const view = VIEWS[args.model];
  const sweep = args.sweep ?? view.sweep;
  const rows: SimulationTable["rows"] = [];
  const series: Series[] = [];
  // The sweep replaces a value given for its parameter (it only marks the chart): the model still
  // judges it, so that --sort_buffer_bytes -5 is refused rather than drawn.
  if (args.params[sweep.param] !== undefined) sim.simulate(args.model, { ...view.base, ...view.variants[0]?.params, ...args.params } as never);
  for (const variant of variantsFor(view, args.params)) {
    const params = { ...view.base, ...variant.params, ...args.params };
    const results = sweep.values.map((value) => ({
      value,
      result: sim.simulate(args.model, { ...params, [sweep.param]: value } as never) as unknown as Result,
    }));
    for (const r of results) rows.push({ value: r.value, variant: variant.label, metrics: view.metrics.map((m) => m.get(r.result)) });
    const last = results[results.length - 1];
    const note = view.note && last ? ` (${view.note(last.result)})` : "";
    for (const m of view.metrics) {
      // The legend states the unit with each value, so the label drops its "(unit)".
      const metric = m.label.replace(/\s*\([^)]*\)$/, "");
      series.push({
        label: ([variant.label, view.metrics.length > 1 ? metric : ""].filter(Boolean).join(": ") || metric) + note,
        axis: m.axis,
        unit: m.unit,
        points: results.map((r) => [r.value, m.get(r.result)]),
      });
    }
  }
  const chosen = args.params[sweep.param];
  const table: SimulationTable = { model: args.model, param: sweep.param, rows, metricLabels: view.metrics.map((m) => m.label) };
  if (args.plot) {
    table.svg = renderChart({
      title: view.title,
      xLabel: sweep === view.sweep ? view.sweep.label : sweep.param,
      leftLabel: view.leftLabel,
      ...(view.rightLabel ? { rightLabel: view.rightLabel } : {}),
      logX: view.sweep.logX && sweep.values.every((v) => v > 0),
      ...(view.logY ? { logY: true } : {}),
      series,
      ...(typeof chosen === "number" ? { marker: { x: chosen, label: `configured: ${view.sweep.format(chosen)}` } } : {}),
      formatX: view.sweep.format,
    });
  }
  return table;
}

export function formatTable(t: SimulationTable): string {
  const view = VIEWS[t.model];
  const several = view.variants.length > 1 || new Set(t.rows.map((r) => r.variant)).size > 1;
  const header = [t.param, ...(several ? ["setting"] : []), ...t.metricLabels];
  const body = t.rows.map((r) => [
    view.sweep.param === t.param ? view.sweep.format(r.value) : String(r.value),
    ...(several ? [r.variant] : []),
    ...r.metrics.map((m) => sig2(m)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ");
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n") + "\n";
}

export async function runSimulate(argv: string[], io: { stdout: (s: string) => void; cwd: string }): Promise<number> {
  const sim = await loadSimulator();
  if (!sim) throw new SimulateUsageError("the simulator's WebAssembly module is missing (run scripts/setup.sh)");
  const args = parseSimulateArgs(argv, (model) => sim.describe(model));
  if ("help" in args) {
    io.stdout(args.help);
    return 0;
  }
  let table: SimulationTable;
  try {
    table = simulateTable(sim, args);
  } catch (e) {
    if (e instanceof SimulationInputError) throw new SimulateUsageError(e.message);
    throw e;
  }
  // The chart is written first: a path it cannot be written to fails the command before any output.
  if (args.plot && table.svg) {
    try {
      writeFileSync(resolve(io.cwd, args.plot), table.svg);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new SimulateUsageError(`${args.plot}: cannot write the chart: ${PLOT_ERRORS[code ?? ""] ?? (code ? `(${code})` : (e as Error).message)}`);
    }
  }
  if (args.json) io.stdout(JSON.stringify({ model: table.model, param: table.param, metrics: table.metricLabels, rows: table.rows }, null, 2) + "\n");
  else io.stdout(formatTable(table));
  if (args.plot && table.svg && !args.json) io.stdout(`wrote ${args.plot}\n`);
  return 0;
}

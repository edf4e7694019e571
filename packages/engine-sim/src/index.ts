/**
 * Typed wrapper around the engine-sim WebAssembly module.
 *
 * ```ts
 * const sim = await EngineSim.load();            // Node: reads wasm/engine_sim.wasm
 * const r = sim.simulate("redo_commit", { threads: 64, trx_commit: 2 });
 * const curve = sim.sweep("index_build", { rows: 1e8 }, "sort_buffer_bytes", [65536, 1048576, 67108864]);
 * ```
 *
 * Loading is asynchronous (the module has to be compiled); every call after that is synchronous
 * and bounded in time whatever the parameters, so lint rules can call it cheaply. Invalid
 * parameters throw {@link SimulationInputError}, which names the parameter.
 *
 * The module's ABI: exports `memory`, `alloc(len) -> ptr`, `dealloc(ptr, len)`,
 * `simulate(ptr, len) -> u64` (response `ptr << 32 | len`), `abi_version() -> u32`; requests
 * and responses are UTF-8 JSON (see src/lib.rs).
 */

export const MODEL_NAMES = ["index_build", "redo_commit", "drop_stall", "partition_dives", "bp_scan"] as const;
export type ModelName = (typeof MODEL_NAMES)[number];
export const ABI_VERSION = 1;

// ---------------------------------------------------------------------------------------------
// Parameters (all optional: the module fills in defaults; see `describe()` for ranges and docs)
// ---------------------------------------------------------------------------------------------

export interface IndexBuildParams {
  code_path?: "row0merge" | "ddl";
  rows?: number;
  row_bytes?: number;
  key_bytes?: number;
  min_rec_bytes?: number;
  indexes?: number;
  partitions?: number;
  rebuild?: boolean;
  fulltext?: boolean;
  sort_buffer_bytes?: number;
  ddl_buffer_bytes?: number;
  ddl_threads?: number;
  parallel_read_threads?: number;
  page_bytes?: number;
  fill_factor?: number;
  data_cached_fraction?: number;
  data_mbps?: number;
  data_read_latency_us?: number;
  read_ahead_depth?: number;
  index_write_mbps?: number;
  temp_mbps?: number;
  temp_iops?: number;
  cpu_ns_per_compare?: number;
  cpu_ns_per_row?: number;
  cpu_cores?: number;
  l2_bytes?: number;
  llc_bytes?: number;
  online_alter_log_max_bytes?: number;
  dml_qps?: number;
  dml_threads?: number;
  dml_write_fraction?: number;
  dml_seconds?: number;
  row_log_bytes_per_write?: number;
  dml_disk_reads_per_query?: number;
}

export interface RedoCommitParams {
  threads?: number;
  trx_commit?: 0 | 1 | 2;
  flush_log_at_timeout_s?: number;
  fsync_us?: number;
  log_write_mbps?: number;
  disk_write_mbps?: number;
  redo_bytes_per_trx?: number;
  cpu_cores?: number;
  cpu_us_per_trx?: number;
  serial_us_per_trx?: number;
  cpu_contention?: number;
  client_latency_us?: number;
  queries_per_trx?: number;
  log_bin?: boolean;
  binlog_group_commit?: boolean;
  sync_binlog?: number;
  binlog_fsync_us?: number;
  binlog_bytes_per_trx?: number;
  seed?: number;
}

export interface DropStallParams {
  version?: "5.7" | "8.0.22" | "8.0.23";
  operation?: "drop" | "truncate" | "temp_truncate";
  buffer_pool_bytes?: number;
  instances?: number;
  page_bytes?: number;
  fill_ratio?: number;
  dirty_ratio?: number;
  ahi?: boolean;
  hashed_pages?: number;
  table_pages_in_pool?: number;
  concurrent_drops?: number;
  query_threads?: number;
  query_us?: number;
  pages_per_query?: number;
  list_mutex_fraction?: number;
  seed?: number;
}

export interface PartitionDivesParams {
  partitions?: number;
  partitions_scanned?: number;
  rows_per_partition?: number;
  growth?: number;
  row_bytes?: number;
  key_bytes?: number;
  page_bytes?: number;
  page_fill?: number;
  buffer_pool_bytes?: number;
  old_blocks_pct?: number;
  old_blocks_time_ms?: number;
  records_in_range?: number;
  rows_per_key?: number;
  limit?: number;
  hot_key_fraction?: number;
  threads?: number;
  client_latency_us?: number;
  cpu_cores?: number;
  cpu_us_per_query?: number;
  disk_iops?: number;
  disk_latency_us?: number;
  seed?: number;
}

export interface BpScanParams {
  table_bytes?: number;
  rows?: number;
  page_bytes?: number;
  buffer_pool_bytes?: number;
  instances?: number;
  space_id?: number;
  old_blocks_pct?: number;
  old_blocks_time_ms?: number;
  disk_mbps?: number;
  os_cache_bytes?: number;
  hot_set_bytes?: number;
  debug_build?: boolean;
  io_capacity?: number;
  load_throttled?: boolean;
}

export interface ModelParams {
  index_build: IndexBuildParams;
  redo_commit: RedoCommitParams;
  drop_stall: DropStallParams;
  partition_dives: PartitionDivesParams;
  bp_scan: BpScanParams;
}

// ---------------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------------

export interface IndexBuildResult {
  build_seconds: number;
  phases_seconds: {
    scan: number;
    in_buffer_sort_cpu: number;
    run_write: number;
    merge: number;
    load: number;
    row_log_apply: number;
  };
  cpu_seconds: number;
  temp_io_seconds: number;
  comparisons: number;
  temp_bytes_written: number;
  temp_bytes_read: number;
  temp_disk_peak_bytes: number;
  temp_files: number;
  indexes: Array<{
    clustered: boolean;
    entry_bytes: number;
    runs: number;
    merge_passes: number;
    direct_insert: boolean;
    temp_bytes_written: number;
    temp_bytes_read: number;
    temp_requests: number;
    comparisons: number;
    merge_seconds: number;
    load_seconds: number;
  }>;
  memory_bytes: { block_area: number; per_index: number; row_logs: number; peak: number; manual_bound: number };
  row_log: { bytes: number; blocks: number; max_blocks_per_log: number; overflow: boolean };
  dml: {
    qps_without_ddl: number;
    qps_during_ddl: number;
    ddl_cpu_cores: number;
    llc_occupancy: number;
    cpu_per_query_factor: number;
    extra_wait_ms: number;
  };
  notes: string[];
}

export interface RedoCommitResult {
  tps: number;
  qps: number;
  commit_latency_ms: number;
  trx_latency_ms: number;
  redo_fsyncs_per_s: number;
  commits_per_redo_fsync: number;
  binlog_fsyncs_per_s: number;
  commits_per_binlog_group: number;
  redo_writes_per_s: number;
  redo_mb_per_s: number;
  cpu_utilization: number;
  observed_writer_lag_ms: number;
  /** Worst-case loss per failure kind; `null` means unbounded (left to the OS). */
  loss_window: {
    mysqld_crash_s: number | null;
    os_crash_s: number | null;
    mysqld_crash_trx: number | null;
    os_crash_trx: number | null;
    binlog_os_crash_s: number | null;
  };
  /** `threads`: client threads simulated (at most 2,048; beyond, extrapolated: see the model's docs). */
  simulation: { simulated_seconds: number; commits: number; events: number; threads: number };
}

export interface DropStallResult {
  stall_seconds: number;
  per_drop_seconds: number;
  per_drop_breakdown_seconds: { list_walks: number; ahi_cleanup: number; ddl_fixed: number };
  pages_walked_per_drop: number;
  mutex_holds_per_drop: number;
  longest_mutex_hold_ms: number;
  queries: {
    qps_baseline: number;
    qps_during_stall: number;
    throughput_loss_fraction: number;
    queries_lost: number;
    simulated_window_s: number;
  };
  deferred_free_seconds: number;
  versions: { before_8_0_23_seconds: number; from_8_0_23_seconds: number; improvement: number };
}

export interface PartitionDivesResult {
  qps: number;
  latency_ms: number;
  btree_height: number;
  leaf_pages_newest_partition: number;
  data_pages: number;
  pages_per_query: { dives: number; query: number };
  disk_reads_per_query: { dives: number; query: number; total: number };
  buffer_pool_hit_ratio: number;
  disk_reads_per_s: number;
  disk_utilization: number;
  cpu_utilization: number;
  simulation: { scale: number; queries: number };
}

export interface BpScanRun {
  seconds: number;
  hits: number;
  reads_from_disk: number;
  reads_from_os_cache: number;
  evictions: number;
  cpu_seconds: number;
  io_seconds: number;
}

export interface BpScanResult {
  instances: number;
  table_pages: number;
  first_run: BpScanRun;
  second_run: BpScanRun;
  pages_per_instance: number[];
  hot_set_kept_fraction: number;
  old_sublist_pages: number;
  simulation_scale: number;
  /** The table's pages read back by a buffer pool dump load. */
  dump_load: { pages: number; seconds: number; seconds_under_writes: number };
}

export interface ModelResults {
  index_build: IndexBuildResult;
  redo_commit: RedoCommitResult;
  drop_stall: DropStallResult;
  partition_dives: PartitionDivesResult;
  bp_scan: BpScanResult;
}

export interface ParamSpec {
  name: string;
  type: "number" | "integer" | "boolean" | "choice";
  default: number | boolean | string;
  min?: number;
  max?: number;
  options?: string[];
  unit?: string;
  doc: string;
}

export interface SweepPoint<M extends ModelName, K extends keyof ModelParams[M]> {
  value: NonNullable<ModelParams[M][K]>;
  result: ModelResults[M];
}

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/** A parameter is missing, of the wrong type, not finite, out of range or unknown. */
export class SimulationInputError extends Error {
  override readonly name = "SimulationInputError";
  constructor(
    readonly param: string,
    readonly detail: string,
    readonly model?: string,
  ) {
    super(`${model ? `${model}: ` : ""}${param} ${detail}`);
  }
}

/** The module could not be loaded or broke its ABI contract. */
export class EngineSimError extends Error {
  override readonly name = "EngineSimError";
}

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

/** Where the module comes from: a file path (Node), a URL (file: in Node, fetched otherwise),
 * the bytes themselves, or an already compiled module. */
export type WasmSource = string | URL | ArrayBuffer | ArrayBufferView | WebAssembly.Module;

interface Exports {
  memory: WebAssembly.Memory;
  alloc(len: number): number;
  dealloc(ptr: number, len: number): void;
  simulate(ptr: number, len: number): bigint;
  abi_version(): number;
}

const isNode = typeof process !== "undefined" && typeof process.versions?.node === "string";

async function nodeDefaultPath(): Promise<string> {
  const { existsSync } = await import("node:fs");
  const { dirname, join } = await import("node:path");
  const { fileURLToPath } = await import("node:url");
  const here = dirname(fileURLToPath(import.meta.url));
  // From source: packages/engine-sim/src → ../wasm. In a bundle: beside it, or ./wasm.
  const candidates = [join(here, "..", "wasm", "engine_sim.wasm"), join(here, "engine_sim.wasm"), join(here, "wasm", "engine_sim.wasm")];
  for (const c of candidates) if (existsSync(c)) return c;
  throw new EngineSimError(`engine-sim: engine_sim.wasm not found (looked in ${candidates.join(", ")}); run \`npm run build -w @innolint/engine-sim\``);
}

async function readBytes(source: string | URL): Promise<Uint8Array> {
  const url = typeof source === "string" ? null : source;
  if (isNode && (url === null || url.protocol === "file:")) {
    const { readFile } = await import("node:fs/promises");
    return new Uint8Array(await readFile(source));
  }
  const res = await fetch(source);
  if (!res.ok) throw new EngineSimError(`engine-sim: fetching ${String(source)} failed: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function compile(source?: WasmSource): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  let bytes: Uint8Array;
  if (source === undefined) {
    if (!isNode) throw new EngineSimError("engine-sim: outside Node, pass the module's URL or bytes to load()");
    bytes = await readBytes(await nodeDefaultPath());
  } else if (typeof source === "string" || source instanceof URL) {
    bytes = await readBytes(source);
  } else if (source instanceof ArrayBuffer) {
    bytes = new Uint8Array(source);
  } else {
    bytes = new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
  }
  return WebAssembly.compile(bytes as BufferSource);
}

// ---------------------------------------------------------------------------------------------
// The simulator
// ---------------------------------------------------------------------------------------------

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;
}

export class EngineSim {
  private readonly ex: Exports;

  private constructor(instance: WebAssembly.Instance) {
    const ex = instance.exports as unknown as Exports;
    for (const name of ["memory", "alloc", "dealloc", "simulate", "abi_version"] as const) {
      if (!(name in ex)) throw new EngineSimError(`engine-sim: the module does not export ${name}`);
    }
    if (ex.abi_version() !== ABI_VERSION) {
      throw new EngineSimError(`engine-sim: ABI version ${ex.abi_version()}, expected ${ABI_VERSION}; rebuild the module`);
    }
    this.ex = ex;
  }

  /** Compile and instantiate the module (Node default: `wasm/engine_sim.wasm` of this package). */
  static async load(source?: WasmSource): Promise<EngineSim> {
    const module = await compile(source);
    return new EngineSim(await WebAssembly.instantiate(module, {}));
  }

  /** Instantiate an already compiled module synchronously. */
  static fromModule(module: WebAssembly.Module): EngineSim {
    return new EngineSim(new WebAssembly.Instance(module, {}));
  }

  /** Send one raw JSON request and return the parsed response (no interpretation). */
  request(body: unknown): unknown {
    const json = JSON.stringify(body) as string | undefined;
    if (json === undefined) throw new SimulationInputError("request", "must be a JSON value");
    const input = encoder.encode(json);
    const ptr = this.ex.alloc(input.length);
    if (ptr === 0) throw new SimulationInputError("request", `is ${input.length} bytes; the limit is 1 MiB`);
    let packed: bigint;
    try {
      new Uint8Array(this.ex.memory.buffer, ptr, input.length).set(input);
      packed = this.ex.simulate(ptr, input.length);
    } finally {
      this.ex.dealloc(ptr, input.length);
    }
    const outPtr = Number(packed >> 32n);
    const outLen = Number(packed & 0xffffffffn);
    // Read after the call: the memory may have grown and its buffer been replaced.
    const text = decoder.decode(new Uint8Array(this.ex.memory.buffer, outPtr, outLen));
    this.ex.dealloc(outPtr, outLen);
    return JSON.parse(text) as unknown;
  }

  private call(body: { op: string; model?: string; params?: unknown }): Record<string, unknown> {
    const model = body.model;
    if (model !== undefined && !(MODEL_NAMES as readonly string[]).includes(model)) {
      throw new SimulationInputError("model", `must be one of ${MODEL_NAMES.join(", ")}, got ${JSON.stringify(model)}`);
    }
    if (body.params !== undefined) {
      if (!isPlainObject(body.params)) throw new SimulationInputError("params", "must be a plain object", model);
      const clean: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(body.params)) {
        if (typeof v === "number" && !Number.isFinite(v)) {
          throw new SimulationInputError(k, `must be a finite number, got ${String(v)}`, model);
        }
        if (v !== undefined) clean[k] = v;
      }
      body = { ...body, params: clean };
    }
    const res = this.request(body);
    if (!isPlainObject(res)) throw new EngineSimError("engine-sim: malformed response");
    if (res.ok !== true) {
      const err = isPlainObject(res.error) ? res.error : {};
      throw new SimulationInputError(String(err.param ?? "request"), String(err.message ?? "was rejected"), model);
    }
    return res;
  }

  /** Run one model. */
  simulate<M extends ModelName>(model: M, params: ModelParams[M] = {} as ModelParams[M]): ModelResults[M] {
    const res = this.call({ op: "simulate", model, params });
    return res.result as ModelResults[M];
  }

  /** Run `model` once per value of `param`, other parameters from `baseParams`. */
  sweep<M extends ModelName, K extends keyof ModelParams[M] & string>(
    model: M,
    baseParams: ModelParams[M],
    param: K,
    values: ReadonlyArray<NonNullable<ModelParams[M][K]>>,
  ): Array<SweepPoint<M, K>> {
    if (!Array.isArray(values)) throw new SimulationInputError("values", "must be an array", model);
    if (values.length > 10_000) throw new SimulationInputError("values", `has ${values.length} entries; the limit is 10000`, model);
    return values.map((value) => ({
      value,
      result: this.simulate(model, { ...baseParams, [param]: value } as ModelParams[M]),
    }));
  }

  /** Parameter names, types, defaults, ranges and docs of a model. */
  describe(model: ModelName): ParamSpec[] {
    return this.call({ op: "describe", model }).params as ParamSpec[];
  }
}

let shared: Promise<EngineSim> | undefined;

/** Load (once) and return the shared simulator. */
export function load(source?: WasmSource): Promise<EngineSim> {
  if (source !== undefined) return EngineSim.load(source);
  shared ??= EngineSim.load().catch((e: unknown) => {
    shared = undefined;
    throw e;
  });
  return shared;
}

import type { BpScanResult, DropStallResult, EngineSim, IndexBuildResult, PartitionDivesResult, RedoCommitResult } from "@innolint/engine-sim";
import { AURORA_R5_2XLARGE_BUILD_HOST, REFERENCE } from "@innolint/engine-sim/scenarios";
import type { DeclaredTableSizes } from "../config-tables.js";
import type { Impact, ImpactInput, InputSource } from "../finding.js";
import { change, grouped, inUnits, seconds, sig2, times } from "../figures.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { remembered } from "../memo.js";

const MiB = 2 ** 20;

const memo = new Map<string, unknown>();

function cached<T>(key: string, compute: () => T): T {
  return remembered(memo, key, compute) as T;
}

/** A share of a configured size as the option file writes sizes ("128G" of "512G"), where it is a whole unit. */
function sizeLike(bytes: number, of: number): string {
  const written = formatBytes(bytes);
  return /^\d+[KMGT]$/.test(written) && bytes <= of ? written : mb(bytes);
}

function mb(bytes: number): string {
  if (bytes >= 2 ** 30) return `${sig2(bytes / 2 ** 30)} GiB`;
  if (bytes >= MiB) return `${sig2(bytes / MiB)} MiB`;
  return `${sig2(bytes / 1024)} KiB`;
}

/** The table an index build sorts: its rows, their size and the index key's, and where they come from. */
export interface BuildTable {
  name?: string;
  rows: number;
  rowBytes: number;
  keyBytes: number;
  source: "schema" | "live" | "config" | "assumed";
  /** Where the row size comes from, when not from `source` (a declared size without rows). */
  rowBytesSource?: "assumed";
  /** The configuration file that declares the table. */
  from?: string;
}

/** Without the table, the measured study's: one 10 × CHAR(24) index on the TPC-C stock table. */
const STUDY_TABLE: BuildTable = {
  rows: REFERENCE.indexBuild.rows,
  rowBytes: REFERENCE.indexBuild.row_bytes,
  keyBytes: REFERENCE.indexBuild.key_bytes,
  source: "assumed",
};

/**
 * The table an option file's index-build impact is computed on: the largest the configuration
 * declares (by data size, else rows), with the study's row or key size where the declaration has
 * none; undefined without declared tables.
 */
export function largestDeclaredTable(tables: DeclaredTableSizes | undefined): BuildTable | undefined {
  const sized = Object.entries(tables ?? {})
    .map(([name, t]) => {
      const rowBytes = t.rows && t.dataBytes ? t.dataBytes / t.rows : STUDY_TABLE.rowBytes;
      const rows = t.rows ?? (t.dataBytes ?? 0) / rowBytes;
      return { name, rows: Math.round(rows), rowBytes: Math.round(rowBytes), bytes: rows * rowBytes, measured: Boolean(t.rows && t.dataBytes), from: t.from };
    })
    .filter((t) => t.rows > 0)
    .sort((a, b) => b.bytes - a.bytes || (a.name < b.name ? -1 : 1));
  const top = sized[0];
  return top
    ? {
        name: top.name,
        rows: top.rows,
        rowBytes: top.rowBytes,
        keyBytes: STUDY_TABLE.keyBytes,
        source: "config",
        ...(top.measured ? {} : { rowBytesSource: "assumed" as const }),
        ...(top.from ? { from: top.from } : {}),
      }
    : undefined;
}

/**
 * What innodb_sort_buffer_size costs and buys for an index build, against the 1M default: both the
 * seconds and the ratio are the given table's (the ratio depends on how many runs the table's keys
 * fill, so a smaller table gains a different share).
 */
/** "7,900 s → 7,500 s", or one figure where two significant figures cannot tell them apart. */
function buildTimes(before: number, after: number): string {
  const a = longSeconds(before);
  const b = longSeconds(after);
  return a === b ? `about ${a} either way` : `${a} → ${b}`;
}

/** ", 13 merge passes instead of 16", or nothing where neither build merges (one sorted run). */
function mergePasses(base: IndexBuildResult, actual: IndexBuildResult): string {
  const before = base.indexes[0]?.merge_passes ?? 0;
  const after = actual.indexes[0]?.merge_passes ?? 0;
  return before === 0 && after === 0 ? "" : `, ${after} merge passes instead of ${before}`;
}

export function sortBufferImpact(sim: EngineSim, sortBufferBytes: number, inputs: ImpactInput[], table: BuildTable = STUDY_TABLE): Impact {
  const shape = { ...REFERENCE.indexBuild, rows: table.rows, row_bytes: table.rowBytes, key_bytes: table.keyBytes };
  const run = (s: number) =>
    cached(`index_build:${JSON.stringify(shape)}:${s}`, () => sim.simulate("index_build", { ...shape, sort_buffer_bytes: s }) as IndexBuildResult);
  const dml = (s: number) =>
    cached(`index_build_dml:${s}`, () => sim.simulate("index_build", { ...REFERENCE.onlineRebuild, sort_buffer_bytes: s }) as IndexBuildResult);
  const base = run(MiB);
  const actual = run(sortBufferBytes);
  const ratio = actual.build_seconds / base.build_seconds;
  const dmlRatio = dml(sortBufferBytes).dml.qps_during_ddl / dml(MiB).dml.qps_during_ddl;
  const memory = actual.memory_bytes.peak;
  return {
    model: "index_build",
    metric: "index build time",
    unit: "s",
    baseline: { label: "innodb_sort_buffer_size=1M", value: base.build_seconds },
    actual: { label: `innodb_sort_buffer_size=${formatBytes(sortBufferBytes)}`, value: actual.build_seconds },
    ratio,
    summary: `build ${change(ratio)} (${buildTimes(base.build_seconds, actual.build_seconds)}${table === STUDY_TABLE ? " on the assumed table" : table.name ? ` on ${table.name}` : ""})${mergePasses(base, actual)}, ${mb(memory)} per index build instead of ${mb(base.memory_bytes.peak)}, concurrent DML ${change(dmlRatio)}`,
    inputs: [
      ...inputs,
      { name: "rows", value: table.rows, source: table.source },
      { name: "row_bytes", value: table.rowBytes, source: table.rowBytesSource ?? table.source },
      { name: "key_bytes", value: table.keyBytes, source: table.source === "config" ? "assumed" : table.source },
    ],
    assumptions: [
      table === STUDY_TABLE
        ? `assumed table: ${sig2(table.rows)} rows of ${table.rowBytes} bytes and a ${table.keyBytes}-byte index key (the TPC-C stock table of the measured study, Aurora MySQL 2.04.9 on r5.2xlarge); the seconds and the ratio are both this table's: a table whose keys fill fewer sort buffers gains a different share`
        : `the build's table${table.name ? ` ${table.name}` : ""}: ${sig2(table.rows)} rows of ${sig2(table.rowBytes)} bytes (${table.source === "config" ? `the largest table ${table.from ?? ".innolint.json"} declares${table.rowBytesSource ? ", rows from its size at the study's row size" : ""}` : table.source}), ${sig2(table.keyBytes)}-byte index key${table.source === "config" ? " (assumed: the study's)" : ""}; host figures of the measured study (Aurora MySQL 2.04.9 on r5.2xlarge)`,
      "row0merge path: one sorted run per sort buffer, strictly two-way merge passes",
      "concurrent DML: 128 threads, 45 % writes, during an online table rebuild",
    ],
  };
}

/** An fsync to a write cache that survives power loss (battery-backed RAID, enterprise NVMe), µs. */
const FAST_FSYNC_US = 50;

/** An fsync to a rotating disk without a write cache: one revolution of a 7,200 rpm disk (60 s / 7,200), µs. */
const ROTATING_FSYNC_US = 8333;

/** The host's storage where declared, and where the declaration comes from. */
export interface HostStorage {
  kind: string;
  from: string;
}

/**
 * What a durability impact adds on declared rotating disks: the gain `ratio` the model gives at one
 * revolution per fsync, in the summary, the inputs and the assumptions.
 */
function rotatingDisks(ratio: number | undefined, storage: HostStorage | undefined): { summary: string; inputs: ImpactInput[]; assumptions: string[] } {
  return {
    summary:
      ratio === undefined
        ? ""
        : `, ${times(ratio)} with an ${sig2(ROTATING_FSYNC_US / 1000)} ms one (this host's rotating disks, from ${storage?.from}, without a write cache)`,
    inputs: storage ? [{ name: "host_storage", value: storage.kind, source: "config" }] : [],
    assumptions:
      ratio === undefined
        ? []
        : ["a rotating disk's fsync waits about one revolution, 8.3 ms at 7,200 rpm, unless a battery-backed controller cache absorbs it"],
  };
}

/**
 * Throughput gained and commits put at risk by innodb_flush_log_at_trx_commit = 0 or 2. `storage`:
 * the host's, where declared; rotating disks add the gain at one revolution per fsync.
 */
export function commitDurabilityImpact(
  sim: EngineSim,
  trxCommit: 0 | 2,
  timeoutSeconds: number,
  inputs: ImpactInput[],
  storage?: HostStorage,
  binlog?: { syncBinlog: number; groupCommit: boolean },
): Impact {
  const threads = 32;
  const run = (mode: 0 | 1 | 2, fsyncUs: number = REFERENCE.redoCommit.fsync_us, binlogParams: Record<string, unknown> = {}) =>
    cached(
      `redo:${mode}:${timeoutSeconds}:${fsyncUs}:${JSON.stringify(binlogParams)}`,
      () =>
        sim.simulate("redo_commit", {
          ...REFERENCE.redoCommit,
          threads,
          trx_commit: mode,
          fsync_us: fsyncUs,
          flush_log_at_timeout_s: Math.max(timeoutSeconds, 0.001),
          ...binlogParams,
        }) as RedoCommitResult,
    );
  // The calibration run's binary log is modelled off (its state is not published); with the binary log on,
  // each commit also writes (and with sync_binlog=1 fsyncs) its events, and the redo fsync is a smaller share.
  const withBinlog = binlog
    ? (() => {
        const p = { log_bin: true, sync_binlog: Math.min(Math.max(binlog.syncBinlog, 0), 4_294_967_295), binlog_group_commit: binlog.groupCommit };
        return run(trxCommit, REFERENCE.redoCommit.fsync_us, p).qps / run(1, REFERENCE.redoCommit.fsync_us, p).qps;
      })()
    : undefined;
  const base = run(1);
  const actual = run(trxCommit);
  const ratio = actual.qps / base.qps;
  const fastRatio = run(trxCommit, FAST_FSYNC_US).qps / run(1, FAST_FSYNC_US).qps;
  const rotating = rotatingDisks(storage?.kind === "hdd" ? run(trxCommit, ROTATING_FSYNC_US).qps / run(1, ROTATING_FSYNC_US).qps : undefined, storage);
  const loss = trxCommit === 2 ? actual.loss_window.os_crash_trx : actual.loss_window.mysqld_crash_trx;
  const window = trxCommit === 2 ? actual.loss_window.os_crash_s : actual.loss_window.mysqld_crash_s;
  return {
    model: "redo_commit",
    metric: "commit throughput",
    unit: "QPS",
    baseline: { label: "innodb_flush_log_at_trx_commit=1", value: Math.round(base.qps) },
    actual: { label: `innodb_flush_log_at_trx_commit=${trxCommit}`, value: Math.round(actual.qps) },
    ratio,
    summary: `${times(ratio)} commit throughput at ${threads} threads (${sig2(base.qps)} → ${sig2(actual.qps)} QPS) with a ${sig2(REFERENCE.redoCommit.fsync_us / 1000)} ms fsync and the binary log off, ${times(fastRatio)} with a ${sig2(FAST_FSYNC_US)} µs one (battery-backed cache or NVMe with power-loss protection)${withBinlog === undefined ? "" : `, ${times(withBinlog)} with this binary log's own writes (sync_binlog=${grouped(binlog?.syncBinlog ?? 1)})`}${rotating.summary}; ${trxCommit === 2 ? "an OS crash or power loss" : "a mysqld or OS crash"} loses up to ${window === null ? "?" : seconds(window)} of commits${loss === null ? "" : ` (about ${sig2(loss)} at the assumed ${sig2(actual.qps)} QPS)`}`,
    inputs: [
      ...inputs,
      ...rotating.inputs,
      { name: "threads", value: threads, source: "assumed" },
      { name: "fsync_us", value: REFERENCE.redoCommit.fsync_us, source: "assumed" },
    ],
    assumptions: [
      "reference workload: sysbench write transactions on MySQL 8.0.32, one query per transaction, 0.8 ms fsync (an SSD without a protected write cache), binary log off: the measured run does not say, and the model fits it so",
      ...(binlog
        ? [
            `this server writes a binary log (sync_binlog=${grouped(binlog.syncBinlog)}${binlog.groupCommit ? "" : ", no binlog group commit"}): its writes and fsyncs stay at commit whatever innodb_flush_log_at_trx_commit says, so the gain is smaller, ${times(withBinlog ?? 1)} in the model`,
          ]
        : []),
      ...rotating.assumptions,
      `storage with a battery-backed or power-loss-protected write cache fsyncs in tens of µs: with ${sig2(FAST_FSYNC_US)} µs the gain is ${times(fastRatio)}`,
      "the gain shrinks at higher concurrency, where group commit already shares each fsync",
    ],
  };
}

/** Throughput gained and binary-log events put at risk by sync_binlog = 0 or N > 1, against 1. */
export function syncBinlogImpact(
  sim: EngineSim,
  syncBinlog: number,
  trxCommit: 0 | 1 | 2,
  groupCommit: boolean,
  inputs: ImpactInput[],
  storage?: HostStorage,
): Impact {
  const threads = 32;
  const run = (n: number, fsyncUs: number = REFERENCE.redoCommit.fsync_us) =>
    cached(
      `binlog:${n}:${trxCommit}:${fsyncUs}:${groupCommit}`,
      () =>
        sim.simulate("redo_commit", {
          ...REFERENCE.redoCommit,
          threads,
          trx_commit: trxCommit,
          log_bin: true,
          binlog_group_commit: groupCommit,
          sync_binlog: Math.min(n, 4_294_967_295),
          fsync_us: fsyncUs,
        }) as RedoCommitResult,
    );
  const base = run(1);
  const actual = run(syncBinlog);
  const ratio = actual.qps / base.qps;
  const rotating = rotatingDisks(storage?.kind === "hdd" ? run(syncBinlog, ROTATING_FSYNC_US).qps / run(1, ROTATING_FSYNC_US).qps : undefined, storage);
  const window = actual.loss_window.binlog_os_crash_s;
  const risk =
    window === null
      ? "an OS crash can lose every binlog event the OS had not written yet (no bound)"
      : `an OS crash can lose the binlog events of up to ${grouped(syncBinlog)} ${groupCommit ? "commit groups" : "commits"} (${seconds(window)} at the assumed ${sig2(actual.qps)} QPS)`;
  return {
    model: "redo_commit",
    metric: "commit throughput",
    unit: "QPS",
    baseline: { label: "sync_binlog=1", value: Math.round(base.qps) },
    actual: { label: `sync_binlog=${syncBinlog}`, value: Math.round(actual.qps) },
    ratio,
    summary: `${times(ratio)} commit throughput at ${threads} threads (${sig2(base.qps)} → ${sig2(actual.qps)} QPS, ${sig2(actual.binlog_fsyncs_per_s)} binlog fsyncs/s instead of ${sig2(base.binlog_fsyncs_per_s)}) with a ${sig2(REFERENCE.redoCommit.fsync_us / 1000)} ms fsync${rotating.summary}; ${risk}`,
    inputs: [
      ...inputs,
      ...rotating.inputs,
      { name: "threads", value: threads, source: "assumed" },
      { name: "fsync_us", value: REFERENCE.redoCommit.fsync_us, source: "assumed" },
    ],
    assumptions: [
      "reference workload: sysbench write transactions on MySQL 8.0.32, one query per transaction, binary log on, 0.8 ms fsync for redo and binlog",
      ...rotating.assumptions,
      groupCommit
        ? "binlog group commit: one redo flush and one binlog fsync per group; sync_binlog=N fsyncs every N-th group"
        : "no binlog group commit on this target (it came with MySQL 5.6 and MariaDB 5.3): one commit at a time holds prepare_commit_mutex while it writes and, with sync_binlog=1, fsyncs its binlog events; sync_binlog=N fsyncs every N-th commit",
    ],
  };
}

/**
 * From MySQL 8.0.27 innodb_sort_buffer_size only sizes the online row log's blocks: memory per
 * log, and how much of innodb_online_alter_log_max_size the log can use before the ALTER fails.
 */
export function rowLogImpact(sim: EngineSim, sortBufferBytes: number, maxLogBytes: number, inputs: ImpactInput[]): Impact {
  const run = (s: number) =>
    cached(
      `rowlog:${s}:${maxLogBytes}`,
      () =>
        sim.simulate("index_build", {
          ...REFERENCE.indexBuild,
          // The reference build under the measured online-ALTER load, so that the log has blocks to hold.
          dml_qps: REFERENCE.onlineRebuild.dml_qps,
          dml_threads: REFERENCE.onlineRebuild.dml_threads,
          dml_write_fraction: REFERENCE.onlineRebuild.dml_write_fraction,
          dml_seconds: REFERENCE.onlineRebuild.dml_seconds,
          code_path: "ddl",
          sort_buffer_bytes: s,
          online_alter_log_max_bytes: Math.min(Math.max(maxLogBytes, 64 * 1024), 2 ** 50),
        }) as IndexBuildResult,
    );
  const base = run(MiB);
  const actual = run(sortBufferBytes);
  const capacity = (r: IndexBuildResult, s: number) => r.row_log.max_blocks_per_log * s;
  return {
    model: "index_build",
    metric: "online row-log memory per index",
    unit: "bytes",
    baseline: { label: "innodb_sort_buffer_size=1M", value: base.memory_bytes.row_logs },
    actual: { label: `innodb_sort_buffer_size=${formatBytes(sortBufferBytes)}`, value: actual.memory_bytes.row_logs },
    ratio: actual.memory_bytes.row_logs / base.memory_bytes.row_logs,
    summary: `${mb(actual.memory_bytes.row_logs)} of row-log blocks per index built online instead of ${mb(base.memory_bytes.row_logs)}; the log may hold ${mb(capacity(actual, sortBufferBytes))} on disk (${actual.row_log.max_blocks_per_log} block${actual.row_log.max_blocks_per_log === 1 ? "" : "s"}) before the ALTER fails, instead of ${mb(capacity(base, MiB))}`,
    inputs: [...inputs],
    assumptions: [
      "MySQL 8.0.27+: sort buffers come from innodb_ddl_buffer_size; the row log still writes innodb_sort_buffer_size blocks (tail, and head while applied)",
      "an ALTER fails when the next block would pass innodb_online_alter_log_max_size",
      "concurrent DML: 128 threads, 45 % writes, as in the measured online ALTER",
    ],
  };
}

const SCAN_ASSUMPTION = "reference workload: full scan of a 10 M-row, 1.3 GB table (84,160 pages), as in the MySQL 5.7.18 scan study; release build";

/** Bytes per row of the scan study's table (1,378,877,440 bytes, 10 M rows). */
const SCAN_ROW_BYTES = 1_378_877_440 / 10_000_000;

/**
 * A cold buffer pool after a restart: reading back the pages the dump would have restored (the
 * hottest `dumpPct` % of the configured pool), from disk against from memory.
 */
/**
 * How a dump load paces itself on the target: `throttled`, it reads at most innodb_io_capacity
 * pages a second while other transactions write; `free`, as fast as the disk; `unknown`, not
 * established for the target.
 */
export interface DumpLoadPacing {
  pacing: "throttled" | "free" | "unknown";
  /** "MySQL 8.0.36", "MariaDB 10.4": the server the pacing is stated for. */
  server: string;
  /** innodb_io_capacity: the throttled load's pages a second. */
  ioCapacity: { value: number; source: InputSource };
}

function coldRestartRun(sim: EngineSim, poolBytes: number, dumpPct: number, load: DumpLoadPacing): { r: BpScanResult; pool: number; hot: number } {
  const pool = Math.max(poolBytes, 5 * MiB);
  const hot = Math.max(16 * 1024, Math.round((pool * Math.min(Math.max(dumpPct, 1), 100)) / 100));
  const throttled = load.pacing === "throttled";
  const r = cached(
    `bp_scan:cold:${pool}:${hot}:${throttled ? load.ioCapacity.value : 0}`,
    () =>
      sim.simulate("bp_scan", {
        buffer_pool_bytes: pool,
        table_bytes: hot,
        rows: Math.max(1, Math.round(hot / SCAN_ROW_BYTES)),
        os_cache_bytes: 0,
        load_throttled: throttled,
        ...(throttled ? { io_capacity: load.ioCapacity.value } : {}),
      }) as BpScanResult,
  );
  return { r, pool, hot };
}

/** How long the load of this pool's hot pages takes under traffic where the throttle, not the disk, sets its pace. */
export function throttledLoadSeconds(sim: EngineSim, poolBytes: number, dumpPct: number, load: DumpLoadPacing): number | undefined {
  const l = coldRestartRun(sim, poolBytes, dumpPct, load).r.dump_load;
  return throttledLoad(load, l) ? l.seconds_under_writes : undefined;
}

/** Random 16 KiB reads a second of one 7,200 rpm disk: the top of the 75–100 commonly measured (Wikipedia, "IOPS"). */
const ROTATING_RANDOM_READS = 100;

export function coldRestartImpact(
  sim: EngineSim,
  poolBytes: number,
  dumpPct: number,
  load: DumpLoadPacing,
  inputs: ImpactInput[],
  storage?: HostStorage,
): Impact {
  const { r, pool, hot } = coldRestartRun(sim, poolBytes, dumpPct, load);
  const rotating = storage?.kind === "hdd";
  const randomSeconds = r.first_run.reads_from_disk / ROTATING_RANDOM_READS;
  const throttled = load.pacing === "throttled";
  const ratio = r.first_run.seconds / r.second_run.seconds;
  const l = r.dump_load;
  // The load's reads are sorted, so pages that lie together stream at the disk's rate; scattered
  // ones cost a seek each (Wikimedia's 378 GB load ran at 1,060 pages a second): a lower bound.
  const idle = `in ${longSeconds(l.seconds)} at the least${rotating ? " (sorted reads; pages scattered over the disk cost a seek each, up to the random reads' time)" : ""}`;
  const pacing = throttledLoad(load, l)
    ? `a dump load reads them back in the background, ${idle} with nothing else running; ${load.server} paces it to ${sig2(load.ioCapacity.value)} pages a second (innodb_io_capacity) while the server is otherwise busy, so under traffic it takes about ${longSeconds(l.seconds_under_writes)}, and queries meanwhile read the pages they miss themselves`
    : `a dump load reads them back in the background, ${idle}`;
  return {
    model: "bp_scan",
    metric: "reading the pool's hot pages back after a restart",
    unit: "s",
    baseline: { label: "warm buffer pool", value: r.second_run.seconds },
    actual: { label: "cold buffer pool", value: r.first_run.seconds },
    ratio,
    summary: `reading back the hottest ${sizeLike(hot, pool)} (${sig2(dumpPct)} % of the ${formatBytes(pool)} pool) takes about ${longSeconds(r.first_run.seconds)} from a 210 MB/s disk${storage && !rotating ? ` (the scan study's; no rate is measured for this host's ${storage.kind} storage, from ${storage.from}, which likely reads faster)` : ""}, ${times(ratio)} the ${longSeconds(r.second_run.seconds)} the same reads take once the pages are in memory; ${sig2(r.first_run.reads_from_disk)} page reads${rotating ? `, which on this host's rotating disks (from ${storage?.from}), read at random as queries touch them, take about ${longSeconds(randomSeconds)} at ${ROTATING_RANDOM_READS} reads a second per 7,200 rpm disk` : ""}; ${pacing}`,
    inputs: [
      ...inputs,
      ...(throttled ? [{ name: "innodb_io_capacity", ...load.ioCapacity }] : []),
      ...(storage ? [{ name: "host_storage", value: storage.kind, source: "config" as const }] : []),
      { name: "hot_bytes", value: hot, source: "assumed" },
      { name: "disk_mbps", value: 207.7, source: "assumed" },
    ],
    assumptions: [
      `the hot pages are ${sig2(dumpPct)} % of the pool (innodb_buffer_pool_dump_pct), read in page order at the 210 MB/s of the scan study's disk (MySQL 5.7.18, release build), with nothing in the OS page cache`,
      "a lower bound for that disk: without the dump the pages come back by random reads as queries touch them, which is slower; flash storage reads them several times faster, a rotating disk far slower in random order",
      ...(rotating
        ? [
            `a 7,200 rpm disk serves about 75–100 random reads a second (Wikipedia, "IOPS"); ${ROTATING_RANDOM_READS} taken, for one disk: an array of n disks reads up to n times as many`,
          ]
        : []),
      `a dump load (buf_load()) posts one read per page and looks at no row; ${LOAD_PACING[load.pacing].replace("{server}", load.server)}`,
    ],
  };
}

/** Whether the throttle, not the disk, sets the load's pace under traffic. */
function throttledLoad(load: DumpLoadPacing, l: BpScanResult["dump_load"]): boolean {
  return load.pacing === "throttled" && l.seconds_under_writes > 1.5 * l.seconds;
}

const LOAD_PACING: Record<DumpLoadPacing["pacing"], string> = {
  throttled:
    "every innodb_io_capacity reads, {server} checks whether the server did other work meanwhile (a transaction committed changes or rolled back, a table was closed) and then sleeps out the rest of the second (buf_load_throttle_if_needed(), since MySQL 5.7, WL#6504), so under traffic a load reads about innodb_io_capacity pages a second",
  free: "{server} does not throttle it (MariaDB removed the throttle in 10.5.19, 10.6.12 and 10.11.2, MDEV-25417), so it competes with queries for the disk",
  unknown: "whether {server} throttles it under writes is not established",
};

/** Seconds, or minutes and hours once they are long. */
function longSeconds(s: number): string {
  return s < 90 ? seconds(s) : duration(s);
}

/** Instances do not change scan time in a release build: the corrected result of a retracted claim. */
export function instancesScanImpact(sim: EngineSim, instances: number, poolBytes: number, inputs: ImpactInput[]): Impact {
  const scan = (n: number) =>
    cached(`bp_scan:inst:${n}:${poolBytes}`, () => sim.simulate("bp_scan", { buffer_pool_bytes: poolBytes, instances: n }) as BpScanResult);
  const one = scan(1).second_run.seconds;
  const many = scan(instances).second_run.seconds;
  return {
    model: "bp_scan",
    metric: "repeated full scan time",
    unit: "s",
    baseline: { label: "1 instance", value: one },
    actual: { label: `${instances} instances`, value: many },
    ratio: many / one,
    // Within the model's noise the two figures are one: printing both would read as a difference.
    summary:
      Math.abs(many / one - 1) < 0.05
        ? `were the ${instances} instances honoured, a repeated full scan of the scan study's 1.3 GB table would take about ${seconds((one + many) / 2)} with ${instances} instances as with 1: the instance count does not change scan time`
        : `were the ${instances} instances honoured, a repeated full scan of the scan study's 1.3 GB table would take ${seconds(many)}, against ${seconds(one)} with 1`,
    inputs,
    assumptions: [SCAN_ASSUMPTION],
  };
}

export interface DropStallInputs {
  pool: number;
  instances: number;
  ahi: boolean;
  operation: "drop" | "truncate";
  drops: number;
  /** MySQL 5.7 code path (TRUNCATE walks the LRU list twice). */
  legacy: boolean;
  /** Compare AHI on against off on a lazy-eviction server, instead of old against new eviction. */
  lazy?: boolean;
  /** Pages of the table with hash entries, for the AHI comparison (default: one cleanup batch, 1,024). */
  hashedPages?: number;
  /** The table's pages the pool can hold, where its size is known or assumed: the most that can carry hash entries. */
  tablePages?: { pages: number; source: InputSource };
  inputs: ImpactInput[];
}

/** The vendor's test measured up to 251× between eager and lazy eviction; the model says no more than that. */
export const DROP_RATIO_BOUND = 250;

/** Share of the pool's pages on the flush lists when a DROP walks them (the model's default). */
const DIRTY_RATIO = 0.5;

/** The stall a DROP or TRUNCATE causes: old eager eviction against 8.0.23's lazy one, or AHI on against off. */
export function dropStallImpact(sim: EngineSim, d: DropStallInputs): Impact {
  // A table in use has at least one cleanup batch of hashed pages, unless it has fewer pages than that.
  const smallTable = d.tablePages !== undefined && d.tablePages.pages < 1024;
  const assumedHashed = smallTable && d.tablePages ? Math.max(1, Math.round(d.tablePages.pages)) : 1024;
  const params = {
    buffer_pool_bytes: Math.max(d.pool, 5 * MiB),
    instances: Math.min(Math.max(1, d.instances), 64),
    operation: d.operation,
    concurrent_drops: Math.min(Math.max(1, d.drops), 1000),
    dirty_ratio: DIRTY_RATIO,
    // With AHI on the table is taken as in use: one batch of hashed pages, or all of a smaller table's.
    hashed_pages: d.ahi ? (d.hashedPages ?? assumedHashed) : 0,
  };
  // 5.7 TRUNCATE walks every LRU list twice; DROP (and TRUNCATE from 8.0) walks the flush lists.
  const walked =
    d.legacy && d.operation === "truncate"
      ? "every page in the pool, twice (the LRU lists)"
      : `the dirty pages (the flush lists, ${sig2(DIRTY_RATIO * 100)} % of the pool assumed)`;
  const run = (version: "5.7" | "8.0.22" | "8.0.23", ahi: boolean, hashedPages = params.hashed_pages) => {
    const p = { ...params, hashed_pages: hashedPages };
    return cached(`drop:${JSON.stringify(p)}:${version}:${ahi}`, () => sim.simulate("drop_stall", { ...p, version, ahi }) as DropStallResult);
  };
  const eager = d.legacy ? "5.7" : "8.0.22";
  // Before 8.0.23 the figure compared is the eviction walk, which lazy eviction removed; the hash
  // entries' LRU walks, which it kept, are added after it.
  const actual = d.lazy ? run("8.0.23", true) : run(eager, false, 0);
  const base = d.lazy ? run("8.0.23", false) : run("8.0.23", false, 0);
  const ratio = actual.stall_seconds / Math.max(base.stall_seconds, 1e-9);
  const whole = !d.lazy && d.ahi && params.hashed_pages > 0 ? run(eager, true) : actual;
  const loss = whole.queries.throughput_loss_fraction * 100;
  // Without known hashed pages, one batch is the least a table in use has; every page of it in the pool, the most.
  const tablePages = d.ahi && d.hashedPages === undefined && d.tablePages && d.tablePages.pages > params.hashed_pages ? d.tablePages : undefined;
  const most = tablePages && run(d.lazy ? "8.0.23" : eager, true, Math.round(tablePages.pages));
  // Equal once rounded, the two ends are one figure.
  const oneBatch = seconds((d.lazy ? actual : whole).stall_seconds - (d.lazy ? 0 : actual.stall_seconds));
  const allPages = most ? seconds(most.stall_seconds - (d.lazy ? 0 : actual.stall_seconds)) : undefined;
  const upTo = most && tablePages && allPages !== oneBatch ? `, up to ${allPages} if all ${sig2(tablePages.pages)} of its pages in the pool do` : "";
  const hashWalks =
    whole === actual
      ? ""
      : `; with the adaptive hash index on, freeing an in-use table's hash entries adds about ${seconds(whole.stall_seconds - actual.stall_seconds)} of LRU walks if one cleanup batch of its pages carries them${upTo}, which lazy eviction keeps`;
  return {
    model: "drop_stall",
    metric: "stall",
    unit: "s",
    baseline: { label: d.lazy ? "adaptive hash index off" : "lazy eviction (MySQL 8.0.23+)", value: base.stall_seconds },
    actual: { label: d.lazy ? "adaptive hash index on" : "this target", value: actual.stall_seconds },
    ratio,
    summary: `about ${seconds(actual.stall_seconds)} of stall${d.lazy && most ? ` if one cleanup batch of the table's pages carries hash entries${upTo};` : ","} ${ratio < 1.05 ? "about the same as" : times(ratio, DROP_RATIO_BOUND)} the ${seconds(base.stall_seconds)} ${d.lazy ? "with AHI off" : "with lazy eviction"}; ${sig2(actual.pages_walked_per_drop)} ${d.lazy ? "LRU pages" : "pages"} walked${d.drops > 1 ? " per drop" : ""}${d.lazy ? "" : `: ${walked}`}${hashWalks}; waits on the list mutexes alone cost concurrent queries ${sig2(loss)} % of their throughput meanwhile`,
    inputs: [
      ...d.inputs,
      { name: "concurrent_drops", value: params.concurrent_drops, source: "schema" },
      { name: "hashed_pages", value: params.hashed_pages, source: d.hashedPages !== undefined ? "schema" : "assumed" },
      ...(tablePages ? [{ name: "table_pages_in_pool", value: Math.round(tablePages.pages), source: tablePages.source }] : []),
      { name: "dirty_ratio", value: DIRTY_RATIO, source: "assumed" },
    ],
    assumptions: [
      ...(d.ahi
        ? params.hashed_pages > 0
          ? [
              `the dropped table was in use: ${smallTable && d.hashedPages === undefined ? "all " : ""}${grouped(params.hashed_pages)} of its pages${smallTable && d.hashedPages === undefined ? " in the pool" : ""} carry adaptive hash index entries${most ? ", at least" : ""}, one cleanup batch per 1,024 of them per instance, each batch one walk of every instance's LRU list${d.lazy ? "" : ", on top of the eviction walk, and after 8.0.23's lazy eviction too"}`,
            ]
          : ["a table the application never queried: no adaptive hash index entries, so no LRU walk"]
        : ["the adaptive hash index is off: no hash entries to clean"]),
      `the buffer pool is full and ${sig2(DIRTY_RATIO * 100)} % of its pages are dirty (90 % in the vendor's test)`,
      "a list step is a DRAM miss (100 ns), plus a page-table walk (90 ns) once the page descriptors outgrow the TLB; mutexes released every 1,024 pages",
      'only waits on the buffer pool\'s list mutexes are counted: queries that also need the data dictionary wait out the whole stall, which reports on large pools describe as the whole server stalling (Shattered Silicon, "MySQL DROP/TRUNCATE lock bug", 2021)',
    ],
  };
}

/** Rows of a table whose `n` partitions grow geometrically to `newest` rows (as the model lays them out). */
function partitionedRows(n: number, newest: number, growth: number): number {
  if (n <= 1) return newest;
  let rows = 0;
  for (let i = 0; i < n; i++) rows += Math.max(1, newest / growth ** ((n - 1 - i) / (n - 1)));
  return rows;
}

/** The reference table's rows (26 monthly partitions, about ten times the 26 GB pool). */
const REFERENCE_ROWS = partitionedRows(26, REFERENCE.partitionDives.rows_per_partition, REFERENCE.partitionDives.growth);

/** No measurement behind the model goes beyond this factor: larger ones read "more than 100×". */
export const PARTITION_RATIO_BOUND = 100;

const POOL_FROM: Partial<Record<InputSource, string>> = { default: "the target's default", config: "the option file", live: "the live server" };

/** What the partition model runs on besides the partition count: the finding's own table and pool where known. */
export interface PartitionWorkload {
  /** The table's clustered index, declared in a configuration or from a live server; absent: the reference table. */
  table?: { dataBytes: number; rowBytes: number; source: "live" | "config"; from?: string; rowBytesSource?: "live" | "config" | "schema" | "assumed" };
  /** The pool an option file or a live server gives; absent: the reference 26 GB. */
  pool?: { bytes: number; source: InputSource };
  /** HASH or KEY partitions: equal in size (otherwise they grow geometrically, the newest the largest). */
  even?: true;
  /** The host's storage where declared: rotating disks read at random a hundred pages a second each. */
  storage?: HostStorage;
  /** How the server dives and reads partitions, where it differs from MySQL's (see `partitionServer`). */
  server?: PartitionServer;
}

/** MariaDB's departures from MySQL in the dives and the partitioned lookup. */
export interface PartitionServer {
  /** One descent per dive, both borders together until their paths part (MariaDB 10.6.9+, MDEV-21136). */
  sharedDescent: boolean;
  /** The lookup descends into every unpruned partition: the partition handler merges them in index order. */
  readsEveryPartition: boolean;
}

/**
 * Point-query throughput when the planner probes every partition, against the same query pruned to
 * the partitions it reads rows from (or with the dives skipped). The table's data (its own, else the
 * reference size) is spread over the partitions whatever their count, so more partitions means
 * smaller ones, not more data.
 */
export function partitionDivesImpact(
  sim: EngineSim,
  partitions: number,
  compare: "pruned" | "records_in_range",
  inputs: ImpactInput[],
  workload: PartitionWorkload = {},
): Impact {
  const n = Math.min(Math.max(1, partitions), 8192);
  const R = REFERENCE.partitionDives;
  const rowBytes = Math.max(1, Math.round(workload.table?.rowBytes ?? R.row_bytes));
  const rows = workload.table ? Math.max(1, workload.table.dataBytes / rowBytes) : REFERENCE_ROWS;
  const pool = workload.pool?.bytes ?? R.buffer_pool_bytes;
  const growth = workload.even ? 1 : R.growth;
  // The study's SSD unless the host declares rotating disks: one 7,200 rpm disk's random reads.
  const rotating = workload.storage?.kind === "hdd";
  const disk = rotating
    ? { disk_iops: ROTATING_RANDOM_READS, disk_latency_us: 1e6 / ROTATING_RANDOM_READS }
    : { disk_iops: R.disk_iops, disk_latency_us: R.disk_latency_us };
  // The newest partition's rows for these rows spread over n partitions; the loop runs once per count.
  const newest = (R.rows_per_partition * rows) / cached(`dives:layout:${n}:${growth}`, () => partitionedRows(n, R.rows_per_partition, growth));
  const server = workload.server;
  const serverParams = server ? { dive_descents: server.sharedDescent ? 1 : 2, reads_every_partition: server.readsEveryPartition } : {};
  const run = (p: Record<string, number>) =>
    cached(
      `dives:${JSON.stringify(p)}:${newest}:${growth}:${rowBytes}:${pool}:${disk.disk_iops}:${JSON.stringify(serverParams)}`,
      () =>
        sim.simulate("partition_dives", {
          ...R,
          ...disk,
          rows_per_partition: newest,
          growth,
          row_bytes: rowBytes,
          buffer_pool_bytes: pool,
          ...serverParams,
          ...p,
        }) as PartitionDivesResult,
    );
  // The reference key matches 2.5 rows in each monthly partition, so in RANGE partitions by time.
  // HASH and KEY spread the table's rows of a key (65, as in the reference's 26 partitions)
  // thinner over more partitions. LIMIT 10 reads its rows from as many as hold ten.
  const tableRowsPerKey = R.rows_per_key * R.partitions;
  const rowsPerKey = workload.even ? tableRowsPerKey / n : R.rows_per_key;
  const needed = Math.min(n, Math.ceil(10 / rowsPerKey));
  const actual = run({ partitions: n, rows_per_key: rowsPerKey, records_in_range: 0 });
  // HASH and KEY put every key's rows in every partition, and successive pruned queries land in
  // different partitions: their hot pages span the whole table, as in one B-tree of all its rows.
  // Pruning to the newest partitions holds only for RANGE by time, where recent partitions are hot.
  const pruned = workload.even
    ? run({ partitions: 1, rows_per_partition: rows, growth: 1, rows_per_key: tableRowsPerKey, records_in_range: 0 })
    : run({ partitions: n, partitions_scanned: needed, rows_per_key: rowsPerKey, records_in_range: 0 });
  const base = compare === "pruned" ? pruned : run({ partitions: n, rows_per_key: rowsPerKey, records_in_range: 1000 });
  const ratio = actual.qps / base.qps;
  const dataBytes = rows * rowBytes;
  const poolText = workload.pool
    ? `the ${formatBytes(pool)} buffer pool (${POOL_FROM[workload.pool.source] ?? workload.pool.source})`
    : "a 26 GB buffer pool (assumed)";
  const layout = workload.even ? "equal in size, as HASH and KEY spread rows" : `the newest ${sig2(R.growth)}× the oldest`;
  const tableText = workload.table
    ? `the table's ${sig2(dataBytes / 2 ** 30)} GiB (${workload.table.source === "live" ? "live" : `declared in ${workload.table.from ?? ".innolint.json"}`}) of ${rowBytes}-byte rows${workload.table.rowBytesSource === "assumed" ? " (assumed)" : workload.table.rowBytesSource === "schema" ? " (the schema's columns)" : ""} over the ${n} partitions, ${layout} (assumed)`
    : `assumed table: ${sig2(dataBytes / 2 ** 30)} GiB of ${rowBytes}-byte rows over the ${n} partitions (${layout})`;
  return {
    model: "partition_dives",
    metric: "point-query throughput",
    unit: "QPS",
    baseline: {
      label:
        compare === "records_in_range"
          ? "innodb_records_in_range=1000"
          : workload.even
            ? "pruned to one partition (modelled as the table's rows in one B-tree)"
            : `pruned to the ${needed} partition${needed === 1 ? "" : "s"} the query reads`,
      value: base.qps,
    },
    actual: { label: `${n} partitions probed`, value: actual.qps },
    ratio,
    // Beyond the bound the two throughputs would state the ratio the bound withholds.
    summary: `${
      1 / ratio > PARTITION_RATIO_BOUND
        ? `more than ${PARTITION_RATIO_BOUND}× fewer QPS than ${compare === "records_in_range" ? "without the dives" : "pruned"}, beyond what any measurement covers`
        : `${sig2(actual.qps)} QPS instead of ${sig2(base.qps)} (${1 / ratio < 1.05 ? "about the same" : `${times(1 / ratio, PARTITION_RATIO_BOUND)} fewer`})`
    }, ${sig2(actual.disk_reads_per_query.dives)} disk reads per query for records-in-range dives alone`,
    inputs: [
      ...inputs,
      { name: "data_bytes", value: Math.round(dataBytes), source: workload.table?.source ?? "assumed" },
      { name: "rows_per_partition_newest", value: Math.round(newest), source: "assumed" },
      { name: "innodb_buffer_pool_size", value: pool, source: workload.pool?.source ?? "assumed" },
      { name: "disk_random_reads_per_s", value: disk.disk_iops, source: "assumed" },
      ...(workload.storage ? [{ name: "host_storage", value: workload.storage.kind, source: "config" as const }] : []),
    ],
    assumptions: [
      `${tableText}, in ${poolText}; ${workload.even ? "hot rows in every partition alike" : "recent partitions hot"}; point SELECTs by a non-partitioning key matching ${workload.even ? `${sig2(tableRowsPerKey)} rows of the table` : `${sig2(R.rows_per_key)} rows in each partition`}, LIMIT 10`,
      ...(compare === "pruned"
        ? [
            workload.even
              ? "the pruned query reads one partition, a different one from query to query, so its hot pages span the table as one B-tree's would"
              : `the pruned query reads the ${needed} newest partition${needed === 1 ? "" : "s"}, which hold its rows`,
          ]
        : []),
      server?.sharedDescent
        ? "each dive reads one root-to-leaf path (MariaDB takes both borders of the range down together, MDEV-21136) plus up to ten leaf pages per partition"
        : "each dive reads about two root-to-leaf paths plus up to ten leaf pages per partition",
      ...(server?.readsEveryPartition
        ? ["the lookup also descends into every unpruned partition, whose first rows MariaDB's partition handler merges in index order even under LIMIT"]
        : []),
      rotating
        ? `pages missing from the pool are read at random from one 7,200 rpm disk, ${ROTATING_RANDOM_READS} a second (this host's rotating disks, from ${workload.storage?.from}; an array of n disks reads about n times as many)`
        : `pages missing from the pool are read at random at ${sig2(R.disk_iops)} a second, ${sig2(R.disk_latency_us)} µs each (the study's SSD${workload.storage ? `; ${workload.storage.kind} storage declared from ${workload.storage.from}` : ""})`,
      `ratios beyond ${PARTITION_RATIO_BOUND}× are shown as "more than ${PARTITION_RATIO_BOUND}×", without the two throughputs: no measurement covers them`,
    ],
  };
}

/**
 * Memory of an index build: the manual's bound and the code's allocation, for k indexes on p
 * partitions. `table`: the rows and average row size a live server reports; without it, a
 * million rows of the reference table's size.
 */
export function indexBuildMemoryImpact(
  sim: EngineSim,
  sortBuffer: number,
  indexes: number,
  partitions: number,
  minRecord: { bytes: number; source: "schema" | "assumed" },
  fulltext: boolean,
  inputs: ImpactInput[],
  table?: { rows: number; rowBytes?: number },
): Impact {
  const minRecordBytes = minRecord.bytes;
  const rows = table ? Math.max(1, table.rows) : 1_000_000;
  const rowBytes = table?.rowBytes ?? REFERENCE.indexBuild.row_bytes;
  const params = {
    ...REFERENCE.indexBuild,
    sort_buffer_bytes: sortBuffer,
    indexes: Math.min(indexes, 64),
    partitions: Math.min(partitions, 8192),
    min_rec_bytes: minRecordBytes,
    fulltext,
    rows,
    row_bytes: rowBytes,
  };
  const actual = cached(`mem:${JSON.stringify(params)}`, () => sim.simulate("index_build", params) as IndexBuildResult);
  const singleParams = { ...params, indexes: 1, partitions: 1 };
  const single = cached(`mem:${JSON.stringify(singleParams)}`, () => sim.simulate("index_build", singleParams) as IndexBuildResult);
  const bound = actual.memory_bytes.manual_bound;
  return {
    model: "index_build",
    metric: "index build memory (manual's bound)",
    unit: "bytes",
    baseline: { label: "one index, one partition", value: single.memory_bytes.manual_bound },
    actual: { label: `${indexes} index${indexes === 1 ? "" : "es"} × ${partitions} partition${partitions === 1 ? "" : "s"}`, value: bound },
    ratio: bound / single.memory_bytes.manual_bound,
    summary: `manual's bound ${mb(bound)}; the code allocates ${mb(actual.memory_bytes.peak)} at once${table ? ` for ${sig2(rows)} rows` : ""} (partitions are built one after another), plus up to ${mb(2 * sortBuffer * indexes * partitions)} of online row-log blocks under concurrent DML`,
    inputs: [
      ...inputs,
      { name: "min_index_record_bytes", value: minRecordBytes, source: minRecord.source },
      { name: "rows", value: rows, source: table ? "live" : "assumed" },
      { name: "row_bytes", value: rowBytes, source: table?.rowBytes ? "live" : "assumed" },
    ],
    assumptions: [
      "row0merge path (MySQL up to 8.0.26, MariaDB, Aurora MySQL 2)",
      "tuple arrays of 8-byte pointers sized by the smallest possible index record",
    ],
  };
}

export interface RebuildInputs {
  rows: number;
  rowBytes: number;
  /** Secondary indexes rebuilt beside the clustered one. */
  secondaryIndexes: number;
  /** False where the migrations do not define the table: its secondary indexes are unknown (none counted). */
  indexesKnown: boolean;
  partitions: number;
  /** MySQL 8.0.27+ builds through innodb_ddl_buffer_size (the "ddl" code path). */
  ddlPath: boolean;
  sortBufferBytes: number;
  /** innodb_ddl_buffer_size and innodb_ddl_threads on the "ddl" path (the model's defaults without them). */
  ddlBufferBytes?: number;
  ddlThreads?: number;
  /** innodb_online_alter_log_max_size; undefined for a copy, which keeps no row log. */
  onlineLogMaxBytes?: number;
  /** A table copy: row-by-row inserts the model's bulk load underestimates. */
  copy: boolean;
  /** What the rebuild is called in the summary: "in place (rebuild)", "copy (blocks writes)". */
  label: string;
  inputs: ImpactInput[];
}

function duration(seconds: number): string {
  if (seconds < 90) return `${Number(seconds.toPrecision(2))} s`;
  if (seconds < 5400) return `${Number((seconds / 60).toPrecision(2))} min`;
  return `${Number((seconds / 3600).toPrecision(2))} h`;
}

function bytes2(n: number): string {
  const { value: v, unit } = inUnits(n, ["bytes", "KiB", "MiB", "GiB", "TiB", "PiB"]);
  return `${grouped(Number(v.toPrecision(2)))} ${unit}`;
}

/**
 * A table rebuild (INPLACE with rebuild, or COPY) of a table of this size: the merge-sort model of
 * the index build with the clustered index rebuilt, on the reference hardware, under the measured
 * online-ALTER write load for an in-place rebuild (its row log against innodb_online_alter_log_max_size).
 * A copy inserts row by row, so its time is at least the modelled one.
 */
/** The largest record a 16 KiB page keeps, about half of it ("Row size too large (> 8126)"); longer columns go off-page. */
const MAX_RECORD_BYTES = 8126;

/** Public build and rebuild times of stock servers in the simulator's validation table (ib-abs-*), which a test checks against the range quoted. */
export const REBUILD_CASES = 5;

function hostDefault(sim: EngineSim, name: string): number {
  return cached(`index_build:default:${name}`, () => Number(sim.describe("index_build").find((p) => p.name === name)?.default));
}

export function tableRebuildImpact(sim: EngineSim, r: RebuildInputs): Impact {
  const online = r.onlineLogMaxBytes !== undefined;
  const params = {
    ...REFERENCE.onlineRebuild,
    code_path: r.ddlPath ? "ddl" : "row0merge",
    rows: Math.min(Math.max(r.rows, 1), 1e12),
    row_bytes: Math.min(Math.max(Math.round(r.rowBytes), 8), 65_535),
    indexes: Math.min(Math.max(1 + r.secondaryIndexes, 1), 64),
    partitions: Math.min(Math.max(r.partitions, 1), 8192),
    sort_buffer_bytes: Math.min(Math.max(r.sortBufferBytes, 64 * 1024), 64 * MiB),
    ...(r.ddlPath && r.ddlBufferBytes !== undefined ? { ddl_buffer_bytes: Math.min(Math.max(r.ddlBufferBytes, 64 * 1024), 2 ** 40) } : {}),
    ...(r.ddlPath && r.ddlThreads !== undefined ? { ddl_threads: Math.min(Math.max(r.ddlThreads, 1), 64) } : {}),
    online_alter_log_max_bytes: Math.min(Math.max(r.onlineLogMaxBytes ?? 128 * MiB, 64 * 1024), 2 ** 50),
    // The row log records the clustered-index record, off-page columns by reference
    // (row_log_table_insert(); row_log_table_blob_alloc/free track the BLOBs): never more than a record.
    row_log_bytes_per_write: Math.min(Math.max(Math.round(r.rowBytes), 8), MAX_RECORD_BYTES),
    dml_qps: online ? REFERENCE.onlineRebuild.dml_qps : 0,
    dml_seconds: 0,
  } as const;
  const res = cached(`rebuild:${JSON.stringify(params)}`, () => sim.simulate("index_build", params) as IndexBuildResult);
  // The same build on the simulator's default host: the fast end of what public measurements of stock servers show.
  const stockParams = Object.fromEntries(Object.entries(params).filter(([k]) => !(k in AURORA_R5_2XLARGE_BUILD_HOST)));
  const stock = cached(`rebuild-stock:${JSON.stringify(stockParams)}`, () => sim.simulate("index_build", stockParams) as IndexBuildResult);
  const tableBytes = params.rows * params.row_bytes;
  const readSeconds = tableBytes / (REFERENCE.onlineRebuild.data_mbps * MiB);
  const writes = Number((REFERENCE.onlineRebuild.dml_qps * REFERENCE.onlineRebuild.dml_write_fraction).toPrecision(2));
  // Each partition keeps its own row log, and the limit applies to each.
  // The log grows with the build's duration: from the stock server's to the Aurora host's.
  const span = (a: number, b: number) => (bytes2(a) === bytes2(b) ? bytes2(b) : `${bytes2(a)} to ${bytes2(b)}`);
  const reached =
    params.partitions > 1
      ? `reach ${span(stock.row_log.bytes / params.partitions, res.row_log.bytes / params.partitions)} per partition (${span(stock.row_log.bytes, res.row_log.bytes)} in all)`
      : `reaches ${span(stock.row_log.bytes, res.row_log.bytes)}`;
  const limit = `innodb_online_alter_log_max_size=${formatBytes(params.online_alter_log_max_bytes)}`;
  // A full log stops growing: the rebuild sees the error at its scan's next page, or before applying the log.
  const logRate = res.row_log.bytes / Math.max(res.build_seconds - res.phases_seconds.row_log_apply, 1e-9) / params.partitions;
  const fills = `the online row log${params.partitions > 1 ? " of each partition" : ""} fills ${limit} after about ${duration(params.online_alter_log_max_bytes / Math.max(logRate, 1e-9))}`;
  const stops = "the rebuild then stops with DB_ONLINE_LOG_TOO_BIG (it checks the log at each page of its scan and before applying it), its work lost";
  const log = !online
    ? ""
    : `; if the table takes ${grouped(writes)} writes/s meanwhile (assumed), ${
        stock.row_log.overflow
          ? `${fills}: ${stops}`
          : res.row_log.overflow
            ? `${fills}, after the stock server's build ends but within the slower host's, where ${stops}`
            : `the online row log${params.partitions > 1 ? "s" : ""} ${reached}, within ${limit}`
      }`;
  return {
    model: "index_build",
    metric: "rebuild time",
    unit: "s",
    baseline: { label: "one sequential read of the table", value: Number(readSeconds.toPrecision(2)) },
    actual: { label: r.label, value: Number(res.build_seconds.toPrecision(2)) },
    ratio: res.build_seconds / Math.max(readSeconds, 1e-9),
    summary: `${r.copy ? "at least" : "about"} ${duration(stock.build_seconds)} on a stock server, ${duration(res.build_seconds)} at the measured Aurora r5.2xlarge's pace${res.temp_disk_peak_bytes > 0 && !r.copy ? `, ${bytes2(res.temp_disk_peak_bytes)} of temporary disk for the index sort` : ""}${log}`,
    inputs: [
      ...r.inputs,
      { name: "secondary_indexes", value: r.secondaryIndexes, source: r.indexesKnown ? "schema" : "assumed" },
      ...(online ? [{ name: "writes_per_second", value: writes, source: "assumed" as const }] : []),
    ],
    assumptions: [
      `two hosts bound the time: a stock server, the simulator's default host (${grouped(hostDefault(sim, "cpu_ns_per_row") / 1000)} µs of CPU a row to read it and insert its entries, ${grouped(hostDefault(sim, "data_mbps"))} MB/s reads and writes), and the Aurora MySQL 2.04.9 r5.2xlarge of the measured TPC-C stock-table index build (${grouped(AURORA_R5_2XLARGE_BUILD_HOST.cpu_ns_per_row / 1000)} µs a row, ${grouped(AURORA_R5_2XLARGE_BUILD_HOST.data_mbps)} MB/s), both with 8 cores; the ${REBUILD_CASES} public measurements of stock servers in the simulator's validation table took 1.9–3.5× the first host's time and 0.25–0.45× the second's`,
      ...(online
        ? ["concurrent DML as measured during that rebuild: 35,661 queries/s from 128 threads, 45 % writes, for the whole ALTER, on either host"]
        : []),
      ...(online && params.partitions > 1
        ? [
            "writes spread evenly over the partitions, each with its own row log; where they go to one partition (RANGE by time), its log takes them all and reaches the limit that much sooner",
          ]
        : []),
      ...(online && r.rowBytes > MAX_RECORD_BYTES
        ? [
            `rows of ${bytes2(r.rowBytes)} keep their long columns off the page, and the row log holds the record with those columns by reference: ${grouped(MAX_RECORD_BYTES)} bytes a write at most`,
          ]
        : []),
      ...(r.copy
        ? [
            "a copy inserts row by row into the new table and its indexes, with undo and redo for every row, where the model loads sorted runs: on each host the time is a lower bound, below an in-place rebuild's, and the copy sorts nothing on temporary disk",
          ]
        : []),
      "secondary-index keys of 16 bytes; the table's own rows and row size as stated in the inputs",
      ...(r.indexesKnown
        ? []
        : ["the migrations do not define the table: none of its secondary indexes is counted, so the time and the sort's temporary disk are low"]),
    ],
  };
}

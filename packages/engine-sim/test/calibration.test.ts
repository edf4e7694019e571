// Reproduces the measured figures of the five source studies through the WebAssembly module.
// Every model runs with ONE global constant set (in the Rust sources); the scenarios below only
// describe each study's workload and hardware. Which figures were used to calibrate and which
// are predictions is recorded in README.md.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EngineSim, IndexBuildParams, PartitionDivesParams, RedoCommitParams } from "../src/index.js";
import { REFERENCE } from "../src/scenarios.js";
import { GIB, KIB, MIB, Report, getSim, relErr } from "./helpers.js";

const TOLERANCE = 0.15;
let sim: EngineSim;
beforeAll(async () => {
  sim = await getSim();
});

const SORT_BUFFERS = [64 * KIB, 1 * MIB, 8 * MIB, 16 * MIB, 32 * MIB, 64 * MIB];

describe("index_build: sort-buffer study (Aurora MySQL 2.04.9)", () => {
  const report = new Report();
  afterAll(() => report.print("index_build"));

  it("reproduces the build-time ratios to the 1 MB buffer", () => {
    const seconds = [10127.7, 7873.2, 7731.5, 7548.7, 7499.6, 7488.0];
    // One ADD INDEX over s_dist_01..10: 10 x CHAR(24) + the 8-byte primary key + header.
    const base: IndexBuildParams = { ...REFERENCE.indexBuild };
    const points = sim.sweep("index_build", base, "sort_buffer_bytes", SORT_BUFFERS);
    const t1 = points[1]!.result.build_seconds;
    points.forEach((p, i) => {
      const target = seconds[i]! / seconds[1]!;
      const model = p.result.build_seconds / t1;
      report.add(`build time ratio, ${p.value / KIB} KiB / 1 MiB`, target, model);
      expect(relErr(model, target)).toBeLessThan(TOLERANCE);
    });
    report.add("build time at 1 MiB (s)", seconds[1]!, t1);
    expect(relErr(t1, seconds[1]!)).toBeLessThan(TOLERANCE);
    // Strictly 2-way merge: passes = ceil(log2(runs)).
    for (const p of points) {
      const idx = p.result.indexes[0]!;
      expect(idx.merge_passes).toBe(Math.ceil(Math.log2(idx.runs)));
    }
  });

  it("reproduces DML throughput during the online ADD COLUMN", () => {
    const observed = [30956, 30669, 28429, 28085, 27894, 27998];
    // ADD COLUMN rebuilds the table: the clustered index plus stock1's secondary index.
    const base: IndexBuildParams = { ...REFERENCE.onlineRebuild };
    const points = sim.sweep("index_build", base, "sort_buffer_bytes", SORT_BUFFERS);
    expect(points[0]!.result.dml.qps_without_ddl).toBe(35_661);
    points.forEach((p, i) => {
      report.add(`DML QPS during DDL, ${p.value / KIB} KiB`, observed[i]!, p.result.dml.qps_during_ddl);
      expect(relErr(p.result.dml.qps_during_ddl, observed[i]!)).toBeLessThan(TOLERANCE);
    });
    // Larger buffers slow concurrent DML, as measured (about 8-9 % below 1 MB).
    const q1 = points[1]!.result.dml.qps_during_ddl;
    const q64 = points[5]!.result.dml.qps_during_ddl;
    expect(q64 / q1).toBeLessThan(0.95);
  });

  it("reports the manual's memory bound and the code's allocation", () => {
    const r = sim.simulate("index_build", { rows: 1e8, key_bytes: 30, indexes: 10, sort_buffer_bytes: 64 * MIB });
    const s = 64 * MIB;
    expect(r.memory_bytes.manual_bound).toBe(2 * 1 * 10 * Math.floor(s / 30) * 8);
    // The six auxiliary FULLTEXT sort areas count only when a FULLTEXT index is built.
    const ft = sim.simulate("index_build", { rows: 1e8, key_bytes: 30, indexes: 10, sort_buffer_bytes: 64 * MIB, fulltext: true });
    expect(ft.memory_bytes.manual_bound).toBe(6 * 3 * s + 2 * 1 * 10 * Math.floor(s / 30) * 8);
    expect(r.memory_bytes.block_area).toBe(3 * s);
    expect(r.memory_bytes.peak).toBeGreaterThan(3 * s + 10 * s);
    expect(r.temp_files).toBe(11); // one per index plus the shared work file
  });
});

describe("redo_commit: innodb_flush_log_at_trx_commit 0 vs 1 (sysbench)", () => {
  const report = new Report();
  afterAll(() => report.print("redo_commit"));
  const threads = [2, 4, 8, 16, 32, 64, 128, 256, 512, 1024];
  const qps1 = [799, 1568, 3081, 5565, 9661, 16151, 22201, 26848, 30926, 35790];
  const qps0 = [1513, 2991, 6011, 12157, 23148, 33785, 40275, 45640, 44940, 45362];
  const scenario: RedoCommitParams = REFERENCE.redoCommit;

  it("reproduces the QPS ratio at each of the ten thread counts", () => {
    const one = sim.sweep("redo_commit", { ...scenario, trx_commit: 1 }, "threads", threads);
    const zero = sim.sweep("redo_commit", { ...scenario, trx_commit: 0 }, "threads", threads);
    threads.forEach((t, i) => {
      const target = qps0[i]! / qps1[i]!;
      const model = zero[i]!.result.qps / one[i]!.result.qps;
      report.add(`QPS ratio trx_commit 0/1 at ${t} threads`, target, model);
      expect(relErr(model, target)).toBeLessThan(TOLERANCE);
    });
    // Group commit amortises the fsync at high concurrency.
    expect(one[9]!.result.commits_per_redo_fsync).toBeGreaterThan(50);
    expect(one[0]!.result.commits_per_redo_fsync).toBeLessThan(1.5);
  });

  it("gives the documented loss windows", () => {
    const r1 = sim.simulate("redo_commit", { ...scenario, threads: 8, trx_commit: 1 });
    const r2 = sim.simulate("redo_commit", { ...scenario, threads: 8, trx_commit: 2 });
    const r0 = sim.simulate("redo_commit", { ...scenario, threads: 8, trx_commit: 0 });
    expect(r1.loss_window.mysqld_crash_s).toBe(0);
    expect(r1.loss_window.os_crash_s).toBe(0);
    expect(r2.loss_window.mysqld_crash_s).toBe(0);
    expect(r2.loss_window.os_crash_s).toBeCloseTo(1.0008, 3);
    expect(r0.loss_window.mysqld_crash_s).toBe(1);
    expect(r0.loss_window.os_crash_s).toBeCloseTo(1.0008, 3);
    const binlog0 = sim.simulate("redo_commit", { ...scenario, threads: 8, log_bin: true, sync_binlog: 0 });
    expect(binlog0.loss_window.os_crash_s).toBeNull();
  });
});

describe("partition_dives: records_in_range on 26 monthly partitions", () => {
  const report = new Report();
  afterAll(() => report.print("partition_dives"));
  const scenario: PartitionDivesParams = REFERENCE.partitionDives;

  it("reproduces throughput before and after the records-in-range override", () => {
    const before = sim.simulate("partition_dives", { ...scenario, records_in_range: 0 });
    const after = sim.simulate("partition_dives", { ...scenario, records_in_range: 1000 });
    report.add("ops/s before (4,553-4,639)", 4596, before.qps);
    report.add("ops/s after (16,873-17,156)", 17015, after.qps);
    report.add("ms/op before (10.8-11.0)", 10.9, before.latency_ms);
    report.add("ms/op after (2.89-2.94)", 2.92, after.latency_ms);
    report.add("disk reads/s before (28-32 K)", 30_000, before.disk_reads_per_s);
    expect(relErr(before.qps, 4596)).toBeLessThan(TOLERANCE);
    expect(relErr(after.qps, 17015)).toBeLessThan(TOLERANCE);
    expect(after.pages_per_query.dives).toBe(0);
    expect(before.pages_per_query.dives).toBeGreaterThan(26 * 2 * (before.btree_height - 1));
    // The data is about ten times the buffer pool.
    const ratio = (before.data_pages * 16 * KIB) / (26 * GIB);
    expect(ratio).toBeGreaterThan(8);
    expect(ratio).toBeLessThan(14);
  });
});

describe("drop_stall: DROP of 100 empty tables, 32-450 GB pools", () => {
  const report = new Report();
  afterAll(() => report.print("drop_stall"));
  const pools = [32, 64, 128, 256, 450];

  it("reproduces the improvement shape up to about 251x", () => {
    const points = sim.sweep(
      "drop_stall",
      REFERENCE.dropStall,
      "buffer_pool_bytes",
      pools.map((g) => g * GIB),
    );
    const imp = points.map((p) => p.result.versions.improvement);
    pools.forEach((g, i) => {
      report.add(`improvement at ${g} GB${g === 450 ? " (target 251x)" : " (proportional shape)"}`, g === 450 ? 251 : (251 * g) / 450, imp[i]!);
    });
    expect(relErr(imp[4]!, 251)).toBeLessThan(TOLERANCE);
    for (let i = 1; i < imp.length; i++) expect(imp[i]!).toBeGreaterThan(imp[i - 1]!);
    // Before 8.0.23 the stall grows with the pool; from 8.0.23 it does not.
    const lazy = points.map((p) => p.result.versions.from_8_0_23_seconds);
    for (const l of lazy) expect(relErr(l, lazy[0]!)).toBeLessThan(0.01);
    expect(relErr(imp[4]! / imp[0]!, 450 / 32)).toBeLessThan(TOLERANCE);
  });
});

describe("bp_scan: full scan, release build (the corrected results)", () => {
  const report = new Report();
  afterAll(() => report.print("bp_scan"));
  const cases = [
    { name: "256 MB", params: { buffer_pool_bytes: 256 * MIB }, disk: 6.86, mem: 3.27 },
    { name: "2 GB, multiple instances", params: { buffer_pool_bytes: 2 * GIB, instances: 8 }, disk: 6.64, mem: 2.32 },
    { name: "2 GB, single instance", params: { buffer_pool_bytes: 2 * GIB, instances: 1 }, disk: 6.68, mem: 2.34 },
  ];

  it("reproduces the disk-bound and in-memory times", () => {
    for (const c of cases) {
      const r = sim.simulate("bp_scan", c.params);
      report.add(`${c.name}, disk-bound (s)`, c.disk, r.first_run.seconds);
      report.add(`${c.name}, in memory (s)`, c.mem, r.second_run.seconds);
      expect(relErr(r.first_run.seconds, c.disk)).toBeLessThan(TOLERANCE);
      expect(relErr(r.second_run.seconds, c.mem)).toBeLessThan(TOLERANCE);
    }
  });

  it("shows that instances do not slow a scan in a release build", () => {
    const multi = sim.simulate("bp_scan", { buffer_pool_bytes: 2 * GIB, instances: 8 });
    const single = sim.simulate("bp_scan", { buffer_pool_bytes: 2 * GIB, instances: 1 });
    expect(multi.second_run.seconds).toBeLessThanOrEqual(single.second_run.seconds * 1.01);
    expect(multi.pages_per_instance.length).toBe(8);
    // Extents spread evenly: 84,160 pages over 8 instances.
    for (const n of multi.pages_per_instance) expect(relErr(n, 84_160 / 8)).toBeLessThan(0.01);
    // The retracted debug-build result is only an illustration of what a debug build does.
    const dbg8 = sim.simulate("bp_scan", { buffer_pool_bytes: 2 * GIB, instances: 8, debug_build: true });
    const dbg1 = sim.simulate("bp_scan", { buffer_pool_bytes: 2 * GIB, instances: 1, debug_build: true });
    expect(dbg8.second_run.seconds).toBeGreaterThan(1.5 * dbg1.second_run.seconds);
  });
});

import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EngineSim } from "@innolint/engine-sim";
import { AURORA_R5_2XLARGE_BUILD_HOST } from "@innolint/engine-sim/scenarios";
import { beforeAll, describe, expect, it } from "vitest";
import {
  coldRestartImpact,
  type DumpLoadPacing,
  commitDurabilityImpact,
  DROP_RATIO_BOUND,
  dropStallImpact,
  PARTITION_RATIO_BOUND,
  partitionDivesImpact,
  REBUILD_CASES,
  sortBufferImpact,
  tableRebuildImpact,
} from "../src/impact/estimates.js";
import { loadSimulator } from "../src/impact/simulator.js";
import { partitionServer } from "../src/sql/rules/partition.js";
import { parseTarget } from "../src/target.js";
import { ruleFindings } from "./helpers/option-rule.js";

const MiB = 2 ** 20;
const GiB = 2 ** 30;

let sim: EngineSim;
beforeAll(async () => {
  const loaded = await loadSimulator();
  if (!loaded) throw new Error("the simulator's WebAssembly module is missing: run scripts/setup.sh");
  sim = loaded;
});

/** Every number written in a text, with its separators removed. */
function numbers(text: string): string[] {
  return [...text.matchAll(/\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0].replace(/,/g, ""));
}

/** Significant figures of a decimal written in a message (trailing zeros of an integer are not significant). */
function significant(n: string): number {
  const digits = n.replace(".", "").replace(/^0+/, "");
  return (n.includes(".") ? digits : digits.replace(/0+$/, "")).length;
}

const drop = (pool: number, extra: Partial<Parameters<typeof dropStallImpact>[1]> = {}) =>
  dropStallImpact(sim, { pool, instances: 8, ahi: false, operation: "drop", drops: 1, legacy: false, inputs: [], ...extra });

describe("drop and truncate stalls", () => {
  it("a bigger pool stalls longer, before 8.0.23 and for the AHI cleanup after it", () => {
    let last = 0;
    for (const g of [1, 8, 32, 128, 256, 512]) {
      const s = drop(g * GiB).actual.value;
      expect(s).toBeGreaterThan(last);
      last = s;
    }
    last = 0;
    for (const g of [1, 8, 32, 128, 256]) {
      const s = drop(g * GiB, { ahi: true, lazy: true }).actual.value;
      expect(s).toBeGreaterThan(last);
      last = s;
    }
  });

  it("the default AHI finding walks each LRU list once: 1,024 hashed pages are one batch", () => {
    const pool = 8 * GiB;
    const d = dropStallImpact(sim, { pool, instances: 8, ahi: true, operation: "drop", drops: 1, legacy: false, lazy: true, inputs: [] });
    const pages = Number(/([\d,]+) LRU pages walked/.exec(d.summary)![1]!.replace(/,/g, ""));
    expect(pages / (pool / 16384)).toBeCloseTo(1, 1);
  });

  it("a table smaller than one cleanup batch has all its pages hashed, never 1,024", () => {
    const d = dropStallImpact(sim, {
      pool: 64 * GiB,
      instances: 8,
      ahi: true,
      operation: "drop",
      drops: 1,
      legacy: false,
      lazy: true,
      tablePages: { pages: 64, source: "config" },
      inputs: [],
    });
    expect(d.inputs).toContainEqual({ name: "hashed_pages", value: 64, source: "assumed" });
    expect(d.assumptions[0]).toContain("all 64 of its pages in the pool carry adaptive hash index entries");
    expect(d.summary).not.toContain("up to");
  });

  it("a table that fills the pool costs about half a whole-list walk per cleanup batch, as btr_drop_next_batch() stops at 1,024", () => {
    const pool = 64 * GiB;
    const pages = pool / 16384;
    const d = dropStallImpact(sim, {
      pool,
      instances: 8,
      ahi: true,
      operation: "drop",
      drops: 1,
      legacy: false,
      lazy: true,
      tablePages: { pages, source: "config" },
      inputs: [],
    });
    const one = Number(/about ([\d.]+) s of stall/.exec(d.summary)![1]);
    const most = Number(/up to ([\d,.]+) s if all/.exec(d.summary)![1]!.replace(/,/g, ""));
    // 512 batches per instance: (512 + 1) / 2 whole walks.
    expect(most / one).toBeGreaterThan(200);
    expect(most / one).toBeLessThan(300);
  });

  it("before 8.0.23, an in-use table's hash entries cost what they cost after it, on top of the eviction walk", () => {
    // 8.0.22 once printed 0.42 s for a table 8.0.23 charged 0.82 s: it took the table as cold.
    const tablePages = { pages: 660_000, source: "assumed" as const };
    const after = drop(64 * GiB, { ahi: true, lazy: true, tablePages });
    const before = drop(64 * GiB, { ahi: true, tablePages });
    const added = /adds about ([\d.]+) s of LRU walks if one cleanup batch/.exec(before.summary);
    expect(added, before.summary).not.toBeNull();
    const ahiAfter = after.actual.value - after.baseline.value;
    expect(Number(added![1])).toBeGreaterThan(0.8 * ahiAfter);
    expect(before.actual.value + Number(added![1])).toBeGreaterThan(after.actual.value);
    expect(before.summary).toContain("which lazy eviction keeps");
    expect(drop(64 * GiB, { ahi: true, hashedPages: 0 }).summary).not.toContain("LRU walks");
  });

  it("the message's ratio is the ratio of its two figures, with two significant figures, bounded", () => {
    const d = drop(256 * GiB);
    const m = /about ([\d.]+) (m?s) of stall, ([\d.]+)× the ([\d.]+) (m?s)/.exec(d.summary)!;
    const toS = (v: string, u: string) => Number(v) / (u === "ms" ? 1000 : 1);
    const shown = toS(m[1]!, m[2]!) / toS(m[4]!, m[5]!);
    expect(Math.abs(shown / Number(m[3]) - 1)).toBeLessThan(0.1);
    for (const n of numbers(d.summary)) expect(significant(n)).toBeLessThanOrEqual(2);
    expect(drop(64 * 1024 * GiB).summary).toContain(`more than ${DROP_RATIO_BOUND}×`);
  });

  it("says which pages it walks and echoes the assumed dirty share", () => {
    const d = drop(64 * GiB);
    expect(d.summary).toContain("dirty pages");
    expect(d.inputs).toContainEqual({ name: "dirty_ratio", value: 0.5, source: "assumed" });
    expect(d.assumptions.join(" ")).toContain("50 % of its pages are dirty");
    const t = drop(64 * GiB, { operation: "truncate", legacy: true });
    expect(t.summary).toContain("every page in the pool, twice");
  });
});

describe("unpruned partitions", () => {
  it("on MariaDB take one descent per dive from the MDEV-21136 releases, and read every unpruned partition", () => {
    const server = (label: string) => partitionServer(parseTarget(label));
    expect(server("mysql-8.0.36")).toBeUndefined();
    for (const label of ["mariadb-10.5.20", "mariadb-10.6.8", "mariadb-10.7.4", "mariadb-10.8.3", "mariadb-10.9.1"])
      expect(server(label), label).toEqual({ sharedDescent: false, readsEveryPartition: true });
    for (const label of ["mariadb-10.6.9", "mariadb-10.7.5", "mariadb-10.8.4", "mariadb-10.9.2", "mariadb-10.11", "mariadb-11.4.2"])
      expect(server(label), label).toEqual({ sharedDescent: true, readsEveryPartition: true });
    // In memory the dives cost CPU, not reads: one descent instead of two, and a descent into every partition at execution.
    const inMemory = {
      pool: { bytes: 64 * GiB, source: "config" as const },
      table: { dataBytes: 2 * GiB, rowBytes: 200, source: "config" as const },
      even: true as const,
    };
    const mysql = partitionDivesImpact(sim, 64, "pruned", [], inMemory);
    const mariadb = partitionDivesImpact(sim, 64, "pruned", [], { ...inMemory, server: server("mariadb-10.11")! });
    expect(mariadb.assumptions.join("\n")).toContain("each dive reads one root-to-leaf path");
    expect(mariadb.assumptions.join("\n")).toContain("the lookup also descends into every unpruned partition");
    expect(mysql.assumptions.join("\n")).toContain("each dive reads about two root-to-leaf paths");
    expect(mariadb.actual.value).not.toBe(mysql.actual.value);
  });

  it("keeps the table's data size whatever its partition count, and echoes it", () => {
    const sizes = [26, 400, 8192].map((n) => partitionDivesImpact(sim, n, "pruned", []).inputs.find((i) => i.name === "data_bytes")?.value);
    expect(new Set(sizes).size).toBe(1);
    expect(Number(sizes[0]) / (26 * GiB)).toBeGreaterThan(8);
    expect(Number(sizes[0]) / (26 * GiB)).toBeLessThan(14);
  });

  it("more partitions never read fewer pages per query, and the ratio is bounded", () => {
    let reads = 0;
    for (const n of [2, 4, 8, 12, 26, 64, 400, 8192]) {
      const i = partitionDivesImpact(sim, n, "pruned", []);
      const r = Number(/, ([\d,.]+) disk reads per query/.exec(i.summary)![1]!.replace(/,/g, ""));
      expect(r).toBeGreaterThanOrEqual(reads * 0.9);
      reads = r;
      const fewer = /\(([\d.]+)× fewer\)/.exec(i.summary);
      if (fewer) expect(Number(fewer[1])).toBeLessThanOrEqual(PARTITION_RATIO_BOUND);
    }
    const beyond = partitionDivesImpact(sim, 8192, "pruned", []);
    expect(beyond.summary).toContain(`more than ${PARTITION_RATIO_BOUND}× fewer QPS than pruned, beyond what any measurement covers`);
    // The two throughputs would state the ratio the bound withholds.
    expect(beyond.summary).not.toContain("QPS instead of");
    expect(1 / beyond.ratio).toBeGreaterThan(PARTITION_RATIO_BOUND);
  });

  it("HASH partitions lose at most the partition count against a pruned query, whose hot pages span every partition", () => {
    // Pruned to the newest partitions, the baseline's hot set shrank into the pool while the unpruned one
    // thrashed it: 26 HASH partitions of data ten times the pool read 120× fewer QPS. Dives in n
    // partitions touch about n times the pages of one, on the same hot set.
    for (const n of [12, 26, 100]) {
      const i = partitionDivesImpact(sim, n, "pruned", [], { even: true });
      expect(1 / i.ratio, `${n} partitions`).toBeLessThanOrEqual(n);
      expect(1 / i.ratio, `${n} partitions`).toBeGreaterThan(1);
      expect(i.baseline.label).toBe("pruned to one partition (modelled as the table's rows in one B-tree)");
    }
  });

  it("on HASH partitions, more of them never gain throughput, and the pruned query they are compared with does not change", () => {
    // In a 64G pool, 540 partitions once read 73× fewer and 800 only 1.9× fewer: a partition of
    // a few simulated pages decided by its rounding whether the hot set fit.
    const pool = { bytes: 64 * GiB, source: "config" as const };
    let last = Number.POSITIVE_INFINITY;
    const baselines = new Set<number>();
    for (const n of [26, 101, 200, 400, 540, 700, 800, 1000, 2000, 4000, 8192]) {
      const i = partitionDivesImpact(sim, n, "pruned", [], { even: true, pool });
      expect(i.actual.value, `${n} partitions`).toBeLessThan(last * 1.02);
      last = i.actual.value;
      baselines.add(Math.round(i.baseline.value));
    }
    expect(baselines.size).toBe(1);
  });

  it("reads its misses at the study's SSD rate, stated, or at one rotating disk's where the host declares one", () => {
    const pool = { bytes: 8 * GiB, source: "config" as const };
    const ssd = partitionDivesImpact(sim, 540, "pruned", [], { even: true, pool });
    const hdd = partitionDivesImpact(sim, 540, "pruned", [], { even: true, pool, storage: { kind: "hdd", from: "--host-storage" } });
    expect(ssd.assumptions.join("\n")).toContain("at 30,000 a second, 200 µs each (the study's SSD)");
    expect(hdd.assumptions.join("\n")).toContain("one 7,200 rpm disk, 100 a second (this host's rotating disks, from --host-storage");
    expect(hdd.inputs).toContainEqual({ name: "host_storage", value: "hdd", source: "config" });
    expect(hdd.inputs).toContainEqual({ name: "disk_random_reads_per_s", value: 100, source: "assumed" });
    // Disk-bound, the query rate follows the device: a rotating disk does about 1/300 of the SSD's reads.
    expect(hdd.actual.value).toBeLessThan(ssd.actual.value / 100);
  });

  it("at the measured 26 partitions, pruning gains what skipping the dives gained (3.7× measured)", () => {
    const pruned = 1 / partitionDivesImpact(sim, 26, "pruned", []).ratio;
    const skipped = 1 / partitionDivesImpact(sim, 26, "records_in_range", []).ratio;
    expect(pruned).toBeGreaterThan(3.7 * 0.7);
    expect(pruned).toBeLessThan(3.7 * 1.3);
    expect(Math.abs(pruned / skipped - 1)).toBeLessThan(0.1);
  });
});

describe("sort buffer", () => {
  it("computes seconds and ratio on the table it is given, and names the assumed one otherwise", () => {
    const assumed = sortBufferImpact(sim, 64 * MiB, []);
    expect(assumed.assumptions[0]).toMatch(/^assumed table: 190,000,000 rows/);
    expect(assumed.assumptions.join(" ")).not.toContain("scale the times, not the ratios");
    const small = sortBufferImpact(sim, 64 * MiB, [], { name: "orders", rows: 2_000_000, rowBytes: 120, keyBytes: 40, source: "schema" });
    expect(small.summary).toContain("on orders");
    expect(small.baseline.value).toBeLessThan(assumed.baseline.value / 10);
    expect(small.inputs).toContainEqual({ name: "rows", value: 2_000_000, source: "schema" });
    expect(small.ratio).not.toBeCloseTo(assumed.ratio, 2);
  });
});

describe("sort buffer on an option file, with declared tables", () => {
  it("computes on the largest table .innolint.json declares, named, and on the assumed one without", async () => {
    const text = "[mysqld]\ninnodb_sort_buffer_size = 64M\n";
    const tables = { "shop.orders": { rows: 2.0e8, dataSize: "70G" }, countries: { rows: 250 } };
    const [declared] = await ruleFindings("sort-buffer-oversized", text, "mysql-8.0.22", { config: { tables }, impact: true });
    const [assumed] = await ruleFindings("sort-buffer-oversized", text, "mysql-8.0.22", { impact: true });
    expect(declared?.impact?.summary).toContain("on shop.orders");
    expect(declared?.impact?.inputs).toContainEqual({ name: "rows", value: 2e8, source: "config" });
    expect(declared?.impact?.assumptions[0]).toContain("the largest table .innolint.json declares");
    expect(assumed?.impact?.summary).toContain("on the assumed table");
    expect(declared?.impact?.baseline.value).not.toBe(assumed?.impact?.baseline.value);
    // Declared with both, the row size is the table's; the index key is the study's, and says so.
    expect(declared?.impact?.inputs).toContainEqual({ name: "row_bytes", value: 376, source: "config" });
    expect(declared?.impact?.inputs).toContainEqual({ name: "key_bytes", value: 251, source: "assumed" });
  });

  it("a table declared by its size alone gets its rows at the study's row size, which is labelled assumed", async () => {
    const text = "[mysqld]\ninnodb_sort_buffer_size = 64M\n";
    const [f] = await ruleFindings("sort-buffer-oversized", text, "mysql-8.0.22", { config: { tables: { "shop.orders": { dataSize: "1G" } } }, impact: true });
    expect(f?.impact?.inputs).toContainEqual({ name: "rows", value: 2810842, source: "config" });
    expect(f?.impact?.inputs).toContainEqual({ name: "row_bytes", value: 382, source: "assumed" });
    expect(f?.impact?.assumptions[0]).toContain("the largest table .innolint.json declares, rows from its size at the study's row size");
  });
});

const MYSQL_80_LOAD: DumpLoadPacing = { pacing: "throttled", server: "MySQL 8.0.36", ioCapacity: { value: 200, source: "default" } };

describe("online rebuilds", () => {
  const rebuildOf = (extra: Partial<Parameters<typeof tableRebuildImpact>[1]> = {}) =>
    tableRebuildImpact(sim, {
      rows: 200_000_000,
      rowBytes: 350,
      secondaryIndexes: 1,
      indexesKnown: true,
      partitions: 1,
      ddlPath: false,
      sortBufferBytes: MiB,
      copy: false,
      label: "in place (rebuild)",
      inputs: [],
      ...extra,
    });

  it("give the time on a stock server and on the calibrated Aurora host, and the range the public measurements take between them", () => {
    const cases = (
      JSON.parse(readFileSync(join(__dirname, "../../engine-sim/validation.json"), "utf8")) as {
        cases: { id: string; measured: { value: number }; run: { params: Record<string, unknown> } }[];
      }
    ).cases.filter((c) => c.id.startsWith("ib-abs-"));
    expect(cases).toHaveLength(REBUILD_CASES);
    const seconds = (p: Record<string, unknown>) => (sim.simulate("index_build", p as never) as { build_seconds: number }).build_seconds;
    const overStock = cases.map((c) => c.measured.value / seconds(c.run.params));
    const overAurora = cases.map(
      (c) => c.measured.value / seconds({ ...c.run.params, ...AURORA_R5_2XLARGE_BUILD_HOST, cpu_cores: c.run.params.cpu_cores ?? 8 }),
    );
    // Every public case lies between the two hosts.
    for (const r of [...overStock, ...overAurora.map((r) => 1 / r)]) expect(r).toBeGreaterThan(1);
    const span = (rs: number[]) => `${Number(Math.min(...rs).toPrecision(2))}–${Number(Math.max(...rs).toPrecision(2))}×`;
    // The rule's evidence quotes the same spans.
    expect(readFileSync(join(__dirname, "../../../rules/alter-rebuilds-table.yaml"), "utf8")).toContain(
      `Each took ${span(overStock).replace("×", "")} times the simulator's default host and ${span(overAurora).replace("×", "")} times the study's Aurora host`,
    );
    const impact = rebuildOf();
    expect(impact.assumptions.join("\n")).toContain(
      `the ${REBUILD_CASES} public measurements of stock servers in the simulator's validation table took ${span(overStock)} the first host's time and ${span(overAurora)} the second's`,
    );
    const m = /^about ([\d.]+) (s|min|h) on a stock server, ([\d.]+) (s|min|h) at the measured Aurora r5\.2xlarge's pace/.exec(impact.summary)!;
    const unit = { s: 1, min: 60, h: 3600 };
    const stock = Number(m[1]) * unit[m[2] as "s"];
    const aurora = Number(m[3]) * unit[m[4] as "s"];
    expect(aurora / stock).toBeGreaterThan(5);
    // The JSON keeps the slower host's full value.
    expect(impact.actual.value / aurora).toBeCloseTo(1, 1);
    // A copy inserts row by row: both figures are lower bounds.
    expect(rebuildOf({ copy: true }).summary).toMatch(/^at least [\d.]+ (s|min|h) on a stock server, /);
  });

  it("log a write as its record, off-page columns by reference: never more than about 8 KB a write", () => {
    const rebuild = (rowBytes: number) =>
      tableRebuildImpact(sim, {
        rows: 20_000_000,
        rowBytes,
        secondaryIndexes: 0,
        indexesKnown: true,
        partitions: 1,
        ddlPath: false,
        sortBufferBytes: MiB,
        onlineLogMaxBytes: 128 * MiB,
        copy: false,
        label: "in place (rebuild)",
        inputs: [],
      });
    const fillOf = (i: ReturnType<typeof rebuild>) => {
      const m = /row log fills innodb_online_alter_log_max_size=128M after about ([\d.]+) (s|min|h)/.exec(i.summary);
      return m ? Number(m[1]) * { s: 1, min: 60, h: 3600 }[m[2] as "s"] : Number.NaN;
    };
    const wide = rebuild(35_000);
    expect(wide.assumptions.join("\n")).toContain("8,126 bytes a write at most");
    // The same writes log no more than a record each: the 128M log fills as fast for 35,000-byte rows as for 8,126-byte ones.
    // Both figures are printed to two significant figures, and the build's CPU shifts the write rate a little.
    expect(fillOf(wide)).toBeGreaterThanOrEqual(fillOf(rebuild(8126)) / 1.15);
    expect(wide.summary).toContain("the rebuild then stops with DB_ONLINE_LOG_TOO_BIG");
  });
});

describe("buffer pool warm-up after a restart", () => {
  it("a throttled dump load under writes takes the hot pages over innodb_io_capacity, and a higher setting shortens it", () => {
    // A declared flash device has no measured rate: the study's disk is used, and the summary says so.
    expect(coldRestartImpact(sim, 64 * GiB, 25, MYSQL_80_LOAD, [], { kind: "ssd", from: "my.cnf" }).summary).toContain(
      "from a 210 MB/s disk (the scan study's; no rate is measured for this host's ssd storage, from my.cnf, which likely reads faster)",
    );
    const slow = coldRestartImpact(sim, 256 * GiB, 25, MYSQL_80_LOAD, []);
    // 64 GiB is 4,194,304 pages; at 200 a second, 5.8 hours.
    // 4,194,304 pages: a second's sleep after each 200 but the first, 20,970 s.
    expect(slow.summary).toContain(
      "MySQL 8.0.36 paces it to 200 pages a second (innodb_io_capacity) while the server is otherwise busy, so under traffic it takes about 5.8 h, and queries meanwhile read the pages they miss themselves",
    );
    expect(slow.inputs).toContainEqual({ name: "innodb_io_capacity", value: 200, source: "default" });
    const fast = coldRestartImpact(sim, 256 * GiB, 25, { ...MYSQL_80_LOAD, ioCapacity: { value: 5000, source: "config" } }, []);
    expect(fast.summary).toContain(
      "paces it to 5,000 pages a second (innodb_io_capacity) while the server is otherwise busy, so under traffic it takes about 14 min",
    );
    // Faster than the disk reads the pages, the throttle does not bind and is not mentioned.
    const unbound = coldRestartImpact(sim, 256 * GiB, 25, { ...MYSQL_80_LOAD, ioCapacity: { value: 20000, source: "config" } }, []);
    expect(unbound.summary).toMatch(/takes about 5\.5 min from a 210 MB\/s disk.*a dump load reads them back in the background, in 5\.5 min at the least$/);
    const free = coldRestartImpact(sim, 256 * GiB, 25, { pacing: "free", server: "MariaDB 10.11.2", ioCapacity: { value: 200, source: "default" } }, []);
    expect(free.summary).not.toContain("innodb_io_capacity");
    expect(free.summary).toMatch(/a dump load reads them back in the background, in 5\.\d min at the least$/);
    expect(free.assumptions.join(" ")).toContain("MDEV-25417");
    expect(free.inputs.map((x) => x.name)).not.toContain("innodb_io_capacity");
    // On rotating disks the sequential figure is only the floor of a load whose pages lie scattered.
    const hdd = coldRestartImpact(sim, 256 * GiB, 25, MYSQL_80_LOAD, [], { kind: "hdd", from: "--host-storage" });
    expect(hdd.summary).toContain("in 5.5 min at the least (sorted reads; pages scattered over the disk cost a seek each, up to the random reads' time)");
    expect(hdd.summary).toContain("take about 12 h at 100 reads a second per 7,200 rpm disk");
    expect(slow.summary).toContain("takes about 5.5 min from a 210 MB/s disk, 2.9× the 1.9 min the same reads take once the pages are in memory");
  });

  it("grows with the configured pool and the dump percentage, which it echoes", () => {
    let last = 0;
    for (const g of [0.125, 1, 16, 256]) {
      const i = coldRestartImpact(sim, g * GiB, 25, MYSQL_80_LOAD, []);
      expect(i.actual.value).toBeGreaterThan(last);
      last = i.actual.value;
    }
    const big = coldRestartImpact(sim, 256 * GiB, 25, MYSQL_80_LOAD, []);
    expect(big.summary).toContain("64G (25 % of the 256G pool)");
    expect(big.actual.value).toBeGreaterThan(200);
    expect(coldRestartImpact(sim, 256 * GiB, 50, MYSQL_80_LOAD, []).actual.value).toBeGreaterThan(1.8 * big.actual.value);
  });
});

describe("relaxed commit durability", () => {
  it("states the fsync it assumes and the gain on storage with a protected write cache, in two significant figures", () => {
    const i = commitDurabilityImpact(sim, 2, 1, []);
    expect(i.summary).toContain("0.8 ms fsync");
    expect(i.summary).toMatch(/1\.\d× with a 50 µs one/);
    for (const n of numbers(i.summary)) expect(significant(n)).toBeLessThanOrEqual(2);
    expect(i.assumptions.join(" ")).toContain("battery-backed");
  });
});

describe("monotone where the mechanism is", () => {
  it("more hashed pages never shorten the AHI cleanup; none cost no walk", () => {
    const ahi = (hashedPages: number) =>
      dropStallImpact(sim, { pool: 32 * GiB, instances: 8, ahi: true, operation: "drop", drops: 1, legacy: false, lazy: true, hashedPages, inputs: [] });
    let last = -1;
    for (const h of [0, 1024, 8192, 8193, 65_536, 1_000_000]) {
      const s = ahi(h).actual.value;
      expect(s).toBeGreaterThanOrEqual(last);
      last = s;
    }
    expect(ahi(0).ratio).toBeCloseTo(1, 5);
    expect(ahi(0).summary).toContain(" 0 LRU pages walked");
  });

  it("a relaxed flush gains less on faster storage and more never than the fsync it saves allows", () => {
    for (const mode of [0, 2] as const) {
      const i = commitDurabilityImpact(sim, mode, 1, []);
      const fast = Number(/([\d.]+)× with a 50 µs one/.exec(i.summary)![1]);
      expect(i.ratio).toBeGreaterThanOrEqual(1);
      expect(fast).toBeGreaterThanOrEqual(1);
      expect(fast).toBeLessThan(i.ratio);
      // At 32 threads, group commit already shares each 0.8 ms fsync: no factor of ten.
      expect(i.ratio).toBeLessThan(10);
    }
  });

  it("a bigger sort buffer never needs more merge passes, and costs more memory", () => {
    let passes = Number.POSITIVE_INFINITY;
    let memory = 0;
    for (const s of [64 * 1024, MiB, 8 * MiB, 64 * MiB]) {
      const i = sortBufferImpact(sim, s, []);
      const p = Number(/(\d+) merge passes instead/.exec(i.summary)![1]);
      expect(p).toBeLessThanOrEqual(passes);
      passes = p;
      const m = /, ([\d.,]+) (KiB|MiB|GiB) per index build/.exec(i.summary)!;
      const bytes = Number(m[1]!.replace(/,/g, "")) * { KiB: 1024, MiB, GiB }[m[2] as "KiB" | "MiB" | "GiB"];
      expect(bytes).toBeGreaterThan(memory);
      memory = bytes;
    }
  });

  it("the same setting on a bigger pool gives a bigger impact, never the same number", () => {
    const small = coldRestartImpact(sim, 8 * GiB, 25, MYSQL_80_LOAD, []).summary;
    const big = coldRestartImpact(sim, 64 * GiB, 25, MYSQL_80_LOAD, []).summary;
    expect(small).not.toBe(big);
    expect(drop(8 * GiB).summary).not.toBe(drop(64 * GiB).summary);
  });
});

describe("assumed inputs are stated", () => {
  it("every input an impact assumes is listed with its source, and the assumptions say what it stands for", () => {
    const impacts = [
      drop(64 * GiB),
      drop(64 * GiB, { ahi: true, lazy: true }),
      partitionDivesImpact(sim, 64, "pruned", []),
      sortBufferImpact(sim, 64 * MiB, []),
      coldRestartImpact(sim, 64 * GiB, 25, MYSQL_80_LOAD, []),
      commitDurabilityImpact(sim, 2, 1, []),
    ];
    for (const i of impacts) {
      expect(i.assumptions.length, i.metric).toBeGreaterThan(0);
      expect(
        i.inputs.some((x) => x.source === "assumed"),
        i.metric,
      ).toBe(true);
      for (const x of i.inputs) expect(["config", "default", "schema", "live", "assumed"]).toContain(x.source);
    }
    expect(partitionDivesImpact(sim, 64, "pruned", []).assumptions[0]).toMatch(/^assumed table: \d+ GiB of 200-byte rows over the 64 partitions/);
    expect(coldRestartImpact(sim, 64 * GiB, 25, MYSQL_80_LOAD, []).assumptions[0]).toContain("210 MB/s");
  });
});

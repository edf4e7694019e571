//! `partition_dives`: the page reads that records-in-range estimates ("index dives") add to a
//! point query on a partitioned table, and the throughput left for a given I/O capacity.
//!
//! # Mechanism
//!
//! While planning, `ha_innopart::records_in_range()` calls `btr_estimate_n_rows_in_range()` for
//! every partition that pruning left in (`partitions_scanned`). Each call descends the
//! partition's B-tree twice (to the left and right borders of the range) and reads the pages
//! between the two paths on the level where they diverge, at most 10 pages
//! (`N_PAGES_READ_LIMIT`). MariaDB from 10.6.9 (MDEV-21136) takes both borders down in one
//! descent until their paths part, so an equality range costs one descent (`dive_descents` 1).
//! Percona Server's `innodb_records_in_range` (and `innodb_force_index_records_in_range` with
//! FORCE INDEX) replace the estimate with a constant: zero page reads.
//!
//! The query then reads its `limit` rows, newest partition first, until it has them
//! (`rows_per_key` matching rows per partition). With `reads_every_partition` (MariaDB, whose
//! partition handler merges the partitions in index order) it also descends to the first
//! matching row of every other unpruned partition.
//!
//! B-tree shape: leaves hold `page_bytes·fill/row_bytes` rows; node-pointer pages hold
//! `page_bytes·fill/(key_bytes + 8)` children; the height follows from the partition's rows.
//!
//! Partitions grow geometrically from the oldest to the newest (`growth` = newest/oldest), so
//! old partitions are small and recent ones large, as for a table partitioned by month.
//!
//! Buffer pool: a real LRU list with midpoint insertion (`innodb_old_blocks_pct`,
//! `innodb_old_blocks_time`) is fed with every page access of a stream of queries, keys drawn
//! uniformly from the first `hot_key_fraction` of the key space. Old partitions' pages are read
//! only by dives; recent partitions' pages by dives and by the query. The pool and every B-tree
//! level are scaled down by the same factor to `SIM_POOL_PAGES` pages (hit ratios depend on
//! the ratio of working set to pool, which scaling keeps); rounding levels up to whole pages
//! adds root and node-pointer pages the full-size trees do not have, and the simulated pool
//! gets those of the touched partitions on top, so the room left for the rest stays the
//! full-size share. The simulated clock is scaled so that each page's re-access interval
//! matches the full-size system (which is what `old_blocks_time` compares against); it needs
//! the throughput, which needs the misses, so it is set again after each pool's worth of
//! misses during the warm-up (a fixed-point iteration within one pass). Equal partitions
//! (`growth` 1) that every query dives are interchangeable under the one list, so beyond
//! `SYM_PARTITIONS` only that many are simulated, with their share of the pool, and their misses
//! count for all: each partition keeps many simulated pages instead of a few whose rounding
//! decides whether its hot pages fit. The simulation warms
//! up until its misses reach twice the pool (the first fill included), then measures until
//! they reach twice the pool again (`WARM_POOLS`, `MEASURE_POOLS`). Misses per query come out
//! of it, separately for dives and for the query's own reads. Page ids are dense, so the list
//! is indexed by an array.
//!
//! Throughput: exact mean-value analysis of a closed network with `threads` clients, a CPU
//! station (`cpu_cores` servers, demand `cpu_us_per_query + accesses·CPU_US_PER_PAGE`) and
//! the disk (`disk_iops` capacity, `disk_latency_us` unloaded latency, i.e.
//! `disk_iops·disk_latency_us` parallel channels), using Seidmann's approximation for the
//! multi-server stations.
//!
//! # Calibration
//!
//! `CPU_US_PER_PAGE` and the MVA are not fitted. The post gives neither partition sizes nor the
//! key distribution, so the scenario describes them (data ≈ 12× the pool, newest partition
//! 300× the oldest, 2.5 rows per key and partition) and its key skew (`hot_key_fraction =
//! 0.27`) is set from the "before" measurement (4.6 K ops/s, about 6.5 disk reads per query at
//! the device's 28–32 K reads/s). The throughput and latency after the records-in-range
//! override (~17 K ops/s, 2.9 ms) are predictions.

use super::GIB;
use crate::json::Out;
use crate::params::{Params, SimError};
use crate::sim::{Access, Lru, Rng};

/// CPU per buffer-pool page access (page fix/unfix, latch, binary search in the page), µs.
pub const CPU_US_PER_PAGE: f64 = 1.0;
/// `N_PAGES_READ_LIMIT` in `btr_estimate_n_rows_in_range_on_level()`.
pub const N_PAGES_READ_LIMIT: f64 = 10.0;
/// Simulated pool (pages), before the rounding allowance: the full-size pool and every B-tree
/// level are scaled down by `pool pages / SIM_POOL_PAGES` (pools already smaller are not
/// scaled). Above InnoDB's 512-page minimum for an old sublist, with room to spare.
pub const SIM_POOL_PAGES: f64 = 1024.0;
/// Budget of simulated page accesses per estimate (at least `MIN_QUERIES` queries).
pub const MAX_ACCESSES: u64 = 250_000;
pub const MIN_QUERIES: f64 = 4.0;
/// Warm-up: until the misses (the pool's first fill included) reach `WARM_POOLS` times the
/// simulated pool, or half the access budget is spent.
pub const WARM_POOLS: f64 = 2.0;
/// Measurement: until its misses reach `MEASURE_POOLS` times the simulated pool, with at least
/// `MIN_MEASURED_QUERIES` and at most `MEASURED_QUERIES` queries (and within the budget). At
/// the reference workload this is ~570 queries (~120,000 page accesses) before the override
/// and ~2,100 after; the throughputs move by 2–3 % (standard deviation over seeds) and sit
/// 1–2 % below those of a 4,096-page pool measured over 1,500 queries.
pub const MEASURE_POOLS: f64 = 2.0;
/// A pool that is not full and has seen no miss for this many queries holds all the queries
/// touch: warm-up ends, and the measurement stops at `MIN_MEASURED_QUERIES`.
pub const IDLE_QUERIES: u64 = 200;
pub const MIN_MEASURED_QUERIES: u64 = 200;
pub const MEASURED_QUERIES: u64 = 1500;
/// Equal partitions that every query dives alike are interchangeable under one LRU list, so
/// beyond this many only this many are simulated, with their share of the pool (see `simulate`;
/// more when that share would be under `SIM_POOL_PAGES`).
pub const SYM_PARTITIONS: u64 = 16;
/// A query that reads more consecutive leaves than `SCAN_POOLS` simulated pools walks that many
/// through the list; the rest are counted as reads: by then its own earlier pages fill the old
/// sublist, so each further new leaf is a miss. This bounds a query's work whatever LIMIT and
/// rows per key say (a billion rows are half a billion leaves otherwise).
pub const SCAN_POOLS: u64 = 2;

#[derive(Debug, Clone)]
pub struct Input {
    pub partitions: u64,
    pub partitions_scanned: u64,
    pub rows_per_partition: f64,
    pub growth: f64,
    pub row_bytes: f64,
    pub key_bytes: f64,
    pub page_bytes: f64,
    pub page_fill: f64,
    pub pool_bytes: f64,
    pub old_blocks_pct: u64,
    pub old_blocks_time_ms: f64,
    pub records_in_range: f64,
    pub dive_descents: u64,
    pub reads_every_partition: bool,
    pub rows_per_key: f64,
    pub limit: f64,
    pub hot_key_fraction: f64,
    pub threads: u64,
    pub client_latency_us: f64,
    pub cpu_cores: u64,
    pub cpu_us_per_query: f64,
    pub disk_iops: f64,
    pub disk_latency_us: f64,
    pub seed: u64,
}

impl Input {
    pub fn read(p: &mut Params) -> Result<Input, SimError> {
        let partitions = p.int(
            "partitions",
            26,
            1,
            8192,
            "",
            "partitions of the table (MySQL's limit is 8192)",
        )?;
        let partitions_scanned = p.int(
            "partitions_scanned",
            0,
            0,
            8192,
            "",
            "partitions left after pruning (0 = all)",
        )?;
        if partitions_scanned > partitions {
            return Err(SimError::new(
                "partitions_scanned",
                "cannot exceed partitions",
            ));
        }
        let rows_per_partition = p.num(
            "rows_per_partition",
            50_000_000.0,
            1.0,
            1e12,
            "rows",
            "rows in the newest partition",
        )?;
        let growth = p.num("growth", 1.0, 1.0, 1e6, "", "newest partition's rows / oldest partition's rows (geometric growth in between; 1 = equal partitions)")?;
        let row_bytes = p.num(
            "row_bytes",
            200.0,
            1.0,
            16384.0,
            "bytes",
            "clustered-index record size",
        )?;
        let key_bytes = p.num(
            "key_bytes",
            40.0,
            1.0,
            3072.0,
            "bytes",
            "primary-key size (node pointers)",
        )?;
        let page_bytes = p.num(
            "page_bytes",
            16384.0,
            4096.0,
            65536.0,
            "bytes",
            "innodb_page_size",
        )?;
        let page_fill = p.num(
            "page_fill",
            0.9,
            0.3,
            1.0,
            "",
            "average fill of B-tree pages",
        )?;
        let pool_bytes = p.num(
            "buffer_pool_bytes",
            64.0 * GIB,
            5.0 * 1024.0 * 1024.0,
            64.0 * 1024.0 * GIB,
            "bytes",
            "innodb_buffer_pool_size (up to 64 TiB)",
        )?;
        let old_blocks_pct = p.int("old_blocks_pct", 37, 5, 95, "%", "innodb_old_blocks_pct")?;
        let old_blocks_time_ms = p.num(
            "old_blocks_time_ms",
            1000.0,
            0.0,
            4294967295.0,
            "ms",
            "innodb_old_blocks_time",
        )?;
        let records_in_range = p.num(
            "records_in_range",
            0.0,
            0.0,
            1e18,
            "rows",
            "Percona innodb_records_in_range: non-zero skips the dives",
        )?;
        let dive_descents = p.int("dive_descents", 2, 1, 2, "", "descents per records-in-range dive: 2 in MySQL and in MariaDB before 10.6.9 (one per border of the range), 1 from MariaDB 10.6.9 (MDEV-21136: both borders share one descent until their paths part)")?;
        let reads_every_partition = p.boolean("reads_every_partition", false, "the query reads its first matching row in every unpruned partition, not only in those its LIMIT needs (MariaDB's partition handler merges the partitions in index order: Handler_read_key counts every one)")?;
        let rows_per_key = p.num(
            "rows_per_key",
            4.0,
            0.0,
            1e9,
            "rows",
            "rows matching the key in each partition",
        )?;
        let limit = p.num("limit", 10.0, 1.0, 1e9, "rows", "LIMIT of the query")?;
        let hot_key_fraction = p.num(
            "hot_key_fraction",
            1.0,
            1e-9,
            1.0,
            "",
            "fraction of the key space the queries draw from (uniformly)",
        )?;
        let threads = p.int(
            "threads",
            50,
            1,
            100_000,
            "threads",
            "client threads (closed loop)",
        )?;
        let client_latency_us = p.num(
            "client_latency_us",
            0.0,
            0.0,
            1e8,
            "us",
            "client-side time per query",
        )?;
        let cpu_cores = p.int("cpu_cores", 32, 1, 4096, "cores", "CPU cores")?;
        let cpu_us_per_query = p.num(
            "cpu_us_per_query",
            100.0,
            0.0,
            1e8,
            "us",
            "CPU per query besides page accesses (parse, optimise, send)",
        )?;
        let disk_iops = p.num(
            "disk_iops",
            30_000.0,
            1.0,
            1e9,
            "IOPS",
            "random-read capacity of the data device",
        )?;
        let disk_latency_us = p.num(
            "disk_latency_us",
            200.0,
            1.0,
            1e7,
            "us",
            "unloaded latency of one page read",
        )?;
        let seed = p.int("seed", 1, 0, 1 << 52, "", "random seed")?;
        Ok(Input {
            partitions,
            partitions_scanned: if partitions_scanned == 0 {
                partitions
            } else {
                partitions_scanned
            },
            rows_per_partition,
            growth,
            row_bytes,
            key_bytes,
            page_bytes,
            page_fill,
            pool_bytes,
            old_blocks_pct,
            old_blocks_time_ms,
            records_in_range,
            dive_descents,
            reads_every_partition,
            rows_per_key,
            limit,
            hot_key_fraction,
            threads,
            client_latency_us,
            cpu_cores,
            cpu_us_per_query,
            disk_iops,
            disk_latency_us,
            seed,
        })
    }
}

/// Pages per level of one partition's B-tree, leaf level first.
pub fn btree_levels(
    rows: f64,
    row_bytes: f64,
    key_bytes: f64,
    page_bytes: f64,
    fill: f64,
) -> Vec<f64> {
    let per_leaf = (page_bytes * fill / row_bytes).floor().max(2.0);
    let fanout = (page_bytes * fill / (key_bytes + 8.0)).floor().max(2.0);
    let mut levels = vec![(rows / per_leaf).ceil().max(1.0)];
    for _ in 0..32 {
        let last = *levels.last().unwrap_or(&1.0);
        if last <= 1.0 {
            break;
        }
        levels.push((last / fanout).ceil());
    }
    levels
}

#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub height: u64,
    pub leaf_pages_per_partition: f64,
    pub data_pages: f64,
    pub dive_pages_per_query: f64,
    pub query_pages_per_query: f64,
    pub dive_reads_per_query: f64,
    pub query_reads_per_query: f64,
    pub reads_per_query: f64,
    pub hit_ratio: f64,
    pub qps: f64,
    pub latency_ms: f64,
    pub disk_reads_per_s: f64,
    pub disk_utilization: f64,
    pub cpu_utilization: f64,
    pub scale: f64,
    pub simulated_queries: u64,
    /// Page accesses the simulation makes per query (fewer than the query's own when equal
    /// partitions stand for each other).
    pub simulated_accesses_per_query: f64,
    /// Partitions simulated.
    pub simulated_partitions: u64,
}

/// Mean-value analysis of a closed network with a think time and two multi-server stations
/// (demand µs, servers): returns (throughput/s, response time µs excluding think time).
fn mva(n: u64, think_us: f64, a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    // Each station (demand µs, servers) becomes a queueing part D/c and a delay part D(c-1)/c.
    let delay = a.0 * (a.1 - 1.0) / a.1 + b.0 * (b.1 - 1.0) / b.1;
    let (mut qa, mut qb) = (0.0, 0.0);
    let mut x = 0.0;
    let mut r_total = 0.0;
    for k in 1..=n {
        let ra = a.0 / a.1 * (1.0 + qa);
        let rb = b.0 / b.1 * (1.0 + qb);
        r_total = ra + rb + delay;
        x = k as f64 / (r_total + think_us);
        qa = x * ra;
        qb = x * rb;
    }
    (x * 1e6, r_total)
}

pub fn simulate(inp: &Input) -> Outcome {
    let mut o = Outcome::default();
    let n_parts = inp.partitions;
    let newest = n_parts - 1;
    // Rows of partition i (0 = oldest): geometric growth up to rows_per_partition.
    let rows_of = |i: u64| -> f64 {
        if n_parts <= 1 {
            return inp.rows_per_partition;
        }
        let age = (newest - i) as f64 / (n_parts - 1) as f64;
        (inp.rows_per_partition / inp.growth.powf(age)).max(1.0)
    };
    let levels: Vec<Vec<f64>> = (0..n_parts)
        .map(|i| {
            btree_levels(
                rows_of(i),
                inp.row_bytes,
                inp.key_bytes,
                inp.page_bytes,
                inp.page_fill,
            )
        })
        .collect();
    o.height = levels[newest as usize].len() as u64;
    o.leaf_pages_per_partition = levels[newest as usize][0];
    let pool_pages = (inp.pool_bytes / inp.page_bytes).floor();
    o.data_pages = levels.iter().map(|l| l.iter().sum::<f64>()).sum();
    let per_leaf = (inp.page_bytes * inp.page_fill / inp.row_bytes)
        .floor()
        .max(2.0);
    // Leaf pages covered by one key's rows in one partition, and by the dive on that level.
    let key_span_pages = (inp.rows_per_key / per_leaf).ceil().max(1.0);
    let dive_leaf_pages = key_span_pages.min(N_PAGES_READ_LIMIT + 1.0);
    let do_dives = inp.records_in_range == 0.0;
    let parts_for_rows = if inp.rows_per_key > 0.0 {
        ((inp.limit / inp.rows_per_key).ceil() as u64)
            .min(inp.partitions_scanned)
            .max(1)
    } else {
        inp.partitions_scanned
    };
    let first_scanned = n_parts - inp.partitions_scanned;
    // Equal partitions stand for each other (see the module's notes); the query's own partitions
    // are scaled alike. At least SIM_POOL_PAGES of pool go to the simulated partitions, so a
    // small pool keeps its old sublist (InnoDB has none below 512 pages).
    let sym_parts =
        SYM_PARTITIONS.max((n_parts as f64 * SIM_POOL_PAGES / pool_pages.max(1.0)).ceil() as u64);
    let symmetric =
        inp.growth == 1.0 && do_dives && inp.partitions_scanned == n_parts && sym_parts < n_parts;
    let (s_parts, s_query_parts) = if symmetric {
        let q = (parts_for_rows as f64 * sym_parts as f64 / n_parts as f64).round() as u64;
        (sym_parts, q.clamp(1, sym_parts))
    } else {
        (n_parts, parts_for_rows)
    };
    let dive_factor = n_parts as f64 / s_parts as f64;
    let query_factor = parts_for_rows as f64 / s_query_parts as f64;
    // Partitions the query reads beyond those its LIMIT needs (`reads_every_partition`).
    let sweep_parts = if inp.reads_every_partition {
        inp.partitions_scanned - parts_for_rows
    } else {
        0
    };
    let descents = inp.dive_descents as f64;
    let (s_newest, s_first) = (s_parts - 1, s_parts - inp.partitions_scanned.min(s_parts));
    let s_sweep_parts = if inp.reads_every_partition {
        s_newest + 1 - s_first - s_query_parts
    } else {
        0
    };
    let sweep_factor = if s_sweep_parts > 0 {
        sweep_parts as f64 / s_sweep_parts as f64
    } else {
        0.0
    };
    let s_pool_pages = pool_pages * s_parts as f64 / n_parts as f64;
    // Scale so that the simulated pool has at most SIM_POOL_PAGES pages.
    let scale = (s_pool_pages / SIM_POOL_PAGES).max(1.0);
    o.scale = scale;
    // Symmetric partitions are all alike, so the first s_parts stand for them.
    let sim_levels: Vec<Vec<f64>> = levels[..s_parts as usize]
        .iter()
        .map(|ls| ls.iter().map(|l| (l / scale).ceil().max(1.0)).collect())
        .collect();
    // Rounding a level up to whole pages adds pages that the full-size tree does not have
    // (mostly root and node-pointer pages: at least one per level and partition, and hot).
    // The simulated pool gets those of the partitions that queries touch on top, so that the
    // room left for the rest of the data is the full-size pool's share.
    let touched = |p: u64| {
        ((do_dives || inp.reads_every_partition) && p >= s_first) || p + s_query_parts > s_newest
    };
    let rounding: f64 = (0..s_parts)
        .filter(|&p| touched(p))
        .map(|p| {
            let (ls, ss) = (&levels[p as usize], &sim_levels[p as usize]);
            ls.iter()
                .zip(ss.iter())
                .map(|(l, s)| s - l / scale)
                .sum::<f64>()
        })
        .sum();
    let sim_pool = (s_pool_pages / scale + rounding).round().max(64.0) as usize;

    // Pages touched per query (independent of caching): the dives of partitions `parts`, and
    // the query's own reads of `count` partitions down from `newest`.
    let dive_pages = |parts: std::ops::Range<u64>| -> f64 {
        if do_dives {
            parts
                .map(|p| descents * levels[p as usize].len() as f64 + (dive_leaf_pages - 1.0))
                .sum()
        } else {
            0.0
        }
    };
    let rows_needed_pages = |k: u64| -> f64 {
        let rows_here = if inp.rows_per_key > 0.0 {
            inp.rows_per_key
                .min(inp.limit - k as f64 * inp.rows_per_key)
                .max(1.0)
        } else {
            1.0
        };
        (rows_here / per_leaf).ceil().max(1.0)
    };
    let query_pages = |newest: u64, count: u64| -> f64 {
        (0..count)
            .map(|k| levels[(newest - k) as usize].len() as f64 + rows_needed_pages(k) - 1.0)
            .sum()
    };
    // One descent to the first matching row of each partition beyond the LIMIT's.
    let sweep_pages = |first: u64, count: u64| -> f64 {
        (first..first + count)
            .map(|p| levels[p as usize].len() as f64)
            .sum()
    };
    o.dive_pages_per_query = dive_pages(first_scanned..n_parts);
    o.query_pages_per_query =
        query_pages(newest, parts_for_rows) + sweep_pages(first_scanned, sweep_parts);

    let accesses_per_query = (o.dive_pages_per_query + o.query_pages_per_query).max(1.0);
    // The same count over the partitions simulated (all of them but for equal ones).
    let sim_accesses_per_query = (dive_pages(s_first..s_parts)
        + query_pages(s_newest, s_query_parts)
        + sweep_pages(s_first, s_sweep_parts))
    .max(1.0);
    // Queries within the access budget, at least MIN_QUERIES: with thousands of unpruned
    // partitions of unequal size one query alone makes ~10^5 accesses, so the total stays
    // within 4·(8192·2·height) ≈ 300,000 accesses.
    o.simulated_accesses_per_query = sim_accesses_per_query;
    o.simulated_partitions = s_parts;
    let budget_queries = (MAX_ACCESSES as f64 / sim_accesses_per_query)
        .floor()
        .clamp(MIN_QUERIES, 1e6) as u64;
    let max_warm = budget_queries / 2;
    let mut rng = Rng::new(inp.seed ^ 0x9A87);
    // Page ids: the simulated pages numbered level by level (leaf first), partition by
    // partition. `flat[start[p]..start[p + 1]]` holds partition p's levels as (first id, pages).
    let mut flat: Vec<(u64, f64)> = Vec::new();
    let mut start: Vec<usize> = Vec::with_capacity(sim_levels.len() + 1);
    let mut key_space = 0u64;
    for ls in &sim_levels {
        start.push(flat.len());
        for pages in ls {
            flat.push((key_space, *pages));
            key_space += *pages as u64;
        }
    }
    start.push(flat.len());
    let disk_servers = (inp.disk_iops * inp.disk_latency_us * 1e-6).max(1.0);
    let cpu_demand = inp.cpu_us_per_query + accesses_per_query * CPU_US_PER_PAGE;
    let throughput = |reads: f64| -> (f64, f64) {
        let disk_demand = reads * disk_servers / inp.disk_iops * 1e6;
        mva(
            inp.threads,
            inp.client_latency_us,
            (cpu_demand, inp.cpu_cores as f64),
            (disk_demand, disk_servers),
        )
    };

    // One pass. The simulated clock needs the throughput, which needs the misses (a fixed
    // point): it starts from the throughput with the pool holding its share of the leaves
    // (every other leaf access a read), and is set again from the misses of each pool turnover
    // of the warm-up. The figures move by about their noise over a 100x range of clock rates.
    let mut lru = Lru::new_dense(
        sim_pool,
        key_space,
        inp.old_blocks_pct,
        inp.old_blocks_time_ms,
    );
    let leaf_accesses: f64 = if do_dives {
        (inp.partitions_scanned as f64) * (descents + dive_leaf_pages - 1.0)
    } else {
        0.0
    } + (0..parts_for_rows).map(rows_needed_pages).sum::<f64>()
        + sweep_parts as f64;
    let cold_share = (1.0 - pool_pages / o.data_pages).max(0.0);
    let mut ms_per_query = 1000.0 / throughput(leaf_accesses * cold_share).0.max(1.0) * scale;
    // Misses by kind of access: the dives, the query's reads for its LIMIT, its other partitions.
    const DIVE: usize = 0;
    const QUERY: usize = 1;
    const SWEEP: usize = 2;
    let factors = [dive_factor, query_factor, sweep_factor];
    let (mut miss, mut hits, mut total) = ([0u64; 3], 0u64, 0u64);
    // Misses and queries since the clock was last set, and the eviction count to set it at.
    let (mut warm_miss, mut warm_queries) = ([0u64; 3], 0u64);
    let mut next_clock = sim_pool as u64;
    let mut measured = 0u64;
    let mut warm_until: Option<u64> = None;
    let mut last_miss_query = 0u64;
    let mut now = 0.0;
    for qn in 0..budget_queries {
        if warm_until.is_none() && lru.misses >= next_clock && warm_queries > 0 {
            let reads: f64 = (0..3).map(|k| warm_miss[k] as f64 * factors[k]).sum();
            let x = throughput(reads / warm_queries as f64).0;
            ms_per_query = 1000.0 / x.max(1.0) * scale;
            (warm_miss, warm_queries) = ([0; 3], 0);
            next_clock += sim_pool as u64;
        }
        // What the queries touch may fit in the pool: then it never fills, and once a run of
        // IDLE_QUERIES queries has missed nothing the pool holds it all.
        let fits = lru.len() < sim_pool && qn >= last_miss_query + IDLE_QUERIES;
        if warm_until.is_none()
            && (lru.misses as f64 >= WARM_POOLS * sim_pool as f64 || qn >= max_warm || fits)
        {
            warm_until = Some(qn);
        }
        if let Some(w) = warm_until {
            // MEASURE_POOLS pools' worth of misses, within the query bounds.
            let n = qn - w;
            if n >= MEASURED_QUERIES
                || (n >= MIN_MEASURED_QUERIES
                    && (miss.iter().sum::<u64>() as f64 >= MEASURE_POOLS * sim_pool as f64
                        || lru.len() < sim_pool))
            {
                break;
            }
        }
        let misses_before = lru.misses;
        let clocking = warm_until.is_none();
        let counting = warm_until.is_some();
        let key = rng.unit() * inp.hot_key_fraction;
        // Leaves this query may still walk one by one (see `SCAN_POOLS`).
        let mut scan_left = SCAN_POOLS * sim_pool as u64;
        // A page access, or `n` accesses whose outcome is known without the list.
        let mut touch = |lru: &mut Lru, id: u64, kind: usize, known: Option<(Access, u64)>| {
            let (a, n) = known.unwrap_or_else(|| (lru.access(id, now), 1));
            if counting {
                total += n;
                match a {
                    Access::Hit => hits += n,
                    Access::Miss { .. } => miss[kind] += n,
                }
            } else if clocking && a != Access::Hit {
                warm_miss[kind] += n;
            }
        };
        // One partition: `passes` descents from the root to the key's leaf, then the
        // `extra_leaves` leaves to its right.
        let mut descend = |lru: &mut Lru, p: u64, kind: usize, passes: u64, extra_leaves: u64| {
            let tree = &flat[start[p as usize]..start[p as usize + 1]];
            let mut path = [0u64; 40];
            for (slot, &(offset, pages)) in path.iter_mut().zip(tree.iter()) {
                *slot = offset + (key * pages).floor().min(pages - 1.0) as u64;
            }
            for _ in 0..passes {
                for &id in path[..tree.len()].iter().rev() {
                    touch(lru, id, kind, None);
                }
            }
            let (offset, leaf) = tree[0];
            let last = offset + leaf as u64 - 1;
            // Leaves past the level's end are its last page again: hits once it was read.
            let distinct = extra_leaves.min(last - path[0]);
            let walked = distinct.min(scan_left);
            scan_left -= walked;
            for extra in 1..=walked {
                touch(lru, path[0] + extra, kind, None);
            }
            if distinct > walked {
                touch(
                    lru,
                    0,
                    kind,
                    Some((Access::Miss { evicted: true }, distinct - walked)),
                );
            }
            if extra_leaves > distinct {
                touch(lru, 0, kind, Some((Access::Hit, extra_leaves - distinct)));
            }
        };
        if do_dives {
            // The descents (one per border of the range, or one shared), then the leaves between.
            for p in s_first..s_parts {
                descend(
                    &mut lru,
                    p,
                    DIVE,
                    inp.dive_descents,
                    dive_leaf_pages as u64 - 1,
                );
            }
        }
        for k in 0..s_query_parts {
            descend(
                &mut lru,
                s_newest - k,
                QUERY,
                1,
                rows_needed_pages(k) as u64 - 1,
            );
        }
        for p in s_first..s_first + s_sweep_parts {
            descend(&mut lru, p, SWEEP, 1, 0);
        }
        if counting {
            measured += 1;
        } else if clocking {
            warm_queries += 1;
        }
        if lru.misses > misses_before {
            last_miss_query = qn;
        }
        now += ms_per_query;
    }
    let m = measured.max(1) as f64;
    let dive_reads = miss[DIVE] as f64 * dive_factor / m;
    let query_reads = (miss[QUERY] as f64 * query_factor + miss[SWEEP] as f64 * sweep_factor) / m;
    let (x, r) = throughput(dive_reads + query_reads);
    o.hit_ratio = if total > 0 {
        hits as f64 / total as f64
    } else {
        1.0
    };
    o.simulated_queries = warm_until.map_or(budget_queries, |w| (w + measured).min(budget_queries));
    o.dive_reads_per_query = dive_reads;
    o.query_reads_per_query = query_reads;
    o.reads_per_query = dive_reads + query_reads;
    o.qps = x;
    o.latency_ms = r / 1000.0;
    o.disk_reads_per_s = x * o.reads_per_query;
    o.disk_utilization = (o.disk_reads_per_s / inp.disk_iops).min(1.0);
    o.cpu_utilization = (x * (inp.cpu_us_per_query + accesses_per_query * CPU_US_PER_PAGE) * 1e-6
        / inp.cpu_cores as f64)
        .min(1.0);
    o
}

impl Outcome {
    pub fn write(&self, out: &mut Out) {
        out.num("qps", self.qps);
        out.num("latency_ms", self.latency_ms);
        out.num("btree_height", self.height as f64);
        out.num("leaf_pages_newest_partition", self.leaf_pages_per_partition);
        out.num("data_pages", self.data_pages);
        out.begin_obj_key("pages_per_query");
        out.num("dives", self.dive_pages_per_query);
        out.num("query", self.query_pages_per_query);
        out.end_obj();
        out.begin_obj_key("disk_reads_per_query");
        out.num("dives", self.dive_reads_per_query);
        out.num("query", self.query_reads_per_query);
        out.num("total", self.reads_per_query);
        out.end_obj();
        out.num("buffer_pool_hit_ratio", self.hit_ratio);
        out.num("disk_reads_per_s", self.disk_reads_per_s);
        out.num("disk_utilization", self.disk_utilization);
        out.num("cpu_utilization", self.cpu_utilization);
        out.begin_obj_key("simulation");
        out.num("scale", self.scale);
        out.int("queries", self.simulated_queries);
        out.int("partitions", self.simulated_partitions);
        out.num("accesses_per_query", self.simulated_accesses_per_query);
        out.end_obj();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(extra: &str) -> Input {
        let j = crate::json::parse(format!("{{{}}}", extra).as_bytes()).unwrap();
        let mut p = Params::new(Some(&j)).unwrap();
        let i = Input::read(&mut p).unwrap();
        p.finish().unwrap();
        i
    }

    #[test]
    fn btree_height_follows_fanout() {
        let l = btree_levels(1e9, 200.0, 40.0, 16384.0, 0.9);
        assert_eq!(l.len(), 4);
        assert_eq!(btree_levels(10.0, 200.0, 40.0, 16384.0, 0.9).len(), 1);
    }

    #[test]
    fn override_removes_dive_reads() {
        let a = simulate(&input(r#""records_in_range":0"#));
        let b = simulate(&input(r#""records_in_range":1000"#));
        assert!(a.dive_pages_per_query > 0.0 && b.dive_pages_per_query == 0.0);
        assert!(b.qps > a.qps);
    }

    #[test]
    fn mariadb_dives_once_and_reads_every_partition() {
        // 64 equal partitions, one row per key in each, LIMIT 1: the LIMIT needs one partition.
        let base =
            r#""partitions":64,"growth":1,"rows_per_partition":1000000,"rows_per_key":1,"limit":1"#;
        let mysql = simulate(&input(base));
        let shared = simulate(&input(&format!(r#"{base},"dive_descents":1"#)));
        let every = simulate(&input(&format!(r#"{base},"reads_every_partition":true"#)));
        let h = mysql.height as f64;
        assert_eq!(mysql.dive_pages_per_query, 64.0 * 2.0 * h);
        assert_eq!(shared.dive_pages_per_query, 64.0 * h);
        assert_eq!(
            every.query_pages_per_query,
            mysql.query_pages_per_query + 63.0 * h
        );
    }

    #[test]
    fn fewer_partitions_fewer_dives() {
        let a = simulate(&input(r#""partitions":26"#));
        let b = simulate(&input(r#""partitions":26,"partitions_scanned":2"#));
        assert!(b.dive_pages_per_query < a.dive_pages_per_query / 10.0);
    }

    #[test]
    fn estimates_agree_across_seeds() {
        let a = simulate(&input(r#""records_in_range":0,"seed":1"#));
        let b = simulate(&input(r#""records_in_range":0,"seed":2"#));
        assert!((a.qps / b.qps - 1.0).abs() < 0.1, "{} {}", a.qps, b.qps);
        assert!(a.simulated_queries >= MIN_MEASURED_QUERIES);
    }

    #[test]
    fn work_is_bounded_for_thousands_of_partitions() {
        for growth in ["1", "300"] {
            let o = simulate(&input(&format!(r#""partitions":8192,"growth":{growth}"#)));
            let per_query = o.simulated_accesses_per_query;
            assert!(
                o.simulated_queries as f64 * per_query
                    <= (MAX_ACCESSES as f64).max(MIN_QUERIES * per_query)
            );
            assert!(o.qps > 0.0);
        }
    }

    #[test]
    fn equal_partitions_lose_throughput_steadily_with_their_count() {
        // 270 GiB over n equal partitions in a 64 GiB pool: the loss once rose and fell with n.
        let mut last = f64::INFINITY;
        for n in [101u64, 200, 400, 540, 700, 800, 1000, 2000, 4000, 8192] {
            let rows = 270.0 * GIB / 200.0 / n as f64;
            let o = simulate(&input(&format!(
                r#""partitions":{n},"growth":1,"rows_per_partition":{rows},"buffer_pool_bytes":{},"hot_key_fraction":0.27,"rows_per_key":{}"#,
                64.0 * GIB,
                65.0 / n as f64
            )));
            assert!(
                o.qps < last * 1.02,
                "{n} partitions: {} QPS after {last}",
                o.qps
            );
            assert!(o.simulated_partitions < n);
            last = o.qps;
        }
    }

    #[test]
    fn equal_partitions_simulated_in_part_agree_with_all_of_them() {
        // 64 equal partitions in full and as 16 with a quarter of the pool.
        let all = |extra: &str| {
            let mut i = input(&format!(
                r#""partitions":64,"growth":1,"rows_per_partition":20000000,"buffer_pool_bytes":8589934592,"hot_key_fraction":0.27,{extra}"#
            ));
            i.seed = 7;
            i
        };
        let reduced = simulate(&all(r#""rows_per_key":1"#));
        assert_eq!(reduced.simulated_partitions, SYM_PARTITIONS);
        let mut full_in = all(r#""rows_per_key":1"#);
        full_in.growth = 1.0 + 1e-12; // not exactly equal: simulated in full
        let full = simulate(&full_in);
        assert_eq!(full.simulated_partitions, 64);
        assert!(full.reads_per_query > 1.0, "{}", full.reads_per_query);
        let r = reduced.reads_per_query / full.reads_per_query;
        assert!(
            (r - 1.0).abs() < 0.15,
            "{} against {}",
            reduced.reads_per_query,
            full.reads_per_query
        );
    }

    #[test]
    fn mva_matches_one_server_by_hand() {
        // One client, no think time: throughput 1/(sum of demands).
        let (x, r) = mva(1, 0.0, (100.0, 1.0), (300.0, 1.0));
        assert!((x - 2500.0).abs() < 1e-9 && (r - 400.0).abs() < 1e-9);
    }
}

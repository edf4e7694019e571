//! `bp_scan`: a full table scan through the buffer pool, run twice (cold, then again), with
//! several buffer pool instances, midpoint insertion, and the cost of each page from memory,
//! from the OS page cache, or from disk.
//!
//! # Mechanism
//!
//! * Page → instance: `buf_pool_get()` folds the page id with the low 6 bits of the page
//!   number dropped, `((space << 20) + space + (page_no >> 6)) % instances`, so each aligned
//!   64-page extent (1 MiB with 16 KiB pages) belongs to one instance and a sequential scan
//!   walks the instances in 1 MiB strides. Each instance has its own LRU list of
//!   `pool/instances` pages.
//! * Each instance's LRU list is simulated page by page (`sim::Lru`): misses are inserted at the
//!   head of the old sublist (`innodb_old_blocks_pct`); a page re-accessed within
//!   `innodb_old_blocks_time` stays old, so a scan evicts only the old sublist and a hot set
//!   accessed before the scan (`hot_set_bytes`) survives.
//! * Scale: table, hot set and pool are scaled down by one factor to at most `SIM_PAGES` pages
//!   in the simulated instances, but never below `MIN_LIST_PAGES` per list (InnoDB has no old
//!   sublist under 512 pages). At most `SIM_INSTANCES` instances are simulated and stand for
//!   the others (each gets every n-th extent, so all see the same sequence). A scan much longer
//!   than the pool reaches a steady state after two pools' worth of pages (each page read,
//!   one evicted from the old sublist's tail): the middle of the table is counted at the rates
//!   of the last pool before it, and the last 1.5 pools are simulated, which leaves the list as
//!   the whole scan would.
//! * Default instance count (`instances = 0`): 8 when the pool is ≥ 1 GiB, else 1 (5.7/8.0).
//! * Time of one run: CPU = rows·`ROW_NS` + hits·`HIT_NS` + misses·`MISS_CPU_NS`
//!   (+ `OS_CACHE_READ_NS` per miss served by the OS page cache). Disk reads go through linear
//!   read-ahead, asynchronous and overlapped with the CPU, so a disk-bound run takes
//!   `max(CPU, bytes/disk_mbps)`. Freeing a frame for a new page when the pool is full happens
//!   synchronously in the scanning thread (`EVICT_NS` per eviction, not overlapped).
//! * Nothing in this path depends on the number of instances in a release build: a single
//!   scanning thread takes each instance's mutexes uncontended. That is the corrected result
//!   of the retracted claim.
//! * Dump load (`dump_load`): `buf_load()` sorts the dumped page ids and posts one
//!   asynchronous read per page, looking at no row, so a load takes the first run's I/O and
//!   per-read CPU without the scan's row and hit work: `max(pages·MISS_CPU_NS, bytes/disk_mbps)`.
//!   MySQL 5.7 and later (and MariaDB 10.2 until MDEV-25417 removed it in 10.5.19, 10.6.12 and
//!   10.11.2) also call `buf_load_throttle_if_needed()` every `innodb_io_capacity` reads: the
//!   first call only notes the time; at each later one, if the server's activity count moved
//!   (a transaction committed changes or rolled back, a table was closed), the load sleeps out
//!   the rest of the second since the previous call. A load of P pages under steady activity
//!   so takes at least `floor(P / io_capacity) - 1` seconds (`load_throttled`); one of fewer
//!   than twice `io_capacity` pages never sleeps. MySQL 5.6's load had no throttle.
//! * `debug_build` (illustration only): debug builds run assertion code on every row, some of
//!   which loops over all instances, so the per-row cost grows with the instance count
//!   (`DEBUG_ROW_NS + DEBUG_ROW_NS_PER_INSTANCE · instances`). These two constants are fitted to
//!   the retracted debug-build numbers and only show how such a build misleads.
//!
//! # Calibration
//!
//! Release build, 10 M rows / 84,160 pages: `ROW_NS` from the 2 GB multi-instance in-memory
//! run, `EVICT_NS` from the 256 MB disk-bound run (minus the 2 GB one), `OS_CACHE_READ_NS`
//! from the 256 MB in-memory run; the scenario's disk throughput from the 2 GB multi-instance
//! disk-bound run. Predicted: both 2 GB single-instance figures, and everything else.

use super::{GIB, MIB, TIB};
use crate::json::Out;
use crate::params::{Params, SimError};
use crate::sim::{Access, Lru};

/// CPU per row of the scan (fetch the record, evaluate the WHERE clause, count).
pub const ROW_NS: f64 = 224.0;
/// CPU per page access that hits the buffer pool (page fix, latch, cursor restore).
pub const HIT_NS: f64 = 1000.0;
/// CPU per page read from disk besides the transfer (I/O completion, checksum, page init,
/// LRU insert).
pub const MISS_CPU_NS: f64 = 3000.0;
/// Extra CPU per page copied from the OS page cache by a synchronous pread() (16 KiB copy and
/// checksum in the scanning thread).
pub const OS_CACHE_READ_NS: f64 = 7870.0;
/// Synchronous work to free a frame (LRU tail, page-hash removal) when the pool is full.
pub const EVICT_NS: f64 = 3200.0;
/// Debug-build illustration (fitted to the retracted numbers).
pub const DEBUG_ROW_NS: f64 = 5940.0;
pub const DEBUG_ROW_NS_PER_INSTANCE: f64 = 790.0;
/// Largest simulated page count per run (in the simulated instances); larger tables are
/// scaled down, keeping the pool/table ratio.
pub const SIM_PAGES: f64 = 16_384.0;
/// Shortest simulated list per instance (scaling stops there): InnoDB keeps no old sublist
/// below `BUF_LRU_OLD_MIN_LEN` = 512 pages, so shorter lists would not show midpoint insertion.
pub const MIN_LIST_PAGES: f64 = 2048.0;
/// Instances simulated; more are represented by these (extents are dealt round-robin, so
/// every instance sees the same sequence of its own extents).
pub const SIM_INSTANCES: u64 = 8;
/// Steady state of long scans: pools' worth of pages simulated before the middle of the table
/// is counted at the rates of the last pool, and pools' worth simulated at its end.
pub const WARM_POOLS: f64 = 2.0;
pub const TAIL_POOLS: f64 = 1.5;
/// `buf_pool_get()` drops the low 6 bits of the page number: 64-page extents.
pub const EXTENT_PAGES: u64 = 64;

#[derive(Debug, Clone)]
pub struct Input {
    pub table_bytes: f64,
    pub rows: f64,
    pub page_bytes: f64,
    pub pool_bytes: f64,
    pub instances: u64,
    pub space_id: u64,
    pub old_blocks_pct: u64,
    pub old_blocks_time_ms: f64,
    pub disk_mbps: f64,
    pub os_cache_bytes: f64,
    pub hot_set_bytes: f64,
    pub debug_build: bool,
    pub io_capacity: f64,
    pub load_throttled: bool,
}

impl Input {
    pub fn read(p: &mut Params) -> Result<Input, SimError> {
        let table_bytes = p.num(
            "table_bytes",
            1_378_877_440.0,
            16384.0,
            1024.0 * TIB,
            "bytes",
            "clustered-index size of the scanned table (data_length)",
        )?;
        let rows = p.num("rows", 10_000_000.0, 1.0, 1e13, "rows", "rows in the table")?;
        let page_bytes = p.num(
            "page_bytes",
            16384.0,
            4096.0,
            65536.0,
            "bytes",
            "innodb_page_size",
        )?;
        let pool_bytes = p.num(
            "buffer_pool_bytes",
            2.0 * GIB,
            5.0 * MIB,
            64.0 * 1024.0 * GIB,
            "bytes",
            "innodb_buffer_pool_size (up to 64 TiB)",
        )?;
        let instances = p.int(
            "instances",
            0,
            0,
            64,
            "",
            "innodb_buffer_pool_instances (0 = server default: 8 if the pool is >= 1 GiB, else 1)",
        )?;
        let space_id = p.int(
            "space_id",
            23,
            1,
            4_294_967_279,
            "",
            "tablespace id of the table",
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
        let disk_mbps = p.num(
            "disk_mbps",
            207.7,
            0.1,
            1e6,
            "MB/s",
            "sequential read throughput of the data device",
        )?;
        let os_cache_bytes = p.num(
            "os_cache_bytes",
            8.0 * GIB,
            0.0,
            1024.0 * TIB,
            "bytes",
            "memory the OS page cache can use for the data file (0 = O_DIRECT)",
        )?;
        let hot_set_bytes = p.num(
            "hot_set_bytes",
            0.0,
            0.0,
            1024.0 * TIB,
            "bytes",
            "a hot working set of another table, made young before the scans",
        )?;
        let debug_build = p.boolean(
            "debug_build",
            false,
            "model a debug build (illustration of the retracted result only)",
        )?;
        let io_capacity = p.num(
            "io_capacity",
            200.0,
            100.0,
            4_294_967_295.0,
            "pages/s",
            "innodb_io_capacity: the most pages a second a throttled dump load reads while the server writes",
        )?;
        let load_throttled = p.boolean(
            "load_throttled",
            false,
            "the server throttles a dump load under write activity (MySQL 5.7+, MariaDB 10.2 to before 10.5.19 / 10.6.12 / 10.11.2)",
        )?;
        if rows / (table_bytes / page_bytes) > 10_000.0 {
            return Err(SimError::new(
                "rows",
                "more rows per page than a page can hold",
            ));
        }
        if hot_set_bytes > pool_bytes {
            return Err(SimError::new(
                "hot_set_bytes",
                "cannot exceed the buffer pool",
            ));
        }
        Ok(Input {
            table_bytes,
            rows,
            page_bytes,
            pool_bytes,
            instances,
            space_id,
            old_blocks_pct,
            old_blocks_time_ms,
            disk_mbps,
            os_cache_bytes,
            hot_set_bytes,
            debug_build,
            io_capacity,
            load_throttled,
        })
    }
}

pub fn default_instances(pool_bytes: f64) -> u64 {
    if pool_bytes >= GIB {
        8
    } else {
        1
    }
}

/// `buf_pool_get()`'s instance for a page.
pub fn instance_of(space: u64, page_no: u64, instances: u64) -> u64 {
    let fold = (space << 20).wrapping_add(space).wrapping_add(page_no >> 6);
    fold % instances
}

#[derive(Debug, Clone, Default)]
pub struct RunOutcome {
    pub seconds: f64,
    pub hits: f64,
    pub misses_disk: f64,
    pub misses_os_cache: f64,
    pub evictions: f64,
    pub cpu_s: f64,
    pub io_s: f64,
}

/// The table's pages read back by a buffer pool load (`buf_load()`), from disk.
#[derive(Debug, Clone, Default)]
pub struct LoadOutcome {
    pub pages: f64,
    /// With no other activity on the server.
    pub seconds: f64,
    /// While other transactions commit writes (equal to `seconds` when the load is not throttled).
    pub seconds_under_writes: f64,
}

/// A dump load of `pages`: asynchronous reads overlapped with their completion CPU; under
/// activity, the throttle's one-second sleeps after the first `io_capacity` reads.
pub fn dump_load(inp: &Input, pages: f64) -> LoadOutcome {
    let cpu_s = pages * MISS_CPU_NS * 1e-9;
    let io_s = pages * inp.page_bytes / (inp.disk_mbps * 1e6);
    let seconds = cpu_s.max(io_s);
    let seconds_under_writes = if inp.load_throttled {
        seconds.max((pages / inp.io_capacity).floor() - 1.0)
    } else {
        seconds
    };
    LoadOutcome {
        pages,
        seconds,
        seconds_under_writes,
    }
}

#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub load: LoadOutcome,
    pub instances: u64,
    pub pages: f64,
    pub runs: [RunOutcome; 2],
    pub per_instance_pages: Vec<f64>,
    pub hot_set_kept: f64,
    pub old_sublist_pages: f64,
    pub scale: f64,
}

/// Pages of the table in each instance, exactly, at full size: extent `e` goes to instance
/// `(fold(0) + e) mod instances`, and the last extent may be partial.
pub fn pages_per_instance(space: u64, pages: u64, instances: u64) -> Vec<f64> {
    let n = instances.max(1);
    let mut v = vec![0.0; n as usize];
    if pages == 0 {
        return v;
    }
    let extents = pages.div_ceil(EXTENT_PAGES);
    let c = instance_of(space, 0, n);
    for (j, slot) in v.iter_mut().enumerate() {
        let first = (j as u64 + n - c) % n;
        let count = if first < extents {
            (extents - 1 - first) / n + 1
        } else {
            0
        };
        *slot = (count * EXTENT_PAGES) as f64;
    }
    let last = instance_of(space, (extents - 1) * EXTENT_PAGES, n) as usize;
    v[last] -= (extents * EXTENT_PAGES - pages) as f64;
    v
}

/// Page ids inside one instance's list: the instance's extents numbered in order, for the
/// scanned table, then the hot set's table, then filler pages.
struct LocalKeys {
    n: u64,
    hot_base: u64,
    filler_base: u64,
}

impl LocalKeys {
    /// Page `pg` of a table whose extents are dealt round-robin over `n` instances.
    fn table(&self, pg: u64) -> u64 {
        (pg / EXTENT_PAGES / self.n) * EXTENT_PAGES + pg % EXTENT_PAGES
    }
    fn hot(&self, pg: u64) -> u64 {
        self.hot_base + self.table(pg)
    }
    fn filler(&self, k: u64) -> u64 {
        self.filler_base + k
    }
}

#[derive(Clone, Copy, Default)]
struct Counts {
    hits: f64,
    misses: f64,
    evictions: f64,
}

pub fn simulate(inp: &Input) -> Outcome {
    let mut o = Outcome::default();
    let instances = if inp.instances == 0 {
        default_instances(inp.pool_bytes)
    } else {
        inp.instances
    };
    o.instances = instances;
    let n = instances;
    let pages = (inp.table_bytes / inp.page_bytes).ceil();
    o.pages = pages;
    o.per_instance_pages = pages_per_instance(inp.space_id, pages as u64, n);
    let pool_pages = (inp.pool_bytes / inp.page_bytes).floor();
    // buf_load() drops the entries of a dump larger than the pool.
    o.load = dump_load(inp, pages.min(pool_pages));
    let hot_pages = (inp.hot_set_bytes / inp.page_bytes).floor();
    // Instances are alike (each gets every n-th extent): up to SIM_INSTANCES of them are
    // simulated and stand for all.
    let k = n.min(SIM_INSTANCES);
    // Scale big tables down (same pool/table ratio): at most SIM_PAGES pages in the simulated
    // instances, but each list keeps at least MIN_LIST_PAGES pages, so that it has an old
    // sublist as the full-size list does. With a hot set the pool is filled first, so the
    // pool's size counts too.
    let filled = if hot_pages > 0.0 { pool_pages } else { 0.0 };
    let per_inst_pool = pool_pages / n as f64;
    let scale = ((pages + hot_pages + filled) * k as f64 / n as f64 / SIM_PAGES)
        .max(1.0)
        .min((per_inst_pool / MIN_LIST_PAGES).max(1.0));
    o.scale = scale;
    let sim_pages = (pages / scale).ceil() as u64;
    let sim_hot = (hot_pages / scale).floor() as u64;
    let per_inst_cap = (per_inst_pool / scale).floor().max(8.0) as usize;
    let extents = sim_pages.div_ceil(EXTENT_PAGES);
    // Steady state of a long scan: once the scan has gone through WARM_POOLS pools, every
    // further pool's worth of pages does the same (each page read, evicting one from the old
    // sublist's tail). The middle of the table is then counted at the rates of the last pool
    // before it, and the scan goes on with its last TAIL_POOLS pools, which leave the list as
    // the whole scan would. Lengths are whole rounds of n extents, and the pages after the
    // skipped middle are numbered as if it were not there (so that the ids stay dense).
    let pool_extents = |pools: f64| -> u64 {
        let ext = (pools * (per_inst_cap as f64) * n as f64 / EXTENT_PAGES as f64).ceil() as u64;
        ext.div_ceil(n).max(1) * n
    };
    let warm_ext = pool_extents(WARM_POOLS);
    let window_ext = pool_extents(1.0).min(warm_ext);
    let tail_ext = pool_extents(TAIL_POOLS);
    let skip = if extents > warm_ext + tail_ext + n {
        (extents - warm_ext - tail_ext) / n * n
    } else {
        0
    };

    let kept_extents = extents - skip;
    let hot_extents = sim_hot.div_ceil(EXTENT_PAGES);
    let keys = LocalKeys {
        n,
        hot_base: kept_extents.div_ceil(n) * EXTENT_PAGES,
        filler_base: (kept_extents.div_ceil(n) + hot_extents.div_ceil(n)) * EXTENT_PAGES,
    };
    let fillers = if sim_hot > 0 {
        per_inst_cap as u64 + 1
    } else {
        0
    };
    let key_space = keys.filler_base + fillers;
    let mut lrus: Vec<Lru> = (0..k)
        .map(|_| {
            Lru::new_dense(
                per_inst_cap,
                key_space,
                inp.old_blocks_pct,
                inp.old_blocks_time_ms,
            )
        })
        .collect();
    let mut now_ms = 0.0;

    // A hot working set from another tablespace. Eviction has to be under way for pages to be
    // made young (InnoDB moves nothing while freed_page_clock is 0), so the pool is first
    // filled with other pages; then the hot set is read and re-read after old_blocks_time.
    let hot_space = inp.space_id + 1;
    if sim_hot > 0 {
        for lru in lrus.iter_mut() {
            for f in 0..fillers {
                lru.access(keys.filler(f), now_ms);
            }
        }
        for round in 0..2 {
            for pg in 0..sim_hot {
                let i = instance_of(hot_space, pg, n);
                if i < k {
                    lrus[i as usize].access(keys.hot(pg), now_ms);
                }
            }
            now_ms += inp.old_blocks_time_ms + 1.0 + round as f64;
        }
    }

    // Simulated table pages in the simulated instances (the counts stand for all pages).
    let c = instance_of(inp.space_id, 0, n);
    let sampled_pages: f64 = pages_per_instance(inp.space_id, sim_pages, n)
        .iter()
        .take(k as usize)
        .sum();
    let stand_for = if sampled_pages > 0.0 {
        sim_pages as f64 / sampled_pages * scale
    } else {
        0.0
    };

    // Data file in the OS page cache after the first run?
    let os_cached_fraction = if inp.os_cache_bytes <= 0.0 {
        0.0
    } else {
        (inp.os_cache_bytes / inp.table_bytes).min(1.0)
    };
    // Scan speed for the simulated clock: a page every few µs.
    let ms_per_page = scale * (inp.page_bytes / (inp.disk_mbps * 1e6)).max(2e-6) * 1e3;
    let debug_row_ns = if inp.debug_build {
        DEBUG_ROW_NS + DEBUG_ROW_NS_PER_INSTANCE * instances as f64
    } else {
        0.0
    };

    for run in 0..2 {
        let mut cnt = Counts::default();
        let mut at_window = Counts::default();
        let mut e = 0u64;
        while e < extents {
            if e + window_ext == warm_ext {
                at_window = cnt;
            }
            if e == warm_ext && skip > 0 {
                let per_ext = |now: f64, then: f64| (now - then) / window_ext as f64;
                cnt.hits += skip as f64 * per_ext(cnt.hits, at_window.hits);
                cnt.misses += skip as f64 * per_ext(cnt.misses, at_window.misses);
                cnt.evictions += skip as f64 * per_ext(cnt.evictions, at_window.evictions);
                now_ms += (skip * EXTENT_PAGES) as f64 * ms_per_page;
                e += skip;
                continue;
            }
            let first = e * EXTENT_PAGES;
            let len = (sim_pages - first).min(EXTENT_PAGES);
            let i = (c + e) % n;
            if i < k {
                let lru = &mut lrus[i as usize];
                let renumber = if e >= warm_ext + skip {
                    skip * EXTENT_PAGES
                } else {
                    0
                };
                for pg in first..first + len {
                    // Several touches per page within a millisecond (one per batch of rows).
                    let key = keys.table(pg - renumber);
                    match lru.access(key, now_ms) {
                        Access::Hit => cnt.hits += 1.0,
                        Access::Miss { evicted } => {
                            cnt.misses += 1.0;
                            if evicted {
                                cnt.evictions += 1.0;
                            }
                        }
                    }
                    lru.access(key, now_ms + 0.01);
                    now_ms += ms_per_page;
                }
            } else {
                now_ms += len as f64 * ms_per_page;
            }
            e += 1;
        }
        now_ms += 10.0 * inp.old_blocks_time_ms + 1.0;
        let (hits, misses, evictions) = (
            cnt.hits * stand_for,
            cnt.misses * stand_for,
            cnt.evictions * stand_for,
        );
        // First run: caches dropped, misses come from disk. Second run: from the OS page cache
        // for the part of the file it holds.
        let from_os = if run == 0 {
            0.0
        } else {
            misses * os_cached_fraction
        };
        let from_disk = misses - from_os;
        let cpu_ns = inp.rows * (ROW_NS + debug_row_ns)
            + hits * HIT_NS
            + misses * MISS_CPU_NS
            + from_os * OS_CACHE_READ_NS;
        let cpu_s = cpu_ns * 1e-9;
        let io_s = from_disk * inp.page_bytes / (inp.disk_mbps * 1e6);
        let evict_s = evictions * EVICT_NS * 1e-9;
        o.runs[run] = RunOutcome {
            seconds: cpu_s.max(io_s) + evict_s,
            hits,
            misses_disk: from_disk,
            misses_os_cache: from_os,
            evictions,
            cpu_s,
            io_s,
        };
    }
    if sim_hot > 0 {
        let (mut kept, mut total) = (0u64, 0u64);
        for pg in 0..sim_hot {
            let i = instance_of(hot_space, pg, n);
            if i < k {
                total += 1;
                if lrus[i as usize].contains(keys.hot(pg)) {
                    kept += 1;
                }
            }
        }
        o.hot_set_kept = if total > 0 {
            kept as f64 / total as f64
        } else {
            1.0
        };
    } else {
        o.hot_set_kept = 1.0;
    }
    o.old_sublist_pages =
        lrus.iter().map(|l| l.old_len() as f64).sum::<f64>() * scale * n as f64 / k as f64;
    o
}

impl Outcome {
    pub fn write(&self, out: &mut Out) {
        out.int("instances", self.instances);
        out.num("table_pages", self.pages);
        for (name, r) in [("first_run", &self.runs[0]), ("second_run", &self.runs[1])] {
            out.begin_obj_key(name);
            out.num("seconds", r.seconds);
            out.num("hits", r.hits);
            out.num("reads_from_disk", r.misses_disk);
            out.num("reads_from_os_cache", r.misses_os_cache);
            out.num("evictions", r.evictions);
            out.num("cpu_seconds", r.cpu_s);
            out.num("io_seconds", r.io_s);
            out.end_obj();
        }
        out.begin_arr_key("pages_per_instance");
        for p in &self.per_instance_pages {
            out.item_num(*p);
        }
        out.end_arr();
        out.num("hot_set_kept_fraction", self.hot_set_kept);
        out.num("old_sublist_pages", self.old_sublist_pages);
        out.num("simulation_scale", self.scale);
        out.begin_obj_key("dump_load");
        out.num("pages", self.load.pages);
        out.num("seconds", self.load.seconds);
        out.num("seconds_under_writes", self.load.seconds_under_writes);
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
    fn a_throttled_load_reads_io_capacity_pages_a_second_under_writes() {
        // 4 GiB of pages: 262,144 reads; the throttle sleeps out a second after each 200 but
        // the first 200: 1,309 s.
        let t = input(
            r#""table_bytes": 4294967296, "rows": 30000000, "buffer_pool_bytes": 17179869184, "load_throttled": true"#,
        );
        let o = simulate(&t);
        assert_eq!(o.load.pages, 262_144.0);
        assert_eq!(o.load.seconds_under_writes, 1309.0);
        // Idle, the same load streams at the disk: 4 GiB at 207.7 MB/s.
        assert!((o.load.seconds - 4294967296.0 / 207.7e6).abs() < 1e-6);
        let free = simulate(&input(
            r#""table_bytes": 4294967296, "rows": 30000000, "buffer_pool_bytes": 17179869184"#,
        ));
        assert_eq!(free.load.seconds_under_writes, free.load.seconds);
        let more = simulate(&input(
            r#""table_bytes": 4294967296, "rows": 30000000, "buffer_pool_bytes": 17179869184, "load_throttled": true, "io_capacity": 2000"#,
        ));
        assert_eq!(more.load.seconds_under_writes, 130.0);
        // Fewer than twice io_capacity pages: the first check only notes the time, no sleep.
        let tiny = simulate(&input(
            r#""table_bytes": 6553600, "rows": 40000, "buffer_pool_bytes": 134217728, "load_throttled": true, "io_capacity": 2000"#,
        ));
        assert_eq!(tiny.load.pages, 400.0);
        assert_eq!(tiny.load.seconds_under_writes, tiny.load.seconds);
        // Never more pages than the pool holds.
        let small = simulate(&input(
            r#""table_bytes": 4294967296, "rows": 30000000, "buffer_pool_bytes": 1073741824"#,
        ));
        assert_eq!(small.load.pages, 65_536.0);
    }

    #[test]
    fn extents_map_to_instances_in_strides() {
        // 64 consecutive pages share an instance; the next extent moves to the next one.
        let a = instance_of(23, 0, 8);
        assert!((0..64).all(|p| instance_of(23, p, 8) == a));
        assert_eq!(instance_of(23, 64, 8), (a + 1) % 8);
    }

    #[test]
    fn instances_do_not_change_release_scan_time() {
        let a = simulate(&input(r#""instances":8"#));
        let b = simulate(&input(r#""instances":1"#));
        let d = (a.runs[1].seconds - b.runs[1].seconds).abs() / b.runs[1].seconds;
        assert!(d < 0.02, "{}", d);
    }

    #[test]
    fn midpoint_insertion_protects_the_hot_set() {
        let o = simulate(&input(
            r#""buffer_pool_bytes":268435456,"hot_set_bytes":50000000"#,
        ));
        assert!(o.hot_set_kept > 0.9, "{}", o.hot_set_kept);
        let z = simulate(&input(
            r#""buffer_pool_bytes":268435456,"hot_set_bytes":50000000,"old_blocks_time_ms":0"#,
        ));
        assert!(z.hot_set_kept < o.hot_set_kept);
    }

    #[test]
    fn pages_per_instance_is_exact() {
        for (pages, n) in [
            (84_160u64, 8u64),
            (1_000u64, 3u64),
            (63u64, 4u64),
            (10_000_000u64, 64u64),
        ] {
            let v = pages_per_instance(23, pages, n);
            assert_eq!(v.iter().sum::<f64>(), pages as f64);
            let lo = v.iter().cloned().fold(f64::INFINITY, f64::min);
            let hi = v.iter().cloned().fold(0.0, f64::max);
            assert!(hi - lo <= 64.0, "{:?}", v);
        }
    }

    #[test]
    fn a_scan_far_bigger_than_the_pool_is_a_steady_state() {
        // 1 TiB through 2 GiB: the middle of the table is counted, not simulated; every page is
        // read and all but a pool's worth evicted, and the hot set still survives.
        let o = simulate(&input(
            r#""table_bytes":1099511627776,"rows":1e10,"buffer_pool_bytes":2147483648,"hot_set_bytes":268435456"#,
        ));
        let pages = 1099511627776.0 / 16384.0;
        let r = &o.runs[0];
        assert!(
            (r.misses_disk / pages - 1.0).abs() < 0.01,
            "{}",
            r.misses_disk
        );
        assert!((r.evictions / pages - 1.0).abs() < 0.01, "{}", r.evictions);
        assert!(o.hot_set_kept > 0.9, "{}", o.hot_set_kept);
        assert!((o.runs[1].misses_disk + o.runs[1].misses_os_cache) / pages > 0.99);
    }

    #[test]
    fn many_instances_are_represented_by_a_sample() {
        // 64 instances (8 simulated) against 1, with lists long enough for an old sublist.
        let a = simulate(&input(r#""buffer_pool_bytes":1073741824,"instances":64"#));
        let b = simulate(&input(r#""buffer_pool_bytes":1073741824,"instances":1"#));
        assert_eq!(a.per_instance_pages.len(), 64);
        for (x, y) in [(&a.runs[0], &b.runs[0]), (&a.runs[1], &b.runs[1])] {
            assert!(
                (x.seconds / y.seconds - 1.0).abs() < 0.02,
                "{} {}",
                x.seconds,
                y.seconds
            );
        }
    }
}

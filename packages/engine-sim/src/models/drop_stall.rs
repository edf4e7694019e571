//! `drop_stall`: the stall that DROP TABLE / TRUNCATE TABLE / temporary-tablespace truncation
//! cause by walking the buffer pool, and what concurrent queries lose meanwhile.
//!
//! # Mechanism
//!
//! **Before 8.0.23** (`buf_LRU_flush_or_remove_pages()`, for every instance in turn):
//! * DROP TABLE of a file-per-table table, and TRUNCATE in 8.0 (drop + re-create), use
//!   `BUF_REMOVE_FLUSH_NO_WRITE`: the instance's **flush list** (its dirty pages) is walked from
//!   the tail while holding the instance's LRU-list and flush-list mutexes, removing the
//!   tablespace's pages without writing them; the mutexes are released and the thread yields
//!   after every 1,024 pages scanned (`BUF_LRU_DROP_SEARCH_SIZE`). Clean pages stay in the LRU.
//! * Temporary-tablespace truncation (session disconnect), 5.7 TRUNCATE, undo truncation use
//!   `BUF_REMOVE_ALL_NO_WRITE`: two full walks of the instance's **LRU list** under its LRU-list
//!   mutex (AHI pages first, then eviction of every page of the space); the mutex is only
//!   released when pages of the space are found, so for an empty table an instance's whole LRU
//!   list is one critical section.
//! * Concurrent DROPs are serialised by the data dictionary locks, so the stalls add up.
//!
//! **From 8.0.23** (WL#14100): the tablespace is marked deleted and its file removed; its pages
//! are freed lazily when LRU scans or lookups meet them (`BUF_REMOVE_NONE`). No list walk.
//!
//! **Adaptive hash index** (both versions): if AHI is on and the table has hashed pages,
//! `btr_drop_ahi_for_table()` loops while the table's indexes still hold hash references,
//! checking the count *before* each batch; a batch (`btr_drop_next_batch()`) walks every
//! instance's LRU list from the tail under its LRU-list mutex, collecting up to 1,024 hashed
//! pages per instance and stopping at the 1,024th. So there are `ceil(hashed pages per
//! instance / 1,024)` walks and no final empty one (mysql-server
//! `storage/innobase/btr/btr0sea.cc`). Hashed pages are hot, near the young head of the list:
//! with H of them in a list of L pages, the k-th walk passes the L − H cold pages and the
//! k·1,024 hashed ones up to its last (those of earlier batches no longer hashed), and the last
//! walk, finding fewer than it could take or exactly the rest, reaches the head: one batch is
//! one whole-list walk, and a table whose pages fill the pool costs about half a whole-list walk
//! per batch. 8.0.23 did not change this.
//!
//! Every walk visits pages one at a time through a linked list whose nodes (`buf_page_t`) are
//! scattered in memory, so each step is a dependent cache miss: `PAGE_VISIT_NS` per page. In
//! a large pool the descriptors also lie beyond the TLB's reach, so a step adds a page-table
//! walk whose entry is itself a memory load (`PAGE_WALK_NS`, scaled by the share of the
//! descriptor array the TLB cannot map).
//!
//! **Concurrent queries.** A discrete-event simulation runs `query_threads` closed-loop query
//! threads next to the walk: each query makes `pages_per_query` page accesses spread over
//! `query_us`; an access needs its instance's list mutex with probability
//! `list_mutex_fraction` (misses, make-young, dirtying a page). If the walker holds that mutex
//! the query waits for the next release (the end of a 1,024-page batch, or of the instance for
//! an unyielding LRU walk); released waiters take the mutex one after another before the walker
//! re-acquires it. Every hold ends with the release of all its waiters, so the walk is a
//! sequence of renewal cycles: each distinct hold length (batch, last partial batch, whole-list
//! walk) is simulated on a sample of its holds in walk order (a bounded number of events, two
//! warm-up holds left out), the waiters' waits are measured directly, and the lost share of
//! thread time is the count-weighted mix over the whole walk. Without a walk the closed loop's
//! throughput is known exactly (`baseline_qps`). Beyond `MAX_SIM_THREADS` query threads, each
//! simulated thread stands for several (its release takes as many critical sections).
//!
//! # Calibration
//!
//! `DDL_FIXED_MS` (per CREATE + DROP of an empty table: data-dictionary transactions, redo
//! fsyncs, file create and unlink) is calibrated once so that the 450 GB case of the vendor's
//! test (100 empty tables created and dropped concurrently) improves about 251×. `PAGE_VISIT_NS`,
//! `PAGE_WALK_NS` and the TLB reach come from DRAM latency and a server core's second-level
//! TLB, not from the figures. The shape over 32–450 GB (improvement growing
//! linearly with the pool, flat times from 8.0.23) is predicted.

use super::GIB;
use crate::json::Out;
use crate::params::{Params, SimError};
use crate::sim::{EventQueue, Rng};
use std::collections::VecDeque;

/// One step of a buffer-pool list walk: a dependent load of a `buf_page_t` that is not in
/// cache (DRAM latency ~90 ns) plus the checks on it.
pub const PAGE_VISIT_NS: f64 = 100.0;
/// A TLB miss whose page-table entry is not in cache: one more DRAM access, ns.
pub const PAGE_WALK_NS: f64 = 90.0;
/// Size of one page's control block (`buf_block_t`) in the descriptor array, bytes.
pub const DESCRIPTOR_BYTES: f64 = 400.0;
/// Memory the data TLB maps without a miss: 1,536 second-level entries of 4 KiB pages.
pub const TLB_REACH_BYTES: f64 = 1536.0 * 4096.0;
/// `BUF_LRU_DROP_SEARCH_SIZE`: pages walked between yields.
pub const YIELD_EVERY: f64 = 1024.0;
/// Releasing the mutexes, `os_thread_yield()`, re-acquiring: µs.
pub const YIELD_US: f64 = 1.0;
/// Fixed cost of creating and dropping one empty file-per-table table (data dictionary
/// transactions with their redo fsyncs, file create and unlink), ms. Calibrated (see above).
pub const DDL_FIXED_MS: f64 = 20.3;
/// Time a query holds a list mutex for its own work, µs.
pub const QUERY_CRITICAL_US: f64 = 0.5;
/// Freeing one stale page later, when a scan meets it (8.0.23+), ns.
pub const FREE_STALE_NS: f64 = 200.0;
/// Simulated events per distinct hold length (a hold that is still running then may go on to
/// `MAX_EVENTS_PER_HOLD_TYPE`; its rest is then computed from the same access model). There
/// are at most four distinct lengths (flush-list batches, the last partial batch, the AHI
/// cleanup's batch walks and its last, whole-list walk).
pub const EVENTS_PER_HOLD_TYPE: u64 = 6_000;
pub const MAX_EVENTS_PER_HOLD_TYPE: u64 = 16_000;
/// Holds of a type simulated at least (within `MAX_EVENTS_PER_HOLD_TYPE`), after
/// `WARM_HOLDS` warm-up holds.
pub const MIN_HOLDS: f64 = 8.0;
pub const WARM_HOLDS: u64 = 2;
/// Query threads simulated; more are represented by these, each standing for several.
pub const MAX_SIM_THREADS: usize = 64;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Version {
    V57,
    V80Pre23,
    V80Lazy,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Operation {
    Drop,
    Truncate,
    TempTruncate,
}

#[derive(Debug, Clone)]
pub struct Input {
    pub version: Version,
    pub operation: Operation,
    pub pool_bytes: f64,
    pub instances: u64,
    pub page_bytes: f64,
    pub fill_ratio: f64,
    pub dirty_ratio: f64,
    pub ahi: bool,
    pub hashed_pages: f64,
    pub table_pages_in_pool: f64,
    pub concurrent_drops: u64,
    pub query_threads: u64,
    pub query_us: f64,
    pub pages_per_query: u64,
    pub list_mutex_fraction: f64,
    pub seed: u64,
}

impl Input {
    pub fn read(p: &mut Params) -> Result<Input, SimError> {
        let version = match p.choice(
            "version",
            "8.0.22",
            &["5.7", "8.0.22", "8.0.23"],
            "server version: 5.7, 8.0.22 (any 8.0 before 8.0.23) or 8.0.23 (8.0.23 and later: lazy eviction)",
        )? {
            "5.7" => Version::V57,
            "8.0.23" => Version::V80Lazy,
            _ => Version::V80Pre23,
        };
        let operation = match p.choice(
            "operation",
            "drop",
            &["drop", "truncate", "temp_truncate"],
            "drop: DROP TABLE; truncate: TRUNCATE TABLE; temp_truncate: truncation of a session temporary tablespace at disconnect",
        )? {
            "truncate" => Operation::Truncate,
            "temp_truncate" => Operation::TempTruncate,
            _ => Operation::Drop,
        };
        let pool_bytes = p.num(
            "buffer_pool_bytes",
            128.0 * GIB,
            5.0 * 1024.0 * 1024.0,
            64.0 * 1024.0 * GIB,
            "bytes",
            "innodb_buffer_pool_size (up to 64 TiB)",
        )?;
        let instances = p.int("instances", 8, 1, 64, "", "innodb_buffer_pool_instances")?;
        let page_bytes = p.num(
            "page_bytes",
            16384.0,
            4096.0,
            65536.0,
            "bytes",
            "innodb_page_size",
        )?;
        let fill_ratio = p.num(
            "fill_ratio",
            1.0,
            0.0,
            1.0,
            "",
            "fraction of the pool's frames holding pages (LRU length / pool pages)",
        )?;
        let dirty_ratio = p.num(
            "dirty_ratio",
            0.5,
            0.0,
            1.0,
            "",
            "fraction of the pool's pages that are dirty (flush list length / pool pages)",
        )?;
        let ahi = p.boolean("ahi", true, "innodb_adaptive_hash_index")?;
        let hashed_pages = p.num(
            "hashed_pages",
            0.0,
            0.0,
            1e12,
            "pages",
            "pages of the dropped table that carry adaptive-hash-index entries",
        )?;
        let table_pages_in_pool = p.num(
            "table_pages_in_pool",
            0.0,
            0.0,
            1e12,
            "pages",
            "pages of the dropped table in the buffer pool",
        )?;
        let concurrent_drops = p.int(
            "concurrent_drops",
            1,
            1,
            100_000,
            "",
            "tables created and dropped concurrently (their DROPs run one after another)",
        )?;
        let query_threads = p.int(
            "query_threads",
            64,
            0,
            100_000,
            "threads",
            "concurrent query threads (closed loop)",
        )?;
        let query_us = p.num(
            "query_us",
            200.0,
            1.0,
            1e8,
            "us",
            "duration of one query without contention",
        )?;
        let pages_per_query = p.int(
            "pages_per_query",
            10,
            1,
            100_000,
            "",
            "buffer-pool page accesses per query",
        )?;
        let list_mutex_fraction = p.num(
            "list_mutex_fraction",
            0.05,
            0.0,
            1.0,
            "",
            "fraction of page accesses that take their instance's LRU or flush-list mutex",
        )?;
        let seed = p.int("seed", 1, 0, 1 << 52, "", "random seed")?;
        if table_pages_in_pool > pool_bytes / page_bytes {
            return Err(SimError::new(
                "table_pages_in_pool",
                "exceeds the pages the buffer pool can hold",
            ));
        }
        if hashed_pages > table_pages_in_pool.max(pool_bytes / page_bytes) {
            return Err(SimError::new(
                "hashed_pages",
                "exceeds the pages in the buffer pool",
            ));
        }
        Ok(Input {
            version,
            operation,
            pool_bytes,
            instances,
            page_bytes,
            fill_ratio,
            dirty_ratio,
            ahi,
            hashed_pages,
            table_pages_in_pool,
            concurrent_drops,
            query_threads,
            query_us,
            pages_per_query,
            list_mutex_fraction,
            seed,
        })
    }
}

/// One critical section of the walker on one instance.
#[derive(Debug, Clone, Copy)]
struct Hold {
    instance: u64,
    us: f64,
}

#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub per_drop_s: f64,
    pub scan_s_per_drop: f64,
    pub ahi_s_per_drop: f64,
    pub fixed_s_per_drop: f64,
    pub total_s: f64,
    pub longest_hold_ms: f64,
    pub pages_walked_per_drop: f64,
    pub holds_per_drop: f64,
    pub query_throughput_during_stall: f64,
    pub query_throughput_baseline: f64,
    pub throughput_loss_fraction: f64,
    pub queries_lost: f64,
    pub deferred_free_s: f64,
    pub pre_8023_total_s: f64,
    pub lazy_total_s: f64,
    pub improvement: f64,
    pub simulated_window_s: f64,
}

struct Plan {
    scan_us: f64,
    ahi_us: f64,
    holds: Vec<(u64, f64, f64)>, // (instance, hold µs, count) as a run-length list
    pages: f64,
    longest_us: f64,
}

fn plan_walks(inp: &Input, version: Version) -> Plan {
    let pool_pages = inp.pool_bytes / inp.page_bytes;
    let inst = inp.instances as f64;
    let lru_per_inst = pool_pages * inp.fill_ratio / inst;
    let flush_per_inst = pool_pages * inp.dirty_ratio.min(inp.fill_ratio) / inst;
    let mut plan = Plan {
        scan_us: 0.0,
        ahi_us: 0.0,
        holds: Vec::new(),
        pages: 0.0,
        longest_us: 0.0,
    };
    let visit_us = page_visit_ns(pool_pages) / 1000.0;
    let lazy = version == Version::V80Lazy;
    if !lazy {
        let all_no_write = matches!(inp.operation, Operation::TempTruncate)
            || (version == Version::V57 && inp.operation == Operation::Truncate);
        for i in 0..inp.instances {
            if all_no_write {
                // Two LRU walks, each one critical section for an empty tablespace.
                let us = lru_per_inst * visit_us;
                plan.holds.push((i, us, 2.0));
                plan.scan_us += 2.0 * us;
                plan.pages += 2.0 * lru_per_inst;
                plan.longest_us = plan.longest_us.max(us);
            } else {
                let batches = (flush_per_inst / YIELD_EVERY).floor();
                let rest = flush_per_inst - batches * YIELD_EVERY;
                let batch_us = YIELD_EVERY * visit_us;
                if batches > 0.0 {
                    plan.holds.push((i, batch_us, batches));
                    plan.longest_us = plan.longest_us.max(batch_us);
                }
                if rest > 0.0 {
                    plan.holds.push((i, rest * visit_us, 1.0));
                }
                plan.scan_us += flush_per_inst * visit_us + batches * YIELD_US;
                plan.pages += flush_per_inst;
            }
        }
    }
    if inp.ahi && inp.hashed_pages > 0.0 {
        // One LRU walk of every instance per batch of 1,024 hashed pages per instance, each
        // from the tail to its 1,024th hashed page; the last reaches the head. The reference
        // count is checked before each batch, so no walk follows the last one.
        let hashed = (inp.hashed_pages / inst).min(lru_per_inst);
        let walks = (hashed / YIELD_EVERY).ceil();
        // Batches before the last: past the cold pages, then k·1,024 hashed ones (mean k = walks / 2).
        let early_pages = (lru_per_inst - hashed) + YIELD_EVERY * walks / 2.0;
        for i in 0..inp.instances {
            let last_us = lru_per_inst * visit_us;
            plan.holds.push((i, last_us, 1.0));
            let mut pages = lru_per_inst;
            if walks > 1.0 {
                plan.holds.push((i, early_pages * visit_us, walks - 1.0));
                pages += (walks - 1.0) * early_pages;
            }
            plan.ahi_us += pages * visit_us;
            plan.pages += pages;
            plan.longest_us = plan.longest_us.max(last_us);
        }
    }
    plan
}

/// One step of a list walk in a pool of `pool_pages` pages: the dependent miss on the
/// descriptor, plus a page-table walk for the share of descriptors the TLB cannot map.
pub fn page_visit_ns(pool_pages: f64) -> f64 {
    let footprint = pool_pages * DESCRIPTOR_BYTES;
    let unmapped = if footprint > 0.0 {
        (1.0 - TLB_REACH_BYTES / footprint).max(0.0)
    } else {
        0.0
    };
    PAGE_VISIT_NS + PAGE_WALK_NS * unmapped
}

fn fixed_us() -> f64 {
    DDL_FIXED_MS * 1000.0
}

enum Ev {
    /// A query thread's next page access.
    Access(usize),
    /// The walker's current hold ends.
    HoldEnd,
}

/// Query throughput without a walk: each query makes `pages_per_query` accesses spread over
/// `query_us`, and an access that takes a list mutex adds `QUERY_CRITICAL_US` (uncontended).
/// This is the closed-loop steady state of the simulation below without holds, exactly.
fn baseline_qps(inp: &Input) -> f64 {
    let cycle_us =
        inp.query_us + inp.pages_per_query as f64 * inp.list_mutex_fraction * QUERY_CRITICAL_US;
    inp.query_threads as f64 / cycle_us * 1e6
}

/// Sampled queries next to the walker.
struct Window {
    /// Share of the query threads' time lost waiting for the walker's mutexes.
    loss: f64,
    /// Simulated time, µs.
    simulated_us: f64,
}

/// The walk is a sequence of holds, each ended by the release of every waiter, so each hold is
/// a renewal cycle of the query threads: the walk's loss is the count-weighted mix of its hold
/// types' per-hold losses. Each distinct hold length is simulated on a sample of its holds (in
/// the walk's order: instance after instance), until `EVENTS_PER_HOLD_TYPE` events have run or
/// all its holds are done, and scaled by `count / sampled holds`. Waiting time is measured
/// directly (release minus arrival of each waiter); the lost share of thread time is
/// `Σ waits / (threads · window)`. At most `MAX_SIM_THREADS` threads are simulated; each then
/// stands for `threads / MAX_SIM_THREADS` threads (its release takes as many critical sections).
fn query_window(inp: &Input, holds: &[(u64, f64, f64)]) -> Window {
    let n_real = inp.query_threads as f64;
    let n = (inp.query_threads as usize).min(MAX_SIM_THREADS);
    if n == 0 || holds.is_empty() {
        return Window {
            loss: 0.0,
            simulated_us: 0.0,
        };
    }
    let weight = n_real / n as f64;
    let step_us = inp.query_us / inp.pages_per_query as f64;
    // Distinct hold lengths, in order of first appearance.
    let mut types: Vec<f64> = Vec::new();
    for &(_, us, _) in holds {
        if !types.contains(&us) {
            types.push(us);
        }
    }
    let (mut wait_total, mut time_total, mut simulated) = (0.0, 0.0, 0.0);
    for (k, &us) in types.iter().enumerate() {
        let count: f64 = holds.iter().filter(|h| h.1 == us).map(|h| h.2).sum();
        // This type's holds in walk order (instance, µs), expanded lazily.
        let mut sequence = holds
            .iter()
            .filter(|h| h.1 == us)
            .flat_map(|&(i, us, c)| (0..c.min(1e9) as u64).map(move |_| Hold { instance: i, us }));
        let first = match sequence.next() {
            Some(h) => h,
            None => continue,
        };
        let mut rng = Rng::new(inp.seed ^ 0xD50F ^ ((k as u64) << 32));
        let mut q: EventQueue<Ev> = EventQueue::new();
        for t in 0..n {
            q.push(rng.exp(step_us), Ev::Access(t));
        }
        let mut held = first.instance;
        let mut hold_start = 0.0;
        let mut hold_us = first.us;
        q.push(hold_us, Ev::HoldEnd);
        let mut waiters: VecDeque<(usize, f64)> = VecDeque::new();
        let (mut wait, mut done_holds, mut events) = (0.0, 0.0, 0u64);
        let mut end = 0.0;
        // The first holds start with no thread waiting: a warm-up, left out when there is more.
        let warm = WARM_HOLDS as f64;
        // (waits, time) at the end of the warm-up and of the last complete hold.
        let (mut wait0, mut end0, mut wait1, mut end1) = (0.0, 0.0, 0.0, 0.0);
        while let Some((now, ev)) = q.pop() {
            events += 1;
            if events > MAX_EVENTS_PER_HOLD_TYPE {
                // A hold too long for the budget: its rest follows from the same access model.
                // Waiters wait to its end; each running thread blocks after an exponential time
                // (a geometric number of exponential steps) of mean `to_block`, then waits to
                // the end; the expected waiters are released one after another.
                let hold_end = hold_start + hold_us;
                let rest = (hold_end - now).max(0.0);
                let p = inp.list_mutex_fraction / inp.instances as f64;
                let running = (n - waiters.len()) as f64;
                let (blocking, idle) = if p > 0.0 && rest > 0.0 {
                    let per_access = step_us
                        + QUERY_CRITICAL_US
                            * inp.list_mutex_fraction
                            * (1.0 - 1.0 / inp.instances as f64);
                    let to_block = per_access / p;
                    let share = 1.0 - (-rest / to_block).exp();
                    (share, rest - to_block * share)
                } else {
                    (0.0, 0.0)
                };
                wait += waiters.iter().map(|&(_, a)| hold_end - a).sum::<f64>() + running * idle;
                let released = waiters.len() as f64 + running * blocking;
                let critical = QUERY_CRITICAL_US * weight;
                wait += critical * released * (released - 1.0).max(0.0) / 2.0;
                end = hold_end + critical * released + YIELD_US;
                done_holds += 1.0;
                (wait1, end1) = (wait, end);
                break;
            }
            match ev {
                Ev::Access(tid) => {
                    let needs = rng.unit() < inp.list_mutex_fraction;
                    let inst = rng.below(inp.instances);
                    if needs && inst == held {
                        waiters.push_back((tid, now));
                        continue;
                    }
                    let critical = if needs { QUERY_CRITICAL_US } else { 0.0 };
                    q.push(now + rng.exp(step_us) + critical, Ev::Access(tid));
                }
                Ev::HoldEnd => {
                    // Waiters take the mutex one after another, then the walker re-acquires.
                    let mut t = now;
                    while let Some((tid, arrived)) = waiters.pop_front() {
                        wait += t - arrived;
                        t += QUERY_CRITICAL_US * weight;
                        q.push(t + rng.exp(step_us), Ev::Access(tid));
                    }
                    done_holds += 1.0;
                    end = t + YIELD_US;
                    (wait1, end1) = (wait, end);
                    if done_holds == warm {
                        (wait0, end0) = (wait, end);
                    }
                    if events >= EVENTS_PER_HOLD_TYPE && done_holds >= warm + MIN_HOLDS {
                        break;
                    }
                    match sequence.next() {
                        Some(h) => {
                            held = h.instance;
                            hold_start = end;
                            hold_us = h.us;
                            q.push(end + h.us, Ev::HoldEnd);
                        }
                        None => break,
                    }
                }
            }
        }
        // Enough holds: leave the warm-up out. Holds too long for that: every complete hold
        // (a long hold hardly depends on how the previous one ended).
        let (sampled, w, span) = if done_holds >= warm + MIN_HOLDS {
            (done_holds - warm, wait - wait0, end - end0)
        } else {
            (done_holds, wait1, end1)
        };
        if sampled <= 0.0 || span <= 0.0 {
            continue;
        }
        let scale = count / sampled;
        wait_total += scale * w;
        time_total += scale * span;
        simulated += end;
    }
    Window {
        loss: if time_total > 0.0 {
            (wait_total / (n as f64 * time_total)).clamp(0.0, 1.0)
        } else {
            0.0
        },
        simulated_us: simulated,
    }
}

pub fn simulate(inp: &Input) -> Outcome {
    let mut o = Outcome::default();
    let pre_version = if inp.version == Version::V80Lazy {
        Version::V80Pre23
    } else {
        inp.version
    };
    let plan = plan_walks(inp, inp.version);
    let pre = plan_walks(inp, pre_version);
    let lazy = plan_walks(inp, Version::V80Lazy);
    let drops = inp.concurrent_drops as f64;
    let per = |p: &Plan| fixed_us() + p.scan_us + p.ahi_us;
    o.scan_s_per_drop = plan.scan_us / 1e6;
    o.ahi_s_per_drop = plan.ahi_us / 1e6;
    o.fixed_s_per_drop = fixed_us() / 1e6;
    o.per_drop_s = per(&plan) / 1e6;
    o.total_s = o.per_drop_s * drops;
    o.pre_8023_total_s = per(&pre) * drops / 1e6;
    o.lazy_total_s = per(&lazy) * drops / 1e6;
    o.improvement = o.pre_8023_total_s / o.lazy_total_s;
    o.longest_hold_ms = plan.longest_us / 1e3;
    o.pages_walked_per_drop = plan.pages;
    o.holds_per_drop = plan.holds.iter().map(|h| h.2).sum();
    if inp.version == Version::V80Lazy {
        o.deferred_free_s = inp.table_pages_in_pool * FREE_STALE_NS * 1e-9;
    }
    // Concurrent queries: baseline, and the share of it lost while the walker holds mutexes.
    let base = baseline_qps(inp);
    o.query_throughput_baseline = base;
    let w = query_window(inp, &plan.holds);
    o.throughput_loss_fraction = w.loss;
    o.query_throughput_during_stall = base * (1.0 - w.loss);
    o.simulated_window_s = w.simulated_us / 1e6;
    let walk_s = (plan.scan_us + plan.ahi_us) * drops / 1e6;
    o.queries_lost = o.throughput_loss_fraction * base * walk_s;
    o
}

impl Outcome {
    pub fn write(&self, out: &mut Out) {
        out.num("stall_seconds", self.total_s);
        out.num("per_drop_seconds", self.per_drop_s);
        out.begin_obj_key("per_drop_breakdown_seconds");
        out.num("list_walks", self.scan_s_per_drop);
        out.num("ahi_cleanup", self.ahi_s_per_drop);
        out.num("ddl_fixed", self.fixed_s_per_drop);
        out.end_obj();
        out.num("pages_walked_per_drop", self.pages_walked_per_drop);
        out.num("mutex_holds_per_drop", self.holds_per_drop);
        out.num("longest_mutex_hold_ms", self.longest_hold_ms);
        out.begin_obj_key("queries");
        out.num("qps_baseline", self.query_throughput_baseline);
        out.num("qps_during_stall", self.query_throughput_during_stall);
        out.num("throughput_loss_fraction", self.throughput_loss_fraction);
        out.num("queries_lost", self.queries_lost);
        out.num("simulated_window_s", self.simulated_window_s);
        out.end_obj();
        out.num("deferred_free_seconds", self.deferred_free_s);
        out.begin_obj_key("versions");
        out.num("before_8_0_23_seconds", self.pre_8023_total_s);
        out.num("from_8_0_23_seconds", self.lazy_total_s);
        out.num("improvement", self.improvement);
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
    fn stall_grows_with_pool_not_table() {
        let a = simulate(&input(r#""buffer_pool_bytes":34359738368,"ahi":false"#));
        let b = simulate(&input(r#""buffer_pool_bytes":274877906944,"ahi":false"#));
        assert!(b.per_drop_s > a.per_drop_s * 4.0);
        let c = simulate(&input(
            r#""buffer_pool_bytes":274877906944,"ahi":false,"version":"8.0.23""#,
        ));
        assert!(c.per_drop_s < 0.05);
    }

    #[test]
    fn ahi_cleanup_survives_8_0_23() {
        let a = simulate(&input(
            r#""version":"8.0.23","ahi":true,"hashed_pages":100000,"table_pages_in_pool":100000"#,
        ));
        assert!(a.ahi_s_per_drop > 0.1, "{}", a.ahi_s_per_drop);
        let b = simulate(&input(
            r#""version":"8.0.23","ahi":false,"hashed_pages":100000,"table_pages_in_pool":100000"#,
        ));
        assert_eq!(b.ahi_s_per_drop, 0.0);
    }

    #[test]
    fn ahi_walks_one_lru_pass_per_batch_and_none_after() {
        // 8 instances, 1,024 hashed pages per instance: one batch, so one walk per instance.
        let pool = 128.0 * GIB / 16384.0;
        let per_inst = pool / 8.0;
        for (hashed, walks) in [(8192.0, 1.0), (8193.0, 2.0), (16384.0, 2.0)] {
            let o = simulate(&input(&format!(
                r#""version":"8.0.23","ahi":true,"hashed_pages":{},"table_pages_in_pool":{}"#,
                hashed, hashed
            )));
            // The last walk is whole; an earlier one stops at its 1,024th hashed page.
            let h: f64 = hashed / 8.0;
            let early = (per_inst - h) + 1024.0 * walks / 2.0;
            let expected = 8.0 * (per_inst + (walks - 1.0) * early) * page_visit_ns(pool) * 1e-9;
            assert!(
                (o.ahi_s_per_drop / expected - 1.0).abs() < 1e-9,
                "{} hashed pages: {} s, expected {} s",
                hashed,
                o.ahi_s_per_drop,
                expected
            );
        }
    }

    #[test]
    fn a_table_that_fills_the_pool_costs_half_a_whole_walk_per_batch() {
        // Every page hashed: batch k stops at k·1,024 pages, so B batches walk about L(B+1)/2.
        let pool = 8.0 * GIB / 16384.0;
        let o = simulate(&input(&format!(
            r#""version":"8.0.23","ahi":true,"buffer_pool_bytes":{},"instances":1,"hashed_pages":{},"table_pages_in_pool":{}"#,
            8.0 * GIB,
            pool,
            pool
        )));
        let batches = pool / 1024.0;
        let whole_walks = o.ahi_s_per_drop / (pool * page_visit_ns(pool) * 1e-9);
        assert!(
            (whole_walks / ((batches + 1.0) / 2.0) - 1.0).abs() < 1e-9,
            "{whole_walks} walks"
        );
    }

    #[test]
    fn a_step_costs_more_once_the_descriptors_outgrow_the_tlb() {
        let small = page_visit_ns(128.0 * 1024.0 * 1024.0 / 16384.0);
        let large = page_visit_ns(256.0 * GIB / 16384.0);
        assert_eq!(small, PAGE_VISIT_NS);
        assert!(large > 1.8 * PAGE_VISIT_NS && large <= PAGE_VISIT_NS + PAGE_WALK_NS);
        let mut last = 0.0;
        for gib in [1.0, 4.0, 32.0, 256.0, 4096.0] {
            let v = page_visit_ns(gib * GIB / 16384.0);
            assert!(v >= last);
            last = v;
        }
    }

    #[test]
    fn unyielding_lru_walk_hurts_queries_more() {
        let a = simulate(&input(r#""operation":"drop","list_mutex_fraction":0.2"#));
        let b = simulate(&input(
            r#""operation":"temp_truncate","list_mutex_fraction":0.2"#,
        ));
        assert!(b.longest_hold_ms > a.longest_hold_ms * 100.0);
        assert!(b.throughput_loss_fraction > a.throughput_loss_fraction);
    }

    #[test]
    fn baseline_is_the_closed_loop_steady_state() {
        let i = input(
            r#""query_threads":64,"query_us":200,"pages_per_query":10,"list_mutex_fraction":0.05"#,
        );
        let expected = 64.0 / (200.0 + 10.0 * 0.05 * QUERY_CRITICAL_US) * 1e6;
        assert!((baseline_qps(&i) / expected - 1.0).abs() < 1e-12);
    }

    #[test]
    fn loss_matches_the_expected_wait_for_short_holds() {
        // Each access needs the walked instance's mutex with probability f/instances and then
        // waits for the rest of a 1,024-page hold (half of it on average): the lost share of
        // thread time is about rate·p·hold/2 / (1 + rate·p·hold/2).
        let o = simulate(&input(r#""ahi":false,"list_mutex_fraction":0.05"#));
        let hold = YIELD_EVERY * page_visit_ns(128.0 * GIB / 16384.0) / 1000.0;
        let w = (1.0 / 20.0) * (0.05 / 8.0) * hold / 2.0;
        let expected = w / (1.0 + w);
        let got = o.throughput_loss_fraction;
        assert!(
            (got / expected - 1.0).abs() < 0.35,
            "{} vs {}",
            got,
            expected
        );
    }

    #[test]
    fn many_query_threads_are_sampled_and_bounded() {
        let a = simulate(&input(
            r#""query_threads":100000,"list_mutex_fraction":0.5"#,
        ));
        let b = simulate(&input(r#""query_threads":64,"list_mutex_fraction":0.5"#));
        assert!(a.throughput_loss_fraction > b.throughput_loss_fraction);
        assert!(a.throughput_loss_fraction < 1.0);
    }
}

//! `redo_commit`: a discrete-event simulation of transaction commits against the redo log.
//!
//! # Mechanism
//!
//! `threads` client threads run a closed loop: a client-side delay (network round trip and
//! client work, exponential with mean `client_latency_us`), then the transaction's CPU work on
//! one of `cpu_cores` cores (FCFS run queue, exponential with mean `cpu_us_per_trx`), then the
//! commit, which appends `redo_bytes_per_trx` to the log buffer and advances the LSN.
//!
//! What the commit waits for depends on `innodb_flush_log_at_trx_commit`
//! (`trx_flush_log_if_needed_low()`):
//! * `1`: until the log is written *and* fsynced up to its LSN;
//! * `2`: until the log is written to the OS up to its LSN;
//! * `0`: nothing.
//!
//! Two background threads do the work (MySQL 8.0 `log_writer` / `log_flusher`):
//! * the writer writes everything in the log buffer whenever it is idle and there is new data
//!   (one `write()` of `LOG_WRITE_US` plus bytes at `log_write_mbps`);
//! * with `trx_commit = 1` the flusher starts an fsync (`fsync_us`) as soon as it is idle and
//!   something was written since the last one; the fsync covers the written LSN at its start,
//!   so **all commits whose LSN ≤ that LSN share it** (group commit). With `0` or `2` it fsyncs
//!   once every `innodb_flush_log_at_timeout` seconds.
//!
//! A commit that had to wait is woken by the notifier thread, which wakes waiters one after
//! another (`NOTIFY_US` each), and the woken thread needs the CPU again (`WAKE_CPU_US`: context
//! switch and the rest of the commit) before it finishes. At high concurrency this second trip
//! through a busy run queue is what keeps `trx_commit = 1` below `0` even when fsyncs are well
//! amortised.
//!
//! With the binary log on (`log_bin`), commits go through binlog group commit instead: the flush
//! stage leader takes every queued transaction, makes the redo durable for the group (write, and
//! fsync when `trx_commit = 1`), writes the group's binlog events; the sync stage fsyncs the
//! binlog when `sync_binlog = 1` (or every N-th group for `sync_binlog = N`); then all members
//! are woken. The two stages are pipelined: the next group can flush while this one syncs.
//!
//! Before binary-log group commit (MySQL and Percona Server before 5.6, MariaDB before 5.3;
//! `binlog_group_commit = false`) a commit with the binlog on is InnoDB's two-phase commit under
//! `prepare_commit_mutex` (`innobase_xa_prepare()` / `innobase_commit()`, 5.1 and 5.5): the
//! prepare record is made durable as a lone commit would be (shared fsyncs), then the mutex is
//! taken; holding it, the transaction writes its binlog events and, with `sync_binlog = 1` (or
//! every N-th commit), fsyncs the binlog, then writes its commit record; the mutex is released
//! and the commit record is made durable (shared fsyncs again). Binlog fsyncs are never shared:
//! one commit at a time holds the mutex.
//!
//! # Simulated work
//!
//! `COMMITS_PER_THREAD` commits per client thread (at least `MIN_COMMITS`), the first fifth as
//! warm-up. Throughput is counted in whole release batches (from the first release after the
//! warm-up to the last: an fsync, a write, a binlog sync releases its waiting commits at
//! once), which removes the boundary error of a commit-count window when an fsync releases
//! hundreds of commits. Each client thread has its own random stream (common random numbers),
//! so runs that differ only in the commit policy draw the same work and compare cleanly. The
//! notifier's wake-ups, always in time order, wait in a FIFO beside the event heap. The
//! flusher's timer fsyncs (`trx_commit` 0 and 2) are counted from their period, which is
//! longer than the simulated window. Beyond `SIM_THREADS_MAX` threads the server is past its
//! knee: 2,048 threads are simulated, throughput grows linearly with the threads up to the
//! CPU, critical-section or redo-device bound, and latency follows from Little's law.
//!
//! # Loss windows
//!
//! Worst case of committed transactions lost, per failure:
//! * mysqld crash: `trx_commit = 0` loses what the writer had not yet written (documented as up
//!   to about one second, `innodb_flush_log_at_timeout`; in 8.0 the writer usually lags by far
//!   less, reported as `observed_writer_lag_ms`); `1` and `2` lose nothing.
//! * OS crash or power loss: `0` and `2` lose up to one flush interval plus an fsync;
//!   `1` loses nothing. With the binlog on, `sync_binlog = 0` leaves the binlog to the OS
//!   (unbounded window, reported as null), `sync_binlog = N > 1` can lose up to N groups.
//!
//! # Calibration
//!
//! Model constants: `NOTIFY_US`, `WAKE_CPU_US`, `LOG_WRITE_US` are order-of-magnitude costs
//! (futex wake, context switch, `write()` into the page cache), not fitted. `CPU_CONTENTION = 2`
//! was set once on the shape of the `trx_commit = 0` curve (its knee between 32 and 256
//! threads). The sysbench scenario (hardware unknown) is described by inputs derived from the
//! run: `client_latency_us + cpu_us_per_trx` from `trx_commit = 0` at 2 threads, the CPU
//! capacity (`cpu_cores / (cpu_us_per_trx · (1 + CPU_CONTENTION))` ≈ 45 K/s) from its plateau,
//! `fsync_us = 800` from `trx_commit = 1` at 2 threads, and `redo_bytes_per_trx /
//! disk_write_mbps` (28 µs of device time per commit) from `trx_commit = 1` at 1024 threads.
//! The 0-versus-1 ratios at the other eight thread counts are predictions.

use crate::json::Out;
use crate::params::{Params, SimError};
use crate::sim::{EventQueue, Rng};
use std::collections::VecDeque;

/// Serial cost of waking one waiting commit (futex wake by the notifier thread), µs.
pub const NOTIFY_US: f64 = 2.0;
/// CPU a woken commit needs after an fsync/write wait (context switch + commit tail), µs.
pub const WAKE_CPU_US: f64 = 25.0;
/// Fixed cost of one `write()` of the log buffer to the OS, µs.
pub const LOG_WRITE_US: f64 = 15.0;
/// Fixed cost of one binlog `write()`, µs.
pub const BINLOG_WRITE_US: f64 = 15.0;
/// Redo of a commit record written after the prepare (undo header state, commit mark), bytes.
pub const COMMIT_RECORD_BYTES: f64 = 100.0;
/// Slow-down of a CPU burst when all cores are busy (SMT siblings, shared caches, memory
/// bandwidth), relative to an idle machine: a burst takes `1 + CPU_CONTENTION · busy_share`
/// times its nominal CPU time. 1.0 means a fully loaded machine runs each transaction at half
/// the speed of an idle one, which is what two SMT threads per core give.
pub const CPU_CONTENTION: f64 = 2.0;
/// Client-side delays are Erlang-distributed with this shape (coefficient of variation
/// 1/sqrt(k)): network round trips and client work are far more regular than exponential.
pub const CLIENT_ERLANG_K: u32 = 4;
/// Simulated commits: `COMMITS_PER_THREAD` per client thread, at least `MIN_COMMITS`, the
/// first fifth as warm-up. Throughput is counted in whole release batches (see `mark_release`),
/// which keeps the run short: at the sysbench scenario the 0/1 ratios move by 0.4–0.7 % up to
/// 32 threads and 1–1.7 % from 64 to 1,024 (standard deviation over seeds), against 0.2–0.8 %
/// with the former 30,000 commits, and their means do not move.
pub const COMMITS_PER_THREAD: u64 = 8;
pub const MIN_COMMITS: u64 = 4_000;
/// Batches the throughput has to be counted over (else the commits in the window are).
pub const MIN_BATCHES: u64 = 4;
/// Client threads simulated. Beyond them a server is past its knee: more threads only queue
/// (throughput from the simulated threads, extrapolated linearly up to the throughput bound of
/// the CPU, the critical section or the redo device, and latency by Little's law); see
/// `extrapolate`.
pub const SIM_THREADS_MAX: u64 = 2048;
/// Upper bound on simulated commits and events, whatever the input.
pub const MAX_COMMITS: u64 = 40_000;
pub const MAX_EVENTS: u64 = 250_000;

#[derive(Debug, Clone)]
pub struct Input {
    pub threads: u64,
    pub trx_commit: u8,
    pub flush_timeout_s: f64,
    pub fsync_us: f64,
    pub log_write_mbps: f64,
    pub disk_write_mbps: f64,
    pub redo_bytes_per_trx: f64,
    pub cpu_cores: u64,
    pub cpu_us_per_trx: f64,
    pub serial_us_per_trx: f64,
    pub cpu_contention: f64,
    pub client_latency_us: f64,
    pub queries_per_trx: f64,
    pub log_bin: bool,
    pub sync_binlog: u64,
    pub binlog_fsync_us: f64,
    pub binlog_bytes_per_trx: f64,
    pub binlog_group_commit: bool,
    pub seed: u64,
}

impl Input {
    pub fn read(p: &mut Params) -> Result<Input, SimError> {
        let threads = p.int(
            "threads",
            16,
            1,
            100_000,
            "threads",
            "client threads (closed loop)",
        )?;
        let trx_commit = p.int(
            "trx_commit",
            1,
            0,
            2,
            "",
            "innodb_flush_log_at_trx_commit: 0, 1 or 2",
        )? as u8;
        let flush_timeout_s = p.num(
            "flush_log_at_timeout_s",
            1.0,
            1.0,
            2700.0,
            "s",
            "innodb_flush_log_at_timeout",
        )?;
        let fsync_us = p.num(
            "fsync_us",
            1000.0,
            1.0,
            1e7,
            "us",
            "latency of one redo-log fsync",
        )?;
        let log_write_mbps = p.num(
            "log_write_mbps",
            1000.0,
            1.0,
            1e6,
            "MB/s",
            "throughput of write() into the OS page cache",
        )?;
        let disk_write_mbps = p.num("disk_write_mbps", 200.0, 0.1, 1e6, "MB/s", "write throughput of the redo device: an fsync also waits for the bytes written since the previous one")?;
        let redo_bytes_per_trx = p.num(
            "redo_bytes_per_trx",
            1000.0,
            1.0,
            1e9,
            "bytes",
            "redo generated per transaction",
        )?;
        let cpu_cores = p.int(
            "cpu_cores",
            8,
            1,
            4096,
            "cores",
            "CPU cores serving transactions",
        )?;
        let cpu_us_per_trx = p.num(
            "cpu_us_per_trx",
            100.0,
            0.01,
            1e7,
            "us",
            "mean CPU time of one transaction",
        )?;
        let serial_us_per_trx = p.num("serial_us_per_trx", 0.0, 0.0, 1e7, "us", "mean time per transaction inside a server-wide critical section (trx_sys / lock_sys mutexes), one transaction at a time")?;
        let cpu_contention = p.num("cpu_contention", CPU_CONTENTION, 0.0, 100.0, "", "slow-down of a transaction's CPU work when every core is busy (1 = half speed), linear in the busy share")?;
        let client_latency_us = p.num(
            "client_latency_us",
            500.0,
            0.0,
            1e8,
            "us",
            "mean client-side time per transaction (network round trips, client work)",
        )?;
        let queries_per_trx = p.num(
            "queries_per_trx",
            1.0,
            1.0,
            10_000.0,
            "",
            "queries counted per transaction (QPS = TPS x this)",
        )?;
        let log_bin = p.boolean(
            "log_bin",
            false,
            "binary log enabled (two-phase commit with binlog group commit)",
        )?;
        let sync_binlog = p.int(
            "sync_binlog",
            1,
            0,
            4_294_967_295,
            "",
            "sync_binlog: 0 = OS decides, 1 = every group, N = every N-th group",
        )?;
        let binlog_fsync_us = p.num(
            "binlog_fsync_us",
            0.0,
            0.0,
            1e7,
            "us",
            "latency of one binlog fsync (0 = fsync_us)",
        )?;
        let binlog_bytes_per_trx = p.num(
            "binlog_bytes_per_trx",
            500.0,
            1.0,
            1e9,
            "bytes",
            "binlog events per transaction",
        )?;
        let binlog_group_commit = p.boolean(
            "binlog_group_commit",
            true,
            "binlog group commit (MySQL 5.6+, MariaDB 5.3+); false: one commit at a time under prepare_commit_mutex (5.1, 5.5)",
        )?;
        let seed = p.int("seed", 1, 0, 1 << 52, "", "random seed of the simulation")?;
        Ok(Input {
            threads,
            trx_commit,
            flush_timeout_s,
            fsync_us,
            log_write_mbps,
            disk_write_mbps,
            redo_bytes_per_trx,
            cpu_cores,
            cpu_us_per_trx,
            serial_us_per_trx,
            cpu_contention,
            client_latency_us,
            queries_per_trx,
            log_bin,
            sync_binlog,
            binlog_fsync_us: if binlog_fsync_us > 0.0 {
                binlog_fsync_us
            } else {
                fsync_us
            },
            binlog_bytes_per_trx,
            binlog_group_commit,
            seed,
        })
    }
}

#[derive(Debug, Clone, Default)]
pub struct Outcome {
    pub tps: f64,
    pub qps: f64,
    pub commit_latency_ms: f64,
    pub trx_latency_ms: f64,
    pub fsyncs_per_s: f64,
    pub commits_per_fsync: f64,
    pub binlog_fsyncs_per_s: f64,
    pub commits_per_group: f64,
    pub groups_per_s: f64,
    pub writes_per_s: f64,
    pub redo_mb_per_s: f64,
    pub cpu_utilization: f64,
    pub observed_writer_lag_ms: f64,
    pub simulated_s: f64,
    pub simulated_commits: u64,
    pub simulated_threads: u64,
    pub events: u64,
    pub loss_mysqld_s: Option<f64>,
    pub loss_os_s: Option<f64>,
    pub loss_mysqld_trx: Option<f64>,
    pub loss_os_trx: Option<f64>,
    pub binlog_loss_os_s: Option<f64>,
}

impl Input {
    /// Commits through the redo log's own writer and flusher: no binlog, or a binlog without
    /// group commit (whose prepare and commit records wait on them).
    fn redo_threads_serve_commits(&self) -> bool {
        !self.log_bin || !self.binlog_group_commit
    }

    /// Time one commit holds `prepare_commit_mutex` without binlog group commit, µs.
    fn prepare_commit_hold_us(&self, syncs: bool) -> f64 {
        let write = BINLOG_WRITE_US + self.binlog_bytes_per_trx / self.log_write_mbps;
        if syncs {
            write + self.binlog_fsync_us + self.binlog_bytes_per_trx / self.disk_write_mbps
        } else {
            write
        }
    }
}

/// Throughput bound of the server whatever the thread count (transactions/s): all cores busy
/// (each burst stretched by `1 + cpu_contention`, plus the wake-up after a commit wait), the
/// serial critical section, and for durable commits the redo (and binlog) device's bytes.
/// Returns the bound and which resource sets it (0 CPU, 1 critical section, 2 device).
fn throughput_bound(inp: &Input) -> (f64, u8) {
    let waits = inp.trx_commit != 0 || inp.log_bin;
    let cpu_us =
        (inp.cpu_us_per_trx + if waits { WAKE_CPU_US } else { 0.0 }) * (1.0 + inp.cpu_contention);
    let mut bound = (inp.cpu_cores as f64 / cpu_us * 1e6, 0u8);
    if inp.serial_us_per_trx > 0.0 {
        let x = 1e6 / inp.serial_us_per_trx;
        if x < bound.0 {
            bound = (x, 1);
        }
    }
    let mut device_us = 0.0;
    if inp.trx_commit == 1 {
        device_us += inp.redo_bytes_per_trx / inp.disk_write_mbps;
    }
    if inp.log_bin && inp.sync_binlog == 1 {
        device_us += inp.binlog_bytes_per_trx / inp.disk_write_mbps;
    }
    if device_us > 0.0 && 1e6 / device_us < bound.0 {
        bound = (1e6 / device_us, 2);
    }
    if inp.log_bin && !inp.binlog_group_commit {
        // One commit at a time holds prepare_commit_mutex (its binlog fsync every N-th commit).
        let n = inp.sync_binlog as f64;
        let hold = if n == 0.0 {
            inp.prepare_commit_hold_us(false)
        } else {
            inp.prepare_commit_hold_us(false)
                + (inp.prepare_commit_hold_us(true) - inp.prepare_commit_hold_us(false)) / n
        };
        if 1e6 / hold < bound.0 {
            bound = (1e6 / hold, 1);
        }
    }
    bound
}

/// From `SIM_THREADS_MAX` simulated threads to `inp.threads`: throughput grows linearly with
/// the threads up to the bound (and never falls below the simulated one); by Little's law a
/// transaction's cycle is `threads / throughput`, and the extra time is queueing at the bound's
/// resource, which falls on the commit for half of it (the CPU run queue, passed once before
/// the transaction's work and once after a commit wait), none (the critical section, before
/// the commit) or all (the redo device).
fn extrapolate(inp: &Input, mut o: Outcome, simulated: u64) -> Outcome {
    let (bound, by) = throughput_bound(inp);
    let (n, s) = (inp.threads as f64, simulated as f64);
    let x = (o.tps * n / s).min(bound).max(o.tps);
    let ratio = if o.tps > 0.0 { x / o.tps } else { 1.0 };
    let cycle_s = o.trx_latency_ms;
    let cycle = n / x.max(1e-9) * 1e3;
    let waits = inp.trx_commit != 0 || inp.log_bin;
    let share = match (waits, by) {
        (false, _) | (true, 1) => 0.0,
        (true, 0) => 0.5,
        _ => 1.0,
    };
    o.trx_latency_ms = cycle.max(cycle_s);
    o.commit_latency_ms += share * (o.trx_latency_ms - cycle_s);
    o.tps = x;
    o.qps = x * inp.queries_per_trx;
    o.commits_per_fsync *= ratio;
    o.commits_per_group *= ratio;
    o.cpu_utilization = (o.cpu_utilization * ratio).min(1.0);
    o.redo_mb_per_s = x * inp.redo_bytes_per_trx / 1e6;
    o
}

pub fn simulate(inp: &Input) -> Outcome {
    let mut o = if inp.threads > SIM_THREADS_MAX {
        let mut sampled = inp.clone();
        sampled.threads = SIM_THREADS_MAX;
        let o = run_des(&sampled);
        extrapolate(inp, o, SIM_THREADS_MAX)
    } else {
        run_des(inp)
    };
    o.simulated_threads = inp.threads.min(SIM_THREADS_MAX);
    // Loss windows (worst case).
    let interval = inp.flush_timeout_s + inp.fsync_us * 1e-6;
    let (mysqld, os) = match inp.trx_commit {
        1 => (0.0, 0.0),
        2 => (0.0, interval),
        _ => (inp.flush_timeout_s, interval),
    };
    // With the binlog on, InnoDB recovers prepared transactions that the binlog has; commits
    // whose binlog events were lost are rolled back, so the binlog bounds the window too.
    let binlog_os = if inp.log_bin {
        match inp.sync_binlog {
            0 => None,
            1 => Some(0.0),
            // Up to N groups may sit unsynced in the OS cache.
            n => Some(n as f64 / o.groups_per_s.max(1e-9)),
        }
    } else {
        Some(0.0)
    };
    o.binlog_loss_os_s = if inp.log_bin { binlog_os } else { None };
    o.loss_mysqld_s = Some(mysqld);
    o.loss_os_s = binlog_os.map(|b| os.max(b));
    o.loss_mysqld_trx = o.loss_mysqld_s.map(|s| s * o.tps);
    o.loss_os_trx = o.loss_os_s.map(|s| s * o.tps);
    o
}

impl Outcome {
    pub fn write(&self, out: &mut Out) {
        out.num("tps", self.tps);
        out.num("qps", self.qps);
        out.num("commit_latency_ms", self.commit_latency_ms);
        out.num("trx_latency_ms", self.trx_latency_ms);
        out.num("redo_fsyncs_per_s", self.fsyncs_per_s);
        out.num("commits_per_redo_fsync", self.commits_per_fsync);
        out.num("binlog_fsyncs_per_s", self.binlog_fsyncs_per_s);
        out.num("commits_per_binlog_group", self.commits_per_group);
        out.num("redo_writes_per_s", self.writes_per_s);
        out.num("redo_mb_per_s", self.redo_mb_per_s);
        out.num("cpu_utilization", self.cpu_utilization);
        out.num("observed_writer_lag_ms", self.observed_writer_lag_ms);
        out.begin_obj_key("loss_window");
        match self.loss_mysqld_s {
            Some(v) => out.num("mysqld_crash_s", v),
            None => out.null("mysqld_crash_s"),
        }
        match self.loss_os_s {
            Some(v) => out.num("os_crash_s", v),
            None => out.null("os_crash_s"),
        }
        match self.loss_mysqld_trx {
            Some(v) => out.num("mysqld_crash_trx", v),
            None => out.null("mysqld_crash_trx"),
        }
        match self.loss_os_trx {
            Some(v) => out.num("os_crash_trx", v),
            None => out.null("os_crash_trx"),
        }
        match self.binlog_loss_os_s {
            Some(v) => out.num("binlog_os_crash_s", v),
            None => out.null("binlog_os_crash_s"),
        }
        out.end_obj();
        out.begin_obj_key("simulation");
        out.num("simulated_seconds", self.simulated_s);
        out.int("commits", self.simulated_commits);
        out.int("events", self.events);
        out.int("threads", self.simulated_threads);
        out.end_obj();
    }
}

#[derive(Clone, Copy, PartialEq)]
enum CpuKind {
    Exec,
    Wake,
}

enum Ev {
    ClientDone(usize),
    SerialDone(usize),
    PrepareCommitDone(usize),
    CpuDone(usize, CpuKind),
    WriteDone(f64),
    FsyncDone(f64),
    FlushTimer,
    Wake(usize),
    BinlogFlushDone,
    BinlogSyncDone,
}

struct Des<'a> {
    inp: &'a Input,
    q: EventQueue<Ev>,
    /// One random stream per client thread (its client delays, CPU and critical-section
    /// times): runs that differ only in the commit policy then draw the same work for each
    /// thread (common random numbers), so that comparisons between them are not blurred by
    /// sampling noise.
    rngs: Vec<Rng>,
    now: f64,
    // CPU
    free_cores: u64,
    run_queue: VecDeque<(usize, CpuKind, f64)>,
    cpu_busy_us: f64,
    serial_busy: bool,
    serial_queue: VecDeque<usize>,
    // per-thread
    trx_start: Vec<f64>,
    commit_start: Vec<f64>,
    lsn_of: Vec<f64>,
    // redo
    lsn: f64,
    written: f64,
    flushed: f64,
    writer_busy: bool,
    flusher_busy: bool,
    write_waiters: VecDeque<usize>,
    flush_waiters: VecDeque<usize>,
    notifier_free_at: f64,
    wakes: VecDeque<(f64, usize)>,
    commit_times: VecDeque<(f64, f64)>, // (lsn, time) for writer-lag measurement (trx_commit=0)
    max_writer_lag: f64,
    // Without binlog group commit: which record a waiting commit waits for, and the mutex.
    in_prepare: Vec<bool>,
    pcm_busy: bool,
    pcm_queue: VecDeque<usize>,
    binlog_commits: u64,
    // binlog group commit
    bgc_queue: Vec<usize>,
    bgc_flushing: Vec<usize>,
    bgc_flush_busy: bool,
    sync_queue: Vec<usize>,
    sync_groups_waiting: u64,
    syncing: Vec<usize>,
    sync_busy: bool,
    groups: u64,
    // stats
    commits: u64,
    measure_from_commit: u64,
    measure_t0: f64,
    measured: u64,
    lat_commit_sum: f64,
    lat_trx_sum: f64,
    fsyncs: u64,
    fsyncs_t0: u64,
    binlog_fsyncs: u64,
    binlog_fsyncs_t0: u64,
    groups_t0: u64,
    writes: u64,
    writes_t0: u64,
    cpu_busy_t0: f64,
    events: u64,
    // Throughput marks: (time, commits released so far) at each release of commits (a redo
    // write or fsync, a binlog sync, a commit that waits for nothing), from the first release
    // after warm-up to the last one. Counting whole batches between two batch boundaries keeps
    // the estimate free of the boundary error of a commit-count window (at high concurrency an
    // fsync releases hundreds of commits at once).
    released: u64,
    first_mark: Option<(f64, u64)>,
    last_mark: (f64, u64),
    marks: u64,
}

impl<'a> Des<'a> {
    /// `k` commits are released (their wait is over) now.
    fn mark_release(&mut self, k: usize) {
        self.released += k as u64;
        if self.commits >= self.measure_from_commit {
            if self.first_mark.is_none() {
                self.first_mark = Some((self.now, self.released));
            }
            self.last_mark = (self.now, self.released);
            self.marks += 1;
        }
    }

    /// CPU time of a burst that starts now: it grows with the share of busy cores (SMT
    /// siblings and shared caches slow each other down).
    fn stretched(&self, service: f64) -> f64 {
        let busy = (self.inp.cpu_cores - self.free_cores) as f64 / self.inp.cpu_cores as f64;
        service * (1.0 + self.inp.cpu_contention * busy)
    }

    fn cpu_request(&mut self, tid: usize, kind: CpuKind, service: f64) {
        if self.free_cores > 0 {
            self.free_cores -= 1;
            let service = self.stretched(service);
            self.cpu_busy_us += service;
            self.q.push(self.now + service, Ev::CpuDone(tid, kind));
        } else {
            self.run_queue.push_back((tid, kind, service));
        }
    }

    fn cpu_release(&mut self) {
        if let Some((tid, kind, service)) = self.run_queue.pop_front() {
            let service = self.stretched(service);
            self.cpu_busy_us += service;
            self.q.push(self.now + service, Ev::CpuDone(tid, kind));
        } else {
            self.free_cores += 1;
        }
    }

    /// The transaction's critical section (one at a time), then its commit.
    fn serial_request(&mut self, tid: usize) {
        if self.inp.serial_us_per_trx <= 0.0 {
            self.commit(tid);
        } else if self.serial_busy {
            self.serial_queue.push_back(tid);
        } else {
            self.serial_busy = true;
            let d = self.rngs[tid].exp(self.inp.serial_us_per_trx);
            self.q.push(self.now + d, Ev::SerialDone(tid));
        }
    }

    fn start_trx(&mut self, tid: usize) {
        self.trx_start[tid] = self.now;
        let d = self.rngs[tid].erlang(CLIENT_ERLANG_K, self.inp.client_latency_us);
        self.q.push(self.now + d, Ev::ClientDone(tid));
    }

    fn finish_trx(&mut self, tid: usize) {
        self.commits += 1;
        if self.commits == self.measure_from_commit {
            self.measure_t0 = self.now;
            self.fsyncs_t0 = self.fsyncs;
            self.binlog_fsyncs_t0 = self.binlog_fsyncs;
            self.groups_t0 = self.groups;
            self.writes_t0 = self.writes;
            self.cpu_busy_t0 = self.cpu_busy_us;
        } else if self.commits > self.measure_from_commit {
            self.measured += 1;
            self.lat_commit_sum += self.now - self.commit_start[tid];
            self.lat_trx_sum += self.now - self.trx_start[tid];
        }
        self.start_trx(tid);
    }

    /// Wake waiters one after another through the notifier thread.
    fn notify(&mut self, tids: Vec<usize>) {
        // A prepare record made durable releases no commit yet.
        let commits = tids.iter().filter(|&&t| !self.in_prepare[t]).count();
        if commits > 0 {
            self.mark_release(commits);
        }
        let mut t = self.now.max(self.notifier_free_at);
        for tid in tids {
            t += NOTIFY_US;
            self.wakes.push_back((t, tid));
        }
        self.notifier_free_at = t;
    }

    fn kick_writer(&mut self) {
        if !self.writer_busy && self.lsn > self.written {
            self.writer_busy = true;
            let bytes = self.lsn - self.written;
            let d = LOG_WRITE_US + bytes / self.inp.log_write_mbps;
            self.writes += 1;
            self.q.push(self.now + d, Ev::WriteDone(self.lsn));
        }
    }

    fn kick_flusher(&mut self) {
        if self.inp.trx_commit == 1
            && self.inp.redo_threads_serve_commits()
            && !self.flusher_busy
            && self.written > self.flushed
        {
            self.flusher_busy = true;
            self.fsyncs += 1;
            let d = self.inp.fsync_us + (self.written - self.flushed) / self.inp.disk_write_mbps;
            self.q.push(self.now + d, Ev::FsyncDone(self.written));
        }
    }

    fn commit(&mut self, tid: usize) {
        self.commit_start[tid] = self.now;
        if self.inp.log_bin && self.inp.binlog_group_commit {
            self.bgc_queue.push(tid);
            self.kick_bgc_flush();
            return;
        }
        if self.inp.log_bin {
            // The prepare record, durable as a lone commit would make it; then the mutex.
            self.in_prepare[tid] = true;
            self.redo_record(tid, self.inp.redo_bytes_per_trx);
            return;
        }
        self.redo_record(tid, self.inp.redo_bytes_per_trx);
    }

    /// Appends `bytes` of redo for `tid` and waits as innodb_flush_log_at_trx_commit says.
    fn redo_record(&mut self, tid: usize, bytes: f64) {
        self.lsn += bytes;
        self.lsn_of[tid] = self.lsn;
        match self.inp.trx_commit {
            0 => {
                if self.commit_times.len() < 1_000_000 {
                    self.commit_times.push_back((self.lsn, self.now));
                }
                self.kick_writer();
                self.redo_done(tid);
            }
            2 => {
                self.write_waiters.push_back(tid);
                self.kick_writer();
            }
            _ => {
                self.flush_waiters.push_back(tid);
                self.kick_writer();
            }
        }
    }

    /// `tid`'s redo record needs no more waiting: a prepare goes on to the mutex, a commit ends.
    fn redo_done(&mut self, tid: usize) {
        if self.in_prepare[tid] {
            self.in_prepare[tid] = false;
            self.enter_prepare_commit(tid);
        } else {
            self.mark_release(1);
            self.finish_trx(tid);
        }
    }

    fn enter_prepare_commit(&mut self, tid: usize) {
        if self.pcm_busy {
            self.pcm_queue.push_back(tid);
        } else {
            self.hold_prepare_commit(tid);
        }
    }

    /// Binlog write (and fsync on every N-th commit), then the commit record, under the mutex.
    fn hold_prepare_commit(&mut self, tid: usize) {
        self.pcm_busy = true;
        self.binlog_commits += 1;
        self.groups += 1;
        let n = self.inp.sync_binlog;
        let syncs = n != 0 && self.binlog_commits.is_multiple_of(n);
        if syncs {
            self.binlog_fsyncs += 1;
        }
        let d = self.inp.prepare_commit_hold_us(syncs);
        self.q.push(self.now + d, Ev::PrepareCommitDone(tid));
    }

    fn kick_bgc_flush(&mut self) {
        if self.bgc_flush_busy || self.bgc_queue.is_empty() {
            return;
        }
        self.bgc_flush_busy = true;
        self.bgc_flushing = std::mem::take(&mut self.bgc_queue);
        let n = self.bgc_flushing.len() as f64;
        // Redo for the group (prepared records): written, and fsynced when trx_commit = 1.
        let redo = match self.inp.trx_commit {
            0 => 0.0,
            2 => LOG_WRITE_US + n * self.inp.redo_bytes_per_trx / self.inp.log_write_mbps,
            _ => {
                LOG_WRITE_US
                    + n * self.inp.redo_bytes_per_trx / self.inp.log_write_mbps
                    + self.inp.fsync_us
                    + n * self.inp.redo_bytes_per_trx / self.inp.disk_write_mbps
            }
        };
        if self.inp.trx_commit == 1 {
            self.fsyncs += 1;
        }
        if self.inp.trx_commit != 0 {
            self.writes += 1;
        }
        let binlog = BINLOG_WRITE_US + n * self.inp.binlog_bytes_per_trx / self.inp.log_write_mbps;
        self.q.push(self.now + redo + binlog, Ev::BinlogFlushDone);
    }

    fn kick_bgc_sync(&mut self) {
        if self.sync_busy || self.sync_queue.is_empty() {
            return;
        }
        self.sync_busy = true;
        self.syncing = std::mem::take(&mut self.sync_queue);
        let groups = std::mem::take(&mut self.sync_groups_waiting);
        let before = self.groups;
        self.groups += groups;
        let n = self.inp.sync_binlog;
        let do_sync = match n {
            0 => false,
            1 => true,
            n => (before / n) != (self.groups / n),
        };
        let d = if do_sync {
            self.binlog_fsyncs += 1;
            self.inp.binlog_fsync_us
                + self.syncing.len() as f64 * self.inp.binlog_bytes_per_trx
                    / self.inp.disk_write_mbps
        } else {
            0.0
        };
        self.q.push(self.now + d, Ev::BinlogSyncDone);
    }

    fn step(&mut self, ev: Ev) {
        match ev {
            Ev::ClientDone(tid) => {
                let s = self.rngs[tid].exp(self.inp.cpu_us_per_trx);
                self.cpu_request(tid, CpuKind::Exec, s);
            }
            Ev::CpuDone(tid, kind) => {
                self.cpu_release();
                match kind {
                    CpuKind::Exec => self.serial_request(tid),
                    CpuKind::Wake if self.in_prepare[tid] => {
                        self.in_prepare[tid] = false;
                        self.enter_prepare_commit(tid);
                    }
                    CpuKind::Wake => self.finish_trx(tid),
                }
            }
            Ev::PrepareCommitDone(tid) => {
                if let Some(next) = self.pcm_queue.pop_front() {
                    self.hold_prepare_commit(next);
                } else {
                    self.pcm_busy = false;
                }
                // The mutex is released, then the commit record is made durable.
                self.redo_record(tid, COMMIT_RECORD_BYTES);
            }
            Ev::SerialDone(tid) => {
                if let Some(next) = self.serial_queue.pop_front() {
                    let d = self.rngs[next].exp(self.inp.serial_us_per_trx);
                    self.q.push(self.now + d, Ev::SerialDone(next));
                } else {
                    self.serial_busy = false;
                }
                self.commit(tid);
            }
            Ev::WriteDone(target) => {
                self.writer_busy = false;
                self.written = self.written.max(target);
                if self.inp.trx_commit == 0 {
                    while let Some(&(l, t)) = self.commit_times.front() {
                        if l <= self.written {
                            self.max_writer_lag = self.max_writer_lag.max(self.now - t);
                            self.commit_times.pop_front();
                        } else {
                            break;
                        }
                    }
                }
                let mut woken = Vec::new();
                while let Some(&tid) = self.write_waiters.front() {
                    if self.lsn_of[tid] <= self.written {
                        woken.push(tid);
                        self.write_waiters.pop_front();
                    } else {
                        break;
                    }
                }
                if !woken.is_empty() {
                    self.notify(woken);
                }
                self.kick_flusher();
                self.kick_writer();
            }
            Ev::FsyncDone(target) => {
                self.flusher_busy = false;
                self.flushed = self.flushed.max(target);
                let mut woken = Vec::new();
                while let Some(&tid) = self.flush_waiters.front() {
                    if self.lsn_of[tid] <= self.flushed {
                        woken.push(tid);
                        self.flush_waiters.pop_front();
                    } else {
                        break;
                    }
                }
                if !woken.is_empty() {
                    self.notify(woken);
                }
                self.kick_flusher();
            }
            Ev::FlushTimer => {
                // trx_commit 0/2: the flusher fsyncs what was written, once per timeout.
                if self.written > self.flushed {
                    self.fsyncs += 1;
                    self.flushed = self.written;
                }
                self.q
                    .push(self.now + self.inp.flush_timeout_s * 1e6, Ev::FlushTimer);
            }
            Ev::Wake(tid) => self.cpu_request(tid, CpuKind::Wake, WAKE_CPU_US),
            Ev::BinlogFlushDone => {
                self.bgc_flush_busy = false;
                let g = std::mem::take(&mut self.bgc_flushing);
                self.sync_queue.extend(g);
                self.sync_groups_waiting += 1;
                self.kick_bgc_sync();
                self.kick_bgc_flush();
            }
            Ev::BinlogSyncDone => {
                self.sync_busy = false;
                let g = std::mem::take(&mut self.syncing);
                self.notify(g);
                self.kick_bgc_sync();
            }
        }
    }
}

pub fn run_des(inp: &Input) -> Outcome {
    let n = inp.threads as usize;
    let target = MAX_COMMITS.min((COMMITS_PER_THREAD * inp.threads).max(MIN_COMMITS));
    let mut d = Des {
        inp,
        q: EventQueue::new(),
        rngs: (0..n as u64)
            .map(|tid| Rng::new(inp.seed ^ (tid + 1).wrapping_mul(0xD1B5_4A32_D192_ED03)))
            .collect(),
        now: 0.0,
        free_cores: inp.cpu_cores,
        run_queue: VecDeque::new(),
        cpu_busy_us: 0.0,
        serial_busy: false,
        serial_queue: VecDeque::new(),
        trx_start: vec![0.0; n],
        commit_start: vec![0.0; n],
        lsn_of: vec![0.0; n],
        lsn: 0.0,
        written: 0.0,
        flushed: 0.0,
        writer_busy: false,
        flusher_busy: false,
        write_waiters: VecDeque::new(),
        flush_waiters: VecDeque::new(),
        notifier_free_at: 0.0,
        wakes: VecDeque::new(),
        commit_times: VecDeque::new(),
        max_writer_lag: 0.0,
        in_prepare: vec![false; n],
        pcm_busy: false,
        pcm_queue: VecDeque::new(),
        binlog_commits: 0,
        bgc_queue: Vec::new(),
        bgc_flushing: Vec::new(),
        bgc_flush_busy: false,
        sync_queue: Vec::new(),
        sync_groups_waiting: 0,
        syncing: Vec::new(),
        sync_busy: false,
        groups: 0,
        commits: 0,
        measure_from_commit: (target / 5).max(1),
        measure_t0: 0.0,
        measured: 0,
        lat_commit_sum: 0.0,
        lat_trx_sum: 0.0,
        fsyncs: 0,
        fsyncs_t0: 0,
        binlog_fsyncs: 0,
        binlog_fsyncs_t0: 0,
        groups_t0: 0,
        writes: 0,
        writes_t0: 0,
        cpu_busy_t0: 0.0,
        events: 0,
        released: 0,
        first_mark: None,
        last_mark: (0.0, 0),
        marks: 0,
    };
    for tid in 0..n {
        // Stagger the start so that threads do not arrive in lockstep.
        let d0 = d.rngs[tid].exp(inp.client_latency_us + inp.cpu_us_per_trx);
        d.trx_start[tid] = 0.0;
        d.q.push(d0, Ev::ClientDone(tid));
    }
    if inp.trx_commit != 1 && inp.redo_threads_serve_commits() {
        d.q.push(inp.flush_timeout_s * 1e6, Ev::FlushTimer);
    }
    loop {
        // The notifier's wake-ups come in time order (one notifier thread), so they wait in a
        // FIFO beside the event heap; the earlier of the two heads runs next.
        let wake_first = match (d.wakes.front(), d.q.peek_time()) {
            (Some(&(tw, _)), Some(tq)) => tw < tq,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        let (t, ev) = if wake_first {
            match d.wakes.pop_front() {
                Some((t, tid)) => (t, Ev::Wake(tid)),
                None => break,
            }
        } else {
            match d.q.pop() {
                Some(x) => x,
                None => break,
            }
        };
        d.now = t;
        d.events += 1;
        d.step(ev);
        if d.commits >= target || d.events >= MAX_EVENTS {
            break;
        }
    }
    let mut o = Outcome::default();
    let span_us = (d.now - d.measure_t0).max(1e-9);
    let measured = d.measured.max(1) as f64;
    o.tps = match d.first_mark {
        // Whole batches between the first and the last release after warm-up.
        Some((t0, r0)) if d.marks > MIN_BATCHES && d.last_mark.1 > r0 && d.last_mark.0 > t0 => {
            (d.last_mark.1 - r0) as f64 / (d.last_mark.0 - t0) * 1e6
        }
        _ if d.measured > 0 => d.measured as f64 / span_us * 1e6,
        _ => 0.0,
    };
    o.qps = o.tps * inp.queries_per_trx;
    o.commit_latency_ms = d.lat_commit_sum / measured / 1e3;
    o.trx_latency_ms = d.lat_trx_sum / measured / 1e3;
    let span_s = span_us / 1e6;
    if inp.trx_commit != 1 && inp.redo_threads_serve_commits() {
        // The flusher's timer: one fsync per innodb_flush_log_at_timeout, usually longer than
        // the simulated window, so counted from its period.
        o.fsyncs_per_s = if o.tps > 0.0 {
            1.0 / inp.flush_timeout_s
        } else {
            0.0
        };
        o.commits_per_fsync = o.tps * inp.flush_timeout_s;
    } else {
        o.fsyncs_per_s = (d.fsyncs - d.fsyncs_t0) as f64 / span_s;
        o.commits_per_fsync = if d.fsyncs > d.fsyncs_t0 {
            measured / (d.fsyncs - d.fsyncs_t0) as f64
        } else {
            0.0
        };
    }
    o.binlog_fsyncs_per_s = (d.binlog_fsyncs - d.binlog_fsyncs_t0) as f64 / span_s;
    o.groups_per_s = (d.groups - d.groups_t0) as f64 / span_s;
    o.commits_per_group = if d.groups > d.groups_t0 {
        measured / (d.groups - d.groups_t0) as f64
    } else {
        0.0
    };
    o.writes_per_s = (d.writes - d.writes_t0) as f64 / span_s;
    o.redo_mb_per_s = o.tps * inp.redo_bytes_per_trx / 1e6;
    o.cpu_utilization =
        ((d.cpu_busy_us - d.cpu_busy_t0) / (span_us * inp.cpu_cores as f64)).min(1.0);
    o.observed_writer_lag_ms = d.max_writer_lag / 1e3;
    o.simulated_s = d.now / 1e6;
    o.simulated_commits = d.commits;
    o.events = d.events;
    o
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
    fn without_binlog_group_commit_each_commit_fsyncs_the_binlog_alone() {
        // 64 threads, a 1 ms binlog fsync: under prepare_commit_mutex at most ~1,000 commits/s,
        // every one with its own binlog fsync; with group commit they share them.
        let base = r#""threads":64,"trx_commit":1,"log_bin":true,"sync_binlog":1,"fsync_us":1000"#;
        let old = simulate(&input(&format!(r#"{base},"binlog_group_commit":false"#)));
        let new = simulate(&input(base));
        assert!(old.tps < 1000.0 && old.tps > 800.0, "{}", old.tps);
        assert!(
            (old.binlog_fsyncs_per_s / old.tps - 1.0).abs() < 0.05,
            "{} {}",
            old.binlog_fsyncs_per_s,
            old.tps
        );
        assert!(new.tps > 3.0 * old.tps, "{} {}", new.tps, old.tps);
        // sync_binlog = 0 lifts the bound: the mutex then holds only the binlog write.
        let free = simulate(&input(
            r#""threads":64,"trx_commit":1,"log_bin":true,"sync_binlog":0,"fsync_us":1000,"binlog_group_commit":false"#,
        ));
        assert!(free.tps > 3.0 * old.tps, "{} {}", free.tps, old.tps);
        assert_eq!(free.binlog_fsyncs_per_s, 0.0);
        // The prepare and the commit record each wait for a redo fsync, shared among waiters.
        assert!(
            free.fsyncs_per_s > 0.0 && free.commits_per_fsync > 1.0,
            "{}",
            free.commits_per_fsync
        );
        // Beyond the simulated threads, the mutex bounds the extrapolation.
        let many = simulate(&input(
            r#""threads":5000,"trx_commit":1,"log_bin":true,"sync_binlog":1,"fsync_us":1000,"binlog_group_commit":false"#,
        ));
        assert!(many.tps < 1000.0, "{}", many.tps);
    }

    #[test]
    fn group_commit_shares_fsyncs() {
        let o = simulate(&input(r#""threads":256,"trx_commit":1"#));
        assert!(o.commits_per_fsync > 5.0, "{}", o.commits_per_fsync);
        let o1 = simulate(&input(r#""threads":1,"trx_commit":1"#));
        assert!(
            (o1.commits_per_fsync - 1.0).abs() < 0.05,
            "{}",
            o1.commits_per_fsync
        );
    }

    #[test]
    fn trx_commit_0_and_2_are_faster_than_1_at_low_concurrency() {
        let a = simulate(&input(r#""threads":4,"trx_commit":1"#));
        let b = simulate(&input(r#""threads":4,"trx_commit":2"#));
        let c = simulate(&input(r#""threads":4,"trx_commit":0"#));
        assert!(b.tps > a.tps * 1.3 && c.tps >= b.tps * 0.95);
        assert_eq!(a.loss_os_s, Some(0.0));
        assert_eq!(b.loss_mysqld_s, Some(0.0));
        assert!(b.loss_os_s.unwrap() >= 1.0 && c.loss_mysqld_s.unwrap() >= 1.0);
    }

    #[test]
    fn binlog_adds_a_second_fsync_per_group() {
        let a = simulate(&input(r#""threads":2,"trx_commit":1"#));
        let b = simulate(&input(
            r#""threads":2,"trx_commit":1,"log_bin":true,"sync_binlog":1"#,
        ));
        assert!(b.tps < a.tps * 0.8, "{} vs {}", b.tps, a.tps);
        let c = simulate(&input(
            r#""threads":2,"trx_commit":1,"log_bin":true,"sync_binlog":0"#,
        ));
        assert_eq!(c.loss_os_s, None);
    }

    #[test]
    fn work_is_bounded_for_huge_thread_counts() {
        let o = simulate(&input(r#""threads":100000,"trx_commit":1"#));
        assert!(o.events <= MAX_EVENTS);
        assert_eq!(o.simulated_threads, SIM_THREADS_MAX);
        assert!(o.tps > 1000.0, "{}", o.tps);
    }

    #[test]
    fn beyond_the_simulated_threads_the_server_only_queues() {
        let a = simulate(&input(r#""threads":2048,"trx_commit":1"#));
        let b = simulate(&input(r#""threads":20000,"trx_commit":1"#));
        assert!(b.tps >= a.tps && b.tps < a.tps * 1.1, "{} {}", a.tps, b.tps);
        // Little's law: a transaction's cycle is threads / throughput.
        assert!((b.trx_latency_ms / (20000.0 / b.tps * 1e3) - 1.0).abs() < 1e-9);
        // Far from saturation the throughput grows with the threads.
        let c = simulate(&input(r#""threads":20000,"client_latency_us":1e8"#));
        let d = simulate(&input(r#""threads":2048,"client_latency_us":1e8"#));
        assert!((c.tps / (d.tps * 20000.0 / 2048.0) - 1.0).abs() < 0.01);
    }

    #[test]
    fn policies_draw_the_same_work_per_thread() {
        // Common random numbers: 1 and 2 differ only by the commit wait, so 2 stays ahead even
        // where both are CPU-bound and close.
        for seed in 1..6 {
            let a = simulate(&input(&format!(
                r#""threads":64,"trx_commit":1,"seed":{}"#,
                seed
            )));
            let b = simulate(&input(&format!(
                r#""threads":64,"trx_commit":2,"seed":{}"#,
                seed
            )));
            assert!(b.tps > a.tps, "seed {}: {} vs {}", seed, b.tps, a.tps);
        }
    }

    #[test]
    fn timer_fsyncs_are_counted_from_their_period() {
        let o = simulate(&input(
            r#""threads":8,"trx_commit":2,"flush_log_at_timeout_s":2"#,
        ));
        assert!((o.fsyncs_per_s - 0.5).abs() < 1e-12);
        assert!((o.commits_per_fsync / (o.tps * 2.0) - 1.0).abs() < 1e-12);
    }
}

//! External merge sort as InnoDB's index builds do it.
//!
//! Two layers:
//!
//! * [`MiniBuild`]: a real, byte-level external sort that follows `row0merge.cc` step by step:
//!   records fill a sort buffer of `S` bytes, each full buffer is sorted in memory (top-down
//!   merge sort over a tuple-pointer array) and written as exactly one `S`-byte block of the
//!   run file; then `row_merge()` passes merge run *i* of the first half of the file with run
//!   *i* of the second half (leftover runs are copied) into a second file, and the files are
//!   swapped until one run remains. It counts comparisons, passes, blocks and bytes. It is only
//!   run at small scale (unit tests), to pin the planner below to the real algorithm.
//! * [`plan_row0merge`] / [`plan_pairwise`]: the same pass structure computed on run-length
//!   encoded run lists (count × records-per-run), so that a 200-million-row build is planned
//!   in microseconds with the same pass count, block count and bytes as the real algorithm.

/// Expected comparisons of a top-down merge sort of `n` distinct random keys.
///
/// Merging two random runs of `a` and `b` keys takes `a + b − a/(b+1) − b/(a+1)` comparisons on
/// average; top-down merge sort splits `n` into ⌊n/2⌋ and ⌈n/2⌉, so each recursion level
/// holds at most two distinct sizes and the sum is computed in O(log n).
pub fn mergesort_comparisons(n: f64) -> f64 {
    if n < 2.0 {
        return 0.0;
    }
    // (size, count) pairs at the current level; at most two distinct sizes per level.
    let mut level: Vec<(u64, f64)> = vec![(n as u64, 1.0)];
    let mut total = 0.0;
    for _ in 0..70 {
        let mut next: Vec<(u64, f64)> = Vec::with_capacity(4);
        for &(size, count) in &level {
            if size < 2 {
                continue;
            }
            let a = size / 2;
            let b = size - a;
            let (af, bf) = (a as f64, b as f64);
            total += count * (af + bf - af / (bf + 1.0) - bf / (af + 1.0));
            for s in [a, b] {
                if let Some(e) = next.iter_mut().find(|e| e.0 == s) {
                    e.1 += count;
                } else {
                    next.push((s, count));
                }
            }
        }
        if next.is_empty() {
            break;
        }
        level = next;
    }
    total
}

/// Expected comparisons to merge two random sorted runs of `a` and `b` keys.
pub fn merge_comparisons(a: f64, b: f64) -> f64 {
    if a <= 0.0 || b <= 0.0 {
        return 0.0;
    }
    a + b - a / (b + 1.0) - b / (a + 1.0)
}

/// One run-length segment: `count` runs of `recs` records each.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Seg {
    pub count: f64,
    pub recs: f64,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct MergePlan {
    pub initial_runs: f64,
    pub passes: u32,
    /// Blocks read over all merge passes (each block is one I/O request of the block size).
    pub blocks_read: f64,
    pub blocks_written: f64,
    /// Records that went through a 2-way merge (one comparison each, roughly).
    pub records_merged: f64,
    /// Records copied unchanged (leftover runs).
    pub records_copied: f64,
    pub comparisons: f64,
    /// Largest file size in blocks during the sort (input file; output is the same size).
    pub max_file_blocks: f64,
}

fn push_seg(v: &mut Vec<Seg>, s: Seg) {
    if s.count <= 0.0 {
        return;
    }
    if let Some(last) = v.last_mut() {
        if last.recs == s.recs {
            last.count += s.count;
            return;
        }
    }
    v.push(s);
}

fn blocks_of(recs: f64, rec_bytes: f64, block: f64) -> f64 {
    // A run is written record after record across block boundaries and its last block is
    // padded, so it occupies ceil(bytes / block) blocks (at least one).
    ((recs * rec_bytes) / block).ceil().max(1.0)
}

fn total_runs(v: &[Seg]) -> f64 {
    v.iter().map(|s| s.count).sum()
}

/// Split a segment list at run index `at` (runs before `at`, runs from `at`).
fn split_at(v: &[Seg], at: f64) -> (Vec<Seg>, Vec<Seg>) {
    let mut a = Vec::new();
    let mut b = Vec::new();
    let mut seen = 0.0;
    for s in v {
        if seen + s.count <= at {
            push_seg(&mut a, *s);
        } else if seen >= at {
            push_seg(&mut b, *s);
        } else {
            let left = at - seen;
            push_seg(
                &mut a,
                Seg {
                    count: left,
                    recs: s.recs,
                },
            );
            push_seg(
                &mut b,
                Seg {
                    count: s.count - left,
                    recs: s.recs,
                },
            );
        }
        seen += s.count;
    }
    (a, b)
}

/// Keep segment lists short: if rounding ever makes them grow, merge neighbours into their
/// weighted mean (record totals are preserved). In practice lists stay under ten segments.
fn compact(v: Vec<Seg>) -> Vec<Seg> {
    const MAX: usize = 256;
    if v.len() <= MAX {
        return v;
    }
    let mut out: Vec<Seg> = Vec::with_capacity(MAX);
    let chunk = v.len().div_ceil(MAX);
    for c in v.chunks(chunk) {
        let count: f64 = c.iter().map(|s| s.count).sum();
        let recs: f64 = c.iter().map(|s| s.count * s.recs).sum::<f64>() / count;
        push_seg(&mut out, Seg { count, recs });
    }
    out
}

fn account_pass(plan: &mut MergePlan, runs: &[Seg], out: &[Seg], rec_bytes: f64, block: f64) {
    let rd: f64 = runs
        .iter()
        .map(|s| s.count * blocks_of(s.recs, rec_bytes, block))
        .sum();
    let wr: f64 = out
        .iter()
        .map(|s| s.count * blocks_of(s.recs, rec_bytes, block))
        .sum();
    plan.blocks_read += rd;
    plan.blocks_written += wr;
    plan.max_file_blocks = plan.max_file_blocks.max(rd).max(wr);
    plan.passes += 1;
}

/// Plan `row_merge_sort()`: runs of one block each (`recs_per_run` records per full block,
/// the last run partial), merged by passes that pair run *i* with run *half + i*.
pub fn plan_row0merge(records: f64, recs_per_run: f64, rec_bytes: f64, block: f64) -> MergePlan {
    let mut plan = MergePlan::default();
    if records <= 0.0 {
        return plan;
    }
    let full = (records / recs_per_run).floor();
    let rest = records - full * recs_per_run;
    let mut runs: Vec<Seg> = Vec::new();
    push_seg(
        &mut runs,
        Seg {
            count: full,
            recs: recs_per_run,
        },
    );
    push_seg(
        &mut runs,
        Seg {
            count: if rest > 0.0 { 1.0 } else { 0.0 },
            recs: rest,
        },
    );
    plan.initial_runs = total_runs(&runs);
    plan.max_file_blocks = plan.initial_runs;
    for _ in 0..128 {
        let n = total_runs(&runs);
        if n <= 1.0 {
            break;
        }
        let half = (n / 2.0).floor();
        let (first, second) = split_at(&runs, half);
        let mut out: Vec<Seg> = Vec::new();
        // Pair first[i] with second[i] for i < half (the second half has ≥ half runs).
        let (mut i, mut j) = (0usize, 0usize);
        let (mut ri, mut rj) = (
            first.first().map_or(0.0, |s| s.count),
            second.first().map_or(0.0, |s| s.count),
        );
        let mut paired = 0.0;
        while i < first.len() && j < second.len() && paired < half {
            let take = ri.min(rj).min(half - paired);
            let (a, b) = (first[i].recs, second[j].recs);
            plan.records_merged += take * (a + b);
            plan.comparisons += take * merge_comparisons(a, b);
            push_seg(
                &mut out,
                Seg {
                    count: take,
                    recs: a + b,
                },
            );
            paired += take;
            ri -= take;
            rj -= take;
            if ri <= 0.0 {
                i += 1;
                ri = first.get(i).map_or(0.0, |s| s.count);
            }
            if rj <= 0.0 {
                j += 1;
                rj = second.get(j).map_or(0.0, |s| s.count);
            }
        }
        // Leftover runs of the second half are copied.
        let (_, left) = split_at(&second, half);
        for s in left {
            plan.records_copied += s.count * s.recs;
            push_seg(&mut out, s);
        }
        account_pass(&mut plan, &runs, &out, rec_bytes, block);
        runs = compact(out);
    }
    plan
}

/// Plan the 8.0.27+ `Merge_file_sort`: adjacent runs are merged two at a time
/// (`N_WAY_MERGE = 2`), an odd last run is carried over, until one run remains.
pub fn plan_pairwise(records: f64, recs_per_run: f64, rec_bytes: f64, block: f64) -> MergePlan {
    let mut plan = MergePlan::default();
    if records <= 0.0 {
        return plan;
    }
    let full = (records / recs_per_run).floor();
    let rest = records - full * recs_per_run;
    let mut runs: Vec<Seg> = Vec::new();
    push_seg(
        &mut runs,
        Seg {
            count: full,
            recs: recs_per_run,
        },
    );
    push_seg(
        &mut runs,
        Seg {
            count: if rest > 0.0 { 1.0 } else { 0.0 },
            recs: rest,
        },
    );
    plan.initial_runs = total_runs(&runs);
    plan.max_file_blocks = runs
        .iter()
        .map(|s| s.count * blocks_of(s.recs, rec_bytes, block))
        .sum();
    for _ in 0..128 {
        let n = total_runs(&runs);
        if n <= 1.0 {
            break;
        }
        // Expand into a list of (count, recs) where pairs are formed in order.
        let mut out: Vec<Seg> = Vec::new();
        let mut carry: Option<f64> = None;
        for s in &runs {
            let mut count = s.count;
            if let Some(c) = carry.take() {
                plan.records_merged += c + s.recs;
                plan.comparisons += merge_comparisons(c, s.recs);
                push_seg(
                    &mut out,
                    Seg {
                        count: 1.0,
                        recs: c + s.recs,
                    },
                );
                count -= 1.0;
            }
            let pairs = (count / 2.0).floor();
            if pairs > 0.0 {
                plan.records_merged += pairs * 2.0 * s.recs;
                plan.comparisons += pairs * merge_comparisons(s.recs, s.recs);
                push_seg(
                    &mut out,
                    Seg {
                        count: pairs,
                        recs: 2.0 * s.recs,
                    },
                );
            }
            if count - 2.0 * pairs > 0.0 {
                carry = Some(s.recs);
            }
        }
        if let Some(c) = carry {
            plan.records_copied += c;
            push_seg(
                &mut out,
                Seg {
                    count: 1.0,
                    recs: c,
                },
            );
        }
        account_pass(&mut plan, &runs, &out, rec_bytes, block);
        runs = compact(out);
    }
    plan
}

// ------------------------------------------------------------------------------------------
// The real thing, at small scale
// ------------------------------------------------------------------------------------------

#[derive(Debug, Default, Clone, PartialEq)]
pub struct MiniStats {
    pub runs: u64,
    pub passes: u32,
    pub blocks_written_initial: u64,
    pub blocks_read_merge: u64,
    pub blocks_written_merge: u64,
    pub comparisons_sort: u64,
    pub comparisons_merge: u64,
    pub direct_insert: bool,
}

/// A byte-level external sort of fixed-size records, following row0merge.cc.
pub struct MiniBuild {
    pub block: usize,
    pub rec: usize,
}

impl MiniBuild {
    /// Sort `records` (each `self.rec` bytes); returns the sorted records and statistics.
    pub fn run(&self, records: &[Vec<u8>]) -> (Vec<Vec<u8>>, MiniStats) {
        let mut st = MiniStats::default();
        let per_block = (self.block - 1) / self.rec; // one byte reserved for the end marker
        assert!(per_block >= 1);
        // Fill, sort and write buffers: file = Vec of blocks; run_offsets = block index per run.
        let mut file: Vec<Vec<u8>> = Vec::new();
        let mut run_offsets: Vec<usize> = Vec::new();
        let chunks: Vec<&[Vec<u8>]> = records.chunks(per_block).collect();
        if chunks.len() == 1 {
            // Everything fits in one buffer: sort and bulk-load directly, no temp file.
            let mut v: Vec<Vec<u8>> = chunks[0].to_vec();
            st.comparisons_sort += sort_counting(&mut v);
            st.direct_insert = true;
            st.runs = 1;
            return (v, st);
        }
        for c in &chunks {
            let mut v: Vec<Vec<u8>> = c.to_vec();
            st.comparisons_sort += sort_counting(&mut v);
            run_offsets.push(file.len());
            let mut blk = Vec::with_capacity(self.block);
            for r in &v {
                blk.extend_from_slice(r);
            }
            blk.resize(self.block, 0xff);
            file.push(blk);
            st.blocks_written_initial += 1;
        }
        st.runs = run_offsets.len() as u64;
        let mut run_lens: Vec<usize> = chunks.iter().map(|c| c.len()).collect();
        // Merge passes.
        while run_lens.len() > 1 {
            let n = run_lens.len();
            let half = n / 2;
            let mut out_file: Vec<Vec<u8>> = Vec::new();
            let mut out_lens = Vec::new();
            let read_run = |file: &Vec<Vec<u8>>,
                            start: usize,
                            len: usize,
                            rec: usize|
             -> (Vec<Vec<u8>>, u64) {
                // A run occupies ceil(len * rec / block) consecutive blocks; records may span
                // block boundaries, as row_merge_read_rec() handles.
                let blocks = ((len * rec) as f64 / file[start].len() as f64)
                    .ceil()
                    .max(1.0) as usize;
                let mut bytes: Vec<u8> = Vec::with_capacity(blocks * file[start].len());
                for b in &file[start..start + blocks] {
                    bytes.extend_from_slice(b);
                }
                let recs = (0..len)
                    .map(|k| bytes[k * rec..(k + 1) * rec].to_vec())
                    .collect();
                (recs, blocks as u64)
            };
            let starts: Vec<usize> = {
                let mut s = Vec::with_capacity(n);
                let mut acc = 0usize;
                for &l in &run_lens {
                    s.push(acc);
                    acc += ((l * self.rec) as f64 / self.block as f64).ceil().max(1.0) as usize;
                }
                s
            };
            let write_run = |out_file: &mut Vec<Vec<u8>>, recs: &[Vec<u8>], block: usize| -> u64 {
                let mut bytes: Vec<u8> = Vec::with_capacity(recs.len() * recs[0].len());
                for r in recs {
                    bytes.extend_from_slice(r);
                }
                let mut written = 0;
                for c in bytes.chunks(block) {
                    let mut blk = c.to_vec();
                    blk.resize(block, 0xff);
                    out_file.push(blk);
                    written += 1;
                }
                written
            };
            for i in 0..half {
                let (a, ba) = read_run(&file, starts[i], run_lens[i], self.rec);
                let (b, bb) = read_run(&file, starts[half + i], run_lens[half + i], self.rec);
                st.blocks_read_merge += ba + bb;
                let (merged, cmps) = merge_counting(&a, &b);
                st.comparisons_merge += cmps;
                st.blocks_written_merge += write_run(&mut out_file, &merged, self.block);
                out_lens.push(merged.len());
            }
            for i in (2 * half)..n {
                let (a, ba) = read_run(&file, starts[i], run_lens[i], self.rec);
                st.blocks_read_merge += ba;
                st.blocks_written_merge += write_run(&mut out_file, &a, self.block);
                out_lens.push(a.len());
            }
            file = out_file;
            run_lens = out_lens;
            st.passes += 1;
        }
        let (sorted, _) = {
            // Final read for the B-tree load.
            let mut recs = Vec::new();
            let mut bytes: Vec<u8> = Vec::new();
            for b in &file {
                bytes.extend_from_slice(b);
            }
            for k in 0..run_lens[0] {
                recs.push(bytes[k * self.rec..(k + 1) * self.rec].to_vec());
            }
            (recs, 0)
        };
        (sorted, st)
    }
}

fn sort_counting(v: &mut Vec<Vec<u8>>) -> u64 {
    if v.len() < 2 {
        return 0;
    }
    let mid = v.len() / 2;
    let mut right = v.split_off(mid);
    let mut c = sort_counting(v) + sort_counting(&mut right);
    let (merged, m) = merge_counting(v, &right);
    c += m;
    *v = merged;
    c
}

fn merge_counting(a: &[Vec<u8>], b: &[Vec<u8>]) -> (Vec<Vec<u8>>, u64) {
    let mut out = Vec::with_capacity(a.len() + b.len());
    let (mut i, mut j, mut c) = (0, 0, 0u64);
    while i < a.len() && j < b.len() {
        c += 1;
        if a[i] <= b[j] {
            out.push(a[i].clone());
            i += 1;
        } else {
            out.push(b[j].clone());
            j += 1;
        }
    }
    out.extend_from_slice(&a[i..]);
    out.extend_from_slice(&b[j..]);
    (out, c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Rng;

    fn random_records(n: usize, rec: usize, seed: u64) -> Vec<Vec<u8>> {
        let mut r = Rng::new(seed);
        (0..n)
            .map(|_| (0..rec).map(|_| (r.next_u64() & 0xff) as u8).collect())
            .collect()
    }

    #[test]
    fn mini_build_sorts_and_matches_the_planner() {
        for &(n, rec, block) in &[
            (5000usize, 24usize, 1024usize),
            (3001, 40, 4096),
            (777, 16, 256),
            (10_000, 8, 128),
        ] {
            let recs = random_records(n, rec, n as u64);
            let (sorted, st) = MiniBuild { block, rec }.run(&recs);
            let mut expect = recs.clone();
            expect.sort();
            assert_eq!(sorted, expect, "n={} rec={} block={}", n, rec, block);
            let per = ((block - 1) / rec) as f64;
            let plan = plan_row0merge(n as f64, per, rec as f64, block as f64);
            assert_eq!(plan.initial_runs as u64, st.runs);
            assert_eq!(plan.passes, st.passes);
            assert_eq!(plan.passes, (st.runs as f64).log2().ceil() as u32);
            assert_eq!(
                plan.blocks_written as u64, st.blocks_written_merge,
                "blocks written"
            );
            assert_eq!(plan.blocks_read as u64, st.blocks_read_merge, "blocks read");
            // Expected comparisons are within a few percent of the measured ones.
            let measured = st.comparisons_merge as f64;
            assert!(
                (plan.comparisons - measured).abs() / measured < 0.05,
                "{} vs {}",
                plan.comparisons,
                measured
            );
        }
    }

    #[test]
    fn one_buffer_means_direct_insert() {
        let recs = random_records(50, 16, 3);
        let (_, st) = MiniBuild {
            block: 4096,
            rec: 16,
        }
        .run(&recs);
        assert!(st.direct_insert);
        assert_eq!(st.passes, 0);
    }

    #[test]
    fn expected_sort_comparisons_match_a_real_sort() {
        let mut v = random_records(4096, 12, 9);
        let c = sort_counting(&mut v) as f64;
        let e = mergesort_comparisons(4096.0);
        assert!((c - e).abs() / c < 0.01, "{} vs {}", c, e);
    }

    #[test]
    fn pairwise_passes_are_log2() {
        for runs in [2.0, 3.0, 5.0, 8.0, 1000.0, 65537.0] {
            let p = plan_pairwise(runs * 10.0, 10.0, 8.0, 4096.0);
            assert_eq!(p.passes as f64, runs.log2().ceil(), "runs {}", runs);
        }
    }

    #[test]
    fn huge_plans_are_cheap_and_bounded() {
        let p = plan_row0merge(1e13, 3.0, 20.0, 65536.0);
        assert!(p.passes <= 44);
        assert!(p.blocks_read.is_finite());
    }
}

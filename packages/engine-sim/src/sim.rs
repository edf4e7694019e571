//! Shared simulation machinery: a deterministic random number generator, a discrete-event
//! queue, and InnoDB's LRU list with midpoint insertion.

use std::cmp::Ordering;
use std::collections::{BinaryHeap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// SplitMix64: small, fast, and good enough for workload generation. Seeded explicitly so
/// that every estimate is reproducible.
#[derive(Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed ^ 0x9E37_79B9_7F4A_7C15)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }
    /// Uniform integer in [0, n) (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n <= 1 {
            return 0;
        }
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
    /// Erlang-k with the given mean: the sum of `k` exponentials of mean `mean/k`, drawn as
    /// one logarithm of a product of uniforms.
    pub fn erlang(&mut self, k: u32, mean: f64) -> f64 {
        if mean <= 0.0 || k == 0 {
            return 0.0;
        }
        let mut prod = 1.0;
        for _ in 0..k {
            prod *= 1.0 - self.unit();
        }
        -mean / k as f64 * prod.ln()
    }
    /// Exponential with the given mean.
    pub fn exp(&mut self, mean: f64) -> f64 {
        if mean <= 0.0 {
            return 0.0;
        }
        -mean * (1.0 - self.unit()).ln()
    }
}

/// FNV-1a: a deterministic hasher (std's RandomState needs an entropy source, which a bare
/// WebAssembly module does not have).
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h ^= *b as u64;
            h = h.wrapping_mul(0x0000_0100_0000_01B3);
        }
        self.0 = h;
    }
    fn write_u64(&mut self, v: u64) {
        // A multiplicative mix is enough for page ids and much cheaper than byte-wise FNV.
        let mut z = v ^ self.0;
        z = (z ^ (z >> 33)).wrapping_mul(0xff51_afd7_ed55_8ccd);
        z = (z ^ (z >> 33)).wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        self.0 = z ^ (z >> 33);
    }
}

pub type FastMap<K, V> = HashMap<K, V, BuildHasherDefault<Fnv>>;

pub fn fast_map<K, V>(capacity: usize) -> FastMap<K, V> {
    HashMap::with_capacity_and_hasher(capacity, BuildHasherDefault::<Fnv>::default())
}

/// Time-ordered event queue. Ties are broken by insertion order, so runs are deterministic.
///
/// The ordering key packs the time's bit pattern (times are non-negative, for which the IEEE
/// bit patterns sort like the values) above the insertion sequence number into one `u128`, so
/// that each heap comparison is a single integer comparison.
pub struct EventQueue<E> {
    heap: BinaryHeap<Entry<E>>,
    seq: u64,
}

struct Entry<E> {
    key: u128,
    ev: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    fn cmp(&self, other: &Self) -> Ordering {
        // Reversed: BinaryHeap is a max-heap and we want the earliest event first.
        other.key.cmp(&self.key)
    }
}

impl<E> EventQueue<E> {
    pub fn new() -> Self {
        EventQueue {
            heap: BinaryHeap::new(),
            seq: 0,
        }
    }
    /// Schedule `ev` at time `t` (negative, −0 and NaN times count as 0).
    pub fn push(&mut self, t: f64, ev: E) {
        self.seq += 1;
        let t = if t > 0.0 { t } else { 0.0 };
        self.heap.push(Entry {
            key: ((t.to_bits() as u128) << 64) | self.seq as u128,
            ev,
        });
    }
    pub fn pop(&mut self) -> Option<(f64, E)> {
        self.heap
            .pop()
            .map(|e| (f64::from_bits((e.key >> 64) as u64), e.ev))
    }
    /// Time of the earliest event.
    pub fn peek_time(&self) -> Option<f64> {
        self.heap
            .peek()
            .map(|e| f64::from_bits((e.key >> 64) as u64))
    }
    pub fn len(&self) -> usize {
        self.heap.len()
    }
    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

// ------------------------------------------------------------------------------------------
// LRU list with midpoint insertion (buf0lru.cc / buf0buf.cc semantics)
// ------------------------------------------------------------------------------------------

/// `BUF_LRU_OLD_RATIO_DIV`.
pub const OLD_RATIO_DIV: u64 = 1024;
/// `BUF_LRU_OLD_MIN_LEN`: below this many pages there is no old sublist.
pub const OLD_MIN_LEN: usize = 512;
/// `BUF_LRU_OLD_TOLERANCE`.
const OLD_TOLERANCE: usize = 20;
/// `BUF_LRU_NON_OLD_MIN_LEN`.
const NON_OLD_MIN_LEN: usize = 5;

const NIL: u32 = u32::MAX;

/// Largest key space indexed by a plain array (4 bytes per possible key) instead of a hash map.
pub const DENSE_KEYS_MAX: u64 = 1 << 22;

/// Page → list node. A model whose page ids are small integers (`0..key_space`) gets an array
/// lookup; others a hash map.
enum Index {
    Hash(FastMap<u64, u32>),
    Dense(Vec<u32>),
}

impl Index {
    #[inline]
    fn get(&self, key: u64) -> Option<u32> {
        match self {
            Index::Hash(m) => m.get(&key).copied(),
            Index::Dense(v) => match v.get(key as usize) {
                Some(&i) if i != NIL => Some(i),
                _ => None,
            },
        }
    }
    #[inline]
    fn insert(&mut self, key: u64, i: u32) {
        match self {
            Index::Hash(m) => {
                m.insert(key, i);
            }
            Index::Dense(v) => v[key as usize] = i,
        }
    }
    #[inline]
    fn remove(&mut self, key: u64) -> Option<u32> {
        match self {
            Index::Hash(m) => m.remove(&key),
            Index::Dense(v) => match v.get_mut(key as usize) {
                Some(slot) if *slot != NIL => Some(std::mem::replace(slot, NIL)),
                _ => None,
            },
        }
    }
}

#[derive(Clone)]
struct Node {
    key: u64,
    prev: u32, // towards the head (young end)
    next: u32, // towards the tail (eviction end)
    old: bool,
    first_access_ms: f64,
    freed_clock: u64,
}

/// Result of one page access.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    Hit,
    /// Not in the list: it was read and inserted; `evicted` tells whether a page had to go.
    Miss {
        evicted: bool,
    },
}

/// One buffer pool instance's LRU list.
///
/// * New pages are inserted at the head of the old sublist (`innodb_old_blocks_pct`, default
///   37 %, i.e. 3/8 from the tail), or at the head when the list is shorter than 512 pages.
/// * An access to an old page moves it to the head only if it was first accessed at least
///   `old_blocks_time` ms earlier, and only once something has been evicted.
/// * An access to a young page moves it to the head only if it has aged past the most recent
///   quarter of the young sublist (tracked with the freed-page clock, as InnoDB does).
pub struct Lru {
    nodes: Vec<Node>,
    free: Vec<u32>,
    map: Index,
    head: u32,
    tail: u32,
    old_head: u32,
    len: usize,
    old_len: usize,
    capacity: usize,
    ratio: u64,
    old_blocks_time_ms: f64,
    freed_page_clock: u64,
    pub hits: u64,
    pub misses: u64,
    pub evictions: u64,
    pub made_young: u64,
    pub not_made_young: u64,
}

impl Lru {
    /// `capacity` pages (≥ 1), `old_pct` in 5..=95, `old_blocks_time_ms` ≥ 0.
    pub fn new(capacity: usize, old_pct: u64, old_blocks_time_ms: f64) -> Lru {
        let capacity = capacity.max(1);
        let mut l = Self::with_index(
            capacity,
            old_pct,
            old_blocks_time_ms,
            Index::Hash(fast_map(capacity.min(1 << 20))),
        );
        l.nodes = Vec::with_capacity(capacity.min(1 << 20));
        l
    }

    /// Same list, for keys in `0..key_space`: looked up in an array when `key_space` is at
    /// most `DENSE_KEYS_MAX`, else in a hash map. Keys outside `0..key_space` must not be used.
    pub fn new_dense(
        capacity: usize,
        key_space: u64,
        old_pct: u64,
        old_blocks_time_ms: f64,
    ) -> Lru {
        if key_space > DENSE_KEYS_MAX {
            return Self::new(capacity, old_pct, old_blocks_time_ms);
        }
        let mut l = Self::with_index(
            capacity.max(1),
            old_pct,
            old_blocks_time_ms,
            Index::Dense(vec![NIL; key_space as usize]),
        );
        // The list never holds more pages than there are keys.
        l.nodes = Vec::with_capacity(l.capacity.min(key_space as usize).min(1 << 20));
        l
    }

    fn with_index(capacity: usize, old_pct: u64, old_blocks_time_ms: f64, map: Index) -> Lru {
        let ratio = (old_pct * OLD_RATIO_DIV / 100).clamp(51, OLD_RATIO_DIV);
        Lru {
            nodes: Vec::new(),
            free: Vec::new(),
            map,
            head: NIL,
            tail: NIL,
            old_head: NIL,
            len: 0,
            old_len: 0,
            capacity,
            ratio,
            old_blocks_time_ms,
            freed_page_clock: 0,
            hits: 0,
            misses: 0,
            evictions: 0,
            made_young: 0,
            not_made_young: 0,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn old_len(&self) -> usize {
        self.old_len
    }
    pub fn contains(&self, key: u64) -> bool {
        self.map.get(key).is_some()
    }

    fn unlink(&mut self, i: u32) {
        let (prev, next, old) = {
            let n = &self.nodes[i as usize];
            (n.prev, n.next, n.old)
        };
        if self.old_head == i {
            // The old sublist now starts at the next node (which is old too, or NIL).
            self.old_head = next;
        }
        if prev != NIL {
            self.nodes[prev as usize].next = next;
        } else {
            self.head = next;
        }
        if next != NIL {
            self.nodes[next as usize].prev = prev;
        } else {
            self.tail = prev;
        }
        self.len -= 1;
        if old {
            self.old_len -= 1;
        }
    }

    fn link_head(&mut self, i: u32) {
        {
            let n = &mut self.nodes[i as usize];
            n.prev = NIL;
            n.next = self.head;
            n.old = false;
        }
        if self.head != NIL {
            self.nodes[self.head as usize].prev = i;
        } else {
            self.tail = i;
        }
        self.head = i;
        self.len += 1;
    }

    /// Insert as the first node of the old sublist.
    fn link_old_head(&mut self, i: u32) {
        if self.old_head == NIL {
            // No old sublist yet: append at the tail and make it the old head.
            let t = self.tail;
            {
                let n = &mut self.nodes[i as usize];
                n.prev = t;
                n.next = NIL;
                n.old = true;
            }
            if t != NIL {
                self.nodes[t as usize].next = i;
            } else {
                self.head = i;
            }
            self.tail = i;
        } else {
            let oh = self.old_head;
            let prev = self.nodes[oh as usize].prev;
            {
                let n = &mut self.nodes[i as usize];
                n.prev = prev;
                n.next = oh;
                n.old = true;
            }
            self.nodes[oh as usize].prev = i;
            if prev != NIL {
                self.nodes[prev as usize].next = i;
            } else {
                self.head = i;
            }
        }
        self.old_head = i;
        self.len += 1;
        self.old_len += 1;
    }

    /// `buf_LRU_old_adjust_len()`: move the old-sublist boundary towards the target length.
    fn adjust_old(&mut self) {
        if self.len < OLD_MIN_LEN {
            // Dissolve the old sublist.
            let mut i = self.old_head;
            while i != NIL {
                self.nodes[i as usize].old = false;
                i = self.nodes[i as usize].next;
            }
            self.old_head = NIL;
            self.old_len = 0;
            return;
        }
        let target = ((self.len as u64 * self.ratio / OLD_RATIO_DIV) as usize)
            .min(self.len.saturating_sub(OLD_TOLERANCE + NON_OLD_MIN_LEN));
        if self.old_head == NIL {
            // Establish the old sublist from the tail.
            let mut i = self.tail;
            while i != NIL && self.old_len < target {
                self.nodes[i as usize].old = true;
                self.old_len += 1;
                self.old_head = i;
                i = self.nodes[i as usize].prev;
            }
            return;
        }
        // Bounded loops: each step moves the boundary by one node.
        while self.old_len + OLD_TOLERANCE < target {
            let p = self.nodes[self.old_head as usize].prev;
            if p == NIL {
                break;
            }
            self.nodes[p as usize].old = true;
            self.old_head = p;
            self.old_len += 1;
        }
        while self.old_len > target + OLD_TOLERANCE {
            let oh = self.old_head;
            self.nodes[oh as usize].old = false;
            self.old_head = self.nodes[oh as usize].next;
            self.old_len -= 1;
        }
    }

    fn evict_tail(&mut self) {
        let t = self.tail;
        if t == NIL {
            return;
        }
        self.unlink(t);
        let key = self.nodes[t as usize].key;
        self.map.remove(key);
        self.free.push(t);
        self.evictions += 1;
        self.freed_page_clock += 1;
    }

    /// Access `key` at time `now_ms`.
    pub fn access(&mut self, key: u64, now_ms: f64) -> Access {
        if let Some(i) = self.map.get(key) {
            self.hits += 1;
            let (old, first, freed) = {
                let n = &self.nodes[i as usize];
                (n.old, n.first_access_ms, n.freed_clock)
            };
            if self.freed_page_clock == 0 {
                return Access::Hit;
            }
            let make_young = if old {
                !(self.old_blocks_time_ms > 0.0 && now_ms - first < self.old_blocks_time_ms)
            } else {
                let young_len =
                    (self.len as u64) * (OLD_RATIO_DIV - self.ratio) / (OLD_RATIO_DIV * 4);
                self.freed_page_clock >= freed + young_len
            };
            if make_young {
                if self.head != i {
                    self.unlink(i);
                    self.link_head(i);
                    self.nodes[i as usize].freed_clock = self.freed_page_clock;
                    self.adjust_old();
                }
                self.made_young += 1;
            } else if old {
                self.not_made_young += 1;
            }
            return Access::Hit;
        }
        self.misses += 1;
        let evicted = self.len >= self.capacity;
        if evicted {
            self.evict_tail();
        }
        let node = Node {
            key,
            prev: NIL,
            next: NIL,
            old: false,
            first_access_ms: now_ms,
            freed_clock: self.freed_page_clock,
        };
        let i = if let Some(i) = self.free.pop() {
            self.nodes[i as usize] = node;
            i
        } else {
            self.nodes.push(node);
            (self.nodes.len() - 1) as u32
        };
        self.map.insert(key, i);
        if self.len + 1 < OLD_MIN_LEN || self.old_head == NIL {
            self.link_head(i);
        } else {
            self.link_old_head(i);
        }
        self.adjust_old();
        Access::Miss { evicted }
    }

    /// Remove a page if present (used for lazy eviction of stale pages).
    pub fn remove(&mut self, key: u64) -> bool {
        if let Some(i) = self.map.remove(key) {
            self.unlink(i);
            self.free.push(i);
            self.adjust_old();
            true
        } else {
            false
        }
    }

    /// Keys from head (young) to tail (old), for tests.
    pub fn keys(&self) -> Vec<u64> {
        let mut v = Vec::with_capacity(self.len);
        let mut i = self.head;
        while i != NIL {
            v.push(self.nodes[i as usize].key);
            i = self.nodes[i as usize].next;
        }
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn old_sublist_is_about_three_eighths() {
        let mut l = Lru::new(10_000, 37, 1000.0);
        for k in 0..20_000u64 {
            l.access(k, k as f64 * 0.001);
        }
        assert_eq!(l.len(), 10_000);
        let frac = l.old_len() as f64 / l.len() as f64;
        assert!((frac - 0.37).abs() < 0.01, "old fraction {}", frac);
        assert_eq!(l.evictions, 10_000);
    }

    #[test]
    fn a_scan_does_not_flush_the_hot_set() {
        // Once eviction has started, pages re-accessed after old_blocks_time become young; a
        // one-pass scan touching each page several times within a millisecond stays in the old
        // sublist and only cycles through it.
        let mut l = Lru::new(4096, 37, 1000.0);
        for k in 0..5000u64 {
            l.access(1_000_000 + k, 0.0);
        }
        for k in 0..1000u64 {
            l.access(k, 10.0);
        }
        for k in 0..1000u64 {
            l.access(k, 2000.0);
        }
        let mut t = 3000.0;
        for k in 200_000..230_000u64 {
            l.access(k, t);
            l.access(k, t);
            l.access(k, t);
            t += 0.01;
        }
        let hot_left = (0..1000u64).filter(|k| l.contains(*k)).count();
        assert!(hot_left > 990, "hot pages kept: {}", hot_left);
        // Without old_blocks_time the scan's second touch promotes its pages and the hot set goes.
        let mut l = Lru::new(4096, 37, 0.0);
        for k in 0..5000u64 {
            l.access(1_000_000 + k, 0.0);
        }
        for k in 0..1000u64 {
            l.access(k, 10.0);
            l.access(k, 2000.0);
        }
        for k in 200_000..230_000u64 {
            l.access(k, 3000.0);
            l.access(k, 3000.0);
        }
        assert!((0..1000u64).filter(|k| l.contains(*k)).count() < 100);
    }

    #[test]
    fn list_links_stay_consistent() {
        let mut l = Lru::new(700, 37, 0.0);
        let mut r = Rng::new(1);
        for i in 0..50_000u64 {
            l.access(r.below(2000), i as f64);
            if i % 97 == 0 {
                l.remove(r.below(2000));
            }
        }
        let keys = l.keys();
        assert_eq!(keys.len(), l.len());
        let olds = {
            let mut c = 0;
            let mut i = l.head;
            while i != NIL {
                if l.nodes[i as usize].old {
                    c += 1;
                }
                i = l.nodes[i as usize].next;
            }
            c
        };
        assert_eq!(olds, l.old_len());
    }

    #[test]
    fn event_queue_orders_by_time_then_insertion() {
        let mut q = EventQueue::new();
        q.push(2.0, 'b');
        q.push(1.0, 'a');
        q.push(2.0, 'c');
        assert_eq!(q.pop(), Some((1.0, 'a')));
        assert_eq!(q.pop(), Some((2.0, 'b')));
        assert_eq!(q.pop(), Some((2.0, 'c')));
    }

    #[test]
    fn dense_index_behaves_like_the_hash_map() {
        let mut a = Lru::new(700, 37, 5.0);
        let mut b = Lru::new_dense(700, 3000, 37, 5.0);
        let mut r = Rng::new(7);
        for i in 0..60_000u64 {
            let k = if r.unit() < 0.7 {
                r.below(400)
            } else {
                r.below(3000)
            };
            assert_eq!(a.access(k, i as f64 * 0.01), b.access(k, i as f64 * 0.01));
            if i % 101 == 0 {
                let k = r.below(3000);
                assert_eq!(a.remove(k), b.remove(k));
            }
        }
        assert_eq!(a.keys(), b.keys());
        assert_eq!(
            (a.evictions, a.made_young, a.old_len()),
            (b.evictions, b.made_young, b.old_len())
        );
    }

    #[test]
    fn event_queue_treats_negative_zero_as_zero() {
        let mut q = EventQueue::new();
        q.push(1.0, 'b');
        q.push(-0.0, 'a');
        assert_eq!(q.peek_time(), Some(0.0));
        assert_eq!(q.pop(), Some((0.0, 'a')));
    }
}

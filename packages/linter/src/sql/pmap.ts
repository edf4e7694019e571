/**
 * A persistent map from strings (a hash array mapped trie): `set` and `delete` return a new map that
 * shares all but one path of about log32(n) nodes with the old one, so keeping the schema after every
 * migration of a long history costs what the migrations change, not files × tables.
 * Iteration order is the hashes' order, not insertion order.
 */

interface Leaf<V> {
  readonly key: string;
  readonly hash: number;
  readonly value: V;
}
/** Keys whose 32-bit hashes are equal. */
interface Bucket<V> {
  readonly hash: number;
  readonly leaves: readonly Leaf<V>[];
}
interface Branch<V> {
  readonly bitmap: number;
  readonly slots: readonly Slot<V>[];
}
type Slot<V> = Leaf<V> | Bucket<V> | Branch<V>;

const BITS = 5;
const MASK = (1 << BITS) - 1;
const isLeaf = <V>(s: Slot<V>): s is Leaf<V> => "key" in s;
const isBucket = <V>(s: Slot<V>): s is Bucket<V> => "leaves" in s;

function hashOf(key: string): number {
  // FNV-1a over UTF-16 units.
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}

const EMPTY_BRANCH: Branch<never> = { bitmap: 0, slots: [] };

/** Two leaves with different hashes under one slot at `shift`. */
function pair<V>(a: Leaf<V>, b: Leaf<V>, shift: number): Slot<V> {
  if (a.hash === b.hash) return { hash: a.hash, leaves: [a, b] };
  const ia = (a.hash >>> shift) & MASK;
  const ib = (b.hash >>> shift) & MASK;
  if (ia === ib) return { bitmap: 1 << ia, slots: [pair(a, b, shift + BITS)] };
  return { bitmap: (1 << ia) | (1 << ib), slots: ia < ib ? [a, b] : [b, a] };
}

/** The slot with `leaf` set; `grew` says whether the key was new. */
function setIn<V>(slot: Slot<V>, leaf: Leaf<V>, shift: number, grew: { value: boolean }): Slot<V> {
  if (isLeaf(slot)) {
    if (slot.key === leaf.key) return leaf;
    grew.value = true;
    return pair(slot, leaf, shift);
  }
  if (isBucket(slot)) {
    if (slot.hash !== leaf.hash) {
      grew.value = true;
      // The bucket sits where its hash and the new one part: split below it.
      const ia = (slot.hash >>> shift) & MASK;
      const ib = (leaf.hash >>> shift) & MASK;
      if (ia === ib) return { bitmap: 1 << ia, slots: [setIn(slot, leaf, shift + BITS, { value: false })] };
      return { bitmap: (1 << ia) | (1 << ib), slots: ia < ib ? [slot, leaf] : [leaf, slot] };
    }
    const at = slot.leaves.findIndex((l) => l.key === leaf.key);
    if (at < 0) {
      grew.value = true;
      return { hash: slot.hash, leaves: [...slot.leaves, leaf] };
    }
    const leaves = [...slot.leaves];
    leaves[at] = leaf;
    return { hash: slot.hash, leaves };
  }
  const bit = 1 << ((leaf.hash >>> shift) & MASK);
  const at = popcount(slot.bitmap & (bit - 1));
  const slots = [...slot.slots];
  if ((slot.bitmap & bit) === 0) {
    grew.value = true;
    slots.splice(at, 0, leaf);
    return { bitmap: slot.bitmap | bit, slots };
  }
  slots[at] = setIn(slot.slots[at] as Slot<V>, leaf, shift + BITS, grew);
  return { bitmap: slot.bitmap, slots };
}

/** The slot without `key`: the same slot when absent, undefined when it becomes empty. */
function deleteIn<V>(slot: Slot<V>, key: string, hash: number, shift: number): Slot<V> | undefined {
  if (isLeaf(slot)) return slot.key === key ? undefined : slot;
  if (isBucket(slot)) {
    if (slot.hash !== hash) return slot;
    const leaves = slot.leaves.filter((l) => l.key !== key);
    if (leaves.length === slot.leaves.length) return slot;
    return leaves.length === 1 ? leaves[0] : { hash, leaves };
  }
  const bit = 1 << ((hash >>> shift) & MASK);
  if ((slot.bitmap & bit) === 0) return slot;
  const at = popcount(slot.bitmap & (bit - 1));
  const child = slot.slots[at] as Slot<V>;
  const next = deleteIn(child, key, hash, shift + BITS);
  if (next === child) return slot;
  const slots = [...slot.slots];
  if (next === undefined) {
    slots.splice(at, 1);
    if (slots.length === 0) return undefined;
    // A branch left with one leaf or bucket is that child: lookups stay as short as after inserts.
    if (slots.length === 1 && !("bitmap" in (slots[0] as Slot<V>))) return slots[0];
    return { bitmap: slot.bitmap & ~bit, slots };
  }
  slots[at] = next;
  return { bitmap: slot.bitmap, slots };
}

function* leavesOf<V>(slot: Slot<V>): Generator<Leaf<V>> {
  if (isLeaf(slot)) yield slot;
  else if (isBucket(slot)) yield* slot.leaves;
  else for (const s of slot.slots) yield* leavesOf(s);
}

export class PersistentMap<V> {
  private constructor(
    private readonly root: Branch<V>,
    readonly size: number,
  ) {}

  static empty<V>(): PersistentMap<V> {
    return new PersistentMap<V>(EMPTY_BRANCH as Branch<V>, 0);
  }

  get(key: string): V | undefined {
    const hash = hashOf(key);
    let slot: Slot<V> = this.root;
    for (let shift = 0; ; shift += BITS) {
      if (isLeaf(slot)) return slot.key === key ? slot.value : undefined;
      if (isBucket(slot)) return slot.hash === hash ? slot.leaves.find((l) => l.key === key)?.value : undefined;
      const bit = 1 << ((hash >>> shift) & MASK);
      if ((slot.bitmap & bit) === 0) return undefined;
      slot = slot.slots[popcount(slot.bitmap & (bit - 1))] as Slot<V>;
    }
  }

  has(key: string): boolean {
    return this.get(key) !== undefined;
  }

  set(key: string, value: V): PersistentMap<V> {
    const grew = { value: false };
    const root = setIn(this.root, { key, hash: hashOf(key), value }, 0, grew) as Branch<V>;
    return new PersistentMap(root, this.size + (grew.value ? 1 : 0));
  }

  delete(key: string): PersistentMap<V> {
    const next = deleteIn(this.root, key, hashOf(key), 0);
    if (next === this.root) return this;
    if (next === undefined) return PersistentMap.empty();
    // The root stays a branch, even when one leaf or bucket is left.
    const root: Branch<V> = "bitmap" in next ? next : { bitmap: 1 << (next.hash & MASK), slots: [next] };
    return new PersistentMap(root, this.size - 1);
  }

  *entries(): Generator<[string, V]> {
    for (const leaf of leavesOf(this.root)) yield [leaf.key, leaf.value];
  }

  *values(): Generator<V> {
    for (const leaf of leavesOf(this.root)) yield leaf.value;
  }
}

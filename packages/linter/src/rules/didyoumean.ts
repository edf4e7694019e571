/** Optimal string alignment distance (Damerau–Levenshtein with adjacent transpositions). */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let prev2: number[] = [];
  let prev: number[] = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur: number[] = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (prev2[j - 2] as number) + 1);
      cur.push(d);
      rowMin = Math.min(rowMin, d);
    }
    if (rowMin > limit) return limit + 1;
    prev2 = prev;
    prev = cur;
  }
  return prev[b.length] as number;
}

const BUCKETS = 64;

/** Character counts folded into 64 buckets (folding only lowers the distance bound below). */
function histogram(s: string): Int32Array {
  const h = new Int32Array(BUCKETS);
  for (let i = 0; i < s.length; i++) (h[s.charCodeAt(i) & (BUCKETS - 1)] as number)++;
  return h;
}

interface Candidate {
  name: string;
  /** The buckets the name uses, and its count in each. */
  buckets: Int32Array;
  counts: Int32Array;
}

/**
 * Candidates grouped by length with their character histograms. An insertion or deletion changes
 * the histogram by 1 and a substitution by 2 (a transposition by 0), so half the histograms'
 * difference bounds the distance from below and most candidates are dismissed without the
 * quadratic distance: 100,000 unknown names against ~1,100 variables took a minute without it.
 */
export class NameIndex {
  private readonly byLength = new Map<number, Candidate[]>();
  /** Distances the last `closest` computed (the work the histograms did not save). */
  compared = 0;
  constructor(readonly names: readonly string[]) {
    for (const name of names) {
      const h = histogram(name);
      const buckets: number[] = [];
      for (let k = 0; k < BUCKETS; k++) if (h[k]) buckets.push(k);
      const entry = { name, buckets: Int32Array.from(buckets), counts: Int32Array.from(buckets.map((k) => h[k] as number)) };
      const list = this.byLength.get(name.length);
      if (list) list.push(entry);
      else this.byLength.set(name.length, [entry]);
    }
  }

  /** Same answer as scanning every candidate with `editDistance`. */
  closest(name: string): string | undefined {
    const limit = Math.max(1, Math.min(4, Math.floor(name.length / 3)));
    const h = histogram(name);
    let best: string | undefined;
    let bestDistance = limit + 1;
    this.compared = 0;
    for (let length = Math.max(0, name.length - limit); length <= name.length + limit; length++) {
      for (const c of this.byLength.get(length) ?? []) {
        if (Math.abs(length - name.length) > bestDistance) continue;
        // Σ|h − c| over all buckets = |name| + Σ over the candidate's buckets of (|h − c| − h).
        let diff = name.length;
        for (let i = 0; i < c.buckets.length; i++) {
          const q = h[c.buckets[i] as number] as number;
          diff += Math.abs(q - (c.counts[i] as number)) - q;
        }
        if (Math.ceil(diff / 2) > bestDistance) continue;
        this.compared++;
        const d = editDistance(name, c.name, bestDistance);
        if (d < bestDistance || (d === bestDistance && best !== undefined && c.name < best)) {
          best = c.name;
          bestDistance = d;
        }
      }
    }
    return bestDistance <= limit ? best : undefined;
  }
}

/** Indexes of recent candidate lists, matched by content: callers pass fresh copies of one list. */
const recent: NameIndex[] = [];

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function indexOf(candidates: readonly string[]): NameIndex {
  let index = recent.find((r) => sameList(r.names, candidates));
  if (!index) {
    index = new NameIndex([...candidates]);
    recent.unshift(index);
    if (recent.length > 8) recent.pop();
  }
  return index;
}

/** The closest candidate within a third of the name's length, preferring shorter distances then names. */
export function didYouMean(name: string, candidates: Iterable<string>): string | undefined {
  return indexOf(Array.isArray(candidates) ? (candidates as string[]) : [...candidates]).closest(name);
}

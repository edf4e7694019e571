/**
 * The order migration tools apply a directory's files in, and the files they run only to roll back.
 * Flyway sorts by version (V1_8 before V1_10) and golang-migrate by number, so names compare with
 * their digit runs as numbers; names of equal width (timestamps, zero-padded numbers) keep their
 * character order.
 */

const RUNS = /\d+|\D+/g;

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Negative, zero or positive as `a` sorts before, with or after `b`. */
export function compareMigrationNames(a: string, b: string): number {
  if (a === b) return 0;
  // Most pairs differ first in a non-digit outside any number (or in equal-width numbers): character order decides.
  let i = 0;
  while (i < a.length && i < b.length && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  if (!isDigit(a.charCodeAt(i)) && !isDigit(b.charCodeAt(i)) && !isDigit(a.charCodeAt(i - 1))) return a < b ? -1 : 1;
  const x = a.match(RUNS) ?? [];
  const y = b.match(RUNS) ?? [];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] as string;
    const q = y[i] as string;
    if (p === q) continue;
    const numbers = p.charCodeAt(0) <= 57 && q.charCodeAt(0) <= 57 && p.charCodeAt(0) >= 48 && q.charCodeAt(0) >= 48;
    if (numbers) {
      const pn = p.replace(/^0+(?=\d)/, "");
      const qn = q.replace(/^0+(?=\d)/, "");
      if (pn.length !== qn.length) return pn.length - qn.length;
      if (pn !== qn) return pn < qn ? -1 : 1;
      // The same number written with other zeros: character order keeps the sort total.
    }
    return p < q ? -1 : 1;
  }
  return x.length - y.length || (a < b ? -1 : 1);
}

/** golang-migrate's rollback files (`0003_add_x.down.sql`): not steps forward, so neither replayed nor linted as one. */
export function isRollbackFile(name: string): boolean {
  return /\.down\.sql$/i.test(name);
}

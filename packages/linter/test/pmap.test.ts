import { describe, expect, it } from "vitest";
import { PersistentMap } from "../src/sql/pmap.js";
import { mulberry32 } from "./helpers/random.js";

const sorted = <V>(m: PersistentMap<V>) => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
const sortedMap = <V>(m: Map<string, V>) => [...m.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1));

describe("PersistentMap", () => {
  it("behaves as a Map under random sets and deletes, and every earlier version is unchanged", () => {
    const rand = mulberry32(42);
    let p = PersistentMap.empty<number>();
    const m = new Map<string, number>();
    const versions: [PersistentMap<number>, [string, number][]][] = [];
    for (let i = 0; i < 20_000; i++) {
      // Few distinct keys, so deletes hit and keys come back.
      const key = `k${Math.floor(rand() * 3000)}`;
      if (rand() < 0.3) {
        p = p.delete(key);
        m.delete(key);
      } else {
        p = p.set(key, i);
        m.set(key, i);
      }
      expect(p.size).toBe(m.size);
      if (i % 2000 === 0) versions.push([p, sortedMap(m)]);
    }
    for (const [key, value] of m) expect(p.get(key)).toBe(value);
    expect(p.get("absent")).toBeUndefined();
    expect(sorted(p)).toEqual(sortedMap(m));
    for (const [version, entries] of versions) expect(sorted(version)).toEqual(entries);
  });

  it("keeps keys whose hashes collide apart", () => {
    // "Aa" and "BB" collide in Java's hash, not FNV's: find a real FNV-1a collision by search instead.
    const seen = new Map<number, string>();
    const fnv = (s: string) => {
      let h = 0x811c9dc5;
      for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
      return h >>> 0;
    };
    let pairKeys: [string, string] | undefined;
    for (let i = 0; !pairKeys; i++) {
      const k = i.toString(36);
      const h = fnv(k);
      const other = seen.get(h);
      if (other !== undefined) pairKeys = [other, k];
      else seen.set(h, k);
    }
    const [a, b] = pairKeys;
    let p = PersistentMap.empty<string>().set(a, "a").set(b, "b").set("x", "x");
    expect([p.get(a), p.get(b), p.size]).toEqual(["a", "b", 3]);
    p = p.set(a, "a2");
    expect([p.get(a), p.get(b), p.size]).toEqual(["a2", "b", 3]);
    const q = p.delete(b);
    expect([q.get(a), q.get(b), q.size, p.get(b)]).toEqual(["a2", undefined, 2, "b"]);
    expect(q.delete(a).delete("x").size).toBe(0);
  });
});

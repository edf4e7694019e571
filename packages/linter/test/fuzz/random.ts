import { mulberry32 } from "../helpers/random.js";

/** A seeded generator (mulberry32) and the pickers the fuzz harnesses share: a seed replays a case exactly. */
export class Random {
  readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }
}

/** Characters that break naive code: controls, separators, bidi overrides, surrogates, quotes. */
const NASTY = [
  "\n",
  "\r",
  "\r\n",
  "\u000b",
  "\u0000",
  "\u001b[2J",
  "\u001b]0;t\u0007",
  "\u009b",
  "\u2028",
  "\u202e",
  "\ud800",
  "\udfff",
  "😀",
  "`",
  "'",
  '"',
  "\\",
  "::error::x",
  "%0A",
  "\t",
  "[",
  "]",
  "=",
  "#",
  ";",
  "/*",
  "*/",
  "-- ",
  "!include ",
  "DELIMITER ;;\n",
  "é",
  "\ufeff",
];

/** A string made of pieces of `base` mixed with nasty characters. */
export function mutateText(r: Random, base: string, maxEdits = 8): string {
  let s = base;
  const edits = r.int(maxEdits + 1);
  for (let i = 0; i < edits; i++) {
    const at = r.int(s.length + 1);
    switch (r.int(5)) {
      case 0:
        s = s.slice(0, at) + r.pick(NASTY) + s.slice(at);
        break;
      case 1:
        s = s.slice(0, at) + s.slice(at + 1 + r.int(20));
        break;
      case 2: {
        const from = r.int(s.length + 1);
        s = s.slice(0, at) + s.slice(from, from + r.int(80)) + s.slice(at);
        break;
      }
      case 3:
        s = s.slice(0, at) + String.fromCharCode(r.int(0x10000)) + s.slice(at);
        break;
      default:
        s = s.slice(0, at) + String(r.pick([0, -1, Infinity, 2 ** 64, "9007199254740993", "99999999999999999999", "1e9", "0x10", "64M", "abc"])) + s.slice(at);
    }
  }
  return s;
}

/** A JSON value of any shape, small. */
export function randomValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 6 : 8)) {
    case 0:
      return null;
    case 1:
      return r.chance(0.5);
    case 2:
      return r.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 2147483648, -0]);
    case 3:
      return mutateText(r, r.pick(["", "x", "mysql-8.0.22", "file:///tmp/x.cnf", "abc", "0"]), 3);
    case 4:
      return r.pick(["", "__proto__", "constructor", "toString", "hasOwnProperty"]);
    case 5:
      return String(r.int(1000));
    case 6:
      return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default: {
      const o: Record<string, unknown> = {};
      for (let i = r.int(4); i > 0; i--)
        o[r.pick(["uri", "line", "character", "text", "id", "__proto__", "constructor", "range", "position", "textDocument", String(r.int(9))])] = randomValue(
          r,
          depth + 1,
        );
      return o;
    }
  }
}

// The linear replacements of quadratic helpers give the answers of the straightforward versions.
import { describe, expect, it } from "vitest";
import { variableNames } from "../src/catalogue/index.js";
import type { Finding, Range } from "../src/finding.js";
import { fingerprintByRange, normaliseStatement } from "../src/fingerprint.js";
import { didYouMean, editDistance, NameIndex } from "../src/rules/didyoumean.js";
import { applySuppressions, type Directive } from "../src/suppression.js";
import { parseTarget } from "../src/target.js";
import { mulberry32 } from "./helpers/random.js";

function bruteDidYouMean(name: string, candidates: string[]): string | undefined {
  const limit = Math.max(1, Math.min(4, Math.floor(name.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    const d = editDistance(name, c);
    if (d < bestDistance || (d === bestDistance && best !== undefined && c < best)) {
      best = c;
      bestDistance = d;
    }
  }
  return bestDistance <= limit ? best : undefined;
}

describe("did-you-mean over an index", () => {
  const names = variableNames(parseTarget("mysql-8.0.36"));
  const random = mulberry32(7);
  const mutate = (s: string) => {
    const chars = [...s];
    for (let k = 0, edits = 1 + Math.floor(random() * 4); k < edits; k++) {
      const i = Math.floor(random() * (chars.length + 1));
      const r = random();
      if (r < 0.3) chars.splice(i, 1);
      else if (r < 0.6) chars.splice(i, 0, "abcdefghijklmnopqrstuvwxyz_"[Math.floor(random() * 27)] as string);
      else if (r < 0.8 && i + 1 < chars.length) [chars[i], chars[i + 1]] = [chars[i + 1] as string, chars[i] as string];
      else chars[i] = "etaoinshr_"[Math.floor(random() * 10)] as string;
    }
    return chars.join("");
  };
  const queries = Array.from({ length: 250 }, () => mutate(names[Math.floor(random() * names.length)] as string));

  it("answers as a scan of every candidate does", () => {
    for (const q of queries) expect(didYouMean(q, [...names]), q).toBe(bruteDidYouMean(q, names));
  });

  it("computes the distance to a small share of the candidates", () => {
    const index = new NameIndex(names);
    let compared = 0;
    for (const q of queries) {
      index.closest(q);
      compared += index.compared;
    }
    // A scan computes one distance per candidate of a near length: hundreds per name.
    expect(compared / queries.length).toBeLessThan(names.length / 20);
  });
});

const at = (line: number, column = 1): Range => ({ start: { line, column }, end: { line, column: column + 5 } });

/** The straightforward suppression pass: every directive up to the finding's line, in order. */
function referenceSuppressions(findings: Finding[], directives: Directive[]): Set<Finding> {
  const sorted = [...directives].sort((a, b) => a.range.start.line - b.range.start.line);
  const kept = new Set<Finding>();
  for (const f of findings) {
    let suppressor: Directive | undefined;
    for (const d of sorted) {
      if (d.file !== f.file) continue;
      if (d.range.start.line > f.range.start.line) break;
      const covers = d.rules.length === 0 || d.rules.includes(f.rule);
      if (d.kind === "disable-next-line") {
        if (d.range.start.line === f.range.start.line - 1 && covers) suppressor = d;
      } else if (d.kind === "disable" && covers) suppressor = d;
      else if (d.kind === "enable" && suppressor?.kind === "disable" && covers) suppressor = undefined;
    }
    if (!suppressor) kept.add(f);
  }
  return kept;
}

describe("suppressions in one pass", () => {
  it("keep and drop the findings the straightforward pass does", () => {
    const random = mulberry32(11);
    const rules = ["a", "b", "c"];
    for (let round = 0; round < 300; round++) {
      const lines = 2 + Math.floor(random() * 12);
      const directives: Directive[] = Array.from({ length: Math.floor(random() * 8) }, () => ({
        kind: (["disable-next-line", "disable", "enable"] as const)[Math.floor(random() * 3)] as Directive["kind"],
        rules: rules.filter(() => random() < 0.3),
        range: at(1 + Math.floor(random() * lines)),
        file: random() < 0.9 ? "f" : "g",
        used: new Set<string>(),
      }));
      const findings: Finding[] = Array.from({ length: 1 + Math.floor(random() * 10) }, () => ({
        rule: rules[Math.floor(random() * 3)] as string,
        severity: "warning",
        file: random() < 0.9 ? "f" : "g",
        range: at(1 + Math.floor(random() * lines)),
        message: "m",
      }));
      const expected = referenceSuppressions(findings, directives);
      expect(new Set(applySuppressions(findings, directives)), JSON.stringify({ directives, findings })).toEqual(expected);
    }
  });

  it("take time linear in findings and directives", () => {
    const work = (n: number) => {
      const directives: Directive[] = [];
      const findings: Finding[] = [];
      for (let i = 0; i < n; i++) {
        directives.push({ kind: "disable-next-line", rules: ["x"], range: at(2 * i + 1), file: "f", used: new Set() });
        findings.push({ rule: "x", severity: "warning", file: "f", range: at(2 * i + 2), message: "m" });
      }
      const t0 = performance.now();
      expect(applySuppressions(findings, directives)).toEqual([]);
      return performance.now() - t0;
    };
    // Quadratic was over 100× here; sizes large enough that timer and JIT noise stay small.
    for (let i = 0; i < 3; i++) work(20000);
    const small = Math.min(work(20000), work(20000), work(20000));
    const large = Math.min(work(200000), work(200000), work(200000));
    expect(large / Math.max(small, 1)).toBeLessThan(40);
  });
});

describe("fingerprints in linear time", () => {
  it("fingerprintByRange picks the first unit holding the finding, as a scan does", () => {
    const random = mulberry32(3);
    for (let round = 0; round < 200; round++) {
      const units: { file: string; range: Range; fingerprint: string }[] = [];
      let line = 1;
      const ordered = random() < 0.7;
      for (let i = 0; i < 6; i++) {
        const start = ordered ? line : 1 + Math.floor(random() * 10);
        const end = start + Math.floor(random() * 3);
        units.push({ file: "f", range: { start: { line: start, column: 1 }, end: { line: end, column: 4 } }, fingerprint: `u${i}` });
        line = end + (random() < 0.5 ? 0 : 1);
      }
      const findings: Finding[] = Array.from({ length: 8 }, () => ({
        rule: "r",
        severity: "info",
        file: "f",
        range: at(1 + Math.floor(random() * 12), 1 + Math.floor(random() * 6)),
        message: "m",
      }));
      const expected = findings.map(
        (f) =>
          units.find((u) => {
            const { line: l, column: c } = f.range.start;
            const r = u.range;
            return (l > r.start.line || (l === r.start.line && c >= r.start.column)) && (l < r.end.line || (l === r.end.line && c <= r.end.column));
          })?.fingerprint,
      );
      fingerprintByRange(findings, units);
      expect(findings.map((f) => f.fingerprint)).toEqual(expected);
    }
  });

  it("normaliseStatement of a long statement grows linearly", () => {
    const time = (n: number) => {
      const text = `CREATE TABLE t (a INT) PARTITION BY RANGE (a) (${Array.from({ length: n }, (_, i) => `PARTITION p${i} VALUES LESS THAN (${i})`).join(", ")}) ${";".repeat(n)}`;
      const t0 = performance.now();
      normaliseStatement(text);
      return performance.now() - t0;
    };
    time(1000);
    const small = Math.min(time(2000), time(2000));
    const large = Math.min(time(20000), time(20000));
    expect(large / Math.max(small, 0.5)).toBeLessThan(30);
    expect(normaliseStatement("SELECT  'a;;'  ;;;")).toBe("SELECT 'a;;'");
  });
});

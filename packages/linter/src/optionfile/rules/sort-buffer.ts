/** What both sort-buffer rules say of an innodb_sort_buffer_size line: the index-build impact and the fix. */
import type { EngineSim } from "@innolint/engine-sim";
import type { DeclaredTableSizes } from "../../config-tables.js";
import type { Fix, Impact } from "../../finding.js";
import { largestDeclaredTable, sortBufferImpact } from "../../impact/estimates.js";
import { type OptionFacts, optionSource, type ResolvedOption } from "./facts.js";

/** The build's cost at this size against 1M, on the largest declared table (else the study's); none without the simulator. */
export function sortBufferBuildImpact(facts: OptionFacts, size: number, ctx: { sim?: EngineSim; tables?: DeclaredTableSizes }): { impact?: Impact } {
  if (!ctx.sim) return {};
  const input = { name: "innodb_sort_buffer_size", value: size, source: optionSource(facts, "innodb_sort_buffer_size") };
  return { impact: sortBufferImpact(ctx.sim, size, [input], largestDeclaredTable(ctx.tables)) };
}

export function sortBufferDefaultFix(o: ResolvedOption): Fix {
  return {
    description: "return to the 1M default",
    safety: "unsafe",
    edits: [{ file: o.entry.file, range: o.entry.valueRange ?? o.entry.lineRange, newText: "1M" }],
  };
}

/**
 * The index-build study's measurements by sort buffer (the rule's evidence): the build of one
 * 10-column index on 192 M rows, and the DML rate during an online ALTER under load.
 */
const STUDY_POINTS = [
  { mib: 1, buildSeconds: 7873.2, dmlQps: 30_669 },
  { mib: 8, buildSeconds: 7731.5, dmlQps: 28_429 },
  { mib: 16, buildSeconds: 7548.7, dmlQps: 28_085 },
  { mib: 32, buildSeconds: 7499.6, dmlQps: 27_894 },
  { mib: 64, buildSeconds: 7488.0, dmlQps: 27_998 },
] as const;

/** What the study measured at the size nearest this one (in doubling steps), against 1M. */
export function studyAt(bytes: number): { size: string; exact: boolean; buildFaster: number; dmlSlower: number; buildTimes: string } {
  const mib = bytes / 2 ** 20;
  const [base, ...rest] = STUDY_POINTS;
  const near = rest.reduce((a, b) => (Math.abs(Math.log2(b.mib / mib)) < Math.abs(Math.log2(a.mib / mib)) ? b : a));
  const hm = (s: number) => `${Math.floor(s / 3600)} h ${String(Math.round((s % 3600) / 60)).padStart(2, "0")} min`;
  return {
    size: `${near.mib}M`,
    exact: near.mib === mib,
    buildFaster: (1 - near.buildSeconds / base.buildSeconds) * 100,
    dmlSlower: (1 - near.dmlQps / base.dmlQps) * 100,
    buildTimes: `one 10-column index on 192 M rows took ${hm(base.buildSeconds)} at 1M and ${hm(near.buildSeconds)} at ${near.mib}M`,
  };
}

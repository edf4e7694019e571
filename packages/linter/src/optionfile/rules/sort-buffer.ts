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

import { catalogueGap } from "../catalogue/index.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "out-of-range",
  surfaces: ["option-file"],
  check(facts, ctx) {
    for (const o of facts.options) {
      if (!o.serverGroup || o.setsMaximum || o.interpretation?.kind !== "number") continue;
      // Before the catalogue's first series a name read as an abbreviation may be an option of the target's own (XtraDB 5.5's innodb_read_ahead): its value is not the longer option's.
      if (o.abbreviates && catalogueGap(facts.target)?.edge === "before") continue;
      if (o.effectiveNumber === undefined || o.effectiveNumber === o.interpretation.value) continue;
      if (o.lookup.status === "unknown") continue;
      const f = o.lookup.facts;
      const bytes = f.unit === "bytes";
      const show = (n: number) => (bytes ? formatBytes(n) : String(n));
      const given = o.interpretation.value;
      const why =
        f.max !== undefined && given > f.max
          ? `above the maximum ${show(f.max)}`
          : f.min !== undefined && given < f.min
            ? `below the minimum ${show(f.min)}`
            : `not a multiple of the block size ${show(f.blockSize ?? 1)}`;
      ctx.report({
        file: o.entry.file,
        range: o.entry.valueRange ?? o.entry.lineRange,
        versionDependent: true,
        message: `${o.variable}=${o.interpretation.raw} is ${why}: the server adjusts it to ${show(o.effectiveNumber)} with a warning`,
        fix: {
          description: `set ${o.variable} to ${show(o.effectiveNumber)}, the value the server uses`,
          safety: "safe",
          edits: [{ file: o.entry.file, range: o.entry.valueRange ?? o.entry.lineRange, newText: show(o.effectiveNumber) }],
        },
      });
    }
  },
});

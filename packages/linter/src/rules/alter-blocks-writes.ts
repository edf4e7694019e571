import { assessAlter, sizeSeverity } from "../ddl/estimate.js";
import { blocksWrites, copyOnlyByGuess } from "../ddl/describe.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "alter-blocks-writes",
  surfaces: ["sql-statement"],
  options: {
    minimumSize: {
      type: "size",
      description: 'An ALTER that blocks writes to a table whose known size (live or declared in "tables") is below this is not reported.',
      default: "100M",
    },
  },
  check(facts, ctx) {
    const a = assessAlter(facts, ctx.sim);
    if (!a || a.ddl.refused || !blocksWrites(a.ddl) || a.size === "new") return;
    if (a.size.source !== "assumed" && a.size.dataBytes + (a.size.indexBytes ?? 0) < ctx.options.minimumSize) return;
    if (copyOnlyByGuess(a.ddl)) return;
    const explicit = (facts.statement.alterOptions?.lock ?? "DEFAULT").toUpperCase() !== "DEFAULT";
    const lock = a.ddl.lock.toUpperCase();
    // The operations alone permit LOCK=NONE: the explicit clause is what blocks.
    const byClause = explicit && a.ddl.algorithm !== "copy" && a.ddl.operations.every((o) => o.lock === "none");
    const why =
      a.ddl.algorithm === "copy"
        ? "the table copy"
        : byClause
          ? `the explicit LOCK=${lock}`
          : a.ddl.operations
              .filter((o) => o.lock !== "none")
              .map((o) => o.detail)
              .join(", ") || "the in-place operation";
    const blocked = a.ddl.lock === "exclusive" ? "reads and writes" : "writes";
    const duration = a.ddl.rebuildsTable ? `for the whole ${a.ddl.algorithm === "copy" ? "copy" : "rebuild"}` : "while it runs";
    const bySize = sizeSeverity(a);
    ctx.report({
      range: facts.statement.range,
      message: `${a.label}: on ${facts.target.label} this ALTER holds LOCK=${lock} on ${a.table} ${duration} (${a.size.described}), so every ${blocked === "writes" ? "INSERT, UPDATE and DELETE" : "query"} on it waits: ${why} ${byClause ? "asks for it" : "needs it"}`,
      notes: [
        ...(a.impact
          ? []
          : a.ddl.rebuildsTable
            ? []
            : ["the table is not rebuilt, but the lock lasts for the whole operation (for an index build: its scan, sort and load)"]),
        ...(a.ddl.assumed ?? []),
        ...(bySize.note ? [bySize.note] : []),
      ],
      ...(bySize.severity ? { severity: bySize.severity } : {}),
      ...(a.impact ? { impact: a.impact } : {}),
      fix: {
        description: byClause
          ? "drop the LOCK= clause (or write LOCK=NONE): the server permits concurrent writes for these operations"
          : "run the change with gh-ost or pt-online-schema-change, which copy the table while writes continue, or in a maintenance window",
        safety: "display-only",
        edits: [],
      },
      versionDependent: true,
    });
  },
});

import { copyOnlyByGuess } from "../ddl/describe.js";
import { assessAlter, sizeSeverity } from "../ddl/estimate.js";
import { approxBytes } from "../optionfile/rules/values.js";
import { configOrigin } from "../sql/rules/context.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "alter-rebuilds-table",
  surfaces: ["sql-statement"],
  options: {
    minimumSize: {
      type: "size",
      description: 'A rebuild of a table whose known size (live or declared in "tables") is below this is not reported.',
      default: "1G",
    },
  },
  check(facts, ctx) {
    const a = assessAlter(facts, ctx.sim);
    if (!a || a.ddl.refused || !a.ddl.rebuildsTable || a.size === "new") return;
    if (a.size.source !== "assumed" && a.size.dataBytes + (a.size.indexBytes ?? 0) < ctx.options.minimumSize) return;
    const heavy = a.ddl.operations.filter((o) => o.least === "inplace" || o.least === "copy");
    const rebuilding = (heavy.length > 0 ? heavy : a.ddl.operations).map((o) => o.detail);
    const instantCapable = a.ddl.operations.every((o) => o.least === "instant");
    const bySize = sizeSeverity(a);
    // The copy follows only from a column no earlier migration defines: say what it depends on.
    const guessed = copyOnlyByGuess(a.ddl);
    const what = guessed
      ? `may copy ${a.table} row by row into a new table`
      : a.ddl.algorithm === "copy"
        ? `copies ${a.table} row by row into a new table`
        : `rebuilds ${a.table} in place`;
    const consequence = `every row and index of the table (${a.size.described}) is written again, and the disk needs room for a second copy`;
    ctx.report({
      range: facts.statement.range,
      message: guessed
        ? `${what} on ${facts.target.label} (${rebuilding.join(", ")}): the migrations before this one do not define the column, so whether its type changes is unknown; if it does, ${consequence}; a MODIFY that restates the same type copies nothing (a NULL change rebuilds in place)`
        : `${what} on ${facts.target.label} (${rebuilding.join(", ")}): ${consequence}`,
      notes: [
        ...(a.onlineLogMaxBytes !== undefined
          ? [
              `concurrent writes are kept in the online row log meanwhile; past innodb_online_alter_log_max_size=${approxBytes(a.onlineLogMaxBytes)} ${configOrigin(facts.config, "innodb_online_alter_log_max_size")} the rebuild stops with DB_ONLINE_LOG_TOO_BIG (it checks the log at each page of its scan and before applying it) and its work is lost`,
            ]
          : []),
        ...(a.ddl.assumed ?? []),
        ...(bySize.note ? [bySize.note] : []),
      ],
      ...(guessed ? { severity: "info" as const } : bySize.severity ? { severity: bySize.severity } : {}),
      ...(a.impact ? { impact: a.impact } : {}),
      fix: {
        description: instantCapable
          ? `${facts.target.label} can make these changes instantly: write ALGORITHM=INSTANT instead of the explicit ALGORITHM=${(facts.statement.alterOptions?.algorithm ?? "").toUpperCase()}`
          : "run the change with gh-ost or pt-online-schema-change (throttled, resumable), or in a maintenance window; write ALGORITHM=INSTANT on changes meant to be instant, so that they fail fast instead of rebuilding",
        safety: "display-only",
        edits: [],
      },
      versionDependent: true,
    });
  },
});

import { statementOnlineDdl } from "../ddl/index.js";
import { acceptedClause } from "../ddl/describe.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "alter-algorithm-refused",
  surfaces: ["sql-statement"],
  options: {},
  check(facts, ctx) {
    const ddl = statementOnlineDdl(facts);
    if (!ddl?.refused) return;
    const s = facts.statement;
    const table = s.kind === "rename-table" ? s.renames?.[0]?.from.name : s.tables[0]?.name;
    const clause = acceptedClause(ddl, facts.target);
    ctx.report({
      range: s.range,
      message: `${facts.target.label} rejects this statement on ${table ?? "the table"}: ${ddl.refused}; the migration fails here`,
      notes: [
        `without the refused clause the server runs it ${ddl.algorithm === "instant" ? "instantly" : ddl.algorithm === "copy" ? "by copying the table" : ddl.rebuildsTable ? "in place, rebuilding the table" : "in place, without a rebuild"}, with LOCK=${ddl.lock.toUpperCase()} at least`,
        ...(ddl.assumed ?? []),
      ],
      fix: {
        description: clause ? `write ${clause}, the least the server accepts here` : "drop the ALGORITHM= and LOCK= clauses: this statement takes none",
        safety: "display-only",
        edits: [],
      },
      versionDependent: true,
    });
  },
});

import { tablesOf } from "../sql/rules/context.js";
import type { ColumnFacts } from "../sql/types.js";
import { defineRule } from "./define.js";

// ENUM and SET hold only the members the DDL names: nothing to lose.
const TEXT = new Set(["char", "varchar", "tinytext", "text", "mediumtext", "longtext"]);
const isUtf8mb3 = (charset: string | undefined) => charset !== undefined && /^utf8(mb3)?$/i.test(charset);

export default defineRule({
  id: "three-byte-unicode-column",
  surfaces: ["sql-statement"],
  options: {},
  check(facts, ctx) {
    const s = facts.statement;
    if (s.kind !== "create-table" && s.kind !== "alter-table") return;
    const tableCharset = s.kind === "create-table" ? s.tableOptions?.charset : (s.tableOptions?.charset ?? tablesOf(facts)[0]?.state?.options.charset);
    const columns: ColumnFacts[] =
      s.kind === "create-table"
        ? (s.columns ?? [])
        : (s.columnChanges ?? []).flatMap((c) => (c.op === "add" || c.op === "modify" || c.op === "change" ? [c.column] : []));
    const converted = (s.columnChanges ?? []).find((c) => c.op === "convert");
    const named = columns.filter((c) => TEXT.has(c.dataType) && isUtf8mb3(c.charset ?? tableCharset)).map((c) => c.name);
    const all = converted?.op === "convert" && isUtf8mb3(converted.charset);
    if (named.length === 0 && !all) return;
    const table = s.tables[0]?.name ?? "the table";
    const fromTable = columns.some((c) => named.includes(c.name) && c.charset === undefined);
    const which = all
      ? `CONVERT TO CHARACTER SET ${converted.charset} makes every character column of ${table} utf8mb3`
      : `${named.join(", ")} ${named.length === 1 ? "is" : "are"} utf8mb3${fromTable ? ` (from the table's DEFAULT CHARSET=${tableCharset})` : ""}`;
    ctx.report({
      range: s.range,
      message: `${which}: at most 3 bytes per character, so characters outside the Basic Multilingual Plane (emoji, some CJK ideographs) are rejected in strict mode or stored as '?'${facts.target.flavor === "mariadb" ? "" : "; MySQL 8.0 deprecates utf8mb3, and utf8 is to mean utf8mb4"}`,
      fix: {
        description: "use utf8mb4 (an index on a VARCHAR(255) then takes 1,020 bytes: within the 3,072-byte limit of DYNAMIC and COMPRESSED rows)",
        safety: "display-only",
        edits: [],
      },
      versionDependent: true,
    });
  },
});

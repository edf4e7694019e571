import { narrowing } from "../ddl/narrowing.js";
import { isExpressionDefault } from "../ddl/operations.js";
import { createdInChange, tableSize } from "../ddl/sizes.js";
import { tablesOf } from "../sql/rules/context.js";
import type { SqlStatementFacts } from "../sql/rules/context.js";
import type { ColumnFacts, StatementFacts } from "../sql/types.js";
import { defineRule } from "./define.js";

const lower = (s: string) => s.toLowerCase();

const DML = new Set(["insert", "update", "delete"]);

/**
 * The last statement before this one in the same file that writes or reads the table's rows
 * (UPDATE … SET new = old, INSERT … SELECT old FROM it): a migration that moves or fills the data
 * before dropping, narrowing or keying it.
 */
function preparedBy(facts: SqlStatementFacts, table: string): StatementFacts | undefined {
  const statements = facts.sql.statements;
  const at = statements.indexOf(facts.statement);
  for (let i = at - 1; i >= 0; i--) {
    const s = statements[i] as StatementFacts;
    if (DML.has(s.kind) && s.tables.some((t) => lower(t.name) === lower(table))) return s;
  }
  return undefined;
}

const DISTINCT_DEFAULT = /^\(\s*uuid(?:_short)?\s*\(\s*\)\s*\)$/i;

export default defineRule({
  id: "alter-may-lose-data",
  surfaces: ["sql-statement"],
  options: {},
  check(facts, ctx) {
    const s = facts.statement;
    if (s.kind !== "alter-table") return;
    const t = tablesOf(facts)[0];
    const state = t?.state;
    // A table the change creates holds no rows yet.
    if (state && !state.live && createdInChange(facts, state.name, state.createdAt)) return;
    const name = t?.name ?? "the table";
    const tableCharset = state?.options.charset;
    const find = (n: string): ColumnFacts | undefined => state?.columns.find((c) => lower(c.name) === lower(n));
    const problems: string[] = [];
    let certain = false;
    const dropped: string[] = [];
    for (const change of s.columnChanges ?? []) {
      if (change.op === "drop") {
        // A generated column's values follow from the columns it is computed from, stored or not.
        if (!find(change.name)?.generated) dropped.push(change.name);
        continue;
      }
      if (change.op === "convert") {
        const narrowed = (state?.columns ?? [])
          .map((c) => ({ c, why: narrowing(c, { ...c, charset: change.charset }, c.charset ?? tableCharset, change.charset) }))
          .filter((x) => x.why && /cannot store/.test(x.why));
        if (narrowed.length > 0) problems.push(`CONVERT TO CHARACTER SET ${change.charset}: ${narrowed.map((x) => x.c.name).join(", ")} (${narrowed[0]?.why})`);
        continue;
      }
      if (change.op !== "modify" && change.op !== "change") continue;
      const old = find(change.op === "change" ? change.from : change.column.name);
      if (!old) continue;
      const next = change.column;
      const why = narrowing(old, next, old.charset ?? tableCharset, next.charset ?? old.charset ?? tableCharset);
      if (why) problems.push(`${old.name} ${old.type} → ${next.type}: ${why}`);
      if (old.nullable && !next.nullable)
        problems.push(
          `${next.name} NOT NULL: the ALTER fails on the first row holding NULL in strict mode (and stores 0 or '' in it otherwise); a DEFAULT does not fill existing NULLs`,
        );
    }
    const added = (s.columnChanges ?? []).flatMap((c) => (c.op === "add" ? [c.column] : []));
    // New columns that number or tag each existing row apart: AUTO_INCREMENT, DEFAULT (UUID()).
    const distinctNew = new Set(added.filter((c) => c.autoIncrement || DISTINCT_DEFAULT.test(c.default ?? "")).map((c) => lower(c.name)));
    // New columns every existing row gets the same value in: neither those, nor generated, nor another expression default.
    const newColumns = new Set(
      added.filter((c) => !distinctNew.has(lower(c.name)) && !c.generated && !isExpressionDefault(c.default)).map((c) => lower(c.name)),
    );
    // A key whose columns include those of an existing unique key cannot meet duplicates.
    const uniqueBefore = (state?.indexes ?? []).filter((i) => i.unique || i.kind === "primary").map((i) => i.columns.map(lower));
    for (const index of s.indexesAdded ?? []) {
      if (!(index.unique || index.kind === "primary")) continue;
      const cols = index.columns.map(lower);
      if (uniqueBefore.some((u) => u.length > 0 && u.every((c) => cols.includes(c)))) continue;
      if (cols.some((c) => distinctNew.has(c))) continue;
      // Every existing row gets the same value in a new column: duplicates unless the table has one row.
      const onNew = index.columns.length > 0 && index.columns.every((c) => newColumns.has(lower(c)));
      const shown = index.columns.join(", ");
      if (onNew) {
        const size = tableSize(facts);
        if (size !== "new" && size.source !== "assumed" && size.rows >= 2) certain = true;
      }
      problems.push(
        onNew
          ? `${index.kind === "primary" ? "PRIMARY KEY" : "UNIQUE"} (${shown}) on columns this ALTER adds: every existing row gets the same value, so it fails with a duplicate-key error once the table has two rows`
          : `${index.kind === "primary" ? "PRIMARY KEY" : "UNIQUE"} (${shown}): the ALTER fails with a duplicate-key error if existing rows repeat a value`,
      );
    }
    if (dropped.length > 0)
      problems.unshift(
        `DROP COLUMN ${dropped.join(", ")}: the column${dropped.length === 1 ? "'s" : "s'"} values are gone once it runs (only a backup brings them back)`,
      );
    if (problems.length === 0) return;
    const prepared = certain ? undefined : preparedBy(facts, name);
    ctx.report({
      range: s.range,
      // Certain only where the rows are known: a constant new column under a unique key of a table with rows.
      ...(certain ? { severity: "error" as const } : prepared ? { severity: "info" as const } : {}),
      message: `this ALTER on ${name} ${certain ? "fails (the table holds rows):" : "may lose data or fail on the data it finds:"} ${problems.join("; ")}`,
      notes: [
        "innolint does not see the rows: check them first (SELECT … WHERE the value does not fit, or GROUP BY … HAVING COUNT(*) > 1 for a unique key)",
        ...(state ? [] : [`${name} is not defined by the migrations before this one: columns it cannot compare are not judged`]),
        ...(prepared
          ? [
              `information, not a warning: the statement at line ${prepared.range.start.line} of this migration ${prepared.kind === "update" ? "updates" : prepared.kind === "insert" ? "copies" : "changes"} ${name}'s rows first, which reads as the data being prepared for this change`,
            ]
          : []),
      ],
      fix: {
        description: "check the data against the new definition before the migration, and keep a backup (or a copy of the column) until the change is verified",
        safety: "display-only",
        edits: [],
      },
    });
  },
});

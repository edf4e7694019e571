/**
 * MySQL 8.0.29+ row versions: every ALTER that adds or drops stored columns instantly gives the
 * table a new row version (INFORMATION_SCHEMA.INNODB_TABLES.TOTAL_ROW_VERSIONS), up to 64 (255
 * from 9.1.0); a rebuild starts again at 0. The schema model counts them without knowing the
 * target or its limit (at the limit a default ALTER rebuilds: the count modulo limit + 1 is the
 * server's), as MySQL 8.0.29+ would run each ALTER: column additions and drops alone (or beside
 * operations that are instant too) are instant; beside an index, a column modification or a
 * table option that rebuilds, the whole ALTER rebuilds.
 */
import type { ColumnFacts, StatementFacts } from "./types.js";

/** Table options whose change rebuilds the table. */
const REBUILDING_OPTIONS = new Set(["ENGINE", "ROW_FORMAT", "KEY_BLOCK_SIZE"]);
/** ALTER TABLE actions that are instant beside ADD/DROP COLUMN. */
const INSTANT_ACTIONS = new Set(["set-default", "drop-default", "column-visibility", "rename-index", "index-visibility"]);

/** The table's row versions after the statement, from those before it and its columns before it. */
export function rowVersionsAfter(before: number, columns: readonly ColumnFacts[], stmt: StatementFacts): number {
  if (stmt.kind !== "alter-table") return before;
  const actions = stmt.alterActions ?? [];
  const changes = stmt.columnChanges ?? [];
  const rebuilds =
    actions.some((a) => a.op === "force" || (a.op === "table-option" && REBUILDING_OPTIONS.has(a.name))) ||
    changes.some((c) => c.op === "convert") ||
    (stmt.indexesAdded ?? []).some((i) => i.kind === "primary") ||
    (stmt.indexesDropped ?? []).some((n) => n.toLowerCase() === "primary");
  const algorithm = (stmt.alterOptions?.algorithm ?? "").toUpperCase();
  if (rebuilds || algorithm === "INPLACE" || algorithm === "COPY") return 0;
  const generated = (name: string) => columns.find((c) => c.name.toLowerCase() === name.toLowerCase())?.generated;
  const versioned = changes.filter((c) => (c.op === "add" && !c.column.generated) || (c.op === "drop" && generated(c.name) !== "virtual"));
  if (versioned.length === 0) return before;
  if (changes.some((c) => c.op === "add" && c.column.autoIncrement)) return 0;
  const alone =
    changes.every((c) => c.op === "add" || c.op === "drop" || c.op === "rename") &&
    (stmt.indexesAdded ?? []).length === 0 &&
    (stmt.indexesDropped ?? []).length === 0 &&
    actions.every((a) => INSTANT_ACTIONS.has(a.op) || (a.op === "table-option" && a.name === "COMMENT")) &&
    (stmt.partitionOps ?? []).length === 0;
  // One new row version per ALTER, however many columns it adds or drops.
  return alone ? before + 1 : 0;
}

/**
 * A DDL statement as the list of operations the server classifies one by one (the rows of the
 * manuals' online-DDL tables), each with the facts about the table that decide its class. The
 * table is the definition before the statement (the schema model); where it is unknown, the
 * operations say what was assumed.
 */
import { modifiedColumn, type TableState } from "../sql/schema.js";
import type { ColumnFacts, IndexFacts, StatementFacts } from "../sql/types.js";

export interface DdlOperation {
  /** The operation's key in the knowledge tables (rules/online-ddl/*.json). */
  op: string;
  /** What it changes, for messages: "ADD COLUMN x", "MODIFY c VARCHAR(20) → VARCHAR(30)". */
  detail: string;
  /** Conditions that hold for it: table shape ("compressed", "fulltext", "partitioned") and the operation's own ("last", "indexed"). */
  conditions: Set<string>;
}

export interface DdlContext {
  /** Session foreign_key_checks (on unless a SET earlier in the file turned it off). */
  foreignKeyChecks: boolean;
  /** The server's default character set, for columns and tables that name none. */
  defaultCharset: string;
}

export interface DdlOperations {
  operations: DdlOperation[];
  /** What was assumed where the table or a column is unknown. */
  assumed: string[];
}

const lower = (s: string) => s.toLowerCase();

/** Bytes per character at most (what decides a VARCHAR's length bytes). */
const MAXLEN: Record<string, number> = {
  latin1: 1,
  ascii: 1,
  binary: 1,
  latin2: 1,
  cp1250: 1,
  cp1251: 1,
  cp1252: 1,
  greek: 1,
  hebrew: 1,
  tis620: 1,
  koi8r: 1,
  koi8u: 1,
  utf8: 3,
  utf8mb3: 3,
  utf8mb4: 4,
  ucs2: 2,
  utf16: 4,
  utf16le: 4,
  utf32: 4,
  gbk: 2,
  big5: 2,
  sjis: 2,
  ujis: 3,
  euckr: 2,
  gb2312: 2,
  gb18030: 4,
  cp932: 2,
  eucjpms: 3,
};

const CHAR_TYPES = new Set(["char", "varchar", "tinytext", "text", "mediumtext", "longtext", "enum", "set"]);

function maxBytes(column: ColumnFacts, charset: string): number | undefined {
  if (column.length === undefined) return undefined;
  if (column.dataType === "varbinary" || column.dataType === "binary") return column.length;
  const m = MAXLEN[charset];
  return m === undefined ? undefined : column.length * m;
}

function tableConditions(table: TableState | undefined, ctx: DdlContext): Set<string> {
  const c = new Set<string>();
  if (ctx.foreignKeyChecks) c.add("fk-checks");
  if (!table) return c;
  const rowFormat = table.options.rowFormat;
  if (rowFormat === "compressed") c.add("compressed");
  if (rowFormat === "redundant") c.add("redundant");
  if (table.indexes.some((i) => i.kind === "fulltext")) c.add("fulltext");
  if (table.partitioning) {
    c.add("partitioned");
    if (/^(range|list)/.test(table.partitioning.type)) c.add("range-list");
  }
  if (!table.primaryKey) c.add("no-primary-key");
  if (table.columns.some((col) => col.generated)) c.add("generated-columns");
  if (table.options.engine && table.options.engine !== "innodb") c.add("not-innodb");
  return c;
}

function findColumn(table: TableState | undefined, name: string): ColumnFacts | undefined {
  return table?.columns.find((c) => lower(c.name) === lower(name));
}

function indexed(table: TableState | undefined, name: string): boolean {
  return (table?.indexes ?? []).some((i) => i.columns.some((c) => lower(c) === lower(name)));
}

/** A DEFAULT written as an expression in parentheses: computed per row, not one constant. */
export const isExpressionDefault = (value: string | undefined) => value?.trim().startsWith("(");

const sameList = (a: string[] | undefined, b: string[] | undefined) => JSON.stringify(a ?? []) === JSON.stringify(b ?? []);

/** ENUM members need 1 byte up to 255 members, else 2; SET members take one bit each. */
function enumBytes(dataType: string, members: number): number {
  return dataType === "enum" ? (members <= 255 ? 1 : 2) : Math.ceil(members / 8);
}

/**
 * The atomic changes a MODIFY/CHANGE makes to a column, each an operation of the tables:
 * rename, reorder, type change (with VARCHAR widening and ENUM/SET appends apart), charset,
 * nullability and default.
 */
function columnModification(
  old: ColumnFacts,
  next: ColumnFacts,
  position: { first?: true; after?: string },
  table: TableState,
  base: Set<string>,
  tableCharset: string,
): DdlOperation[] {
  const out: DdlOperation[] = [];
  const add = (op: string, detail: string, extra: string[] = []) => out.push({ op, detail, conditions: new Set([...base, ...extra]) });
  const oldCharset = old.charset ?? tableCharset;
  const newCharset = next.charset ?? tableCharset;
  const generated = old.generated ?? next.generated;
  if (old.name !== next.name) add("rename-column", `${old.name} → ${next.name}`);
  if (position.first || position.after !== undefined) {
    const names = table.columns.map((c) => lower(c.name));
    const from = names.indexOf(lower(old.name));
    const rest = names.filter((n) => n !== lower(old.name));
    const to = position.first ? 0 : rest.indexOf(lower(position.after as string)) + 1;
    if (to !== from)
      add(
        generated === "stored" ? "reorder-stored-column" : generated === "virtual" ? "reorder-virtual-column" : "reorder-column",
        `${next.name} ${position.first ? "FIRST" : `AFTER ${position.after}`}`,
      );
  }
  const typeDetail = `${old.name} ${old.type} → ${next.type}`;
  if (old.generated !== next.generated) add("change-type", `${typeDetail} (generated column changed)`);
  else if (
    old.dataType !== next.dataType ||
    Boolean(old.unsigned) !== Boolean(next.unsigned) ||
    old.precision !== next.precision ||
    old.scale !== next.scale ||
    old.fsp !== next.fsp
  ) {
    add("change-type", typeDetail);
  } else if (old.dataType === "enum" || old.dataType === "set") {
    const before = old.values ?? [];
    const after = next.values ?? [];
    if (!sameList(before, after)) {
      const appended = after.length > before.length && sameList(after.slice(0, before.length), before);
      if (!appended) add("enum-change", `${typeDetail} (members removed or reordered)`);
      else add("enum-append", typeDetail, enumBytes(old.dataType, before.length) !== enumBytes(old.dataType, after.length) ? ["storage-grows"] : []);
    }
  } else if ((old.dataType === "varchar" || old.dataType === "varbinary") && old.length !== next.length) {
    if (old.length !== undefined && next.length !== undefined && next.length > old.length) {
      const a = maxBytes(old, oldCharset);
      const b = maxBytes(next, newCharset);
      add("varchar-extend", typeDetail, a !== undefined && b !== undefined && a <= 255 && b > 255 ? ["crosses-255"] : []);
    } else add("change-type", `${typeDetail} (narrowed)`);
  } else if (old.length !== next.length && !["tinyint", "smallint", "mediumint", "int", "bigint"].includes(old.dataType)) {
    add("change-type", typeDetail);
  }
  if (CHAR_TYPES.has(next.dataType) && CHAR_TYPES.has(old.dataType)) {
    const detail = `${old.name} ${oldCharset}${old.collation ? ` (${old.collation})` : ""} → ${newCharset}${next.collation ? ` (${next.collation})` : ""}`;
    const indexedColumn = indexed(table, old.name) ? ["indexed"] : [];
    if (lower(oldCharset) !== lower(newCharset)) {
      const widening = /^utf8(mb3)?$/.test(lower(oldCharset)) && lower(newCharset) === "utf8mb4";
      add("column-charset", detail, [...indexedColumn, ...(widening ? ["utf8mb3-to-utf8mb4"] : [])]);
    } else if (next.collation !== undefined && old.collation !== next.collation) add("column-collation", detail, indexedColumn);
  }
  if (old.nullable && !next.nullable) add("make-not-null", `${next.name} NOT NULL`, indexed(table, old.name) ? ["indexed"] : []);
  if (!old.nullable && next.nullable) {
    add("make-null", `${next.name} NULL`);
    // InnoDB clusters on a UNIQUE key only while its columns are NOT NULL: the table loses its clustered key.
    const clustered = table.primaryKey;
    if (clustered && clustered.kind !== "primary" && clustered.columns.some((c) => lower(c) === lower(old.name)))
      add("drop-primary-key", `${next.name} NULL: the UNIQUE key${clustered.name ? ` ${clustered.name}` : ""} InnoDB clusters on no longer qualifies`);
  }
  if (!old.autoIncrement && next.autoIncrement) add("change-type", `${next.name} AUTO_INCREMENT`);
  if ((old.default ?? "") !== (next.default ?? "")) add("set-default", `${next.name} DEFAULT ${next.default ?? "(none)"}`);
  if (out.length === 0) add("no-change", `${next.name} (definition unchanged)`);
  return out;
}

function indexOperation(
  index: IndexFacts,
  table: TableState | undefined,
  base: Set<string>,
  droppingPrimary: boolean,
  fulltextSoFar: boolean,
  newColumns: ColumnFacts[],
): DdlOperation {
  const name = index.name ?? index.columns.join(",");
  const cols = `(${index.columns.join(", ")})`;
  const conditions = new Set(base);
  const column = (n: string) => newColumns.find((c) => lower(c.name) === lower(n)) ?? findColumn(table, n);
  switch (index.kind) {
    case "primary":
      if (index.columns.some((n) => column(n)?.nullable)) conditions.add("nullable-columns");
      return { op: droppingPrimary ? "change-primary-key" : "add-primary-key", detail: `PRIMARY KEY ${cols}`, conditions };
    case "fulltext":
      if (!fulltextSoFar) conditions.add("first-fulltext");
      return { op: "add-fulltext", detail: `FULLTEXT ${name} ${cols}`, conditions };
    case "spatial":
      return { op: "add-spatial", detail: `SPATIAL ${name} ${cols}`, conditions };
    default:
      if (index.unique) conditions.add("unique");
      if (index.columns.some((n) => column(n)?.generated === "virtual")) conditions.add("virtual-column");
      if (newColumns.some((c) => index.columns.some((n) => lower(n) === lower(c.name)))) conditions.add("new-column");
      return { op: "add-index", detail: `${index.unique ? "UNIQUE " : ""}INDEX ${name} ${cols}`, conditions };
  }
}

const LAYOUT = new Set(["add-column", "drop-column", "reorder-column", "add-virtual-column", "drop-virtual-column", "add-stored-column", "drop-stored-column"]);

const PARTITION_OPS: Record<string, string> = {
  add: "add-partition",
  drop: "drop-partition",
  coalesce: "coalesce-partition",
  reorganize: "reorganize-partition",
  rebuild: "rebuild-partition",
  truncate: "truncate-partition",
  exchange: "exchange-partition",
  optimize: "optimize-partition",
  analyze: "analyze-partition",
  check: "analyze-partition",
  repair: "repair-partition",
  discard: "partition-tablespace",
  import: "partition-tablespace",
  "remove-partitioning": "remove-partitioning",
  "partition-by": "partition-by",
  "convert-partition": "exchange-partition",
  "convert-table": "exchange-partition",
};

const TABLE_OPTIONS: Record<string, string> = {
  ROW_FORMAT: "row-format",
  KEY_BLOCK_SIZE: "key-block-size",
  CHARSET: "table-charset",
  COLLATE: "table-charset",
  AUTO_INCREMENT: "auto-increment-value",
  COMMENT: "table-comment",
  STATS_PERSISTENT: "table-stats",
  STATS_AUTO_RECALC: "table-stats",
  STATS_SAMPLE_PAGES: "table-stats",
  PAGE_COMPRESSED: "page-compression",
  PAGE_COMPRESSION_LEVEL: "page-compression",
  MAX_ROWS: "table-metadata-option",
  MIN_ROWS: "table-metadata-option",
  AVG_ROW_LENGTH: "table-metadata-option",
  CHECKSUM: "table-metadata-option",
  PACK_KEYS: "table-metadata-option",
  DELAY_KEY_WRITE: "table-metadata-option",
};

/** The operations of a DDL statement on `table` (its definition before the statement, or undefined when unknown). */
export function ddlOperations(stmt: StatementFacts, table: TableState | undefined, ctx: DdlContext): DdlOperations {
  const base = tableConditions(table, ctx);
  const ops: DdlOperation[] = [];
  const assumed: string[] = [];
  const push = (op: string, detail: string, extra: string[] = []) => ops.push({ op, detail, conditions: new Set([...base, ...extra]) });
  const tableName = stmt.tables[0]?.name ?? "";
  if (!table)
    assumed.push(`table ${tableName || "?"} unknown: assumed an InnoDB table with a primary key, no FULLTEXT index, not partitioned, ROW_FORMAT=DYNAMIC`);
  const tableCharset = table?.options.charset ?? ctx.defaultCharset;

  if (stmt.kind === "rename-table") {
    push("rename-table", (stmt.renames ?? []).map((r) => `${r.from.name} → ${r.to.name}`).join(", "));
    return { operations: ops, assumed };
  }
  if (stmt.optimize) {
    push("optimize-table", `OPTIMIZE TABLE ${tableName}`);
    return { operations: ops, assumed };
  }

  const droppedIndexes = (stmt.indexesDropped ?? []).map(lower);
  const droppingPrimary = droppedIndexes.includes("primary");
  const addingPrimary = (stmt.indexesAdded ?? []).some((i) => i.kind === "primary");
  // Columns as the statement's ADDs define them, for indexes on new columns.
  const newColumns: ColumnFacts[] = [];
  // The table's columns as the statement goes (positions of later MODIFYs count earlier ones).
  const working: TableState | undefined = table ? { ...table, columns: [...table.columns] } : undefined;

  for (const change of stmt.columnChanges ?? []) {
    switch (change.op) {
      case "add": {
        const c = change.column;
        newColumns.push(c);
        const extra: string[] = [];
        const lastName = working?.columns[working.columns.length - 1]?.name;
        const last = !change.first && (change.after === undefined || (lastName !== undefined && lower(change.after) === lower(lastName)));
        if (last) extra.push("last");
        if (c.autoIncrement) extra.push("auto-increment");
        if (!c.nullable && c.default === undefined && !c.autoIncrement && !c.generated) extra.push("not-null-no-default");
        if (c.nullable && (c.default === undefined || /^null$/i.test(c.default))) extra.push("nullable-no-default");
        if (isExpressionDefault(c.default)) extra.push("expression-default");
        const op = c.generated === "stored" ? "add-stored-column" : c.generated === "virtual" ? "add-virtual-column" : "add-column";
        push(op, `ADD COLUMN ${c.name} ${c.type}${change.first ? " FIRST" : change.after !== undefined ? ` AFTER ${change.after}` : ""}`, extra);
        if (working) {
          if (change.first) working.columns.unshift(c);
          else {
            const at = change.after === undefined ? -1 : working.columns.findIndex((x) => lower(x.name) === lower(change.after as string));
            working.columns.splice(at < 0 ? working.columns.length : at + 1, 0, c);
          }
        }
        break;
      }
      case "drop": {
        const old = findColumn(working, change.name);
        if (table && !old) assumed.push(`column ${change.name} unknown: assumed an ordinary column`);
        const op = old?.generated === "stored" ? "drop-stored-column" : old?.generated === "virtual" ? "drop-virtual-column" : "drop-column";
        push(op, `DROP COLUMN ${change.name}`, indexed(working, change.name) ? ["indexed"] : []);
        if (working) working.columns = working.columns.filter((x) => lower(x.name) !== lower(change.name));
        break;
      }
      case "rename":
        push("rename-column", `${change.from} → ${change.to}`, indexed(working, change.from) ? ["indexed"] : []);
        break;
      case "modify":
      case "change": {
        const from = change.op === "change" ? change.from : change.column.name;
        const old = findColumn(working, from);
        if (!old || !working) {
          assumed.push(`column ${from} unknown: assumed its data type changes`);
          if (change.op === "change" && lower(change.from) !== lower(change.column.name)) push("rename-column", `${change.from} → ${change.column.name}`);
          push("change-type", `${from} → ${change.column.type}`);
          break;
        }
        ops.push(...columnModification(old, modifiedColumn(working, from, change.column), change, working, base, tableCharset));
        break;
      }
      case "convert": {
        const hasText = working ? working.columns.some((c) => CHAR_TYPES.has(c.dataType)) : true;
        const same =
          working !== undefined &&
          lower(tableCharset) === lower(change.charset) &&
          working.columns.every((c) => !CHAR_TYPES.has(c.dataType) || lower(c.charset ?? tableCharset) === lower(change.charset));
        push("convert-charset", `CONVERT TO CHARACTER SET ${change.charset}`, [
          ...(hasText ? [] : ["no-character-columns"]),
          ...(same ? ["same-charset"] : []),
        ]);
        break;
      }
    }
  }

  for (const name of droppedIndexes) {
    if (name === "primary") {
      if (!addingPrimary) push("drop-primary-key", "DROP PRIMARY KEY");
      continue;
    }
    push("drop-index", `DROP INDEX ${name}`);
  }
  let fulltextSoFar = base.has("fulltext");
  for (const index of stmt.indexesAdded ?? []) {
    const op = indexOperation(index, working, base, droppingPrimary, fulltextSoFar, newColumns);
    if (index.kind === "fulltext") fulltextSoFar = true;
    ops.push(op);
  }

  for (const action of stmt.alterActions ?? []) {
    switch (action.op) {
      case "set-default":
      case "drop-default":
        push("set-default", `${action.column} ${action.op === "set-default" ? `SET DEFAULT ${action.value}` : "DROP DEFAULT"}`);
        break;
      case "column-visibility":
        push("column-visibility", `${action.column} ${action.invisible ? "INVISIBLE" : "VISIBLE"}`);
        break;
      case "rename-index":
        push("rename-index", `${action.from} → ${action.to}`);
        break;
      case "index-visibility":
        push("index-visibility", `${action.name} ${action.visible ? "VISIBLE" : "INVISIBLE"}`);
        break;
      case "add-foreign-key":
        push("add-foreign-key", `FOREIGN KEY ${action.name ?? ""} (${action.columns.join(", ")})`.replace("  ", " "));
        break;
      case "drop-foreign-key":
        push("drop-foreign-key", `DROP FOREIGN KEY ${action.name}`);
        break;
      case "add-check":
        push("add-check", `CHECK ${action.name ?? ""}`.trim());
        break;
      case "drop-constraint":
        push("drop-constraint", `DROP CONSTRAINT ${action.name}`);
        break;
      case "force":
        push("rebuild-table", "FORCE");
        break;
      case "other":
        push("other", action.text.replace(/\s+/g, " "));
        break;
      case "table-option": {
        if (action.name === "ENGINE") {
          const current = table?.options.engine ?? "innodb";
          if (lower(action.value) === lower(current)) push("rebuild-table", `ENGINE=${action.value}`);
          else push("change-engine", `ENGINE ${current} → ${action.value}`);
          break;
        }
        const op = TABLE_OPTIONS[action.name] ?? (action.name.startsWith("STATS_") ? "table-stats" : "table-option");
        push(op, `${action.name}=${action.value}`);
        break;
      }
    }
  }

  for (const p of stmt.partitionOps ?? []) {
    const op = PARTITION_OPS[p.op] ?? "partition-other";
    push(op, `${p.op.toUpperCase()} PARTITION${p.partitions?.length ? ` ${p.partitions.join(", ")}` : ""}`);
  }
  if (stmt.kind === "alter-table" && (stmt.renames?.length ?? 0) > 0) push("rename-table", `RENAME TO ${stmt.renames?.[0]?.to.name ?? ""}`);
  // Several column additions, drops or moves in one statement: MariaDB copies a table with
  // virtual columns rather than combine them.
  const layout = ops.filter((o) => LAYOUT.has(o.op));
  if (layout.length > 1) for (const o of layout) o.conditions.add("with-other-column-ops");
  if (ops.length > 1) for (const o of ops) o.conditions.add("with-other-ops");
  if ((stmt.indexesAdded?.length ?? 0) > 0) for (const o of ops) o.conditions.add("adds-index");
  return { operations: ops, assumed };
}

import { rowVersionsAfter } from "./row-versions.js";
import type { ColumnChange, ColumnFacts, IndexFacts, PartitioningFacts, StatementFacts, StatementKind, TableOptions } from "./types.js";
import { charsetOfCollation, clusteredRecordSize, hasCharset, secondaryRecordSize, type RecordSize, type TableShape } from "./rowsize.js";
import { PersistentMap } from "./pmap.js";
import { append } from "../arrays.js";

/** The statements `Schema.apply` acts on; every other kind leaves the schema as it was. */
export const SCHEMA_KINDS: ReadonlySet<StatementKind> = new Set<StatementKind>([
  "create-table",
  "alter-table",
  "create-index",
  "drop-index",
  "drop-table",
  "rename-table",
  "drop-database",
]);

/**
 * The tables `Schema.apply` may read or change for a statement, by lower-cased name without the
 * schema, and whether it may change what every lookup sees (DROP DATABASE drops tables it does not
 * name; a schema-qualified name changes how unqualified names are looked up). Kept next to `apply`:
 * the editor's memo of findings (sql/incremental.ts) trusts it.
 */
export function appliedTables(stmt: StatementFacts): { names: string[]; global: boolean } {
  const refs = [...stmt.tables, ...(stmt.like ? [stmt.like] : []), ...(stmt.renames ?? []).flatMap((r) => [r.from, r.to])];
  const names = [...new Set(refs.map((t) => t.name.toLowerCase()))];
  return { names, global: stmt.kind === "drop-database" || refs.some((t) => t.schema !== undefined) };
}

/** A table as the migrations so far leave it. */
export interface TableState {
  schema?: string;
  name: string;
  partitioning?: PartitioningFacts;
  indexes: IndexFacts[];
  /**
   * Columns in table order. A character column without its own charset gets the table default in force
   * when it was defined (CREATE, ADD, MODIFY, CHANGE), as the server records it.
   */
  columns: ColumnFacts[];
  /** False when the table has columns innolint did not see: CREATE TABLE ... SELECT, LIKE an unknown table. */
  columnsKnown: boolean;
  /**
   * The index InnoDB clusters on: the PRIMARY KEY, else the first UNIQUE index whose parts are all whole
   * NOT NULL columns (the server promotes it); undefined means a hidden DB_ROW_ID.
   */
  primaryKey?: IndexFacts;
  /** ENGINE, default charset and collation, ROW_FORMAT, as CREATE and later ALTERs leave them. */
  options: TableOptions;
  /** Where the table was created, and where it was last changed. */
  createdAt: { file: string; line: number };
  changedAt: { file: string; line: number };
  /** Set when the migrations do not define the table and a live server's report does (its address). */
  live?: string;
  /** CREATE TEMPORARY TABLE: the session's own table, in the temporary tablespace. */
  temporary?: true;
  /** Row versions instant ADD/DROP COLUMN made since the table was created or rebuilt (row-versions.ts); absent for none. */
  rowVersions?: number;
}

export interface SchemaOptions {
  /**
   * The server's default character set, for tables and columns that name none: utf8mb4 from MySQL 8.0,
   * latin1 before. It decides only maximum and typical sizes of CHAR/VARCHAR/TEXT columns (minimum sizes
   * are N × mbminlen, 1 byte per character in both).
   */
  defaultCharset?: string;
}

function key(schema: string | undefined, name: string): string {
  // Lower-cased: migrations are usually written for servers with lower_case_table_names=1 or with
  // consistent case, and a false "unknown table" is worse than a missed distinction.
  return `${(schema ?? "").toLowerCase()}.${name.toLowerCase()}`;
}

/** Partitions after the table's partition operations; undefined when an operation's effect is unknown. */
function applyPartitionOps(state: TableState, stmt: StatementFacts): void {
  const p = state.partitioning;
  for (const op of stmt.partitionOps ?? []) {
    if (op.op === "remove-partitioning") {
      delete state.partitioning;
      continue;
    }
    if (!p) continue;
    const names = op.partitions?.length ?? 0;
    if (op.op === "add") p.partitions += names || op.count || 0;
    else if (op.op === "drop") p.partitions = Math.max(1, p.partitions - names);
    else if (op.op === "coalesce") p.partitions = Math.max(1, p.partitions - (op.count ?? 0));
    else if (op.op === "reorganize" && op.count !== undefined) p.partitions += op.count - names;
  }
}

const lower = (s: string) => s.toLowerCase();

function findColumn(state: TableState, name: string): number {
  return state.columns.findIndex((c) => lower(c.name) === lower(name));
}

/** A column as the table records it: the table default charset filled in for character columns. */
function withCharset(column: ColumnFacts, options: TableOptions): ColumnFacts {
  if (!hasCharset(column.dataType) || column.charset) return column;
  if (column.collation) return { ...column, charset: charsetOfCollation(column.collation) };
  return options.charset ? { ...column, charset: options.charset } : column;
}

/**
 * A MODIFY or CHANGE of column `from` as the server records it: a PRIMARY KEY column stays NOT NULL
 * whatever the statement says (the server adds it back).
 */
export function modifiedColumn(state: TableState, from: string, column: ColumnFacts): ColumnFacts {
  const keyed = state.indexes.some((i) => i.kind === "primary" && i.columns.some((c) => c.toLowerCase() === from.toLowerCase()));
  return keyed && column.nullable ? { ...column, nullable: false } : column;
}

function place(state: TableState, column: ColumnFacts, position: { first?: true; after?: string }): void {
  if (position.first) state.columns.unshift(column);
  else if (position.after !== undefined) {
    const at = findColumn(state, position.after);
    state.columns.splice(at < 0 ? state.columns.length : at + 1, 0, column);
  } else state.columns.push(column);
}

/** Renames a column in every index that names it. */
function renameInIndexes(state: TableState, from: string, to: string): void {
  if (lower(from) === lower(to) && from === to) return;
  state.indexes = state.indexes.map((i) =>
    i.columns.some((c) => lower(c) === lower(from)) ? { ...i, columns: i.columns.map((c) => (lower(c) === lower(from) ? to : c)) } : i,
  );
}

/** "If all columns that make up an index are dropped, the index is dropped as well" (ALTER TABLE). */
function dropFromIndexes(state: TableState, name: string): void {
  const out: IndexFacts[] = [];
  for (const i of state.indexes) {
    const keep = i.columns.map((c) => lower(c) !== lower(name));
    if (keep.every(Boolean)) {
      out.push(i);
      continue;
    }
    const columns = i.columns.filter((_, k) => keep[k]);
    if (columns.length === 0) continue;
    const copy: IndexFacts = { ...i, columns };
    if (i.prefixLengths) copy.prefixLengths = i.prefixLengths.filter((_, k) => keep[k]);
    out.push(copy);
  }
  state.indexes = out;
}

function applyColumnChange(state: TableState, change: ColumnChange): void {
  switch (change.op) {
    case "add":
      place(state, withCharset(change.column, state.options), change);
      return;
    case "modify":
    case "change": {
      const from = change.op === "change" ? change.from : change.column.name;
      const at = findColumn(state, from);
      if (at < 0) return;
      const column = modifiedColumn(state, from, withCharset(change.column, state.options));
      if (change.first || change.after !== undefined) {
        state.columns.splice(at, 1);
        place(state, column, change);
      } else state.columns[at] = column;
      renameInIndexes(state, from, column.name);
      return;
    }
    case "drop": {
      const at = findColumn(state, change.name);
      if (at < 0) return;
      state.columns.splice(at, 1);
      dropFromIndexes(state, change.name);
      return;
    }
    case "rename": {
      const at = findColumn(state, change.from);
      if (at < 0) return;
      state.columns[at] = { ...(state.columns[at] as ColumnFacts), name: change.to };
      renameInIndexes(state, change.from, change.to);
      return;
    }
    case "convert":
      state.columns = state.columns.map((c) => {
        if (!hasCharset(c.dataType)) return c;
        const { collation: _old, ...rest } = c;
        return change.collation ? { ...rest, charset: change.charset, collation: change.collation } : { ...rest, charset: change.charset };
      });
      state.options = { ...state.options, charset: change.charset };
      if (change.collation) state.options.collation = change.collation;
      else delete state.options.collation;
      return;
  }
}

/** The index InnoDB clusters on (sql_table.cc `sort_keys`, table.cc: a UNIQUE key of NOT NULL whole columns). */
function clusterIndex(state: TableState): IndexFacts | undefined {
  const primary = state.indexes.find((i) => i.kind === "primary");
  if (primary) return primary;
  if (!state.columnsKnown) return undefined;
  return state.indexes.find(
    (i) =>
      i.kind === "unique" &&
      i.columns.length > 0 &&
      i.columns.every((name, k) => {
        const at = findColumn(state, name);
        const col = state.columns[at];
        return col !== undefined && !col.nullable && col.generated !== "virtual" && (i.prefixLengths?.[k] ?? null) === null;
      }),
  );
}

function refreshKey(state: TableState): void {
  const key = clusterIndex(state);
  if (key) state.primaryKey = key;
  else delete state.primaryKey;
}

function copyState(t: TableState): TableState {
  return {
    ...t,
    indexes: [...t.indexes],
    columns: [...t.columns],
    options: { ...t.options },
    ...(t.partitioning ? { partitioning: { ...t.partitioning } } : {}),
  };
}

/** ALTER TABLE, CREATE INDEX and DROP INDEX on one table. */
function applyToTable(state: TableState, stmt: StatementFacts, at: { file: string; line: number }): void {
  state.changedAt = at;
  if (stmt.kind === "alter-table") {
    if (stmt.partitioning) state.partitioning = { ...stmt.partitioning };
    applyPartitionOps(state, stmt);
    // Table options first: columns that ADD/MODIFY define without a charset take the new default.
    if (stmt.tableOptions) state.options = { ...state.options, ...stmt.tableOptions };
    for (const change of stmt.columnChanges ?? []) applyColumnChange(state, change);
  }
  const dropped = new Set((stmt.indexesDropped ?? []).map(lower));
  state.indexes = state.indexes.filter((i) => !dropped.has(lower(i.name ?? (i.kind === "primary" ? "primary" : ""))));
  append(state.indexes, stmt.indexesAdded ?? []);
  refreshKey(state);
}

/**
 * The schema that a directory of migrations (or a schema dump: `mysqldump --no-data` output goes through
 * the same statements) builds, statement by statement: partitioning, indexes, columns and the clustering
 * key per table, and from them InnoDB record sizes (rowsize.ts).
 */
export class Schema {
  private tables = PersistentMap.empty<TableState>();
  readonly defaultCharset: string;

  constructor(options: SchemaOptions = {}) {
    this.defaultCharset = options.defaultCharset ?? "utf8mb4";
  }

  table(name: string, schema?: string): TableState | undefined {
    const direct = this.tables.get(key(schema, name));
    if (direct || schema || !this.qualified) return direct;
    return this.byName(name);
  }

  /** Whether any table was created with a schema name: only then can a bare name need a search. */
  private qualified = false;

  /** A table named without a schema matches a schema-qualified one only when that is unambiguous. */
  private byName(name: string): TableState | undefined {
    const suffix = `.${name.toLowerCase()}`;
    let hit: TableState | undefined;
    for (const [k, t] of this.tables.entries()) {
      if (!k.endsWith(suffix)) continue;
      if (hit) return undefined;
      hit = t;
    }
    return hit;
  }

  /** Adds a table defined elsewhere (a live server's report) unless one of that name is known. */
  seed(state: TableState): void {
    const k = key(state.schema, state.name);
    if (this.tables.has(k)) return;
    if (state.schema) this.qualified = true;
    this.tables = this.tables.set(k, copyState(state));
  }

  get size(): number {
    return this.tables.size;
  }

  all(): TableState[] {
    return [...this.tables.values()];
  }

  /**
   * Table states this schema may change in place. A clone shares the table map (persistent) and every
   * state with its original, and neither owns them any more: the first change on either side copies
   * the one table it touches, so a clone costs nothing and keeping the schema after each of n files
   * costs what those files change.
   */
  private owned = new Set<TableState>();

  clone(): Schema {
    const copy = new Schema({ defaultCharset: this.defaultCharset });
    copy.qualified = this.qualified;
    copy.tables = this.tables;
    this.owned = new Set();
    return copy;
  }

  /** The state under `state`'s key, copied first unless this schema owns it. */
  private writable(state: TableState): TableState {
    if (this.owned.has(state)) return state;
    const copy = copyState(state);
    this.tables = this.tables.set(key(state.schema, state.name), copy);
    this.owned.add(copy);
    return copy;
  }

  private state(table: TableState | string, schema?: string): TableState | undefined {
    return typeof table === "string" ? this.table(table, schema) : table;
  }

  private shape(t: TableState): TableShape {
    const shape: TableShape = { columns: t.columns };
    if (t.primaryKey) shape.primaryKey = t.primaryKey;
    if (t.options.rowFormat) shape.rowFormat = t.options.rowFormat;
    if (t.options.charset) shape.charset = t.options.charset;
    return shape;
  }

  /** The clustered-index record, that is the row; undefined when a column's type is unknown or columns are missing. */
  rowSize(table: TableState | string, schema?: string): RecordSize | undefined {
    const t = this.state(table, schema);
    if (!t?.columnsKnown) return undefined;
    return clusteredRecordSize(this.shape(t), this.defaultCharset);
  }

  /**
   * One index's record: the row for the PRIMARY KEY (or the UNIQUE key InnoDB clusters on), else its key
   * parts plus the primary key's. `index` is an index of the table, by name or as facts (an index about to
   * be added). Undefined for FULLTEXT indexes (auxiliary tables), expression key parts and unknown columns.
   */
  indexRecordSize(table: TableState | string, index: IndexFacts | string, schema?: string): RecordSize | undefined {
    const t = this.state(table, schema);
    if (!t) return undefined;
    const i = typeof index === "string" ? t.indexes.find((x) => lower(x.name ?? "") === lower(index)) : index;
    if (!i || i.kind === "fulltext") return undefined;
    if (i.kind === "primary" || i === t.primaryKey) return this.rowSize(t);
    // Without an explicit PRIMARY KEY, unknown columns may hold the key InnoDB clusters on.
    if (!t.columnsKnown && !t.indexes.some((x) => x.kind === "primary")) return undefined;
    return secondaryRecordSize(this.shape(t), i, this.defaultCharset, i.kind === "spatial");
  }

  /**
   * The smallest `dict_index_get_min_size()` among the secondary indexes a statement adds (ALTER TABLE,
   * CREATE INDEX), over the table as the statement leaves it (so columns and a primary key added by the
   * same ALTER count): what InnoDB's index build divides innodb_sort_buffer_size by. Undefined when the
   * table or one of those indexes' columns is unknown; FULLTEXT indexes are not counted.
   */
  minIndexRecordBytes(stmt: StatementFacts): number | undefined {
    const first = stmt.tables[0];
    const state = first && this.table(first.name, first.schema);
    if (!state || (stmt.kind !== "alter-table" && stmt.kind !== "create-index")) return undefined;
    const after = copyState(state);
    applyToTable(after, stmt, state.changedAt);
    let min: number | undefined;
    for (const index of stmt.indexesAdded ?? []) {
      if (index.kind === "primary" || index.kind === "fulltext") continue;
      const size = this.indexRecordSize(after, index)?.minData;
      if (size === undefined) return undefined;
      min = min === undefined ? size : Math.min(min, size);
    }
    return min;
  }

  apply(stmt: StatementFacts, file: string): void {
    if (!SCHEMA_KINDS.has(stmt.kind)) return;
    const at = { file, line: stmt.range.start.line };
    const first = stmt.tables[0];
    switch (stmt.kind) {
      case "create-table": {
        if (!first) return;
        // A temporary table shadows a permanent one of the same name only for its session; keep the permanent one.
        if (stmt.temporary && this.table(first.name, first.schema) && !this.table(first.name, first.schema)?.temporary) return;
        const source = stmt.like ? this.table(stmt.like.name, stmt.like.schema) : undefined;
        const options: TableOptions = source ? { ...source.options } : { ...stmt.tableOptions };
        const state: TableState = {
          name: first.name,
          indexes: source ? [...source.indexes] : [...(stmt.indexesAdded ?? [])],
          columns: source ? [...source.columns] : (stmt.columns ?? []).map((c) => withCharset(c, options)),
          columnsKnown: source ? source.columnsKnown : !stmt.like && !stmt.asSelect && stmt.columns !== undefined,
          options,
          createdAt: at,
          changedAt: at,
          ...(stmt.temporary ? { temporary: true as const } : {}),
        };
        if (first.schema) {
          state.schema = first.schema;
          this.qualified = true;
        }
        const partitioning = stmt.partitioning ?? source?.partitioning;
        if (partitioning) state.partitioning = { ...partitioning };
        refreshKey(state);
        this.tables = this.tables.set(key(first.schema, first.name), state);
        this.owned.add(state);
        return;
      }
      case "alter-table": {
        const found = first && this.table(first.name, first.schema);
        if (!found) return;
        const versions = rowVersionsAfter(found.rowVersions ?? 0, found.columns, stmt);
        const state = this.writable(found);
        applyToTable(state, stmt, at);
        if (versions > 0) state.rowVersions = versions;
        else delete state.rowVersions;
        // ALTER TABLE ... RENAME TO new: the table is known under its new name from here on.
        for (const r of stmt.renames ?? []) {
          this.tables = this.tables.delete(key(state.schema, state.name));
          state.name = r.to.name;
          if (r.to.schema) {
            state.schema = r.to.schema;
            this.qualified = true;
          }
          this.tables = this.tables.set(key(state.schema, state.name), state);
        }
        return;
      }
      case "create-index":
      case "drop-index": {
        const found = first && this.table(first.name, first.schema);
        if (found) applyToTable(this.writable(found), stmt, at);
        return;
      }
      case "drop-table":
        for (const t of stmt.tables) {
          const state = this.table(t.name, t.schema);
          if (state) this.tables = this.tables.delete(key(state.schema, state.name));
        }
        return;
      case "rename-table":
        for (const r of stmt.renames ?? []) {
          const found = this.table(r.from.name, r.from.schema);
          if (!found) continue;
          const state = this.writable(found);
          this.tables = this.tables.delete(key(state.schema, state.name));
          state.name = r.to.name;
          if (r.to.schema) {
            state.schema = r.to.schema;
            this.qualified = true;
          }
          state.changedAt = at;
          this.tables = this.tables.set(key(state.schema, state.name), state);
        }
        return;
      case "drop-database":
        for (const [k, t] of this.tables.entries())
          if ((t.schema ?? "").toLowerCase() === (stmt.database ?? "").toLowerCase()) this.tables = this.tables.delete(k);
        return;
      default:
        return;
    }
  }
}

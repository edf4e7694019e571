import type { IndexFacts, PartitioningFacts, StatementFacts } from "./facts.js";

/** A table as the migrations so far leave it. */
export interface TableState {
  schema?: string;
  name: string;
  partitioning?: PartitioningFacts;
  indexes: IndexFacts[];
  /** Where the table was created, and where it was last changed. */
  createdAt: { file: string; line: number };
  changedAt: { file: string; line: number };
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

/**
 * The schema that a directory of migrations (or a schema dump) builds, statement by statement.
 * Only what the rules need: partitioning and indexes per table.
 */
export class Schema {
  private readonly tables = new Map<string, TableState>();

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
    for (const [k, t] of this.tables) {
      if (!k.endsWith(suffix)) continue;
      if (hit) return undefined;
      hit = t;
    }
    return hit;
  }

  get size(): number {
    return this.tables.size;
  }

  all(): TableState[] {
    return [...this.tables.values()];
  }

  clone(): Schema {
    const copy = new Schema();
    copy.qualified = this.qualified;
    for (const [k, t] of this.tables) {
      copy.tables.set(k, {
        ...t,
        indexes: [...t.indexes],
        ...(t.partitioning ? { partitioning: { ...t.partitioning } } : {}),
      });
    }
    return copy;
  }

  apply(stmt: StatementFacts, file: string): void {
    const at = { file, line: stmt.range.start.line };
    const first = stmt.tables[0];
    switch (stmt.kind) {
      case "create-table": {
        if (!first) return;
        const source = stmt.like ? this.table(stmt.like.name, stmt.like.schema) : undefined;
        const state: TableState = {
          name: first.name,
          indexes: source ? [...source.indexes] : [...(stmt.indexesAdded ?? [])],
          createdAt: at,
          changedAt: at,
        };
        if (first.schema) {
          state.schema = first.schema;
          this.qualified = true;
        }
        const partitioning = stmt.partitioning ?? source?.partitioning;
        if (partitioning) state.partitioning = { ...partitioning };
        this.tables.set(key(first.schema, first.name), state);
        return;
      }
      case "alter-table": {
        if (!first) return;
        const state = this.table(first.name, first.schema);
        if (!state) return;
        state.changedAt = at;
        if (stmt.partitioning) state.partitioning = { ...stmt.partitioning };
        applyPartitionOps(state, stmt);
        const dropped = new Set((stmt.indexesDropped ?? []).map((n) => n.toLowerCase()));
        state.indexes = state.indexes.filter((i) => !dropped.has((i.name ?? (i.kind === "primary" ? "primary" : "")).toLowerCase()));
        state.indexes.push(...(stmt.indexesAdded ?? []));
        // ALTER TABLE ... RENAME TO new: the table is known under its new name from here on.
        for (const r of stmt.renames ?? []) {
          this.tables.delete(key(state.schema, state.name));
          state.name = r.to.name;
          if (r.to.schema) {
            state.schema = r.to.schema;
            this.qualified = true;
          }
          this.tables.set(key(state.schema, state.name), state);
        }
        return;
      }
      case "create-index": {
        const state = first && this.table(first.name, first.schema);
        if (state) {
          state.indexes.push(...(stmt.indexesAdded ?? []));
          state.changedAt = at;
        }
        return;
      }
      case "drop-index": {
        const state = first && this.table(first.name, first.schema);
        const dropped = new Set((stmt.indexesDropped ?? []).map((n) => n.toLowerCase()));
        if (state) state.indexes = state.indexes.filter((i) => !dropped.has((i.name ?? "").toLowerCase()));
        return;
      }
      case "drop-table":
        for (const t of stmt.tables) {
          const state = this.table(t.name, t.schema);
          if (state) this.tables.delete(key(state.schema, state.name));
        }
        return;
      case "rename-table":
        for (const r of stmt.renames ?? []) {
          const state = this.table(r.from.name, r.from.schema);
          if (!state) continue;
          this.tables.delete(key(state.schema, state.name));
          state.name = r.to.name;
          if (r.to.schema) {
            state.schema = r.to.schema;
            this.qualified = true;
          }
          state.changedAt = at;
          this.tables.set(key(state.schema, state.name), state);
        }
        return;
      case "drop-database":
        for (const [k, t] of this.tables) if ((t.schema ?? "").toLowerCase() === (stmt.database ?? "").toLowerCase()) this.tables.delete(k);
        return;
      default:
        return;
    }
  }
}

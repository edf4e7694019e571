import type { OptionEntry } from "../optionfile/model.js";
import { buildOptionFacts, type OptionFacts } from "../optionfile/rules/facts.js";
import type { PartitioningFacts, PartitionType, SubpartitioningFacts } from "../sql/types.js";
import type { LiveTables } from "../sql/rules/context.js";
import type { Schema, TableState } from "../sql/schema.js";
import { parseTarget, type Target } from "../target.js";
import type { LivePartitioning, LiveSnapshot, LiveTable } from "./snapshot.js";

/** The group the synthetic option-file view puts every variable in. */
export const LIVE_GROUP = "mysqld";

/**
 * Where live findings are located: the server as a DSN without user (`mysql://host:port`, or
 * `mysql://localhost?socket=/path`), which is also what --dsn accepts.
 */
export function liveFileName(address: string): string {
  const socket = /^localhost \(socket (.*)\)$/.exec(address)?.[1];
  return socket ? `mysql://localhost?socket=${socket}` : `mysql://${address}`;
}

/** A snapshot map's own entry only: an option named `constructor` must not find Object's. */
function own(map: Record<string, string> | undefined, name: string): string | undefined {
  const key = name.toLowerCase();
  return map && Object.hasOwn(map, key) ? map[key] : undefined;
}

/** A value as one line of text: control characters escaped, so each variable stays on its own line. */
function displayValue(value: string): string {
  return value.replace(/[\u0000-\u001f\\]/g, (c) =>
    c === "\\" ? "\\\\" : c === "\n" ? "\\n" : c === "\t" ? "\\t" : `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`,
  );
}

/** information_schema.PARTITIONS.PARTITION_METHOD as the statement facts' partition type. */
function partitionType(method: string): PartitionType | undefined {
  const m = method.trim().toUpperCase().replace(/\s+/g, " ");
  const types: Record<string, PartitionType> = {
    RANGE: "range",
    "RANGE COLUMNS": "range-columns",
    LIST: "list",
    "LIST COLUMNS": "list-columns",
    HASH: "hash",
    "LINEAR HASH": "linear-hash",
    KEY: "key",
    "LINEAR KEY": "linear-key",
    SYSTEM_TIME: "system-time",
  };
  return types[m];
}

/** `a`,`b` → [a, b]: the column list of a COLUMNS or KEY partitioning. */
function columnList(expression: string): string[] {
  return expression
    .split(",")
    .map((c) =>
      c
        .trim()
        .replace(/^`(.*)`$/, "$1")
        .replace(/``/g, "`"),
    )
    .filter((c) => c !== "");
}

/** The comment and the [mysqld] line before the first variable of the synthetic view. */
const HEADER_LINES = 2;

const NOWHERE = { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };

/** The partitioning a live table reports, in the form the schema model keeps. */
export function livePartitioning(p: LivePartitioning): PartitioningFacts | undefined {
  const type = partitionType(p.method);
  if (!type) return undefined;
  const facts: PartitioningFacts = { type, partitions: p.partitions, range: NOWHERE };
  const byColumns = type === "range-columns" || type === "list-columns" || type === "key" || type === "linear-key";
  if (p.expression) {
    if (byColumns) facts.columns = columnList(p.expression);
    else facts.expression = p.expression;
  }
  const sp = p.subpartitioning;
  const subType = sp ? partitionType(sp.method) : undefined;
  if (sp && (subType === "hash" || subType === "linear-hash" || subType === "key" || subType === "linear-key")) {
    const sub: SubpartitioningFacts = { type: subType, subpartitions: sp.subpartitions };
    if (sp.expression) {
      if (subType === "key" || subType === "linear-key") sub.columns = columnList(sp.expression);
      else sub.expression = sp.expression;
    }
    facts.subpartitioning = sub;
  }
  return facts;
}

/**
 * A live server's facts as the rest of the flow takes them: its variables as a synthetic `[mysqld]`
 * option file (one line per variable, so findings have a line and a code frame), its tables for the
 * schema model, and its target.
 */
export class LiveContext implements LiveTables {
  readonly server: string;
  readonly file: string;
  readonly target: Target;
  readonly text: string;
  private readonly entries: OptionEntry[];
  private readonly facts = new Map<string, OptionFacts>();
  private readonly tables = new Map<string, LiveTable>();
  private readonly byName = new Map<string, LiveTable[]>();

  constructor(readonly snapshot: LiveSnapshot) {
    this.server = snapshot.server.address;
    this.file = liveFileName(this.server);
    this.target = parseTarget(snapshot.server.target);
    // Every line of the view is escaped: a newline in a snapshot field must not shift the lines after it.
    const header = `SHOW GLOBAL VARIABLES on ${this.server}: ${snapshot.server.version}${snapshot.server.versionComment ? ` (${snapshot.server.versionComment})` : ""}`;
    const lines = [`# ${displayValue(header)}`, `[${LIVE_GROUP}]`];
    this.entries = [];
    for (const [name, value] of Object.entries(snapshot.variables).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const shown = displayValue(value);
      const shownName = displayValue(name);
      const line = lines.length + 1;
      const valueStart = shownName.length + 4;
      lines.push(`${shownName} = ${shown}`);
      this.entries.push({
        file: this.file,
        group: LIVE_GROUP,
        rawName: name,
        name,
        loose: false,
        prefix: null,
        value,
        rawValue: shown,
        nameRange: { start: { line, column: 1 }, end: { line, column: shownName.length + 1 } },
        valueRange: { start: { line, column: valueStart }, end: { line, column: valueStart + shown.length } },
        lineRange: { start: { line, column: 1 }, end: { line, column: valueStart + shown.length } },
        line,
        argument: `--${name}=${value}`,
        depth: 0,
      });
    }
    this.text = lines.join("\n") + "\n";
    for (const t of snapshot.tables ?? []) {
      this.tables.set(`${t.schema.toLowerCase()}.${t.name.toLowerCase()}`, t);
      const same = this.byName.get(t.name.toLowerCase()) ?? [];
      same.push(t);
      this.byName.set(t.name.toLowerCase(), same);
    }
  }

  /** The variables as option facts judged for `target` (the server's own unless --target overrides it). */
  configFor(target: Target = this.target): OptionFacts {
    let facts = this.facts.get(target.label);
    if (!facts) {
      facts = buildOptionFacts(this.file, { files: [], entries: this.entries, errors: [] }, target, { server: this.server });
      this.facts.set(target.label, facts);
    }
    return facts;
  }

  /** The variable on a line of the synthetic view. */
  variableAt(line: number): string | undefined {
    return this.entries[line - 1 - HEADER_LINES]?.name;
  }

  /** The value the server runs with, as it reports it. */
  variable(name: string): string | undefined {
    return own(this.snapshot.variables, name);
  }

  origin(name: string): string | undefined {
    return own(this.snapshot.variableOrigins, name);
  }

  originFile(name: string): string | undefined {
    return own(this.snapshot.variableFiles, name);
  }

  /** A table by name; without a database, only when one database has a table of that name. */
  table(name: string, schema?: string): LiveTable | undefined {
    if (schema) return this.tables.get(`${schema.toLowerCase()}.${name.toLowerCase()}`);
    const same = this.byName.get(name.toLowerCase());
    return same?.length === 1 ? same[0] : undefined;
  }

  /**
   * Adds the server's tables the migrations do not know to `schema`: partitioning only (columns
   * unknown), marked as live. Tables the migrations define keep their definition.
   */
  seed(schema: Schema): void {
    for (const t of this.snapshot.tables ?? []) {
      if (schema.table(t.name, t.schema) || schema.table(t.name)) continue;
      const at = { file: this.file, line: 0 };
      const state: TableState = {
        schema: t.schema,
        name: t.name,
        indexes: [],
        columns: [],
        columnsKnown: false,
        options: t.engine ? { engine: t.engine } : {},
        createdAt: at,
        changedAt: at,
        live: this.server,
      };
      const p = t.partitioning && livePartitioning(t.partitioning);
      if (p) state.partitioning = p;
      schema.seed(state);
    }
  }
}

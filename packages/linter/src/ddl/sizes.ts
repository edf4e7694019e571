/**
 * How big a table an online-DDL rule is judging: the live server's statistics when the run has
 * live context, else the sizes `.innolint.json` declares ("tables"), else an assumed size the
 * message names. A table the change itself creates holds no production data.
 */
import type { SqlStatementFacts } from "../sql/rules/context.js";
import { tablesOf } from "../sql/rules/context.js";
import { approxBytes } from "../optionfile/rules/values.js";
import { grouped } from "../figures.js";
import { remembered } from "../memo.js";

/** The size assumed for a table nothing describes: 10 GiB. */
export const ASSUMED_TABLE_BYTES = 10 * 2 ** 30;
/** The row size assumed where neither the schema nor the server gives one. */
export const ASSUMED_ROW_BYTES = 200;

export interface TableSize {
  table: string;
  rows: number;
  /** Bytes of the clustered index (the rows). */
  dataBytes: number;
  /** Bytes of the secondary indexes, where the server reports them. */
  indexBytes?: number;
  /** Average row bytes the estimate uses. */
  rowBytes: number;
  source: "live" | "config" | "assumed";
  /** Where the row size comes from: the size's own source, the schema's columns, or the assumed 200 bytes. */
  rowBytesSource: "live" | "config" | "schema" | "assumed";
  /** The configuration file a "config" size comes from, as messages name it. */
  from?: string;
  /** For messages: "70G, 2.0e8 rows, from .innolint.json". */
  described: string;
}

/** Two significant figures: 193 → "190", 2.0e8 rows → "200,000,000" is long, so counts above a million in e-notation. */
export function twoFigures(n: number): string {
  if (n === 0) return "0";
  if (Math.abs(n) >= 1e6) return n.toExponential(1).replace("e+", "e");
  return grouped(Number(n.toPrecision(2)));
}

const describe = (rows: number, bytes: number, from: string) => `${approxBytes(bytes)}, ${twoFigures(rows)} rows, ${from}`;

/** Whether the change being linted created the table (this file, or any file of a reviewed change): it is empty. */
export function createdInChange(facts: SqlStatementFacts, name: string, created?: { file: string }): boolean {
  if (!created) return false;
  if (facts.changedFiles?.has(created.file)) return true;
  return created.file === facts.file && facts.createdInFile.has(name.toLowerCase());
}

/**
 * The size of the statement's first table (the table an ALTER alters), or "new" when the change
 * creates it. Never undefined: where nothing is known, the assumption is the answer.
 */
export function tableSize(facts: SqlStatementFacts, name?: { name: string; schema?: string }): TableSize | "new" {
  // Several rules and the statement's note ask for the same table.
  const key = name ? `${name.schema ?? ""}\0${name.name}` : "";
  return remembered(
    remembered(measured, facts, () => new Map()),
    key,
    () => measure(facts, name),
  );
}

const measured = new WeakMap<SqlStatementFacts, Map<string, TableSize | "new">>();

/**
 * The size `.innolint.json` declares for a table, even one the change creates (the size it is
 * declared to grow to): for models of the table's use rather than of an ALTER's copy.
 */
export function declaredTableSize(facts: SqlStatementFacts, name: { name: string; schema?: string }): TableSize | undefined {
  const t = tablesOf({ ...facts, statement: { ...facts.statement, tables: [name] } })[0];
  if (!t) return undefined;
  return declared(facts, t, t.state ? facts.schema.rowSize(t.state)?.typical : undefined);
}

function declared(facts: SqlStatementFacts, t: NonNullable<ReturnType<typeof tablesOf>[number]>, schemaRow: number | undefined): TableSize | undefined {
  const table = t.name;
  const db = t.schema ?? t.state?.schema;
  const declared = facts.tableSizes
    ? ((db ? facts.tableSizes[`${db}.${table}`.toLowerCase()] : undefined) ?? facts.tableSizes[table.toLowerCase()])
    : undefined;
  if (!declared) return undefined;
  // Rows from a declared size use the row as the file finds the table, so that they stay put while its ALTERs change the columns.
  const fileStart = declared.rows === undefined ? facts.schemaAtFileStart : undefined;
  const atStart = fileStart ? fileStart.table(t.name, t.schema ?? t.state?.schema) : undefined;
  const startRow = atStart ? fileStart?.rowSize(atStart)?.typical : undefined;
  const guess = startRow ?? schemaRow ?? ASSUMED_ROW_BYTES;
  const rows = declared.rows ?? Math.round((declared.dataBytes ?? 0) / guess);
  const dataBytes = declared.dataBytes ?? rows * guess;
  const rowBytes = rows > 0 ? Math.max(1, Math.round(dataBytes / rows)) : guess;
  const file = declared.from ?? ".innolint.json";
  const from = `declared in ${file}${declared.rows === undefined ? `, rows from ${guess}-byte rows${startRow !== undefined ? " (the table as this file finds it)" : ""}` : declared.dataBytes === undefined ? `, size from ${guess}-byte rows` : ""}`;
  const rowBytesSource =
    declared.rows !== undefined && declared.dataBytes !== undefined ? "config" : (startRow ?? schemaRow) !== undefined ? "schema" : "assumed";
  return { table, rows, dataBytes, rowBytes, source: "config", rowBytesSource, from: file, described: describe(rows, dataBytes, from) };
}

function measure(facts: SqlStatementFacts, name?: { name: string; schema?: string }): TableSize | "new" {
  const t = name ? tablesOf({ ...facts, statement: { ...facts.statement, tables: [name] } })[0] : tablesOf(facts)[0];
  const table = t?.name ?? "?";
  if (t?.state && !t.state.live && createdInChange(facts, table, t.state.createdAt)) return "new";
  const schemaRow = t?.state ? facts.schema.rowSize(t.state)?.typical : undefined;
  const live = t?.live;
  if (live && (live.rows !== undefined || live.dataLength !== undefined)) {
    const rowBytes = live.avgRowLength || schemaRow || ASSUMED_ROW_BYTES;
    const rows = live.rows ?? Math.round((live.dataLength ?? 0) / rowBytes);
    const dataBytes = live.dataLength ?? rows * rowBytes;
    return {
      table,
      rows,
      dataBytes,
      ...(live.indexLength !== undefined ? { indexBytes: live.indexLength } : {}),
      rowBytes,
      source: "live",
      rowBytesSource: live.avgRowLength ? "live" : schemaRow ? "schema" : "assumed",
      described: describe(rows, dataBytes, `from live ${facts.live?.server ?? ""}`.trim()),
    };
  }
  const fromConfig = t ? declared(facts, t, schemaRow) : undefined;
  if (fromConfig) return fromConfig;
  const rowBytes = schemaRow ?? ASSUMED_ROW_BYTES;
  const rows = Math.round(ASSUMED_TABLE_BYTES / rowBytes);
  return {
    table,
    rows,
    dataBytes: ASSUMED_TABLE_BYTES,
    rowBytes,
    source: "assumed",
    rowBytesSource: schemaRow !== undefined ? "schema" : "assumed",
    described: describe(rows, ASSUMED_TABLE_BYTES, `assumed (declare it under "tables" in .innolint.json)`),
  };
}

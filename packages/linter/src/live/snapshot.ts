import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { InputFileError, readBoundedText } from "../input.js";
import { checkVariableValues } from "./values.js";
import { basename, dirname, join } from "node:path";
import { parseTarget, parseVersion, TargetError, type Flavor } from "../target.js";
import { LiveError, type LiveSession } from "./session.js";

export const SNAPSHOT_FORMAT = "innolint-live-snapshot";
export const SNAPSHOT_VERSION = 1;

export interface LivePartitioning {
  /** information_schema.PARTITIONS.PARTITION_METHOD: RANGE, RANGE COLUMNS, LIST, HASH, LINEAR KEY, SYSTEM_TIME… */
  method: string;
  /** PARTITION_EXPRESSION as the server prints it (backquoted columns, or an expression). */
  expression?: string;
  partitions: number;
  subpartitioning?: { method: string; expression?: string; subpartitions: number };
}

export interface LiveTable {
  schema: string;
  name: string;
  engine?: string;
  /** TABLE_ROWS: exact for MyISAM, an estimate from index statistics for InnoDB. */
  rows?: number;
  avgRowLength?: number;
  dataLength?: number;
  indexLength?: number;
  partitioning?: LivePartitioning;
}

export interface LiveServer {
  /** host:port or the socket, as innolint reached it; never the user or a password. */
  address: string;
  /** VERSION(). */
  version: string;
  versionComment?: string;
  auroraVersion?: string;
  flavor: Flavor;
  /** The target innolint judges it as, e.g. mariadb-10.11.19. */
  target: string;
}

/** What `innolint live --snapshot` writes and --context-snapshot reads (schema/live-snapshot.schema.json). */
export interface LiveSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  takenAt?: string;
  server: LiveServer;
  /** SHOW GLOBAL VARIABLES, names lower-cased. */
  variables: Record<string, string>;
  /**
   * Where each global value came from, when the server says: MariaDB's
   * information_schema.SYSTEM_VARIABLES.GLOBAL_VALUE_ORIGIN (COMPILE-TIME, CONFIG, COMMAND-LINE,
   * AUTO, SQL, ENVIRONMENT) or MySQL's performance_schema.variables_info.VARIABLE_SOURCE
   * (COMPILED, GLOBAL, SERVER, EXPLICIT, EXTRA, USER, LOGIN, COMMAND_LINE, PERSISTED, DYNAMIC).
   */
  variableOrigins?: Record<string, string>;
  /** The option file each value was read from, where the server records it (GLOBAL_VALUE_PATH / VARIABLE_PATH). */
  variableFiles?: Record<string, string>;
  /** SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool%'. */
  bufferPoolStatus?: Record<string, string>;
  /** Base tables outside the system schemas, with sizes and partitioning. */
  tables?: LiveTable[];
}

/** Flavour and version from what the server says about itself. */
export function detectServer(version: string, versionComment: string | undefined, auroraVersion: string | undefined): { flavor: Flavor; target: string } {
  const comment = versionComment ?? "";
  // Aurora MySQL 2/3: VERSION() is 5.7.mysql_aurora.2.11.2 or 8.0.mysql_aurora.3.04.0.
  const aurora = auroraVersion ?? /mysql_aurora\.(\d+(?:\.\d+){0,2})/.exec(version)?.[1];
  let flavor: Flavor;
  let numbers: string | undefined;
  if (aurora) {
    flavor = "aurora-mysql";
    numbers = aurora;
  } else {
    flavor =
      /mariadb/i.test(version) || /mariadb/i.test(comment)
        ? "mariadb"
        : /xtradb cluster/i.test(comment)
          ? "pxc"
          : /percona/i.test(comment) || /percona/i.test(version)
            ? "percona"
            : // NDB Cluster's SQL node: VERSION() 8.4.5-cluster, version_comment "MySQL Cluster Community Server - GPL".
              /-cluster\b/i.test(version) || /mysql cluster/i.test(comment)
              ? "ndb"
              : "mysql";
    // MariaDB behind the MySQL-5-compatible prefix some proxies report: 5.5.5-10.11.6-MariaDB.
    numbers = /^(\d+\.\d+(?:\.\d+)?)/.exec(version.replace(/^5\.5\.5-(?=\d+\.\d+\.\d+-MariaDB)/i, ""))?.[1];
  }
  if (!numbers) throw new LiveError(`cannot tell the server's version from VERSION() = ${JSON.stringify(version)}: pass --target`);
  parseVersion(numbers);
  return { flavor, target: `${flavor}-${numbers}` };
}

const SYSTEM_SCHEMAS = "('mysql', 'information_schema', 'performance_schema', 'sys')";

type Row = Record<string, string | number | null>;

function num(v: string | number | null | undefined): number | undefined {
  if (v === null || v === undefined || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function str(v: string | number | null | undefined): string | undefined {
  return v === null || v === undefined || v === "" ? undefined : String(v);
}

/** Optional statistics: a server without them (no privilege, no performance_schema) yields none. */
async function optional<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (e) {
    // A lost connection or a timeout is not a missing privilege: it ends the read.
    if (e instanceof LiveError && /was lost|no answer/.test(e.message)) throw e;
    if (!(e instanceof LiveError)) throw e;
    return undefined;
  }
}

/** The statements `readSnapshot` sends, for a progress display. */
export const SNAPSHOT_STEPS = 6;

/**
 * Reads everything a snapshot holds, over SELECT and SHOW statements only. `step` hears what is read
 * next (the information_schema reads take long on a server with many tables).
 */
export async function readSnapshot(
  session: LiveSession,
  address: string,
  now: Date = new Date(),
  step: (what: string) => void = () => {},
): Promise<LiveSnapshot> {
  const [identity] = await session.query<Row>("SELECT VERSION() AS version, @@version_comment AS comment", "reading VERSION()");
  step("reading SHOW GLOBAL VARIABLES");
  const variables: Record<string, string> = {};
  for (const row of await session.query<Row>("SHOW GLOBAL VARIABLES", "reading SHOW GLOBAL VARIABLES")) {
    variables[String(row.Variable_name).toLowerCase()] = row.Value === null ? "" : String(row.Value);
  }
  const version = String(identity?.version ?? variables.version ?? "");
  const versionComment = str(identity?.comment) ?? variables.version_comment;
  const auroraVersion = variables.aurora_version;
  const { flavor, target } = detectServer(version, versionComment, auroraVersion);
  const server: LiveServer = { address, version, flavor, target };
  if (versionComment) server.versionComment = versionComment;
  if (auroraVersion) server.auroraVersion = auroraVersion;

  const originQuery =
    flavor === "mariadb"
      ? "SELECT VARIABLE_NAME AS name, GLOBAL_VALUE_ORIGIN AS origin, GLOBAL_VALUE_PATH AS path FROM information_schema.SYSTEM_VARIABLES"
      : "SELECT VARIABLE_NAME AS name, VARIABLE_SOURCE AS origin, VARIABLE_PATH AS path FROM performance_schema.variables_info";
  step("reading where variables were set");
  const origins = await optional(() => session.query<Row>(originQuery, "reading where variables were set"));
  step("reading buffer pool statistics");
  const bufferPool = await session.query<Row>("SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool%'", "reading buffer pool statistics");
  step("reading table sizes from information_schema.TABLES");
  const tables = await session.query<Row>(
    "SELECT TABLE_SCHEMA AS db, TABLE_NAME AS name, ENGINE AS engine, TABLE_ROWS AS table_rows, AVG_ROW_LENGTH AS avg_row_length, DATA_LENGTH AS data_length, INDEX_LENGTH AS index_length " +
      `FROM information_schema.TABLES WHERE TABLE_TYPE = 'BASE TABLE' AND TABLE_SCHEMA NOT IN ${SYSTEM_SCHEMAS} ORDER BY TABLE_SCHEMA, TABLE_NAME`,
    "reading table sizes from information_schema.TABLES",
  );
  step("reading partitions from information_schema.PARTITIONS");
  const partitions = await session.query<Row>(
    "SELECT TABLE_SCHEMA AS db, TABLE_NAME AS name, PARTITION_METHOD AS method, PARTITION_EXPRESSION AS expression, SUBPARTITION_METHOD AS submethod, SUBPARTITION_EXPRESSION AS subexpression, " +
      "COUNT(DISTINCT PARTITION_NAME) AS partitions, COUNT(SUBPARTITION_NAME) AS subpartitions FROM information_schema.PARTITIONS " +
      `WHERE PARTITION_NAME IS NOT NULL AND TABLE_SCHEMA NOT IN ${SYSTEM_SCHEMAS} GROUP BY TABLE_SCHEMA, TABLE_NAME, PARTITION_METHOD, PARTITION_EXPRESSION, SUBPARTITION_METHOD, SUBPARTITION_EXPRESSION`,
    "reading partitions from information_schema.PARTITIONS",
  );

  step("done");
  const partitioning = new Map<string, LivePartitioning>();
  for (const p of partitions) {
    const lp: LivePartitioning = { method: String(p.method), partitions: num(p.partitions) ?? 0 };
    const expression = str(p.expression);
    if (expression) lp.expression = expression;
    const sub = str(p.submethod);
    if (sub) {
      lp.subpartitioning = { method: sub, subpartitions: num(p.subpartitions) ?? 0 };
      const subexpression = str(p.subexpression);
      if (subexpression) lp.subpartitioning.expression = subexpression;
    }
    partitioning.set(`${p.db}\0${p.name}`, lp);
  }
  const snapshot: LiveSnapshot = {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    takenAt: now.toISOString(),
    server,
    variables,
  };
  if (origins) {
    snapshot.variableOrigins = Object.fromEntries(origins.map((r) => [String(r.name).toLowerCase(), String(r.origin)]));
    const files = origins.filter((r) => str(r.path) !== undefined);
    if (files.length) snapshot.variableFiles = Object.fromEntries(files.map((r) => [String(r.name).toLowerCase(), String(r.path)]));
  }
  snapshot.bufferPoolStatus = Object.fromEntries(bufferPool.map((r) => [String(r.Variable_name), r.Value === null ? "" : String(r.Value)]));
  snapshot.tables = tables.map((t) => {
    const table: LiveTable = { schema: String(t.db), name: String(t.name) };
    const fields = {
      engine: str(t.engine),
      rows: num(t.table_rows),
      avgRowLength: num(t.avg_row_length),
      dataLength: num(t.data_length),
      indexLength: num(t.index_length),
    };
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) (table as unknown as Record<string, unknown>)[k] = v;
    const p = partitioning.get(`${t.db}\0${t.name}`);
    if (p) table.partitioning = p;
    return table;
  });
  return snapshot;
}

/**
 * Writes the snapshot to a temporary file beside `path` and renames it into place, so a failure
 * leaves either the old file or none, never a partial one.
 */
export function writeSnapshot(path: string, snapshot: LiveSnapshot): void {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temp, "w", 0o600);
    try {
      writeSync(fd, JSON.stringify(snapshot, null, 2) + "\n");
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw new LiveError(`cannot write the snapshot to ${path}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

function fail(file: string, where: string, what: string): never {
  throw new LiveError(`${file}: ${where ? `${where}: ` : ""}${what}`);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

function stringMap(file: string, where: string, v: unknown): Record<string, string> {
  if (!isObject(v)) fail(file, where, "must be an object of names to strings");
  for (const [k, x] of Object.entries(v)) if (typeof x !== "string") fail(file, `${where}.${k}`, "must be a string");
  return v as Record<string, string>;
}

function optionalNumber(file: string, where: string, v: unknown): void {
  if (v !== undefined && (typeof v !== "number" || !Number.isFinite(v) || v < 0)) fail(file, where, "must be a non-negative number");
}

/** Validates what schema/live-snapshot.schema.json states (a test keeps the two in step). */
export function parseSnapshot(text: string, file: string): LiveSnapshot {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    fail(file, "", `not valid JSON (${(e as Error).message})`);
  }
  if (!isObject(raw)) fail(file, "", "must be a JSON object");
  if (raw.format !== SNAPSHOT_FORMAT) fail(file, "format", `must be "${SNAPSHOT_FORMAT}"`);
  if (raw.version !== SNAPSHOT_VERSION) fail(file, "version", `is ${JSON.stringify(raw.version)}; this innolint reads version ${SNAPSHOT_VERSION}`);
  const allowed = new Set(["$schema", "format", "version", "takenAt", "server", "variables", "variableOrigins", "variableFiles", "bufferPoolStatus", "tables"]);
  for (const k of Object.keys(raw)) if (!allowed.has(k)) fail(file, k, "unknown key");
  if (raw.takenAt !== undefined && typeof raw.takenAt !== "string") fail(file, "takenAt", "must be a date-time string");
  const s = raw.server;
  if (!isObject(s)) fail(file, "server", "must be an object");
  const allowedServer = new Set(["address", "version", "versionComment", "auroraVersion", "flavor", "target"]);
  for (const k of Object.keys(s)) if (!allowedServer.has(k)) fail(file, `server.${k}`, "unknown key");
  for (const k of ["address", "version", "target"]) if (typeof s[k] !== "string" || s[k] === "") fail(file, `server.${k}`, "must be a non-empty string");
  for (const k of ["versionComment", "auroraVersion"]) if (s[k] !== undefined && typeof s[k] !== "string") fail(file, `server.${k}`, "must be a string");
  if (!/^(mysql|percona|pxc|ndb|mariadb|aurora-mysql)-\d+(\.\d+){0,2}$/.test(s.target as string))
    fail(file, "server.target", "must look like mysql-8.0.36, percona-8.0.36, pxc-8.0.36, ndb-8.4.5, mariadb-10.11.6 or aurora-mysql-3.04.0");
  try {
    const t = parseTarget(s.target as string);
    if (s.flavor !== t.flavor) fail(file, "server.flavor", `must be ${t.flavor}, the flavour of server.target`);
  } catch (e) {
    if (e instanceof TargetError) fail(file, "server.target", e.message);
    throw e;
  }
  stringMap(file, "variables", raw.variables);
  if (raw.variableOrigins !== undefined) stringMap(file, "variableOrigins", raw.variableOrigins);
  if (raw.variableFiles !== undefined) stringMap(file, "variableFiles", raw.variableFiles);
  if (raw.bufferPoolStatus !== undefined) stringMap(file, "bufferPoolStatus", raw.bufferPoolStatus);
  if (raw.tables !== undefined) {
    if (!Array.isArray(raw.tables)) fail(file, "tables", "must be an array");
    raw.tables.forEach((t: unknown, i: number) => {
      const at = `tables[${i}]`;
      if (!isObject(t)) fail(file, at, "must be an object");
      const allowedTable = new Set(["schema", "name", "engine", "rows", "avgRowLength", "dataLength", "indexLength", "partitioning"]);
      for (const k of Object.keys(t)) if (!allowedTable.has(k)) fail(file, `${at}.${k}`, "unknown key");
      for (const k of ["schema", "name"]) if (typeof t[k] !== "string" || t[k] === "") fail(file, `${at}.${k}`, "must be a non-empty string");
      if (t.engine !== undefined && typeof t.engine !== "string") fail(file, `${at}.engine`, "must be a string");
      for (const k of ["rows", "avgRowLength", "dataLength", "indexLength"]) optionalNumber(file, `${at}.${k}`, t[k]);
      const p = t.partitioning;
      if (p === undefined) return;
      if (!isObject(p) || typeof p.method !== "string") fail(file, `${at}.partitioning.method`, "must be a string");
      if (p.expression !== undefined && typeof p.expression !== "string") fail(file, `${at}.partitioning.expression`, "must be a string");
      if (typeof p.partitions !== "number" || !Number.isInteger(p.partitions) || p.partitions < 1)
        fail(file, `${at}.partitioning.partitions`, "must be a positive integer");
      const sp = p.subpartitioning;
      if (sp === undefined) return;
      if (!isObject(sp) || typeof sp.method !== "string") fail(file, `${at}.partitioning.subpartitioning.method`, "must be a string");
      if (sp.expression !== undefined && typeof sp.expression !== "string") fail(file, `${at}.partitioning.subpartitioning.expression`, "must be a string");
      if (typeof sp.subpartitions !== "number" || !Number.isInteger(sp.subpartitions) || sp.subpartitions < 1)
        fail(file, `${at}.partitioning.subpartitioning.subpartitions`, "must be a positive integer");
    });
  }
  checkVariableValues(raw.variables as Record<string, string>, s.target as string, file);
  return raw as unknown as LiveSnapshot;
}

export function loadSnapshot(path: string): LiveSnapshot {
  let text: string;
  try {
    text = readBoundedText(path, "snapshot");
  } catch (e) {
    if (e instanceof InputFileError) throw new LiveError(`${path}: ${e.code === "ENOENT" ? "no such file" : e.reason}`);
    throw e;
  }
  return parseSnapshot(text, path);
}

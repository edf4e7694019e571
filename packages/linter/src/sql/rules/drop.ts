/** What DROP and TRUNCATE do to the buffer pool, by server: shared by the two stall rules. */
import { basename } from "node:path";
import { mysqlBaseVersion } from "../../catalogue/index.js";
import { effectiveNumber } from "../../optionfile/rules/facts.js";
import { atLeast, hasBackportedChange, type Target } from "../../target.js";
import { tableSize } from "../../ddl/sizes.js";
import type { InputSource } from "../../finding.js";
import type { Host } from "../../host.js";
import { configInputSource, configOrigin, tablesOf, type SqlStatementFacts } from "./context.js";

export const DROPS = new Set(["drop-table", "truncate-table", "drop-tablespace", "drop-database"]);
export const GiB = 2 ** 30;

/**
 * The instances the server runs: InnoDB forces one below a 1 GiB pool whatever the option says
 * (buf_pool_init's "Adjusting innodb_buffer_pool_instances"), MariaDB 10.5 and later run one
 * (MDEV-15058), and an unset or 0 value means the server's choice: 8 from 1 GiB.
 */
export function bufferPoolInstances(facts: SqlStatementFacts, pool: number): number {
  if (pool < GiB) return 1;
  if (facts.target.flavor === "mariadb" && atLeast(facts.target.version, "10.5.0")) return 1;
  const set = effectiveNumber(facts.config, "innodb_buffer_pool_instances")?.value;
  return set && set > 0 ? set : 8;
}

/**
 * Whether DROP/TRUNCATE walks the buffer pool's lists under their mutexes. MySQL (and Percona and
 * Aurora, which follow its base version) made eviction lazy in 8.0.23 (WL#14100). MariaDB's
 * release history is its own and is stated in the rule's knowledge-base entry.
 */
export function dropScansBufferPool(target: Target): boolean {
  // MariaDB walked the flush list on DROP until the DROP TABLE rewrite of 10.6.2 (MDEV-25506).
  if (target.flavor === "mariadb") return !atLeast(target.version, "10.6.2");
  const base = mysqlBaseVersion(target);
  return base !== undefined && !atLeast(base, "8.0.23");
}

/** MDEV-22456 freed AHI entries lazily from these releases. */
const MDEV_22456 = { "10.2": "10.2.33", "10.3": "10.3.24", "10.4": "10.4.14", "10.5": "10.5.4" };

/** Whether DROP still walks the LRU list to free adaptive-hash-index entries when AHI is on. */
export function dropCleansAhi(target: Target): boolean {
  // Before 10.0 the answer was, and stays, no: not established here.
  if (target.flavor === "mariadb") return target.version.major >= 10 && !hasBackportedChange(target.version, MDEV_22456);
  return true;
}

/**
 * Whether the statement drops or truncates something with pages of its own tablespace in the pool.
 * A temporary table lives in the temporary tablespace (unless compressed, which MySQL 5.7 gave a
 * file of its own), and a MEMORY or MyISAM table has no pages in the InnoDB buffer pool. A table
 * whose engine innolint does not know is taken to be InnoDB.
 */
export function dropsInnodbTablespace(facts: SqlStatementFacts): boolean {
  const s = facts.statement;
  if (s.kind !== "drop-table" && s.kind !== "truncate-table") return true;
  if (s.temporary) return false;
  return tablesOf(facts).some(({ state }) => {
    if (!state) return true;
    if (state.temporary) return state.options.rowFormat === "compressed";
    return state.options.engine === undefined || state.options.engine.toLowerCase() === "innodb";
  });
}

export function what(kind: string): string {
  return kind === "truncate-table"
    ? "TRUNCATE TABLE"
    : kind === "drop-tablespace"
      ? "DROP TABLESPACE"
      : kind === "drop-database"
        ? "DROP DATABASE"
        : "DROP TABLE";
}

export function subject(facts: SqlStatementFacts): string {
  const s = facts.statement;
  // what() already says DATABASE or TABLESPACE.
  if (s.kind === "drop-database") return s.database ?? "";
  if (s.kind === "drop-tablespace") return s.tablespace ?? "";
  return tablesOf(facts)
    .map((t) => t.name)
    .join(", ");
}

/**
 * Where the change being linted created every table a DROP TABLE or TRUNCATE TABLE names, when it
 * created them all: the same file under lint, any file of the change under review. Such tables are
 * new, so the application never queried them.
 */
export function allCreatedInChange(facts: SqlStatementFacts): string[] | undefined {
  const s = facts.statement;
  if ((s.kind !== "drop-table" && s.kind !== "truncate-table") || s.tables.length === 0) return undefined;
  const out: string[] = [];
  for (const t of tablesOf(facts)) {
    const created = t.state?.createdAt;
    if (!created) return undefined;
    const inChange = facts.changedFiles ? facts.changedFiles.has(created.file) : created.file === facts.file && facts.createdInFile.has(t.name.toLowerCase());
    if (!inChange) return undefined;
    out.push(created.file === facts.file ? `${t.name} at line ${created.line}` : `${t.name} at ${basename(created.file)}:${created.line}`);
  }
  return out;
}

/**
 * DROP TABLE IF EXISTS of tables that neither the migrations before nor a live server know, each
 * created again later in the same file: an install script making room for its own CREATE. On a
 * fresh install there is nothing to drop; the names, when so.
 */
export function droppedBeforeInstall(facts: SqlStatementFacts): string[] | undefined {
  const s = facts.statement;
  if (s.kind !== "drop-table" || !s.ifExists || s.tables.length === 0) return undefined;
  const tables = tablesOf(facts);
  if (tables.some((t) => t.state || !facts.createdLaterInFile.has(t.name.toLowerCase()))) return undefined;
  return tables.map((t) => t.name);
}

/** Tables of the statement that the change under review creates: empty, but the pool scan is the same. */
export function createdInChange(facts: SqlStatementFacts): string[] {
  if (!facts.changedFiles) return [];
  const out: string[] = [];
  for (const t of tablesOf(facts)) {
    const state = t.state;
    if (!state || !facts.changedFiles.has(state.createdAt.file)) continue;
    out.push(
      `${t.name} is created in this change (${basename(state.createdAt.file)}:${state.createdAt.line}): it holds no production data, so no adaptive hash index entries need cleaning, but the scan of the pool is the same`,
    );
  }
  return out;
}

/** The dropped table's pages the pool can hold (its first table's, known or assumed size): the most that can carry hash entries. */
export function poolPagesOf(facts: SqlStatementFacts, pool: number): { tablePages?: { pages: number; source: InputSource } } {
  const size = tableSize(facts);
  if (size === "new") return {};
  return { tablePages: { pages: Math.min(size.dataBytes + (size.indexBytes ?? 0), pool) / 16384, source: size.source } };
}

/** Aurora MySQL's parameter groups size the pool at {DBInstanceClassMemory*3/4}; an r5.2xlarge has 64 GiB. */
const AURORA_POOL_SHARE = 3 / 4;
const AURORA_REFERENCE_MEMORY = 64 * 2 ** 30;

/**
 * The buffer pool a DROP walks and where its size comes from. Aurora MySQL does not default to
 * MySQL's 128M: without a configured size, three quarters of the host's declared memory, else of an
 * r5.2xlarge's (assumed).
 */
export function dropPool(facts: SqlStatementFacts, host: Host | undefined): { bytes: number; origin: string; source: InputSource } {
  const value = effectiveNumber(facts.config, "innodb_buffer_pool_size")?.value;
  if (facts.config.effective.has("innodb_buffer_pool_size") || facts.target.flavor !== "aurora-mysql" || facts.config.live)
    return {
      bytes: value ?? 128 * 2 ** 20,
      origin: configOrigin(facts.config, "innodb_buffer_pool_size"),
      source: configInputSource(facts.config, "innodb_buffer_pool_size"),
    };
  if (host?.memory)
    return {
      bytes: Math.floor((host.memory * AURORA_POOL_SHARE) / 2 ** 20) * 2 ** 20,
      origin: `by Aurora's default, 3/4 of the host's memory (${host.from.memory ?? "declared"})`,
      source: "config",
    };
  return {
    bytes: AURORA_REFERENCE_MEMORY * AURORA_POOL_SHARE,
    origin: "assumed: Aurora's default, 3/4 of an r5.2xlarge's 64 GiB",
    source: "assumed",
  };
}

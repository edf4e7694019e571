import { basename } from "node:path";
import { lookupVariable, mysqlBaseVersion } from "../../catalogue/index.js";
import type { Severity } from "../../finding.js";
import { dropStallImpact } from "../../impact/estimates.js";
import { effectiveBoolean, effectiveNumber } from "../../optionfile/rules/facts.js";
import { formatBytes, sizeOption } from "../../optionfile/rules/values.js";
import type { Rule } from "../../rules/types.js";
import { atLeast, formatVersion, type Target } from "../../target.js";
import { configInputSource, configOrigin, tablesOf, type SqlStatementFacts } from "./context.js";

const DROPS = new Set(["drop-table", "truncate-table", "drop-tablespace", "drop-database"]);
const GiB = 2 ** 30;

/**
 * The instances the server runs: InnoDB forces one below a 1 GiB pool whatever the option says
 * (buf_pool_init's "Adjusting innodb_buffer_pool_instances"), MariaDB 10.5 and later run one
 * (MDEV-15058), and an unset or 0 value means the server's choice: 8 from 1 GiB.
 */
function bufferPoolInstances(facts: SqlStatementFacts, pool: number): number {
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

/** Whether DROP still walks the LRU list to free adaptive-hash-index entries when AHI is on. */
export function dropCleansAhi(target: Target): boolean {
  if (target.flavor === "mariadb") {
    // MDEV-22456 freed AHI entries lazily from 10.2.33, 10.3.24, 10.4.14 and 10.5.4.
    const fixedIn: Record<string, string> = { "10.2": "10.2.33", "10.3": "10.3.24", "10.4": "10.4.14", "10.5": "10.5.4" };
    const series = `${target.version.major}.${target.version.minor ?? 99}`;
    const fix = fixedIn[series];
    if (fix) return !atLeast(target.version, fix);
    return target.version.major === 10 && (target.version.minor ?? 99) < 2;
  }
  return true;
}

/**
 * Whether the statement drops or truncates something with pages of its own tablespace in the pool.
 * A temporary table lives in the temporary tablespace (unless compressed, which MySQL 5.7 gave a
 * file of its own), and a MEMORY or MyISAM table has no pages in the InnoDB buffer pool. A table
 * whose engine innolint does not know is taken to be InnoDB.
 */
function dropsInnodbTablespace(facts: SqlStatementFacts): boolean {
  const s = facts.statement;
  if (s.kind !== "drop-table" && s.kind !== "truncate-table") return true;
  if (s.temporary) return false;
  return tablesOf(facts).some(({ state }) => {
    if (!state) return true;
    if (state.temporary) return state.options.rowFormat === "compressed";
    return state.options.engine === undefined || state.options.engine.toLowerCase() === "innodb";
  });
}

function what(kind: string): string {
  return kind === "truncate-table" ? "TRUNCATE TABLE" : kind === "drop-tablespace" ? "DROP TABLESPACE" : kind === "drop-database" ? "DROP DATABASE" : "DROP TABLE";
}

function subject(facts: SqlStatementFacts): string {
  const s = facts.statement;
  if (s.kind === "drop-database") return `database ${s.database ?? ""}`.trim();
  if (s.kind === "drop-tablespace") return `tablespace ${s.tablespace ?? ""}`.trim();
  return tablesOf(facts).map((t) => t.name).join(", ");
}

/**
 * Where the change being linted created every table a DROP TABLE or TRUNCATE TABLE names, when it
 * created them all: the same file under lint, any file of the change under review. Such tables are
 * new, so the application never queried them.
 */
function allCreatedInChange(facts: SqlStatementFacts): string[] | undefined {
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

/** Tables of the statement that the change under review creates: empty, but the pool scan is the same. */
function createdInChange(facts: SqlStatementFacts): string[] {
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

export const dropTruncateBufferPoolStall: Rule<SqlStatementFacts> = {
  id: "drop-truncate-buffer-pool-stall",
  check(facts, ctx) {
    const s = facts.statement;
    if (!DROPS.has(s.kind) || !dropScansBufferPool(facts.target) || !dropsInnodbTablespace(facts)) return;
    const pool = effectiveNumber(facts.config, "innodb_buffer_pool_size")?.value ?? 128 * 2 ** 20;
    const instances = bufferPoolInstances(facts, pool);
    const ahi = effectiveBoolean(facts.config, "innodb_adaptive_hash_index")?.value ?? true;
    const warnAt = sizeOption(ctx.options.warningAt, GiB);
    const errorAt = sizeOption(ctx.options.errorAt, 64 * GiB);
    const severity: Severity = pool >= errorAt ? "error" : pool >= warnAt ? "warning" : "info";
    const tables = s.kind === "drop-database" ? facts.schema.all().filter((t) => (t.schema ?? "").toLowerCase() === (s.database ?? "").toLowerCase()).length : Math.max(1, s.tables.length);
    const server = `${facts.target.flavor === "mariadb" ? "MariaDB" : "MySQL"} ${formatVersion(mysqlBaseVersion(facts.target) ?? facts.target.version)}`;
    ctx.report({
      range: s.range,
      severity,
      versionDependent: true,
      message: `${what(s.kind)} ${subject(facts)} on ${server} scans the whole buffer pool (${formatBytes(pool)} ${configOrigin(facts.config, "innodb_buffer_pool_size")}, ${instances} instance${instances === 1 ? "" : "s"}) under its list mutexes to evict the tablespace's pages: the stall grows with the pool, not the table, so even an empty table takes as long; other DROPs and TRUNCATEs queue behind it, and queries wait whenever they need the same list mutexes${ahi ? "; the adaptive hash index cleanup adds more LRU scans" : ""}`,
      notes: [
        "MySQL 8.0.23 made this eviction lazy (WL#14100): a vendor test measured up to 251× faster drops with 32–450 GB pools",
        ...(s.kind === "drop-database" && tables > 1 ? [`the database holds ${tables} tables, each dropped in turn`] : []),
        ...createdInChange(facts),
      ],
      ...(ctx.sim
        ? {
            impact: dropStallImpact(ctx.sim, {
              pool,
              instances,
              ahi,
              operation: s.kind === "truncate-table" ? "truncate" : "drop",
              drops: tables,
              legacy: facts.target.flavor !== "mariadb" && !atLeast(mysqlBaseVersion(facts.target) ?? { major: 8 }, "8.0.0"),
              inputs: [
                { name: "innodb_buffer_pool_size", value: pool, source: configInputSource(facts.config, "innodb_buffer_pool_size") },
                { name: "innodb_buffer_pool_instances", value: instances, source: configInputSource(facts.config, "innodb_buffer_pool_instances") },
                { name: "innodb_adaptive_hash_index", value: ahi, source: configInputSource(facts.config, "innodb_adaptive_hash_index") },
              ],
            }),
          }
        : {}),
    });
  },
};

export const adaptiveHashIndexDropStall: Rule<SqlStatementFacts> = {
  id: "adaptive-hash-index-drop-stall",
  check(facts, ctx) {
    const s = facts.statement;
    if (!DROPS.has(s.kind) || dropScansBufferPool(facts.target) || !dropCleansAhi(facts.target) || !dropsInnodbTablespace(facts)) return;
    const ahi = effectiveBoolean(facts.config, "innodb_adaptive_hash_index");
    if (!ahi?.value) return;
    const pool = effectiveNumber(facts.config, "innodb_buffer_pool_size")?.value ?? 128 * 2 ** 20;
    const instances = bufferPoolInstances(facts, pool);
    const fromDefault = !ahi.option;
    const lookup = lookupVariable(facts.target, "innodb_adaptive_hash_index");
    const inUse: Severity = pool >= sizeOption(ctx.options.warningAt, 8 * GiB) ? "warning" : "info";
    const fresh = allCreatedInChange(facts);
    if (fresh) {
      const one = fresh.length === 1;
      ctx.report({
        range: s.range,
        severity: "info",
        versionDependent: true,
        message: `${what(s.kind)} ${subject(facts)} with the adaptive hash index on${fromDefault ? " (the default for this target)" : ""}: ${one ? "the table is" : "the tables are"} created by this change (${fresh.join(", ")}), so the application never queried ${one ? "it" : "them"} and only the change's own statements can have built hash entries; without entries the cleanup walks no LRU list${inUse === "warning" ? " (for a table in use this is a warning)" : ""}`,
        notes: ["btr_drop_ahi_for_table() returns at once when no index of the table has hashed pages; otherwise it walks every instance's LRU list once per batch of hashed pages"],
        ...(ctx.sim
          ? {
              impact: dropStallImpact(ctx.sim, {
                pool,
                instances,
                ahi: true,
                operation: s.kind === "truncate-table" ? "truncate" : "drop",
                drops: Math.max(1, s.tables.length),
                legacy: false,
                lazy: true,
                hashedPages: 0,
                inputs: [
                  { name: "innodb_buffer_pool_size", value: pool, source: configInputSource(facts.config, "innodb_buffer_pool_size") },
                  { name: "innodb_adaptive_hash_index", value: true, source: fromDefault ? "default" : configInputSource(facts.config, "innodb_adaptive_hash_index") },
                ],
              }),
            }
          : {}),
      });
      return;
    }
    ctx.report({
      range: s.range,
      severity: inUse,
      versionDependent: true,
      message: `${what(s.kind)} ${subject(facts)} with the adaptive hash index on${fromDefault ? " (the default for this target)" : ""}: freeing the table's hash entries walks every buffer pool instance's LRU list (${formatBytes(pool)} ${configOrigin(facts.config, "innodb_buffer_pool_size")}) while holding the data dictionary mutex, a stall the lazy eviction of MySQL 8.0.23 did not remove`,
      notes: [
        "MySQL bug #113312: such stalls do not occur with innodb_adaptive_hash_index=OFF, the default from MySQL 8.4",
        ...(lookup.status === "known" && lookup.facts.dynamic ? ["innodb_adaptive_hash_index is dynamic: SET GLOBAL innodb_adaptive_hash_index=OFF before the drop avoids the scan"] : []),
      ],
      ...(ctx.sim
        ? {
            impact: dropStallImpact(ctx.sim, {
              pool,
              instances,
              ahi: true,
              operation: s.kind === "truncate-table" ? "truncate" : "drop",
              drops: Math.max(1, s.tables.length),
              legacy: false,
              lazy: true,
              inputs: [
                { name: "innodb_buffer_pool_size", value: pool, source: configInputSource(facts.config, "innodb_buffer_pool_size") },
                { name: "innodb_adaptive_hash_index", value: true, source: fromDefault ? "default" : configInputSource(facts.config, "innodb_adaptive_hash_index") },
              ],
            }),
          }
        : {}),
    });
  },
};

import { mysqlBaseVersion } from "../catalogue/index.js";
import type { Severity } from "../finding.js";
import { dropStallImpact } from "../impact/estimates.js";
import { effectiveBoolean } from "../optionfile/rules/facts.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { configInputSource } from "../sql/rules/context.js";
import {
  allCreatedInChange,
  bufferPoolInstances,
  createdInChange,
  DROPS,
  dropPool,
  dropCleansAhi,
  droppedBeforeInstall,
  dropScansBufferPool,
  dropsInnodbTablespace,
  poolPagesOf,
  subject,
  what,
} from "../sql/rules/drop.js";
import { atLeast, formatVersion } from "../target.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "drop-truncate-buffer-pool-stall",
  surfaces: ["sql-statement"],
  options: {
    warningAt: {
      type: "size",
      description: "Buffer pool size from which the finding is a warning (below it: info).",
      default: "1G",
    },
  },
  check(facts, ctx) {
    const s = facts.statement;
    if (!DROPS.has(s.kind) || !dropScansBufferPool(facts.target) || !dropsInnodbTablespace(facts)) return;
    const poolFacts = dropPool(facts, ctx.host);
    const pool = poolFacts.bytes;
    const instances = bufferPoolInstances(facts, pool);
    const ahiOn = effectiveBoolean(facts.config, "innodb_adaptive_hash_index")?.value ?? true;
    const legacy = facts.target.flavor !== "mariadb" && !atLeast(mysqlBaseVersion(facts.target) ?? { major: 8 }, "8.0.0");
    // Extra LRU walks for hash entries: 8.0 before 8.0.23 (btr_drop_ahi_for_table) and older MariaDB. MySQL 5.6
    // and 5.7 free them as DROP frees the table's extents, and TRUNCATE's first LRU walk is that cleanup;
    // MariaDB frees them lazily from MDEV-22456's releases.
    const ahi = ahiOn && dropCleansAhi(facts.target) && !legacy;
    const warnAt = ctx.options.warningAt;
    // A stall hurts but fails nothing, so never an error by itself (a severity override can make it one).
    const severity: Severity = pool >= warnAt ? "warning" : "info";
    const tables =
      s.kind === "drop-database"
        ? facts.schema.all().filter((t) => (t.schema ?? "").toLowerCase() === (s.database ?? "").toLowerCase()).length
        : Math.max(1, s.tables.length);
    // 5.7's TRUNCATE evicts every page of the space (two LRU walks); DROP walks only the dirty pages.
    const walk =
      legacy && s.kind === "truncate-table" ? "walks every instance's whole LRU list twice, every page" : "walks every instance's flush list, every dirty page";
    const base = formatVersion(mysqlBaseVersion(facts.target) ?? facts.target.version);
    const server =
      facts.target.flavor === "aurora-mysql"
        ? `Aurora MySQL ${facts.target.label.replace(/^aurora-mysql-/, "")} (MySQL ${base})`
        : `${facts.target.flavor === "mariadb" ? "MariaDB" : "MySQL"} ${base}`;
    ctx.report({
      range: s.range,
      severity,
      versionDependent: true,
      message: `${what(s.kind)} ${subject(facts)} on ${server} ${walk} of the buffer pool (${formatBytes(pool)} ${poolFacts.origin}, ${instances} instance${instances === 1 ? "" : "s"}) under its list mutexes to evict the tablespace's pages: the stall grows with the pool, not the table, so even an empty table takes as long; other DROPs and TRUNCATEs queue behind it, and queries wait whenever they need the same list mutexes${ahi ? "; the adaptive hash index cleanup adds LRU walks for pages of the table that carry hash entries" : ""}`,
      notes: [
        facts.target.flavor === "mariadb"
          ? "MariaDB 10.6.2's DROP TABLE rewrite left the dropped tablespace's dirty pages to the page cleaner, with no walk at DROP"
          : "MySQL 8.0.23 made this eviction lazy (WL#14100): a vendor test measured up to 251× faster drops with 32–450 GB pools",
        ...(poolFacts.source === "assumed"
          ? ["declare innodb_buffer_pool_size, or the host's memory (innolint-host: memory=…), for this instance's pool"]
          : []),
        ...(ahiOn && !ahi
          ? [
              legacy
                ? s.kind === "truncate-table"
                  ? "the first of the two LRU walks is the adaptive hash index's cleanup (buf_LRU_drop_page_hash_for_tablespace): no walk beyond them"
                  : "MySQL 5.6 and 5.7 free the table's adaptive-hash-index entries as DROP frees its extents, a page lookup each, not by walking the pool"
                : "this release frees the table's adaptive-hash-index entries lazily (MDEV-22456): no LRU walks for them",
            ]
          : []),
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
              legacy,
              // A table this change creates, or an install script's, has no hash entries yet.
              ...(ahi && (allCreatedInChange(facts) || droppedBeforeInstall(facts)) ? { hashedPages: 0 } : ahi ? poolPagesOf(facts, pool) : {}),
              inputs: [
                { name: "innodb_buffer_pool_size", value: pool, source: poolFacts.source },
                { name: "innodb_buffer_pool_instances", value: instances, source: configInputSource(facts.config, "innodb_buffer_pool_instances") },
                { name: "innodb_adaptive_hash_index", value: ahiOn, source: configInputSource(facts.config, "innodb_adaptive_hash_index") },
              ],
            }),
          }
        : {}),
    });
  },
});

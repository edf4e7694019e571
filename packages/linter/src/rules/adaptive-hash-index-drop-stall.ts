import { lookupVariable } from "../catalogue/index.js";
import type { Severity } from "../finding.js";
import { dropStallImpact } from "../impact/estimates.js";
import { effectiveBoolean } from "../optionfile/rules/facts.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { configInputSource } from "../sql/rules/context.js";
import {
  allCreatedInChange,
  bufferPoolInstances,
  droppedBeforeInstall,
  dropCleansAhi,
  DROPS,
  dropPool,
  dropScansBufferPool,
  dropsInnodbTablespace,
  poolPagesOf,
  subject,
  what,
} from "../sql/rules/drop.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "adaptive-hash-index-drop-stall",
  surfaces: ["sql-statement"],
  options: {
    warningAt: {
      type: "size",
      description: "Buffer pool size from which the finding is a warning (below it: info).",
      default: "8G",
    },
  },
  check(facts, ctx) {
    const s = facts.statement;
    if (!DROPS.has(s.kind) || dropScansBufferPool(facts.target) || !dropCleansAhi(facts.target) || !dropsInnodbTablespace(facts)) return;
    const ahi = effectiveBoolean(facts.config, "innodb_adaptive_hash_index");
    if (!ahi?.value) return;
    const poolFacts = dropPool(facts, ctx.host);
    const pool = poolFacts.bytes;
    const instances = bufferPoolInstances(facts, pool);
    const fromDefault = !ahi.option;
    const lookup = lookupVariable(facts.target, "innodb_adaptive_hash_index");
    const inUse: Severity = pool >= ctx.options.warningAt ? "warning" : "info";
    // The cleanup's cost, with the hashed pages when they are known (none for a table nothing queried yet).
    const impact = (hashedPages: number | undefined) =>
      ctx.sim
        ? {
            impact: dropStallImpact(ctx.sim, {
              pool,
              instances,
              ahi: true,
              operation: s.kind === "truncate-table" ? "truncate" : "drop",
              drops: Math.max(1, s.tables.length),
              legacy: false,
              lazy: true,
              ...(hashedPages !== undefined ? { hashedPages } : {}),
              ...(hashedPages === undefined ? poolPagesOf(facts, pool) : {}),
              inputs: [
                { name: "innodb_buffer_pool_size", value: pool, source: poolFacts.source },
                {
                  name: "innodb_adaptive_hash_index",
                  value: true,
                  source: fromDefault ? "default" : configInputSource(facts.config, "innodb_adaptive_hash_index"),
                },
              ],
            }),
          }
        : {};
    const on = `${what(s.kind)} ${subject(facts)} with the adaptive hash index on${fromDefault ? " (the default for this target)" : ""}`;
    const fresh = allCreatedInChange(facts);
    const install = fresh ? undefined : droppedBeforeInstall(facts);
    if (fresh || install) {
      const one = (fresh ?? install ?? []).length === 1;
      ctx.report({
        range: s.range,
        severity: "info",
        versionDependent: true,
        message: fresh
          ? `${on}: ${one ? "the table is" : "the tables are"} created by this change (${fresh.join(", ")}), so the application never queried ${one ? "it" : "them"} and only the change's own statements can have built hash entries; without entries the cleanup walks no LRU list${inUse === "warning" ? " (for a table in use this is a warning)" : ""}`
          : `${on}: neither the migrations before this file nor a live server know ${one ? "the table" : "the tables"}, and this file creates ${one ? "it" : "them"} again below (an install script's idiom): on a fresh install there is nothing to drop and no query has built hash entries, so the cleanup walks no LRU list${inUse === "warning" ? " (where the table exists and is in use, this is a warning)" : ""}`,
        notes: [
          "btr_drop_ahi_for_table() returns at once when no index of the table has hashed pages; otherwise it walks every instance's LRU list once per batch of hashed pages",
        ],
        ...impact(0),
      });
      return;
    }
    ctx.report({
      range: s.range,
      severity: inUse,
      versionDependent: true,
      message: `${on}: freeing the table's hash entries walks every buffer pool instance's LRU list (${formatBytes(pool)} ${poolFacts.origin}) while holding the data dictionary mutex, a stall the lazy eviction of MySQL 8.0.23 did not remove`,
      notes: [
        "MySQL bug #113312: such stalls do not occur with innodb_adaptive_hash_index=OFF, the default from MySQL 8.4",
        ...(lookup.status === "known" && lookup.facts.dynamic
          ? ["innodb_adaptive_hash_index is dynamic: SET GLOBAL innodb_adaptive_hash_index=OFF before the drop avoids the scan"]
          : []),
      ],
      ...impact(undefined),
    });
  },
});

import { mysqlBaseVersion } from "../catalogue/index.js";
import { sig2 } from "../figures.js";
import { indexBuildMemoryImpact } from "../impact/estimates.js";
import { effectiveNumber } from "../optionfile/rules/facts.js";
import { hasSince56 } from "../optionfile/rules/shared.js";
import { approxBytes, formatBytes } from "../optionfile/rules/values.js";
import { configInputSource, configOrigin, tablesOf } from "../sql/rules/context.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";

/** The manual's bound for one ALTER's index build (innodb_sort_buffer_size documentation). */
export function manualMemoryBound(sortBuffer: number, partitions: number, indexes: number, minRecord: number, fulltext: boolean): number {
  return (fulltext ? 6 * 3 * sortBuffer : 0) + 2 * partitions * indexes * Math.floor(sortBuffer / minRecord) * 8;
}

export default defineRule({
  id: "ddl-multi-index-memory",
  surfaces: ["sql-statement"],
  options: {
    budget: {
      type: "size",
      description: "Memory one index build may take by the manual's bound before the rule fires.",
      default: "1G",
    },
    minRecordBytes: {
      type: "size",
      description: "The smallest index record assumed when the schema does not give one.",
      default: 16,
    },
  },
  check(facts, ctx) {
    const s = facts.statement;
    if (s.kind !== "alter-table" && s.kind !== "create-index") return;
    const added = (s.indexesAdded ?? []).filter((i) => i.kind !== "primary");
    if (added.length === 0) return;
    const base = mysqlBaseVersion(facts.target);
    // From MySQL 8.0.27 the build's buffers come out of innodb_ddl_buffer_size, a fixed total.
    if (facts.target.flavor !== "mariadb" && base && atLeast(base, "8.0.27")) return;
    // innodb_sort_buffer_size and online builds with a row log came with MySQL 5.6 (MariaDB 10.0).
    if (!hasSince56(facts.target, "5.6.4")) return;
    const table = tablesOf(facts)[0];
    const p = s.partitioning ?? table?.state?.partitioning;
    const partitions = p ? (p.subpartitioning ? p.subpartitioning.subpartitions : p.partitions) : 1;
    const sort = effectiveNumber(facts.config, "innodb_sort_buffer_size")?.value ?? 1 << 20;
    const fromSchema = facts.schema.minIndexRecordBytes(s);
    const minRecord = Math.max(1, fromSchema ?? ctx.options.minRecordBytes);
    const fulltext = added.some((i) => i.kind === "fulltext");
    const bound = manualMemoryBound(sort, partitions, added.length, minRecord, fulltext);
    const budget = ctx.options.budget;
    if (bound <= budget) return;
    const partitionsLive = !s.partitioning && table?.state?.live;
    const rows = table?.live?.rows;
    const stats =
      table?.live && rows !== undefined
        ? { rows, ...(table.live.avgRowLength ? { rowBytes: table.live.avgRowLength } : {}), server: facts.live?.server ?? "" }
        : undefined;
    ctx.report({
      range: s.range,
      message: `building ${added.length} index${added.length === 1 ? "" : "es"} on ${table?.name ?? "the table"}${partitions > 1 ? ` (${partitions} partitions${partitionsLive ? `; table known from live ${partitionsLive}` : ""})` : ""} with innodb_sort_buffer_size=${formatBytes(sort)} ${configOrigin(facts.config, "innodb_sort_buffer_size")} may take up to ${approxBytes(bound)} by the manual's bound (2 × partitions × indexes × sort buffer ÷ ${minRecord}-byte records × 8), above the ${formatBytes(budget)} budget`,
      notes: [
        "the bound multiplies by partitions although InnoDB builds partitions one after another; the online row logs of every partition-index pair do exist at once",
        "split the ALTER, lower innodb_sort_buffer_size, or raise the rule's budget if the host has the memory",
        ...(stats
          ? [
              `live ${stats.server}: ${table?.name} holds about ${sig2(stats.rows)} rows${stats.rowBytes ? ` of ${stats.rowBytes} bytes on average` : ""} (InnoDB's estimate)`,
            ]
          : []),
      ],
      ...(ctx.sim
        ? {
            impact: indexBuildMemoryImpact(
              ctx.sim,
              sort,
              added.length,
              partitions,
              { bytes: minRecord, source: fromSchema === undefined ? "assumed" : "schema" },
              fulltext,
              [
                { name: "innodb_sort_buffer_size", value: sort, source: configInputSource(facts.config, "innodb_sort_buffer_size") },
                { name: "indexes", value: added.length, source: "schema" },
                { name: "partitions", value: partitions, source: partitionsLive ? "live" : "schema" },
              ],
              stats,
            ),
          }
        : {}),
    });
  },
});

/** Partitioning facts the partition rules share. */
import { hasBackportedChange, type Target } from "../../target.js";
import { declaredTableSize, tableSize } from "../../ddl/sizes.js";
import type { PartitionServer, PartitionWorkload } from "../../impact/estimates.js";
import { effectiveNumber } from "../../optionfile/rules/facts.js";
import type { PartitioningFacts } from "../types.js";
import { configInputSource, type SqlStatementFacts } from "./context.js";

/** The server's limit on partitions (subpartitions included) of a non-NDB table: MAX_PARTITIONS in MySQL, and MariaDB's since 10.0.4. */
export const MAX_PARTITIONS = 8192;

export function total(p: PartitioningFacts): number {
  return p.subpartitioning ? p.subpartitioning.subpartitions : p.partitions;
}

/**
 * What the partition model runs on for a table a statement names: its size where a live server or
 * .innolint.json gives it (a table the change creates, or one nothing describes, is the reference
 * table), and the pool where the run has an option file or a live server.
 */
export function divesWorkload(facts: SqlStatementFacts, table: { name: string; schema?: string }, partitioning?: PartitioningFacts): PartitionWorkload {
  // A table the change creates is empty now, but a declared size is what it is meant to grow to.
  const measured = tableSize(facts, table);
  const size = measured === "new" ? (declaredTableSize(facts, table) ?? "new") : measured;
  const pool = facts.configSource === "default" ? undefined : effectiveNumber(facts.config, "innodb_buffer_pool_size")?.value;
  return {
    // HASH and KEY spread rows evenly; RANGE and LIST partitions grow with time in the model.
    ...(partitioning && /hash|key/.test(partitioning.type) ? { even: true } : {}),
    ...(size !== "new" && size.source !== "assumed"
      ? {
          table: {
            dataBytes: size.dataBytes,
            rowBytes: size.rowBytes,
            source: size.source,
            rowBytesSource: size.rowBytesSource,
            ...(size.from ? { from: size.from } : {}),
          },
        }
      : {}),
    ...(pool !== undefined ? { pool: { bytes: pool, source: configInputSource(facts.config, "innodb_buffer_pool_size") } } : {}),
  };
}

const SQL_WORDS = new Set([
  "to_days",
  "year",
  "month",
  "day",
  "unix_timestamp",
  "to_seconds",
  "floor",
  "abs",
  "mod",
  "div",
  "and",
  "or",
  "not",
  "null",
  "datediff",
  "extract",
  "from",
  "quarter",
  "weekday",
  "dayofyear",
  "dayofmonth",
  "hour",
  "minute",
  "second",
  "microsecond",
  "ceiling",
  "ceil",
  "yearweek",
]);

/** The columns a partitioning function reads: COLUMNS/KEY lists, or the identifiers in its expression. */
export function partitionColumns(p: PartitioningFacts): string[] {
  if (p.columns?.length) return p.columns.map((c) => c.toLowerCase());
  const expression = p.expression ?? "";
  const ids = expression.match(/`[^`]+`|[A-Za-z_][A-Za-z0-9_$]*/g) ?? [];
  return [...new Set(ids.map((i) => i.replace(/`/g, "").toLowerCase()).filter((i) => !SQL_WORDS.has(i) && !/^\d/.test(i)))];
}

/** MDEV-21136 (one descent per dive) came with these releases. */
const MDEV_21136 = { "10.6": "10.6.9", "10.7": "10.7.5", "10.8": "10.8.4", "10.9": "10.9.2" };

/** MariaDB's partition handler reads every unpruned partition, and its dives share a descent from MDEV-21136. */
export function partitionServer(target: Target): PartitionServer | undefined {
  if (target.flavor !== "mariadb") return undefined;
  return { sharedDescent: hasBackportedChange(target.version, MDEV_21136), readsEveryPartition: true };
}

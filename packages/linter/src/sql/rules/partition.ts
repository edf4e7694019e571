/** Partitioning facts the partition rules share. */
import type { PartitioningFacts } from "../types.js";

/** The server's limit on partitions (subpartitions included) of a non-NDB table: MAX_PARTITIONS in MySQL, and MariaDB's since 10.0.4. */
export const MAX_PARTITIONS = 8192;

export function total(p: PartitioningFacts): number {
  return p.subpartitioning ? p.subpartitioning.subpartitions : p.partitions;
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

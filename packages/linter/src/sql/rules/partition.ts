import { lookupVariable } from "../../catalogue/index.js";
import { partitionDivesImpact } from "../../impact/estimates.js";
import type { Rule } from "../../rules/types.js";
import type { PartitioningFacts } from "../facts.js";
import { tablesOf, type SqlStatementFacts } from "./context.js";

/** The server's limit on partitions (subpartitions included) of a non-NDB table: MAX_PARTITIONS in MySQL, and MariaDB's since 10.0.4. */
export const MAX_PARTITIONS = 8192;

function total(p: PartitioningFacts): number {
  return p.subpartitioning ? p.subpartitioning.subpartitions : p.partitions;
}

const SQL_WORDS = new Set(["to_days", "year", "month", "day", "unix_timestamp", "to_seconds", "floor", "abs", "mod", "div", "and", "or", "not", "null", "datediff", "extract", "from", "quarter", "weekday", "dayofyear", "dayofmonth", "hour", "minute", "second", "microsecond", "ceiling", "ceil", "yearweek"]);

/** The columns a partitioning function reads: COLUMNS/KEY lists, or the identifiers in its expression. */
export function partitionColumns(p: PartitioningFacts): string[] {
  if (p.columns?.length) return p.columns.map((c) => c.toLowerCase());
  const expression = p.expression ?? "";
  const ids = expression.match(/`[^`]+`|[A-Za-z_][A-Za-z0-9_$]*/g) ?? [];
  return [...new Set(ids.map((i) => i.replace(/`/g, "").toLowerCase()).filter((i) => !SQL_WORDS.has(i) && !/^\d/.test(i)))];
}

export const partitionCountHigh: Rule<SqlStatementFacts> = {
  id: "partition-count-high",
  check(facts, ctx) {
    const s = facts.statement;
    if (s.kind !== "create-table" && s.kind !== "alter-table") return;
    const threshold = typeof ctx.options.threshold === "number" ? ctx.options.threshold : 100;
    const table = tablesOf(facts)[0];
    let partitioning = s.partitioning;
    if (!partitioning && s.kind === "alter-table" && table?.state?.partitioning && s.partitionOps?.some((o) => o.op === "add" || o.op === "reorganize")) {
      // After the ALTER: apply it to a copy of the schema's table.
      const copy = facts.schema.clone();
      copy.apply(s, facts.file);
      partitioning = copy.table(table.name, table.schema)?.partitioning;
    }
    if (!partitioning) return;
    const n = total(partitioning);
    const over = n > MAX_PARTITIONS;
    // A count the server refuses is reported whatever the threshold.
    if (n <= threshold && !over) return;
    // Partitions the statement does not define come from the table as the schema (or a live server) knows it.
    const live = s.partitioning ? undefined : table?.state?.live;
    const counted = live ? ` (table known from live ${live})` : "";
    ctx.report({
      // A partition clause in the statement is the place to fix; otherwise the statement that adds them.
      range: s.partitioning?.range ?? s.range,
      severity: over ? "error" : undefined,
      message: over
        ? `${table?.name ?? "the table"} would have ${n} partitions${counted}: the server's limit is ${MAX_PARTITIONS} (subpartitions included), so the statement fails`
        : `${table?.name ?? "the table"} has ${n} partitions${partitioning.subpartitioning ? " (subpartitions included)" : ""}${counted}, above the threshold of ${threshold}: each is its own tablespace file held open against innodb_open_files, and every query the planner cannot prune pays records-in-range dives in all ${n}`,
      ...(ctx.sim && !over
        ? { impact: partitionDivesImpact(ctx.sim, n, "pruned", [{ name: "partitions", value: n, source: live ? "live" : "schema" }]) }
        : {}),
    });
  },
};

const QUERIES = new Set(["select", "update", "delete"]);

export const partitionUnprunedQuery: Rule<SqlStatementFacts> = {
  id: "partition-unpruned-query",
  check(facts, ctx) {
    const s = facts.statement;
    if (!QUERIES.has(s.kind) || !s.whereColumns?.length) return;
    const tables = tablesOf(facts);
    for (const t of tables) {
      const p = t.state?.partitioning;
      if (!p || total(p) < 2) continue;
      const keys = partitionColumns(p);
      if (keys.length === 0) continue;
      const constrained = new Set(
        s.whereColumns
          .filter((w) => w.table.toLowerCase() === t.name.toLowerCase() || (w.table === "" && tables.length === 1))
          .flatMap((w) => w.columns.map((c) => c.toLowerCase())),
      );
      if (constrained.size === 0 || keys.some((k) => constrained.has(k))) continue;
      const n = total(p);
      const percona = facts.target.flavor === "percona" && lookupVariable(facts.target, "innodb_records_in_range").status === "known";
      // A few partitions cost a few extra dives: worth knowing, not worth a warning.
      const warningAt = typeof ctx.options.warningAt === "number" ? ctx.options.warningAt : 8;
      ctx.report({
        range: s.range,
        ...(n < warningAt ? { severity: "info" as const } : {}),
        message: `the WHERE on ${t.name} constrains ${[...constrained].join(", ")} but not its partitioning column${keys.length > 1 ? "s" : ""} ${keys.join(", ")}: the planner cannot prune, so its records-in-range dives read index pages in all ${n} partitions${t.state?.live ? ` (table known from live ${t.state.live})` : ""} for every execution (MySQL bug #96233)`,
        notes: [
          `add a condition on ${keys.join(", ")} so the planner can prune, or keep the partition count low`,
          ...(percona
            ? ["Percona Server: innodb_records_in_range (or innodb_force_index_records_in_range with FORCE INDEX) makes the planner skip the dives; it can mislead index choice"]
            : []),
        ],
        ...(ctx.sim
          ? { impact: partitionDivesImpact(ctx.sim, n, percona ? "records_in_range" : "pruned", [{ name: "partitions", value: n, source: t.state?.live ? "live" : "schema" }]) }
          : {}),
      });
    }
  },
};

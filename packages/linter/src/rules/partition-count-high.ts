import { partitionDivesImpact } from "../impact/estimates.js";
import { tablesOf } from "../sql/rules/context.js";
import { divesWorkload, MAX_PARTITIONS, partitionServer, total } from "../sql/rules/partition.js";
import { declaredStorage } from "../host.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "partition-count-high",
  surfaces: ["sql-statement"],
  options: {
    threshold: {
      type: "integer",
      description: "Partitions (subpartitions included) above this fire.",
      default: 100,
    },
  },
  check(facts, ctx) {
    const s = facts.statement;
    if (s.kind !== "create-table" && s.kind !== "alter-table") return;
    const threshold = ctx.options.threshold;
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
    const storage = declaredStorage(ctx.host);
    const server = partitionServer(facts.target);
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
        ? {
            impact: partitionDivesImpact(ctx.sim, n, "pruned", [{ name: "partitions", value: n, source: live ? "live" : "schema" }], {
              ...(table ? divesWorkload(facts, table, partitioning) : {}),
              ...(storage ? { storage } : {}),
              ...(server ? { server } : {}),
            }),
          }
        : {}),
    });
  },
});

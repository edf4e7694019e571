import { lookupVariable } from "../catalogue/index.js";
import { partitionDivesImpact } from "../impact/estimates.js";
import { tablesOf } from "../sql/rules/context.js";
import { divesWorkload, partitionColumns, partitionServer, total } from "../sql/rules/partition.js";
import { declaredStorage } from "../host.js";
import { defineRule } from "./define.js";

const QUERIES = new Set(["select", "update", "delete"]);

export default defineRule({
  id: "partition-unpruned-query",
  surfaces: ["sql-statement"],
  options: {
    warningAt: {
      type: "integer",
      description: "Below this many partitions the finding is information: each extra dive reads one to three pages.",
      default: 8,
    },
  },
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
      const storage = declaredStorage(ctx.host);
      const server = partitionServer(facts.target);
      const percona =
        (facts.target.flavor === "percona" || facts.target.flavor === "pxc") && lookupVariable(facts.target, "innodb_records_in_range").status === "known";
      // A few partitions cost a few extra dives: worth knowing, not worth a warning.
      const warningAt = ctx.options.warningAt;
      ctx.report({
        range: s.range,
        ...(n < warningAt ? { severity: "info" as const } : {}),
        message: `the WHERE on ${t.name} constrains ${[...constrained].join(", ")} but not its partitioning column${keys.length > 1 ? "s" : ""} ${keys.join(", ")}: the planner cannot prune, so its records-in-range dives read index pages in all ${n} partitions${t.state?.live ? ` (table known from live ${t.state.live})` : ""} for every execution (MySQL bug #96233)`,
        notes: [
          `add a condition on ${keys.join(", ")} so the planner can prune, or keep the partition count low`,
          ...(percona
            ? [
                "Percona Server: innodb_records_in_range (or innodb_force_index_records_in_range with FORCE INDEX) makes the planner skip the dives; it can mislead index choice",
              ]
            : []),
        ],
        ...(ctx.sim
          ? {
              impact: partitionDivesImpact(
                ctx.sim,
                n,
                percona ? "records_in_range" : "pruned",
                [{ name: "partitions", value: n, source: t.state?.live ? "live" : "schema" }],
                { ...divesWorkload(facts, t, p), ...(storage ? { storage } : {}), ...(server ? { server } : {}) },
              ),
            }
          : {}),
      });
    }
  },
});

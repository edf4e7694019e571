import { instancesScanImpact } from "../impact/estimates.js";
import { effectiveNumber, optionSource } from "../optionfile/rules/facts.js";
import { explicit, GiB, MiB } from "../optionfile/rules/shared.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "buffer-pool-instances-ignored",
  surfaces: ["option-file", "live-config"],
  check(facts, ctx) {
    const o = explicit(facts, "innodb_buffer_pool_instances");
    const instances = o?.effectiveNumber;
    if (!o || instances === undefined || instances <= 1) return;
    // MariaDB 10.5 runs one pool whatever the setting: deprecated-variable (10.5) and
    // removed-variable (10.6) report the line with that reason.
    if (facts.target.flavor === "mariadb") return;
    const pool = effectiveNumber(facts, "innodb_buffer_pool_size")?.value ?? 128 * MiB;
    if (pool >= GiB) return;
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      versionDependent: true,
      message: `innodb_buffer_pool_instances=${instances} is ignored: with innodb_buffer_pool_size=${formatBytes(pool)} (under 1 GiB) InnoDB forces a single instance and logs "Adjusting innodb_buffer_pool_instances"`,
      notes: ["instance count does not slow scans in release builds; a study claiming otherwise was retracted (debug build)"],
      ...(ctx.sim
        ? {
            impact: instancesScanImpact(ctx.sim, Math.min(instances, 64), Math.max(pool, 5 * MiB), [
              { name: "innodb_buffer_pool_instances", value: instances, source: optionSource(facts, "innodb_buffer_pool_instances") },
              { name: "innodb_buffer_pool_size", value: pool, source: optionSource(facts, "innodb_buffer_pool_size") },
            ]),
          }
        : {}),
    });
  },
});

import { coldRestartImpact } from "../impact/estimates.js";
import { effectiveBoolean, effectiveNumber, optionSource } from "../optionfile/rules/facts.js";
import { explicit, MiB } from "../optionfile/rules/shared.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "buffer-pool-dump-disabled",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const pct = effectiveNumber(facts, "innodb_buffer_pool_dump_pct")?.value ?? 25;
    const pool = effectiveNumber(facts, "innodb_buffer_pool_size")?.value ?? 128 * MiB;
    for (const name of ["innodb_buffer_pool_dump_at_shutdown", "innodb_buffer_pool_load_at_startup"]) {
      const o = explicit(facts, name);
      const value = o && effectiveBoolean(facts, name);
      if (!o || !value || value.value) continue;
      const what = name === "innodb_buffer_pool_dump_at_shutdown" ? "no page list is saved at shutdown" : "the saved page list is not read back at startup";
      const written = o.entry.prefix ? `${o.entry.rawName}` : `${name}=${o.entry.value ?? ""}`;
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        message: `${written}: ${what}, so after every restart the buffer pool starts cold and the hottest ${pct} % of its pages (innodb_buffer_pool_dump_pct) must be read from disk again under live traffic`,
        ...(ctx.sim
          ? {
              impact: coldRestartImpact(ctx.sim, Math.max(pool, 5 * MiB), pct, [
                { name: "innodb_buffer_pool_size", value: pool, source: optionSource(facts, "innodb_buffer_pool_size") },
                { name: "innodb_buffer_pool_dump_pct", value: pct, source: optionSource(facts, "innodb_buffer_pool_dump_pct") },
              ]),
            }
          : {}),
        fix: {
          description: `turn ${name} back on (the default)`,
          safety: "safe",
          edits: [{ file: o.entry.file, range: o.entry.lineRange, newText: `${name} = ON` }],
        },
      });
    }
  },
});

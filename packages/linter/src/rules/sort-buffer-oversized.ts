import { rowLogImpact } from "../impact/estimates.js";
import { sig2 } from "../figures.js";
import { effectiveNumber, optionSource } from "../optionfile/rules/facts.js";
import { explicit, hasSince56, MiB, usesDdlBuffer } from "../optionfile/rules/shared.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { sortBufferBuildImpact, sortBufferDefaultFix, studyAt } from "../optionfile/rules/sort-buffer.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "sort-buffer-oversized",
  surfaces: ["option-file", "set-statement", "live-config"],
  options: {
    threshold: {
      type: "size",
      description: "innodb_sort_buffer_size above this fires.",
      default: "4M",
    },
  },
  check(facts, ctx) {
    // innodb_sort_buffer_size came with MySQL 5.6.4; before it the build's buffers were fixed.
    if (!hasSince56(facts.target, "5.6.4")) return;
    const o = explicit(facts, "innodb_sort_buffer_size");
    const size = o?.effectiveNumber;
    if (!o || size === undefined) return;
    const threshold = ctx.options.threshold;
    if (size <= threshold) return;
    const times = size / MiB;
    const raw = o.interpretation?.kind === "number" ? o.interpretation.raw : formatBytes(size);
    const shown = o.interpretation?.kind === "number" && o.interpretation.value !== size ? `${raw} (the server uses ${formatBytes(size)})` : raw;
    if (usesDdlBuffer(facts.target)) {
      const maxLog = effectiveNumber(facts, "innodb_online_alter_log_max_size")?.value ?? 128 * MiB;
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        severity: "info",
        versionDependent: true,
        message: `innodb_sort_buffer_size=${shown} no longer sizes index-build sort buffers on this target (innodb_ddl_buffer_size does since 8.0.27); it still sets the online-DDL row-log block, so every index built online with concurrent DML can hold 2 × ${formatBytes(size)} of log blocks`,
        ...(ctx.sim
          ? {
              impact: rowLogImpact(ctx.sim, size, maxLog, [
                { name: "innodb_sort_buffer_size", value: size, source: optionSource(facts, "innodb_sort_buffer_size") },
                { name: "innodb_online_alter_log_max_size", value: maxLog, source: optionSource(facts, "innodb_online_alter_log_max_size") },
              ]),
            }
          : {}),
      });
      return;
    }
    const study = studyAt(size);
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      versionDependent: true,
      message: `innodb_sort_buffer_size=${shown} is ${sig2(times)}× the 1M default: each index build holds about 4 × ${formatBytes(size)} (merge blocks plus the sort buffer), for builds only about ${sig2(study.buildFaster)} % faster than at 1M, while concurrent DML ran ${sig2(study.dmlSlower)} % slower (measured at ${study.size}${study.exact ? "" : ", the nearest size the study ran"})`,
      notes: [`measured: ${study.buildTimes}`],
      ...sortBufferBuildImpact(facts, size, ctx),
      fix: sortBufferDefaultFix(o),
    });
  },
});

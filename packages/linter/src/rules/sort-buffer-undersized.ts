import { sig2 } from "../figures.js";
import { explicit, hasSince56, MiB, usesDdlBuffer } from "../optionfile/rules/shared.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { sortBufferBuildImpact, sortBufferDefaultFix } from "../optionfile/rules/sort-buffer.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "sort-buffer-undersized",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    // innodb_sort_buffer_size came with MySQL 5.6.4.
    if (!hasSince56(facts.target, "5.6.4")) return;
    const o = explicit(facts, "innodb_sort_buffer_size");
    const size = o?.effectiveNumber;
    if (!o || size === undefined || size >= MiB || usesDdlBuffer(facts.target)) return;
    const extraPasses = Math.ceil(Math.log2(MiB / size));
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      versionDependent: true,
      message: `innodb_sort_buffer_size=${formatBytes(size)} is below the 1M default: index builds write ${sig2(MiB / size)}× more sorted runs, so the external merge sort needs ${extraPasses} more passes over its temporary file; at 64K a measured build took 29 % longer than at 1M`,
      ...sortBufferBuildImpact(facts, size, ctx),
      fix: sortBufferDefaultFix(o),
    });
  },
});

import { effectiveNumber } from "../optionfile/rules/facts.js";
import { explicit } from "../optionfile/rules/shared.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "io-capacity-mismatch",
  surfaces: ["option-file", "set-statement", "live-config"],
  options: {
    hddMaximum: {
      type: "integer",
      minimum: 100,
      description: "On rotating disks (host storage hdd), innodb_io_capacity above this fires.",
      default: 1000,
    },
  },
  check(facts, ctx) {
    const cap = effectiveNumber(facts, "innodb_io_capacity");
    if (!cap) return;
    const max = explicit(facts, "innodb_io_capacity_max");
    if (max?.effectiveNumber !== undefined && max.effectiveNumber < cap.value) {
      const at = max;
      ctx.report({
        file: at.entry.file,
        range: at.entry.lineRange,
        versionDependent: true,
        message: `innodb_io_capacity_max=${max.effectiveNumber} is below innodb_io_capacity=${cap.value}${cap.option ? "" : " (its default)"}: at startup InnoDB lowers innodb_io_capacity to ${max.effectiveNumber} with a warning, so background flushing runs at ${max.effectiveNumber} IOPS, not ${cap.value}`,
        fix: {
          description: `raise innodb_io_capacity_max to twice innodb_io_capacity (${cap.value * 2}), the server's own default ratio`,
          safety: "unsafe",
          edits: [{ file: at.entry.file, range: at.entry.valueRange ?? at.entry.lineRange, newText: String(cap.value * 2) }],
        },
      });
    }
    const storage = ctx.host?.storage;
    if (storage === "hdd" && cap.value > ctx.options.hddMaximum) {
      const at = cap.option ?? explicit(facts, "innodb_buffer_pool_size");
      if (!at) return;
      ctx.report({
        file: at.entry.file,
        range: at.entry.lineRange,
        versionDependent: true,
        message: `innodb_io_capacity=${cap.value}${cap.option ? "" : ` (this target's default)`} on rotating disks (host storage hdd, from ${ctx.host?.from.storage}): a 7,200 rpm disk does about 100–200 random writes a second, so background flushing asks ${Number((cap.value / 200).toPrecision(2))}× what one disk can do, starving reads and queueing behind its own writes`,
      });
    }
  },
});

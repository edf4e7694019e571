import { lookupVariable, mysqlBaseVersion } from "../catalogue/index.js";
import { effectiveNumber } from "../optionfile/rules/facts.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { setting } from "../optionfile/rules/settings.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";

const described = (name: string, v: { value: number; option?: unknown }) => `${name}=${formatBytes(v.value)}${v.option ? "" : " (the default)"}`;

export default defineRule({
  id: "tmp-table-limits",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const tmp = effectiveNumber(facts, "tmp_table_size");
    const heap = effectiveNumber(facts, "max_heap_table_size");
    if (!tmp || !heap) return;
    // MySQL 8.0.2 added TempTable as the default engine for in-memory internal temporary tables.
    const hasEngine = lookupVariable(facts.target, "internal_tmp_mem_storage_engine").status === "known";
    const engine = hasEngine ? setting(facts, "internal_tmp_mem_storage_engine")?.value : "MEMORY";
    if (engine === "MEMORY") {
      const at = tmp.option ?? heap.option;
      if (!at || tmp.value <= heap.value) return;
      ctx.report({
        file: at.entry.file,
        range: at.entry.lineRange,
        message: `${described("tmp_table_size", tmp)} is above ${described("max_heap_table_size", heap)}: in-memory temporary tables use the MEMORY engine${hasEngine ? " (internal_tmp_mem_storage_engine)" : ""}, whose limit is the smaller of the two, so they go to disk at ${formatBytes(heap.value)}, ${formatBytes(tmp.value - heap.value)} short of the size set`,
      });
      return;
    }
    const base = mysqlBaseVersion(facts.target);
    const ram = effectiveNumber(facts, "temptable_max_ram");
    if (!tmp.option || !ram || !base || !atLeast(base, "8.0.28") || tmp.value <= ram.value) return;
    ctx.report({
      file: tmp.option.entry.file,
      range: tmp.option.entry.lineRange,
      severity: "info",
      message: `${described("tmp_table_size", tmp)} is above ${described("temptable_max_ram", ram)}: TempTable's memory for all internal temporary tables together, so no single one stays in memory past ${formatBytes(ram.value)}; beyond it TempTable spills to memory-mapped files or InnoDB`,
    });
  },
});

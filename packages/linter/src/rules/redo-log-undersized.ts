import { mysqlBaseVersion } from "../catalogue/index.js";
import { effectiveNumber, type OptionFacts, type ResolvedOption } from "../optionfile/rules/facts.js";
import { bytes2 } from "../optionfile/rules/memory.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";

interface Redo {
  bytes: number;
  /** How the capacity is made up, as the message states it. */
  how: string;
  option?: ResolvedOption;
}

/**
 * The redo capacity the server runs with: innodb_redo_log_capacity from MySQL 8.0.30 (unless only
 * the older pair is set, which the server then uses), innodb_log_file_size × innodb_log_files_in_group
 * before, and MariaDB's single file from 10.5.
 */
export function redoCapacity(facts: OptionFacts): Redo | undefined {
  const size = effectiveNumber(facts, "innodb_log_file_size");
  if (facts.target.flavor === "mariadb") {
    if (!size) return undefined;
    const single = atLeast(facts.target.version, "10.5.0");
    const files = single ? 1 : (effectiveNumber(facts, "innodb_log_files_in_group")?.value ?? 2);
    return {
      bytes: size.value * files,
      how: single ? `innodb_log_file_size, MariaDB's single redo file` : `innodb_log_file_size ${bytes2(size.value)} × ${files} files`,
      ...(size.option ? { option: size.option } : {}),
    };
  }
  const base = mysqlBaseVersion(facts.target);
  const files = effectiveNumber(facts, "innodb_log_files_in_group");
  const capacity = effectiveNumber(facts, "innodb_redo_log_capacity");
  const pairSet = size?.option !== undefined || files?.option !== undefined;
  if (base && atLeast(base, "8.0.30") && capacity && (capacity.option || !pairSet)) {
    return { bytes: capacity.value, how: "innodb_redo_log_capacity", ...(capacity.option ? { option: capacity.option } : {}) };
  }
  if (!size || !files) return undefined;
  const option = size.option ?? files.option;
  return { bytes: size.value * files.value, how: `innodb_log_file_size ${bytes2(size.value)} × ${files.value} files`, ...(option ? { option } : {}) };
}

export default defineRule({
  id: "redo-log-undersized",
  surfaces: ["option-file", "set-statement", "live-config"],
  options: {
    ratio: {
      type: "integer",
      minimum: 1,
      description: "Redo capacity below the buffer pool divided by this fires.",
      default: 32,
    },
    writeRate: {
      type: "size",
      description:
        "Redo written per second at peak (the rise of Innodb_os_log_written per second); 0: unknown. With it, capacity below an hour of writes fires too.",
      default: 0,
    },
  },
  check(facts, ctx) {
    // Aurora MySQL keeps redo in its storage layer: these variables size nothing there.
    if (facts.target.flavor === "aurora-mysql") return;
    const redo = redoCapacity(facts);
    const pool = effectiveNumber(facts, "innodb_buffer_pool_size");
    if (!redo || !pool) return;
    const rate = ctx.options.writeRate;
    const byPool = redo.bytes < pool.value / ctx.options.ratio;
    const byRate = rate > 0 && redo.bytes < rate * 3600;
    if (!byPool && !byRate) return;
    const at = redo.option ?? pool.option;
    if (!at) return;
    const lwm = effectiveNumber(facts, "innodb_adaptive_flushing_lwm")?.value ?? 10;
    const share = Number(((redo.bytes / pool.value) * 100).toPrecision(2));
    const minutes =
      rate > 0
        ? `; at ${bytes2(rate)}/s of redo it fills in ${Number((redo.bytes / rate / 60).toPrecision(2))} min, less than the hour of writes it should hold`
        : "";
    ctx.report({
      file: at.entry.file,
      range: at.entry.lineRange,
      versionDependent: true,
      message: `redo capacity ${bytes2(redo.bytes)} (${redo.how}) is ${share} % of the ${bytes2(pool.value)} buffer pool: the checkpoint can lag the newest change by at most ${bytes2(redo.bytes)} of redo, so dirty pages are flushed early (adaptive flushing from ${lwm} % = ${bytes2((redo.bytes * lwm) / 100)}) and, as the checkpoint age nears capacity, synchronously, stalling writes${minutes}`,
      notes: [
        facts.target.flavor === "mariadb"
          ? `the buffer pool ÷ ${ctx.options.ratio} is ${bytes2(pool.value / ctx.options.ratio)}`
          : `the buffer pool ÷ ${ctx.options.ratio} is ${bytes2(pool.value / ctx.options.ratio)}; MySQL's innodb_dedicated_server gives 8.0.30+ a redo capacity of (logical CPUs ÷ 2) GB, up to 16 GB${
              ctx.host?.cpus ? `: ${Math.min(16, Math.max(1, Math.floor(ctx.host.cpus / 2)))}G on this host's ${ctx.host.cpus} CPUs` : ""
            }`,
      ],
    });
  },
});

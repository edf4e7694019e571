import { lookupVariable, mysqlBaseVersion } from "../catalogue/index.js";
import { bytes2 } from "../optionfile/rules/memory.js";
import { explicit } from "../optionfile/rules/shared.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { atLeast, type Target } from "../target.js";
import { defineRule } from "./define.js";

/** MySQL 8.0.12 made filesort allocate its buffer as rows arrive, up to sort_buffer_size. */
function sortAllocatedWhole(target: Target): boolean {
  if (target.flavor === "mariadb") return true;
  const base = mysqlBaseVersion(target);
  return base !== undefined && !atLeast(base, "8.0.12");
}

const BUFFERS: Record<string, { whole: (t: Target) => boolean; what: string }> = {
  join_buffer_size: { whole: () => true, what: "allocated whole for each table a join buffers, so one query can take several" },
  sort_buffer_size: { whole: sortAllocatedWhole, what: "allocated for each sort" },
  read_buffer_size: { whole: () => false, what: "allocated for each sequential scan of a MyISAM table and for some temporary files" },
  read_rnd_buffer_size: { whole: () => false, what: "allocated as needed for reads in key order (multi-range read, sorted rows)" },
};

export default defineRule({
  id: "per-session-buffer-oversized",
  surfaces: ["option-file", "set-statement", "live-config"],
  options: {
    factor: { type: "integer", minimum: 2, description: "A per-session buffer above this many times its default fires.", default: 16 },
  },
  check(facts, ctx) {
    const connections = explicit(facts, "max_connections")?.effectiveNumber;
    for (const [name, how] of Object.entries(BUFFERS)) {
      const o = explicit(facts, name);
      const size = o?.effectiveNumber;
      const lookup = lookupVariable(facts.target, name);
      const def = lookup.status === "known" && typeof lookup.facts.default === "number" ? lookup.facts.default : undefined;
      if (!o || size === undefined || !def || size <= def * ctx.options.factor) continue;
      const whole = how.whole(facts.target);
      // A whole ratio of two settings is exact (64M is 256× 256K); only a fraction is rounded.
      const times = Number.isInteger(size / def) ? size / def : Number((size / def).toPrecision(2));
      const peak = connections ? `; at max_connections=${connections} that is up to ${bytes2(size * connections)} for this buffer alone` : "";
      const sortNote = name === "sort_buffer_size" && !whole ? " (since MySQL 8.0.12 filesort grows its buffer as rows arrive, up to this size)" : "";
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        severity: whole ? "warning" : "info",
        versionDependent: true,
        message: `${name}=${formatBytes(size)} is ${times}× the ${formatBytes(def)} default, and the buffer is per session, ${how.what}${sortNote}${peak}; set it per session for the queries that need more`,
        fix: {
          description: `return to the ${formatBytes(def)} default and raise it with SET SESSION where a query needs it`,
          safety: "unsafe",
          edits: [{ file: o.entry.file, range: o.entry.valueRange ?? o.entry.lineRange, newText: formatBytes(def) }],
        },
      });
    }
  },
});

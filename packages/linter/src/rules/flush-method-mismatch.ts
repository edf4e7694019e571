import { lookupVariable, mysqlBaseVersion } from "../catalogue/index.js";
import { explicit } from "../optionfile/rules/shared.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";

/** Values whose data-file writes go through the OS page cache as well as the buffer pool. */
const BUFFERED = new Set(["fsync", "o_dsync", "littlesync", "nosync"]);
/** Values the manual calls internal, for performance testing, and unsupported. */
const UNSUPPORTED = new Set(["littlesync", "nosync"]);

export default defineRule({
  id: "flush-method-mismatch",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    // Windows servers use their own unbuffered I/O; option files name Unix values.
    const o = explicit(facts, "innodb_flush_method");
    const storage = ctx.host?.storage;
    if (o) {
      const value = (o.entry.value ?? "").trim();
      const v = value.toLowerCase();
      if (!BUFFERED.has(v)) return;
      const unsupported = UNSUPPORTED.has(v);
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        versionDependent: true,
        message: unsupported
          ? `innodb_flush_method=${value} is for internal performance testing and unsupported: InnoDB skips or defers the fsync calls that make commits and checkpoints durable, so an OS crash or power loss can corrupt the data files`
          : `innodb_flush_method=${value} writes data files through the operating system's page cache: every page is cached twice (in the buffer pool and by the OS), taking memory from the buffer pool${storage ? ` on this host's ${storage} storage` : ""}, and writes are copied once more; O_DIRECT bypasses the page cache`,
        fix: {
          description: "use O_DIRECT (the default from MySQL 8.4 and in MariaDB)",
          safety: "unsafe",
          edits: [{ file: o.entry.file, range: o.entry.valueRange ?? o.entry.lineRange, newText: "O_DIRECT" }],
        },
      });
      return;
    }
    // Unset: MySQL before 8.4 defaults to fsync on Linux. Only a host's local storage makes it a finding.
    if (storage !== "ssd" && storage !== "hdd") return;
    const lookup = lookupVariable(facts.target, "innodb_flush_method");
    if (lookup.status !== "known" || facts.target.flavor === "mariadb") return;
    const base = mysqlBaseVersion(facts.target);
    if (!base || atLeast(base, "8.4.0") || facts.target.flavor === "aurora-mysql") return;
    const pool = explicit(facts, "innodb_buffer_pool_size");
    if (!pool) return;
    ctx.report({
      file: pool.entry.file,
      range: pool.entry.lineRange,
      versionDependent: true,
      message: `innodb_flush_method is not set, and this target defaults to fsync on Linux: on this host's local ${storage} storage (from ${ctx.host?.from.storage}) the data files go through the OS page cache too, caching pages twice beside this buffer pool; set innodb_flush_method = O_DIRECT`,
    });
  },
});

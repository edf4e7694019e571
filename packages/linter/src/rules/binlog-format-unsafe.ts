import { effectiveNumber } from "../optionfile/rules/facts.js";
import { lineFix, setting } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";
import { binlogEnabled } from "../optionfile/rules/settings.js";

export default defineRule({
  id: "binlog-format-unsafe",
  // Not set-statement: innodb_autoinc_lock_mode is read only at startup.
  surfaces: ["option-file", "live-config"],
  check(facts, ctx) {
    if (!binlogEnabled(facts)) return;
    const format = setting(facts, "binlog_format");
    const mode = effectiveNumber(facts, "innodb_autoinc_lock_mode");
    if (!format || !mode || mode.value !== 2 || (format.value !== "STATEMENT" && format.value !== "MIXED")) return;
    // Report at the line that made the pair: the format if the file chose it, else the lock mode.
    const at = format.option ?? mode.option;
    if (!at) return;
    const pair = `binlog_format=${format.value}${format.option ? "" : " (the default)"} with innodb_autoinc_lock_mode=2${mode.option ? "" : " (the default)"}`;
    ctx.report({
      file: at.entry.file,
      range: at.entry.lineRange,
      message: `${pair}: concurrent INSERT … SELECT, REPLACE … SELECT and LOAD DATA get interleaved AUTO_INCREMENT values that the binary log records only as statements, so a replica or a point-in-time replay assigns other ids and its rows differ from the source's`,
      fix:
        at === format.option
          ? lineFix(at, "binlog_format", "ROW", "log rows, which carry the ids assigned (the MySQL default)", "unsafe")
          : lineFix(at, "innodb_autoinc_lock_mode", "1", "consecutive ids per statement (bulk inserts take the table-level AUTO-INC lock)", "unsafe"),
    });
  },
});

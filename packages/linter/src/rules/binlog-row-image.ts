import { lineFix, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";
import { binlogEnabled } from "../optionfile/rules/settings.js";

export default defineRule({
  id: "binlog-row-image",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const image = setting(facts, "binlog_row_image");
    const o = image?.option;
    if (!o || (image.value !== "MINIMAL" && image.value !== "NOBLOB") || !binlogEnabled(facts)) return;
    if (setting(facts, "binlog_format")?.value === "STATEMENT") return;
    const what =
      image.value === "MINIMAL"
        ? "row events carry only the columns that find the row (its primary key) and those the statement set"
        : "row events leave out BLOB and TEXT columns that did not change";
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      message: `${written(o)}: ${what}, so the binary log cannot rebuild whole rows for flashback tools or change-data capture, and a replica whose table has no primary key or another one may not find the row`,
      fix: lineFix(o, "binlog_row_image", "FULL", "log whole rows (the default)", "unsafe"),
    });
  },
});

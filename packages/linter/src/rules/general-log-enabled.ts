import { isOn, lineFix, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "general-log-enabled",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const s = setting(facts, "general_log");
    const o = s?.option;
    if (!o || !isOn(s)) return;
    const output = (setting(facts, "log_output")?.value ?? "FILE").split(",");
    if (output.includes("NONE")) return;
    const where = output.includes("TABLE")
      ? output.includes("FILE")
        ? "to general_log_file and the mysql.general_log table"
        : "to the mysql.general_log table"
      : "to general_log_file";
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      message: `${written(o)} writes every connection and every statement, with its full text, ${where}: one serialised log write per statement, a log as large as the workload's SQL, and the data inside statements kept in it`,
      fix: lineFix(o, "general_log", "OFF", "turn the general log off (the default); enable it with SET GLOBAL only while diagnosing", "safe"),
    });
  },
});

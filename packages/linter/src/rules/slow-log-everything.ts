import { effectiveNumber } from "../optionfile/rules/facts.js";
import { isOn, lastSetting, lineFix, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "slow-log-everything",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const log = lastSetting(facts, ["slow_query_log", "log_slow_query"]);
    const time = lastSetting(facts, ["long_query_time", "log_slow_query_time"]);
    const o = time?.option;
    if (!o || !isOn(log) || Number(time.value) !== 0) return;
    // A row threshold or sampling bounds the log.
    const rows = Math.max(effectiveNumber(facts, "min_examined_row_limit")?.value ?? 0, effectiveNumber(facts, "log_slow_min_examined_row_limit")?.value ?? 0);
    const rate = effectiveNumber(facts, "log_slow_rate_limit")?.value ?? 1;
    if (rows > 0 || rate > 1) return;
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      message: `${written(o)} with the slow query log on (${log?.option ? written(log.option) : "by default"}) logs every statement as slow: an entry of several lines per statement, the whole workload's SQL text and timings written to the slow log file for good`,
      fix: lineFix(o, time.name, "1", "log statements slower than one second", "safe"),
    });
  },
});

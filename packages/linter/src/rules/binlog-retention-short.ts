import { effectiveNumber, type ResolvedOption } from "../optionfile/rules/facts.js";
import { explicit } from "../optionfile/rules/shared.js";
import { duration, isOn, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";
import { binlogEnabled } from "../optionfile/rules/settings.js";

const DAY = 86400;

/** The expiry the server applies, in seconds, and the line that set it; undefined when no line sets one. */
function retention(facts: Parameters<typeof binlogEnabled>[0]): { seconds: number; option: ResolvedOption } | undefined {
  const secs = explicit(facts, "binlog_expire_logs_seconds");
  const days = explicit(facts, "expire_logs_days");
  const secsValue = secs && effectiveNumber(facts, "binlog_expire_logs_seconds")?.value;
  const daysValue = days && effectiveNumber(facts, "expire_logs_days")?.value;
  if (facts.target.flavor === "mariadb") {
    // One setting under two names: the line read last sets both.
    const last = secs && days ? (facts.options.lastIndexOf(secs) > facts.options.lastIndexOf(days) ? "secs" : "days") : secs ? "secs" : "days";
    if (last === "secs" && secs && secsValue !== undefined) return { seconds: secsValue, option: secs };
    if (days && daysValue !== undefined) return { seconds: daysValue * DAY, option: days };
    return undefined;
  }
  // MySQL: a non-zero binlog_expire_logs_seconds wins; expire_logs_days applies when it is not set.
  if (secs && secsValue) return { seconds: secsValue, option: secs };
  if (days && daysValue && !secs) return { seconds: daysValue * DAY, option: days };
  return undefined;
}

export default defineRule({
  id: "binlog-retention-short",
  surfaces: ["option-file", "set-statement", "live-config"],
  options: {
    minimumSeconds: { type: "integer", minimum: 0, description: "An expiry period below this many seconds fires (default: 7 days).", default: 7 * DAY },
  },
  check(facts, ctx) {
    if (!binlogEnabled(facts)) return;
    const purge = setting(facts, "binlog_expire_logs_auto_purge");
    if (purge && !isOn(purge)) return;
    const r = retention(facts);
    if (!r || r.seconds <= 0 || r.seconds >= ctx.options.minimumSeconds) return;
    const period = duration(r.seconds);
    ctx.report({
      file: r.option.entry.file,
      range: r.option.entry.lineRange,
      message: `${written(r.option)} purges binary logs after ${period}: a replica stopped or lagging for longer cannot resume (the file it needs is gone: error 1236) and must be rebuilt, and point-in-time recovery can roll forward only a backup taken within the last ${period}`,
      notes: [`the threshold is ${duration(ctx.options.minimumSeconds)} (option minimumSeconds)`],
    });
  },
});

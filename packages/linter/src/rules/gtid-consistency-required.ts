import { lookupVariable, mysqlBaseVersion } from "../catalogue/index.js";
import type { TextEdit } from "../finding.js";
import type { ResolvedOption } from "../optionfile/rules/facts.js";
import { isOn, setting } from "../optionfile/rules/settings.js";
import { explicit, styled } from "../optionfile/rules/shared.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";
import { binlogEnabled } from "../optionfile/rules/settings.js";

function list(items: string[]): string {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export default defineRule({
  id: "gtid-consistency-required",
  surfaces: ["option-file"],
  check(facts, ctx) {
    // MariaDB has no gtid_mode: the unknown-variable rule reports the line there.
    if (lookupVariable(facts.target, "gtid_mode").status !== "known") return;
    const mode = explicit(facts, "gtid_mode");
    const value = mode && setting(facts, "gtid_mode")?.value;
    if (!mode || !value) return;
    const base = mysqlBaseVersion(facts.target);
    // Before 5.7.5 GTIDs lived only in the binary log (mysqld.cc of 5.6: gtid_mode >= 1 needs both, >= 2 the consistency).
    const fiveSix = base !== undefined && !atLeast(base, "5.7.5");
    // 5.7.5 and later check only ON (init_server_components); ON_PERMISSIVE starts.
    const needsConsistency = fiveSix ? /^(ON|UPGRADE_STEP_2)$/.test(value) : value === "ON";
    const needsBinlog = fiveSix && value !== "OFF";
    const consistency = setting(facts, "enforce_gtid_consistency");
    const missing: { name: string; line: string; option?: ResolvedOption }[] = [];
    if (needsConsistency && !isOn(consistency))
      missing.push({
        name: `enforce_gtid_consistency = ON (it is ${consistency?.value ?? "OFF"}${consistency?.option ? "" : ", the default"})`,
        line: "enforce_gtid_consistency = ON",
        option: consistency?.option,
      });
    if (needsBinlog && !binlogEnabled(facts)) missing.push({ name: "log-bin (the binary log is off)", line: "log-bin" });
    if (needsBinlog && !isOn(setting(facts, "log_slave_updates"))) {
      const o = explicit(facts, "log_slave_updates");
      missing.push({ name: "log-slave-updates", line: "log_slave_updates = ON", option: o });
    }
    if (missing.length === 0) return;
    const file = mode.entry.file;
    const edits: TextEdit[] = [];
    const added: string[] = [];
    for (const m of missing) {
      if (m.option && m.option.entry.file === file)
        edits.push({ file, range: m.option.entry.lineRange, newText: `${styled(m.option, m.option.variable)} = ON` });
      else added.push(m.line);
    }
    if (added.length > 0) edits.push({ file, range: { start: mode.entry.lineRange.start, end: mode.entry.lineRange.start }, newText: `${added.join("\n")}\n` });
    const release = fiveSix ? "MySQL 5.6" : "MySQL 5.7.5 and later";
    ctx.report({
      file,
      range: mode.entry.lineRange,
      message: `gtid_mode = ${value} needs ${list(missing.map((m) => m.name))} on ${release}: mysqld checks this at startup, logs the requirement as an error and aborts, so the server does not start`,
      fix: {
        description: `add ${missing.map((m) => m.line).join(", ")} (or turn gtid_mode off)`,
        safety: "unsafe",
        edits,
      },
    });
  },
});

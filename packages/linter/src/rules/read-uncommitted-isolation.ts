import { firstSetting, lineFix, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "read-uncommitted-isolation",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const level = firstSetting(facts, ["transaction_isolation", "tx_isolation"]);
    const o = level?.option;
    if (!o || level.value.toUpperCase() !== "READ-UNCOMMITTED") return;
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      message: `${written(o)}: every new session runs at READ-UNCOMMITTED, so its SELECTs return other transactions' uncommitted changes (dirty reads), which can still roll back, instead of the REPEATABLE-READ default's consistent snapshot`,
      fix: lineFix(o, level.name, "READ-COMMITTED", "read only committed rows, still without gap locks (READ-COMMITTED)", "unsafe"),
    });
  },
});

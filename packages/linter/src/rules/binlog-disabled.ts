import { mysqlBaseVersion } from "../catalogue/index.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";
import { binlogEnabled } from "../optionfile/rules/settings.js";

const what =
  "no replica can be attached to this server, point-in-time recovery has nothing to replay after a restore, and change-data capture has nothing to read; in exchange each commit skips the binary log's write, fsync and two-phase commit";

export default defineRule({
  id: "binlog-disabled",
  surfaces: ["option-file", "live-config"],
  check(facts, ctx) {
    const base = mysqlBaseVersion(facts.target);
    if (!base || !atLeast(base, "8.0.0") || binlogEnabled(facts)) return;
    if (facts.live) {
      const o = facts.effective.get("log_bin");
      if (o)
        ctx.report({
          file: o.entry.file,
          range: o.entry.lineRange,
          message: `log_bin is OFF, although MySQL 8.0 and later write a binary log by default: ${what}`,
        });
      return;
    }
    // The last line that turned it off (binlogEnabled reads them in the server's order).
    const off = facts.options.filter((o) => o.serverGroup && /^(skip|disable)[-_]log[-_]bin$/i.test(o.entry.rawName.replace(/^loose[-_]/i, ""))).pop();
    if (!off) return;
    ctx.report({
      file: off.entry.file,
      range: off.entry.lineRange,
      message: `${off.entry.rawName} turns off the binary log that MySQL 8.0 and later write by default: ${what}`,
    });
  },
});

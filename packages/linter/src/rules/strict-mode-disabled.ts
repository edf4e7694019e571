import { isOn, lineFix, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

const STRICT = ["STRICT_TRANS_TABLES", "STRICT_ALL_TABLES", "TRADITIONAL"];

export default defineRule({
  id: "strict-mode-disabled",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const mode = setting(facts, "sql_mode");
    const m = mode?.option;
    if (m) {
      const members = mode.value
        .split(",")
        .map((v) => v.trim())
        .filter(Boolean);
      if (!members.some((v) => STRICT.includes(v))) {
        const kept = [...members, "STRICT_TRANS_TABLES"].join(",");
        ctx.report({
          file: m.entry.file,
          range: m.entry.lineRange,
          message: `${m.entry.value === "" || members.length === 0 ? "sql_mode is empty, so it has no strict mode" : `${written(m)} has no strict mode`} (STRICT_TRANS_TABLES, STRICT_ALL_TABLES or TRADITIONAL): an out-of-range number is stored clamped (300 into a TINYINT becomes 127), a long string truncated and an invalid date as zero, each with only a warning, so bad data is changed silently`,
          fix: lineFix(m, "sql_mode", kept, "add STRICT_TRANS_TABLES", "unsafe"),
        });
      }
    }
    const innodb = setting(facts, "innodb_strict_mode");
    const i = innodb?.option;
    if (i && !isOn(innodb)) {
      ctx.report({
        file: i.entry.file,
        range: i.entry.lineRange,
        message: `${written(i)}: InnoDB accepts CREATE TABLE, ALTER TABLE and CREATE INDEX with conflicting ROW_FORMAT or KEY_BLOCK_SIZE options${facts.target.flavor === "mariadb" ? " or rows too large for a page" : ""} with a warning, creating a table other than the one written, instead of refusing the statement`,
        fix: lineFix(i, "innodb_strict_mode", "ON", "refuse bad table definitions again (the default)", "unsafe"),
      });
    }
  },
});

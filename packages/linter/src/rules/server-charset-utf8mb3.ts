import { lineFix, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "server-charset-utf8mb3",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    // MariaDB reads utf8 as utf8mb3 only while old_mode has UTF8_IS_UTF8MB3 (its default).
    const oldMode = facts.target.flavor === "mariadb" ? setting(facts, "old_mode") : undefined;
    const utf8IsMb3 = !oldMode || oldMode.value.toUpperCase().split(",").includes("UTF8_IS_UTF8MB3");
    const threeByte = (name: string) => /^utf8mb3$/i.test(name) || (utf8IsMb3 && /^utf8$/i.test(name));
    for (const [variable, of] of [
      ["character_set_server", (v: string) => v],
      ["collation_server", (v: string) => v.replace(/_.*$/, "")],
    ] as const) {
      const s = setting(facts, variable);
      const o = s?.option;
      if (!o || !threeByte(of(s.value))) continue;
      const replacement = variable === "character_set_server" ? "utf8mb4" : s.value.replace(/^utf8(mb3)?_/i, "utf8mb4_");
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        message: `${written(o)} is utf8mb3, at most 3 bytes per character: databases and tables created without their own character set cannot store emoji or any character above U+FFFF, which strict mode refuses ("Incorrect string value") and non-strict mode replaces or cuts off`,
        fix: lineFix(o, variable, replacement, `use ${replacement}; existing tables keep their character set until converted`, "unsafe"),
      });
    }
  },
});

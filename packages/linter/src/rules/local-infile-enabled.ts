import { isOn, lineFix, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "local-infile-enabled",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const s = setting(facts, "local_infile");
    const o = s?.option;
    if (!o || !isOn(s)) return;
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      message: `${written(o)} accepts LOAD DATA LOCAL INFILE from every client: SQL injected through an application's connection can read any file the application's process can read (credentials, keys) into a table`,
      fix: lineFix(o, "local_infile", "OFF", "refuse LOAD DATA LOCAL (the MySQL 8.0 default)", "unsafe"),
    });
  },
});

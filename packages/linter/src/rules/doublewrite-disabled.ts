import { effectiveNumber } from "../optionfile/rules/facts.js";
import { lineFix, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "doublewrite-disabled",
  // Not set-statement: the server refuses to turn the buffer off or on at run time.
  surfaces: ["option-file", "live-config"],
  check(facts, ctx) {
    const s = setting(facts, "innodb_doublewrite");
    const o = s?.option;
    if (!o) return;
    const off = /^(OFF|0|FALSE)$/.test(s.value);
    const detectOnly = s.value === "DETECT_ONLY";
    if (!off && !detectOnly) return;
    const page = (effectiveNumber(facts, "innodb_page_size")?.value ?? 16384) / 1024;
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      message: `${written(o)}: ${
        detectOnly
          ? "only page metadata goes to the doublewrite buffer, so a page torn by a crash is detected but cannot be repaired"
          : "no page is written to the doublewrite buffer first, so a page torn by a crash or power loss has no intact copy"
      }; redo cannot rebuild it and the table must come from a backup. Safe only where the storage writes ${page} KiB pages atomically (ZFS, atomic-write devices)`,
      fix: lineFix(o, "innodb_doublewrite", "ON", "write pages through the doublewrite buffer again (the default)", "unsafe"),
    });
  },
});

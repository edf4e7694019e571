import { defineRule } from "./define.js";

export default defineRule({
  id: "include-not-followed",
  surfaces: ["option-file"],
  check(facts, ctx) {
    // The reader decided (lint/includes.ts, or an untrusted workspace): one finding per directive.
    for (const e of facts.set.errors) {
      if (e.kind !== "not-followed") continue;
      const at = { line: e.line ?? 1, column: 1 };
      ctx.report({ file: e.file, range: e.range ?? { start: at, end: at }, message: e.message });
    }
  },
});

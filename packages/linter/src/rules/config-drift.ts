import type { Fix } from "../finding.js";
import { compare, explanation } from "../live/drift.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "config-drift",
  surfaces: ["drift"],
  check({ file, live }, ctx) {
    for (const o of file.effective.values()) {
      if (!o.serverGroup || o.setsMaximum) continue;
      const running = live.variable(o.variable);
      if (running === undefined) continue;
      const facts = o.lookup.status === "unknown" ? undefined : o.lookup.facts;
      if (facts?.optionOnly) continue;
      const result = compare(o, running, live, facts);
      if (!result || result.same) continue;
      const { why, severity, persist } = explanation(live.origin(o.variable), live.originFile(o.variable), o.entry.file, result.expected, o.variable);
      const fix: Fix | undefined =
        persist && o.entry.valueRange
          ? {
              description: `write the running value ${running} into this file so that a restart keeps it (or SET GLOBAL ${o.variable} = ${o.entry.value ?? ""} to return to the file's value)`,
              safety: "unsafe",
              edits: [{ file: o.entry.file, range: o.entry.valueRange, newText: running }],
            }
          : undefined;
      ctx.report({
        file: o.entry.file,
        range: o.entry.valueRange ?? o.entry.lineRange,
        ...(severity ? { severity } : {}),
        message: `${o.variable} is ${result.running} on ${live.server} but ${result.expected} here: ${why}`,
        ...(fix ? { fix } : {}),
      });
    }
  },
});

import { defineRule } from "./define.js";

/** The engine finds the comments after suppressions are applied (suppression.ts, engine.ts finishFindings). */
export default defineRule({
  id: "unused-suppression",
  surfaces: ["script"],
  check(facts, ctx) {
    for (const d of facts.unusedDirectives ?? []) {
      const parts: string[] = [];
      if (d.unknown.length) parts.push(`names unknown rule${d.unknown.length > 1 ? "s" : ""} ${d.unknown.join(", ")}`);
      if (d.idle.length) parts.push(`suppresses nothing for ${d.idle.join(", ")}`);
      ctx.report({
        file: d.file,
        range: d.range,
        message: `innolint-${d.kind} ${parts.join(" and ")}: remove it, or it will hide a future finding`,
        fix: { description: "remove the directive", safety: "safe", edits: [{ file: d.file, range: d.range, newText: "" }] },
      });
    }
  },
});

import { defineRule } from "./define.js";

export default defineRule({
  id: "deprecated-variable",
  surfaces: ["option-file"],
  check(facts, ctx) {
    for (const o of facts.options) {
      if (!o.serverGroup || o.lookup.status !== "known" || !o.lookup.facts.deprecated || o.lookup.facts.ignored) continue;
      const replacement = o.lookup.facts.replacedBy;
      ctx.report({
        file: o.entry.file,
        range: o.entry.nameRange,
        versionDependent: true,
        message: `${o.variable} is deprecated since ${o.lookup.facts.deprecated}${o.lookup.facts.deprecationNote ? ` (${o.lookup.facts.deprecationNote})` : ""} and will be removed in a later release${replacement ? `; use ${replacement}` : ""}`,
      });
    }
  },
});

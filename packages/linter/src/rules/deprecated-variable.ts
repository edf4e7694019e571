import { enterpriseOnlyLoose } from "../optionfile/rules/enterprise.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "deprecated-variable",
  surfaces: ["option-file"],
  check(facts, ctx) {
    for (const o of facts.options) {
      if (!o.serverGroup || o.lookup.status !== "known" || !o.lookup.facts.deprecated || o.lookup.facts.ignored) continue;
      const replacement = o.lookup.facts.replacedBy;
      const enterprise = enterpriseOnlyLoose(facts, o, facts.target);
      if (enterprise) {
        ctx.report({
          file: o.entry.file,
          range: o.entry.nameRange,
          severity: "info",
          versionDependent: true,
          message: `${o.variable} belongs to MySQL Enterprise's ${enterprise} plugin, which ${facts.target.label} does not ship and this file does not load: the server skips this loose_ line, so its deprecation (since ${o.lookup.facts.deprecated}) matters only on MySQL Enterprise`,
        });
        continue;
      }
      ctx.report({
        file: o.entry.file,
        range: o.entry.nameRange,
        versionDependent: true,
        message: `${o.variable} is deprecated since ${o.lookup.facts.deprecated}${o.lookup.facts.deprecationNote ? ` (${o.lookup.facts.deprecationNote})` : ""} and will be removed in a later release${replacement ? `; use ${replacement}` : ""}`,
      });
    }
  },
});

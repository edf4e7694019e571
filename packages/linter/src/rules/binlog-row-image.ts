import { defineRule } from "./define.js";

export default defineRule({
  id: "binlog-row-image",
  // Add "set-statement" and "live-config" if the rule judges values, not how a file writes them.
  surfaces: ["option-file"],
  // Options, each with its type and default, e.g. threshold: { type: "size", description: "…", default: "4M" }.
  options: {},
  check(facts, ctx) {
    // facts.options and facts.effective (src/optionfile/rules/facts.ts): call ctx.report for each hazard.
    void facts;
    void ctx;
  },
});

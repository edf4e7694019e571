import { lookupVariable } from "../catalogue/index.js";
import { effectiveNumber } from "../optionfile/rules/facts.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { lineFix, setting, written } from "../optionfile/rules/settings.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "query-cache-allocated",
  surfaces: ["option-file", "live-config"],
  check(facts, ctx) {
    const size = effectiveNumber(facts, "query_cache_size");
    const type = setting(facts, "query_cache_type");
    const o = size?.option;
    if (!o || !type || size.value === 0 || !/^(OFF|0)$/.test(type.value)) return;
    const bytes = formatBytes(size.value);
    if (facts.target.flavor === "mariadb") {
      // mariadbd switches the cache on when started with a size other than its default (10.1.7+).
      const lookup = lookupVariable(facts.target, "query_cache_size");
      const dflt = lookup.status === "known" ? lookup.facts.default : undefined;
      if (!type.option || size.value === dflt || facts.live) return;
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        message: `${written(o)} with ${written(type.option)}: mariadbd started with a query_cache_size other than its default turns query_cache_type ON, whatever the file says, so a ${bytes} query cache runs and every SELECT and every write to a cached table takes its global mutex`,
        fix: lineFix(o, "query_cache_size", "0", "keep the cache off: a size of 0", "unsafe"),
      });
      return;
    }
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      message: `${written(o)} is allocated at startup, but query_cache_type=${type.value}${type.option ? "" : " (the default)"} never uses it: ${bytes} of memory held for nothing`,
      fix: lineFix(o, "query_cache_size", "0", "allocate nothing for the unused cache", "safe"),
    });
  },
});

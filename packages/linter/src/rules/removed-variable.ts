import { looseFix, serverName } from "../optionfile/rules/shared.js";
import { defineRule } from "./define.js";

export default defineRule({
  id: "removed-variable",
  surfaces: ["option-file"],
  check(facts, ctx) {
    const server = serverName(facts);
    for (const o of facts.options) {
      if (!o.serverGroup) continue;
      const { entry } = o;
      const ignored = o.lookup.status === "known" ? o.lookup.facts.ignored : undefined;
      if (ignored?.kind === "removed") {
        const when = ignored.approximate ? `by ${ignored.since}` : `in ${ignored.since}`;
        ctx.report({
          file: entry.file,
          range: entry.lineRange,
          severity: "warning",
          versionDependent: true,
          message: `${o.variable} was removed ${when}: ${server} still accepts the name for old option files, warns that it "does nothing now", and ignores the value. Delete the line.`,
        });
        continue;
      }
      if (o.lookup.status !== "removed") continue;
      const replacement = o.lookup.facts.replacedBy ? ` Its successor is ${o.lookup.facts.replacedBy}.` : "";
      // A series boundary standing in for a release not pinned down: gone by then, perhaps earlier.
      const removed = `${o.lookup.facts.removedApproximate ? "by" : "in"} ${o.lookup.removedIn}`;
      ctx.report({
        file: entry.file,
        range: entry.lineRange,
        severity: entry.loose ? "info" : "error",
        versionDependent: true,
        message: entry.loose
          ? `${o.variable} was removed ${removed}; ${server} skips it (loose- prefix), so the line has no effect.${replacement}`
          : `${o.variable} was removed ${removed}: ${server} refuses to start ("unknown variable"). Delete the line, or prefix it with loose- if the file also serves older servers.${replacement}`,
        ...(entry.loose ? {} : { fix: looseFix(o) }),
      });
    }
  },
});

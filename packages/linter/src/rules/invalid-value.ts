import { catalogueGap, memberRemovedIn } from "../catalogue/index.js";
import type { ResolvedOption } from "../optionfile/rules/facts.js";
import { serverName, styled } from "../optionfile/rules/shared.js";
import { notMembers } from "../optionfile/rules/values.js";
import { defineRule } from "./define.js";

/** A boolean variable whose startup option takes a file base name instead (log_bin / log-bin). */
function namesFilesNotSwitch(o: ResolvedOption): boolean {
  return o.lookup.status !== "unknown" && o.lookup.facts.type === "boolean" && o.lookup.facts.optionType === "string";
}

export default defineRule({
  id: "invalid-value",
  surfaces: ["option-file"],
  check(facts, ctx) {
    const server = serverName(facts);
    for (const l of facts.pluginLoads) {
      if (!l.withPath) continue;
      const e = l.option.entry;
      ctx.report({
        file: e.file,
        range: e.valueRange ?? e.lineRange,
        severity: "warning",
        message: `${l.option.variable} names ${l.library} with a directory: the server allows no paths here ("No paths allowed for shared library"), so it does not load the plugin; name the library alone (${l.library}.so) and set plugin_dir for its directory`,
      });
    }
    for (const o of facts.options) {
      if (!o.serverGroup || o.setsMaximum) continue;
      const i = o.interpretation;
      // Before the catalogue's first series a name read as an abbreviation may be an option of the target's own (XtraDB 5.5's innodb_read_ahead): its value is not the longer option's.
      if (o.abbreviates && catalogueGap(facts.target)?.edge === "before") continue;
      const range = o.entry.valueRange ?? o.entry.lineRange;
      if (i?.kind === "invalid") {
        // A member a later release retired is explained by that; the list of members helps only with the rest.
        const product = facts.target.flavor === "mariadb" ? "MariaDB" : "MySQL";
        const removals: string[] = [];
        const unexplained: string[] = [];
        for (const m of i.unknownMembers ?? []) {
          const r = memberRemovedIn(facts.target, o.variable, m);
          if (r) removals.push(`${m} was removed in ${product} ${r.approx ? r.since.replace(/\.0$/, "") : r.since}`);
          else unexplained.push(m);
        }
        const rest =
          removals.length === 0
            ? i.problem
            : unexplained.length
              ? notMembers(unexplained, o.lookup.status === "unknown" ? [] : (o.lookup.facts.values ?? []))
              : "";
        const problem = [...removals, ...(rest ? [rest] : [])].join("; ");
        ctx.report({
          file: o.entry.file,
          range,
          severity: i.fatal ? "error" : "warning",
          versionDependent: removals.length > 0,
          message: `invalid value for ${o.variable}: ${problem}${i.fatal ? `; ${server} refuses to start` : ""}`,
        });
      } else if (o.entry.value === "" && (i?.kind === "enum" || (i?.kind === "number" && o.effectiveNumber === i.value))) {
        // Only a server that accepts an empty value gets here (MariaDB); one it raises to the minimum is out-of-range's.
        const fallback = o.lookup.status === "unknown" ? undefined : o.lookup.facts.default;
        const reads = i.kind === "enum" ? i.value : "0";
        const notDefault =
          (typeof fallback === "number" || typeof fallback === "string") && String(fallback) !== reads ? `, not the default ${String(fallback)}` : "";
        ctx.report({
          file: o.entry.file,
          range: o.entry.lineRange,
          severity: "warning",
          versionDependent: true,
          message: `${o.variable} is given an empty value: ${server} reads it as ${reads}${i.kind === "enum" ? ", the first member" : ""}${notDefault}; give a value or delete the line`,
        });
      } else if (i?.kind === "boolean" && i.unrecognized) {
        ctx.report({
          file: o.entry.file,
          range,
          severity: "warning",
          message: `"${i.raw}" is not a boolean for ${o.variable} (use ON/OFF, TRUE/FALSE or 1/0): the server warns and sets it to OFF`,
        });
      } else if (i?.kind === "string" && namesFilesNotSwitch(o) && /^(on|off|true|false|yes|no|0|1)$/i.test(i.raw)) {
        // log-bin=OFF: the option names the files, so it turns the variable on.
        const off = /^(off|false|no|0)$/i.test(i.raw);
        const written = `${styled(o, o.variable)}=${i.raw}`;
        const option = o.variable.replace(/_/g, "-");
        ctx.report({
          file: o.entry.file,
          range,
          severity: off ? "warning" : "info",
          message: off
            ? `${written} does not turn ${o.variable} off: the option ${option} takes the base name of its files, so the server turns ${o.variable} ON and writes ${i.raw}.000001; use skip-${option} to turn it off`
            : `${written} turns ${o.variable} on, but the option ${option} takes the base name of its files, so they are named ${i.raw}.000001 and ${i.raw}.index; give a name, or none`,
        });
      }
    }
  },
});

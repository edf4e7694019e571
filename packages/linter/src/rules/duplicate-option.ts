import { dirname, relative } from "node:path";
import { ACCUMULATING, accumulating } from "../optionfile/accumulating.js";
import type { ResolvedOption } from "../optionfile/rules/facts.js";
import { flagLinesCovered } from "../optionfile/rules/flags.js";
import { defineRule } from "./define.js";

/** What the server ends up with from one line, as a comparison key: ssl = 0 and skip-ssl both read OFF, 64M and 67108864 are one number. */
function readingKey(o: ResolvedOption): string {
  const i = o.interpretation;
  switch (i?.kind) {
    case "boolean":
      return i.unrecognized ? `unrecognized:${i.raw}` : i.value ? "ON" : "OFF";
    case "enum":
      return i.value.toLowerCase();
    case "set":
      return [...new Set(i.value.map((v) => v.toLowerCase()))].sort().join(",");
    case "number":
      return String(o.effectiveNumber ?? i.value);
    default:
      return `${o.entry.prefix ?? ""}=${o.entry.value ?? ""}`;
  }
}

function written(o: ResolvedOption): string {
  if (o.entry.value !== null) return o.entry.value;
  return o.entry.prefix ? `${o.entry.rawName}` : `${o.entry.rawName} (no value)`;
}

function isFlagset(o: ResolvedOption): boolean {
  return o.lookup.status !== "unknown" && o.lookup.facts.type === "flagset";
}

export default defineRule({
  id: "duplicate-option",
  surfaces: ["option-file"],
  options: {
    repeatable: {
      type: "string-list",
      description: "Variables that accumulate when repeated (each line adds to the list), so repeating them is not a duplicate.",
      default: ACCUMULATING.map((a) => a.variable),
    },
  },
  check(facts, ctx) {
    const repeatable = new Set(ctx.options.repeatable);
    const last = new Map<string, ResolvedOption>();
    const overridden: [ResolvedOption, ResolvedOption][] = [];
    const flagLines = new Map<string, ResolvedOption[]>();
    const lists = new Map<string, ResolvedOption[]>();
    const cleared: [ResolvedOption, ResolvedOption][] = [];
    for (const o of facts.options) {
      if (!o.serverGroup || o.setsMaximum) continue;
      if (repeatable.has(o.variable)) {
        // An empty value of ignore-db-dirs empties the list: the lines before it add nothing.
        if (accumulating(o.variable)?.emptyResets && !o.entry.value) {
          for (const earlier of lists.get(o.variable) ?? []) cleared.push([earlier, o]);
          lists.set(o.variable, []);
        } else lists.set(o.variable, [...(lists.get(o.variable) ?? []), o]);
        continue;
      }
      const before = last.get(o.variable);
      if (before) overridden.push([before, o]);
      last.set(o.variable, o);
      if (isFlagset(o)) {
        const lines = flagLines.get(o.variable);
        if (lines) lines.push(o);
        else flagLines.set(o.variable, [o]);
      }
    }
    for (const [earlier, reset] of cleared) {
      const sameFile = earlier.entry.file === reset.entry.file && earlier.entry.group === reset.entry.group;
      const where =
        reset.entry.file === earlier.entry.file ? `line ${reset.entry.line}` : `${relative(dirname(earlier.entry.file), reset.entry.file)}:${reset.entry.line}`;
      ctx.report({
        file: earlier.entry.file,
        range: earlier.entry.lineRange,
        severity: sameFile ? "warning" : "info",
        message: `${earlier.variable} accumulates, but the empty ${reset.entry.rawName} at ${where} clears the list: ${written(earlier)} here has no effect`,
      });
    }
    const covered = flagLinesCovered(flagLines.values());
    for (const [earlier, later] of overridden) {
      // optimizer_switch = a=off then optimizer_switch = b=on sets both: the server applies each line's
      // flags on top of the current value, so an earlier line is lost only when later ones cover its flags.
      if (flagLines.has(earlier.variable) && !covered.has(earlier)) continue;
      const winner = last.get(earlier.variable) as ResolvedOption;
      const sameFile = earlier.entry.file === later.entry.file && earlier.entry.group === later.entry.group;
      const where =
        winner.entry.file === earlier.entry.file
          ? `line ${winner.entry.line}`
          : `${relative(dirname(earlier.entry.file), winner.entry.file)}:${winner.entry.line}`;
      const same = readingKey(earlier) === readingKey(winner);
      ctx.report({
        file: earlier.entry.file,
        range: earlier.entry.lineRange,
        severity: sameFile && !same ? "warning" : "info",
        message: same
          ? `${earlier.variable} is set again to the same value at ${where}; this line is redundant`
          : `${earlier.variable} is set again at ${where} ([${winner.entry.group}]): the later ${winner.entry.value !== null ? `value ${written(winner)}` : written(winner)} wins, so ${written(earlier)} here has no effect`,
      });
    }
  },
});

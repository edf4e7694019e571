import { dirname, relative } from "node:path";
import { catalogueGap, memberRemovedIn, variableNames } from "../../catalogue/index.js";
import { formatVersion } from "../../target.js";
import { didYouMean } from "../../rules/didyoumean.js";
import type { Rule } from "../../rules/types.js";
import type { Fix } from "../../finding.js";
import type { OptionFacts, ResolvedOption } from "./facts.js";
import { formatBytes, notMembers } from "./values.js";
import { flagLinesCovered } from "./flags.js";

function serverName(facts: OptionFacts): string {
  return `${facts.target.flavor === "mariadb" ? "mariadbd" : "mysqld"} ${formatVersion(facts.target.version)}`;
}

/** Keep the user's dash or underscore style when suggesting a name. */
function styled(o: ResolvedOption, name: string): string {
  return o.entry.rawName.includes("-") && !o.entry.rawName.includes("_") ? name.replace(/_/g, "-") : name;
}

function renameFix(o: ResolvedOption, name: string, safety: Fix["safety"]): Fix {
  const loose = /^loose[-_]/i.exec(o.entry.rawName)?.[0] ?? "";
  return {
    description: `rename to ${name}`,
    safety,
    edits: [{ file: o.entry.file, range: o.entry.nameRange, newText: loose + styled(o, name) }],
  };
}

function looseFix(o: ResolvedOption): Fix {
  return {
    description: "add the loose- prefix so that servers without this option start with a warning",
    safety: "safe",
    edits: [{ file: o.entry.file, range: { start: o.entry.nameRange.start, end: o.entry.nameRange.start }, newText: "loose-" }],
  };
}

type PluginTable = Record<string, string[]>;

/** The plugins a library registers: from the rule's table, else one named after the library (ha_ dropped). */
function pluginsOf(library: string, table: PluginTable): string[] {
  return table[library] ?? table[library.replace(/^ha_/, "")] ?? [library.replace(/^ha_/, "")];
}

/** Each plugin's enable option is its name (--provider-lz4=FORCE); its variables are prefixed by it. */
function pluginOption(name: string, plugins: Iterable<string>): string | undefined {
  for (const p of plugins) if (name === p || name.startsWith(`${p}_`)) return p;
  return undefined;
}

export const unknownVariable: Rule<OptionFacts> = {
  id: "unknown-variable",
  check(facts, ctx) {
    const server = serverName(facts);
    const table = (ctx.options.plugins ?? {}) as PluginTable;
    const loaded = new Set(facts.pluginLoads.filter((l) => !l.withPath).flatMap((l) => (l.plugin ? [l.plugin] : pluginsOf(l.library, table))));
    const knownPlugins = new Set(Object.values(table).flat());
    for (const o of facts.options) {
      if (!o.serverGroup) continue;
      const { entry } = o;
      if (o.abbreviates) {
        const mariadb = facts.target.flavor === "mariadb";
        ctx.report({
          file: entry.file,
          range: entry.nameRange,
          severity: mariadb ? "info" : "warning",
          versionDependent: !mariadb,
          message: mariadb
            ? `"${entry.rawName}" is an abbreviation of ${o.abbreviates}: MariaDB accepts unambiguous prefixes today, but a new option with the same prefix will make the server refuse to start`
            : `"${entry.rawName}" is an abbreviation of ${o.abbreviates}: ${server} accepts the unambiguous prefix with a deprecation warning, but MySQL 5.7 accepts only full names and refuses to start ("unknown variable")`,
          fix: renameFix(o, o.abbreviates, "safe"),
        });
        continue;
      }
      if (o.lookup.status === "not-yet") {
        ctx.report({
          file: entry.file,
          range: entry.nameRange,
          severity: entry.loose ? "warning" : "error",
          versionDependent: true,
          message: entry.loose
            ? `${o.variable} first appeared in ${o.lookup.introducedIn}; ${server} ignores it (loose- prefix), so the setting has no effect`
            : `${o.variable} first appeared in ${o.lookup.introducedIn}: ${server} does not know it and refuses to start ("unknown variable")`,
          ...(entry.loose ? {} : { fix: looseFix(o) }),
        });
        continue;
      }
      if (o.lookup.status !== "unknown") continue;
      // Options of a plugin exist once it loads: from plugin-load-add before the options are read,
      // or from mysql.plugin (INSTALL PLUGIN / INSTALL SONAME), which a file does not show.
      if (o.variable.includes(".")) continue;
      const loadedPlugin = pluginOption(o.variable, loaded);
      // A loaded plugin's enable option (keyring_file = FORCE) is never a typo or an abbreviation.
      if (loadedPlugin === o.variable) continue;
      // An old file's abbreviation (key_buffer) means the option older servers expanded it to; a
      // plugin's enable option (keyring_okv) is not an abbreviation of its one variable.
      const prefixOf = knownPlugins.has(o.variable) ? undefined : o.prefixOf;
      const suggestion = prefixOf ?? didYouMean(o.variable, variableNames(facts.target));
      // A loaded plugin's option is taken as written, unless it misspells one the catalogue knows.
      if (loadedPlugin && !suggestion?.startsWith(`${loadedPlugin}_`)) continue;
      // A near miss of a server variable (connect_timout) is a typo, not the connect plugin's option.
      const plugin = suggestion ? undefined : pluginOption(o.variable, knownPlugins);
      if (plugin) {
        if (entry.loose) continue;
        ctx.report({
          file: entry.file,
          range: entry.nameRange,
          severity: "warning",
          versionDependent: true,
          message: `${o.variable} is ${o.variable === plugin ? "the enable option" : "an option"} of the ${plugin} plugin, which no plugin-load-add in these files loads: ${server} accepts it only if the plugin was installed with INSTALL PLUGIN or INSTALL SONAME, and refuses to start otherwise`,
          fix: looseFix(o),
        });
        continue;
      }
      // Outside the catalogue's series "unknown" may be a variable gone before its first or added after its last: not certain enough for an error.
      const gap = catalogueGap(facts.target);
      const hint = prefixOf
        ? `; did you mean ${styled(o, prefixOf)}? Servers before MySQL 5.7 read the prefix as that option, 5.7 and later accept only full names`
        : suggestion
          ? `; did you mean ${styled(o, suggestion)}?`
          : "";
      ctx.report({
        file: entry.file,
        range: entry.nameRange,
        severity: entry.loose || gap ? "warning" : "error",
        versionDependent: true,
        message: entry.loose
          ? `unknown variable ${o.variable}: ${server} ignores it with a warning (loose- prefix), so the line has no effect${hint}`
          : gap
            ? `unknown variable ${o.variable}: ${gap.edge === "before" ? `${gap.series} and later do` : `${gap.series}, the newest release innolint's catalogue covers, does`} not know it; if ${server} does not either, it refuses to start${hint}`
            : `unknown variable ${o.variable}: ${server} refuses to start${hint}`,
        ...(suggestion ? { fix: renameFix(o, suggestion, "unsafe") } : {}),
      });
    }
  },
};

export const removedVariable: Rule<OptionFacts> = {
  id: "removed-variable",
  check(facts, ctx) {
    const server = serverName(facts);
    for (const o of facts.options) {
      if (!o.serverGroup || o.lookup.status !== "removed") continue;
      const { entry } = o;
      const replacement = o.lookup.facts.replacedBy ? ` Its successor is ${o.lookup.facts.replacedBy}.` : "";
      ctx.report({
        file: entry.file,
        range: entry.lineRange,
        severity: entry.loose ? "info" : "error",
        versionDependent: true,
        message: entry.loose
          ? `${o.variable} was removed in ${o.lookup.removedIn}; ${server} skips it (loose- prefix), so the line has no effect.${replacement}`
          : `${o.variable} was removed in ${o.lookup.removedIn}: ${server} refuses to start ("unknown variable"). Delete the line, or prefix it with loose- if the file also serves older servers.${replacement}`,
        ...(entry.loose ? {} : { fix: looseFix(o) }),
      });
    }
  },
};

export const deprecatedVariable: Rule<OptionFacts> = {
  id: "deprecated-variable",
  check(facts, ctx) {
    for (const o of facts.options) {
      if (!o.serverGroup || o.lookup.status !== "known" || !o.lookup.facts.deprecated) continue;
      const replacement = o.lookup.facts.replacedBy;
      ctx.report({
        file: o.entry.file,
        range: o.entry.nameRange,
        versionDependent: true,
        message: `${o.variable} is deprecated since ${o.lookup.facts.deprecated}${o.lookup.facts.deprecationNote ? ` (${o.lookup.facts.deprecationNote})` : ""} and will be removed in a later release${replacement ? `; use ${replacement}` : ""}`,
      });
    }
  },
};

/** A boolean variable whose startup option takes a file base name instead (log_bin / log-bin). */
function namesFilesNotSwitch(o: ResolvedOption): boolean {
  return o.lookup.status !== "unknown" && o.lookup.facts.type === "boolean" && o.lookup.facts.optionType === "string";
}

export const invalidValue: Rule<OptionFacts> = {
  id: "invalid-value",
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
        const rest = removals.length === 0 ? i.problem : unexplained.length ? notMembers(unexplained, o.lookup.status === "unknown" ? [] : (o.lookup.facts.values ?? [])) : "";
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
        const notDefault = (typeof fallback === "number" || typeof fallback === "string") && String(fallback) !== reads ? `, not the default ${String(fallback)}` : "";
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
};

export const outOfRange: Rule<OptionFacts> = {
  id: "out-of-range",
  check(facts, ctx) {
    for (const o of facts.options) {
      if (!o.serverGroup || o.setsMaximum || o.interpretation?.kind !== "number") continue;
      if (o.effectiveNumber === undefined || o.effectiveNumber === o.interpretation.value) continue;
      if (o.lookup.status === "unknown") continue;
      const f = o.lookup.facts;
      const bytes = f.unit === "bytes";
      const show = (n: number) => (bytes ? formatBytes(n) : String(n));
      const given = o.interpretation.value;
      const why =
        f.max !== undefined && given > f.max
          ? `above the maximum ${show(f.max)}`
          : f.min !== undefined && given < f.min
            ? `below the minimum ${show(f.min)}`
            : `not a multiple of the block size ${show(f.blockSize ?? 1)}`;
      ctx.report({
        file: o.entry.file,
        range: o.entry.valueRange ?? o.entry.lineRange,
        versionDependent: true,
        message: `${o.variable}=${o.interpretation.raw} is ${why}: the server adjusts it to ${show(o.effectiveNumber)} with a warning`,
        fix: {
          description: `set ${o.variable} to ${show(o.effectiveNumber)}, the value the server uses`,
          safety: "safe",
          edits: [{ file: o.entry.file, range: o.entry.valueRange ?? o.entry.lineRange, newText: show(o.effectiveNumber) }],
        },
      });
    }
  },
};

export const duplicateOption: Rule<OptionFacts> = {
  id: "duplicate-option",
  check(facts, ctx) {
    const repeatable = new Set((ctx.options.repeatable ?? []) as string[]);
    const last = new Map<string, ResolvedOption>();
    const overridden: [ResolvedOption, ResolvedOption][] = [];
    const flagLines = new Map<string, ResolvedOption[]>();
    for (const o of facts.options) {
      if (!o.serverGroup || o.setsMaximum || repeatable.has(o.variable)) continue;
      const before = last.get(o.variable);
      if (before) overridden.push([before, o]);
      last.set(o.variable, o);
      if (isFlagset(o)) {
        const lines = flagLines.get(o.variable);
        if (lines) lines.push(o);
        else flagLines.set(o.variable, [o]);
      }
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
};

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

export const optionInWrongGroup: Rule<OptionFacts> = {
  id: "option-in-wrong-group",
  check(facts, ctx) {
    const clientGroups = new Set((ctx.options.clientGroups ?? []) as string[]);
    const clientOptions = new Set(((ctx.options.clientOptions ?? []) as string[]).map((n) => n.replace(/-/g, "_")));
    const safeGroup = (ctx.options.mysqldSafeGroup ?? "mysqld_safe") as string;
    const safeOptions = new Set(((ctx.options.mysqldSafeOptions ?? []) as string[]).map((n) => n.replace(/-/g, "_")));
    for (const o of facts.options) {
      const group = o.entry.group.toLowerCase();
      if (o.serverGroup || o.lookup.status !== "known") continue;
      if (group === safeGroup) {
        if (safeOptions.has(o.variable)) continue;
        ctx.report({
          file: o.entry.file,
          range: o.entry.lineRange,
          message: `${o.variable} in [${o.entry.group}] is ignored: mysqld_safe drops options it does not know from its own group, so the server never sees it; move it to [mysqld]`,
        });
      } else if (clientGroups.has(group) && !clientOptions.has(o.variable)) {
        ctx.report({
          file: o.entry.file,
          range: o.entry.lineRange,
          severity: "error",
          message: `${o.variable} is a server variable in the client group [${o.entry.group}]: the server never reads it, and client programs that read [${o.entry.group}] stop with "unknown variable"; move it to [mysqld]`,
        });
      }
    }
  },
};

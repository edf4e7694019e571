import { lookupVariable, mysqlBaseVersion, optionGroups, variableNames, type Lookup, type VariableFacts } from "../../catalogue/index.js";
import { atLeast, type Target } from "../../target.js";
import type { OptionEntry, OptionSet } from "../model.js";
import { interpret, limitValue, type GetoptDialect, type Interpretation } from "./values.js";
import { append } from "../../arrays.js";

/** One option line, matched against the catalogue the way mysqld's option parser matches it. */
export interface ResolvedOption {
  entry: OptionEntry;
  /** The catalogue name it resolves to, or the normalized name when unknown. */
  variable: string;
  lookup: Lookup;
  /** Set when the server accepts the name as an unambiguous prefix of this option (MariaDB; MySQL before 5.7). */
  abbreviates?: string;
  /** Set when the name is an unambiguous prefix of this option but the server (MySQL 5.7 and later) wants full names. */
  prefixOf?: string;
  /** `maximum-` sets a session variable's upper bound, not its value. */
  setsMaximum: boolean;
  interpretation?: Interpretation;
  /** The value the server ends up with after clamping, for numeric options. */
  effectiveNumber?: number;
  serverGroup: boolean;
}

/** Facts built from what a running server reports rather than from a file. */
export interface LiveOrigin {
  /** host:port or the socket, as messages name the server. */
  server: string;
}

export interface OptionFacts {
  root: string;
  set: OptionSet;
  target: Target;
  serverGroups: ReadonlySet<string>;
  options: ResolvedOption[];
  /** Last value wins, per variable, over the groups the server reads. */
  effective: ReadonlyMap<string, ResolvedOption>;
  /** Set when the lines are a running server's SHOW GLOBAL VARIABLES. */
  live?: LiveOrigin;
  /** Plugin libraries the server loads before it reads plugin options (plugin-load, plugin-load-add). */
  pluginLoads: PluginLoad[];
  /** The same lines read by the server of `--upgrade-to` (src/upgrade.ts). */
  upgrade?: OptionFacts;
}

/** One `[name=]library` item of plugin-load, plugin-load-add or early-plugin-load. */
export interface PluginLoad {
  /** The library without its directory and .so/.dll extension. */
  library: string;
  /** The plugin named before '=', when the item names one. */
  plugin?: string;
  /** Set when the item has a directory: the server refuses it ("No paths allowed") and loads nothing. */
  withPath?: boolean;
  option: ResolvedOption;
}

/**
 * plugin-load sets the list and plugin-load-add appends to it, in the order the server reads them;
 * early-plugin-load (MySQL's keyrings) is a list of its own. Items are separated by ';'.
 */
function pluginLoads(options: ResolvedOption[]): PluginLoad[] {
  let main: PluginLoad[] = [];
  const early: PluginLoad[] = [];
  for (const o of options) {
    if (!o.serverGroup || !/^(early_)?plugin_load(_add)?$/.test(o.variable)) continue;
    const items: PluginLoad[] = [];
    for (const item of (o.entry.value ?? "").split(/[;,]/)) {
      const eq = item.indexOf("=");
      const file = item.slice(eq + 1).trim();
      const library = file
        .split(/[\\/]/)
        .pop()!
        .replace(/\.(so|dll)$/i, "")
        .toLowerCase();
      if (!library) continue;
      const plugin = eq >= 0 ? item.slice(0, eq).trim().replace(/-/g, "_").toLowerCase() : "";
      items.push({ library, ...(plugin ? { plugin } : {}), ...(/[\\/]/.test(file) ? { withPath: true } : {}), option: o });
    }
    // the last early-plugin-load counts, as the last plugin-load does
    if (o.variable === "early_plugin_load") {
      early.length = 0;
      append(early, items);
    } else if (o.variable === "plugin_load") main = items;
    else append(main, items);
  }
  return append(early, main);
}

/** mysqld_multi reads [mysqldN] groups and hands them to a server. */
const MULTI_GROUP = /^mysqld\d+$/;

export function isServerGroup(group: string, serverGroups: ReadonlySet<string>): boolean {
  return serverGroups.has(group.toLowerCase()) || MULTI_GROUP.test(group.toLowerCase());
}

function known(lookup: Lookup): boolean {
  return lookup.status !== "unknown";
}

/**
 * A MariaDB variable that only SET can change is no option name: mariadbd's getopt skips it, so the
 * line is read as a prefix of an option (character_set_client -> character-set-client-handshake), as
 * skip-/disable- of one (skip_external_locking), or refused ("unknown variable"; proved for every such
 * variable by test/oracle/option-verdict-oracle.ts).
 */
export function notAnOption(target: Target, lookup: Lookup): boolean {
  return target.flavor === "mariadb" && lookup.status === "known" && !lookup.facts.option && !lookup.facts.optionOnly && !lookup.facts.ignored;
}

/**
 * MariaDB's getopt accepts an unambiguous prefix of an option name (--getopt-prefix-matching, on by
 * default). MySQL's did too until 5.7, which removed it after a deprecation in 5.5 and 5.6 (WL#6978).
 */
function acceptsPrefixes(target: Target): boolean {
  if (target.flavor === "mariadb") return true;
  const base = mysqlBaseVersion(target);
  return base !== undefined && !atLeast(base, "5.7.0");
}

function resolveName(target: Target, entry: OptionEntry): { variable: string; lookup: Lookup; abbreviates?: string; prefixOf?: string } {
  // Exact names win over prefixes: skip_name_resolve is an option of its own.
  const whole = entry.rawName.replace(/^loose[-_]/i, "").replace(/-/g, "_");
  const wholeLookup = lookupVariable(target, whole);
  const wholeIsOption = known(wholeLookup) && !notAnOption(target, wholeLookup);
  if (wholeIsOption || entry.prefix === null) {
    if (!wholeIsOption) {
      const expansion = uniquePrefixMatch(target, whole);
      if (expansion && acceptsPrefixes(target)) return { variable: expansion, lookup: lookupVariable(target, expansion), abbreviates: expansion };
      if (expansion) return { variable: whole, lookup: wholeLookup, prefixOf: expansion };
    }
    return { variable: whole, lookup: wholeLookup };
  }
  const stripped = entry.name;
  const strippedLookup = lookupVariable(target, stripped);
  if (known(wholeLookup) && !known(strippedLookup)) return { variable: whole, lookup: wholeLookup };
  return { variable: stripped, lookup: strippedLookup };
}

const prefixIndex = new Map<string, string[]>();

function uniquePrefixMatch(target: Target, name: string): string | undefined {
  let names = prefixIndex.get(target.label);
  if (!names) {
    // getopt matches prefixes against option names only.
    names = variableNames(target).filter((n) => !notAnOption(target, lookupVariable(target, n)));
    prefixIndex.set(target.label, names);
  }
  const hits = names.filter((n) => n.startsWith(name));
  return hits.length === 1 ? hits[0] : undefined;
}

export function getoptDialect(target: Target): GetoptDialect {
  const base = mysqlBaseVersion(target);
  return {
    rejectNegativeUnsigned: target.flavor === "mariadb" || base === undefined || atLeast(base, "8.0.0"),
    rejectEmpty: target.flavor !== "mariadb" && (base === undefined || atLeast(base, "5.7.0")),
  };
}

/**
 * `live`: the entries are the variables a running server reports. Their names are complete (no
 * abbreviation matching) and their numbers are the values in use (the server has already clamped).
 */
export function buildOptionFacts(root: string, set: OptionSet, target: Target, live?: LiveOrigin): OptionFacts {
  const serverGroups = new Set(optionGroups(target).map((g) => g.toLowerCase()));
  const dialect = getoptDialect(target);
  const options: ResolvedOption[] = [];
  const effective = new Map<string, ResolvedOption>();
  for (const entry of set.entries) {
    const { variable, lookup, abbreviates, prefixOf } = live
      ? { variable: entry.name, lookup: lookupVariable(target, entry.name), abbreviates: undefined, prefixOf: undefined }
      : resolveName(target, entry);
    const resolved: ResolvedOption = {
      entry,
      variable,
      lookup,
      setsMaximum: entry.prefix === "maximum",
      serverGroup: isServerGroup(entry.group, serverGroups),
    };
    if (abbreviates) resolved.abbreviates = abbreviates;
    if (prefixOf) resolved.prefixOf = prefixOf;
    const facts = lookup.status === "unknown" ? undefined : lookup.facts;
    // The server ignores the value of an option it keeps only for old files (the line is reported once, by name).
    const ignored = lookup.status === "known" && lookup.facts.ignored !== undefined;
    if (facts && !ignored) {
      // skip_name_resolve is a variable of its own: its "skip" is part of the name, not a prefix.
      const prefixed =
        variable !==
        entry.rawName
          .replace(/^loose[-_]/i, "")
          .replace(/-/g, "_")
          .toLowerCase();
      const prefix = prefixed && (entry.prefix === "skip" || entry.prefix === "disable" || entry.prefix === "enable") ? entry.prefix : null;
      // A running server reports the variable (log_bin ON), not the option's argument (log-bin's file name).
      const asRead = live && (facts.optionType || facts.optionArg) ? { ...facts, optionType: undefined, optionArg: undefined } : facts;
      const interpretation = interpret(asRead, entry.value, prefix, dialect);
      resolved.interpretation = interpretation;
      if (interpretation.kind === "number") resolved.effectiveNumber = live ? interpretation.value : limitValue(facts, interpretation.value);
    }
    options.push(resolved);
    if (resolved.serverGroup && !resolved.setsMaximum && !ignored) effective.set(variable, resolved);
  }
  return { root, set, target, serverGroups, options, effective, ...(live ? { live } : {}), pluginLoads: live ? [] : pluginLoads(options) };
}

/** Where a variable's value came from, as an impact input states it. */
export function optionSource(facts: OptionFacts, name: string): "live" | "config" | "default" {
  if (!facts.effective.has(name)) return "default";
  return facts.live ? "live" : "config";
}

export interface EffectiveValue<T> {
  value: T;
  /** The line that set it; absent when it is the server's default. */
  option?: ResolvedOption;
  facts?: VariableFacts;
}

/** The numeric value the server runs with: the configured one after clamping, else the target's default. */
export function effectiveNumber(facts: OptionFacts, name: string): EffectiveValue<number> | undefined {
  const option = facts.effective.get(name);
  if (option?.effectiveNumber !== undefined) return { value: option.effectiveNumber, option };
  const lookup = lookupVariable(facts.target, name);
  if (lookup.status !== "known") return undefined;
  const d = lookup.facts.default;
  return typeof d === "number" ? { value: d, facts: lookup.facts } : undefined;
}

export function effectiveBoolean(facts: OptionFacts, name: string): EffectiveValue<boolean> | undefined {
  const option = facts.effective.get(name);
  if (option?.interpretation?.kind === "boolean") return { value: option.interpretation.value, option };
  const lookup = lookupVariable(facts.target, name);
  if (lookup.status !== "known") return undefined;
  const d = lookup.facts.default;
  return typeof d === "boolean" ? { value: d, facts: lookup.facts } : undefined;
}

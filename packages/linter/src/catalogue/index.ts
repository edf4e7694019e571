/**
 * The versioned catalogue of server variables (rules/variables/*.json) and lookups against a target.
 *
 * Each flavour's file is read lazily, once, on first use. A variable's facts at a release are the
 * fields of its history entries merged in order up to that release.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { atLeast, compareVersions, FLAVORS, parseVersion, TargetError, type Flavor, type Target, type Version } from "../target.js";
import type { AutoDefault, CatalogueFile, HistoryEntry, IgnoredKind, Scope, SourceRef, VariableRecord, VariableType } from "./types.js";

export type { AutoDefault, CatalogueFile, HistoryEntry, SourceRef, VariableRecord, VariableType } from "./types.js";

export interface VariableFacts {
  name: string;
  /** The catalogue the facts come from (a Percona or Aurora target may answer from "mysql"). */
  flavor: Flavor;
  type: VariableType;
  unit?: string;
  scope: Scope[];
  dynamic: boolean;
  /** A startup option that is not a system variable. */
  optionOnly: boolean;
  /** Can be given at startup (command line / option file); false for variables only SET can change. */
  option: boolean;
  /** The option's argument type where it differs from `type` (log-bin takes a file base name). */
  optionType?: VariableType;
  /**
   * "optional": may be given bare; "none": takes no value; "required": a boolean that needs ON or OFF.
   * Absent: a boolean may be given bare, anything else needs a value.
   */
  optionArg?: "optional" | "none" | "required";
  description: string;
  /** JSON native (number, boolean, string), `{auto: rule}` for computed defaults, or null when none. */
  default: unknown;
  min?: number;
  max?: number;
  blockSize?: number;
  values?: string[];
  plugin?: string;
  platform?: "windows" | "other";
  /** Deprecated alias of another variable (same storage). */
  aliasOf?: string;
  /** What to use instead (successor or the alias target), for deprecated and removed variables. */
  replacedBy?: string;
  /** Only the name and its versions are known (documented, but no source we read defines it). */
  documentedOnly?: boolean;
  notes?: string[];
  introduced?: string;
  deprecated?: string;
  /** What the release that deprecated it says of it ("accepted but ignored"). */
  deprecationNote?: string;
  removed?: string;
  /** The server accepts the option name, warns and ignores its value, from `since` on. */
  ignored?: { kind: IgnoredKind; since: string; approximate: boolean };
  /** Some release boundary used for these facts is approximate (a series start, not the exact release). */
  approximate?: boolean;
  /** The release that removed the variable is such a boundary: it was gone by then, perhaps earlier. */
  removedApproximate?: boolean;
  sources: SourceRef[];
}

export type Lookup =
  | { status: "known"; facts: VariableFacts }
  | { status: "removed"; facts: VariableFacts /* last known */; removedIn: string }
  | { status: "not-yet"; introducedIn: string; facts: VariableFacts }
  | { status: "unknown" };

const BEFORE = "0.0.0";
const FILES: Record<Flavor, string> = {
  mysql: "mysql.json",
  percona: "percona.json",
  pxc: "pxc.json",
  ndb: "ndb.json",
  mariadb: "mariadb.json",
  "aurora-mysql": "aurora-mysql.json",
};

interface Loaded {
  file: CatalogueFile;
  /**
   * The bundle's form of a catalogue (build.mjs): each record kept as its JSON text and parsed on
   * first lookup, because a lint asks for a handful of the ~1,100 variables and parsing all of
   * MySQL's records was most of the cost of reading its catalogue on a cold start.
   */
  recordText?: Record<string, string>;
  /** Lower-cased name -> record name, built on first name lookup. */
  parsed: Map<string, ParsedRecord>;
}

/** The key under which build.mjs stores the records as JSON text (`variables` is then empty). */
export const RECORD_TEXT_KEY = "variablesJson";

interface ParsedRecord {
  name: string;
  record: VariableRecord;
  entries: { entry: HistoryEntry; since: Version }[];
}

const loaded = new Map<Flavor, Loaded>();
const here = dirname(fileURLToPath(import.meta.url));
let overrideDir: string | undefined;

/** Where rules/variables lives: beside the bundle (dist/rules) or in the repository. */
export function catalogueDir(): string {
  if (overrideDir) return overrideDir;
  const candidates = [
    join(here, "rules", "variables"),
    join(here, "..", "rules", "variables"),
    join(here, "..", "..", "..", "..", "rules", "variables"),
    join(here, "..", "..", "..", "rules", "variables"),
  ];
  for (const c of candidates) if (existsSync(join(c, "mysql.json"))) return c;
  throw new Error(`innolint: variable catalogue not found (looked in ${candidates.join(", ")})`);
}

/** For tests: read the catalogue from another directory (and drop what was loaded). */
export function setCatalogueDir(dir: string | undefined): void {
  overrideDir = dir;
  loaded.clear();
  namesCache.clear();
  lookups.clear();
  groupsCache.clear();
}

function load(flavor: Flavor): Loaded {
  let l = loaded.get(flavor);
  if (!l) {
    const raw = JSON.parse(readFileSync(join(catalogueDir(), FILES[flavor]), "utf8")) as CatalogueFile & { [RECORD_TEXT_KEY]?: Record<string, string> };
    const recordText = raw[RECORD_TEXT_KEY];
    delete raw[RECORD_TEXT_KEY];
    l = { file: raw, parsed: new Map(), ...(recordText ? { recordText } : {}) };
    loaded.set(flavor, l);
  }
  return l;
}

/** The names of a flavour's variables, in the catalogue's order. */
function recordNames(l: Loaded): string[] {
  return Object.keys(l.recordText ?? l.file.variables);
}

/** One variable's record (own keys only: a name such as "constructor" is not a record). */
function record(l: Loaded, name: string): VariableRecord | undefined {
  if (Object.hasOwn(l.file.variables, name)) return l.file.variables[name];
  if (!l.recordText || !Object.hasOwn(l.recordText, name)) return undefined;
  const parsed = JSON.parse(l.recordText[name] as string) as VariableRecord;
  l.file.variables[name] = parsed;
  return parsed;
}

/** The raw catalogue file of a flavour (sources, versions, LTS list, version mapping, every record). */
export function catalogueFile(flavor: Flavor): CatalogueFile {
  const l = load(flavor);
  if (l.recordText) {
    // Every record, in the catalogue's order, as the source file has them.
    const variables: Record<string, VariableRecord> = {};
    for (const name of recordNames(l)) variables[name] = record(l, name) as VariableRecord;
    l.file.variables = variables;
    delete l.recordText;
  }
  return l.file;
}

function parsedRecord(flavor: Flavor, name: string): ParsedRecord | undefined {
  const l = load(flavor);
  let p = l.parsed.get(name);
  if (p) return p;
  const rec = record(l, name);
  if (!rec) return undefined;
  p = {
    name,
    record: rec,
    entries: rec.history.map((entry) => ({ entry, since: parseVersion(entry.since) })).sort((a, b) => compareVersions(a.since, b.since)),
  };
  l.parsed.set(name, p);
  return p;
}

function normalizeName(name: string): string {
  return name.trim().toLowerCase().replace(/-/g, "_");
}

const FIELDS = [
  "type",
  "unit",
  "scope",
  "dynamic",
  "option",
  "optionOnly",
  "optionType",
  "optionArg",
  "default",
  "min",
  "max",
  "blockSize",
  "values",
  "platform",
  "aliasOf",
  "documentedOnly",
] as const;

/**
 * Facts of a record at a version. `upTo` = the last entry index applied. Removal entries are not
 * applied (the facts stay the last known ones).
 */
function factsAt(flavor: Flavor, p: ParsedRecord, version: Version | undefined): { facts: VariableFacts; removedIn?: string } {
  const file = load(flavor).file;
  const acc: Record<string, unknown> = {};
  const sourceIds: string[] = [];
  const notes: string[] = [];
  let deprecated: string | undefined;
  let deprecationNote: string | undefined;
  let removedIn: string | undefined;
  let removedApproximate = false;
  let ignored: VariableFacts["ignored"];
  let approximate = false;
  for (const { entry, since } of p.entries) {
    if (version && compareVersions(version, since) < 0) break;
    if (entry.removed) {
      removedIn = entry.since;
      if (entry.approx) approximate = removedApproximate = true;
      for (const s of entry.sources ?? []) if (!sourceIds.includes(s)) sourceIds.push(s);
      break;
    }
    for (const f of FIELDS) if (f in entry) acc[f] = (entry as unknown as Record<string, unknown>)[f];
    if (entry.deprecated === true && deprecated === undefined) {
      deprecated = entry.since;
      deprecationNote = entry.note;
    }
    if (entry.deprecated === false) deprecated = deprecationNote = undefined;
    if (entry.ignoredWithWarning && !ignored) ignored = { kind: entry.ignoredWithWarning, since: entry.since, approximate: entry.approx === true };
    if (entry.note) notes.push(entry.note);
    if (entry.approx) approximate = true;
    for (const s of entry.sources ?? []) if (!sourceIds.includes(s)) sourceIds.push(s);
  }
  const first = p.entries[0]?.entry.since;
  const facts: VariableFacts = {
    name: p.name,
    flavor,
    type: (acc.type as VariableType) ?? "string",
    scope: (acc.scope as Scope[]) ?? ["global"],
    dynamic: (acc.dynamic as boolean) ?? false,
    optionOnly: (acc.optionOnly as boolean) ?? false,
    option: (acc.option as boolean) ?? true,
    description: p.record.description,
    default: acc.default ?? null,
    sources: sourceIds.map((id) => file.sources[id] ?? { title: id, url: "" }),
  };
  const copy = ["unit", "optionType", "optionArg", "min", "max", "blockSize", "values", "platform", "aliasOf", "documentedOnly"] as const;
  for (const f of copy) if (acc[f] !== undefined && acc[f] !== null) (facts as unknown as Record<string, unknown>)[f] = acc[f];
  if (p.record.plugin) facts.plugin = p.record.plugin;
  const successor = p.record.replacedBy ?? facts.aliasOf;
  if (successor) facts.replacedBy = successor;
  if (first && first !== BEFORE) facts.introduced = first;
  if (deprecated) facts.deprecated = deprecated;
  if (deprecated && deprecationNote) facts.deprecationNote = deprecationNote;
  if (removedIn) facts.removed = removedIn;
  if (removedApproximate) facts.removedApproximate = true;
  if (ignored) facts.ignored = ignored;
  if (notes.length) facts.notes = notes;
  if (approximate) facts.approximate = true;
  return { facts, removedIn };
}

function lookupIn(flavor: Flavor, version: Version, name: string): Lookup {
  const p = parsedRecord(flavor, name);
  if (!p) return { status: "unknown" };
  const first = p.entries[0];
  if (!first) return { status: "unknown" };
  if (compareVersions(version, first.since) < 0) {
    // Facts as of the release that introduced it.
    const { facts } = factsAt(flavor, p, first.since);
    return { status: "not-yet", introducedIn: first.entry.since, facts };
  }
  const { facts, removedIn } = factsAt(flavor, p, version);
  if (removedIn) return { status: "removed", facts, removedIn };
  return { status: "known", facts };
}

/** The MySQL version a Percona Server or Aurora MySQL target behaves like (MySQL: itself). */
export function mysqlBaseVersion(target: Target): Version | undefined {
  if (target.flavor === "mysql") return target.version;
  if (target.flavor === "mariadb") return undefined;
  const mapping = load(target.flavor).file.baseVersions ?? [];
  let hit: string | undefined;
  for (const m of mapping) if (compareVersions(target.version, parseVersion(m.since)) >= 0) hit = m.mysql;
  if (!hit) return undefined;
  return hit === "same" ? target.version : parseVersion(hit);
}

/**
 * Refuses a Percona or Aurora release the catalogue maps to no MySQL release (Aurora MySQL 1, for
 * example): every variable would read as unknown.
 */
export function assertCatalogued(target: Target): Target {
  if (target.flavor === "mysql" || target.flavor === "mariadb" || mysqlBaseVersion(target)) return target;
  const first = load(target.flavor).file.baseVersions?.[0]?.since ?? "";
  throw new TargetError(`target ${target.label} is older than innolint's catalogue, which starts at ${target.flavor}-${first}`);
}

/** A target outside the release series the catalogue describes. */
export interface CatalogueGap {
  /** The target predates the first series, or comes after the last. */
  edge: "before" | "after";
  /** That series, named: "MySQL 5.7", "MariaDB 11.4". */
  series: string;
}

/**
 * Where the target falls outside the catalogue. Such a target is judged by what the catalogue
 * records: before its first series, it knows what later releases added, changed and removed, but
 * not what the target had that was gone by then; after its last, it does not know what came since.
 */
export function catalogueGap(target: Target): CatalogueGap | undefined {
  const flavor = target.flavor === "mariadb" ? "mariadb" : "mysql";
  const version = target.flavor === "mariadb" ? target.version : mysqlBaseVersion(target);
  const versions = load(flavor).file.versions;
  const first = versions[0];
  const last = versions[versions.length - 1];
  if (!version || !first || !last) return undefined;
  const product = flavor === "mariadb" ? "MariaDB" : "MySQL";
  if (!atLeast(version, first)) return { edge: "before", series: `${product} ${first}` };
  const l = parseVersion(last);
  if (version.major > l.major || (version.major === l.major && version.minor !== undefined && version.minor > (l.minor ?? 0))) {
    return { edge: "after", series: `${product} ${last}` };
  }
  return undefined;
}

function targetKey(target: Target): string {
  return `${target.flavor}|${target.version.major}.${target.version.minor ?? "x"}.${target.version.patch ?? "x"}`;
}

const lookups = new Map<string, Lookup>();

/**
 * Facts for a variable (name already normalised: '-' -> '_'; lower case is applied here too).
 * Memoised per target and name: rules ask for the same few variables for every statement.
 * The returned facts are shared; callers must not mutate them.
 */
export function lookupVariable(target: Target, name: string): Lookup {
  const key = `${targetKey(target)}|${name}`;
  let hit = lookups.get(key);
  if (!hit) {
    hit = resolveLookup(target, name);
    lookups.set(key, hit);
  }
  return hit;
}

function resolveLookup(target: Target, name: string): Lookup {
  const n = normalizeName(name);
  if (target.flavor === "mysql" || target.flavor === "mariadb") return lookupIn(target.flavor, target.version, n);
  // Percona XtraDB Cluster X.Y.Z is Percona Server X.Y.Z with the wsrep (Galera) variables added.
  if (target.flavor === "pxc") {
    const own = lookupIn("pxc", target.version, n);
    return own.status !== "unknown" ? own : resolveLookup({ ...target, flavor: "percona" }, n);
  }
  const own = lookupIn(target.flavor, target.version, n);
  const extendsBase = parsedRecord(target.flavor, n)?.record.extendsBase === true;
  if (own.status !== "unknown" && !extendsBase) return own;
  const base = mysqlBaseVersion(target);
  if (!base) return own;
  const inherited = lookupIn("mysql", base, n);
  if (!extendsBase || own.status !== "known" || inherited.status === "unknown") return inherited;
  // A boolean has no value list of its own: ON and OFF stay valid when it becomes an enumeration.
  const baseValues = inherited.facts.values ?? (inherited.facts.type === "boolean" ? ["OFF", "ON"] : []);
  const added = (own.facts.values ?? []).filter((v) => !baseValues.includes(v));
  const retyped = parsedRecord(target.flavor, n)!.entries.some(({ entry }) => entry.type !== undefined);
  return {
    ...inherited,
    facts: {
      ...inherited.facts,
      ...(retyped ? { type: own.facts.type } : {}),
      flavor: target.flavor,
      values: [...baseValues, ...added],
      sources: [...inherited.facts.sources, ...own.facts.sources],
    },
  };
}

/**
 * The release up to the target that dropped `member` from an enumeration's or set's values
 * (sql_mode's NO_AUTO_CREATE_USER in 8.0), with `approx` when that is a series boundary.
 */
export function memberRemovedIn(target: Target, name: string, member: string): { since: string; approx: boolean } | undefined {
  const flavor = target.flavor === "mariadb" ? "mariadb" : "mysql";
  const version = target.flavor === "mariadb" ? target.version : mysqlBaseVersion(target);
  const p = version && parsedRecord(flavor, normalizeName(name));
  if (!p) return undefined;
  const wanted = member.toLowerCase();
  let had = false;
  let removed: { since: string; approx: boolean } | undefined;
  for (const { entry, since } of p.entries) {
    if (compareVersions(version, since) < 0) break;
    if (!entry.values) continue;
    const has = entry.values.some((v) => String(v).toLowerCase() === wanted);
    if (had && !has) removed = { since: entry.since, approx: entry.approx === true };
    if (has) removed = undefined;
    had = has;
  }
  return removed;
}

/**
 * The flavours whose own catalogue records a name at some release, in FLAVORS order. A record that
 * only adds values to its base's variable (Percona's thread_handling) does not count.
 */
export function flavoursDefining(name: string): Flavor[] {
  const n = normalizeName(name);
  return FLAVORS.filter((f) => {
    const p = parsedRecord(f, n);
    return p !== undefined && p.record.extendsBase !== true;
  });
}

const namesCache = new Map<string, string[]>();

/** Every name valid for the target (for did-you-mean and completion), sorted. Cached per target. */
export function variableNames(target: Target): string[] {
  const key = targetKey(target);
  const cached = namesCache.get(key);
  if (cached) return [...cached];
  const out = new Set<string>();
  const add = (flavor: Flavor, version: Version) => {
    for (const name of recordNames(load(flavor))) {
      const l = lookupIn(flavor, version, name);
      // A name kept only to be ignored is no one's intended spelling.
      if (l.status === "known" && !l.facts.ignored) out.add(name);
    }
  };
  if (target.flavor === "mysql" || target.flavor === "mariadb") add(target.flavor, target.version);
  else if (target.flavor === "pxc") {
    add("pxc", target.version);
    add("percona", target.version);
    const base = mysqlBaseVersion(target);
    if (base) add("mysql", base);
  } else {
    add(target.flavor, target.version);
    const base = mysqlBaseVersion(target);
    if (base) add("mysql", base);
  }
  const names = [...out].sort();
  namesCache.set(key, names);
  return [...names];
}

const groupsCache = new Map<string, string[]>();

/** Option-file groups the target's server reads, in the order it reads them. */
export function optionGroups(target: Target): string[] {
  const key = targetKey(target);
  let groups = groupsCache.get(key);
  if (!groups) {
    groups = resolveOptionGroups(target);
    groupsCache.set(key, groups);
  }
  return [...groups];
}

function resolveOptionGroups(target: Target): string[] {
  const file = load(target.flavor).file;
  const version = target.flavor === "aurora-mysql" ? mysqlBaseVersion(target) : target.version;
  let groups: string[] = [];
  for (const e of file.optionGroups ?? []) {
    if (!version || compareVersions(version, parseVersion(e.since)) >= 0) groups = e.groups;
  }
  const series = version && version.minor !== undefined ? `${version.major}.${version.minor}` : undefined;
  return groups.flatMap((g) => (g.includes("{series}") ? (series ? [g.replace("{series}", series)] : []) : [g]));
}

/** The newest MySQL LTS series the catalogue knows of (e.g. "9.7"). */
export function newestMysqlLts(): string | undefined {
  const lts = load("mysql").file.lts ?? [];
  return [...lts].sort((a, b) => compareVersions(parseVersion(a.series), parseVersion(b.series))).pop()?.series;
}

export function isAutoDefault(value: unknown): value is AutoDefault {
  return typeof value === "object" && value !== null && typeof (value as AutoDefault).auto === "string";
}

import type { VariableFacts } from "../../catalogue/index.js";
import { inUnits, sig2 } from "../../figures.js";

/** How mysqld's option parser (my_getopt) reads a value, and what it does with a bad one. */
export type Interpretation =
  | { kind: "number"; value: number; raw: string }
  | { kind: "boolean"; value: boolean; raw: string; unrecognized?: boolean }
  | { kind: "enum"; value: string; raw: string }
  | { kind: "set"; value: string[]; raw: string }
  | { kind: "string"; value: string; raw: string }
  | { kind: "invalid"; raw: string; problem: string; fatal: boolean; unknownMembers?: string[] };

const SUFFIX: Record<string, number> = {
  k: 2 ** 10,
  m: 2 ** 20,
  g: 2 ** 30,
  t: 2 ** 40,
  p: 2 ** 50,
  e: 2 ** 60,
};

const INTEGER_TYPES = new Set<string>(["integer", "unsigned", "size"]);
const DOUBLE_TYPES = new Set<string>(["double"]);

export function isNumericType(type: string): boolean {
  return INTEGER_TYPES.has(type) || DOUBLE_TYPES.has(type);
}

/**
 * strtoll(…, 10) then one suffix letter: the parser looks only at the first character after the
 * digits, so "64MB" is read as 64M and "1.5G" fails on '.'.
 */
export function parseInteger(raw: string): { value: number } | { problem: string } {
  const m = /^\s*([+-]?\d*)(.*)$/s.exec(raw) as RegExpExecArray;
  const digits = m[1] as string;
  const rest = m[2] as string;
  let value = /\d/.test(digits) ? Number(digits) : 0;
  if (!Number.isSafeInteger(value) && Math.abs(value) > 2 ** 63) {
    return { problem: `"${raw}" is outside the 64-bit integer range` };
  }
  if (rest.length > 0) {
    const factor = SUFFIX[rest[0]!.toLowerCase()];
    if (factor === undefined) return { problem: `unknown suffix '${rest[0]}' in "${raw}" (use K, M, G, T, P or E)` };
    value *= factor;
  }
  return { value };
}

/** A rule option given as a number or a size string ("8M"), or the fallback when it is neither. */
export function sizeOption(value: unknown, fallback: number): number {
  if (typeof value === "number") return value;
  if (typeof value === "string") {
    const parsed = parseInteger(value);
    if ("value" in parsed) return parsed.value;
  }
  return fallback;
}

export function formatBytes(n: number): string {
  const units = ["", "K", "M", "G", "T", "P", "E"];
  let u = 0;
  let v = n;
  while (u < units.length - 1 && v >= 1024 && v % 1024 === 0) {
    v /= 1024;
    u++;
  }
  if (u === 0 && n >= 1024) return `${n} (${(n / 2 ** 20).toFixed(1)} MiB)`;
  return `${v}${units[u]}`;
}

/**
 * An estimate in the option files' units: exact when it is a whole number of K, M or G ("1920M"),
 * else "about 1.2G" rather than an unreadable "1310718K".
 */
export function approxBytes(n: number): string {
  const exact = formatBytes(Math.round(n));
  if (/^\d{1,4}[KMGTPE]$/.test(exact) || n < 1024) return exact;
  const { value, unit } = inUnits(n, ["", "K", "M", "G", "T", "P", "E"]);
  return `about ${sig2(value)}${unit}`;
}

/** Where the servers' option parsers (my_getopt) differ, by flavour and release. */
export interface GetoptDialect {
  /**
   * MariaDB and MySQL 8.0+ refuse a negative value for an unsigned option ("Incorrect unsigned
   * integer value"); MySQL 5.7 read it as 0 and raised it to the minimum.
   */
  rejectNegativeUnsigned: boolean;
  /**
   * MySQL 5.7+ refuses an empty value for a number or an enumeration (Bug #16102788); MariaDB
   * reads it as 0, or as the enumeration's first member.
   */
  rejectEmpty: boolean;
}

const STRICT: GetoptDialect = { rejectNegativeUnsigned: true, rejectEmpty: true };

export function interpret(facts: VariableFacts, raw: string | null, prefix: string | null, dialect: GetoptDialect = STRICT): Interpretation {
  // The option's argument can differ from the variable: log-bin takes a file base name.
  const type = facts.optionType ?? facts.type;
  if (type === "boolean") {
    if (prefix === "skip" || prefix === "disable") return { kind: "boolean", value: false, raw: raw ?? "" };
    if (raw === null) {
      if (facts.optionArg === "required") return { kind: "invalid", raw: "", problem: "the option requires a value (ON or OFF)", fatal: true };
      return { kind: "boolean", value: true, raw: "" };
    }
    const v = raw.toLowerCase();
    if (v === "1" || v === "on" || v === "true") return { kind: "boolean", value: true, raw };
    if (v === "0" || v === "off" || v === "false") return { kind: "boolean", value: false, raw };
    return { kind: "boolean", value: false, raw, unrecognized: true };
  }
  if (raw === null) {
    // A variable known only from the manual (skip-ssl) has no argument facts to hold a bare line against.
    if (prefix === "skip" || prefix === "disable" || facts.optionArg === "none" || facts.documentedOnly) return { kind: "string", value: "", raw: "" };
    if (facts.optionArg === "optional") return bareValue(facts, type);
    return { kind: "invalid", raw: "", problem: "the option requires a value", fatal: true };
  }
  if (facts.optionArg === "none") return { kind: "invalid", raw, problem: "the option takes no value", fatal: true };
  if (raw === "" && dialect.rejectEmpty && (INTEGER_TYPES.has(type) || DOUBLE_TYPES.has(type) || type === "enum")) {
    return { kind: "invalid", raw, problem: "the value is empty", fatal: true };
  }
  if (INTEGER_TYPES.has(type)) {
    const parsed = parseInteger(raw);
    if ("problem" in parsed) return { kind: "invalid", raw, problem: parsed.problem, fatal: true };
    const signed = type === "integer";
    if (!signed && parsed.value < 0 && dialect.rejectNegativeUnsigned) {
      return { kind: "invalid", raw, problem: `"${raw}" is negative, and the variable is unsigned`, fatal: true };
    }
    const value = signed ? parsed.value : Math.max(0, parsed.value);
    return { kind: "number", value, raw };
  }
  if (DOUBLE_TYPES.has(type)) {
    const value = Number(raw.trim());
    if ((raw.trim() === "" && dialect.rejectEmpty) || !Number.isFinite(value)) {
      return { kind: "invalid", raw, problem: `"${raw}" is not a decimal number`, fatal: true };
    }
    return { kind: "number", value, raw };
  }
  const values = facts.values ?? [];
  if (type === "enum") {
    if (values.length === 0) return { kind: "string", value: raw, raw };
    const found = findType(raw, values, false);
    if (found > 0) return { kind: "enum", value: values[found - 1] as string, raw };
    if (found < 0) return { kind: "invalid", raw, problem: ambiguous(raw, values), fatal: true };
    // my_getopt reads a number as the member's index; MariaDB's strtoul reads "" as 0.
    if ((/^\d+$/.test(raw) || raw === "") && Number(raw) < values.length) return { kind: "enum", value: values[Number(raw)] as string, raw };
    return { kind: "invalid", raw, problem: notMembers([raw], values), fatal: true, unknownMembers: [raw] };
  }
  if (type === "set") {
    if (values.length === 0) return { kind: "string", value: raw, raw };
    const set = findTypeset(raw, values);
    if (!("problems" in set)) return { kind: "set", value: set.members, raw };
    // my_getopt falls back to the set's bit mask as a number.
    if (/^\d+$/.test(raw) && BigInt(raw) < 1n << BigInt(values.length)) {
      return { kind: "set", value: values.filter((_, bit) => (BigInt(raw) >> BigInt(bit)) & 1n), raw };
    }
    const problems = [...set.problems, ...(set.unknown.length ? [notMembers(set.unknown, values)] : [])];
    return { kind: "invalid", raw, problem: problems.join("; "), fatal: true, ...(set.unknown.length ? { unknownMembers: set.unknown } : {}) };
  }
  return { kind: "string", value: raw, raw };
}

const isSeparator = (c: string | undefined) => c === "," || c === "=";

/**
 * mysys find_type(): 0 when nothing matches, -1 when the text abbreviates several names, else the
 * index + 1. Trailing spaces are skipped, leading ones are not. An unambiguous prefix counts only
 * where the text ends, and `rest` runs to the end of the whole value: in a list, only the last
 * member can be abbreviated.
 */
function findType(rest: string, names: string[], commaTerm: boolean): number {
  let found = 0;
  let foundAt = 0;
  for (let pos = 0; pos < names.length; pos++) {
    const name = names[pos] as string;
    let i = 0;
    while (i < rest.length && i < name.length && !(commaTerm && isSeparator(rest[i])) && rest[i]!.toUpperCase() === name[i]!.toUpperCase()) i++;
    if (i === name.length) {
      let k = i;
      while (rest[k] === " ") k++;
      if (k === rest.length || (commaTerm && isSeparator(rest[k]))) return pos + 1;
    }
    if (i === rest.length) {
      found++;
      foundAt = pos;
    }
  }
  if (found === 0 || rest === "") return 0;
  return found === 1 ? foundAt + 1 : -1;
}

/** mysys find_typeset(), reporting every member it would stop at rather than only the first. */
function findTypeset(raw: string, names: string[]): { members: string[] } | { problems: string[]; unknown: string[] } {
  const members: string[] = [];
  const problems: string[] = [];
  const unknown: string[] = [];
  let p = 0;
  while (p < raw.length) {
    const start = p;
    while (p < raw.length && !isSeparator(raw[p])) p++;
    const member = raw.slice(start, p);
    // The separator is skipped only when something follows it: a trailing comma is a member of its own.
    if (p < raw.length && p + 1 < raw.length) p++;
    const found = findType(raw.slice(start), names, true);
    if (found > 0) {
      members.push(names[found - 1] as string);
      continue;
    }
    // The server stops at the first bad member; innolint goes on to name them all, unless stuck on a trailing comma.
    if (p === start) p = raw.length;
    const trimmed = member.trim();
    const prefixOf = names.filter((n) => trimmed !== "" && n.toUpperCase().startsWith(trimmed.toUpperCase()));
    if (trimmed === "")
      problems.push(`an empty member in "${raw}" (a comma ${start === 0 ? "at the start" : start >= raw.length - 1 ? "at the end" : "doubled"})`);
    else if (found < 0) problems.push(ambiguous(member, names));
    else if (member !== member.trimStart() && findType(raw.slice(start).trimStart(), names, true) !== 0)
      problems.push(`"${member}" starts with a space, which the server does not skip after a comma`);
    else if (prefixOf.length === 1) problems.push(`"${member}" abbreviates ${prefixOf[0]}, which the server accepts only for the last member of the list`);
    else unknown.push(trimmed);
  }
  return problems.length || unknown.length ? { problems, unknown } : { members };
}

function ambiguous(text: string, names: string[]): string {
  const hits = names.filter((n) => n.toUpperCase().startsWith(text.toUpperCase()));
  return `"${text}" is ambiguous: it abbreviates ${hits.join(", ")}`;
}

/** Names what is not a member, listing the members worth naming (sql_mode keeps NOT_USED_9 and the like for retired bits). */
export function notMembers(bad: string[], values: string[]): string {
  const members = values.filter((v) => !/^NOT_USED(_\d+)?$/i.test(v)).join(", ");
  return bad.length === 1 ? `"${bad[0]}" is not one of ${members}` : `${bad.map((b) => `"${b}"`).join(", ")} not in ${members}`;
}

/**
 * An optional argument left out: my_getopt's setval() reads "1", so a number is 1, an enumeration
 * its member number 1, a set the bit mask 1 (its first member); a string option keeps its default.
 */
function bareValue(facts: VariableFacts, type: string): Interpretation {
  if (isNumericType(type)) return { kind: "number", value: 1, raw: "" };
  const values = facts.values ?? [];
  if (type === "enum" && values[1] !== undefined) return { kind: "enum", value: values[1], raw: "" };
  if (type === "set" && values[0] !== undefined) return { kind: "set", value: [values[0]], raw: "" };
  return { kind: "string", value: "", raw: "" };
}

/**
 * my_getopt's getopt_ll/ull_limit_value: clamp to max, round down to the block size, raise to min.
 * A double (getopt_double_limit_value) is only clamped: long_query_time = 0.5 stays 0.5.
 */
export function limitValue(facts: VariableFacts, value: number): number {
  let v = value;
  if (facts.max !== undefined && v > facts.max) v = facts.max;
  if (!DOUBLE_TYPES.has(facts.type)) {
    const block = facts.blockSize && facts.blockSize > 1 ? facts.blockSize : 1;
    v = Math.floor(v / block) * block;
  }
  if (facts.min !== undefined && v < facts.min) v = facts.min;
  return v;
}

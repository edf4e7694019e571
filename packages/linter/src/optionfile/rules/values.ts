import type { VariableFacts } from "../../catalogue/index.js";

/** How mysqld's option parser (my_getopt) reads a value, and what it does with a bad one. */
export type Interpretation =
  | { kind: "number"; value: number; raw: string }
  | { kind: "boolean"; value: boolean; raw: string; unrecognized?: boolean }
  | { kind: "enum"; value: string; raw: string }
  | { kind: "set"; value: string[]; raw: string }
  | { kind: "string"; value: string; raw: string }
  | { kind: "invalid"; raw: string; problem: string; fatal: boolean };

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
  const units = ["", "K", "M", "G", "T", "P", "E"];
  let u = 0;
  let v = n;
  while (u < units.length - 1 && v >= 1024) {
    v /= 1024;
    u++;
  }
  return `about ${v >= 100 ? Math.round(v) : v.toFixed(1)}${units[u]}`;
}

/**
 * `rejectNegativeUnsigned`: MariaDB and MySQL 8.0+ refuse a negative value for an unsigned option
 * ("Incorrect unsigned integer value"); MySQL 5.7 read it as 0 and raised it to the minimum.
 */
export function interpret(
  facts: VariableFacts,
  raw: string | null,
  prefix: string | null,
  rejectNegativeUnsigned = true,
): Interpretation {
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
    if (prefix === "skip" || prefix === "disable" || facts.optionArg === "none") return { kind: "string", value: "", raw: "" };
    if (facts.optionArg === "optional") return bareValue(facts, type);
    return { kind: "invalid", raw: "", problem: "the option requires a value", fatal: true };
  }
  if (facts.optionArg === "none") return { kind: "invalid", raw, problem: "the option takes no value", fatal: true };
  if (INTEGER_TYPES.has(type)) {
    const parsed = parseInteger(raw);
    if ("problem" in parsed) return { kind: "invalid", raw, problem: parsed.problem, fatal: true };
    const signed = type === "integer";
    if (!signed && parsed.value < 0 && rejectNegativeUnsigned) {
      return { kind: "invalid", raw, problem: `"${raw}" is negative, and the variable is unsigned`, fatal: true };
    }
    const value = signed ? parsed.value : Math.max(0, parsed.value);
    return { kind: "number", value, raw };
  }
  if (DOUBLE_TYPES.has(type)) {
    const value = Number(raw.trim());
    if (raw.trim() === "" || !Number.isFinite(value)) {
      return { kind: "invalid", raw, problem: `"${raw}" is not a decimal number`, fatal: true };
    }
    return { kind: "number", value, raw };
  }
  const values = facts.values ?? [];
  if (type === "enum") {
    const hit = values.find((v) => v.toLowerCase() === raw.toLowerCase());
    if (hit !== undefined) return { kind: "enum", value: hit, raw };
    if (/^\d+$/.test(raw) && Number(raw) < values.length) return { kind: "enum", value: values[Number(raw)] as string, raw };
    if (values.length === 0) return { kind: "string", value: raw, raw };
    return { kind: "invalid", raw, problem: `"${raw}" is not one of ${values.join(", ")}`, fatal: true };
  }
  if (type === "set") {
    if (values.length === 0) return { kind: "string", value: raw, raw };
    const members = raw === "" ? [] : raw.split(",").map((s) => s.trim());
    const bad = members.filter((m) => !values.some((v) => v.toLowerCase() === m.toLowerCase()));
    if (bad.length > 0 && !/^\d+$/.test(raw)) {
      return { kind: "invalid", raw, problem: `${bad.map((b) => `"${b}"`).join(", ")} not in ${values.join(", ")}`, fatal: true };
    }
    return { kind: "set", value: members, raw };
  }
  return { kind: "string", value: raw, raw };
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

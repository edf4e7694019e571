import { posix } from "node:path";
import type { VariableFacts } from "../catalogue/index.js";
import type { Severity } from "../finding.js";
import type { OptionFacts, ResolvedOption } from "../optionfile/rules/facts.js";
import { formatBytes, interpret, isNumericType } from "../optionfile/rules/values.js";

/** What the drift rule compares an option file with: the values a server runs with. */
export interface LiveVariables {
  readonly server: string;
  variable(name: string): string | undefined;
  /** Where the running value came from, when the server says (GLOBAL_VALUE_ORIGIN / VARIABLE_SOURCE). */
  origin(name: string): string | undefined;
  /** The option file the running value was read from, when the server records it. */
  originFile(name: string): string | undefined;
}

export interface DriftFacts {
  /** The option file, judged for the live server's target. */
  file: OptionFacts;
  live: LiveVariables;
}

const SUFFIX = "kmgtpe";

/** An integer option value as mysqld reads it (digits, then one suffix letter), exactly. */
function bigInteger(raw: string): bigint | undefined {
  const m = /^\s*([+-]?\d+)\s*([a-z]?)/i.exec(raw);
  if (!m) return undefined;
  const letter = (m[2] as string).toLowerCase();
  const power = letter ? SUFFIX.indexOf(letter) + 1 : 0;
  if (letter && power === 0) return undefined;
  return BigInt(m[1] as string) * 1024n ** BigInt(power);
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/** The value the server would run with for a file's integer: clamped to the range, rounded to the block size. */
function limitBig(facts: VariableFacts, value: bigint): bigint | "max" {
  if (facts.max !== undefined) {
    // Catalogue maxima beyond 2^53 are not exact as JSON numbers: treat anything near them as "the maximum".
    const max = BigInt(Math.round(facts.max));
    if (value >= max) return facts.max >= Number.MAX_SAFE_INTEGER ? "max" : max;
  }
  let v = value;
  if (facts.blockSize && facts.blockSize > 1) v -= v % BigInt(facts.blockSize);
  if (facts.min !== undefined && v < BigInt(Math.round(facts.min))) v = BigInt(Math.round(facts.min));
  return v;
}

/**
 * SQL modes that stand for a list of others; the server reports the members as well. MySQL 8.0 and
 * MariaDB manuals, "Combination SQL Modes".
 */
const SQL_MODE_COMBINATIONS: Record<string, string[]> = {
  ANSI: ["REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "ONLY_FULL_GROUP_BY"],
  TRADITIONAL: [
    "STRICT_TRANS_TABLES",
    "STRICT_ALL_TABLES",
    "NO_ZERO_IN_DATE",
    "NO_ZERO_DATE",
    "ERROR_FOR_DIVISION_BY_ZERO",
    "NO_AUTO_CREATE_USER",
    "NO_ENGINE_SUBSTITUTION",
  ],
  DB2: ["PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS"],
  MAXDB: ["PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS", "NO_AUTO_CREATE_USER"],
  MSSQL: ["PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS"],
  ORACLE: ["PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS", "NO_AUTO_CREATE_USER"],
  POSTGRESQL: ["PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "NO_KEY_OPTIONS", "NO_TABLE_OPTIONS", "NO_FIELD_OPTIONS"],
};

function setMembers(value: string, variable: string): Set<string> {
  const members = value
    .split(",")
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m !== "");
  const out = new Set(members);
  if (variable === "sql_mode") for (const m of members) for (const implied of SQL_MODE_COMBINATIONS[m] ?? []) out.add(implied);
  return out;
}

/** Servers report utf8 as utf8mb3 (MySQL 8.0.30+, MariaDB 10.6+). */
function charsetAlias(value: string): string {
  return value.toLowerCase().replace(/^utf8(?=$|_)/, "utf8mb3");
}

function looksLikePath(v: string): boolean {
  return v.startsWith("/") || v.startsWith("./") || v.startsWith("../") || /^[A-Za-z]:[\\/]/.test(v);
}

/** Paths compared after normalisation; a relative one is resolved against the server's datadir. */
function normalPath(v: string, datadir: string | undefined): string {
  const slashed = v.replace(/\\/g, "/");
  const absolute = slashed.startsWith("/") || !datadir ? slashed : posix.join(datadir, slashed);
  const n = posix.normalize(absolute);
  return n.length > 1 ? n.replace(/\/+$/, "") : n;
}

/** `flag=on,flag=off` lists (optimizer_switch): the server merges the given flags into its defaults. */
function flagList(v: string): Map<string, string> | undefined {
  const parts = v
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (parts.length === 0 || !parts.every((p) => /^[A-Za-z_][A-Za-z0-9_]*=\S+$/.test(p))) return undefined;
  return new Map(parts.map((p) => [p.split("=")[0]!.toLowerCase(), p.split("=")[1]!.toLowerCase()]));
}

export type Comparison = { same: true } | { same: false; expected: string; running: string };

export function compare(o: ResolvedOption, running: string, live: LiveVariables, facts: VariableFacts | undefined): Comparison | undefined {
  const name = o.variable;
  const raw = o.entry.value ?? "";
  const differ = (expected: string, shown: string = running): Comparison => ({ same: false, expected, running: shown });
  // As an option, log-bin names the log files and turns logging on; the variable says ON or OFF.
  if (name === "log_bin") {
    const expected = o.entry.prefix === "skip" || o.entry.prefix === "disable" ? "OFF" : "ON";
    return running.toUpperCase() === expected ? { same: true } : differ(expected);
  }
  const type = facts?.type ?? (bigInteger(raw) !== undefined && /^\d+$/.test(running) ? "size" : /^(on|off|true|false)$/i.test(running) ? "boolean" : "string");
  const bytes = facts?.unit === "bytes";
  const show = (n: bigint) => (bytes && n <= SAFE ? formatBytes(Number(n)) : String(n));
  if (type === "boolean") {
    const file = o.interpretation?.kind === "boolean" ? o.interpretation : facts ? interpret(facts, o.entry.value, o.entry.prefix) : undefined;
    if (file?.kind !== "boolean" || file.unrecognized) return undefined;
    const now = /^(1|on|true|yes)$/i.test(running) ? true : /^(0|off|false|no)$/i.test(running) ? false : undefined;
    if (now === undefined || now === file.value) return now === undefined ? undefined : { same: true };
    return differ(file.value ? "ON" : "OFF");
  }
  if (type === "double") {
    const file = Number(raw.trim());
    const now = Number(running);
    if (!Number.isFinite(file) || !Number.isFinite(now)) return undefined;
    // SHOW VARIABLES prints doubles with six decimals.
    return Math.abs(file - now) <= 1e-6 * Math.max(1, Math.abs(file)) ? { same: true } : differ(raw);
  }
  if (isNumericType(type)) {
    if (o.interpretation?.kind === "invalid") return undefined;
    const given = bigInteger(raw);
    if (given === undefined || !/^-?\d+$/.test(running.trim())) return undefined;
    const now = BigInt(running.trim());
    const limited = facts ? limitBig(facts, given) : given;
    if (limited === "max") return now >= SAFE ? { same: true } : differ(raw, show(now));
    if (limited === now) return { same: true };
    if (name === "innodb_buffer_pool_size") {
      // Rounded up to a multiple of chunk size × instances (MySQL, and MariaDB before 10.11.12's rework).
      const chunk = BigInt(live.variable("innodb_buffer_pool_chunk_size") ?? "0");
      const instances = BigInt(live.variable("innodb_buffer_pool_instances") ?? "1");
      const unit = chunk * (instances > 0n ? instances : 1n);
      if (unit > 0n && ((limited + unit - 1n) / unit) * unit === now) return { same: true };
    }
    return differ(limited === given ? raw : `${raw} (${show(limited)} after the server's limits)`, show(now));
  }
  if (type === "set" || type === "enum") {
    if (o.interpretation?.kind === "invalid") return undefined;
    if (type === "enum") {
      const file = o.interpretation?.kind === "enum" ? o.interpretation.value : raw;
      return charsetAlias(file) === charsetAlias(running) ? { same: true } : differ(file);
    }
    // The file's members as the server expanded them (an abbreviated last member, any case).
    const a = setMembers(o.interpretation?.kind === "set" ? o.interpretation.value.join(",") : raw, name);
    const b = setMembers(running, name);
    return a.size === b.size && [...a].every((m) => b.has(m)) ? { same: true } : differ(raw);
  }
  const flags = flagList(raw);
  const runningFlags = flags && flagList(running);
  if (flags && runningFlags) {
    const off = [...flags].filter(([k, v]) => runningFlags.get(k) !== v);
    return off.length === 0
      ? { same: true }
      : differ(off.map(([k, v]) => `${k}=${v}`).join(","), off.map(([k]) => `${k}=${runningFlags.get(k) ?? "(absent)"}`).join(","));
  }
  if (looksLikePath(raw) || looksLikePath(running)) {
    const datadir = live.variable("datadir");
    return normalPath(raw, datadir) === normalPath(running, datadir) ? { same: true } : differ(raw);
  }
  // Names (engines, character sets, collations, time zones): the server does not distinguish case.
  return charsetAlias(raw.trim()) === charsetAlias(running.trim()) ? { same: true } : differ(raw);
}

/** Why the running value differs, from where the server says it came from. */
export function explanation(
  origin: string | undefined,
  originFile: string | undefined,
  here: string,
  expected: string,
  variable: string,
): { why: string; severity?: Severity; persist: boolean } {
  if (originFile) {
    return originFile === here
      ? { why: "the server read it from this file at startup, so the line changed since; a restart applies it", persist: false }
      : { why: `the server read it from ${originFile}, which overrides this file (or is read instead of it)`, persist: false };
  }
  switch (origin?.toUpperCase()) {
    case "SQL":
    case "DYNAMIC":
      return { why: `it was changed at run time (SET GLOBAL) and never written to this file, so the next restart returns it to ${expected}`, persist: true };
    case "PERSISTED":
      return { why: "it was set with SET PERSIST: mysqld-auto.cnf overrides this file at every start", persist: false };
    case "AUTO":
      return {
        why: `the server adjusted it at startup (from other settings or the host's limits), so ${variable} here is not what runs`,
        severity: "info",
        persist: false,
      };
    case "COMMAND-LINE":
    case "COMMAND_LINE":
      return { why: "the server's command line sets it, and the command line overrides option files", persist: false };
    case "COMPILE-TIME":
    case "COMPILED":
      return {
        why: "the server runs its compiled-in default, so it did not read this line: the line was added after the last restart, or the server reads another file or group",
        persist: false,
      };
    case "ENVIRONMENT":
      return { why: "the server took it from its environment", persist: false };
    case "CONFIG":
    case "GLOBAL":
    case "SERVER":
    case "EXPLICIT":
    case "EXTRA":
    case "USER":
    case "LOGIN":
      return { why: "the server read it from an option file at startup: this file changed since, or another option file overrides this line", persist: false };
    default:
      return { why: "the server does not say where the running value came from", persist: false };
  }
}

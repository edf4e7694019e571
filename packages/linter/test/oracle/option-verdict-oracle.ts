/**
 * The MariaDB option-verdict oracle: every variable name of the MariaDB catalogue
 * (rules/variables/mariadb*.json) and of the MySQL catalogue (mysql*.json), each alone under
 * [mysqld] with a plausible value, given to the installed `mariadbd --defaults-file=F --help
 * --verbose`. The server's verdict per name: it starts silently, starts with a warning (the
 * warning's text), or refuses (exit status and message).
 *
 * Cached in .oracle/mariadb-option-verdicts.json (gitignored), regenerated when the installed
 * `mariadbd --version` differs from the cache's, or when this file is newer than the cache; names
 * already judged with the same value are reused. Run option-verdict-cli.ts to force it and print the
 * counts: `npx vite-node packages/linter/test/oracle/option-verdict-cli.ts -- --force`.
 */
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
export const OPTION_ORACLE_FILE = join(REPO_ROOT, ".oracle", "mariadb-option-verdicts.json");
const CATALOGUE_DIR = join(REPO_ROOT, "rules", "variables");
/** innolint's disagreements with the server, reviewed: each is expected to change when the rules are fixed. */
export const KNOWN_DISAGREEMENTS_FILE = join(REPO_ROOT, "fixtures", "real-world", "mariadb-option-verdicts.known.json");

export type ServerVerdict = "silent" | "warning" | "refuses";

export interface OptionCase {
  name: string;
  /** Which catalogues name it. */
  from: ("mariadb" | "mysql")[];
  /** The option line's value; null for a bare line. */
  value: string | null;
}

export interface OptionVerdict extends OptionCase {
  verdict: ServerVerdict;
  rc: number;
  /** The server's stderr lines that an empty [mysqld] does not print, timestamps removed. */
  messages: string[];
  /** Why it refused: the name ("unknown variable/option") or the value. */
  cause?: "name" | "value";
  /** Values tried before this one, each refused for its value. */
  refusedValues?: string[];
}

export interface OptionOracle {
  version: string;
  baseline: string[];
  cases: OptionVerdict[];
}

interface Facts {
  type?: string;
  optionArg?: string;
  default?: unknown;
  min?: number;
  values?: string[];
  removed?: boolean;
}

/** A record's facts as of its last release before any removal. */
function lastFacts(history: (Facts & { since: string })[]): Facts {
  const merged: Facts = {};
  for (const entry of history) {
    if (entry.removed) break;
    Object.assign(merged, entry);
  }
  return merged;
}

function catalogueRecords(prefix: "mariadb" | "mysql"): Map<string, Facts> {
  const out = new Map<string, Facts>();
  const files = readdirSync(CATALOGUE_DIR)
    .filter((f) => f.startsWith(prefix) && f.endsWith(".json"))
    .sort();
  for (const file of files) {
    const data = JSON.parse(readFileSync(join(CATALOGUE_DIR, file), "utf8")) as {
      flavor?: string;
      variables?: Record<string, { history: (Facts & { since: string })[] }>;
    };
    if (data.flavor !== prefix || !data.variables) continue;
    for (const [name, record] of Object.entries(data.variables)) out.set(name, lastFacts(record.history));
  }
  return out;
}

/** A value the server parses for this type, so that a refusal speaks about the name. */
export function plausibleValue(name: string, facts: Facts): string | null {
  if (facts.optionArg === "none") return null;
  const d = facts.default;
  const isAuto = typeof d === "object" && d !== null;
  switch (facts.type) {
    case "boolean":
      return d === true ? "ON" : "OFF";
    case "enum":
      return typeof d === "string" && d !== "" ? d : (facts.values?.[0] ?? "");
    case "set":
    case "flagset":
      return typeof d === "string" ? d : "";
    case "integer":
    case "unsigned":
    case "size":
    case "double":
      if (typeof d === "number" && !isAuto) return String(d);
      return String(facts.min ?? 0);
    default:
      if (typeof d === "string" && d !== "") return d;
      return /file|dir|path|socket|log/.test(name) ? `/tmp/${name}` : "x";
  }
}

export function optionCases(): OptionCase[] {
  const maria = catalogueRecords("mariadb");
  const mysql = catalogueRecords("mysql");
  const names = [...new Set([...maria.keys(), ...mysql.keys()])].sort();
  return names.map((name) => {
    const from: OptionCase["from"] = [];
    if (maria.has(name)) from.push("mariadb");
    if (mysql.has(name)) from.push("mysql");
    return { name, from, value: plausibleValue(name, maria.get(name) ?? mysql.get(name)!) };
  });
}

export function optionLine(name: string, value: string | null): string {
  return value === null ? name : `${name} = ${value}`;
}

export function findMariadbd(): string | undefined {
  for (const bin of ["mariadbd", "/usr/sbin/mariadbd", "/usr/local/bin/mariadbd"]) {
    try {
      execFileSync(bin, ["--version"], { stdio: "pipe" });
      return bin;
    } catch {
      /* try the next */
    }
  }
  return undefined;
}

export function mariadbdVersion(bin: string): string {
  return execFileSync(bin, ["--version"], { encoding: "utf8" }).trim();
}

/** Depends on the machine's open-files limit and the values' sum, not on the option's name. */
const ENVIRONMENT = /Could not increase number of max_open_files/;

function stripStamp(line: string): string {
  return line.replace(/^\d{4}-\d\d-\d\d\s+\d+:\d\d:\d\d\s+\d+\s+/, "").trim();
}

/**
 * `datadir`, when given, is a directory of the caller's own: mariadbd probes the data directory's
 * case sensitivity with a scratch file, and two servers probing one directory race on it.
 */
function runServer(bin: string, file: string, datadir?: string): Promise<{ rc: number; lines: string[] }> {
  return new Promise((done) => {
    execFile(
      bin,
      [`--defaults-file=${file}`, ...(datadir ? [`--datadir=${datadir}`] : []), "--help", "--verbose"],
      { maxBuffer: 64 << 20, timeout: 60_000 },
      (error, _stdout, stderr) => {
        const rc = error ? (typeof error.code === "number" ? error.code : 255) : 0;
        const lines = String(stderr)
          .split("\n")
          .map(stripStamp)
          .filter((l) => l !== "" && !ENVIRONMENT.test(l));
        done({ rc, lines });
      },
    );
  });
}

const UNKNOWN_NAME = /unknown (variable|option)|ambiguous option/i;

/** Values to try after a refusal that names the value, in order. */
function fallbacks(value: string | null): (string | null)[] {
  return [null, "ON", "1", "0", "", "/tmp/x"].filter((v) => v !== value);
}

async function judge(bin: string, dir: string, datadir: string, baseline: Set<string>, c: OptionCase): Promise<OptionVerdict> {
  const file = join(dir, `${c.name}.cnf`);
  const refused: string[] = [];
  let first: OptionVerdict | undefined;
  for (const value of [c.value, ...fallbacks(c.value)]) {
    writeFileSync(file, `[mysqld]\n${optionLine(c.name, value)}\n`);
    // The case's own datadir line is the one to judge, so it gets no directory from the command line.
    const { rc, lines } = await runServer(bin, file, c.name === "datadir" ? undefined : datadir);
    const messages = lines.filter((l) => !baseline.has(l));
    const verdict: ServerVerdict = rc !== 0 ? "refuses" : messages.length > 0 ? "warning" : "silent";
    const result: OptionVerdict = { ...c, value, verdict, rc, messages };
    if (verdict !== "refuses") return refused.length ? { ...result, refusedValues: refused } : result;
    result.cause = messages.some((m) => UNKNOWN_NAME.test(m)) ? "name" : "value";
    first ??= result;
    if (result.cause === "name") return result;
    refused.push(value === null ? "(bare)" : value);
  }
  return first!;
}

function loadCache(): OptionOracle | undefined {
  if (!existsSync(OPTION_ORACLE_FILE)) return undefined;
  try {
    return JSON.parse(readFileSync(OPTION_ORACLE_FILE, "utf8")) as OptionOracle;
  } catch {
    return undefined;
  }
}

/**
 * Brings the cache up to date with the installed server and the catalogue. Returns why it could
 * not (no server and no cache), or null.
 */
export async function ensureOptionOracle(force = false, jobs = 2): Promise<string | null> {
  const bin = findMariadbd();
  const cached = loadCache();
  if (!bin) return cached ? null : "mariadbd not found (apt-get install mariadb-server)";
  const version = mariadbdVersion(bin);
  const cases = optionCases();
  const stale = !cached || cached.version !== version || statSync(fileURLToPath(import.meta.url)).mtimeMs > statSync(OPTION_ORACLE_FILE).mtimeMs;
  const reuse = new Map<string, OptionVerdict>();
  if (cached && !stale && !force) for (const v of cached.cases) reuse.set(`${v.name}\0${v.value}`, v);
  const todo = cases.filter((c) => !reuse.has(`${c.name}\0${c.value}`));
  if (todo.length === 0 && cached && cached.cases.length === cases.length) return null;

  const dir = mkdtempSync(join(tmpdir(), "innolint-option-oracle-"));
  try {
    const empty = join(dir, "empty.cnf");
    writeFileSync(empty, "[mysqld]\n");
    const base = await runServer(bin, empty, dir);
    if (base.rc !== 0) throw new Error(`${bin} --defaults-file=${empty} --help --verbose exited ${base.rc}: ${base.lines.join(" | ")}`);
    const baseline = new Set(base.lines);
    const results = new Map<string, OptionVerdict>();
    let next = 0;
    const worker = async (i: number) => {
      const datadir = join(dir, `data${i}`);
      mkdirSync(datadir);
      while (next < todo.length) {
        const c = todo[next++]!;
        results.set(`${c.name}\0${c.value}`, await judge(bin, dir, datadir, baseline, c));
      }
    };
    await Promise.all(Array.from({ length: jobs }, (_, i) => worker(i)));
    const all = cases.map((c) => {
      const key = `${c.name}\0${c.value}`;
      const v = results.get(key) ?? reuse.get(key)!;
      return { ...v, from: c.from };
    });
    mkdirSync(dirname(OPTION_ORACLE_FILE), { recursive: true });
    const oracle: OptionOracle = { version, baseline: [...baseline], cases: all };
    writeFileSync(OPTION_ORACLE_FILE, `${JSON.stringify(oracle, null, 1)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return null;
}

export function loadOptionOracle(): OptionOracle {
  const oracle = loadCache();
  if (!oracle) throw new Error(`${OPTION_ORACLE_FILE}: missing or unreadable; run ensureOptionOracle() first`);
  return oracle;
}

export type InnolintVerdict = ServerVerdict;

export interface Disagreement {
  name: string;
  value: string | null;
  server: ServerVerdict;
  /** The server's first message, when it printed one. */
  serverSays?: string;
  innolint: InnolintVerdict;
  rules: string[];
}

/** What a lint of one case file means for startup: an error says it refuses, a warning that it warns. */
export function innolintVerdict(findings: { rule: string; severity: string }[], inputErrors: number): InnolintVerdict {
  if (inputErrors > 0 || findings.some((f) => f.severity === "error")) return "refuses";
  return findings.some((f) => f.severity === "warning") ? "warning" : "silent";
}

/** The names whose innolint verdict differs from the server's, sorted by name. */
export function disagreements(
  oracle: OptionOracle,
  lint: Map<string, { findings: { rule: string; severity: string }[]; inputErrors: number }>,
): Disagreement[] {
  const out: Disagreement[] = [];
  for (const c of oracle.cases) {
    const got = lint.get(c.name) ?? { findings: [], inputErrors: 0 };
    const verdict = innolintVerdict(got.findings, got.inputErrors);
    if (verdict === c.verdict) continue;
    const d: Disagreement = { name: c.name, value: c.value, server: c.verdict, innolint: verdict, rules: [...new Set(got.findings.map((f) => f.rule))].sort() };
    if (c.messages[0]) d.serverSays = c.messages[0];
    out.push(d);
  }
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

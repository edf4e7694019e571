/**
 * The sqlglot oracle: statements from MariaDB's own test suite (Debian package mariadb-test-data)
 * of the kinds sqlglot parses structurally (CREATE INDEX, ALTER TABLE ... ADD INDEX/KEY, DROP
 * TABLE, TRUNCATE, SET, SELECT), with the facts sqlglot (Python, read="mysql") finds in each.
 *
 * Both live under .oracle/ (gitignored): sqlglot-corpus.jsonl is rebuilt when missing or older
 * than this file; sqlglot-facts.jsonl when missing, older than the corpus or than sqlglot_facts.py,
 * or made by another sqlglot version than the one installed. scripts/setup.sh --oracles installs
 * sqlglot. INNOLINT_SQLGLOT_REBUILD=1 forces both to be rebuilt.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");
export const MYSQL_TEST_ROOT = "/usr/share/mysql/mysql-test";
export const CORPUS_FILE = join(REPO_ROOT, ".oracle", "sqlglot-corpus.jsonl");
export const FACTS_FILE = join(REPO_ROOT, ".oracle", "sqlglot-facts.jsonl");
const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), "sqlglot_facts.py");
const SELF = fileURLToPath(import.meta.url);

export type CorpusKind = "create-index" | "alter-add-index" | "drop-table" | "truncate-table" | "set" | "select";

/**
 * Leading keywords of each kind, and the share of its statements the corpus keeps (about 4,200 in
 * all). A statement is kept when its id, read as a fraction, is below the share: a choice that
 * does not move when other statements come or go with a new mariadb-test-data.
 */
const KINDS: { kind: CorpusKind; re: RegExp; share: number }[] = [
  { kind: "create-index", re: /^create\s+(?:or\s+replace\s+)?(?:unique\s+|fulltext\s+|spatial\s+)?index\b/i, share: 1 },
  {
    kind: "alter-add-index",
    re: /^alter\s+(?:online\s+|ignore\s+)*table\s+\S+\s+add\s+(?:constraint\s+(?!foreign\b)\S+\s+)?(?:unique\s+|fulltext\s+|spatial\s+|primary\s+)?(?:index|key)\b/i,
    share: 1,
  },
  { kind: "drop-table", re: /^drop\s+(?:temporary\s+)?table\b/i, share: 1 / 6 },
  { kind: "truncate-table", re: /^truncate\s+(?:table\s+)?[\w`]/i, share: 1 },
  { kind: "set", re: /^set\b/i, share: 1 / 20 },
  { kind: "select", re: /^select\b/i, share: 1 / 30 },
];

export interface CorpusRow {
  /** First 10 hex digits of the statement's SHA-1: stable while the statement is in the corpus. */
  id: string;
  /** The mysql-test file, relative to MYSQL_TEST_ROOT. */
  file: string;
  kind: CorpusKind;
  sql: string;
}

export interface SqlglotTable {
  schema?: string;
  name: string;
}

export type SqlglotAssignment = { variable: string; scope: string; value: string } | { other: string };

export interface SqlglotRow {
  id: string;
  /** False when sqlglot raised or fell back to an opaque exp.Command. */
  parsed: boolean;
  kind?: string;
  error?: string;
  tables?: SqlglotTable[];
  indexes?: string[][];
  set?: SqlglotAssignment[];
  where?: { table: string; columns: string[] }[];
}

export interface SqlglotOracle {
  sqlglotVersion: string;
  corpus: CorpusRow[];
  /** By corpus id. */
  facts: Map<string, SqlglotRow>;
}

/**
 * A .test file as mysqltest splits it: statements end at the current delimiter; lines starting
 * with # or -- between statements are comments or mysqltest commands. Mirrors the splitting of
 * shared/tools/extract_partition_ddl.py, and also skips the bodies of perl / write_file /
 * append_file blocks (up to their terminator, EOF by default), and notes statements that an
 * `--error` (or `error`) command says must fail: those are often deliberate syntax errors.
 */
/** mysqltest commands whose following lines, up to a terminator, are not SQL. */
const BLOCK = /^(?:--\s*)?(perl|write_file|append_file)\b([^;]*);?$/i;

export function splitTestFile(text: string): { sql: string; expectsError: boolean }[] {
  const out: { sql: string; expectsError: boolean }[] = [];
  let delimiter = ";";
  let buf: string[] = [];
  let expectsError = false;
  let blockEnd: string | undefined;
  for (const line of text.split("\n")) {
    const s = line.trim();
    if (blockEnd !== undefined) {
      if (s === blockEnd) blockEnd = undefined;
      continue;
    }
    const block = buf.length === 0 ? BLOCK.exec(s) : null;
    if (block) {
      const args = (block[2] ?? "")
        .trim()
        .split(/\s+/)
        .filter((a) => a !== "");
      blockEnd = (block[1]?.toLowerCase() === "perl" ? args[0] : args[1]) ?? "EOF";
      continue;
    }
    if (buf.length === 0 && (s === "" || s.startsWith("#") || s.startsWith("--"))) {
      if (/^--\s*error\b/i.test(s)) expectsError = true;
      continue;
    }
    const m = /^delimiter\s+(\S+)/i.exec(s);
    if (buf.length === 0 && m) {
      const d = m[1] as string;
      delimiter = d.endsWith(delimiter) && d.length > delimiter.length ? d.slice(0, -delimiter.length) : d;
      continue;
    }
    buf.push(line);
    if (s.endsWith(delimiter)) {
      const joined = buf.join("\n").trim();
      const sql = joined.slice(0, -delimiter.length).trim();
      buf = [];
      if (/^error\s/i.test(sql)) {
        expectsError = true;
        continue;
      }
      out.push({ sql, expectsError });
      expectsError = false;
    }
  }
  return out;
}

function testFiles(dir: string): string[] {
  const entries = readdirSync(dir, { recursive: true, encoding: "utf8" });
  return entries
    .filter((e) => e.endsWith(".test"))
    .map((e) => join(dir, e))
    .filter((f) => statSync(f).isFile())
    .sort();
}

/** The statements of the selected kinds, deduplicated, each kind thinned to its share. */
export function buildCorpus(root = MYSQL_TEST_ROOT): CorpusRow[] {
  const byKind = new Map<CorpusKind, CorpusRow[]>(KINDS.map((k) => [k.kind, []]));
  const seen = new Set<string>();
  for (const file of testFiles(root)) {
    for (const { sql, expectsError } of splitTestFile(readFileSync(file, "utf8"))) {
      // "$": mysqltest variables. U+FFFD: the file is not UTF-8 there, and the statement read is not the test's.
      if (expectsError || sql.includes("$") || sql.includes("\uFFFD") || seen.has(sql)) continue;
      seen.add(sql);
      const kind = KINDS.find((k) => k.re.test(sql));
      const id = createHash("sha1").update(sql).digest("hex").slice(0, 10);
      if (kind && parseInt(id.slice(0, 8), 16) < kind.share * 2 ** 32) {
        byKind.get(kind.kind)?.push({ id, file: relative(root, file), kind: kind.kind, sql });
      }
    }
  }
  return KINDS.flatMap((k) => byKind.get(k.kind) ?? []);
}

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as T);
}

/** Writes via a private temporary file: others may run the tests in the same tree at once. */
function writeAtomically(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

const mtime = (file: string) => statSync(file).mtimeMs;

/** The installed sqlglot's version, or why there is none. */
function installedSqlglot(): { version: string } | { why: string } {
  try {
    execFileSync("python3", ["--version"], { stdio: "ignore" });
  } catch {
    return { why: "python3 is not installed" };
  }
  try {
    const version = execFileSync("python3", ["-c", "import sqlglot; print(sqlglot.__version__)"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    }).trim();
    return { version };
  } catch {
    return { why: "the Python package sqlglot is not installed (scripts/setup.sh --oracles, or pip install sqlglot)" };
  }
}

function readFacts(): { version: string; facts: Map<string, SqlglotRow> } {
  const lines = readJsonl<SqlglotRow & { meta?: { sqlglot: string } }>(FACTS_FILE);
  const version = lines[0]?.meta?.sqlglot ?? "unknown";
  return { version, facts: new Map(lines.filter((l) => !l.meta).map((l) => [l.id, l])) };
}

/** The corpus and sqlglot's facts, (re)built as needed; or why they cannot be had here. */
export function loadSqlglotOracle(force = process.env.INNOLINT_SQLGLOT_REBUILD === "1"): SqlglotOracle | { unavailable: string } {
  if (force || !existsSync(CORPUS_FILE) || mtime(CORPUS_FILE) < mtime(SELF)) {
    if (!existsSync(MYSQL_TEST_ROOT)) {
      if (!existsSync(CORPUS_FILE)) return { unavailable: `${MYSQL_TEST_ROOT} is missing (apt-get install mariadb-test-data)` };
    } else {
      writeAtomically(
        CORPUS_FILE,
        buildCorpus()
          .map((r) => JSON.stringify(r) + "\n")
          .join(""),
      );
    }
  }
  const corpus = readJsonl<CorpusRow>(CORPUS_FILE);
  const fresh = existsSync(FACTS_FILE) && mtime(FACTS_FILE) >= Math.max(mtime(CORPUS_FILE), mtime(SCRIPT));
  const installed = installedSqlglot();
  if (fresh && !force && ("why" in installed || readFacts().version === installed.version)) {
    const { version, facts } = readFacts();
    return { sqlglotVersion: version, corpus, facts };
  }
  if ("why" in installed) return { unavailable: installed.why };
  const input = corpus.map((r) => JSON.stringify({ id: r.id, sql: r.sql }) + "\n").join("");
  const output = execFileSync("python3", [SCRIPT], {
    input,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    timeout: 600_000,
    stdio: ["pipe", "pipe", "inherit"],
  });
  writeAtomically(FACTS_FILE, output);
  const { version, facts } = readFacts();
  return { sqlglotVersion: version, corpus, facts };
}

/**
 * Seeded, bounded mutation of valid inputs: the fixtures and the rules' YAML examples, changed by
 * byte flips, truncation, splicing, duplicated lines, huge numbers, deep nesting, unicode, NUL and
 * control characters, DELIMITER games and versioned comments. Case `i` of seed `s` is always the
 * same text, so a failure is reproduced from its two numbers.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRuleDocs } from "../../src/knowledge.js";
import { mulberry32 } from "../helpers/random.js";

export type FrontEnd = "optionfile" | "sql";

/** The generator of one case: the run's seed and the case number mixed. */
export function caseRandom(seed: number, index: number): () => number {
  return mulberry32(Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index + 1, 0xc2b2ae35));
}

const root = join(dirname(fileURLToPath(import.meta.url)), "../../../..");

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

let cached: Record<FrontEnd, string[]> | undefined;

/** Valid inputs of each front end: fixture files and the YAML examples of the rules. */
export function seeds(): Record<FrontEnd, string[]> {
  if (cached) return cached;
  const out: Record<FrontEnd, string[]> = { optionfile: [], sql: [] };
  for (const file of walk(join(root, "fixtures")).sort()) {
    if (file.endsWith(".sql")) out.sql.push(readFileSync(file, "utf8"));
    else if (file.endsWith(".cnf") || file.endsWith(".ini")) out.optionfile.push(readFileSync(file, "utf8"));
  }
  for (const doc of [...loadRuleDocs().values()].sort((a, b) => a.id.localeCompare(b.id))) {
    for (const e of [...doc.examples.fires, ...doc.examples.silent]) (e.file.endsWith(".sql") ? out.sql : out.optionfile).push(e.code);
  }
  cached = out;
  return out;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
const int = (r: () => number, n: number) => Math.floor(r() * n);

const ODD_CHARS = [
  "\0",
  "\x01",
  "\x1b[2J",
  "\x0b",
  "\x0c",
  "\r",
  "\r\n",
  "\t",
  "\u00a0",
  "\u2028",
  "\u202e",
  "\ufeff",
  "\ud83d\ude00",
  "\ud800",
  "é",
  "𝔘",
  "\\",
  "'",
  '"',
  "`",
  "#",
  ";",
  "=",
  "[",
  "]",
  "!",
  "*/",
  "/*",
  "--",
  "\n",
];
const HUGE = [
  "99999999999999999999999999",
  "18446744073709551616",
  "-9223372036854775809",
  "1e308",
  "0x7fffffffffffffff",
  "4294967296",
  "1" + "0".repeat(400),
  "NaN",
  "-0",
  "9".repeat(5000),
];
const SQL_WORDS = [
  "DELIMITER ;;\n",
  "DELIMITER $$\n",
  "DELIMITER ;\n",
  "delimiter\n",
  "DELIMITER\t//\n",
  "/*!80023 ",
  "/*!50100 PARTITION BY HASH(a) PARTITIONS 9000 */",
  "/*M!100500 ",
  "/*!",
  "*/",
  "/*! */",
  "/*!999999 x */",
  "-- innolint-disable\n",
  "# innolint-disable-next-line\n",
  "-- innolint-target: mariadb-10.11\n",
  "-- innolint-target: bogus-1\n",
  "PARTITIONS 1000000000 ",
  "SUBPARTITIONS 100000 ",
  "PARTITION BY KEY(a) PARTITIONS 8193 ",
  "SET GLOBAL innodb_buffer_pool_size = 1e40;\n",
  "SET PERSIST max_connections = -1;\n",
  "CREATE TABLE t (a INT) ",
  "ALTER TABLE t ADD PARTITION PARTITIONS 99999;\n",
  "ALTER TABLE t REORGANIZE PARTITION p0 INTO (PARTITION p1 VALUES LESS THAN (1));\n",
  "DROP TABLE t;\n",
  "SELECT * FROM t WHERE ",
  "WITH RECURSIVE c AS (SELECT 1) SELECT * FROM c;\n",
  "'",
  "`",
  '"',
  "(",
  ")",
  ";",
  "\\",
];
const CNF_WORDS = [
  "[mysqld]\n",
  "[client]\n",
  "[mysqld-8.0]\n",
  "[mariadb]\n",
  "[",
  "]",
  "!include missing.cnf\n",
  "!includedir missing.d\n",
  "!include\n",
  "loose-",
  "skip-",
  "enable-",
  "disable-",
  "maximum-",
  "--",
  "innodb_buffer_pool_size",
  "optimizer_switch=index_merge=off,",
  "plugin_load_add=",
  "= ",
  '="',
  "\\\n",
  "# innolint-disable-next-line\n",
  "; innolint-disable duplicate-option\n",
  "# innolint-target: mysql-5.7.44\n",
  "sql_mode=",
  "K",
  "M",
  "G",
  "T",
  "P",
  "E",
];

/** One mutation of `text`; `donor` is another seed to splice from. */
function mutateOnce(r: () => number, text: string, donor: string, front: FrontEnd): string {
  const at = int(r, text.length + 1);
  const words = front === "sql" ? SQL_WORDS : CNF_WORDS;
  switch (int(r, 13)) {
    case 0: {
      // Byte-level: flip a bit of a UTF-16 unit (may leave a lone surrogate).
      if (text.length === 0) return text;
      const i = int(r, text.length);
      return text.slice(0, i) + String.fromCharCode(text.charCodeAt(i) ^ (1 << int(r, 8))) + text.slice(i + 1);
    }
    case 1:
      return text.slice(0, at);
    case 2: {
      const a = int(r, donor.length + 1);
      return text.slice(0, at) + donor.slice(a, a + int(r, 400)) + text.slice(at);
    }
    case 3: {
      const lines = text.split("\n");
      const i = int(r, lines.length);
      const times = pick(r, [2, 3, 10, 100, 1000]);
      lines.splice(i, 0, ...Array.from({ length: times }, () => lines[i] as string));
      return lines.join("\n");
    }
    case 4:
      return text.replace(/\d+/g, (m) => (r() < 0.3 ? pick(r, HUGE) : m));
    case 5: {
      const depth = pick(r, [20, 100, 1000, 10000, 40000]);
      const closed = r() < 0.5;
      return text.slice(0, at) + "(".repeat(depth) + (closed ? "1" + ")".repeat(depth) : "") + text.slice(at);
    }
    case 6:
      return text.slice(0, at) + pick(r, ODD_CHARS).repeat(pick(r, [1, 1, 3, 50])) + text.slice(at);
    case 7:
      return text.slice(0, at) + pick(r, words) + text.slice(at);
    case 8: {
      // Delete a span.
      return text.slice(0, at) + text.slice(at + int(r, 200));
    }
    case 9: {
      // Repeat a span many times (long lines, long statements).
      const span = text.slice(at, at + 1 + int(r, 60));
      return text.slice(0, at) + span.repeat(pick(r, [10, 100, 1000])) + text.slice(at);
    }
    case 10:
      return front === "sql"
        ? text.slice(0, at) +
            `/*!${pick(r, ["", "0", "40101", "80000", "99999", "123456"])} ${text.slice(at, at + int(r, 80))}${r() < 0.7 ? " */" : ""}` +
            text.slice(at)
        : text.slice(0, at) + "\n" + pick(r, CNF_WORDS) + pick(r, ["x", "sync_binlog", "innodb_log_file_size"]) + "=" + pick(r, HUGE) + "\n" + text.slice(at);
    case 11:
      // Line endings and whitespace games.
      return pick(r, [text.replace(/\n/g, "\r\n"), text.replace(/\n/g, "\r"), text.replace(/ /g, "\t"), "\ufeff" + text, text + "\\"]);
    default: {
      // Swap two lines.
      const lines = text.split("\n");
      const i = int(r, lines.length);
      const j = int(r, lines.length);
      [lines[i], lines[j]] = [lines[j] as string, lines[i] as string];
      return lines.join("\n");
    }
  }
}

/** Inputs stay bounded: a case is at most this many characters. */
export const MAX_CASE_CHARS = 64 * 1024;

/** The text of case `index` of run `seed`, and the target it is linted for. */
export function makeCase(front: FrontEnd, seed: number, index: number): { text: string; target: string } {
  const r = caseRandom(seed, index);
  const pool = seeds()[front];
  let text = pick(r, pool);
  const donor = pick(r, pool);
  const rounds = 1 + int(r, r() < 0.2 ? 12 : 4);
  for (let k = 0; k < rounds; k++) {
    text = mutateOnce(r, text, donor, front);
    if (text.length > MAX_CASE_CHARS) text = text.slice(0, MAX_CASE_CHARS);
  }
  const target = pick(r, ["mysql-8.0.36", "mysql-5.7.44", "mysql-8.4.3", "mariadb-10.11", "mariadb-11.4", "percona-8.0.36", "aurora-mysql-3.05.2"]);
  return { text, target };
}

/**
 * Fuzzing the snapshot reader and everything a snapshot feeds: mutated snapshots (structure-aware
 * mutations of valid ones, and byte-level damage to their JSON) go through parseSnapshot, then, when
 * accepted, through LiveContext, an option file's rules with config-drift, a migration's SQL rules
 * with the live tables, and the live configuration rules. A case fails when anything but a LiveError
 * escapes, when a rule reports an internal error (the reader should have refused the value), when a
 * lint hangs, or when the text report carries a raw control character or a line starting with `::`.
 */
import { LiveContext } from "../../src/live/context.js";
import { LiveError } from "../../src/live/session.js";
import { parseSnapshot, type LiveSnapshot } from "../../src/live/snapshot.js";
import { lintLiveConfig, lintOptionFile, lintSqlFile } from "../../src/engine.js";
import type { InputError } from "../../src/core.js";
import type { Finding } from "../../src/finding.js";
import { textReporter } from "../../src/reporters/text.js";
import { Schema } from "../../src/sql/schema.js";
import { mutateText, Random, randomValue } from "./random.js";

const TARGETS = ["mysql-8.0.36", "mysql-5.7.44", "mysql-8.0.22", "mariadb-10.11.6", "percona-8.0.36", "aurora-mysql-3.04.0", "aurora-mysql-2.04.9"];
const VARIABLES: Record<string, string[]> = {
  innodb_buffer_pool_size: ["134217728", "1073741824", "0", "-1", "18446744073709551615", "1G", "abc", ""],
  innodb_buffer_pool_chunk_size: ["134217728", "0", "abc", "1e3", "-134217728"],
  innodb_buffer_pool_instances: ["1", "8", "64", "0", "x"],
  innodb_sort_buffer_size: ["1048576", "67108864", "65536", "1.5"],
  sync_binlog: ["0", "1", "100", "-1"],
  innodb_flush_log_at_trx_commit: ["0", "1", "2", "3", "ON"],
  innodb_buffer_pool_dump_at_shutdown: ["ON", "OFF", "1", "maybe"],
  innodb_adaptive_hash_index: ["ON", "OFF"],
  max_connections: ["151", "100000", "0"],
  sql_mode: ["STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION", "ANSI", "", "TRADITIONAL,,"],
  long_query_time: ["10.000000", "abc", "1e309", "-0.5"],
  datadir: ["/var/lib/mysql/", "C:\\data", "x\n::error::d"],
  log_error: ["./err.log", "\u001b[2J"],
  character_set_server: ["utf8mb4", "latin1", "utf8"],
  constructor: ["1"],
  __proto__: ["1"],
  toString: ["x"],
};

const MY_CNF = [
  "[mysqld]",
  "innodb_buffer_pool_size = 1G",
  "innodb_buffer_pool_instances = 8",
  "innodb_sort_buffer_size = 64M",
  "sync_binlog = 0",
  "innodb_flush_log_at_trx_commit = 2",
  "max_connections = 500",
  "sql_mode = ANSI",
  "long_query_time = 2",
  "datadir = /data/mysql",
  "character_set_server = utf8",
  "constructor = 1",
  "",
].join("\n");

const MIGRATION = [
  "SELECT * FROM events WHERE kind = 3;",
  "ALTER TABLE events ADD INDEX k (kind), ADD INDEX a (account_id);",
  "DROP TABLE logs;",
  "TRUNCATE TABLE s.events;",
  "SET GLOBAL innodb_sort_buffer_size = 67108864;",
  "",
].join("\n");

function validSnapshot(r: Random): LiveSnapshot {
  const target = r.pick(TARGETS);
  const flavor = target.replace(/-[\d.]+$/, "") as LiveSnapshot["server"]["flavor"];
  const variables: Record<string, string> = {};
  for (const [name, values] of Object.entries(VARIABLES)) if (r.chance(0.6)) variables[name] = values[0] as string;
  const snap: LiveSnapshot = {
    format: "innolint-live-snapshot",
    version: 1,
    takenAt: "2026-01-01T00:00:00Z",
    server: { address: "db1:3306", version: target.replace(/^[a-z-]+-/, ""), flavor, target },
    variables,
    tables: [
      {
        schema: "s",
        name: "events",
        engine: "InnoDB",
        rows: 1e6,
        avgRowLength: 100,
        dataLength: 1e8,
        indexLength: 1e7,
        partitioning: { method: "HASH", expression: "`id`", partitions: 64 },
      },
      {
        schema: "s",
        name: "logs",
        rows: 10,
        partitioning: {
          method: "RANGE COLUMNS",
          expression: "`a`,`b`",
          partitions: 3,
          subpartitioning: { method: "KEY", expression: "`c`", subpartitions: 2 },
        },
      },
    ],
  };
  if (r.chance(0.5)) snap.variableOrigins = { sync_binlog: "CONFIG", innodb_sort_buffer_size: "SQL" };
  if (r.chance(0.3)) snap.variableFiles = { sync_binlog: "/etc/my.cnf" };
  if (r.chance(0.3)) snap.bufferPoolStatus = { Innodb_buffer_pool_pages_total: "8192" };
  return snap;
}

/** One structural mutation somewhere in the object tree. */
function mutate(r: Random, snap: Record<string, unknown>): void {
  const paths: [Record<string, unknown> | unknown[], string | number][] = [];
  const walk = (node: unknown, depth: number) => {
    if (depth > 5 || node === null || typeof node !== "object") return;
    for (const key of Object.keys(node)) {
      paths.push([node as Record<string, unknown>, Array.isArray(node) ? Number(key) : key]);
      walk((node as Record<string, unknown>)[key], depth + 1);
    }
  };
  walk(snap, 0);
  const [parent, key] = r.pick(paths);
  const p = parent as Record<string | number, unknown>;
  switch (r.int(8)) {
    case 0:
      delete p[key];
      break;
    case 1:
      p[key] = randomValue(r);
      break;
    case 2:
      p[key] = typeof p[key] === "string" ? mutateText(r, p[key] as string, 4) : p[key];
      break;
    case 3:
      p[key] = r.pick([-1, 0, 1.5, 1e308, 2 ** 53 + 1, 8193, 1e9, "1", null]);
      break;
    case 4: {
      const vars = (snap.variables ?? {}) as Record<string, unknown>;
      if (typeof vars === "object" && vars !== null) {
        const name = r.chance(0.8) ? r.pick(Object.keys(VARIABLES)) : mutateText(r, "innodb_x", 3);
        vars[name] = r.chance(0.85) ? r.pick(VARIABLES[name] ?? ["1"]) : mutateText(r, "1", 3);
      }
      break;
    }
    case 5: {
      const server = snap.server as Record<string, unknown> | undefined;
      if (server && typeof server === "object") {
        const field = r.pick(["address", "version", "versionComment", "auroraVersion", "target", "flavor"]);
        server[field] =
          field === "target" ? r.pick([...TARGETS, "mysql-3.23", "mariadb-99.1", "mysql-8.0.36x"]) : mutateText(r, String(server[field] ?? "x"), 4);
      }
      break;
    }
    case 6: {
      const tables = snap.tables;
      if (Array.isArray(tables))
        tables.push(
          ...Array.from({ length: 1 + r.int(3) }, () => ({
            schema: mutateText(r, "s", 2),
            name: mutateText(r, r.pick(["events", "logs", "t"]), 2),
            partitioning: {
              method: mutateText(r, r.pick(["HASH", "KEY", "LIST", "RANGE", "LINEAR KEY", "SYSTEM_TIME"]), 1),
              partitions: r.pick([1, 8192, 8193, 100000, 2 ** 31]),
            },
          })),
        );
      break;
    }
    default:
      p[mutateText(r, String(key), 2)] = p[key];
  }
}

export interface SnapshotFuzzResult {
  cases: number;
  accepted: number;
  refused: number;
  failures: string[];
}

const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/;

export async function fuzzSnapshots(seed: number, cases: number, dir: string, timeLimitMs = 30_000): Promise<SnapshotFuzzResult> {
  const result: SnapshotFuzzResult = { cases: 0, accepted: 0, refused: 0, failures: [] };
  const r = new Random(seed);
  for (let i = 0; i < cases && result.failures.length < 5; i++) {
    const caseSeed = r.int(2 ** 31);
    result.cases++;
    const c = new Random(caseSeed);
    const snap = validSnapshot(c) as unknown as Record<string, unknown>;
    for (let m = c.int(4); m >= 0; m--) mutate(c, snap);
    let text = JSON.stringify(snap);
    if (c.chance(0.1)) text = mutateText(c, text, 3);
    const failure = await Promise.race([
      runCase(text, dir, c),
      new Promise<string>((done) => setTimeout(() => done(`no answer within ${timeLimitMs} ms`), timeLimitMs).unref()),
    ]);
    if (failure === "refused") result.refused++;
    else if (failure === "accepted") result.accepted++;
    else result.failures.push(`case seed ${caseSeed}: ${failure}\n${text.slice(0, 800)}`);
  }
  return result;
}

async function runCase(text: string, dir: string, r: Random): Promise<string> {
  let snapshot: LiveSnapshot;
  try {
    snapshot = parseSnapshot(text, `${dir}/snap.json`);
  } catch (e) {
    return e instanceof LiveError ? "refused" : `parseSnapshot threw ${(e as Error)?.stack ?? e}`;
  }
  try {
    const live = new LiveContext(snapshot);
    const options = { live, impact: r.chance(0.2), noConfig: true, cwd: dir };
    const errors: InputError[] = [];
    const findings: Finding[] = [];
    const sources = new Map<string, string>([[live.file, live.text]]);
    const cnf = await lintOptionFile(`${dir}/my.cnf`, { ...options, text: MY_CNF });
    errors.push(...cnf.outcome.errors);
    findings.push(...(cnf.outcome.result?.findings ?? []));
    sources.set(`${dir}/my.cnf`, MY_CNF);
    const schema = new Schema();
    live.seed(schema);
    const sql = await lintSqlFile(`${dir}/m.sql`, { ...options, text: MIGRATION }, { schema, ...(cnf.facts ? { serverConfig: cnf.facts } : {}) });
    errors.push(...sql.errors);
    findings.push(...(sql.result?.findings ?? []));
    sources.set(`${dir}/m.sql`, MIGRATION);
    const config = await lintLiveConfig(live, options);
    errors.push(...config.errors);
    findings.push(...(config.result?.findings ?? []));
    const internal = errors.filter((e) => e.internal || /internal error/.test(e.message));
    if (internal.length) return `an internal error: ${internal[0]!.message}`;
    const report = textReporter({ findings, errors, sources, cwd: dir, targets: new Map() }, { color: false });
    const line = report.split("\n").find((l) => RAW_CONTROL.test(l) || l.trimStart().startsWith("::"));
    if (line !== undefined) return `the text report carries input raw: ${JSON.stringify(line.slice(0, 300))}`;
    return "accepted";
  } catch (e) {
    return `threw after the snapshot was accepted: ${(e as Error)?.stack ?? e}`;
  }
}

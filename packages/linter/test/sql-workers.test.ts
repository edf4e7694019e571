// The bundle's SQL facts workers (sql/pool.ts, dist/sql-worker.js) against in-process parsing: the
// same stdout, stderr and exit code, whatever the workers do.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { defaultThreads, worthWorkers } from "../src/sql/pool.js";
import { Project } from "../src/lint/project.js";
import { bundledCli } from "./helpers/bundle.js";
import { migrationRepo, write } from "./helpers/git.js";
import { tempDir } from "./helpers/tmp.js";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const root = resolve(pkg, "../..");
let cli: string;
let realWorker: string;
const tmp = tempDir("innolint-workers-");

function table(n: number): string {
  return `CREATE TABLE t${n} (
  id BIGINT NOT NULL,
  created DATE NOT NULL,
  payload VARCHAR(200) /*!80016 NOT NULL */,
  PRIMARY KEY (id, created)
) ENGINE=InnoDB
/*!50100 PARTITION BY RANGE (YEAR(created))
(${Array.from({ length: 30 }, (_, k) => `PARTITION p${k} VALUES LESS THAN (${2000 + k})`).join(",\n ")},
 PARTITION pmax VALUES LESS THAN MAXVALUE) */;
`;
}

/** Migrations with something for every SQL rule, plus the inputs that take other paths. */
function migrations(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, ".innolint.json"), JSON.stringify({ root: true, target: "mysql-8.4" }));
  writeFileSync(join(dir, "my.cnf"), "[mysqld]\ninnodb_buffer_pool_size = 450G\ninnodb_sort_buffer_size = 64M\n");
  for (let f = 1; f <= 8; f++) {
    const parts: string[] = [];
    for (let i = 0; i < 12; i++) {
      const n = f * 100 + i;
      parts.push(table(n));
      parts.push(`ALTER TABLE t${n} ADD INDEX ka (payload), ADD INDEX kb (created, payload), ALGORITHM=INPLACE;\n`);
      parts.push(`SELECT id FROM t${n} WHERE payload = 'x' AND id > ${i};\n`);
      parts.push(`SELECT id FROM t${n} WHERE created BETWEEN '2003-01-01' AND '2003-02-01';\n`);
      parts.push(`/*!80000 SET GLOBAL innodb_flush_log_at_trx_commit = 2 */;\nSET PERSIST sync_binlog = 0;\n`);
      if (i % 4 === 3) parts.push(`DROP TABLE t${n - 100};\nTRUNCATE TABLE t${n - 1};\n`);
    }
    writeFileSync(join(dir, `${String(f).padStart(4, "0")}_m.sql`), parts.join(""));
  }
  // The directive changes the target, so this file is parsed again in-process for mysql-8.0.22.
  writeFileSync(join(dir, "0009_directive.sql"), `-- innolint-target: mysql-8.0.22\n${table(900)}DROP TABLE t101;\nSELECT id FROM t900 WHERE payload = 'y';\n`);
  writeFileSync(join(dir, "0010_syntax.sql"), `${table(1000)}SELECT FROM WHERE;\nCREATE TABLE (;\nDROP TABLE t1000;\n`);
  writeFileSync(join(dir, "0011_nul.sql"), Buffer.from("SELECT 1;\nSELECT 2;\x00\n"));
  writeFileSync(join(dir, "0012_utf8.sql"), Buffer.concat([Buffer.from("SELECT 1;\nSELECT '"), Buffer.from([0xc3, 0x28]), Buffer.from("';\n")]));
  writeFileSync(join(dir, "0013_unterminated.sql"), "SELECT 1;\nSELECT 'abc FROM t;\n");
  writeFileSync(join(dir, "0014_last.sql"), `${table(1400)}ALTER TABLE t801 ADD INDEX kc (payload, created);\nDROP TABLE t802;\n`);
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function lint(args: string[], env: Record<string, string> = {}, cwd = tmp): Run {
  // A hang is a failure, not a stuck suite.
  const r = spawnSync(process.execPath, [cli, ...args], {
    cwd,
    encoding: "utf8",
    timeout: 120_000,
    maxBuffer: 1 << 28,
    env: { ...process.env, NO_COLOR: "1", ...env },
  });
  expect(r.error).toBeUndefined();
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A worker that logs each request to `log`, exits on a request for a path containing `crash`, and otherwise is the real worker. */
function wrapper(name: string, log: string, crash?: string): string {
  const script = join(tmp, `${name}.mjs`);
  writeFileSync(
    script,
    // The real worker's listener first: the port delivers nothing until a listener is attached.
    `import { appendFileSync } from "node:fs";
import { parentPort } from "node:worker_threads";
await import(${JSON.stringify(pathToFileURL(realWorker).href)});
parentPort.on("message", (m) => {
  appendFileSync(${JSON.stringify(log)}, m.path + "\\n");
  ${crash ? `if (m.path.includes(${JSON.stringify(crash)})) process.exit(7);` : ""}
});
`,
  );
  return script;
}

const dir = join(tmp, "migrations");
const fixtures = join(root, "fixtures");

beforeAll(() => {
  cli = bundledCli();
  realWorker = join(dirname(cli), "sql-worker.js");
  migrations(dir);
}, 300_000);

describe("SQL facts in worker threads", () => {
  it("the bundle has its worker beside it", () => {
    expect(existsSync(realWorker)).toBe(true);
  });

  it.each(["text", "json", "sarif"])("--jobs 3 prints what --jobs 1 prints (%s)", (format) => {
    for (const inputs of [[dir], [fixtures], [join(dir, "my.cnf"), dir]]) {
      const base = ["--format", format, "--no-impact", ...inputs];
      const single = lint(["--jobs", "1", ...base]);
      const pooled = lint(["--jobs", "3", ...base]);
      expect(pooled).toEqual(single);
      expect(single.stdout.length).toBeGreaterThan(1000);
    }
    // The migrations: findings of several rules and files, and each kind of input error.
    const single = lint(["--jobs", "1", "--format", format, join(dir, "my.cnf"), dir]);
    expect(lint(["--jobs", "3", "--format", format, join(dir, "my.cnf"), dir])).toEqual(single);
    expect(single.code).toBe(2);
    for (const s of [
      "drop-truncate-buffer-pool-stall",
      "partition-unpruned-query",
      "relaxed-commit-durability",
      "0009_directive.sql",
      "NUL",
      "invalid UTF-8",
      "string is not closed",
    ]) {
      expect(single.stdout + single.stderr).toContain(s);
    }
  });

  it("workers parse the planned files, and the result is still the in-process one", () => {
    const log = join(tmp, "used.log");
    writeFileSync(log, "");
    const args = ["--format", "json", join(dir, "my.cnf"), dir];
    const logged = lint(["--jobs", "3", ...args], { INNOLINT_SQL_WORKER: wrapper("logging", log) });
    expect(logged).toEqual(lint(["--jobs", "1", ...args]));
    const parsed = readFileSync(log, "utf8").trim().split("\n");
    expect(parsed.length).toBeGreaterThan(1);
    expect(parsed.every((p) => p.startsWith(dir) && p.endsWith(".sql"))).toBe(true);
    // One target in this run: each file is planned once.
    expect(new Set(parsed).size).toBe(parsed.length);
  });

  it("a worker that dies mid-run costs nothing but time: its files are parsed in-process", () => {
    const args = ["--format", "json", join(dir, "my.cnf"), dir];
    const expected = lint(["--jobs", "1", ...args]);
    for (const crash of ["0001_m.sql", "0004_m.sql", ".sql"]) {
      const log = join(tmp, `crash-${crash}.log`);
      writeFileSync(log, "");
      const r = lint(["--jobs", "3", ...args], { INNOLINT_SQL_WORKER: wrapper(`crash-${crash}`, log, crash) });
      expect(r).toEqual(expected);
      expect(readFileSync(log, "utf8")).toContain(crash);
    }
    // A worker script that cannot even load.
    expect(lint(["--jobs", "3", ...args], { INNOLINT_SQL_WORKER: join(tmp, "missing-worker.mjs") })).toEqual(expected);
  });

  it("without --jobs, a small run starts no workers", () => {
    const log = join(tmp, "small.log");
    writeFileSync(log, "");
    const r = lint(["--format", "json", dir], { INNOLINT_SQL_WORKER: wrapper("small", log) });
    expect(r.code).toBe(2);
    expect(readFileSync(log, "utf8")).toBe("");
  });

  it("a baseline written and applied with workers is the one written and applied in-process", () => {
    // A copy, since a new file is added to it below.
    const accepted = join(tmp, "migrations-accepted");
    cpSync(dir, accepted, { recursive: true });
    const args = ["--no-impact", join(accepted, "my.cnf"), accepted];
    const baseline = join(tmp, "accepted.baseline.json");
    const write = (jobs: string) => {
      rmSync(baseline, { force: true });
      return { ...lint(["baseline", "--jobs", jobs, "--baseline", baseline, ...args]), written: readFileSync(baseline, "utf8") };
    };
    const pooledBaseline = write("3");
    expect(pooledBaseline).toEqual(write("1"));
    // A new finding beside the accepted ones: only it is reported, with the same fingerprints either way.
    writeFileSync(join(accepted, "0015_new.sql"), "SELECT id FROM t701 WHERE payload = 'z';\nDROP TABLE t701;\n");
    for (const format of ["text", "sarif"]) {
      const run = (jobs: string) => lint(["--jobs", jobs, "--format", format, "--baseline", baseline, ...args]);
      const single = run("1");
      expect(run("3")).toEqual(single);
      expect(single.stdout).toContain("0015_new.sql");
      expect(single.stdout).not.toContain("0001_m.sql");
    }
  });

  it("review: --jobs 3 prints what --jobs 1 prints, and a modified migration is replayed in its merge-base version", () => {
    const repo = migrationRepo();
    write(repo, { "migrations/002_more_partitions.sql": "ALTER TABLE events ADD PARTITION PARTITIONS 80;\n" });
    const log = join(tmp, "review.log");
    writeFileSync(log, "");
    const args = ["--base", "main", "--format", "json", "--no-impact", "migrations"];
    const single = lint(["review", "--jobs", "1", ...args], {}, repo);
    const pooled = lint(["review", "--jobs", "3", ...args], { INNOLINT_SQL_WORKER: wrapper("review", log) }, repo);
    expect(pooled).toEqual(single);
    // 003 sees the 20 partitions the server added, not the working tree's 80.
    expect(single.stdout).toContain("420 partitions");
    const sent = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((p) => p.slice(repo.length + 1));
    // Workers read files from disk: the modified 002 once, for its own lint, never for the replay before 003.
    expect(sent.filter((p) => p.endsWith("002_more_partitions.sql"))).toHaveLength(1);
    expect(sent).toContain("migrations/003_backfill.sql");
    // Reviewing 003 alone, 002 is only replayed, in its merge-base version: no worker reads it.
    writeFileSync(log, "");
    const alone = ["--base", "main", "--format", "json", "--no-impact", "migrations/003_backfill.sql"];
    const aloneSingle = lint(["review", "--jobs", "1", ...alone], {}, repo);
    expect(lint(["review", "--jobs", "3", ...alone], { INNOLINT_SQL_WORKER: wrapper("review", log) }, repo)).toEqual(aloneSingle);
    expect(aloneSingle.stdout).toContain("420 partitions");
    expect(
      readFileSync(log, "utf8")
        .trim()
        .split("\n")
        .map((p) => p.slice(repo.length + 1))
        .sort(),
    ).toEqual(["migrations/000_audit.sql", "migrations/001_events.sql", "migrations/003_backfill.sql"]);
  });

  it("the default is one thread per core the load average leaves idle, from 1 to 4", () => {
    expect(defaultThreads(2, 0.3)).toBe(2);
    expect(defaultThreads(2, 0.6)).toBe(1);
    expect(defaultThreads(2, 4.5)).toBe(1);
    expect(defaultThreads(1, 0)).toBe(1);
    expect(defaultThreads(16, 2)).toBe(4);
    expect(defaultThreads(8, 5.4)).toBe(3);
  });

  it("without --jobs, workers only for 512 KB of SQL or more in files of 16 KB or more on average", () => {
    expect(worthWorkers(100 * 100 * 1024, 100)).toBe(true);
    // A migrations monorepo of small files, and one-statement files: the main thread's per-file cost wins.
    expect(worthWorkers(1000 * 2600, 1000)).toBe(false);
    expect(worthWorkers(1128 * 600, 1128)).toBe(false);
    expect(worthWorkers(400 * 1024, 2)).toBe(false);
    expect(worthWorkers(2 * 1024 * 1024, 1)).toBe(false);
  });

  it("only a project's run starts workers, and the language server never runs one (it parses in-process)", () => {
    const src = join(pkg, "src");
    const callers: string[] = [];
    const walk = (d: string): void => {
      for (const e of readdirSync(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) walk(p);
        else if (e.name.endsWith(".ts") && /\b(startSqlPrefetch|new SqlPrefetch)\(/.test(readFileSync(p, "utf8"))) callers.push(p.slice(src.length + 1));
      }
    };
    walk(src);
    expect(callers.sort()).toEqual(["lint/project.ts", "sql/pool.ts"]);
    for (const e of readdirSync(join(src, "lsp"))) expect(readFileSync(join(src, "lsp", e), "utf8")).not.toMatch(/\bproject\.run\(/);
  });

  it("an editor's first replay of a long directory parses in worker threads, with the same findings as in-process", async () => {
    const file = join(dir, "0014_last.sql");
    const text = readFileSync(file, "utf8");
    const log = join(tmp, "replay.log");
    const lintIn = async (threads: number) => {
      const project = new Project({ threads, env: { INNOLINT_SQL_WORKER: wrapper("replay", log) } });
      const { outcome } = await project.lintDocument(file, { cwd: dir, text, impact: false });
      return JSON.stringify(outcome);
    };
    const single = await lintIn(1);
    expect(existsSync(log)).toBe(false);
    expect(await lintIn(2)).toEqual(single);
    const asked = readFileSync(log, "utf8").trim().split("\n");
    // The worker was asked for earlier migrations (the main thread helps with the rest).
    expect(asked.length).toBeGreaterThan(0);
    for (const path of asked) expect(path < file).toBe(true);
    expect(JSON.parse(single).result.file).toBe(file);
  });

  it("--jobs takes a positive number", () => {
    for (const bad of ["0", "x", "-1"]) {
      const r = lint(["--jobs", bad, dir]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--jobs");
    }
  });
});

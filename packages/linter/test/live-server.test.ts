/**
 * innolint live and --context-dsn / --context-snapshot against a real MariaDB server started for
 * this file, plus servers that misbehave: one that drops the connection mid-answer, one that stops
 * answering, one that never speaks.
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { createServer, Socket, type Server } from "node:net";
import { join, resolve } from "node:path";
import { Ajv } from "ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReadOnlyViolation } from "../src/live/readonly.js";
import { LiveSession } from "../src/live/session.js";
import { parseSnapshot } from "../src/live/snapshot.js";
import { mariadbUnavailable, startMariaDB, type TestServer } from "./helpers/mariadb.js";
import { commit, git, write } from "./helpers/git.js";
import { run, scratch } from "./helpers/run.js";
import { requireOracle } from "./helpers/require-oracle.js";

const PASSWORD = "Tr0ub4dor&3-live";
const unavailable = mariadbUnavailable();
requireOracle("MariaDB server", unavailable);
if (unavailable) console.warn(`live-server tests skipped: ${unavailable}`);

interface JsonFinding {
  rule: string;
  file: string;
  severity: string;
  message: string;
  range: { start: { line: number; column: number } };
  impact?: { inputs: { name: string; value: unknown; source: string }[] };
}

const snapshotSchema = JSON.parse(readFileSync(join(__dirname, "..", "schema", "live-snapshot.schema.json"), "utf8"));
const validateSnapshot = new Ajv({ strict: false }).compile(snapshotSchema);

/** A TCP proxy to the server that, after `after` bytes from the server, drops both sides or stops forwarding. */
function proxy(targetPort: number, after: number, mode: "drop" | "stall"): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    const upstream = new Socket();
    sockets.add(upstream);
    let seen = 0;
    upstream.connect(targetPort, "127.0.0.1");
    client.on("data", (d) => upstream.write(d));
    upstream.on("data", (d: Buffer) => {
      if (seen >= after) return;
      const room = after - seen;
      seen += d.length;
      client.write(d.subarray(0, room));
      if (seen >= after) {
        if (mode === "drop") {
          client.destroy();
          upstream.destroy();
        } else upstream.pause();
      }
    });
    for (const s of [client, upstream]) s.on("error", () => undefined);
  });
  return new Promise((res) =>
    server.listen(0, "127.0.0.1", () =>
      res({
        port: (server.address() as { port: number }).port,
        close: () => {
          for (const s of sockets) s.destroy();
          return new Promise((r) => server.close(() => r()));
        },
      }),
    ),
  );
}

describe.skipIf(Boolean(unavailable))("live server (MariaDB)", () => {
  let server: TestServer;
  let dsn: string;
  const env = { INNOLINT_PASSWORD: PASSWORD };

  beforeAll(async () => {
    server = await startMariaDB(["--innodb-buffer-pool-size=256M", "--innodb-sort-buffer-size=64M"]);
    dsn = `mysql://lint@127.0.0.1:${server.port}/`;
    server.admin(`
      CREATE USER 'lint'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}';
      CREATE USER 'lint'@'localhost' IDENTIFIED BY '${PASSWORD}';
      GRANT SELECT, PROCESS ON *.* TO 'lint'@'127.0.0.1', 'lint'@'localhost';
      CREATE DATABASE shop;
      CREATE TABLE shop.orders (id BIGINT NOT NULL PRIMARY KEY, customer_id INT, created DATE, note VARCHAR(200))
        PARTITION BY HASH (id) PARTITIONS 64;
      USE shop;
      INSERT INTO shop.orders SELECT seq, seq % 500, '2024-01-01' + INTERVAL (seq % 365) DAY, REPEAT('x', 100) FROM seq_1_to_6400;
      ANALYZE TABLE shop.orders;
      CREATE TABLE shop.customers (id INT PRIMARY KEY, name VARCHAR(100));
      SET GLOBAL innodb_flush_log_at_trx_commit = 2;
    `);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("judges the running configuration: relaxed-commit-durability at the variable, and no file-syntax rule fires", async () => {
    const res = await run(["live", "--dsn", dsn, "--format", "json", "--no-impact"], { env });
    expect(res.stderr).toBe("");
    const report = JSON.parse(res.stdout) as { findings: JsonFinding[]; targets: Record<string, string> };
    const file = `mysql://127.0.0.1:${server.port}`;
    expect(report.targets[file]).toMatch(/^mariadb-10\.\d+\.\d+$/);
    // Every variable of a real server goes through the option-file facts: only value rules may speak,
    // about the two values this server was given (SET GLOBAL, and --innodb-sort-buffer-size=64M), the
    // general log this harness turns on, and MariaDB's default local_infile = ON.
    expect(report.findings.map((f) => f.rule)).toEqual(["general-log-enabled", "relaxed-commit-durability", "sort-buffer-oversized", "local-infile-enabled"]);
    const finding = report.findings.find((f) => f.rule === "relaxed-commit-durability") as JsonFinding;
    expect(finding.file).toBe(file);
    expect(finding.message).toMatch(/^innodb_flush_log_at_trx_commit=2 relaxes durability/);
    expect(res.code).toBe(1);

    const text = await run(["live", "--dsn", dsn, "--no-impact", "--no-color"], { env });
    // The code frame shows the variable's line of the server's synthetic [mysqld] view.
    expect(text.stdout).toContain(`${file}:${finding.range.start.line}:1: warning[relaxed-commit-durability]`);
    expect(text.stdout).toMatch(new RegExp(`${finding.range.start.line} \\| innodb_flush_log_at_trx_commit = 2\\n`));
    expect(text.stdout).toContain("fix (display-only): restore full durability (1, the default): SET GLOBAL innodb_flush_log_at_trx_commit = 1");
  });

  it("reports config-drift at the option line, with why the values differ", async () => {
    const dir = scratch({
      "my.cnf":
        "[mysqld]\ninnodb_flush_log_at_trx_commit = 1\ninnodb-buffer-pool-size = 256M\ninnodb_sort_buffer_size = 64M\nplugin-load-add = ha_rocksdb.so\nmax_connections = 500\n",
      ".innolint.json": JSON.stringify({ root: true }),
    });
    const res = await run(["live", "--dsn", dsn, "--defaults-file", "my.cnf", "--format", "json", "--no-impact"], { cwd: dir, env });
    const report = JSON.parse(res.stdout) as { findings: JsonFinding[] };
    const drift = report.findings.filter((f) => f.rule === "config-drift");
    expect(drift.map((f) => [f.file, f.range.start.line])).toEqual([
      [join(dir, "my.cnf"), 2],
      [join(dir, "my.cnf"), 6],
    ]);
    expect(drift[0]?.message).toBe(
      `innodb_flush_log_at_trx_commit is 2 on 127.0.0.1:${server.port} but 1 here: it was changed at run time (SET GLOBAL) and never written to this file, so the next restart returns it to 1`,
    );
    expect(drift[1]?.message).toMatch(/^max_connections is 151 on .* but 500 here: the server runs its compiled-in default/);
    // The file's own findings are lint's business, not live's: only drift is reported for it.
    expect(report.findings.filter((f) => f.file.endsWith("my.cnf") && f.rule !== "config-drift")).toEqual([]);
  });

  it("writes a snapshot with the server's facts, valid against its JSON schema", async () => {
    const dir = scratch({});
    const res = await run(["live", "--dsn", dsn, "--snapshot", "out.json", "--no-impact", "--fail-on", "never"], { cwd: dir, env });
    expect(res.code).toBe(0);
    expect(res.stderr).toBe(`innolint: wrote the snapshot of 127.0.0.1:${server.port} to out.json\n`);
    const raw = JSON.parse(readFileSync(join(dir, "out.json"), "utf8"));
    expect(validateSnapshot(raw), JSON.stringify(validateSnapshot.errors)).toBe(true);
    const snap = parseSnapshot(JSON.stringify(raw), "out.json");
    expect(snap.server).toMatchObject({ address: `127.0.0.1:${server.port}`, flavor: "mariadb" });
    expect(snap.variables.innodb_buffer_pool_size).toBe(String(256 * 2 ** 20));
    expect(snap.variables.innodb_flush_log_at_trx_commit).toBe("2");
    expect(snap.variableOrigins?.innodb_flush_log_at_trx_commit).toBe("SQL");
    expect(snap.variableOrigins?.innodb_buffer_pool_size).toBe("COMMAND-LINE");
    const pages = Number(snap.bufferPoolStatus?.Innodb_buffer_pool_pages_total);
    expect(pages * Number(snap.variables.innodb_page_size)).toBeGreaterThan(200 * 2 ** 20);
    const orders = snap.tables?.find((t) => t.schema === "shop" && t.name === "orders");
    expect(orders?.partitioning).toEqual({ method: "HASH", expression: "`id`", partitions: 64 });
    // TABLE_ROWS is InnoDB's estimate from index statistics, not a count.
    expect(orders?.rows).toBeGreaterThan(3200);
    expect(orders?.rows).toBeLessThan(12800);
    expect(orders?.avgRowLength).toBeGreaterThan(0);
    expect(snap.tables?.find((t) => t.name === "customers")?.partitioning).toBeUndefined();
    expect(snap.tables?.some((t) => t.schema === "mysql")).toBe(false);
  });

  it("gives lint the live partition count, buffer pool, sort buffer and row count; --context-dsn and --context-snapshot agree", async () => {
    const dir = scratch({
      "migrations/001_orders.sql": [
        "SELECT * FROM orders WHERE customer_id = 5;",
        "ALTER TABLE orders ADD PARTITION PARTITIONS 4;",
        "ALTER TABLE orders ADD INDEX ic (customer_id), ADD INDEX icr (created);",
        "DROP TABLE shop.orders;",
        "",
      ].join("\n"),
      ".innolint.json": JSON.stringify({ root: true, rules: { "partition-count-high": ["warning", { threshold: 50 }] } }),
    });
    const snap = await run(["live", "--dsn", dsn, "--snapshot", "snap.json", "--fail-on", "never", "--no-impact"], { cwd: dir, env });
    expect(snap.code).toBe(0);
    const viaSnapshot = await run(["--format", "json", "--target", "mysql-8.0.22", "--context-snapshot", "snap.json", "migrations"], { cwd: dir });
    const viaDsn = await run(["--format", "json", "--target", "mysql-8.0.22", "--context-dsn", dsn, "migrations"], { cwd: dir, env });
    expect(viaDsn.stdout).toBe(viaSnapshot.stdout);
    const findings = (JSON.parse(viaSnapshot.stdout) as { findings: JsonFinding[] }).findings;
    const byRule = (rule: string) => findings.find((f) => f.rule === rule) as JsonFinding;
    const server$ = `live 127.0.0.1:${server.port}`;

    const unpruned = byRule("partition-unpruned-query");
    expect(unpruned.message).toContain(`in all 64 partitions (table known from ${server$})`);
    expect(unpruned.impact?.inputs).toContainEqual({ name: "partitions", value: 64, source: "live" });

    const count = byRule("partition-count-high");
    expect(count.range.start.line).toBe(2);
    expect(count.message).toMatch(new RegExp(`^orders has 68 partitions \\(table known from ${server$.replace(/\./g, "\\.")}\\), above the threshold of 50`));

    // 64M sort buffer from the server (started with --innodb-sort-buffer-size=64M), 68 partitions, InnoDB's row estimate.
    const ddl = byRule("ddl-multi-index-memory");
    expect(ddl.message).toContain(`(68 partitions; table known from ${server$}) with innodb_sort_buffer_size=64M from ${server$}`);
    expect(ddl.impact?.inputs).toContainEqual({ name: "innodb_sort_buffer_size", value: 64 * 2 ** 20, source: "live" });
    const rows = ddl.impact?.inputs.find((i) => i.name === "rows");
    expect(rows?.source).toBe("live");
    expect(rows?.value).toBeGreaterThan(3200);

    const drop = byRule("drop-truncate-buffer-pool-stall");
    expect(drop.message).toContain(`every dirty page of the buffer pool (256M from ${server$}, 1 instance)`);
    expect(drop.impact?.inputs).toContainEqual({ name: "innodb_buffer_pool_size", value: 256 * 2 ** 20, source: "live" });
  });

  it("review --base with --context-dsn judges the change with the server's pool, partitions and rows, as its snapshot does", async () => {
    const dir = scratch({});
    git(dir, "init", "-q", "-b", "main");
    git(dir, "config", "user.email", "ci@example.com");
    git(dir, "config", "user.name", "CI");
    commit(dir, "history", {
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22" }),
      "migrations/001_audit.sql": "CREATE TABLE audit (id BIGINT PRIMARY KEY);\nDROP TABLE audit;\n",
    });
    git(dir, "checkout", "-q", "-b", "feature");
    write(dir, { "migrations/002_orders.sql": "ALTER TABLE orders ADD INDEX ic (customer_id), ADD INDEX icr (created);\nDROP TABLE shop.orders;\n" });
    const snap = await run(["live", "--dsn", dsn, "--snapshot", "snap.json", "--fail-on", "never", "--no-impact"], { cwd: dir, env });
    expect(snap.code).toBe(0);
    const viaDsn = await run(["review", "--base", "main", "--target", "mysql-8.0.22", "--format", "json", "--context-dsn", dsn, "migrations"], {
      cwd: dir,
      env,
    });
    const viaSnapshot = await run(
      ["review", "--base", "main", "--target", "mysql-8.0.22", "--format", "json", "--context-snapshot", "snap.json", "migrations"],
      { cwd: dir },
    );
    expect(viaDsn.stderr).toBe("");
    expect(viaDsn.stdout).toBe(viaSnapshot.stdout);
    const findings = (JSON.parse(viaDsn.stdout) as { findings: JsonFinding[] }).findings;
    const server$ = `live 127.0.0.1:${server.port}`;
    expect(findings.every((f) => f.file.endsWith("002_orders.sql"))).toBe(true);
    const drop = findings.find((f) => f.rule === "drop-truncate-buffer-pool-stall");
    expect(drop?.message).toContain(`every dirty page of the buffer pool (256M from ${server$}, 1 instance)`);
    const ddl = findings.find((f) => f.rule === "ddl-multi-index-memory");
    expect(ddl?.impact?.inputs.find((i) => i.name === "rows")?.source).toBe("live");
  });

  it("takes the target from the server when none is given, and --target over it", async () => {
    const dir = scratch({ "m.sql": "DROP TABLE shop.customers;\n", ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22" }) });
    // MariaDB 10.11 evicts lazily: no stall, although .innolint.json names an older MySQL.
    const live = await run(["--format", "json", "--context-dsn", dsn, "m.sql"], { cwd: dir, env });
    const report = JSON.parse(live.stdout) as { targets: Record<string, string>; findings: JsonFinding[] };
    expect(Object.values(report.targets)[0]).toMatch(/^mariadb-10\./);
    expect(report.findings).toEqual([]);
    const forced = await run(["--format", "json", "--target", "mysql-8.0.22", "--context-dsn", dsn, "m.sql"], { cwd: dir, env });
    expect((JSON.parse(forced.stdout) as { findings: JsonFinding[] }).findings.map((f) => f.rule)).toEqual(["drop-truncate-buffer-pool-stall"]);
  });

  it("connects through the Unix socket", async () => {
    const res = await run(["live", "--socket", server.socket, "--user", "root", "--format", "json", "--no-impact"], { env: {} });
    const report = JSON.parse(res.stdout) as { findings: JsonFinding[] };
    const file = `mysql://localhost?socket=${server.socket}`;
    expect(report.findings.map((f) => [f.rule, f.file])).toEqual([
      ["general-log-enabled", file],
      ["relaxed-commit-durability", file],
      ["sort-buffer-oversized", file],
      ["local-infile-enabled", file],
    ]);
  });

  it("sends nothing but SELECT and SHOW: the guard refuses, and the server's general log agrees", async () => {
    const session = await LiveSession.open({ user: "lint", host: "127.0.0.1", port: server.port }, { password: PASSWORD }, 10_000);
    try {
      await expect(session.query("SET GLOBAL max_connections = 7")).rejects.toThrow(ReadOnlyViolation);
      await expect(session.query("SELECT 1; SET GLOBAL max_connections = 7")).rejects.toThrow(ReadOnlyViolation);
      await expect(session.query("/*!50000 SET GLOBAL max_connections = 7 */")).rejects.toThrow(ReadOnlyViolation);
      expect(await session.query<{ n: number }>("SELECT 1 AS n")).toEqual([{ n: 1 }]);
    } finally {
      session.close();
    }
    expect(server.admin("SELECT @@global.max_connections").trim()).toBe("151");
    // Every statement any of the lint user's connections sent, in this whole file so far.
    const log = readFileSync(server.generalLog, "utf8").split("\n");
    const ids = new Set<string>();
    const statements: string[] = [];
    for (const line of log) {
      const m = /^(?:\d{6}\s+[\d:]+)?\s+(\d+)\s+(Connect|Query|Init DB|Field List|Prepare|Execute)\t(.*)$/.exec(line);
      if (!m) continue;
      const [, id, command, argument] = m as unknown as [string, string, string, string];
      if (command === "Connect" && /^lint@/.test(argument)) ids.add(id);
      else if (ids.has(id)) statements.push(`${command} ${argument}`);
    }
    expect(ids.size).toBeGreaterThan(5);
    expect(statements.length).toBeGreaterThan(20);
    for (const s of statements) expect(s).toMatch(/^Query (SELECT|SHOW) /);
  });

  it("keeps the password secret: not in any output, error or snapshot; refused in a DSN", async () => {
    const dir = scratch({ "my.cnf": "[mysqld]\ninnodb_flush_log_at_trx_commit = 1\n" });
    const outputs: string[] = [];
    for (const format of ["text", "json", "sarif", "github", "gitlab"]) {
      const res = await run(["live", "--dsn", dsn, "--defaults-file", "my.cnf", "--format", format, "--snapshot", `s-${format}.json`], { cwd: dir, env });
      outputs.push(res.stdout, res.stderr, readFileSync(join(dir, `s-${format}.json`), "utf8"));
    }
    const inDsn = await run(["live", "--dsn", `mysql://lint:${encodeURIComponent(PASSWORD)}@127.0.0.1:${server.port}/`], { cwd: dir, env: {} });
    expect(inDsn.code).toBe(2);
    expect(inDsn.stderr).toMatch(/the DSN contains a password, which innolint refuses/);
    const wrong = await run(["live", "--dsn", dsn], { cwd: dir, env: { MYSQL_PWD: `${PASSWORD}-wrong` } });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toMatch(
      /^innolint: access denied for lint@127\.0\.0\.1 \(password from MYSQL_PWD\): Access denied for user 'lint'@'localhost' \(using password: YES\)\n$/,
    );
    const lint = await run(["--context-dsn", dsn, "my.cnf"], { cwd: dir, env });
    outputs.push(inDsn.stdout, inDsn.stderr, wrong.stdout, wrong.stderr, lint.stdout, lint.stderr);
    for (const o of outputs) {
      expect(o).not.toContain(PASSWORD);
      expect(o).not.toContain(encodeURIComponent(PASSWORD));
    }
  });

  it("fails with exit 2 and writes no snapshot when the server drops the connection mid-answer", async () => {
    // The greeting, the login and VERSION() fit in 2,000 bytes; SHOW GLOBAL VARIABLES does not.
    const p = await proxy(server.port, 2000, "drop");
    try {
      const dir = scratch({ "keep.json": "old snapshot\n" });
      const res = await run(["live", "--dsn", `mysql://lint@127.0.0.1:${p.port}/`, "--snapshot", "out.json"], { cwd: dir, env });
      expect(res.code).toBe(2);
      expect(res.stderr).toBe(`innolint: the connection to 127.0.0.1:${p.port} was lost while reading SHOW GLOBAL VARIABLES\n`);
      expect(res.stdout).toBe("");
      expect(readdirSync(dir).sort()).toEqual(["keep.json"]);
      const over = await run(["live", "--dsn", `mysql://lint@127.0.0.1:${p.port}/`, "--snapshot", "keep.json"], { cwd: dir, env });
      expect(over.code).toBe(2);
      expect(readFileSync(join(dir, "keep.json"), "utf8")).toBe("old snapshot\n");
    } finally {
      await p.close();
    }
  });

  it("times out a statement the server stops answering (--timeout), and a server that never greets", async () => {
    const p = await proxy(server.port, 2000, "stall");
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", () => r()));
    const silentPort = (silent.address() as { port: number }).port;
    try {
      const stalled = await run(["live", "--dsn", `mysql://lint@127.0.0.1:${p.port}/`, "--timeout", "1"], { env });
      expect(stalled.code).toBe(2);
      expect(stalled.stderr).toBe(`innolint: no answer from 127.0.0.1:${p.port} within 1 s while reading SHOW GLOBAL VARIABLES (--timeout)\n`);
      const mute = await run(["live", "--dsn", `mysql://lint@127.0.0.1:${silentPort}/`, "--timeout", "0.5"], { env });
      expect(mute.code).toBe(2);
      expect(mute.stderr).toBe(`innolint: no answer from 127.0.0.1:${silentPort} within 0.5 s while connecting (--timeout)\n`);
      const lint = await run(["--context-dsn", `mysql://lint@127.0.0.1:${silentPort}/`, "--context-timeout", "0.5", "x.sql"], { env });
      expect(lint.code).toBe(2);
      expect(lint.stderr).toContain("within 0.5 s while connecting");
    } finally {
      await p.close();
      silent.close();
    }
  });

  it("says so when TLS is asked of a server that does not offer it", async () => {
    const res = await run(["live", "--dsn", `${dsn}?ssl-mode=REQUIRED`], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`innolint: 127.0.0.1:${server.port} does not offer TLS, which ssl-mode=REQUIRED asks for\n`);
  });

  it("says so when nothing listens", async () => {
    const closed = await new Promise<number>((r) => {
      const s = createServer();
      s.listen(0, "127.0.0.1", () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => r(port));
      });
    });
    const res = await run(["live", "--dsn", `mysql://lint@127.0.0.1:${closed}/`], { env });
    expect(res.code).toBe(2);
    expect(res.stderr).toBe(`innolint: connection refused by 127.0.0.1:${closed}: is the server running and listening there?\n`);
  });

  const script = existsSync("/usr/bin/script");
  it.skipIf(!script)("prompts for the password on a terminal without echoing it (-p)", async () => {
    const root = resolve(__dirname, "..", "..", "..");
    const command = `${join(root, "node_modules/.bin/vite-node")} ${join(root, "packages/linter/src/bin.ts")} -- live --dsn ${dsn} -p --no-impact --no-color`;
    const child = spawn("script", ["-qec", command, "/dev/null"], {
      cwd: root,
      stdio: ["pipe", "pipe", "pipe"],
      env: { ...process.env, INNOLINT_PASSWORD: "", MYSQL_PWD: "" },
    });
    let out = "";
    let typed = false;
    const exit = new Promise<number | null>((r) => child.once("exit", r));
    const onData = (d: Buffer) => {
      out += d.toString();
      if (!typed && out.includes("Password for lint@127.0.0.1:")) {
        typed = true;
        // Typed after the prompt, as a person would: raw mode is on, so the terminal does not echo.
        setTimeout(() => child.stdin.write(`${PASSWORD}\r`), 300);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    expect(await exit).toBe(1);
    expect(out).toContain("warning[relaxed-commit-durability]");
    expect(out).not.toContain(PASSWORD);
  });
});

/** A CA, a server certificate it signed for localhost and 127.0.0.1, and an unrelated CA. */
function certificates(dir: string): { ca: string; other: string; cert: string; key: string } {
  const at = (name: string) => join(dir, name);
  const ssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: "ignore" });
  ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=innolint test CA");
  ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "other.key", "-out", "other.pem", "-days", "2", "-subj", "/CN=another CA");
  ssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost");
  writeFileSync(at("san.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
  ssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out", "server.pem", "-days", "2", "-extfile", "san.ext");
  return { ca: at("ca.pem"), other: at("other.pem"), cert: at("server.pem"), key: at("server.key") };
}

const openssl = (() => {
  try {
    execFileSync("sh", ["-c", "command -v openssl"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
requireOracle("openssl", !openssl && "openssl is not installed");
if (!unavailable && !openssl) console.warn("live-server TLS tests skipped: openssl is not installed");

describe.skipIf(Boolean(unavailable) || !openssl)("live server over TLS (require_secure_transport)", () => {
  let server: TestServer;
  let certs: ReturnType<typeof certificates>;
  const env = { INNOLINT_PASSWORD: PASSWORD };

  beforeAll(async () => {
    certs = certificates(scratch({}));
    server = await startMariaDB([`--ssl-ca=${certs.ca}`, `--ssl-cert=${certs.cert}`, `--ssl-key=${certs.key}`, "--require-secure-transport=ON"]);
    server.admin(`CREATE USER 'lint'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}'; CREATE USER 'lint'@'localhost' IDENTIFIED BY '${PASSWORD}';`);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it("connects with ssl-mode=REQUIRED, VERIFY_CA and VERIFY_IDENTITY, and refuses an unknown CA", async () => {
    const dsn = (host: string, query: string) => `mysql://lint@${host}:${server.port}/?${query}`;
    const ok = async (host: string, query: string) => {
      const res = await run(["live", "--dsn", dsn(host, query), "--fail-on", "never", "--no-impact"], { env });
      expect([query, res.stderr, res.code]).toEqual([query, "", 0]);
    };
    await ok("127.0.0.1", "ssl-mode=REQUIRED");
    await ok("127.0.0.1", `ssl-ca=${certs.ca}`);
    await ok("localhost", `ssl-mode=VERIFY_IDENTITY&ssl-ca=${certs.ca}`);

    const plain = await run(["live", "--dsn", `mysql://lint@127.0.0.1:${server.port}/`], { env });
    expect(plain.code).toBe(2);
    // MariaDB answers a login without TLS with "access denied"; MySQL with ER_SECURE_TRANSPORT_REQUIRED.
    expect(plain.stderr).toMatch(/^innolint: access denied for lint@127\.0\.0\.1 .*; the server offers TLS: if it requires it, add ssl-mode=REQUIRED/);
    const stranger = await run(["live", "--dsn", dsn("127.0.0.1", `ssl-ca=${certs.other}`)], { env });
    expect(stranger.code).toBe(2);
    expect(stranger.stderr).toMatch(/TLS certificate was refused \(/);
    const missing = await run(["live", "--dsn", dsn("127.0.0.1", "ssl-ca=/nonexistent/ca.pem")], { env });
    expect(missing.stderr).toBe("innolint: cannot read ssl-ca /nonexistent/ca.pem: ENOENT\n");
    for (const o of [plain, stranger, missing]) expect(o.stderr + o.stdout).not.toContain(PASSWORD);
  });
});

describe("snapshots as input", () => {
  it("refuses a snapshot that is not one, naming the file and the field", async () => {
    const dir = scratch({
      "bad.json": JSON.stringify({
        format: "innolint-live-snapshot",
        version: 1,
        server: { address: "db1:3306", version: "8.0.36", flavor: "mariadb", target: "mysql-8.0.36" },
        variables: {},
      }),
      "future.json": JSON.stringify({ format: "innolint-live-snapshot", version: 2 }),
      "x.sql": "SELECT 1;\n",
    });
    const bad = await run(["live", "--from-snapshot", "bad.json"], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toBe(`innolint: ${join(dir, "bad.json")}: server.flavor: must be mysql, the flavour of server.target\n`);
    const future = await run(["--context-snapshot", "future.json", "x.sql"], { cwd: dir });
    expect(future.code).toBe(2);
    expect(future.stderr).toBe(`innolint: ${join(dir, "future.json")}: version: is 2; this innolint reads version 1\n`);
    const missing = await run(["--context-snapshot", "nope.json", "x.sql"], { cwd: dir });
    expect(missing.stderr).toBe(`innolint: ${join(dir, "nope.json")}: no such file\n`);
  });

  it("refuses contradictory or incomplete live arguments with exit 2", async () => {
    const cases: [string[], RegExp][] = [
      [["live"], /no server given/],
      [["live", "--dsn", "mysql://a@h/", "--socket", "/s"], /either --dsn or --socket/],
      [["live", "--dsn", "mysql://a@h/", "--from-snapshot", "s.json"], /either a server .* or a snapshot/],
      [["live", "--dsn", "postgres://a@h/"], /must start with mysql:\/\/ or mariadb:\/\//],
      [["live", "--dsn", "mysql://a@h/?ssl=1"], /unknown DSN parameter "ssl"/],
      [["live", "--dsn", "mysql://a@h/?ssl-mode=PREFERRED"], /ssl-mode=PREFERRED is not supported/],
      [["live", "--dsn", "mysql://a@h/?ssl-mode=DISABLED&ssl-ca=/ca.pem"], /ssl-ca needs TLS/],
      [["live", "--dsn", "mysql://a@h/", "--user", "b"], /user is given twice/],
      [["live", "--dsn", "mysql://a@h/", "--password=x"], /does not take a password on the command line/],
      [["live", "--dsn", "mysql://a@h/", "--timeout", "0"], /--timeout takes a number of seconds/],
      [["live", "--dsn", "mysql://a@h/", "-p"], /-p needs a terminal/],
      [["live", "my.cnf"], /innolint live reads a server, not files/],
      [["--context-dsn", "mysql://a@h/", "--context-snapshot", "s.json", "x.sql"], /either --context-dsn or --context-snapshot/],
    ];
    for (const [argv, message] of cases) {
      const res = await run(argv, { env: {} });
      expect([argv.join(" "), res.code]).toEqual([argv.join(" "), 2]);
      expect(res.stderr).toMatch(message);
    }
  });
});

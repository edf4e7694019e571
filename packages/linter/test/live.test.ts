/** The live-server pieces that need no server: the read-only guard, DSNs, flavour detection, snapshots and drift. */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { assertReadOnly, ReadOnlyViolation } from "../src/live/readonly.js";
import { describeAddress, LiveError, parseDsn, passwordFromEnv, redact } from "../src/live/session.js";
import { detectServer, parseSnapshot, writeSnapshot, type LiveSnapshot } from "../src/live/snapshot.js";
import { run, scratch } from "./helpers/run.js";

describe("read-only guard", () => {
  it.each([
    "SELECT VERSION() AS version, @@version_comment AS comment",
    "SHOW GLOBAL VARIABLES",
    "  \n\tshow global status like 'Innodb_buffer_pool%'",
    "SELECT TABLE_SCHEMA AS db, COUNT(DISTINCT PARTITION_NAME) AS n FROM information_schema.PARTITIONS WHERE PARTITION_NAME IS NOT NULL AND TABLE_SCHEMA NOT IN ('mysql', 'sys') GROUP BY TABLE_SCHEMA",
    "SELECT 'x; DROP TABLE t /* not a comment */' AS s",
    "SELECT `for`, `into` FROM `t`",
    "SELECT @@global.max_connections",
  ])("lets through %s", (sql) => {
    expect(() => assertReadOnly(sql)).not.toThrow();
  });

  it.each([
    ["DROP TABLE t", /only SELECT and SHOW .* not DROP/],
    ["SET GLOBAL max_connections = 7", /not SET/],
    ["SET SESSION TRANSACTION READ ONLY", /not SET/],
    ["select 1; drop table t", /only one statement/],
    ["SHOW VARIABLES;", /only one statement/],
    ["/*!50000 DROP TABLE t */", /comments are refused/],
    ["SELECT 1 /*!50000 , SLEEP(10) */", /comments are refused/],
    ["SELECT 1 -- DROP", /comments are refused/],
    ["SELECT 1 # DROP", /comments are refused/],
    ["SELECT * FROM t INTO OUTFILE '/tmp/x'", /INTO writes/],
    ["SELECT 1 INTO @x", /user variables are refused|INTO writes/],
    ["SELECT * FROM t FOR UPDATE", /FOR UPDATE/],
    ["SELECT * FROM t LOCK IN SHARE MODE", /LOCK IN SHARE MODE/],
    ["SELECT NEXT VALUE FOR s", /FOR UPDATE\/SHARE .* sequence/],
    ["SELECT @x := 1", /user variables are refused/],
    ["SELECT a := 1 FROM t", /assignments/],
    ["SELECT SLEEP(10)", /calls to SLEEP\(\) are refused/],
    ["SELECT sleep (10)", /calls to sleep\(\) are refused/],
    ["SELECT GET_LOCK('x', 10)", /GET_LOCK/],
    ["SELECT LOAD_FILE('/etc/passwd')", /LOAD_FILE/],
    ["SELECT shop.audit_write()", /audit_write/],
    ["SELECT `count`(1)", /count/],
    ["SELECT * FROM t PROCEDURE ANALYSE()", /PROCEDURE/],
    ["(SELECT 1)", /only SELECT and SHOW/],
    ["WITH x AS (SELECT 1) DELETE FROM t", /not WITH/],
    ["CALL p()", /not CALL/],
    ["DO SLEEP(1)", /not DO/],
    ["HANDLER t READ FIRST", /not HANDLER/],
    ["EXPLAIN SELECT 1", /not EXPLAIN/],
    ["SELECT 'unterminated", /unterminated quote/],
    ["", /only SELECT and SHOW/],
  ])("refuses %s", (sql, message) => {
    expect(() => assertReadOnly(sql)).toThrow(ReadOnlyViolation);
    expect(() => assertReadOnly(sql)).toThrow(message);
  });
});

describe("DSN and credentials", () => {
  const env = { USER: "alice" };

  it("reads user, host, port and socket; defaults like the mysql client", () => {
    expect(parseDsn("mysql://bob@db1.example.com:3307/", env)).toEqual({ user: "bob", host: "db1.example.com", port: 3307 });
    expect(parseDsn("mariadb://db1/", env)).toEqual({ user: "alice", host: "db1", port: 3306 });
    expect(parseDsn("mysql://bob@[::1]:3310", env)).toEqual({ user: "bob", host: "::1", port: 3310 });
    expect(parseDsn("mysql://b%40x@localhost?socket=/run/mysqld/mysqld.sock", env)).toEqual({ user: "b@x", socket: "/run/mysqld/mysqld.sock" });
    expect(parseDsn("mysql://b@h/?ssl-ca=/etc/ca.pem", env).tls).toEqual({ mode: "verify_ca", ca: "/etc/ca.pem" });
    expect(parseDsn("mysql://b@h/?ssl-mode=required", env).tls).toEqual({ mode: "required" });
    expect(parseDsn("mysql://b@h/?ssl-mode=DISABLED", env).tls).toBeUndefined();
    expect(describeAddress({ user: "b", host: "::1", port: 3310 })).toBe("[::1]:3310");
    expect(describeAddress({ user: "b", socket: "/s" })).toBe("localhost (socket /s)");
  });

  it("refuses a password in the DSN without repeating it", () => {
    expect(() => parseDsn("mysql://bob:hunter2@db1/", env)).toThrow(LiveError);
    try {
      parseDsn("mysql://bob:hunter2@db1/", env);
    } catch (e) {
      expect((e as Error).message).not.toContain("hunter2");
      expect((e as Error).message).toMatch(/INNOLINT_PASSWORD/);
    }
  });

  it("takes INNOLINT_PASSWORD over MYSQL_PWD, and redacts raw and URL-encoded forms", () => {
    expect(passwordFromEnv({ INNOLINT_PASSWORD: "a", MYSQL_PWD: "b" })).toEqual({ password: "a", passwordSource: "INNOLINT_PASSWORD" });
    expect(passwordFromEnv({ MYSQL_PWD: "b" })).toEqual({ password: "b", passwordSource: "MYSQL_PWD" });
    expect(passwordFromEnv({})).toEqual({});
    expect(redact("mysql://u:p%40ss@h failed for p@ss", "p@ss")).toBe("mysql://u:********@h failed for ********");
  });
});

describe("flavour and version from the server", () => {
  it.each([
    ["8.0.36", "MySQL Community Server - GPL", undefined, "mysql", "mysql-8.0.36"],
    ["8.0.36-28", "Percona Server (GPL), Release 28, Revision 47601f19", undefined, "percona", "percona-8.0.36"],
    ["8.4.5-cluster", "MySQL Cluster Community Server - GPL", undefined, "ndb", "ndb-8.4.5"],
    ["10.11.6-MariaDB-0+deb12u1", "Debian 12", undefined, "mariadb", "mariadb-10.11.6"],
    ["5.5.5-10.6.16-MariaDB-log", "MariaDB Server", undefined, "mariadb", "mariadb-10.6.16"],
    ["11.4.2-MariaDB", "mariadb.org binary distribution", undefined, "mariadb", "mariadb-11.4.2"],
    ["8.0.mysql_aurora.3.04.0", "Source distribution", "3.04.0", "aurora-mysql", "aurora-mysql-3.04.0"],
    ["5.7.mysql_aurora.2.11.2", "Source distribution", undefined, "aurora-mysql", "aurora-mysql-2.11.2"],
  ])("%s (%s)", (version, comment, aurora, flavor, target) => {
    expect(detectServer(version, comment, aurora)).toEqual({ flavor, target });
  });

  it("asks for --target when the version cannot be read", () => {
    expect(() => detectServer("devel", "", undefined)).toThrow(/pass --target/);
  });
});

function snapshot(target: string, variables: Record<string, string>, extra: Partial<LiveSnapshot> = {}): LiveSnapshot {
  const flavor = target.replace(/-[\d.]+$/, "") as LiveSnapshot["server"]["flavor"];
  return {
    format: "innolint-live-snapshot",
    version: 1,
    server: { address: "db1:3306", version: target.replace(/^[a-z-]+-/, ""), flavor, target },
    variables,
    ...extra,
  };
}

describe("snapshot files", () => {
  const schema = JSON.parse(readFileSync(join(__dirname, "..", "schema", "live-snapshot.schema.json"), "utf8"));
  const validate = new Ajv({ strict: false }).compile(schema);
  const valid = snapshot(
    "mysql-8.0.36",
    { a: "1" },
    { tables: [{ schema: "s", name: "t", rows: 5, partitioning: { method: "HASH", partitions: 4, subpartitioning: { method: "KEY", subpartitions: 8 } } }] },
  );
  const samples: [string, unknown][] = [
    ["a full snapshot", valid],
    ["no server", { ...valid, server: undefined }],
    ["a wrong format", { ...valid, format: "other" }],
    ["a future version", { ...valid, version: 2 }],
    ["an unknown key", { ...valid, extra: 1 }],
    ["a numeric variable value", { ...valid, variables: { a: 1 } }],
    ["a bad target", { ...valid, server: { ...valid.server, target: "oracle-19" } }],
    ["an upper-case target", { ...valid, server: { ...valid.server, target: "MySQL-8.0.36" } }],
    ["zero partitions", { ...valid, tables: [{ schema: "s", name: "t", partitioning: { method: "HASH", partitions: 0 } }] }],
    ["negative rows", { ...valid, tables: [{ schema: "s", name: "t", rows: -1 }] }],
    ["an unknown table key", { ...valid, tables: [{ schema: "s", name: "t", columns: [] }] }],
    ["a table without a name", { ...valid, tables: [{ schema: "s" }] }],
  ];

  it.each(samples)("parser and JSON schema agree on %s", (_, sample) => {
    let parsed = true;
    try {
      parseSnapshot(JSON.stringify(sample), "s.json");
    } catch (e) {
      expect(e).toBeInstanceOf(LiveError);
      parsed = false;
    }
    expect(parsed).toBe(validate(sample));
  });

  it("is written whole or not at all", () => {
    const dir = scratch({});
    const path = join(dir, "out.json");
    writeSnapshot(path, valid);
    expect(parseSnapshot(readFileSync(path, "utf8"), path)).toEqual(valid);
    expect(() => writeSnapshot(join(dir, "missing", "out.json"), valid)).toThrow(/cannot write the snapshot to .*missing\/out\.json: ENOENT/);
  });
});

interface JsonFinding {
  rule: string;
  file: string;
  severity: string;
  message: string;
  range: { start: { line: number } };
  fix?: { safety: string; edits: unknown[] };
}

async function live(snap: LiveSnapshot, cnf?: string, args: string[] = []): Promise<{ code: number; findings: JsonFinding[]; stderr: string }> {
  const dir = scratch({ ".innolint.json": JSON.stringify({ root: true }), ...(cnf ? { "my.cnf": cnf } : {}) });
  writeFileSync(join(dir, "snap.json"), JSON.stringify(snap));
  const res = await run(["live", "--from-snapshot", "snap.json", ...(cnf ? ["--defaults-file", "my.cnf"] : []), "--format", "json", "--no-impact", ...args], {
    cwd: dir,
  });
  return { code: res.code, stderr: res.stderr, findings: res.stdout ? (JSON.parse(res.stdout) as { findings: JsonFinding[] }).findings : [] };
}

describe("live variables through the option-file rules", () => {
  it("leaves file-syntax rules out: names the catalogue lacks, deprecated and removed names, odd values", async () => {
    const { findings, code } = await live(
      snapshot("mysql-8.0.36", {
        // Unknown to the catalogue (a plugin's), deprecated in 8.0, removed in 8.0, beyond the catalogue's range.
        rocksdb_block_cache_size: "536870912",
        binlog_format: "ROW",
        query_cache_size: "1048576",
        max_connections: "200000",
        max_binlog_cache_size: "18446744073709547520",
        innodb_flush_log_at_trx_commit: "1",
        log_bin: "OFF",
        sync_binlog: "0",
      }),
    );
    // Only a value rule speaks: the binary log this 8.0 server runs without (information).
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([["binlog-disabled", "info"]]);
    expect(code).toBe(0);
  });

  it("reads log_bin as the server reports it: sync_binlog=0 matters only with the binary log ON", async () => {
    const on = await live(snapshot("mariadb-10.11.6", { log_bin: "ON", sync_binlog: "0" }));
    expect(on.findings.map((f) => f.rule)).toEqual(["relaxed-commit-durability"]);
    expect(on.findings[0]?.message).toMatch(/^sync_binlog=0 leaves binary-log fsyncs to the OS/);
    expect(on.findings[0]?.fix?.safety).toBe("display-only");
    expect(on.findings[0]?.fix?.edits).toEqual([]);
  });

  it("uses the reported numbers as they are (the server has already applied its limits)", async () => {
    const { findings } = await live(snapshot("mysql-5.7.44", { innodb_sort_buffer_size: "67108864" }));
    expect(findings.map((f) => [f.rule, f.file, f.range.start.line])).toEqual([["sort-buffer-oversized", "mysql://db1:3306", 3]]);
    expect(findings[0]?.message).toMatch(/^innodb_sort_buffer_size=67108864 is 64× the 1M default: each index build holds about 4 × 64M/);
  });
});

describe("config-drift", () => {
  const drift = async (variables: Record<string, string>, cnf: string, extra: Partial<LiveSnapshot> = {}, target = "mysql-8.0.36") =>
    (await live(snapshot(target, variables, extra), cnf)).findings.filter((f) => f.rule === "config-drift");

  it("compares values as the server reads them", async () => {
    const same = await drift(
      {
        innodb_buffer_pool_size: "8589934592",
        innodb_buffer_pool_chunk_size: "134217728",
        innodb_buffer_pool_instances: "16",
        innodb_log_buffer_size: "16777216",
        local_infile: "OFF",
        transaction_isolation: "READ-COMMITTED",
        sql_mode: "REAL_AS_FLOAT,PIPES_AS_CONCAT,ANSI_QUOTES,IGNORE_SPACE,ONLY_FULL_GROUP_BY,ANSI",
        optimizer_switch: "index_merge=on,index_merge_union=off,mrr=on,mrr_cost_based=on",
        datadir: "/var/lib/mysql/",
        innodb_log_group_home_dir: "/var/lib/mysql/redo",
        collation_server: "utf8mb3_general_ci",
        long_query_time: "2.500000",
      },
      [
        "[mysqld]",
        "innodb_buffer_pool_size = 7G",
        "innodb_buffer_pool_instances = 16",
        "innodb-log-buffer-size = 16M",
        "local_infile = 0",
        "transaction-isolation = read-committed",
        "sql_mode = ANSI",
        "optimizer_switch = index_merge_union=off",
        "datadir = /var/lib/mysql",
        "innodb_log_group_home_dir = ./redo",
        "collation-server = utf8_general_ci",
        "long_query_time = 2.5",
        "plugin-load-add = ha_example.so",
        "",
      ].join("\n"),
    );
    expect(same).toEqual([]);
  });

  it("reports each difference at its line, with both values", async () => {
    const found = await drift(
      {
        innodb_log_buffer_size: "33554432",
        local_infile: "ON",
        optimizer_switch: "index_merge=on,mrr=off",
        datadir: "/srv/mysql/",
        log_bin: "OFF",
        sql_mode: "STRICT_TRANS_TABLES",
      },
      [
        "[mysqld]",
        "innodb_log_buffer_size = 16M",
        "local_infile = 0",
        "optimizer_switch = mrr=on",
        "datadir = /var/lib/mysql",
        "log-bin = mysql-bin",
        "sql_mode = TRADITIONAL",
        "",
      ].join("\n"),
    );
    expect(found.map((f) => [f.range.start.line, f.message.replace(/: the server does not say where the running value came from$/, "")])).toEqual([
      [2, "innodb_log_buffer_size is 32M on db1:3306 but 16M here"],
      [3, "local_infile is ON on db1:3306 but OFF here"],
      [4, "optimizer_switch is mrr=off on db1:3306 but mrr=on here"],
      [5, "datadir is /srv/mysql/ on db1:3306 but /var/lib/mysql here"],
      [6, "log_bin is OFF on db1:3306 but ON here"],
      [7, "sql_mode is STRICT_TRANS_TABLES on db1:3306 but TRADITIONAL here"],
    ]);
  });

  it("says where the running value came from, and what to do", async () => {
    const origins = { a: "SQL", b: "PERSISTED", c: "AUTO", d: "COMMAND-LINE", e: "COMPILED", f: "GLOBAL" };
    const vars = { max_connections: "10", wait_timeout: "10", thread_cache_size: "10", port: "3307", back_log: "10", table_open_cache: "10" };
    const names = Object.keys(vars);
    const variableOrigins = Object.fromEntries(names.map((n, i) => [n, Object.values(origins)[i] as string]));
    const found = await drift(vars, ["[mysqld]", ...names.map((n) => `${n} = 20`), ""].join("\n"), {
      variableOrigins,
      variableFiles: { table_open_cache: "/etc/mysql/conf.d/tuning.cnf" },
    });
    const why = Object.fromEntries(found.map((f) => [f.message.split(" ")[0], [f.severity, f.message.replace(/^.*? but 20 here: /, ""), f.fix?.safety]]));
    expect(why).toEqual({
      max_connections: ["warning", "it was changed at run time (SET GLOBAL) and never written to this file, so the next restart returns it to 20", "unsafe"],
      wait_timeout: ["warning", "it was set with SET PERSIST: mysqld-auto.cnf overrides this file at every start", undefined],
      thread_cache_size: [
        "info",
        "the server adjusted it at startup (from other settings or the host's limits), so thread_cache_size here is not what runs",
        undefined,
      ],
      port: ["warning", "the server's command line sets it, and the command line overrides option files", undefined],
      back_log: [
        "warning",
        "the server runs its compiled-in default, so it did not read this line: the line was added after the last restart, or the server reads another file or group",
        undefined,
      ],
      table_open_cache: ["warning", "the server read it from /etc/mysql/conf.d/tuning.cnf, which overrides this file (or is read instead of it)", undefined],
    });
  });

  it("honours inline suppressions and does not call other rules' directives unused", async () => {
    const found = await live(
      snapshot("mysql-8.0.36", { max_connections: "10", sync_binlog: "1" }),
      [
        "[mysqld]",
        "# innolint-disable-next-line config-drift",
        "max_connections = 20",
        "# innolint-disable-next-line relaxed-commit-durability",
        "sync_binlog = 1",
        "",
      ].join("\n"),
    );
    expect(found.findings).toEqual([]);
  });

  it("takes the option file from .innolint.json when --defaults-file is not given", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, optionFile: "etc/my.cnf" }), "etc/my.cnf": "[mysqld]\nmax_connections = 20\n" });
    writeFileSync(join(dir, "snap.json"), JSON.stringify(snapshot("mysql-8.0.36", { max_connections: "10" })));
    const res = await run(["live", "--from-snapshot", "snap.json", "--format", "json"], { cwd: dir });
    const findings = (JSON.parse(res.stdout) as { findings: JsonFinding[] }).findings;
    expect(findings.map((f) => [f.rule, f.file])).toEqual([["config-drift", join(dir, "etc/my.cnf")]]);
  });

  it("--config naming an option file (not an .innolint.json) reports drift as --defaults-file does", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true }),
      "my.cnf": "[mysqld]\nmax_connections = 20\n",
      "server.conf": "# production\n[mysqld]\nmax_connections = 20\n",
    });
    writeFileSync(join(dir, "snap.json"), JSON.stringify(snapshot("mysql-8.0.36", { max_connections: "10" })));
    const drift = async (...args: string[]) =>
      (
        JSON.parse((await run(["live", "--from-snapshot", "snap.json", "--format", "json", ...args], { cwd: dir })).stdout) as { findings: JsonFinding[] }
      ).findings.map((f) => [f.rule, f.file]);
    expect(await drift("--config", "my.cnf")).toEqual([["config-drift", join(dir, "my.cnf")]]);
    expect(await drift("--config", "my.cnf")).toEqual(await drift("--defaults-file", "my.cnf"));
    // Recognised by content when the name says nothing.
    expect(await drift("--config", "server.conf")).toEqual([["config-drift", join(dir, "server.conf")]]);
    // An .innolint.json stays innolint's configuration.
    expect(await drift("--config", ".innolint.json")).toEqual([]);
    const both = await run(["live", "--from-snapshot", "snap.json", "--config", "my.cnf", "--defaults-file", "my.cnf"], { cwd: dir });
    expect(both.code).toBe(2);
    expect(both.stderr).toBe("innolint: my.cnf is an option file: give it once, with --defaults-file\n");
  });

  it("reports a missing option file as an input error, exit 2", async () => {
    const dir = scratch({});
    writeFileSync(join(dir, "snap.json"), JSON.stringify(snapshot("mysql-8.0.36", {})));
    const res = await run(["live", "--from-snapshot", "snap.json", "--defaults-file", "nope.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    expect(res.stdout).toMatch(/nope\.cnf: input error: /);
  });
});

describe("reporters with live locations", () => {
  const dir = scratch({ ".innolint.json": JSON.stringify({ root: true }), "my.cnf": "[mysqld]\ninnodb_flush_log_at_trx_commit = 1\n" });
  writeFileSync(
    join(dir, "snap.json"),
    JSON.stringify(snapshot("mysql-8.0.36", { innodb_flush_log_at_trx_commit: "2" }, { variableOrigins: { innodb_flush_log_at_trx_commit: "DYNAMIC" } })),
  );
  const args = (format: string) => ["live", "--from-snapshot", "snap.json", "--defaults-file", "my.cnf", "--format", format, "--no-impact"];

  it("text and github keep the server's URI as it is, and files relative", async () => {
    const text = await run(args("text"), { cwd: dir });
    expect(text.stdout).toMatch(/^mysql:\/\/db1:3306:3:1: warning\[relaxed-commit-durability\]/);
    expect(text.stdout).toContain(
      "\nmy.cnf:2:34: warning[config-drift] innodb_flush_log_at_trx_commit is 2 on db1:3306 but 1 here: it was changed at run time (SET GLOBAL)",
    );
    const github = await run(args("github"), { cwd: dir });
    expect(github.stdout.split("\n")[0]).toMatch(/^::warning file=mysql%3A\/\/db1%3A3306,line=3,/);
    const gitlab = JSON.parse((await run(args("gitlab"), { cwd: dir })).stdout) as { location: { path: string } }[];
    expect(gitlab.map((i) => i.location.path)).toEqual(["mysql://db1:3306", "my.cnf"]);
  });

  it("sarif validates against the SARIF 2.1.0 schema, with the server as an absolute URI", async () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
    const Ajv04 = require("ajv-draft-04").default as new (o: object) => { compile: (s: object) => ((d: unknown) => boolean) & { errors?: unknown } };
    const validate = new Ajv04({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false }).compile(schema);
    const log = JSON.parse((await run(args("sarif"), { cwd: dir })).stdout);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    const locations = log.runs[0].results.map(
      (r: { locations: { physicalLocation: { artifactLocation: unknown } }[] }) => r.locations[0]?.physicalLocation.artifactLocation,
    );
    expect(locations).toEqual([{ uri: "mysql://db1:3306" }, { uri: "my.cnf", uriBaseId: "%SRCROOT%" }]);
  });
});

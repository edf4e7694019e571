/**
 * The MariaDB facts the binary-log, replication and safety rules state, against the installed
 * mariadbd: `--no-defaults … --help --verbose` for defaults and how options combine, and a scratch
 * server for what only a running server shows (the query cache's startup override, when an
 * in-memory temporary table goes to disk). Each check also lints the same lines and compares.
 */
import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { mariadbUnavailable, startMariaDB } from "./helpers/mariadb.js";
import { requireOracle } from "./helpers/require-oracle.js";
import { run, scratch } from "./helpers/run.js";

const unavailable = mariadbUnavailable();
requireOracle("MariaDB server", unavailable);
if (unavailable) console.warn(`safety-oracle: skipped, ${unavailable}`);

/** The variables mariadbd would run with, given these options. */
function help(...args: string[]): Map<string, string> {
  const text = execFileSync("mariadbd", ["--no-defaults", ...args, "--help", "--verbose"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  const vars = new Map<string, string>();
  let inVars = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("Variables (--variable-name=value)")) inVars = true;
    else if (inVars && /^\S+\s/.test(line) && !/^-+ -+/.test(line)) {
      const m = /^(\S+)\s+(.*)$/.exec(line)!;
      vars.set(m[1]!, m[2]!.trim());
    }
  }
  return vars;
}

/** The rules innolint reports on an option file of these lines for MariaDB 10.11, with messages. */
async function lint(lines: string[]): Promise<{ rule: string; message: string }[]> {
  const dir = scratch({ "my.cnf": `[mariadb]\n${lines.join("\n")}\n` });
  const res = await run(["--format", "json", "--no-config", "--no-impact", "--target", "mariadb-10.11", "my.cnf"], { cwd: dir });
  return (JSON.parse(res.stdout) as { findings: { rule: string; message: string }[] }).findings;
}

const rules = async (lines: string[]) => new Set((await lint(lines)).map((f) => f.rule));

describe.skipIf(unavailable !== undefined)("safety rules against mariadbd --help --verbose", () => {
  it("has the defaults the rules assume", () => {
    const d = help();
    expect(d.get("transaction-isolation")).toBe("REPEATABLE-READ");
    expect(d.get("innodb-doublewrite")).toBe("TRUE");
    expect(d.get("innodb-strict-mode")).toBe("TRUE");
    expect(d.get("sql-mode")?.split(",")).toContain("STRICT_TRANS_TABLES");
    expect(d.get("local-infile")).toBe("TRUE");
    expect(d.get("long-query-time")).toBe("10");
    expect(d.get("binlog-format")).toBe("MIXED");
    expect(d.get("innodb-autoinc-lock-mode")).toBe("1");
    expect(d.get("binlog-row-image")).toBe("FULL");
    expect(d.get("old-mode")).toBe("UTF8_IS_UTF8MB3");
  });

  it("reads READ-UNCOMMITTED as the server's level", async () => {
    expect(help("--transaction-isolation=READ-UNCOMMITTED").get("transaction-isolation")).toBe("READ-UNCOMMITTED");
    expect(await rules(["transaction-isolation = READ-UNCOMMITTED"])).toContain("read-uncommitted-isolation");
  });

  it("turns the doublewrite buffer off with skip- and with 0", async () => {
    for (const args of [["--skip-innodb-doublewrite"], ["--innodb-doublewrite=0"]]) expect(help(...args).get("innodb-doublewrite")).toBe("FALSE");
    expect(await rules(["skip-innodb-doublewrite"])).toContain("doublewrite-disabled");
    expect(await rules(["innodb_doublewrite = 0"])).toContain("doublewrite-disabled");
  });

  it("expands TRADITIONAL to both strict modes, and an empty sql_mode has none", async () => {
    const traditional = help("--sql-mode=TRADITIONAL").get("sql-mode")!.split(",");
    expect(traditional).toEqual(expect.arrayContaining(["STRICT_TRANS_TABLES", "STRICT_ALL_TABLES"]));
    expect(await rules(["sql_mode = TRADITIONAL"])).not.toContain("strict-mode-disabled");
    expect(help("--sql-mode=").get("sql-mode") ?? "").toBe("");
    expect(await rules(['sql_mode = ""'])).toContain("strict-mode-disabled");
    expect(help("--skip-innodb-strict-mode").get("innodb-strict-mode")).toBe("FALSE");
  });

  it("reads utf8 as utf8mb3 under the default old_mode, and as utf8mb4 without UTF8_IS_UTF8MB3", async () => {
    expect(help("--character-set-server=utf8").get("collation-server")).toBe("utf8mb3_general_ci");
    expect(await rules(["character_set_server = utf8"])).toContain("server-charset-utf8mb3");
    expect(help("--character-set-server=utf8", "--old-mode=").get("collation-server")).toBe("utf8mb4_general_ci");
    expect(await rules(['old_mode = ""', "character_set_server = utf8"])).not.toContain("server-charset-utf8mb3");
  });

  it("keeps one slow-log switch and one threshold under two names each", async () => {
    const v = help("--log-slow-query", "--log-slow-query-time=0");
    expect([v.get("slow-query-log"), v.get("long-query-time")]).toEqual(["TRUE", "0"]);
    expect(await rules(["log_slow_query = ON", "log_slow_query_time = 0"])).toContain("slow-log-everything");
  });

  it("lets the later of expire_logs_days and binlog_expire_logs_seconds set both, as the rule reads them", async () => {
    expect(help("--expire-logs-days=0.5").get("binlog-expire-logs-seconds")).toBe("43200");
    for (const [args, lines] of [
      [
        ["--expire-logs-days=2", "--binlog-expire-logs-seconds=3600"],
        ["expire_logs_days = 2", "binlog_expire_logs_seconds = 3600"],
      ],
      [
        ["--binlog-expire-logs-seconds=3600", "--expire-logs-days=2"],
        ["binlog_expire_logs_seconds = 3600", "expire_logs_days = 2"],
      ],
    ] as const) {
      const seconds = Number(help(...args).get("binlog-expire-logs-seconds"));
      const found = (await lint(["log_bin = mariadb-bin", ...lines])).find((f) => f.rule === "binlog-retention-short");
      expect(found?.message).toContain(`after ${seconds === 3600 ? "1 h" : "2 days"}`);
    }
  });
});

describe.skipIf(unavailable !== undefined)("safety rules against a scratch mariadbd", () => {
  it("runs the query cache when started with query_cache_type=0 and a non-default size", async () => {
    const server = await startMariaDB(["--query-cache-type=0", "--query-cache-size=64M"]);
    try {
      const [type, free] = server
        .admin("SELECT @@query_cache_type, (SELECT VARIABLE_VALUE FROM information_schema.GLOBAL_STATUS WHERE VARIABLE_NAME = 'QCACHE_FREE_MEMORY')")
        .trim()
        .split("\t");
      expect(type).toBe("ON");
      expect(Number(free)).toBeGreaterThan(60 * 2 ** 20);
    } finally {
      await server.stop();
    }
    expect(await rules(["query_cache_type = 0", "query_cache_size = 64M"])).toContain("query-cache-allocated");
  }, 120_000);

  it("sends an in-memory temporary table to disk at the smaller of tmp_table_size and max_heap_table_size", async () => {
    const query =
      "SELECT COUNT(*) FROM (SELECT seq % 100000 AS k, REPEAT('x', 100) AS p, COUNT(*) AS c FROM seq_1_to_100000 GROUP BY k, p) t; SHOW SESSION STATUS LIKE 'Created_tmp_disk_tables'";
    const disk = async (args: string[]) => {
      const server = await startMariaDB(args);
      try {
        return Number(server.admin(`USE test; ${query}`).trim().split("\n").pop()!.split("\t")[1]);
      } finally {
        await server.stop();
      }
    };
    expect(await disk(["--tmp-table-size=256M", "--max-heap-table-size=16M"])).toBe(1);
    expect(await disk(["--tmp-table-size=256M", "--max-heap-table-size=256M"])).toBe(0);
    expect(await rules(["tmp_table_size = 256M", "max_heap_table_size = 16M"])).toContain("tmp-table-limits");
    expect(await rules(["tmp_table_size = 256M", "max_heap_table_size = 256M"])).not.toContain("tmp-table-limits");
  }, 180_000);
});

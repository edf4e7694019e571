/**
 * Three verdicts for a MariaDB option name: starts silently, starts with a warning (a removed option
 * kept for old files, a MySQL option accepted for compatibility), or refuses (a variable only SET can
 * change, a component variable MariaDB has no component for). Each case is one the option-verdict
 * oracle (mariadbd 10.11.19 --help --verbose) decided the same way.
 */
import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

async function lintLine(line: string, target: string): Promise<{ rule: string; severity: string; message: string }[]> {
  const dir = scratch({ "my.cnf": `[mysqld]\n${line}\n` });
  const { stdout } = await run(["--format", "json", "--no-config", "--no-impact", "--no-progress", "--target", target, `${dir}/my.cnf`]);
  return (JSON.parse(stdout) as { findings: { rule: string; severity: string; message: string }[] }).findings;
}

describe("MariaDB: options accepted with a warning", () => {
  it.each([
    ["innodb_file_format = Barracuda", "removed-variable", /removed in 10\.3\.1: mariadbd 10\.11\.7 still accepts the name/],
    ["innodb_buffer_pool_instances = 8", "removed-variable", /removed in 10\.6\.0: .*ignores the value/],
    ["innodb_page_cleaners = 4", "removed-variable", /removed in 10\.6\.0/],
    ["innodb_lock_schedule_algorithm = fcfs", "removed-variable", /removed by 10\.6\.0/],
    ["loose_innodb_log_files_in_group = 2", "removed-variable", /removed in 10\.6\.0/],
    ["master_info_repository = TABLE", "unknown-variable", /MySQL option MariaDB does not implement/],
    ["default_authentication_plugin = mysql_native_password", "unknown-variable", /accepts the name for compatibility/],
    ["skip-new", "unknown-variable", /^new is a MySQL option/],
  ])("%s: one warning, %s", async (line, rule, message) => {
    const findings = await lintLine(line, "mariadb-10.11.7");
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([[rule, "warning"]]);
    expect(findings[0]!.message).toMatch(message);
  });

  it("innodb_change_buffering is accepted with a warning from 11.0, deprecated before", async () => {
    expect((await lintLine("innodb_change_buffering = none", "mariadb-11.4.1")).map((f) => [f.rule, f.severity])).toEqual([["removed-variable", "warning"]]);
    expect((await lintLine("innodb_change_buffering = none", "mariadb-10.11.7")).map((f) => [f.rule, f.severity])).toEqual([
      ["deprecated-variable", "warning"],
    ]);
  });

  it("a release that still had the option says nothing", async () => {
    expect(await lintLine("innodb_log_files_in_group = 2", "mariadb-10.2.44")).toEqual([]);
    expect(await lintLine("innodb_concurrency_tickets = 5000", "mariadb-10.5.24")).toEqual([]);
  });
});

describe("MariaDB: names the server refuses", () => {
  it.each([
    ["character_set_connection = utf8mb4", /only SET can change, not an option: mariadbd 10\.11\.7 refuses to start/],
    ["version_comment = mine", /only SET can change/],
    ["validate_password.length = 8", /MariaDB has no components/],
  ])("%s: an error", async (line, message) => {
    const findings = await lintLine(line, "mariadb-10.11.7");
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([["unknown-variable", "error"]]);
    expect(findings[0]!.message).toMatch(message);
  });

  it("a named key cache's variable and skip- of an option stay silent", async () => {
    expect(await lintLine("hot_cache.key_buffer_size = 8M", "mariadb-10.11.7")).toEqual([]);
    expect(await lintLine("skip-external-locking", "mariadb-10.11.7")).toEqual([]);
  });

  it("a variable that is no option is still read as the prefix of one, as getopt does", async () => {
    // The server notes the prefix and ignores latin1 as the boolean's value with a warning.
    const findings = await lintLine("character_set_client = latin1", "mariadb-10.11.7");
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ["unknown-variable", "info"],
      ["invalid-value", "warning"],
    ]);
    expect(findings[0]!.message).toMatch(/abbreviation of character_set_client_handshake/);
  });
});

describe("version bounds the corpus found wrong", () => {
  // mysql/mysql-server commit 242fa2c9 (Bug #18871046) added --innodb_numa_interleave to MySQL 5.6.27.
  it("innodb_numa_interleave exists from MySQL 5.6.27", async () => {
    expect(await lintLine("innodb_numa_interleave = 1", "mysql-5.6.51")).toEqual([]);
    const before = await lintLine("innodb_numa_interleave = 1", "mysql-5.6.26");
    expect(before.map((f) => [f.rule, f.severity])).toEqual([["unknown-variable", "error"]]);
    expect(before[0]!.message).toMatch(/first appeared in 5\.6\.27/);
  });
});

describe("targets before the catalogue's first series", () => {
  it("a name that later releases read as a prefix may be the old server's own option: its value is not judged as the longer one's", async () => {
    // XtraDB 5.5 (MariaDB 5.5) has innodb_read_ahead = none|random|linear|both; MariaDB 10.6+ reads the name as a prefix of innodb_read_ahead_threshold.
    const old = await lintLine("innodb_read_ahead = linear", "mariadb-5.5.68");
    expect(old.map((f) => [f.rule, f.severity])).toEqual([["unknown-variable", "info"]]);
    expect(old[0]!.message).toContain("unless mariadbd 5.5.68 has an option of exactly that name");
    // In the catalogue's series the same line is a prefix with a value the threshold refuses.
    const now = await lintLine("innodb_read_ahead = linear", "mariadb-10.11.7");
    expect(now.map((f) => f.rule)).toEqual(["unknown-variable", "invalid-value"]);
  });
});

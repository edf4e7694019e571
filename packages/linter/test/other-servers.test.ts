/**
 * Option names of servers other than the target: the SQL node of MySQL NDB Cluster (ndb-*), the
 * variables of a plugin the file loads itself, loose_ lines meant for another flavour, MySQL plugin
 * variables on MariaDB, and MariaDB 11.5–11.8 variables.
 */
import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

interface F {
  rule: string;
  severity: string;
  message: string;
  range: { start: { line: number } };
}

async function lint(text: string, target: string): Promise<F[]> {
  const dir = scratch({ "my.cnf": text });
  const { stdout } = await run(["--format", "json", "--no-config", "--no-impact", "--no-progress", "--target", target, `${dir}/my.cnf`]);
  return JSON.parse(stdout).findings;
}

const unknown = (fs: F[]) => fs.filter((f) => f.rule === "unknown-variable");

const SQL_NODE = "[mysqld]\nndbcluster\nndb-connectstring=192.168.0.2\nndb_batch_size = 65536\n";

describe("MySQL NDB Cluster targets", () => {
  it.each(["ndb-8.0.41", "ndb-8.4.5"])("%s knows the ndbcluster plugin's options", async (target) => {
    expect(unknown(await lint(SQL_NODE, target))).toEqual([]);
  });

  it("stock mysqld refuses them, and the message names NDB Cluster and the target to use", async () => {
    const fs = unknown(await lint(SQL_NODE, "mysql-8.4.5"));
    expect(fs.map((f) => f.severity)).toEqual(["error", "error", "error"]);
    for (const f of fs) expect(f.message).toMatch(/MySQL NDB Cluster \(the ndbcluster plugin\).*target ndb-8\.4\.5/);
  });

  it("a MySQL variable resolves through MySQL at the same release, and [mysql_cluster] is a group the SQL node reads", async () => {
    expect(await lint("[mysqld]\ninnodb_buffer_pool_size = 1G\n", "ndb-8.4.5")).toEqual([]);
    const fs = await lint("[mysql_cluster]\nndb-connectstring=10.0.0.1\nno_such_option = 1\n", "ndb-8.4.5");
    expect(unknown(fs).map((f) => [f.range.start.line, f.severity])).toEqual([[3, "error"]]);
    expect(unknown(await lint("[mysql_cluster]\nno_such_option = 1\n", "mysql-8.4.5"))).toEqual([]);
  });

  it("a variable the manual dates is not yet known before its release", async () => {
    const early = unknown(await lint("[mysqld]\nndb_applier_allow_skip_epoch = ON\n", "ndb-8.0.27"));
    expect(early.map((f) => f.message)).toEqual([expect.stringMatching(/first appeared in 8\.0\.28/)]);
    expect(unknown(await lint("[mysqld]\nndb_applier_allow_skip_epoch = ON\n", "ndb-8.0.28"))).toEqual([]);
  });
});

describe("a plugin the file loads defines the variable", () => {
  const GR = "[mysqld]\nplugin-load=group_replication.so\ngroup_replication_group_name=0cc73a76-818d-11e5-bfae-080027079e3d\n";

  it("before the plugin's first GA release, a warning that names the plugin and that release", async () => {
    const fs = unknown(await lint(GR, "mysql-5.7.9"));
    expect(fs.map((f) => f.severity)).toEqual(["warning"]);
    expect(fs[0]!.message).toMatch(/group_replication plugin, which this file loads.*5\.7\.17/);
  });

  it("without the plugin-load line it stays an error; from 5.7.17 it is silent", async () => {
    const fs = unknown(await lint("[mysqld]\ngroup_replication_group_name=0cc73a76-818d-11e5-bfae-080027079e3d\n", "mysql-5.7.9"));
    expect(fs.map((f) => f.severity)).toEqual(["error"]);
    expect(unknown(await lint(GR, "mysql-5.7.17"))).toEqual([]);
  });

  it("holds for any plugin of the table, not only group replication (semisync, loaded by library name)", async () => {
    const text = "[mysqld]\nplugin-load-add=semisync_source.so\nrpl_semi_sync_source_enabled=1\n";
    const fs = unknown(await lint(text, "mysql-8.0.25"));
    expect(fs.map((f) => [f.severity, /rpl_semi_sync_source plugin, which this file loads.*8\.0\.26/.test(f.message)])).toEqual([["warning", true]]);
  });
});

describe("loose_ lines meant for another flavour", () => {
  it("are information naming the flavour that defines the name", async () => {
    const fs = unknown(await lint("[mysqld]\nloose_innodb_fatal_semaphore_wait_threshold = 240\n", "mysql-9.4.0"));
    expect(fs.map((f) => f.severity)).toEqual(["info"]);
    expect(fs[0]!.message).toMatch(/MariaDB defines it/);
    const pxc = unknown(await lint("[mysqld]\nloose_wsrep_provider_options = x\n", "mysql-8.0.42"));
    expect(pxc.map((f) => [f.severity, /Percona XtraDB Cluster/.test(f.message)])).toEqual([["info", true]]);
  });

  it("a loose_ name no flavour defines keeps its warning", async () => {
    expect(unknown(await lint("[mysqld]\nloose_no_such_option = 1\n", "mysql-9.4.0")).map((f) => f.severity)).toEqual(["warning"]);
  });
});

describe("MySQL plugin variables on MariaDB", () => {
  it("are errors naming the MySQL plugin where no MariaDB plugin defines the name", async () => {
    const fs = unknown(await lint("[mysqld]\ngroup_replication_group_name = x\nvalidate_password_length = 8\n", "mariadb-10.11.7"));
    expect(fs.map((f) => f.severity)).toEqual(["error", "error"]);
    expect(fs[0]!.message).toMatch(/group_replication plugin of MySQL, which MariaDB does not ship/);
  });

  it("stay warnings where a MariaDB plugin defines the prefix (server_audit, not installed by the file)", async () => {
    const fs = unknown(await lint("[mysqld]\nserver_audit_logging = ON\n", "mariadb-10.11.7"));
    expect(fs.map((f) => f.severity)).toEqual(["warning"]);
  });
});

describe("MariaDB 11.5 to 11.8", () => {
  it("knows the vector search variables from 11.7.1, and not before", async () => {
    expect(unknown(await lint("[mysqld]\nmhnsw_max_cache_size = 1G\n", "mariadb-11.7.1"))).toEqual([]);
    const early = unknown(await lint("[mysqld]\nmhnsw_max_cache_size = 1G\n", "mariadb-11.4.5"));
    expect(early.map((f) => [f.severity, /first appeared in 11\.7\.1/.test(f.message)])).toEqual([["error", true]]);
  });

  it("the 11.5.0 temporary-space names were renamed in 11.5.1", async () => {
    expect(unknown(await lint("[mysqld]\nmax_tmp_session_space_usage = 10G\n", "mariadb-11.8.2"))).toEqual([]);
    const gone = await lint("[mysqld]\nmax_tmp_space_usage = 10G\n", "mariadb-11.8.2");
    expect(gone.map((f) => [f.rule, f.severity])).toEqual([["removed-variable", "error"]]);
  });

  it("11.8 is inside the catalogue: an unknown name is an error, not the after-the-catalogue warning", async () => {
    expect(unknown(await lint("[mysqld]\nno_such_option = 1\n", "mariadb-11.8.2")).map((f) => f.severity)).toEqual(["error"]);
  });
});

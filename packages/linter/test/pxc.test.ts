/**
 * Percona XtraDB Cluster targets (pxc-5.7, pxc-8.0, pxc-8.4): Percona Server plus the wsrep (Galera)
 * variables, and what a Galera node changes for commit durability (MariaDB Galera too).
 */
import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

async function lint(text: string, target: string): Promise<{ rule: string; severity: string; message: string; range: { start: { line: number } } }[]> {
  const dir = scratch({ "node.cnf": text });
  const { stdout } = await run(["--format", "json", "--no-config", "--no-impact", "--no-progress", "--target", target, `${dir}/node.cnf`]);
  return JSON.parse(stdout).findings;
}

const NODE = `[mysqld]
wsrep_provider = /usr/lib64/galera4/libgalera_smm.so
wsrep_cluster_address = gcomm://
wsrep_cluster_name = pxc-cluster
wsrep_sst_method = xtrabackup-v2
pxc_strict_mode = ENFORCING
innodb_flush_log_at_trx_commit = 2
`;

describe("Percona XtraDB Cluster", () => {
  it.each(["pxc-5.7.44", "pxc-8.0.42", "pxc-8.4.5"])("%s knows the wsrep and pxc variables of a node's file", async (target) => {
    const findings = await lint(NODE, target);
    expect(findings.filter((f) => f.rule === "unknown-variable")).toEqual([]);
  });

  it("Percona Server still refuses them, and the message names the PXC target", async () => {
    const findings = (await lint(NODE, "percona-8.0.42")).filter((f) => f.rule === "unknown-variable");
    expect(findings.map((f) => f.severity)).toEqual(["error", "error", "error", "error", "error"]);
    expect(findings[0]!.message).toMatch(/Percona XtraDB Cluster.*target pxc-8\.0\.42/);
  });

  it("wsrep_sst_auth is gone in 8.0 (the SST user is created automatically); wsrep_slave_threads is deprecated from 8.0.26", async () => {
    expect((await lint("[mysqld]\nwsrep_sst_auth = sst:secret\n", "pxc-5.7.44")).map((f) => f.rule)).toEqual([]);
    expect((await lint("[mysqld]\nwsrep_sst_auth = sst:secret\n", "pxc-8.0.42")).map((f) => [f.rule, f.severity])).toEqual([["removed-variable", "error"]]);
    expect((await lint("[mysqld]\nwsrep_slave_threads = 4\n", "pxc-8.0.25")).map((f) => f.rule)).toEqual([]);
    const dep = await lint("[mysqld]\nwsrep_slave_threads = 4\n", "pxc-8.0.42");
    expect(dep.map((f) => [f.rule, f.message.includes("wsrep_applier_threads")])).toEqual([["deprecated-variable", true]]);
  });

  it("a MySQL or Percona variable still resolves through Percona Server and MySQL", async () => {
    expect(await lint("[mysqld]\ninnodb_buffer_pool_size = 1G\nthread_handling = pool-of-threads\n", "pxc-8.0.42")).toEqual([]);
  });
});

describe("relaxed-commit-durability on a Galera node", () => {
  it("is information that says the other nodes hold the commit (PXC, provider set)", async () => {
    const [f] = (await lint(NODE, "pxc-8.0.42")).filter((x) => x.rule === "relaxed-commit-durability");
    expect(f!.severity).toBe("info");
    expect(f!.message).toMatch(/Galera node \(wsrep_provider=.*the other nodes hold each commit/);
  });

  it("is information on MariaDB with wsrep_on, and a warning where wsrep is off or absent", async () => {
    const galera = await lint("[mysqld]\nwsrep_on = 1\ninnodb_flush_log_at_trx_commit = 0\n", "mariadb-10.11.7");
    expect(galera.filter((x) => x.rule === "relaxed-commit-durability").map((x) => x.severity)).toEqual(["info"]);
    const off = await lint(
      "[mysqld]\nwsrep_on = OFF\nwsrep_provider = /usr/lib/galera/libgalera_smm.so\ninnodb_flush_log_at_trx_commit = 0\n",
      "mariadb-10.11.7",
    );
    expect(off.filter((x) => x.rule === "relaxed-commit-durability").map((x) => x.severity)).toEqual(["warning"]);
    const plain = await lint("[mysqld]\ninnodb_flush_log_at_trx_commit = 2\n", "pxc-8.0.42");
    expect(plain.map((x) => [x.rule, x.severity])).toEqual([["relaxed-commit-durability", "warning"]]);
  });
});

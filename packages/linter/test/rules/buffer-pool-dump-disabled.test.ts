import { describe, expect, it } from "vitest";
import { dumpLoadPacing } from "../../src/rules/buffer-pool-dump-disabled.js";
import { parseTarget } from "../../src/target.js";
import { ruleFindings } from "../helpers/option-rule.js";

async function finding(text: string, target: string) {
  const [f] = await ruleFindings("buffer-pool-dump-disabled", text, target, { impact: true });
  return f;
}

async function impact(text: string, target: string) {
  return (await finding(text, target))?.impact;
}

describe("buffer-pool-dump-disabled: the dump load it recommends", () => {
  it("knows which servers throttle a load under writes (buf_load_throttle_if_needed, MDEV-25417)", () => {
    const pacing = (label: string) => dumpLoadPacing(parseTarget(label));
    for (const label of [
      "mysql-5.7.44",
      "mysql-8.0.36",
      "mysql-8.4.3",
      "percona-8.0.36",
      "mariadb-10.4.34",
      "mariadb-10.5.18",
      "mariadb-10.6.11",
      "mariadb-10.11.1",
    ]) {
      expect(pacing(label), label).toBe("throttled");
    }
    for (const label of ["mariadb-10.5.19", "mariadb-10.6.12", "mariadb-10.6", "mariadb-10.11.2", "mariadb-10.11", "mariadb-11.4", "mariadb-11.8.2"]) {
      expect(pacing(label), label).toBe("free");
    }
    for (const label of ["mysql-5.6.51", "mariadb-10.1.48", "aurora-mysql-3.04.0"]) expect(pacing(label), label).toBe("unknown");
  });

  it("is silent where nothing is dumped: Aurora's page cache survives restarts; MySQL 5.5 and MariaDB 5.5 have no dump", async () => {
    const cnf = "[mysqld]\ninnodb_buffer_pool_load_at_startup = OFF\n";
    for (const target of ["aurora-mysql-3.04.0", "aurora-mysql-2.11.2", "mysql-5.5.62", "mariadb-5.5.68"])
      expect(await finding(cnf, target), target).toBeUndefined();
    for (const target of ["mysql-5.6.51", "mariadb-10.0.38", "mariadb-10.11"]) expect(await finding(cnf, target), target).toBeDefined();
  });

  it("on a host with rotating disks, says how long random reads take to bring the pages back, per disk", async () => {
    const cnf = "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_buffer_pool_load_at_startup = OFF\n";
    const [hdd] = await ruleFindings("buffer-pool-dump-disabled", cnf, "mysql-8.0.36", { impact: true, host: { storage: "hdd" } });
    // 1,048,576 pages at 100 random reads a second: 2.9 hours.
    expect(hdd?.impact?.summary).toContain(
      "which on this host's rotating disks (from the command line), read at random as queries touch them, take about 2.9 h at 100 reads a second per 7,200 rpm disk",
    );
    expect(hdd?.impact?.inputs).toContainEqual({ name: "host_storage", value: "hdd", source: "config" });
    expect(hdd?.impact?.assumptions.join(" ")).toContain('75–100 random reads a second (Wikipedia, "IOPS")');
    const [ssd] = await ruleFindings("buffer-pool-dump-disabled", cnf, "mysql-8.0.36", { impact: true, host: { storage: "ssd" } });
    expect(ssd?.impact?.summary).not.toContain("rotating");
  });

  it("says how long the throttled load takes at the file's innodb_io_capacity, or the target's default", async () => {
    const cnf = "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_buffer_pool_load_at_startup = OFF\n";
    // 25 % of 64G is 1,048,576 pages: 87 min at 200 a second (8.0's default), 1.7 min at 8.4's 10,000.
    const f80 = await finding(cnf, "mysql-8.0.36");
    const on80 = f80?.impact;
    expect(on80?.summary).toContain(
      "MySQL 8.0.36 paces it to 200 pages a second (innodb_io_capacity) while the server is otherwise busy, so under traffic it takes about 87 min",
    );
    expect(on80?.inputs).toContainEqual({ name: "innodb_io_capacity", value: 200, source: "default" });
    expect(f80?.notes?.join(" ")).toContain("let the load finish before sending traffic");
    const f84 = await finding(cnf, "mysql-8.4.3");
    expect(f84?.impact?.summary).not.toContain("innodb_io_capacity");
    expect(f84?.notes ?? []).toEqual([]);
    const raised = await impact(`${cnf}innodb_io_capacity = 2000\n`, "mysql-8.0.36");
    expect(raised?.summary).toContain(
      "paces it to 2,000 pages a second (innodb_io_capacity) while the server is otherwise busy, so under traffic it takes about 8.7 min",
    );
    expect(raised?.inputs).toContainEqual({ name: "innodb_io_capacity", value: 2000, source: "config" });
    const maria = await impact(cnf.replace("[mysqld]", "[mariadb]"), "mariadb-10.11.6");
    expect(maria?.summary).toMatch(/a dump load reads them back in the background, in [\d.]+ s at the least$/);
    expect(maria?.assumptions.join(" ")).toContain("MariaDB 10.11.6 does not throttle it");
  });
});

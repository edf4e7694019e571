import { describe, expect, it } from "vitest";
import { dumpLoadPacing } from "../../src/rules/buffer-pool-dump-disabled.js";
import { parseTarget } from "../../src/target.js";
import { ruleFindings } from "../helpers/option-rule.js";

async function impact(text: string, target: string) {
  const [f] = await ruleFindings("buffer-pool-dump-disabled", text, target, { impact: true });
  return f?.impact;
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

  it("says how long the throttled load takes at the file's innodb_io_capacity, or the target's default", async () => {
    const cnf = "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_buffer_pool_load_at_startup = OFF\n";
    // 25 % of 64G is 1,048,576 pages: 87 min at 200 a second (8.0's default), 1.7 min at 8.4's 10,000.
    const on80 = await impact(cnf, "mysql-8.0.36");
    expect(on80?.summary).toContain("but MySQL 8.0.36 lets it read at most 200 pages a second (innodb_io_capacity) while transactions write: about 87 min");
    expect(on80?.inputs).toContainEqual({ name: "innodb_io_capacity", value: 200, source: "default" });
    const on84 = await impact(cnf, "mysql-8.4.3");
    expect(on84?.summary).not.toContain("innodb_io_capacity");
    const raised = await impact(`${cnf}innodb_io_capacity = 2000\n`, "mysql-8.0.36");
    expect(raised?.summary).toContain("at most 2,000 pages a second (innodb_io_capacity) while transactions write: about 8.7 min");
    expect(raised?.inputs).toContainEqual({ name: "innodb_io_capacity", value: 2000, source: "config" });
    const maria = await impact(cnf.replace("[mysqld]", "[mariadb]"), "mariadb-10.11.6");
    expect(maria?.summary).toMatch(/a dump load would read them back in the background in about [\d.]+ s$/);
    expect(maria?.assumptions.join(" ")).toContain("MariaDB 10.11.6 does not throttle it");
  });
});

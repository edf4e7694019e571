import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ruleFindings } from "../helpers/option-rule.js";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "gtid-consistency-required");
const id = "gtid-consistency-required";

describe(id, () => {
  it("reports its fixture as an error (mysqld aborts)", async () => {
    const res = await run(["--format", "json", "--target", "mysql-8.0.36", "my.cnf"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string; severity: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.findings.filter((f) => f.rule === id).map((f) => f.severity)).toEqual(["error"]);
  });

  it("checks only ON: ON_PERMISSIVE starts with consistency OFF", async () => {
    expect(await ruleFindings(id, "[mysqld]\ngtid_mode = ON_PERMISSIVE\n", "mysql-8.0.36")).toEqual([]);
    expect(await ruleFindings(id, "[mysqld]\ngtid_mode = ON\nenforce_gtid_consistency = WARN\n", "mysql-8.0.36")).toHaveLength(1);
  });

  it("replaces a line that sets consistency to something else, and inserts a missing one", async () => {
    const [replace] = await ruleFindings(id, "[mysqld]\ngtid_mode = ON\nenforce-gtid-consistency = WARN\n", "mysql-8.0.36");
    expect(replace?.fix?.edits.map((e) => e.newText)).toEqual(["enforce-gtid-consistency = ON"]);
    const [insert] = await ruleFindings(id, "[mysqld]\ngtid_mode = ON\n", "mysql-8.0.36");
    expect(insert?.fix?.edits.map((e) => e.newText)).toEqual(["enforce_gtid_consistency = ON\n"]);
  });

  it("is version-aware: 5.6 needs log-bin and log-slave-updates, 5.7.5 and later do not", async () => {
    const text = "[mysqld]\nserver_id = 1\ngtid_mode = ON\nenforce_gtid_consistency = ON\n";
    const [f] = await ruleFindings(id, text, "mysql-5.6.51");
    expect(f?.message).toContain("log-bin (the binary log is off) and log-slave-updates on MySQL 5.6");
    expect(await ruleFindings(id, `${text}log-bin = b\nlog-slave-updates\n`, "mysql-5.6.51")).toEqual([]);
    expect(await ruleFindings(id, text, "mysql-5.7.44")).toEqual([]);
  });

  it("does not run on MariaDB, where gtid_mode is an unknown variable", async () => {
    expect(await ruleFindings(id, "[mysqld]\ngtid_mode = ON\n", "mariadb-10.11")).toEqual([]);
    expect(await ruleFindings("unknown-variable", "[mysqld]\ngtid_mode = ON\n", "mariadb-10.11")).toHaveLength(1);
  });
});

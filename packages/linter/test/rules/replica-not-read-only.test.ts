import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ruleFindings } from "../helpers/option-rule.js";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "replica-not-read-only");

describe("replica-not-read-only", () => {
  it("reports its fixture", async () => {
    const res = await run(["--format", "json", "--target", "mysql-8.0.36", "my.cnf"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.findings.filter((f) => f.rule === "replica-not-read-only").length).toBeGreaterThan(0);
  });
});

describe("replica-not-read-only: read_only without super_read_only", () => {
  const replica = "[mysqld]\nserver_id = 2\nrelay_log = relay-bin\nread_only = ON\n";
  it("reports the read_only line where super_read_only exists (5.7.8 and later)", async () => {
    const [f] = await ruleFindings("replica-not-read-only", replica, "mysql-8.0.36");
    expect(f?.range.start.line).toBe(4);
    expect(f?.message).toContain("SUPER or CONNECTION_ADMIN");
    expect(f?.fix?.edits.map((e) => e.newText)).toEqual(["super_read_only = ON\n"]);
    const [g] = await ruleFindings("replica-not-read-only", `${replica}super_read_only = OFF\n`, "mysql-5.7.8");
    expect(g?.fix?.edits.map((e) => e.newText)).toEqual(["super_read_only = ON"]);
  });
  it("is silent before 5.7.8, on MariaDB, and with super_read_only on", async () => {
    expect(await ruleFindings("replica-not-read-only", replica, "mysql-5.7.7")).toEqual([]);
    expect(await ruleFindings("replica-not-read-only", replica, "mariadb-10.11")).toEqual([]);
    expect(await ruleFindings("replica-not-read-only", `${replica}super_read_only = ON\n`, "mysql-8.0.36")).toEqual([]);
  });
  it("needs a replica's options: read_only alone on a shared file is not judged", async () => {
    expect(await ruleFindings("replica-not-read-only", "[mysqld]\nserver_id = 2\nread_only = ON\n", "mysql-8.0.36")).toEqual([]);
  });
});

describe("replica-not-read-only: what marks a replica", () => {
  it("skip_slave_start = 0 turns the option off and marks nothing; = 1 or bare does", async () => {
    for (const line of ["skip_slave_start = 0", "skip-slave-start = OFF", "skip_replica_start = FALSE"]) {
      expect(await ruleFindings("replica-not-read-only", `[mysqld]\nserver_id = 2\n${line}\n`, "mysql-8.0.36"), line).toEqual([]);
    }
    for (const line of ["skip_slave_start = 1", "skip-slave-start"]) {
      expect(await ruleFindings("replica-not-read-only", `[mysqld]\nserver_id = 2\n${line}\n`, "mysql-8.0.36"), line).toHaveLength(1);
    }
  });
});

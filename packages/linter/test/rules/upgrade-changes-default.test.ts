import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "upgrade-changes-default");

interface Report {
  findings: { rule: string; severity: string; message: string; range: { start: { line: number } } }[];
  errors: { message: string }[];
}

async function lint(...args: string[]): Promise<Report & { code: number; stderr: string }> {
  const res = await run(["--format", "json", "--no-config", "--no-impact", ...args, "my.cnf"], { cwd: fixture });
  return { ...(res.stdout.trim() ? (JSON.parse(res.stdout) as Report) : { findings: [], errors: [] }), code: res.code, stderr: res.stderr };
}

describe("upgrade-changes-default and --upgrade-to", () => {
  it("lists the 8.4 defaults the file does not set, and not those it sets", async () => {
    const r = await lint("--target", "mysql-8.0.36", "--upgrade-to", "mysql-8.4.3");
    expect(r.errors).toEqual([]);
    const changed = r.findings.filter((f) => f.rule === "upgrade-changes-default").map((f) => f.message.split(":")[0]);
    // Verified against the MySQL 8.4 manual's list of changed server defaults (rule YAML).
    for (const name of ["innodb_adaptive_hash_index", "innodb_change_buffering", "innodb_log_buffer_size", "innodb_flush_method", "innodb_use_fdatasync"])
      expect(changed).toContain(name);
    expect(changed).not.toContain("innodb_io_capacity");
    expect(changed.some((n) => n?.startsWith("performance_schema_max_"))).toBe(false);
    expect(r.findings.every((f) => f.rule !== "upgrade-changes-default" || f.severity === "info")).toBe(true);
  });

  it("reports what stops the new server under removed-variable, once, with the upgrade named", async () => {
    const r = await lint("--target", "mysql-8.0.36", "--upgrade-to", "mysql-8.4.3");
    const removed = r.findings.filter((f) => f.rule === "removed-variable");
    expect(removed).toHaveLength(1);
    expect(removed[0]!.severity).toBe("error");
    expect(removed[0]!.range.start.line).toBe(4);
    expect(removed[0]!.message).toMatch(/^after the upgrade to mysql-8\.4\.3: default_authentication_plugin was removed in 8\.4\.0/);
    // The current target's own deprecation stays as it was.
    expect(r.findings.filter((f) => f.rule === "deprecated-variable")).toHaveLength(1);
  });

  it("adds nothing without --upgrade-to", async () => {
    const r = await lint("--target", "mysql-8.0.36");
    expect(r.findings.filter((f) => f.rule === "upgrade-changes-default" || f.rule === "removed-variable")).toEqual([]);
  });

  it("compares MariaDB 10.6 with 11.4", async () => {
    const r = await lint("--target", "mariadb-10.6", "--upgrade-to", "mariadb-11.4");
    const changed = r.findings.filter((f) => f.rule === "upgrade-changes-default").map((f) => f.message.split(":")[0]);
    expect(changed).toEqual(["explicit_defaults_for_timestamp", "innodb_undo_tablespaces"]);
  });

  it("refuses an upgrade to an earlier release or another product (exit 2)", async () => {
    const back = await run(["--no-config", "--target", "mysql-8.4.3", "--upgrade-to", "mysql-8.0.36", "my.cnf"], { cwd: fixture });
    expect(back.code).toBe(2);
    expect(back.stderr).toContain("is not later than the target mysql-8.4.3");
    const other = await run(["--no-config", "--target", "mysql-8.0.36", "--upgrade-to", "mariadb-11.4", "my.cnf"], { cwd: fixture });
    expect(other.code).toBe(2);
    expect(other.stderr).toContain("is another product");
  });

  it("names the file when the target comes from it and the upgrade does not fit", async () => {
    const r = await lint("--upgrade-to", "mysql-5.7.44");
    expect(r.code).toBe(2);
    expect(JSON.stringify(r.errors)).toContain("is not later than the target");
  });
});

/**
 * Severity honesty: a well-tuned production file per flavour draws no warning or error from any
 * rule, and the misconfigured files draw every binary-log, replication and safety rule.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./helpers/run.js";

const fixtures = join(__dirname, "..", "..", "..", "fixtures");

interface Report {
  findings: { rule: string; severity: string; message: string }[];
  errors: unknown[];
}

async function lint(file: string, target: string): Promise<Report> {
  const res = await run(["--format", "json", "--no-config", "--no-impact", "--target", target, join(fixtures, file)]);
  return JSON.parse(res.stdout) as Report;
}

describe("well-tuned production files", () => {
  it.each([
    ["well-tuned/mysql-8.0-safety.cnf", "mysql-8.0.36"],
    ["well-tuned/mysql-8.4-safety.cnf", "mysql-8.4.3"],
    ["well-tuned/mariadb-10.11-safety.cnf", "mariadb-10.11"],
  ])("%s draws no warning or error (%s)", async (file, target) => {
    const r = await lint(file, target);
    expect(r.errors).toEqual([]);
    expect(r.findings.filter((f) => f.severity !== "info")).toEqual([]);
  });
});

describe("misconfigured files", () => {
  it("draw each binary-log, replication and safety rule", async () => {
    const found = new Map<string, string>();
    for (const [file, target] of [
      ["misconfigured/safety.cnf", "mysql-8.0.36"],
      ["misconfigured/safety-mariadb.cnf", "mariadb-10.11"],
      ["misconfigured/safety-no-binlog.cnf", "mysql-8.4.3"],
    ] as const) {
      const r = await lint(file, target);
      expect(r.errors).toEqual([]);
      for (const f of r.findings) found.set(f.rule, f.severity);
    }
    expect(Object.fromEntries([...found].sort())).toMatchObject({
      "binlog-disabled": "info",
      "binlog-format-unsafe": "warning",
      "binlog-retention-short": "warning",
      "binlog-row-image": "info",
      "doublewrite-disabled": "warning",
      "general-log-enabled": "warning",
      "local-infile-enabled": "warning",
      "query-cache-allocated": "warning",
      "read-uncommitted-isolation": "warning",
      "replica-not-read-only": "info",
      "server-charset-utf8mb3": "warning",
      "slow-log-everything": "warning",
      "strict-mode-disabled": "warning",
      "tmp-table-limits": "warning",
    });
  });
});

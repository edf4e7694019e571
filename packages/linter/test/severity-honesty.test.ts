/**
 * Severity honesty: a well-tuned production configuration per flavour gets no warning from any
 * rule, and the file of well-known misconfigurations draws the host, memory, redo, flushing and
 * files rules, each at the line that sets the hazard.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./helpers/run.js";

const fixtures = join(__dirname, "..", "..", "..", "fixtures");

interface Report {
  findings: { rule: string; severity: string; range: { start: { line: number } } }[];
  errors: unknown[];
}

async function lint(file: string, ...args: string[]): Promise<Report> {
  const res = await run(["--format", "json", "--no-config", "--no-impact", ...args, file]);
  return JSON.parse(res.stdout) as Report;
}

describe("severity honesty", () => {
  it.each(["mysql-8.0", "mysql-8.4", "mariadb-10.11"])("the well-tuned %s configuration draws no warning or error", async (name) => {
    const report = await lint(join(fixtures, "well-tuned", name, "my.cnf"));
    expect(report.errors).toEqual([]);
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
  });

  it("the well-tuned files are judged with their host: a smaller host or rotating disks would draw warnings", async () => {
    const report = await lint(join(fixtures, "well-tuned", "mysql-8.0", "my.cnf"), "--host-memory", "48G", "--host-storage", "hdd");
    expect(report.findings.map((f) => f.rule).sort()).toEqual(["io-capacity-mismatch", "memory-overcommit"]);
  });

  it("the misconfigured file draws each of this area's rules where it sets the hazard", async () => {
    const report = await lint(join(fixtures, "misconfigured", "my.cnf"), "--target", "mysql-8.0.36");
    expect(report.errors).toEqual([]);
    const mine = new Set([
      "memory-overcommit",
      "per-session-buffer-oversized",
      "redo-log-undersized",
      "flush-method-mismatch",
      "io-capacity-mismatch",
      "open-files-limit-too-low",
    ]);
    expect(report.findings.filter((f) => mine.has(f.rule)).map((f) => `${f.range.start.line} ${f.severity} ${f.rule}`)).toEqual([
      "6 info per-session-buffer-oversized",
      "7 warning memory-overcommit",
      "7 warning per-session-buffer-oversized",
      "8 info per-session-buffer-oversized",
      "9 info per-session-buffer-oversized",
      "10 warning redo-log-undersized",
      "12 warning flush-method-mismatch",
      "14 warning io-capacity-mismatch",
      "16 warning open-files-limit-too-low",
      "17 warning open-files-limit-too-low",
    ]);
  });
});

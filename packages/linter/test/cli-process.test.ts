/**
 * Bad input through the real CLI: the bundle in a child process, as a shell or CI job runs it.
 * Every bad file gets one line naming the file and line, the exit code is 2, no stack trace leaks,
 * and the good file's finding still arrives.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { bundledCli } from "./helpers/bundle.js";
import { scratch } from "./helpers/run.js";

const cli = bundledCli();

const FILES: Record<string, string | Buffer> = {
  ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.30" }),
  "good.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\n",
  "binary.cnf": Buffer.concat([Buffer.from("[mysqld]\nport = 1\n"), Buffer.from([0x00, 0x01, 0xff, 0x0a])]),
  "latin1.cnf": Buffer.concat([Buffer.from("[mysqld]\n\nport = 33"), Buffer.from([0xc3, 0x28]), Buffer.from("\n")]),
  "cycle.cnf": "[mysqld]\n!include loop.cnf\n",
  "loop.cnf": "[client]\nuser = app\n!include cycle.cnf\n",
  "missing-include.cnf": "[mysqld]\n\n\n!include nonexistent/innolint.cnf\n",
  "broken.sql": "SELECT 1;\n\nCREATE TABLE t (a INT) PARTITION BY RANGE (a) (PARTITION p0 VALUES LESS THAN);\n",
};

function lint(dir: string, args: string[], asUser?: string) {
  const argv = [cli, "--no-color", ...args];
  const res = asUser
    ? spawnSync("runuser", ["-u", asUser, "--", process.execPath, ...argv], { cwd: dir, encoding: "utf8" })
    : spawnSync(process.execPath, argv, { cwd: dir, encoding: "utf8" });
  return { code: res.status, stdout: res.stdout, stderr: res.stderr };
}

describe("bad input through the bundled CLI", () => {
  it("names each bad file and line, exits 2, and still reports the good file", () => {
    const dir = scratch(FILES);
    const res = lint(dir, ["binary.cnf", "latin1.cnf", "cycle.cnf", "missing-include.cnf", "broken.sql", "good.cnf"]);
    expect(res.code).toBe(2);
    const errors = res.stdout.split("\n").filter((l) => l.includes(": input error: "));
    expect(errors).toEqual([
      expect.stringMatching(/^binary\.cnf:3: input error: .*NUL bytes/),
      expect.stringMatching(/^latin1\.cnf:3: input error: .*not valid UTF-8/),
      expect.stringMatching(/^loop\.cnf:3: input error: .*includes itself/),
      expect.stringMatching(/^cycle\.cnf:2: input error: .*include depth/),
      expect.stringMatching(/^missing-include\.cnf:4: input error: .*does not exist/),
      expect.stringMatching(/^broken\.sql:3: input error: syntax error/),
    ]);
    expect(res.stdout).toMatch(/^good\.cnf:2:1: \w+\[sort-buffer-oversized\]/m);
    expect(res.stdout).toMatch(/6 input errors\n$/);
    expect(res.stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
  });

  it("the JSON report carries the same errors with their lines", () => {
    const dir = scratch(FILES);
    const res = lint(dir, ["--format", "json", "broken.sql", "missing-include.cnf", "good.cnf"]);
    expect(res.code).toBe(2);
    const report = JSON.parse(res.stdout) as { findings: { file: string }[]; errors: { file: string; line?: number }[] };
    expect(report.errors.map((e) => [e.file.slice(dir.length + 1), e.line])).toEqual([
      ["missing-include.cnf", 4],
      ["broken.sql", 3],
    ]);
    expect(report.findings.some((f) => f.file === join(dir, "good.cnf"))).toBe(true);
  });

  // Root reads any file, so a permission error is only reproducible as another user.
  const asNobody = process.getuid?.() === 0 && spawnSync("runuser", ["--help"]).status === 0;
  it.runIf(asNobody)("an unreadable file is an input error for that file only (run as nobody)", () => {
    const dir = scratch({ ...FILES, "locked.cnf": "[mysqld]\nport = 3306\n", "locked.sql": "DROP TABLE t;\n" });
    // The bundle and the scratch directory sit under 0700 temporary directories.
    for (const d of [dir, dirname(cli)]) chmodSync(d, 0o755);
    for (const f of readdirSync(dirname(cli))) chmodSync(join(dirname(cli), f), 0o755);
    for (const f of readdirSync(dir)) chmodSync(join(dir, f), 0o644);
    chmodSync(join(dir, "locked.cnf"), 0o000);
    chmodSync(join(dir, "locked.sql"), 0o000);
    expect(execFileSync("runuser", ["-u", "nobody", "--", "id", "-un"], { encoding: "utf8" }).trim()).toBe("nobody");
    const res = lint(dir, ["locked.cnf", "locked.sql", "good.cnf"], "nobody");
    expect(res.stderr).not.toMatch(/\bat .*\.(ts|js|mjs):\d+/);
    expect(res.code).toBe(2);
    expect(res.stdout).toMatch(/^locked\.cnf: input error: .*locked\.cnf: cannot read: permission denied \(EACCES\)$/m);
    expect(res.stdout).toMatch(/^locked\.sql: input error: cannot read: permission denied \(EACCES\)$/m);
    expect(res.stdout).toMatch(/^good\.cnf:2:1: \w+\[sort-buffer-oversized\]/m);
  });
});

import { chmodSync, mkdirSync, openSync, closeSync, ftruncateSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

const GOOD = "[mysqld]\ninnodb_sort_buffer_size = 64M\n";
const ROOT = { ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.25" }) };

function json(stdout: string) {
  return JSON.parse(stdout) as {
    findings: { rule: string; file: string; severity: string; message: string }[];
    errors: { file: string; line?: number; message: string }[];
  };
}

describe("exit codes and --fail-on", () => {
  it("is 1 with findings at or above the threshold, 0 below it, 2 on usage errors", async () => {
    const dir = scratch({ ...ROOT, "my.cnf": GOOD });
    expect((await run(["my.cnf"], { cwd: dir })).code).toBe(1);
    expect((await run(["--fail-on", "error", "my.cnf"], { cwd: dir })).code).toBe(0);
    expect((await run(["--fail-on", "never", "my.cnf"], { cwd: dir })).code).toBe(0);
    const usage = await run(["--fail-on", "sometimes", "my.cnf"], { cwd: dir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("--fail-on");
    expect((await run(["--bogus", "my.cnf"], { cwd: dir })).code).toBe(2);
    expect((await run(["--target", "oracle-19", "my.cnf"], { cwd: dir })).stderr).toContain('unknown target "oracle-19"');
  });

  it("refuses a target the catalogue maps to no MySQL release, from the command line and from a config file", async () => {
    const dir = scratch({ ...ROOT, "my.cnf": GOOD });
    const flag = await run(["--target", "aurora-mysql-1.23.4", "my.cnf"], { cwd: dir });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain("target aurora-mysql-1.23.4 is older than innolint's catalogue, which starts at aurora-mysql-2.0.0");
    expect(flag.stdout).toBe("");
    writeFileSync(join(dir, ".innolint.json"), JSON.stringify({ root: true, target: "aurora-mysql-1.23.4" }));
    const config = await run(["my.cnf"], { cwd: dir });
    expect(config.code).toBe(2);
    expect(config.stdout).toContain("my.cnf: input error: target aurora-mysql-1.23.4 is older than innolint's catalogue");
    expect((await run(["--target", "aurora-mysql-2.11.5", "--no-config", "my.cnf"], { cwd: dir })).code).toBe(1);
  });

  it("is 0 for a clean file", async () => {
    const dir = scratch({ ...ROOT, "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 1M\n" });
    const res = await run(["my.cnf"], { cwd: dir });
    expect(res.stdout).toBe("no findings\n");
    expect(res.code).toBe(0);
  });
});

describe("inputs", () => {
  it("lints directories, globs and standard input", async () => {
    const dir = scratch({ ...ROOT, "a/my.cnf": GOOD, "a/b/extra.cnf": GOOD, "a/notes.txt": "x" });
    const walked = json((await run(["--format", "json", "a"], { cwd: dir })).stdout);
    expect(walked.findings.map((f) => f.file.slice(dir.length)).sort()).toEqual(["/a/b/extra.cnf", "/a/my.cnf"]);
    const globbed = json((await run(["--format", "json", "a/**/*.cnf"], { cwd: dir })).stdout);
    expect(globbed.findings).toHaveLength(2);
    const stdin = await run(["--format", "json", "--stdin-filename", "server.cnf", "-"], { cwd: dir, stdin: GOOD });
    expect(json(stdin.stdout).findings.map((f) => f.rule)).toEqual(["sort-buffer-oversized"]);
    expect(json(stdin.stdout).findings[0]?.file).toBe(join(dir, "server.cnf"));
  });

  it("detects an option file by content when the name says nothing", async () => {
    const dir = scratch({ ...ROOT, "mysql-config": GOOD });
    const res = json((await run(["--format", "json", "mysql-config"], { cwd: dir })).stdout);
    expect(res.findings.map((f) => f.rule)).toEqual(["sort-buffer-oversized"]);
  });
});

describe("bad input: a clear error with file and line, exit 2, and the other files still linted", () => {
  const cases: [string, Record<string, string | Buffer>, RegExp][] = [
    ["a binary file", { "bad.cnf": Buffer.from([0x5b, 0x6d, 0x5d, 0x0a, 0x00, 0x01, 0x02, 0xff]) }, /binary/i],
    ["invalid UTF-8", { "bad.cnf": Buffer.concat([Buffer.from("[mysqld]\nport = 33"), Buffer.from([0xc3, 0x28]), Buffer.from("\n")]) }, /UTF-8/i],
    ["an include cycle", { "bad.cnf": "[mysqld]\n!include loop.cnf\n", "loop.cnf": "!include bad.cnf\n" }, /includes itself|depth/i],
    ["a missing include", { "bad.cnf": "[mysqld]\n!include missing.cnf\n" }, /missing\.cnf/],
    ["a line of 1 MB", { "bad.cnf": `[mysqld]\nx = ${"y".repeat(1024 * 1024)}\n` }, /line/i],
  ];
  it.each(cases)("%s", async (_, files, pattern) => {
    const dir = scratch({ ...ROOT, ...files, "good.cnf": GOOD });
    const res = await run(["--format", "json", "bad.cnf", "good.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    const report = json(res.stdout);
    expect(report.errors.length).toBeGreaterThan(0);
    expect(report.errors.some((e) => pattern.test(e.message))).toBe(true);
    expect(report.errors.every((e) => e.file.startsWith(dir))).toBe(true);
    expect(report.findings.some((f) => f.file === join(dir, "good.cnf"))).toBe(true);
    expect(res.stderr).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it("a 100 MB file is refused without reading it", async () => {
    const dir = scratch({ ...ROOT, "good.cnf": GOOD });
    const fd = openSync(join(dir, "huge.cnf"), "w");
    ftruncateSync(fd, 100 * 1024 * 1024);
    closeSync(fd);
    const res = await run(["--format", "json", "huge.cnf", "good.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    expect(json(res.stdout).errors[0]?.message).toMatch(/bytes|too large/);
    expect(json(res.stdout).findings).toHaveLength(1);
  });

  it("an unreadable file and a directory named as an include", async () => {
    const dir = scratch({ ...ROOT, "locked.cnf": GOOD, "dir.cnf": "[mysqld]\n!include sub\n", "good.cnf": GOOD });
    mkdirSync(join(dir, "sub"));
    chmodSync(join(dir, "locked.cnf"), 0o000);
    const res = await run(["--format", "json", "locked.cnf", "dir.cnf", "good.cnf", "nowhere.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    const report = json(res.stdout);
    const files = report.errors.map((e) => e.file);
    expect(files).toContain(join(dir, "nowhere.cnf"));
    expect(report.errors.some((e) => /sub/.test(e.message) || e.file.endsWith("sub"))).toBe(true);
    if (process.getuid?.() !== 0) expect(files).toContain(join(dir, "locked.cnf"));
    expect(report.findings.some((f) => f.file === join(dir, "good.cnf"))).toBe(true);
  });
});

describe("formats", () => {
  const dir = scratch({ ...ROOT, "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 128M\ninnodb_flush_log_at_trx_commit = 2\n" });

  it("sarif validates against the SARIF 2.1.0 schema", async () => {
    const require = createRequire(import.meta.url);
    const schema = JSON.parse(readFileSync(require.resolve("@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json"), "utf8"));
    // The SARIF schema is draft-04; its regexes need non-unicode mode.
    const Ajv04 = require("ajv-draft-04").default as new (o: object) => { compile: (s: object) => ((d: unknown) => boolean) & { errors?: unknown } };
    const ajv = new Ajv04({ allErrors: true, strict: false, validateFormats: false, unicodeRegExp: false });
    const validate = ajv.compile(schema);
    const res = await run(["--format", "sarif", "my.cnf"], { cwd: dir });
    const log = JSON.parse(res.stdout);
    expect(validate(log), JSON.stringify(validate.errors, null, 2)).toBe(true);
    expect(log.runs[0].results.length).toBeGreaterThanOrEqual(3);
    expect(log.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toContain("out-of-range");
    expect(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri).toBe("my.cnf");
  });

  it("github prints workflow annotations", async () => {
    const res = await run(["--format", "github", "my.cnf"], { cwd: dir });
    const lines = res.stdout.trim().split("\n");
    expect(lines.length).toBeGreaterThanOrEqual(3);
    for (const l of lines) expect(l).toMatch(/^::(error|warning|notice) file=my\.cnf,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=innolint [a-z-]+::/);
  });

  it("gitlab prints a code-quality report", async () => {
    const res = await run(["--format", "gitlab", "my.cnf"], { cwd: dir });
    const issues = JSON.parse(res.stdout) as {
      check_name: string;
      severity: string;
      fingerprint: string;
      location: { path: string; lines: { begin: number } };
    }[];
    expect(issues.length).toBeGreaterThanOrEqual(3);
    for (const i of issues) {
      expect(i.location.path).toBe("my.cnf");
      expect(["info", "minor", "major", "critical", "blocker"]).toContain(i.severity);
      expect(i.fingerprint).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(new Set(issues.map((i) => i.fingerprint)).size).toBe(issues.length);
  });

  it("text shows a code frame, colour only when asked", async () => {
    const plain = await run(["my.cnf"], { cwd: dir });
    expect(plain.stdout).toContain("2 | innodb_sort_buffer_size = 128M");
    expect(plain.stdout).not.toContain("\u001b[");
    const coloured = await run(["--color", "my.cnf"], { cwd: dir });
    expect(coloured.stdout).toContain("\u001b[");
  });
});

describe("rule commands", () => {
  it("lists rules and prints an entry with its evidence status", async () => {
    const list = await run(["rules"]);
    expect(list.stdout).toContain("buffer-pool-instances-ignored");
    const entry = await run(["rule", "buffer-pool-instances-ignored"]);
    expect(entry.stdout).toContain("[RETRACTED]");
    expect(entry.stdout).toContain("[CONFIRMED]");
    expect((await run(["rule", "no-such-rule"])).code).toBe(2);
  });

  it("prints a rule's options with the defaults its module declares", async () => {
    const entry = await run(["rule", "drop-truncate-buffer-pool-stall"]);
    expect(entry.stdout).toContain('## Options\n\n- warningAt: "1G"\n');
    expect((await run(["rule", "deprecated-variable"])).stdout).not.toContain("## Options");
  });
});

describe("every command's --help", () => {
  const commands = ["lint", "review", "baseline", "facts", "print-defaults", "rules", "rule", "simulate", "live", "lsp"];
  it.each(commands)("innolint %s --help prints that command's help to stdout and exits 0", async (command) => {
    const res = await run([command, "--help"]);
    expect([res.code, res.stderr]).toEqual([0, ""]);
    expect(res.stdout).toMatch(new RegExp(`^innolint ${command}: `));
    expect(res.stdout).toContain("Usage:");
    // -h and `innolint help <command>` say the same.
    expect((await run([command, "-h"])).stdout).toBe(res.stdout);
    expect((await run(["help", command])).stdout).toBe(res.stdout);
  });

  it("innolint simulate <model> --help lists the model's parameters from the simulator", async () => {
    const res = await run(["simulate", "index_build", "--help"]);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^innolint simulate index_build: /);
    expect(res.stdout).toContain("--sort_buffer_bytes");
  });

  it("a mistyped option is a usage error with a did-you-mean, for every command", async () => {
    for (const [argv, message] of [
      [["--traget", "mysql-8.0", "my.cnf"], /unknown option --traget \(did you mean --target\?\)/],
      [["review", "--bsae", "main"], /unknown option --bsae \(did you mean --base\?\)/],
      [["facts", "--target"], /--target needs a value/],
      [["rules", "extra"], /takes no argument "extra"/],
      [["lint", "--no-impact=yes", "my.cnf"], /--no-impact takes no value/],
      [["simulate", "bp_scan", "--no_such_param", "3"], /unknown option --no_such_param/],
    ] as const) {
      const res = await run([...argv]);
      expect([argv.join(" "), res.code]).toEqual([argv.join(" "), 2]);
      expect(res.stderr).toMatch(message);
    }
  });
});

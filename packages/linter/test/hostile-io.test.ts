/**
 * Hostile and broken input at the edges of the process: FIFOs and devices where files are expected,
 * endless standard input, a closed stdout, output that would inject terminal or workflow commands,
 * internal errors, and bad output paths. What blocks (a FIFO, /dev/zero) runs in a child process
 * with a time limit, so that a regression fails instead of hanging the test worker.
 */
import { spawn, spawnSync } from "node:child_process";
import { openSync, statSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { INPUT_LIMITS, readBounded, readStdinBounded, InputFileError } from "../src/input.js";
import { optionFileRules } from "../src/rules/registry.js";
import { escapeControls, linePath } from "../src/safe-text.js";
import { CLOSED_PIPE_EXIT } from "../src/pipes.js";
import { bundledCli } from "./helpers/bundle.js";
import { requireOracle } from "./helpers/require-oracle.js";
import { run, scratch } from "./helpers/run.js";

const MY_CNF = "[mysqld]\nsync_binlog = 0\nmax_connections = 1\nmax_connections = 2\n";

function mkfifo(path: string): void {
  const made = spawnSync("mkfifo", [path]);
  if (made.status !== 0) throw new Error(`mkfifo failed: ${made.stderr}`);
}

/** The bundled CLI with a time limit: a hang is status null. */
function cli(args: string[], opts: { cwd: string; stdin?: "dev-zero" } = { cwd: process.cwd() }) {
  const r = spawnSync(process.execPath, [bundledCli(), ...args], {
    cwd: opts.cwd,
    encoding: "utf8",
    timeout: 30_000,
    maxBuffer: 64 * 1024 * 1024,
    ...(opts.stdin === "dev-zero" ? { stdio: [openSync("/dev/zero", "r"), "pipe", "pipe"] } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("files that are not regular files", () => {
  const dir = scratch({ "my.cnf": MY_CNF, "snap.json": "{}" });
  mkfifo(join(dir, "fifo"));
  symlinkSync("/dev/zero", join(dir, "z.sql"));

  it.each([
    ["--config", "fifo", "is a FIFO"],
    ["--config", "/dev/zero", "is a character device"],
    ["--baseline", "fifo", "is a FIFO"],
    ["--baseline", "/dev/zero", "is a character device"],
  ])("%s %s is an input error naming the file; the option file's findings still arrive", (flag, path, what) => {
    const r = cli([flag, path, "--no-impact", "my.cnf"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`${path}: input error: `);
    expect(r.stdout).toContain(`${what}, not a regular file`);
    expect(r.stdout).toContain("warning[relaxed-commit-durability]");
  });

  it.each([
    [["--context-snapshot", "fifo", "my.cnf"], "fifo", "is a FIFO"],
    [["--context-snapshot", "/dev/zero", "my.cnf"], "/dev/zero", "is a character device"],
    [["live", "--from-snapshot", "fifo"], "fifo", "is a FIFO"],
    [["live", "--from-snapshot", "/dev/zero"], "/dev/zero", "is a character device"],
  ])("%j refuses the snapshot with exit 2", (args, path, what) => {
    const r = cli(args, { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`innolint: ${path.startsWith("/") ? path : join(dir, path)}: ${what}, not a regular file; innolint reads only regular files\n`);
  });

  it("a device or FIFO named on the command line, or a *.sql link to /dev/zero, is an input error", () => {
    const r = cli(["--no-impact", "/dev/zero", "z.sql", "fifo", "my.cnf"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("input error: is a character device, not a regular file");
    expect(r.stdout).toContain("z.sql: input error: is a character device, not a regular file");
    expect(r.stdout).toContain("fifo: input error: is a FIFO, not a regular file");
    expect(r.stdout).toContain("warning[relaxed-commit-durability]");
  });

  it("innolint facts and print-defaults refuse a device", () => {
    const facts = cli(["facts", "z.sql"], { cwd: dir });
    expect(facts.code).toBe(2);
    expect(JSON.parse(facts.stdout).errors[0].message).toMatch(/is a character device/);
    const printed = cli(["print-defaults", "/dev/zero", "mysqld"], { cwd: dir });
    expect(printed).toEqual({
      code: 2,
      stdout: "",
      stderr: "innolint: /dev/zero: /dev/zero is a character device, not a regular file; innolint reads only regular files\n",
    });
  });

  it("standard input from /dev/zero ends with an error at its bound instead of growing", () => {
    const r = cli(["--no-impact", "-"], { cwd: dir, stdin: "dev-zero" });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`stdin: input error: standard input is over the ${INPUT_LIMITS.stdin / 2 ** 20} MB limit for standard input`);
  });

  it("a directory walk reports FIFOs, devices, link loops and links to nothing named *.sql or *.cnf, and follows links to files", () => {
    const walk = scratch({ "m/001.sql": "CREATE TABLE a (id INT);\n", "real.cnf": MY_CNF });
    mkfifo(join(walk, "m", "002.sql"));
    symlinkSync("/dev/zero", join(walk, "m", "003.sql"));
    symlinkSync("004.sql", join(walk, "m", "004.sql"));
    symlinkSync("missing", join(walk, "m", "005.sql"));
    symlinkSync(join(walk, "real.cnf"), join(walk, "m", "linked.cnf"));
    const r = cli(["--no-impact", "m"], { cwd: walk });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("m/002.sql: input error: is a FIFO, not a regular file");
    expect(r.stdout).toContain("m/003.sql: input error: is a character device, not a regular file");
    expect(r.stdout).toContain("m/004.sql: input error: is a symbolic link loop");
    expect(r.stdout).toContain("m/005.sql: input error: is a symbolic link to nothing");
    expect(r.stdout).toContain("m/linked.cnf:2:1: warning[relaxed-commit-durability]");
  });

  it("an .innolint.json linked to /dev/zero is an error, not a configuration silently ignored", () => {
    const cfg = scratch({ "my.cnf": MY_CNF });
    symlinkSync("/dev/zero", join(cfg, ".innolint.json"));
    const r = cli(["--no-impact", "my.cnf"], { cwd: cfg });
    expect(r.code).toBe(2);
    expect(r.stdout).toContain(`.innolint.json: input error: is a character device, not a regular file`);
  });
});

describe("the bounded reader", () => {
  it("refuses a file above its kind's bound, and one that is not regular, naming it", () => {
    const dir = scratch({ "big.json": "x".repeat(INPUT_LIMITS.config + 1), "ok.json": "{}" });
    expect(readBounded(join(dir, "ok.json"), "config").toString()).toBe("{}");
    expect(() => readBounded(join(dir, "big.json"), "config")).toThrow(
      `${join(dir, "big.json")}: is ${INPUT_LIMITS.config + 1} bytes, over the 1 MB limit for a configuration file`,
    );
    expect(() => readBounded(dir, "config")).toThrow(/is a directory, not a regular file/);
    expect(() => readBounded("/dev/null", "baseline")).toThrow(InputFileError);
  });

  it("a configuration over 1 MB is an input error", async () => {
    const dir = scratch({ ".innolint.json": `{"root": true, "ignore": [${'"x",'.repeat(300_000)} "y"]}`, "my.cnf": MY_CNF });
    const r = await run(["--no-impact", join(dir, "my.cnf")], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/input error: .*over the 1 MB limit for a configuration file/);
  });

  it("reads standard input up to the bound and no further", () => {
    const dir = scratch({ "in.txt": "a".repeat(1000) });
    const fd = openSync(join(dir, "in.txt"), "r");
    expect(() => readStdinBounded(fd, 999)).toThrow("standard input: is over the 999 bytes limit for standard input");
    const again = openSync(join(dir, "in.txt"), "r");
    expect(readStdinBounded(again, 1000).length).toBe(1000);
  });
});

describe("a closed standard output", () => {
  const children: ReturnType<typeof spawn>[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) c.kill();
  });

  /** Starts the CLI with its stdout pipe closed before it writes: its first write fails with EPIPE. */
  function closedStdout(args: string[], cwd: string): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, [bundledCli(), ...args], { cwd, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    child.stdout!.destroy();
    let stderr = "";
    child.stderr!.on("data", (d) => (stderr += d));
    return new Promise((done) => child.on("close", (code) => done({ code, stderr })));
  }

  it.each([
    [["rules"]],
    [["rule", "relaxed-commit-durability"]],
    [["--no-impact", "my.cnf"]],
    [["facts", "big.sql"]],
    [["print-defaults", "my.cnf", "mysqld"]],
    [["simulate", "index_build"]],
    [["--help"]],
  ])("%j stops silently with status 141 (128 + SIGPIPE)", async (args) => {
    const dir = scratch({ "my.cnf": MY_CNF, "big.sql": "CREATE TABLE t (a INT);\n".repeat(20_000) });
    const r = await closedStdout(args, dir);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(CLOSED_PIPE_EXIT);
  });
});

describe("output cannot inject", () => {
  const HOSTILE = "a\n::error::X\r\u000b\u001b]0;title\u0007\u001b[2J\u009b31m\u2028\u202e";
  const workflowCommand = (out: string) =>
    out.split("\n").some((l) => l.trimStart().startsWith("::") && !/^::(error|warning|notice) (file=|title=)/.test(l.trimStart()));
  const rawControls = (out: string) => /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e]/.test(out.replace(/\r?\n/g, ""));

  it("escapes control characters and keeps every input on its own line", () => {
    expect(escapeControls(HOSTILE)).toBe("a\\n::error::X\\r\\v\\e]0;title\\x07\\e[2J\\x9b31m\\u2028\\u202e");
    expect(escapeControls("tab\tstays")).toBe("tab\tstays");
    expect(linePath("::error::x.sql")).toBe("./::error::x.sql");
    expect(linePath(" ::error::x.sql")).toBe("./ ::error::x.sql");
    expect(linePath("db/x.sql")).toBe("db/x.sql");
  });

  const cases: [string, Record<string, string>, string[]][] = [
    ["a backtick identifier with a newline", { "m.sql": `DROP TABLE \`${HOSTILE}\`;\n` }, ["--target", "mysql-8.0.20", "m.sql"]],
    ["a quoted option value with an escaped newline and ESC", { "my.cnf": `[mysqld]\nsort_buffer_size = "a\\n::error::Y\u001b]0;t\u0007"\n` }, ["my.cnf"]],
    [
      "a suppression comment naming a hostile rule",
      { "my.cnf": `[mysqld]\n# innolint-disable foo\u001b[2J\u000b::error::Z\nmax_connections = 1\n` },
      ["my.cnf"],
    ],
    ["a file whose name is a workflow command", { "::error::x.sql": `DROP TABLE t;\n` }, ["--target", "mysql-8.0.20", "::error::x.sql"]],
    ["an include path with ESC and a newline", { "my.cnf": `[mysqld]\n!include /nonexistent/\u001b[2J::error::W.cnf\n` }, ["my.cnf"]],
  ];

  for (const format of ["text", "json", "sarif", "github", "gitlab", "markdown"]) {
    it.each(cases)(`${format}: %s`, async (_, files, args) => {
      const dir = scratch(files);
      const r = await run(["--no-impact", "--format", format, ...args], { cwd: dir });
      expect(r.stdout.length).toBeGreaterThan(0);
      expect(workflowCommand(r.stdout)).toBe(false);
      expect(rawControls(r.stdout)).toBe(false);
      expect(workflowCommand(r.stderr)).toBe(false);
      expect(rawControls(r.stderr)).toBe(false);
      if (["json", "sarif", "gitlab"].includes(format)) JSON.parse(r.stdout);
    });
  }

  it.each(["text", "json", "sarif", "github", "gitlab", "markdown"])("%s: a snapshot's server address and variable values", async (format) => {
    const snap = {
      format: "innolint-live-snapshot",
      version: 1,
      server: { address: `db1:3306\n::error::pwn\u001b[2J`, version: "8.0.36", flavor: "mysql", target: "mysql-8.0.36" },
      variables: { sync_binlog: "0", innodb_sort_buffer_size: "67108864", log_error: `x\n::error::v\u001b[2J`, "a\n::error::n": "1" },
    };
    const dir = scratch({ "snap.json": JSON.stringify(snap), "my.cnf": "[mysqld]\nsync_binlog = 1\nlog_error = y\n" });
    for (const args of [
      ["--no-impact", "--context-snapshot", "snap.json", "my.cnf"],
      ["live", "--no-impact", "--from-snapshot", "snap.json"],
    ]) {
      const r = await run([...args, "--format", format], { cwd: dir });
      expect(r.stdout).toMatch(/db1/);
      if (format === "text")
        expect(r.stdout).toContain(
          args[0] === "live"
            ? "| innodb_sort_buffer_size = 67108864\n"
            : "warning[config-drift] log_error is x\\n::error::v\\e[2J on db1:3306\\n::error::pwn\\e[2J but y here",
        );
      expect(workflowCommand(r.stdout)).toBe(false);
      expect(rawControls(r.stdout)).toBe(false);
      expect(rawControls(r.stderr)).toBe(false);
    }
  });

  it("the text code frame keeps its carets under the escaped text", async () => {
    const dir = scratch({ "f.sql": `/* \u001b[2J */ DROP TABLE t;\n` });
    const r = await run(["--no-impact", "--target", "mysql-8.0.20", "f.sql"], { cwd: dir });
    expect(r.stdout).toContain("1 | /* \\e[2J */ DROP TABLE t;\n  |             ^^^^^^^^^^^^\n");
  });

  it("stderr messages escape what they quote", async () => {
    const dir = scratch({ "my.cnf": MY_CNF });
    const r = await run(["--format", "json", "--no-impact", "--config", "x\u000b\r::error::c.json", "my.cnf"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("x\\v\\r::error::c.json");
    expect(rawControls(r.stderr)).toBe(false);
    const usage = await run(["--format", "json", "--target", "mysql-\u001b[2J", "my.cnf"], { cwd: dir });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("\\e[2j");
  });
});

describe("internal errors", () => {
  it("exit 3 naming the rule, and every other rule's findings are still reported", async () => {
    const rule = optionFileRules.find((r) => r.id === "duplicate-option")!;
    const check = rule.check;
    rule.check = () => {
      throw new RangeError("Maximum call stack size exceeded");
    };
    try {
      const dir = scratch({ "my.cnf": MY_CNF });
      const text = await run(["--no-impact", "my.cnf"], { cwd: dir });
      expect(text.code).toBe(3);
      expect(text.stdout).toContain("warning[relaxed-commit-durability]");
      expect(text.stdout).toContain("my.cnf: internal error: internal error in rule duplicate-option: Maximum call stack size exceeded");
      expect(text.stdout).toMatch(/\(0 errors, 1 warning, 0 info\); 1 internal error; 1 with a fix\n$/);
      const json = await run(["--no-impact", "--format", "json", "my.cnf"], { cwd: dir });
      expect(json.code).toBe(3);
      const report = JSON.parse(json.stdout);
      expect(report.findings.map((f: { rule: string }) => f.rule)).toContain("relaxed-commit-durability");
      expect(report.errors).toEqual([
        { file: join(dir, "my.cnf"), message: "internal error in rule duplicate-option: Maximum call stack size exceeded", internal: true },
      ]);
      expect(json.stderr).toBe(`innolint: ${join(dir, "my.cnf")}: internal error in rule duplicate-option: Maximum call stack size exceeded\n`);
    } finally {
      rule.check = check;
    }
  });

  it("a snapshot's non-numeric value for a numeric variable is an input error about the snapshot, not config-drift's", async () => {
    const snap = {
      format: "innolint-live-snapshot",
      version: 1,
      server: { address: "db1:3306", version: "8.0.36", flavor: "mysql", target: "mysql-8.0.36" },
      variables: { innodb_buffer_pool_chunk_size: "abc", innodb_buffer_pool_size: "134217728" },
    };
    const dir = scratch({ "snap.json": JSON.stringify(snap), "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 100M\n" });
    const r = await run(["--no-impact", "--context-snapshot", "snap.json", "my.cnf"], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(
      `innolint: ${join(dir, "snap.json")}: variables.innodb_buffer_pool_chunk_size: "abc" is not an integer, and the server reports innodb_buffer_pool_chunk_size as one\n`,
    );
    const live = await run(["live", "--from-snapshot", "snap.json"], { cwd: dir });
    expect(live.code).toBe(2);
    expect(live.stderr).toContain("variables.innodb_buffer_pool_chunk_size");
  });

  it("an unexpected exception prints its message escaped on one line, then innolint's stack frames", async () => {
    const { internalErrorText } = await import("../src/internal.js");
    const text = internalErrorText(new TypeError("bad\n::error::x"));
    expect(text.split("\n")[0]).toBe("innolint: internal error: TypeError: bad\\n::error::x");
    expect(text.split("\n")[1]).toMatch(/^ {4}at /);
  });
});

describe("simulate", () => {
  it.each([
    ["/nonexistent/x.svg", "its directory does not exist (ENOENT)"],
    ["/dev/full", "no space left on the device (ENOSPC)"],
    [".", "it is a directory (EISDIR)"],
  ])("--plot %s is an error naming the path, exit 2, no table", async (path, why) => {
    const dir = scratch({});
    const r = await run(["simulate", "index_build", "--plot", path], { cwd: dir });
    expect(r).toEqual({ code: 2, stdout: "", stderr: `innolint: ${path}: cannot write the chart: ${why}\n` });
  });

  it("a value for the swept parameter is still judged by the model", async () => {
    const r = await run(["simulate", "index_build", "--sort_buffer_bytes", "-5"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("innolint: index_build: sort_buffer_bytes must be between 65536 and 67108864 bytes, got -5\n");
    expect((await run(["simulate", "index_build", "--sort_buffer_bytes", "1048576"])).code).toBe(0);
  });
});

describe("the language server", () => {
  it("keeps files it must not read out: a configPath naming a FIFO or /dev/zero is a diagnostic, and the server keeps answering", async () => {
    const { lspSession } = await import("./helpers/lsp-session.js");
    const dir = scratch({ "my.cnf": MY_CNF });
    mkfifo(join(dir, "fifo"));
    for (const configPath of [join(dir, "fifo"), "/dev/zero"]) {
      const s = await lspSession(dir, { settings: { configPath } });
      try {
        const diags = await s.open("my.cnf", MY_CNF);
        expect(diags.diagnostics.map((d) => d.message).join("\n")).toMatch(/not a regular file/);
        expect(await s.alive()).toBe(true);
      } finally {
        await s.close();
      }
    }
  });

  it("drops a didOpen whose text is a number with a log line, no TypeError, and keeps answering", async () => {
    const { lspSession } = await import("./helpers/lsp-session.js");
    const dir = scratch({ "my.cnf": MY_CNF });
    const s = await lspSession(dir, {});
    try {
      s.sendRaw({
        jsonrpc: "2.0",
        method: "textDocument/didOpen",
        params: { textDocument: { uri: s.uri("x.cnf"), languageId: "mysql-option-file", version: 1, text: 5 } },
      });
      expect(await s.alive()).toBe(true);
      expect(s.logs.join("\n")).toContain("innolint: ignored a malformed textDocument/didOpen: textDocument.text must be a string");
      expect(s.logs.join("\n")).not.toMatch(/TypeError/);
      const diags = await s.open("my.cnf", MY_CNF);
      expect(diags.diagnostics.length).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });
});

describe("print-defaults on option files above the 10 MB read limit", () => {
  /** Groups, includes, comments, quotes and options outside the requested groups, `lines` long. */
  function optionText(lines: number, seed: number): string {
    let x = seed;
    const next = (n: number) => {
      x = (x * 1103515245 + 12345) % 2 ** 31;
      return x % n;
    };
    const out: string[] = [];
    for (let i = 0; i < lines; i++) {
      if (i % 97 === 0) out.push(`[${["mysqld", "client", "mysqld-8.0", "mariadb", "Mysqld"][next(5)]}]`);
      out.push(
        [
          "max_connections=" + i,
          `# comment ${i}`,
          `sort_buffer_size = "${i}K" # x`,
          "skip-log-bin",
          `  loose_x = 'a b'`,
          "",
          "!include missing.cnf",
          `key_buffer_size\t=\t${i}`,
        ][next(8)] as string,
      );
    }
    return out.join("\n") + "\n";
  }

  it("reads in pieces exactly what the whole-file reader reads", async () => {
    const { printDefaultsFile, printDefaultsOutput, readOptionFiles } = await import("../src/optionfile/model.js");
    const text = optionText(5000, 7);
    const dir = scratch({
      "my.cnf": text,
      "inc.cnf": `[mysqld]\n!include ${"x".repeat(10)}.cnf\nbind_address=1.2.3.4\n`,
      "top.cnf": `[mysqld]\na=1\n!include inc.cnf\n!include my.cnf\n[client]\nb=2\n`,
    });
    for (const file of ["my.cnf", "top.cnf"]) {
      const whole = printDefaultsOutput(await readOptionFiles(join(dir, file), { cwd: dir }), ["mysqld", "client", "mariadb"]);
      // A 4 KB limit cuts the 60 KB file into pieces of about 4 KB: groups carry across them.
      const pieces = await printDefaultsFile(join(dir, file), ["mysqld", "client", "mariadb"], { cwd: dir, maxBytes: 4096 });
      expect(pieces.output).toBe(whole);
      expect(pieces.output.split("\n").length).toBeGreaterThan(1000);
      expect(pieces.set.fatal).toBeUndefined();
    }
  });

  it("a NUL byte far into a file read in pieces is an error with its line, and nothing is printed", async () => {
    const { printDefaultsFile } = await import("../src/optionfile/model.js");
    const dir = scratch({ "my.cnf": "[mysqld]\n" + "a=1\n".repeat(5000) + "b=\u0000\n" });
    const r = await printDefaultsFile(join(dir, "my.cnf"), ["mysqld"], { cwd: dir, maxBytes: 4096 });
    expect(r.output).toBe("");
    expect(r.set.errors[0]).toMatchObject({ kind: "binary", line: 5002 });
  });

  it("innolint print-defaults prints a 12 MB option file as my_print_defaults does", () => {
    const dir = scratch({ "big.cnf": optionText(700_000, 11) });
    expect(statSync(join(dir, "big.cnf")).size).toBeGreaterThan(10 * 2 ** 20);
    const r = cli(["print-defaults", "big.cnf", "mysqld", "client"], { cwd: dir });
    expect(r.stderr).toMatch(/^(innolint: .*included file .* does not exist; the server silently skips it\n)*$/);
    expect(r.code).toBe(0);
    const oracle = spawnSync("my_print_defaults", ["--defaults-file=big.cnf", "mysqld", "client"], { cwd: dir, encoding: "utf8", maxBuffer: 256 * 2 ** 20 });
    if (oracle.error) {
      requireOracle("my_print_defaults", oracle.error.message);
      expect(r.stdout.split("\n").length).toBeGreaterThan(100_000);
      return;
    }
    expect(r.stdout).toBe(oracle.stdout);
  });
});

describe("include amplification", () => {
  it("an option file that includes its own directory hundreds of times stops at 16 MB of option text", async () => {
    const { readOptionFiles } = await import("../src/optionfile/model.js");
    const block = "[mysqld]\nmax_connections = 1\n!includedir conf.d\n# padding " + "x".repeat(100) + "\n";
    const dir = scratch({ "conf.d/a.cnf": block.repeat(500), "my.cnf": "[mysqld]\n!includedir conf.d\n" });
    const started = Date.now();
    const set = await readOptionFiles(join(dir, "my.cnf"), { cwd: dir });
    expect(set.errors.map((e) => e.code)).toContain("too-much-text");
    expect(set.errors.find((e) => e.code === "too-much-text")?.message).toBe(
      "more than 16 MB of option text through !include/!includedir; innolint stops expanding here",
    );
    // 16 MB of 150-byte blocks: about 110,000 blocks, not 5,000 reads × 500.
    expect(set.entries.length).toBeLessThan(200_000);
    expect(Date.now() - started).toBeLessThan(60_000);
  });
});

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { tempDir } from "./helpers/tmp.js";

const pkg = resolve(__dirname, "..");
const root = resolve(pkg, "../..");
const cli = join(pkg, "dist", "cli.js");

function sh(cwd: string, cmd: string, args: string[]): string {
  return execFileSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_NAME: "t", GIT_AUTHOR_EMAIL: "t@example.com", GIT_COMMITTER_NAME: "t", GIT_COMMITTER_EMAIL: "t@example.com" },
  });
}

function write(dir: string, name: string, text: string): void {
  mkdirSync(join(dir, name, ".."), { recursive: true });
  writeFileSync(join(dir, name), text);
}

/**
 * A repository with history: main creates a 400-partition table and a log table over two commits;
 * the branch `feature` adds two indexes to the big table, creates and drops a scratch table, and drops the log
 * table, partly committed and partly as an untracked file. Its configuration raises the DROP stall to an error.
 */
function repository(): string {
  const dir = tempDir("innolint-review-");
  sh(dir, "git", ["init", "-q", "-b", "main"]);
  write(dir, "db/my.cnf", "[mysqld]\ninnodb_buffer_pool_size = 256G\ninnodb_sort_buffer_size = 64M\n");
  // A stall is a warning; this team gates its merges on it.
  write(dir, ".innolint.json", JSON.stringify({ root: true, rules: { "drop-truncate-buffer-pool-stall": "error" } }));
  write(dir, "db/migrations/0001_events.sql", "CREATE TABLE events (id BIGINT NOT NULL, v INT, PRIMARY KEY (id)) PARTITION BY HASH (id) PARTITIONS 400;\n");
  sh(dir, "git", ["add", "."]);
  sh(dir, "git", ["commit", "-q", "-m", "events"]);
  write(dir, "db/migrations/0002_logs.sql", "CREATE TABLE old_logs (id INT PRIMARY KEY);\nDROP TABLE IF EXISTS staging;\n");
  sh(dir, "git", ["add", "."]);
  sh(dir, "git", ["commit", "-q", "-m", "logs"]);
  sh(dir, "git", ["checkout", "-q", "-b", "feature"]);
  write(
    dir,
    "db/migrations/0003_change.sql",
    "ALTER TABLE events ADD INDEX idx_v (v), ADD INDEX idx_vi (v, id);\nCREATE TABLE scratch (id INT PRIMARY KEY);\nDROP TABLE scratch;\n",
  );
  sh(dir, "git", ["add", "."]);
  sh(dir, "git", ["commit", "-q", "-m", "change"]);
  write(dir, "db/migrations/0004_cleanup.sql", "DROP TABLE old_logs;\n");
  return dir;
}

interface JsonFinding {
  rule: string;
  file: string;
  severity: string;
  message: string;
  notes?: string[];
  range: { start: { line: number } };
}

function lint(cwd: string, args: string[]): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [cli, ...args], { cwd, encoding: "utf8" });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("innolint review and the CI integrations, in a real git repository", () => {
  let repo: string;
  beforeAll(() => {
    execFileSync(process.execPath, ["build.mjs"], { cwd: pkg, stdio: "ignore" });
    repo = repository();
  }, 120_000);

  it("reports only what the branch changes, in the context of the history before it", () => {
    const r = lint(repo, ["review", "--base", "main", "--target", "mysql-8.0.22", "--format", "json"]);
    expect(r.code, r.stderr).toBe(1);
    const findings = (JSON.parse(r.stdout).findings as JsonFinding[]).map((f) => ({ ...f, file: f.file.replace(/^.*\/db\//, "db/") }));
    expect(new Set(findings.map((f) => f.file))).toEqual(new Set(["db/migrations/0003_change.sql", "db/migrations/0004_cleanup.sql"]));
    const alter = findings.find((f) => f.rule === "ddl-multi-index-memory");
    expect(alter?.range.start.line).toBe(1);
    expect(alter?.message).toMatch(/building 2 indexes on events \(400 partitions\)/);
    const drops = findings.filter((f) => f.rule === "drop-truncate-buffer-pool-stall");
    expect(drops.map((f) => [f.file, f.severity])).toEqual([
      ["db/migrations/0003_change.sql", "error"],
      ["db/migrations/0004_cleanup.sql", "error"],
    ]);
    // The buffer pool comes from the unchanged my.cnf, which reports nothing itself.
    expect(drops[0]?.message).toMatch(/256G from .*my\.cnf:2/);
    expect(drops[0]?.notes?.join(" ")).toMatch(/scratch is created in this change \(0003_change\.sql:2\)/);
    expect(drops[1]?.notes?.join(" ")).not.toMatch(/created in this change/);
  });

  it("lists each ALTER the change makes, with or without a finding, with what the server does and the estimate its findings carry", () => {
    const dir = tempDir("innolint-review-ddl-");
    sh(dir, "git", ["init", "-q", "-b", "main"]);
    write(dir, ".innolint.json", JSON.stringify({ root: true, tables: { orders: { rows: 2e8, dataSize: "70G" } } }));
    write(dir, "db/0001_orders.sql", "CREATE TABLE orders (id BIGINT PRIMARY KEY, total DOUBLE, customer_id BIGINT);\n");
    sh(dir, "git", ["add", "."]);
    sh(dir, "git", ["commit", "-q", "-m", "orders"]);
    sh(dir, "git", ["checkout", "-q", "-b", "feature"]);
    write(
      dir,
      "db/0002_change.sql",
      "ALTER TABLE orders ADD COLUMN coupon VARCHAR(32) AFTER id;\nALTER TABLE orders MODIFY total DECIMAL(12, 2);\nALTER TABLE orders ADD INDEX (customer_id);\n",
    );
    const r = lint(dir, ["review", "--base", "main", "--target", "mysql-8.0.22", "--format", "markdown"]);
    expect(r.code, r.stderr).toBe(1);
    const section = r.stdout.slice(r.stdout.indexOf("**Online DDL**"), r.stdout.indexOf("| | Location"));
    const lines = section.split("\n").filter((l) => l.startsWith("- "));
    // Every ALTER of the change, the one no rule reports on too (an index build in place, LOCK=NONE).
    expect(lines).toHaveLength(3);
    expect(lines[2]).toMatch(/^- db\/0002&#95;change&#46;sql:3: orders \(70G, 2\.0e8 rows, declared in \.innolint\.json\): in place$/);
    expect(lines[0]).toMatch(
      /^- db\/0002&#95;change&#46;sql:1: orders \(70G, 2\.0e8 rows, declared in \.innolint\.json\): in place \(rebuild\), about [\d.]+ (min|h) on a stock server, [\d.]+ h at the measured Aurora r5\.2xlarge's pace; if the table takes [\d,]+ writes\/s meanwhile \(assumed\), the online row log fills innodb&#95;online&#95;alter&#95;log&#95;max&#95;size=128M after about [\d.]+ s: the rebuild then stops/,
    );
    expect(lines[1]).toMatch(
      /^- db\/0002&#95;change&#46;sql:2: orders \(70G, 2\.0e8 rows, declared in \.innolint\.json\): copy \(blocks writes\), at least [\d.]+ (min|h) on a stock server, [\d.]+ h at the measured Aurora r5\.2xlarge's pace/,
    );
    // The same estimate as the finding's impact: one computation, two places.
    const json = JSON.parse(lint(dir, ["review", "--base", "main", "--target", "mysql-8.0.22", "--format", "json"]).stdout) as {
      findings: { rule: string; range: { start: { line: number } }; impact?: { summary: string } }[];
    };
    const rebuild = json.findings.find((f) => f.rule === "alter-rebuilds-table" && f.range.start.line === 1);
    expect(rebuild?.impact?.summary).toBeTruthy();
    expect(lines[0]).toContain(rebuild?.impact?.summary.replace(/_/g, "&#95;"));
  });

  it("says so when the change touches nothing innolint reads, and fails clearly on a bad ref", () => {
    const clean = lint(repo, ["review", "--base", "HEAD", "--format", "markdown", "db/my.cnf"]);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toMatch(/0 changed files since HEAD/);
    expect(clean.stdout).toMatch(/no findings/);
    const bad = lint(repo, ["review", "--base", "no-such-branch"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/innolint: review: unknown git ref "no-such-branch" \(in CI, fetch the base branch/);
  });

  it("runs the GitHub Action's script: SARIF, annotations, the Markdown comment and the exit code", () => {
    const action = parseYaml(readFileSync(join(root, "action.yml"), "utf8")) as { runs: { steps: { name: string; run?: string }[] } };
    const script = action.runs.steps.find((s) => s.name === "Run innolint")?.run as string;
    const output = join(repo, "github-output");
    writeFileSync(output, "");
    const r = spawnSync("bash", ["-c", script], {
      cwd: repo,
      encoding: "utf8",
      env: {
        ...process.env,
        INNOLINT: cli,
        INPUT_PATHS: "db",
        INPUT_TARGET: "mysql-8.0.22",
        INPUT_MODE: "review",
        INPUT_BASE: "main",
        INPUT_FAIL_ON: "warning",
        INPUT_MARKDOWN_FILE: "innolint.md",
        GITHUB_OUTPUT: output,
        GITHUB_STEP_SUMMARY: join(repo, "step-summary.md"),
      },
    });
    expect(r.stdout).toMatch(/^::error file=db\/migrations\/0003_change\.sql,line=3,/m);
    expect(r.stdout).not.toMatch(/0001_events/);
    expect(readFileSync(output, "utf8")).toBe("exit-code=1\n");
    const sarif = JSON.parse(readFileSync(join(repo, "innolint.sarif"), "utf8"));
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0].results.length).toBe(r.stdout.trim().split("\n").length);
    expect(readFileSync(join(repo, "innolint.md"), "utf8")).toMatch(/^### innolint review: 2 changed files since main/);
    expect(readFileSync(join(repo, "step-summary.md"), "utf8")).toBe(readFileSync(join(repo, "innolint.md"), "utf8"));
    // With a baseline of today's findings the same run annotates nothing and passes; "none" ignores it.
    const accepted = join(tempDir("innolint-accepted-"), "accepted.json");
    expect(lint(repo, ["baseline", "--target", "mysql-8.0.22", "--baseline", accepted, "db"]).code).toBe(0);
    const env = {
      ...process.env,
      INNOLINT: cli,
      INPUT_PATHS: "db",
      INPUT_TARGET: "mysql-8.0.22",
      INPUT_MODE: "review",
      INPUT_BASE: "main",
      INPUT_FAIL_ON: "warning",
      INPUT_MARKDOWN_FILE: "",
      GITHUB_OUTPUT: output,
    };
    writeFileSync(output, "");
    const quiet = spawnSync("bash", ["-c", script], { cwd: repo, encoding: "utf8", env: { ...env, INPUT_BASELINE: accepted } });
    expect(quiet.stdout).toBe("");
    expect(readFileSync(output, "utf8")).toBe("exit-code=0\n");
    writeFileSync(output, "");
    const all = spawnSync("bash", ["-c", script], { cwd: repo, encoding: "utf8", env: { ...env, INPUT_BASELINE: "none" } });
    expect(all.stdout).toMatch(/^::error file=db\/migrations\/0003_change\.sql,line=3,/m);
    expect(readFileSync(output, "utf8")).toBe("exit-code=1\n");
  });

  it("runs the pre-commit hook's entry on the files its pattern selects", () => {
    const [hook] = parseYaml(readFileSync(join(root, ".pre-commit-hooks.yaml"), "utf8")) as { entry: string; files: string; pass_filenames: boolean }[];
    expect(hook?.entry).toBe("innolint");
    const pattern = new RegExp(hook!.files);
    const staged = sh(repo, "git", ["ls-files", "--others", "--cached", "--exclude-standard"]).trim().split("\n").concat(["README.md"]);
    const selected = staged.filter((f) => pattern.test(f));
    expect(selected.sort()).toEqual([
      "db/migrations/0001_events.sql",
      "db/migrations/0002_logs.sql",
      "db/migrations/0003_change.sql",
      "db/migrations/0004_cleanup.sql",
      "db/my.cnf",
    ]);
    const r = lint(repo, ["--target", "mysql-8.0.22", ...selected]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/error\[drop-truncate-buffer-pool-stall\]/);
  });

  it("runs the GitLab job in a clone: the merge request's Code Quality report", () => {
    const job = (parseYaml(readFileSync(join(root, "examples/gitlab/.gitlab-ci.yml"), "utf8")) as Record<string, { before_script: string[]; script: string[] }>)
      .innolint!;
    const clone = tempDir("innolint-mr-");
    sh(clone, "git", ["clone", "-q", "-b", "feature", repo, "."]);
    writeFileSync(join(clone, "db/migrations/0004_cleanup.sql"), "DROP TABLE old_logs;\n");
    const env = { ...process.env, CI_MERGE_REQUEST_TARGET_BRANCH_NAME: "main" };
    const innolint = `node ${cli}`;
    for (const line of [...job.before_script, ...job.script]) {
      const command = line.replace(/npx --yes innolint/g, innolint);
      const r = spawnSync("bash", ["-c", command], { cwd: clone, encoding: "utf8", env });
      expect(r.status, `${command}\n${r.stderr}`).toBe(0);
    }
    const report = JSON.parse(readFileSync(join(clone, "gl-code-quality-report.json"), "utf8")) as { check_name: string; location: { path: string } }[];
    expect(new Set(report.map((i) => i.location.path))).toEqual(new Set(["db/migrations/0003_change.sql", "db/migrations/0004_cleanup.sql"]));
    // The example targets 8.0.36: no DROP scan (lazy since 8.0.23), the AHI cleanup stays.
    expect(report.map((i) => i.check_name)).toContain("adaptive-hash-index-drop-stall");
  });
});

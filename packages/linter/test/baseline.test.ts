import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normaliseStatement } from "../src/fingerprint.js";
import { run, scratch } from "./helpers/run.js";

const ROOT = { ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22" }) };
const CNF = "[mysqld]\ninnodb_sort_buffer_size = 64M\ninnodb_flush_log_at_trx_commit = 2\n";
const SQL = "DROP TABLE a;\nDROP TABLE b;\n";

interface JsonReport {
  findings: { rule: string; file: string; range: { start: { line: number } }; fingerprint?: string }[];
  errors: { file: string; line?: number; message: string }[];
  baseline?: { path: string; suppressed: number; stale: { file: string; rule: string; count: number; line: number }[] };
}

async function lintJson(dir: string, args: string[] = []): Promise<JsonReport & { code: number }> {
  const res = await run(["--format", "json", "--no-impact", ...args], { cwd: dir });
  return { ...(JSON.parse(res.stdout) as JsonReport), code: res.code };
}

describe("statement fingerprints", () => {
  it("ignore whitespace and comments but not code, quoted text or versioned comments", () => {
    const a = normaliseStatement("ALTER TABLE t\n  ADD INDEX i (a, b) -- why\n  /* more */ , ALGORITHM=INPLACE;");
    expect(a).toBe(normaliseStatement("ALTER   TABLE t ADD INDEX i(a,b),ALGORITHM = INPLACE"));
    expect(a).not.toBe(normaliseStatement("ALTER TABLE t ADD INDEX i (a, c), ALGORITHM=INPLACE"));
    expect(normaliseStatement("SELECT 'a  b'")).not.toBe(normaliseStatement("SELECT 'a b'"));
    expect(normaliseStatement("SELECT '--x' # c")).toBe("SELECT '--x'");
    expect(normaliseStatement("DROP TABLE t /*!80023 IF EXISTS */")).not.toBe(normaliseStatement("DROP TABLE t"));
    expect(normaliseStatement("SELECT `a``b` FROM x")).toBe("SELECT `a``b` FROM x");
  });

  it("survive moves of a statement or an option line, and change with the statement", async () => {
    const dir = scratch({ ...ROOT, "m.sql": SQL, "my.cnf": CNF });
    const before = await lintJson(dir, ["m.sql", "my.cnf"]);
    writeFileSync(join(dir, "m.sql"), "-- moved\n\nDROP TABLE b;\n\n  DROP   TABLE a ;\n");
    writeFileSync(join(dir, "my.cnf"), "# moved\n[mysqld]\ninnodb_flush_log_at_trx_commit = 2\n\ninnodb-sort-buffer-size=64M\n");
    const after = await lintJson(dir, ["m.sql", "my.cnf"]);
    const key = (r: JsonReport) => r.findings.map((f) => `${f.rule} ${f.fingerprint}`).sort();
    expect(before.findings.every((f) => /^[0-9a-f]{16}$/.test(f.fingerprint ?? ""))).toBe(true);
    expect(key(after)).toEqual(key(before));
    expect(after.findings.map((f) => f.range.start.line)).not.toEqual(before.findings.map((f) => f.range.start.line));
    writeFileSync(join(dir, "m.sql"), "DROP TABLE a2;\nDROP TABLE b;\n");
    const edited = await lintJson(dir, ["m.sql"]);
    expect(edited.findings[0]?.fingerprint).not.toBe(before.findings.find((f) => f.file.endsWith("m.sql"))?.fingerprint);
    // A new value is a new decision: a baselined 64M must not hide a 1G.
    const sortBuffer = (r: JsonReport) => r.findings.find((f) => f.rule === "sort-buffer-oversized")?.fingerprint;
    writeFileSync(join(dir, "my.cnf"), "[mysqld]\ninnodb_sort_buffer_size = 1G\ninnodb_flush_log_at_trx_commit = 2\n");
    const raised = await lintJson(dir, ["my.cnf"]);
    expect(sortBuffer(raised)).toMatch(/^[0-9a-f]{16}$/);
    expect(sortBuffer(raised)).not.toBe(sortBuffer(before));
  });

  it("are SARIF partial fingerprints and make GitLab fingerprints follow the statement, distinct for twins", async () => {
    const dir = scratch({ ...ROOT, "m.sql": "DROP TABLE a;\nDROP TABLE a;\n" });
    const sarif = JSON.parse((await run(["--format", "sarif", "--no-impact", "m.sql"], { cwd: dir })).stdout);
    const results = sarif.runs[0].results as { partialFingerprints: Record<string, string> }[];
    expect(results.map((r) => r.partialFingerprints["innolintFingerprint/v1"])).toHaveLength(2);
    expect(results[0]?.partialFingerprints["innolintFingerprint/v1"]).toMatch(/^[0-9a-f]{16}$/);
    const gitlab = async () =>
      (JSON.parse((await run(["--format", "gitlab", "--no-impact", "m.sql"], { cwd: dir })).stdout) as { fingerprint: string }[]).map((i) => i.fingerprint);
    const first = await gitlab();
    expect(new Set(first).size).toBe(2);
    writeFileSync(join(dir, "m.sql"), "\n\n-- moved down\nDROP TABLE a;\nDROP TABLE a;\n");
    expect(await gitlab()).toEqual(first);
  });
});

describe("innolint baseline", () => {
  it("writes .innolint-baseline.json beside the configuration file, and lint then reports only new findings", async () => {
    const dir = scratch({ ...ROOT, "db/m.sql": SQL, "db/my.cnf": CNF });
    mkdirSync(join(dir, "sub"));
    // Run from a subdirectory: the baseline goes beside .innolint.json, not into the working directory.
    const wrote = await run(["baseline", "--no-impact", "../db"], { cwd: join(dir, "sub") });
    expect(wrote.code).toBe(0);
    expect(wrote.stdout).toMatch(/^wrote \.\.\/\.innolint-baseline\.json: 4 findings in 4 entries/);
    expect(existsSync(join(dir, "sub", ".innolint-baseline.json"))).toBe(false);
    const file = JSON.parse(readFileSync(join(dir, ".innolint-baseline.json"), "utf8"));
    expect(file.version).toBe(1);
    expect(file.entries.map((e: { file: string; rule: string; count: number }) => `${e.file} ${e.rule} ${e.count}`)).toEqual([
      "db/m.sql drop-truncate-buffer-pool-stall 1",
      "db/m.sql drop-truncate-buffer-pool-stall 1",
      "db/my.cnf sort-buffer-oversized 1",
      "db/my.cnf relaxed-commit-durability 1",
    ]);

    const clean = await run(["--no-impact", "db"], { cwd: dir });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe("no findings; 4 baselined\n");

    // A new finding is reported; the baselined ones, moved, are not.
    writeFileSync(join(dir, "db/m.sql"), "TRUNCATE TABLE c;\n" + SQL);
    const fresh = await lintJson(dir, ["--fail-on", "info", "db"]);
    expect(fresh.code).toBe(1);
    expect(fresh.findings.map((f) => `${f.rule}:${f.range.start.line}`)).toEqual(["drop-truncate-buffer-pool-stall:1"]);
    expect(fresh.baseline?.suppressed).toBe(4);
    expect(fresh.baseline?.path).toBe(join(dir, ".innolint-baseline.json"));
  });

  it("counts: two identical findings in the baseline accept at most two", async () => {
    const dir = scratch({ ...ROOT, "m.sql": "DROP TABLE a;\nDROP TABLE a;\n" });
    await run(["baseline", "--no-impact", "m.sql"], { cwd: dir });
    const entries = JSON.parse(readFileSync(join(dir, ".innolint-baseline.json"), "utf8")).entries;
    expect(entries).toHaveLength(1);
    expect(entries[0].count).toBe(2);
    writeFileSync(join(dir, "m.sql"), "DROP TABLE a;\nDROP TABLE a;\n  drop TABLE a;\nDROP  TABLE a;\n");
    const res = await lintJson(dir, ["m.sql"]);
    // "drop" in lower case is another text; the fourth statement is the third "DROP TABLE a".
    expect(res.findings.map((f) => f.range.start.line)).toEqual([3, 4]);
    expect(res.baseline?.suppressed).toBe(2);
  });

  it("reports stale entries (fixed since) for the files it linted, in the summary and in JSON", async () => {
    const dir = scratch({ ...ROOT, "m.sql": SQL, "other.sql": "DROP TABLE z;\n" });
    await run(["baseline", "--no-impact", "m.sql", "other.sql"], { cwd: dir });
    writeFileSync(join(dir, "m.sql"), "DROP TABLE b;\n");
    const text = await run(["--no-impact", "m.sql"], { cwd: dir });
    expect(text.code).toBe(0);
    expect(text.stdout).toBe("no findings; 1 baselined; 1 stale baseline entry (fixed since: innolint baseline rewrites the file; --format json lists them)\n");
    const json = await lintJson(dir, ["m.sql"]);
    // other.sql was not linted: its entry is not stale, only unchecked.
    expect(json.baseline?.stale.map((e) => `${e.file} ${e.rule} ${e.count} ${e.line}`)).toEqual(["m.sql drop-truncate-buffer-pool-stall 1 1"]);
  });

  it("keeps the entries of files it did not lint, and replaces those of files it did", async () => {
    const dir = scratch({ ...ROOT, "m.sql": SQL, "other.sql": "DROP TABLE z;\n" });
    await run(["baseline", "--no-impact", "m.sql", "other.sql"], { cwd: dir });
    writeFileSync(join(dir, "m.sql"), "DROP TABLE b;\n");
    await run(["baseline", "--no-impact", "m.sql"], { cwd: dir });
    const entries = JSON.parse(readFileSync(join(dir, ".innolint-baseline.json"), "utf8")).entries as { file: string; line: number }[];
    expect(entries.map((e) => `${e.file}:${e.line}`)).toEqual(["m.sql:1", "other.sql:1"]);
  });

  it("reads --baseline FILE, ignores the baseline with --no-baseline, and writes where --baseline says", async () => {
    const dir = scratch({ ...ROOT, "m.sql": SQL });
    const wrote = await run(["baseline", "--no-impact", "--baseline", "ci/accepted.json", "m.sql"], { cwd: dir });
    expect(wrote.code).toBe(0);
    expect(existsSync(join(dir, "ci/accepted.json"))).toBe(true);
    expect(existsSync(join(dir, ".innolint-baseline.json"))).toBe(false);
    // Not the default location: a plain run reports everything.
    expect((await run(["--no-impact", "--fail-on", "info", "m.sql"], { cwd: dir })).code).toBe(1);
    expect((await run(["--no-impact", "--fail-on", "info", "--baseline", "ci/accepted.json", "m.sql"], { cwd: dir })).code).toBe(0);
    await run(["baseline", "--no-impact", "m.sql"], { cwd: dir });
    expect((await run(["--no-impact", "--fail-on", "info", "m.sql"], { cwd: dir })).code).toBe(0);
    expect((await run(["--no-impact", "--fail-on", "info", "--no-baseline", "m.sql"], { cwd: dir })).code).toBe(1);
  });

  it("without a configuration file, uses the working directory", async () => {
    const dir = scratch({ "m.sql": SQL });
    await run(["baseline", "--no-impact", "--target", "mysql-8.0.22", "m.sql"], { cwd: dir });
    expect(existsSync(join(dir, ".innolint-baseline.json"))).toBe(true);
  });

  it("a malformed baseline is an input error naming the file and line; every finding is still reported", async () => {
    const dir = scratch({ ...ROOT, "m.sql": SQL, ".innolint-baseline.json": '{\n  "version": 1,\n  "entries": [\n    {"file": "m.sql",}\n  ]\n}\n' });
    const res = await run(["--no-impact", "m.sql"], { cwd: dir });
    expect(res.code).toBe(2);
    expect(res.stdout).toContain(".innolint-baseline.json:4: input error: not valid JSON (line 4)");
    expect(res.stdout).toContain("2 findings");
    const wrongShape = scratch({ ...ROOT, "m.sql": SQL, "b.json": JSON.stringify({ version: 1, entries: [{ file: "m.sql", rule: "x" }] }) });
    const shape = await run(["--no-impact", "--format", "json", "--baseline", "b.json", "m.sql"], { cwd: wrongShape });
    expect(shape.code).toBe(2);
    expect(shape.stderr).toContain(`${join(wrongShape, "b.json")}: entry 1 needs "file", "rule", "fingerprint" and a positive integer "count"`);
    expect((await run(["--no-impact", "--baseline", "missing.json", "m.sql"], { cwd: dir })).stdout).toContain(
      "missing.json: input error: no such baseline file",
    );
    // The baseline command does not overwrite a file it cannot read.
    const refused = await run(["baseline", "--no-impact", "m.sql"], { cwd: dir });
    expect(refused.code).toBe(2);
    expect(readFileSync(join(dir, ".innolint-baseline.json"), "utf8")).toContain('{"file": "m.sql",}');
  });

  it("is asked for: lint never writes a baseline", async () => {
    const dir = scratch({ ...ROOT, "m.sql": SQL });
    await run(["--no-impact", "m.sql"], { cwd: dir });
    await run(["--no-impact", "--baseline", "b.json", "m.sql"], { cwd: dir });
    expect(existsSync(join(dir, ".innolint-baseline.json"))).toBe(false);
    expect(existsSync(join(dir, "b.json"))).toBe(false);
  });
});

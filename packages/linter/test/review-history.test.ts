import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { commit, migrationRepo, write } from "./helpers/git.js";
import { run } from "./helpers/run.js";
import { tempDir } from "./helpers/tmp.js";

interface Finding {
  rule: string;
  severity: string;
  file: string;
  message: string;
  notes?: string[];
  range: { start: { line: number } };
}

async function review(dir: string, args: string[]): Promise<{ findings: Finding[]; errors: unknown[]; code: number }> {
  const res = await run(["review", "--format", "json", "--no-impact", ...args], { cwd: dir });
  return { ...(JSON.parse(res.stdout) as { findings: Finding[]; errors: unknown[] }), code: res.code };
}

const where = (dir: string, f: Finding) => `${f.file.slice(dir.length + 1)}:${f.range.start.line} ${f.rule} ${f.severity}`;

describe("innolint review: the history as the server ran it", () => {
  it("replays a modified migration in its merge-base version, and lints its new version", async () => {
    const dir = migrationRepo();
    write(dir, { "migrations/002_more_partitions.sql": "ALTER TABLE events ADD PARTITION PARTITIONS 80;\n" });
    const res = await review(dir, ["--base", "main", "migrations"]);
    expect(res.findings.map((f) => where(dir, f))).toEqual([
      // Adding HASH partitions moves rows between them (information while the size is assumed): a rebuild under LOCK=SHARED.
      "migrations/002_more_partitions.sql:1 alter-blocks-writes info",
      "migrations/002_more_partitions.sql:1 alter-rebuilds-table info",
      "migrations/002_more_partitions.sql:1 partition-count-high warning",
      "migrations/003_backfill.sql:3 ddl-multi-index-memory warning",
      "migrations/003_backfill.sql:4 drop-truncate-buffer-pool-stall warning",
      "migrations/003_backfill.sql:5 drop-truncate-buffer-pool-stall warning",
    ]);
    expect(res.findings.find((f) => f.rule === "partition-count-high")?.message).toContain("480 partitions");
    // The server ran 002 as it was (20 partitions): 003 sees 420, not 480.
    expect(res.findings.find((f) => f.rule === "ddl-multi-index-memory")?.message).toContain("420 partitions");
  });

  it("keeps a deleted migration's merge-base version in the history, and does not lint it", async () => {
    const dir = migrationRepo();
    rmSync(join(dir, "migrations/001_events.sql"));
    const res = await review(dir, ["--base", "main", "migrations"]);
    expect(res.findings.every((f) => f.file.endsWith("003_backfill.sql"))).toBe(true);
    expect(res.findings.find((f) => f.rule === "ddl-multi-index-memory")?.message).toContain("420 partitions");
    // Linting the working tree alone, the table's partitions are unknown.
    const alone = await run(["--format", "json", "--no-impact", "migrations"], { cwd: dir });
    expect((JSON.parse(alone.stdout) as { findings: Finding[] }).findings.find((f) => f.rule === "ddl-multi-index-memory")?.message ?? "").not.toContain(
      "420 partitions",
    );
  });

  it("a table created in one file of the change and dropped in another is new; linted alone it is not", async () => {
    const dir = migrationRepo();
    commit(dir, "more", {
      "migrations/004_cleanup.sql": "DROP TABLE events_backfill_2;\n",
      "migrations/003_backfill.sql": "CREATE TABLE events_backfill_2 (id INT PRIMARY KEY);\n",
    });
    const res = await review(dir, ["--base", "main", "migrations"]);
    expect(res.findings.map((f) => where(dir, f))).toEqual(["migrations/004_cleanup.sql:1 drop-truncate-buffer-pool-stall warning"]);
    expect(res.findings[0]?.notes?.join("\n")).toContain("events_backfill_2 is created in this change (003_backfill.sql:1)");
    const alone = await run(["--format", "json", "--no-impact", "migrations/004_cleanup.sql"], { cwd: dir });
    expect(JSON.stringify((JSON.parse(alone.stdout) as { findings: Finding[] }).findings)).not.toContain("created in this change");
  });

  it("on MySQL 8.0.23 and later, the AHI finding for a table the change created is information, with the reason", async () => {
    const dir = migrationRepo();
    write(dir, { ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36", optionFile: "deploy/my.cnf" }) });
    const res = await review(dir, ["--base", "main", "migrations"]);
    const ahi = res.findings.filter((f) => f.rule === "adaptive-hash-index-drop-stall").map((f) => `${where(dir, f)} ${f.message}`);
    expect(ahi).toHaveLength(2);
    expect(ahi[0]).toMatch(
      /^migrations\/003_backfill\.sql:4 adaptive-hash-index-drop-stall info DROP TABLE events_backfill with the adaptive hash index on \(the default for this target\): the table is created by this change \(events_backfill at line 2\), so the application never queried it .* without entries the cleanup walks no LRU list \(for a table in use this is a warning\)$/,
    );
    expect(ahi[1]).toMatch(/^migrations\/003_backfill\.sql:5 adaptive-hash-index-drop-stall warning DROP TABLE audit_2019 /);
  });

  it("reads the baseline like lint: accepted findings are not reported again", async () => {
    const dir = migrationRepo();
    expect((await run(["baseline", "--no-impact", "migrations/003_backfill.sql"], { cwd: dir })).code).toBe(0);
    const res = await run(["review", "--base", "main", "--no-impact"], { cwd: dir });
    expect(res.code).toBe(1);
    expect(res.stdout.match(/^\S+:\d+:\d+: \w+\[[a-z-]+\]/gm)).toEqual([
      // 64G of buffer pool with the default 100M of redo: the change's option file draws it too.
      "deploy/my.cnf:2:1: warning[redo-log-undersized]",
      "deploy/my.cnf:4:1: warning[sort-buffer-oversized]",
    ]);
    expect(res.stdout).toContain("; 3 baselined\n");
    const md = await run(["review", "--base", "main", "--no-impact", "--format", "markdown"], { cwd: dir });
    expect(md.stdout).toContain("3 known findings left out by the baseline");
  });
});

describe("innolint review: paths", () => {
  it("selects changed files by glob as lint would, and a path that names nothing is an error", async () => {
    const dir = migrationRepo();
    const sql = await run(["review", "--base", "main", "--no-impact", "migrations/*.sql"], { cwd: dir });
    expect(sql.stdout).toContain("migrations/003_backfill.sql:3:1");
    expect(sql.stdout).not.toContain("deploy/my.cnf:4");
    const cnf = await run(["review", "--base", "main", "--no-impact", "deploy/*.cnf"], { cwd: dir });
    expect(cnf.stdout).toContain("deploy/my.cnf:4:1: warning[sort-buffer-oversized]");
    expect(cnf.stdout).not.toContain("003_backfill");
    const typo = await run(["review", "--base", "main", "migratoins"], { cwd: dir });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toBe(`innolint: ${join(dir, "migratoins")}: no such file or directory\n`);
    // A file the change deleted is no typo.
    rmSync(join(dir, "migrations/001_events.sql"));
    expect((await run(["review", "--base", "main", "--fail-on", "never", "migrations/001_events.sql"], { cwd: dir })).code).toBe(0);
  });
});

describe("innolint review with live facts", () => {
  it("takes the server's pool and the live table's partitions from a snapshot instead of the files", async () => {
    const dir = migrationRepo();
    const snapshot = join(tempDir("innolint-snapshot-"), "snapshot.json");
    writeFileSync(
      snapshot,
      JSON.stringify({
        format: "innolint-live-snapshot",
        version: 1,
        takenAt: "2025-03-04T05:06:07.000Z",
        server: { address: "db1:3306", version: "8.0.22", flavor: "mysql", target: "mysql-8.0.22" },
        variables: {
          innodb_buffer_pool_size: String(256 * 2 ** 30),
          innodb_buffer_pool_instances: "16",
          innodb_adaptive_hash_index: "ON",
          innodb_sort_buffer_size: String(2 ** 20),
        },
        tables: [{ schema: "app", name: "audit_2019", engine: "InnoDB", rows: 9000000, avgRowLength: 200, dataLength: 1800000000, indexLength: 0 }],
      }),
    );
    const res = await review(dir, ["--base", "main", "--context-snapshot", snapshot, "migrations"]);
    const drops = res.findings.filter((f) => f.rule === "drop-truncate-buffer-pool-stall");
    expect(drops.map((f) => f.severity)).toEqual(["warning", "warning"]);
    expect(drops[1]?.message).toContain(
      "DROP TABLE audit_2019 on MySQL 8.0.22 walks every instance's flush list, every dirty page of the buffer pool (256G from live db1:3306, 16 instances)",
    );
    // Without the snapshot, the pool is the option file's.
    const files = await review(dir, ["--base", "main", "migrations"]);
    expect(files.findings.find((f) => f.message.includes("DROP TABLE audit_2019"))?.message).toContain("(64G from");
  });
});

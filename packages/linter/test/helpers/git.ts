import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scratch } from "./run.js";

export function git(dir: string, ...args: string[]): string {
  return execFileSync("git", args, {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GIT_AUTHOR_DATE: "2024-01-01T00:00:00Z", GIT_COMMITTER_DATE: "2024-01-01T00:00:00Z" },
  });
}

export function write(dir: string, files: Record<string, string>): void {
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
}

export function commit(dir: string, message: string, files: Record<string, string>): void {
  write(dir, files);
  git(dir, "add", "-A");
  git(dir, "commit", "-q", "-m", message);
}

export const EVENTS_400 = `CREATE TABLE events (
  id BIGINT NOT NULL,
  account_id INT NOT NULL,
  kind INT NOT NULL,
  created_at DATETIME NOT NULL,
  PRIMARY KEY (id)
) PARTITION BY HASH(id) PARTITIONS 400;
`;

export const BRANCH_MIGRATION = `-- Backfill events into a scratch table, index them, then drop the scratch table.
CREATE TABLE events_backfill (id BIGINT PRIMARY KEY, account_id INT NOT NULL);
ALTER TABLE events ADD INDEX idx_account (account_id), ADD INDEX idx_kind (kind);
DROP TABLE events_backfill;
DROP TABLE audit_2019;
`;

/**
 * A repository with a migration history and a feature branch, checked out on the branch:
 *   main:    000 creates audit_2019; 001 creates events with 400 partitions; 002 adds 20 more
 *   feature: 003 creates and drops a scratch table, adds two indexes to events, drops audit_2019;
 *            deploy/my.cnf raises innodb_sort_buffer_size
 *   main, after the branch: 003_main_only.sql (not part of the feature's change)
 */
export function migrationRepo(): string {
  const dir = scratch({});
  git(dir, "init", "-q", "-b", "main");
  git(dir, "config", "user.email", "ci@example.com");
  git(dir, "config", "user.name", "CI");
  git(dir, "config", "commit.gpgsign", "false");
  commit(dir, "schema: audit and events (400 partitions)", {
    ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22", optionFile: "deploy/my.cnf" }, null, 2) + "\n",
    "deploy/my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_buffer_pool_instances = 8\n",
    "migrations/000_audit.sql": "CREATE TABLE audit_2019 (id BIGINT PRIMARY KEY, note VARCHAR(200));\n",
    "migrations/001_events.sql": EVENTS_400,
    ".gitignore": "*.local.sql\n",
  });
  commit(dir, "events: 20 more partitions", { "migrations/002_more_partitions.sql": "ALTER TABLE events ADD PARTITION PARTITIONS 20;\n" });
  git(dir, "checkout", "-q", "-b", "feature");
  commit(dir, "backfill and index events", {
    "migrations/003_backfill.sql": BRANCH_MIGRATION,
    "deploy/my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_buffer_pool_instances = 8\ninnodb_sort_buffer_size = 64M\n",
  });
  git(dir, "checkout", "-q", "main");
  commit(dir, "main moves on", { "migrations/003_main_only.sql": "DROP TABLE audit_2019;\n" });
  git(dir, "checkout", "-q", "feature");
  return dir;
}

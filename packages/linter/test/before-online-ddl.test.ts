import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

interface JsonFinding {
  rule: string;
  line: number;
  message: string;
  impact?: { summary: string; inputs: { name: string }[] };
}

async function lint(files: Record<string, string>, target: string, path = "."): Promise<JsonFinding[]> {
  const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target }), ...files });
  const out = await run(["--format", "json", path], { cwd: dir });
  return (JSON.parse(out.stdout).findings as (JsonFinding & { range: { start: { line: number } } })[]).map((f) => ({ ...f, line: f.range.start.line }));
}

const MIGRATIONS = {
  "migrations/001_create.sql": "CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, note VARCHAR(20), status ENUM('a','b'));\n",
  "migrations/002_alter.sql": [
    "ALTER TABLE orders ADD INDEX idx_c (customer_id);",
    "ALTER TABLE orders ADD COLUMN total DECIMAL(10,2);",
    "ALTER TABLE orders ALTER COLUMN note SET DEFAULT 'x';",
    "ALTER TABLE orders MODIFY status ENUM('a','b','c');",
    "ALTER TABLE orders RENAME TO orders2;",
    "",
  ].join("\n"),
};

describe("servers before online DDL (MySQL 5.5, MariaDB 5.5)", () => {
  it("an ALTER copies the table under a shared lock, but for metadata changes and fast index creation", async () => {
    for (const target of ["mysql-5.5.62", "mariadb-5.5.68", "percona-5.5.62"]) {
      const found = (await lint(MIGRATIONS, target, "migrations")).filter((f) => f.rule.startsWith("alter-"));
      const at = (line: number) => found.filter((f) => f.line === line).map((f) => f.rule);
      expect(at(1), target).toEqual(["alter-blocks-writes"]);
      expect(found.find((f) => f.line === 1)?.message, target).toContain("in place (blocks writes)");
      expect(at(2).sort(), target).toEqual(["alter-blocks-writes", "alter-rebuilds-table"]);
      expect(found.find((f) => f.line === 2 && f.rule === "alter-rebuilds-table")?.message, target).toContain("copies orders row by row");
      // No online row log: writes wait instead.
      for (const f of found) expect(f.impact?.summary ?? "", target).not.toContain("row log");
      for (const line of [3, 4, 5]) expect(at(line), `${target} line ${line}`).toEqual([]);
    }
  });

  it("MySQL 5.6 and MariaDB 10.0 build and rebuild online", async () => {
    for (const target of ["mysql-5.6.51", "mariadb-10.0.38"]) {
      const found = (await lint(MIGRATIONS, target, "migrations")).filter((f) => f.rule.startsWith("alter-"));
      expect(
        found.filter((f) => f.rule === "alter-blocks-writes"),
        target,
      ).toEqual([]);
      expect(found.find((f) => f.line === 2 && f.rule === "alter-rebuilds-table")?.message, target).toContain("rebuilds orders in place");
    }
  });

  it("variables MySQL 5.6 added are not judged on 5.5: innodb_sort_buffer_size, innodb_flush_log_at_timeout", async () => {
    const cnf = "[mysqld]\ninnodb_sort_buffer_size = 64M\ninnodb_flush_log_at_trx_commit = 2\ninnodb_flush_log_at_timeout = 5\n";
    const old = await lint({ "my.cnf": cnf }, "mysql-5.5.62", "my.cnf");
    expect(old.filter((f) => f.rule.startsWith("sort-buffer"))).toEqual([]);
    const durability = old.find((f) => f.rule === "relaxed-commit-durability");
    expect(durability?.message).toContain("fsynced only every 1 s: an OS crash");
    expect(durability?.impact?.inputs.map((i) => i.name)).not.toContain("innodb_flush_log_at_timeout");
    const now = await lint({ "my.cnf": cnf }, "mysql-5.6.51", "my.cnf");
    expect(now.map((f) => f.rule)).toContain("sort-buffer-oversized");
    expect(now.find((f) => f.rule === "relaxed-commit-durability")?.message).toContain("fsynced only every 5 s (innodb_flush_log_at_timeout)");
  });
});

import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { mariadbUnavailable, startMariaDB } from "../helpers/mariadb.js";
import { requireOracle } from "../helpers/require-oracle.js";
import { run, scratch } from "../helpers/run.js";

const unavailable = mariadbUnavailable();
requireOracle("MariaDB server", unavailable);

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "alter-may-lose-data");

interface Found {
  rule: string;
  severity: string;
  message: string;
  file: string;
  range: { start: { line: number } };
}

async function losses(cwd: string, path = "."): Promise<Found[]> {
  const res = await run(["--format", "json", "--target", "mysql-8.0.36", path], { cwd });
  const report = JSON.parse(res.stdout) as { findings: Found[]; errors: unknown[] };
  expect(report.errors).toEqual([]);
  return report.findings.filter((f) => f.rule === "alter-may-lose-data");
}

describe("alter-may-lose-data", () => {
  it("reports narrowing, NOT NULL, DROP COLUMN and a narrower charset on a table an earlier migration created, not widening", async () => {
    const found = await losses(fixture);
    expect(found.map((f) => f.range.start.line)).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(found.every((f) => f.severity === "warning")).toBe(true);
    expect(found[3]?.message).toContain("member 'void' removed");
    expect(found[7]?.message).toContain("note, coupon (latin1 cannot store every character of utf8mb4)");
  });

  it("is silent on a table the same file creates, and on columns it does not know", async () => {
    const dir = scratch({
      "m.sql":
        "CREATE TABLE t (id BIGINT PRIMARY KEY, v VARCHAR(100));\nALTER TABLE t MODIFY v VARCHAR(10), DROP COLUMN id;\nALTER TABLE other MODIFY v VARCHAR(10);\n",
      ".innolint.json": JSON.stringify({ root: true }),
    });
    expect(await losses(dir, "m.sql")).toEqual([]);
  });

  it("is an error where the failure is certain: a unique key on a new constant column of a table known to hold rows", async () => {
    const sql = "ALTER TABLE orders ADD COLUMN code INT NOT NULL DEFAULT 0, ADD UNIQUE (code);\n";
    const known = scratch({ "m.sql": sql, ".innolint.json": JSON.stringify({ root: true, tables: { orders: { rows: 1000 } } }) });
    const unknown = scratch({ "m.sql": sql, ".innolint.json": JSON.stringify({ root: true }) });
    const [certain] = await losses(known, "m.sql");
    expect(certain?.severity).toBe("error");
    expect(certain?.message).toContain("fails (the table holds rows): UNIQUE (code) on columns this ALTER adds");
    expect((await losses(unknown, "m.sql")).map((f) => f.severity)).toEqual(["warning"]);
  });

  it("loses nothing when it drops a generated column, stored or virtual", async () => {
    const dir = scratch({
      "001.sql":
        "CREATE TABLE beats (id INT PRIMARY KEY, payload JSON, worker VARCHAR(50) GENERATED ALWAYS AS (payload->>'$.worker') STORED, kind VARCHAR(20) AS (payload->>'$.kind') VIRTUAL, note TEXT);\n",
      "002.sql": "ALTER TABLE beats DROP COLUMN worker;\nALTER TABLE beats DROP COLUMN kind;\nALTER TABLE beats DROP COLUMN note;\n",
      ".innolint.json": JSON.stringify({ root: true }),
    });
    expect((await losses(dir)).map((f) => [f.file.replace(/^.*\//, ""), f.range.start.line])).toEqual([["002.sql", 3]]);
  });

  it("does not doubt a new key that contains an existing unique key's columns", async () => {
    const dir = scratch({
      "001.sql": "CREATE TABLE flags (`key` VARCHAR(64) PRIMARY KEY, ns VARCHAR(64), v INT, UNIQUE KEY uv (v));\n",
      "002.sql":
        "ALTER TABLE flags DROP PRIMARY KEY, ADD PRIMARY KEY (ns, `key`);\nALTER TABLE flags ADD UNIQUE (v, ns);\nALTER TABLE flags ADD UNIQUE (ns);\n",
      ".innolint.json": JSON.stringify({ root: true }),
    });
    expect((await losses(dir)).map((f) => [f.file.replace(/^.*\//, ""), f.range.start.line])).toEqual([["002.sql", 3]]);
  });

  it("numbers existing rows for a new AUTO_INCREMENT key, and fails on a new constant one (the MariaDB server)", async () => {
    const numbered = "ALTER TABLE dictionary ADD COLUMN id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY FIRST;";
    const constant = "ALTER TABLE dictionary ADD COLUMN code INT NOT NULL DEFAULT 0, ADD UNIQUE (code);";
    const create = "CREATE TABLE dictionary (user_id INT UNSIGNED, language VARCHAR(16) NOT NULL, UNIQUE KEY uniq (user_id, language)) ENGINE=InnoDB;";
    const dir = scratch({
      "001.sql": `${create}\n`,
      "002.sql": `${numbered}\n`,
      "003.sql": `${constant}\n`,
      ".innolint.json": JSON.stringify({ root: true }),
    });
    expect((await losses(dir)).map((f) => f.file.replace(/^.*\//, ""))).toEqual(["003.sql"]);
    if (unavailable) return;
    const server = await startMariaDB();
    try {
      server.admin(`USE test; ${create} INSERT INTO dictionary VALUES (1, 'en'), (2, 'de'); ${numbered}`);
      expect(server.admin("SELECT id FROM test.dictionary ORDER BY id").trim().split("\n")).toEqual(["1", "2"]);
      expect(() => server.admin(`USE test; ${constant}`)).toThrow(/Duplicate entry/);
    } finally {
      await server.stop();
    }
  }, 120_000);
});

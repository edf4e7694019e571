/** The facts online-DDL classification reads, and `innolint facts` printing it. */
import { statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import { statementOnlineDdl } from "../src/ddl/index.js";
import { Schema } from "../src/sql/schema.js";
import { parseTarget } from "../src/target.js";
import { run, scratch } from "./helpers/run.js";
import { SQL_STREAM_ABOVE } from "../src/sql/stream.js";

const target = parseTarget("mysql-8.0.22");

async function first(sql: string) {
  return (await extractFacts("a.sql", sql, target)).statements[0];
}

describe("ALTER TABLE actions", () => {
  it("records what columnChanges, indexes and tableOptions leave out", async () => {
    const s = await first(
      "ALTER TABLE t ALTER COLUMN b SET DEFAULT 3, ALTER COLUMN c DROP DEFAULT, RENAME INDEX ka TO kb, FORCE, KEY_BLOCK_SIZE=8, " +
        "AUTO_INCREMENT = 5, COMMENT 'orders', ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES db.p (id), ADD CONSTRAINT chk CHECK (a > 0), " +
        "DROP FOREIGN KEY fk2, DROP CHECK chk2, ALTER INDEX ka INVISIBLE, DEFAULT CHARACTER SET = latin1, ENGINE=InnoDB ROW_FORMAT=DYNAMIC",
    );
    expect(s?.alterActions).toEqual([
      { op: "set-default", column: "b", value: "3" },
      { op: "drop-default", column: "c" },
      { op: "rename-index", from: "ka", to: "kb" },
      { op: "force" },
      { op: "table-option", name: "KEY_BLOCK_SIZE", value: "8" },
      { op: "table-option", name: "AUTO_INCREMENT", value: "5" },
      { op: "table-option", name: "COMMENT", value: "orders" },
      { op: "add-foreign-key", name: "fk", columns: ["a"], references: { schema: "db", name: "p" } },
      { op: "add-check", name: "chk" },
      { op: "drop-foreign-key", name: "fk2" },
      { op: "drop-constraint", name: "chk2" },
      { op: "index-visibility", name: "ka", visible: false },
      { op: "table-option", name: "CHARSET", value: "latin1" },
      { op: "table-option", name: "ENGINE", value: "InnoDB" },
      { op: "table-option", name: "ROW_FORMAT", value: "DYNAMIC" },
    ]);
  });

  it("keeps clauses it cannot name as 'other', which classify as a table copy", async () => {
    const s = await first("ALTER TABLE t ORDER BY a, ALTER CHECK chk NOT ENFORCED");
    expect(s?.alterActions).toEqual([
      { op: "other", text: "ORDER BY a" },
      { op: "other", text: "ALTER CHECK chk NOT ENFORCED" },
    ]);
    const got = statementOnlineDdl({ statement: s!, schema: new Schema(), target });
    expect([got?.algorithm, got?.operations[0]?.note]).toEqual(["copy", "no row for other on mysql 8.0.22: assumed ALGORITHM=COPY"]);
  });

  it("names the tables OPTIMIZE TABLE rebuilds", async () => {
    const s = await first("OPTIMIZE LOCAL TABLE db.t, `u`");
    expect([s?.kind, s?.optimize, s?.tables]).toEqual(["other", true, [{ schema: "db", name: "t" }, { name: "u" }]]);
    expect((await first("OPTIMIZE TABLE t"))?.tables).toEqual([{ name: "t" }]);
    expect((await first("FLUSH TABLES t"))?.optimize).toBeUndefined();
  });

  it("keeps a column's DEFAULT as written", async () => {
    const s = await first(
      "ALTER TABLE t ADD COLUMN x INT NOT NULL DEFAULT -1, ADD COLUMN y INT DEFAULT (a + 1), ADD COLUMN z DATETIME(3) DEFAULT CURRENT_TIMESTAMP(3)",
    );
    expect(s?.columnChanges?.map((c) => (c.op === "add" ? c.column.default : undefined))).toEqual(["-1", "(a + 1)", "CURRENT_TIMESTAMP(3)"]);
  });
});

describe("statementOnlineDdl (for SQL rules)", () => {
  it("classifies against the schema before the statement", async () => {
    const schema = new Schema();
    schema.apply((await first("CREATE TABLE t (id INT PRIMARY KEY, s ENUM('a','b'))")) as never, "a.sql");
    const statement = (await first("ALTER TABLE t MODIFY s ENUM('a','b','c')"))!;
    expect(statementOnlineDdl({ statement, schema, target })).toMatchObject({ algorithm: "instant", rebuildsTable: false, lock: "none" });
    expect(statementOnlineDdl({ statement, schema: new Schema(), target })).toMatchObject({
      algorithm: "copy",
      assumed: [expect.stringMatching(/^table t unknown/), expect.stringMatching(/^column s unknown/)],
    });
    expect(statementOnlineDdl({ statement: (await first("SELECT 1"))!, schema, target })).toBeUndefined();
  });
});

describe("innolint facts", () => {
  it("prints onlineDdl on DDL statements, following the file's schema and foreign_key_checks", async () => {
    const dir = scratch({
      "m.sql": [
        "CREATE TABLE p (id INT PRIMARY KEY);",
        "CREATE TABLE t (id INT PRIMARY KEY, a INT, s ENUM('new','paid'));",
        "ALTER TABLE t ADD COLUMN x INT AFTER id;",
        "ALTER TABLE t MODIFY s ENUM('paid','new'), ALGORITHM=INPLACE;",
        "ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES p (id);",
        "SET foreign_key_checks = 0;",
        "ALTER TABLE t ADD CONSTRAINT fk2 FOREIGN KEY (a) REFERENCES p (id);",
        "ALTER TABLE nowhere FORCE;",
        "SELECT 1;",
        "OPTIMIZE TABLE t;",
        "",
      ].join("\n"),
    });
    const r = await run(["facts", "--target", "mysql-8.0.22", "m.sql"], { cwd: dir });
    expect(r.code).toBe(0);
    const statements = (JSON.parse(r.stdout) as { files: { statements: { onlineDdl?: Record<string, unknown> }[] }[] }).files[0]!.statements;
    const brief = statements.map((s) => s.onlineDdl && [s.onlineDdl.algorithm, s.onlineDdl.rebuildsTable, s.onlineDdl.lock, s.onlineDdl.refused ?? null]);
    expect(brief).toEqual([
      undefined,
      undefined,
      ["inplace", true, "none", null],
      ["copy", true, "shared", "ALGORITHM=INPLACE is not supported for s ENUM('new','paid') → ENUM('paid','new') (members removed or reordered) (copy)"],
      ["copy", true, "shared", null],
      undefined,
      ["inplace", false, "none", null],
      ["inplace", true, "none", null],
      undefined,
      ["inplace", true, "none", null],
    ]);
    expect(statements[7]?.onlineDdl?.assumed).toEqual([
      "table nowhere unknown: assumed an InnoDB table with a primary key, no FULLTEXT index, not partitioned, ROW_FORMAT=DYNAMIC",
    ]);
  });

  it("classifies in a streamed file against the tables its earlier windows created", async () => {
    const rows = Array.from({ length: Math.ceil(SQL_STREAM_ABOVE / 30) }, (_, i) => `(${i}, 'row ${i} padding text')`).join(",\n");
    const dir = scratch({
      "big.sql": `CREATE TABLE t (id INT PRIMARY KEY, note VARCHAR(40));\nINSERT INTO t VALUES\n${rows};\nALTER TABLE t ADD COLUMN x INT;\nALTER TABLE u ADD COLUMN x INT;\n`,
    });
    expect(statSync(join(dir, "big.sql")).size).toBeGreaterThan(SQL_STREAM_ABOVE);
    const r = await run(["facts", "--target", "mysql-8.0.12", "big.sql"], { cwd: dir });
    expect(r.code).toBe(0);
    const statements = (JSON.parse(r.stdout) as { files: { statements: { kind: string; onlineDdl?: { algorithm: string; assumed?: string[] } }[] }[] })
      .files[0]!.statements;
    const alters = statements.filter((s) => s.kind === "alter-table").map((s) => [s.onlineDdl?.algorithm, s.onlineDdl?.assumed?.length ?? 0]);
    expect(alters).toEqual([
      ["instant", 0],
      ["instant", 1],
    ]);
  }, 120_000);
});

import { describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import type { StatementFacts } from "../src/sql/types.js";
import { parseTarget } from "../src/target.js";

const mariadb = parseTarget("mariadb-10.11");
const mysql = parseTarget("mysql-8.4");

async function one(sql: string, target = mariadb): Promise<StatementFacts> {
  const facts = await extractFacts("t.sql", sql, target);
  expect(facts.errors).toEqual([]);
  expect(facts.statements).toHaveLength(1);
  return facts.statements[0] as StatementFacts;
}

describe("CREATE TABLE", () => {
  it("reads the table, its keys and indexes, inline ones included", async () => {
    const s = await one(
      "CREATE TABLE shop.orders (id BIGINT AUTO_INCREMENT PRIMARY KEY, email VARCHAR(255) UNIQUE, " +
        "x INT, d DATE, KEY idx_x (x), UNIQUE KEY uk (x, d), FULLTEXT (email), SPATIAL INDEX sp (g), " +
        "CONSTRAINT fk FOREIGN KEY (x) REFERENCES y (id), CHECK (x > 0), INDEX fn ((x + 1)))",
    );
    expect(s.kind).toBe("create-table");
    expect(s.tables).toEqual([{ schema: "shop", name: "orders" }]);
    expect(s.indexesAdded?.map(({ range, ...i }) => i)).toEqual([
      { name: "PRIMARY", columns: ["id"], unique: true, kind: "primary" },
      { columns: ["email"], unique: true, kind: "unique" },
      { name: "idx_x", columns: ["x"], unique: false, kind: "index" },
      { name: "uk", columns: ["x", "d"], unique: true, kind: "unique" },
      { columns: ["email"], unique: false, kind: "fulltext" },
      { name: "sp", columns: ["g"], unique: false, kind: "spatial" },
      { name: "fn", columns: ["(x + 1)"], unique: false, kind: "index" },
    ]);
  });

  it("reads LIKE and AS SELECT", async () => {
    expect((await one("CREATE TABLE t2 LIKE db.t1")).like).toEqual({ schema: "db", name: "t1" });
    expect((await one("CREATE TABLE IF NOT EXISTS t2 (LIKE t1)")).like).toEqual({ name: "t1" });
    const s = await one("CREATE TABLE t AS SELECT * FROM s JOIN u ON s.id = u.id");
    expect(s.tables).toEqual([{ name: "t" }, { name: "s" }, { name: "u" }]);
  });

  it("counts RANGE, LIST and their COLUMNS forms by definitions", async () => {
    const range = await one(
      "CREATE TABLE t (a INT, d DATE) PARTITION BY RANGE (YEAR(d)) (PARTITION p0 VALUES LESS THAN (2000), " + "PARTITION p1 VALUES LESS THAN MAXVALUE)",
    );
    expect(range.partitioning).toMatchObject({ type: "range", expression: "YEAR(d)", partitions: 2, names: ["p0", "p1"] });
    const cols = await one(
      "CREATE TABLE t (a INT, b CHAR(1)) PARTITION BY RANGE COLUMNS (a, b) (PARTITION p0 VALUES LESS THAN (1, 'a'), " +
        "PARTITION p1 VALUES LESS THAN (MAXVALUE, MAXVALUE))",
    );
    expect(cols.partitioning).toMatchObject({ type: "range-columns", columns: ["a", "b"], partitions: 2 });
    const list = await one("CREATE TABLE t (a INT) PARTITION BY LIST (a) (PARTITION p0 VALUES IN (1, 2), PARTITION p1 VALUES IN (NULL), PARTITION pd DEFAULT)");
    expect(list.partitioning).toMatchObject({ type: "list", partitions: 3 });
    const listCols = await one("CREATE TABLE t (c CHAR(2)) PARTITION BY LIST COLUMNS (c) (PARTITION a VALUES IN ('a', 'b'))");
    expect(listCols.partitioning).toMatchObject({ type: "list-columns", columns: ["c"], partitions: 1 });
  });

  it("counts HASH and KEY by PARTITIONS n, one partition without it", async () => {
    expect((await one("CREATE TABLE t (a INT) PARTITION BY HASH (a)")).partitioning).toMatchObject({ type: "hash", partitions: 1 });
    expect((await one("CREATE TABLE t (a INT) PARTITION BY LINEAR HASH (a) PARTITIONS 6")).partitioning).toMatchObject({
      type: "linear-hash",
      partitions: 6,
    });
    expect((await one("CREATE TABLE t (a INT PRIMARY KEY) PARTITION BY KEY () PARTITIONS 2")).partitioning).toMatchObject({
      type: "key",
      columns: [],
      partitions: 2,
    });
    expect((await one("CREATE TABLE t (a INT) PARTITION BY LINEAR KEY ALGORITHM=2 (a) PARTITIONS 4")).partitioning).toMatchObject({
      type: "linear-key",
      algorithm: 2,
      partitions: 4,
    });
    // Explicit definitions win over the count (the server requires them to agree).
    expect((await one("CREATE TABLE t (a INT) PARTITION BY HASH (a) (PARTITION x, PARTITION y)")).partitioning).toMatchObject({
      partitions: 2,
    });
    // MariaDB accepts definitions without the PARTITION keyword.
    expect((await one("CREATE TABLE t (a INT) PARTITION BY HASH (a) (p1, p2, p3)")).partitioning).toMatchObject({ partitions: 3 });
  });

  it("counts subpartitions in all, one per subpartition", async () => {
    const declared = await one(
      "CREATE TABLE t (a INT, d DATE) PARTITION BY RANGE (YEAR(d)) SUBPARTITION BY HASH (a) SUBPARTITIONS 3 " +
        "(PARTITION p0 VALUES LESS THAN (2000), PARTITION p1 VALUES LESS THAN MAXVALUE)",
    );
    expect(declared.partitioning?.subpartitioning).toMatchObject({ type: "hash", expression: "a", subpartitions: 6, perPartition: 3 });
    const explicit = await one(
      "CREATE TABLE t (a INT) PARTITION BY LIST (a) SUBPARTITION BY LINEAR KEY (a) (" +
        "PARTITION p0 VALUES IN (1) (SUBPARTITION s0, SUBPARTITION s1 DATA DIRECTORY = '/x'), " +
        "PARTITION p1 VALUES IN (2) (SUBPARTITION s2, SUBPARTITION s3))",
    );
    expect(explicit.partitioning?.subpartitioning).toMatchObject({ type: "linear-key", columns: ["a"], subpartitions: 4 });
    const implicit = await one("CREATE TABLE t (a INT) PARTITION BY RANGE (a) SUBPARTITION BY KEY (a) (PARTITION p0 VALUES LESS THAN (5))");
    expect(implicit.partitioning?.subpartitioning?.subpartitions).toBe(1);
  });

  it("reads MariaDB SYSTEM_TIME partitioning", async () => {
    const plain = await one("CREATE TABLE t (a INT) WITH SYSTEM VERSIONING PARTITION BY SYSTEM_TIME");
    expect(plain.partitioning).toMatchObject({ type: "system-time", partitions: 2 });
    const limit = await one(
      "CREATE TABLE t (a INT) WITH SYSTEM VERSIONING PARTITION BY SYSTEM_TIME LIMIT 1000 " +
        "(PARTITION p0 HISTORY, PARTITION p1 HISTORY, PARTITION pn CURRENT)",
    );
    expect(limit.partitioning).toMatchObject({ type: "system-time", rotation: "LIMIT 1000", partitions: 3 });
    const interval = await one("CREATE TABLE t (a INT) WITH SYSTEM VERSIONING PARTITION BY SYSTEM_TIME INTERVAL 1 DAY STARTS '2024-01-01' AUTO PARTITIONS 5");
    expect(interval.partitioning).toMatchObject({ rotation: "INTERVAL 1 DAY STARTS '2024-01-01' AUTO", partitions: 5 });
  });

  it("reads every partition option", async () => {
    const s = await one(
      "CREATE TABLE t (a INT) PARTITION BY HASH (a) (PARTITION p0 ENGINE = InnoDB COMMENT = 'c' " +
        "DATA DIRECTORY = '/d' INDEX DIRECTORY = '/i' MAX_ROWS = 10 MIN_ROWS = 1 TABLESPACE = ts NODEGROUP = 0, " +
        "PARTITION p1 STORAGE ENGINE InnoDB, PARTITION p2 PAGE_COMPRESSED = 1)",
    );
    expect(s.partitioning?.names).toEqual(["p0", "p1", "p2"]);
  });
});

describe("ALTER TABLE", () => {
  it("reads added indexes, ALGORITHM and LOCK", async () => {
    const s = await one(
      "ALTER TABLE t ADD COLUMN c INT NOT NULL DEFAULT 0 AFTER b, ADD UNIQUE KEY uk (c), " +
        "ADD INDEX (a, b(10) DESC), DROP INDEX old, ALGORITHM=INPLACE, LOCK=NONE",
    );
    expect(s.kind).toBe("alter-table");
    expect(s.indexesAdded?.map(({ range, ...i }) => i)).toEqual([
      { name: "uk", columns: ["c"], unique: true, kind: "unique" },
      { columns: ["a", "b"], unique: false, kind: "index", prefixLengths: [null, 10] },
    ]);
    expect(s.indexesDropped).toEqual(["old"]);
    expect(s.alterOptions).toEqual({ algorithm: "INPLACE", lock: "NONE" });
  });

  it("reads every partition operation", async () => {
    const ops = async (sql: string) => (await one(sql)).partitionOps;
    expect(await ops("ALTER TABLE t ADD PARTITION (PARTITION p3 VALUES LESS THAN (30))")).toEqual([{ op: "add", partitions: ["p3"] }]);
    expect(await ops("ALTER TABLE t ADD PARTITION PARTITIONS 2")).toEqual([{ op: "add", count: 2 }]);
    expect(await ops("ALTER TABLE t DROP PARTITION p0, p1")).toEqual([{ op: "drop", partitions: ["p0", "p1"] }]);
    expect(await ops("ALTER TABLE t TRUNCATE PARTITION ALL")).toEqual([{ op: "truncate", all: true }]);
    expect(await ops("ALTER TABLE t COALESCE PARTITION 2")).toEqual([{ op: "coalesce", count: 2 }]);
    expect(await ops("ALTER TABLE t REORGANIZE PARTITION p0, p1 INTO (PARTITION p01 VALUES LESS THAN (20))")).toEqual([
      { op: "reorganize", partitions: ["p0", "p1"], count: 1 },
    ]);
    expect(await ops("ALTER TABLE t EXCHANGE PARTITION p0 WITH TABLE t2 WITHOUT VALIDATION")).toEqual([{ op: "exchange", partitions: ["p0"] }]);
    for (const op of ["rebuild", "analyze", "check", "optimize", "repair"]) {
      expect(await ops(`ALTER TABLE t ${op.toUpperCase()} PARTITION p1, p2`)).toEqual([{ op, partitions: ["p1", "p2"] }]);
    }
    expect(await ops("ALTER TABLE t DISCARD PARTITION p1 TABLESPACE")).toEqual([{ op: "discard", partitions: ["p1"] }]);
    expect(await ops("ALTER TABLE t IMPORT PARTITION ALL TABLESPACE")).toEqual([{ op: "import", all: true }]);
    expect(await ops("ALTER TABLE t REMOVE PARTITIONING")).toEqual([{ op: "remove-partitioning" }]);
    expect(await ops("ALTER TABLE t CONVERT PARTITION p0 TO TABLE t0")).toEqual([{ op: "convert-partition", partitions: ["p0"] }]);
    expect(await ops("ALTER TABLE t CONVERT TABLE t0 TO PARTITION p0 VALUES LESS THAN (10)")).toEqual([{ op: "convert-table", partitions: ["p0"] }]);
    expect(await ops("ALTER TABLE t ALGORITHM=INPLACE, DROP PARTITION p0")).toEqual([{ op: "drop", partitions: ["p0"] }]);
  });

  it("reads PARTITION BY, also after other options", async () => {
    const s = await one("ALTER TABLE t ENGINE=InnoDB PARTITION BY KEY (id) PARTITIONS 8");
    expect(s.partitioning).toMatchObject({ type: "key", columns: ["id"], partitions: 8 });
    expect(s.partitionOps).toEqual([{ op: "partition-by" }]);
  });

  it("takes any other operation without error", async () => {
    for (const sql of [
      "ALTER TABLE t MODIFY COLUMN a BIGINT, CHANGE b c INT, RENAME TO t2",
      "ALTER ONLINE TABLE t ADD INDEX IF NOT EXISTS i (a)",
      "ALTER TABLE IF EXISTS t FORCE",
      "ALTER TABLE t CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_bin",
      "ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES p (id) ON DELETE CASCADE, DROP FOREIGN KEY f2",
      "ALTER TABLE t ADD PERIOD FOR SYSTEM_TIME (s, e), ADD SYSTEM VERSIONING",
      "ALTER TABLE t ALTER COLUMN a SET DEFAULT 1, DROP CHECK c1, DROP CONSTRAINT c2, DROP COLUMN IF EXISTS x",
    ]) {
      expect((await one(sql)).kind).toBe("alter-table");
    }
  });
});

describe("other DDL", () => {
  it("reads CREATE INDEX and DROP INDEX", async () => {
    const c = await one("CREATE UNIQUE INDEX ux ON db.t (a, b(5)) ALGORITHM=INPLACE LOCK=NONE");
    expect(c).toMatchObject({ kind: "create-index", tables: [{ schema: "db", name: "t" }], alterOptions: { algorithm: "INPLACE", lock: "NONE" } });
    expect(c.indexesAdded?.[0]).toMatchObject({ name: "ux", columns: ["a", "b"], unique: true, kind: "unique" });
    const d = await one("DROP INDEX `PRIMARY` ON t LOCK = SHARED");
    expect(d).toMatchObject({ kind: "drop-index", indexesDropped: ["PRIMARY"], alterOptions: { lock: "SHARED" } });
  });

  it("reads DROP, TRUNCATE and RENAME TABLE", async () => {
    expect(await one("DROP TEMPORARY TABLE IF EXISTS a, db.b CASCADE")).toMatchObject({
      kind: "drop-table",
      tables: [{ name: "a" }, { schema: "db", name: "b" }],
    });
    expect(await one("TRUNCATE t")).toMatchObject({ kind: "truncate-table", tables: [{ name: "t" }] });
    expect(await one("TRUNCATE TABLE db.t")).toMatchObject({ tables: [{ schema: "db", name: "t" }] });
    const r = await one("RENAME TABLE a TO b, db.c TO db2.c");
    expect(r.kind).toBe("rename-table");
    expect(r.renames).toEqual([
      { from: { name: "a" }, to: { name: "b" } },
      { from: { schema: "db", name: "c" }, to: { schema: "db2", name: "c" } },
    ]);
  });

  it("reads DROP DATABASE and tablespaces", async () => {
    expect(await one("DROP SCHEMA IF EXISTS shop")).toMatchObject({ kind: "drop-database", database: "shop" });
    expect(await one("CREATE TABLESPACE ts ADD DATAFILE 'ts.ibd' ENGINE=InnoDB", mysql)).toMatchObject({
      kind: "create-tablespace",
      tablespace: "ts",
    });
    expect(await one("DROP UNDO TABLESPACE u", mysql)).toMatchObject({ kind: "drop-tablespace", tablespace: "u" });
  });

  it("takes any other statement as one generic statement", async () => {
    for (const sql of [
      "CREATE VIEW v AS SELECT 1",
      "CREATE DEFINER=`root`@`%` PROCEDURE p() BEGIN SELECT 1; END",
      "GRANT SELECT ON db.* TO 'u'@'%'",
      "SHOW CREATE TABLE t",
      "ANALYZE TABLE t",
      "LOCK TABLES t WRITE",
      "DROP VIEW IF EXISTS v",
      "ALTER DATABASE db CHARACTER SET utf8mb4",
      "RENAME USER a TO b",
      "CREATE DATABASE IF NOT EXISTS db",
      "START TRANSACTION",
    ]) {
      const facts = await extractFacts("t.sql", sql.replace("BEGIN SELECT 1; END", "BEGIN SELECT 1 END"), mariadb);
      expect(facts.errors, sql).toEqual([]);
      expect(
        facts.statements.map((s) => s.kind),
        sql,
      ).toEqual(["other"]);
    }
  });
});

describe("DML", () => {
  it("resolves aliases in WHERE and ON, per table", async () => {
    const s = await one(
      "SELECT * FROM orders o LEFT JOIN customers AS c ON c.id = o.customer_id WHERE o.status = 'x' AND c.country IN ('a') AND o.created > NOW() - INTERVAL 1 DAY",
    );
    expect(s.tables).toEqual([
      { name: "orders", alias: "o" },
      { name: "customers", alias: "c" },
    ]);
    expect(s.whereColumns).toEqual([
      { table: "orders", columns: ["status", "created"] },
      { table: "customers", columns: ["country"] },
    ]);
    expect(s.onColumns).toEqual([
      { table: "customers", columns: ["id"] },
      { table: "orders", columns: ["customer_id"] },
    ]);
  });

  it("gives a bare column to the only table, or to no table when there are several", async () => {
    expect((await one("SELECT a FROM t WHERE b = 1 AND CAST(c AS CHAR) = DATE '2020-01-01'")).whereColumns).toEqual([{ table: "t", columns: ["b", "c"] }]);
    expect((await one("SELECT * FROM t1, t2 WHERE t1.a = t2.a AND b = 1")).whereColumns).toEqual([
      { table: "t1", columns: ["a"] },
      { table: "t2", columns: ["a"] },
      { table: "", columns: ["b"] },
    ]);
  });

  it("keeps subqueries, CTEs and derived tables in their own scope", async () => {
    const s = await one(
      "WITH c AS (SELECT id FROM t WHERE flag = 1) SELECT * FROM c JOIN u ON u.id = c.id " + "WHERE u.k IN (SELECT k FROM v WHERE v.z = u.z) AND c.id > 0",
    );
    expect(s.tables).toEqual([{ name: "t" }, { name: "u" }, { name: "v" }]);
    expect(s.whereColumns).toEqual([
      { table: "t", columns: ["flag"] },
      { table: "u", columns: ["k", "z"] },
      { table: "v", columns: ["z"] },
    ]);
    const d = await one("SELECT * FROM (SELECT a FROM t WHERE t.b = 1) AS d WHERE d.a > 2");
    expect(d.whereColumns).toEqual([{ table: "t", columns: ["b"] }]);
  });

  it("reads INSERT, REPLACE, UPDATE and DELETE", async () => {
    const ins = await one("INSERT INTO t (a, b) SELECT x, y FROM s WHERE s.z = 1 ON DUPLICATE KEY UPDATE a = VALUES(a)");
    expect(ins).toMatchObject({ kind: "insert", tables: [{ name: "t" }, { name: "s" }], whereColumns: [{ table: "s", columns: ["z"] }] });
    expect(await one("REPLACE INTO db.t VALUES (1), (2)")).toMatchObject({ kind: "insert", tables: [{ schema: "db", name: "t" }] });
    const upd = await one("UPDATE t1 JOIN t2 ON t1.id = t2.id SET t1.a = t2.b WHERE t2.c = 'x' ORDER BY t1.id LIMIT 5");
    expect(upd).toMatchObject({ kind: "update", tables: [{ name: "t1" }, { name: "t2" }], whereColumns: [{ table: "t2", columns: ["c"] }] });
    const del = await one("DELETE t1 FROM t1 LEFT JOIN t2 ON t1.id = t2.id WHERE t2.id IS NULL");
    expect(del).toMatchObject({ kind: "delete", tables: [{ name: "t1" }, { name: "t2" }], whereColumns: [{ table: "t2", columns: ["id"] }] });
    const single = await one("DELETE QUICK IGNORE FROM t WHERE a BETWEEN 1 AND 5 ORDER BY a LIMIT 10");
    expect(single.whereColumns).toEqual([{ table: "t", columns: ["a"] }]);
    const using = await one("DELETE FROM t1 USING t1 JOIN t2 WHERE t1.a = t2.a");
    expect(using.tables).toEqual([{ name: "t1" }, { name: "t2" }]);
  });

  it("reads UNION, index hints, partition selection and locking clauses", async () => {
    const u = await one("(SELECT a FROM t1 WHERE x = 1) UNION ALL (SELECT a FROM t2 WHERE y = 2) ORDER BY a");
    expect(u.whereColumns).toEqual([
      { table: "t1", columns: ["x"] },
      { table: "t2", columns: ["y"] },
    ]);
    const h = await one("SELECT * FROM t PARTITION (p0) FORCE INDEX (idx) WHERE `t`.`a` = 1 FOR UPDATE");
    expect(h.whereColumns).toEqual([{ table: "t", columns: ["a"] }]);
  });
});

describe("positions and errors", () => {
  it("gives 1-based lines and UTF-16 columns", async () => {
    const facts = await extractFacts("t.sql", "SELECT '😀é';\n  DROP TABLE t;", mariadb);
    expect(facts.statements.map((s) => s.range)).toEqual([
      { start: { line: 1, column: 1 }, end: { line: 1, column: 13 } },
      { start: { line: 2, column: 3 }, end: { line: 2, column: 15 } },
    ]);
    expect(facts.statements[1]?.text).toBe("DROP TABLE t");
  });

  it("keeps an error inside its statement", async () => {
    const facts = await extractFacts(
      "t.sql",
      "CREATE TABLE t (a INT) PARTITION BY RANGE (a) (PARTITION p0 VALUES LESS THAN);\nSELECT 1;\nUPDATE t SET WHERE a = 1;\nDROP TABLE t;",
      mariadb,
    );
    expect(facts.statements.map((s) => [s.kind, s.errors?.length ?? 0])).toEqual([
      ["create-table", 1],
      ["select", 0],
      ["update", 1],
      ["drop-table", 0],
    ]);
    expect(facts.errors.map((e) => e.range.start.line)).toEqual([1, 3]);
  });

  it("reports a statement cut short", async () => {
    const facts = await extractFacts("t.sql", "CREATE TABLE t (a INT) PARTITION BY HASH (a) PARTITIONS 4 SUBPARTITIONS 2;", mariadb);
    expect(facts.errors.length).toBeGreaterThan(0);
    expect(facts.statements[0]?.errors?.length).toBeGreaterThan(0);
  });
});

describe("migration tools' rollback sections", () => {
  const kinds = async (sql: string, scope?: "schema") => (await extractFacts("m.sql", sql, mysql, scope)).statements.map((s) => s.kind);

  it("skips goose, sql-migrate and dbmate down sections, forward and in replays", async () => {
    const goose =
      "-- +goose Up\nCREATE TABLE t (id INT PRIMARY KEY);\n-- +goose StatementBegin\nALTER TABLE t ADD COLUMN c INT;\n-- +goose StatementEnd\n\n-- +goose Down\nDROP TABLE t;\n";
    expect(await kinds(goose)).toEqual(["create-table", "alter-table"]);
    expect(await kinds(goose, "schema")).toEqual(["create-table", "alter-table"]);
    expect(await kinds("-- +migrate Up\nCREATE TABLE t (id INT);\n-- +migrate Down\nDROP TABLE t;\n")).toEqual(["create-table"]);
    expect(await kinds("-- migrate:up\nCREATE TABLE t (id INT);\n\n-- migrate:down\nDROP TABLE t;\n")).toEqual(["create-table"]);
    // Down first, then up: only the up section is a step forward.
    expect(await kinds("-- +goose Down\nDROP TABLE t;\n-- +goose Up\nCREATE TABLE t (id INT);\n")).toEqual(["create-table"]);
  });

  it("leaves files without markers alone", async () => {
    expect(await kinds("CREATE TABLE t (id INT);\nDROP TABLE t;\n")).toEqual(["create-table", "drop-table"]);
    expect(await kinds("-- migrate this table later\nCREATE TABLE t (id INT);\nDROP TABLE t;\n")).toEqual(["create-table", "drop-table"]);
  });

  it("still reports a syntax error in a down section: the rollback fails when it runs", async () => {
    const facts = await extractFacts("m.sql", "-- +goose Up\nCREATE TABLE t (id INT);\n-- +goose Down\nALTER TABLE t ADD (;\n", mysql);
    expect(facts.statements.map((s) => s.kind)).toEqual(["create-table"]);
    expect(facts.errors.length).toBeGreaterThan(0);
  });
});

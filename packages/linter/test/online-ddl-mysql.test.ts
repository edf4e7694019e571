/**
 * Online DDL on MySQL (no server here): cases per version taken from the reference manual's
 * "Online DDL Operations" tables (and "Online DDL and Partitioning"), each citing its page, and
 * where Vitess schemadiff's capability.go answers differently, the difference.
 */
import { describe, expect, it } from "vitest";
import { classifyOnlineDdl } from "../src/ddl/classify.js";
import { TABLES } from "../src/ddl/knowledge.js";
import { extractFacts } from "../src/sql/facts.js";
import { Schema } from "../src/sql/schema.js";
import { parseTarget } from "../src/target.js";

const OPS = (v: string) => `https://dev.mysql.com/doc/refman/${v}/en/innodb-online-ddl-operations.html`;
const PART = "https://dev.mysql.com/doc/refman/8.0/en/online-ddl-partitioning.html";

const TABLE =
  "CREATE TABLE t (id INT NOT NULL, a INT, b INT NOT NULL DEFAULT 0, c VARCHAR(20), v VARCHAR(50), e ENUM('x','y'), " +
  "txt TEXT, gv INT AS (a + 1) VIRTUAL, gs INT AS (a + 2) STORED, PRIMARY KEY (id), KEY ka (a)) DEFAULT CHARSET=utf8mb4";

type Verdict = [algorithm: "instant" | "inplace" | "copy", rebuildsTable: boolean, lock: "none" | "shared" | "exclusive", refused?: "refused"];

interface Case {
  what: string;
  statement: string;
  /** Expected per target. */
  expect: Record<string, Verdict>;
  source: string;
  create?: string;
  /** Where Vitess schemadiff (go/vt/schemadiff/capability.go) says otherwise about INSTANT. */
  vitess?: string;
}

const refused = (v: Verdict): Verdict => [v[0], v[1], v[2], "refused"];
const I: Verdict = ["instant", false, "none"];
const IPR: Verdict = ["inplace", true, "none"];
const IPN: Verdict = ["inplace", false, "none"];
const CP: Verdict = ["copy", true, "shared"];

const CASES: Case[] = [
  {
    what: "ADD COLUMN at the end",
    statement: "ALTER TABLE t ADD COLUMN x INT",
    expect: { "mysql-5.7": IPR, "mysql-8.0.11": IPR, "mysql-8.0.12": I, "mysql-8.0.28": I, "mysql-8.0.29": I, "mysql-8.4": I, "mysql-9.1": I },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
    vitess: "Vitess allows INSTANT for every 8.0 release (capabilities at 8.0.0); INSTANT ADD COLUMN came in 8.0.12",
  },
  {
    what: "ADD COLUMN … AFTER",
    statement: "ALTER TABLE t ADD COLUMN x INT AFTER a",
    expect: {
      "mysql-8.0.12": IPR,
      "mysql-8.0.28": IPR,
      "mysql-8.0.29": I,
      "mysql-8.0.32": I,
      "mysql-8.4": I,
      "mysql-9.1": I,
      "percona-8.0.28": IPR,
      "percona-8.0.35": I,
    },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "ADD COLUMN FIRST with ALGORITHM=INSTANT before 8.0.29",
    statement: "ALTER TABLE t ADD COLUMN x INT FIRST, ALGORITHM=INSTANT",
    expect: { "mysql-8.0.28": refused(IPR), "mysql-8.0.29": I },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "ADD COLUMN with ALGORITHM=INPLACE rebuilds",
    statement: "ALTER TABLE t ADD COLUMN x INT, ALGORITHM=INPLACE, LOCK=NONE",
    expect: { "mysql-8.0.32": IPR },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "ADD COLUMN to a ROW_FORMAT=COMPRESSED table",
    create: TABLE + " ROW_FORMAT=COMPRESSED",
    statement: "ALTER TABLE t ADD COLUMN x INT",
    expect: { "mysql-8.0.32": IPR },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "ADD COLUMN to a table with a FULLTEXT index",
    create: TABLE.replace("KEY ka (a)", "KEY ka (a), FULLTEXT KEY ft (txt)"),
    statement: "ALTER TABLE t ADD COLUMN x INT",
    expect: { "mysql-8.0.32": ["inplace", true, "shared"] },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "ADD COLUMN AUTO_INCREMENT",
    statement: "ALTER TABLE t ADD COLUMN x INT NOT NULL AUTO_INCREMENT, ADD KEY (x)",
    expect: { "mysql-8.0.32": ["inplace", true, "shared"] },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "DROP COLUMN",
    statement: "ALTER TABLE t DROP COLUMN c",
    expect: { "mysql-5.7": IPR, "mysql-8.0.28": IPR, "mysql-8.0.29": I, "mysql-8.4": I, "mysql-9.1": I },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "RENAME COLUMN",
    statement: "ALTER TABLE t RENAME COLUMN c TO c2",
    expect: { "mysql-8.0.27": IPN, "mysql-8.0.28": I, "mysql-8.4": I },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
    vitess: "Vitess never treats a rename (CHANGE with a new name) as INSTANT; the manual allows it from 8.0.28",
  },
  {
    what: "reorder a column",
    statement: "ALTER TABLE t MODIFY c VARCHAR(20) AFTER e",
    expect: { "mysql-5.7": IPR, "mysql-8.0.32": IPR, "mysql-9.1": IPR },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "SET DEFAULT",
    statement: "ALTER TABLE t ALTER COLUMN b SET DEFAULT 3",
    expect: { "mysql-5.7": IPN, "mysql-8.0.12": I, "mysql-8.4": I },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "change the data type",
    statement: "ALTER TABLE t MODIFY a BIGINT",
    expect: { "mysql-5.7": CP, "mysql-8.0.32": CP, "mysql-8.4": CP },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "change the data type with LOCK=NONE",
    statement: "ALTER TABLE t MODIFY a BIGINT, LOCK=NONE",
    expect: { "mysql-8.0.32": refused(CP) },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "DOUBLE PRECISION → DECIMAL on a history table",
    create: "CREATE TABLE t (id INT PRIMARY KEY, amount DOUBLE PRECISION)",
    statement: "ALTER TABLE t MODIFY amount DECIMAL(12,2)",
    expect: { "mysql-8.0.22": CP },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "extend VARCHAR within 255 bytes",
    statement: "ALTER TABLE t MODIFY c VARCHAR(63)",
    expect: { "mysql-5.7": IPN, "mysql-8.0.32": IPN },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "extend VARCHAR past 255 bytes",
    statement: "ALTER TABLE t MODIFY c VARCHAR(64)",
    expect: { "mysql-5.7": CP, "mysql-8.0.32": CP },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "make a column NULL / NOT NULL",
    statement: "ALTER TABLE t MODIFY a INT NOT NULL",
    expect: { "mysql-5.7": IPR, "mysql-8.0.32": IPR },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "append an ENUM member",
    statement: "ALTER TABLE t MODIFY e ENUM('x','y','z')",
    expect: { "mysql-5.7": IPN, "mysql-8.0.12": I, "mysql-8.4": I },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "reorder ENUM members",
    statement: "ALTER TABLE t MODIFY e ENUM('y','x')",
    expect: { "mysql-8.0.22": CP, "mysql-8.4": CP },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "AUTO_INCREMENT=",
    statement: "ALTER TABLE t AUTO_INCREMENT=100",
    expect: { "mysql-8.0.32": IPN },
    source: `${OPS("8.0")}#online-ddl-column-operations`,
  },
  {
    what: "ADD STORED generated column",
    statement: "ALTER TABLE t ADD COLUMN x INT AS (a * 2) STORED",
    expect: { "mysql-5.7": CP, "mysql-8.0.22": CP, "mysql-8.4": CP },
    source: `${OPS("8.0")}#online-ddl-generated-column-operations`,
  },
  {
    what: "DROP STORED generated column",
    statement: "ALTER TABLE t DROP COLUMN gs",
    expect: { "mysql-8.0.32": IPR },
    source: `${OPS("8.0")}#online-ddl-generated-column-operations`,
    vitess:
      "Vitess treats dropping any generated column, STORED included, as INSTANT ('in practice this is supported'); the manual's table says in place with a rebuild",
  },
  {
    what: "ADD / DROP VIRTUAL generated column",
    statement: "ALTER TABLE t ADD COLUMN x INT AS (a * 2) VIRTUAL, DROP COLUMN gv",
    expect: { "mysql-5.7": IPN, "mysql-8.0.12": I },
    source: `${OPS("8.0")}#online-ddl-generated-column-operations`,
  },
  {
    what: "ADD INDEX",
    statement: "CREATE INDEX ix ON t (c)",
    expect: { "mysql-5.7": IPN, "mysql-8.0.32": IPN, "aurora-mysql-3.05.2": IPN },
    source: `${OPS("8.0")}#online-ddl-index-operations`,
  },
  {
    what: "ADD INDEX with ALGORITHM=INSTANT",
    statement: "CREATE INDEX ix ON t (c) ALGORITHM=INSTANT",
    expect: { "mysql-8.0.32": refused(IPN) },
    source: `${OPS("8.0")}#online-ddl-index-operations`,
  },
  {
    what: "first FULLTEXT index",
    statement: "ALTER TABLE t ADD FULLTEXT KEY ft (txt)",
    expect: { "mysql-8.0.32": ["inplace", true, "shared"] },
    source: `${OPS("8.0")}#online-ddl-index-operations`,
  },
  {
    what: "DROP INDEX, RENAME INDEX",
    statement: "ALTER TABLE t DROP INDEX ka, RENAME INDEX ka2 TO kb",
    expect: { "mysql-8.0.32": IPN },
    source: `${OPS("8.0")}#online-ddl-index-operations`,
  },
  {
    what: "change the primary key",
    statement: "ALTER TABLE t DROP PRIMARY KEY, ADD PRIMARY KEY (id, b)",
    expect: { "mysql-5.7": IPR, "mysql-8.0.22": IPR },
    source: `${OPS("8.0")}#online-ddl-primary-key-operations`,
  },
  {
    what: "DROP PRIMARY KEY alone",
    statement: "ALTER TABLE t DROP PRIMARY KEY",
    expect: { "mysql-8.0.22": CP },
    source: `${OPS("8.0")}#online-ddl-primary-key-operations`,
  },
  {
    what: "ADD PRIMARY KEY on a nullable column",
    create: "CREATE TABLE t (a INT, b INT)",
    statement: "ALTER TABLE t ADD PRIMARY KEY (a)",
    expect: { "mysql-8.0.32": CP },
    source: `${OPS("8.0")}#online-ddl-primary-key-operations`,
  },
  {
    what: "ADD FOREIGN KEY with foreign_key_checks on",
    statement: "ALTER TABLE t ADD CONSTRAINT fk FOREIGN KEY (a) REFERENCES p (id)",
    expect: { "mysql-8.0.32": CP },
    source: `${OPS("8.0")}#online-ddl-foreign-key-operations`,
  },
  {
    what: "DROP FOREIGN KEY",
    statement: "ALTER TABLE t DROP FOREIGN KEY fk",
    expect: { "mysql-8.0.32": IPN },
    source: `${OPS("8.0")}#online-ddl-foreign-key-operations`,
  },
  {
    what: "ROW_FORMAT, KEY_BLOCK_SIZE",
    statement: "ALTER TABLE t ROW_FORMAT=COMPRESSED KEY_BLOCK_SIZE=8",
    expect: { "mysql-5.7": IPR, "mysql-8.0.32": IPR },
    source: `${OPS("8.0")}#online-ddl-table-operations`,
  },
  {
    what: "ENGINE=InnoDB (null rebuild), FORCE",
    statement: "ALTER TABLE t ENGINE=InnoDB",
    expect: { "mysql-5.7": IPR, "mysql-8.0.22": IPR, "mysql-9.1": IPR },
    source: `${OPS("8.0")}#online-ddl-table-operations`,
  },
  {
    what: "FORCE on a table with a FULLTEXT index",
    create: TABLE.replace("KEY ka (a)", "KEY ka (a), FULLTEXT KEY ft (txt)"),
    statement: "ALTER TABLE t FORCE",
    expect: { "mysql-8.0.32": CP },
    source: `${OPS("8.0")}#online-ddl-table-operations`,
  },
  {
    what: "CONVERT TO CHARACTER SET",
    statement: "ALTER TABLE t CONVERT TO CHARACTER SET latin1",
    expect: { "mysql-5.7": CP, "mysql-8.0.22": CP },
    source: `${OPS("8.0")}#online-ddl-table-operations`,
  },
  {
    what: "OPTIMIZE TABLE",
    statement: "OPTIMIZE TABLE t",
    expect: { "mysql-8.0.32": IPR },
    source: `${OPS("8.0")}#online-ddl-table-operations`,
  },
  {
    what: "RENAME TABLE",
    statement: "RENAME TABLE t TO t2",
    expect: { "mysql-5.7": IPN, "mysql-8.0.32": I },
    source: `${OPS("8.0")}#online-ddl-table-operations`,
  },
  {
    what: "ADD PARTITION to RANGE",
    create: "CREATE TABLE t (id INT PRIMARY KEY) PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (10))",
    statement: "ALTER TABLE t ADD PARTITION (PARTITION p1 VALUES LESS THAN (20))",
    expect: { "mysql-8.0.32": IPN },
    source: `${PART}`,
  },
  {
    what: "COALESCE PARTITION (rows move)",
    create: "CREATE TABLE t (id INT PRIMARY KEY) PARTITION BY HASH (id) PARTITIONS 4",
    statement: "ALTER TABLE t COALESCE PARTITION 2",
    expect: { "mysql-8.0.32": ["inplace", true, "shared"] },
    source: `${PART}`,
  },
  {
    what: "PARTITION BY",
    statement: "ALTER TABLE t PARTITION BY HASH (id) PARTITIONS 4",
    expect: { "mysql-8.0.32": CP },
    source: `${PART}`,
  },
  {
    what: "Aurora MySQL 2 fast DDL: a nullable column at the end",
    statement: "ALTER TABLE t ADD COLUMN x INT",
    expect: { "aurora-mysql-2.11.2": I, "mysql-5.7": IPR },
    source: "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/AuroraMySQL.Managing.FastDDL.html",
  },
];

async function classify(create: string, statement: string, label: string) {
  const target = parseTarget(label);
  const schema = new Schema();
  for (const s of (await extractFacts("c.sql", create, target)).statements) schema.apply(s, "c.sql");
  const facts = await extractFacts("s.sql", statement, target);
  expect(facts.errors).toEqual([]);
  return classifyOnlineDdl(facts.statements[0] as never, schema.table("t"), target);
}

describe("online DDL on MySQL, per version, from the manual", () => {
  for (const c of CASES) {
    for (const [label, verdict] of Object.entries(c.expect)) {
      it(`${label}: ${c.what} (${c.source})`, async () => {
        const got = await classify(c.create ?? TABLE, c.statement, label);
        expect([got?.algorithm, got?.rebuildsTable, got?.lock, ...(got?.refused ? ["refused"] : [])]).toEqual(verdict);
        // Every answer names the manual page it comes from.
        for (const o of got?.operations ?? []) expect(o.source).toMatch(/^https:\/\/(dev\.mysql\.com|docs\.aws\.amazon\.com)\//);
      });
    }
  }

  it("cites the manual page of the target's version", async () => {
    const a = await classify(TABLE, "ALTER TABLE t DROP COLUMN c", "mysql-5.7");
    const b = await classify(TABLE, "ALTER TABLE t DROP COLUMN c", "mysql-8.4");
    expect(a?.operations[0]?.source).toBe(`${OPS("5.7")}#online-ddl-column-operations`);
    expect(b?.operations[0]?.source).toBe(`${OPS("8.4")}#online-ddl-column-operations`);
  });

  it("says what it assumed for an unknown table", async () => {
    const got = await classify("", "ALTER TABLE t ADD COLUMN x INT", "mysql-8.0.32");
    expect(got?.assumed?.[0]).toMatch(/^table t unknown: assumed/);
  });

  it("documents where Vitess schemadiff differs", () => {
    expect(CASES.filter((c) => c.vitess).map((c) => c.what)).toEqual(["ADD COLUMN at the end", "RENAME COLUMN", "DROP STORED generated column"]);
  });

  it("every knowledge row names an existing page kind and a section", () => {
    for (const table of Object.values(TABLES)) {
      for (const row of table.operations) {
        expect(table.pages[row.page ?? "operations"], `${table.flavor} ${row.op}`).toBeDefined();
        expect(row.section.length).toBeGreaterThan(0);
      }
    }
  });
});

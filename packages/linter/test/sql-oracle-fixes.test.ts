/**
 * The innolint bugs the sqlglot oracle found (sql-sqlglot-oracle.test.ts), each pinned by a small
 * statement: subqueries in token soup, parenthesised joins, FOREIGN KEY parents, ALTER TABLE ...
 * RENAME, SET NAMES with assignments, WITHIN GROUP, OFFSET ... ROWS, and which words are columns.
 */
import { describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import type { StatementFacts } from "../src/sql/types.js";
import { Schema } from "../src/sql/schema.js";
import { parseTarget } from "../src/target.js";

const mariadb = parseTarget("mariadb-10.11");

async function one(sql: string): Promise<StatementFacts> {
  const facts = await extractFacts("t.sql", sql, mariadb);
  expect(facts.errors).toEqual([]);
  expect(facts.statements).toHaveLength(1);
  return facts.statements[0] as StatementFacts;
}

const names = (s: StatementFacts) => s.tables.map((t) => t.name);
const where = (s: StatementFacts) => (s.whereColumns ?? []).flatMap((w) => w.columns.map((c) => `${w.table}.${c}`));

describe("facts the sqlglot oracle found missing", () => {
  it("reads subqueries in the select list, HAVING, ORDER BY and function arguments", async () => {
    const s = await one(
      "SELECT a, (SELECT d FROM t2 WHERE c = 1), exists(SELECT * FROM t3) FROM t1 " +
        "GROUP BY a HAVING a > (SELECT max(x) FROM t4) ORDER BY (SELECT y FROM t5)",
    );
    // In document order: the select list's subqueries come before FROM.
    expect(names(s)).toEqual(["t2", "t3", "t1", "t4", "t5"]);
    expect(where(s)).toEqual(["t2.c"]);
  });

  it("reads parenthesised joins and table lists in FROM", async () => {
    expect(names(await one("SELECT * FROM t1 LEFT JOIN (t2 JOIN t3 ON t2.a = t3.a) ON t1.a = t2.a"))).toEqual(["t1", "t2", "t3"]);
    expect(names(await one("SELECT * FROM t1 NATURAL LEFT JOIN (t2, t3) WHERE t2.b = 1"))).toEqual(["t1", "t2", "t3"]);
    expect(names(await one("SELECT * FROM ((t1 t1a))"))).toEqual(["t1"]);
    expect(names(await one("SELECT * FROM t1 JOIN ((SELECT * FROM t2) x JOIN t3 ON 1) ON 1"))).toEqual(["t1", "t2", "t3"]);
    expect(names(await one("SELECT * FROM ((SELECT 1) UNION (SELECT a FROM t4)) x"))).toEqual(["t4"]);
  });

  it("lists the parent of ADD FOREIGN KEY after the altered table", async () => {
    const s = await one("ALTER TABLE child ADD CONSTRAINT fk FOREIGN KEY (p) REFERENCES db.parent (id) ON DELETE CASCADE");
    expect(s.tables).toEqual([{ name: "child" }, { schema: "db", name: "parent" }]);
  });

  it("reads ALTER TABLE ... RENAME TO and re-keys the table in the schema model", async () => {
    const s = await one("ALTER TABLE t2 ADD UNIQUE INDEX (b), RENAME TO t3");
    expect(s.renames).toEqual([{ from: { name: "t2" }, to: { name: "t3" } }]);
    expect(names(s)).toEqual(["t2", "t3"]);
    expect((await one("ALTER TABLE t RENAME COLUMN a TO b, RENAME INDEX i TO j")).renames).toBeUndefined();
    const schema = new Schema();
    schema.apply(await one("CREATE TABLE t2 (a INT, b INT)"), "m.sql");
    schema.apply(s, "m.sql");
    expect(schema.table("t2")).toBeUndefined();
    expect(schema.table("t3")?.indexes.map((i) => i.columns)).toEqual([["b"]]);
  });

  it("keeps the assignments after SET NAMES and the tables of a subquery in a SET value", async () => {
    const s = await one("SET NAMES utf8mb4 COLLATE utf8mb4_bin, character_set_connection = utf16le, @x = (SELECT v FROM t)");
    expect(s.assignments?.map((a) => a.variable)).toEqual(["character_set_connection", "x"]);
    expect(names(s)).toEqual(["t"]);
  });

  it("does not read WITHIN GROUP as GROUP BY, and accepts OFFSET ... ROWS", async () => {
    expect(names(await one("SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY score) OVER () FROM t"))).toEqual(["t"]);
    expect(names(await one("SELECT * FROM t OFFSET 2 ROWS FETCH FIRST 3 ROWS ONLY"))).toEqual(["t"]);
    expect(names(await one("SELECT offset FROM t"))).toEqual(["t"]);
  });

  it("takes type and unit names for columns except where they are types or units", async () => {
    const s = await one(
      "SELECT * FROM t WHERE date > now() - INTERVAL (1 + 2) DAY AND year = EXTRACT(YEAR FROM d) " +
        "AND CONVERT(x, UNSIGNED INTEGER) AND CAST(y AS CHAR CHARACTER SET utf8) AND CONVERT(z USING utf32) " +
        "AND c LIKE _utf32 0x0000039C AND TIMESTAMPDIFF(DAY, a, b) > 0 AND month = DATE '2020-01-01'",
    );
    expect(where(s)).toEqual(["t.date", "t.year", "t.d", "t.x", "t.y", "t.z", "t.c", "t.a", "t.b", "t.month"]);
  });
});

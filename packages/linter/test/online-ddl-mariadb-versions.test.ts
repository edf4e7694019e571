/**
 * Online DDL on MariaDB releases other than the 10.11 the oracle runs (the MariaDB Knowledge Base's
 * "InnoDB Online DDL Operations with ALGORITHM=INSTANT/NOCOPY/INPLACE" pages), and how explicit
 * clauses combine.
 */
import { describe, expect, it } from "vitest";
import { classifyOnlineDdl } from "../src/ddl/classify.js";
import { extractFacts } from "../src/sql/facts.js";
import { Schema } from "../src/sql/schema.js";
import { parseTarget } from "../src/target.js";

const TABLE = "CREATE TABLE t (id INT PRIMARY KEY, a INT, c VARCHAR(20), txt TEXT, KEY ka (a)) DEFAULT CHARSET=utf8mb4";

async function classify(label: string, statement: string, create = TABLE) {
  const target = parseTarget(label);
  const schema = new Schema();
  for (const s of (await extractFacts("c.sql", create, target)).statements) schema.apply(s, "c.sql");
  const facts = await extractFacts("s.sql", statement, target);
  const got = classifyOnlineDdl(facts.statements[0] as never, schema.table("t"), target);
  return got && [got.algorithm, got.rebuildsTable, got.lock, ...(got.refused ? [got.refused] : [])];
}

describe("online DDL on MariaDB by release", () => {
  it("10.3 adds a column instantly only at the end; 10.4 anywhere", async () => {
    expect(await classify("mariadb-10.3", "ALTER TABLE t ADD COLUMN x INT")).toEqual(["instant", false, "none"]);
    expect(await classify("mariadb-10.3", "ALTER TABLE t ADD COLUMN x INT FIRST")).toEqual(["inplace", true, "none"]);
    expect(await classify("mariadb-10.4", "ALTER TABLE t ADD COLUMN x INT FIRST")).toEqual(["instant", false, "none"]);
  });

  it("10.4 drops and reorders columns instantly", async () => {
    expect(await classify("mariadb-10.3", "ALTER TABLE t DROP COLUMN c")).toEqual(["inplace", true, "none"]);
    expect(await classify("mariadb-10.4", "ALTER TABLE t DROP COLUMN c")).toEqual(["instant", false, "none"]);
    expect(await classify("mariadb-10.3", "ALTER TABLE t MODIFY c VARCHAR(20) FIRST")).toEqual(["inplace", true, "none"]);
    expect(await classify("mariadb-10.4", "ALTER TABLE t MODIFY c VARCHAR(20) FIRST")).toEqual(["instant", false, "none"]);
  });

  it("NOCOPY is in place without a rebuild; a rebuild refuses it", async () => {
    expect(await classify("mariadb-10.6", "ALTER TABLE t ADD INDEX ix (c), ALGORITHM=NOCOPY")).toEqual(["inplace", false, "none"]);
    expect(await classify("mariadb-10.6", "ALTER TABLE t FORCE, ALGORITHM=NOCOPY")).toEqual([
      "inplace",
      true,
      "none",
      "ALGORITHM=NOCOPY is not supported for FORCE (in place with a rebuild)",
    ]);
    expect((await classify("mysql-8.0.32", "ALTER TABLE t ADD INDEX ix (c), ALGORITHM=NOCOPY"))?.[3]).toMatch(/MariaDB syntax/);
    expect((await classify("mariadb-10.11", "ALTER TABLE t ADD COLUMN x INT, ADD INDEX ix (c), ALGORITHM=NOCOPY"))?.[3]).toBe(
      "ALGORITHM=NOCOPY is not supported for ADD COLUMN x INT (rebuilds the table beside the other operations)",
    );
  });

  it("11.2 copies online: ALGORITHM=COPY permits LOCK=NONE", async () => {
    expect(await classify("mariadb-11.1", "ALTER TABLE t MODIFY a BIGINT")).toEqual(["copy", true, "shared"]);
    expect(await classify("mariadb-11.2", "ALTER TABLE t MODIFY a BIGINT")).toEqual(["copy", true, "none"]);
    expect((await classify("mariadb-11.1", "ALTER TABLE t MODIFY a BIGINT, LOCK=NONE"))?.[3]).toMatch(
      /^LOCK=NONE is not supported: the table copy needs LOCK=SHARED/,
    );
  });

  it("a refused LOCK leaves the algorithm asked for; a refused ALGORITHM falls back to the default", async () => {
    expect(await classify("mysql-8.0.32", "ALTER TABLE t ADD COLUMN x INT, ALGORITHM=COPY, LOCK=NONE")).toEqual([
      "copy",
      true,
      "shared",
      "LOCK=NONE is not supported: the table copy needs LOCK=SHARED",
    ]);
    expect(await classify("mysql-8.0.32", "ALTER TABLE t ADD FULLTEXT KEY ft (txt), ALGORITHM=INSTANT, LOCK=EXCLUSIVE")).toEqual([
      "inplace",
      true,
      "exclusive",
      "ALGORITHM=INSTANT is not supported for FULLTEXT ft (txt) (in place with a rebuild)",
    ]);
  });

  it("partition management and DROP INDEX … ON take no clause on MariaDB", async () => {
    const part = "CREATE TABLE t (id INT PRIMARY KEY) PARTITION BY HASH (id) PARTITIONS 4";
    expect(await classify("mariadb-10.11", "ALTER TABLE t COALESCE PARTITION 2", part)).toEqual(["inplace", true, "shared"]);
    expect((await classify("mariadb-10.11", "DROP INDEX ka ON t ALGORITHM=NOCOPY"))?.slice(0, 3)).toEqual(["inplace", false, "none"]);
    expect((await classify("mariadb-10.11", "DROP INDEX ka ON t ALGORITHM=NOCOPY"))?.[3]).toMatch(/DROP INDEX … ON takes no ALGORITHM/);
    expect(await classify("mysql-8.0.32", "DROP INDEX ka ON t ALGORITHM=INPLACE")).toEqual(["inplace", false, "none"]);
  });
});

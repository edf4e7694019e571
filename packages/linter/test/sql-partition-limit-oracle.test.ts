// The partition limit against the real mariadbd: the server refuses a CREATE TABLE with error 1499
// (ER_TOO_MANY_PARTITIONS_ERROR) exactly when partition-count-high says the statement fails.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintSqlFile } from "../src/engine.js";
import { Schema } from "../src/sql/schema.js";
import { mariadbUnavailable, startMariaDB, type TestServer } from "./helpers/mariadb.js";
import { requireOracle } from "./helpers/require-oracle.js";

const unavailable = mariadbUnavailable();
requireOracle("MariaDB server", unavailable);
if (unavailable) console.warn(`sql-partition-limit-oracle: skipped, ${unavailable}`);

// MEMORY tables: the limit is the partitioning layer's, and no tablespace file is created per partition.
const range = (parts: number, sub: number) =>
  `PARTITION BY RANGE (a) SUBPARTITION BY KEY (a) SUBPARTITIONS ${sub} (${Array.from({ length: parts }, (_, i) => `PARTITION p${i} VALUES LESS THAN (${i + 1})`).join(", ")})`;
const CASES = [
  "PARTITION BY HASH (a) PARTITIONS 8192",
  "PARTITION BY HASH (a) PARTITIONS 8193",
  "PARTITION BY KEY (a) PARTITIONS 1000000000",
  range(2, 4096),
  range(2, 4097),
  range(1, 8193),
  range(1, 1000000000),
];

describe.skipIf(unavailable !== undefined)("partition counts vs the real mariadbd", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startMariaDB();
    server.admin("CREATE DATABASE IF NOT EXISTS p");
  }, 180_000);
  afterAll(async () => server?.stop());

  it.each(CASES.map((c, i) => [c.slice(0, 60), c, i] as const))(
    "%s",
    async (_, clause, i) => {
      const sql = `CREATE TABLE t${i} (a INT NOT NULL) ENGINE=MEMORY ${clause}`;
      let refused = false;
      try {
        server.admin(`USE p; ${sql}; DROP TABLE t${i}`);
      } catch (e) {
        const stderr = String((e as { stderr?: string }).stderr ?? e);
        expect(stderr).toMatch(/ERROR 1499/);
        refused = true;
      }
      const out = await lintSqlFile("/oracle/t.sql", { target: "mariadb-10.11", noConfig: true, impact: false, text: `${sql};\n` }, { schema: new Schema() });
      expect(out.errors).toEqual([]);
      const fails = out.result!.findings.some((f) => f.rule === "partition-count-high" && /the statement fails/.test(f.message));
      expect(fails).toBe(refused);
    },
    120_000,
  );
});

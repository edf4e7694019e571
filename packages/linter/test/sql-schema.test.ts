import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { extractFacts } from "../src/sql/facts.js";
import type { StatementFacts } from "../src/sql/types.js";
import { clusteredRecordSize, decimalBytes } from "../src/sql/rowsize.js";
import { Schema } from "../src/sql/schema.js";
import { parseTarget } from "../src/target.js";
import { run, scratch } from "./helpers/run.js";

const mysql = parseTarget("mysql-8.0.36");

async function statements(sql: string, target = mysql): Promise<StatementFacts[]> {
  const facts = await extractFacts("t.sql", sql, target);
  expect(facts.errors).toEqual([]);
  return facts.statements;
}

async function schemaOf(sql: string, schema = new Schema()): Promise<Schema> {
  for (const s of await statements(sql)) schema.apply(s, "t.sql");
  return schema;
}

/** Facts without ranges, for toEqual. */
function bare<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (k, v) => (k === "range" ? undefined : v))) as T;
}

describe("column facts", () => {
  it("reads CREATE TABLE columns: type as written, lengths, NULL, charset, generated", async () => {
    const [s] = await statements(
      "CREATE TABLE t (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY, " +
        "a VARCHAR(10) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin NOT NULL DEFAULT 'x', b DECIMAL(10,2) NULL, " +
        "c INT GENERATED ALWAYS AS (id + 1) VIRTUAL, d ENUM('x','y') NOT NULL, e DATETIME(3) DEFAULT CURRENT_TIMESTAMP(3), " +
        "f NATIONAL CHAR VARYING(5), g DOUBLE PRECISION, h TEXT COLLATE latin1_bin, i INT AS (id * 2) STORED, k INTEGER PRIMARY KEY, " +
        "j BIGINT NOT NULL REFERENCES p (id) ON DELETE SET NULL, KEY kp (a(4), b)) ENGINE=InnoDB DEFAULT CHARSET=latin1 ROW_FORMAT=COMPACT",
    );
    expect(bare(s?.columns)).toEqual([
      { name: "id", type: "BIGINT", dataType: "bigint", unsigned: true, nullable: false, autoIncrement: true },
      { name: "a", type: "VARCHAR(10)", dataType: "varchar", length: 10, nullable: false, charset: "utf8mb4", collation: "utf8mb4_bin", default: "'x'" },
      { name: "b", type: "DECIMAL(10,2)", dataType: "decimal", precision: 10, scale: 2, nullable: true },
      { name: "c", type: "INT", dataType: "int", nullable: true, generated: "virtual" },
      { name: "d", type: "ENUM('x','y')", dataType: "enum", values: ["x", "y"], nullable: false },
      { name: "e", type: "DATETIME(3)", dataType: "datetime", fsp: 3, nullable: true, default: "CURRENT_TIMESTAMP(3)" },
      { name: "f", type: "NATIONAL CHAR VARYING(5)", dataType: "varchar", length: 5, nullable: true, charset: "utf8mb3" },
      { name: "g", type: "DOUBLE PRECISION", dataType: "double", nullable: true },
      { name: "h", type: "TEXT", dataType: "text", nullable: true, collation: "latin1_bin", charset: "latin1" },
      { name: "i", type: "INT", dataType: "int", nullable: true, generated: "stored" },
      { name: "k", type: "INTEGER", dataType: "int", nullable: false },
      // ON DELETE SET NULL belongs to the REFERENCES clause, not to the column.
      { name: "j", type: "BIGINT", dataType: "bigint", nullable: false },
    ]);
    expect(s?.tableOptions).toEqual({ engine: "innodb", charset: "latin1", rowFormat: "compact" });
    expect(s?.indexesAdded?.find((i) => i.name === "kp")?.prefixLengths).toEqual([4, null]);
    // Indexes without prefixes keep their former shape.
    expect(s?.indexesAdded?.find((i) => i.kind === "primary")).not.toHaveProperty("prefixLengths");
  });

  it("marks CREATE TABLE ... SELECT as having columns it does not list", async () => {
    const [s] = await statements("CREATE TABLE t (a INT) AS SELECT b FROM u");
    expect(s?.asSelect).toBe(true);
    expect(s?.columns?.map((c) => c.name)).toEqual(["a"]);
  });

  it("reads ALTER TABLE ADD/MODIFY/CHANGE/DROP/RENAME COLUMN, CONVERT TO and table options", async () => {
    const [s, convert] = await statements(
      "ALTER TABLE t ADD COLUMN x INT NOT NULL FIRST, ADD (y CHAR(2), z TEXT), MODIFY COLUMN a BIGINT NOT NULL AFTER b, " +
        "CHANGE b c VARCHAR(20) CHARSET latin1, CHANGE COLUMN IF EXISTS p q INT, DROP COLUMN d, DROP e, DROP COLUMN IF EXISTS f, " +
        "RENAME COLUMN g TO h, ALTER COLUMN i SET DEFAULT 1, ADD INDEX ix (x), DEFAULT CHARSET=utf8mb4, ROW_FORMAT=DYNAMIC, ALGORITHM=INPLACE;\n" +
        "ALTER TABLE t CONVERT TO CHARACTER SET latin1 COLLATE latin1_bin",
    );
    expect(bare(s?.columnChanges)).toEqual([
      { op: "add", column: { name: "x", type: "INT", dataType: "int", nullable: false }, first: true },
      { op: "add", column: { name: "y", type: "CHAR(2)", dataType: "char", length: 2, nullable: true } },
      { op: "add", column: { name: "z", type: "TEXT", dataType: "text", nullable: true } },
      { op: "modify", column: { name: "a", type: "BIGINT", dataType: "bigint", nullable: false }, after: "b" },
      { op: "change", from: "b", column: { name: "c", type: "VARCHAR(20)", dataType: "varchar", length: 20, nullable: true, charset: "latin1" } },
      { op: "change", from: "p", column: { name: "q", type: "INT", dataType: "int", nullable: true } },
      { op: "drop", name: "d" },
      { op: "drop", name: "e" },
      { op: "drop", name: "f" },
      { op: "rename", from: "g", to: "h" },
    ]);
    expect(s?.tableOptions).toEqual({ charset: "utf8mb4", rowFormat: "dynamic" });
    expect(s?.indexesAdded?.map((i) => i.name)).toEqual(["ix"]);
    expect(s?.alterOptions).toEqual({ algorithm: "INPLACE" });
    expect(convert?.columnChanges).toEqual([{ op: "convert", charset: "latin1", collation: "latin1_bin" }]);
  });
});

describe("schema columns and keys", () => {
  it("applies ALTER column changes, renames and drops in indexes, and resolves charsets when columns are defined", async () => {
    const schema = await schemaOf(
      "CREATE TABLE t (id INT NOT NULL, a VARCHAR(10), b INT, c CHAR(3), PRIMARY KEY (id), KEY kab (a, b), KEY kb (b)) DEFAULT CHARSET=latin1;\n" +
        "ALTER TABLE t ADD COLUMN z INT FIRST, CHANGE a a2 VARCHAR(20), DROP COLUMN b, DEFAULT CHARSET=utf8mb4, ADD d VARCHAR(5) AFTER id;\n" +
        "ALTER TABLE t RENAME COLUMN c TO c2, MODIFY d VARCHAR(6) NOT NULL;",
    );
    const t = schema.table("t");
    expect(t?.columns.map((c) => [c.name, c.type, c.charset ?? null, c.nullable])).toEqual([
      ["z", "INT", null, true],
      ["id", "INT", null, false],
      // Defined after DEFAULT CHARSET=utf8mb4 in the same ALTER: the new default applies.
      ["d", "VARCHAR(6)", "utf8mb4", false],
      // CHANGE without CHARACTER SET takes the table default in force.
      ["a2", "VARCHAR(20)", "utf8mb4", true],
      // Defined at CREATE under latin1 and only renamed since: still latin1.
      ["c2", "CHAR(3)", "latin1", true],
    ]);
    // kab lost b and follows the rename; kb lost its only column and is gone.
    expect(t?.indexes.map((i) => [i.name, i.columns])).toEqual([
      ["PRIMARY", ["id"]],
      ["kab", ["a2"]],
    ]);
    expect(t?.primaryKey?.columns).toEqual(["id"]);
    expect(t?.options).toEqual({ charset: "utf8mb4" });
  });

  it("clusters on the first UNIQUE key of NOT NULL whole columns when there is no PRIMARY KEY", async () => {
    const schema = await schemaOf(
      "CREATE TABLE a (x INT, y INT NOT NULL, z VARCHAR(10) NOT NULL, UNIQUE KEY ux (x), UNIQUE KEY uz (z(4)), UNIQUE KEY uy (y));\n" +
        "CREATE TABLE b (x INT, UNIQUE KEY ux (x));\n" +
        "CREATE TABLE c (x INT NOT NULL, UNIQUE KEY ux (x)); ALTER TABLE c ADD PRIMARY KEY (x);\n" +
        "CREATE TABLE d (x INT NOT NULL, y INT NOT NULL, UNIQUE KEY ux (x), PRIMARY KEY (y)); ALTER TABLE d DROP PRIMARY KEY;",
    );
    expect(schema.table("a")?.primaryKey?.name).toBe("uy");
    expect(schema.table("b")?.primaryKey).toBeUndefined();
    expect(schema.table("c")?.primaryKey?.name).toBe("PRIMARY");
    expect(schema.table("d")?.primaryKey?.name).toBe("ux");
  });

  it("keeps clones independent", async () => {
    const schema = await schemaOf("CREATE TABLE t (id INT PRIMARY KEY, a INT)");
    const copy = schema.clone();
    for (const s of await statements("ALTER TABLE t DROP COLUMN a, ADD b BIGINT")) copy.apply(s, "u.sql");
    expect(schema.table("t")?.columns.map((c) => c.name)).toEqual(["id", "a"]);
    expect(copy.table("t")?.columns.map((c) => c.name)).toEqual(["id", "b"]);
  });

  it("does not guess sizes for tables whose columns it has not seen", async () => {
    const schema = await schemaOf(
      "CREATE TABLE s AS SELECT 1 AS a; CREATE TABLE l LIKE missing; CREATE TABLE f (id INT PRIMARY KEY, a INT, KEY e ((a + 1)), FULLTEXT KEY ft (a));",
    );
    expect(schema.rowSize("s")).toBeUndefined();
    expect(schema.rowSize("l")).toBeUndefined();
    expect(schema.indexRecordSize("f", "e")).toBeUndefined(); // an expression key part
    expect(schema.indexRecordSize("f", "ft")).toBeUndefined(); // FULLTEXT: auxiliary tables
    expect(schema.rowSize("f")).toBeDefined();
  });
});

describe("record sizes (InnoDB COMPACT/DYNAMIC/REDUNDANT rules)", () => {
  it("sizes a DYNAMIC table with fixed, NULL and variable-length columns", async () => {
    const schema = await schemaOf(`CREATE TABLE orders (
      id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,
      customer_id INT NOT NULL,
      status ENUM('new','paid','shipped') NOT NULL DEFAULT 'new',
      total DECIMAL(10,2) NOT NULL,
      note VARCHAR(100) NULL,
      created_at DATETIME(3) NOT NULL,
      code CHAR(8) CHARACTER SET latin1 NOT NULL,
      PRIMARY KEY (id),
      KEY idx_customer (customer_id, created_at)
    ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 ROW_FORMAT=DYNAMIC`);
    // Clustered record: id 8 | DB_TRX_ID 6 | DB_ROLL_PTR 7 | customer_id 4 | status 1 (ENUM ≤ 255 members)
    // | total 5 (DECIMAL(10,2): 8 integer digits → 4 bytes, 2 fraction digits → 1) | note VARCHAR(100) utf8mb4
    // (0..400 bytes, nullable) | created_at 7 (DATETIME 5 + fsp 3 → 2) | code 8 (CHAR(8) latin1: fixed).
    // Fixed fields: 8+6+7+4+1+5+7+8 = 46; one nullable field → 1 byte of NULL flags; header 5.
    // min:     5 + 1 + 46 (note NULL)                                     =  52
    // typical: 5 + 1 + 46 + 1 length byte + 50 (half of 100 chars, 1 B)   = 103
    // max:     5 + 1 + 46 + 2 length bytes (400 ≥ 128, max > 255) + 400   = 454
    // minData (dict_index_get_min_size): 46 + 0 for the VARCHAR          =  46
    expect(schema.rowSize("orders")).toEqual({ min: 52, typical: 103, max: 454, minData: 46, fields: 9, nullable: 1, external: 0 });
    // Secondary: customer_id 4 + created_at 7 + id 8 (the primary key), no nullable field, header 5.
    expect(schema.indexRecordSize("orders", "idx_customer")).toEqual({ min: 24, typical: 24, max: 24, minData: 19, fields: 3, nullable: 0, external: 0 });
    expect(schema.indexRecordSize("orders", "PRIMARY")).toEqual(schema.rowSize("orders"));
    expect(decimalBytes(10, 2)).toBe(5);
    expect(decimalBytes(65, 30)).toBe(30); // 35 digits: 3×4 + 4 (8 digits); 30 digits: 3×4 + 2 (3 digits)
  });

  it("sizes a table without a key: DB_ROW_ID, CHAR in utf8mb4, TEXT off-page, a prefix index", async () => {
    const schema = await schemaOf(`CREATE TABLE tags (
      name CHAR(10) NOT NULL,
      label VARCHAR(50),
      body TEXT,
      KEY idx_label (label(20))
    ) DEFAULT CHARSET=utf8mb4`);
    // Clustered: DB_ROW_ID 6 | DB_TRX_ID 6 | DB_ROLL_PTR 7 | name CHAR(10) utf8mb4 (variable, 10..40 bytes,
    // max ≤ 255 → 1 length byte) | label VARCHAR(50) (0..200, max ≤ 255 → 1 length byte) | body TEXT.
    // Two nullable fields → 1 byte of NULL flags.
    // min:     5 + 1 + 19 + (10 + 1)                                     =  36
    // typical: 5 + 1 + 19 + (10 + 1) + (25 + 1) + body off-page (20 + 2) =  84
    // max:     5 + 1 + 19 + (40 + 1) + (200 + 1) + (20 + 2)               = 289
    // minData: 6 + 6 + 7 + 10 (CHAR(10) × mbminlen 1) + 0 + 0             =  29
    expect(schema.rowSize("tags")).toEqual({ min: 36, typical: 84, max: 289, minData: 29, fields: 6, nullable: 2, external: 1 });
    // idx_label: label(20) → at most 80 bytes, nullable (1 flag byte), then DB_ROW_ID 6.
    // min 5 + 1 + 6 = 12; typical 5 + 1 + (20 + 1) + 6 = 33 (25 chars cut to the 20-char prefix);
    // max 5 + 1 + (80 + 1) + 6 = 93; minData = 0 (VARCHAR) + 6 = 6.
    expect(schema.indexRecordSize("tags", "idx_label")).toEqual({ min: 12, typical: 33, max: 93, minData: 6, fields: 2, nullable: 1, external: 0 });
  });

  it("sizes COMPACT (768-byte local prefix) and a table clustered on a UNIQUE key", async () => {
    const schema = await schemaOf(`CREATE TABLE sessions (
      token BINARY(16) NOT NULL,
      user_id INT UNSIGNED NOT NULL,
      data MEDIUMTEXT NOT NULL,
      flags SET('a','b','c','d','e','f','g','h','i') NOT NULL,
      expires TIMESTAMP(6) NULL,
      UNIQUE KEY uk_token (token),
      KEY idx_user (user_id, expires)
    ) ROW_FORMAT=COMPACT DEFAULT CHARSET=latin1`);
    // Clustered on uk_token: token 16 | 6 | 7 | user_id 4 | data | flags 2 (9 members → 2 bytes)
    // | expires 7 (TIMESTAMP 4 + fsp 6 → 3, nullable). Fixed non-NULL: 16+6+7+4+2 = 35.
    // min:     5 + 1 + 35 + (0 + 1) for the empty MEDIUMTEXT                 =  42
    // typical: 5 + 1 + 35 + 7 + COMPACT off-page (768 prefix + 20 pointer + 2) = 838
    // minData: 16 + 6 + 7 + 4 + 0 + 2 + 7                                    =  42
    expect(schema.rowSize("sessions")).toEqual({ min: 42, typical: 838, max: 838, minData: 42, fields: 7, nullable: 1, external: 1 });
    // idx_user: user_id 4, expires 7 (nullable), token 16: min 5+1+4+16 = 26, else 5+1+4+7+16 = 33.
    expect(schema.indexRecordSize("sessions", "idx_user")).toEqual({ min: 26, typical: 33, max: 33, minData: 27, fields: 3, nullable: 1, external: 0 });
  });

  it("sizes REDUNDANT: 6-byte header, one offset byte per field, NULL CHAR keeps its space", async () => {
    const schema = await schemaOf(
      "CREATE TABLE r (id INT NOT NULL PRIMARY KEY, c CHAR(10) NULL, v VARCHAR(10) NULL) ROW_FORMAT=REDUNDANT DEFAULT CHARSET=utf8mb4",
    );
    // Fields id 4, DB_TRX_ID 6, DB_ROLL_PTR 7, c (REDUNDANT: fixed 10 × 4 = 40 bytes, even when NULL), v (0..40).
    // min:     6 + 5 × 1 + (4 + 6 + 7 + 40 + 0)  =  68
    // typical: 6 + 5 × 1 + (57 + 5)              =  73
    // max:     6 + 5 × 1 + (57 + 40)             = 108 (data 97 ≤ 127: 1-byte offsets)
    expect(schema.rowSize("r")).toEqual({ min: 68, typical: 73, max: 108, minData: 27, fields: 5, nullable: 2, external: 0 });
  });

  it("recomputes sizes after ALTER TABLE column changes", async () => {
    const schema = await schemaOf(`CREATE TABLE orders (id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT, customer_id INT NOT NULL,
      status ENUM('new','paid','shipped') NOT NULL DEFAULT 'new', total DECIMAL(10,2) NOT NULL, note VARCHAR(100) NULL,
      created_at DATETIME(3) NOT NULL, code CHAR(8) CHARACTER SET latin1 NOT NULL, PRIMARY KEY (id),
      KEY idx_customer (customer_id, created_at)) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
      ALTER TABLE orders ADD COLUMN sku VARCHAR(20) NOT NULL AFTER id, MODIFY note VARCHAR(300), DROP COLUMN code,
        CHANGE customer_id buyer_id BIGINT NOT NULL, ADD INDEX idx_sku (sku);`);
    expect(schema.table("orders")?.columns.map((c) => c.name)).toEqual(["id", "sku", "buyer_id", "status", "total", "note", "created_at"]);
    // Fixed: id 8 + 6 + 7 + buyer_id 8 + status 1 + total 5 + created_at 7 = 42; sku VARCHAR(20) utf8mb4
    // NOT NULL (0..80, 1 length byte); note VARCHAR(300) utf8mb4 nullable (0..1200).
    // min:     5 + 1 + 42 + (0 + 1)                        =   49
    // typical: 5 + 1 + 42 + (10 + 1) + (150 + 2)           =  211
    // max:     5 + 1 + 42 + (80 + 1) + (1200 + 2)          = 1331
    expect(schema.rowSize("orders")).toEqual({ min: 49, typical: 211, max: 1331, minData: 42, fields: 9, nullable: 1, external: 0 });
    // idx_customer now covers buyer_id: 8 + 7 + id 8 = 23, + header 5.
    expect(schema.indexRecordSize("orders", "idx_customer")).toMatchObject({ min: 28, max: 28, minData: 23 });
    // idx_sku: sku + id 8: min 5 + 1 + 8 = 14; typical 5 + 11 + 8 = 24; max 5 + 81 + 8 = 94.
    expect(schema.indexRecordSize("orders", "idx_sku")).toMatchObject({ min: 14, typical: 24, max: 94, minData: 8 });
  });

  it("uses the server default charset for columns and tables that name none", async () => {
    const sql = "CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(100) NOT NULL)";
    // utf8mb4: v max 400 → 2 length bytes: 5 + 4+6+7 + 400 + 2 = 424; latin1: 5 + 17 + 100 + 1 = 123.
    expect((await schemaOf(sql)).rowSize("t")?.max).toBe(424);
    expect((await schemaOf(sql, new Schema({ defaultCharset: "latin1" }))).rowSize("t")?.max).toBe(123);
    // The minimum does not depend on it.
    expect(clusteredRecordSize({ columns: (await statements(sql))[0]?.columns ?? [], primaryKey: { columns: ["id"] } }, "latin1")?.min).toBe(
      (await schemaOf(sql)).rowSize("t")?.min,
    );
  });
});

const DUMP = `-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
--
-- Host: localhost    Database: shop
-- ------------------------------------------------------
-- Server version	8.0.36

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!50503 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;

--
-- Table structure for table \`events\`
--

DROP TABLE IF EXISTS \`events\`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!50503 SET character_set_client = utf8mb4 */;
CREATE TABLE \`events\` (
  \`id\` bigint unsigned NOT NULL AUTO_INCREMENT,
  \`created\` date NOT NULL,
  \`kind\` varchar(32) COLLATE utf8mb4_bin NOT NULL,
  \`payload\` json DEFAULT NULL,
  \`kind_len\` int GENERATED ALWAYS AS (char_length(\`kind\`)) VIRTUAL,
  PRIMARY KEY (\`id\`,\`created\`),
  KEY \`idx_kind\` (\`kind\`,\`created\`)
) ENGINE=InnoDB AUTO_INCREMENT=1001 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci
/*!50100 PARTITION BY RANGE (to_days(\`created\`))
(PARTITION p2023 VALUES LESS THAN (739252) ENGINE = InnoDB,
 PARTITION p2024 VALUES LESS THAN (739617) ENGINE = InnoDB,
 PARTITION pmax VALUES LESS THAN MAXVALUE ENGINE = InnoDB) */;
/*!40101 SET character_set_client = @saved_cs_client */;

--
-- Dumping data for table \`events\`
--

LOCK TABLES \`events\` WRITE;
/*!40000 ALTER TABLE \`events\` DISABLE KEYS */;
/*!40000 ALTER TABLE \`events\` ENABLE KEYS */;
UNLOCK TABLES;

--
-- Table structure for table \`users\`
--

DROP TABLE IF EXISTS \`users\`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!50503 SET character_set_client = utf8mb4 */;
CREATE TABLE \`users\` (
  \`id\` int NOT NULL AUTO_INCREMENT,
  \`email\` varchar(255) CHARACTER SET ascii COLLATE ascii_general_ci NOT NULL,
  \`name\` char(20) NOT NULL,
  \`created_at\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP,
  \`updated_at\` timestamp(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`uk_email\` (\`email\`)
) ENGINE=InnoDB AUTO_INCREMENT=7 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci COMMENT='people';
/*!40101 SET character_set_client = @saved_cs_client */;
/*!50003 SET @saved_cs_client      = @@character_set_client */ ;
/*!50003 SET @saved_cs_results     = @@character_set_results */ ;
/*!50003 SET @saved_col_connection = @@collation_connection */ ;
/*!50003 SET character_set_client  = utf8mb4 */ ;
/*!50003 SET character_set_results = utf8mb4 */ ;
/*!50003 SET collation_connection  = utf8mb4_0900_ai_ci */ ;
/*!50003 SET @saved_sql_mode       = @@sql_mode */ ;
/*!50003 SET sql_mode              = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ENGINE_SUBSTITUTION' */ ;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=\`root\`@\`localhost\`*/ /*!50003 TRIGGER \`users_bi\` BEFORE INSERT ON \`users\` FOR EACH ROW BEGIN
  SET NEW.email = LOWER(NEW.email);
END */;;
DELIMITER ;
/*!50003 SET sql_mode              = @saved_sql_mode */ ;
/*!50003 SET character_set_client  = @saved_cs_client */ ;
/*!50003 SET character_set_results = @saved_cs_results */ ;
/*!50003 SET collation_connection  = @saved_col_connection */ ;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

-- Dump completed on 2024-05-01 12:00:00
`;

describe("mysqldump --no-data", () => {
  it("loads a dump through the statements path: tables, partitions, indexes, columns, sizes", async () => {
    const facts = await extractFacts("dump.sql", DUMP, mysql);
    expect(facts.errors).toEqual([]);
    const schema = new Schema();
    for (const s of facts.statements) schema.apply(s, "dump.sql");
    expect(schema.all().map((t) => t.name)).toEqual(["events", "users"]);

    const events = schema.table("events");
    expect(events?.partitioning).toMatchObject({ type: "range", partitions: 3, names: ["p2023", "p2024", "pmax"] });
    expect(events?.indexes.map((i) => i.name)).toEqual(["PRIMARY", "idx_kind"]);
    expect(events?.columns.map((c) => [c.name, c.charset ?? null])).toEqual([
      ["id", null],
      ["created", null],
      ["kind", "utf8mb4"],
      ["payload", null],
      ["kind_len", null],
    ]);
    // events, clustered on (id, created): 8 + 3 + 6 + 7 = 24 fixed; kind VARCHAR(32) utf8mb4 NOT NULL (0..128,
    // 1 length byte); payload JSON nullable, off-page in DYNAMIC (20 + 2); kind_len is VIRTUAL, not stored.
    // min 5 + 1 + 24 + 1 = 31; typical 5 + 1 + 24 + 17 + 22 = 69; max 5 + 1 + 24 + 129 + 22 = 181.
    expect(schema.rowSize("events")).toEqual({ min: 31, typical: 69, max: 181, minData: 24, fields: 6, nullable: 1, external: 1 });
    // idx_kind: kind, created 3, then id 8 (created is already there): min 5 + 1 + 11 = 17; max 5 + 129 + 11 = 145.
    expect(schema.indexRecordSize("events", "idx_kind")).toEqual({ min: 17, typical: 33, max: 145, minData: 11, fields: 3, nullable: 0, external: 0 });

    // users: id 4 + 6 + 7 + created_at 5 = 22 fixed; email VARCHAR(255) ascii (≤ 255 bytes: 1 length byte);
    // name CHAR(20) utf8mb4 (20..80); updated_at TIMESTAMP(3) 6, nullable.
    // min 5 + 1 + 22 + (0 + 1) + (20 + 1) = 50; typical 5 + 1 + 22 + 129 + 21 + 6 = 184; max 5 + 1 + 22 + 256 + 81 + 6 = 371.
    expect(schema.rowSize("users")).toEqual({ min: 50, typical: 184, max: 371, minData: 48, fields: 7, nullable: 1, external: 0 });
    expect(schema.indexRecordSize("users", "uk_email")).toEqual({ min: 10, typical: 138, max: 265, minData: 4, fields: 2, nullable: 0, external: 0 });

    // Loading the same dump again: DROP TABLE IF EXISTS then CREATE, same schema.
    for (const s of facts.statements) schema.apply(s, "dump.sql");
    expect(schema.size).toBe(2);
    expect(schema.rowSize("users")?.min).toBe(50);
  });
});

describe("ddl-multi-index-memory with the schema's record size", () => {
  it("takes the smallest dict_index_get_min_size of the indexes being added, as the statement leaves the table", async () => {
    const schema = await schemaOf(
      "CREATE TABLE clicks (id BIGINT, d DATE, a INT, b INT, c INT, v VARCHAR(10), PRIMARY KEY (id, d)) PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 400",
    );
    const [alter, withColumn, expr, unknown] = await statements(
      "ALTER TABLE clicks ADD INDEX ia (a), ADD INDEX iab (a, b);\n" +
        "ALTER TABLE clicks ADD COLUMN s SMALLINT NOT NULL, ADD INDEX isx (s), ADD FULLTEXT INDEX fv (v);\n" +
        "ALTER TABLE clicks ADD INDEX ie ((a + 1));\n" +
        "CREATE INDEX i ON nowhere (a);",
    );
    // ia: a 4 + id 8 + d 3 = 15; iab: 4 + 4 + 8 + 3 = 19 → 15.
    expect(schema.minIndexRecordBytes(alter as StatementFacts)).toBe(15);
    // A column added by the same ALTER counts: s 2 + 8 + 3 = 13; the FULLTEXT index is not a row0merge sort.
    expect(schema.minIndexRecordBytes(withColumn as StatementFacts)).toBe(13);
    expect(schema.minIndexRecordBytes(expr as StatementFacts)).toBeUndefined();
    expect(schema.minIndexRecordBytes(unknown as StatementFacts)).toBeUndefined();
    // The schema itself is unchanged.
    expect(schema.table("clicks")?.indexes.map((i) => i.name)).toEqual(["PRIMARY"]);
  });

  async function lint(sql: string): Promise<{ rule: string; message: string }[]> {
    const dir = scratch({ "m.sql": sql, ".innolint.json": JSON.stringify({ root: true }) });
    const res = await run(["--format", "json", "--target", "mysql-5.7.44", join(dir, "m.sql")], { cwd: dir });
    const report = JSON.parse(res.stdout) as { findings: { rule: string; message: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    return report.findings.filter((f) => f.rule === "ddl-multi-index-memory");
  }

  it("divides by the schema's size when the table is known, by the minRecordBytes option otherwise", async () => {
    const known = await lint(
      "CREATE TABLE clicks (id BIGINT, d DATE, a INT, b INT, c INT, PRIMARY KEY (id, d)) PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 400;\n" +
        "ALTER TABLE clicks ADD INDEX ia (a), ADD INDEX ib (b), ADD INDEX ic (c);\n",
    );
    // 2 × 400 × 3 × ⌊1 MiB ÷ 15⌋ × 8 = 1,342,176,000 bytes.
    expect(known.map((f) => f.message)).toEqual([expect.stringContaining("÷ 15-byte records")]);
    expect(known[0]?.message).toContain("may take up to about 1.2G by");

    // VARCHAR key and VARCHAR primary key: dict_index_get_min_size is 0, InnoDB divides by max(1, 0).
    // 2 × 40 × 2 × 1 MiB × 8 = 1.25 GiB, where the assumed 16-byte records would give 80 MiB.
    const varchars = await lint(
      "CREATE TABLE t (id VARCHAR(36) NOT NULL PRIMARY KEY, a VARCHAR(100), b VARCHAR(100)) PARTITION BY KEY (id) PARTITIONS 40;\n" +
        "ALTER TABLE t ADD INDEX ia (a), ADD INDEX ib (b);\n",
    );
    expect(varchars.map((f) => f.message)).toEqual([expect.stringContaining("÷ 1-byte records")]);

    // A table created LIKE one innolint never saw: the option's 16 bytes.
    const fallback = await lint(
      "CREATE TABLE t LIKE elsewhere;\nALTER TABLE t PARTITION BY HASH (id) PARTITIONS 400;\nALTER TABLE t ADD INDEX ia (a), ADD INDEX ib (b), ADD INDEX ic (c);\n",
    );
    expect(fallback.map((f) => f.message)).toEqual([expect.stringContaining("÷ 16-byte records")]);
  });
});

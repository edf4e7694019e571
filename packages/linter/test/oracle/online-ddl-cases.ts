/**
 * Operation × table-shape cases for the online-DDL oracle: each case is a table (and what it
 * needs, such as a parent table), and a statement whose ALGORITHM and LOCK clauses the oracle
 * varies. `{clause}` marks where a clause goes (", ALGORITHM=X" for ALTER TABLE, " ALGORITHM=X"
 * for CREATE/DROP INDEX); the bare statement has it removed.
 */
export interface DdlCase {
  id: string;
  /** Statements run before the table is created (a parent table for foreign keys). */
  setup: string[];
  create: string;
  statement: string;
  /** Session foreign_key_checks. */
  foreignKeyChecks: boolean;
}

interface Shape {
  name: string;
  charset: "latin1" | "utf8mb3" | "utf8mb4";
  /** Extra column and key definitions, and table options. */
  columns?: string;
  keys?: string;
  options?: string;
  noPrimaryKey?: boolean;
  uniqueNotNull?: boolean;
  setup?: string[];
}

/** VARCHAR `v`: its length, the longest within 255 bytes, and the shortest beyond, per charset. */
const VARCHAR: Record<Shape["charset"], [number, number, number]> = {
  latin1: [200, 255, 256],
  utf8mb3: [80, 85, 86],
  utf8mb4: [50, 63, 64],
};

const SHAPES: Shape[] = [
  { name: "utf8mb4", charset: "utf8mb4" },
  { name: "latin1", charset: "latin1" },
  { name: "utf8mb3", charset: "utf8mb3" },
  { name: "no-pk", charset: "utf8mb4", noPrimaryKey: true },
  { name: "unique-not-null", charset: "utf8mb4", noPrimaryKey: true, uniqueNotNull: true },
  { name: "compressed", charset: "utf8mb4", options: "ROW_FORMAT=COMPRESSED" },
  { name: "redundant", charset: "utf8mb4", options: "ROW_FORMAT=REDUNDANT" },
  { name: "fulltext", charset: "utf8mb4", keys: "FULLTEXT KEY ft (txt)" },
  { name: "generated", charset: "utf8mb4", columns: "gv INT AS (a + 1) VIRTUAL, gs INT AS (a + 2) STORED" },
  { name: "partitioned", charset: "utf8mb4", options: "PARTITION BY HASH (id) PARTITIONS 2" },
  {
    name: "range-partitioned",
    charset: "utf8mb4",
    options: "PARTITION BY RANGE (id) (PARTITION p0 VALUES LESS THAN (100), PARTITION p1 VALUES LESS THAN (200))",
  },
  { name: "spatial", charset: "utf8mb4", columns: "g POINT NOT NULL" },
  {
    name: "foreign-key",
    charset: "utf8mb4",
    setup: ["CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB"],
    keys: "CONSTRAINT fk_a FOREIGN KEY (a) REFERENCES p (id), CONSTRAINT chk_b CHECK (b >= 0)",
  },
];

function createTable(s: Shape): string {
  const [v] = VARCHAR[s.charset];
  const cols = [
    "id INT NOT NULL",
    "a INT",
    "b INT NOT NULL DEFAULT 0",
    "c VARCHAR(20)",
    `v VARCHAR(${v})`,
    "w VARCHAR(300)",
    "e ENUM('x','y')",
    "st SET('p','q')",
    "d DATETIME",
    "txt TEXT",
    "ix VARCHAR(20)",
    ...(s.columns ? [s.columns] : []),
  ];
  const keys = [
    ...(s.noPrimaryKey ? (s.uniqueNotNull ? ["UNIQUE KEY uk (id)"] : []) : ["PRIMARY KEY (id)"]),
    "KEY ka (a)",
    "KEY kix (ix)",
    ...(s.keys ? [s.keys] : []),
  ];
  const opts = s.options?.startsWith("PARTITION") ? "" : (s.options ?? "");
  const part = s.options?.startsWith("PARTITION") ? ` ${s.options}` : "";
  return `CREATE TABLE t (${[...cols, ...keys].join(", ")}) ENGINE=InnoDB DEFAULT CHARSET=${s.charset}${opts ? " " + opts : ""}${part}`;
}

/** ALTER TABLE operations; `v` lengths come from the shape's charset. */
function alterOps(s: Shape): { id: string; sql: string; fk?: boolean; setup?: string[] }[] {
  const [, within, cross] = VARCHAR[s.charset];
  const ops: { id: string; sql: string; fk?: boolean; setup?: string[] }[] = [
    { id: "add-column-last", sql: "ADD COLUMN x INT" },
    { id: "add-column-first", sql: "ADD COLUMN x INT FIRST" },
    { id: "add-column-after", sql: "ADD COLUMN x INT AFTER a" },
    { id: "add-column-not-null-default", sql: "ADD COLUMN x INT NOT NULL DEFAULT 5" },
    { id: "add-column-not-null", sql: "ADD COLUMN x INT NOT NULL" },
    { id: "add-column-default-now", sql: "ADD COLUMN x DATETIME DEFAULT CURRENT_TIMESTAMP" },
    { id: "add-column-default-expr", sql: "ADD COLUMN x INT DEFAULT (a + 1)" },
    { id: "add-column-auto-increment", sql: "ADD COLUMN x INT NOT NULL AUTO_INCREMENT, ADD KEY kx (x)" },
    { id: "add-column-virtual", sql: "ADD COLUMN x INT AS (a * 2) VIRTUAL" },
    { id: "add-column-stored", sql: "ADD COLUMN x INT AS (a * 2) STORED" },
    { id: "add-two-columns", sql: "ADD COLUMN x INT, ADD COLUMN y VARCHAR(10) AFTER b" },
    { id: "drop-column", sql: "DROP COLUMN c" },
    { id: "drop-indexed-column", sql: "DROP COLUMN a" },
    { id: "rename-column", sql: "RENAME COLUMN c TO c2" },
    { id: "change-column-name", sql: "CHANGE c c2 VARCHAR(20)" },
    { id: "modify-first", sql: "MODIFY c VARCHAR(20) FIRST" },
    { id: "modify-after", sql: "MODIFY c VARCHAR(20) AFTER d" },
    { id: "modify-same", sql: "MODIFY c VARCHAR(20)" },
    { id: "varchar-extend", sql: "MODIFY c VARCHAR(30)" },
    { id: "varchar-extend-to-255-bytes", sql: `MODIFY v VARCHAR(${within})` },
    { id: "varchar-extend-past-255-bytes", sql: `MODIFY v VARCHAR(${cross})` },
    { id: "varchar-extend-long", sql: "MODIFY w VARCHAR(400)" },
    { id: "varchar-shrink", sql: "MODIFY c VARCHAR(10)" },
    { id: "int-to-bigint", sql: "MODIFY a BIGINT" },
    { id: "int-to-unsigned", sql: "MODIFY a INT UNSIGNED" },
    { id: "int-to-varchar", sql: "MODIFY b VARCHAR(20) NOT NULL DEFAULT '0'" },
    { id: "null-to-not-null", sql: "MODIFY a INT NOT NULL" },
    { id: "not-null-to-null", sql: "MODIFY b INT NULL DEFAULT 0" },
    // Nullable as written; a PRIMARY KEY column stays NOT NULL (the server adds it back).
    { id: "key-column-implicit-null", sql: "MODIFY id INT COMMENT 'key'" },
    { id: "modify-default", sql: "MODIFY b INT NOT NULL DEFAULT 7" },
    { id: "set-default", sql: "ALTER COLUMN b SET DEFAULT 3" },
    { id: "drop-default", sql: "ALTER COLUMN b DROP DEFAULT" },
    { id: "modify-comment", sql: "MODIFY a INT COMMENT 'note'" },
    { id: "enum-append", sql: "MODIFY e ENUM('x','y','z')" },
    { id: "enum-reorder", sql: "MODIFY e ENUM('y','x')" },
    { id: "enum-remove", sql: "MODIFY e ENUM('x')" },
    { id: "set-append", sql: "MODIFY st SET('p','q','r')" },
    { id: "column-charset", sql: `MODIFY c VARCHAR(20) CHARACTER SET ${s.charset === "utf8mb4" ? "latin1" : "utf8mb4"}` },
    { id: "column-collation", sql: `MODIFY c VARCHAR(20) COLLATE ${s.charset}_bin` },
    { id: "text-to-mediumtext", sql: "MODIFY txt MEDIUMTEXT" },
    { id: "add-index", sql: "ADD INDEX ix (c)" },
    { id: "add-unique", sql: "ADD UNIQUE KEY ux (c)" },
    { id: "add-prefix-index", sql: "ADD INDEX ix (txt(10))" },
    { id: "add-fulltext", sql: "ADD FULLTEXT KEY ft2 (c)" },
    { id: "drop-index", sql: "DROP INDEX ka" },
    { id: "rename-index", sql: "RENAME INDEX ka TO kb" },
    { id: "replace-index", sql: "DROP INDEX ka, ADD INDEX ka (a, b)" },
    { id: "add-primary-key", sql: "ADD PRIMARY KEY (b)" },
    { id: "drop-primary-key", sql: "DROP PRIMARY KEY" },
    { id: "change-primary-key", sql: "DROP PRIMARY KEY, ADD PRIMARY KEY (id, b)" },
    { id: "add-check", sql: "ADD CONSTRAINT chk_x CHECK (a > 0)" },
    { id: "row-format-dynamic", sql: "ROW_FORMAT=DYNAMIC" },
    { id: "row-format-compressed", sql: "ROW_FORMAT=COMPRESSED" },
    { id: "key-block-size", sql: "KEY_BLOCK_SIZE=8" },
    { id: "engine-innodb", sql: "ENGINE=InnoDB" },
    { id: "force", sql: "FORCE" },
    { id: "convert-charset", sql: `CONVERT TO CHARACTER SET ${s.charset === "latin1" ? "utf8mb4" : "latin1"}` },
    { id: "convert-same-charset", sql: `CONVERT TO CHARACTER SET ${s.charset}` },
    { id: "table-charset", sql: `DEFAULT CHARSET=${s.charset === "latin1" ? "utf8mb4" : "latin1"}` },
    { id: "auto-increment-value", sql: "AUTO_INCREMENT=100" },
    { id: "table-comment", sql: "COMMENT='orders'" },
    { id: "stats-persistent", sql: "STATS_PERSISTENT=1" },
    { id: "add-column-and-index", sql: "ADD COLUMN x INT, ADD INDEX ix (c)" },
    { id: "add-and-drop-column", sql: "ADD COLUMN x INT, DROP COLUMN c" },
    { id: "default-and-extend", sql: "ALTER COLUMN b SET DEFAULT 3, MODIFY c VARCHAR(30)" },
    { id: "add-column-and-force", sql: "ADD COLUMN x INT, FORCE" },
    { id: "rename-index-and-add-index", sql: "RENAME INDEX ka TO kb, ADD INDEX ix (c)" },
    { id: "default-and-add-column", sql: "ALTER COLUMN b SET DEFAULT 1, ADD COLUMN x INT" },
    { id: "rename-column-and-add-index", sql: "RENAME COLUMN c TO c2, ADD INDEX ixv (v)" },
    { id: "drop-index-and-add-column", sql: "DROP INDEX ka, ADD COLUMN x INT" },
    { id: "change-rename-extend", sql: "CHANGE c c2 VARCHAR(30)" },
    { id: "drop-two-columns", sql: "DROP COLUMN c, DROP COLUMN v" },
    { id: "int-display-width", sql: "MODIFY a INT(11)" },
    { id: "add-column-default-null", sql: "ADD COLUMN x INT NULL DEFAULT NULL" },
    { id: "add-column-and-unique", sql: "ADD COLUMN x INT, ADD UNIQUE KEY ux (x)" },
    { id: "add-virtual-and-index", sql: "ADD COLUMN x INT AS (a * 2) VIRTUAL, ADD INDEX ivx (x)" },
    { id: "indexed-varchar-extend", sql: "MODIFY ix VARCHAR(30)" },
    { id: "indexed-collation", sql: `MODIFY ix VARCHAR(20) COLLATE ${s.charset}_bin` },
    { id: "indexed-charset", sql: `MODIFY ix VARCHAR(20) CHARACTER SET ${s.charset === "utf8mb4" ? "latin1" : "utf8mb4"}` },
    { id: "indexed-rename", sql: "RENAME COLUMN ix TO ix2" },
    { id: "indexed-not-null", sql: "MODIFY ix VARCHAR(20) NOT NULL" },
    { id: "drop-indexed-varchar", sql: "DROP COLUMN ix" },
    { id: "partition-by", sql: "PARTITION BY KEY (id) PARTITIONS 3" },
    { id: "enum-append-past-255", sql: `MODIFY e ENUM(${["x", "y", ...Array.from({ length: 260 }, (_, i) => `m${i}`)].map((m) => `'${m}'`).join(",")})` },
    { id: "set-append-past-8", sql: "MODIFY st SET('p','q','r','s','t','u','v','w','z')" },
    { id: "page-compressed", sql: "PAGE_COMPRESSED=1" },
    { id: "max-rows", sql: "MAX_ROWS=1000" },
    { id: "checksum", sql: "CHECKSUM=1" },
    { id: "add-column-if-not-exists", sql: "ADD COLUMN IF NOT EXISTS x INT" },
    { id: "alter-rename-to", sql: "RENAME TO t2" },
  ];
  if (s.name === "spatial") ops.push({ id: "add-spatial", sql: "ADD SPATIAL INDEX sp (g)" });
  if (s.name === "partitioned") {
    ops.push(
      { id: "add-partitions", sql: "ADD PARTITION PARTITIONS 2" },
      { id: "coalesce-partition", sql: "COALESCE PARTITION 1" },
      { id: "rebuild-partition", sql: "REBUILD PARTITION p0" },
      { id: "truncate-partition", sql: "TRUNCATE PARTITION p0" },
      { id: "remove-partitioning", sql: "REMOVE PARTITIONING" },
    );
  }
  if (s.name === "range-partitioned") {
    ops.push(
      { id: "add-range-partition", sql: "ADD PARTITION (PARTITION p2 VALUES LESS THAN (300))" },
      { id: "drop-partition", sql: "DROP PARTITION p0" },
      { id: "reorganize-partition", sql: "REORGANIZE PARTITION p1 INTO (PARTITION p1a VALUES LESS THAN (150), PARTITION p1b VALUES LESS THAN (200))" },
    );
  }
  if (s.name === "generated") {
    ops.push(
      { id: "drop-virtual", sql: "DROP COLUMN gv" },
      { id: "drop-stored", sql: "DROP COLUMN gs" },
      { id: "reorder-virtual", sql: "MODIFY gv INT AS (a + 1) VIRTUAL FIRST" },
      { id: "reorder-stored", sql: "MODIFY gs INT AS (a + 2) STORED FIRST" },
      { id: "virtual-index", sql: "ADD INDEX ig (gv)" },
    );
  }
  if (s.name === "foreign-key") {
    ops.push({ id: "drop-foreign-key", sql: "DROP FOREIGN KEY fk_a" }, { id: "drop-check", sql: "DROP CONSTRAINT chk_b" });
  } else {
    const setup = ["CREATE TABLE p (id INT PRIMARY KEY) ENGINE=InnoDB"];
    ops.push(
      { id: "add-foreign-key", sql: "ADD CONSTRAINT fk_x FOREIGN KEY (a) REFERENCES p (id)", setup },
      { id: "add-foreign-key-unchecked", sql: "ADD CONSTRAINT fk_x FOREIGN KEY (a) REFERENCES p (id)", setup, fk: false },
    );
  }
  return ops;
}

export function ddlCases(): DdlCase[] {
  const out: DdlCase[] = [];
  for (const s of SHAPES) {
    const create = createTable(s);
    for (const op of alterOps(s)) {
      out.push({
        id: `${s.name}/${op.id}`,
        setup: [...(s.setup ?? []), ...(op.setup ?? [])],
        create,
        statement: `ALTER TABLE t ${op.sql}{clause}`,
        foreignKeyChecks: op.fk ?? true,
      });
    }
    out.push(
      { id: `${s.name}/create-index`, setup: s.setup ?? [], create, statement: "CREATE INDEX ix ON t (c){clause}", foreignKeyChecks: true },
      { id: `${s.name}/create-unique-index`, setup: s.setup ?? [], create, statement: "CREATE UNIQUE INDEX ux ON t (c, b){clause}", foreignKeyChecks: true },
      { id: `${s.name}/drop-index-on`, setup: s.setup ?? [], create, statement: "DROP INDEX ka ON t{clause}", foreignKeyChecks: true },
      { id: `${s.name}/rename-table`, setup: s.setup ?? [], create, statement: "RENAME TABLE t TO t2{clause}", foreignKeyChecks: true },
    );
  }
  return out;
}

/** The statement with a clause, or bare. */
export function withClause(c: DdlCase, clause: string | undefined): string {
  if (!clause) return c.statement.replace("{clause}", "");
  const alter = c.statement.startsWith("ALTER");
  return c.statement.replace("{clause}", alter ? `, ${clause}` : ` ${clause}`);
}

export const CLAUSES = ["ALGORITHM=INSTANT", "ALGORITHM=NOCOPY", "ALGORITHM=INPLACE", "ALGORITHM=COPY", "LOCK=NONE", "LOCK=SHARED", "LOCK=EXCLUSIVE"] as const;

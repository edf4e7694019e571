/** The facts a SQL statement yields (facts.ts extracts them): what the schema model and the SQL rules read. */
import type { Range } from "../finding.js";
import type { VersionedComment } from "./versioned.js";

export type StatementKind =
  | "create-table"
  | "alter-table"
  | "create-index"
  | "drop-index"
  | "drop-table"
  | "truncate-table"
  | "rename-table"
  | "drop-database"
  | "create-tablespace"
  | "drop-tablespace"
  | "set"
  | "select"
  | "insert"
  | "update"
  | "delete"
  | "other";

export type PartitionType = "range" | "range-columns" | "list" | "list-columns" | "hash" | "linear-hash" | "key" | "linear-key" | "system-time";

export interface SubpartitioningFacts {
  type: "hash" | "linear-hash" | "key" | "linear-key";
  columns?: string[];
  expression?: string;
  /** In all: one per subpartition, as information_schema.PARTITIONS lists them. */
  subpartitions: number;
  /** Per partition, when every partition has the same number. */
  perPartition?: number;
}

export interface PartitioningFacts {
  type: PartitionType;
  columns?: string[];
  expression?: string;
  /** As the server counts them: explicit definitions, else PARTITIONS n, else its default. */
  partitions: number;
  subpartitioning?: SubpartitioningFacts;
  /** Names of the explicit partition definitions. */
  names?: string[];
  /** KEY ALGORITHM=n. */
  algorithm?: number;
  /** SYSTEM_TIME rotation as written: `INTERVAL 1 DAY`, `LIMIT 1000`. */
  rotation?: string;
  range: Range;
}

export interface IndexFacts {
  name?: string;
  columns: string[];
  unique: boolean;
  kind: "index" | "unique" | "primary" | "fulltext" | "spatial";
  /** Key-part prefix lengths in characters (`KEY (name(10))`), parallel to `columns`; only when one is given. */
  prefixLengths?: (number | null)[];
  range?: Range;
}

/** A column as CREATE TABLE or ALTER TABLE ADD/MODIFY/CHANGE COLUMN writes it. */
export interface ColumnFacts {
  name: string;
  /** The data type as written, arguments included: `VARCHAR(255)`, `double precision`, `DECIMAL(10,2)`. */
  type: string;
  /**
   * The type's canonical name in lower case, synonyms resolved as the server resolves them:
   * `integer` → `int`, `bool` → `tinyint`, `numeric`/`dec`/`fixed` → `decimal`, `real`/`double precision` → `double`,
   * `character varying`/`nvarchar` → `varchar`, `nchar`/`national char` → `char`, `long`/`long varchar` → `mediumtext`.
   */
  dataType: string;
  /** CHAR/VARCHAR/BINARY/VARBINARY/TEXT/BLOB/BIT/VECTOR length, or an integer's display width, as written. */
  length?: number;
  /** DECIMAL/FLOAT/DOUBLE precision (M) and scale (D). */
  precision?: number;
  scale?: number;
  /** Fractional seconds precision of TIME/DATETIME/TIMESTAMP. */
  fsp?: number;
  /** ENUM/SET members. */
  values?: string[];
  unsigned?: boolean;
  /** False with NOT NULL, an inline PRIMARY KEY, or SERIAL. */
  nullable: boolean;
  /** The column's character set if the definition gives or implies one (CHARACTER SET, COLLATE, NATIONAL, ASCII, UNICODE, BYTE). */
  charset?: string;
  collation?: string;
  /** Generated columns: VIRTUAL (the default) is not stored in the clustered index, STORED/PERSISTENT is. */
  generated?: "virtual" | "stored";
  autoIncrement?: boolean;
  /** The DEFAULT value as written (`0`, `'x'`, `CURRENT_TIMESTAMP`, `(a + 1)`). */
  default?: string;
  range: Range;
}

/** Where ALTER TABLE ADD/MODIFY/CHANGE puts a column. */
export interface ColumnPosition {
  first?: true;
  after?: string;
}

export type ColumnChange =
  | ({ op: "add"; column: ColumnFacts } & ColumnPosition)
  | ({ op: "modify"; column: ColumnFacts } & ColumnPosition)
  | ({ op: "change"; from: string; column: ColumnFacts } & ColumnPosition)
  | { op: "drop"; name: string }
  | { op: "rename"; from: string; to: string }
  /** CONVERT TO CHARACTER SET: every character column and the table default. */
  | { op: "convert"; charset: string; collation?: string };

/** Table options that decide how rows are stored; values lower-cased. */
export interface TableOptions {
  engine?: string;
  charset?: string;
  collation?: string;
  rowFormat?: string;
}

/**
 * What an ALTER TABLE does besides what `columnChanges`, `indexesAdded`/`indexesDropped`,
 * `partitionOps` and `renames` record (sql/alter.ts reads them): the operations whose online-DDL
 * class the server decides separately.
 */
export type AlterAction =
  | { op: "set-default"; column: string; value: string }
  | { op: "drop-default"; column: string }
  | { op: "column-visibility"; column: string; invisible: boolean }
  | { op: "rename-index"; from: string; to: string }
  | { op: "index-visibility"; name: string; visible: boolean }
  | { op: "add-foreign-key"; name?: string; columns: string[]; references?: { schema?: string; name: string } }
  | { op: "drop-foreign-key"; name: string }
  | { op: "add-check"; name?: string }
  /** DROP CONSTRAINT / DROP CHECK: a CHECK or (MariaDB, MySQL 8.0.19+) any named constraint. */
  | { op: "drop-constraint"; name: string }
  | { op: "force" }
  /** A table option, name upper-cased without DEFAULT (`ENGINE`, `ROW_FORMAT`, `KEY_BLOCK_SIZE`, `CHARSET`, `AUTO_INCREMENT`, `COMMENT`). */
  | { op: "table-option"; name: string; value: string }
  /** An ALTER TABLE clause none of the above describes (ADD SYSTEM VERSIONING, ORDER BY, ...), as written. */
  | { op: "other"; text: string };

export interface AssignmentFacts {
  /** System variable names are lower-cased; user variables are given without the `@`. */
  variable: string;
  scope: "global" | "session" | "persist" | "persist_only" | "user";
  value: string;
  valueRange: Range;
  nameRange: Range;
  /** True when the scope came from an earlier keyword in the same SET (MySQL and MariaDB carry it over). */
  scopeInherited?: boolean;
}

export interface PartitionOp {
  op: string;
  partitions?: string[];
  all?: boolean;
  count?: number;
}

export interface StatementFacts {
  kind: StatementKind;
  range: Range;
  text?: string;
  tables: { schema?: string; name: string; alias?: string }[];
  partitioning?: PartitioningFacts;
  indexesAdded?: IndexFacts[];
  indexesDropped?: string[];
  /** CREATE TABLE: the columns of its definition, in order. */
  columns?: ColumnFacts[];
  /** CREATE TABLE ... [AS] SELECT: the select adds columns that `columns` does not list. */
  asSelect?: true;
  /** ALTER TABLE: ADD/MODIFY/CHANGE/DROP/RENAME COLUMN and CONVERT TO CHARACTER SET, in order. */
  columnChanges?: ColumnChange[];
  /** ENGINE, DEFAULT CHARSET, COLLATE and ROW_FORMAT of CREATE TABLE or ALTER TABLE. */
  tableOptions?: TableOptions;
  alterOptions?: { algorithm?: string; lock?: string };
  /** ALTER TABLE: the operations the fields above do not record, in order. */
  alterActions?: AlterAction[];
  partitionOps?: PartitionOp[];
  assignments?: AssignmentFacts[];
  /**
   * Columns the WHERE clause constrains, per table. `table` is the real table name (aliases
   * resolved); "" when a bare column could belong to several tables of the statement.
   */
  whereColumns?: { table: string; columns: string[] }[];
  /** Columns in JOIN ... ON conditions, per table, resolved like `whereColumns`. */
  onColumns?: { table: string; columns: string[] }[];
  /** OPTIMIZE TABLE (an "other" statement): `tables` lists what it rebuilds. */
  optimize?: true;
  /** RENAME TABLE pairs. */
  renames?: { from: { schema?: string; name: string }; to: { schema?: string; name: string } }[];
  /** CREATE TEMPORARY TABLE, DROP TEMPORARY TABLE. */
  temporary?: true;
  /** DROP TABLE IF EXISTS. */
  ifExists?: true;
  /** CREATE TABLE ... LIKE source. */
  like?: { schema?: string; name: string };
  /** DROP DATABASE/SCHEMA. */
  database?: string;
  /** CREATE/DROP TABLESPACE. */
  tablespace?: string;
  errors?: { message: string; range: Range }[];
}

/** A syntax error: an input error of the file. */
export interface SqlSyntaxError {
  message: string;
  range: Range;
  rule?: undefined;
}

/**
 * A DELIMITER the script changes and never sets back: the mysql client runs the file, so it is not an
 * input error but the fact behind the delimiter-not-reset rule, which words it.
 */
export interface UnresetDelimiter {
  rule: "delimiter-not-reset";
  delimiter: string;
  range: Range;
}

export type SqlProblem = SqlSyntaxError | UnresetDelimiter;

export interface SqlFacts {
  statements: StatementFacts[];
  /**
   * Syntax errors, and script problems the mysql client itself tolerates: those name the rule that
   * reports them as a finding instead of an input error.
   */
  errors: SqlProblem[];
  /** Every versioned comment and whether the target executes it. */
  versionedComments: (VersionedComment & { range: Range })[];
  /** Every ordinary comment (for innolint-disable and innolint-target directives). */
  comments: { text: string; range: Range }[];
  /**
   * "schema": only the statements that change the schema (SCHEMA_KINDS), without errors or
   * comments: what replaying an earlier migration needs. Never linted.
   */
  scope?: "schema";
}

/**
 * InnoDB record sizes from column types: the clustered-index record (the row) and secondary-index
 * records, as InnoDB lays them out, without a server.
 *
 * Sources:
 * - MySQL Reference Manual, "InnoDB Row Formats" (https://dev.mysql.com/doc/refman/8.0/en/innodb-row-format.html):
 *   COMPACT/DYNAMIC/COMPRESSED records have a 5-byte header, one NULL flag per nullable field rounded up
 *   to whole bytes, and 1 or 2 length bytes per non-NULL variable-length field; CHAR(N) in a
 *   variable-width character set is stored as variable-length, N to N × maxlen bytes; fixed-length
 *   fields of 768 bytes or more are stored as variable-length; DYNAMIC/COMPRESSED store a long value
 *   off-page behind a 20-byte pointer, COMPACT/REDUNDANT keep a 768-byte prefix before it; REDUNDANT
 *   has a 6-byte header and a 1- or 2-byte offset per field, and NULL fixed-length fields keep their space.
 * - MySQL Reference Manual, "Clustered and Secondary Indexes" and "InnoDB Multi-Versioning": the clustered
 *   record holds DB_TRX_ID (6 bytes) and DB_ROLL_PTR (7), and DB_ROW_ID (6) when the table has no key to
 *   cluster on; a secondary record holds its key columns and the primary-key columns it lacks.
 * - MySQL Reference Manual, "Data Type Storage Requirements": integer, DECIMAL (9 digits in 4 bytes),
 *   temporal (fractional seconds in (fsp + 1) / 2 bytes), ENUM, SET and BIT sizes.
 * - storage/innobase (mysql-server): rem0rec.cc `rec_get_converted_size_comp_prefix_low` (the length-byte
 *   rule: 1 byte when the value is under 128 bytes or the column's maximum is at most 255 bytes and it is
 *   not a BLOB, else 2; 2 for an off-page value), `rec_get_converted_size_old` (REDUNDANT);
 *   data0type.ic `dtype_get_min_size_low` (a column's minimum size: its length for fixed types, N × mbminlen
 *   for CHAR(N) in a variable-width charset, 0 for VARCHAR/BLOB) and `dtype_get_fixed_size_low`;
 *   dict0dict.ic `dict_index_get_min_size` (the sum of `dict_col_get_min_size` over an index's fields, with
 *   no header); dict0dict.cc `dict_index_add_col` (DICT_MAX_FIXED_COL_LEN = 768, prefix fields) and
 *   `dict_index_build_internal_clust`/`_non_clust` (field order); ha_innodb.cc
 *   `get_innobase_type_from_mysql_type` (ENUM/SET are integers, CHAR in latin1 is DATA_CHAR).
 * - row0merge.cc `row_merge_buf_create`: an index build sizes its tuple array as
 *   innodb_sort_buffer_size ÷ max(1, dict_index_get_min_size(index)): `minData` below, the figure the
 *   manual's innodb_sort_buffer_size memory bound divides by.
 */
import type { ColumnFacts } from "./types.js";

export type RowFormat = "redundant" | "compact" | "dynamic" | "compressed";

/** Sizes of one index record in bytes. */
export interface RecordSize {
  /** The smallest record: nullable fields NULL, variable-length values empty, CHAR(N) at N × mbminlen. */
  min: number;
  /**
   * Every field non-NULL; VARCHAR/VARBINARY/TINYTEXT/TINYBLOB half their declared length, CHAR(N) N
   * characters, both at the charset's minimum bytes per character (single-byte text); TEXT/BLOB/JSON/GEOMETRY
   * in the clustered index off-page.
   */
  typical: number;
  /**
   * Every field non-NULL at its maximum byte length; TEXT/BLOB/JSON/GEOMETRY (other than TINY*) in the
   * clustered index counted off-page. VARCHARs count in full, so a max above half a page means InnoDB
   * would move long values off-page.
   */
  max: number;
  /**
   * `dict_index_get_min_size()`: the sum of the fields' minimum data sizes, without header, NULL flags or
   * length bytes, and whatever the fields' nullability. What an index build divides innodb_sort_buffer_size by.
   */
  minData: number;
  /** Fields in the record, system fields included. */
  fields: number;
  /** Nullable fields (NULL flags). */
  nullable: number;
  /** Fields counted as off-page values in `typical` and `max`. */
  external: number;
}

/** `utf8mb4_0900_ai_ci` → `utf8mb4`, `binary` → `binary`: a collation's name starts with its charset's. */
export function charsetOfCollation(collation: string): string {
  const c = collation.toLowerCase();
  const i = c.indexOf("_");
  return i < 0 ? c : c.slice(0, i);
}

/** Bytes per character (mbminlen, mbmaxlen) of the server's character sets. */
const CHARSETS: Record<string, [number, number]> = {
  big5: [1, 2],
  cp932: [1, 2],
  euckr: [1, 2],
  gb2312: [1, 2],
  gbk: [1, 2],
  sjis: [1, 2],
  utf8: [1, 3],
  utf8mb3: [1, 3],
  ujis: [1, 3],
  eucjpms: [1, 3],
  utf8mb4: [1, 4],
  gb18030: [1, 4],
  ucs2: [2, 2],
  utf16: [2, 4],
  utf16le: [2, 4],
  utf32: [4, 4],
};

/** Bytes per character of a charset; single-byte charsets (latin1, ascii, cp1251, binary...) are [1, 1]. */
export function charsetWidth(charset: string): [number, number] {
  return CHARSETS[charset.toLowerCase()] ?? [1, 1];
}

/** How InnoDB stores one column (dict_col_t's type family, len and mbminmaxlen). */
export interface ColumnStorage {
  /**
   * `fixed`: integers, FLOAT/DOUBLE, DECIMAL, temporal types, BIT, ENUM/SET, BINARY, CHAR in a fixed-width
   * charset; `char`: CHAR(N) in a variable-width charset (DATA_MYSQL); `var`: VARCHAR, VARBINARY, VECTOR;
   * `blob`: TEXT, BLOB, JSON and the spatial types.
   */
  kind: "fixed" | "char" | "var" | "blob";
  /** dict_col_t::len: the fixed length, or the maximum length in bytes. */
  len: number;
  /** dtype_get_min_size_low(). */
  minSize: number;
  mbmin: number;
  mbmax: number;
  /** Declared characters (bytes for binary types). */
  chars: number;
  /** Values long enough to be stored off-page (TEXT/BLOB/JSON/GEOMETRY but not TINYTEXT/TINYBLOB). */
  offPage: boolean;
}

const INTEGERS: Record<string, number> = { tinyint: 1, smallint: 2, mediumint: 3, int: 4, bigint: 8 };
const FIXED: Record<string, number> = { float: 4, double: 8, date: 3, year: 1, inet4: 4, inet6: 16, uuid: 16 };
const TEMPORAL_BASE: Record<string, number> = { time: 3, datetime: 5, timestamp: 4 };
const BLOBS: Record<string, number> = {
  tinytext: 255,
  text: 65_535,
  mediumtext: 16_777_215,
  longtext: 4_294_967_295,
  tinyblob: 255,
  blob: 65_535,
  mediumblob: 16_777_215,
  longblob: 4_294_967_295,
  json: 4_294_967_295,
};
const SPATIAL = new Set(["geometry", "point", "linestring", "polygon", "multipoint", "multilinestring", "multipolygon", "geometrycollection"]);
const TEXT_TYPES = new Set(["char", "varchar", "tinytext", "text", "mediumtext", "longtext", "enum", "set"]);

/** Types whose values carry a character set (the table default applies to them). */
export function hasCharset(dataType: string): boolean {
  return TEXT_TYPES.has(dataType);
}

/** Packed DECIMAL(M,D): 4 bytes per 9 digits on each side of the point, the leftover digits in 0–4 bytes. */
export function decimalBytes(precision: number, scale: number): number {
  const DIG2BYTES = [0, 1, 1, 2, 2, 3, 3, 4, 4, 4];
  const side = (digits: number) => Math.floor(digits / 9) * 4 + (DIG2BYTES[digits % 9] as number);
  return side(Math.max(0, precision - scale)) + side(scale);
}

/** The smallest TEXT/BLOB type holding `bytes` (TEXT(M), BLOB(M)). */
function blobFor(bytes: number, text: boolean): string {
  const [tiny, mid, medium, long] = text ? ["tinytext", "text", "mediumtext", "longtext"] : ["tinyblob", "blob", "mediumblob", "longblob"];
  return bytes <= 255 ? (tiny as string) : bytes <= 65_535 ? (mid as string) : bytes <= 16_777_215 ? (medium as string) : (long as string);
}

/**
 * How InnoDB stores a column. `charset` is the column's effective character set (its own, else the
 * table's default, else the server's). Undefined for a type innolint does not know.
 */
export function columnStorage(col: ColumnFacts, charset: string): ColumnStorage | undefined {
  const t = col.dataType;
  const fixed = (len: number): ColumnStorage => ({ kind: "fixed", len, minSize: len, mbmin: 1, mbmax: 1, chars: len, offPage: false });
  if (t in INTEGERS) return fixed(INTEGERS[t] as number);
  if (t in FIXED) return fixed(FIXED[t] as number);
  if (t in TEMPORAL_BASE) return fixed((TEMPORAL_BASE[t] as number) + ((Math.min(col.fsp ?? 0, 6) + 1) >> 1));
  if (t === "decimal") return fixed(decimalBytes(Math.min(col.precision ?? 10, 65), Math.min(col.scale ?? 0, 30)));
  if (t === "bit") return fixed((Math.max(1, col.length ?? 1) + 7) >> 3);
  if (t === "enum") return fixed((col.values?.length ?? 1) > 255 ? 2 : 1);
  if (t === "set") {
    const bytes = (Math.max(1, col.values?.length ?? 1) + 7) >> 3;
    return fixed(bytes > 4 ? 8 : bytes);
  }
  const binary = charset.toLowerCase() === "binary";
  const [mbmin, mbmax] = binary ? [1, 1] : charsetWidth(charset);
  if (t === "binary" || (t === "char" && binary)) return fixed(col.length ?? 1);
  if (t === "char") {
    const n = col.length ?? 1;
    // dtype_get_min_size_low: DATA_MYSQL in a variable-width charset is at least N × mbminlen.
    if (mbmin === mbmax) return { ...fixed(n * mbmax), mbmin, mbmax, chars: n };
    return { kind: "char", len: n * mbmax, minSize: n * mbmin, mbmin, mbmax, chars: n, offPage: false };
  }
  if (t === "varbinary" || (t === "varchar" && binary)) {
    const n = col.length ?? 0;
    return { kind: "var", len: n, minSize: 0, mbmin: 1, mbmax: 1, chars: n, offPage: false };
  }
  if (t === "varchar") {
    const n = col.length ?? 0;
    return { kind: "var", len: n * mbmax, minSize: 0, mbmin, mbmax, chars: n, offPage: false };
  }
  if (t === "vector") {
    const n = 4 * (col.length ?? 2048);
    return { kind: "var", len: n, minSize: 0, mbmin: 1, mbmax: 1, chars: n, offPage: false };
  }
  if (t in BLOBS || SPATIAL.has(t)) {
    const text = t.endsWith("text");
    let type = t;
    if (col.length !== undefined && (text || t.endsWith("blob"))) type = blobFor(col.length * (text ? mbmax : 1), text);
    const len = SPATIAL.has(t) ? 4_294_967_295 : (BLOBS[type] as number);
    const [lo, hi] = text ? [mbmin, mbmax] : [1, 1];
    return { kind: "blob", len, minSize: 0, mbmin: lo, mbmax: hi, chars: Math.floor(len / hi), offPage: len > 255 };
  }
  return undefined;
}

/** The effective charset of a column: its own (or its collation's), else the table's, else the server's. */
export function columnCharset(col: ColumnFacts, tableCharset: string | undefined, defaultCharset: string): string {
  return col.charset ?? (col.collation ? charsetOfCollation(col.collation) : undefined) ?? tableCharset ?? defaultCharset;
}

/** `ROW_FORMAT=` as InnoDB applies it; DEFAULT and unset mean innodb_default_row_format, DYNAMIC since 5.7.9. */
export function rowFormatOf(option: string | undefined): RowFormat {
  const f = (option ?? "").toLowerCase();
  return f === "redundant" || f === "compact" || f === "compressed" ? f : "dynamic";
}

// ------------------------------------------------------------------------ records

/** DICT_MAX_FIXED_COL_LEN: longer fixed-length fields are stored as variable-length. */
const MAX_FIXED = 768;
/** BTR_EXTERN_FIELD_REF_SIZE, and the local prefix COMPACT/REDUNDANT keep before it. */
const EXTERN_REF = 20;
const ANTELOPE_PREFIX = 768;

/** One field of an index record, with the lengths its value takes. */
interface FieldSpec {
  /** dict_field_t::fixed_len: 0 for a variable-length field. */
  fixedLen: number;
  nullable: boolean;
  /** dict_col_get_min_size() of the field's column. */
  minData: number;
  minLen: number;
  typicalLen: number;
  maxLen: number;
  /** DATA_BIG_COL: a maximum over 255 bytes, or a BLOB type; lengths of 128 bytes or more then take 2 bytes. */
  big: boolean;
  /** Counted as an off-page value (20-byte pointer, plus a 768-byte prefix before DYNAMIC) in typical and max. */
  external: boolean;
}

/** A user column as a field: `prefix` in characters for a column-prefix key part. */
function fieldOf(s: ColumnStorage, nullable: boolean, prefix: number | undefined, format: RowFormat, clustered: boolean): FieldSpec {
  const comp = format !== "redundant";
  const prefixBytes = prefix !== undefined ? prefix * s.mbmax : undefined;
  let fixedLen = s.kind === "fixed" || (s.kind === "char" && !comp) ? s.len : 0;
  if (prefixBytes !== undefined && fixedLen > prefixBytes) fixedLen = prefixBytes;
  if (fixedLen > MAX_FIXED) fixedLen = 0;
  const cap = (n: number) => (prefixBytes !== undefined ? Math.min(n, prefixBytes) : n);
  const chars = (n: number) => (prefix !== undefined ? Math.min(n, prefix) : n);
  const spec: FieldSpec = {
    fixedLen,
    nullable,
    minData: s.minSize,
    minLen: 0,
    typicalLen: 0,
    maxLen: 0,
    big: s.kind === "blob" || s.len > 255,
    external: false,
  };
  if (s.kind === "fixed" || (s.kind === "char" && !comp)) {
    spec.minLen = spec.typicalLen = spec.maxLen = cap(s.len);
  } else if (s.kind === "char") {
    spec.minLen = spec.typicalLen = chars(s.chars) * s.mbmin;
    spec.maxLen = cap(s.len);
  } else if (s.kind === "blob" && s.offPage && clustered && prefix === undefined) {
    spec.external = true;
    spec.typicalLen = spec.maxLen = EXTERN_REF + (format === "dynamic" || format === "compressed" ? 0 : ANTELOPE_PREFIX);
  } else {
    spec.typicalLen = chars(Math.ceil(s.chars / 2)) * s.mbmin;
    spec.maxLen = cap(s.len);
  }
  return spec;
}

function systemField(len: number): FieldSpec {
  return { fixedLen: len, nullable: false, minData: len, minLen: len, typicalLen: len, maxLen: len, big: false, external: false };
}

/** rec_get_converted_size_comp_prefix_low / rec_get_converted_size_old for one choice of value lengths. */
function size(fields: FieldSpec[], format: RowFormat, pick: "min" | "typical" | "max"): number {
  const isNull = (f: FieldSpec) => pick === "min" && f.nullable;
  const len = (f: FieldSpec) => (pick === "min" ? f.minLen : pick === "typical" ? f.typicalLen : f.maxLen);
  // The smallest record holds an empty value in place, not an off-page one.
  const external = (f: FieldSpec) => pick !== "min" && f.external;
  if (format === "redundant") {
    let data = 0;
    let ext = false;
    for (const f of fields) {
      // A NULL fixed-length field keeps its space (dtype_get_sql_null_size); a NULL variable one takes none.
      data += isNull(f) ? f.fixedLen : len(f);
      if (!isNull(f) && external(f)) ext = true;
    }
    return 6 + fields.length * (data <= 127 && !ext ? 1 : 2) + data;
  }
  let extra = 5 + Math.ceil(fields.filter((f) => f.nullable).length / 8);
  let data = 0;
  for (const f of fields) {
    if (isNull(f)) continue;
    const l = len(f);
    data += l;
    if (f.fixedLen === 0) extra += external(f) ? 2 : l < 128 || !f.big ? 1 : 2;
  }
  return extra + data;
}

function record(fields: FieldSpec[], format: RowFormat): RecordSize {
  return {
    min: size(fields, format, "min"),
    typical: size(fields, format, "typical"),
    max: size(fields, format, "max"),
    minData: fields.reduce((a, f) => a + f.minData, 0),
    fields: fields.length,
    nullable: fields.filter((f) => f.nullable).length,
    external: fields.filter((f) => f.external).length,
  };
}

/** What the record layout needs to know of a table. */
export interface TableShape {
  columns: readonly ColumnFacts[];
  /** The key InnoDB clusters on (PRIMARY KEY, else the first UNIQUE key of NOT NULL columns); none means DB_ROW_ID. */
  primaryKey?: KeyShape;
  rowFormat?: string;
  /** The table's default charset, for columns without their own. */
  charset?: string;
}

export interface KeyShape {
  columns: readonly string[];
  /** Prefix lengths in characters, parallel to `columns`. */
  prefixLengths?: readonly (number | null)[];
}

interface ResolvedPart {
  col: ColumnFacts;
  storage: ColumnStorage;
  prefix: number | undefined;
}

function resolve(table: TableShape, key: KeyShape, defaultCharset: string): ResolvedPart[] | undefined {
  const out: ResolvedPart[] = [];
  for (let i = 0; i < key.columns.length; i++) {
    const name = (key.columns[i] as string).toLowerCase();
    const col = table.columns.find((c) => c.name.toLowerCase() === name);
    if (!col) return undefined; // an expression key part, or a column innolint does not know
    const storage = columnStorage(col, columnCharset(col, table.charset, defaultCharset));
    if (!storage) return undefined;
    out.push({ col, storage, prefix: key.prefixLengths?.[i] ?? undefined });
  }
  return out;
}

/** The clustered-index key fields: the primary key's parts (NOT NULL), or DB_ROW_ID. */
function clusterKey(table: TableShape, format: RowFormat, defaultCharset: string): { fields: FieldSpec[]; full: Set<string> } | undefined {
  if (!table.primaryKey) return { fields: [systemField(6)], full: new Set() };
  const parts = resolve(table, table.primaryKey, defaultCharset);
  if (!parts) return undefined;
  const full = new Set(parts.filter((p) => p.prefix === undefined).map((p) => p.col.name.toLowerCase()));
  return { fields: parts.map((p) => fieldOf(p.storage, false, p.prefix, format, true)), full };
}

/** Primary-key columns are NOT NULL whatever their definition says. */
function nullable(table: TableShape, col: ColumnFacts): boolean {
  if (!col.nullable) return false;
  const pk = table.primaryKey?.columns.map((c) => c.toLowerCase()) ?? [];
  return !pk.includes(col.name.toLowerCase());
}

/**
 * The clustered-index record, that is the row: key fields, DB_TRX_ID, DB_ROLL_PTR, then every stored
 * column the key does not hold in full (VIRTUAL generated columns are not stored).
 */
export function clusteredRecordSize(table: TableShape, defaultCharset = "utf8mb4"): RecordSize | undefined {
  const format = rowFormatOf(table.rowFormat);
  const key = clusterKey(table, format, defaultCharset);
  if (!key) return undefined;
  const fields = [...key.fields, systemField(6), systemField(7)];
  for (const col of table.columns) {
    if (col.generated === "virtual" || key.full.has(col.name.toLowerCase())) continue;
    const storage = columnStorage(col, columnCharset(col, table.charset, defaultCharset));
    if (!storage) return undefined;
    fields.push(fieldOf(storage, nullable(table, col), undefined, format, true));
  }
  return record(fields, format);
}

/** DATA_MBR_LEN: a SPATIAL index stores the geometry's minimum bounding rectangle, four doubles. */
const MBR_LEN = 32;

/**
 * A secondary-index record: the key parts (prefixes as declared), then the primary-key fields the key
 * does not hold in full (or DB_ROW_ID). Undefined for expression key parts or unknown columns. A SPATIAL
 * index's key is the 32-byte MBR (its `minData` still counts the column's minimum size, as InnoDB does).
 */
export function secondaryRecordSize(table: TableShape, index: KeyShape, defaultCharset = "utf8mb4", spatial = false): RecordSize | undefined {
  const format = rowFormatOf(table.rowFormat);
  const parts = resolve(table, index, defaultCharset);
  if (!parts) return undefined;
  const fields = parts.map((p, k) =>
    spatial && k === 0 ? { ...systemField(MBR_LEN), minData: p.storage.minSize } : fieldOf(p.storage, nullable(table, p.col), p.prefix, format, false),
  );
  const indexed = new Set(parts.filter((p) => p.prefix === undefined).map((p) => p.col.name.toLowerCase()));
  if (!table.primaryKey) fields.push(systemField(6));
  else {
    const pk = resolve(table, table.primaryKey, defaultCharset);
    if (!pk) return undefined;
    for (const p of pk) if (!indexed.has(p.col.name.toLowerCase())) fields.push(fieldOf(p.storage, false, p.prefix, format, false));
  }
  return record(fields, format);
}

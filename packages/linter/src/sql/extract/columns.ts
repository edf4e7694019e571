/** Column definitions and table options, read from the token soups the grammar leaves them as. */
import type { SyntaxNode as Node } from "../syntax.js";
import type { Range } from "../../finding.js";
import { nameOf, rangeOf, unquote } from "../tree.js";
import type { ColumnFacts, ColumnPosition, ColumnChange, TableOptions } from "../types.js";
import { charsetOfCollation } from "../rowsize.js";
import { append } from "../../arrays.js";

// Column definitions are token soups in the grammar (data types and attributes have no structure
// there); they are read here, as sql_yacc.yy's `field_def` reads them.

export interface Tok {
  kind: "word" | "quoted" | "string" | "number" | "paren" | "punct";
  /** Unquoted for quoted identifiers and strings. */
  text: string;
  /** Upper case, for words. */
  upper: string;
  node: Node;
  /** A plain identifier (not a keyword the grammar names). */
  identifier: boolean;
}

const NAMED_KINDS: Record<string, Tok["kind"]> = {
  identifier: "word",
  quoted_identifier: "quoted",
  string: "string",
  number: "number",
  paren_group: "paren",
};

const KEYWORD_TYPE = /^[A-Z_]+$/;

export function tokens(nodes: Node[]): Tok[] {
  const out: Tok[] = [];
  for (const n of nodes) {
    // Each `type` or `isNamed` read is a call into the parser's WebAssembly: read once.
    const type = n.type;
    if (type === "comment") continue;
    if (type === "if_exists" || type === "if_not_exists") {
      append(out, tokens(n.children));
      continue;
    }
    let kind = NAMED_KINDS[type];
    const identifier = kind === "word";
    // Keywords are the only node types in capitals (no named type is: grammar-freshness.test.ts): no isNamed call into the parser.
    if (!kind) kind = type !== "ERROR" && KEYWORD_TYPE.test(type) ? "word" : "punct";
    const text = kind === "quoted" || kind === "string" ? unquote(n.text) : n.text;
    out.push({ kind, text, upper: kind === "word" ? text.toUpperCase() : text, node: n, identifier });
  }
  return out;
}

/** An identifier or a value written as a word, a quoted identifier or a string (`CHARSET 'utf8mb4'`). */
export function nameTok(t: Tok | undefined): string | undefined {
  return t && (t.kind === "word" || t.kind === "quoted" || t.kind === "string") ? t.text : undefined;
}

/** One-word type names and their synonyms (sql_yacc.yy `type`, `int_type`, `real_type`, `numeric_type`). */
const TYPE_NAMES: Record<string, string> = {
  INT: "int",
  INTEGER: "int",
  INT4: "int",
  TINYINT: "tinyint",
  INT1: "tinyint",
  BOOL: "tinyint",
  BOOLEAN: "tinyint",
  SMALLINT: "smallint",
  INT2: "smallint",
  MEDIUMINT: "mediumint",
  MIDDLEINT: "mediumint",
  INT3: "mediumint",
  BIGINT: "bigint",
  INT8: "bigint",
  SERIAL: "bigint",
  DECIMAL: "decimal",
  DEC: "decimal",
  NUMERIC: "decimal",
  FIXED: "decimal",
  FLOAT: "float",
  FLOAT4: "float",
  DOUBLE: "double",
  FLOAT8: "double",
  REAL: "double",
  BIT: "bit",
  DATE: "date",
  TIME: "time",
  DATETIME: "datetime",
  TIMESTAMP: "timestamp",
  YEAR: "year",
  CHAR: "char",
  CHARACTER: "char",
  NCHAR: "char",
  VARCHAR: "varchar",
  VARCHARACTER: "varchar",
  NVARCHAR: "varchar",
  BINARY: "binary",
  VARBINARY: "varbinary",
  TINYTEXT: "tinytext",
  TEXT: "text",
  MEDIUMTEXT: "mediumtext",
  LONGTEXT: "longtext",
  LONG: "mediumtext",
  TINYBLOB: "tinyblob",
  BLOB: "blob",
  MEDIUMBLOB: "mediumblob",
  LONGBLOB: "longblob",
  JSON: "json",
  ENUM: "enum",
  SET: "set",
  VECTOR: "vector",
  INET4: "inet4",
  INET6: "inet6",
  UUID: "uuid",
  GEOMETRY: "geometry",
  POINT: "point",
  LINESTRING: "linestring",
  POLYGON: "polygon",
  MULTIPOINT: "multipoint",
  MULTILINESTRING: "multilinestring",
  MULTIPOLYGON: "multipolygon",
  GEOMETRYCOLLECTION: "geometrycollection",
  GEOMCOLLECTION: "geometrycollection",
};

const NATIONAL_CHARSET = "utf8mb3";

/** The data type at the start of `toks`: how many words it takes, its canonical name, and an implied charset. */
export function typeName(toks: Tok[]): { words: number; dataType: string; charset?: string } | undefined {
  const w = (i: number) => (toks[i]?.kind === "word" ? (toks[i] as Tok).upper : "");
  const [w0, w1, w2] = [w(0), w(1), w(2)];
  if (!w0) return undefined;
  const isChar = (x: string) => x === "CHAR" || x === "CHARACTER";
  if (w0 === "NATIONAL" && isChar(w1)) {
    return w2 === "VARYING" ? { words: 3, dataType: "varchar", charset: NATIONAL_CHARSET } : { words: 2, dataType: "char", charset: NATIONAL_CHARSET };
  }
  if (w0 === "NATIONAL" && w1 === "VARCHAR") return { words: 2, dataType: "varchar", charset: NATIONAL_CHARSET };
  if (w0 === "NCHAR" && (w1 === "VARCHAR" || w1 === "VARYING")) return { words: 2, dataType: "varchar", charset: NATIONAL_CHARSET };
  if (w0 === "NCHAR" || w0 === "NVARCHAR") return { words: 1, dataType: TYPE_NAMES[w0] as string, charset: NATIONAL_CHARSET };
  if (isChar(w0) && w1 === "VARYING") return { words: 2, dataType: "varchar" };
  if (w0 === "DOUBLE" && w1 === "PRECISION") return { words: 2, dataType: "double" };
  if (w0 === "LONG") {
    if (w1 === "VARBINARY") return { words: 2, dataType: "mediumblob" };
    if (w1 === "VARCHAR") return { words: 2, dataType: "mediumtext" };
    if (isChar(w1) && w2 === "VARYING") return { words: 3, dataType: "mediumtext" };
    return { words: 1, dataType: "mediumtext" };
  }
  return { words: 1, dataType: TYPE_NAMES[w0] ?? w0.toLowerCase() };
}

const DECIMAL_LIKE = new Set(["decimal", "float", "double"]);
const TEMPORAL = new Set(["time", "datetime", "timestamp"]);

/** A column definition from its tokens after the name: data type, then attributes in any order. */
export function parseColumn(name: string, toks: Tok[], range: Range): { column: ColumnFacts; position: ColumnPosition } {
  const column: ColumnFacts = { name, type: "", dataType: "", nullable: true, range };
  const position: ColumnPosition = {};
  const t = typeName(toks);
  let i = 0;
  if (t) {
    const words = toks.slice(0, t.words).map((x) => x.text);
    i = t.words;
    column.dataType = t.dataType;
    if (t.charset) column.charset = t.charset;
    const args = toks[i]?.kind === "paren" ? (toks[i] as Tok).node : undefined;
    column.type = words.join(" ") + (args ? args.text : "");
    if (args) {
      i++;
      const inner = args.namedChildren;
      if (column.dataType === "enum" || column.dataType === "set") {
        column.values = inner.filter((c) => c.type === "string").map((c) => unquote(c.text));
      } else {
        const nums = inner.filter((c) => c.type === "number").map((c) => Number(c.text));
        if (DECIMAL_LIKE.has(column.dataType)) {
          if (nums[0] !== undefined) column.precision = nums[0];
          if (nums[1] !== undefined) column.scale = nums[1];
          // FLOAT(p): p > 24 makes a DOUBLE (sql_yacc.yy `float_options`, Item_type_holder).
          if (column.dataType === "float" && nums.length === 1 && (nums[0] as number) > 24) column.dataType = "double";
        } else if (TEMPORAL.has(column.dataType)) {
          if (nums[0] !== undefined) column.fsp = nums[0];
        } else if (nums[0] !== undefined) column.length = nums[0];
      }
    }
    if (t.words === 1 && toks[0]?.upper === "SERIAL") {
      column.unsigned = true;
      column.nullable = false;
      column.autoIncrement = true;
    }
  }
  for (; i < toks.length; i++) {
    const tok = toks[i] as Tok;
    if (tok.kind !== "word") continue;
    const next = toks[i + 1];
    const prev = toks[i - 1];
    switch (tok.upper) {
      case "UNSIGNED":
      case "ZEROFILL":
        column.unsigned = true;
        break;
      case "CHARSET":
      case "CHARACTER":
      case "CHAR": {
        const skip = tok.upper === "CHARSET" ? 0 : next?.upper === "SET" ? 1 : -1;
        if (skip < 0) break;
        const value = nameTok(toks[i + 1 + skip]);
        if (value !== undefined) column.charset = value.toLowerCase();
        i += 1 + skip;
        break;
      }
      case "COLLATE": {
        const value = nameTok(next);
        if (value !== undefined) column.collation = value.toLowerCase();
        i++;
        break;
      }
      case "ASCII":
        column.charset = "latin1";
        break;
      case "UNICODE":
        column.charset = "ucs2";
        break;
      case "BYTE":
        column.charset = "binary";
        break;
      case "NOT":
        if (next?.upper === "NULL") {
          column.nullable = false;
          i++;
        }
        break;
      case "NULL":
        if (!prev || !["DEFAULT", "SET", "IS"].includes(prev.upper)) column.nullable = true;
        break;
      case "DEFAULT": {
        // Skip the default value: a word, number or string (with a sign, an introducer or a call's arguments).
        let j = i + 1;
        if (toks[j]?.kind === "punct" && (toks[j]?.text === "-" || toks[j]?.text === "+")) j++;
        if (toks[j]?.upper === "VALUE" && toks[i - 1]?.upper === "SERIAL") {
          // SERIAL DEFAULT VALUE: NOT NULL AUTO_INCREMENT UNIQUE.
          column.nullable = false;
          column.autoIncrement = true;
        }
        if (toks[j]?.kind === "word" && toks[j + 1]?.kind === "string") j++;
        if (toks[j + 1]?.kind === "paren" && toks[j]?.kind === "word") j++;
        if (j < toks.length)
          column.default = toks
            .slice(i + 1, j + 1)
            .map((x, k, all) => (k > 0 && (all[k - 1] as Tok).node.endIndex < x.node.startIndex ? " " : "") + x.node.text)
            .join("");
        i = j;
        break;
      }
      case "AUTO_INCREMENT":
        column.autoIncrement = true;
        break;
      case "AS":
        if (next?.kind === "paren") {
          column.generated ??= "virtual";
          i++;
        }
        break;
      case "VIRTUAL":
        column.generated = "virtual";
        break;
      case "STORED":
      case "PERSISTENT":
        column.generated = "stored";
        break;
      case "PRIMARY":
        if (next?.upper === "KEY") column.nullable = false;
        break;
      case "KEY":
        if (prev?.upper !== "UNIQUE" && prev?.upper !== "PRIMARY") column.nullable = false;
        break;
      case "COMMENT":
        i++;
        break;
      case "FIRST":
        position.first = true;
        break;
      case "AFTER": {
        const after = nameTok(next);
        if (after !== undefined) position.after = after;
        i++;
        break;
      }
      case "REFERENCES":
        // An inline REFERENCES clause ends the attributes (ON DELETE SET NULL is not a NULL attribute).
        i = toks.length;
        break;
    }
  }
  // The charset a collation implies when no CHARACTER SET is given.
  if (column.collation && !column.charset) column.charset = charsetOfCollation(column.collation);
  return { column, position };
}

export function columnDefinition(def: Node): { column: ColumnFacts; position: ColumnPosition; tokens: Tok[]; range: Range } {
  const children = def.children;
  // The first child that is not a comment is the column's name (the grammar's field "name").
  let first = 0;
  while (first < children.length && (children[first] as Node).type === "comment") first++;
  const name = nameOf(children[first]) ?? "";
  const toks = tokens(children.slice(first + 1));
  const range = rangeOf(def);
  return { ...parseColumn(name, toks, range), tokens: toks, range };
}

/**
 * MODIFY, CHANGE, RENAME COLUMN and CONVERT TO CHARACTER SET, which the grammar leaves as soups.
 * Returns null for other column operations (ALTER COLUMN ... SET DEFAULT), undefined for non-column options.
 */
export function columnOption(spec: Node): ColumnChange | null | undefined {
  const toks = tokens(spec.children);
  const head = toks[0]?.upper;
  let i = 1;
  const skip = (...words: string[]) => {
    while (toks[i] && words.includes((toks[i] as Tok).upper)) i++;
  };
  switch (head) {
    case "MODIFY":
    case "CHANGE": {
      skip("COLUMN");
      skip("IF", "EXISTS");
      const from = nameTok(toks[i]);
      if (from === undefined) return null;
      i++;
      const to = head === "CHANGE" ? nameTok(toks[i++]) : from;
      if (to === undefined) return null;
      const { column, position } = parseColumn(to, toks.slice(i), rangeOf(spec));
      return head === "CHANGE" ? { op: "change", from, column, ...position } : { op: "modify", column, ...position };
    }
    case "RENAME": {
      if (toks[1]?.upper !== "COLUMN") return null;
      i = 2;
      skip("IF", "EXISTS");
      const from = nameTok(toks[i]);
      const to = toks[i + 1]?.upper === "TO" ? nameTok(toks[i + 2]) : undefined;
      return from !== undefined && to !== undefined ? { op: "rename", from, to } : null;
    }
    case "CONVERT": {
      const o = tableOptions(toks.slice(1));
      return o.charset ? { op: "convert", charset: o.charset, ...(o.collation ? { collation: o.collation } : {}) } : null;
    }
    case "ALTER":
    case "ADD":
    case "DROP":
      return null;
    default:
      return undefined;
  }
}

/** ENGINE, [DEFAULT] CHARACTER SET / CHARSET, [DEFAULT] COLLATE and ROW_FORMAT from option tokens. */
export function tableOptions(toks: Tok[]): TableOptions {
  const out: TableOptions = {};
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i] as Tok;
    if (tok.kind !== "word") continue;
    let key: keyof TableOptions | undefined;
    let j = i + 1;
    if (tok.upper === "ENGINE") key = "engine";
    else if (tok.upper === "ROW_FORMAT") key = "rowFormat";
    else if (tok.upper === "COLLATE") key = "collation";
    else if (tok.upper === "CHARSET") key = "charset";
    else if ((tok.upper === "CHARACTER" || tok.upper === "CHAR") && toks[j]?.upper === "SET") {
      key = "charset";
      j++;
    }
    if (!key) continue;
    if (toks[j]?.kind === "punct" && toks[j]?.text === "=") j++;
    const value = nameTok(toks[j]);
    if (value !== undefined) out[key] = value.toLowerCase();
    i = j;
  }
  if (out.collation && !out.charset) out.charset = charsetOfCollation(out.collation);
  return out;
}

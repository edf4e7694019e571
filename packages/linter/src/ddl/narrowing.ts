/**
 * Whether a column definition can hold every value of the one before it: what a MODIFY/CHANGE or
 * a charset conversion can lose. The server converts each row (or refuses, in strict mode, the
 * first that does not fit), so innolint can say only that it may, and why.
 */
import { grouped } from "../figures.js";
import { charsetWidth } from "../sql/rowsize.js";
import type { ColumnFacts } from "../sql/types.js";

const INTEGERS = ["tinyint", "smallint", "mediumint", "int", "bigint"];
const TEXTS = ["tinytext", "text", "mediumtext", "longtext"];
const BLOBS = ["tinyblob", "blob", "mediumblob", "longblob"];
const TEMPORAL = new Set(["time", "datetime", "timestamp"]);
const CHARS = new Set(["char", "varchar", ...TEXTS]);
/** Characters a TEXT type holds at most, by bytes (L + its length bytes). */
const TEXT_BYTES: Record<string, number> = { tinytext: 255, text: 65_535, mediumtext: 16_777_215, longtext: 4_294_967_295 };

/** Bytes per character at most in a charset (4 where unknown: the safe side for "narrower"). */
function width(charset: string | undefined): number {
  return charset ? (charsetWidth(charset)[1] ?? 4) : 4;
}

/** Characters a character column holds at most. */
function capacity(c: ColumnFacts, charset: string | undefined): number | undefined {
  if (c.dataType === "char" || c.dataType === "varchar") return c.length;
  const bytes = TEXT_BYTES[c.dataType];
  return bytes === undefined ? undefined : Math.floor(bytes / width(charset));
}

/**
 * Why `next` may not hold every value `old` holds, or undefined when it can. `oldCharset` and
 * `newCharset` are the columns' character sets (the table's where the column names none).
 */
export function narrowing(old: ColumnFacts, next: ColumnFacts, oldCharset?: string, newCharset?: string): string | undefined {
  const a = old.dataType;
  const b = next.dataType;
  if (INTEGERS.includes(a) && INTEGERS.includes(b)) {
    if (INTEGERS.indexOf(b) < INTEGERS.indexOf(a)) return `${b.toUpperCase()} holds a smaller range than ${a.toUpperCase()}`;
    if (old.unsigned && !next.unsigned && INTEGERS.indexOf(b) === INTEGERS.indexOf(a)) return "a signed type holds half the positive range of the unsigned one";
    if (!old.unsigned && next.unsigned) return "an unsigned type holds no negative values";
    return undefined;
  }
  if (INTEGERS.includes(a) && (b === "decimal" || b === "double" || b === "float")) {
    if (b === "float") return "FLOAT keeps 24 bits of mantissa: large integers round";
    if (b === "decimal" && next.precision !== undefined && next.precision - (next.scale ?? 0) < 20)
      return `DECIMAL(${next.precision},${next.scale ?? 0}) holds fewer integer digits than ${a.toUpperCase()}`;
    return undefined;
  }
  if (a === "decimal" && b === "decimal") {
    const intDigits = (c: ColumnFacts) => (c.precision ?? 10) - (c.scale ?? 0);
    if (intDigits(next) < intDigits(old))
      return `DECIMAL(${next.precision ?? 10},${next.scale ?? 0}) holds fewer integer digits than DECIMAL(${old.precision ?? 10},${old.scale ?? 0})`;
    if ((next.scale ?? 0) < (old.scale ?? 0)) return `the scale drops from ${old.scale} to ${next.scale ?? 0} decimal places: values round`;
    return undefined;
  }
  if ((a === "double" || a === "decimal") && b === "float") return "FLOAT is single precision: values round to about 7 significant digits";
  if ((a === "double" || a === "float") && b === "decimal") return "DECIMAL has a fixed range and scale: floating-point values round or overflow";
  if (a === "double" && INTEGERS.includes(b)) return "fractions are rounded away";
  if (a === "decimal" && INTEGERS.includes(b)) return (old.scale ?? 0) > 0 ? "fractions are rounded away" : undefined;
  if (TEMPORAL.has(a) && a === b && (next.fsp ?? 0) < (old.fsp ?? 0)) return `fractional seconds drop from ${old.fsp} to ${next.fsp ?? 0} digits`;
  if (a === "datetime" && b === "date") return "the time of day is dropped";
  if (a === "datetime" && b === "timestamp") return "TIMESTAMP holds only 1970-01-01 to 2038-01-19";
  if (CHARS.has(a) && CHARS.has(b)) {
    const before = capacity(old, oldCharset);
    const after = capacity(next, newCharset);
    if (before !== undefined && after !== undefined && after < before)
      return `${next.type} holds ${grouped(after)} characters, ${old.type} up to ${grouped(before)}`;
    if (oldCharset && newCharset && width(newCharset) < width(oldCharset)) return `${newCharset} cannot store every character of ${oldCharset}`;
    return undefined;
  }
  if ((a === "varbinary" || a === "binary") && (b === "varbinary" || b === "binary") && (next.length ?? 0) < (old.length ?? 0))
    return `${next.type} holds ${next.length} bytes, ${old.type} up to ${old.length}`;
  if (BLOBS.includes(a) && BLOBS.includes(b) && BLOBS.indexOf(b) < BLOBS.indexOf(a)) return `${b.toUpperCase()} holds less than ${a.toUpperCase()}`;
  if ((a === "enum" || a === "set") && a === b) {
    const removed = (old.values ?? []).filter((v) => !(next.values ?? []).includes(v));
    if (removed.length > 0)
      return `member${removed.length === 1 ? "" : "s"} ${removed.map((v) => `'${v}'`).join(", ")} removed: rows holding ${removed.length === 1 ? "it" : "them"} become '' (or the ALTER fails in strict mode)`;
    return undefined;
  }
  return undefined;
}

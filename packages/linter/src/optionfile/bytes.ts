/**
 * Byte-level helpers that reproduce the C reader exactly (MariaDB mysys/my_default.c works on the
 * raw bytes of each line with the latin1 ctype tables, whatever the file's real encoding).
 */

const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/** UTF-8 decode, keeping a leading BOM (the server does not skip it) and replacing bad bytes. */
export function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

export function encodeUtf8(text: string): Buffer {
  return Buffer.from(text, "utf8");
}

/**
 * my_isspace(&my_charset_latin1, c): \t \n \v \f \r, space, and 0xA0 (latin1 NO-BREAK SPACE).
 * 0xA0 matters for UTF-8 files: it is the last byte of U+00A0, "à" (C3 A0), "Ġ" (C4 A0) and so on,
 * so the reader's trailing-blank trims chop that byte off and leave a broken character behind.
 */
export function isLatin1Space(byte: number | undefined): boolean {
  return byte !== undefined && ((byte >= 0x09 && byte <= 0x0d) || byte === 0x20 || byte === 0xa0);
}

/** Drop trailing latin1 blanks, as the reader's `for (; my_isspace(end[-1]); end--)` loops do. */
export function trimEndLatin1(bytes: Buffer): Buffer {
  let end = bytes.length;
  while (end > 0 && isLatin1Space(bytes[end - 1])) end--;
  return bytes.subarray(0, end);
}

/** latin1 toupper (ctype-latin1.c to_upper_latin1): a-z and 0xE0-0xFE except 0xF7. */
function toUpperLatin1(byte: number): number {
  if (byte >= 0x61 && byte <= 0x7a) return byte - 0x20;
  if (byte >= 0xe0 && byte <= 0xfe && byte !== 0xf7) return byte - 0x20;
  return byte;
}

/**
 * find_type(group, requested, FIND_TYPE_NO_PREFIX) as used by the reader to pick groups
 * (mysys/typelib.c): whole-name match, case-insensitive under latin1 toupper, byte by byte.
 */
export function groupNameMatches(fileGroup: Uint8Array, requested: Uint8Array): boolean {
  if (fileGroup.length !== requested.length) return false;
  for (let i = 0; i < fileGroup.length; i++) {
    if (toUpperLatin1(fileGroup[i]!) !== toUpperLatin1(requested[i]!)) return false;
  }
  return true;
}

/**
 * The value part of search_default_file_with_ext(): after the caller has cut the comment and the
 * blanks around the value, strip one pair of matching outer quotes, then expand the escapes
 * \n \t \r \b \s \" \' \\ (any other "\x" is kept as is, and so is a final lone backslash).
 */
export function unquoteValue(value: Buffer): Buffer {
  let start = 0;
  let end = value.length;
  const first = value[0];
  if ((first === 0x22 || first === 0x27) && end > 1 && value[end - 1] === first) {
    start++;
    end--;
  }
  const out: number[] = [];
  for (let i = start; i < end; i++) {
    const c = value[i]!;
    if (c === 0x5c && i !== end - 1) {
      const next = value[++i]!;
      switch (next) {
        case 0x6e:
          out.push(0x0a);
          break; // \n
        case 0x74:
          out.push(0x09);
          break; // \t
        case 0x72:
          out.push(0x0d);
          break; // \r
        case 0x62:
          out.push(0x08);
          break; // \b
        case 0x73:
          out.push(0x20);
          break; // \s
        case 0x22:
          out.push(0x22);
          break; // \"
        case 0x27:
          out.push(0x27);
          break; // \'
        case 0x5c:
          out.push(0x5c);
          break; // \\
        default:
          out.push(0x5c, next); // unknown: keep the backslash
      }
    } else {
      out.push(c);
    }
  }
  return Buffer.from(out);
}

/** Offset of the first byte that is not part of well-formed UTF-8, or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** 1-based line number of a byte offset. */
export function lineOfOffset(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) if (bytes[i] === 0x0a) line++;
  return line;
}

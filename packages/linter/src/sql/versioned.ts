/**
 * Versioned comments, resolved for a target server exactly as its lexer does.
 *
 * MySQL (sql/sql_lex.cc, lex_one_token, MY_LEX_LONG_COMMENT) and MariaDB (same function) treat
 * `/*!` specially:
 *  - `/*!` followed by five digits is a version. MySQL 8.1 and later also read a sixth digit when
 *    a whitespace character follows it; MariaDB always reads a sixth digit when there is one. Any
 *    other digit is left in place and becomes code.
 *  - If the version is at most the server's, the markers vanish and the body is code; otherwise
 *    the whole comment is skipped (one level of nested C comment allowed inside).
 *  - `/*!` without five digits is always code (a "MySQL-specific" comment).
 *  - MariaDB also reads `/*M!`, and ignores plain `/*!` versions from 50700 to 99999 (MySQL 5.7+
 *    syntax it may not know). For MySQL, `/*M!` is an ordinary comment.
 *  - Inside an executed comment, the first star-slash that closes no inner comment ends it.
 *
 * The mysql client splits statements before the server lexes them, and it finds the delimiter
 * inside `/*!` comments too (only plain comments hide it), so a comment still open at a delimiter
 * is unterminated, as the server would see it.
 *
 * Resolution keeps every offset: markers and skipped comments become spaces (newlines are kept),
 * so positions in the rewritten text are positions in the file.
 */
import type { Target, Version } from "../target.js";
import { atLeast, compareVersions } from "../target.js";

export interface VersionedComment {
  /** UTF-16 offsets in the text; `end` is exclusive (after the closing star-slash when there is one). */
  start: number;
  end: number;
  /** The opening as written: `/*!50100`, `/*M!100200`, `/*!`. */
  marker: string;
  /** The version the server reads, absent for a bare `/*!`. */
  version?: number;
  mariadbSyntax: boolean;
  executed: boolean;
  /** Why a comment is not executed, or a surprise in how it is read. */
  note?: string;
}

export interface ResolvedText {
  /** The text as the target server's parser sees it, same length and same line breaks. */
  text: string;
  comments: VersionedComment[];
  errors: { message: string; start: number; end: number }[];
  /**
   * Where the last complete statement ends as the mysql client splits the text: just after its
   * delimiter (or `\g`), or at the end of a DELIMITER command line; 0 when there is none.
   */
  boundary: number;
  /** The delimiter in force at `boundary`. */
  boundaryDelimiter: string;
}

/** What a target server does with versioned comments. */
export interface CommentDialect {
  mariadb: boolean;
  /** The server version to compare with; parts left out mean the newest release of the series. */
  version: Version;
  /** MySQL 8.1+: a sixth version digit counts when whitespace follows it. */
  sixDigitVersions: boolean;
}

/**
 * Aurora MySQL's parser is that of the MySQL release it derives from: version 1 is MySQL 5.6.10,
 * version 2 MySQL 5.7.12 (5.7.40 from 2.12), version 3 MySQL 8.0.23 and later (by minor version).
 */
function auroraBase(v: Version): Version {
  if (v.major <= 1) return { major: 5, minor: 6, patch: 10 };
  if (v.major === 2) return v.minor !== undefined && v.minor < 12 ? { major: 5, minor: 7, patch: 12 } : { major: 5, minor: 7, patch: 40 };
  const v3: Record<number, number> = { 1: 23, 2: 23, 3: 26, 4: 28, 5: 32, 6: 34, 7: 36, 8: 39, 9: 40, 10: 42 };
  const patch = v.minor === undefined ? undefined : v3[v.minor];
  return patch === undefined ? { major: 8, minor: 0 } : { major: 8, minor: 0, patch };
}

export function commentDialect(target: Target): CommentDialect {
  if (target.flavor === "mariadb") return { mariadb: true, version: target.version, sixDigitVersions: true };
  const version = target.flavor === "aurora-mysql" ? auroraBase(target.version) : target.version;
  return { mariadb: false, version, sixDigitVersions: atLeast(version, "8.1.0") };
}

function versionParts(id: number): Version {
  return { major: Math.floor(id / 10000), minor: Math.floor(id / 100) % 100, patch: id % 100 };
}

const isDigit = (c: string | undefined) => c !== undefined && c >= "0" && c <= "9";
const isSpace = (c: string | undefined) => c !== undefined && /\s/.test(c);

/** The argument of a client DELIMITER command (mysql.cc get_arg), or undefined when unusable. */
export function delimiterArgument(rest: string): string | undefined {
  const m = /^[ \t]*(?:(['"`])(.*?)(?:\1|$)|([^ \t\r\n]+))/.exec(rest);
  const arg = m ? (m[2] ?? m[3]) : undefined;
  if (!arg || arg.includes("\\")) return undefined;
  return arg.slice(0, 15);
}

/** Where a client command line starts: `DELIMITER x` or `\d x`, at a statement start. */
const DELIMITER_COMMAND = /^(?:delimiter|\\d)[ \t]+\S/i;

export function resolveVersionedComments(source: string, target: Target, initialDelimiter = ";"): ResolvedText {
  return resolveWithDialect(source, commentDialect(target), initialDelimiter);
}

export function resolveWithDialect(source: string, dialect: CommentDialect, initialDelimiter = ";"): ResolvedText {
  const blanks: [number, number][] = [];
  const comments: VersionedComment[] = [];
  const errors: ResolvedText["errors"] = [];
  const n = source.length;
  let delimiter = initialDelimiter;
  let boundary = 0;
  let boundaryDelimiter = delimiter;
  let open: VersionedComment | undefined; // an executed versioned comment whose end is not seen yet
  let statementStart = true; // only whitespace and comments since the last delimiter

  const blank = (from: number, to: number) => {
    if (to > from) blanks.push([from, to]);
  };
  const lineEnd = (from: number) => {
    const k = source.indexOf("\n", from);
    return k < 0 ? n : k;
  };
  let lowerDelimiter = delimiter;
  // Characters that start nothing the loop below looks for: most of the text is skipped with one
  // table lookup instead of the full chain of tests.
  const plain = new Uint8Array(128);
  let nonAsciiPlain = true;
  const markPlain = () => {
    plain.fill(1);
    for (const ch of "'\"`#-/*\\dD") plain[ch.charCodeAt(0)] = 0;
    const first = lowerDelimiter.charCodeAt(0);
    if (first < 128) {
      plain[first] = 0;
      plain[lowerDelimiter.toUpperCase().charCodeAt(0)] = 0;
    }
    // Some non-ASCII letters lower-case to ASCII ones (the Kelvin sign to k): only a delimiter that
    // starts with an ASCII non-letter lets them all through.
    nonAsciiPlain = first < 128 && !/[a-z]/.test(lowerDelimiter[0] as string);
  };
  markPlain();
  const atDelimiter = (i: number) => {
    const c = source[i] as string;
    if (c !== lowerDelimiter[0] && c.toLowerCase() !== lowerDelimiter[0]) return false;
    return source.slice(i, i + lowerDelimiter.length).toLowerCase() === lowerDelimiter;
  };
  /** The server's consume_comment(): where the comment ends, and whether its star-slash was found. */
  const consume = (from: number, nesting: number, stopAtDelimiter: boolean): { end: number; closed: boolean } => {
    let i = from;
    while (i < n) {
      if (stopAtDelimiter && nesting > 0 && atDelimiter(i)) return { end: i, closed: false };
      const c = source[i];
      if (nesting > 0 && c === "/" && source[i + 1] === "*") {
        const inner = consume(i + 2, nesting - 1, false);
        if (!inner.closed) return inner;
        i = inner.end;
        continue;
      }
      if (c === "*" && source[i + 1] === "/") return { end: i + 2, closed: true };
      i++;
    }
    return { end: n, closed: false };
  };
  const closeOpenAt = (i: number) => {
    if (!open) return;
    errors.push({ message: `versioned comment ${open.marker} is not closed before the end of the statement`, start: open.start, end: i });
    open.end = i;
    open = undefined;
  };

  let i = 0;
  while (i < n) {
    const code = source.charCodeAt(i);
    if (code < 128 ? plain[code] === 1 : nonAsciiPlain) {
      if (statementStart && !(code === 32 || (code >= 9 && code <= 13) || (code >= 128 && isSpace(source[i])))) statementStart = false;
      i++;
      continue;
    }
    const c = source[i] as string;

    if (statementStart && !open && (c === "d" || c === "D" || c === "\\") && DELIMITER_COMMAND.test(source.slice(i, i + 12))) {
      const end = lineEnd(i);
      const word = c === "\\" ? 2 : 9;
      const arg = delimiterArgument(source.slice(i + word, end));
      if (arg) {
        delimiter = arg;
        lowerDelimiter = arg.toLowerCase();
        markPlain();
      }
      i = end;
      boundary = end;
      boundaryDelimiter = delimiter;
      continue;
    }
    if (atDelimiter(i) && !(delimiter[0] === "/" && source[i + 1] === "*")) {
      closeOpenAt(i);
      i += delimiter.length;
      statementStart = true;
      boundary = i;
      boundaryDelimiter = delimiter;
      continue;
    }
    if (c === "\\" && (source[i + 1] === "g" || source[i + 1] === "G")) {
      closeOpenAt(i);
      i += 2;
      statementStart = true;
      boundary = i;
      boundaryDelimiter = delimiter;
      continue;
    }
    if (c === "'" || c === '"' || c === "`") {
      statementStart = false;
      let k = i + 1;
      while (k < n) {
        const d = source[k];
        if (d === "\\" && c !== "`") k += 2;
        else if (d === c) {
          if (source[k + 1] === c) k += 2;
          else break;
        } else k++;
      }
      if (k >= n) {
        const what = c === "`" ? "quoted identifier" : "string";
        errors.push({ message: `${what} is not closed: the client reads to the end of the file`, start: i, end: n });
      }
      i = k + 1;
      continue;
    }
    if (c === "#" || (c === "-" && source[i + 1] === "-" && (i + 2 >= n || source.charCodeAt(i + 2) <= 32))) {
      i = lineEnd(i);
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      const bang = source[i + 2] === "!";
      const mBang = dialect.mariadb && source[i + 2] === "M" && source[i + 3] === "!";
      if (!bang && !mBang) {
        const r = consume(i + 2, 0, false);
        if (!r.closed) errors.push({ message: "comment is not closed", start: i, end: n });
        i = r.end;
        continue;
      }
      statementStart = false;
      const p = i + (mBang ? 4 : 3);
      let digits = 0;
      while (digits < 5 && isDigit(source[p + digits])) digits++;
      if (digits < 5) {
        // Not a version comment: always code.
        const comment: VersionedComment = { start: i, end: n, marker: source.slice(i, p), mariadbSyntax: mBang, executed: true };
        comments.push(comment);
        blank(i, p);
        open = comment;
        i = p;
        continue;
      }
      const sixth = isDigit(source[p + 5]);
      const length = sixth && (dialect.mariadb || (dialect.sixDigitVersions && isSpace(source[p + 6]))) ? 6 : 5;
      const version = Number(source.slice(p, p + length));
      const comment: VersionedComment = {
        start: i,
        end: n,
        marker: source.slice(i, p + length),
        version,
        mariadbSyntax: mBang,
        executed: false,
      };
      const newEnough = compareVersions(versionParts(version), dialect.version) <= 0;
      const mysql57Range = dialect.mariadb && !mBang && version >= 50700 && version <= 99999;
      comment.executed = newEnough && !mysql57Range;
      if (!newEnough) comment.note = `needs server version ${formatId(version)}`;
      else if (mysql57Range) comment.note = "MariaDB ignores /*! comments for MySQL 5.7 and later (versions 50700 to 99999)";
      if (sixth && length === 5) {
        comment.note = `${comment.note ? comment.note + "; " : ""}reads a five-digit version ${version}: the sixth digit "${source[p + 5]}" is code`;
      }
      comments.push(comment);
      if (comment.executed) {
        blank(i, p + length);
        open = comment;
        i = p + length;
        continue;
      }
      const r = consume(p, 1, true);
      comment.end = r.end;
      if (!r.closed) {
        errors.push({ message: `versioned comment ${comment.marker} is not closed`, start: i, end: r.end });
      }
      blank(i, r.end);
      i = r.end;
      continue;
    }
    if (c === "*" && source[i + 1] === "/" && open) {
      blank(i, i + 2);
      open.end = i + 2;
      open = undefined;
      i += 2;
      continue;
    }
    if (!isSpace(c)) statementStart = false;
    i++;
  }
  closeOpenAt(n);
  return { text: applyBlanks(source, blanks), comments, errors, boundary, boundaryDelimiter };
}

/** Replaces each range with spaces, keeping line breaks. */
function applyBlanks(source: string, blanks: [number, number][]): string {
  if (blanks.length === 0) return source;
  const parts: string[] = [];
  let at = 0;
  for (const [from, to] of blanks) {
    parts.push(source.slice(at, from), source.slice(from, to).replace(/[^\r\n]/g, " "));
    at = to;
  }
  parts.push(source.slice(at));
  return parts.join("");
}

function formatId(id: number): string {
  const v = versionParts(id);
  return `${v.major}.${v.minor}.${v.patch}`;
}

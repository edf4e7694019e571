/**
 * The allow-list every statement passes before it reaches a live server: one SELECT or SHOW, no
 * comments (a `/*! … *\/` comment is executed), no second statement, no writes hidden in a SELECT
 * (INTO OUTFILE, FOR UPDATE, user-variable assignment) and no calls to functions that are not pure
 * built-ins (a stored function can write; SLEEP, GET_LOCK or LOAD_FILE act on the server).
 *
 * innolint does not `SET SESSION TRANSACTION READ ONLY`: that is itself a SET, and a read-only
 * transaction still allows everything above except table writes. The allow-list is the guarantee.
 */

export class ReadOnlyViolation extends Error {}

/** Built-in functions without side effects that innolint's own queries may call. */
const PURE_FUNCTIONS = new Set([
  "version",
  "count",
  "sum",
  "min",
  "max",
  "avg",
  "coalesce",
  "ifnull",
  "nullif",
  "concat",
  "lower",
  "upper",
  "length",
  "char_length",
  "cast",
  "round",
  "floor",
  "ceil",
  "substring",
  "database",
]);

/** Keywords that may stand before a parenthesis without being a function call. */
const PAREN_KEYWORDS = new Set([
  "in",
  "from",
  "join",
  "on",
  "and",
  "or",
  "not",
  "where",
  "select",
  "as",
  "by",
  "having",
  "when",
  "then",
  "else",
  "case",
  "distinct",
  "all",
  "exists",
  "using",
  "like",
  "is",
  "between",
]);

/** Words that turn a SELECT into a write, a lock, or a call into the server. */
const FORBIDDEN_WORDS: Record<string, string> = {
  into: "SELECT … INTO writes a file or variables",
  for: "SELECT … FOR UPDATE/SHARE takes locks (and NEXT VALUE FOR advances a sequence)",
  lock: "LOCK IN SHARE MODE takes locks",
  procedure: "SELECT … PROCEDURE calls a procedure",
  handler: "HANDLER reads bypass the allow-list",
};

type Token =
  | { kind: "word"; text: string; quoted: boolean }
  | { kind: "string" }
  | { kind: "number" }
  | { kind: "sysvar"; text: string }
  | { kind: "punct"; text: string };

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  const fail = (why: string): never => {
    throw new ReadOnlyViolation(`${why} (at offset ${i})`);
  };
  while (i < sql.length) {
    const c = sql[i] as string;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === "/" && sql[i + 1] === "*") fail("comments are refused: /*! … */ and /*M! … */ comments are executed by the server");
    if (c === "#" || (c === "-" && sql[i + 1] === "-")) fail("comments are refused");
    if (c === ";") fail("only one statement is allowed");
    if (c === "'" || c === '"' || c === "`") {
      let j = i + 1;
      for (;;) {
        if (j >= sql.length) fail("unterminated quote");
        const d = sql[j] as string;
        if (d === "\\" && c !== "`") {
          j += 2;
          continue;
        }
        if (d === c) {
          if (sql[j + 1] === c) {
            j += 2;
            continue;
          }
          break;
        }
        j++;
      }
      tokens.push(c === "`" ? { kind: "word", text: sql.slice(i + 1, j).replace(/``/g, "`"), quoted: true } : { kind: "string" });
      i = j + 1;
      continue;
    }
    if (c === "@") {
      const m = /^@@(?:(?:global|session|local)\.)?[A-Za-z_][A-Za-z0-9_]*/i.exec(sql.slice(i));
      if (!m) fail("user variables are refused");
      tokens.push({ kind: "sysvar", text: (m as RegExpExecArray)[0] });
      i += (m as RegExpExecArray)[0].length;
      continue;
    }
    const word = /^[A-Za-z_$][A-Za-z0-9_$]*/.exec(sql.slice(i));
    if (word) {
      tokens.push({ kind: "word", text: word[0], quoted: false });
      i += word[0].length;
      continue;
    }
    const num = /^\d+(?:\.\d+)?/.exec(sql.slice(i));
    if (num) {
      tokens.push({ kind: "number" });
      i += num[0].length;
      continue;
    }
    if (c === ":") fail("assignments (:=) are refused");
    if ("=<>!,.()*+-/%".includes(c)) {
      tokens.push({ kind: "punct", text: c });
      i++;
      continue;
    }
    fail(`unexpected character ${JSON.stringify(c)}`);
  }
  return tokens;
}

/** Throws ReadOnlyViolation unless `sql` is a single read-only SELECT or SHOW statement. */
export function assertReadOnly(sql: string): void {
  const tokens = tokenize(sql);
  const first = tokens[0];
  const verb = first?.kind === "word" && !first.quoted ? first.text.toLowerCase() : undefined;
  if (verb !== "select" && verb !== "show") {
    throw new ReadOnlyViolation(`only SELECT and SHOW statements are sent to a live server, not ${first?.kind === "word" ? first.text.toUpperCase() : "this"}`);
  }
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k] as Token;
    if (t.kind !== "word") continue;
    const lower = t.text.toLowerCase();
    if (!t.quoted && FORBIDDEN_WORDS[lower]) throw new ReadOnlyViolation(`${FORBIDDEN_WORDS[lower]}: refused`);
    const next = tokens[k + 1];
    if (next?.kind !== "punct" || next.text !== "(") continue;
    const qualified = tokens[k - 1]?.kind === "punct" && (tokens[k - 1] as { text: string }).text === ".";
    if (!t.quoted && !qualified && (PURE_FUNCTIONS.has(lower) || PAREN_KEYWORDS.has(lower))) continue;
    throw new ReadOnlyViolation(`calls to ${t.text}() are refused: only pure built-in functions are allowed`);
  }
}

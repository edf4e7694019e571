/**
 * Parentheses nested deeper than MAX_PARSED_NESTING are flattened before parsing. tree-sitter's
 * error recovery inside deep nesting costs the square of the depth: one invalid statement 2,000
 * levels deep took 0.35 s, 41,000 levels 36 s. Each parenthesised group that opens below the limit
 * becomes `1` and blanks (newlines kept, so every position stays), a valid operand wherever the
 * group was one; a group left open by the statement's end is blanked, so the statement still
 * reports its missing `)`, and so is every `)` without its `(` after the statement's first. Nothing a rule reads lives that deep in real SQL, and the server's own
 * parser stops at a stack of 32,000 (MY_YACC_MAX in sql_parse.cc).
 */
export const MAX_PARSED_NESTING = 256;

/**
 * A run of unary operators (`- - - … x`) nests as deep as it is long, and costs the parser's error
 * recovery the same square: a 56 KB run inside unclosed parentheses took 19 s (found by the fuzz
 * harness). A run longer than this keeps its first operator and is blanked after it; the value of
 * such an expression is nothing a rule reads.
 */
export const MAX_UNARY_RUN = 64;

const UNARY = new Set([45, 43, 126, 33]); // - + ~ !

/** Blanks text[from, to) keeping line breaks, with `1` first when `operand`. */
function blank(out: string[], text: string, from: number, to: number, operand: boolean): void {
  let line = "";
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      out.push(line, text[i] as string);
      line = "";
    } else line += operand && i === from ? "1" : " ";
    if (line.length >= 4096) {
      out.push(line);
      line = "";
    }
  }
  out.push(line);
}

/**
 * `text` with every parenthesised group deeper than `limit` flattened. Quoted strings,
 * identifiers and comments are skipped as the mysql client skips them (one never closed is not
 * one); `;` ends a statement and with it any group left open. Linear in the text; returns `text` itself when nothing is that deep.
 */
export function flattenDeepNesting(text: string, limit = MAX_PARSED_NESTING): string {
  const n = text.length;
  let depth = 0;
  let deepStart = -1;
  let copied = 0;
  let out: string[] | undefined;
  const unclosed = new Set<number>();
  let commentsClosed = true;
  let strayClosers = 0;
  const close = (end: number, operand: boolean) => {
    out ??= [];
    out.push(text.slice(copied, deepStart));
    blank(out, text, deepStart, end, operand);
    copied = end;
    deepStart = -1;
  };
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if ((c === 39 || c === 34 || c === 96) && !unclosed.has(c)) {
      // '…', "…", `…`: a doubled quote reopens at once; backslash escapes in strings.
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === 92 && c !== 96) j += 2;
        else if (d === c) break;
        else j++;
      }
      // A quote never closed is no string to the parser either: only the quote is skipped, and
      // later quotes of its kind are taken as plain characters (one scan to the end, not one each).
      if (j < n) i = j;
      else unclosed.add(c);
    } else if (c === 35 || (c === 45 && text.charCodeAt(i + 1) === 45 && (i + 2 >= n || text.charCodeAt(i + 2) <= 32))) {
      const eol = text.indexOf("\n", i);
      i = eol < 0 ? n : eol;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const end = commentsClosed ? text.indexOf("*/", i + 2) : -1;
      if (end >= 0) i = end + 1;
      else commentsClosed = false;
    } else if (c === 40) {
      depth++;
      if (depth === limit + 1) deepStart = i;
    } else if (c === 41) {
      if (depth === limit + 1 && deepStart >= 0) close(i + 1, true);
      if (depth > 0) depth--;
      else if (strayClosers++ > 0) {
        // The first `)` without its `(` is the statement's syntax error; the parser would try to
        // recover from each further one, at a cost of the depth before it.
        deepStart = i;
        close(i + 1, false);
      }
    } else if (c === 59) {
      if (deepStart >= 0) close(i, false);
      depth = 0;
      strayClosers = 0;
    } else if (UNARY.has(c) && deepStart < 0) {
      let j = i + 1;
      while (j < n && UNARY.has(text.charCodeAt(j))) j++;
      // "-- " at the run's end starts a comment, as the client reads it: that part stays.
      let end = j;
      if (end - i >= 2 && text.charCodeAt(end - 1) === 45 && text.charCodeAt(end - 2) === 45 && (end >= n || text.charCodeAt(end) <= 32)) end -= 2;
      if (end - i > MAX_UNARY_RUN) {
        out ??= [];
        out.push(text.slice(copied, i + 1));
        blank(out, text, i + 1, end, false);
        copied = end;
      }
      i = end - 1;
    }
  }
  if (deepStart >= 0) close(n, false);
  if (!out) return text;
  out.push(text.slice(copied));
  return out.join("");
}

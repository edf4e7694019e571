import { createHash } from "node:crypto";
import type { Finding, Position, Range } from "./finding.js";
import type { OptionEntry } from "./optionfile/types.js";

/**
 * What a finding is about, independent of where it sits: the normalised text of its SQL statement,
 * or the group and name of its option line. Baselines and GitLab match findings on it, so a finding
 * keeps its identity when lines move or whitespace and comments change.
 */
function digest(kind: string, text: string): string {
  return createHash("sha256").update(`${kind}\0${text}`).digest("hex").slice(0, 16);
}

const PUNCTUATION = /[(),;=.<>+\-*/%!&|^~:@]/;

/**
 * A statement without comments, with quoted text kept verbatim and every run of whitespace reduced
 * to one blank, dropped next to punctuation. Versioned comments (`/*!80023 ... *\/`) are code the
 * server runs, so they count.
 */
export function normaliseStatement(text: string): string {
  // Parts and the last character are kept apart: reading the end of a growing string flattens it
  // each time, which made a statement of 50,000 partitions cost seconds.
  const out: string[] = [];
  let last = "";
  let pendingSpace = false;
  const emit = (s: string) => {
    if (pendingSpace && last !== "" && !PUNCTUATION.test(last) && !PUNCTUATION.test(s[0] as string)) out.push(" ");
    pendingSpace = false;
    out.push(s);
    last = s[s.length - 1] as string;
  };
  for (let i = 0; i < text.length; ) {
    const c = text[i] as string;
    if (c === "'" || c === '"' || c === "`") {
      let j = i + 1;
      while (j < text.length) {
        if (text[j] === "\\" && c !== "`") j += 2;
        else if (text[j] === c && text[j + 1] === c) j += 2;
        else if (text[j] === c) break;
        else j++;
      }
      emit(text.slice(i, Math.min(j + 1, text.length)));
      i = j + 1;
      continue;
    }
    const dashComment = c === "-" && text[i + 1] === "-" && (i + 2 >= text.length || /\s/.test(text[i + 2] as string));
    if (c === "#" || dashComment) {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
      pendingSpace = true;
      continue;
    }
    if (c === "/" && text[i + 1] === "*" && text[i + 2] !== "!" && !(text[i + 2] === "M" && text[i + 3] === "!")) {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 2;
      pendingSpace = true;
      continue;
    }
    if (/\s/.test(c)) {
      pendingSpace = true;
      i++;
      continue;
    }
    emit(c);
    i++;
  }
  // Trailing terminators by hand: /;+$/ backtracks over every run of semicolons (quadratic).
  const joined = out.join("");
  let end = joined.length;
  while (end > 0 && joined.charCodeAt(end - 1) === 59) end--;
  return joined.slice(0, end);
}

export function statementFingerprint(text: string): string {
  return digest("sql", normaliseStatement(text));
}

/**
 * An option line is identified by its group, the variable name the server matches and its value: a
 * baselined `sort_buffer_size=64M` must not hide the finding once someone raises it to 1G.
 */
export function optionFingerprint(entry: Pick<OptionEntry, "group" | "name" | "value">): string {
  return digest("option", `${entry.group.trim()}\0${entry.name.toLowerCase()}\0${entry.value ?? ""}`);
}

/** A comment (an innolint directive): its words, blanks collapsed. */
export function commentFingerprint(text: string): string {
  return digest("comment", text.trim().replace(/\s+/g, " "));
}

/** A line of text, blanks collapsed: for findings on no statement, option or comment. */
export function lineFingerprint(text: string): string {
  return digest("line", text.trim().replace(/\s+/g, " "));
}

function contains(outer: Range, line: number, column: number): boolean {
  const afterStart = line > outer.start.line || (line === outer.start.line && column >= outer.start.column);
  const beforeEnd = line < outer.end.line || (line === outer.end.line && column <= outer.end.column);
  return afterStart && beforeEnd;
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.column < b.column);
}

/** Fills in the fingerprint of findings that lack one from the first unit whose range holds the finding's start. */
export function fingerprintByRange(findings: Finding[], units: { file: string; range: Range; fingerprint: string }[]): void {
  const byFile = new Map<string, { range: Range; fingerprint: string }[]>();
  for (const u of units) {
    const list = byFile.get(u.file);
    if (list) list.push(u);
    else byFile.set(u.file, [u]);
  }
  // Units in document order that do not overlap (comments, statements) are searched by halving;
  // any other list is scanned, which keeps "the first unit" exact.
  const ordered = new Map<string, boolean>();
  for (const [file, list] of byFile) {
    let ok = true;
    for (let i = 1; i < list.length && ok; i++) ok = !before((list[i] as { range: Range }).range.start, (list[i - 1] as { range: Range }).range.end);
    ordered.set(file, ok);
  }
  for (const f of findings) {
    if (f.fingerprint) continue;
    const list = byFile.get(f.file);
    if (!list) continue;
    const { line, column } = f.range.start;
    let unit: { range: Range; fingerprint: string } | undefined;
    if (ordered.get(f.file)) {
      let lo = 0;
      let hi = list.length - 1;
      // The last unit starting at or before the position, or the first of those before it that
      // end exactly there.
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (before({ line, column }, (list[mid] as { range: Range }).range.start)) hi = mid - 1;
        else lo = mid;
      }
      while (lo > 0 && contains((list[lo - 1] as { range: Range }).range, line, column)) lo--;
      const candidate = list[lo] as { range: Range; fingerprint: string };
      if (contains(candidate.range, line, column)) unit = candidate;
    } else {
      unit = list.find((u) => contains(u.range, line, column));
    }
    if (unit) f.fingerprint = unit.fingerprint;
  }
}

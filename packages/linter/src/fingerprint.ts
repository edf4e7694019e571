import { createHash } from "node:crypto";
import type { Finding, Range } from "./finding.js";
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
  let out = "";
  let pendingSpace = false;
  const emit = (s: string) => {
    if (pendingSpace && out !== "" && !PUNCTUATION.test(out[out.length - 1] as string) && !PUNCTUATION.test(s[0] as string)) out += " ";
    pendingSpace = false;
    out += s;
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
  return out.replace(/;+$/, "");
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

/** Fills in the fingerprint of findings that lack one from the first unit whose range holds the finding's start. */
export function fingerprintByRange(findings: Finding[], units: { file: string; range: Range; fingerprint: string }[]): void {
  for (const f of findings) {
    if (f.fingerprint) continue;
    const unit = units.find((u) => u.file === f.file && contains(u.range, f.range.start.line, f.range.start.column));
    if (unit) f.fingerprint = unit.fingerprint;
  }
}

/**
 * Facts of SQL files too large to hold: the file is read in windows of decoded text, each window
 * cut where the mysql client ends its last complete statement (versioned.ts finds that boundary
 * while it resolves comments), and the rest carried into the next window. Memory is bounded by
 * the window, not the file.
 *
 * - The delimiter carries over: a window that starts under `DELIMITER ;;` is parsed behind a
 *   synthetic `DELIMITER ;;` line, whose length is taken off again.
 * - Positions carry over: every position in a window's facts is moved to its file position.
 * - A statement longer than the window doubles the window, up to a cap; beyond it the file is an
 *   input error naming the statement's line.
 * - NUL bytes and invalid UTF-8 are found per chunk, with the file line.
 */
import { closeSync, readSync, statSync } from "node:fs";
import { InputFileError, openRegular } from "../input.js";
import { firstInvalidUtf8 } from "../optionfile/bytes.js";
import type { Target } from "../target.js";
import { windowFacts } from "./facts.js";
import type { SqlFacts, SqlProblem } from "./types.js";
import { resolveVersionedComments } from "./versioned.js";
import { unreadableReason } from "../errno.js";
import { append } from "../arrays.js";

export const SQL_WINDOW_CHARS = 8 * 2 ** 20;
export const SQL_WINDOW_CAP = 64 * 2 ** 20;
const CHUNK_BYTES = 2 ** 20;

export interface StreamOptions {
  /** Characters of decoded text per window. */
  window?: number;
  /** The largest window a single statement may grow it to. */
  cap?: number;
  /** Keep versioned comments in the facts handed on (off by default: a dump has one per table). */
  versionedComments?: boolean;
}

/**
 * The CLI streams SQL files above this size: a parse tree takes about 20 bytes of memory per byte
 * of SQL, so a 50 MB file read whole would need over a gigabyte, and a streamed one needs the
 * same few hundred megabytes at any size. Only code frames are lost.
 */
export const SQL_STREAM_ABOVE = 16 * 1024 * 1024;

/**
 * Whether a lint streams the file rather than reading it whole: a file on disk (not a text given,
 * such as an editor buffer) above `streamAbove`. A file that cannot be read is not: reading it says why.
 */
export function streamsFile(file: string, options: { text?: string; streamAbove?: number }): boolean {
  if (options.text !== undefined) return false;
  try {
    return statSync(file).size > (options.streamAbove ?? SQL_STREAM_ABOVE);
  } catch {
    return false;
  }
}

export interface StreamResult {
  error?: { line?: number; message: string };
  /** A DELIMITER left unreset at the end of the file (the whole-file path reports it among errors). */
  unreset?: SqlProblem;
}

/**
 * A copy of `s` that does not point into the text it was cut from: V8 keeps a substring as a
 * view of its parent, so one table name kept in the schema would keep its whole window alive.
 */
function detach(s: string): string {
  return s.length < 13 ? s : (" " + s).slice(1);
}

/**
 * Moves every position of a window's facts by the window's start in the file, and detaches every
 * string from the window's text, so that nothing of a window outlives it but what rules keep.
 */
function rebase(value: unknown, prefixLines: number, baseLine: number, baseColumn: number): void {
  const seen = new Set<object>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v !== "object" || v === null || seen.has(v)) continue;
    seen.add(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const x = v[i];
        if (typeof x === "string") v[i] = detach(x);
        else if (typeof x === "object" && x !== null) stack.push(x);
      }
      continue;
    }
    const o = v as Record<string, unknown>;
    if (typeof o.line === "number" && typeof o.column === "number") {
      const line = o.line - prefixLines;
      if (line === 1) o.column = o.column + baseColumn - 1;
      o.line = baseLine + line - 1;
      continue;
    }
    for (const k in o) {
      const x = o[k];
      if (typeof x === "string") o[k] = detach(x);
      else if (typeof x === "object" && x !== null) stack.push(x);
    }
  }
}

/** The mysql client's DELIMITER command (also `\d`), which takes the rest of its line. */
const CLIENT_COMMAND = /\bdelimiter\b|\\d/i;

function delimiterLine(delimiter: string): string {
  if (delimiter === ";") return "";
  return /[\s'"`]/.test(delimiter) ? `DELIMITER '${delimiter}'\n` : `DELIMITER ${delimiter}\n`;
}

function countNewlines(bytes: Uint8Array, end = bytes.length): number {
  let n = 0;
  for (let i = bytes.indexOf(10); i >= 0 && i < end; i = bytes.indexOf(10, i + 1)) n++;
  return n;
}

/**
 * Streams the facts of a SQL file window by window to `sink`, in file order, with file positions.
 * Statement facts are those of the whole-file path (`extractFacts`).
 */
export async function streamSqlFacts(file: string, target: Target, sink: (facts: SqlFacts) => void, options: StreamOptions = {}): Promise<StreamResult> {
  const base = options.window ?? SQL_WINDOW_CHARS;
  const cap = Math.max(base, options.cap ?? SQL_WINDOW_CAP);
  let fd: number;
  try {
    fd = openRegular(file).fd;
  } catch (e) {
    if (e instanceof InputFileError) return { error: { message: e.reason } };
    const code = (e as NodeJS.ErrnoException).code;
    return { error: { message: code === "ENOENT" ? "no such file" : unreadableReason(code) } };
  }
  try {
    const decoder = new TextDecoder("utf-8", { fatal: true });
    const chunkBytes = Math.max(4, Math.min(CHUNK_BYTES, base));
    const chunk = Buffer.allocUnsafe(chunkBytes);
    let tail: Buffer = Buffer.alloc(0); // the start of a UTF-8 sequence cut by the chunk end
    let bytesLine = 1; // the file line at the start of the next chunk
    let eof = false;
    let pending = ""; // decoded text not parsed yet; starts at (baseLine, baseColumn)
    let pendingParts: string[] = [];
    let pendingLength = 0;
    let baseLine = 1;
    let baseColumn = 1;
    let baseOffset = 0; // UTF-16 offset of the window's start in the file
    // Inside a migration tool's rollback section when the window starts (facts.ts, rollbackSections).
    let rollback = false;
    let delimiter = ";";
    let window = base;
    let unreset: StreamResult["unreset"];

    /** Reads one chunk into `pendingParts`, or returns an input error. */
    const readChunk = (): StreamResult["error"] | undefined => {
      let read: number;
      try {
        read = readSync(fd, chunk, 0, chunkBytes, null);
      } catch (e) {
        return { message: unreadableReason((e as NodeJS.ErrnoException).code) };
      }
      if (read === 0) {
        eof = true;
        if (tail.length > 0) return { line: bytesLine, message: "invalid UTF-8" };
        return undefined;
      }
      const bytes = tail.length > 0 ? Buffer.concat([tail, chunk.subarray(0, read)]) : chunk.subarray(0, read);
      const nul = bytes.indexOf(0);
      if (nul >= 0) return { line: bytesLine + countNewlines(bytes, nul), message: "binary file (NUL byte): not SQL text" };
      // Keep an incomplete multi-byte sequence at the end for the next chunk.
      let complete = bytes.length;
      for (let k = 1; k <= 3 && k <= bytes.length; k++) {
        const b = bytes[bytes.length - k] as number;
        if ((b & 0xc0) === 0x80) continue;
        if (b >= 0xc0) {
          const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
          if (need > k) complete = bytes.length - k;
        }
        break;
      }
      const whole = bytes.subarray(0, complete);
      let text: string;
      try {
        text = decoder.decode(whole);
      } catch {
        return { line: bytesLine + countNewlines(whole, firstInvalidUtf8(whole)), message: "invalid UTF-8" };
      }
      tail = Buffer.from(bytes.subarray(complete));
      bytesLine += countNewlines(whole);
      pendingParts.push(text);
      pendingLength += text.length;
      return undefined;
    };

    for (;;) {
      while (!eof && pendingLength < window) {
        const error = readChunk();
        if (error) return { error };
      }
      if (pendingParts.length > 0) {
        pending = pendingParts.join("");
        pendingParts = [];
      }
      if (pending.length === 0 && eof) break;
      const prefix = delimiterLine(delimiter);
      const text = prefix + pending;
      let resolved = resolveVersionedComments(text, target);
      // A client command ends at its line's end: `DELIMITER /` at the window's end may be `DELIMITER //`
      // in the file, so a window never ends after one the file has not finished.
      const lastLine = text.lastIndexOf("\n") + 1;
      if (!eof && resolved.boundary > lastLine && CLIENT_COMMAND.test(text.slice(lastLine))) {
        resolved = resolveVersionedComments(text.slice(0, lastLine), target);
      }
      const cut = eof ? text.length : resolved.boundary;
      if (cut <= prefix.length) {
        if (eof) break;
        if (window >= cap) {
          const first = pending.search(/\S/);
          let line = baseLine;
          for (let i = pending.indexOf("\n"); i >= 0 && i < first; i = pending.indexOf("\n", i + 1)) line++;
          return {
            error: {
              line,
              message: `a statement is longer than ${cap >= 2 ** 20 ? `${Math.round(cap / 2 ** 20)} MB` : `${cap} characters`} (no statement delimiter found): cannot lint it`,
            },
          };
        }
        window = Math.min(cap, window * 2);
        pendingParts = [pending];
        continue;
      }
      window = base;
      const part = cut === text.length ? text : text.slice(0, cut);
      const partResolved =
        cut === text.length
          ? resolved
          : {
              ...resolved,
              text: resolved.text.slice(0, cut),
              comments: resolved.comments.filter((c) => c.start < cut),
              errors: resolved.errors.filter((e) => e.start < cut),
            };
      const {
        facts,
        delimiter: delimiterState,
        rollbackOpen,
      } = await windowFacts(part, partResolved, prefix.length, {
        open: rollback,
        midLine: baseColumn !== 1,
      });
      rollback = rollbackOpen;
      if (!options.versionedComments) facts.versionedComments = [];
      for (const c of facts.versionedComments) {
        c.start += baseOffset - prefix.length;
        c.end += baseOffset - prefix.length;
      }
      const prefixLines = prefix.length > 0 ? 1 : 0;
      rebase(facts, prefixLines, baseLine, baseColumn);
      if (delimiterState?.seen) {
        unreset = delimiterState.unreset;
        if (unreset) rebase(unreset, prefixLines, baseLine, baseColumn);
      }
      sink(facts);
      // Let timers and I/O run between windows (a language server or test runner stays responsive).
      await new Promise((r) => setImmediate(r));
      // The next window starts at the cut, in the file and under the delimiter in force there.
      const consumed = text.slice(prefix.length, cut);
      baseOffset += consumed.length;
      const lastBreak = consumed.lastIndexOf("\n");
      if (lastBreak < 0) baseColumn += consumed.length;
      else {
        let lines = 0;
        for (let i = consumed.indexOf("\n"); i >= 0; i = consumed.indexOf("\n", i + 1)) lines++;
        baseLine += lines;
        baseColumn = consumed.length - lastBreak;
      }
      delimiter = resolved.boundaryDelimiter;
      pending = cut === text.length ? "" : text.slice(cut);
      pendingLength = pending.length;
      if (pending.length > 0) pendingParts = [pending];
      pending = "";
      if (eof && pendingLength === 0) break;
    }
    return unreset ? { unreset } : {};
  } finally {
    closeSync(fd);
  }
}

/** The whole file's facts, read through the windows (for tests and tools; holds every statement). */
export async function extractFactsStreamed(file: string, target: Target, options: StreamOptions = {}): Promise<SqlFacts & StreamResult> {
  const out: SqlFacts = { statements: [], errors: [], versionedComments: [], comments: [] };
  const r = await streamSqlFacts(
    file,
    target,
    (f) => {
      append(out.statements, f.statements);
      append(out.errors, f.errors);
      append(out.versionedComments, f.versionedComments);
      append(out.comments, f.comments);
    },
    { versionedComments: true, ...options },
  );
  if (r.unreset) out.errors.push(r.unreset);
  out.errors.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
  return { ...out, ...r };
}

import { readFileSync, statSync } from "node:fs";
import { firstInvalidUtf8 } from "../optionfile/bytes.js";
import { unreadableReason } from "../errno.js";

/**
 * SQL files up to this size are read whole (editors and code frames need the text); larger ones
 * (dumps) are streamed in windows (sql/stream.ts), in memory bounded by the window.
 */
export const SQL_MAX_BYTES = 50 * 1024 * 1024;

/**
 * Reads a SQL file as text, or says why it cannot be linted. Kept apart from engine.ts so that the
 * facts worker (sql/worker.ts) reads files exactly as the engine does without loading the engine.
 */
export function readSqlText(file: string, options: { text?: string }): { text?: string; error?: { file: string; line?: number; message: string } } {
  if (options.text !== undefined) {
    // Unsaved text (stdin, an editor buffer) is refused as a file with the same bytes is: the
    // parser takes NUL for the end of input and its recovery from each one costs the line before it.
    const nul = options.text.indexOf("\0");
    if (nul < 0) return { text: options.text };
    return { error: { file, line: options.text.slice(0, nul).split("\n").length, message: "binary file (NUL byte): not SQL text" } };
  }
  let bytes: Buffer;
  try {
    const st = statSync(file);
    if (st.isDirectory()) return { error: { file, message: "is a directory" } };
    if (st.size > SQL_MAX_BYTES) return { error: { file, message: `file is ${st.size} bytes, over the ${SQL_MAX_BYTES / 2 ** 20} MB limit for reading a SQL file whole` } };
    bytes = readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { error: { file, message: code === "ENOENT" ? "no such file" : unreadableReason(code) } };
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) return { error: { file, line: bytes.subarray(0, nul).toString("latin1").split("\n").length, message: "binary file (NUL byte): not SQL text" } };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    const bad = firstInvalidUtf8(bytes);
    return { error: { file, line: bytes.subarray(0, bad).toString("latin1").split("\n").length, message: "invalid UTF-8" } };
  }
}

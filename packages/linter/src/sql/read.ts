import { firstInvalidUtf8 } from "../optionfile/bytes.js";
import { InputFileError, readBounded } from "../input.js";

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
    bytes = readBounded(file, "sql", SQL_MAX_BYTES);
  } catch (e) {
    if (!(e instanceof InputFileError)) throw e;
    if (e.code === "EISDIR" || e.reason.startsWith("is a directory")) return { error: { file, message: "is a directory" } };
    if (e.code === "too-large") return { error: { file, message: `file ${e.reason}` } };
    return { error: { file, message: e.reason } };
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

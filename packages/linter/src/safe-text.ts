/**
 * Text from the input (identifiers, values, comments, paths, snapshot fields) made safe to print on
 * a terminal or a CI log: no control character reaches the output raw, so input cannot start a new
 * line (and with it a GitHub workflow command such as `::error::`), move the cursor, clear the
 * screen or set the window title. Tab stays: it moves nothing but the column.
 */

// C0 controls but tab, DEL, C1 controls (0x9B is a one-byte CSI on some terminals), the Unicode line
// and paragraph separators, and the bidirectional overrides that reorder what a reader sees.
const CONTROLS = /[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\u000b": "\\v", "\f": "\\f", "\b": "\\b", "\u001b": "\\e" };

function escapeOne(c: string): string {
  const named = NAMED[c];
  if (named) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** Every control character as a visible escape (`\n`, `\r`, `\v`, `\e`, `\x00`, `\u2028`, …). */
export function escapeControls(s: string): string {
  return s.replace(CONTROLS, escapeOne);
}

/**
 * A path (or location) that starts a line of output: escaped, and prefixed with `./` unless it
 * starts with a letter, a digit, `.`, `/`, `_` or `~`. A file named `::error::x.sql`, or one
 * starting with a space (a workflow runner trims it), then cannot form a workflow command.
 */
export function linePath(path: string): string {
  const escaped = escapeControls(path);
  return /^[A-Za-z0-9._/~]/.test(escaped) ? escaped : `./${escaped}`;
}

/** `innolint: FILE[:LINE]: MESSAGE` for standard error, every part from the input escaped. */
export function errorLine(e: { file: string; line?: number | undefined; message: string }): string {
  return `innolint: ${escapeControls(e.file)}${e.line ? `:${e.line}` : ""}: ${escapeControls(e.message)}\n`;
}

/** `innolint: MESSAGE` for standard error, the message escaped. */
export function messageLine(message: string): string {
  return `innolint: ${escapeControls(message)}\n`;
}

// What JSON.stringify leaves raw although it can reach a terminal: DEL, C1, separators, bidi controls.
const JSON_RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** JSON text with those characters as `\uXXXX` escapes: the same value to a parser, nothing raw to a terminal. */
export function escapeJsonControls(json: string): string {
  return json.replace(JSON_RAW, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

import type { InputError } from "./core.js";
import { escapeControls } from "./safe-text.js";

/**
 * An innolint bug met while linting, as opposed to bad input: the run still reports every other
 * finding, then exits 3 instead of 2.
 */
export function ruleInternalError(file: string, rule: string, e: unknown): InputError {
  return { file, message: `internal error in rule ${rule}: ${messageOf(e)}`, internal: true };
}

export function fileInternalError(file: string, e: unknown): InputError {
  return { file, message: `internal error while linting this file: ${messageOf(e)}`, internal: true };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The exit status for a run with these errors: 3 when one is internal, else 2 (none: undefined). */
export function errorExitCode(errors: readonly InputError[]): 2 | 3 | undefined {
  if (errors.length === 0) return undefined;
  return errors.some((e) => e.internal) ? 3 : 2;
}

/**
 * An unexpected exception for standard error: the message escaped on one line (it may quote input),
 * then the stack frames, which name only innolint's own code.
 */
export function internalErrorText(e: unknown): string {
  const err = e instanceof Error ? e : new Error(String(e));
  const stack = err.stack ?? "";
  const frames = stack.indexOf("\n    at ") >= 0 ? stack.slice(stack.indexOf("\n    at ")) : "";
  return `innolint: internal error: ${escapeControls(`${err.name}: ${err.message}`)}${frames}\nPlease report this with the input that caused it.\n`;
}

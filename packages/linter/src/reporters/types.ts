import type { Finding } from "../finding.js";
import type { InputError, StatementNote } from "../core.js";
import type { BaselineOutcome } from "../baseline.js";

export interface Report {
  findings: Finding[];
  errors: InputError[];
  /** Text of each linted file, for code frames. */
  sources: ReadonlyMap<string, string>;
  /** Base directory paths are shown relative to. */
  cwd: string;
  /** The target of each file, for the JSON report. */
  targets: ReadonlyMap<string, string>;
  /** A heading for reports that have one (markdown), e.g. what a review compared. */
  title?: string;
  /** How many files were looked at, when fewer than all were (a review of a change). */
  filesReviewed?: number;
  /** Findings a baseline accepted, and its stale entries. */
  baseline?: BaselineOutcome;
  /** What each online-DDL statement linted does on its target. */
  onlineDdl?: readonly StatementNote[];
}

export type Reporter = (report: Report, options: { color: boolean }) => string;

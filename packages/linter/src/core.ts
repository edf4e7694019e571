/**
 * The types every layer shares: what a lint is asked (LintOptions) and what it gives back (results
 * and input errors). This module imports types only, and nothing it imports imports it back.
 */
import type { RuleSetting } from "./config.js";
import type { Finding, OnlineDdlNote, Range } from "./finding.js";
import type { HostInput } from "./host.js";
import type { LiveContext } from "./live/context.js";
import type { StreamOptions } from "./sql/stream.js";
import type { Target } from "./target.js";

export type FileKind = "option-file" | "sql";

export interface InputError {
  file: string;
  line?: number;
  message: string;
  /** An innolint bug rather than bad input (internal.ts): the run exits 3. */
  internal?: true;
}

export interface FileResult {
  file: string;
  kind: FileKind;
  target: Target;
  findings: Finding[];
  /** Files read to lint this one (the file itself and its includes). */
  files: string[];
  /** What each online-DDL statement of a SQL file does on the target, finding or not. */
  onlineDdl?: StatementNote[];
}

/** A statement's online-DDL classification and estimate, for the review comment and the editor's hover. */
export interface StatementNote {
  file: string;
  range: Range;
  onlineDdl: OnlineDdlNote;
}

export interface LintOutcome {
  result?: FileResult;
  errors: InputError[];
}

export interface LintOptions {
  /** --target from the command line. */
  target?: string;
  /** An explicit configuration file; otherwise discovered upward from each file. */
  configPath?: string;
  noConfig?: boolean;
  /** Unsaved text for a path (stdin, an editor buffer). */
  text?: string;
  /** The working directory relative !include paths resolve against, as the server's would. */
  cwd?: string;
  /** Attach simulator impacts to findings (default true). */
  impact?: boolean;
  /** SQL files larger than this many bytes are streamed rather than read whole (default SQL_STREAM_ABOVE). */
  streamAbove?: number;
  /** Window sizes for streamed SQL files. */
  stream?: StreamOptions;
  /**
   * A live server's facts (--context-dsn, --context-snapshot, `innolint live`): its target when none
   * is given, its configuration and tables for SQL rules, and config-drift for option files.
   */
  live?: LiveContext;
  /** Absolute paths of the files a change under review adds or modifies (`innolint review`). */
  changedFiles?: ReadonlySet<string>;
  /**
   * Rule severities laid over the configuration's (an editor's settings). "off" hides the rule's
   * findings without making its suppression comments unused: they still matter to the CLI.
   */
  ruleOverrides?: Record<string, RuleSetting>;
  /**
   * The folders of an untrusted workspace: option files outside them are not read, an !include
   * or !includedir leading outside is reported instead of followed (optionfile ReadOptions).
   */
  includeRoots?: string[];
  /** Follow an !include or !includedir outside the project too (--follow-includes; lint/includes.ts). */
  followIncludes?: boolean;
  /** The host from --host-* or the editor's innolint.host: over an option file's directive and the configuration's "host". */
  host?: HostInput;
  /** --upgrade-to: option files are also judged for this later server (src/upgrade.ts). */
  upgradeTo?: string;
}

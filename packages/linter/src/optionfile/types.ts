import type { Range } from "../finding.js";

export type OptionPrefix = "skip" | "enable" | "disable" | "maximum";

export interface OptionEntry {
  /** Absolute path of the file the line is in. */
  file: string;
  /** Group name as the reader matches it (leading blanks kept, trailing blanks dropped). */
  group: string;
  /** The name as written, blanks around it dropped, e.g. "loose-innodb-buffer-pool-size". */
  rawName: string;
  /** Prefixes stripped, '-' → '_': the variable name as the server matches it. */
  name: string;
  loose: boolean;
  /** skip / enable / disable / maximum after "loose-" (if any). */
  prefix: OptionPrefix | null;
  /** After unquoting, escapes and comment removal; null when the line had no '='. */
  value: string | null;
  nameRange: Range;
  /** The value as written (quotes included); an empty range right after '=' for "name=". */
  valueRange: Range | null;
  lineRange: Range;
  /** 1-based line number. */
  line: number;
  /** The value as written between the blanks (quotes and escapes not yet processed). */
  rawValue: string | null;
  /** Exactly the argv element the server builds, e.g. "--innodb_buffer_pool_size=1G". */
  argument: string;
  /** !include nesting depth at which the server read this line (0 = the file given). */
  depth: number;
}

export interface OptionGroup {
  name: string;
  range: Range;
}

export interface OptionInclude {
  kind: "include" | "includedir";
  /** The argument as the reader takes it. */
  path: string;
  /** Absolute path: resolved against the process's working directory, as the server does. */
  resolved: string;
  range: Range;
}

export type OptionFileErrorKind =
  | "missing-include"
  | "include-cycle"
  | "unreadable"
  | "is-directory"
  | "binary"
  | "invalid-utf8"
  | "too-large"
  | "syntax"
  | "line-too-long"
  /** Outside `includeRoots`: innolint did not read it, the server would. */
  | "not-followed";

export interface OptionFileError {
  file: string;
  line?: number;
  message: string;
  kind: OptionFileErrorKind;
  /** Finer cause, e.g. "world-writable", "unknown-directive", "option-outside-group". */
  code?: string;
  /**
   * error: the server (or my_print_defaults) rejects something; warning: it silently copes; info:
   * innolint's own limit, not the server's (an include it did not follow).
   */
  severity?: "error" | "warning" | "info";
  /** The real reader stops reading this file here (and aborts entirely if this is the top file). */
  fatal?: boolean;
  range?: Range;
}

export interface OptionFile {
  path: string;
  text: string;
  /** The options the reader takes from this file alone (stops at a line that aborts the file). */
  entries: OptionEntry[];
  groups: OptionGroup[];
  includes: OptionInclude[];
  /** Problems found in this file on its own (syntax, encoding, long lines). */
  errors: OptionFileError[];
  /** Every comment: whole-line ('#' or ';') and trailing ('#' after an option or a group). */
  comments: OptionComment[];
}

export interface OptionComment {
  /** The comment text including its '#' or ';'. */
  text: string;
  range: Range;
  /** True when it follows an option or a group header on the same line. */
  trailing: boolean;
}

export interface OptionSet {
  files: OptionFile[];
  /** In the order the server reads them, includes expanded (depth-limited like the server). */
  entries: OptionEntry[];
  errors: OptionFileError[];
  /**
   * Set when the top file hit an error the real reader treats as fatal: mysqld refuses to start
   * ("Fatal error in defaults handling") and my_print_defaults prints nothing and exits 2.
   */
  fatal?: OptionFileError;
}

export interface ReadOptions {
  /**
   * Lets the LSP feed unsaved text: return the bytes for a path, or undefined to read it from
   * disk. A thrown error with an errno code (ENOENT, EISDIR, EACCES) counts as that error.
   */
  readFile?: (path: string) => Buffer | undefined;
  /** Files larger than this are refused without being read (default 10 MB). */
  maxBytes?: number;
  /** Working directory the server would run in: relative paths resolve against it. */
  cwd?: string;
  /** Which extensions !includedir takes: "win32" adds ".ini" (default: process.platform). */
  platform?: NodeJS.Platform;
  /**
   * An untrusted workspace's folders: no file or directory outside them is opened, also not
   * through a symbolic link. An !include or !includedir that leads outside is reported
   * ("not-followed") instead of followed; so is the top file, unless `readFile` supplies it.
   */
  includeRoots?: string[];
  /** Why a path outside `includeRoots` is not read, after "is" (default: an untrusted workspace). */
  outsideRoots?: string;
  /**
   * Read a file above `maxBytes` in pieces of whole lines instead of refusing it, handing each
   * option to `onEntry` rather than keeping it (`innolint print-defaults`, which like
   * my_print_defaults has no size limit). Such a file is not in `files`.
   */
  onEntry?: (entry: OptionEntry) => void;
}

export interface GroupOptions {
  /** --defaults-group-suffix / $MYSQL_GROUP_SUFFIX / $MARIADB_GROUP_SUFFIX. */
  groupSuffix?: string;
}

export interface PrintOptions extends GroupOptions {
  /** MySQL's my_print_defaults prints "--password=*****" unless --show (MariaDB's does not). */
  maskPasswords?: boolean;
}

/**
 * The option-file model: what mysqld / my_print_defaults read from a my.cnf, reproduced from
 * MariaDB's mysys/my_default.c (search_default_file_with_ext) on top of the tree-sitter-mycnf tree.
 *
 * Reader semantics (MariaDB 10.11; MySQL's mysys/my_default.cc is the same where not noted):
 *  - Lines: fgets() into a 4096-byte buffer, so at most 4094 bytes per read; a longer line is
 *    read as several lines. Leading latin1 blanks (\t \n \v \f \r space 0xA0) are skipped.
 *  - First character '#' or ';' → comment; empty → skipped.
 *  - '!' → directive. "include" / "includedir" must be followed by a blank; the argument is the
 *    rest of the line without trailing blanks, no comment removal; an empty argument is fatal
 *    for the file. Any other '!' line is ignored. At include depth 10 every '!' line is skipped
 *    with a warning (so a self-include is read 10 times).
 *  - '[' → group: the text up to the first ']' with trailing blanks cut (leading blanks kept),
 *    the rest of the line ignored; no ']' is fatal ("Wrong group definition").
 *  - Anything else is an option; before the first group of the file it is fatal ("Found option
 *    without preceding group"). Each file (also an included one) starts without a group.
 *  - Option lines: remove_end_comment() cuts at a '#' outside '…'/"…" (backslash escapes a quote
 *    inside quotes), then the first '=' splits name from value, blanks trimmed around both; one
 *    pair of equal outer quotes is stripped from the value, then \n \t \r \b \s \" \' \\ are
 *    expanded (other backslashes kept). The server gets "--name" or "--name=value".
 *  - Fatal errors abort only the file they are in when it was included; in the top file they
 *    abort everything (my_print_defaults prints nothing and exits 2; mysqld refuses to start).
 *  - !include PATH: PATH is used as is (relative to the process's working directory, not to the
 *    including file; "~/" is expanded); a missing or unreadable file is silently skipped.
 *  - !includedir DIR: the directory's entries sorted by byte order (my_dir MY_WANT_SORT), those
 *    whose name's last extension is exactly ".cnf" (Windows: ".ini" or ".cnf"), hidden files
 *    included; a directory that cannot be listed is fatal for the including file.
 *  - World-writable regular files are ignored with a warning (not on Windows).
 *  - Groups are matched case-insensitively (latin1), whole name only.
 */
import { closeSync, readSync, readdirSync, realpathSync, statSync, accessSync, constants as fsConstants, type Stats } from "node:fs";
import { homedir } from "node:os";
import { join, resolve, sep } from "node:path";
import type { Parser } from "web-tree-sitter";
import type { Range } from "../finding.js";
import { createParser } from "../treesitter.js";
import { decodeUtf8, encodeUtf8, firstInvalidUtf8, groupNameMatches, lineOfOffset } from "./bytes.js";
import { parseText, type DirectiveStatement, type Statement } from "./parse.js";
import type { GroupOptions, OptionEntry, OptionFile, OptionFileError, OptionSet, PrintOptions, ReadOptions } from "./types.js";
import { unreadableReason } from "../errno.js";
import { InputFileError, notRegularReason, openRegular, readBounded } from "../input.js";
import { append } from "../arrays.js";

export type {
  GroupOptions,
  OptionEntry,
  OptionFile,
  OptionFileError,
  OptionComment,
  OptionFileErrorKind,
  OptionGroup,
  OptionInclude,
  OptionPrefix,
  OptionSet,
  PrintOptions,
  ReadOptions,
} from "./types.js";
export { splitOptionName } from "./parse.js";

export const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
/** The piece a file above the limit is read in (ReadOptions.onEntry): parsing costs ~150 bytes per byte. */
const PIECE_BYTES = 1024 * 1024;
/** search_default_file_with_ext(): max_recursion_level. */
export const MAX_INCLUDE_DEPTH = 10;
/** innolint's own guard against include fan-out (an includedir that includes itself, ...). */
const MAX_FILE_VISITS = 5000;
/**
 * …and against the text those reads add up to: 5,000 reads of a 70 KB file that includes its own
 * directory hundreds of times is 350 MB of options for the rules (minutes in an editor). A real
 * set of option files is well under 1 MB.
 */
const MAX_INCLUDED_BYTES = 16 * 1024 * 1024;

/** Exact group-name bytes of each entry (the decoded `group` string can be lossy). */
const groupBytes = new WeakMap<OptionEntry, Buffer>();

interface ParsedFile {
  file: OptionFile;
  statements: Statement[];
  /**
   * The text starts with a UTF-8 byte order mark. tree-sitter skips it, the reader does not:
   * its first line then starts with bytes EF BB BF, so it is an option line before any group.
   */
  bom: boolean;
}

/** The reader's group state machine over one file, shared by the per-file and the set views. */
interface FileVisitor {
  option(entry: OptionEntry): void;
  group(name: string, range: Range): void;
  /** Returns false when the directive turned out fatal for the file (includedir unreadable). */
  include(kind: "include" | "includedir", path: string, statement: DirectiveStatement): boolean;
  fatal(error: OptionFileError): void;
}

function expandTilde(path: string): string {
  // unpack_dirname(): "~/..." becomes $HOME/...
  if (path === "~" || path.startsWith("~/")) return join(process.env.HOME ?? homedir(), path.slice(1));
  return path;
}

function realOrSelf(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function under(path: string, roots: string[]): boolean {
  return roots.some((r) => path === r || path.startsWith(r.endsWith(sep) ? r : r + sep));
}

/** Inside one of `roots`, also after following symbolic links. */
export function insideRoots(path: string, roots: string[]): boolean {
  return under(path, roots) && under(realOrSelf(path), roots.map(realOrSelf));
}

type GroupState = { name: string; bytes: Buffer } | null;

/**
 * Walks one file's statements (or one piece of a file read in pieces: `group` is the group the
 * previous piece ended in). Returns the group at the end, or undefined when the file stopped.
 */
function walkFile(parsed: ParsedFile, depth: number, visitor: FileVisitor, initial: GroupState = null): GroupState | undefined {
  const file = parsed.file.path;
  let group: GroupState = initial;
  if (parsed.bom) {
    visitor.fatal({
      file,
      line: 1,
      kind: "syntax",
      code: "option-outside-group",
      severity: "error",
      fatal: true,
      range: { start: { line: 1, column: 1 }, end: { line: 1, column: 2 } },
      message: `Found option without preceding group: the file starts with a UTF-8 byte order mark, which the server does not skip; it stops reading ${file} here`,
    });
    return undefined;
  }
  for (const st of parsed.statements) {
    switch (st.kind) {
      case "error":
        break;
      case "group":
        if (!st.closed) {
          visitor.fatal({
            file,
            line: st.line,
            kind: "syntax",
            code: "unterminated-group",
            severity: "error",
            fatal: true,
            range: st.range,
            message: `Wrong group definition: no ']' on the line; the server stops reading ${file} here`,
          });
          return undefined;
        }
        group = { name: st.name, bytes: st.nameBytes };
        visitor.group(st.name, st.range);
        break;
      case "directive":
        if (depth >= MAX_INCLUDE_DEPTH) break; // reported by the set walker
        if (st.directive === "unknown") break;
        if (st.directive === "empty") {
          visitor.fatal({
            file,
            line: st.line,
            kind: "syntax",
            code: "empty-include",
            severity: "error",
            fatal: true,
            range: st.range,
            message: `Wrong '!${st.keyword}' directive: no path; the server stops reading ${file} here`,
          });
          return undefined;
        }
        if (!visitor.include(st.directive, st.path, st)) return undefined;
        break;
      case "option": {
        if (!group) {
          visitor.fatal({
            file,
            line: st.line,
            kind: "syntax",
            code: "option-outside-group",
            severity: "error",
            fatal: true,
            range: st.lineRange,
            message: `Found option without preceding group; the server stops reading ${file} here`,
          });
          return undefined;
        }
        const entry: OptionEntry = {
          file,
          group: group.name,
          rawName: st.rawName,
          name: st.name,
          loose: st.loose,
          prefix: st.prefix,
          value: st.value,
          nameRange: st.nameRange,
          valueRange: st.valueRange,
          lineRange: st.lineRange,
          line: st.line,
          rawValue: st.rawValue,
          argument: st.argument,
          depth,
        };
        groupBytes.set(entry, group.bytes);
        visitor.option(entry);
        break;
      }
    }
  }
  return group;
}

/** `!includedir /etc/mysql/conf.d/` on a last line without a newline: losing the final slash names the same directory. */
function droppedOnlyTrailingSlash(st: DirectiveStatement): boolean {
  return st.directive === "includedir" && st.path !== "" && st.text.trimEnd().endsWith(`${st.path}/`);
}

function staticErrors(file: string, statements: Statement[]): OptionFileError[] {
  const errors: OptionFileError[] = [];
  for (const st of statements) {
    if (st.kind === "error") {
      errors.push({ file, line: st.line, kind: "syntax", severity: "error", range: st.range, message: `cannot parse: ${JSON.stringify(st.text)}` });
    } else if (st.kind === "directive") {
      if (st.directive === "unknown") {
        const eofInclude = st.keyword === "include" || st.keyword === "includedir";
        errors.push({
          file,
          line: st.line,
          kind: "syntax",
          code: "unknown-directive",
          severity: "warning",
          range: st.range,
          message: eofInclude
            ? `'!${st.keyword}' on the last line without a newline is ignored by the server`
            : `unknown directive ${JSON.stringify(st.text)} is ignored by the server (only !include and !includedir exist)`,
        });
      } else if (st.directive !== "empty" && st.atEofWithoutNewline && !droppedOnlyTrailingSlash(st)) {
        errors.push({
          file,
          line: st.line,
          kind: "syntax",
          code: "include-without-newline",
          severity: "warning",
          range: st.range,
          message: `no newline at the end of the file: the server drops the last character of the '!${st.directive}' path and uses ${JSON.stringify(st.path)}`,
        });
      }
    } else if (st.kind === "option" && st.emptyName) {
      errors.push({
        file,
        line: st.line,
        kind: "syntax",
        code: "empty-option-name",
        severity: "error",
        range: st.lineRange,
        message: `option line without a name; the server passes ${JSON.stringify(st.argument)}`,
      });
    }
  }
  return errors;
}

function buildFile(parser: Parser, path: string, text: string, bytes: Buffer, cwd: string, extraErrors: OptionFileError[]): ParsedFile {
  const parsed = parseText(parser, text, bytes);
  const file: OptionFile = { path, text, entries: [], groups: [], includes: [], errors: [], comments: parsed.comments };
  append(
    append(
      append(file.errors, extraErrors),
      parsed.errors.map((e) => ({ ...e, file: path })),
    ),
    staticErrors(path, parsed.statements),
  );
  const result: ParsedFile = { file, statements: parsed.statements, bom: text.startsWith("\uFEFF") };
  walkFile(result, 0, {
    option: (entry) => file.entries.push(entry),
    group: (name, range) => file.groups.push({ name, range }),
    include: (kind, p, st) => {
      const resolved = kind === "include" ? resolve(cwd, expandTilde(p)) : resolve(cwd, p);
      file.includes.push({ kind, path: p, resolved, range: st.range });
      return true;
    },
    fatal: (error) => file.errors.push(error),
  });
  file.errors.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return result;
}

/** One file's text on its own: no includes are followed (they are listed, resolved against the cwd). */
export async function parseOptionText(path: string, text: string): Promise<OptionFile> {
  const parser = await createParser("mycnf");
  try {
    const abs = resolve(path);
    return buildFile(parser, abs, text, encodeUtf8(text), process.cwd(), []).file;
  } finally {
    parser.delete();
  }
}

/** `pieces`: a file above the size limit, to be read in pieces (ReadOptions.onEntry). */
type Loaded = { ok: true; parsed: ParsedFile } | { ok: true; pieces: true } | { ok: false; error: OptionFileError | null };

function errnoOf(e: unknown): string {
  return (e as NodeJS.ErrnoException | undefined)?.code ?? "EIO";
}

/**
 * Read an option file the way `my_print_defaults --defaults-file=PATH` / `mysqld
 * --defaults-file=PATH` do, following !include and !includedir. Never throws for bad input:
 * problems become OptionFileErrors and the rest of the set still loads.
 */
export async function readOptionFiles(path: string, opts: ReadOptions = {}): Promise<OptionSet> {
  const parser = await createParser("mycnf");
  try {
    return readWith(parser, path, opts);
  } finally {
    parser.delete();
  }
}

function readWith(parser: Parser, path: string, opts: ReadOptions): OptionSet {
  const cwd = opts.cwd ?? process.cwd();
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const windows = (opts.platform ?? process.platform) === "win32";
  const extensions = windows ? [".ini", ".cnf"] : [".cnf"];
  const set: OptionSet = { files: [], entries: [], errors: [] };
  const seenErrors = new Set<string>();
  const cache = new Map<string, Loaded>();
  const stack: string[] = [];
  const cycles = new Set<string>();
  let visits = 0;
  let includedBytes = 0;
  let includedTooMuch = false;
  const roots = opts.includeRoots;
  const notFollowed = (abs: string, at: { file: string; line?: number; range?: Range }): OptionFileError => ({
    ...at,
    kind: "not-followed",
    severity: "info",
    message: `not followed: ${abs} is ${opts.outsideRoots ?? "outside the workspace, and innolint reads nothing outside an untrusted workspace"}`,
  });

  const report = (error: OptionFileError): void => {
    const key = `${error.file}\0${error.line ?? ""}\0${error.kind}\0${error.code ?? ""}`;
    if (seenErrors.has(key)) return;
    seenErrors.add(key);
    set.errors.push(error);
  };

  type Origin = { file: string; line: number; range: Range } | null;

  const load = (abs: string, origin: Origin): Loaded => {
    const cached = cache.get(abs);
    if (cached) return cached;
    const at = origin ? { file: origin.file, line: origin.line, range: origin.range } : { file: abs };
    const fail = (error: OptionFileError | null): Loaded => {
      const result: Loaded = { ok: false, error };
      cache.set(abs, result);
      return result;
    };

    let bytes: Buffer | undefined;
    let hookError: unknown;
    if (opts.readFile) {
      try {
        bytes = opts.readFile(abs);
      } catch (e) {
        hookError = e;
      }
    }
    // The top file outside an untrusted workspace is read only when the caller supplies it.
    if (roots && !bytes && !insideRoots(abs, roots)) return fail(notFollowed(abs, at));
    let stat: ReturnType<typeof statSync> | undefined;
    let statCode = "ENOENT";
    try {
      stat = statSync(abs);
    } catch (e) {
      statCode = errnoOf(e);
    }
    if (hookError !== undefined) {
      const code = errnoOf(hookError);
      if (code === "EISDIR" || stat?.isDirectory()) {
        return fail({ ...at, kind: "is-directory", severity: "warning", message: `${abs} is a directory; the server reads nothing from it` });
      }
      if (code === "ENOENT") {
        return fail(
          origin
            ? { ...at, kind: "missing-include", severity: "warning", message: `included file ${abs} does not exist; the server silently skips it` }
            : { file: abs, kind: "unreadable", code: "not-found", severity: "error", fatal: true, message: `Could not open required defaults file: ${abs}` },
        );
      }
      return fail({ ...at, kind: "unreadable", code, severity: "error", fatal: !origin, message: `${abs}: ${unreadableReason(code)}` });
    }
    if (!bytes) {
      if (!stat) {
        const code = statCode;
        if (code === "ENOENT" || code === "ENOTDIR") {
          return fail(
            origin
              ? { ...at, kind: "missing-include", severity: "warning", message: `included file ${abs} does not exist; the server silently skips it` }
              : { file: abs, kind: "unreadable", code: "not-found", severity: "error", fatal: true, message: `Could not open required defaults file: ${abs}` },
          );
        }
        return fail({ ...at, kind: "unreadable", code, severity: "error", fatal: !origin, message: `${abs}: ${unreadableReason(code)}` });
      }
      if (stat.isDirectory()) {
        return fail({ ...at, kind: "is-directory", severity: "warning", message: `${abs} is a directory; the server reads nothing from it` });
      }
      if (!stat.isFile()) {
        return fail({
          ...at,
          kind: "unreadable",
          code: "not-regular",
          severity: "error",
          fatal: !origin,
          message: `${abs} ${notRegularReason(stat as Stats)}`,
        });
      }
      if (stat.size > maxBytes && !opts.onEntry) {
        return fail({
          file: abs,
          kind: "too-large",
          severity: "error",
          fatal: !origin,
          message: `${abs} is ${stat.size} bytes, over the ${maxBytes}-byte limit; not read`,
        });
      }
    }

    // Ignore world-writable regular files (my_default.c; not on Windows). Read-only file
    // systems are exempt in MariaDB: access(W_OK) failing with EROFS/EPERM.
    if (!windows && stat?.isFile() && (Number(stat.mode) & 0o002) !== 0) {
      let writable = true;
      try {
        accessSync(abs, fsConstants.W_OK);
      } catch (e) {
        const code = errnoOf(e);
        writable = code !== "EROFS" && code !== "EPERM";
      }
      if (writable) {
        return fail({
          file: abs,
          kind: "unreadable",
          code: "world-writable",
          severity: "warning",
          message: `World-writable config file '${abs}' is ignored by the server`,
        });
      }
    }

    if (!bytes && opts.onEntry && stat && stat.size > maxBytes) {
      const result: Loaded = { ok: true, pieces: true };
      cache.set(abs, result);
      return result;
    }
    if (!bytes) {
      try {
        // The descriptor is checked again: the path may have been replaced since the stat.
        bytes = readBounded(abs, "option-file", maxBytes);
      } catch (e) {
        if (!(e instanceof InputFileError)) throw e;
        if (e.code === "EISDIR")
          return fail({ ...at, kind: "is-directory", severity: "warning", message: `${abs} is a directory; the server reads nothing from it` });
        if (e.code === "too-large") return fail({ file: abs, kind: "too-large", severity: "error", fatal: !origin, message: `${abs} ${e.reason}; not read` });
        if (e.code === "not-regular")
          return fail({ ...at, kind: "unreadable", code: "not-regular", severity: "error", fatal: !origin, message: `${abs} ${e.reason}` });
        const code = e.code;
        return fail({ ...at, kind: "unreadable", ...(code ? { code } : {}), severity: "error", fatal: !origin, message: `${abs}: ${unreadableReason(code)}` });
      }
    }
    if (bytes.length > maxBytes) {
      return fail({ file: abs, kind: "too-large", severity: "error", fatal: !origin, message: `${abs} is over the ${maxBytes}-byte limit; not read` });
    }
    const nul = bytes.indexOf(0);
    if (nul >= 0) {
      return fail({
        file: abs,
        line: lineOfOffset(bytes, nul),
        kind: "binary",
        severity: "error",
        message: `${abs} contains NUL bytes (binary file); not read`,
      });
    }
    const extra: OptionFileError[] = [];
    const bad = firstInvalidUtf8(bytes);
    if (bad >= 0) {
      extra.push({
        file: abs,
        line: lineOfOffset(bytes, bad),
        kind: "invalid-utf8",
        severity: "warning",
        message: `${abs} is not valid UTF-8 (first bad byte at offset ${bad}); invalid bytes are shown as U+FFFD`,
      });
    }
    const text = decodeUtf8(bytes);
    const parsed = buildFile(parser, abs, text, bytes, cwd, extra);
    const result: Loaded = { ok: true, parsed };
    cache.set(abs, result);
    set.files.push(parsed.file);
    for (const e of parsed.file.errors) if (!e.fatal) report(e);
    return result;
  };

  const visit = (abs: string, depth: number, origin: Origin): void => {
    // Reported at every directive that leads outside, not once per file as read errors are.
    if (roots && origin && !insideRoots(abs, roots)) {
      report(notFollowed(abs, origin));
      return;
    }
    if (++visits > MAX_FILE_VISITS) {
      if (visits === MAX_FILE_VISITS + 1 && origin) {
        report({
          ...origin,
          kind: "include-cycle",
          code: "too-many-files",
          severity: "error",
          message: `more than ${MAX_FILE_VISITS} file reads through !include/!includedir; innolint stops expanding here`,
        });
      }
      return;
    }
    const loaded = load(abs, origin);
    if (!loaded.ok) {
      if (loaded.error) {
        report(loaded.error);
        if (!origin && loaded.error.fatal) set.fatal = loaded.error;
      }
      return;
    }
    if (origin && "parsed" in loaded) {
      includedBytes += loaded.parsed.file.text.length;
      if (includedBytes > MAX_INCLUDED_BYTES) {
        if (!includedTooMuch) {
          includedTooMuch = true;
          report({
            ...origin,
            kind: "include-cycle",
            code: "too-much-text",
            severity: "error",
            message: `more than ${MAX_INCLUDED_BYTES / 2 ** 20} MB of option text through !include/!includedir; innolint stops expanding here`,
          });
        }
        return;
      }
    }
    if (origin && stack.includes(abs)) {
      const members = stack.slice(stack.indexOf(abs));
      const key = [...members].sort().join("\0");
      if (!cycles.has(key)) {
        cycles.add(key);
        report({
          ...origin,
          kind: "include-cycle",
          severity: "error",
          message: `${abs} includes itself (${[...members, abs].join(" -> ")}); the server re-reads it until include depth ${MAX_INCLUDE_DEPTH}`,
        });
      }
    }
    stack.push(abs);
    if ("pieces" in loaded) {
      readPieces(abs, depth, visitorFor(abs, depth));
      stack.pop();
      return;
    }
    const parsed = loaded.parsed;
    if (depth >= MAX_INCLUDE_DEPTH) {
      for (const st of parsed.statements) {
        if (st.kind === "directive") {
          report({
            file: abs,
            line: st.line,
            kind: "include-cycle",
            code: "depth-limit",
            severity: "warning",
            range: st.range,
            message: `skipping '${st.text}': the server's maximum include depth (${MAX_INCLUDE_DEPTH}) is reached here`,
          });
        }
      }
    }
    walkFile(parsed, depth, visitorFor(abs, depth));
    stack.pop();
  };

  /** What reading a file does with its groups, options and directives at an include depth. */
  const visitorFor = (abs: string, depth: number): FileVisitor => ({
    option: (entry) => (opts.onEntry ? opts.onEntry(entry) : set.entries.push(entry)),
    group: () => undefined,
    include: (kind, p, st) => {
      const where = { file: abs, line: st.line, range: st.range };
      if (kind === "include") {
        visit(resolve(cwd, expandTilde(p)), depth + 1, where);
        return true;
      }
      const dir = resolve(cwd, p);
      if (roots && !insideRoots(dir, roots)) {
        report(notFollowed(dir, where));
        return true;
      }
      let names: string[];
      try {
        names = readdirSync(dir);
      } catch (e) {
        const code = errnoOf(e);
        const error: OptionFileError = {
          ...where,
          kind: code === "ENOENT" ? "missing-include" : "unreadable",
          code: `includedir-${code}`,
          severity: "error",
          fatal: true,
          message: `Can't read dir of '${p}' (${code}); the server stops reading ${abs} here` + (depth === 0 ? " and aborts" : ""),
        };
        report(error);
        if (depth === 0) set.fatal ??= error;
        return false;
      }
      names.sort((a, b) => Buffer.compare(encodeUtf8(a), encodeUtf8(b)));
      for (const name of names) {
        const dot = name.lastIndexOf(".");
        if (dot < 0 || !extensions.includes(name.slice(dot))) continue;
        visit(join(dir, name), depth + 1, where);
      }
      return true;
    },
    fatal: (error) => {
      report(error);
      if (depth === 0) set.fatal ??= error;
    },
  });

  /**
   * A file above the size limit, in pieces of whole lines: each piece is parsed and walked on its
   * own, in the group the previous piece ended in, so memory stays bounded by the piece. Lines and
   * offsets in errors are the file's.
   */
  const readPieces = (abs: string, depth: number, visitor: FileVisitor): void => {
    let fd: number;
    try {
      fd = openRegular(abs).fd;
    } catch (e) {
      const reason = e instanceof InputFileError ? e.reason : String(e);
      visitor.fatal({ file: abs, kind: "unreadable", severity: "error", fatal: depth === 0, message: `${abs} ${reason}` });
      return;
    }
    try {
      // Never a piece above the limit itself, so that a small limit (tests) makes many pieces.
      const chunk = Buffer.allocUnsafe(Math.max(1, Math.min(PIECE_BYTES, maxBytes)));
      let carry: Buffer = Buffer.alloc(0);
      let lineOffset = 0;
      let byteOffset = 0;
      let group: GroupState = null;
      let first = true;
      let invalidReported = false;
      for (;;) {
        const n = readSync(fd, chunk, 0, chunk.length, null);
        const data = n > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : carry;
        const cut = n > 0 ? data.lastIndexOf(0x0a) + 1 : data.length;
        if (n > 0 && cut === 0) {
          carry = Buffer.from(data);
          continue;
        }
        const piece = data.subarray(0, cut);
        carry = Buffer.from(data.subarray(cut));
        if (piece.length > 0) {
          const nul = piece.indexOf(0);
          if (nul >= 0) {
            visitor.fatal({
              file: abs,
              line: lineOffset + lineOfOffset(piece, nul),
              kind: "binary",
              severity: "error",
              fatal: depth === 0,
              message: `${abs} contains NUL bytes (binary file); not read further`,
            });
            return;
          }
          const extra: OptionFileError[] = [];
          const bad = firstInvalidUtf8(piece);
          if (bad >= 0 && !invalidReported) {
            invalidReported = true;
            extra.push({
              file: abs,
              line: lineOffset + lineOfOffset(piece, bad),
              kind: "invalid-utf8",
              severity: "warning",
              message: `${abs} is not valid UTF-8 (first bad byte at offset ${byteOffset + bad}); invalid bytes are shown as U+FFFD`,
            });
          }
          const parsed = buildFile(parser, abs, decodeUtf8(piece), piece, cwd, []);
          if (!first) parsed.bom = false;
          for (const e of extra) report(e);
          for (const e of parsed.file.errors) if (!e.fatal) report({ ...e, ...(e.line !== undefined ? { line: e.line + lineOffset } : {}) });
          const shifted: FileVisitor = {
            ...visitor,
            fatal: (error) => visitor.fatal({ ...error, ...(error.line !== undefined ? { line: error.line + lineOffset } : {}) }),
          };
          const next = walkFile(parsed, depth, shifted, group);
          if (next === undefined) return;
          group = next;
          first = false;
          for (let i = piece.indexOf(0x0a); i >= 0; i = piece.indexOf(0x0a, i + 1)) lineOffset++;
          byteOffset += piece.length;
        }
        if (n <= 0) return;
      }
    } finally {
      closeSync(fd);
    }
  };

  visit(resolve(cwd, expandTilde(path)), 0, null);
  return set;
}

function requestedGroups(groups: string[], opts: GroupOptions): Buffer[] {
  const all = opts.groupSuffix ? [...groups, ...groups.map((g) => g + opts.groupSuffix)] : groups;
  return all.map((g) => encodeUtf8(g));
}

/** What the server sees for those groups, in order (the entries whose group it would read). */
export function entriesForGroups(set: OptionSet, groups: string[], opts: GroupOptions = {}): OptionEntry[] {
  const wanted = requestedGroups(groups, opts);
  return set.entries.filter((e) => {
    const bytes = groupBytes.get(e) ?? encodeUtf8(e.group);
    return wanted.some((w) => groupNameMatches(bytes, w));
  });
}

/**
 * Exactly what `my_print_defaults --defaults-file=FILE GROUP...` writes to stdout: one
 * puts(argument) per option (an argument may itself contain newlines). Empty when the real tool
 * fails (exit status 2) because the top file has a fatal error or cannot be opened.
 */
export function printDefaultsOutput(set: OptionSet, groups: string[], opts: PrintOptions = {}): string {
  if (set.fatal) return "";
  return entriesForGroups(set, groups, opts)
    .map((e) => (opts.maskPasswords && e.argument.startsWith("--password") ? "--password=*****" : e.argument) + "\n")
    .join("");
}

/** my_print_defaults' exit status for the same call: 0, or 2 when the defaults are unusable. */
export function printDefaultsStatus(set: OptionSet): number {
  return set.fatal ? 2 : 0;
}

/**
 * `my_print_defaults --defaults-file=PATH GROUP...` for a file of any size: files above the limit
 * are read in pieces and only the printed arguments are kept, as the real tool keeps them.
 */
export async function printDefaultsFile(path: string, groups: string[], opts: ReadOptions & PrintOptions = {}): Promise<{ set: OptionSet; output: string }> {
  const wanted = requestedGroups(groups, opts);
  const printed: string[] = [];
  const set = await readOptionFiles(path, {
    ...opts,
    onEntry: (e) => {
      const bytes = groupBytes.get(e) ?? encodeUtf8(e.group);
      if (wanted.some((w) => groupNameMatches(bytes, w)))
        printed.push((opts.maskPasswords && e.argument.startsWith("--password") ? "--password=*****" : e.argument) + "\n");
    },
  });
  return { set, output: set.fatal ? "" : printed.join("") };
}

/** my_print_defaults' output lines (stdout split at '\n'). */
export function printDefaults(set: OptionSet, groups: string[], opts: PrintOptions = {}): string[] {
  const out = printDefaultsOutput(set, groups, opts);
  return out === "" ? [] : out.slice(0, -1).split("\n");
}

import { readdirSync, statSync } from "node:fs";
import { basename, join, relative, resolve, sep } from "node:path";
import type { FileKind, InputError } from "./core.js";
import { unreadableReason } from "./errno.js";
import { notRegularReason } from "./input.js";
import { append } from "./arrays.js";
import { compareMigrationNames, isRollbackFile } from "./sql/order.js";

const OPTION_FILE_NAMES = new Set(["my.cnf", ".my.cnf", "mysqld.cnf", "my.ini", "mariadb.cnf", "server.cnf", "client.cnf"]);
const SKIP_DIRS = new Set(["node_modules", ".git", ".hg", ".svn", "dist", "target"]);

/** The kind a file is linted as, from its name; undefined when the name says nothing. */
export function kindFromName(path: string): FileKind | undefined {
  const name = basename(path).toLowerCase();
  if (OPTION_FILE_NAMES.has(name) || name.endsWith(".cnf")) return "option-file";
  if (name.endsWith(".sql")) return "sql";
  return undefined;
}

/** From content: an option file starts (after comments) with a [group] header or an !include directive. */
export function kindFromContent(text: string): FileKind {
  for (const raw of text.split(/\r?\n/, 200)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    return /^\[[^\]]+\]$/.test(line) || /^!include(dir)?\s/.test(line) ? "option-file" : "sql";
  }
  return "sql";
}

export function globToRegExp(glob: string): RegExp {
  let re = "";
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i] as string;
    if (ch === "*") {
      if (glob[i + 1] === "*") {
        re += glob[i + 2] === "/" ? "(?:.*/)?" : ".*";
        i += glob[i + 2] === "/" ? 2 : 1;
      } else re += "[^/]*";
    } else if (ch === "?") re += "[^/]";
    else if (ch === "{") {
      const close = glob.indexOf("}", i);
      if (close > i) {
        re += `(?:${glob
          .slice(i + 1, close)
          .split(",")
          .map(escapeRe)
          .join("|")})`;
        i = close;
      } else re += "\\{";
    } else re += escapeRe(ch);
  }
  return new RegExp(`^${re}$`);
}

function escapeRe(s: string): string {
  return s.replace(/[.+^$()|[\]\\]/g, "\\$&");
}

function walk(dir: string, out: string[], errors: InputError[]): void {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    errors.push({ file: dir, message: `cannot read directory (${(e as NodeJS.ErrnoException).code})` });
    return;
  }
  for (const entry of entries.sort((a, b) => compareMigrationNames(a.name, b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) walk(path, out, errors);
    } else if (kindFromName(path) && !isRollbackFile(entry.name)) {
      if (entry.isFile()) out.push(path);
      else {
        // A link is followed to a regular file; anything else named *.sql or *.cnf is reported.
        const problem = notLintable(path);
        if (problem === undefined) out.push(path);
        else if (problem !== "directory") errors.push({ file: path, message: problem });
      }
    }
  }
}

/**
 * Why a path named like a lintable file cannot be linted (a FIFO, a device, a link loop, a link to
 * nothing); "directory" for a directory; undefined for a regular file (through links).
 */
export function notLintable(path: string): string | undefined {
  let st;
  try {
    st = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ELOOP") return "is a symbolic link loop (too many levels of symbolic links)";
    if (code === "ENOENT") return "is a symbolic link to nothing";
    return unreadableReason(code);
  }
  if (st.isFile()) return undefined;
  if (st.isDirectory()) return "directory";
  return notRegularReason(st);
}

const GLOB_CHARS = /[*?{]/;

/** The folder before a glob's first wildcard, and the pattern for the rest (relative, with `/`). */
function splitGlob(p: string, cwd: string): { base: string; pattern: RegExp } {
  const parts = p.split(/[\\/]/);
  const fixed: string[] = [];
  for (const part of parts) {
    if (GLOB_CHARS.test(part)) break;
    fixed.push(part);
  }
  return { base: resolve(cwd, fixed.join(sep) || "."), pattern: globToRegExp(parts.slice(fixed.length).join("/")) };
}

/**
 * Whether a path is one the command line's paths select: a file named, a file under a directory
 * named, or a match of a glob, as `collectFiles` would find it on disk. For paths that may not be on
 * disk (a review's changed files).
 */
export function pathSelector(paths: string[], cwd: string): (path: string) => boolean {
  const tests = paths.map((p) => {
    if (GLOB_CHARS.test(p)) {
      const { base, pattern } = splitGlob(p, cwd);
      return (f: string) => f.startsWith(base + sep) && pattern.test(relative(base, f).split(sep).join("/"));
    }
    const abs = resolve(cwd, p);
    const dir = abs.endsWith(sep) ? abs : abs + sep;
    return (f: string) => f === abs || f.startsWith(dir);
  });
  return (path) => tests.some((t) => t(path));
}

/** Expands the command line's paths: files as given, directories walked for .cnf and .sql, globs matched. */
export function collectFiles(paths: string[], cwd: string): { files: string[]; errors: InputError[] } {
  const files: string[] = [];
  const errors: InputError[] = [];
  for (const p of paths) {
    if (GLOB_CHARS.test(p)) {
      const { base, pattern } = splitGlob(p, cwd);
      const found: string[] = [];
      walk(base, found, errors);
      const matched = found.filter((f) => pattern.test(relative(base, f).split(sep).join("/")));
      if (matched.length === 0) errors.push({ file: p, message: "no option or SQL files match this pattern" });
      append(files, matched);
      continue;
    }
    const abs = resolve(cwd, p);
    let stat;
    try {
      stat = statSync(abs);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      errors.push({ file: abs, message: code === "ENOENT" ? "no such file or directory" : unreadableReason(code) });
      continue;
    }
    if (stat.isDirectory()) {
      const before = files.length;
      walk(abs, files, errors);
      if (files.length === before && !errors.some((e) => e.file.startsWith(abs + sep)))
        errors.push({ file: abs, message: "directory holds no .cnf or .sql files" });
    } else if (stat.isFile()) files.push(abs);
    else errors.push({ file: abs, message: notRegularReason(stat) });
  }
  return { files: [...new Set(files)], errors };
}

import { spawnSync } from "node:child_process";
import { join, relative, resolve, sep } from "node:path";
import { readSqlText } from "../sql/read.js";
import { listSqlFiles, MigrationHistory } from "../sql/history.js";

/** A git command failed in a way the user can fix (not a repository, an unknown ref). */
export class ReviewError extends Error {}

function git(args: string[], cwd: string): Buffer {
  const res = spawnSync("git", args, { cwd, maxBuffer: 1 << 30 });
  if (res.error) {
    const code = (res.error as NodeJS.ErrnoException).code;
    throw new ReviewError(
      code === "ENOENT" ? "git is not installed or not on PATH (innolint review compares git revisions)" : `git ${args[0]} failed: ${res.error.message}`,
    );
  }
  if (res.status !== 0) throw new ReviewError(`git ${args.join(" ")}: ${res.stderr.toString("utf8").trim().split("\n")[0] || `exit ${res.status}`}`);
  return res.stdout;
}

function nulList(out: Buffer): string[] {
  return out
    .toString("utf8")
    .split("\0")
    .filter((s) => s !== "");
}

export type ChangeStatus = "added" | "modified" | "deleted";

export interface ChangedFile {
  /** Absolute, spelt from the working directory the command ran in. */
  path: string;
  /** Relative to the repository root, with `/`, as git names it. */
  gitPath: string;
  status: ChangeStatus;
}

export interface Change {
  /** The repository's top directory, as the working directory spells it (symlinks kept). */
  root: string;
  /** The commit the change is measured from: the merge base of the base ref and HEAD. */
  mergeBase: string;
  /** Absolute paths of files added or modified since the merge base, and untracked files. */
  files: string[];
  /** Every changed file with its status, deletions included. */
  changes: ChangedFile[];
}

/**
 * What a pull request changes: everything that differs between the merge base of `base` and HEAD
 * and the working tree (commits on the branch, staged and unstaged edits), plus files not yet
 * tracked, as `git diff base...` and Squawk's or reviewdog's diff modes count it. A rename is a
 * deletion and an addition: to a migration tool a file under a new name is a new migration.
 */
export function changedFiles(cwd: string, base: string): Change {
  let cdup: string;
  try {
    cdup = git(["rev-parse", "--show-cdup"], cwd).toString("utf8").trim();
  } catch (e) {
    if (e instanceof ReviewError && /not a git repository/i.test(e.message))
      throw new ReviewError(`${cwd} is not in a git repository (innolint review compares git revisions)`);
    throw e;
  }
  const root = resolve(cwd, cdup || ".");
  try {
    git(["rev-parse", "--verify", "--quiet", "--end-of-options", `${base}^{commit}`], root);
  } catch {
    throw new ReviewError(`unknown git ref "${base}" (in CI, fetch the base branch, for example actions/checkout with fetch-depth: 0)`);
  }
  try {
    git(["rev-parse", "--verify", "--quiet", "HEAD"], root);
  } catch {
    throw new ReviewError("HEAD has no commit yet: there is nothing to compare with");
  }
  let mergeBase: string;
  try {
    mergeBase = git(["merge-base", "--end-of-options", base, "HEAD"], root).toString("utf8").trim();
  } catch {
    throw new ReviewError(`"${base}" and HEAD have no common ancestor (a shallow clone? fetch more history)`);
  }
  const changes: ChangedFile[] = [];
  const fields = nulList(git(["diff", "--name-status", "--no-renames", "-z", mergeBase, "--"], root));
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const letter = (fields[i] as string)[0];
    const gitPath = fields[i + 1] as string;
    const status: ChangeStatus | undefined = letter === "A" ? "added" : letter === "D" ? "deleted" : letter === "M" || letter === "T" ? "modified" : undefined;
    if (status) changes.push({ path: join(root, gitPath), gitPath, status });
  }
  for (const gitPath of nulList(git(["ls-files", "--others", "--exclude-standard", "-z"], root)))
    changes.push({ path: join(root, gitPath), gitPath, status: "added" });
  changes.sort((a, b) => (a.gitPath < b.gitPath ? -1 : a.gitPath > b.gitPath ? 1 : 0));
  return { root, mergeBase, files: changes.filter((c) => c.status !== "deleted").map((c) => c.path), changes };
}

function decode(buf: Buffer | undefined): string | undefined {
  if (!buf || buf.includes(0)) return undefined;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    return undefined;
  }
}

/**
 * The migration history as the change found it: files the change modified or deleted are replayed
 * in their merge-base version (that is what the server ran), files it added in their working-tree
 * version (they run before the change's later files), and unchanged files as they are on disk.
 */
export function reviewHistory(change: Change): MigrationHistory {
  const { root, mergeBase } = change;
  const atBase = new Map(change.changes.filter((c) => c.status !== "added").map((c) => [c.path, c.gitPath]));
  const listings = new Map<string, string[]>();
  const listAtBase = (dir: string): string[] => {
    const gitDir = relative(root, dir).split(sep).join("/");
    if (gitDir.startsWith("..")) return [];
    let names = listings.get(gitDir);
    if (!names) {
      const prefix = gitDir === "" ? "" : `${gitDir}/`;
      try {
        names = nulList(git(["ls-tree", "--name-only", "-z", mergeBase, "--", prefix || "."], root)).map((p) => p.slice(prefix.length));
      } catch {
        names = [];
      }
      listings.set(gitDir, names);
    }
    return names.filter((n) => n.toLowerCase().endsWith(".sql"));
  };
  return new MigrationHistory(
    (path) => {
      const gitPath = atBase.get(path);
      if (gitPath === undefined) return readSqlText(path, {}).text;
      try {
        return decode(git(["cat-file", "blob", `${mergeBase}:${gitPath}`], root));
      } catch {
        return undefined;
      }
    },
    (dir) => [...listSqlFiles(dir), ...listAtBase(dir)],
    (path) => !atBase.has(path),
  );
}

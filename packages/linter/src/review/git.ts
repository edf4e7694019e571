import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

export class ReviewError extends Error {}

function git(cwd: string, args: string[]): string {
  try {
    return execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 64 * 2 ** 20 });
  } catch (e) {
    const err = e as { code?: string; stderr?: string };
    if (err.code === "ENOENT") throw new ReviewError("git is not installed or not on PATH");
    throw new ReviewError(`git ${args.join(" ")}: ${(err.stderr ?? String(e)).trim().split("\n")[0]}`);
  }
}

export interface Change {
  /** The repository's top directory. */
  root: string;
  /** The commit the change is measured from: the merge base of the base ref and HEAD. */
  mergeBase: string;
  /** Absolute paths of files added, copied, modified or renamed since the merge base, and untracked files. */
  files: string[];
}

/**
 * What a pull request changes: everything that differs between the merge base of `base` and HEAD
 * and the working tree (commits on the branch, staged and unstaged edits), plus files not yet
 * tracked, as `git diff base...` and Squawk's or reviewdog's diff modes count it. Deleted files are
 * not linted.
 */
export function changedFiles(cwd: string, base: string): Change {
  const root = git(cwd, ["rev-parse", "--show-toplevel"]).trim();
  git(root, ["rev-parse", "--verify", "--quiet", `${base}^{commit}`]);
  const mergeBase = git(root, ["merge-base", base, "HEAD"]).trim();
  const diff = git(root, ["diff", "--name-only", "-z", "--diff-filter=ACMR", mergeBase]);
  const untracked = git(root, ["ls-files", "--others", "--exclude-standard", "-z"]);
  const names = new Set([...diff.split("\0"), ...untracked.split("\0")].filter(Boolean));
  return { root, mergeBase, files: [...names].sort().map((n) => resolve(root, n)) };
}

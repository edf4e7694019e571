/**
 * Which !include/!includedir a lint follows. By default only those inside the project, so that a
 * repository gets the same findings on every machine: `!includedir /etc/mysql/conf.d` names the
 * linting machine's /etc, not the server's. The project root is the directory of the nearest
 * .innolint.json with "root": true, else the git work tree holding the file, else the working
 * directory. `"includes": "follow"` or --follow-includes follows everything, as the server does.
 */
import { lstatSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Config } from "../config.js";
import type { LintOptions } from "../core.js";
import type { ReadOptions } from "../optionfile/types.js";

export interface ProjectRoot {
  dir: string;
  from: "configuration" | "git" | "cwd";
}

function exists(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

/** The git work tree holding `dir`: the nearest directory upward with a .git (a directory, or a worktree's file). */
function gitWorkTree(dir: string): string | undefined {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (exists(join(d, ".git"))) return d;
    if (dirname(d) === d) return undefined;
  }
}

export function projectRoot(file: string, config: Config | undefined, cwd: string): ProjectRoot {
  if (config?.rootDir) return { dir: config.rootDir, from: "configuration" };
  const git = gitWorkTree(dirname(resolve(file)));
  if (git) return { dir: git, from: "git" };
  return { dir: resolve(cwd), from: "cwd" };
}

const FROM: Record<ProjectRoot["from"], string> = {
  configuration: 'the directory of .innolint.json with "root": true',
  git: "the git work tree",
  cwd: "the working directory",
};

/**
 * The reader's scope for linting `file`: an untrusted editor workspace's folders as they are,
 * else the project root (and the file itself, which is read wherever it is), unless told to follow.
 */
export function includeScope(file: string, options: LintOptions, config: Config | undefined): Pick<ReadOptions, "includeRoots" | "outsideRoots"> {
  if (options.includeRoots) return { includeRoots: options.includeRoots };
  if (options.followIncludes || config?.includes === "follow") return {};
  const root = projectRoot(file, config, options.cwd ?? process.cwd());
  return {
    includeRoots: [root.dir, resolve(file)],
    // The root's kind, not its path: the message must not differ between machines either.
    outsideRoots: `outside the project (whose root is ${FROM[root.from]}): what it holds depends on the machine that lints, so innolint does not read it; "includes": "follow" in .innolint.json or --follow-includes reads it`,
  };
}

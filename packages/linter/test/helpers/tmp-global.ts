import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The whole suite runs with TMPDIR pointing into one directory of its own (test files, the CLI
 * processes they start, git, MariaDB). Each test file removes what it made (helpers/cleanup.ts), so
 * the directory is empty at the end: anything left in it fails the run, by name, and is removed.
 */
export default function setup(): () => void {
  removeAbandoned();
  const root = mkdtempSync(join(tmpdir(), "innolint-suite-"));
  writeFileSync(join(root, OWNER), String(process.pid));
  // Traversable like the system's temporary folder: a test runs the CLI as another user (nobody).
  chmodSync(root, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const left = readdirSync(root).filter((n) => n !== OWNER);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    if (left.length)
      throw new Error(`the test suite left ${left.length} temporary entr${left.length === 1 ? "y" : "ies"} behind: ${left.slice(0, 20).join(", ")}`);
  };
}

/** The pid of the run a suite root belongs to. */
const OWNER = ".owner-pid";

/** Roots of runs that were killed before their teardown (a timeout, Ctrl-C): their process is gone. */
function removeAbandoned(): void {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith("innolint-suite-"))) {
    const dir = join(tmpdir(), name);
    let pid: number;
    try {
      pid = Number(readFileSync(join(dir, OWNER), "utf8"));
    } catch {
      continue;
    }
    try {
      process.kill(pid, 0);
    } catch {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

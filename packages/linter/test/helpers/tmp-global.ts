import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * The whole suite runs with TMPDIR pointing into one directory of its own (test files, the CLI
 * processes they start, git, MariaDB). Each test file removes what it made (helpers/cleanup.ts), so
 * the directory is empty at the end: anything left in it fails the run, by name, and is removed.
 */
export default function setup(): () => void {
  const root = mkdtempSync(join(tmpdir(), "innolint-suite-"));
  // Traversable like the system's temporary folder: a test runs the CLI as another user (nobody).
  chmodSync(root, 0o755);
  const previous = process.env.TMPDIR;
  process.env.TMPDIR = root;
  return () => {
    if (previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previous;
    const left = readdirSync(root);
    rmSync(root, { recursive: true, force: true, maxRetries: 3 });
    if (left.length)
      throw new Error(`the test suite left ${left.length} temporary entr${left.length === 1 ? "y" : "ies"} behind: ${left.slice(0, 20).join(", ")}`);
  };
}

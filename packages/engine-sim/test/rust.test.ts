// Runs the crate's Rust unit tests (merge-sort planner vs the byte-level sort, LRU list,
// JSON layer, per-model invariants) so that `npm test` covers them too, and the crate's formatter and
// linter (rustfmt, clippy with warnings as errors).
import { execFile, execFileSync } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { pkgRoot } from "./helpers.js";

function cargoAvailable(): boolean {
  try {
    execFileSync("cargo", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("Rust unit tests", () => {
  if (!cargoAvailable() && process.env.INNOLINT_REQUIRE_ORACLE === "1") throw new Error("cargo is required (INNOLINT_REQUIRE_ORACLE=1) but not on PATH");
  it.skipIf(!cargoAvailable())(
    "cargo test --release passes",
    async () => {
      // Asynchronous: a worker blocked for a minute misses vitest's RPC deadline.
      const { stdout } = await promisify(execFile)("cargo", ["test", "--release", "--quiet"], { cwd: pkgRoot, encoding: "utf8", maxBuffer: 16 << 20 });
      expect(stdout).toMatch(/test result: ok\. \d+ passed; 0 failed/);
    },
    300_000,
  );
  it.skipIf(!cargoAvailable())(
    "cargo fmt --check and cargo clippy -D warnings are clean",
    async () => {
      await promisify(execFile)("cargo", ["fmt", "--check"], { cwd: pkgRoot, encoding: "utf8" });
      await promisify(execFile)("cargo", ["clippy", "--release", "--all-targets", "--quiet", "--", "-D", "warnings"], {
        cwd: pkgRoot,
        encoding: "utf8",
        maxBuffer: 16 << 20,
      });
    },
    300_000,
  );
});

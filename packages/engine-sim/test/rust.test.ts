// Runs the crate's Rust unit tests (merge-sort planner vs the byte-level sort, LRU list,
// JSON layer, per-model invariants) so that `npm test` covers them too.
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
  it.skipIf(!cargoAvailable())("cargo test --release passes", async () => {
    // Asynchronous: a worker blocked for a minute misses vitest's RPC deadline.
    const { stdout } = await promisify(execFile)("cargo", ["test", "--release", "--quiet"], { cwd: pkgRoot, encoding: "utf8", maxBuffer: 16 << 20 });
    expect(stdout).toMatch(/test result: ok\. \d+ passed; 0 failed/);
  }, 300_000);
});

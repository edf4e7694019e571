#!/usr/bin/env node
// Builds the simulator to WebAssembly and copies it to wasm/engine_sim.wasm.
// Usage: node scripts/build.mjs [--if-missing]
import { execFileSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, renameSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const target = "wasm32-unknown-unknown";
const out = join(root, "wasm", "engine_sim.wasm");
const built = join(root, "target", target, "release", "engine_sim.wasm");

if (process.argv.includes("--if-missing") && existsSync(out)) process.exit(0);

function run(cmd, args) {
  execFileSync(cmd, args, { cwd: root, stdio: ["ignore", "inherit", "inherit"] });
}

function have(cmd) {
  try {
    execFileSync(cmd, ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

if (!have("cargo")) {
  console.error("engine-sim: cargo is not installed; install Rust (https://rustup.rs) to build the simulator");
  process.exit(1);
}
if (have("rustup")) {
  const installed = execFileSync("rustup", ["target", "list", "--installed"], { encoding: "utf8" });
  if (!installed.split(/\s+/).includes(target)) run("rustup", ["target", "add", target]);
}
run("cargo", ["build", "--release", "--target", target]);
mkdirSync(dirname(out), { recursive: true });
// Copy then rename, so that a concurrent reader never sees a half-written file.
const tmp = `${out}.${process.pid}.tmp`;
copyFileSync(built, tmp);
renameSync(tmp, out);
console.log(`engine-sim: ${out} (${statSync(out).size} bytes)`);

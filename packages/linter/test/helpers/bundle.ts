import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { tempDir } from "./tmp.js";

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
let built: string | undefined;

/** The CLI bundled from the current source into a directory of its own (no race with other test files' builds). */
export function bundledCli(): string {
  if (!built) {
    const out = tempDir("innolint-bundle-");
    execFileSync(process.execPath, ["build.mjs", "--outdir", out], { cwd: pkg, stdio: "ignore" });
    built = join(out, "cli.js");
  }
  return built;
}

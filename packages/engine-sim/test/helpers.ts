import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { EngineSim } from "../src/index.js";

export const pkgRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
export const wasmPath = join(pkgRoot, "wasm", "engine_sim.wasm");

function newestSource(): number {
  let newest = statSync(join(pkgRoot, "Cargo.toml")).mtimeMs;
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith(".rs")) newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  walk(join(pkgRoot, "src"));
  return newest;
}

function cargoAvailable(): boolean {
  try {
    execFileSync("cargo", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Build the module if it is missing or older than the Rust sources; fail clearly otherwise. */
export function ensureWasm(): void {
  const stale = !existsSync(wasmPath) || statSync(wasmPath).mtimeMs < newestSource();
  if (!stale) return;
  if (!cargoAvailable()) {
    throw new Error(
      `engine-sim: ${wasmPath} is ${existsSync(wasmPath) ? "older than the Rust sources" : "missing"} and cargo is not installed; ` +
        "install Rust with the wasm32-unknown-unknown target and run `npm run build -w @innolint/engine-sim`",
    );
  }
  execFileSync(process.execPath, [join(pkgRoot, "scripts", "build.mjs")], { cwd: pkgRoot, stdio: "inherit" });
  if (!existsSync(wasmPath)) throw new Error(`engine-sim: the build did not produce ${wasmPath}`);
}

let simPromise: Promise<EngineSim> | undefined;

/** Build if needed, then load the module once per test file. */
export function getSim(): Promise<EngineSim> {
  simPromise ??= (async () => {
    ensureWasm();
    return EngineSim.load(wasmPath);
  })();
  return simPromise;
}

export const KIB = 1024;
export const MIB = 1024 * KIB;
export const GIB = 1024 * MIB;

/** |actual/expected − 1| */
export function relErr(actual: number, expected: number): number {
  return Math.abs(actual / expected - 1);
}

/** Rows of "figure | target | model | error" collected by a suite, printed with ENGINE_SIM_REPORT=1. */
export class Report {
  readonly rows: string[] = [];
  add(figure: string, target: number, model: number): void {
    const err = (model / target - 1) * 100;
    this.rows.push(`${figure.padEnd(58)} ${fmt(target).padStart(10)} ${fmt(model).padStart(10)} ${(err >= 0 ? "+" : "") + err.toFixed(1)}%`);
  }
  print(title: string): void {
    if (process.env.ENGINE_SIM_REPORT)
      console.log(`\n${title}\n${"figure".padEnd(58)} ${"target".padStart(10)} ${"model".padStart(10)} error\n${this.rows.join("\n")}`);
  }
}

function fmt(v: number): string {
  return Math.abs(v) >= 100 ? v.toFixed(0) : v.toFixed(3);
}

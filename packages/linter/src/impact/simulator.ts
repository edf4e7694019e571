import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { EngineSim } from "@innolint/engine-sim";
import { wasmAsset } from "../wasm.js";

let loading: Promise<EngineSim | undefined> | undefined;

function modulePath(): string | undefined {
  try {
    return wasmAsset("engine_sim.wasm");
  } catch {
    const fromPackage = createRequire(import.meta.url).resolve("@innolint/engine-sim/wasm/engine_sim.wasm");
    return existsSync(fromPackage) ? fromPackage : undefined;
  }
}

/**
 * The simulator, loaded once per process. Impacts are an addition to findings, never a condition
 * for them: without the module, findings arrive without impact.
 */
export function loadSimulator(): Promise<EngineSim | undefined> {
  loading ??= (async () => {
    const path = modulePath();
    if (!path) return undefined;
    try {
      return await EngineSim.load(path);
    } catch {
      return undefined;
    }
  })();
  return loading;
}

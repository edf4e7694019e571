import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

/**
 * Where a `.wasm` asset lives. In the esbuild bundle the assets sit beside the bundle; from source
 * (tests, tsx) the grammars are built into packages/linter/wasm and the runtime comes from node_modules.
 */
export function wasmAsset(fileName: string): string {
  const candidates = [join(here, fileName), join(here, "..", "wasm", fileName), join(here, "..", "..", "wasm", fileName)];
  for (const candidate of candidates) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`innolint: missing WebAssembly asset ${fileName} (looked in ${candidates.join(", ")}); run scripts/setup.sh to build it`);
}

import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { Language, Parser } from "web-tree-sitter";
import { wasmAsset } from "./wasm.js";

let runtime: Promise<void> | undefined;
/** The runtime's Emscripten module: Parser.init fills in the object it is given. */
const runtimeModule: Record<string, unknown> = { locateFile: () => runtimeWasm() };
let sideModule: { flat: unknown; transfer: number } | undefined;
const languages = new Map<string, Promise<Language>>();

function runtimeWasm(): string {
  try {
    return wasmAsset("web-tree-sitter.wasm");
  } catch {
    const require = createRequire(import.meta.url);
    const fromPackage = require.resolve("web-tree-sitter/web-tree-sitter.wasm");
    if (existsSync(fromPackage)) return fromPackage;
    throw new Error("innolint: cannot find web-tree-sitter.wasm");
  }
}

function initRuntime(): Promise<void> {
  runtime ??= (async () => {
    await Parser.init(runtimeModule);
    const load = runtimeModule.loadWebAssemblyModule as (binary: Uint8Array, flags: { loadAsync: boolean }) => Promise<unknown>;
    const flat = await load(await readFile(wasmAsset("flat-tree.wasm")), { loadAsync: true });
    sideModule = { flat, transfer: (runtimeModule._ts_init as () => number)() };
  })();
  return runtime;
}

/**
 * The runtime's memory and transfer buffer, and the exports of native/flat-tree.c linked into it
 * (see sql/syntax.ts). Available once a parser was created.
 */
export function treeSitterModule<T>(): { module: { HEAPU32: Uint32Array }; flat: T; transfer: number } {
  if (!sideModule) throw new Error("innolint: the tree-sitter runtime is not initialised");
  return { module: runtimeModule as unknown as { HEAPU32: Uint32Array }, flat: sideModule.flat as T, transfer: sideModule.transfer };
}

/** A parser for one of innolint's grammars (`mycnf`, `mysql`), loaded once per process. */
export async function createParser(grammar: string): Promise<Parser> {
  await initRuntime();
  let language = languages.get(grammar);
  if (!language) {
    language = Language.load(wasmAsset(`tree-sitter-${grammar}.wasm`));
    languages.set(grammar, language);
  }
  const parser = new Parser();
  parser.setLanguage(await language);
  return parser;
}

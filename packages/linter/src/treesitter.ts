import { createRequire } from "node:module";
import { existsSync } from "node:fs";
import { Language, Parser } from "web-tree-sitter";
import { wasmAsset } from "./wasm.js";

let runtime: Promise<void> | undefined;
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
  runtime ??= Parser.init({ locateFile: () => runtimeWasm() });
  return runtime;
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

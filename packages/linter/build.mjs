// Bundles the CLI into dist/cli.js (and its SQL facts worker into dist/sql-worker.js) and copies the WebAssembly and knowledge-base assets beside it.
// `--outdir DIR` bundles elsewhere (tests that run the bundle build their own, beside no other build).
import { build } from "esbuild";
import { chmodSync, mkdirSync, readdirSync, copyFileSync, existsSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createRequire } from "node:module";
import { writeCatalogueBundle } from "./catalogue-bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const outdirArg = process.argv.indexOf("--outdir");
const dist = outdirArg > 0 ? resolve(process.argv[outdirArg + 1]) : join(here, "dist");
const require = createRequire(import.meta.url);
// Start from a clean output: chunk names carry content hashes, so a rebuild would otherwise leave
// the previous build's chunks beside the new ones.
if (existsSync(dist)) {
  for (const name of readdirSync(dist)) if (/\.(m?js|map|wasm)$/.test(name)) rmSync(join(dist, name));
  rmSync(join(dist, "rules"), { recursive: true, force: true });
}
mkdirSync(dist, { recursive: true });

await build({
  entryPoints: { "knowledge-loader": join(here, "src/knowledge.ts") },
  outdir: dist,
  outExtension: { ".js": ".mjs" },
  bundle: true,
  platform: "node",
  format: "esm",
  define: { "import.meta.url": JSON.stringify(pathToFileURL(join(here, "src", "knowledge.ts")).href) },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});

await build({
  entryPoints: { cli: join(here, "src/bin.ts") },
  outdir: dist,
  bundle: true,
  // The language server is a separate chunk, loaded only by `innolint lsp`: a lint run parses less.
  splitting: true,
  chunkNames: "[name]-[hash]",
  platform: "node",
  target: "node20",
  format: "esm",
  minify: process.env.INNOLINT_NO_MINIFY !== "1",
  sourcemap: "linked",
  banner: { js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});

// The SQL facts worker (sql/pool.ts starts it from beside the bundle), self-contained: a worker loads one file.
await build({
  entryPoints: { "sql-worker": join(here, "src/sql/worker.ts") },
  outdir: dist,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minify: process.env.INNOLINT_NO_MINIFY !== "1",
  sourcemap: "linked",
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});

copyFileSync(require.resolve("web-tree-sitter/web-tree-sitter.wasm"), join(dist, "web-tree-sitter.wasm"));
const wasmDir = join(here, "wasm");
for (const name of readdirSync(wasmDir)) if (name.endsWith(".wasm")) copyFileSync(join(wasmDir, name), join(dist, name));
const engineWasm = join(here, "..", "engine-sim", "wasm");
if (existsSync(engineWasm)) for (const name of readdirSync(engineWasm)) if (name.endsWith(".wasm")) copyFileSync(join(engineWasm, name), join(dist, name));
writeCatalogueBundle(join(here, "..", "..", "rules", "variables"), join(dist, "rules", "variables"));
// Rule YAML is parsed and validated once here, exactly as the source loader does it.
const { loadRuleDocs } = await import(pathToFileURL(join(dist, "knowledge-loader.mjs")).href);
writeFileSync(join(dist, "rules", "rules.json"), JSON.stringify([...loadRuleDocs().values()]));
rmSync(join(dist, "knowledge-loader.mjs"));
// The bin: executable wherever npm links or installs it.
chmodSync(join(dist, "cli.js"), 0o755);
console.log(`bundled ${join(dist, "cli.js")}`);

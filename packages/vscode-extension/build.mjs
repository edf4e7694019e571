// Bundles dist/extension.js (the client) and dist/server.js (innolint's language server), both CommonJS,
// and copies the WebAssembly modules and the knowledge base beside them, as packages/linter/build.mjs does.
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { writeCatalogueBundle } from "../linter/catalogue-bundle.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const linter = join(here, "..", "linter");
const dist = join(here, "dist");
const require = createRequire(join(linter, "package.json"));
rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });

const common = { bundle: true, platform: "node", target: "node20", format: "cjs", logLevel: "warning" };

await build({ ...common, entryPoints: { extension: join(here, "src/extension.ts") }, outdir: dist, minify: true, external: ["vscode"] });

// The linter is ESM and finds its assets through import.meta.url: in CommonJS that is this file's URL.
await build({
  ...common,
  entryPoints: { server: join(here, "src/server.ts") },
  outdir: dist,
  minify: true,
  define: { "import.meta.url": "__innolint_url" },
  banner: { js: 'var __innolint_url = require("url").pathToFileURL(__filename).href;' },
});

// The SQL facts worker beside the server: a long directory's first replay parses in threads (sql/pool.ts).
await build({
  ...common,
  entryPoints: { "sql-worker": join(linter, "src/sql/worker.ts") },
  outdir: dist,
  minify: true,
  define: { "import.meta.url": "__innolint_url" },
  banner: { js: 'var __innolint_url = require("url").pathToFileURL(__filename).href;' },
});

copyFileSync(require.resolve("web-tree-sitter/web-tree-sitter.wasm"), join(dist, "web-tree-sitter.wasm"));
for (const dir of [join(linter, "wasm"), join(here, "..", "engine-sim", "wasm")]) {
  if (!existsSync(dir)) continue;
  for (const name of readdirSync(dir)) if (name.endsWith(".wasm")) copyFileSync(join(dir, name), join(dist, name));
}
for (const name of ["tree-sitter-mycnf.wasm", "tree-sitter-mysql.wasm", "flat-tree.wasm", "engine_sim.wasm"]) {
  if (!existsSync(join(dist, name))) throw new Error(`missing ${name}: run scripts/setup.sh first (it builds the WebAssembly)`);
}
writeCatalogueBundle(join(here, "..", "..", "rules", "variables"), join(dist, "rules", "variables"));

// The rule YAML pre-parsed and validated by the linter's own loader, as in the CLI bundle.
const loader = join(dist, "knowledge-loader.mjs");
await build({
  entryPoints: [join(linter, "src/knowledge.ts")],
  outfile: loader,
  bundle: true,
  platform: "node",
  format: "esm",
  define: { "import.meta.url": JSON.stringify(pathToFileURL(join(linter, "src", "knowledge.ts")).href) },
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: "warning",
});
const { loadRuleDocs } = await import(pathToFileURL(loader).href);
writeFileSync(join(dist, "rules", "rules.json"), JSON.stringify([...loadRuleDocs().values()]));
rmSync(loader);
console.log(`bundled ${join(dist, "extension.js")} and ${join(dist, "server.js")}`);

// Writes schema/innolint.schema.json from the rules' declarations (src/config-schema.ts).
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
// Inside the package, so that the bundle's external imports resolve from its node_modules.
const out = mkdtempSync(join(here, ".schema-"));
try {
  await build({
    entryPoints: [join(here, "src/config-schema.ts")],
    outfile: join(out, "config-schema.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    // The knowledge base is found from the source tree, as when run from source.
    define: { "import.meta.url": JSON.stringify(pathToFileURL(join(here, "src", "knowledge.ts")).href) },
    logLevel: "warning",
  });
  const { configSchemaText } = await import(pathToFileURL(join(out, "config-schema.mjs")).href);
  writeFileSync(join(here, "schema", "innolint.schema.json"), configSchemaText());
  console.log(`wrote ${join(here, "schema", "innolint.schema.json")}`);
} finally {
  rmSync(out, { recursive: true, force: true });
}

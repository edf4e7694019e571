// The variable catalogue as bundles ship it: each flavour's records as JSON text under
// "variablesJson" (src/catalogue/index.ts RECORD_TEXT_KEY), parsed one by one when looked up,
// since a lint reads a few variables, not the whole catalogue. Used by the CLI's and the
// extension's builds.
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function writeCatalogueBundle(sourceDir, outDir) {
  cpSync(sourceDir, outDir, { recursive: true });
  for (const name of readdirSync(outDir)) {
    if (!name.endsWith(".json") || name.endsWith(".schema.json")) continue;
    const file = join(outDir, name);
    const { variables, ...rest } = JSON.parse(readFileSync(file, "utf8"));
    const variablesJson = Object.fromEntries(Object.entries(variables).map(([k, v]) => [k, JSON.stringify(v)]));
    writeFileSync(file, JSON.stringify({ ...rest, variables: {}, variablesJson }));
  }
}

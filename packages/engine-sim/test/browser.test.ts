// The same .wasm bytes run in a browser: the TypeScript API bundled for the browser, the module
// handed over as bytes, the results equal to Node's.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFERENCE } from "../src/scenarios.js";
import type { EngineSim } from "../src/index.js";
import { getSim, pkgRoot, wasmPath } from "./helpers.js";

const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const require = createRequire(import.meta.url);
let playwright: typeof import("playwright-core") | undefined;
try {
  playwright = require("playwright-core");
} catch {
  playwright = undefined;
}
const skip = !chromium ? "Chromium is not installed (apt-get install chromium)" : !playwright ? "playwright-core is not installed" : "";
if (skip) console.log(`engine-sim browser test skipped: ${skip}`);

if (skip && process.env.INNOLINT_REQUIRE_ORACLE === "1") throw new Error(`Chromium is required (INNOLINT_REQUIRE_ORACLE=1) but unavailable: ${skip}`);
describe.skipIf(Boolean(skip))("engine-sim in headless Chromium", () => {
  let browser: import("playwright-core").Browser;
  let sim: EngineSim;
  beforeAll(async () => {
    sim = await getSim();
    browser = await playwright!.chromium.launch({
      executablePath: chromium,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
  });

  it("gives the same results from the same bytes", async () => {
    const bundle = await build({
      entryPoints: [join(pkgRoot, "src", "index.ts")],
      bundle: true,
      write: false,
      format: "iife",
      globalName: "EngineSimLib",
      platform: "browser",
      external: ["node:fs", "node:path", "node:url", "node:fs/promises"],
      logLevel: "silent",
    });
    const page = await browser.newPage();
    await page.setContent("<!doctype html><title>engine-sim</title>");
    await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
    const bytes = [...readFileSync(wasmPath)];
    const requests = {
      index_build: { ...REFERENCE.indexBuild, sort_buffer_bytes: 64 * 2 ** 20 },
      redo_commit: { ...REFERENCE.redoCommit, threads: 32, trx_commit: 0 },
      partition_dives: { ...REFERENCE.partitionDives },
      drop_stall: { ...REFERENCE.dropStall, buffer_pool_bytes: 450 * 2 ** 30 },
      bp_scan: { buffer_pool_bytes: 2 * 2 ** 30, instances: 8 },
    };
    const inBrowser = await page.evaluate(
      async ({ bytes, requests }) => {
        const lib = (globalThis as unknown as { EngineSimLib: typeof import("../src/index.js") }).EngineSimLib;
        const s = await lib.EngineSim.load(new Uint8Array(bytes));
        const out: Record<string, unknown> = { userAgent: navigator.userAgent };
        for (const [model, params] of Object.entries(requests)) out[model] = s.simulate(model as never, params as never);
        // Bad input is refused by name in the browser too, without a trap.
        try {
          s.simulate("bp_scan", { buffer_pool_bytes: 2 ** 60 });
          out.refused = "nothing";
        } catch (e) {
          out.refused = `${(e as Error).name}:${(e as { param?: string }).param}`;
        }
        return out;
      },
      { bytes, requests },
    );
    expect(String(inBrowser.userAgent)).toMatch(/Chrome/);
    expect(inBrowser.refused).toBe("SimulationInputError:buffer_pool_bytes");
    for (const [model, params] of Object.entries(requests)) {
      expect(inBrowser[model]).toEqual(JSON.parse(JSON.stringify(sim.simulate(model as never, params as never))));
    }
  }, 120_000);
});

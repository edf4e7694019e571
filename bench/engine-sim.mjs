// engine-sim: time of one estimate per model through the WebAssembly module, and the module's size.
// Prints figures; asserts nothing (targets: median < 5 ms per estimate, module < 400 KB).
//
//   node bench/engine-sim.mjs [--runs N] [--wasm path/to/engine_sim.wasm] [--json]
//
// The typed wrapper (packages/engine-sim/src/index.ts) and the reference workloads
// (src/scenarios.ts) are bundled with esbuild's JS API into a temporary file, so that the bench
// goes through the same code path as the linter. Build the module first
// (`npm run build -w @innolint/engine-sim`).
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = join(root, "packages/engine-sim");
const args = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
};
const runs = Math.max(50, Number(opt("--runs", 60)) || 60);
const wasmPath = opt("--wasm", join(pkg, "wasm/engine_sim.wasm"));
const asJson = args.includes("--json");

if (!existsSync(wasmPath)) {
  console.error(`bench: ${wasmPath} is missing; run \`npm run build -w @innolint/engine-sim\` first`);
  process.exit(2);
}

// Bundle the wrapper and the reference workloads into one ESM file.
const { build } = await import("esbuild");
const dir = mkdtempSync(join(tmpdir(), "engine-sim-bench-"));
const entry = join(dir, "bench.mjs");
let mod;
try {
  await build({
    stdin: {
      contents:
        `export { EngineSim } from ${JSON.stringify(join(pkg, "src/index.ts"))};\n` +
        `export { REFERENCE } from ${JSON.stringify(join(pkg, "src/scenarios.ts"))};\n`,
      resolveDir: pkg,
      loader: "ts",
    },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile: entry,
    logLevel: "error",
  });
  mod = await import(pathToFileURL(entry).href);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
const { EngineSim, REFERENCE } = mod;
const sim = await EngineSim.load(wasmPath);

// Each model at its reference workload (what the linter's impacts use), then at the defaults.
// bp_scan's defaults are the scan study's workload; the 2 GB multi-instance case is its reference.
const cases = [
  ["index_build", "reference", REFERENCE.indexBuild],
  ["index_build", "reference (online rebuild)", REFERENCE.onlineRebuild],
  ["redo_commit", "reference", REFERENCE.redoCommit],
  ["redo_commit", "reference, 1024 threads", { ...REFERENCE.redoCommit, threads: 1024 }],
  ["drop_stall", "reference", REFERENCE.dropStall],
  ["partition_dives", "reference", REFERENCE.partitionDives],
  ["bp_scan", "reference (2 GB, 8 instances)", { buffer_pool_bytes: 2 * 2 ** 30, instances: 8 }],
  ["index_build", "defaults", {}],
  ["redo_commit", "defaults", {}],
  ["drop_stall", "defaults", {}],
  ["partition_dives", "defaults", {}],
  ["bp_scan", "defaults", {}],
];

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const rows = [];
for (const [model, label, params] of cases) {
  for (let i = 0; i < 3; i++) sim.simulate(model, params); // warm-up (tier-up of the wasm code)
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    sim.simulate(model, params);
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  rows.push({ model, workload: label, runs, median_ms: quantile(times, 0.5), p95_ms: quantile(times, 0.95), max_ms: times[times.length - 1] });
}
const wasmBytes = statSync(wasmPath).size;

if (asJson) {
  console.log(JSON.stringify({ node: process.version, wasm_bytes: wasmBytes, results: rows }, null, 2));
} else {
  console.log(
    `engine-sim: one estimate through the wasm module (node ${process.version}, ${process.platform}/${process.arch}, ${runs} runs each; target median < 5 ms)`,
  );
  for (const r of rows) {
    const flag = r.median_ms < 5 ? "" : "   ABOVE TARGET";
    console.log(
      `${r.model.padEnd(16)} ${r.workload.padEnd(30)} median ${r.median_ms.toFixed(2).padStart(7)} ms   p95 ${r.p95_ms.toFixed(2).padStart(7)} ms${flag}`,
    );
  }
  console.log(`engine_sim.wasm: ${wasmBytes} bytes (${(wasmBytes / 1024).toFixed(1)} KiB; target < 400 KB)`);
}

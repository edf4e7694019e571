import { readFileSync, statSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { EngineSim, MODEL_NAMES, load } from "../src/index.js";
import { KIB, MIB, getSim, wasmPath } from "./helpers.js";

let sim: EngineSim;
beforeAll(async () => {
  sim = await getSim();
});

describe("module", () => {
  it("is under 400 KB", () => {
    expect(statSync(wasmPath).size).toBeLessThan(400 * 1024);
  });

  it("loads from a path, a file URL, bytes and a compiled module, with the same results", async () => {
    const bytes = readFileSync(wasmPath);
    const fromBytes = await EngineSim.load(bytes);
    const fromUrl = await EngineSim.load(pathToFileURL(wasmPath));
    const fromModule = EngineSim.fromModule(new WebAssembly.Module(bytes));
    const shared = await load();
    const params = { threads: 32, trx_commit: 1 as const };
    const expected = sim.simulate("redo_commit", params);
    for (const s of [fromBytes, fromUrl, fromModule, shared]) expect(s.simulate("redo_commit", params)).toEqual(expected);
  });

  it("describes every model's parameters", () => {
    for (const m of MODEL_NAMES) {
      const specs = sim.describe(m);
      for (const s of specs) {
        expect(s.doc.length).toBeGreaterThan(5);
        if (s.type === "number" || s.type === "integer") {
          expect(s.min!).toBeLessThanOrEqual(s.default as number);
          expect(s.max!).toBeGreaterThanOrEqual(s.default as number);
        }
      }
    }
  });
});

describe("sweep", () => {
  it("returns one result per value: build time and memory against the sort buffer", () => {
    const sizes = [64 * KIB, 1 * MIB, 8 * MIB, 64 * MIB];
    const points = sim.sweep("index_build", { rows: 5e7, key_bytes: 60 }, "sort_buffer_bytes", sizes);
    expect(points.map((p) => p.value)).toEqual(sizes);
    const mem = points.map((p) => p.result.memory_bytes.peak);
    for (let i = 1; i < mem.length; i++) expect(mem[i]!).toBeGreaterThan(mem[i - 1]!);
    const passes = points.map((p) => p.result.indexes[0]!.merge_passes);
    for (let i = 1; i < passes.length; i++) expect(passes[i]!).toBeLessThan(passes[i - 1]!);
  });

  it("QPS against threads for trx_commit 0/1/2", () => {
    const threads = [1, 4, 16, 64];
    const curves = ([0, 1, 2] as const).map((c) => sim.sweep("redo_commit", { trx_commit: c }, "threads", threads));
    for (let i = 0; i < threads.length; i++) {
      expect(curves[0]![i]!.result.qps).toBeGreaterThan(curves[1]![i]!.result.qps);
      expect(curves[2]![i]!.result.qps).toBeGreaterThan(curves[1]![i]!.result.qps);
    }
  });
});

// Bad input gives a SimulationInputError naming the parameter; valid extreme input gives a
// bounded amount of work. Nothing may trap the module or hang.
import { beforeAll, describe, expect, it } from "vitest";
import { MODEL_NAMES, SimulationInputError, type EngineSim, type ModelName, type ParamSpec } from "../src/index.js";
import { getSim } from "./helpers.js";

let sim: EngineSim;
beforeAll(async () => {
  sim = await getSim();
});

function inputError(fn: () => unknown): SimulationInputError {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(SimulationInputError);
    return e as SimulationInputError;
  }
  throw new Error("expected a SimulationInputError");
}

describe("invalid parameters", () => {
  it("rejects NaN and infinities with the parameter's name", () => {
    expect(inputError(() => sim.simulate("index_build", { rows: Number.NaN })).param).toBe("rows");
    expect(inputError(() => sim.simulate("redo_commit", { fsync_us: Number.POSITIVE_INFINITY })).param).toBe("fsync_us");
    // Straight through the JSON layer as well (NaN serialises to null).
    const raw = sim.request({ model: "bp_scan", params: { disk_mbps: null } }) as { ok: boolean; error: { param: string } };
    expect(raw.ok).toBe(false);
    expect(raw.error.param).toBe("disk_mbps");
  });

  it("rejects negative values", () => {
    const e = inputError(() => sim.simulate("drop_stall", { dirty_ratio: -0.1 }));
    expect(e.param).toBe("dirty_ratio");
    expect(e.message).toMatch(/between 0 and 1/);
    expect(inputError(() => sim.simulate("partition_dives", { threads: -5 })).param).toBe("threads");
  });

  it("rejects a 1 EB buffer pool", () => {
    const eb = 2 ** 60;
    for (const model of ["drop_stall", "partition_dives", "bp_scan"] as const) {
      const e = inputError(() => sim.simulate(model, { buffer_pool_bytes: eb }));
      expect(e.param).toBe("buffer_pool_bytes");
      expect(e.model).toBe(model);
    }
  });

  it("rejects 10^9 threads", () => {
    expect(inputError(() => sim.simulate("redo_commit", { threads: 1e9 })).param).toBe("threads");
    expect(inputError(() => sim.simulate("partition_dives", { threads: 1e9 })).param).toBe("threads");
  });

  it("rejects unknown models, unknown parameters and wrong types", () => {
    expect(inputError(() => sim.simulate("nope" as ModelName)).param).toBe("model");
    expect(inputError(() => sim.simulate("bp_scan", { typo: 1 } as never)).param).toBe("typo");
    expect(inputError(() => sim.simulate("redo_commit", { trx_commit: 3 as never })).param).toBe("trx_commit");
    expect(inputError(() => sim.simulate("redo_commit", { threads: 2.5 })).param).toBe("threads");
    expect(inputError(() => sim.simulate("bp_scan", { debug_build: "yes" as never })).param).toBe("debug_build");
    expect(inputError(() => sim.simulate("drop_stall", { version: "9.9" as never })).param).toBe("version");
    expect(inputError(() => sim.simulate("bp_scan", [] as never)).param).toBe("params");
    expect(inputError(() => sim.simulate("index_build", { sort_buffer_bytes: 1024 })).param).toBe("sort_buffer_bytes");
  });

  it("survives malformed raw requests", () => {
    for (const body of ['"{"', "[]", "null", "42", '{"model":1}', '{"op":"explode","model":"bp_scan"}', '{"model":"bp_scan","params":{"rows":[1]}}']) {
      const res = sim.request(JSON.parse(body)) as { ok: boolean };
      expect(res.ok).toBe(false);
    }
    expect(() => sim.request(undefined)).toThrow(SimulationInputError);
    const big = { model: "bp_scan", params: { x: "a".repeat(2 * 1024 * 1024) } };
    expect(() => sim.request(big)).toThrow(SimulationInputError);
  });
});

describe("bounded work at the edges of every range", () => {
  const limits = (spec: ParamSpec): Array<number | boolean | string> => {
    if (spec.type === "boolean") return [true, false];
    if (spec.type === "choice") return spec.options ?? [];
    return [spec.min!, spec.max!];
  };

  for (const model of MODEL_NAMES) {
    it(`${model}: each parameter at its minimum and maximum`, () => {
      const specs = sim.describe(model);
      expect(specs.length).toBeGreaterThan(5);
      for (const spec of specs) {
        for (const value of limits(spec)) {
          const t0 = performance.now();
          try {
            const r = sim.simulate(model, { [spec.name]: value } as never);
            expect(r).toBeTypeOf("object");
          } catch (e) {
            // Cross-parameter checks may refuse a combination, always by name.
            expect(e).toBeInstanceOf(SimulationInputError);
          }
          const ms = performance.now() - t0;
          // Generous: a trap or an unbounded loop would blow far past this.
          expect(ms, `${model}.${spec.name}=${String(value)} took ${ms.toFixed(0)} ms`).toBeLessThan(20_000);
        }
      }
    });
  }

  // Combinations matter: a billion rows per key under LIMIT 1e9 once made one query walk half a
  // billion leaves (15 s) though each parameter alone was fast.
  it("each model's parameters combined at random (seeded): a result or a named refusal, never a hang", () => {
    let state = 20261122;
    const rnd = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = (spec: ParamSpec): number | boolean | string => {
      if (spec.type === "boolean") return rnd() < 0.5;
      if (spec.type === "choice") return spec.options![Math.floor(rnd() * spec.options!.length)]!;
      const r = rnd();
      const v = r < 0.3 ? spec.max! : r < 0.6 ? spec.min! : spec.min! + (spec.max! - spec.min!) * rnd() ** 4;
      return spec.type === "integer" ? Math.round(v) : v;
    };
    const cases: Array<[ModelName, Record<string, unknown>]> = [
      [
        "partition_dives",
        {
          partitions: 199,
          partitions_scanned: 10,
          rows_per_partition: 1e12,
          rows_per_key: 3.7e8,
          limit: 1e9,
          row_bytes: 16384,
          page_bytes: 4096,
          buffer_pool_bytes: 2 ** 46,
          threads: 100_000,
        },
      ],
    ];
    for (const model of MODEL_NAMES) {
      const specs = sim.describe(model).filter((s) => s.name !== "seed");
      for (let i = 0; i < 60; i++) cases.push([model, Object.fromEntries(specs.map((s) => [s.name, pick(s)]))]);
    }
    for (const [model, params] of cases) {
      const t0 = performance.now();
      try {
        expect(sim.simulate(model, params as never)).toBeTypeOf("object");
      } catch (e) {
        expect(e, `${model} ${JSON.stringify(params)}`).toBeInstanceOf(SimulationInputError);
      }
      const ms = performance.now() - t0;
      // A hang detector, not a speed target: the slowest combination takes well under 1 s.
      expect(ms, `${model} ${JSON.stringify(params)} took ${ms.toFixed(0)} ms`).toBeLessThan(3_000);
    }
  });

  it("keeps working after many calls (no leak that grows memory without bound)", () => {
    for (let i = 0; i < 300; i++) sim.simulate("index_build", { rows: 1e6 + i });
    const r = sim.simulate("bp_scan", {});
    expect(r.instances).toBe(8);
  });
});

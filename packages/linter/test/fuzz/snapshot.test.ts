/**
 * The snapshot fuzz harness (fuzz/snapshot.ts), seeded and bounded: FUZZ_CASES mutated snapshots
 * (default 1,000 here) from FUZZ_SEED. By hand: FUZZ_CASES=100000 npx vitest run
 * packages/linter/test/fuzz/snapshot.test.ts. A failure names the case seed and the snapshot text.
 */
import { expect, it } from "vitest";
import { scratch } from "../helpers/run.js";
import { fuzzSnapshots } from "./snapshot.js";

const cases = Number(process.env.FUZZ_CASES ?? 1000);
const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);

it(`reads ${cases} mutated snapshots without a crash, an internal error, a hang or an injection (seed ${seed})`, {
  timeout: Math.max(180_000, cases * 100),
}, async () => {
  const result = await fuzzSnapshots(seed, cases, scratch({}));
  console.log(
    `snapshot fuzz: ${result.cases} snapshots, ${result.accepted} accepted and linted, ${result.refused} refused with a LiveError, ${result.failures.length} failures`,
  );
  expect(result.failures).toEqual([]);
  expect(result.cases).toBe(cases);
  // The mutations must leave enough snapshots valid for the rules to be exercised.
  expect(result.accepted).toBeGreaterThan(cases / 10);
});

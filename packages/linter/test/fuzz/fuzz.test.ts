// The CI share of the fuzz harness: a few thousand seeded cases per front end, in-process.
// FUZZ_CASES and FUZZ_SEED change the run; main.ts runs long ones with a watchdog for hangs.
import { describe, expect, it } from "vitest";
import { makeCase } from "./mutate.js";
import { check, describeFailure, fuzz } from "./run.js";

const CASES = Number(process.env.FUZZ_CASES ?? 2000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

describe("fuzz", () => {
  it("cases are reproducible from seed and number", () => {
    expect(makeCase("sql", 5, 17)).toEqual(makeCase("sql", 5, 17));
    expect(makeCase("sql", 5, 17)).not.toEqual(makeCase("sql", 5, 18));
  });

  it("notices a failure and says how to rerun it", async () => {
    // The reproducer of a crash fixed earlier must still be caught as passing, and a thrown
    // exception as failing: a harness that reports nothing proves nothing.
    expect(
      await check("sql", "CREATE TABLE u (a INT) PARTITION BY KEY(a) PARTITIONS 1000000000 SUBPARTITION BY KEY(a) SUBPARTITIONS 2;", "mysql-8.0.36"),
    ).toBeUndefined();
    expect(await check("sql", "SELECT 1;", "not-a-target-9")).toBeUndefined();
    const slow = await check("optionfile", "[mysqld]\nsync_binlog=1\n", "mysql-8.0.36", false, { ms: -1, heapBytes: 2 ** 40 });
    expect(slow?.kind).toBe("slow");
    expect(
      describeFailure({ front: "sql", seed: 3, index: 4, target: "mysql-8.0.36", streamed: false, failure: { kind: "slow", detail: "1 ms" }, minimised: "x" }),
    ).toContain("FUZZ_SEED=3 FUZZ_FROM=4");
  });

  for (const front of ["optionfile", "sql"] as const) {
    it(`${CASES} mutated ${front === "sql" ? "SQL files" : "option files"}: no exception, internal error, hang or blow-up`, async () => {
      const report = await fuzz(front, SEED, 0, CASES);
      expect(report.cases).toBe(CASES);
      expect(report.failures.map(describeFailure).join("\n\n")).toBe("");
    }, 600_000);
  }
});

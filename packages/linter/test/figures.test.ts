import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { change, round2, seconds, sig2, times } from "../src/figures.js";

const ROOT = join(import.meta.dirname, "..", "..", "..");

/** Significant figures of a number as a message writes it (an integer's trailing zeros are not significant). */
function significant(written: string): number {
  const n = written.replace(/,/g, "").replace(/^[−+-]/, "");
  const digits = n.replace(".", "").replace(/^0+/, "");
  return (n.includes(".") ? digits : digits.replace(/0+$/, "")).length || 1;
}

describe("two significant figures", () => {
  it("rounds to two significant figures at every magnitude", () => {
    expect(sig2(285_572)).toBe("290,000");
    expect(sig2(21_467)).toBe("21,000");
    expect(sig2(7855)).toBe("7,900");
    expect(sig2(0.0107)).toBe("0.011");
    expect(sig2(0.86)).toBe("0.86");
    expect(sig2(7.04)).toBe("7");
    expect(sig2(64.5)).toBe("65");
    expect(sig2(181_414.2)).toBe("180,000");
    expect(sig2(0)).toBe("0");
    expect(sig2(-4.44)).toBe("−4.4");
    expect(round2(3160.1)).toBe(3200);
    expect(round2(0.000123456)).toBe(0.00012);
  });

  it("writes seconds, factors and changes with the same precision", () => {
    expect(seconds(0.0107)).toBe("11 ms");
    expect(seconds(0.86)).toBe("0.86 s");
    expect(seconds(7855)).toBe("7,900 s");
    expect(times(80.3)).toBe("80×");
    expect(times(2.14)).toBe("2.1×");
    expect(times(181_414.2)).toBe("more than 100×");
    expect(times(300, 250)).toBe("more than 250×");
    expect(change(0.956)).toBe("−4.4 %");
    expect(change(1.28)).toBe("+28 %");
    expect(change(1)).toBe("±0 %");
  });

  it("every impact line the rules print carries at most two significant figures", () => {
    const files = [...readdirSync(join(ROOT, "packages/linter/src/rules/__snapshots__")).map((f) => join(ROOT, "packages/linter/src/rules/__snapshots__", f))];
    const lines = files.flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .filter((l) => l.includes("= impact:")),
    );
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) {
      // Sizes with a unit letter echo the configuration (128M, 2G); they are inputs, not estimates.
      const written = [...line.replace(/\b\d+[KMGT]\b/g, "").matchAll(/[−+-]?\d[\d,]*(?:\.\d+)?/g)].map((m) => m[0]);
      for (const n of written) expect(significant(n), `${n} in: ${line}`).toBeLessThanOrEqual(2);
    }
  });
});

/**
 * Numbers in messages: at most two significant figures, since no model or measurement behind a
 * message is more precise than that. JSON output keeps the full values (`Impact.baseline`, …).
 */

const MINUS = "−";

const EN_US = new Intl.NumberFormat("en-US");

/** `x` with thousands separators, as `x.toLocaleString("en-US")` writes it, without building a formatter per call. */
export function grouped(x: number): string {
  return EN_US.format(x);
}

/** `x` rounded to two significant figures, as a number. */
export function round2(x: number): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const magnitude = Math.floor(Math.log10(Math.abs(x)));
  const step = 10 ** (magnitude - 1);
  // Rounding the quotient and then scaling keeps 0.0107 → 0.011, not 0.011000000000000001.
  return magnitude >= 1 ? Math.round(x / step) * step : Number((Math.round(x / step) / 10 ** (1 - magnitude)).toFixed(1 - magnitude));
}

/** `x` with two significant figures: 285,572 → "290,000", 0.0107 → "0.011", 7.0 → "7". */
export function sig2(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const r = round2(x);
  const text = Math.abs(r) >= 1000 ? grouped(Math.round(r)) : String(r);
  return text.replace(/^-/, MINUS);
}

/** A seconds figure: "0.86 s", "31 ms" below 0.1 s, "1,300 s". */
export function seconds(s: number): string {
  if (s > 0 && s < 0.1) return `${sig2(s * 1000)} ms`;
  return `${sig2(s)} s`;
}

/**
 * A factor with two significant figures, bounded by what the model can defend: above `max`
 * it reads "more than 100×" rather than a figure no measurement supports.
 */
export function times(ratio: number, max = 100): string {
  if (!Number.isFinite(ratio) || ratio > max) return `more than ${sig2(max)}×`;
  return `${sig2(ratio)}×`;
}

/** A relative change as a signed percentage with two significant figures: 0.956 → "−4.4 %". */
export function change(ratio: number): string {
  const d = (ratio - 1) * 100;
  if (Math.abs(d) < 0.05) return "±0 %";
  return `${d >= 0 ? "+" : MINUS}${sig2(Math.abs(d))} %`;
}

/** A byte count divided by 1024 while it is 1024 or more and a larger of `units` units remains: the value and that unit. */
export function inUnits<U extends string>(bytes: number, units: readonly U[]): { value: number; unit: U } {
  let u = 0;
  let v = bytes;
  while (u < units.length - 1 && v >= 1024) {
    v /= 1024;
    u++;
  }
  return { value: v, unit: units[u] as U };
}

/** A small dependency-free SVG line chart: one or two y axes, linear or log x and y, a marked point. */
export interface Series {
  label: string;
  axis: "left" | "right";
  points: [number, number][];
  /** Unit shown after the values in the legend, for example "s" or "QPS". */
  unit?: string;
}

export interface Chart {
  title: string;
  xLabel: string;
  leftLabel: string;
  rightLabel?: string;
  logX?: boolean;
  /** Log scale on the left axis: curves a hundred times apart both stay readable, and equal gaps are equal ratios. */
  logY?: boolean;
  series: Series[];
  /** A vertical marker, for example the configured value. */
  marker?: { x: number; label: string };
  formatX?: (x: number) => string;
}

const W = 760;
const M = { top: 48, right: 84, bottom: 64, left: 84 };
const PLOT_H = 308;
const LEGEND_ROW = 18;
const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];
// Approximate advance of a sans-serif glyph per pixel of font size, to wrap and place text
// without a layout engine.
const CHAR_EM = 0.6;

function esc(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

function niceTicks(min: number, max: number, count = 5): number[] {
  if (max <= min) return [min];
  const step0 = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 2.5, 5, 10].map((f) => f * mag).find((s) => s >= step0) ?? step0;
  const ticks: number[] = [];
  for (let v = Math.ceil(min / step) * step; v <= max + step * 1e-9; v += step) ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** 1-2-5 ticks per decade, or only the decades when the range spans more than three of them. */
function logTicks(lo: number, hi: number): number[] {
  const ticks: number[] = [];
  const decades = Math.log10(hi / lo);
  const steps = decades > 3 ? [1] : decades > 1.5 ? [1, 3] : [1, 2, 5];
  for (let e = Math.floor(Math.log10(lo)); 10 ** e <= hi; e++) {
    for (const f of steps) {
      const v = Number((f * 10 ** e).toPrecision(12));
      if (v >= lo && v <= hi) ticks.push(v);
    }
  }
  return ticks;
}

export function fmt(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${+(v / 1e3).toFixed(1)}k`;
  if (a >= 100) return v.toFixed(0);
  return `${+v.toPrecision(3)}`;
}

/** Break text into lines that fit `width` pixels at `size`. */
function wrap(text: string, width: number, size: number): string[] {
  const max = Math.max(10, Math.floor(width / (size * CHAR_EM)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A legend entry: what the curve is and where it goes, so the trade-off reads without the axes. */
function legendText(s: Series, formatX: (x: number) => string): string {
  const first = s.points[0];
  const last = s.points[s.points.length - 1];
  const unit = s.unit ? ` ${s.unit}` : "";
  const side = s.axis === "right" ? " (right axis)" : "";
  if (!first || !last) return s.label + side;
  const span = first === last ? `${fmt(first[1])}${unit}` : `${fmt(first[1])}${unit} at ${formatX(first[0])} → ${fmt(last[1])}${unit} at ${formatX(last[0])}`;
  return `${s.label}${side}: ${span}`;
}

export function renderChart(c: Chart): string {
  const formatX = c.formatX ?? fmt;
  const titleLines = wrap(c.title, W - 40, 16);
  const top = M.top + (titleLines.length - 1) * 20;
  const legend = c.series.map((s) => legendText(s, formatX));
  const legendTop = top + PLOT_H + M.bottom;
  const H = legendTop + legend.length * LEGEND_ROW + 12;
  const xs = c.series.flatMap((s) => s.points.map((p) => p[0]));
  const tx = (x: number) => (c.logX ? Math.log2(x) : x);
  const x0 = Math.min(...xs.map(tx));
  const x1 = Math.max(...xs.map(tx));
  const pw = W - M.left - M.right;
  const ph = PLOT_H;
  const sx = (x: number) => M.left + ((tx(x) - x0) / (x1 - x0 || 1)) * pw;
  const range = (axis: "left" | "right") => {
    const ys = c.series.filter((s) => s.axis === axis).flatMap((s) => s.points.map((p) => p[1]));
    if (!ys.length) return undefined;
    const positive = ys.filter((y) => y > 0);
    if (axis === "left" && c.logY && positive.length === ys.length) {
      const lo = 10 ** Math.floor(Math.log10(Math.min(...positive)));
      const hi = 10 ** Math.ceil(Math.log10(Math.max(...positive) * 1.001));
      return { lo, hi, ticks: logTicks(lo, hi), log: true };
    }
    const lo = Math.min(0, ...ys);
    const hi = Math.max(...ys) * 1.08 || 1;
    return { lo, hi, ticks: niceTicks(lo, hi), log: false };
  };
  const left = range("left");
  const right = range("right");
  const sy = (axis: "left" | "right", y: number) => {
    const r = (axis === "left" ? left : right) ?? { lo: 0, hi: 1, log: false };
    const f = r.log ? Math.log10(y / r.lo) / Math.log10(r.hi / r.lo) : (y - r.lo) / (r.hi - r.lo);
    return top + ph - f * ph;
  };
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  titleLines.forEach((line, i) => {
    out.push(`<text x="${W / 2}" y="${24 + i * 20}" text-anchor="middle" font-size="16" font-weight="bold">${esc(line)}</text>`);
  });
  out.push(`<rect x="${M.left}" y="${top}" width="${pw}" height="${ph}" fill="none" stroke="#999"/>`);
  const xTicks = c.logX ? [...new Set(xs)].sort((a, b) => a - b) : niceTicks(x0, x1, 6);
  let lastRight = -Infinity;
  for (const t of xTicks) {
    const x = sx(t);
    const label = formatX(t);
    out.push(`<line x1="${x}" y1="${top + ph}" x2="${x}" y2="${top + ph + 5}" stroke="#999"/>`);
    // Skip a label that would run into the previous one (close values on a log axis).
    const half = (label.length * 12 * CHAR_EM) / 2;
    if (x - half < lastRight + 4) continue;
    lastRight = x + half;
    out.push(`<text x="${x}" y="${top + ph + 18}" text-anchor="middle">${esc(label)}</text>`);
  }
  for (const [axis, r] of [
    ["left", left],
    ["right", right],
  ] as const) {
    if (!r) continue;
    for (const t of r.ticks) {
      const y = sy(axis, t);
      if (axis === "left") out.push(`<line x1="${M.left}" y1="${y}" x2="${M.left + pw}" y2="${y}" stroke="#eee"/>`);
      const x = axis === "left" ? M.left - 6 : M.left + pw + 6;
      out.push(`<text x="${x}" y="${y + 4}" text-anchor="${axis === "left" ? "end" : "start"}">${fmt(t)}</text>`);
    }
  }
  out.push(`<text x="${M.left + pw / 2}" y="${top + ph + 40}" text-anchor="middle">${esc(c.xLabel)}</text>`);
  const leftLabel = left?.log ? `${c.leftLabel}, log scale` : c.leftLabel;
  out.push(`<text transform="translate(22 ${top + ph / 2}) rotate(-90)" text-anchor="middle">${esc(leftLabel)}</text>`);
  if (c.rightLabel) out.push(`<text transform="translate(${W - 20} ${top + ph / 2}) rotate(90)" text-anchor="middle">${esc(c.rightLabel)}</text>`);
  c.series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length] as string;
    const d = s.points.map((p, j) => `${j ? "L" : "M"}${sx(p[0]).toFixed(1)},${sy(s.axis, p[1]).toFixed(1)}`).join(" ");
    const dash = s.axis === "right" ? ` stroke-dasharray="6 4"` : "";
    out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2.5"${dash}/>`);
    for (const p of s.points) out.push(`<circle cx="${sx(p[0]).toFixed(1)}" cy="${sy(s.axis, p[1]).toFixed(1)}" r="3" fill="${color}"/>`);
    // Legend below the plot, so that it never covers a curve.
    const ly = legendTop + i * LEGEND_ROW;
    out.push(`<line x1="${M.left - 60}" y1="${ly - 4}" x2="${M.left - 36}" y2="${ly - 4}" stroke="${color}" stroke-width="2.5"${dash}/>`);
    out.push(`<text x="${M.left - 30}" y="${ly}">${esc(legend[i] as string)}</text>`);
  });
  if (c.marker && c.marker.x >= Math.min(...xs) && c.marker.x <= Math.max(...xs)) {
    const x = sx(c.marker.x);
    out.push(`<line x1="${x}" y1="${top}" x2="${x}" y2="${top + ph}" stroke="#444" stroke-dasharray="3 3"/>`);
    const leftSide = x > M.left + pw / 2;
    out.push(`<text x="${leftSide ? x - 4 : x + 4}" y="${top + 14}" text-anchor="${leftSide ? "end" : "start"}" fill="#444">${esc(c.marker.label)}</text>`);
  }
  out.push("</svg>");
  return out.join("\n") + "\n";
}

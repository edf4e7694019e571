/** A small dependency-free SVG line chart: one or two y axes, linear or log x, a marked point. */
export interface Series {
  label: string;
  axis: "left" | "right";
  points: [number, number][];
}

export interface Chart {
  title: string;
  xLabel: string;
  leftLabel: string;
  rightLabel?: string;
  logX?: boolean;
  series: Series[];
  /** A vertical marker, for example the configured value. */
  marker?: { x: number; label: string };
  formatX?: (x: number) => string;
}

const W = 760;
const H = 420;
const M = { top: 48, right: 84, bottom: 64, left: 84 };
const COLORS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e"];

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

function fmt(v: number): string {
  const a = Math.abs(v);
  if (a >= 1e6) return `${+(v / 1e6).toFixed(1)}M`;
  if (a >= 1e4) return `${+(v / 1e3).toFixed(1)}k`;
  if (a >= 100) return v.toFixed(0);
  return `${+v.toPrecision(3)}`;
}

export function renderChart(c: Chart): string {
  const xs = c.series.flatMap((s) => s.points.map((p) => p[0]));
  const tx = (x: number) => (c.logX ? Math.log2(x) : x);
  const x0 = Math.min(...xs.map(tx));
  const x1 = Math.max(...xs.map(tx));
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const sx = (x: number) => M.left + ((tx(x) - x0) / (x1 - x0 || 1)) * pw;
  const range = (axis: "left" | "right") => {
    const ys = c.series.filter((s) => s.axis === axis).flatMap((s) => s.points.map((p) => p[1]));
    if (!ys.length) return undefined;
    const lo = Math.min(0, ...ys);
    const hi = Math.max(...ys) * 1.08 || 1;
    return { lo, hi, ticks: niceTicks(lo, hi) };
  };
  const left = range("left");
  const right = range("right");
  const sy = (axis: "left" | "right", y: number) => {
    const r = (axis === "left" ? left : right) ?? { lo: 0, hi: 1 };
    return M.top + ph - ((y - r.lo) / (r.hi - r.lo)) * ph;
  };
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${W}" height="${H}" fill="white"/>`);
  out.push(`<text x="${W / 2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">${esc(c.title)}</text>`);
  out.push(`<rect x="${M.left}" y="${M.top}" width="${pw}" height="${ph}" fill="none" stroke="#999"/>`);
  const xTicks = c.logX ? [...new Set(xs)].sort((a, b) => a - b) : niceTicks(x0, x1, 6);
  for (const t of xTicks) {
    const x = sx(t);
    out.push(`<line x1="${x}" y1="${M.top + ph}" x2="${x}" y2="${M.top + ph + 5}" stroke="#999"/>`);
    out.push(`<text x="${x}" y="${M.top + ph + 18}" text-anchor="middle">${esc(c.formatX ? c.formatX(t) : fmt(t))}</text>`);
  }
  for (const [axis, r] of [["left", left], ["right", right]] as const) {
    if (!r) continue;
    for (const t of r.ticks) {
      const y = sy(axis, t);
      if (axis === "left") out.push(`<line x1="${M.left}" y1="${y}" x2="${M.left + pw}" y2="${y}" stroke="#eee"/>`);
      const x = axis === "left" ? M.left - 6 : M.left + pw + 6;
      out.push(`<text x="${x}" y="${y + 4}" text-anchor="${axis === "left" ? "end" : "start"}">${fmt(t)}</text>`);
    }
  }
  out.push(`<text x="${M.left + pw / 2}" y="${H - 18}" text-anchor="middle">${esc(c.xLabel)}</text>`);
  out.push(`<text transform="translate(22 ${M.top + ph / 2}) rotate(-90)" text-anchor="middle">${esc(c.leftLabel)}</text>`);
  if (c.rightLabel) out.push(`<text transform="translate(${W - 20} ${M.top + ph / 2}) rotate(90)" text-anchor="middle">${esc(c.rightLabel)}</text>`);
  c.series.forEach((s, i) => {
    const color = COLORS[i % COLORS.length] as string;
    const d = s.points.map((p, j) => `${j ? "L" : "M"}${sx(p[0]).toFixed(1)},${sy(s.axis, p[1]).toFixed(1)}`).join(" ");
    const dash = s.axis === "right" ? ` stroke-dasharray="6 4"` : "";
    out.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="2.5"${dash}/>`);
    for (const p of s.points) out.push(`<circle cx="${sx(p[0]).toFixed(1)}" cy="${sy(s.axis, p[1]).toFixed(1)}" r="3" fill="${color}"/>`);
    const ly = M.top + 16 + i * 18;
    out.push(`<line x1="${M.left + 12}" y1="${ly - 4}" x2="${M.left + 36}" y2="${ly - 4}" stroke="${color}" stroke-width="2.5"${dash}/>`);
    out.push(`<text x="${M.left + 42}" y="${ly}">${esc(s.label)}${s.axis === "right" ? " (right axis)" : ""}</text>`);
  });
  if (c.marker && c.marker.x >= Math.min(...xs) && c.marker.x <= Math.max(...xs)) {
    const x = sx(c.marker.x);
    out.push(`<line x1="${x}" y1="${M.top}" x2="${x}" y2="${M.top + ph}" stroke="#444" stroke-dasharray="3 3"/>`);
    const leftSide = x > M.left + pw / 2;
    out.push(`<text x="${leftSide ? x - 4 : x + 4}" y="${M.top + ph / 2}" text-anchor="${leftSide ? "end" : "start"}" fill="#444">${esc(c.marker.label)}</text>`);
  }
  out.push("</svg>");
  return out.join("\n") + "\n";
}

import { displayPath } from "./paths.js";
import { escapeControls as esc, linePath } from "../safe-text.js";
import type { Finding, Severity } from "../finding.js";
import type { Reporter } from "./types.js";

const COLORS = { red: 31, yellow: 33, blue: 34, cyan: 36, bold: 1, dim: 2 } as const;

function paint(enabled: boolean) {
  return (color: keyof typeof COLORS, text: string) => (enabled ? `\u001b[${COLORS[color]}m${text}\u001b[0m` : text);
}

const SEVERITY_COLOR: Record<Severity, keyof typeof COLORS> = { error: "red", warning: "yellow", info: "blue" };

function frame(source: string | undefined, f: Finding, c: ReturnType<typeof paint>): string[] {
  if (source === undefined) return [];
  const lines = source.split(/\r?\n/);
  const line = lines[f.range.start.line - 1];
  if (line === undefined) return [];
  const cut = line.length > 200 ? line.slice(0, 200) : line;
  const gutter = String(f.range.start.line);
  const pad = " ".repeat(gutter.length);
  const rawStart = Math.max(0, f.range.start.column - 1);
  const rawEnd = f.range.end.line === f.range.start.line ? Math.max(rawStart + 1, f.range.end.column - 1) : cut.length;
  // Columns are counted in the escaped line, where a control character takes 2 to 6 columns.
  const start = esc(cut.slice(0, Math.min(rawStart, cut.length))).length;
  const end = esc(cut.slice(0, Math.min(rawEnd, cut.length))).length;
  const shown = esc(cut) + (cut.length < line.length ? "…" : "");
  const width = shown.length - (cut.length < line.length ? 1 : 0);
  const carets = " ".repeat(Math.min(start, width)) + "^".repeat(Math.max(1, Math.min(end, width) - start));
  return [`${pad} ${c("dim", "|")}`, `${c("dim", gutter)} ${c("dim", "|")} ${shown}`, `${pad} ${c("dim", "|")} ${c(SEVERITY_COLOR[f.severity], carets)}`];
}

export const textReporter: Reporter = (report, { color }) => {
  const c = paint(color);
  const out: string[] = [];
  for (const f of report.findings) {
    const where = `${linePath(displayPath(report.cwd, f.file))}:${f.range.start.line}:${f.range.start.column}`;
    out.push(`${c("bold", where)}: ${c(SEVERITY_COLOR[f.severity], f.severity)}[${c("cyan", f.rule)}] ${esc(f.message)}`);
    out.push(...frame(report.sources.get(f.file), f, c));
    const pad = " ".repeat(String(f.range.start.line).length);
    if (f.impact) out.push(`${pad} = impact: ${esc(f.impact.summary)}`);
    for (const note of f.notes ?? []) out.push(`${pad} = note: ${esc(note)}`);
    if (f.fix) out.push(`${pad} = fix (${f.fix.safety}): ${esc(f.fix.description)}`);
    out.push("");
  }
  for (const e of report.errors) {
    out.push(
      `${c("bold", `${linePath(displayPath(report.cwd, e.file))}${e.line ? `:${e.line}` : ""}`)}: ${c("red", e.internal ? "internal error" : "input error")}: ${esc(e.message)}`,
    );
  }
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of report.findings) counts[f.severity]++;
  const total = report.findings.length;
  const summary =
    total === 0
      ? "no findings"
      : `${total} finding${total === 1 ? "" : "s"} (${counts.error} error${counts.error === 1 ? "" : "s"}, ${counts.warning} warning${counts.warning === 1 ? "" : "s"}, ${counts.info} info)`;
  const fixable = report.findings.filter((f) => f.fix && f.fix.safety !== "display-only").length;
  const baselined = report.baseline?.suppressed ? `; ${report.baseline.suppressed} baselined` : "";
  const staleCount = report.baseline?.stale.length ?? 0;
  const stale = staleCount
    ? `; ${staleCount} stale baseline entr${staleCount === 1 ? "y" : "ies"} (fixed since: innolint baseline rewrites the file; --format json lists them)`
    : "";
  out.push(`${summary}${errorCounts(report.errors)}${fixable ? `; ${fixable} with a fix` : ""}${baselined}${stale}`);
  return out.join("\n") + "\n";
};

/** "; 2 input errors; 1 internal error" for the summary line. */
function errorCounts(errors: readonly { internal?: true }[]): string {
  const internal = errors.filter((e) => e.internal).length;
  const input = errors.length - internal;
  const part = (n: number, what: string) => (n ? `; ${n} ${what} error${n === 1 ? "" : "s"}` : "");
  return part(input, "input") + part(internal, "internal");
}

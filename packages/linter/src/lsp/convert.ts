/** Findings and reader errors as LSP diagnostics; innolint's 1-based UTF-16 positions as LSP's 0-based ones. */
import { relative } from "node:path";
import { pathToFileURL } from "node:url";
import { DiagnosticSeverity, type Diagnostic, type Position as LspPosition, type Range as LspRange } from "vscode-languageserver";
import type { Finding, Position, Range, Severity } from "../finding.js";
import { ruleDocsUrl } from "../knowledge.js";
import type { Analysis } from "./analysis.js";
import { rootFile } from "./analysis.js";

export const SOURCE = "innolint";

export function toLspPosition(p: Position): LspPosition {
  return { line: Math.max(0, p.line - 1), character: Math.max(0, p.column - 1) };
}

export function toLspRange(r: Range): LspRange {
  return { start: toLspPosition(r.start), end: toLspPosition(r.end) };
}

/** LSP position → innolint's 1-based line and column. */
export function fromLspPosition(p: LspPosition): Position {
  return { line: p.line + 1, column: p.character + 1 };
}

export function contains(r: Range, p: Position): boolean {
  const after = p.line > r.start.line || (p.line === r.start.line && p.column >= r.start.column);
  const before = p.line < r.end.line || (p.line === r.end.line && p.column <= r.end.column);
  return after && before;
}

export const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

export function fileUri(path: string): string {
  return pathToFileURL(path).href;
}

/** The message as an editor shows it: the finding's message, its notes, then the impact summary on its own line. */
export function diagnosticMessage(f: Finding, showImpact: boolean): string {
  const lines = [f.message, ...(f.notes ?? [])];
  if (showImpact && f.impact) lines.push(f.impact.summary);
  return lines.join("\n");
}

export function findingDiagnostic(f: Finding, showImpact: boolean, range?: LspRange): Diagnostic {
  return {
    range: range ?? toLspRange(f.range),
    severity: SEVERITY[f.severity],
    code: f.rule,
    codeDescription: { href: ruleDocsUrl(f.rule) },
    source: SOURCE,
    message: diagnosticMessage(f, showImpact),
    data: f,
  };
}

function lineRange(text: string, line: number): LspRange {
  const lines = text.split("\n", line);
  const content = (lines[line - 1] ?? "").replace(/\r$/, "");
  return { start: { line: line - 1, character: 0 }, end: { line: line - 1, character: content.length } };
}

export function toDiagnostics(a: Analysis, showImpact: boolean): Diagnostic[] {
  const out: Diagnostic[] = a.findings.map((f) => findingDiagnostic(f, showImpact));
  const root = rootFile(a);
  const directiveFor = (file: string): LspRange | undefined => {
    const inc = root?.includes.find((i) => i.resolved === file || file.startsWith(i.resolved + "/"));
    return inc ? toLspRange(inc.range) : undefined;
  };
  const firstLine = lineRange(a.text, 1);
  for (const f of a.elsewhere) {
    const where = directiveFor(f.file);
    if (!where) continue;
    const d = findingDiagnostic(f, showImpact, where);
    d.message = `${relative(a.file.replace(/\/[^/]*$/, ""), f.file)}:${f.range.start.line}: ${d.message}`;
    d.relatedInformation = [{ location: { uri: fileUri(f.file), range: toLspRange(f.range) }, message: f.message }];
    out.push(d);
  }
  const seen = new Set<string>();
  for (const e of a.readerErrors) {
    seen.add(`${e.file}\0${e.line ?? ""}\0${e.message}`);
    const own = e.file === a.file;
    const range = own ? (e.range ? toLspRange(e.range) : e.line ? lineRange(a.text, e.line) : firstLine) : (directiveFor(e.file) ?? firstLine);
    out.push({
      range,
      severity: e.severity === "info" ? DiagnosticSeverity.Information : e.severity === "warning" ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
      source: SOURCE,
      message: own ? e.message : `${e.file}${e.line ? `:${e.line}` : ""}: ${e.message}`,
    });
  }
  for (const e of a.errors) {
    if (seen.has(`${e.file}\0${e.line ?? ""}\0${e.message}`)) continue;
    const own = e.file === a.file;
    out.push({
      range: own && e.line ? lineRange(a.text, e.line) : firstLine,
      severity: DiagnosticSeverity.Error,
      source: SOURCE,
      message: own ? e.message : e.message.startsWith(e.file) ? e.message : `${e.file}: ${e.message}`,
    });
  }
  return out;
}

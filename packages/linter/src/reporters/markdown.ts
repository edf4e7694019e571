import { SEVERITY_RANK, type Finding, type Severity } from "../finding.js";
import { loadRuleDocs, ruleDocsUrl } from "../knowledge.js";
import { displayPath } from "./paths.js";
import type { Report } from "./types.js";
import { escapeControls } from "../safe-text.js";
import { onlineDdlLine } from "../ddl/describe.js";

/**
 * A pull-request comment: a summary line, a table of findings, and per finding a collapsed section
 * with the evidence behind its rule and the simulator's inputs and assumptions.
 *
 * Everything that comes from the linted files (identifiers, comments, values, paths) is escaped for
 * both HTML and Markdown: a migration must not be able to add markup, links, images or mentions.
 */

const ICON: Record<Severity, string> = { error: "🔴", warning: "🟠", info: "🔵" };

/** Text safe inside HTML and inline Markdown, on one line. */
export function escapeMarkdown(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/\r?\n|\r/g, " ")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => escapeControls(c))
    .replace(/[\\`*_{}[\]()#+\-.!|~@:=]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Like escapeMarkdown, but keeps ordinary prose readable: only what can start markup is escaped. */
function escapeProse(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r?\n|\r/g, " ")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, (c) => escapeControls(c))
    .replace(/[\\`*_[\]|~@#]/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/www\./gi, (m) => `${m.slice(0, 3)}&#46;`)
    .replace(/^([#>+\-=]|\d+\.)/, (m) => `&#${m.charCodeAt(0)};${m.slice(1)}`)
    .replace(/(!|:)(?=\/\/|\[)/g, (c) => `&#${c.charCodeAt(0)};`);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export interface MarkdownOptions {
  /** A heading line for the comment, e.g. "innolint review of 3 changed files against origin/main". */
  title?: string;
  /** Files that were looked at, for the summary. */
  filesReviewed?: number;
  /** Findings a baseline left out, for the summary. */
  baselined?: number;
}

export function renderMarkdown(report: Report, options: MarkdownOptions = {}): string {
  const docs = loadRuleDocs();
  const findings = [...report.findings].sort(
    (a, b) => SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] || a.file.localeCompare(b.file) || a.range.start.line - b.range.start.line,
  );
  const counts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity]++;
  const targets = [...new Set(report.targets.values())].sort();
  const out: string[] = [];
  out.push(`### ${escapeProse(options.title ?? "innolint")}`, "");
  const parts = [
    findings.length === 0
      ? "no findings"
      : (["error", "warning", "info"] as const)
          .filter((s) => counts[s])
          .map((s) => `${ICON[s]} ${plural(counts[s], s)}`)
          .join(", "),
  ];
  if (options.filesReviewed !== undefined) parts.push(`${plural(options.filesReviewed, "file")} reviewed`);
  if (targets.length) parts.push(`target ${targets.map(escapeProse).join(", ")}`);
  if (options.baselined) parts.push(`${options.baselined} known ${options.baselined === 1 ? "finding" : "findings"} left out by the baseline`);
  if (report.errors.length) parts.push(`${plural(report.errors.length, "input error")}`);
  out.push(`**${parts.join(" · ")}**`, "");

  out.push(...onlineDdlSection(report));
  if (findings.length) {
    out.push("| | Location | Rule | Finding | Impact |", "|---|---|---|---|---|");
    for (const f of findings) {
      const where = `${escapeMarkdown(displayPath(report.cwd, f.file))}:${f.range.start.line}`;
      out.push(
        `| ${ICON[f.severity]} ${f.severity} | ${where} | [${f.rule}](${ruleDocsUrl(f.rule)}) | ${escapeProse(f.message)} | ${f.impact ? escapeProse(f.impact.summary) : "—"} |`,
      );
    }
    out.push("");
    for (const f of findings) out.push(...details(f, report, docs.get(f.rule)?.evidence ?? []));
  }
  if (report.errors.length) {
    out.push("**Input errors** (these files were not fully linted):", "");
    for (const e of report.errors) out.push(`- ${escapeMarkdown(displayPath(report.cwd, e.file))}${e.line ? `:${e.line}` : ""}: ${escapeProse(e.message)}`);
    out.push("");
  }
  return out.join("\n");
}

/** Each online-DDL statement, in file and line order: what the server does and the estimate. */
function onlineDdlSection(report: Report): string[] {
  const notes = [...(report.onlineDdl ?? [])].sort((a, b) => a.file.localeCompare(b.file) || a.range.start.line - b.range.start.line);
  if (notes.length === 0) return [];
  const lines = notes.map((n) => `- ${escapeMarkdown(displayPath(report.cwd, n.file))}:${n.range.start.line}: ${escapeProse(onlineDdlLine(n.onlineDdl))}`);
  return ["**Online DDL** (what each ALTER does on the target):", "", ...lines, ""];
}

function details(
  f: Finding,
  report: Report,
  evidence: { source: string; url?: string; claim: string; status: string; note?: string; figures?: string[] }[],
): string[] {
  const out: string[] = [];
  const where = `${escapeMarkdown(displayPath(report.cwd, f.file))}:${f.range.start.line}`;
  out.push("<details>", `<summary>${f.rule} at ${where}</summary>`, "");
  out.push(escapeProse(f.message), "");
  for (const n of f.notes ?? []) out.push(`- ${escapeProse(n)}`);
  if (f.notes?.length) out.push("");
  if (f.impact) {
    out.push(`**Impact** (${escapeProse(f.impact.model)}): ${escapeProse(f.impact.summary)}`, "");
    if (f.impact.inputs.length)
      out.push(`Inputs: ${f.impact.inputs.map((i) => `${escapeProse(i.name)} = ${escapeProse(String(i.value))} (${i.source})`).join("; ")}`, "");
    if (f.impact.assumptions.length) {
      out.push("Assumptions:", "");
      for (const a of f.impact.assumptions) out.push(`- ${escapeProse(a)}`);
      out.push("");
    }
  }
  if (evidence.length) {
    out.push("Evidence:", "");
    for (const e of evidence) {
      const status = e.status === "confirmed" ? "confirmed" : `**${e.status.toUpperCase()}**`;
      const source = e.url ? `[${escapeProse(e.source)}](${e.url})` : escapeProse(e.source);
      out.push(`- ${status}: ${escapeProse(e.claim)} (${source})${e.note ? ` ${escapeProse(e.note)}` : ""}`);
    }
    out.push("");
  }
  if (f.fix) out.push(`Fix (${f.fix.safety}): ${escapeProse(f.fix.description)}`, "");
  out.push("</details>", "");
  return out;
}

export const markdownReporter = (report: Report): string =>
  renderMarkdown(report, {
    ...(report.title !== undefined ? { title: report.title } : {}),
    ...(report.filesReviewed !== undefined ? { filesReviewed: report.filesReviewed } : {}),
    ...(report.baseline?.suppressed ? { baselined: report.baseline.suppressed } : {}),
  });

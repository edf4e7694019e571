/** Hover: a variable's knowledge-base entry and effective value; a finding's rule with its evidence. */
import { basename, dirname, relative } from "node:path";
import { isAutoDefault, lookupVariable, type Lookup, type VariableFacts } from "../catalogue/index.js";
import type { Finding, Position } from "../finding.js";
import { loadRuleDocs, ruleDocsUrl } from "../knowledge.js";
import type { OptionEntry } from "../optionfile/model.js";
import type { ResolvedOption } from "../optionfile/rules/facts.js";
import { formatBytes } from "../optionfile/rules/values.js";
import { renderRuleDoc } from "../render.js";
import { onlineDdlLine } from "../ddl/describe.js";
import type { Target } from "../target.js";
import type { Analysis } from "./analysis.js";
import { contains } from "./convert.js";

function isBytes(f: VariableFacts): boolean {
  return f.type === "size" || f.unit === "bytes";
}

export function formatValue(f: VariableFacts, v: unknown): string {
  if (v === null || v === undefined) return "none";
  if (isAutoDefault(v)) return `computed at startup (${v.auto})`;
  if (typeof v === "number" && isBytes(f) && v >= 1024) {
    const pretty = formatBytes(v);
    if (!Number.isSafeInteger(v)) return pretty;
    return pretty === String(v) || pretty.startsWith(`${v} `) ? pretty : `${pretty} (${v})`;
  }
  if (typeof v === "boolean") return v ? "ON" : "OFF";
  return typeof v === "string" ? (v === "" ? '""' : v) : JSON.stringify(v);
}

/** The knowledge-base entry of a variable for a target, as Markdown. */
export function variableMarkdown(name: string, lookup: Lookup, target: Target): string {
  if (lookup.status === "unknown") return `**${name}**: not a variable or option ${target.label} knows.`;
  const f = lookup.facts;
  const out: string[] = [];
  const status =
    lookup.status === "removed"
      ? ` — removed in ${lookup.removedIn}`
      : lookup.status === "not-yet"
        ? ` — not yet in ${target.label} (introduced in ${lookup.introducedIn})`
        : "";
  out.push(`**${f.name}** (${target.label}${target.assumed ? ", assumed" : ""}; ${f.flavor} catalogue)${status}`, "");
  out.push(f.description.trim(), "");
  const row = (k: string, v: string) => out.push(`- ${k}: ${v}`);
  row("Type", `${f.type}${f.unit ? ` (${f.unit})` : ""}${f.values?.length ? `: ${f.values.join(", ")}` : ""}`);
  row("Default", formatValue(f, f.default));
  if (f.min !== undefined || f.max !== undefined) {
    row(
      "Range",
      `${f.min !== undefined ? formatValue(f, f.min) : "…"} to ${f.max !== undefined ? formatValue(f, f.max) : "…"}${f.blockSize ? `, in blocks of ${f.blockSize}` : ""}`,
    );
  }
  row("Dynamic", f.dynamic ? "yes (SET GLOBAL)" : "no (restart needed)");
  row("Scope", f.optionOnly ? "startup option only" : f.scope.join(", "));
  const history = [
    f.introduced ? `introduced in ${f.introduced}` : undefined,
    f.deprecated ? `deprecated in ${f.deprecated}` : undefined,
    f.removed ? `removed in ${f.removed}` : undefined,
  ].filter(Boolean);
  if (history.length) row("History", history.join("; ") + (f.approximate ? " (approximate)" : ""));
  if (f.replacedBy) row("Use instead", f.replacedBy);
  if (f.plugin) row("Plugin", f.plugin);
  for (const n of f.notes ?? []) row("Note", n);
  const rules = [...loadRuleDocs().values()].filter((d) => d.variables.includes(f.name));
  if (rules.length) row("Rules", rules.map((d) => `[${d.id}](${ruleDocsUrl(d.id)})`).join(", "));
  const sources = f.sources.filter((s) => s.url);
  if (sources.length) row("Sources", sources.map((s) => `[${s.title}](${s.url})`).join(", "));
  return out.join("\n");
}

function where(a: Analysis, e: OptionEntry): string {
  const name = e.file === a.file ? basename(e.file) : relative(dirname(a.file), e.file);
  return `${name}:${e.line}`;
}

function effectiveMarkdown(a: Analysis, option: ResolvedOption): string {
  const facts = a.lint?.facts;
  if (!facts) return "";
  const f = option.lookup.status === "unknown" ? undefined : option.lookup.facts;
  if (!option.serverGroup) return `Not read by the server: \`[${option.entry.group}]\` is not one of its groups (${[...facts.serverGroups].join(", ")}).`;
  const winner = facts.effective.get(option.variable);
  if (!winner) return `The server uses its default: ${f ? formatValue(f, f.default) : "unknown"}.`;
  const shown =
    winner.effectiveNumber !== undefined && f
      ? formatValue(f, winner.effectiveNumber)
      : winner.entry.value === null
        ? "(no value: ON)"
        : `\`${winner.entry.value}\``;
  const raw = winner.entry.rawValue !== null && winner.effectiveNumber !== undefined ? ` (written \`${winner.entry.rawValue}\`)` : "";
  const lines = [`Effective value: **${shown}**${raw}, from ${where(a, winner.entry)}.`];
  if (winner !== option) lines.push(`This line (${where(a, option.entry)}) is overridden.`);
  return lines.join("\n\n");
}

/** The entry in the document whose name is under the position (from the engine's facts). */
export function optionAt(a: Analysis, p: Position): ResolvedOption | undefined {
  return a.lint?.facts?.options.find((o) => o.entry.file === a.file && contains(o.entry.nameRange, p));
}

/** A name under the cursor on a line the reader never reached (after a fatal error). */
function wordAt(text: string, p: Position): string | undefined {
  const line = text.split("\n", p.line)[p.line - 1] ?? "";
  const m = /^\s*([A-Za-z][A-Za-z0-9_-]*)/.exec(line);
  if (!m?.[1]) return undefined;
  const start = line.indexOf(m[1]) + 1;
  return p.column >= start && p.column <= start + m[1].length ? m[1].replace(/^loose[-_]/i, "") : undefined;
}

/** The rule's header and its evidence section, cut from the one rendering of the knowledge-base entry. */
export function evidenceMarkdown(rule: string): string | undefined {
  const doc = loadRuleDocs().get(rule);
  if (!doc) return undefined;
  const text = renderRuleDoc(doc);
  const start = text.indexOf("## Evidence");
  const end = text.indexOf("\n## ", start + 1);
  const header = text.slice(0, text.indexOf("\n\n", text.indexOf("\n") + 1)).replace(/^# /, "### ");
  const evidence = start >= 0 ? text.slice(start, end > 0 ? end : undefined).replace("## Evidence", "**Evidence**") : "";
  return `${header}\n\n${doc.summary.trim()}\n\n${evidence.trim()}\n\n[${rule} docs](${ruleDocsUrl(rule)})`;
}

export function findingsAt(a: Analysis, p: Position): Finding[] {
  return a.findings.filter((f) => contains(f.range, p));
}

export function hoverMarkdown(a: Analysis, p: Position): string | undefined {
  const parts: string[] = [];
  const seen = new Set<string>();
  const ddl = a.onlineDdl.find((n) => contains(n.range, p))?.onlineDdl;
  if (ddl) parts.push(`**Online DDL**: ${onlineDdlLine(ddl)}`);
  for (const f of findingsAt(a, p)) {
    if (seen.has(f.rule)) continue;
    seen.add(f.rule);
    const ev = evidenceMarkdown(f.rule);
    if (ev) parts.push(ev);
  }
  const target = a.target ?? a.lint?.facts?.target;
  const option = optionAt(a, p);
  if (option && target) {
    parts.push(variableMarkdown(option.variable, option.lookup, target), effectiveMarkdown(a, option));
  } else if (target && a.kind === "option-file") {
    const word = wordAt(a.text, p);
    if (word) parts.push(variableMarkdown(word, lookupVariable(target, word), target));
  }
  const body = parts.filter(Boolean).join("\n\n---\n\n");
  return body || undefined;
}

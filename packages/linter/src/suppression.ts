import type { Finding, Range } from "./finding.js";

export interface Comment {
  file: string;
  text: string;
  range: Range;
}

export interface Directive {
  kind: "disable-next-line" | "disable" | "enable";
  /** Empty means every rule. */
  rules: string[];
  range: Range;
  file: string;
  used: Set<string>;
}

const DIRECTIVE = /^\s*(?:#|;|--|\/\*)\s*innolint-(disable-next-line|disable|enable)\b\s*([^*]*?)\s*(?:\*\/)?\s*$/;
const TARGET_DIRECTIVE = /^\s*(?:#|;|--|\/\*)\s*innolint-target\s*:?\s*([A-Za-z0-9.\-]+)/;

export function parseDirectives(comments: Comment[]): Directive[] {
  const out: Directive[] = [];
  for (const c of comments) {
    const m = DIRECTIVE.exec(c.text);
    if (!m) continue;
    const rules = (m[2] ?? "")
      .split(/[\s,]+/)
      .map((r) => r.trim())
      .filter(Boolean);
    out.push({ kind: m[1] as Directive["kind"], rules, range: c.range, file: c.file, used: new Set() });
  }
  return out;
}

export function targetDirective(comments: Comment[]): { label: string; range: Range } | undefined {
  for (const c of comments) {
    const m = TARGET_DIRECTIVE.exec(c.text);
    if (m) return { label: m[1] as string, range: c.range };
  }
  return undefined;
}

function covers(d: Directive, rule: string): boolean {
  return d.rules.length === 0 || d.rules.includes(rule);
}

/**
 * Drops suppressed findings and marks which directive suppressed what. Block directives apply from
 * their line until a matching enable in the same file.
 */
export function applySuppressions(findings: Finding[], directives: Directive[]): Finding[] {
  const byFile = new Map<string, Directive[]>();
  for (const d of directives) {
    const list = byFile.get(d.file) ?? [];
    list.push(d);
    byFile.set(d.file, list);
  }
  for (const list of byFile.values()) list.sort((a, b) => a.range.start.line - b.range.start.line);
  return findings.filter((f) => {
    const list = byFile.get(f.file);
    if (!list) return true;
    const line = f.range.start.line;
    let suppressor: Directive | undefined;
    for (const d of list) {
      if (d.range.start.line > line) break;
      if (d.kind === "disable-next-line") {
        if (d.range.start.line === line - 1 && covers(d, f.rule)) suppressor = d;
      } else if (d.kind === "disable" && covers(d, f.rule)) {
        suppressor = d;
      } else if (d.kind === "enable" && suppressor?.kind === "disable" && covers(d, f.rule)) {
        suppressor = undefined;
      }
    }
    if (!suppressor) return true;
    suppressor.used.add(f.rule);
    return false;
  });
}

export function unusedSuppressions(directives: Directive[], knownRules: ReadonlySet<string>): Finding[] {
  const out: Finding[] = [];
  for (const d of directives) {
    if (d.kind === "enable") continue;
    const unknown = d.rules.filter((r) => !knownRules.has(r));
    const idle = d.rules.length === 0 ? (d.used.size === 0 ? ["(all rules)"] : []) : d.rules.filter((r) => knownRules.has(r) && !d.used.has(r));
    const parts: string[] = [];
    if (unknown.length) parts.push(`names unknown rule${unknown.length > 1 ? "s" : ""} ${unknown.join(", ")}`);
    if (idle.length) parts.push(`suppresses nothing for ${idle.join(", ")}`);
    if (!parts.length) continue;
    out.push({
      rule: "unused-suppression",
      severity: "warning",
      file: d.file,
      range: d.range,
      message: `innolint-${d.kind} ${parts.join(" and ")}: remove it, or it will hide a future finding`,
      fix: {
        description: "remove the directive",
        safety: "safe",
        edits: [{ file: d.file, range: d.range, newText: "" }],
      },
    });
  }
  return out;
}

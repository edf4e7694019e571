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
const TARGET_DIRECTIVE = /^\s*(?:#|;|--|\/\*)\s*innolint-target\s*:?\s*([A-Za-z0-9.-]+)/;

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

/**
 * Drops suppressed findings and marks which directive suppressed what. Block directives apply from
 * their line until a matching enable in the same file.
 *
 * Walking the directives in order, a finding's suppressor is the last disable or disable-next-line
 * (for the line before it) that covers its rule, unless an enable covering the rule came after a
 * disable; an enable does not end a disable-next-line. Findings are visited in line order while the
 * directives before each are folded into per-rule state, so the cost is linear in both.
 */
export function applySuppressions(findings: Finding[], directives: Directive[]): Finding[] {
  const byFile = new Map<string, Directive[]>();
  for (const d of directives) {
    const list = byFile.get(d.file) ?? [];
    list.push(d);
    byFile.set(d.file, list);
  }
  for (const list of byFile.values()) list.sort((a, b) => a.range.start.line - b.range.start.line);
  const suppressedBy = new Map<Finding, Directive>();
  const findingsByFile = new Map<string, Finding[]>();
  for (const f of findings) {
    if (!byFile.has(f.file)) continue;
    const list = findingsByFile.get(f.file) ?? [];
    list.push(f);
    findingsByFile.set(f.file, list);
  }
  for (const [file, list] of findingsByFile) {
    const sweep = new SuppressionSweep(byFile.get(file) as Directive[]);
    for (const f of [...list].sort((a, b) => a.range.start.line - b.range.start.line)) {
      const d = sweep.suppressor(f.range.start.line, f.rule);
      if (d) suppressedBy.set(f, d);
    }
  }
  return findings.filter((f) => {
    const d = suppressedBy.get(f);
    if (!d) return true;
    d.used.add(f.rule);
    return false;
  });
}

/** Per-rule state of the directives up to a line, advanced line by line; "" stands for every rule. */
class SuppressionSweep {
  private next = 0;
  /** Index of the last disable or enable covering a rule. */
  private readonly lastBlock = new Map<string, number>();
  /** Index of the last disable covering a rule. */
  private readonly lastDisable = new Map<string, number>();
  /** disable-next-line directives of the latest lines: index of the last covering each rule. */
  private readonly nextLine = new Map<number, Map<string, number>>();

  constructor(private readonly directives: Directive[]) {}

  suppressor(line: number, rule: string): Directive | undefined {
    for (; this.next < this.directives.length; this.next++) {
      const d = this.directives[this.next] as Directive;
      if (d.range.start.line > line) break;
      const keys = d.rules.length === 0 ? [""] : d.rules;
      if (d.kind === "disable-next-line") {
        const at = d.range.start.line;
        let map = this.nextLine.get(at);
        if (!map) this.nextLine.set(at, (map = new Map()));
        for (const k of keys) map.set(k, this.next);
        continue;
      }
      for (const k of keys) {
        this.lastBlock.set(k, this.next);
        if (d.kind === "disable") this.lastDisable.set(k, this.next);
      }
    }
    // Findings come in line order: next-line directives above the line before are done with.
    for (const at of this.nextLine.keys()) if (at < line - 1) this.nextLine.delete(at);
    const later = (a: number | undefined, b: number | undefined) => Math.max(a ?? -1, b ?? -1);
    const block = later(this.lastBlock.get(rule), this.lastBlock.get(""));
    const nextLineMap = this.nextLine.get(line - 1);
    const single = nextLineMap ? later(nextLineMap.get(rule), nextLineMap.get("")) : -1;
    if (single >= 0) {
      // After the disable-next-line, enables are no-ops until a disable takes over.
      if (later(this.lastDisable.get(rule), this.lastDisable.get("")) < single) return this.directives[single];
    }
    const d = this.directives[block];
    return d?.kind === "disable" ? d : undefined;
  }
}

/** A suppression comment that names unknown rules or suppresses nothing (the unused-suppression rule words it). */
export interface UnusedDirective {
  kind: Directive["kind"];
  file: string;
  range: Range;
  /** Rule ids it names that no rule has. */
  unknown: string[];
  /** Rules it names (or "(all rules)") that it suppressed nothing for. */
  idle: string[];
}

export function unusedSuppressions(directives: Directive[], knownRules: ReadonlySet<string>): UnusedDirective[] {
  const out: UnusedDirective[] = [];
  for (const d of directives) {
    if (d.kind === "enable") continue;
    const unknown = d.rules.filter((r) => !knownRules.has(r));
    const idle = d.rules.length === 0 ? (d.used.size === 0 ? ["(all rules)"] : []) : d.rules.filter((r) => knownRules.has(r) && !d.used.has(r));
    if (unknown.length || idle.length) out.push({ kind: d.kind, file: d.file, range: d.range, unknown, idle });
  }
  return out;
}

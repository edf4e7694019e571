import type { EngineSim } from "@innolint/engine-sim";
import { catalogueGap } from "../catalogue/index.js";
import type { Host } from "../host.js";
import type { DeclaredTableSizes } from "../config-tables.js";
import type { Finding, Fix, Impact, Range, Severity } from "../finding.js";
import type { RuleDoc } from "../knowledge.js";
import type { Target } from "../target.js";

/** What a rule hands to `report`; the engine fills in rule id, severity and file defaults. */
export interface Report {
  range: Range;
  message: string;
  file?: string;
  notes?: string[];
  impact?: Impact;
  fix?: Fix;
  /** Overrides the rule's severity for this finding (for example by buffer pool size). */
  severity?: Severity;
  /** The verdict depends on the server version. */
  versionDependent?: boolean;
}

export interface RuleContext {
  readonly doc: RuleDoc;
  readonly target: Target;
  /** The rule's options: its knowledge-base defaults overlaid by the config file. */
  readonly options: Record<string, unknown>;
  /** The InnoDB simulator, when its module is available: rules attach impacts with it. */
  readonly sim?: EngineSim;
  /** What the server runs on, when a configuration, directive, option or editor setting says. */
  readonly host?: Host;
  /** Production table sizes the configuration declares ("tables" in .innolint.json). */
  readonly tables?: DeclaredTableSizes;
  report(report: Report): void;
}

export interface Rule<Facts> {
  id: string;
  check(facts: Facts, context: RuleContext): void;
}

export function toFinding(rule: RuleDoc, severity: Severity, file: string, target: Target, r: Report): Finding {
  const finding: Finding = {
    rule: rule.id,
    severity: r.severity ?? severity,
    file: r.file ?? file,
    range: r.range,
    message: r.message,
  };
  const notes = [...(r.notes ?? [])];
  if (r.versionDependent && target.assumed) {
    finding.targetAssumed = true;
    notes.push(`no target configured: assumed ${target.label}; set --target or "target" in .innolint.json`);
  }
  const gap = r.versionDependent ? catalogueGap(target) : undefined;
  if (gap?.edge === "before") notes.push(`innolint's catalogue starts at ${gap.series}: ${target.label} is judged by what it records of later releases`);
  if (gap?.edge === "after") notes.push(`innolint's catalogue ends at ${gap.series}: ${target.label} is judged by what it records up to that release`);
  if (notes.length) finding.notes = notes;
  if (r.impact) finding.impact = r.impact;
  if (r.fix) finding.fix = r.fix;
  return finding;
}

/** Positions are 1-based lines and 1-based columns counted in UTF-16 code units (as JS strings index). */
export interface Position {
  line: number;
  column: number;
}

export interface Range {
  start: Position;
  end: Position;
}

export type Severity = "error" | "warning" | "info";

export const SEVERITY_RANK: Record<Severity, number> = { info: 1, warning: 2, error: 3 };

export interface TextEdit {
  file: string;
  range: Range;
  newText: string;
}

/** Ruff's three levels: safe keeps behaviour, unsafe may change it, display-only is advice for a human. */
export type FixSafety = "safe" | "unsafe" | "display-only";

export interface Fix {
  description: string;
  safety: FixSafety;
  edits: TextEdit[];
}

export type InputSource = "config" | "schema" | "target" | "default" | "live" | "assumed";

export interface ImpactInput {
  name: string;
  value: number | string | boolean;
  source: InputSource;
}

/** A simulator's estimate of what the finding's setting costs against a baseline. */
export interface Impact {
  model: string;
  metric: string;
  unit: string;
  baseline: { label: string; value: number };
  actual: { label: string; value: number };
  ratio: number;
  /** One line for text output and editor messages. */
  summary: string;
  inputs: ImpactInput[];
  assumptions: string[];
}

/**
 * What an online-DDL finding's ALTER does on the target, for the surfaces that list ALTERs (the
 * review comment, the editor hover): set by the rules from one computation (ddl/estimate.ts).
 */
export interface OnlineDdlNote {
  table: string;
  /** "instant", "in place", "in place (rebuild)", "copy (blocks writes)", "copy (online)". */
  label: string;
  /** The table's size and where it comes from: "70G, 2.0e8 rows, declared in .innolint.json". */
  size?: string;
  /** The rebuild estimate (time, temporary disk, row log), when the simulator made one. */
  estimate?: string;
}

export interface Finding {
  rule: string;
  severity: Severity;
  file: string;
  range: Range;
  message: string;
  /** Extra lines a reporter may show under the message (for example which value wins). */
  notes?: string[];
  impact?: Impact;
  fix?: Fix;
  /** True when the verdict depends on the server version and no target was given. */
  targetAssumed?: boolean;
  /**
   * What the finding is about, hashed: its SQL statement (whitespace and comments ignored) or its
   * option's group and name. Set once by the engine (fingerprint.ts); baselines match on it.
   */
  fingerprint?: string;
}

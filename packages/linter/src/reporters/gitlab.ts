import { createHash } from "node:crypto";
import { displayPath } from "./paths.js";
import type { Severity } from "../finding.js";
import type { Reporter } from "./types.js";
import { escapeJsonControls } from "../safe-text.js";

const SEVERITY: Record<Severity, string> = { error: "critical", warning: "major", info: "info" };

/**
 * GitLab Code Quality (a subset of the Code Climate spec). The fingerprint follows the finding's
 * statement or option rather than its line, so the merge request widget does not report a moved
 * finding as fixed and new; identical findings in one file are told apart by their order.
 */
export const gitlabReporter: Reporter = (report) => {
  const seen = new Map<string, number>();
  const issues = report.findings.map((f) => {
    const path = displayPath(report.cwd, f.file);
    const identity = `${f.rule}\0${path}\0${f.fingerprint ?? `${f.range.start.line}\0${f.message}`}`;
    const occurrence = (seen.get(identity) ?? 0) + 1;
    seen.set(identity, occurrence);
    return {
      type: "issue",
      check_name: f.rule,
      description: f.impact ? `${f.message} (impact: ${f.impact.summary})` : f.message,
      categories: ["Bug Risk"],
      severity: SEVERITY[f.severity],
      fingerprint: createHash("sha256").update(`${identity}\0${occurrence}`).digest("hex"),
      location: { path, lines: { begin: f.range.start.line, end: f.range.end.line } },
    };
  });
  return escapeJsonControls(JSON.stringify(issues, null, 2)) + "\n";
};

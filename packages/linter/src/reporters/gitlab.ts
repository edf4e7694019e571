import { createHash } from "node:crypto";
import { displayPath } from "./paths.js";
import type { Severity } from "../finding.js";
import type { Reporter } from "./types.js";

const SEVERITY: Record<Severity, string> = { error: "critical", warning: "major", info: "info" };

/** GitLab Code Quality (a subset of the Code Climate spec). */
export const gitlabReporter: Reporter = (report) => {
  const issues = report.findings.map((f) => {
    const path = displayPath(report.cwd, f.file);
    return {
      type: "issue",
      check_name: f.rule,
      description: f.impact ? `${f.message} (impact: ${f.impact.summary})` : f.message,
      categories: ["Bug Risk"],
      severity: SEVERITY[f.severity],
      fingerprint: createHash("sha256")
        .update(`${f.rule}\0${path}\0${f.range.start.line}\0${f.message}`)
        .digest("hex"),
      location: { path, lines: { begin: f.range.start.line, end: f.range.end.line } },
    };
  });
  return JSON.stringify(issues, null, 2) + "\n";
};

import { displayPath } from "./paths.js";
import type { Severity } from "../finding.js";
import type { Reporter } from "./types.js";
import { escapeControls } from "../safe-text.js";

const LEVEL: Record<Severity, string> = { error: "error", warning: "warning", info: "notice" };

/**
 * Workflow commands escape %, CR and LF in data, and also : and , in properties. Other control
 * characters (ESC sequences for the log viewer) are shown as escapes.
 */
function escapeData(s: string): string {
  return s
    .split("\n")
    .map((line) => escapeControls(line.replace(/%/g, "%25")))
    .join("%0A");
}

function escapeProperty(s: string): string {
  return escapeData(s).replace(/:/g, "%3A").replace(/,/g, "%2C");
}

export const githubReporter: Reporter = (report) => {
  const out: string[] = [];
  for (const f of report.findings) {
    const file = displayPath(report.cwd, f.file);
    const props = [
      `file=${escapeProperty(file)}`,
      `line=${f.range.start.line}`,
      `col=${f.range.start.column}`,
      `endLine=${f.range.end.line}`,
      `endColumn=${f.range.end.column}`,
      `title=${escapeProperty(`innolint ${f.rule}`)}`,
    ];
    // Each part on its own line of the annotation; a newline inside a part came from the input.
    const body = [f.message, ...(f.impact ? [`impact: ${f.impact.summary}`] : []), ...(f.notes ?? [])].map(escapeControls).join("\n");
    out.push(`::${LEVEL[f.severity]} ${props.join(",")}::${escapeData(body)}`);
  }
  for (const e of report.errors) {
    const file = displayPath(report.cwd, e.file);
    out.push(`::error file=${escapeProperty(file)}${e.line ? `,line=${e.line}` : ""},title=innolint input error::${escapeData(e.message)}`);
  }
  return out.length ? out.join("\n") + "\n" : "";
};

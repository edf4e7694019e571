import { relative, sep } from "node:path";
import { pathToFileURL } from "node:url";
import type { Range, Severity } from "../finding.js";
import { loadRuleDocs, ruleDocsUrl } from "../knowledge.js";
import { isUri } from "./paths.js";
import type { Reporter } from "./types.js";
import { escapeJsonControls } from "../safe-text.js";

const LEVEL: Record<Severity, string> = { error: "error", warning: "warning", info: "note" };

function uri(cwd: string, file: string): { uri: string; uriBaseId?: string } {
  if (isUri(file)) return { uri: file };
  const rel = relative(cwd, file);
  if (rel && !rel.startsWith("..")) return { uri: rel.split(sep).map(encodeURIComponent).join("/"), uriBaseId: "%SRCROOT%" };
  return { uri: pathToFileURL(file).href };
}

function region(r: Range) {
  return { startLine: r.start.line, startColumn: r.start.column, endLine: r.end.line, endColumn: r.end.column };
}

export const sarifReporter: Reporter = (report) => {
  const docs = loadRuleDocs();
  const ids = [...new Set(report.findings.map((f) => f.rule))].sort();
  const rules = ids.map((id) => {
    const doc = docs.get(id);
    return {
      id,
      name: id,
      shortDescription: { text: doc?.title ?? id },
      fullDescription: { text: doc?.summary ?? id },
      helpUri: ruleDocsUrl(id),
      help: { text: doc ? `${doc.why}\n\nFix: ${doc.fix}` : id },
      defaultConfiguration: { level: LEVEL[doc?.severity ?? "warning"] },
    };
  });
  const results = report.findings.map((f) => ({
    ruleId: f.rule,
    ruleIndex: ids.indexOf(f.rule),
    level: LEVEL[f.severity],
    message: { text: f.impact ? `${f.message} (impact: ${f.impact.summary})` : f.message },
    locations: [{ physicalLocation: { artifactLocation: uri(report.cwd, f.file), region: region(f.range) } }],
    ...(f.fingerprint ? { partialFingerprints: { "innolintFingerprint/v1": f.fingerprint } } : {}),
    ...(f.fix?.edits.length
      ? {
          fixes: [
            {
              description: { text: `${f.fix.description} (${f.fix.safety})` },
              artifactChanges: f.fix.edits.map((e) => ({
                artifactLocation: uri(report.cwd, e.file),
                replacements: [{ deletedRegion: region(e.range), insertedContent: { text: e.newText } }],
              })),
            },
          ],
        }
      : {}),
    properties: {
      ...(f.impact ? { impact: f.impact } : {}),
      ...(f.notes ? { notes: f.notes } : {}),
      ...(f.targetAssumed ? { targetAssumed: true } : {}),
    },
  }));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "innolint", informationUri: "https://github.com/innolint/innolint", semanticVersion: "0.1.0", rules } },
        originalUriBaseIds: { "%SRCROOT%": { uri: pathToFileURL(report.cwd + sep).href } },
        invocations: [
          {
            executionSuccessful: report.errors.length === 0,
            toolExecutionNotifications: report.errors.map((e) => ({
              level: "error",
              message: { text: e.message },
              locations: [
                {
                  physicalLocation: {
                    artifactLocation: uri(report.cwd, e.file),
                    ...(e.line ? { region: { startLine: e.line } } : {}),
                  },
                },
              ],
            })),
          },
        ],
        results,
      },
    ],
  };
  return escapeJsonControls(JSON.stringify(log, null, 2)) + "\n";
};

/** Code actions: each finding's fix, suppression comments, and the rule's docs. */
import { CodeActionKind, type CodeAction, type Diagnostic, type TextEdit, type WorkspaceEdit } from "vscode-languageserver";
import type { Finding } from "../finding.js";
import { ruleDocsUrl } from "../knowledge.js";
import type { Analysis } from "./analysis.js";
import { fileUri, SOURCE, toLspRange } from "./convert.js";

export const OPEN_DOCS_COMMAND = "innolint.openRuleDocs";

function isFinding(data: unknown): data is Finding {
  return typeof data === "object" && data !== null && typeof (data as Finding).rule === "string" && typeof (data as Finding).range === "object";
}

function commentPrefix(a: Analysis): string {
  return a.kind === "sql" ? "--" : "#";
}

export function codeActions(a: Analysis, diagnostics: Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  const lines = a.text.split("\n");
  const seenFile = new Set<string>();
  const seenLine = new Set<string>();
  for (const d of diagnostics) {
    if (d.source !== SOURCE || !isFinding(d.data)) continue;
    const f = d.data;
    if (f.fix && f.fix.edits.length > 0) {
      const changes: WorkspaceEdit["changes"] = {};
      for (const e of f.fix.edits) {
        const uri = fileUri(e.file);
        (changes[uri] ??= []).push({ range: toLspRange(e.range), newText: e.newText });
      }
      out.push({
        title: `Fix (${f.fix.safety}): ${f.fix.description}`,
        kind: CodeActionKind.QuickFix,
        diagnostics: [d],
        isPreferred: f.fix.safety === "safe",
        edit: { changes },
      });
    }
    if (f.file !== a.file || f.rule === "unused-suppression") {
      out.push(docsAction(f.rule, d));
      continue;
    }
    const uri = fileUri(a.file);
    const lineIndex = f.range.start.line - 1;
    const key = `${f.rule}:${lineIndex}`;
    if (!seenLine.has(key)) {
      seenLine.add(key);
      const indent = /^[ \t]*/.exec(lines[lineIndex] ?? "")?.[0] ?? "";
      const edit: TextEdit = {
        range: { start: { line: lineIndex, character: 0 }, end: { line: lineIndex, character: 0 } },
        newText: `${indent}${commentPrefix(a)} innolint-disable-next-line ${f.rule}\n`,
      };
      out.push({ title: `Disable ${f.rule} for this line`, kind: CodeActionKind.QuickFix, diagnostics: [d], edit: { changes: { [uri]: [edit] } } });
    }
    if (!seenFile.has(f.rule)) {
      seenFile.add(f.rule);
      const edit: TextEdit = {
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        newText: `${commentPrefix(a)} innolint-disable ${f.rule}\n`,
      };
      out.push({ title: `Disable ${f.rule} for this file`, kind: CodeActionKind.QuickFix, diagnostics: [d], edit: { changes: { [uri]: [edit] } } });
    }
    out.push(docsAction(f.rule, d));
  }
  const unique = new Map<string, CodeAction>();
  for (const action of out) if (!unique.has(action.title)) unique.set(action.title, action);
  return [...unique.values()];
}

function docsAction(rule: string, d: Diagnostic): CodeAction {
  return {
    title: `Open the docs for ${rule}`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [d],
    command: { title: `Open the docs for ${rule}`, command: OPEN_DOCS_COMMAND, arguments: [rule, ruleDocsUrl(rule)] },
  };
}

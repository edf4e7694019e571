/** The three commands: each asks the server and shows its answer. No linting logic lives here. */
import * as vscode from "vscode";
import type { LanguageClient } from "vscode-languageclient/node";

interface Located {
  uri: string;
  position: { line: number; character: number };
}

function cursor(): Located | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const p = editor.selection.active;
  return { uri: editor.document.uri.toString(), position: { line: p.line, character: p.character } };
}

async function showMarkdown(markdown: string): Promise<void> {
  const doc = await vscode.workspace.openTextDocument({ language: "markdown", content: markdown });
  await vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function registerCommands(client: LanguageClient): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand("innolint.explainRule", async (id?: string) => {
      const at = cursor();
      let doc = await client.sendRequest<{ markdown: string } | null>("innolint/ruleDoc", id ? { id } : (at ?? {}));
      if (!doc) {
        const picked = await vscode.window.showInputBox({ prompt: "Rule id (innolint rules lists them)", placeHolder: "sort-buffer-oversized" });
        if (!picked) return;
        doc = await client.sendRequest<{ markdown: string } | null>("innolint/ruleDoc", { id: picked.trim() });
      }
      if (!doc) return void vscode.window.showWarningMessage("innolint: no such rule");
      await showMarkdown(doc.markdown);
    }),
    vscode.commands.registerCommand("innolint.simulateImpact", async () => {
      const at = cursor();
      if (!at) return void vscode.window.showWarningMessage("innolint: open an option file and put the cursor on a setting");
      const r = await client.sendRequest<{ svg: string; title: string; note: string; variable: string } | { error: string }>("innolint/simulate", at);
      if ("error" in r) return void vscode.window.showWarningMessage(`innolint: ${r.error}`);
      const panel = vscode.window.createWebviewPanel("innolint.simulation", `Simulate ${r.variable}`, vscode.ViewColumn.Beside, { enableScripts: false });
      panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:;">
<style>body{background:#fff;color:#222;font-family:sans-serif}svg{max-width:100%;height:auto}</style></head>
<body>${r.svg}<p>${escapeHtml(r.note)}</p></body></html>`;
    }),
    vscode.commands.registerCommand("innolint.showEffectiveConfig", async () => {
      const at = cursor();
      if (!at) return void vscode.window.showWarningMessage("innolint: open an option file first");
      const r = await client.sendRequest<{ markdown: string } | { error: string }>("innolint/effectiveConfig", { uri: at.uri });
      if ("error" in r) return void vscode.window.showWarningMessage(`innolint: ${r.error}`);
      await showMarkdown(r.markdown);
    }),
  ];
}

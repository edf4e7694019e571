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

/**
 * Read-only documents under innolint:/…: an untitled document would be "dirty" and ask to be saved
 * when closed, and a reader wants the markdown rendered, not its source.
 */
class ReadOnlyDocs implements vscode.TextDocumentContentProvider {
  static readonly scheme = "innolint";
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? "";
  }

  set(name: string, text: string): vscode.Uri {
    const uri = vscode.Uri.from({ scheme: ReadOnlyDocs.scheme, path: `/${name.replace(/[\\/]/g, "_")}.md` });
    this.texts.set(uri.path, text);
    this.changed.fire(uri);
    return uri;
  }
}

const docs = new ReadOnlyDocs();

async function showMarkdown(name: string, markdown: string): Promise<void> {
  const uri = docs.set(name, markdown);
  try {
    await vscode.commands.executeCommand("markdown.showPreviewToSide", uri);
  } catch {
    // The built-in Markdown extension is disabled: show the source, still read-only.
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: true, viewColumn: vscode.ViewColumn.Beside });
  }
}

function escapeHtml(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function registerCommands(client: LanguageClient): vscode.Disposable[] {
  return [
    vscode.workspace.registerTextDocumentContentProvider(ReadOnlyDocs.scheme, docs),
    vscode.commands.registerCommand("innolint.explainRule", async (id?: string) => {
      const at = cursor();
      let doc = await client.sendRequest<{ id: string; markdown: string } | null>("innolint/ruleDoc", id ? { id } : (at ?? {}));
      if (!doc) {
        const picked = await vscode.window.showInputBox({ prompt: "Rule id (innolint rules lists them)", placeHolder: "sort-buffer-oversized" });
        if (!picked) return;
        doc = await client.sendRequest<{ id: string; markdown: string } | null>("innolint/ruleDoc", { id: picked.trim() });
      }
      if (!doc) return void vscode.window.showWarningMessage("innolint: no such rule");
      await showMarkdown(doc.id, doc.markdown);
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
      await showMarkdown(`effective-config-${vscode.Uri.parse(at.uri).path.split("/").pop()}`, r.markdown);
    }),
  ];
}

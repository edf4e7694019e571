import * as vscode from "vscode";
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from "vscode-languageclient/node";
import { registerCommands } from "./commands";

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath("dist/server.js");
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ["--nolazy", "--inspect=6009"] } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: "file", language: "mysql-option-file" },
      { scheme: "file", language: "sql" },
      // Checked, not linted: rule ids, options and their types (the server's lsp/config-document.ts).
      { scheme: "file", pattern: "**/.innolint.json" },
    ],
    initializationOptions: { settings: vscode.workspace.getConfiguration("innolint"), trusted: vscode.workspace.isTrusted },
    synchronize: { configurationSection: "innolint" },
  };
  client = new LanguageClient("innolint", "innolint", serverOptions, clientOptions);
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => client?.sendNotification("innolint/workspaceTrust", { trusted: true })),
    ...registerCommands(client),
  );
  await client.start();
}

export function deactivate(): Promise<void> | undefined {
  return client?.stop();
}

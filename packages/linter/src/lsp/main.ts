/** `innolint lsp [--stdio | --node-ipc | --socket=N]`: the language server over a Node transport. */
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer } from "./server.js";

export async function runLanguageServer(argv: string[]): Promise<number> {
  // --config FILE: the configuration file unless the client's innolint.configPath names another.
  let configPath: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--config" && i + 1 < argv.length) configPath = argv[++i];
    else if (a.startsWith("--config=")) configPath = a.slice("--config=".length);
    else rest.push(a);
  }
  // createConnection reads the transport from process.argv; accept it after "lsp" as well.
  for (const a of rest) if (a.startsWith("--") && !process.argv.includes(a)) process.argv.push(a);
  if (!process.argv.some((a) => a === "--stdio" || a === "--node-ipc" || a.startsWith("--socket=") || a.startsWith("--pipe="))) {
    process.argv.push("--stdio");
  }
  const connection = createConnection(ProposedFeatures.all);
  // One bad document or request must not take the editor's linting down with it.
  process.on("uncaughtException", (e) => connection.console.error(`innolint: uncaught: ${e.stack ?? e}`));
  process.on("unhandledRejection", (e) => connection.console.error(`innolint: unhandled rejection: ${(e as Error)?.stack ?? e}`));
  startServer(connection, configPath ? { configPath } : {});
  return new Promise<number>((done) => connection.onExit(() => done(0)));
}

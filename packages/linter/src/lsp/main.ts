/** `innolint lsp [--stdio | --node-ipc | --socket=N]`: the language server over a Node transport. */
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { commandHelp, parseCommand, type CommandSpec } from "../args.js";
import { startServer } from "./server.js";

const LSP_SPEC: CommandSpec = {
  command: "lsp",
  usage: ["innolint lsp --stdio [--config FILE]", "innolint lsp --node-ipc | --socket=PORT | --pipe=NAME"],
  summary: "the language server, for any LSP client (Neovim, Emacs eglot, Helix, …)",
  flags: {
    stdio: { type: "boolean", help: "talk over standard input and output (the default)" },
    "node-ipc": { type: "boolean", help: "talk over Node's IPC channel" },
    socket: { type: "string", value: "port", help: "talk over a TCP socket" },
    pipe: { type: "string", value: "name", help: "talk over a named pipe" },
    clientProcessId: { type: "string", value: "pid", help: "exit when this process does (set by some clients)" },
    config: { type: "string", value: "file", help: "the configuration file unless the client's innolint.configPath names another" },
  },
  positionals: false,
  epilogue: "Settings: innolint.target, innolint.configPath, innolint.rules, innolint.host, innolint.showImpact (see the README).",
};

export async function runLanguageServer(argv: string[], io: { stdout: (s: string) => void }): Promise<number> {
  const parsed = parseCommand(LSP_SPEC, argv);
  if (parsed.help) {
    io.stdout(commandHelp(LSP_SPEC));
    return 0;
  }
  const configPath = parsed.flags.config as string | undefined;
  // createConnection reads the transport from process.argv; accept it after "lsp" as well.
  for (const a of argv) if (a.startsWith("--") && !a.startsWith("--config") && !process.argv.includes(a)) process.argv.push(a);
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

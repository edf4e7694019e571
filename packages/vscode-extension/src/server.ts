// The bundled language server: the same code as `innolint lsp`, started by the extension over IPC.
import { runLanguageServer } from "../../linter/src/lsp/main.js";

void runLanguageServer(process.argv.slice(2), { stdout: (s) => process.stdout.write(s) });

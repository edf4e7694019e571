import { setFlagsFromString } from "node:v8";
import { main, nodeIO } from "./cli.js";
import { exitOnClosedPipe } from "./pipes.js";

// A CLI run is short: tier WebAssembly up to TurboFan only after 100× V8's default budget. At the
// default, one small my.cnf makes tree-sitter's parse loop "hot", V8 starts an ~80 ms background
// compile of that 27 KB function, and the process cannot exit before it ends (Node joins its
// compiler threads on exit). Long runs still tier up; SQL throughput is JS-bound and unchanged.
// The language server keeps the default: it lives long enough to use the optimised code.
if (process.argv[2] !== "lsp") setFlagsFromString("--wasm-tiering-budget=180000000");

exitOnClosedPipe(process.stdout);
exitOnClosedPipe(process.stderr);

main(process.argv.slice(2), nodeIO()).then((code) => {
  process.exitCode = code;
});

import { main, nodeIO } from "./cli.js";

main(process.argv.slice(2), nodeIO()).then((code) => {
  process.exitCode = code;
});

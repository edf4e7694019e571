import { LiveError } from "./session.js";

/**
 * Reads a password from the terminal without echoing it: the terminal goes to raw mode, so the
 * characters never appear, and Ctrl-C (which raw mode delivers as a byte) cancels.
 */
export function promptSecret(question: string, input: NodeJS.ReadStream = process.stdin, output: NodeJS.WriteStream = process.stderr): Promise<string> {
  if (!input.isTTY) return Promise.reject(new LiveError("-p needs a terminal to prompt on: standard input is not one (set INNOLINT_PASSWORD instead)"));
  return new Promise((resolve, reject) => {
    let secret = "";
    const finish = (error?: Error) => {
      input.removeListener("data", onData);
      input.setRawMode(false);
      input.pause();
      output.write("\n");
      if (error) reject(error);
      else resolve(secret);
    };
    const onData = (chunk: Buffer | string) => {
      for (const ch of chunk.toString()) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") return finish();
        if (ch === "\u0003") return finish(new LiveError("password prompt cancelled"));
        if (ch === "\u007f" || ch === "\b") secret = secret.slice(0, -1);
        else secret += ch;
      }
    };
    output.write(question);
    input.setRawMode(true);
    input.on("data", onData);
    input.resume();
  });
}

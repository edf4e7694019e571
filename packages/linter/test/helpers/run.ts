import { writeFileSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { main, type CliIO } from "../../src/cli.js";
import { tempDir } from "./tmp.js";

export interface RunResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in-process with captured output. */
export async function run(argv: string[], opts: { cwd?: string; stdin?: Buffer | string; env?: Record<string, string> } = {}): Promise<RunResult> {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (s) => (stdout += s),
    stderr: (s) => (stderr += s),
    readStdin: () => (typeof opts.stdin === "string" ? Buffer.from(opts.stdin) : (opts.stdin ?? Buffer.alloc(0))),
    isTTY: false,
    cwd: opts.cwd ?? process.cwd(),
    env: opts.env ?? {},
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/** Writes files (path → content) under a fresh temporary directory (removed after the test file) and returns it. */
export function scratch(files: Record<string, string | Buffer>): string {
  const dir = tempDir("innolint-");
  for (const [name, content] of Object.entries(files)) {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  }
  return dir;
}

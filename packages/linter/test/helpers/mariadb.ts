/**
 * A throwaway MariaDB server for live-server tests: a fresh data directory under the system's
 * temporary directory, TCP on a free port of 127.0.0.1 and a Unix socket, the general query log
 * on (so that a test can read every statement a client sent), stopped and deleted by `stop()`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { tempDir } from "./tmp.js";

/** Why no server can be started here, or undefined when one can. */
export function mariadbUnavailable(): string | undefined {
  try {
    execFileSync("sh", ["-c", "command -v mariadbd && command -v mariadb-install-db && command -v mariadb"], { stdio: "ignore" });
    return undefined;
  } catch {
    return "mariadbd, mariadb-install-db or the mariadb client is not installed (scripts/setup.sh --oracles installs them)";
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TestServer {
  port: number;
  socket: string;
  dir: string;
  generalLog: string;
  /** Runs SQL as root over the socket with the mariadb client; returns its tab-separated output. */
  admin(sql: string): string;
  stop(): Promise<void>;
}

const asRoot = typeof process.getuid === "function" && process.getuid() === 0;

export async function startMariaDB(extraArgs: string[] = []): Promise<TestServer> {
  const dir = tempDir("innolint-mariadb-");
  const data = join(dir, "data");
  const socket = join(dir, "sock");
  const generalLog = join(dir, "general.log");
  const user = asRoot ? ["--user=root"] : [];
  execFileSync("mariadb-install-db", ["--no-defaults", ...user, `--datadir=${data}`, "--auth-root-authentication-method=normal"], {
    stdio: "ignore",
    timeout: 120_000,
  });
  const admin = (sql: string) =>
    execFileSync("mariadb", ["--no-defaults", "-uroot", "-S", socket, "-N", "-B", "-e", sql], {
      encoding: "utf8",
      timeout: 60_000,
      stdio: ["ignore", "pipe", "pipe"],
    });
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const child: ChildProcess = spawn(
      "mariadbd",
      [
        "--no-defaults",
        ...user,
        `--datadir=${data}`,
        `--socket=${socket}`,
        `--port=${port}`,
        "--bind-address=127.0.0.1",
        `--pid-file=${join(dir, "pid")}`,
        `--log-error=${join(dir, "error.log")}`,
        "--general-log=1",
        `--general-log-file=${generalLog}`,
        ...extraArgs,
      ],
      { stdio: "ignore" },
    );
    let exited = false;
    child.once("exit", () => (exited = true));
    const deadline = Date.now() + 60_000;
    while (!exited && Date.now() < deadline) {
      try {
        admin("SELECT 1");
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    if (!exited && Date.now() < deadline) {
      return {
        port,
        socket,
        dir,
        generalLog,
        admin,
        stop: async () => {
          if (child.exitCode === null) {
            const gone = new Promise((r) => child.once("exit", r));
            child.kill("SIGTERM");
            await gone;
          }
          rmSync(dir, { recursive: true, force: true });
        },
      };
    }
    child.kill("SIGKILL");
    // Another process may have taken the port between choosing and binding it: try another.
    if (attempt >= 3) throw new Error(`mariadbd did not start; see ${join(dir, "error.log")}`);
  }
}

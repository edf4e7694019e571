/**
 * The partition oracle: partitioned CREATE TABLE statements from MariaDB's own test suite, with
 * what a real MariaDB server says about each (accepted or not, and how many partitions and
 * subpartitions information_schema.PARTITIONS lists).
 *
 * The data lives in /work/main/.oracle/partition-ddl.jsonl (gitignored). When it is missing it is
 * regenerated: a fresh scratch server is started under .scratch/mariadb-partitions, the shared
 * extract_partition_ddl.py runs against it (one to two minutes), and the server is stopped.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export interface OracleRow {
  /** The mysql-test file, relative to /usr/share/mysql/mysql-test. */
  file: string;
  sql: string;
  accepted: boolean;
  table?: string;
  /** COUNT(DISTINCT partition_name); 0 when no partitioning is in effect in schema `corpus`. */
  partitions?: number;
  /** COUNT(subpartition_name): one row per subpartition. */
  subpartitions?: number;
  error?: string;
}

export const REPO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
export const ORACLE_FILE = join(REPO_ROOT, ".oracle", "partition-ddl.jsonl");
const SCRATCH_DIR = join(REPO_ROOT, ".scratch", "mariadb-partitions");
const TOOLS = process.env.INNOLINT_TOOLS ?? "/work/shared/tools";

function readRows(file: string): OracleRow[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as OracleRow);
}

/** Why the oracle cannot be regenerated here, or undefined when it can. */
export function oracleUnavailable(): string | undefined {
  for (const tool of ["mariadb-scratch.sh", "extract_partition_ddl.py"]) {
    if (!existsSync(join(TOOLS, tool))) return `missing ${join(TOOLS, tool)} (set INNOLINT_TOOLS)`;
  }
  try {
    execFileSync("sh", ["-c", "command -v mariadbd && command -v python3"], { stdio: "ignore" });
  } catch {
    return "mariadbd or python3 is not installed";
  }
  return undefined;
}

/**
 * Regenerates the oracle from a fresh scratch MariaDB server (a new data directory each time: the
 * extraction leaves tables behind outside schema `corpus`, which would change later answers).
 * Throws when that fails.
 */
export function regeneratePartitionOracle(): void {
  const script = join(TOOLS, "mariadb-scratch.sh");
  mkdirSync(dirname(ORACLE_FILE), { recursive: true });
  const socket = startFreshScratch(script);
  try {
    const partial = `${ORACLE_FILE}.partial`;
    execFileSync("python3", [join(TOOLS, "extract_partition_ddl.py"), socket, partial], {
      stdio: ["ignore", "ignore", "pipe"],
      timeout: 600_000,
    });
    renameSync(partial, ORACLE_FILE);
  } finally {
    stopScratch(script);
  }
}

/**
 * Starts a scratch server on a new data directory. mariadb-install-db can fail when another
 * bootstrap runs at the same moment (another checkout regenerating its oracle): try again.
 */
function startFreshScratch(script: string): string {
  for (let attempt = 1; ; attempt++) {
    stopScratch(script);
    rmSync(SCRATCH_DIR, { recursive: true, force: true });
    try {
      return execFileSync(script, ["start", SCRATCH_DIR], { encoding: "utf8", timeout: 120_000, stdio: ["ignore", "pipe", "pipe"] }).trim();
    } catch (error) {
      if (attempt >= 3) throw error;
      execFileSync("sleep", [String(5 * attempt)]);
    }
  }
}

/** Stops the scratch server and waits for the process to be gone. */
function stopScratch(script: string): void {
  const pidFile = join(SCRATCH_DIR, "pid");
  const pid = existsSync(pidFile) ? Number(readFileSync(pidFile, "utf8").trim()) : NaN;
  execFileSync(script, ["stop", SCRATCH_DIR], { stdio: "ignore", timeout: 30_000 });
  if (!Number.isInteger(pid) || pid <= 0) return;
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    execFileSync("sleep", ["0.2"]);
  }
}

/** The oracle rows, regenerated first when the file is missing; undefined (with why) if impossible. */
export function loadPartitionOracle(): { rows: OracleRow[] } | { unavailable: string } {
  if (!existsSync(ORACLE_FILE)) {
    const why = oracleUnavailable();
    if (why) return { unavailable: why };
    regeneratePartitionOracle();
  }
  return { rows: readRows(ORACLE_FILE) };
}

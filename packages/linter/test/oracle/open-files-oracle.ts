/**
 * What mariadbd computes for open_files_limit, max_connections, table_open_cache and
 * table_open_cache_instances when the OS grants only so many descriptors: each case's option file
 * given to `prlimit --nofile=N:N mariadbd --defaults-file=F --help --verbose`. Cached in
 * .oracle/open-files.json (gitignored) per `mariadbd --version` and case list.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { findMariadbd, mariadbdVersion, REPO_ROOT } from "./option-verdict-oracle.js";
import { tempDir } from "../helpers/tmp.js";

export interface OpenFilesCase {
  maxConnections: number;
  tableOpenCache: number;
  openFilesLimit?: number;
  /** The descriptors the OS grants (soft and hard limit). */
  nofile: number;
}

export interface OpenFilesResult extends OpenFilesCase {
  requested?: number;
  computed: { openFilesLimit: number; maxConnections: number; tableOpenCache: number; instances: number; threadPoolSize: number };
}

const CACHE = join(REPO_ROOT, ".oracle", "open-files.json");

export function openFilesUnavailable(): string | undefined {
  if (!findMariadbd()) return "mariadbd is not installed";
  try {
    execFileSync("prlimit", ["--version"], { stdio: "ignore" });
    return undefined;
  } catch {
    return "prlimit (util-linux) is not installed";
  }
}

export function openFilesOracle(cases: OpenFilesCase[]): OpenFilesResult[] {
  const bin = findMariadbd()!;
  const version = mariadbdVersion(bin);
  const key = JSON.stringify(cases);
  if (existsSync(CACHE)) {
    const cached = JSON.parse(readFileSync(CACHE, "utf8")) as { version: string; key: string; results: OpenFilesResult[] };
    if (cached.version === version && cached.key === key) return cached.results;
  }
  const dir = tempDir("innolint-open-files-");
  const results = cases.map((c, i) => {
    const file = join(dir, `${i}.cnf`);
    const lines = [`max_connections = ${c.maxConnections}`, `table_open_cache = ${c.tableOpenCache}`];
    if (c.openFilesLimit !== undefined) lines.push(`open_files_limit = ${c.openFilesLimit}`);
    writeFileSync(file, `[mysqld]\n${lines.join("\n")}\n`);
    const run = spawnSync("prlimit", [`--nofile=${c.nofile}:${c.nofile}`, bin, `--defaults-file=${file}`, `--datadir=${dir}`, "--help", "--verbose"], {
      encoding: "utf8",
      maxBuffer: 64 << 20,
    });
    if (run.status !== 0) throw new Error(`mariadbd --help --verbose under prlimit exited ${run.status}: ${run.stderr}`);
    const out = run.stdout;
    const value = (name: string) => Number(new RegExp(`^${name}\\s+(\\d+)$`, "m").exec(out)?.[1]);
    return {
      ...c,
      computed: {
        openFilesLimit: value("open-files-limit"),
        maxConnections: value("max-connections"),
        tableOpenCache: value("table-open-cache"),
        instances: value("table-open-cache-instances"),
        threadPoolSize: value("thread-pool-size"),
      },
      // "Could not increase number of max_open_files to more than N (request: M)", when it could not.
      ...(/\(request: (\d+)\)/.exec(run.stderr) ? { requested: Number(/\(request: (\d+)\)/.exec(run.stderr)![1]) } : {}),
    };
  });
  mkdirSync(dirname(CACHE), { recursive: true });
  writeFileSync(CACHE, `${JSON.stringify({ version, key, results }, null, 1)}\n`);
  return results;
}

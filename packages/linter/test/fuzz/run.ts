/**
 * One fuzz case through a front end and its rules, in-process, as the CLI and the editor run them:
 * the option-file reader with the option-file rules, and the SQL front end (whole-file and
 * streamed in small windows) with the SQL rules. A case fails on an exception escaping the
 * engine, an internal-error result, an input error without its file, a wall time over the budget,
 * or heap growth over the budget.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { lintOptionFile, lintSqlFile } from "../../src/engine.js";
import { Schema } from "../../src/sql/schema.js";
import { makeCase, type FrontEnd } from "./mutate.js";

/** Paths that exist nowhere: every read outside the text given goes through includeRoots and is refused. */
const FAKE_DIR = "/nonexistent-innolint-fuzz";

export interface Failure {
  kind: "exception" | "internal-error" | "no-file" | "slow" | "memory";
  detail: string;
}

export interface Budget {
  /** Wall milliseconds a case may take (generous: the suite shares two cores). */
  ms: number;
  /** Heap growth a case may cause, in bytes. */
  heapBytes: number;
}

export const DEFAULT_BUDGET: Budget = { ms: 10_000, heapBytes: 1.5 * 2 ** 30 };

let scratchDir: string | undefined;
function scratch(): string {
  scratchDir ??= mkdtempSync(join(tmpdir(), "innolint-fuzz-"));
  return scratchDir;
}

/** Removes the directory streamed cases are written to. */
export function cleanup(): void {
  if (scratchDir) rmSync(scratchDir, { recursive: true, force: true });
  scratchDir = undefined;
}

async function lint(front: FrontEnd, text: string, target: string, streamed: boolean): Promise<{ errors: { file?: string; message: string }[] }> {
  const options = { target, noConfig: true, impact: false, includeRoots: [FAKE_DIR] };
  if (front === "optionfile") return (await lintOptionFile(join(FAKE_DIR, "my.cnf"), { ...options, text })).outcome;
  if (!streamed) return lintSqlFile(join(FAKE_DIR, "m.sql"), { ...options, text }, { schema: new Schema() });
  // The streamed path reads the file itself: windows of 256 characters cut statements and comments.
  const file = join(scratch(), "m.sql");
  writeFileSync(file, text);
  return lintSqlFile(file, { ...options, streamAbove: 0, stream: { window: 256, cap: 1 << 20 } }, { schema: new Schema() });
}

/** Runs one text; undefined when it passes. */
export async function check(front: FrontEnd, text: string, target: string, streamed = false, budget: Budget = DEFAULT_BUDGET): Promise<Failure | undefined> {
  const heap = process.memoryUsage().heapUsed;
  const t0 = performance.now();
  let out: { errors: { file?: string; message: string }[] };
  try {
    out = await lint(front, text, target, streamed);
  } catch (e) {
    return { kind: "exception", detail: (e as Error)?.stack ?? String(e) };
  }
  const ms = performance.now() - t0;
  const internal = out.errors.find((e) => /internal error/i.test(e.message));
  if (internal) return { kind: "internal-error", detail: internal.message };
  const anonymous = out.errors.find((e) => !e.file);
  if (anonymous) return { kind: "no-file", detail: anonymous.message };
  if (ms > budget.ms) return { kind: "slow", detail: `${ms.toFixed(0)} ms` };
  const grown = process.memoryUsage().heapUsed - heap;
  if (grown > budget.heapBytes) return { kind: "memory", detail: `${(grown / 2 ** 20).toFixed(0)} MB of heap` };
  return undefined;
}

/**
 * A smaller text that fails the same way: chunks of lines, then of characters, are dropped while
 * the failure persists (at most `attempts` checks).
 */
export async function minimise(front: FrontEnd, text: string, target: string, streamed: boolean, kind: Failure["kind"], attempts = 300): Promise<string> {
  let current = text;
  let tries = 0;
  const fails = async (t: string) => {
    tries++;
    return (await check(front, t, target, streamed))?.kind === kind;
  };
  for (const unit of ["\n", ""] as const) {
    let parts = unit ? current.split(unit) : [...current];
    for (let size = Math.max(1, Math.floor(parts.length / 2)); size >= 1 && tries < attempts; size = Math.floor(size / 2)) {
      for (let i = 0; i < parts.length && tries < attempts; ) {
        const candidate = [...parts.slice(0, i), ...parts.slice(i + size)];
        if (candidate.length < parts.length && (await fails(candidate.join(unit)))) parts = candidate;
        else i += size;
      }
    }
    current = parts.join(unit);
  }
  return current;
}

export interface FuzzReport {
  cases: number;
  failures: { front: FrontEnd; seed: number; index: number; target: string; streamed: boolean; failure: Failure; minimised: string }[];
}

/** Whether case `index` also goes through the streamed path (one in eight SQL cases). */
export function streamedCase(front: FrontEnd, index: number): boolean {
  return front === "sql" && index % 8 === 7;
}

/** Runs cases [from, to) of a seed; `progress` hears of each case before it starts. */
export async function fuzz(
  front: FrontEnd,
  seed: number,
  from: number,
  to: number,
  progress?: (index: number) => void,
  budget: Budget = DEFAULT_BUDGET,
  found?: (failure: FuzzReport["failures"][number]) => void,
): Promise<FuzzReport> {
  const report: FuzzReport = { cases: 0, failures: [] };
  try {
    for (let index = from; index < to; index++) {
      progress?.(index);
      const { text, target } = makeCase(front, seed, index);
      const streamed = streamedCase(front, index);
      const failure = await check(front, text, target, streamed, budget);
      report.cases++;
      if (!failure) continue;
      const minimised = failure.kind === "slow" || failure.kind === "memory" ? text : await minimise(front, text, target, streamed, failure.kind);
      const failed = { front, seed, index, target, streamed, failure, minimised };
      report.failures.push(failed);
      found?.(failed);
    }
  } finally {
    cleanup();
  }
  return report;
}

/** A failure as one block of text: how to rerun it, what failed, and the smallest input found. */
export function describeFailure(f: FuzzReport["failures"][number]): string {
  return [
    `${f.front} case ${f.index} of seed ${f.seed} (target ${f.target}${f.streamed ? ", streamed" : ""}): ${f.failure.kind}`,
    `  rerun: FUZZ_FRONT=${f.front} FUZZ_SEED=${f.seed} FUZZ_FROM=${f.index} FUZZ_CASES=1 npx vite-node packages/linter/test/fuzz/main.ts`,
    `  ${f.failure.detail.split("\n").slice(0, 8).join("\n  ")}`,
    `  minimised input (${f.minimised.length} chars, JSON): ${JSON.stringify(f.minimised.slice(0, 2000))}`,
  ].join("\n");
}

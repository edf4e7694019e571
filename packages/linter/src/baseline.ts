import { existsSync } from "node:fs";
import { InputFileError, readBoundedText } from "./input.js";
import { dirname, join, relative, resolve, sep } from "node:path";
import { CONFIG_FILE_NAME } from "./config.js";
import type { InputError } from "./core.js";
import type { Finding } from "./finding.js";
import { unreadableReason } from "./errno.js";

export const BASELINE_FILE_NAME = ".innolint-baseline.json";
export const BASELINE_FORMAT_VERSION = 1;

/**
 * Findings accepted as they are: `count` findings of `rule` on the statement or option with this
 * fingerprint, in `file` (relative to the baseline's directory, with `/`). `line` and `message` are
 * those of the first such finding when the baseline was written, for people reading the file;
 * matching ignores them.
 */
export interface BaselineEntry {
  file: string;
  rule: string;
  fingerprint: string;
  count: number;
  line: number;
  message: string;
}

export interface Baseline {
  path: string;
  entries: BaselineEntry[];
}

/** What a run did with its baseline, for reporters. */
export interface BaselineOutcome {
  path: string;
  /** Findings the baseline accepted (not reported). */
  suppressed: number;
  /** Entries for files linted in this run that matched fewer findings than their count: fixed since. */
  stale: BaselineEntry[];
}

export class BaselineError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Where the baseline lives when no --baseline is given: beside the configuration file that governs the
 * working directory (the one --config names, else the nearest .innolint.json above it), else in the
 * working directory. `innolint baseline` writes there and lint and review read from there, so both agree.
 */
export function defaultBaselinePath(cwd: string, configPath: string | undefined, noConfig: boolean): string {
  if (configPath) return join(dirname(resolve(cwd, configPath)), BASELINE_FILE_NAME);
  if (!noConfig) {
    for (let dir = resolve(cwd); ; ) {
      if (existsSync(join(dir, CONFIG_FILE_NAME))) return join(dir, BASELINE_FILE_NAME);
      const parent = dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return join(resolve(cwd), BASELINE_FILE_NAME);
}

function baselineKey(file: string, rule: string, fingerprint: string): string {
  return `${file}\0${rule}\0${fingerprint}`;
}

function relativeFile(baselinePath: string, file: string): string {
  return relative(dirname(baselinePath), file).split(sep).join("/");
}

/** Reads and checks a baseline file; a malformed one is an input error naming the file and what is wrong. */
export function readBaseline(path: string): Baseline {
  let text: string;
  try {
    text = readBoundedText(path, "baseline");
  } catch (e) {
    if (e instanceof InputFileError) {
      if (e.code === "ENOENT") throw new BaselineError(path, "no such baseline file");
      if (e.code === "EISDIR") throw new BaselineError(path, "is a directory, not a baseline file");
      throw new BaselineError(path, e.reason);
    }
    const code = (e as NodeJS.ErrnoException).code;
    throw new BaselineError(path, unreadableReason(code));
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    const line = at ? text.slice(0, Number(at[1])).split("\n").length : undefined;
    throw new BaselineError(path, `not valid JSON${line ? ` (line ${line})` : ""}: ${(e as Error).message}`);
  }
  const doc = data as { version?: unknown; entries?: unknown };
  if (typeof doc !== "object" || doc === null || doc.version !== BASELINE_FORMAT_VERSION || !Array.isArray(doc.entries)) {
    throw new BaselineError(
      path,
      `not an innolint baseline (expected {"version": ${BASELINE_FORMAT_VERSION}, "entries": [...]}; innolint baseline writes one)`,
    );
  }
  const entries: BaselineEntry[] = [];
  doc.entries.forEach((raw: unknown, i: number) => {
    const e = raw as Partial<BaselineEntry>;
    const valid =
      typeof e === "object" &&
      e !== null &&
      typeof e.file === "string" &&
      typeof e.rule === "string" &&
      typeof e.fingerprint === "string" &&
      Number.isInteger(e.count) &&
      (e.count as number) > 0;
    if (!valid) throw new BaselineError(path, `entry ${i + 1} needs "file", "rule", "fingerprint" and a positive integer "count"`);
    entries.push({
      file: e.file as string,
      rule: e.rule as string,
      fingerprint: e.fingerprint as string,
      count: e.count as number,
      line: typeof e.line === "number" ? e.line : 0,
      message: typeof e.message === "string" ? e.message : "",
    });
  });
  return { path, entries };
}

/**
 * Drops the findings the baseline accepts. Matching is by file, rule and fingerprint, and counts:
 * an entry with count 2 accepts at most two such findings. `linted` holds the files this run read
 * (absolute): only their entries can be stale.
 */
export function applyBaseline(findings: Finding[], baseline: Baseline, linted: ReadonlySet<string>): { findings: Finding[]; outcome: BaselineOutcome } {
  const remaining = new Map<string, number>();
  for (const e of baseline.entries) {
    const key = baselineKey(e.file, e.rule, e.fingerprint);
    remaining.set(key, (remaining.get(key) ?? 0) + e.count);
  }
  const kept: Finding[] = [];
  let suppressed = 0;
  for (const f of findings) {
    const key = f.fingerprint ? baselineKey(relativeFile(baseline.path, f.file), f.rule, f.fingerprint) : undefined;
    const left = key ? (remaining.get(key) ?? 0) : 0;
    if (key && left > 0) {
      remaining.set(key, left - 1);
      suppressed++;
    } else kept.push(f);
  }
  const lintedRelative = new Set([...linted].map((f) => relativeFile(baseline.path, f)));
  const stale: BaselineEntry[] = [];
  const reported = new Set<string>();
  for (const e of baseline.entries) {
    const key = baselineKey(e.file, e.rule, e.fingerprint);
    const left = remaining.get(key) ?? 0;
    if (!lintedRelative.has(e.file) || left === 0 || reported.has(key)) continue;
    reported.add(key);
    stale.push({ ...e, count: left });
  }
  return { findings: kept, outcome: { path: baseline.path, suppressed, stale } };
}

/**
 * The baseline after a run: this run's findings for the files it linted, and the previous baseline's
 * entries for every other file (and for files that had input errors, whose findings are incomplete).
 */
export function buildBaseline(
  path: string,
  findings: Finding[],
  linted: ReadonlySet<string>,
  failed: ReadonlySet<string>,
  previous: Baseline | undefined,
): string {
  const byKey = new Map<string, BaselineEntry>();
  for (const f of findings) {
    if (!f.fingerprint || failed.has(f.file)) continue;
    const file = relativeFile(path, f.file);
    const key = baselineKey(file, f.rule, f.fingerprint);
    const entry = byKey.get(key);
    if (entry) entry.count++;
    else byKey.set(key, { file, rule: f.rule, fingerprint: f.fingerprint, count: 1, line: f.range.start.line, message: f.message });
  }
  const replaced = new Set([...linted].filter((f) => !failed.has(f)).map((f) => relativeFile(path, f)));
  for (const e of previous?.entries ?? []) {
    if (replaced.has(e.file)) continue;
    const key = baselineKey(e.file, e.rule, e.fingerprint);
    const entry = byKey.get(key);
    if (entry) entry.count += e.count;
    else byKey.set(key, { ...e });
  }
  const entries = [...byKey.values()].sort(
    (a, b) =>
      (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
      a.line - b.line ||
      (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) ||
      (a.fingerprint < b.fingerprint ? -1 : 1),
  );
  return JSON.stringify({ version: BASELINE_FORMAT_VERSION, entries }, null, 2) + "\n";
}

export function baselineInputError(e: BaselineError): InputError {
  const line = /\(line (\d+)\)/.exec(e.message);
  return { file: e.file, ...(line ? { line: Number(line[1]) } : {}), message: e.message };
}

import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readSync, renameSync, statSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";
import {
  applyBaseline,
  baselineInputError,
  BaselineError,
  buildBaseline,
  defaultBaselinePath,
  readBaseline,
  type Baseline,
  type BaselineOutcome,
} from "./baseline.js";
import { createProgress, PROGRESS_MIN_FILES } from "./progress.js";
import {
  configFor,
  lintOptionFile,
  lintSqlFile,
  readSqlText,
  resolveTarget,
  SQL_STREAM_ABOVE,
  type FileKind,
  type FileResult,
  type InputError,
  type LintOptions,
} from "./engine.js";
import type { OptionFacts } from "./optionfile/rules/facts.js";
import { extractFacts, type SqlFacts } from "./sql/facts.js";
import { streamSqlFacts } from "./sql/stream.js";
import { MigrationHistory } from "./sql/history.js";
import { startSqlPrefetch } from "./sql/pool.js";
import { Schema } from "./sql/schema.js";
import { SEVERITY_RANK, type Finding, type Severity } from "./finding.js";
import { collectFiles, kindFromContent, kindFromName, pathSelector } from "./files.js";
import { changedFiles, reviewHistory, ReviewError } from "./review/git.js";
import { loadRuleDocs, ruleDocsUrl } from "./knowledge.js";
import { printDefaultsOutput, printDefaultsStatus, readOptionFiles } from "./optionfile/model.js";
import { renderRuleDoc } from "./render.js";
import { runSimulate, SimulateUsageError } from "./simulate/command.js";
import { REPORTERS } from "./reporters/index.js";
import { assertCatalogued } from "./catalogue/index.js";
import { parseTarget, TargetError } from "./target.js";
import { loadLiveContext, parseTimeout, runLive } from "./live/command.js";
import { promptSecret } from "./live/prompt.js";
import { LiveError } from "./live/session.js";
import { append } from "./arrays.js";

export const VERSION = "0.1.0";

const HELP = `innolint ${VERSION}: lint MySQL option files and SQL migrations

Usage:
  innolint [lint] [options] <file|dir|glob|->...
  innolint print-defaults FILE GROUP...    what my_print_defaults --defaults-file=FILE prints
  innolint review --base REF [options] [paths]
                                           lint only what a change adds or modifies since the merge
                                           base of REF, in the context of everything before it
  innolint baseline [options] <file|dir|glob>...
                                           accept today's findings: write them to .innolint-baseline.json,
                                           so that later runs report only new ones
  innolint facts [--target T] FILE...      print as JSON what the rules see (statements, options)
  innolint lsp --stdio [--config FILE]     run the language server (any LSP client)
  innolint live --dsn URL | --socket PATH | --from-snapshot FILE
                                           judge a running server's configuration (live --help)
  innolint rules                           list the rules
  innolint rule <id>                       print a rule's knowledge-base entry
  innolint simulate <model> [--param v…] [--sweep p=v1,v2…] [--plot out.svg]
                                           what-if tables and charts from the InnoDB simulator
                                           (index_build, redo_commit, drop_stall, partition_dives, bp_scan)

Options:
  --target <flavor-version>   mysql-8.0.22, percona-8.0.22, mariadb-10.11, aurora-mysql-2.04.9
                              (default: the newest MySQL LTS, and findings say so)
  --format <name>             text (default), json, sarif, github, gitlab, markdown
  --fail-on <severity>        error, warning (default), info or never
  --config <path>             use this .innolint.json instead of discovering one
  --no-config                 ignore configuration files
  --stdin-filename <name>     the name to lint standard input (-) as
  --color / --no-color        force colour on or off (default: on for a TTY)
  --no-impact                 skip the simulator's impact estimates
  --context-dsn <url>         read the target, configuration, partitions and table sizes from a
                              running server (SELECT and SHOW only; password in INNOLINT_PASSWORD)
  --context-snapshot <file>   the same from a snapshot written by innolint live --snapshot
  --context-timeout <seconds> limit for connecting and for each statement (default 10)
  --baseline <file>           the baseline to read (or write); default: .innolint-baseline.json beside the
                              configuration file, else in the working directory, when it exists
  --no-baseline               report every finding, ignoring the baseline
  --no-progress               no progress bar (shown on a terminal's stderr for ${PROGRESS_MIN_FILES} files or more)
  -j, --jobs <n>              parse SQL files in n threads (this one and n-1 workers); 1: in-process.
                              Default: min(4, cores - the 1-minute load average, rounded), at least 1,
                              for runs of 2 SQL files or more and 512 KB of SQL; smaller runs in-process
  -h, --help / -v, --version

Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage or input error, 3 internal error.
`;

export class UsageError extends Error {}

type LintCommand = "lint" | "review" | "baseline";

interface LintArgs {
  paths: string[];
  target?: string;
  format: string;
  failOn: Severity | "never";
  config?: string;
  noConfig: boolean;
  stdinFilename?: string;
  color?: boolean;
  impact: boolean;
  contextDsn?: string;
  contextSnapshot?: string;
  contextTimeout?: number;
  baseline?: string;
  noBaseline: boolean;
  progress: boolean;
  /** Threads parsing SQL (sql/pool.ts); undefined lets the run decide. */
  jobs?: number;
}

function parseLintArgs(argv: string[], command: LintCommand = "lint"): LintArgs {
  const args: LintArgs = { paths: [], format: "text", failOn: "warning", noConfig: false, impact: true, noBaseline: false, progress: true };
  const value = (i: number, flag: string) => {
    const v = argv[i + 1];
    if (v === undefined) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--") {
      // Everything after is a path, even one that starts with a dash.
      args.paths.push(...argv.slice(i + 1));
      break;
    }
    const eq = a.startsWith("--") ? a.indexOf("=") : -1;
    const flag = eq > 0 ? a.slice(0, eq) : a;
    const take = () => (eq > 0 ? a.slice(eq + 1) : value(i++, flag));
    switch (flag) {
      case "--target":
        args.target = take();
        break;
      case "--format":
      case "-f":
        args.format = take();
        if (!REPORTERS[args.format]) throw new UsageError(`unknown format "${args.format}" (use ${Object.keys(REPORTERS).join(", ")})`);
        break;
      case "--fail-on": {
        const v = take();
        if (!["error", "warning", "info", "never"].includes(v)) throw new UsageError(`--fail-on takes error, warning, info or never`);
        args.failOn = v as LintArgs["failOn"];
        break;
      }
      case "--config":
      case "-c":
        args.config = take();
        break;
      case "--no-config":
        args.noConfig = true;
        break;
      case "--stdin-filename":
        args.stdinFilename = take();
        break;
      case "--color":
        args.color = true;
        break;
      case "--no-color":
        args.color = false;
        break;
      case "--no-impact":
        args.impact = false;
        break;
      case "--context-dsn":
        args.contextDsn = take();
        break;
      case "--context-snapshot":
        args.contextSnapshot = take();
        break;
      case "--context-timeout":
        args.contextTimeout = parseTimeout(take(), flag);
        break;
      case "--baseline":
        args.baseline = take();
        break;
      case "--no-baseline":
        args.noBaseline = true;
        break;
      case "--no-progress":
        args.progress = false;
        break;
      case "--jobs":
      case "-j": {
        const v = take();
        if (!/^[1-9]\d{0,2}$/.test(v)) throw new UsageError("--jobs takes a number of threads from 1 (in-process) to 999");
        args.jobs = Number(v);
        break;
      }
      default:
        if (a.startsWith("-") && a !== "-") throw new UsageError(`unknown option ${a}`);
        args.paths.push(a);
    }
  }
  if (args.paths.length === 0) throw new UsageError(`no files given (try: innolint ${command === "baseline" ? "baseline " : ""}my.cnf)`);
  if (command === "baseline" && args.noBaseline) throw new UsageError("--no-baseline contradicts innolint baseline");
  if (args.target) assertCatalogued(parseTarget(args.target));
  if (args.contextDsn && args.contextSnapshot) throw new UsageError("give either --context-dsn or --context-snapshot, not both");
  return args;
}

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => Buffer;
  isTTY: boolean;
  /** Standard error is a terminal (progress bar); its width in columns when known. */
  stderrIsTTY?: boolean;
  columns?: number;
  cwd: string;
  env: Record<string, string | undefined>;
  /** Reads a secret from the terminal without echo (innolint live -p); absent without a terminal. */
  promptSecret?: (question: string) => Promise<string>;
}

function decodeUtf8(buf: Buffer): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    return undefined;
  }
}

interface RunState {
  history: MigrationHistory;
  /** The last option file linted in this run: the server configuration SQL rules read. */
  serverConfig?: OptionFacts;
  /** Option files named by configuration files, linted once each. */
  configured: Map<string, OptionFacts | undefined>;
}

async function serverConfigFor(file: string, options: LintOptions, state: RunState): Promise<OptionFacts | undefined> {
  let optionFile: string | undefined;
  try {
    optionFile = configFor(file, options)?.optionFile;
  } catch {
    optionFile = undefined;
  }
  if (!optionFile) return state.serverConfig;
  if (!state.configured.has(optionFile)) {
    const { text: _unsaved, ...onDisk } = options;
    const lint = await lintOptionFile(optionFile, { ...onDisk, impact: false });
    state.configured.set(optionFile, lint.facts);
  }
  return state.configured.get(optionFile);
}

async function lintOne(
  file: string,
  kind: FileKind | undefined,
  options: LintOptions,
  state: RunState,
): Promise<{ result?: FileResult; errors: InputError[]; sources: Map<string, string> }> {
  const sources = new Map<string, string>();
  let resolvedKind = kind;
  if (!resolvedKind) {
    const sample = options.text ?? (() => {
      try {
        // The first 64 KB decide; a dump may be far larger than memory should hold.
        const fd = openSync(file, "r");
        try {
          const head = Buffer.alloc(65536);
          return head.subarray(0, readSync(fd, head, 0, head.length, 0)).toString("utf8");
        } finally {
          closeSync(fd);
        }
      } catch {
        return "";
      }
    })();
    resolvedKind = kindFromContent(sample);
  }
  if (resolvedKind === "sql") {
    let target;
    try {
      target = resolveTarget(undefined, options, configFor(file, options));
    } catch {
      target = undefined;
    }
    const schema = target ? await state.history.schemaBefore(file, target) : new Schema();
    const serverConfig = await serverConfigFor(file, options, state);
    const out = await lintSqlFile(file, options, {
      schema,
      parse: (f, text, t) => state.history.facts(f, text, t),
      ...(serverConfig ? { serverConfig } : {}),
    });
    if (out.text !== undefined) sources.set(file, out.text);
    return { ...(out.result ? { result: out.result } : {}), errors: out.errors, sources };
  }
  const lint = await lintOptionFile(file, options);
  if (lint.facts) state.serverConfig = lint.facts;
  for (const f of lint.set.files) sources.set(f.path, f.text);
  return { ...lint.outcome, sources };
}

/** What `innolint review` adds to a lint run: the change's files, and a title for the report. */
interface ReviewRun {
  changedFiles: Set<string>;
  title: string;
  /** Unchanged option files in scope: linted first for the server's configuration, reporting nothing. */
  contextFiles: string[];
  /** The migrations as the server ran them: modified and deleted files in their merge-base version. */
  history: MigrationHistory;
}

interface LintJob {
  file: string;
  kind: FileKind | undefined;
  options: LintOptions;
  /** Read for context only (an unchanged option file in a review): nothing reported. */
  contextOnly?: true;
}

/** What a run found, before the baseline and the reporter. */
interface RunOutcome {
  findings: Finding[];
  errors: InputError[];
  sources: Map<string, string>;
  targets: Map<string, string>;
  /** Every file read for a reported result (includes too). */
  linted: Set<string>;
  /** Files with input errors: their findings may be incomplete. */
  failed: Set<string>;
}

async function baseOptions(args: LintArgs, io: CliIO, review?: ReviewRun): Promise<LintOptions> {
  const base: LintOptions = { noConfig: args.noConfig, cwd: io.cwd, impact: args.impact };
  if (args.target) base.target = args.target;
  if (args.config) base.configPath = resolve(io.cwd, args.config);
  if (review) base.changedFiles = review.changedFiles;
  if (args.contextDsn || args.contextSnapshot) {
    base.live = await loadLiveContext(
      {
        ...(args.contextDsn ? { dsn: args.contextDsn } : {}),
        ...(args.contextSnapshot ? { snapshot: args.contextSnapshot } : {}),
        ...(args.contextTimeout ? { timeoutSeconds: args.contextTimeout } : {}),
      },
      io,
    );
  }
  return base;
}

/** The files named on the command line (and standard input) as jobs. */
function commandLineJobs(args: LintArgs, io: CliIO, base: LintOptions, errors: InputError[]): LintJob[] {
  const jobs: LintJob[] = [];
  const diskPaths = args.paths.filter((p) => p !== "-");
  if (args.paths.includes("-")) {
    const name = resolve(io.cwd, args.stdinFilename ?? "stdin");
    const buf = io.readStdin();
    const text = decodeUtf8(buf);
    if (text === undefined) errors.push({ file: name, message: "standard input is not valid UTF-8" });
    else jobs.push({ file: name, kind: kindFromName(name), options: { ...base, text } });
  }
  const collected = collectFiles(diskPaths, io.cwd);
  append(errors, collected.errors);
  for (const file of collected.files) jobs.push({ file, kind: kindFromName(file), options: base });
  return jobs;
}

function diskHistory(): MigrationHistory {
  return new MigrationHistory((path) => readSqlText(path, {}).text);
}

/** Lints the jobs, option files first so that SQL in the same run sees the server's configuration. */
async function lintJobs(jobs: LintJob[], history: MigrationHistory, args: LintArgs, io: CliIO, errors: InputError[]): Promise<RunOutcome> {
  const outcome: RunOutcome = { findings: [], errors, sources: new Map(), targets: new Map(), linted: new Set(), failed: new Set() };
  const state: RunState = { history, configured: new Map() };
  const seen = new Set<string>();
  const ordered = [...jobs].sort((a, b) => Number((a.kind ?? "sql") === "sql") - Number((b.kind ?? "sql") === "sql"));
  const prefetch = startSqlPrefetch(ordered, history, args.jobs, io.env);
  if (prefetch) history.usePrefetched((path, target) => prefetch.take(path, target));
  const progress = createProgress({
    total: ordered.length,
    enabled: args.progress && Boolean(io.stderrIsTTY) && ordered.length >= PROGRESS_MIN_FILES && io.env.TERM !== "dumb",
    write: io.stderr,
    ...(io.columns ? { columns: io.columns } : {}),
  });
  try {
    for (const job of ordered) {
      let out: Awaited<ReturnType<typeof lintOne>>;
      try {
        out = await lintOne(job.file, job.kind, job.options, state);
      } catch (e) {
        // One file's failure must not cost the others their findings.
        if (!job.contextOnly) {
          outcome.errors.push({ file: job.file, message: `internal error while linting this file: ${(e as Error).message}` });
          outcome.failed.add(job.file);
        }
        continue;
      } finally {
        progress.tick();
      }
      if (job.contextOnly) continue;
      append(outcome.errors, out.errors);
      for (const e of out.errors) outcome.failed.add(e.file);
      for (const [k, v] of out.sources) outcome.sources.set(k, v);
      if (!out.result) continue;
      outcome.targets.set(out.result.file, out.result.target.label);
      for (const f of out.result.files) outcome.linted.add(f);
      for (const f of out.result.findings) {
        const key = `${f.rule}\0${f.file}\0${f.range.start.line}:${f.range.start.column}\0${f.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        outcome.findings.push(f);
      }
    }
  } finally {
    progress.done();
    prefetch?.close();
  }
  outcome.errors.splice(0, outcome.errors.length, ...new Map(outcome.errors.map((e) => [`${e.file}\0${e.line}\0${e.message}`, e])).values());
  return outcome;
}

function baselinePath(args: LintArgs, io: CliIO): string {
  return args.baseline ? resolve(io.cwd, args.baseline) : defaultBaselinePath(io.cwd, args.config, args.noConfig);
}

/** The baseline a run reads: --baseline, else the default file when it exists; none with --no-baseline. */
function baselineFor(args: LintArgs, io: CliIO, errors: InputError[]): Baseline | undefined {
  if (args.noBaseline) return undefined;
  const path = baselinePath(args, io);
  if (!args.baseline && !existsSync(path)) return undefined;
  try {
    return readBaseline(path);
  } catch (e) {
    if (!(e instanceof BaselineError)) throw e;
    errors.push(baselineInputError(e));
    return undefined;
  }
}

/** Applies the baseline, prints the report and returns the exit code. */
function reportRun(outcome: RunOutcome, args: LintArgs, io: CliIO, review?: ReviewRun): number {
  const baseline = baselineFor(args, io, outcome.errors);
  let findings = outcome.findings;
  let baselineOutcome: BaselineOutcome | undefined;
  // A file with input errors may have lost findings: its entries are not called stale.
  const complete = new Set([...outcome.linted].filter((f) => !outcome.failed.has(f)));
  if (baseline) ({ findings, outcome: baselineOutcome } = applyBaseline(findings, baseline, complete));
  const errors = outcome.errors;
  const color = args.color ?? (io.isTTY && !io.env.NO_COLOR && io.env.TERM !== "dumb");
  const reporter = REPORTERS[args.format] as (typeof REPORTERS)[string];
  const extra = review ? { title: review.title, filesReviewed: review.changedFiles.size } : {};
  io.stdout(
    reporter(
      { findings, errors, sources: outcome.sources, cwd: io.cwd, targets: outcome.targets, ...extra, ...(baselineOutcome ? { baseline: baselineOutcome } : {}) },
      { color: Boolean(color) },
    ),
  );
  if (errors.length > 0) {
    if (args.format !== "text") for (const e of errors) io.stderr(`innolint: ${e.file}${e.line ? `:${e.line}` : ""}: ${e.message}\n`);
    return 2;
  }
  if (args.failOn === "never") return 0;
  const threshold = SEVERITY_RANK[args.failOn];
  return findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? 1 : 0;
}

export async function runLint(argv: string[], io: CliIO, review?: ReviewRun): Promise<number> {
  const args = parseLintArgs(argv, review ? "review" : "lint");
  const base = await baseOptions(args, io, review);
  const errors: InputError[] = [];
  const jobs: LintJob[] = (review?.contextFiles ?? []).map((file) => ({ file, kind: "option-file", options: base, contextOnly: true }));
  jobs.push(...commandLineJobs(args, io, base, errors));
  const outcome = await lintJobs(jobs, review?.history ?? diskHistory(), args, io, errors);
  return reportRun(outcome, args, io, review);
}

/**
 * `innolint baseline`: lints like `lint` and writes every finding to the baseline file. Entries for
 * files this run did not lint (or could not lint completely) are kept from the previous baseline.
 */
async function runBaseline(argv: string[], io: CliIO): Promise<number> {
  const args = parseLintArgs(argv, "baseline");
  if (args.paths.includes("-")) throw new UsageError("innolint baseline reads files, not standard input: a baseline names files");
  const path = baselinePath(args, io);
  let previous: Baseline | undefined;
  if (existsSync(path)) {
    try {
      previous = readBaseline(path);
    } catch (e) {
      if (!(e instanceof BaselineError)) throw e;
      io.stderr(`innolint: ${e.file}: ${e.message}; not overwritten\n`);
      return 2;
    }
  }
  const base = await baseOptions(args, io);
  const errors: InputError[] = [];
  const outcome = await lintJobs(commandLineJobs(args, io, base, errors), diskHistory(), args, io, errors);
  for (const e of outcome.errors) outcome.failed.add(e.file);
  const text = buildBaseline(path, outcome.findings, outcome.linted, outcome.failed, previous);
  // Written beside and renamed into place: an interrupted run leaves the old baseline, not half a file.
  const temp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temp, text);
    renameSync(temp, path);
  } catch (e) {
    io.stderr(`innolint: ${path}: cannot write the baseline (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
    return 2;
  }
  const entries = (JSON.parse(text) as { entries: { count: number }[] }).entries;
  const total = entries.reduce((n, e) => n + e.count, 0);
  const shown = relative(io.cwd, path) || path;
  io.stdout(
    `wrote ${shown}: ${total} finding${total === 1 ? "" : "s"} in ${entries.length} entr${entries.length === 1 ? "y" : "ies"} (${outcome.findings.length} from the ${outcome.linted.size} file${outcome.linted.size === 1 ? "" : "s"} linted now)\n`,
  );
  for (const e of outcome.errors) io.stderr(`innolint: ${e.file}${e.line ? `:${e.line}` : ""}: ${e.message}\n`);
  if (outcome.errors.length) {
    io.stderr(`innolint: the files above had input errors; their previous baseline entries were kept\n`);
    return 2;
  }
  return 0;
}

async function runPrintDefaults(argv: string[], io: CliIO): Promise<number> {
  const [file, ...groups] = argv;
  if (!file || groups.length === 0) throw new UsageError("usage: innolint print-defaults FILE GROUP...");
  const set = await readOptionFiles(resolve(io.cwd, file), { cwd: io.cwd });
  for (const e of set.errors) io.stderr(`innolint: ${e.file}${e.line ? `:${e.line}` : ""}: ${e.message}\n`);
  io.stdout(printDefaultsOutput(set, groups));
  return printDefaultsStatus(set);
}

/**
 * `innolint review --base REF`: the files the change touches, linted with the migration history and
 * option files of the working tree around them. Other files give context and report nothing.
 */
async function runReview(argv: string[], io: CliIO): Promise<number> {
  let base: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--base") base = argv[++i];
    else if (a.startsWith("--base=")) base = a.slice(7);
    else rest.push(a);
  }
  if (!base) throw new UsageError("usage: innolint review --base <git ref> [lint options] [paths]");
  // Parsed as lint would parse them, with a stand-in path so that none given is no error.
  const args = parseLintArgs([...rest, "--", "."]);
  const given = args.paths.slice(0, -1);
  if (given.includes("-")) throw new UsageError("innolint review reads the change from git, not standard input");
  let change;
  try {
    change = changedFiles(io.cwd, base);
  } catch (e) {
    if (!(e instanceof ReviewError)) throw e;
    io.stderr(`innolint: review: ${e.message}\n`);
    return 2;
  }
  const scope = given.length ? given : ["."];
  const inScope = pathSelector(scope, io.cwd);
  const files = change.files.filter((f) => inScope(f) && kindFromName(f) !== undefined && existsSync(f));
  const options = [...rest];
  for (const p of given) options.splice(options.lastIndexOf(p), 1);
  const title = `innolint review: ${files.length} changed ${files.length === 1 ? "file" : "files"} since ${base} (${change.mergeBase.slice(0, 12)})`;
  const changed = new Set(files);
  const deleted = new Set(change.changes.filter((c) => c.status === "deleted").map((c) => c.path));
  const scanned = collectFiles(scope, io.cwd);
  // A path that names nothing is a typo, unless the change deleted it; an empty folder or glob is no change.
  const missing = scanned.errors.filter((e) => e.message === "no such file or directory" && !deleted.has(e.file));
  if (missing.length) {
    for (const e of missing) io.stderr(`innolint: ${e.file}: ${e.message}\n`);
    return 2;
  }
  const contextFiles = scanned.files.filter((f) => kindFromName(f) === "option-file" && !changed.has(f));
  const review = { changedFiles: changed, title, contextFiles, history: reviewHistory(change) };
  if (files.length === 0) {
    const reporter = REPORTERS[args.format] as (typeof REPORTERS)[string];
    io.stdout(reporter({ findings: [], errors: [], sources: new Map(), cwd: io.cwd, targets: new Map(), title, filesReviewed: 0 }, { color: false }));
    return 0;
  }
  return runLint([...options, "--", ...files], io, review);
}

/** `innolint facts`: what the rules see, as JSON, for debugging findings. */
async function runFacts(argv: string[], io: CliIO): Promise<number> {
  let target: string | undefined;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--target") target = argv[++i];
    else if (a.startsWith("--target=")) target = a.slice(9);
    else if (a.startsWith("-")) throw new UsageError(`unknown option ${a}`);
    else paths.push(a);
  }
  if (paths.length === 0) throw new UsageError("usage: innolint facts [--target T] FILE...");
  const options: LintOptions = { cwd: io.cwd, impact: false, ...(target ? { target } : {}) };
  const collected = collectFiles(paths, io.cwd);
  const errors: InputError[] = [...collected.errors];
  // Written as it goes, so that a dump's facts never sit in memory whole.
  const pretty = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, "\n" + "  ".repeat(depth));
  let files = 0;
  const openFile = () => io.stdout(files++ === 0 ? "\n    " : ",\n    ");
  io.stdout('{\n  "files": [');
  for (const file of collected.files) {
    const kind = kindFromName(file) ?? kindFromContent(readSqlText(file, {}).text ?? "");
    if (kind === "sql") {
      const t = resolveTarget(undefined, options, configFor(file, options));
      if (statSync(file).size > SQL_STREAM_ABOVE) {
        const found: SqlFacts["errors"] = [];
        let statements = 0;
        openFile();
        io.stdout(`${pretty({ file, kind, target: t.label }, 2).slice(0, -2)},\n      "statements": [`);
        const result = await streamSqlFacts(file, t, (sql) => {
          for (const { text: _text, ...rest } of sql.statements) io.stdout(`${statements++ === 0 ? "" : ","}\n        ${pretty(rest, 4)}`);
          append(found, sql.errors);
        });
        if (result.unreset) found.push(result.unreset);
        if (result.error) errors.push({ file, ...result.error });
        io.stdout(`${statements ? "\n      " : ""}],\n      "errors": ${pretty(found, 3)}\n    }`);
        continue;
      }
      const read = readSqlText(file, {});
      if (read.error) {
        errors.push(read.error);
        continue;
      }
      const facts = await extractFacts(file, read.text as string, t);
      openFile();
      io.stdout(pretty({ file, kind, target: t.label, statements: facts.statements.map(({ text: _text, ...rest }) => rest), errors: facts.errors }, 2));
    } else {
      const lint = await lintOptionFile(file, options);
      append(errors, lint.outcome.errors);
      openFile();
      io.stdout(
        pretty(
          {
            file,
            kind,
            target: lint.facts?.target.label,
            options: (lint.facts?.options ?? []).map((o) => ({
              file: o.entry.file,
              line: o.entry.line,
              group: o.entry.group,
              name: o.entry.rawName,
              variable: o.variable,
              value: o.entry.value,
              status: o.lookup.status,
              serverGroup: o.serverGroup,
              ...(o.effectiveNumber !== undefined ? { effective: o.effectiveNumber } : {}),
            })),
          },
          2,
        ),
      );
    }
  }
  io.stdout(`${files ? "\n  " : ""}],\n  "errors": ${pretty(errors, 1)}\n}\n`);
  return errors.length ? 2 : 0;
}

function runRules(io: CliIO): number {
  const docs = [...loadRuleDocs().values()];
  const width = Math.max(...docs.map((d) => d.id.length));
  for (const d of docs) io.stdout(`${d.id.padEnd(width)}  ${d.severity.padEnd(7)}  ${d.language.padEnd(11)}  ${d.title}\n`);
  return 0;
}

function runRule(argv: string[], io: CliIO): number {
  const id = argv[0];
  if (!id) throw new UsageError("usage: innolint rule <id>");
  const doc = loadRuleDocs().get(id);
  if (!doc) throw new UsageError(`no rule "${id}" (innolint rules lists them)`);
  io.stdout(renderRuleDoc(doc));
  return 0;
}

export async function main(argv: string[], io: CliIO): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case undefined:
      case "-h":
      case "--help":
      case "help":
        io.stdout(HELP);
        return command === undefined ? 2 : 0;
      case "-v":
      case "--version":
        io.stdout(`${VERSION}\n`);
        return 0;
      case "lint":
        return await runLint(rest, io);
      case "print-defaults":
        return await runPrintDefaults(rest, io);
      case "rules":
        return runRules(io);
      case "facts":
        return await runFacts(rest, io);
      case "rule":
        return runRule(rest, io);
      case "simulate":
        return await runSimulate(rest, io);
      case "lsp":
        return await (await import("./lsp/main.js")).runLanguageServer(rest);
      case "live":
        return await runLive(rest, io);
      case "review":
        return await runReview(rest, io);
      case "baseline":
        return await runBaseline(rest, io);
      default:
        return await runLint(argv, io);
    }
  } catch (e) {
    if (e instanceof UsageError || e instanceof TargetError || e instanceof SimulateUsageError || e instanceof LiveError) {
      io.stderr(`innolint: ${e.message}\n`);
      return 2;
    }
    io.stderr(`innolint: internal error: ${(e as Error).stack ?? e}\nPlease report this with the input that caused it.\n`);
    return 3;
  }
}

export function nodeIO(): CliIO {
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    readStdin: () => readFileSync(0),
    isTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    ...(process.stderr.columns ? { columns: process.stderr.columns } : {}),
    cwd: process.cwd(),
    env: process.env,
    ...(process.stdin.isTTY ? { promptSecret: (question: string) => promptSecret(question) } : {}),
  };
}

export { ruleDocsUrl };

import { existsSync, mkdirSync, renameSync, statSync, writeFileSync } from "node:fs";
import { errorLine, escapeJsonControls, messageLine } from "./safe-text.js";
import { errorExitCode, internalErrorText } from "./internal.js";
import { readStdinBounded, stdinText } from "./input.js";
import { dirname, relative, resolve } from "node:path";
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
import { commandHelp, parseCommand, UsageError, type CommandSpec, type FlagSpec, type Parsed } from "./args.js";
import { createProgress, PROGRESS_MIN_FILES } from "./progress.js";
import { REPORT_FLAGS, reportArgsOf, type ReportArgs } from "./report-args.js";
import type { InputError, LintOptions } from "./core.js";
import { configFor, resolveTarget } from "./context.js";
import { readSqlText } from "./sql/read.js";
import { SQL_STREAM_ABOVE } from "./sql/stream.js";
import { lintOptionFile } from "./engine.js";
import { extractFacts } from "./sql/facts.js";
import type { SqlFacts } from "./sql/types.js";
import { streamSqlFacts } from "./sql/stream.js";
import type { MigrationHistory } from "./sql/history.js";
import { diskHistory, kindOfContent, Project, type LintJob, type RunOutcome } from "./lint/project.js";
import { SEVERITY_RANK } from "./finding.js";
import { collectFiles, kindFromName, pathSelector } from "./files.js";
import { changedFiles, reviewHistory, ReviewError } from "./review/git.js";
import { loadRuleDocs, ruleDocsUrl } from "./knowledge.js";
import { printDefaultsFile, printDefaultsStatus } from "./optionfile/model.js";
import { renderRuleDoc } from "./render.js";
import { runSimulate, SimulateUsageError } from "./simulate/command.js";
import { REPORTERS } from "./reporters/index.js";
import { assertCatalogued } from "./catalogue/index.js";
import { parseTarget, TargetError } from "./target.js";
import { upgradeTarget } from "./upgrade.js";
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

Every command prints its options with --help (innolint lint --help, innolint review --help, …).
  -h, --help / -v, --version

Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage or input error, 3 internal error,
141 standard output closed by its reader (as for a tool killed by SIGPIPE).
`;

export { UsageError };

/** Options every lint-like command (lint, review, baseline) takes. */
const {
  target,
  format,
  "fail-on": failOn,
  config,
  "no-config": noConfig,
  color,
  "no-color": noColor,
  "no-impact": noImpact,
  "host-memory": hostMemory,
  "host-cpus": hostCpus,
  "host-storage": hostStorage,
} = REPORT_FLAGS;
const LINT_FLAGS: Record<string, FlagSpec> = {
  target,
  format,
  "fail-on": failOn,
  config,
  "no-config": noConfig,
  "stdin-filename": { type: "string", value: "name", help: "the name to lint standard input (-) as" },
  color,
  "no-color": noColor,
  "no-impact": noImpact,
  "host-memory": hostMemory,
  "host-cpus": hostCpus,
  "host-storage": hostStorage,
  "upgrade-to": {
    type: "string",
    value: "flavor-version",
    help: "also judge option files for this later server (mysql-8.4.3 after --target\nmysql-8.0.36): what stops it, what it reads differently, and the defaults\nthat change under an unchanged file",
  },
  "follow-includes": {
    type: "boolean",
    help: "read !include/!includedir paths outside the project too (default: reported,\nnot read, so that findings do not depend on the machine that lints)",
  },
  "context-dsn": {
    type: "string",
    value: "url",
    help: "read the target, configuration, partitions and table sizes from a\nrunning server (SELECT and SHOW only; password in INNOLINT_PASSWORD)",
  },
  "context-snapshot": { type: "string", value: "file", help: "the same from a snapshot written by innolint live --snapshot" },
  "context-timeout": { type: "string", value: "seconds", help: "limit for connecting and for each statement (default 10)" },
  baseline: {
    type: "string",
    value: "file",
    help: "the baseline to read (or write); default: .innolint-baseline.json beside the\nconfiguration file, else in the working directory, when it exists",
  },
  "no-baseline": { type: "boolean", help: "report every finding, ignoring the baseline" },
  "no-progress": { type: "boolean", help: `no progress bar (shown on a terminal's stderr for ${PROGRESS_MIN_FILES} files or more)` },
  jobs: {
    type: "string",
    short: "j",
    value: "n",
    help: "parse SQL files in n threads (this one and n-1 workers); 1: in-process.\nDefault: min(4, cores - the 1-minute load average, rounded), at least 1,\nfor runs of 2 SQL files or more and 512 KB of SQL; smaller runs in-process",
  },
};

const EXIT_CODES = "Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage, input or configuration error, 3 internal error.";

const LINT_SPEC: CommandSpec = {
  command: "lint",
  usage: ["innolint [lint] [options] <file|dir|glob|->..."],
  summary: "lint MySQL option files and SQL migrations",
  flags: LINT_FLAGS,
  positionals: true,
  epilogue: `Directories are searched for *.cnf and *.sql; SQL files in a directory are migrations, each linted
against the schema the files before it build. - reads standard input.

${EXIT_CODES}`,
};

const REVIEW_SPEC: CommandSpec = {
  command: "review",
  usage: ["innolint review --base <git ref> [options] [paths]"],
  summary: "lint only what a change adds or modifies since the merge base of REF, in the context of everything before it",
  flags: { base: { type: "string", value: "git ref", help: "the branch or commit the change is compared with (required)" }, ...LINT_FLAGS },
  positionals: true,
  epilogue: EXIT_CODES,
};

const BASELINE_SPEC: CommandSpec = {
  command: "baseline",
  usage: ["innolint baseline [options] <file|dir|glob>..."],
  summary: "accept today's findings: write them to .innolint-baseline.json, so that later runs report only new ones",
  flags: LINT_FLAGS,
  positionals: true,
  epilogue: "Exit codes: 0 written, 2 usage or input error (the entries of files with input errors are kept), 3 internal error.",
};

const FACTS_SPEC: CommandSpec = {
  command: "facts",
  usage: ["innolint facts [--target T] FILE..."],
  summary: "print as JSON what the rules see: statements, partitioning, SET, WHERE columns, option lines",
  flags: { target: LINT_FLAGS.target as FlagSpec },
  positionals: true,
  epilogue: "Exit codes: 0 printed, 2 usage or input error, 3 internal error.",
};

const PRINT_DEFAULTS_SPEC: CommandSpec = {
  command: "print-defaults",
  usage: ["innolint print-defaults FILE GROUP..."],
  summary: "print what my_print_defaults --defaults-file=FILE GROUP... prints",
  flags: {},
  positionals: true,
  epilogue: "Exit codes as my_print_defaults: 0 printed, 2 a file could not be read or parsed.",
};

const RULES_SPEC: CommandSpec = {
  command: "rules",
  usage: ["innolint rules"],
  summary: "list the rules: id, severity, language, title",
  flags: {},
  positionals: false,
};

const RULE_SPEC: CommandSpec = {
  command: "rule",
  usage: ["innolint rule <id>"],
  summary: "print a rule's knowledge-base entry, with its evidence",
  flags: {},
  positionals: true,
};

type LintCommand = "lint" | "review" | "baseline";

interface LintArgs extends ReportArgs {
  paths: string[];
  followIncludes: boolean;
  stdinFilename?: string;
  color?: boolean;
  contextDsn?: string;
  contextSnapshot?: string;
  contextTimeout?: number;
  baseline?: string;
  /** --upgrade-to: the later server option files are also judged for. */
  upgradeTo?: string;
  noBaseline: boolean;
  progress: boolean;
  /** Threads parsing SQL (sql/pool.ts); undefined lets the run decide. */
  jobs?: number;
}

/** The lint options of `parsed` (lint, review and baseline share them). */
function lintArgsOf(parsed: Parsed): LintArgs {
  const f = parsed.flags;
  const str = (name: string) => f[name] as string | undefined;
  const args: LintArgs = {
    ...reportArgsOf(f),
    paths: parsed.positionals,
    followIncludes: f["follow-includes"] === true,
    noBaseline: f["no-baseline"] === true,
    progress: f["no-progress"] !== true,
  };
  const stdin = str("stdin-filename");
  if (stdin !== undefined) args.stdinFilename = stdin;
  const upgradeTo = str("upgrade-to");
  if (upgradeTo !== undefined) args.upgradeTo = upgradeTo;
  if (f.color === true && f["no-color"] === true) throw new UsageError("give --color or --no-color, not both");
  if (f.color === true) args.color = true;
  if (f["no-color"] === true) args.color = false;
  const dsn = str("context-dsn");
  if (dsn !== undefined) args.contextDsn = dsn;
  const snapshot = str("context-snapshot");
  if (snapshot !== undefined) args.contextSnapshot = snapshot;
  const timeout = str("context-timeout");
  if (timeout !== undefined) args.contextTimeout = parseTimeout(timeout, "--context-timeout");
  const baseline = str("baseline");
  if (baseline !== undefined) args.baseline = baseline;
  const jobs = str("jobs");
  if (jobs !== undefined) {
    if (!/^[1-9]\d{0,2}$/.test(jobs)) throw new UsageError("--jobs takes a number of threads from 1 (in-process) to 999");
    args.jobs = Number(jobs);
  }
  return args;
}

/** What every lint-like command requires of its arguments. */
function checkedLintArgs(args: LintArgs, command: LintCommand): LintArgs {
  if (args.paths.length === 0) throw new UsageError(`no files given (try: innolint ${command === "baseline" ? "baseline " : ""}my.cnf)`);
  if (command === "baseline" && args.noBaseline) throw new UsageError("--no-baseline contradicts innolint baseline");
  if (args.target) assertCatalogued(parseTarget(args.target));
  if (args.upgradeTo) {
    const to = assertCatalogued(parseTarget(args.upgradeTo));
    if (args.target) upgradeTarget(to.label, parseTarget(args.target));
  }
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

/** What `innolint review` adds to a lint run: the change's files, and a title for the report. */
interface ReviewRun {
  changedFiles: Set<string>;
  title: string;
  /** Unchanged option files in scope: linted first for the server's configuration, reporting nothing. */
  contextFiles: string[];
  /** The migrations as the server ran them: modified and deleted files in their merge-base version. */
  history: MigrationHistory;
}

async function baseOptions(args: LintArgs, io: CliIO, review?: ReviewRun): Promise<LintOptions> {
  const base: LintOptions = { noConfig: args.noConfig, cwd: io.cwd, impact: args.impact, ...(args.followIncludes ? { followIncludes: true } : {}) };
  if (args.target) base.target = args.target;
  if (args.host) base.host = args.host;
  if (args.upgradeTo) base.upgradeTo = args.upgradeTo;
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
    const text = stdinText(io.readStdin);
    if (typeof text !== "string") errors.push({ file: name, message: text.error });
    else jobs.push({ file: name, kind: kindFromName(name), options: { ...base, text } });
  }
  const collected = collectFiles(diskPaths, io.cwd);
  append(errors, collected.errors);
  for (const file of collected.files) jobs.push({ file, kind: kindFromName(file), options: base });
  return jobs;
}

/** Lints the jobs as one project, with the progress bar on a terminal. */
function lintJobs(jobs: LintJob[], history: MigrationHistory, args: LintArgs, io: CliIO, errors: InputError[]): Promise<RunOutcome> {
  let bar: ReturnType<typeof createProgress> | undefined;
  const progress = {
    start(total: number) {
      bar = createProgress({
        total,
        enabled: args.progress && Boolean(io.stderrIsTTY) && total >= PROGRESS_MIN_FILES && io.env.TERM !== "dumb",
        write: io.stderr,
        ...(io.columns ? { columns: io.columns } : {}),
      });
    },
    tick: () => bar?.tick(),
    done: () => bar?.done(),
  };
  return new Project({ history }).run(jobs, { ...(args.jobs !== undefined ? { threads: args.jobs } : {}), env: io.env, progress }, errors);
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
      {
        findings,
        errors,
        sources: outcome.sources,
        cwd: io.cwd,
        targets: outcome.targets,
        ...(outcome.onlineDdl.length > 0 ? { onlineDdl: outcome.onlineDdl } : {}),
        ...extra,
        ...(baselineOutcome ? { baseline: baselineOutcome } : {}),
      },
      { color: Boolean(color) },
    ),
  );
  const failed = errorExitCode(errors);
  if (failed) {
    if (args.format !== "text") for (const e of errors) io.stderr(errorLine(e));
    return failed;
  }
  if (args.failOn === "never") return 0;
  const threshold = SEVERITY_RANK[args.failOn];
  return findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? 1 : 0;
}

export async function runLint(argv: string[], io: CliIO): Promise<number> {
  const parsed = parseCommand(LINT_SPEC, argv);
  if (parsed.help) {
    io.stdout(commandHelp(LINT_SPEC));
    return 0;
  }
  return lintRun(checkedLintArgs(lintArgsOf(parsed), "lint"), io);
}

async function lintRun(args: LintArgs, io: CliIO, review?: ReviewRun): Promise<number> {
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
  const parsed = parseCommand(BASELINE_SPEC, argv);
  if (parsed.help) {
    io.stdout(commandHelp(BASELINE_SPEC));
    return 0;
  }
  const args = checkedLintArgs(lintArgsOf(parsed), "baseline");
  if (args.paths.includes("-")) throw new UsageError("innolint baseline reads files, not standard input: a baseline names files");
  const path = baselinePath(args, io);
  let previous: Baseline | undefined;
  if (existsSync(path)) {
    try {
      previous = readBaseline(path);
    } catch (e) {
      if (!(e instanceof BaselineError)) throw e;
      io.stderr(errorLine({ file: e.file, message: `${e.message}; not overwritten` }));
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
    io.stderr(errorLine({ file: path, message: `cannot write the baseline (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` }));
    return 2;
  }
  const entries = (JSON.parse(text) as { entries: { count: number }[] }).entries;
  const total = entries.reduce((n, e) => n + e.count, 0);
  const shown = relative(io.cwd, path) || path;
  io.stdout(
    `wrote ${shown}: ${total} finding${total === 1 ? "" : "s"} in ${entries.length} entr${entries.length === 1 ? "y" : "ies"} (${outcome.findings.length} from the ${outcome.linted.size} file${outcome.linted.size === 1 ? "" : "s"} linted now)\n`,
  );
  for (const e of outcome.errors) io.stderr(errorLine(e));
  if (outcome.errors.length) {
    io.stderr(`innolint: the files above had input errors; their previous baseline entries were kept\n`);
    return 2;
  }
  return 0;
}

async function runPrintDefaults(argv: string[], io: CliIO): Promise<number> {
  const parsed = parseCommand(PRINT_DEFAULTS_SPEC, argv);
  if (parsed.help) {
    io.stdout(commandHelp(PRINT_DEFAULTS_SPEC));
    return 0;
  }
  const [file, ...groups] = parsed.positionals;
  if (!file || groups.length === 0) throw new UsageError("usage: innolint print-defaults FILE GROUP...");
  const { set, output } = await printDefaultsFile(resolve(io.cwd, file), groups, { cwd: io.cwd });
  for (const e of set.errors) io.stderr(errorLine(e));
  io.stdout(output);
  return printDefaultsStatus(set);
}

/**
 * `innolint review --base REF`: the files the change touches, linted with the migration history and
 * option files of the working tree around them. Other files give context and report nothing.
 */
async function runReview(argv: string[], io: CliIO): Promise<number> {
  const parsed = parseCommand(REVIEW_SPEC, argv);
  if (parsed.help) {
    io.stdout(commandHelp(REVIEW_SPEC));
    return 0;
  }
  const base = parsed.flags.base as string | undefined;
  if (!base) throw new UsageError("usage: innolint review --base <git ref> [lint options] [paths]");
  const args = lintArgsOf(parsed);
  if (args.target) assertCatalogued(parseTarget(args.target));
  if (args.contextDsn && args.contextSnapshot) throw new UsageError("give either --context-dsn or --context-snapshot, not both");
  const given = args.paths;
  if (given.includes("-")) throw new UsageError("innolint review reads the change from git, not standard input");
  let change;
  try {
    change = changedFiles(io.cwd, base);
  } catch (e) {
    if (!(e instanceof ReviewError)) throw e;
    io.stderr(messageLine(`review: ${e.message}`));
    return 2;
  }
  const scope = given.length ? given : ["."];
  const inScope = pathSelector(scope, io.cwd);
  const files = change.files.filter((f) => inScope(f) && kindFromName(f) !== undefined && existsSync(f));
  const title = `innolint review: ${files.length} changed ${files.length === 1 ? "file" : "files"} since ${base} (${change.mergeBase.slice(0, 12)})`;
  const changed = new Set(files);
  const deleted = new Set(change.changes.filter((c) => c.status === "deleted").map((c) => c.path));
  const scanned = collectFiles(scope, io.cwd);
  // A path that names nothing is a typo, unless the change deleted it; an empty folder or glob is no change.
  const missing = scanned.errors.filter((e) => e.message === "no such file or directory" && !deleted.has(e.file));
  if (missing.length) {
    for (const e of missing) io.stderr(errorLine(e));
    return 2;
  }
  const contextFiles = scanned.files.filter((f) => kindFromName(f) === "option-file" && !changed.has(f));
  const review = { changedFiles: changed, title, contextFiles, history: reviewHistory(change) };
  if (files.length === 0) {
    const reporter = REPORTERS[args.format] as (typeof REPORTERS)[string];
    io.stdout(reporter({ findings: [], errors: [], sources: new Map(), cwd: io.cwd, targets: new Map(), title, filesReviewed: 0 }, { color: false }));
    return 0;
  }
  return lintRun({ ...args, paths: files }, io, review);
}

/** `innolint facts`: what the rules see, as JSON, for debugging findings. */
async function runFacts(argv: string[], io: CliIO): Promise<number> {
  const parsed = parseCommand(FACTS_SPEC, argv);
  if (parsed.help) {
    io.stdout(commandHelp(FACTS_SPEC));
    return 0;
  }
  const target = parsed.flags.target as string | undefined;
  const paths = parsed.positionals;
  if (paths.length === 0) throw new UsageError("usage: innolint facts [--target T] FILE...");
  const options: LintOptions = { cwd: io.cwd, impact: false, ...(target ? { target } : {}) };
  const collected = collectFiles(paths, io.cwd);
  const errors: InputError[] = [...collected.errors];
  // Loaded here: its knowledge tables are of no use to a lint of option files.
  const { OnlineDdlAnnotator } = await import("./ddl/index.js");
  // Written as it goes, so that a dump's facts never sit in memory whole.
  const pretty = (value: unknown, depth: number) => escapeJsonControls(JSON.stringify(value, null, 2)).replace(/\n/g, "\n" + "  ".repeat(depth));
  let files = 0;
  const openFile = () => io.stdout(files++ === 0 ? "\n    " : ",\n    ");
  io.stdout('{\n  "files": [');
  for (const file of collected.files) {
    const kind = kindFromName(file) ?? kindOfContent(file, undefined);
    if (kind === "sql") {
      const t = resolveTarget(undefined, options, configFor(file, options));
      if (statSync(file).size > SQL_STREAM_ABOVE) {
        const found: SqlFacts["errors"] = [];
        let statements = 0;
        openFile();
        io.stdout(`${pretty({ file, kind, target: t.label }, 2).slice(0, -2)},\n      "statements": [`);
        const ddl = new OnlineDdlAnnotator(file, t);
        const result = await streamSqlFacts(file, t, (sql) => {
          for (const { text: _text, ...rest } of ddl.annotate(sql.statements)) io.stdout(`${statements++ === 0 ? "" : ","}\n        ${pretty(rest, 4)}`);
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
      io.stdout(
        pretty(
          {
            file,
            kind,
            target: t.label,
            statements: new OnlineDdlAnnotator(file, t).annotate(facts.statements).map(({ text: _text, ...rest }) => rest),
            errors: facts.errors,
          },
          2,
        ),
      );
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

function runRules(argv: string[], io: CliIO): number {
  if (parseCommand(RULES_SPEC, argv).help) {
    io.stdout(commandHelp(RULES_SPEC));
    return 0;
  }
  const docs = [...loadRuleDocs().values()];
  const width = Math.max(...docs.map((d) => d.id.length));
  for (const d of docs) io.stdout(`${d.id.padEnd(width)}  ${d.severity.padEnd(7)}  ${d.language.padEnd(11)}  ${d.title}\n`);
  return 0;
}

function runRule(argv: string[], io: CliIO): number {
  const parsed = parseCommand(RULE_SPEC, argv);
  if (parsed.help) {
    io.stdout(commandHelp(RULE_SPEC));
    return 0;
  }
  const id = parsed.positionals[0];
  if (!id) throw new UsageError("usage: innolint rule <id>");
  const doc = loadRuleDocs().get(id);
  if (!doc) throw new UsageError(`no rule "${id}" (innolint rules lists them)`);
  io.stdout(renderRuleDoc(doc));
  return 0;
}

const COMMANDS = new Set(["lint", "print-defaults", "rules", "facts", "rule", "simulate", "lsp", "live", "review", "baseline"]);

export async function main(argv: string[], io: CliIO): Promise<number> {
  try {
    const [command, ...rest] = argv;
    switch (command) {
      case undefined:
      case "-h":
      case "--help":
        io.stdout(HELP);
        return command === undefined ? 2 : 0;
      case "help":
        // innolint help <command>: that command's --help.
        if (rest[0] && COMMANDS.has(rest[0])) return await main([rest[0], "--help"], io);
        io.stdout(HELP);
        return rest[0] ? 2 : 0;
      case "-v":
      case "--version":
        io.stdout(`${VERSION}\n`);
        return 0;
      case "lint":
        return await runLint(rest, io);
      case "print-defaults":
        return await runPrintDefaults(rest, io);
      case "rules":
        return runRules(rest, io);
      case "facts":
        return await runFacts(rest, io);
      case "rule":
        return runRule(rest, io);
      case "simulate":
        return await runSimulate(rest, io);
      case "lsp":
        return await (await import("./lsp/main.js")).runLanguageServer(rest, io);
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
      io.stderr(messageLine(e.message));
      return 2;
    }
    io.stderr(internalErrorText(e));
    return 3;
  }
}

export function nodeIO(): CliIO {
  return {
    stdout: (s) => process.stdout.write(s),
    stderr: (s) => process.stderr.write(s),
    readStdin: () => readStdinBounded(),
    isTTY: Boolean(process.stdout.isTTY),
    stderrIsTTY: Boolean(process.stderr.isTTY),
    ...(process.stderr.columns ? { columns: process.stderr.columns } : {}),
    cwd: process.cwd(),
    env: process.env,
    ...(process.stdin.isTTY ? { promptSecret: (question: string) => promptSecret(question) } : {}),
  };
}

export { ruleDocsUrl };

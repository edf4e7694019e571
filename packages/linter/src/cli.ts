import { closeSync, existsSync, openSync, readFileSync, readSync, statSync } from "node:fs";
import { resolve, sep } from "node:path";
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
import { Schema } from "./sql/schema.js";
import { SEVERITY_RANK, type Finding, type Severity } from "./finding.js";
import { collectFiles, kindFromContent, kindFromName } from "./files.js";
import { changedFiles, ReviewError } from "./review/git.js";
import { loadRuleDocs, ruleDocsUrl } from "./knowledge.js";
import { printDefaultsOutput, printDefaultsStatus, readOptionFiles } from "./optionfile/model.js";
import { renderRuleDoc } from "./render.js";
import { runSimulate, SimulateUsageError } from "./simulate/command.js";
import { REPORTERS } from "./reporters/index.js";
import { parseTarget, TargetError } from "./target.js";
import { loadLiveContext, parseTimeout, runLive } from "./live/command.js";
import { promptSecret } from "./live/prompt.js";
import { LiveError } from "./live/session.js";

export const VERSION = "0.1.0";

const HELP = `innolint ${VERSION}: lint MySQL option files and SQL migrations

Usage:
  innolint [lint] [options] <file|dir|glob|->...
  innolint print-defaults FILE GROUP...    what my_print_defaults --defaults-file=FILE prints
  innolint review --base REF [options] [paths]
                                           lint only what a change adds or modifies since the merge
                                           base of REF, in the context of everything before it
  innolint facts [--target T] FILE...      print as JSON what the rules see (statements, options)
  innolint lsp --stdio                     run the language server (any LSP client)
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
  -h, --help / -v, --version

Exit codes: 0 no findings at or above --fail-on, 1 findings, 2 usage or input error.
`;

export class UsageError extends Error {}

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
}

function parseLintArgs(argv: string[]): LintArgs {
  const args: LintArgs = { paths: [], format: "text", failOn: "warning", noConfig: false, impact: true };
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
      default:
        if (a.startsWith("-") && a !== "-") throw new UsageError(`unknown option ${a}`);
        args.paths.push(a);
    }
  }
  if (args.paths.length === 0) throw new UsageError("no files given (try: innolint my.cnf)");
  if (args.target) parseTarget(args.target);
  if (args.contextDsn && args.contextSnapshot) throw new UsageError("give either --context-dsn or --context-snapshot, not both");
  return args;
}

export interface CliIO {
  stdout: (s: string) => void;
  stderr: (s: string) => void;
  readStdin: () => Buffer;
  isTTY: boolean;
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
}

export async function runLint(argv: string[], io: CliIO, review?: ReviewRun): Promise<number> {
  const args = parseLintArgs(argv);
  const findings: Finding[] = [];
  const errors: InputError[] = [];
  const sources = new Map<string, string>();
  const targets = new Map<string, string>();
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
  const jobs: { file: string; kind: FileKind | undefined; options: LintOptions; contextOnly?: true }[] = [];
  for (const file of review?.contextFiles ?? []) jobs.push({ file, kind: "option-file", options: base, contextOnly: true });
  const diskPaths = args.paths.filter((p) => p !== "-");
  if (args.paths.includes("-")) {
    const name = resolve(io.cwd, args.stdinFilename ?? "stdin");
    const buf = io.readStdin();
    const text = decodeUtf8(buf);
    if (text === undefined) errors.push({ file: name, message: "standard input is not valid UTF-8" });
    else jobs.push({ file: name, kind: kindFromName(name), options: { ...base, text } });
  }
  const collected = collectFiles(diskPaths, io.cwd);
  errors.push(...collected.errors);
  for (const file of collected.files) jobs.push({ file, kind: kindFromName(file), options: base });
  const seen = new Set<string>();
  const state: RunState = {
    history: new MigrationHistory((path) => {
      const read = readSqlText(path, {});
      return read.text;
    }),
    configured: new Map(),
  };
  // Option files first, so that SQL in the same run sees the server's configuration.
  jobs.sort((a, b) => Number((a.kind ?? "sql") === "sql") - Number((b.kind ?? "sql") === "sql"));
  for (const job of jobs) {
    let out: Awaited<ReturnType<typeof lintOne>>;
    try {
      out = await lintOne(job.file, job.kind, job.options, state);
    } catch (e) {
      // One file's failure must not cost the others their findings.
      if (!job.contextOnly) errors.push({ file: job.file, message: `internal error while linting this file: ${(e as Error).message}` });
      continue;
    }
    if (job.contextOnly) continue;
    errors.push(...out.errors);
    for (const [k, v] of out.sources) sources.set(k, v);
    if (!out.result) continue;
    targets.set(out.result.file, out.result.target.label);
    for (const f of out.result.findings) {
      const key = `${f.rule}\0${f.file}\0${f.range.start.line}:${f.range.start.column}\0${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      findings.push(f);
    }
  }
  const uniqueErrors = [...new Map(errors.map((e) => [`${e.file}\0${e.line}\0${e.message}`, e])).values()];
  const color = args.color ?? (io.isTTY && !io.env.NO_COLOR && io.env.TERM !== "dumb");
  const reporter = REPORTERS[args.format] as (typeof REPORTERS)[string];
  const extra = review ? { title: review.title, filesReviewed: review.changedFiles.size } : {};
  io.stdout(reporter({ findings, errors: uniqueErrors, sources, cwd: io.cwd, targets, ...extra }, { color: Boolean(color) }));
  if (uniqueErrors.length > 0) {
    if (args.format !== "text") for (const e of uniqueErrors) io.stderr(`innolint: ${e.file}${e.line ? `:${e.line}` : ""}: ${e.message}\n`);
    return 2;
  }
  if (args.failOn === "never") return 0;
  const threshold = SEVERITY_RANK[args.failOn];
  return findings.some((f) => SEVERITY_RANK[f.severity] >= threshold) ? 1 : 0;
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
  const scopes = (given.length ? given : ["."]).map((p) => resolve(io.cwd, p));
  let change;
  try {
    change = changedFiles(io.cwd, base);
  } catch (e) {
    if (!(e instanceof ReviewError)) throw e;
    io.stderr(`innolint: review: ${e.message}\n`);
    return 2;
  }
  const inScope = (f: string) => scopes.some((s) => f === s || f.startsWith(s.endsWith(sep) ? s : s + sep));
  const files = change.files.filter((f) => inScope(f) && kindFromName(f) !== undefined && existsSync(f));
  const options = [...rest];
  for (const p of given) options.splice(options.lastIndexOf(p), 1);
  const title = `innolint review: ${files.length} changed ${files.length === 1 ? "file" : "files"} since ${base} (${change.mergeBase.slice(0, 12)})`;
  const changed = new Set(files);
  const contextFiles = collectFiles(scopes, io.cwd).files.filter((f) => kindFromName(f) === "option-file" && !changed.has(f));
  const review = { changedFiles: changed, title, contextFiles };
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
          found.push(...sql.errors);
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
      errors.push(...lint.outcome.errors);
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
    cwd: process.cwd(),
    env: process.env,
    ...(process.stdin.isTTY ? { promptSecret: (question: string) => promptSecret(question) } : {}),
  };
}

export { ruleDocsUrl };

/**
 * The one implementation of "lint these files as a project": each file's configuration and target,
 * the server configuration the SQL rules read, and the migration history, shared by every file of a
 * run (CLI lint, review, baseline) or of an editor session (the language server holds one Project).
 */
import { configFor, targetOrUndefined } from "../context.js";
import type { FileKind, FileResult, InputError, LintOptions, LintOutcome, StatementNote } from "../core.js";
import { lintOptionFile, lintSqlFile } from "../engine.js";
import type { Finding } from "../finding.js";
import { kindFromContent } from "../files.js";
import { readHead } from "../input.js";
import { append } from "../arrays.js";
import { fileInternalError } from "../internal.js";
import type { OptionFileError } from "../optionfile/model.js";
import type { OptionFacts } from "../optionfile/rules/facts.js";
import { MigrationHistory, SPARSE_REPLAY_FROM } from "../sql/history.js";
import { streamsFile } from "../sql/stream.js";
import type { SqlFacts } from "../sql/types.js";
import { SqlDocumentCache } from "../sql/incremental.js";
import { startReplayPrefetch, startSqlPrefetch } from "../sql/pool.js";
import { readSqlText } from "../sql/read.js";
import { appliedTables, Schema } from "../sql/schema.js";
import { targetDirective } from "../suppression.js";
import type { Target } from "../target.js";

/** A file of a run. */
export interface LintJob {
  file: string;
  /** From the file's name; undefined: decided by its content. */
  kind: FileKind | undefined;
  options: LintOptions;
  /** Read for context only (an unchanged option file in a review): nothing reported. */
  contextOnly?: true;
}

/** What a run found, before the baseline and the reporter. */
export interface RunOutcome {
  findings: Finding[];
  errors: InputError[];
  sources: Map<string, string>;
  targets: Map<string, string>;
  /** Every file read for a reported result (includes too). */
  linted: Set<string>;
  /** Files with input errors: their findings may be incomplete. */
  failed: Set<string>;
  /** What each online-DDL statement of the linted SQL files does on its target. */
  onlineDdl: StatementNote[];
}

export interface RunOptions {
  /** Threads parsing SQL (sql/pool.ts); undefined lets the run decide. */
  threads?: number;
  env: Record<string, string | undefined>;
  /** Called before the first file with the number of files, then once per file. */
  progress?: { start(total: number): void; tick(): void; done(): void };
}

/** The server configuration SQL rules read: the option file a configuration names, linted once. */
export interface ServerConfig {
  facts?: OptionFacts;
  /** The option file and every file reading it opened: its change makes the facts stale. */
  files: string[];
  /** What an untrusted workspace kept innolint from reading. */
  notFollowed: OptionFileError[];
}

export function diskHistory(): MigrationHistory {
  return new MigrationHistory((path) => readSqlText(path, {}).text);
}

/** The kind of a file its name did not decide: its first 64 KB (a dump may be far larger than memory should hold). */
export function kindOfContent(file: string, text: string | undefined): FileKind {
  return kindFromContent(text !== undefined ? text.slice(0, 65536) : readHead(file, 65536));
}

/** An editor's view of a long replay (the language server's work-done progress). */
export interface ReplayProgress {
  /** `action`: "replaying" (the default) or "reading" (the words of the migrations, for a sparse schema). */
  begin(total: number, action?: "replaying" | "reading"): void;
  report(done: number, total: number): void;
  end(): void;
}

/** Replays shorter than this many files end before a progress bar would be seen. */
export const REPLAY_PROGRESS_FROM = 200;

export class Project {
  private history: MigrationHistory;
  /** Option files named by configurations ("optionFile"), linted once each. */
  private readonly serverConfigs = new Map<string, Promise<ServerConfig>>();
  /** The last option file linted in a run: the server configuration of SQL files no configuration names one for. */
  private lastOptionFile?: OptionFacts;
  /** Open editor documents, by path: what their next lint can reuse. */
  private readonly documents = new Map<string, SqlDocumentCache>();

  private readonly env: Record<string, string | undefined>;
  /** Threads for an editor's replay (sql/pool.ts); undefined lets the load average decide. */
  private readonly threads: number | undefined;

  /** `env`: where the worker bundle is found (INNOLINT_SQL_WORKER names another). */
  constructor(options: { history?: MigrationHistory; env?: Record<string, string | undefined>; threads?: number } = {}) {
    this.history = options.history ?? diskHistory();
    this.env = options.env ?? process.env;
    this.threads = options.threads;
  }

  /**
   * Forget parsed migrations and option files (a file changed on disk, or the settings did). Open
   * documents keep their trees and facts, which depend on their text alone; their findings are
   * recomputed, as the history they were found against is a new one.
   */
  reset(): void {
    this.history = diskHistory();
    this.serverConfigs.clear();
    this.lastOptionFile = undefined;
  }

  /**
   * Files changed on disk. A migration costs a replay from the first changed file onward (the history
   * keeps what comes before it); anything else may be an option file some configuration names, so the
   * server configurations are read again.
   */
  filesChanged(files: string[]): void {
    const sql = files.filter((f) => f.toLowerCase().endsWith(".sql"));
    this.history.invalidate(sql);
    if (sql.length < files.length) {
      this.serverConfigs.clear();
      this.lastOptionFile = undefined;
    }
  }

  /** A document was closed: free what its lints kept. */
  closeDocument(file: string): void {
    this.documents.get(file)?.dispose();
    this.documents.delete(file);
  }

  /** The server configuration for a SQL file: its configuration's option file, else (in a run) the last option file linted. */
  serverConfigFor(file: string, options: LintOptions): Promise<ServerConfig> {
    let optionFile: string | undefined;
    try {
      optionFile = configFor(file, options)?.optionFile;
    } catch {
      optionFile = undefined;
    }
    if (!optionFile) return Promise.resolve({ ...(this.lastOptionFile ? { facts: this.lastOptionFile } : {}), files: [], notFollowed: [] });
    const opts: LintOptions = { impact: false };
    if (options.cwd) opts.cwd = options.cwd;
    if (options.target) opts.target = options.target;
    if (options.configPath) opts.configPath = options.configPath;
    if (options.noConfig) opts.noConfig = options.noConfig;
    if (options.includeRoots) opts.includeRoots = options.includeRoots;
    if (options.followIncludes) opts.followIncludes = true;
    const key = JSON.stringify([optionFile, opts]);
    // A live server (one per run) decides the target when none is given.
    if (options.live) opts.live = options.live;
    let config = this.serverConfigs.get(key);
    if (!config) {
      const path = optionFile;
      config = lintOptionFile(path, opts).then((l) => ({
        ...(l.facts ? { facts: l.facts } : {}),
        files: [...new Set([path, ...l.set.files.map((f) => f.path), ...l.set.files.flatMap((f) => f.includes.map((i) => i.resolved))])],
        notFollowed: l.set.errors.filter((e) => e.kind === "not-followed"),
      }));
      this.serverConfigs.set(key, config);
    }
    return config;
  }

  /** One file of a run, with the sources its report quotes. */
  async lintFile(job: LintJob): Promise<{ result?: FileResult; errors: InputError[]; sources: Map<string, string> }> {
    const { file, options } = job;
    const sources = new Map<string, string>();
    const kind = job.kind ?? kindOfContent(file, options.text);
    if (kind === "sql") {
      const target = targetOrUndefined(file, options);
      const history = this.history;
      const fromDisk = options.text === undefined;
      const schema = target ? await this.schemaBeforeFile(file, options, target, fromDisk) : new Schema();
      const { facts: serverConfig } = await this.serverConfigFor(file, options);
      const out = await lintSqlFile(file, options, {
        schema,
        parse: (f, text, t) => history.facts(f, text, t, fromDisk),
        ...(serverConfig ? { serverConfig } : {}),
      });
      if (out.text !== undefined) sources.set(file, out.text);
      return { ...(out.result ? { result: out.result } : {}), errors: out.errors, sources };
    }
    const lint = await lintOptionFile(file, options);
    if (lint.facts) this.lastOptionFile = lint.facts;
    for (const f of lint.set.files) sources.set(f.path, f.text);
    return { ...lint.outcome, sources };
  }

  /**
   * The schema before a file of a run: sparse when it follows SPARSE_REPLAY_FROM or more migrations
   * not replayed yet (one file, or a review's few, deep in a long directory), else replayed. Its facts
   * are parsed here once, for the tables it names, and kept for its lint.
   */
  private async schemaBeforeFile(file: string, options: LintOptions, target: Target, fromDisk: boolean): Promise<Schema> {
    const sparse = await this.sparseSchema(file, options, target, (text) => this.history.facts(file, text, target, fromDisk));
    return sparse ? sparse.schema : this.history.schemaBefore(file, target);
  }

  /**
   * A sparse schema before a file (MigrationHistory.sparseSchemaBefore) for the tables its facts
   * name, where one is due: SPARSE_REPLAY_FROM or more migrations not replayed yet, a file read whole,
   * and facts a sparse schema serves (tablesNamed).
   */
  private async sparseSchema(
    file: string,
    options: LintOptions,
    target: Target,
    factsOf: (text: string) => Promise<SqlFacts>,
    onRead?: (done: number, total: number) => void,
  ): Promise<{ schema: Schema; origin: object } | undefined> {
    if (this.history.unreplayed(file, target) < SPARSE_REPLAY_FROM || streamsFile(file, options)) return undefined;
    const text = options.text ?? readSqlText(file, options).text;
    const names = text === undefined ? undefined : tablesNamed(file, await factsOf(text));
    return names && this.history.sparseSchemaBefore(file, target, names, onRead);
  }

  /** Lints the jobs, option files first so that SQL in the same run sees the server's configuration. */
  async run(jobs: LintJob[], options: RunOptions, errors: InputError[] = []): Promise<RunOutcome> {
    const outcome: RunOutcome = { findings: [], errors, sources: new Map(), targets: new Map(), linted: new Set(), failed: new Set(), onlineDdl: [] };
    const seen = new Set<string>();
    const ordered = [...jobs].sort((a, b) => Number((a.kind ?? "sql") === "sql") - Number((b.kind ?? "sql") === "sql"));
    const prefetch = startSqlPrefetch(ordered, this.history, options.threads, options.env);
    if (prefetch) this.history.usePrefetched((path, target) => prefetch.take(path, target));
    options.progress?.start(ordered.length);
    try {
      for (const job of ordered) {
        let out: Awaited<ReturnType<Project["lintFile"]>>;
        try {
          out = await this.lintFile(job);
        } catch (e) {
          // One file's failure must not cost the others their findings.
          if (!job.contextOnly) {
            outcome.errors.push(fileInternalError(job.file, e));
            outcome.failed.add(job.file);
          }
          continue;
        } finally {
          options.progress?.tick();
        }
        if (job.contextOnly) continue;
        append(outcome.errors, out.errors);
        for (const e of out.errors) outcome.failed.add(e.file);
        for (const [k, v] of out.sources) outcome.sources.set(k, v);
        if (!out.result) continue;
        outcome.targets.set(out.result.file, out.result.target.label);
        if (out.result.onlineDdl) append(outcome.onlineDdl, out.result.onlineDdl);
        for (const f of out.result.files) outcome.linted.add(f);
        for (const f of out.result.findings) {
          const key = `${f.rule}\0${f.file}\0${f.range.start.line}:${f.range.start.column}\0${f.message}`;
          if (seen.has(key)) continue;
          seen.add(key);
          outcome.findings.push(f);
        }
      }
    } finally {
      options.progress?.done();
      prefetch?.close();
    }
    outcome.errors.splice(0, outcome.errors.length, ...new Map(outcome.errors.map((e) => [`${e.file}\0${e.line}\0${e.message}`, e])).values());
    return outcome;
  }

  /**
   * The schema before an editor's document. The first document opened in a long directory replays the
   * migrations before it with worker threads, as a CLI run would; after that the history has them.
   */
  private async replayed(file: string, target: Target, progress: ReplayProgress | undefined): Promise<{ schema: Schema; origin: object }> {
    const pending = this.history.toReplay(file, target);
    const shown = progress && pending.length >= REPLAY_PROGRESS_FROM ? progress : undefined;
    let done = 0;
    shown?.begin(pending.length);
    const tick = shown ? () => shown.report(++done, pending.length) : undefined;
    const prefetch = startReplayPrefetch(pending, target, this.threads, this.env);
    const history = this.history;
    if (prefetch) history.usePrefetched((path, t) => prefetch.take(path, t));
    try {
      return await history.schemaAndOrigin(file, target, tick);
    } finally {
      if (prefetch) {
        history.usePrefetched(undefined);
        prefetch.close();
      }
      shown?.end();
    }
  }

  /** The schema an editor's document is linted against: sparse before a long unreplayed history, else replayed. */
  private async schemaBeforeDocument(
    file: string,
    options: LintOptions,
    target: Target,
    document: SqlDocumentCache,
    progress: ReplayProgress | undefined,
  ): Promise<{ schema: Schema; origin: object }> {
    let shown: ReplayProgress | undefined;
    const onRead = progress
      ? (done: number, total: number) => {
          if (!shown && total >= REPLAY_PROGRESS_FROM) {
            shown = progress;
            shown.begin(total, "reading");
          }
          shown?.report(done, total);
        }
      : undefined;
    try {
      const sparse = await this.sparseSchema(file, options, target, (text) => document.facts(text, target), onRead);
      if (sparse) return sparse;
    } finally {
      shown?.end();
    }
    return this.replayed(file, target, progress);
  }

  /**
   * An editor's SQL document: linted incrementally against the schema the migrations beside it build,
   * with the files besides it that the lint read (the server's option file) and what of that option
   * file an untrusted workspace kept innolint from reading. `progress` shows a long replay.
   */
  async lintDocument(
    file: string,
    options: LintOptions,
    progress?: ReplayProgress,
  ): Promise<{ outcome: LintOutcome; read: string[]; notFollowed: OptionFileError[] }> {
    let document = this.documents.get(file);
    if (!document) {
      document = new SqlDocumentCache();
      this.documents.set(file, document);
    }
    let schema = new Schema();
    let schemaOrigin: object | undefined;
    const target = targetOrUndefined(file, options);
    // A bad target or configuration is reported by lintSqlFile itself.
    if (target) ({ schema, origin: schemaOrigin } = await this.schemaBeforeDocument(file, options, target, document, progress));
    const { facts: serverConfig, files, notFollowed } = await this.serverConfigFor(file, options);
    const outcome = await lintSqlFile(file, options, {
      schema,
      document,
      ...(schemaOrigin ? { schemaOrigin } : {}),
      ...(serverConfig ? { serverConfig } : {}),
    });
    return { outcome, read: files, notFollowed };
  }
}

/**
 * The tables a file's statements name (every statement's, as the findings memo reads them), or
 * undefined where a sparse schema would not do: a directive changes the target, or a statement reads
 * the whole schema (DROP DATABASE).
 */
function tablesNamed(file: string, facts: SqlFacts): string[] | undefined {
  if (targetDirective(facts.comments.map((c) => ({ file, text: c.text, range: c.range })))) return undefined;
  const names = new Set<string>();
  for (const statement of facts.statements) {
    if (statement.kind === "drop-database") return undefined;
    for (const n of appliedTables(statement).names) names.add(n);
  }
  return [...names];
}

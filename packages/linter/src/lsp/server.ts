/**
 * innolint's language server as a library: `startServer(connection)` wires one LSP connection (stdio,
 * IPC, or in-memory streams in tests) to the engine. Diagnostics, hovers, completion and code actions
 * all read one cached analysis per document version.
 */
import { basename, dirname, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import {
  DidChangeWatchedFilesNotification,
  type Disposable,
  type FileSystemWatcher,
  LSPErrorCodes,
  MarkupKind,
  ResponseError,
  TextDocuments,
  TextDocumentSyncKind,
  type CancellationToken,
  type Connection,
  type InitializeResult,
  type WorkDoneProgressReporter,
} from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { CONFIG_FILE_NAME, clearConfigCache, type RuleSetting } from "../config.js";
import type { LintOptions } from "../core.js";
import { configFor, resolveTarget } from "../context.js";
import { configDiagnostics, isConfigDocument } from "./config-document.js";
import type { Target } from "../target.js";
import { codeActions, OPEN_DOCS_COMMAND } from "./actions.js";
import { analyze, DEFAULT_SETTINGS, type Analysis, type Settings, type WorkspaceState } from "./analysis.js";
import { EFFECTIVE_CONFIG_REQUEST, effectiveConfig, RULE_DOC_REQUEST, ruleAt, ruleDocResult, SIMULATE_REQUEST, simulateAt } from "./commands.js";
import { complete, resolveCompletion } from "./completion.js";
import { fromLspPosition, toDiagnostics } from "./convert.js";
import { hoverMarkdown } from "./hover.js";
import { Project, type ReplayProgress } from "../lint/project.js";
import { checkedConnection } from "./guard.js";
import { grouped } from "../figures.js";

export interface ServerOptions {
  /** Quiet time after the last edit before a document is linted (ms). */
  debounceMs?: number;
  /** Like --config: this configuration file unless the client's `configPath` setting names another. */
  configPath?: string;
}

/** What a client may send as initializationOptions. */
export interface InitOptions {
  settings?: Partial<Settings>;
  /** VS Code's workspace trust (default true: other editors have no such notion). */
  trusted?: boolean;
  debounceMs?: number;
}

export const TRUST_NOTIFICATION = "innolint/workspaceTrust";

function uriToPath(uri: string): string | undefined {
  try {
    return uri.startsWith("file:") ? fileURLToPath(uri) : undefined;
  } catch {
    return undefined;
  }
}

/** What the server always watches; `watcherFor` adds single files these do not cover. */
const WATCHED_GLOBS = [`**/${CONFIG_FILE_NAME}`, "**/*.cnf", "**/*.ini", "**/*.sql"];

function coveredByGlobs(path: string, folders: string[]): boolean {
  const inside = folders.some((f) => path.startsWith(f.endsWith(sep) ? f : f + sep));
  return inside && (basename(path) === CONFIG_FILE_NAME || /\.(cnf|ini|sql)$/.test(path));
}

/** A watcher for one file: a pattern relative to its directory where the client takes one. */
function watcherFor(path: string, relative: boolean): FileSystemWatcher {
  const literal = (s: string) => s.replace(/[*?[\]{}]/g, "[$&]");
  if (relative) return { globPattern: { baseUri: pathToFileURL(dirname(path)).href, pattern: literal(basename(path)) } };
  return { globPattern: literal(path) };
}

function readSettings(raw: unknown, folders: string[]): Settings {
  const s = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  const rules: Record<string, RuleSetting> = {};
  if (typeof s.rules === "object" && s.rules !== null) {
    // Passed on as given: the engine reports an unknown rule or a value that is not a severity.
    for (const [id, v] of Object.entries(s.rules as Record<string, unknown>)) rules[id] = v as RuleSetting;
  }
  const settings: Settings = { rules, showImpact: s.showImpact !== false };
  if (typeof s.target === "string" && s.target.trim()) settings.target = s.target.trim();
  // Checked where documents are linted, so that a bad value is reported like a bad innolint.rules.
  if (s.host !== undefined && s.host !== null) settings.host = s.host;
  if (typeof s.configPath === "string" && s.configPath.trim()) settings.configPath = resolve(folders[0] ?? process.cwd(), s.configPath.trim());
  return settings;
}

interface Entry {
  version: number;
  generation: number;
  promise: Promise<Analysis>;
}

export interface InnolintServer {
  /** The current analysis of an open document (cached per version). */
  analysis(uri: string): Promise<Analysis | undefined>;
  /** Re-lint every open document (after a settings or configuration change). */
  relintAll(): void;
}

export function startServer(client: Connection, options: ServerOptions = {}): InnolintServer {
  // Every handler registered below sees only well-formed params (guard.ts).
  const connection = checkedConnection(client, (message) => {
    try {
      client.console.error(message);
    } catch {
      /* the connection is gone */
    }
  });
  const documents = new TextDocuments(TextDocument);
  let settings: Settings = { ...DEFAULT_SETTINGS };
  // The server's migration histories, option files and open documents: one project per server.
  const project = new Project();
  const ws: WorkspaceState = { folders: [], trusted: true };
  let debounceMs = options.debounceMs ?? 150;
  let generation = 0;
  let canRegisterWatchers = false;
  let relativePatterns = false;
  const serverConfigPath = options.configPath ? resolve(options.configPath) : undefined;
  const withDefaults = (s: Settings): Settings => (s.configPath || !serverConfigPath ? s : { ...s, configPath: serverConfigPath });
  settings = withDefaults(settings);
  /** Per open document: the files its latest analysis read besides it. */
  const read = new Map<string, string[]>();
  let watching = "";
  let watchers: Promise<Disposable | undefined> = Promise.resolve(undefined);
  let canPullConfiguration = false;
  const cache = new Map<string, Entry>();
  const timers = new Map<string, NodeJS.Timeout>();
  const published = new Map<string, number>();
  // After shutdown the client may close the connection at any time: no new lints or registrations.
  let shutDown = false;

  const log = (message: string) => {
    try {
      connection.console.error(message);
    } catch {
      /* the connection is gone */
    }
  };

  const failed = (doc: TextDocument, file: string, e: unknown): Analysis => ({
    uri: doc.uri,
    version: doc.version,
    file,
    kind: "option-file",
    text: doc.getText(),
    findings: [],
    onlineDdl: [],
    elsewhere: [],
    errors: [{ file, message: `innolint could not lint this document: ${(e as Error)?.message ?? String(e)}` }],
    readerErrors: [],
    dependencies: new Set([file]),
    watch: [],
  });

  /** Work-done progress for a long replay of migrations, where the client shows it (a no-op elsewhere). */
  function replayProgress(): ReplayProgress {
    let reporter: Promise<WorkDoneProgressReporter | undefined> | undefined;
    let shown = -1;
    const use = (f: (r: WorkDoneProgressReporter) => void) =>
      void reporter?.then((r) => {
        if (r) f(r);
      });
    return {
      begin(total, action = "replaying") {
        reporter = connection.window.createWorkDoneProgress().catch(() => undefined);
        use((r) => r.begin("innolint", 0, `${action} ${grouped(total)} earlier migrations`, false));
      },
      report(done, total) {
        // A message per percent at most: thousands of notifications would cost the client more than the replay.
        const percent = Math.floor((100 * done) / total);
        if (percent === shown) return;
        shown = percent;
        use((r) => r.report(percent, `${grouped(done)} of ${grouped(total)} earlier migrations`));
      },
      end() {
        use((r) => r.done());
      },
    };
  }

  function analysisOf(doc: TextDocument): Promise<Analysis> | undefined {
    const file = uriToPath(doc.uri);
    if (!file) return undefined;
    const hit = cache.get(doc.uri);
    if (hit && hit.version === doc.version && hit.generation === generation) return hit.promise;
    const promise = analyze(
      { uri: doc.uri, version: doc.version, file, languageId: doc.languageId, text: doc.getText() },
      settings,
      ws,
      project,
      replayProgress(),
    )
      .then((a) => {
        if (documents.get(doc.uri)) {
          read.set(doc.uri, a.watch);
          watchFiles();
        }
        return a;
      })
      .catch((e: unknown) => {
        log(`innolint: lint of ${file} failed: ${(e as Error)?.stack ?? e}`);
        return failed(doc, file, e);
      });
    cache.set(doc.uri, { version: doc.version, generation, promise });
    return promise;
  }

  async function publish(uri: string): Promise<void> {
    const doc = documents.get(uri);
    if (!doc) return;
    const path = uriToPath(uri);
    if (path && isConfigDocument(path, settings.configPath)) {
      await connection.sendDiagnostics({ uri, version: doc.version, diagnostics: configDiagnostics(doc.getText(), path) });
      return;
    }
    const promise = analysisOf(doc);
    if (!promise) return;
    const a = await promise;
    // A newer version or a closed document: its own publish follows, or it was cleared.
    const current = documents.get(uri);
    if (!current || current.version !== a.version) return;
    published.set(uri, a.version);
    await connection.sendDiagnostics({ uri, version: a.version, diagnostics: toDiagnostics(a, settings.showImpact) });
  }

  function schedule(uri: string, delay = debounceMs): void {
    if (shutDown) return;
    clearTimeout(timers.get(uri));
    timers.set(
      uri,
      setTimeout(() => {
        timers.delete(uri);
        publish(uri).catch((e: unknown) => log(`innolint: publishing diagnostics failed: ${(e as Error)?.stack ?? e}`));
      }, delay),
    );
  }

  /**
   * Keeps one registration of watchers for the files the globs do not cover: the configuration
   * file `configPath` names and what open documents read outside the workspace or under other
   * names (the option file a configuration names, included files). Replaced when that set changes.
   */
  function watchFiles(): void {
    if (!canRegisterWatchers || shutDown) return;
    const files = new Set<string>();
    if (settings.configPath) files.add(settings.configPath);
    for (const list of read.values()) for (const f of list) files.add(f);
    const wanted = [...files].filter((f) => !coveredByGlobs(f, ws.folders)).sort();
    const key = wanted.join("\0");
    if (key === watching) return;
    watching = key;
    watchers = watchers.then(async (previous) => {
      previous?.dispose();
      if (wanted.length === 0) return undefined;
      try {
        return await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: wanted.map((f) => watcherFor(f, relativePatterns)) });
      } catch (e) {
        log(`innolint: cannot watch ${wanted.join(", ")}: ${(e as Error)?.message ?? e}`);
        return undefined;
      }
    });
  }

  function relintAll(): void {
    generation++;
    project.reset();
    for (const doc of documents.all()) schedule(doc.uri, 0);
  }

  async function current(uri: string, token?: CancellationToken): Promise<Analysis | undefined> {
    const doc = documents.get(uri);
    if (!doc) return undefined;
    const a = await analysisOf(doc);
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, "cancelled");
    return a;
  }

  /** The target for completion: the lint's, or (when the lint produced none) the same precedence without the file. */
  function targetFor(a: Analysis): Target | undefined {
    if (a.target) return a.target;
    try {
      const opts: LintOptions = {};
      if (settings.target) opts.target = settings.target;
      if (settings.configPath) opts.configPath = settings.configPath;
      return resolveTarget(undefined, opts, configFor(a.file, opts));
    } catch {
      return undefined;
    }
  }

  connection.onInitialize((params): InitializeResult => {
    const init = (params.initializationOptions ?? {}) as InitOptions;
    for (const f of params.workspaceFolders ?? []) {
      const p = uriToPath(f.uri);
      if (p) ws.folders.push(p);
    }
    if (ws.folders.length === 0 && params.rootUri) {
      const p = uriToPath(params.rootUri);
      if (p) ws.folders.push(p);
    }
    if (init.trusted === false) ws.trusted = false;
    if (typeof init.debounceMs === "number") debounceMs = init.debounceMs;
    settings = withDefaults(readSettings(init.settings, ws.folders));
    canRegisterWatchers = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    relativePatterns = params.capabilities.workspace?.didChangeWatchedFiles?.relativePatternSupport === true;
    canPullConfiguration = params.capabilities.workspace?.configuration === true;
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        completionProvider: { triggerCharacters: ["[", "="], resolveProvider: true },
        codeActionProvider: { codeActionKinds: ["quickfix"] },
        executeCommandProvider: { commands: [OPEN_DOCS_COMMAND] },
      },
      serverInfo: { name: "innolint" },
    };
  });

  connection.onShutdown(() => {
    shutDown = true;
    for (const t of timers.values()) clearTimeout(t);
    timers.clear();
  });

  connection.onInitialized(() => {
    if (canRegisterWatchers) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: WATCHED_GLOBS.map((globPattern) => ({ globPattern })) })
        .catch((e: unknown) => log(`innolint: cannot watch files: ${(e as Error)?.message ?? e}`));
      watchFiles();
    }
  });

  connection.onDidChangeConfiguration(async (params) => {
    const raw = (params.settings as { innolint?: unknown } | null | undefined)?.innolint;
    if (raw !== undefined) settings = withDefaults(readSettings(raw, ws.folders));
    else if (canPullConfiguration) {
      try {
        settings = withDefaults(readSettings(await connection.workspace.getConfiguration("innolint"), ws.folders));
      } catch {
        /* keep the settings we have */
      }
    }
    clearConfigCache();
    watchFiles();
    relintAll();
  });

  connection.onNotification(TRUST_NOTIFICATION, (params: { trusted?: boolean }) => {
    ws.trusted = params?.trusted !== false;
    relintAll();
  });

  connection.onDidChangeWatchedFiles((params) => {
    const changed = params.changes.map((c) => uriToPath(c.uri)).filter((p): p is string => p !== undefined);
    if (changed.some((p) => p.endsWith(CONFIG_FILE_NAME)) || (settings.configPath && changed.includes(settings.configPath))) {
      clearConfigCache();
      relintAll();
      return;
    }
    generation++;
    project.filesChanged(changed);
    for (const doc of documents.all()) {
      const hit = cache.get(doc.uri);
      hit?.promise.then((a) => {
        const deps = a.dependencies;
        if (changed.some((p) => deps.has(p) || deps.has(dirname(p)))) schedule(doc.uri, 0);
      });
    }
  });

  // Fires on open too: the first lint of a document runs at once, edits after it are debounced.
  documents.onDidChangeContent((e) => {
    const uri = e.document.uri;
    schedule(uri, published.has(uri) || timers.has(uri) ? debounceMs : 0);
  });
  documents.onDidSave((e) => {
    // A saved option file may be included by another open document.
    const p = uriToPath(e.document.uri);
    if (!p) return;
    for (const doc of documents.all()) {
      if (doc.uri === e.document.uri) continue;
      cache.get(doc.uri)?.promise.then((a) => {
        if (a.dependencies.has(p) || a.dependencies.has(dirname(p))) {
          generation++;
          schedule(doc.uri, 0);
        }
      });
    }
  });
  documents.onDidClose((e) => {
    clearTimeout(timers.get(e.document.uri));
    timers.delete(e.document.uri);
    cache.delete(e.document.uri);
    published.delete(e.document.uri);
    read.delete(e.document.uri);
    watchFiles();
    const file = uriToPath(e.document.uri);
    if (file) project.closeDocument(resolve(file));
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onHover(async (params, token) => {
    const a = await current(params.textDocument.uri, token);
    if (!a) return null;
    const value = hoverMarkdown(a, fromLspPosition(params.position));
    return value ? { contents: { kind: MarkupKind.Markdown, value } } : null;
  });

  connection.onCompletion(async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    const a = await current(params.textDocument.uri, token);
    if (!doc || !a || a.kind !== "option-file") return [];
    const target = targetFor(a);
    if (!target) return [];
    const line = doc.getText({ start: { line: params.position.line, character: 0 }, end: params.position });
    return complete(line, target);
  });
  connection.onCompletionResolve((item) => {
    try {
      return resolveCompletion(item);
    } catch {
      return item;
    }
  });

  connection.onCodeAction(async (params, token) => {
    const a = await current(params.textDocument.uri, token);
    if (!a) return [];
    return codeActions(a, params.context.diagnostics);
  });

  connection.onExecuteCommand(async (params) => {
    if (params.command === OPEN_DOCS_COMMAND) {
      const url = params.arguments?.[1];
      if (typeof url === "string") {
        try {
          await connection.window.showDocument({ uri: url, external: true });
        } catch (e) {
          log(`innolint: cannot open ${url}: ${(e as Error)?.message ?? e}`);
        }
      }
      return url ?? null;
    }
    return null;
  });

  connection.onRequest(RULE_DOC_REQUEST, async (params: { id?: string; uri?: string; position?: { line: number; character: number } }) => {
    let id = params?.id;
    if (!id && params?.uri && params.position) {
      const a = await current(params.uri);
      if (a) id = ruleAt(a, fromLspPosition(params.position));
    }
    return id ? (ruleDocResult(id) ?? null) : null;
  });

  connection.onRequest(SIMULATE_REQUEST, async (params: { uri: string; position: { line: number; character: number } }) => {
    const a = await current(params.uri);
    if (!a) return { error: "the document is not open" };
    return simulateAt(a, fromLspPosition(params.position));
  });

  connection.onRequest(EFFECTIVE_CONFIG_REQUEST, async (params: { uri: string }) => {
    const a = await current(params.uri);
    if (!a) return { error: "the document is not open" };
    return effectiveConfig(a);
  });

  documents.listen(connection);
  connection.listen();

  return {
    async analysis(uri) {
      const doc = documents.get(uri);
      return doc ? analysisOf(doc) : undefined;
    },
    relintAll,
  };
}

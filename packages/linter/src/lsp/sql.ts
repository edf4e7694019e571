/** SQL documents go through the engine's SQL entry point, with the schema the migrations beside them build. */
import { configFor, lintOptionFile, lintSqlFile, readSqlText, resolveTarget, type LintOptions, type LintOutcome } from "../engine.js";
import type { OptionFileError } from "../optionfile/model.js";
import type { OptionFacts } from "../optionfile/rules/facts.js";
import { MigrationHistory } from "../sql/history.js";
import { SqlDocumentCache } from "../sql/incremental.js";
import { Schema } from "../sql/schema.js";

let history = new MigrationHistory((path) => readSqlText(path, {}).text);
const serverConfigs = new Map<string, Promise<ServerConfig>>();
/** Open documents, by path: what their next lint can reuse. */
const documents = new Map<string, SqlDocumentCache>();

/**
 * Forget parsed migrations and option files (a file changed on disk, or the settings did). Open
 * documents keep their trees and facts, which depend on their text alone; their findings are
 * recomputed, as the history they were found against is a new one.
 */
export function resetSqlState(): void {
  history = new MigrationHistory((path) => readSqlText(path, {}).text);
  serverConfigs.clear();
}

/** A document was closed: free what its lints kept. */
export function closeSqlDocument(file: string): void {
  documents.get(file)?.dispose();
  documents.delete(file);
}

interface ServerConfig {
  facts?: OptionFacts;
  /** The option file and every file reading it opened: its change makes the facts stale. */
  files: string[];
  /** What an untrusted workspace kept innolint from reading. */
  notFollowed: OptionFileError[];
}

/** The option file .innolint.json names ("optionFile"), linted once: the server configuration SQL rules read. */
function serverConfigFor(file: string, options: LintOptions): Promise<ServerConfig> {
  let optionFile: string | undefined;
  try {
    optionFile = configFor(file, options)?.optionFile;
  } catch {
    optionFile = undefined;
  }
  if (!optionFile) return Promise.resolve({ files: [], notFollowed: [] });
  const opts: LintOptions = { impact: false };
  if (options.cwd) opts.cwd = options.cwd;
  if (options.target) opts.target = options.target;
  if (options.configPath) opts.configPath = options.configPath;
  if (options.includeRoots) opts.includeRoots = options.includeRoots;
  const key = JSON.stringify([optionFile, opts]);
  let config = serverConfigs.get(key);
  if (!config) {
    const path = optionFile;
    config = lintOptionFile(path, opts).then((l) => ({
      ...(l.facts ? { facts: l.facts } : {}),
      files: [...new Set([path, ...l.set.files.map((f) => f.path), ...l.set.files.flatMap((f) => f.includes.map((i) => i.resolved))])],
      notFollowed: l.set.errors.filter((e) => e.kind === "not-followed"),
    }));
    serverConfigs.set(key, config);
  }
  return config;
}

/**
 * A SQL document's lint, the files besides it that the lint read (the server's option file), and
 * what of that option file an untrusted workspace kept innolint from reading.
 */
export async function lintSqlDocument(file: string, options: LintOptions): Promise<{ outcome: LintOutcome; read: string[]; notFollowed: OptionFileError[] }> {
  let document = documents.get(file);
  if (!document) {
    document = new SqlDocumentCache();
    documents.set(file, document);
  }
  let schema = new Schema();
  let schemaOrigin: object | undefined;
  try {
    ({ schema, origin: schemaOrigin } = await history.schemaAndOrigin(file, resolveTarget(undefined, options, configFor(file, options))));
  } catch {
    // A bad target or configuration is reported by lintSqlFile itself.
  }
  const { facts: serverConfig, files, notFollowed } = await serverConfigFor(file, options);
  const outcome = await lintSqlFile(file, options, { schema, document, ...(schemaOrigin ? { schemaOrigin } : {}), ...(serverConfig ? { serverConfig } : {}) });
  return { outcome, read: files, notFollowed };
}

/** SQL documents go through the engine's SQL entry point, with the schema the migrations beside them build. */
import { configFor, lintOptionFile, lintSqlFile, readSqlText, resolveTarget, type LintOptions, type LintOutcome } from "../engine.js";
import type { OptionFacts } from "../optionfile/rules/facts.js";
import { MigrationHistory } from "../sql/history.js";
import { Schema } from "../sql/schema.js";

let history = new MigrationHistory((path) => readSqlText(path, {}).text);
const serverConfigs = new Map<string, Promise<OptionFacts | undefined>>();

/** Forget parsed migrations and option files (a file changed on disk, or the settings did). */
export function resetSqlState(): void {
  history = new MigrationHistory((path) => readSqlText(path, {}).text);
  serverConfigs.clear();
}

/** The option file .innolint.json names ("optionFile"), linted once: the server configuration SQL rules read. */
function serverConfigFor(file: string, options: LintOptions): Promise<OptionFacts | undefined> {
  let optionFile: string | undefined;
  try {
    optionFile = configFor(file, options)?.optionFile;
  } catch {
    optionFile = undefined;
  }
  if (!optionFile) return Promise.resolve(undefined);
  let facts = serverConfigs.get(optionFile);
  if (!facts) {
    const opts: LintOptions = { impact: false };
    if (options.cwd) opts.cwd = options.cwd;
    if (options.target) opts.target = options.target;
    if (options.configPath) opts.configPath = options.configPath;
    facts = lintOptionFile(optionFile, opts).then((l) => l.facts);
    serverConfigs.set(optionFile, facts);
  }
  return facts;
}

export async function lintSqlDocument(file: string, options: LintOptions): Promise<LintOutcome> {
  let schema = new Schema();
  try {
    schema = await history.schemaBefore(file, resolveTarget(undefined, options, configFor(file, options)));
  } catch {
    // A bad target or configuration is reported by lintSqlFile itself.
  }
  const serverConfig = await serverConfigFor(file, options);
  return lintSqlFile(file, options, { schema, ...(serverConfig ? { serverConfig } : {}) });
}

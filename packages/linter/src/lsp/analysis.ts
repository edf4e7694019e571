/**
 * One lint per document version, through the same engine, configuration discovery and target
 * precedence as the CLI. The editor's buffer is fed to the engine as `text`, its rule severities
 * as `ruleOverrides` and an untrusted workspace's folders as `includeRoots`; nothing here
 * re-evaluates rules, severities or includes.
 */
import { sig2 } from "../figures.js";
import { dirname, resolve, sep } from "node:path";
import { lintOptionFile } from "../engine.js";
import type { FileKind, InputError, LintOptions, LintOutcome, StatementNote } from "../core.js";
import type { OptionFileLint } from "../engine.js";
import type { Finding } from "../finding.js";
import { kindFromContent, kindFromName } from "../files.js";
import type { OptionFile, OptionFileError } from "../optionfile/model.js";
import type { Target } from "../target.js";
import type { RuleSetting } from "../config.js";
import type { Project, ReplayProgress } from "../lint/project.js";
import { SQL_STREAM_ABOVE } from "../sql/stream.js";
import { EDITOR_HOST_SETTING, parseHostObject } from "../host.js";

export interface Settings {
  /** Like --target: a directive in the file wins over it, it wins over .innolint.json. */
  target?: string;
  /** Like --config: this file instead of discovery. */
  configPath?: string;
  /** Editor-level severities laid over the configuration's. */
  rules: Record<string, RuleSetting>;
  /** Append the impact summary to diagnostic messages. */
  showImpact: boolean;
  /** `innolint.host` as given: {memory, cpus, storage}, like --host-*; checked when a document is linted. */
  host?: unknown;
}

export const DEFAULT_SETTINGS: Settings = { rules: {}, showImpact: true };

export interface WorkspaceState {
  /** Absolute paths of the workspace folders. */
  folders: string[];
  /** VS Code's workspace trust; other editors have none and count as trusted. */
  trusted: boolean;
}

export interface Analysis {
  uri: string;
  version: number;
  file: string;
  kind: FileKind;
  text: string;
  /** The option-file front end's result (set, facts) when the document is an option file. */
  lint?: OptionFileLint;
  /** Findings in this document. */
  findings: Finding[];
  /** What each online-DDL statement of this document does on the target. */
  onlineDdl: StatementNote[];
  /** Findings the engine reported against files this one includes. */
  elsewhere: Finding[];
  errors: InputError[];
  /**
   * The option-file reader's errors with range and severity: an option file's own, or for a SQL
   * document the includes of its server's option file an untrusted workspace did not follow.
   */
  readerErrors: OptionFileError[];
  target?: Target;
  /** Files and directories whose change makes this analysis stale. */
  dependencies: Set<string>;
  /**
   * Files besides the document that the lint read and whose change the server must hear of:
   * included option files, the option file a configuration names.
   */
  watch: string[];
}

export function documentKind(file: string, languageId: string, text: string): FileKind {
  if (languageId === "sql") return "sql";
  if (languageId === "mysql-option-file" || languageId === "ini") return "option-file";
  return kindFromName(file) ?? kindFromContent(text.slice(0, 65536));
}

function under(path: string, roots: string[]): boolean {
  return roots.some((r) => path === r || path.startsWith(r.endsWith(sep) ? r : r + sep));
}

/** The directory relative !include paths resolve against: the workspace folder holding the file, else its directory. */
export function includeCwd(file: string, ws: WorkspaceState): string {
  const folder = ws.folders.filter((f) => under(file, [f])).sort((a, b) => b.length - a.length)[0];
  return folder ?? dirname(file);
}

/** Documents above this many characters are not linted in the editor (the CLI streams files this large). */
export const EDITOR_MAX_CHARS = SQL_STREAM_ABOVE;

export interface AnalyzeInput {
  uri: string;
  version: number;
  file: string;
  languageId: string;
  text: string;
}

export async function analyze(doc: AnalyzeInput, settings: Settings, ws: WorkspaceState, project: Project, progress?: ReplayProgress): Promise<Analysis> {
  const file = resolve(doc.file);
  const kind = documentKind(file, doc.languageId, doc.text);
  const cwd = includeCwd(file, ws);
  const options: LintOptions = { cwd, text: doc.text, ruleOverrides: settings.rules };
  if (settings.target) options.target = settings.target;
  if (settings.configPath) options.configPath = settings.configPath;
  if (!ws.trusted) options.includeRoots = ws.folders;
  const host = settings.host === undefined ? undefined : parseHostObject(settings.host);
  if (host && Object.keys(host.values).length) options.host = { values: host.values, source: EDITOR_HOST_SETTING };
  const hostErrors = (host?.problems ?? []).map((p) => ({ file: EDITOR_HOST_SETTING, message: p.message }));
  const base = { uri: doc.uri, version: doc.version, file, kind, text: doc.text };
  const analysis: Analysis = { ...base, findings: [], onlineDdl: [], elsewhere: [], errors: [], readerErrors: [], dependencies: new Set([file]), watch: [] };
  // A parse tree takes about 20 bytes per byte of SQL and the editor keeps it between edits: a
  // document the CLI would stream is not linted here, and says so, instead of exhausting the heap.
  if (doc.text.length > EDITOR_MAX_CHARS) {
    analysis.errors = [
      {
        file,
        line: 1,
        message: `the document is ${sig2(doc.text.length / 2 ** 20)} MB, above the editor's ${EDITOR_MAX_CHARS / 2 ** 20} MB limit: it is not linted here; run innolint on the file, which reads it in windows`,
      },
    ];
    return analysis;
  }

  let outcome: LintOutcome;
  if (kind === "sql") {
    analysis.dependencies.add(dirname(file)); // the migrations beside it build its schema
    const lint = await project.lintDocument(file, options, progress);
    outcome = lint.outcome;
    for (const f of lint.read) analysis.dependencies.add(f);
    analysis.watch = lint.read;
    analysis.readerErrors = lint.notFollowed;
  } else {
    const lint = await lintOptionFile(file, options);
    analysis.lint = lint;
    outcome = lint.outcome;
    // An include not followed is a finding of its own (include-not-followed) once the file is read.
    analysis.readerErrors = lint.outcome.result ? lint.set.errors.filter((e) => e.kind !== "not-followed") : lint.set.errors;
    for (const f of lint.set.files) {
      analysis.dependencies.add(f.path);
      for (const inc of f.includes) analysis.dependencies.add(inc.resolved);
    }
    for (const e of lint.set.errors) analysis.dependencies.add(e.file);
    analysis.watch = lint.set.files.map((f) => f.path).filter((f) => f !== file);
  }
  analysis.errors = [...hostErrors, ...outcome.errors];
  if (outcome.result) {
    analysis.target = outcome.result.target;
    for (const f of outcome.result.files) analysis.dependencies.add(f);
    for (const f of outcome.result.findings) (f.file === file ? analysis.findings : analysis.elsewhere).push(f);
    analysis.onlineDdl = outcome.result.onlineDdl ?? [];
  }
  return analysis;
}

export function rootFile(a: Analysis): OptionFile | undefined {
  return a.lint?.set.files.find((f) => f.path === a.file);
}

/**
 * One lint per document version, through the same engine, configuration discovery and target
 * precedence as the CLI. The editor's buffer is fed to the engine as `text`; nothing here
 * re-evaluates rules.
 */
import { readdirSync, realpathSync } from "node:fs";
import { dirname, resolve, sep } from "node:path";
import { lintOptionFile } from "../engine.js";
import type { FileKind, InputError, LintOptions, LintOutcome, OptionFileLint } from "../engine.js";
import type { Finding } from "../finding.js";
import { kindFromContent, kindFromName } from "../files.js";
import { readOptionFiles, type OptionFile, type OptionFileError } from "../optionfile/model.js";
import type { Target } from "../target.js";
import type { RuleSetting } from "../config.js";
import { lintSqlDocument } from "./sql.js";

export interface Settings {
  /** Like --target: a directive in the file wins over it, it wins over .innolint.json. */
  target?: string;
  /** Like --config: this file instead of discovery. */
  configPath?: string;
  /** Editor-level severities laid over the configuration's. */
  rules: Record<string, RuleSetting>;
  /** Append the impact summary to diagnostic messages. */
  showImpact: boolean;
}

export const DEFAULT_SETTINGS: Settings = { rules: {}, showImpact: true };

export interface WorkspaceState {
  /** Absolute paths of the workspace folders. */
  folders: string[];
  /** VS Code's workspace trust; other editors have none and count as trusted. */
  trusted: boolean;
}

export interface BlockedInclude {
  /** 1-based line of the directive in the document. */
  line: number;
  path: string;
}

export interface Analysis {
  uri: string;
  version: number;
  file: string;
  kind: FileKind;
  text: string;
  /** The option-file front end's result (set, facts) when the document is an option file. */
  lint?: OptionFileLint;
  /** Findings in this document, after the editor's severity overrides. */
  findings: Finding[];
  /** Findings the engine reported against files this one includes. */
  elsewhere: Finding[];
  errors: InputError[];
  /** The reader's errors with range and severity, for option files. */
  readerErrors: OptionFileError[];
  target?: Target;
  /** Files and directories whose change makes this analysis stale. */
  dependencies: Set<string>;
  /** Untrusted workspace: !include directives innolint did not follow. */
  blocked: BlockedInclude[];
}

export function documentKind(file: string, languageId: string, text: string): FileKind {
  if (languageId === "sql") return "sql";
  if (languageId === "mysql-option-file" || languageId === "ini") return "option-file";
  return kindFromName(file) ?? kindFromContent(text.slice(0, 65536));
}

function real(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}

function under(path: string, roots: string[]): boolean {
  return roots.some((r) => path === r || path.startsWith(r.endsWith(sep) ? r : r + sep));
}

/** Inside the workspace, also after following symbolic links. */
function inside(path: string, roots: string[]): boolean {
  return under(path, roots) && under(real(path), roots.map(real));
}

/** The directory relative !include paths resolve against: the workspace folder holding the file, else its directory. */
export function includeCwd(file: string, ws: WorkspaceState): string {
  const folder = ws.folders.filter((f) => under(file, [f])).sort((a, b) => b.length - a.length)[0];
  return folder ?? dirname(file);
}

class Blocked extends Error {
  readonly code = "EACCES";
}

/** Every path outside the workspace that reading `file` with `text` would open. Nothing outside is read. */
async function outsideReads(file: string, text: string | undefined, cwd: string, roots: string[]): Promise<string[]> {
  const attempted: string[] = [];
  await readOptionFiles(file, {
    cwd,
    readFile: (p) => {
      const abs = resolve(p);
      if (text !== undefined && abs === file) return Buffer.from(text);
      if (!inside(abs, roots)) {
        attempted.push(abs);
        throw new Blocked(`${abs} is outside the workspace`);
      }
      return undefined;
    },
  });
  return attempted;
}

/**
 * In an untrusted workspace, !include and !includedir lines of the document that lead outside the
 * workspace (directly or through what they include) are turned into comments of the same length
 * before the engine sees the text, so nothing outside is read and every position stays put.
 */
async function guardIncludes(file: string, text: string, cwd: string, ws: WorkspaceState): Promise<{ text: string; blocked: BlockedInclude[] }> {
  const roots = ws.folders;
  if ((await outsideReads(file, text, cwd, roots)).length === 0) return { text, blocked: [] };
  const own = await readOptionFiles(file, { cwd, readFile: (p) => (resolve(p) === file ? Buffer.from(text) : (() => { throw new Blocked("not read"); })()) });
  const root = own.files.find((f) => f.path === file);
  const lines = text.split("\n");
  const blocked: BlockedInclude[] = [];
  for (const inc of root?.includes ?? []) {
    let leaks = !inside(inc.resolved, roots);
    if (!leaks && inc.kind === "include") leaks = (await outsideReads(inc.resolved, undefined, cwd, roots)).length > 0;
    if (!leaks && inc.kind === "includedir") {
      let names: string[] = [];
      try {
        names = readdirSync(inc.resolved).filter((n) => n.endsWith(".cnf"));
      } catch {
        names = [];
      }
      for (const n of names) if ((await outsideReads(resolve(inc.resolved, n), undefined, cwd, roots)).length > 0) leaks = true;
    }
    if (!leaks) continue;
    const i = inc.range.start.line - 1;
    const line = lines[i];
    if (line === undefined) continue;
    const bang = line.indexOf("!");
    if (bang < 0) continue;
    lines[i] = line.slice(0, bang) + "#" + line.slice(bang + 1);
    blocked.push({ line: i + 1, path: inc.path });
  }
  return { text: lines.join("\n"), blocked };
}

export interface AnalyzeInput {
  uri: string;
  version: number;
  file: string;
  languageId: string;
  text: string;
}

export async function analyze(doc: AnalyzeInput, settings: Settings, ws: WorkspaceState): Promise<Analysis> {
  const file = resolve(doc.file);
  const kind = documentKind(file, doc.languageId, doc.text);
  const cwd = includeCwd(file, ws);
  const options: LintOptions = { cwd, text: doc.text };
  if (settings.target) options.target = settings.target;
  if (settings.configPath) options.configPath = settings.configPath;
  const base = { uri: doc.uri, version: doc.version, file, kind, text: doc.text };
  const analysis: Analysis = { ...base, findings: [], elsewhere: [], errors: [], readerErrors: [], dependencies: new Set([file]), blocked: [] };

  let outcome: LintOutcome;
  if (kind === "sql") {
    analysis.dependencies.add(dirname(file)); // the migrations beside it build its schema
    outcome = await lintSqlDocument(file, options);
  } else {
    if (!ws.trusted) {
      const guarded = await guardIncludes(file, doc.text, cwd, ws);
      options.text = guarded.text;
      analysis.blocked = guarded.blocked;
    }
    const lint = await lintOptionFile(file, options);
    analysis.lint = lint;
    outcome = lint.outcome;
    analysis.readerErrors = lint.set.errors;
    for (const f of lint.set.files) {
      analysis.dependencies.add(f.path);
      for (const inc of f.includes) analysis.dependencies.add(inc.resolved);
    }
    for (const e of lint.set.errors) analysis.dependencies.add(e.file);
  }
  analysis.errors = outcome.errors;
  if (outcome.result) {
    analysis.target = outcome.result.target;
    for (const f of outcome.result.files) analysis.dependencies.add(f);
    for (const f of applyOverrides(outcome.result.findings, settings)) (f.file === file ? analysis.findings : analysis.elsewhere).push(f);
  }
  return analysis;
}

/** The editor's rule severities, laid over the findings the engine produced. */
function applyOverrides(findings: Finding[], settings: Settings): Finding[] {
  const out: Finding[] = [];
  for (const f of findings) {
    const s = settings.rules[f.rule];
    if (s === "off") continue;
    out.push(s ? { ...f, severity: s } : f);
  }
  return out;
}

export function rootFile(a: Analysis): OptionFile | undefined {
  return a.lint?.set.files.find((f) => f.path === a.file);
}

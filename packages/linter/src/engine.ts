import { dirname, resolve } from "node:path";
import type { EngineSim } from "@innolint/engine-sim";
import { loadSimulator } from "./impact/simulator.js";
import { discoverConfig, loadConfig, type Config } from "./config.js";
import type { Finding, Severity } from "./finding.js";
import { loadRuleDocs } from "./knowledge.js";
import { readOptionFiles, type OptionFile, type OptionSet } from "./optionfile/model.js";
import { buildOptionFacts, type OptionFacts } from "./optionfile/rules/facts.js";
import { ENGINE_RULES, optionFileRules } from "./rules/registry.js";
import { toFinding, type Rule } from "./rules/types.js";
import { applySuppressions, parseDirectives, targetDirective, unusedSuppressions, type Comment } from "./suppression.js";
import { newestMysqlLts } from "./catalogue/index.js";
import { assumedTarget, parseTarget, TargetError, type Target } from "./target.js";

export type FileKind = "option-file" | "sql";

export interface InputError {
  file: string;
  line?: number;
  message: string;
}

export interface FileResult {
  file: string;
  kind: FileKind;
  target: Target;
  findings: Finding[];
  /** Files read to lint this one (the file itself and its includes). */
  files: string[];
}

export interface LintOptions {
  /** --target from the command line. */
  target?: string;
  /** An explicit configuration file; otherwise discovered upward from each file. */
  configPath?: string;
  noConfig?: boolean;
  /** Unsaved text for a path (stdin, an editor buffer). */
  text?: string;
  /** The working directory relative !include paths resolve against, as the server's would. */
  cwd?: string;
  /** Attach simulator impacts to findings (default true). */
  impact?: boolean;
}

export interface LintOutcome {
  result?: FileResult;
  errors: InputError[];
}

export function configFor(file: string, options: LintOptions): Config | undefined {
  if (options.noConfig) return undefined;
  if (options.configPath) return loadConfig(resolve(options.configPath));
  return discoverConfig(dirname(resolve(file)));
}

/** Target precedence: a directive in the file, then --target, then the config file, then the newest MySQL LTS. */
export function resolveTarget(directive: string | undefined, options: LintOptions, config: Config | undefined): Target {
  const label = directive ?? options.target ?? config?.target;
  return label ? parseTarget(label) : assumedTarget(newestMysqlLts() ?? "8.4");
}

export function optionFileComments(file: OptionFile): Comment[] {
  return file.comments.map((c) => ({ file: file.path, text: c.text, range: c.range }));
}

function runRules<F>(
  rules: Rule<F>[],
  facts: F,
  file: string,
  target: Target,
  config: Config | undefined,
  errors: InputError[],
  sim: EngineSim | undefined,
): Finding[] {
  const docs = loadRuleDocs();
  const findings: Finding[] = [];
  for (const rule of rules) {
    const doc = docs.get(rule.id);
    if (!doc) throw new Error(`rule ${rule.id} has no knowledge-base entry`);
    const setting = config?.rules[rule.id];
    if (setting?.severity === "off") continue;
    const options = { ...doc.options, ...setting?.options };
    const forced = setting?.severity as Severity | undefined;
    try {
      rule.check(facts, {
        doc,
        target,
        options,
        ...(sim ? { sim } : {}),
        report(r) {
          const finding = toFinding(doc, doc.severity, file, target, r);
          if (forced) finding.severity = forced;
          findings.push(finding);
        },
      });
    } catch (e) {
      errors.push({ file, message: `internal error in rule ${rule.id}: ${(e as Error).message}` });
    }
  }
  return findings;
}

function engineRuleEnabled(id: string, config: Config | undefined): Severity | undefined {
  const setting = config?.rules[id]?.severity;
  if (setting === "off") return undefined;
  return setting ?? loadRuleDocs().get(id)?.severity ?? "warning";
}

export function finishFindings(
  findings: Finding[],
  comments: Comment[],
  config: Config | undefined,
): Finding[] {
  const directives = parseDirectives(comments);
  const kept = applySuppressions(findings, directives);
  const unusedSeverity = engineRuleEnabled("unused-suppression", config);
  if (unusedSeverity) {
    const known = new Set([...loadRuleDocs().keys()]);
    for (const f of unusedSuppressions(directives, known)) kept.push({ ...f, severity: unusedSeverity });
  }
  return kept.sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      a.range.start.line - b.range.start.line ||
      a.range.start.column - b.range.start.column ||
      a.rule.localeCompare(b.rule),
  );
}

export interface OptionFileLint {
  set: OptionSet;
  facts?: OptionFacts;
  outcome: LintOutcome;
}

export async function lintOptionFile(path: string, options: LintOptions = {}): Promise<OptionFileLint> {
  const file = resolve(path);
  const errors: InputError[] = [];
  // Compiling the simulator overlaps with reading and parsing.
  const simulator = options.impact === false ? undefined : loadSimulator();
  let config: Config | undefined;
  try {
    config = configFor(file, options);
  } catch (e) {
    errors.push({ file: (e as { file?: string }).file ?? file, message: (e as Error).message });
  }
  const set = await readOptionFiles(file, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.text !== undefined ? { readFile: (p: string) => (resolve(p) === file ? Buffer.from(options.text as string) : undefined) } : {}),
  });
  for (const e of set.errors) errors.push({ file: e.file, ...(e.line !== undefined ? { line: e.line } : {}), message: e.message });
  const rootFile = set.files.find((f) => f.path === file);
  if (!rootFile) return { set, outcome: { errors } };
  const comments = set.files.flatMap(optionFileComments);
  let target: Target;
  try {
    target = resolveTarget(targetDirective(optionFileComments(rootFile))?.label, options, config);
  } catch (e) {
    if (!(e instanceof TargetError)) throw e;
    errors.push({ file, message: e.message });
    return { set, outcome: { errors } };
  }
  const facts = buildOptionFacts(file, set, target);
  const sim = await simulator;
  const findings = runRules(optionFileRules, facts, file, target, config, errors, sim);
  return {
    set,
    facts,
    outcome: {
      errors,
      result: {
        file,
        kind: "option-file",
        target,
        findings: finishFindings(findings, comments, config),
        files: set.files.map((f) => f.path),
      },
    },
  };
}

export const ALL_RULE_IDS = (): string[] => [...optionFileRules.map((r) => r.id), ...ENGINE_RULES];

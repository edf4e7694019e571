import { resolve } from "node:path";
import type { EngineSim } from "@innolint/engine-sim";
import { loadSimulator } from "./impact/simulator.js";
import { ruleInternalError } from "./internal.js";
import { ConfigError, type Config } from "./config.js";
import { remembered } from "./memo.js";
import { configFor, configForRun, resolveTarget } from "./context.js";
import type { InputError, LintOptions, LintOutcome } from "./core.js";
import type { Finding, OnlineDdlNote, Severity } from "./finding.js";
import { loadRuleDocs } from "./knowledge.js";
import { includeScope } from "./lint/includes.js";
import { readOptionFiles, type OptionFile, type OptionSet } from "./optionfile/model.js";
import { buildOptionFacts, type OptionFacts } from "./optionfile/rules/facts.js";
import { driftRules, ENGINE_RULES, liveConfigRules, optionFileRules, scriptRules, setStatementRules, sqlStatementRules } from "./rules/registry.js";
import type { LiveContext } from "./live/context.js";
import { extractFacts } from "./sql/facts.js";
import type { SqlFacts, UnresetDelimiter } from "./sql/types.js";
import type { SqlDocumentCache } from "./sql/incremental.js";
import { runSqlRules, SqlRuleRunner } from "./sql/lint.js";
import { SQL_STREAM_ABOVE, streamSqlFacts, streamsFile } from "./sql/stream.js";
import type { Schema } from "./sql/schema.js";
import { readSqlText, SQL_MAX_BYTES } from "./sql/read.js";
import { commentFingerprint, fingerprintByRange, lineFingerprint, optionFingerprint } from "./fingerprint.js";
import { toFinding, type Rule } from "./rules/types.js";
import { applySuppressions, parseDirectives, targetDirective, unusedSuppressions, type Comment } from "./suppression.js";
import { lookupVariable } from "./catalogue/index.js";
import { TargetError, type Target } from "./target.js";
import { append } from "./arrays.js";
import { hostDirective, type Host, type HostValues } from "./host.js";
import { hostFor } from "./host-context.js";
import { assessAlter, onlineDdlNote } from "./ddl/estimate.js";
import type { SqlStatementFacts } from "./sql/rules/context.js";
import { upgradeFindings, upgradeTarget, withUpgrade } from "./upgrade.js";

/** What every entry point starts with: the configuration (its error is an input error) and the simulator loading. */
function prepare(
  file: string,
  options: LintOptions,
  load: () => Config | undefined,
): { config?: Config; errors: InputError[]; simulator?: Promise<EngineSim | undefined> } {
  const errors: InputError[] = [];
  // Compiling the simulator overlaps with reading and parsing.
  const simulator = options.impact === false ? undefined : loadSimulator();
  try {
    const config = load();
    return { ...(config ? { config } : {}), errors, ...(simulator ? { simulator } : {}) };
  } catch (e) {
    // A configuration file's problems, each at the line of its key.
    if (e instanceof ConfigError) for (const p of e.problems) errors.push({ file: e.file, ...(p.line ? { line: p.line } : {}), message: p.message });
    else errors.push({ file: (e as { file?: string }).file ?? file, message: (e as Error).message });
    return { errors, ...(simulator ? { simulator } : {}) };
  }
}

/** The target, or undefined with the reason pushed onto `errors`. */
function targetOr(errors: InputError[], file: string, directive: string | undefined, options: LintOptions, config: Config | undefined): Target | undefined {
  try {
    return resolveTarget(directive, options, config);
  } catch (e) {
    if (!(e instanceof TargetError)) throw e;
    errors.push({ file, message: e.message });
    return undefined;
  }
}

export function optionFileComments(file: OptionFile): Comment[] {
  return file.comments.map((c) => ({ file: file.path, text: c.text, range: c.range }));
}

/** The host a SQL file's rules see: the server's option file may declare it (`# innolint-host:`), as when it is linted itself. */
function sqlHost(options: LintOptions, config: Config | undefined, serverConfig: OptionFacts | undefined): Host | undefined {
  const directive = serverConfig
    ? remembered(hostDirectives, serverConfig, () => {
        const root = serverConfig.live ? undefined : serverConfig.set.files.find((f) => f.path === serverConfig.root);
        return root ? hostDirective(optionFileComments(root))?.values : undefined;
      })
    : undefined;
  return hostFor(options, config, directive);
}

const hostDirectives = new WeakMap<OptionFacts, HostValues | undefined>();

/** Options of a rule the configuration leaves alone: one object, so rules resolve them once. */
const NO_OPTIONS: Readonly<Record<string, unknown>> = Object.freeze({});

function runRules<F>(
  rules: Rule<F>[],
  facts: F,
  file: string,
  target: Target,
  config: Config | undefined,
  errors: InputError[],
  sim: EngineSim | undefined,
  host?: Host,
): Finding[] {
  const docs = loadRuleDocs();
  const findings: Finding[] = [];
  for (const rule of rules) {
    const doc = docs.get(rule.id);
    if (!doc) throw new Error(`rule ${rule.id} has no knowledge-base entry`);
    const setting = config?.rules[rule.id];
    if (setting?.severity === "off") continue;
    const options = setting?.options ?? NO_OPTIONS;
    const forced = setting?.severity as Severity | undefined;
    const attempt = (withSim: EngineSim | undefined): Finding[] => {
      const out: Finding[] = [];
      rule.check(facts, {
        doc,
        target,
        options,
        ...(withSim ? { sim: withSim } : {}),
        ...(host ? { host } : {}),
        ...(config?.tables ? { tables: config.tables } : {}),
        report(r) {
          const finding = toFinding(doc, doc.severity, file, target, r);
          if (forced) finding.severity = forced;
          out.push(finding);
        },
      });
      return out;
    };
    try {
      append(findings, attempt(sim));
    } catch (e) {
      // Impacts never decide whether a rule fires: if the rule fails with the simulator (an
      // estimate refused its inputs), its findings come without impacts.
      let recovered = false;
      if (sim) {
        try {
          append(findings, attempt(undefined));
          recovered = true;
        } catch {
          recovered = false;
        }
      }
      if (!recovered) errors.push(ruleInternalError(file, rule.id, e));
    }
  }
  return findings;
}

/**
 * Suppressions applied, hidden rules' findings dropped, unused suppression comments reported, and
 * every finding fingerprinted and sorted. `reportUnused`: false when only some rules ran, so a
 * directive for another rule is not unused.
 */
export function finishFindings(
  findings: Finding[],
  comments: Comment[],
  config: Config | undefined,
  at: { file: string; target: Target; errors: InputError[] },
  reportUnused = true,
): Finding[] {
  const directives = parseDirectives(comments);
  // Hidden rules' findings go after suppression: the comments that suppress them stay used.
  const kept = applySuppressions(findings, directives).filter((f) => !config?.rules[f.rule]?.hidden);
  if (reportUnused) {
    const unusedDirectives = unusedSuppressions(directives, new Set([...loadRuleDocs().keys()]));
    if (unusedDirectives.length > 0) {
      const found = runRules(scriptRules, { file: at.file, unusedDirectives }, at.file, at.target, config, at.errors, undefined);
      append(
        kept,
        found.filter((f) => !config?.rules[f.rule]?.hidden),
      );
    }
  }
  // Comments are hashed only for findings that have no fingerprint yet (most files have none).
  if (kept.some((f) => f.fingerprint === undefined))
    fingerprintByRange(
      kept,
      comments.map((c) => ({ file: c.file, range: c.range, fingerprint: commentFingerprint(c.text) })),
    );
  for (const f of kept) f.fingerprint ??= lineFingerprint(`${f.rule} ${f.message}`);
  return kept.sort(
    (a, b) =>
      a.file.localeCompare(b.file) || a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column || a.rule.localeCompare(b.rule),
  );
}

export interface OptionFileLint {
  set: OptionSet;
  facts?: OptionFacts;
  outcome: LintOutcome;
}

/** `only: "drift"` runs config-drift alone (`innolint live --defaults-file`); it needs `options.live`. */
export async function lintOptionFile(path: string, options: LintOptions = {}, only?: "drift"): Promise<OptionFileLint> {
  const file = resolve(path);
  const { config, errors, simulator } = prepare(file, options, () => configFor(file, options));
  const set = await readOptionFiles(file, {
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...includeScope(file, options, config),
    ...(options.text !== undefined ? { readFile: (p: string) => (resolve(p) === file ? Buffer.from(options.text as string) : undefined) } : {}),
  });
  const rootFile = set.files.find((f) => f.path === file);
  // An include not followed is information (rule include-not-followed), not an input error.
  for (const e of set.errors)
    if (!(rootFile && e.kind === "not-followed")) errors.push({ file: e.file, ...(e.line !== undefined ? { line: e.line } : {}), message: e.message });
  if (!rootFile) return { set, outcome: { errors } };
  const comments = set.files.flatMap(optionFileComments);
  const target = targetOr(errors, file, targetDirective(optionFileComments(rootFile))?.label, options, config);
  if (!target) return { set, outcome: { errors } };
  const facts = buildOptionFacts(file, set, target);
  // Like innolint-target, only the linted file's own comments say what it runs on.
  const directive = hostDirective(optionFileComments(rootFile));
  for (const p of directive?.problems ?? []) errors.push({ file: p.file, line: p.range.start.line, message: p.message });
  const host = hostFor(options, config, directive?.values);
  let upgradeTo: Target | undefined;
  try {
    upgradeTo = options.upgradeTo && only === undefined ? upgradeTarget(options.upgradeTo, target) : undefined;
  } catch (e) {
    if (!(e instanceof TargetError)) throw e;
    errors.push({ file, message: e.message });
    return { set, outcome: { errors } };
  }
  if (upgradeTo) withUpgrade(facts, upgradeTo);
  const sim = await simulator;
  const findings = only === "drift" ? [] : runRules(optionFileRules, facts, file, target, config, errors, sim, host);
  if (facts.upgrade && upgradeTo) {
    const at = upgradeTo;
    append(
      findings,
      upgradeFindings(facts.upgrade, findings, optionFileRules, (rules, f) => runRules(rules, f, file, at, config, errors, sim, host)),
    );
  }
  if (options.live) append(findings, runRules(driftRules, { file: facts, live: options.live }, file, target, config, errors, sim));
  fingerprintOptionFindings(findings, set);
  return {
    set,
    facts,
    outcome: {
      errors,
      result: {
        file,
        kind: "option-file",
        target,
        findings: finishFindings(findings, comments, config, { file, target, errors }, only === undefined),
        files: set.files.map((f) => f.path),
      },
    },
  };
}

/** An option-file finding is about the option on its line; on any other line, about that line's text. */
function fingerprintOptionFindings(findings: Finding[], set: OptionSet): void {
  const entries = new Map(set.entries.map((e) => [`${e.file}\0${e.line}`, e]));
  const lines = new Map<string, string[]>();
  for (const f of findings) {
    if (f.fingerprint) continue;
    const entry = entries.get(`${f.file}\0${f.range.start.line}`);
    if (entry) {
      f.fingerprint = optionFingerprint(entry);
      continue;
    }
    let text = lines.get(f.file);
    if (!text) {
      text = set.files.find((x) => x.path === f.file)?.text.split(/\r?\n/) ?? [];
      lines.set(f.file, text);
    }
    const line = text[f.range.start.line - 1];
    if (line !== undefined) f.fingerprint = lineFingerprint(line);
  }
}

export const ALL_RULE_IDS = (): string[] => [
  ...optionFileRules.map((r) => r.id),
  ...sqlStatementRules.map((r) => r.id),
  ...driftRules.map((r) => r.id),
  ...ENGINE_RULES,
];

/**
 * A live server's running configuration, judged by the option-file rules that judge values. The
 * findings are located in the server's synthetic option-file view (`live.file`, text `live.text`).
 * Configuration is discovered from the working directory, as there is no file to start from.
 */
export async function lintLiveConfig(live: LiveContext, options: LintOptions): Promise<LintOutcome> {
  const { config, errors, simulator } = prepare(live.file, options, () => configForRun(options));
  const target = targetOr(errors, live.file, undefined, options, config);
  if (!target) return { errors };
  const sim = await simulator;
  const findings = runRules(liveConfigRules, live.configFor(target), live.file, target, config, errors, sim, hostFor(options, config)).map((f) =>
    liveFix(f, live, target),
  );
  return {
    errors,
    result: { file: live.file, kind: "option-file", target, findings: finishFindings(findings, [], config, { file: live.file, target, errors }), files: [] },
  };
}

/**
 * A fix that edits a line of the server's synthetic view cannot be applied to a file: it becomes
 * advice to change the running value (SET GLOBAL when the variable is dynamic) and the option file.
 */
function liveFix(f: Finding, live: LiveContext, target: Target): Finding {
  const edit = f.fix?.edits.find((e) => e.file === live.file);
  const name = edit && live.variableAt(edit.range.start.line);
  if (!f.fix || !edit || !name) return f;
  const value = edit.newText.includes("=") ? edit.newText.split("=").pop()!.trim() : edit.newText;
  const lookup = lookupVariable(target, name);
  const how =
    lookup.status === "known" && lookup.facts.dynamic
      ? `SET GLOBAL ${name} = ${value}, and set it in the option file so that a restart keeps it`
      : `set ${name} = ${value} in the option file and restart the server (the variable is not dynamic)`;
  return { ...f, fix: { description: `${f.fix.description}: ${how}`, safety: "display-only", edits: [] } };
}

export { SQL_MAX_BYTES, readSqlText };
export { SQL_STREAM_ABOVE };

export interface SqlContext {
  /** The schema the migrations before this file build; the file's statements are applied to it. */
  schema: Schema;
  /** Parses through a cache shared with the migration history, so each file is parsed once. */
  parse?: (file: string, text: string, target: Target) => Promise<SqlFacts>;
  /** The server's configuration from an option file, when one is known. */
  serverConfig?: OptionFacts;
  /**
   * The same document linted before (an editor buffer): parsed incrementally, and statements whose
   * text and tables are unchanged keep their facts and findings. Used instead of `parse`; `schema`
   * is then left applied only as far as the last statement whose rules ran.
   */
  document?: SqlDocumentCache;
  /**
   * What `schema` was copied from: equal origins (by identity) mean equal schemas. Without it a
   * document's findings are not kept across lints.
   */
  schemaOrigin?: object;
}

export async function lintSqlFile(path: string, options: LintOptions, context: SqlContext): Promise<LintOutcome & { text?: string }> {
  const file = resolve(path);
  const { config, errors, simulator } = prepare(file, options, () => configFor(file, options));
  if (streamsFile(file, options)) return lintSqlStream(file, options, context, config, errors, simulator);
  const read = readSqlText(file, options);
  if (read.error) return { errors: [...errors, read.error] };
  const text = read.text as string;
  let target: Target;
  let sql: SqlFacts;
  try {
    const document = context.document;
    const parse = document
      ? (_f: string, t: string, tg: Target) => document.facts(t, tg)
      : (context.parse ?? ((f: string, t: string, tg: Target) => extractFacts(f, t, tg)));
    target = resolveTarget(undefined, options, config);
    sql = await parse(file, text, target);
    const directive = targetDirective(sql.comments.map((c) => ({ file, text: c.text, range: c.range })));
    if (directive) {
      target = resolveTarget(directive.label, options, config);
      sql = await parse(file, text, target);
    }
  } catch (e) {
    if (!(e instanceof TargetError)) throw e;
    return { errors: [...errors, { file, message: e.message }], text };
  }
  const scriptFindings: Finding[] = [];
  for (const err of sql.errors) {
    if (err.rule) scriptFindings.push(...scriptProblemFinding(err, file, target, config, errors));
    else errors.push({ file, line: err.range.start.line, message: err.message });
  }
  const sim = await simulator;
  // Everything besides the statements that the rules' findings depend on.
  const memo =
    context.document && context.schemaOrigin
      ? context.document.findings([file, target.label, JSON.stringify(config ?? null), context.serverConfig, context.schemaOrigin, sim])
      : undefined;
  const { findings, notes } = runSqlRules({
    file,
    sql,
    target,
    schema: context.schema,
    config: context.serverConfig,
    ...(options.live ? { live: options.live } : {}),
    ...(options.changedFiles ? { changedFiles: options.changedFiles } : {}),
    ...(config?.tables ? { tableSizes: config.tables } : {}),
    statementRules: sqlStatementRules,
    setRules: setStatementRules,
    run: (rules, facts) => runRules(rules, facts, file, target, config, errors, sim, sqlHost(options, config, context.serverConfig)),
    describe: (facts) => describeOnlineDdl(facts, sim),
    ...(memo ? { memo, ruleErrors: errors } : {}),
  });
  const comments = sql.comments.map((c) => ({ file, text: c.text, range: c.range }));
  return {
    errors,
    text,
    result: {
      file,
      kind: "sql",
      target,
      findings: finishFindings([...findings, ...scriptFindings], comments, config, { file, target, errors }),
      files: [file],
      ...(notes.length > 0 ? { onlineDdl: notes } : {}),
    },
  };
}

/**
 * A script problem the mysql client itself tolerates (a DELIMITER left changed) is its rule's
 * finding, not an input error: the file runs.
 */
function scriptProblemFinding(problem: UnresetDelimiter, file: string, target: Target, config: Config | undefined, errors: InputError[]): Finding[] {
  return runRules(scriptRules, { file, unresetDelimiter: { delimiter: problem.delimiter, range: problem.range } }, file, target, config, errors, undefined);
}

class TargetChange extends Error {
  constructor(readonly label: string) {
    super(`innolint-target ${label}`);
  }
}

/**
 * A large SQL file, window by window: rules run on each window's statements as they come, and only
 * findings, comments and the schema outlive a window. No text is kept (code frames go without).
 */
async function lintSqlStream(
  file: string,
  options: LintOptions,
  context: SqlContext,
  config: Config | undefined,
  errors: InputError[],
  simulator: Promise<EngineSim | undefined> | undefined,
): Promise<LintOutcome & { text?: string }> {
  const first = targetOr(errors, file, undefined, options, config);
  if (!first) return { errors };
  let target: Target = first;
  const sim = await simulator;
  const schemaBefore = context.schema.clone();
  for (let attempt = 0; ; attempt++) {
    const runErrors: InputError[] = [];
    const scriptFindings: Finding[] = [];
    const comments: Comment[] = [];
    const schema = attempt === 0 ? context.schema : schemaBefore.clone();
    const runner = new SqlRuleRunner({
      file,
      target,
      schema,
      config: context.serverConfig,
      ...(options.live ? { live: options.live } : {}),
      ...(options.changedFiles ? { changedFiles: options.changedFiles } : {}),
      ...(config?.tables ? { tableSizes: config.tables } : {}),
      statementRules: sqlStatementRules,
      setRules: setStatementRules,
      run: (rules, facts) => runRules(rules, facts, file, target, config, runErrors, sim, sqlHost(options, config, context.serverConfig)),
      describe: (facts) => describeOnlineDdl(facts, sim),
    });
    let directiveSeen = false;
    let result;
    try {
      result = await streamSqlFacts(
        file,
        target,
        (sql) => {
          for (const c of sql.comments) comments.push({ file, text: c.text, range: c.range });
          if (!directiveSeen && attempt === 0) {
            // innolint-target anywhere in the file decides the target, as on the whole-file path.
            const directive = targetDirective(sql.comments.map((c) => ({ file, text: c.text, range: c.range })));
            if (directive) {
              directiveSeen = true;
              if (resolveTarget(directive.label, options, config).label !== target.label) throw new TargetChange(directive.label);
            }
          }
          for (const err of sql.errors) {
            if (err.rule) scriptFindings.push(...scriptProblemFinding(err, file, target, config, runErrors));
            else runErrors.push({ file, line: err.range.start.line, message: err.message });
          }
          runner.statements(sql);
          // The statements are done with: drop their text before the next window is read.
          for (const s of sql.statements) delete s.text;
        },
        options.stream,
      );
    } catch (e) {
      if (e instanceof TargetChange) {
        try {
          target = resolveTarget(e.label, options, config);
        } catch (te) {
          if (!(te instanceof TargetError)) throw te;
          return { errors: [...errors, { file, message: te.message }] };
        }
        continue;
      }
      if (e instanceof TargetError) return { errors: [...errors, { file, message: e.message }] };
      throw e;
    }
    if (result.error) return { errors: [...errors, { file, ...result.error }] };
    if (result.unreset?.rule) scriptFindings.push(...scriptProblemFinding(result.unreset, file, target, config, runErrors));
    const findings = runner.finish();
    return {
      errors: [...errors, ...runErrors],
      result: {
        file,
        kind: "sql",
        target,
        findings: finishFindings([...findings, ...scriptFindings], comments, config, { file, target, errors: runErrors }),
        files: [file],
        ...(runner.notes.length > 0 ? { onlineDdl: runner.notes } : {}),
      },
    };
  }
}

/** What an online-DDL statement does on the target, with its size and estimate: the note the review and hover show. */
function describeOnlineDdl(facts: SqlStatementFacts, sim: EngineSim | undefined): OnlineDdlNote | undefined {
  const a = assessAlter(facts, sim);
  return a ? onlineDdlNote(a) : undefined;
}

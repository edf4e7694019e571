import type { EngineSim } from "@innolint/engine-sim";
import type { Config } from "../config.js";
import type { InputError, StatementNote } from "../core.js";
import type { Finding, OnlineDdlNote } from "../finding.js";
import { fingerprintByRange, statementFingerprint } from "../fingerprint.js";
import type { OptionEntry, OptionSet } from "../optionfile/model.js";
import { buildOptionFacts, type OptionFacts } from "../optionfile/rules/facts.js";
import type { Rule } from "../rules/types.js";
import type { Target } from "../target.js";
import type { SqlFacts, StatementFacts } from "./types.js";
import type { LiveTables, SqlStatementFacts } from "./rules/context.js";
import type { StatementMemo } from "./incremental.js";
import { SCHEMA_KINDS, type Schema } from "./schema.js";
import { append } from "../arrays.js";
import type { DeclaredTableSizes } from "../config-tables.js";

const PERSISTENT = new Set(["global", "persist", "persist_only"]);

/** A SET value the option parser can judge: a number, a word, or a quoted string; not an expression. */
function plainValue(raw: string): string | undefined {
  const v = raw.trim();
  const quoted = /^'((?:[^'\\]|\\.|'')*)'$|^"((?:[^"\\]|\\.|"")*)"$/.exec(v);
  if (quoted) return (quoted[1] ?? quoted[2] ?? "").replace(/''/g, "'");
  if (/^-?\d+$/.test(v) || /^[A-Za-z_][A-Za-z0-9_]*$/.test(v)) return /^default$/i.test(v) ? undefined : v;
  return undefined;
}

/**
 * SET GLOBAL / PERSIST / PERSIST_ONLY assignments as option lines, so the option-file rules that
 * judge a value speak for both surfaces with one implementation.
 */
export function assignmentsAsOptions(file: string, statements: StatementFacts[]): OptionSet {
  const entries: OptionEntry[] = [];
  for (const s of statements) {
    for (const a of s.assignments ?? []) {
      if (!PERSISTENT.has(a.scope)) continue;
      const value = plainValue(a.value);
      if (value === undefined) continue;
      entries.push({
        file,
        group: "mysqld",
        rawName: a.variable,
        name: a.variable,
        loose: false,
        prefix: null,
        value,
        rawValue: a.value,
        nameRange: a.nameRange,
        valueRange: a.valueRange,
        lineRange: { start: a.nameRange.start, end: a.valueRange.end },
        line: a.nameRange.start.line,
        argument: `--${a.variable}=${value}`,
        depth: 0,
      });
    }
  }
  return { files: [], entries, errors: [] };
}

/** A live server's facts for SQL rules: its configuration and its tables (live/context.ts). */
export interface LiveSqlContext extends LiveTables {
  configFor(target: Target): OptionFacts;
  /** Adds the server's tables that the schema does not define. */
  seed(schema: Schema): void;
}

export interface SqlRunInput {
  file: string;
  sql: SqlFacts;
  target: Target;
  schema: Schema;
  config: OptionFacts | undefined;
  /** Live facts win over the option file: they are what the server runs with now. */
  live?: LiveSqlContext;
  /** Files of the change under review (`innolint review`): tables they create are new. */
  changedFiles?: ReadonlySet<string>;
  /** Table sizes the configuration declares. */
  tableSizes?: DeclaredTableSizes;
  statementRules: Rule<SqlStatementFacts>[];
  setRules: Rule<OptionFacts>[];
  run: <F>(rules: Rule<F>[], facts: F) => Finding[];
  /**
   * Findings kept from the previous lint of the same document (sql/incremental.ts): a statement
   * whose facts and tables are unchanged does not run its rules again, and `schema` is brought up
   * to date only as far as the last statement whose rules ran. Used only with `ruleErrors`, the
   * array `run` reports rule errors into, so that they are kept too.
   */
  memo?: StatementMemo;
  ruleErrors?: InputError[];
  /** What an online-DDL statement does on the target (ddl/estimate.ts), kept beside its findings. */
  describe?: (facts: SqlStatementFacts) => OnlineDdlNote | undefined;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * For a DROP TABLE, the tables it names that a later CREATE TABLE of the same statements creates
 * (a streamed file: of the same window, so a CREATE in a later window is not seen).
 */
function createdLater(statements: readonly StatementFacts[]): (at: number, statement: StatementFacts) => ReadonlySet<string> {
  const lastCreate = new Map<string, number>();
  for (const [i, s] of statements.entries()) if (s.kind === "create-table" && s.tables[0]) lastCreate.set(s.tables[0].name.toLowerCase(), i);
  if (lastCreate.size === 0) return () => NONE;
  return (at, statement) => {
    if (statement.kind !== "drop-table") return NONE;
    const names = statement.tables.map((t) => t.name.toLowerCase()).filter((n) => (lastCreate.get(n) ?? -1) > at);
    return names.length ? new Set(names) : NONE;
  };
}

/** Runs the SQL rules statement by statement, applying each statement to the schema after its rules ran. */
export function runSqlRules(input: SqlRunInput): { findings: Finding[]; notes: StatementNote[] } {
  const runner = new SqlRuleRunner(input);
  runner.statements(input.sql);
  return { findings: runner.finish(), notes: runner.notes };
}

/**
 * The same, fed one window of statements at a time (large files are streamed): statement indexes,
 * tables created in the file and SET assignments carry over between windows.
 */
export class SqlRuleRunner {
  private readonly config: OptionFacts;
  private readonly configSource: "config" | "default" | "live";
  private readonly createdInFile = new Set<string>();
  private readonly assigned: StatementFacts[] = [];
  private readonly assignedFingerprints: { file: string; range: StatementFacts["range"]; fingerprint: string }[] = [];
  private readonly findings: Finding[] = [];
  /** The online-DDL statements' notes, in statement order. */
  readonly notes: StatementNote[] = [];
  private index = 0;
  /** With a memo: statements not yet applied to the schema. */
  private readonly pending: StatementFacts[] = [];
  /**
   * The schema before the file's first statement, kept only where declared table sizes will read it:
   * the clone is free, but it hands the tables' ownership over, so the file's first change to each is a copy.
   */
  private readonly atFileStart: Schema | undefined;

  constructor(private readonly input: Omit<SqlRunInput, "sql">) {
    this.atFileStart = input.tableSizes ? input.schema.clone() : undefined;
    if (input.live) {
      this.config = input.live.configFor(input.target);
      this.configSource = "live";
      input.live.seed(input.schema);
    } else {
      this.config = input.config ?? buildOptionFacts(input.file, { files: [], entries: [], errors: [] }, input.target);
      this.configSource = input.config ? "config" : "default";
    }
  }

  statements(sql: SqlFacts): void {
    const { file, target, schema } = this.input;
    const { createdInFile, config, configSource } = this;
    const live = {
      ...(this.input.live ? { live: this.input.live } : {}),
      ...(this.input.changedFiles ? { changedFiles: this.input.changedFiles } : {}),
      ...(this.input.tableSizes ? { tableSizes: this.input.tableSizes } : {}),
    };
    const errors = this.input.ruleErrors;
    const memo = errors ? this.input.memo : undefined;
    const later = createdLater(sql.statements);
    for (const [at, statement] of sql.statements.entries()) {
      const index = this.index++;
      const createdLaterInFile = later(at, statement);
      // What follows the statement is read too: its findings are kept only while that stays the same.
      const memoKey = memo?.key(statement);
      const key = memoKey !== undefined && createdLaterInFile.size > 0 ? `${memoKey}|C${[...createdLaterInFile].join(",")}` : memoKey;
      const kept = key === undefined ? undefined : memo?.get(key, statement);
      if (kept) {
        append(this.findings, kept.findings);
        if (errors) append(errors, kept.errors);
        if (kept.onlineDdl) this.notes.push({ file, range: statement.range, onlineDdl: kept.onlineDdl });
      } else {
        for (const s of this.pending.splice(0)) schema.apply(s, file);
        const before = errors?.length ?? 0;
        const facts = {
          file,
          target,
          statement,
          index,
          sql,
          schema,
          ...(this.atFileStart ? { schemaAtFileStart: this.atFileStart } : {}),
          createdInFile,
          createdLaterInFile,
          config,
          configSource,
          ...live,
        } satisfies SqlStatementFacts;
        const found = this.input.run(this.input.statementRules, facts);
        const note = this.input.describe?.(facts);
        if (note) this.notes.push({ file, range: statement.range, onlineDdl: note });
        // Only statements with findings are hashed: a dump's multi-megabyte INSERTs rarely have any.
        if (found.length > 0) {
          const fingerprint = statementFingerprint(statement.text ?? "");
          for (const f of found) f.fingerprint ??= fingerprint;
        }
        append(this.findings, found);
        if (key !== undefined) memo?.set(key, statement, found, errors?.slice(before) ?? [], note);
      }
      if (statement.kind === "create-table" && statement.tables[0]) createdInFile.add(statement.tables[0].name.toLowerCase());
      if (memo) {
        // Applied when a later statement's rules run: most lints of an edited document run few.
        if (SCHEMA_KINDS.has(statement.kind)) this.pending.push(statement);
        memo.applied(statement);
      } else schema.apply(statement, file);
      if (statement.assignments?.some((a) => PERSISTENT.has(a.scope))) {
        this.assigned.push({ ...statement, text: "" });
        this.assignedFingerprints.push({ file, range: statement.range, fingerprint: statementFingerprint(statement.text ?? "") });
      }
    }
  }

  finish(): Finding[] {
    const { file, target } = this.input;
    const assigned = assignmentsAsOptions(file, this.assigned);
    if (assigned.entries.length > 0) {
      const findings = this.input.run(this.input.setRules, buildOptionFacts(file, assigned, target));
      fingerprintByRange(findings, this.assignedFingerprints);
      append(this.findings, findings);
    }
    if (this.input.ruleErrors) this.input.memo?.done();
    return this.findings;
  }
}

export type { Config, EngineSim };

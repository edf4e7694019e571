import type { EngineSim } from "@innolint/engine-sim";
import type { Config } from "../config.js";
import type { Finding } from "../finding.js";
import type { OptionEntry, OptionSet } from "../optionfile/model.js";
import { buildOptionFacts, type OptionFacts } from "../optionfile/rules/facts.js";
import type { Rule } from "../rules/types.js";
import type { Target } from "../target.js";
import type { SqlFacts, StatementFacts } from "./facts.js";
import type { SqlStatementFacts } from "./rules/context.js";
import type { Schema } from "./schema.js";

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

export interface SqlRunInput {
  file: string;
  sql: SqlFacts;
  target: Target;
  schema: Schema;
  config: OptionFacts | undefined;
  statementRules: Rule<SqlStatementFacts>[];
  setRules: Rule<OptionFacts>[];
  run: <F>(rules: Rule<F>[], facts: F) => Finding[];
}

/** Runs the SQL rules statement by statement, applying each statement to the schema after its rules ran. */
export function runSqlRules(input: SqlRunInput): Finding[] {
  const { file, sql, target, schema } = input;
  const config = input.config ?? buildOptionFacts(file, { files: [], entries: [], errors: [] }, target);
  const configSource = input.config ? "config" : "default";
  const findings: Finding[] = [];
  const createdInFile = new Set<string>();
  sql.statements.forEach((statement, index) => {
    findings.push(
      ...input.run(input.statementRules, { file, target, statement, index, sql, schema, createdInFile, config, configSource } satisfies SqlStatementFacts),
    );
    if (statement.kind === "create-table" && statement.tables[0]) createdInFile.add(statement.tables[0].name.toLowerCase());
    schema.apply(statement, file);
  });
  const assigned = assignmentsAsOptions(file, sql.statements);
  if (assigned.entries.length > 0) findings.push(...input.run(input.setRules, buildOptionFacts(file, assigned, target)));
  return findings;
}

export type { Config, EngineSim };

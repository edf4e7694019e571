import type { OptionFacts } from "../../optionfile/rules/facts.js";
import type { Target } from "../../target.js";
import type { SqlFacts, StatementFacts } from "../facts.js";
import type { Schema, TableState } from "../schema.js";

/**
 * What a SQL rule sees for one statement: the statement, the schema before it, and the server's
 * configuration. A rule reads the schema and `createdInFile` only for the tables the statement
 * names (the whole schema for DROP DATABASE), and neither `index` nor `sql`: an editor keeps a
 * statement's findings while its facts and those tables are unchanged (sql/incremental.ts).
 */
export interface SqlStatementFacts {
  file: string;
  target: Target;
  statement: StatementFacts;
  /** The statement's position in its file. */
  index: number;
  sql: SqlFacts;
  /** The schema as the migrations before this statement leave it. */
  schema: Schema;
  /** Tables created earlier in the same file (a change that creates and drops its own table). */
  createdInFile: ReadonlySet<string>;
  /** The server's effective option-file configuration (defaults for the target where no file is known). */
  config: OptionFacts;
  /** Where the configuration came from, for impact inputs. */
  configSource: "config" | "default";
}

export function tablesOf(facts: SqlStatementFacts): { name: string; schema?: string; state?: TableState }[] {
  return facts.statement.tables.map((t) => {
    const state = facts.schema.table(t.name, t.schema);
    return { ...t, ...(state ? { state } : {}) };
  });
}

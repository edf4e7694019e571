import { basename } from "node:path";
import type { InputSource } from "../../finding.js";
import type { OptionFacts } from "../../optionfile/rules/facts.js";
import type { Target } from "../../target.js";
import type { SqlFacts, StatementFacts } from "../types.js";
import type { Schema, TableState } from "../schema.js";
import type { DeclaredTableSizes } from "../../config-tables.js";

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
  /** The schema as the migrations before this file leave it, where the run declares table sizes: their rows come from its tables. */
  schemaAtFileStart?: Schema;
  /** Tables created earlier in the same file (a change that creates and drops its own table). */
  createdInFile: ReadonlySet<string>;
  /** The tables this statement names (lower-cased) that a later CREATE TABLE of the same file creates. */
  createdLaterInFile: ReadonlySet<string>;
  /** The server's effective option-file configuration (defaults for the target where no file is known). */
  config: OptionFacts;
  /** Where the configuration came from, for impact inputs. */
  configSource: "config" | "default" | "live";
  /** Files of the change under review: a table created in one of them holds no production data yet. */
  changedFiles?: ReadonlySet<string>;
  /** A live server's table statistics, when the run has live context. */
  live?: LiveTables;
  /** Table sizes `.innolint.json` declares ("tables"), read through ddl/sizes.ts. */
  tableSizes?: DeclaredTableSizes;
}

/** Row counts and sizes a live server reports for its tables. */
export interface LiveTables {
  /** host:port or the socket. */
  readonly server: string;
  table(name: string, schema?: string): LiveTableStats | undefined;
}

export interface LiveTableStats {
  schema: string;
  name: string;
  rows?: number;
  avgRowLength?: number;
  dataLength?: number;
  indexLength?: number;
}

/**
 * Where a configuration value the message quotes came from: "from live db1:3306",
 * "from my.cnf:12" or "by default".
 */
export function configOrigin(config: OptionFacts, name: string): string {
  if (config.live) return `from live ${config.live.server}`;
  const option = config.effective.get(name);
  return option ? `from ${basename(option.entry.file)}:${option.entry.line}` : "by default";
}

/** The same, as an impact input's source. */
export function configInputSource(config: OptionFacts, name: string): InputSource {
  return config.live ? "live" : config.effective.has(name) ? "config" : "default";
}

export function tablesOf(facts: SqlStatementFacts): { name: string; schema?: string; state?: TableState; live?: LiveTableStats }[] {
  return facts.statement.tables.map((t) => {
    const state = facts.schema.table(t.name, t.schema);
    const live = facts.live?.table(t.name, t.schema ?? state?.schema);
    return { ...t, ...(state ? { state } : {}), ...(live ? { live } : {}) };
  });
}

/**
 * Online DDL for the two paths that ask: `innolint facts` (no history: the schema the file itself
 * builds, statement by statement) and the lint path (a rule's facts carry the schema before its
 * statement).
 */
import { Schema } from "../sql/schema.js";
import { remembered } from "../memo.js";
import type { StatementFacts } from "../sql/types.js";
import { atLeast, type Target } from "../target.js";
import { classifyOnlineDdl, ddlTable, isOnlineDdl, type OnlineDdl } from "./classify.js";

export { classifyOnlineDdl, isOnlineDdl, type OnlineDdl } from "./classify.js";

/** character_set_server's default: utf8mb4 from MySQL 8.0 and MariaDB 11.6, latin1 before. */
export function serverDefaultCharset(target: Target): string {
  if (target.flavor === "mariadb") return atLeast(target.version, "11.6") ? "utf8mb4" : "latin1";
  if (target.flavor === "mysql" || target.flavor === "percona" || target.flavor === "ndb") return atLeast(target.version, "8.0") ? "utf8mb4" : "latin1";
  // Aurora MySQL 3 is MySQL 8.0, 2 is 5.7.
  return atLeast(target.version, "3") ? "utf8mb4" : "latin1";
}

/**
 * A statement's online DDL against the schema before it, for SQL rules: reads only the table the
 * statement alters (so an editor's memo of findings stays valid). Session foreign_key_checks is
 * taken as on.
 */
export function statementOnlineDdl(facts: { statement: StatementFacts; schema: Schema; target: Target }): OnlineDdl | undefined {
  const { statement, schema, target } = facts;
  if (!isOnlineDdl(statement)) return undefined;
  // Several rules and the statement's note ask about the same facts, before the schema moves on.
  return remembered(classified, facts, () => {
    const t = ddlTable(statement);
    const table = t ? schema.table(t.name, t.schema) : undefined;
    return classifyOnlineDdl(statement, table, target, { defaultCharset: serverDefaultCharset(target) });
  });
}

const classified = new WeakMap<object, OnlineDdl | undefined>();

/** A foreign_key_checks assignment's value: true/false, or undefined when it is not one or not plain. */
function foreignKeyChecks(stmt: StatementFacts): boolean | undefined {
  let value: boolean | undefined;
  for (const a of stmt.assignments ?? []) {
    if (a.variable !== "foreign_key_checks" || a.scope === "global" || a.scope === "persist" || a.scope === "persist_only") continue;
    const v = a.value
      .trim()
      .replace(/^'(.*)'$/, "$1")
      .toLowerCase();
    if (v === "0" || v === "off" || v === "false") value = false;
    else if (v === "1" || v === "on" || v === "true") value = true;
  }
  return value;
}

/**
 * `innolint facts`: each statement of one file in turn, against the schema the statements before
 * it build and the session's foreign_key_checks as the file sets it.
 */
export class OnlineDdlAnnotator {
  private readonly schema: Schema;
  private fkChecks = true;

  constructor(
    private readonly file: string,
    private readonly target: Target,
  ) {
    this.schema = new Schema({ defaultCharset: serverDefaultCharset(target) });
  }

  next(stmt: StatementFacts): OnlineDdl | undefined {
    let out: OnlineDdl | undefined;
    if (isOnlineDdl(stmt)) {
      const t = ddlTable(stmt);
      const table = t ? this.schema.table(t.name, t.schema) : undefined;
      out = classifyOnlineDdl(stmt, table, this.target, { foreignKeyChecks: this.fkChecks, defaultCharset: this.schema.defaultCharset });
    }
    const fk = foreignKeyChecks(stmt);
    if (fk !== undefined) this.fkChecks = fk;
    this.schema.apply(stmt, this.file);
    return out;
  }

  /** The statements with `onlineDdl` set on those that are online DDL. */
  annotate<T extends StatementFacts>(statements: T[]): (T & { onlineDdl?: OnlineDdl })[] {
    return statements.map((s) => {
      const onlineDdl = this.next(s);
      return onlineDdl ? { ...s, onlineDdl } : s;
    });
  }
}

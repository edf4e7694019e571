import { effectiveBoolean } from "../optionfile/rules/facts.js";
import { configOrigin, type SqlStatementFacts, tablesOf } from "../sql/rules/context.js";
import type { StatementFacts } from "../sql/types.js";
import { mysqlBaseVersion } from "../catalogue/index.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";

/** A later statement of the same file that gives the table a primary key again. */
function restoredBy(facts: SqlStatementFacts, table: string): StatementFacts | undefined {
  const statements = facts.sql.statements;
  const name = table.toLowerCase();
  for (let i = statements.indexOf(facts.statement) + 1; i < statements.length; i++) {
    const s = statements[i] as StatementFacts;
    if (s.tables[0]?.name.toLowerCase() !== name) continue;
    if (s.kind === "drop-table" || s.kind === "rename-table") return undefined;
    if (s.kind === "alter-table" && s.indexesAdded?.some((ix) => ix.kind === "primary")) return s;
  }
  return undefined;
}

export default defineRule({
  id: "table-without-primary-key",
  surfaces: ["sql-statement"],
  options: {},
  check(facts, ctx) {
    const s = facts.statement;
    if (s.kind !== "create-table" && s.kind !== "alter-table") return;
    if (s.temporary) return;
    const first = s.tables[0];
    if (!first) return;
    const before = tablesOf(facts)[0]?.state;
    // The table as this statement leaves it: the schema before it, with the statement applied to a copy.
    const after = facts.schema.clone();
    after.apply(s, facts.file);
    const state = after.table(first.name, first.schema);
    if (!state || (state.options.engine && state.options.engine !== "innodb")) return;
    if (s.kind === "create-table" && !state.columnsKnown && !state.primaryKey) return;
    if (s.kind === "alter-table" && (!before?.indexes.some((i) => i.kind === "primary") || state.indexes.some((i) => i.kind === "primary"))) return;
    const explicit = state.indexes.some((i) => i.kind === "primary");
    if (explicit) return;
    const mariadb = facts.target.flavor === "mariadb";
    const base = mysqlBaseVersion(facts.target);
    // MySQL 8.0.30+ can add an invisible primary key itself (GIPK mode).
    if (
      !mariadb &&
      s.kind === "create-table" &&
      base &&
      atLeast(base, "8.0.30") &&
      effectiveBoolean(facts.config, "sql_generate_invisible_primary_key")?.value === true
    )
      return;
    const setting = mariadb ? "innodb_force_primary_key" : "sql_require_primary_key";
    const applies = mariadb || (base !== undefined && atLeast(base, "8.0.13"));
    const required = applies ? effectiveBoolean(facts.config, setting)?.value === true : false;
    // A UNIQUE key on NOT NULL columns is InnoDB's clustered index: only the setting still objects.
    if (state.primaryKey && !required) return;
    // Dropped and added back a statement or two later (the key's columns change): keyless only in between.
    const restored = !required && s.kind === "alter-table" ? restoredBy(facts, state.name) : undefined;
    const what =
      s.kind === "create-table" ? `CREATE TABLE ${state.name} defines no PRIMARY KEY` : `this ALTER drops ${state.name}'s PRIMARY KEY without adding one`;
    ctx.report({
      range: s.range,
      ...(required ? { severity: "error" as const } : restored ? { severity: "info" as const } : {}),
      message: required
        ? `${what}: with ${setting}=ON ${configOrigin(facts.config, setting)} ${facts.target.label} refuses the statement, and the migration fails here`
        : `${what} and no UNIQUE key on NOT NULL columns: InnoDB clusters the rows on a hidden 6-byte row id drawn from one server-wide counter, row-based replicas have no key to find each changed row by, and Group Replication and Percona XtraDB Cluster (pxc_strict_mode=ENFORCING) refuse writes to it`,
      ...(restored
        ? {
            notes: [
              `information, not a warning: the statement at line ${restored.range.start.line} of this migration adds ${state.name}'s new PRIMARY KEY, so the table is keyless only in between; one ALTER doing both would also pass sql_require_primary_key`,
            ],
          }
        : {}),
      fix: {
        description: "add a PRIMARY KEY (a surrogate BIGINT AUTO_INCREMENT column where no natural key exists)",
        safety: "display-only",
        edits: [],
      },
      versionDependent: required,
    });
  },
});

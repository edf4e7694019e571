import { effectiveBoolean } from "../optionfile/rules/facts.js";
import { configOrigin, tablesOf } from "../sql/rules/context.js";
import { mysqlBaseVersion } from "../catalogue/index.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";

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
    const what =
      s.kind === "create-table" ? `CREATE TABLE ${state.name} defines no PRIMARY KEY` : `this ALTER drops ${state.name}'s PRIMARY KEY without adding one`;
    ctx.report({
      range: s.range,
      ...(required ? { severity: "error" as const } : {}),
      message: required
        ? `${what}: with ${setting}=ON ${configOrigin(facts.config, setting)} ${facts.target.label} refuses the statement, and the migration fails here`
        : `${what} and no UNIQUE key on NOT NULL columns: InnoDB clusters the rows on a hidden 6-byte row id drawn from one server-wide counter, row-based replicas have no key to find each changed row by, and Group Replication and Percona XtraDB Cluster (pxc_strict_mode=ENFORCING) refuse writes to it`,
      fix: {
        description: "add a PRIMARY KEY (a surrogate BIGINT AUTO_INCREMENT column where no natural key exists)",
        safety: "display-only",
        edits: [],
      },
      versionDependent: required,
    });
  },
});

import { mysqlBaseVersion } from "../catalogue/index.js";
import { statementOnlineDdl } from "../ddl/index.js";
import { tablesOf } from "../sql/rules/context.js";
import { atLeast } from "../target.js";
import { defineRule } from "./define.js";

/** Operations that make a new row version when they run instantly (MySQL 8.0.29+). */
const VERSIONED = new Set(["add-column", "drop-column", "drop-stored-column"]);
const COLUMN_OPS = new Set(["add-column", "drop-column", "drop-stored-column", "add-virtual-column", "drop-virtual-column"]);

export default defineRule({
  id: "instant-ddl-limit",
  surfaces: ["sql-statement"],
  options: {},
  check(facts, ctx) {
    const s = facts.statement;
    if (s.kind !== "alter-table" || facts.target.flavor === "mariadb") return;
    const base = mysqlBaseVersion(facts.target);
    if (!base || !atLeast(base, "8.0.12")) return;
    const ddl = statementOnlineDdl(facts);
    if (!ddl || ddl.refused) return;
    const table = tablesOf(facts)[0];
    const name = table?.name ?? "the table";
    const requested = (s.alterOptions?.algorithm ?? "DEFAULT").toUpperCase();
    const versioned = ddl.operations.filter((o) => VERSIONED.has(o.op));

    // ROW_FORMAT=COMPRESSED: no instant column operation at all.
    const compressed = ddl.operations.filter((o) => COLUMN_OPS.has(o.op) && table?.state?.options.rowFormat === "compressed");
    if (compressed.length > 0 && ddl.algorithm !== "instant") {
      ctx.report({
        range: s.range,
        severity: "info",
        message: `${name} is ROW_FORMAT=COMPRESSED: ${facts.target.label} adds and drops columns instantly only in uncompressed row formats, so ${compressed.map((o) => o.detail).join(", ")} ${ddl.algorithm === "copy" ? "copies" : "rebuilds"} the table`,
        fix: {
          description: "convert the table to ROW_FORMAT=DYNAMIC once (a rebuild) if its columns change often, or accept the rebuild",
          safety: "display-only",
          edits: [],
        },
        versionDependent: true,
      });
    }
    if (!atLeast(base, "8.0.29") || ddl.algorithm !== "instant" || versioned.length === 0) return;

    // 64 row versions per table (255 from MySQL 9.1.0); each instant ADD/DROP COLUMN ALTER takes one.
    const limit = atLeast(base, "9.1.0") ? 255 : 64;
    // At the limit a default ALTER rebuilds, which starts the count again: the model counts without the limit.
    const before = (table?.state?.rowVersions ?? 0) % (limit + 1);
    if (before + 1 > limit) {
      const explicit = requested === "INSTANT";
      ctx.report({
        range: s.range,
        severity: explicit ? "error" : "warning",
        message: explicit
          ? `${name} already has ${before} row versions from instant ADD/DROP COLUMN in the migrations before this one, the most ${facts.target.label} allows: it rejects this ALGORITHM=INSTANT (ER_INNODB_MAX_ROW_VERSION, "No more columns can be added or dropped instantly"), and the migration fails here`
          : `${name} already has ${before} row versions from instant ADD/DROP COLUMN in the migrations before this one, the most ${facts.target.label} allows: this ALTER silently falls back to an in-place rebuild of the whole table`,
        notes: [
          "a rebuild (OPTIMIZE TABLE, ALTER TABLE … FORCE or any rebuilding ALTER) resets the count to 0; information_schema.INNODB_TABLES.TOTAL_ROW_VERSIONS shows it on the server",
        ],
        fix: {
          description: `rebuild ${name} in a quiet period (ALTER TABLE … FORCE, or with gh-ost / pt-online-schema-change) before more instant column changes`,
          safety: "display-only",
          edits: [],
        },
        versionDependent: true,
      });
      return;
    }

    // MySQL 8.0.29–8.0.31: the row-versioned redo records can corrupt the table in crash recovery.
    if (facts.target.flavor === "mysql" && !atLeast(base, "8.0.32")) {
      ctx.report({
        range: s.range,
        severity: "warning",
        message: `${versioned.map((o) => o.detail).join(", ")} runs instantly on ${facts.target.label}, whose row-versioned INSTANT ADD/DROP COLUMN can corrupt ${name} during crash recovery (and Percona XtraBackup refuses to back it up); fixed in MySQL 8.0.32`,
        notes: ["tables already changed this way: information_schema.INNODB_TABLES WHERE TOTAL_ROW_VERSIONS > 0; a rebuild (OPTIMIZE TABLE) clears them"],
        fix: {
          description:
            "write ALGORITHM=INPLACE on ADD/DROP COLUMN until the server runs MySQL 8.0.32 or later (a rebuild, but no row versions), or upgrade first",
          safety: "display-only",
          edits: [],
        },
        versionDependent: true,
      });
    }
  },
});

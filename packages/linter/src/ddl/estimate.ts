/**
 * One ALTER as the online-DDL rules and every surface that shows them describe it: what the server
 * does (classify.ts), in words (describe.ts), how big the table is (sizes.ts), and for a rebuild
 * what it costs (the simulator's table-rebuild estimate). Computed here once, so a finding's
 * message, its impact, the review comment and the editor hover cannot disagree.
 */
import type { EngineSim } from "@innolint/engine-sim";
import { mysqlBaseVersion } from "../catalogue/index.js";
import type { Impact, ImpactInput, OnlineDdlNote } from "../finding.js";
import { tableRebuildImpact } from "../impact/estimates.js";
import { effectiveNumber } from "../optionfile/rules/facts.js";
import type { SqlStatementFacts } from "../sql/rules/context.js";
import { configInputSource, tablesOf } from "../sql/rules/context.js";
import { atLeast } from "../target.js";
import type { OnlineDdl } from "./classify.js";
import { onlineDdlLabel } from "./describe.js";
import { statementOnlineDdl } from "./index.js";
import { type TableSize, tableSize } from "./sizes.js";
import { remembered } from "../memo.js";

export interface AlterAssessment {
  ddl: OnlineDdl;
  /** onlineDdlLabel: "instant", "in place (rebuild)", "copy (blocks writes)", … */
  label: string;
  table: string;
  /** "new": the change creates the table, so it holds no production data. */
  size: TableSize | "new";
  /** innodb_online_alter_log_max_size, for an in-place rebuild (its row log's limit). */
  onlineLogMaxBytes?: number;
  /** For a rebuild of a table with data: time, temporary disk and the row log's peak. */
  impact?: Impact;
}

/** The statement's online DDL with its size and cost; undefined for statements that are not online DDL. */
export function assessAlter(facts: SqlStatementFacts, sim: EngineSim | undefined): AlterAssessment | undefined {
  // The rules and the statement's note assess the same facts: once each, with or without the simulator.
  return remembered(
    remembered(assessed, facts, () => new Map()),
    sim ?? NO_SIM,
    () => assess(facts, sim),
  );
}

const assessed = new WeakMap<SqlStatementFacts, Map<object, AlterAssessment | undefined>>();
const NO_SIM = {};

function assess(facts: SqlStatementFacts, sim: EngineSim | undefined): AlterAssessment | undefined {
  const ddl = statementOnlineDdl(facts);
  if (!ddl) return undefined;
  const s = facts.statement;
  const name = s.kind === "rename-table" ? s.renames?.[0]?.from : s.tables[0];
  const size = tableSize(facts, name);
  const label = onlineDdlLabel(ddl);
  const out: AlterAssessment = { ddl, label, table: name?.name ?? "?", size };
  if (ddl.algorithm === "inplace" && ddl.rebuildsTable && ddl.lock === "none")
    out.onlineLogMaxBytes = effectiveNumber(facts.config, "innodb_online_alter_log_max_size")?.value ?? 128 * 2 ** 20;
  if (sim && ddl.rebuildsTable && !ddl.refused && size !== "new" && size.rows > 0) out.impact = rebuildImpact(facts, sim, ddl, size, label);
  return out;
}

function rebuildImpact(facts: SqlStatementFacts, sim: EngineSim, ddl: OnlineDdl, size: TableSize, label: string): Impact {
  const state = tablesOf(facts)[0]?.state;
  const base = mysqlBaseVersion(facts.target);
  // 8.0.27's parallel builder serves in-place builds; a copy inserts row by row on any version.
  const ddlPath = ddl.algorithm !== "copy" && facts.target.flavor !== "mariadb" && base !== undefined && atLeast(base, "8.0.27");
  const sort = effectiveNumber(facts.config, "innodb_sort_buffer_size")?.value ?? 2 ** 20;
  const ddlBuffer = ddlPath ? effectiveNumber(facts.config, "innodb_ddl_buffer_size")?.value : undefined;
  const ddlThreads = ddlPath ? effectiveNumber(facts.config, "innodb_ddl_threads")?.value : undefined;
  const logMax = effectiveNumber(facts.config, "innodb_online_alter_log_max_size")?.value ?? 128 * 2 ** 20;
  // Concurrent writes, and so a row log, only where the rebuild permits them.
  const online = ddl.algorithm === "inplace" && ddl.lock === "none";
  const p = state?.partitioning;
  const partitions = p ? (p.subpartitioning ? p.subpartitioning.subpartitions : p.partitions) : 1;
  const inputs: ImpactInput[] = [
    { name: "rows", value: size.rows, source: size.source },
    { name: "row_bytes", value: size.rowBytes, source: size.rowBytesSource },
    { name: "partitions", value: partitions, source: "schema" },
    ...(ddlPath
      ? [
          ...(ddlBuffer !== undefined
            ? [{ name: "innodb_ddl_buffer_size", value: ddlBuffer, source: configInputSource(facts.config, "innodb_ddl_buffer_size") }]
            : []),
          ...(ddlThreads !== undefined
            ? [{ name: "innodb_ddl_threads", value: ddlThreads, source: configInputSource(facts.config, "innodb_ddl_threads") }]
            : []),
        ]
      : [{ name: "innodb_sort_buffer_size", value: sort, source: configInputSource(facts.config, "innodb_sort_buffer_size") }]),
    ...(online
      ? [{ name: "innodb_online_alter_log_max_size", value: logMax, source: configInputSource(facts.config, "innodb_online_alter_log_max_size") }]
      : []),
  ];
  return tableRebuildImpact(sim, {
    rows: size.rows,
    rowBytes: size.rowBytes,
    secondaryIndexes: (state?.indexes ?? []).filter((i) => i.kind !== "primary" && i.kind !== "fulltext" && i.kind !== "spatial").length,
    indexesKnown: state !== undefined,
    partitions,
    ddlPath,
    sortBufferBytes: sort,
    ...(ddlBuffer !== undefined ? { ddlBufferBytes: ddlBuffer } : {}),
    ...(ddlThreads !== undefined ? { ddlThreads } : {}),
    ...(online ? { onlineLogMaxBytes: logMax } : {}),
    copy: ddl.algorithm === "copy",
    label,
    inputs,
  });
}

/** The note online-DDL findings carry for the review comment and the hover. */
export function onlineDdlNote(a: AlterAssessment): OnlineDdlNote {
  return {
    table: a.table,
    label: a.label,
    ...(a.size !== "new" ? { size: a.size.described } : {}),
    ...(a.impact ? { estimate: a.impact.summary } : {}),
  };
}

/**
 * An ALTER's cost is a guess while its table's size is: information then, so that small tables
 * (most of a project's) do not draw warnings; a declared or live size makes it a warning.
 */
export function sizeSeverity(a: AlterAssessment): { severity?: "info"; note?: string } {
  if (a.size === "new" || a.size.source !== "assumed") return {};
  return {
    severity: "info",
    note: 'information while the table\'s size is assumed: declare it under "tables" in .innolint.json, or lint against a live server, for a warning when the table is large',
  };
}

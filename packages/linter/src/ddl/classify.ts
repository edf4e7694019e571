/**
 * What an online DDL statement does on the target server: the algorithm it runs, whether it
 * rebuilds the clustered index, the least lock the server permits, and whether an explicit
 * ALGORITHM= or LOCK= clause makes the server refuse it. The per-operation answers are data
 * (rules/online-ddl/*.json, read by knowledge.ts); this module combines them as the server does.
 */
import type { TableState } from "../sql/schema.js";
import type { StatementFacts } from "../sql/types.js";
import type { Target } from "../target.js";
import { ddlOperations, type DdlContext } from "./operations.js";
import { knowledgeFor, type Capability, type LockLevel } from "./knowledge.js";

export type { LockLevel } from "./knowledge.js";
export type Algorithm = "instant" | "inplace" | "copy";

export interface OnlineDdlOperation {
  op: string;
  detail: string;
  /** The least algorithm the operation alone allows ("nocopy": MariaDB's in place without rebuild). */
  least: "instant" | "nocopy" | "inplace" | "copy";
  lock: LockLevel;
  /** The manual's page (and section) the answer comes from. */
  source: string;
  note?: string;
}

export interface OnlineDdl {
  algorithm: Algorithm;
  rebuildsTable: boolean;
  lock: LockLevel;
  /** Only when an explicit ALGORITHM= or LOCK= cannot be met: why the server rejects the statement. */
  refused?: string;
  /** What was assumed where the table, a column or the server's choice is unknown. */
  assumed?: string[];
  operations: OnlineDdlOperation[];
}

/** Statement kinds that are online DDL (OPTIMIZE TABLE is an "other" statement with `optimize`). */
export function isOnlineDdl(stmt: StatementFacts): boolean {
  if (stmt.kind === "create-index" || stmt.kind === "drop-index" || stmt.kind === "rename-table") return true;
  if (stmt.kind === "alter-table") return true;
  return stmt.optimize === true;
}

/** The table a statement alters, as `Schema.table` wants it. */
export function ddlTable(stmt: StatementFacts): { schema?: string; name: string } | undefined {
  if (stmt.kind === "rename-table") return stmt.renames?.[0]?.from;
  return stmt.tables[0];
}

const LOCKS: LockLevel[] = ["none", "shared", "exclusive"];
const maxLock = (a: LockLevel, b: LockLevel): LockLevel => (LOCKS.indexOf(a) >= LOCKS.indexOf(b) ? a : b);
const CLASSES = ["instant", "nocopy", "inplace", "copy"] as const;
type Class = (typeof CLASSES)[number];
const rank = (c: Class) => CLASSES.indexOf(c);

function leastClass(c: Capability): Class {
  if (c.instant) return "instant";
  if (c.inplace === "no-rebuild") return "nocopy";
  if (c.inplace === "rebuild") return "inplace";
  return "copy";
}

/** How the combined statement runs with one algorithm: undefined when that algorithm cannot run it. */
interface Plan {
  algorithm: Algorithm;
  rebuild: boolean;
  lock: LockLevel;
}

/**
 * Classifies a DDL statement. `table` is the table's definition before the statement (undefined
 * when unknown); `context` the session settings that decide some operations.
 */
export function classifyOnlineDdl(
  stmt: StatementFacts,
  table: TableState | undefined,
  target: Target,
  context: Partial<DdlContext> = {},
): OnlineDdl | undefined {
  if (!isOnlineDdl(stmt)) return undefined;
  const ctx: DdlContext = { foreignKeyChecks: context.foreignKeyChecks ?? true, defaultCharset: context.defaultCharset ?? "utf8mb4" };
  const knowledge = knowledgeFor(target);
  const { operations, assumed } = ddlOperations(stmt, table, ctx);
  const caps = operations.map((o) => ({ o, cap: knowledge.lookup(o.op, o.conditions) }));
  const mariadb = knowledge.flavor === "mariadb";
  const copyLock: LockLevel = knowledge.onlineCopy ? "none" : "shared";
  const described: OnlineDdlOperation[] = caps.map(({ o, cap }) => ({
    op: o.op,
    detail: o.detail,
    least: leastClass(cap),
    lock: cap.instant ? (cap.instantLock ?? "none") : cap.inplace ? cap.lock : maxLock(copyLock, cap.copyLock ?? copyLock),
    source: cap.source,
    ...(cap.note ? { note: cap.note } : {}),
  }));

  const copyPlan: Plan = { algorithm: "copy", rebuild: true, lock: caps.reduce<LockLevel>((l, { cap }) => maxLock(l, cap.copyLock ?? copyLock), copyLock) };
  const instantPlan: Plan | undefined = caps.every(({ cap }) => cap.instant)
    ? { algorithm: "instant", rebuild: false, lock: caps.reduce<LockLevel>((l, { cap }) => maxLock(l, cap.instantLock ?? "none"), "none") }
    : undefined;
  // In place, each instant-capable operation runs its in-place way: an instant ADD COLUMN
  // beside an ADD INDEX rebuilds the table (MySQL and MariaDB alike).
  const inplacePlan: Plan | undefined = caps.every(({ cap }) => cap.inplace !== false)
    ? {
        algorithm: "inplace",
        rebuild: caps.some(({ cap }) => cap.inplace === "rebuild"),
        lock: caps.reduce<LockLevel>((l, { cap }) => maxLock(l, cap.lock), "none"),
      }
    : undefined;
  if (inplacePlan?.rebuild) {
    const conditions = new Set(operations.flatMap((o) => [...o.conditions]));
    const lock = knowledge.rebuildLock(conditions);
    if (lock) inplacePlan.lock = maxLock(inplacePlan.lock, lock);
  }
  const fallback: Plan = instantPlan ?? inplacePlan ?? copyPlan;
  const least: Class = fallback.algorithm === "instant" ? "instant" : fallback.algorithm === "copy" ? "copy" : fallback.rebuild ? "inplace" : "nocopy";

  const requested = (stmt.alterOptions?.algorithm ?? "DEFAULT").toUpperCase();
  const requestedLock = (stmt.alterOptions?.lock ?? "DEFAULT").toUpperCase();
  const refusals: string[] = [];
  let plan = fallback;
  // The operations that keep the statement above `limit`: those above it alone, else (an instant
  // column change beside an index build) those whose in-place way rebuilds.
  const blockers = (limit: Class) => {
    const alone = described.filter((d) => rank(d.least) > rank(limit));
    if (alone.length > 0)
      return alone.map((d) => `${d.detail} (${d.least === "nocopy" ? "in place" : d.least === "inplace" ? "in place with a rebuild" : d.least})`);
    return caps.filter(({ cap }) => cap.inplace === "rebuild").map(({ o }) => `${o.detail} (rebuilds the table beside the other operations)`);
  };
  const clauses = requested !== "DEFAULT" || requestedLock !== "DEFAULT";
  if (clauses && mariadb && caps.some(({ o }) => PARTITION_MANAGEMENT.has(o.op))) {
    refusals.push("MariaDB's partition management takes no ALGORITHM or LOCK clause (a syntax error)");
  } else if (clauses && mariadb && stmt.kind === "drop-index") {
    refusals.push("MariaDB's DROP INDEX … ON takes no ALGORITHM or LOCK clause (a syntax error); ALTER TABLE … DROP INDEX does");
  } else if (requested === "INSTANT") {
    if (!instantPlan) refusals.push(`ALGORITHM=INSTANT is not supported for ${blockers("instant").join(", ")}`);
  } else if (requested === "NOCOPY") {
    if (!mariadb) refusals.push(`ALGORITHM=NOCOPY is MariaDB syntax; ${target.flavor} rejects it`);
    else if (rank(least) > rank("nocopy")) refusals.push(`ALGORITHM=NOCOPY is not supported for ${blockers("nocopy").join(", ")}`);
  } else if (requested === "INPLACE") {
    if (!inplacePlan) refusals.push(`ALGORITHM=INPLACE is not supported for ${blockers("inplace").join(", ")}`);
    else if (!mariadb) plan = inplacePlan;
  } else if (requested === "COPY") {
    plan = copyPlan;
  } else if (requested !== "DEFAULT") refusals.push(`ALGORITHM=${requested} is not a valid algorithm`);

  // Without a refused ALGORITHM= the server runs its default; a refused LOCK= leaves the algorithm asked for.
  if (refusals.length > 0) plan = fallback;
  const syntax = refusals.some((r) => r.includes("syntax error"));
  if (!syntax && requestedLock !== "DEFAULT") {
    const wanted = requestedLock.toLowerCase() as LockLevel;
    if (!LOCKS.includes(wanted)) refusals.push(`LOCK=${requestedLock} is not a valid lock`);
    else if (LOCKS.indexOf(wanted) < LOCKS.indexOf(plan.lock)) {
      const named = described.filter((d) => LOCKS.indexOf(d.lock) > LOCKS.indexOf(wanted)).map((d) => d.detail);
      const why = plan.algorithm === "copy" ? "the table copy" : named.length > 0 ? named.join(", ") : "the in-place rebuild of this table";
      refusals.push(`LOCK=${requestedLock} is not supported: ${why} needs LOCK=${plan.lock.toUpperCase()}`);
    } else plan = { ...plan, lock: wanted };
  }
  const out: OnlineDdl = { algorithm: plan.algorithm, rebuildsTable: plan.rebuild, lock: plan.lock, operations: described };
  if (refusals.length > 0) out.refused = refusals.join("; ");
  if (assumed.length > 0) out.assumed = assumed;
  return out;
}

const PARTITION_MANAGEMENT = new Set([
  "add-partition",
  "drop-partition",
  "coalesce-partition",
  "reorganize-partition",
  "rebuild-partition",
  "truncate-partition",
  "exchange-partition",
  "optimize-partition",
  "analyze-partition",
  "repair-partition",
  "partition-tablespace",
  "partition-by",
  "remove-partitioning",
]);

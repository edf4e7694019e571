/**
 * Online DDL in words, for rule messages and the surfaces that show a finding's classification:
 * one wording, so a review comment and an editor hover say the same thing.
 */
import type { Target } from "../target.js";
import type { OnlineDdl } from "./classify.js";

/** "instant", "in place", "in place (rebuild)", "copy (blocks writes)" or, where the copy is online, "copy (online)". */
export function onlineDdlLabel(ddl: OnlineDdl): string {
  if (ddl.algorithm === "instant") return "instant";
  if (ddl.algorithm === "inplace") return ddl.rebuildsTable ? "in place (rebuild)" : "in place";
  return ddl.lock === "none" ? "copy (online)" : "copy (blocks writes)";
}

/** Whether the statement blocks concurrent writes to its table while it runs (not only at its start and end). */
export function blocksWrites(ddl: OnlineDdl): boolean {
  return ddl.lock !== "none" && ddl.algorithm !== "instant";
}

/**
 * The clause closest to what was asked that the server accepts: what it runs without the refused
 * clause. Undefined where the statement takes no clause at all (MariaDB's partition management,
 * DROP INDEX … ON).
 */
export function acceptedClause(ddl: OnlineDdl, target: Target): string | undefined {
  if (ddl.refused?.includes("syntax error")) return undefined;
  // MySQL accepts only LOCK=DEFAULT beside ALGORITHM=INSTANT.
  if (ddl.algorithm === "instant") return "ALGORITHM=INSTANT";
  const algorithm = ddl.algorithm === "inplace" && !ddl.rebuildsTable && target.flavor === "mariadb" ? "NOCOPY" : ddl.algorithm.toUpperCase();
  return `ALGORITHM=${algorithm}, LOCK=${ddl.lock.toUpperCase()}`;
}

/**
 * Online DDL in words, for rule messages and the surfaces that show a finding's classification:
 * one wording, so a review comment and an editor hover say the same thing.
 */
import type { OnlineDdlNote } from "../finding.js";
import type { Target } from "../target.js";
import type { OnlineDdl } from "./classify.js";

/**
 * "instant", "in place", "in place (rebuild)", "copy (blocks writes)", "copy (online)"; an in-place
 * operation under a lock that is not NONE says what it blocks.
 */
export function onlineDdlLabel(ddl: OnlineDdl): string {
  if (ddl.algorithm === "instant") return "instant";
  const blocked = ddl.lock === "exclusive" ? "blocks reads and writes" : ddl.lock === "shared" ? "blocks writes" : undefined;
  if (ddl.algorithm === "copy") return `copy (${blocked ?? "online"})`;
  const parts = [...(ddl.rebuildsTable ? ["rebuild"] : []), ...(blocked ? [blocked] : [])];
  return parts.length > 0 ? `in place (${parts.join(", ")})` : "in place";
}

/**
 * A copy that only the classifier's guess for a column it does not know implies (its type taken as
 * changed): most such MODIFYs restate the type and change NULL/NOT NULL, which runs in place with
 * LOCK=NONE, so saying the ALTER blocks writes would more often be wrong than right.
 */
export function copyOnlyByGuess(ddl: OnlineDdl): boolean {
  if (ddl.algorithm !== "copy") return false;
  const guessed = new Set((ddl.assumed ?? []).map((s) => /^column (.+) unknown: assumed its data type changes$/.exec(s)?.[1]).filter((n) => n !== undefined));
  if (guessed.size === 0) return false;
  const copying = ddl.operations.filter((o) => o.least === "copy");
  return copying.length > 0 && copying.every((o) => o.op === "change-type" && [...guessed].some((n) => o.detail.startsWith(`${n} → `)));
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

/** One line per ALTER for the review comment and the hover: "orders: in place (rebuild), about 2.1 h; …". */
export function onlineDdlLine(note: OnlineDdlNote): string {
  return `${note.table}${note.size ? ` (${note.size})` : ""}: ${note.label}${note.estimate ? `, ${note.estimate}` : ""}`;
}

import { mysqlBaseVersion } from "../catalogue/index.js";
import { commitDurabilityImpact, syncBinlogImpact } from "../impact/estimates.js";
import { effectiveNumber, optionSource } from "../optionfile/rules/facts.js";
import { binlogEnabled, galeraNode } from "../optionfile/rules/settings.js";
import { explicit, hasSince56 } from "../optionfile/rules/shared.js";
import { atLeast, type Target } from "../target.js";
import { declaredStorage } from "../host.js";
import { defineRule } from "./define.js";

/**
 * Binary-log group commit came with MySQL 5.6 (WL#5223) and MariaDB 5.3; before it each commit
 * wrote and fsynced its binlog events alone under prepare_commit_mutex.
 */
export function binlogGroupCommit(target: Target): boolean {
  if (target.flavor === "mariadb") return atLeast(target.version, "5.3");
  const base = mysqlBaseVersion(target);
  return base === undefined || atLeast(base, "5.6");
}

const GALERA =
  "the other nodes hold each commit before it returns (Galera replicates and certifies the write set at commit), so a crash of this node alone loses no acknowledged commit and the node rejoins by IST or SST; only losing every node at once can lose them";

export default defineRule({
  id: "relaxed-commit-durability",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    // The host's storage, where declared: rotating disks make each fsync a revolution.
    const storage = declaredStorage(ctx.host);
    const trx = explicit(facts, "innodb_flush_log_at_trx_commit");
    const mode = trx?.effectiveNumber;
    // innodb_flush_log_at_timeout came with MySQL 5.6.6; before it the interval was one second.
    const timeoutVariable = hasSince56(facts.target, "5.6.6");
    const timeout = timeoutVariable ? (effectiveNumber(facts, "innodb_flush_log_at_timeout")?.value ?? 1) : 1;
    const every = timeoutVariable ? " (innodb_flush_log_at_timeout)" : "";
    const syncBinlog = effectiveNumber(facts, "sync_binlog");
    const binlog = binlogEnabled(facts);
    const window = `${timeout} s`;
    const galera = galeraNode(facts);
    const groupCommit = binlogGroupCommit(facts.target);
    const unit = groupCommit ? "commit groups" : "commits";
    // Aurora MySQL writes redo to its cluster volume, not to local files: no fsync to relax, and no local figures.
    const aurora = facts.target.flavor === "aurora-mysql";
    if (trx && (mode === 0 || mode === 2)) {
      const loss = aurora
        ? "the writer then returns commits without waiting for the Aurora cluster volume to confirm that their redo records are written and have reached quorum, so a failover or restart can lose committed transactions"
        : mode === 2
          ? `commits reach the OS at commit but are fsynced only every ${window}${every}: an OS crash or power loss can lose up to ${window} of committed transactions; a mysqld crash loses none`
          : `commits are neither written nor fsynced at commit; the background thread does both every ${window}: a mysqld crash or an OS crash can lose up to ${window} of committed transactions`;
      const notes = aurora
        ? [
            "Aurora MySQL's user guide asks for 1: 0 or 2 spare each commit the wait for the cluster volume's acknowledgement, at the cost of ACID compliance",
            ...(atLeast(facts.target.version, "3.0")
              ? ["the guide (2023) says Aurora MySQL 3 always uses 1 and does not let this parameter change: check that your release accepts it"]
              : []),
          ]
        : [
            "measured gains: 2× to 7× for bulk loaders; sysbench 2.4× at 32 threads, shrinking to 1.3× at 1,024 threads as group commit shares each fsync",
            `use it only where losing up to ${timeout === 1 ? "a second" : window} of commits is acceptable or can be replayed from upstream`,
          ];
      if (binlog && syncBinlog?.value === 1) {
        notes.push("sync_binlog=1 keeps the binary log durable, so after a crash replicas can hold transactions the primary has lost");
      }
      const impactInputs = [
        { name: "innodb_flush_log_at_trx_commit", value: mode, source: optionSource(facts, "innodb_flush_log_at_trx_commit") },
        timeoutVariable
          ? { name: "innodb_flush_log_at_timeout", value: timeout, source: optionSource(facts, "innodb_flush_log_at_timeout") }
          : { name: "flush_interval_s", value: timeout, source: "default" as const },
      ];
      ctx.report({
        file: trx.entry.file,
        range: trx.entry.lineRange,
        ...(galera ? { severity: "info" as const } : {}),
        message: `innodb_flush_log_at_trx_commit=${mode} relaxes durability: ${loss}${galera ? `. On this Galera node (${galera}) ${GALERA}` : ""}`,
        notes,
        ...(ctx.sim && !aurora
          ? {
              impact: commitDurabilityImpact(
                ctx.sim,
                mode,
                timeout,
                binlog ? [...impactInputs, { name: "sync_binlog", value: syncBinlog?.value ?? 1, source: optionSource(facts, "sync_binlog") }] : impactInputs,
                storage,
                binlog ? { syncBinlog: syncBinlog?.value ?? 1, groupCommit } : undefined,
              ),
            }
          : {}),
        fix: {
          description: "restore full durability (1, the default)",
          safety: "unsafe",
          edits: [{ file: trx.entry.file, range: trx.entry.valueRange ?? trx.entry.lineRange, newText: "1" }],
        },
      });
    }
    const sb = explicit(facts, "sync_binlog");
    if (sb && binlog && sb.effectiveNumber !== undefined && sb.effectiveNumber !== 1) {
      const n = sb.effectiveNumber;
      const trxMode = mode === 0 || mode === 2 ? mode : 1;
      ctx.report({
        file: sb.entry.file,
        range: sb.entry.lineRange,
        ...(galera ? { severity: "info" as const } : {}),
        message:
          (n === 0
            ? "sync_binlog=0 leaves binary-log fsyncs to the OS: an OS crash or power loss can lose any binlog events not yet flushed, and replicas or point-in-time recovery miss transactions InnoDB kept"
            : `sync_binlog=${n} fsyncs the binary log once per ${n} ${unit}: an OS crash or power loss can lose up to ${n} ${groupCommit ? "groups" : "commits"} of binlog events`) +
          (galera ? `. On this Galera node (${galera}) ${GALERA}` : ""),
        ...(ctx.sim
          ? {
              impact: syncBinlogImpact(
                ctx.sim,
                n,
                trxMode,
                groupCommit,
                [
                  { name: "sync_binlog", value: n, source: optionSource(facts, "sync_binlog") },
                  { name: "innodb_flush_log_at_trx_commit", value: trxMode, source: optionSource(facts, "innodb_flush_log_at_trx_commit") },
                ],
                storage,
              ),
            }
          : {}),
        fix: {
          description: groupCommit ? "fsync the binary log at every commit group (1, the default since 5.7.7)" : "fsync the binary log at every commit (1)",
          safety: "unsafe",
          edits: [{ file: sb.entry.file, range: sb.entry.valueRange ?? sb.entry.lineRange, newText: "1" }],
        },
      });
    }
  },
});

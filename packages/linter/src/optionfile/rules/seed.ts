import { mysqlBaseVersion } from "../../catalogue/index.js";
import { coldRestartImpact, commitDurabilityImpact, instancesScanImpact, rowLogImpact, sortBufferImpact, syncBinlogImpact } from "../../impact/estimates.js";
import { atLeast, type Target } from "../../target.js";
import type { Rule } from "../../rules/types.js";
import { effectiveBoolean, effectiveNumber, optionSource, type OptionFacts, type ResolvedOption } from "./facts.js";
import { formatBytes, sizeOption } from "./values.js";

const MiB = 2 ** 20;
const GiB = 2 ** 30;


/** MySQL 8.0.27 moved index-build sort buffers to innodb_ddl_buffer_size (and parallel DDL threads). */
function usesDdlBuffer(target: Target): boolean {
  const base = mysqlBaseVersion(target);
  return target.flavor !== "mariadb" && base !== undefined && atLeast(base, "8.0.27");
}

function explicit(facts: OptionFacts, name: string): ResolvedOption | undefined {
  const o = facts.effective.get(name);
  return o && o.lookup.status === "known" ? o : undefined;
}

export const sortBufferOversized: Rule<OptionFacts> = {
  id: "sort-buffer-oversized",
  check(facts, ctx) {
    const o = explicit(facts, "innodb_sort_buffer_size");
    const size = o?.effectiveNumber;
    if (!o || size === undefined) return;
    const threshold = sizeOption(ctx.options.threshold, 4 * MiB);
    if (size <= threshold) return;
    const times = size / MiB;
    const raw = o.interpretation?.kind === "number" ? o.interpretation.raw : formatBytes(size);
    const shown = o.interpretation?.kind === "number" && o.interpretation.value !== size ? `${raw} (the server uses ${formatBytes(size)})` : raw;
    if (usesDdlBuffer(facts.target)) {
      const maxLog = effectiveNumber(facts, "innodb_online_alter_log_max_size")?.value ?? 128 * MiB;
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        severity: "info",
        versionDependent: true,
        message: `innodb_sort_buffer_size=${shown} no longer sizes index-build sort buffers on this target (innodb_ddl_buffer_size does since 8.0.27); it still sets the online-DDL row-log block, so every index built online with concurrent DML can hold 2 × ${formatBytes(size)} of log blocks`,
        ...(ctx.sim
          ? {
              impact: rowLogImpact(ctx.sim, size, maxLog, [
                { name: "innodb_sort_buffer_size", value: size, source: optionSource(facts, "innodb_sort_buffer_size") },
                { name: "innodb_online_alter_log_max_size", value: maxLog, source: optionSource(facts, "innodb_online_alter_log_max_size") },
              ]),
            }
          : {}),
      });
      return;
    }
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      versionDependent: true,
      message: `innodb_sort_buffer_size=${shown} is ${times}× the 1M default: each index build holds about 4 × ${formatBytes(size)} (merge blocks plus the sort buffer), for builds only about 5 % faster than at 1M, while concurrent DML ran 8–9 % slower in the measured online ALTER`,
      notes: ["measured: one 10-column index on 192 M rows took 2 h 11 min at 1M and 2 h 05 min at 64M"],
      ...(ctx.sim ? { impact: sortBufferImpact(ctx.sim, size, [{ name: "innodb_sort_buffer_size", value: size, source: optionSource(facts, "innodb_sort_buffer_size") }]) } : {}),
      fix: {
        description: "return to the 1M default",
        safety: "unsafe",
        edits: [{ file: o.entry.file, range: o.entry.valueRange ?? o.entry.lineRange, newText: "1M" }],
      },
    });
  },
};

export const sortBufferUndersized: Rule<OptionFacts> = {
  id: "sort-buffer-undersized",
  check(facts, ctx) {
    const o = explicit(facts, "innodb_sort_buffer_size");
    const size = o?.effectiveNumber;
    if (!o || size === undefined || size >= MiB || usesDdlBuffer(facts.target)) return;
    const extraPasses = Math.ceil(Math.log2(MiB / size));
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      versionDependent: true,
      message: `innodb_sort_buffer_size=${formatBytes(size)} is below the 1M default: index builds write ${MiB / size}× more sorted runs, so the external merge sort needs ${extraPasses} more passes over its temporary file; at 64K a measured build took 29 % longer than at 1M`,
      ...(ctx.sim ? { impact: sortBufferImpact(ctx.sim, size, [{ name: "innodb_sort_buffer_size", value: size, source: optionSource(facts, "innodb_sort_buffer_size") }]) } : {}),
      fix: {
        description: "return to the 1M default",
        safety: "unsafe",
        edits: [{ file: o.entry.file, range: o.entry.valueRange ?? o.entry.lineRange, newText: "1M" }],
      },
    });
  },
};

/** Whether the server writes a binary log: on by default from MySQL 8.0, off by default before and in MariaDB. */
export function binlogEnabled(facts: OptionFacts): boolean {
  // A running server reports log_bin as ON or OFF; in a file log-bin names the log and turns it on.
  if (facts.live) return facts.effective.get("log_bin")?.entry.value?.toUpperCase() === "ON";
  let enabled = facts.target.flavor !== "mariadb" && atLeast(mysqlBaseVersion(facts.target) ?? { major: 8 }, "8.0.0");
  for (const o of facts.options) {
    if (!o.serverGroup) continue;
    const raw = o.entry.rawName.replace(/^loose[-_]/i, "").replace(/-/g, "_").toLowerCase();
    if (raw === "log_bin") enabled = true;
    else if (raw === "skip_log_bin" || raw === "disable_log_bin") enabled = false;
  }
  return enabled;
}

export const relaxedCommitDurability: Rule<OptionFacts> = {
  id: "relaxed-commit-durability",
  check(facts, ctx) {
    const trx = explicit(facts, "innodb_flush_log_at_trx_commit");
    const mode = trx?.effectiveNumber;
    const timeout = effectiveNumber(facts, "innodb_flush_log_at_timeout")?.value ?? 1;
    const syncBinlog = effectiveNumber(facts, "sync_binlog");
    const binlog = binlogEnabled(facts);
    const window = `${timeout} s`;
    if (trx && (mode === 0 || mode === 2)) {
      const loss =
        mode === 2
          ? `commits reach the OS at commit but are fsynced only every ${window} (innodb_flush_log_at_timeout): an OS crash or power loss can lose up to ${window} of committed transactions; a mysqld crash loses none`
          : `commits are neither written nor fsynced at commit; the background thread does both every ${window}: a mysqld crash or an OS crash can lose up to ${window} of committed transactions`;
      const notes = [
        "measured gains: 2× to 7× for bulk loaders; sysbench 2.4× at 32 threads, shrinking to 1.3× at 1,024 threads as group commit shares each fsync",
        `use it only where losing up to ${timeout === 1 ? "a second" : window} of commits is acceptable or can be replayed from upstream`,
      ];
      if (binlog && syncBinlog?.value === 1) {
        notes.push("sync_binlog=1 keeps the binary log durable, so after a crash replicas can hold transactions the primary has lost");
      }
      const impactInputs = [
        { name: "innodb_flush_log_at_trx_commit", value: mode, source: optionSource(facts, "innodb_flush_log_at_trx_commit") },
        { name: "innodb_flush_log_at_timeout", value: timeout, source: optionSource(facts, "innodb_flush_log_at_timeout") },
      ];
      ctx.report({
        file: trx.entry.file,
        range: trx.entry.lineRange,
        message: `innodb_flush_log_at_trx_commit=${mode} relaxes durability: ${loss}`,
        notes,
        ...(ctx.sim ? { impact: commitDurabilityImpact(ctx.sim, mode, timeout, impactInputs) } : {}),
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
        message:
          n === 0
            ? "sync_binlog=0 leaves binary-log fsyncs to the OS: an OS crash or power loss can lose any binlog events not yet flushed, and replicas or point-in-time recovery miss transactions InnoDB kept"
            : `sync_binlog=${n} fsyncs the binary log once per ${n} commit groups: an OS crash or power loss can lose up to ${n} groups of binlog events`,
        ...(ctx.sim
          ? {
              impact: syncBinlogImpact(ctx.sim, n, trxMode, [
                { name: "sync_binlog", value: n, source: optionSource(facts, "sync_binlog") },
                { name: "innodb_flush_log_at_trx_commit", value: trxMode, source: optionSource(facts, "innodb_flush_log_at_trx_commit") },
              ]),
            }
          : {}),
        fix: {
          description: "fsync the binary log at every commit group (1, the default since 5.7.7)",
          safety: "unsafe",
          edits: [{ file: sb.entry.file, range: sb.entry.valueRange ?? sb.entry.lineRange, newText: "1" }],
        },
      });
    }
  },
};

export const bufferPoolInstancesIgnored: Rule<OptionFacts> = {
  id: "buffer-pool-instances-ignored",
  check(facts, ctx) {
    const o = explicit(facts, "innodb_buffer_pool_instances");
    const instances = o?.effectiveNumber;
    if (!o || instances === undefined || instances <= 1) return;
    // MariaDB 10.5 runs one pool whatever the setting: deprecated-variable (10.5) and
    // removed-variable (10.6) report the line with that reason.
    if (facts.target.flavor === "mariadb") return;
    const pool = effectiveNumber(facts, "innodb_buffer_pool_size")?.value ?? 128 * MiB;
    if (pool >= GiB) return;
    ctx.report({
      file: o.entry.file,
      range: o.entry.lineRange,
      versionDependent: true,
      message: `innodb_buffer_pool_instances=${instances} is ignored: with innodb_buffer_pool_size=${formatBytes(pool)} (under 1 GiB) InnoDB forces a single instance and logs "Adjusting innodb_buffer_pool_instances"`,
      notes: ["instance count does not slow scans in release builds; a study claiming otherwise was retracted (debug build)"],
      ...(ctx.sim
        ? {
            impact: instancesScanImpact(ctx.sim, Math.min(instances, 64), Math.max(pool, 5 * MiB), [
              { name: "innodb_buffer_pool_instances", value: instances, source: optionSource(facts, "innodb_buffer_pool_instances") },
              { name: "innodb_buffer_pool_size", value: pool, source: optionSource(facts, "innodb_buffer_pool_size") },
            ]),
          }
        : {}),
    });
  },
};

export const bufferPoolDumpDisabled: Rule<OptionFacts> = {
  id: "buffer-pool-dump-disabled",
  check(facts, ctx) {
    const pct = effectiveNumber(facts, "innodb_buffer_pool_dump_pct")?.value ?? 25;
    const pool = effectiveNumber(facts, "innodb_buffer_pool_size")?.value ?? 128 * MiB;
    for (const name of ["innodb_buffer_pool_dump_at_shutdown", "innodb_buffer_pool_load_at_startup"]) {
      const o = explicit(facts, name);
      const value = o && effectiveBoolean(facts, name);
      if (!o || !value || value.value) continue;
      const what =
        name === "innodb_buffer_pool_dump_at_shutdown"
          ? "no page list is saved at shutdown"
          : "the saved page list is not read back at startup";
      const written = o.entry.prefix ? `${o.entry.rawName}` : `${name}=${o.entry.value ?? ""}`;
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        message: `${written}: ${what}, so after every restart the buffer pool starts cold and the hottest ${pct} % of its pages (innodb_buffer_pool_dump_pct) must be read from disk again under live traffic`,
        ...(ctx.sim
          ? {
              impact: coldRestartImpact(ctx.sim, Math.max(pool, 5 * MiB), [
                { name: "innodb_buffer_pool_size", value: pool, source: optionSource(facts, "innodb_buffer_pool_size") },
              ]),
            }
          : {}),
        fix: {
          description: `turn ${name} back on (the default)`,
          safety: "safe",
          edits: [{ file: o.entry.file, range: o.entry.lineRange, newText: `${name} = ON` }],
        },
      });
    }
  },
};

import { mysqlBaseVersion } from "../catalogue/index.js";
import { coldRestartImpact, type DumpLoadPacing, throttledLoadSeconds } from "../impact/estimates.js";
import { effectiveBoolean, effectiveNumber, optionSource } from "../optionfile/rules/facts.js";
import { explicit, MiB } from "../optionfile/rules/shared.js";
import { atLeast, formatVersion, hasBackportedChange, type Target } from "../target.js";
import { declaredStorage } from "../host.js";
import { defineRule } from "./define.js";

/** The first release of each MariaDB series without the load throttle (MDEV-25417). */
const MARIADB_THROTTLE_REMOVED: Record<string, string> = {
  "10.5": "10.5.19",
  "10.6": "10.6.12",
  "10.7": "10.7.8",
  "10.8": "10.8.7",
  "10.9": "10.9.5",
  "10.10": "10.10.3",
  "10.11": "10.11.2",
  "11.0": "11.0.1",
};

/**
 * MySQL 5.7 (WL#6504) added the throttle to buf_load(); MariaDB has it from 10.2, whose InnoDB
 * is MySQL 5.7's, until MDEV-25417. Aurora's storage and MariaDB's XtraDB series are not established.
 */
export function dumpLoadPacing(target: Target): DumpLoadPacing["pacing"] {
  if (target.flavor === "mariadb") {
    const v = target.version;
    if (!atLeast(v, "10.2")) return "unknown";
    if (v.minor === undefined) return "free";
    if (v.major === 10 && v.minor <= 4) return "throttled";
    return hasBackportedChange(v, MARIADB_THROTTLE_REMOVED) ? "free" : "throttled";
  }
  if (target.flavor === "aurora-mysql") return "unknown";
  const base = mysqlBaseVersion(target);
  return base && atLeast(base, "5.7") ? "throttled" : "unknown";
}

/**
 * Servers that dump and load the pool: MySQL 5.6 (WL#5712) and MariaDB 10.0 on. Aurora MySQL keeps
 * its page cache in a process of its own across restarts, so there is nothing to warm.
 */
function warmsFromDump(target: Target): boolean {
  if (target.flavor === "aurora-mysql") return false;
  if (target.flavor === "mariadb") return atLeast(target.version, "10.0");
  const base = mysqlBaseVersion(target);
  return base === undefined || atLeast(base, "5.6");
}

export default defineRule({
  id: "buffer-pool-dump-disabled",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    if (!warmsFromDump(facts.target)) return;
    const pct = effectiveNumber(facts, "innodb_buffer_pool_dump_pct")?.value ?? 25;
    const pool = effectiveNumber(facts, "innodb_buffer_pool_size")?.value ?? 128 * MiB;
    const target = facts.target;
    const server = `${target.flavor === "mariadb" ? "MariaDB" : "MySQL"} ${formatVersion(target.flavor === "mariadb" ? target.version : (mysqlBaseVersion(target) ?? target.version))}`;
    const loadPacing: DumpLoadPacing = {
      pacing: dumpLoadPacing(target),
      server,
      ioCapacity: {
        value: effectiveNumber(facts, "innodb_io_capacity")?.value ?? 200,
        source: optionSource(facts, "innodb_io_capacity"),
      },
    };
    // A paced load worth waiting for: over a minute under traffic.
    const paced = ctx.sim ? (throttledLoadSeconds(ctx.sim, Math.max(pool, 5 * MiB), pct, loadPacing) ?? 0) >= 60 : false;
    const notes = paced
      ? [
          `under traffic ${server} loads only innodb_io_capacity (${loadPacing.ioCapacity.value}) pages a second: let the load finish before sending traffic (Innodb_buffer_pool_load_status reads "Buffer pool(s) load completed"), or raise innodb_io_capacity while it runs`,
        ]
      : [];
    for (const name of ["innodb_buffer_pool_dump_at_shutdown", "innodb_buffer_pool_load_at_startup"]) {
      const o = explicit(facts, name);
      const value = o && effectiveBoolean(facts, name);
      if (!o || !value || value.value) continue;
      const what = name === "innodb_buffer_pool_dump_at_shutdown" ? "no page list is saved at shutdown" : "the saved page list is not read back at startup";
      const written = o.entry.prefix ? `${o.entry.rawName}` : `${name}=${o.entry.value ?? ""}`;
      ctx.report({
        file: o.entry.file,
        range: o.entry.lineRange,
        message: `${written}: ${what}, so after every restart the buffer pool starts cold and the hottest ${pct} % of its pages (innodb_buffer_pool_dump_pct) must be read from disk again under live traffic`,
        ...(notes.length ? { notes } : {}),
        ...(ctx.sim
          ? {
              impact: coldRestartImpact(
                ctx.sim,
                Math.max(pool, 5 * MiB),
                pct,
                loadPacing,
                [
                  { name: "innodb_buffer_pool_size", value: pool, source: optionSource(facts, "innodb_buffer_pool_size") },
                  { name: "innodb_buffer_pool_dump_pct", value: pct, source: optionSource(facts, "innodb_buffer_pool_dump_pct") },
                ],
                declaredStorage(ctx.host),
              ),
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
});

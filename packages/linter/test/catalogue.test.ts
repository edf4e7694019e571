import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  assertCatalogued,
  catalogueFile,
  catalogueGap,
  memberRemovedIn,
  isAutoDefault,
  lookupVariable,
  mysqlBaseVersion,
  newestMysqlLts,
  optionGroups,
  setCatalogueDir,
  variableNames,
  type Lookup,
  type VariableFacts,
} from "../src/catalogue/index.js";
import { formatVersion, parseTarget } from "../src/target.js";
import { bundledCli } from "./helpers/bundle.js";

const t = (label: string) => parseTarget(label);

function known(label: string, name: string): VariableFacts {
  const r = lookupVariable(t(label), name);
  if (r.status !== "known") throw new Error(`${name} at ${label}: expected known, got ${r.status}`);
  return r.facts;
}

function status(label: string, name: string): Lookup["status"] {
  return lookupVariable(t(label), name).status;
}

describe("catalogue: key InnoDB and binlog figures", () => {
  it("innodb_sort_buffer_size is 1 MiB, 64 KiB..64 MiB, read-only, in every flavour", () => {
    for (const label of ["mysql-5.7", "mysql-8.0.22", "mysql-8.4", "mysql-9.7", "mariadb-10.11", "percona-8.0", "aurora-mysql-3.04"]) {
      const f = known(label, "innodb_sort_buffer_size");
      expect(f.default, label).toBe(1048576);
      expect(f.min, label).toBe(65536);
      expect(f.max, label).toBe(67108864);
      expect(f.dynamic, label).toBe(false);
      expect(f.unit, label).toBe("bytes");
      expect(f.type, label).toBe("size");
      expect(f.sources.length, label).toBeGreaterThan(0);
    }
  });

  it("innodb_flush_log_at_trx_commit is 0/1/2 with default 1 (MariaDB also allows 3)", () => {
    for (const label of ["mysql-5.7", "mysql-8.0", "mysql-8.4"]) {
      const f = known(label, "innodb_flush_log_at_trx_commit");
      expect([f.default, f.min, f.max]).toEqual([1, 0, 2]);
      expect(f.dynamic).toBe(true);
    }
    const m = known("mariadb-10.11", "innodb_flush_log_at_trx_commit");
    expect([m.default, m.min, m.max]).toEqual([1, 0, 3]);
  });

  it("MariaDB 5.5's XtraDB and InnoDB variables are known to it, and removed where the KB says", () => {
    for (const name of ["innodb_additional_mem_pool_size", "innodb_support_xa", "innodb_flush_neighbor_pages", "innodb_log_block_size"]) {
      expect(status("mariadb-5.5.68", name), name).toBe("known");
      expect(status("mariadb-10.6", name), name).toBe("removed");
    }
    const r = lookupVariable(t("mariadb-10.11"), "innodb_additional_mem_pool_size");
    expect(r.status === "removed" && r.removedIn).toBe("10.2.2");
    expect(known("mariadb-5.5.68", "innodb_flush_neighbor_pages").values).toEqual(["none", "area", "cont", "0", "1", "2"]);
  });

  it("the query cache was on by default before MySQL 5.6.8 and MariaDB 10.1.7", () => {
    expect(known("mysql-5.5.62", "query_cache_type").default).toBe("ON");
    expect(known("percona-5.5.62", "query_cache_type").default).toBe("ON");
    expect(known("mysql-5.6.7", "query_cache_type").default).toBe("ON");
    expect(known("mysql-5.6.8", "query_cache_type").default).toBe("OFF");
    expect(known("mysql-5.5.62", "query_cache_size").default).toBe(0);
    expect(known("mysql-5.7.44", "query_cache_size").default).toBe(1048576);
    expect(known("mariadb-10.1.6", "query_cache_type").default).toBe("ON");
    expect(known("mariadb-10.11", "query_cache_type").default).toBe("OFF");
  });

  it("ranges come from release builds, not from debug or sanitizer branches of sys_vars.cc", () => {
    // MySQL 8's sys_vars.cc raises thread_stack's minimum to 1M only under clang UBSAN, and gives
    // these other minimums only in NDEBUG-less builds; the manual's figures are the release ones.
    for (const label of ["mysql-5.7", "mysql-8.0", "mysql-8.4", "percona-8.0"]) expect(known(label, "thread_stack").min, label).toBe(131072);
    for (const label of ["mysql-8.0", "mysql-8.4"]) {
      expect(known(label, "connection_memory_limit").min, label).toBe(2097152);
      expect(known(label, "global_connection_memory_limit").min, label).toBe(16777216);
    }
    for (const label of ["mysql-5.7", "mysql-8.0", "mysql-8.4"]) {
      const name = label === "mysql-5.7" ? "slave_checkpoint_group" : "replica_checkpoint_group";
      const f = known(label, name);
      expect([f.min, f.blockSize], label).toEqual([32, 8]);
      expect(known(label, name.replace("group", "period")).min, label).toBe(1);
    }
  });

  it("innodb_flush_log_at_timeout defaults to 1 second, at most 2700", () => {
    const f = known("mysql-8.0", "innodb_flush_log_at_timeout");
    expect(f.default).toBe(1);
    expect(f.max).toBe(2700);
    expect(f.unit).toBe("seconds");
  });

  it("sync_binlog defaults to 1 from MySQL 5.7.7 (0 before)", () => {
    expect(known("mysql-5.7.6", "sync_binlog").default).toBe(0);
    expect(known("mysql-5.7.7", "sync_binlog").default).toBe(1);
    expect(known("mysql-8.0", "sync_binlog").default).toBe(1);
    expect(known("mysql-8.4", "sync_binlog").default).toBe(1);
  });

  it("innodb_buffer_pool_instances: auto default that changed in 8.4, max 64; removed in MariaDB 10.6 and accepted with a warning since", () => {
    const a = known("mysql-8.0", "innodb_buffer_pool_instances");
    const b = known("mysql-8.4", "innodb_buffer_pool_instances");
    expect(isAutoDefault(a.default)).toBe(true);
    expect(isAutoDefault(b.default)).toBe(true);
    expect(a.default).not.toEqual(b.default);
    expect(a.max).toBe(64);
    expect(a.dynamic).toBe(false);
    for (const label of ["mariadb-10.6", "mariadb-10.11", "mariadb-11.4"]) {
      const r = lookupVariable(t(label), "innodb_buffer_pool_instances");
      expect(r.status, label).toBe("known");
      if (r.status === "known") expect(r.facts.ignored).toEqual({ kind: "removed", since: "10.6.0", approximate: false });
    }
  });

  it("innodb_buffer_pool_size and chunk size", () => {
    const s = known("mysql-8.0", "innodb_buffer_pool_size");
    expect(s.default).toBe(134217728);
    expect(s.min).toBe(5242880);
    expect(s.dynamic).toBe(true);
    const c = known("mysql-8.0", "innodb_buffer_pool_chunk_size");
    expect(c.default).toBe(134217728);
    expect(c.min).toBe(1048576);
    expect(c.blockSize).toBe(1048576);
    expect(c.dynamic).toBe(false);
  });

  it("buffer pool dump/load defaults", () => {
    for (const label of ["mysql-5.7", "mysql-8.0", "mysql-8.4"]) {
      expect(known(label, "innodb_buffer_pool_dump_at_shutdown").default, label).toBe(true);
      expect(known(label, "innodb_buffer_pool_load_at_startup").default, label).toBe(true);
      expect(known(label, "innodb_buffer_pool_dump_pct").default, label).toBe(25);
    }
  });

  it("innodb_adaptive_hash_index is ON before 8.4 and OFF from 8.4", () => {
    expect(known("mysql-5.7", "innodb_adaptive_hash_index").default).toBe(true);
    expect(known("mysql-8.0", "innodb_adaptive_hash_index").default).toBe(true);
    expect(known("mysql-8.3", "innodb_adaptive_hash_index").default).toBe(true);
    expect(known("mysql-8.4.0", "innodb_adaptive_hash_index").default).toBe(false);
    expect(known("mysql-9.7", "innodb_adaptive_hash_index").default).toBe(false);
  });

  it("online DDL sizes", () => {
    const f = known("mysql-8.0", "innodb_online_alter_log_max_size");
    expect([f.default, f.min]).toEqual([134217728, 65536]);
    expect(status("mysql-8.0.26", "innodb_ddl_buffer_size")).toBe("not-yet");
    expect(status("mysql-8.0.26", "innodb_ddl_threads")).toBe("not-yet");
    const b = known("mysql-8.0.27", "innodb_ddl_buffer_size");
    expect([b.default, b.min, b.max]).toEqual([1048576, 65536, 4294967295]);
    expect(b.scope).toEqual(["global", "session"]);
    const th = known("mysql-8.0.27", "innodb_ddl_threads");
    expect([th.default, th.min, th.max]).toEqual([4, 1, 64]);
    expect(th.introduced).toBe("8.0.27");
  });

  it("LRU midpoint settings", () => {
    const p = known("mysql-8.0", "innodb_old_blocks_pct");
    expect([p.default, p.min, p.max]).toEqual([37, 5, 95]);
    const tm = known("mysql-8.0", "innodb_old_blocks_time");
    expect(tm.default).toBe(1000);
    expect(tm.unit).toBe("ms");
  });

  it("redo log: innodb_log_file_size deprecated and innodb_redo_log_capacity introduced in 8.0.30", () => {
    expect(known("mysql-8.0.29", "innodb_log_file_size").deprecated).toBeUndefined();
    expect(known("mysql-8.0.30", "innodb_log_file_size").deprecated).toBe("8.0.30");
    expect(known("mysql-8.0.30", "innodb_log_file_size").default).toBe(50331648);
    const r = lookupVariable(t("mysql-8.0.29"), "innodb_redo_log_capacity");
    expect(r.status).toBe("not-yet");
    if (r.status === "not-yet") expect(r.introducedIn).toBe("8.0.30");
    expect(known("mysql-8.0.30", "innodb_redo_log_capacity").default).toBe(104857600);
  });
});

describe("catalogue: removed, deprecated and not-yet", () => {
  it("query cache: present in 5.7 and 8.0.2, removed in 8.0.3", () => {
    for (const n of ["query_cache_size", "query_cache_type", "query_cache_limit"]) {
      expect(status("mysql-5.7", n)).toBe("known");
      expect(status("mysql-8.0.2", n)).toBe("known");
      const r = lookupVariable(t("mysql-8.0"), n);
      expect(r.status).toBe("removed");
      if (r.status === "removed") {
        expect(r.removedIn).toBe("8.0.3");
        expect(r.facts.name).toBe(n);
      }
    }
    expect(known("mysql-5.7", "query_cache_type").default).toBe("OFF");
  });

  it("innodb_file_format removed in 8.0.0, tx_isolation in 8.0.3", () => {
    expect(known("mysql-5.7", "innodb_file_format").deprecated).toBe("5.7.7");
    const ff = lookupVariable(t("mysql-8.0"), "innodb_file_format");
    expect(ff.status === "removed" && ff.removedIn).toBe("8.0.0");
    const tx = lookupVariable(t("mysql-8.0.22"), "tx_isolation");
    expect(tx.status === "removed" && tx.removedIn).toBe("8.0.3");
    // tx_isolation was never a startup option: 5.7 wants transaction-isolation in option files.
    expect(known("mysql-5.7", "tx_isolation").option).toBe(false);
    expect(known("mysql-5.7", "transaction_isolation").option).toBe(true);
  });

  it("expire_logs_days deprecated in 8.0.3 and gone by 8.4", () => {
    expect(known("mysql-8.0", "expire_logs_days").deprecated).toBe("8.0.3");
    const r = lookupVariable(t("mysql-8.4"), "expire_logs_days");
    expect(r.status).toBe("removed");
    if (r.status === "removed") expect(r.removedIn).toBe("8.2.0");
    expect(known("mysql-8.0", "binlog_expire_logs_seconds").default).toBe(2592000);
  });

  it("default_authentication_plugin deprecated in 8.0.27, removed in 8.4.0", () => {
    expect(known("mysql-8.0.26", "default_authentication_plugin").deprecated).toBeUndefined();
    expect(known("mysql-8.0.27", "default_authentication_plugin").deprecated).toBe("8.0.27");
    expect(known("mysql-8.0", "default_authentication_plugin").default).toBe("caching_sha2_password");
    expect(known("mysql-5.7", "default_authentication_plugin").default).toBe("mysql_native_password");
    const r = lookupVariable(t("mysql-8.4"), "default_authentication_plugin");
    expect(r.status === "removed" && r.removedIn).toBe("8.4.0");
  });

  it("renamed replication variables appear in 8.0.26", () => {
    expect(status("mysql-8.0.25", "replica_parallel_workers")).toBe("not-yet");
    expect(status("mysql-8.0.26", "replica_parallel_workers")).toBe("known");
    expect(status("mysql-8.0.26", "slave_parallel_workers")).toBe("known");
  });

  it("unknown names and normalisation", () => {
    expect(status("mysql-8.0", "innodb_buffer_pool_sizee")).toBe("unknown");
    expect(status("mysql-8.0", "Innodb-Buffer-Pool-Size")).toBe("known");
    expect(status("mariadb-10.11", "innodb_redo_log_capacity")).toBe("unknown");
  });

  it("9.x changes from the version reference", () => {
    expect(status("mysql-8.4", "mysql_native_password")).toBe("known");
    expect(status("mysql-9.0", "mysql_native_password")).toBe("removed");
    expect(status("mysql-9.6", "replica_allow_higher_version_source")).toBe("not-yet");
    expect(status("mysql-9.7", "replica_allow_higher_version_source")).toBe("known");
  });

  it("MariaDB 10.6 / 10.11 / 11.4 differences", () => {
    expect(status("mariadb-10.6", "log_slow_query_time")).toBe("not-yet");
    expect(status("mariadb-10.11", "log_slow_query_time")).toBe("known");
    expect(status("mariadb-10.11", "innodb_change_buffering")).toBe("known");
    // 11.0 removed it, and keeps the name for old files: accepted with a warning, value ignored.
    expect(known("mariadb-11.4", "innodb_change_buffering").ignored).toEqual({ kind: "removed", since: "11.0.0", approximate: false });
    expect(known("mariadb-10.11", "innodb_change_buffering").ignored).toBeUndefined();
    expect(known("mariadb-10.6", "explicit_defaults_for_timestamp").default).toBe(false);
    expect(known("mariadb-10.11", "explicit_defaults_for_timestamp").default).toBe(true);
    expect(known("mariadb-11.4", "innodb_undo_tablespaces").default).toBe(3);
    expect(known("mariadb-10.11", "innodb_adaptive_hash_index").default).toBe(false);
    // 11.4's binlog variables (a Debezium file sets binlog_legacy_event_pos); the installed 10.11.19 refuses all three.
    for (const name of ["binlog_legacy_event_pos", "max_binlog_total_size", "binlog_space_limit"]) {
      expect(status("mariadb-11.4", name), name).toBe("known");
      expect(status("mariadb-10.11", name), name).toBe("not-yet");
    }
    // Present through 10.6 (deprecated for wsrep_mode); mariadbd 10.11.19 refuses it.
    expect(known("mariadb-10.6", "wsrep_replicate_myisam").deprecated).toBe("10.6.0");
    expect(status("mariadb-10.11", "wsrep_replicate_myisam")).toBe("removed");
  });
});

describe("catalogue: how startup options take their argument", () => {
  it("log-bin takes the base name of the log files while the log_bin variable is ON or OFF, in every flavour", () => {
    for (const label of [
      "mysql-5.7.44",
      "mysql-8.0.36",
      "mysql-8.4.3",
      "mysql-9.7",
      "percona-5.7.26",
      "percona-8.0.36",
      "aurora-mysql-3.05.2",
      "mariadb-10.11",
    ]) {
      const f = known(label, "log_bin");
      expect([f.type, f.optionType, f.optionArg], label).toEqual(["boolean", "string", "optional"]);
    }
  });

  it("names of files are strings that need a value; log-error may be given bare", () => {
    for (const label of ["mysql-8.0.36", "mariadb-10.11"]) {
      for (const n of ["log_bin_index", "relay_log", "relay_log_index", "general_log_file", "slow_query_log_file", "pid_file"]) {
        const f = known(label, n);
        expect([f.type, f.optionType, f.optionArg], `${label} ${n}`).toEqual(["string", undefined, undefined]);
      }
      expect(known(label, "log_error").optionArg, label).toBe("optional");
      expect(known(label, "log_slave_updates").type, label).toBe("boolean");
      expect(known(label, "log_slave_updates").optionType, label).toBeUndefined();
    }
  });

  it("optional numbers and enumerations, and plugin booleans that require ON or OFF", () => {
    expect(known("mysql-8.0.36", "lower_case_table_names").optionArg).toBe("optional");
    expect(known("mysql-8.0.36", "event_scheduler").optionArg).toBe("optional");
    expect(known("mysql-8.0.36", "innodb_buffer_pool_dump_at_shutdown").optionArg).toBe("required");
    expect(known("mysql-8.0.36", "innodb_dedicated_server").optionArg).toBe("required");
    expect(known("mysql-8.0.36", "innodb_file_per_table").optionArg).toBeUndefined();
    expect(known("mariadb-10.11", "innodb_buffer_pool_load_at_startup").optionArg).toBe("required");
    expect(known("mariadb-10.11", "skip_name_resolve").optionArg).toBeUndefined();
  });
});

describe("catalogue: Percona and Aurora resolve to a MySQL base", () => {
  it("Percona versions are MySQL versions", () => {
    expect(formatVersion(mysqlBaseVersion(t("percona-8.0.26"))!)).toBe("8.0.26");
    expect(mysqlBaseVersion(t("mariadb-10.11"))).toBeUndefined();
  });

  it("Percona's own variables, and MySQL's through the base", () => {
    for (const label of ["percona-5.7", "percona-8.0.26", "percona-8.0"]) {
      for (const n of ["innodb_records_in_range", "innodb_force_index_records_in_range"]) {
        const f = known(label, n);
        expect(f.flavor, `${label} ${n}`).toBe("percona");
        expect(f.default).toBe(0);
        expect(f.dynamic).toBe(true);
      }
    }
    expect(known("percona-8.0.26", "innodb_buffer_pool_size").flavor).toBe("mysql");
    expect(status("percona-8.0.26", "query_cache_size")).toBe("removed");
    expect(status("mysql-8.0", "innodb_records_in_range")).toBe("unknown");
    expect(status("percona-8.0", "thread_pool_size")).toBe("known");
  });

  it("Percona 5.7's own variables come from its source, and those 8.0 dropped are removed there", () => {
    for (const n of ["query_cache_strip_comments", "innodb_kill_idle_transaction", "innodb_use_global_flush_log_at_trx_commit"]) {
      expect(known("percona-5.7.44", n).flavor, n).toBe("percona");
      expect(status("percona-8.0.36", n), n).toBe("removed");
      expect(status("mysql-5.7.44", n), n).toBe("unknown");
    }
    // the source snapshot's fork adds lock-tracing variables that Percona Server never had
    expect(status("percona-5.7.44", "gaopeng_mdl_detail")).toBe("unknown");
  });

  it("Percona adds values to MySQL variables without replacing MySQL's facts", () => {
    for (const label of ["percona-5.7.44", "percona-8.0.36"]) {
      const f = known(label, "thread_handling");
      expect(f.values, label).toContain("pool-of-threads");
      expect(f.values, label).toContain("one-thread-per-connection");
      expect(f.default, label).toBe("one-thread-per-connection");
    }
    expect(known("mysql-8.0.36", "thread_handling").values).not.toContain("pool-of-threads");
    expect(known("percona-8.0.36", "innodb_redo_log_encrypt").values).toEqual(expect.arrayContaining(["ON", "OFF", "KEYRING_KEY"]));
    expect(status("percona-5.7.44", "innodb_redo_log_encrypt")).toBe("not-yet");
  });

  it("Aurora versions map to MySQL releases", () => {
    const cases: [string, string][] = [
      ["aurora-mysql-2.04.9", "5.7.12"],
      ["aurora-mysql-2.11.5", "5.7.12"],
      ["aurora-mysql-2.12.4", "5.7.44"],
      ["aurora-mysql-3.01", "8.0.23"],
      ["aurora-mysql-3.02.2", "8.0.23"],
      ["aurora-mysql-3.03", "8.0.26"],
      ["aurora-mysql-3.04.2", "8.0.28"],
      ["aurora-mysql-3.05", "8.0.32"],
      ["aurora-mysql-3.08.1", "8.0.39"],
      ["aurora-mysql-3.10.0", "8.0.42"],
      ["aurora-mysql-8.4.7", "8.4.7"],
    ];
    for (const [label, mysql] of cases) expect(formatVersion(mysqlBaseVersion(t(label))!), label).toBe(mysql);
  });

  it("Aurora lookups use Aurora variables first, then MySQL at the base version", () => {
    expect(known("aurora-mysql-3.04", "aurora_parallel_query").flavor).toBe("aurora-mysql");
    expect(status("aurora-mysql-2.11", "aurora_binlog_read_buffer_size")).toBe("known");
    expect(status("aurora-mysql-3.04", "aurora_binlog_read_buffer_size")).toBe("removed");
    expect(status("aurora-mysql-2.11", "query_cache_size")).toBe("known");
    expect(status("aurora-mysql-3.04", "query_cache_size")).toBe("removed");
    expect(status("aurora-mysql-3.03", "innodb_ddl_threads")).toBe("not-yet");
    expect(status("aurora-mysql-3.04", "innodb_ddl_threads")).toBe("known");
  });
});

describe("catalogue: targets outside the covered series", () => {
  it("says where a target falls before the first series or after the last, per flavour", () => {
    expect(catalogueGap(t("mysql-5.6.51"))).toEqual({ edge: "before", series: "MySQL 5.7" });
    expect(catalogueGap(t("percona-5.6.51"))).toEqual({ edge: "before", series: "MySQL 5.7" });
    expect(catalogueGap(t("mariadb-10.5"))).toEqual({ edge: "before", series: "MariaDB 10.6" });
    expect(catalogueGap(t("mariadb-12.0"))).toEqual({ edge: "after", series: "MariaDB 11.8" });
    expect(catalogueGap(t("mariadb-11.8"))).toBeUndefined();
    expect(catalogueGap(t("mysql-10.0"))).toEqual({ edge: "after", series: "MySQL 9.7" });
    for (const inside of [
      "mysql-5.7.44",
      "mysql-8.0.40",
      "mysql-9.7.1",
      "mysql-9",
      "mariadb-10.6.0",
      "mariadb-10.8",
      "mariadb-11.4.5",
      "percona-8.0.36",
      "aurora-mysql-3.05.2",
    ]) {
      expect(catalogueGap(t(inside)), inside).toBeUndefined();
    }
  });

  it("refuses an Aurora release it maps to no MySQL release, and keeps the others", () => {
    expect(() => assertCatalogued(t("aurora-mysql-1.23.4"))).toThrow("older than innolint's catalogue, which starts at aurora-mysql-2.0.0");
    expect(assertCatalogued(t("aurora-mysql-2.11.5")).label).toBe("aurora-mysql-2.11.5");
    expect(assertCatalogued(t("mysql-5.6.51")).label).toBe("mysql-5.6.51");
  });

  it("knows when an enumeration or set member went away", () => {
    expect(memberRemovedIn(t("mysql-8.0.40"), "sql_mode", "no_auto_create_user")).toEqual({ since: "8.0.0", approx: true });
    expect(memberRemovedIn(t("percona-8.0.36"), "sql_mode", "NO_AUTO_CREATE_USER")).toEqual({ since: "8.0.0", approx: true });
    expect(memberRemovedIn(t("mysql-5.7.44"), "sql_mode", "NO_AUTO_CREATE_USER")).toBeUndefined();
    expect(memberRemovedIn(t("mysql-8.0.40"), "sql_mode", "STRICT_TRANS_TABLES")).toBeUndefined();
    expect(memberRemovedIn(t("mysql-8.0.40"), "sql_mode", "NEVER_A_MODE")).toBeUndefined();
  });
});

describe("catalogue: names, option groups, LTS, speed", () => {
  it("variableNames lists what is valid for the target", () => {
    const n80 = variableNames(t("mysql-8.0"));
    expect(n80.length).toBeGreaterThan(700);
    expect(n80).toContain("innodb_buffer_pool_size");
    expect(n80).not.toContain("query_cache_size");
    expect(variableNames(t("mysql-5.7"))).toContain("query_cache_size");
    const p = variableNames(t("percona-8.0.26"));
    expect(p).toContain("innodb_records_in_range");
    expect(p).toContain("innodb_buffer_pool_size");
    const m = variableNames(t("mariadb-10.11"));
    expect(m).toContain("aria_pagecache_buffer_size");
    expect(m).not.toContain("innodb_buffer_pool_instances");
  });

  it("option groups follow the server's load_default_groups", () => {
    expect(optionGroups(t("mysql-8.0.22"))).toEqual(["mysqld", "server", "mysqld-8.0"]);
    expect(optionGroups(t("percona-5.7"))).toEqual(["mysqld", "server", "mysqld-5.7"]);
    expect(optionGroups(t("aurora-mysql-3.04"))).toEqual(["mysqld", "server", "mysqld-8.0"]);
    expect(optionGroups(t("mariadb-10.11"))).toEqual([
      "mysqld",
      "server",
      "mysqld-10.11",
      "mariadb",
      "mariadb-10.11",
      "mariadbd",
      "mariadbd-10.11",
      "client-server",
      "galera",
    ]);
    expect(optionGroups(t("mysql-8"))).toEqual(["mysqld", "server"]);
  });

  it("knows the newest MySQL LTS", () => {
    expect(newestMysqlLts()).toBe("9.7");
    expect(catalogueFile("mysql").lts?.map((l) => l.series)).toEqual(["8.4", "9.7"]);
  });

  it("loads a flavour cold and answers fast", () => {
    setCatalogueDir(undefined);
    const start = performance.now();
    known("mysql-8.0", "innodb_buffer_pool_size");
    known("mysql-8.0", "sort_buffer_size");
    const elapsed = performance.now() - start;
    expect(elapsed).toBeLessThan(150);
    const s2 = performance.now();
    for (let i = 0; i < 1000; i++) lookupVariable(t("mysql-8.0"), "innodb_log_file_size");
    expect(performance.now() - s2).toBeLessThan(150);
  });

  it("every fact carries a citation with a URL", () => {
    for (const label of ["mysql-5.7", "mysql-8.0", "mysql-8.4", "mariadb-10.11", "percona-8.0", "aurora-mysql-3"]) {
      for (const name of variableNames(t(label))) {
        const r = lookupVariable(t(label), name);
        if (r.status !== "known") continue;
        expect(r.facts.sources.length, `${label} ${name}`).toBeGreaterThan(0);
        for (const s of r.facts.sources) expect(s.url, `${label} ${name}`).toMatch(/^https:\/\//);
        expect(r.facts.description.length).toBeGreaterThan(10);
      }
    }
  });
});

describe("catalogue: the bundle's form", () => {
  // build.mjs stores each record as JSON text, parsed on lookup; the answers must not change.
  it("answers every lookup, name list and raw file as the source catalogue does", () => {
    const bundled = join(dirname(bundledCli()), "rules", "variables");
    const labels = ["mysql-5.7.44", "mysql-8.0", "mysql-9.7", "mariadb-10.11", "percona-8.0.26", "aurora-mysql-2.04.9", "aurora-mysql-3"];
    const answers = () => {
      const out: Record<string, unknown> = {};
      for (const label of labels) {
        const names = variableNames(t(label));
        out[`${label} names`] = names;
        for (const name of [...names, "innodb_buffer_pol_size", "constructor", "__proto__", "query_cache_size"])
          out[`${label} ${name}`] = lookupVariable(t(label), name);
        out[`${label} groups`] = optionGroups(t(label));
      }
      return out;
    };
    try {
      setCatalogueDir(undefined);
      const source = answers();
      const sourceFiles = (["mysql", "mariadb", "percona", "aurora-mysql"] as const).map((f) => catalogueFile(f));
      setCatalogueDir(bundled);
      // Lookups first, so that the raw files below are materialised from partly parsed catalogues.
      expect(answers()).toEqual(source);
      expect((["mysql", "mariadb", "percona", "aurora-mysql"] as const).map((f) => catalogueFile(f))).toEqual(sourceFiles);
      expect(lookupVariable(t("mysql-8.0"), "constructor").status).toBe("unknown");
    } finally {
      setCatalogueDir(undefined);
    }
  });
});

"""Hand-curated facts layered over the extracted snapshots by build.py.

Everything here is either a fact the snapshots cannot show (a default that changed inside a
release series, an auto-sized default, a version only the release notes give, a variable of a
product we have no source for) or our own wording (descriptions, units). Each fact names its
source id; the ids are defined in SOURCES.
"""

# ---------------------------------------------------------------------------------------------
# Sources. Snapshot sources are added by build.py from the snapshot files themselves.
SOURCES = {
    "mysql-optvar-57": {
        "title": "MySQL 5.7 Reference Manual: Server and Status Variables and Options Added, Deprecated, or Removed in MySQL 5.7",
        "url": "https://dev.mysql.com/doc/refman/5.7/en/added-deprecated-removed.html",
    },
    "mysql-optvar-80": {
        "title": "MySQL 8.0 Reference Manual: Server and Status Variables and Options Added, Deprecated, or Removed in MySQL 8.0",
        "url": "https://dev.mysql.com/doc/refman/8.0/en/added-deprecated-removed.html",
    },
    "mysql-vr-80": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 8.0",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-8-0.html",
    },
    "mysql-vr-82": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 8.2",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-8-2.html",
    },
    "mysql-vr-83": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 8.3",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-8-3.html",
    },
    "mysql-vr-84": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 8.4",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-8-4.html",
    },
    "mysql-vr-90": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 9.0",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-9-0.html",
    },
    "mysql-vr-93": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 9.3",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-9-3.html",
    },
    "mysql-vr-94": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 9.4",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-9-4.html",
    },
    "mysql-vr-95": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 9.5",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-9-5.html",
    },
    "mysql-vr-96": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 9.6",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-9-6.html",
    },
    "mysql-vr-97": {
        "title": "MySQL Server Version Reference: Option and Variable Changes for MySQL 9.7",
        "url": "https://dev.mysql.com/doc/mysqld-version-reference/en/optvar-changes-9-7.html",
    },
    "mysql-innodb-params-80": {
        "title": "MySQL 8.0 Reference Manual: InnoDB Startup Options and System Variables",
        "url": "https://dev.mysql.com/doc/refman/8.0/en/innodb-parameters.html",
    },
    "mysql-innodb-params-84": {
        "title": "MySQL 8.4 Reference Manual: InnoDB Startup Options and System Variables",
        "url": "https://dev.mysql.com/doc/refman/8.4/en/innodb-parameters.html",
    },
    "mysql-whatsnew-84": {
        "title": "MySQL 8.4 Reference Manual: What Is New in MySQL 8.4 since MySQL 8.0 (InnoDB system variable default value changes)",
        "url": "https://dev.mysql.com/doc/refman/8.4/en/mysql-nutshell.html",
    },
    "mysql-sysvars-57": {
        "title": "MySQL 5.7 Reference Manual: Server System Variables",
        "url": "https://dev.mysql.com/doc/refman/5.7/en/server-system-variables.html",
    },
    "mysql-56-default-changes": {
        "title": "MySQL 5.6 Reference Manual: Changes to Server Defaults",
        "url": "https://dev.mysql.com/doc/refman/5.6/en/server-default-changes.html",
    },
    "mariadb-upgrade-53-55": {
        "title": "MariaDB Knowledge Base: Upgrading from MariaDB 5.3 to MariaDB 5.5 (options that have been removed or renamed)",
        "url": "https://mariadb.com/kb/en/upgrading-from-mariadb-53-to-mariadb-55/",
    },
    "mariadb-kb-mariadbd-options": {
        "title": "MariaDB Knowledge Base: mariadbd Options",
        "url": "https://mariadb.com/kb/en/mariadbd-options/",
    },
    "mysql-binlog-vars-80": {
        "title": "MySQL 8.0 Reference Manual: Binary Logging Options and Variables",
        "url": "https://dev.mysql.com/doc/refman/8.0/en/replication-options-binary-log.html",
    },
    "mysql-dedicated-server-80": {
        "title": "MySQL 8.0 Reference Manual: Enabling Automatic Configuration for a Dedicated MySQL Server",
        "url": "https://dev.mysql.com/doc/refman/8.0/en/innodb-dedicated-server.html",
    },
    "mysql-releases-97": {
        "title": "MySQL 9.7 Reference Manual: MySQL Releases: Innovation and LTS",
        "url": "https://docs.oracle.com/cd/E17952_01/mysql-9.7-en/mysql-releases.html",
    },
    "eol-mysql": {
        "title": "endoflife.date: MySQL (9.7 LTS released 2026-04-21)",
        "url": "https://endoflife.date/api/v1/products/mysql/",
    },
    "aws-rds-97": {
        "title": "AWS Database Blog: Amazon RDS for MySQL LTS version 9.7 is now generally available",
        "url": "https://aws.amazon.com/blogs/database/amazon-rds-for-mysql-lts-version-9-7-is-now-generally-available/",
    },
    "percona-records-in-range-57": {
        "title": "Percona Server for MySQL 5.7: Limiting the Estimation of Records in a Query",
        "url": "https://docs.percona.com/percona-server/5.7/performance/query_limit_records.html",
    },
    "percona-records-in-range-80": {
        "title": "Percona Server for MySQL 8.0: Limit the estimation of records in a Query",
        "url": "https://docs.percona.com/percona-server/8.0/query-limit-records.html",
    },
    "aurora-params": {
        "title": "Amazon Aurora User Guide: Aurora MySQL configuration parameters",
        "url": "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraUserGuide/AuroraMySQL.Reference.ParameterGroups.html",
    },
    "aurora-doc-history": {
        "title": "Amazon Aurora MySQL Release Notes: Document history (version to MySQL compatibility)",
        "url": "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraMySQLReleaseNotes/doc-history.html",
    },
    "aurora-2115": {
        "title": "Aurora MySQL database engine updates 2024-03-26 (version 2.11.5, compatible with MySQL 5.7.12)",
        "url": "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraMySQLReleaseNotes/AuroraMySQL.Updates.2115.html",
    },
    "aurora-2124": {
        "title": "Aurora MySQL database engine updates 2024-10-23 (version 2.12.4, compatible with MySQL 5.7.44)",
        "url": "https://docs.aws.amazon.com/AmazonRDS/latest/AuroraMySQLReleaseNotes/AuroraMySQL.Updates.2124.html",
    },
    "mariadb-bpi": {
        "title": "MariaDB documentation: innodb_buffer_pool_instances (removed in MariaDB Community Server 10.6.0)",
        "url": "https://mariadb.com/docs/server/ref/mdb/cli/mariadbd/innodb-buffer-pool-instances",
    },
    "mariadb-wsrep-replicate-myisam": {
        "title": "MariaDB documentation: wsrep_replicate_myisam (present in Community Server 10.2 to 10.6; not present in Enterprise Server 11.4)",
        "url": "https://mariadb.com/docs/server/ref/mdb/system-variables/wsrep_replicate_myisam",
    },
    "mariadb-ment-411": {
        "title": "MariaDB Server commit 27d66d644c, MENT-411: wsrep_mode REPLICATE_MYISAM and REPLICATE_ARIA; wsrep_replicate_myisam deprecated (10.6)",
        "url": "https://github.com/MariaDB/server/commit/27d66d644c",
    },
    "mariadb-oracle-10.11.19-refused": {
        "title": "mariadbd 10.11.19 (Debian 12) --defaults-file=F --help --verbose with the option alone under [mysqld]: unknown variable, exit 7",
        "url": "https://packages.debian.org/bookworm/mariadb-server",
    },
    "mariadb-docs-repl-sysvars": {
        "title": "MariaDB documentation: Replication and Binary Log System Variables (binlog_legacy_event_pos, max_binlog_total_size and its alias binlog_space_limit introduced in MariaDB 11.4)",
        "url": "https://mariadb.com/docs/server/ha-and-performance/standard-replication/replication-and-binary-log-system-variables",
    },
    "mariadb-1051-rn": {
        "title": "MariaDB 10.5.1 Release Notes (innodb_buffer_pool_instances and innodb_page_cleaners deprecated and ignored)",
        "url": "https://mariadb.com/kb/en/mdb-1051-rn/",
    },
    "mariadb-src-mysqld-compat": {
        "title": "MariaDB Server source, sql/mysqld.cc: my_long_options' MySQL-compatibility and removed-option entries (accepted with a warning, value ignored)",
        "url": "https://github.com/MariaDB/server/blob/10.11/sql/mysqld.cc",
    },
    "mariadb-oracle-10.11.19": {
        "title": "mariadbd 10.11.19 (Debian 12) --defaults-file=F --help --verbose with the option alone under [mysqld]: exit 0 and the server's compatibility warning (packages/linter/test/oracle/option-verdict-oracle.ts)",
        "url": "https://packages.debian.org/bookworm/mariadb-server",
    },
    "mariadb-118-upgrade": {
        "title": "MariaDB documentation: upgrading from MariaDB 10.6 to 11.8 (legacy options such as innodb_change_buffering start with a \"was removed\" warning)",
        "url": "https://mariadb.com/docs/server/server-management/install-and-upgrade-mariadb/upgrading/mariadb-community-server-upgrade-paths/upgrading-from-mariadb-10-6-to-mariadb-11-8",
    },
    "mariadb-kb-sysvars": {
        "title": "MariaDB Knowledge Base: Server System Variables",
        "url": "https://mariadb.com/kb/en/server-system-variables/",
    },
    "mariadb-kb-innodb-sysvars": {
        "title": "MariaDB Knowledge Base: InnoDB System Variables",
        "url": "https://mariadb.com/kb/en/innodb-system-variables/",
    },
    "mariadb-kb-1011-changes": {
        "title": "MariaDB Knowledge Base: System Variables Added in MariaDB 10.11",
        "url": "https://mariadb.com/docs/server/ha-and-performance/optimization-and-tuning/system-variables/system-and-status-variables-added-by-major-release/community-server/system-variables-added-in-mariadb-10-11.md",
    },
    "mariadb-kb-115-added": {"title": "MariaDB Knowledge Base: System Variables Added in MariaDB 11.5",
                             "url": "https://mariadb.com/kb/en/system-variables-added-in-mariadb-11-5/"},
    "mariadb-kb-tmp-space": {"title": "MariaDB Knowledge Base: max_tmp_session_space_usage and max_tmp_total_space_usage (named max_tmp_space_usage and max_total_tmp_space_usage in 11.5.0 only)",
                             "url": "https://mariadb.com/kb/en/limiting-size-of-created-disk-temporary-files-and-tables"},
    "mariadb-kb-117-added": {"title": "MariaDB documentation: System Variables Added in MariaDB 11.7",
                             "url": "https://mariadb.com/docs/server/ha-and-performance/optimization-and-tuning/system-variables/system-and-status-variables-added-by-major-release/system-and-status-variables-added-by-major-unmaintained-release/system-variables-added-in-mariadb-11-7"},
    "mariadb-kb-117-changes": {"title": "MariaDB 11.7 Changes & Improvements (binlog_large_commit_threshold, slave_abort_blocking_timeout new; binlog_optimize_thread_scheduling deprecated)",
                               "url": "https://mariadb.com/docs/release-notes/mariadb-community-server-release-notes/old-releases/mariadb-11-7-rolling-releases/what-is-mariadb-117"},
    "mariadb-kb-vector-sysvars": {"title": "MariaDB documentation: Vector System Variables (mhnsw_*, introduced in 11.7.1)",
                                  "url": "https://mariadb.com/docs/server/reference/sql-structure/vectors/vector-system-variables"},
    "mariadb-kb-charsets": {"title": "MariaDB documentation: Setting Character Sets and Collations (from 11.6 the default is utf8mb4 / utf8mb4_uca1400_ai_ci)",
                            "url": "https://mariadb.com/kb/en/setting-character-sets-and-collations"},
    "mariadb-kb-114-changes": {
        "title": "MariaDB Knowledge Base: System Variables Added in MariaDB 11.4",
        "url": "https://mariadb.com/docs/server/ha-and-performance/optimization-and-tuning/system-variables/system-and-status-variables-added-by-major-release/community-server/system-variables-added-in-mariadb-11-4",
    },
    "mariadb-kb-108-changes": {
        "title": "MariaDB documentation: System Variables Added in MariaDB 10.8",
        "url": "https://mariadb.com/docs/server/ha-and-performance/optimization-and-tuning/system-variables/system-and-status-variables-added-by-major-release/system-and-status-variables-added-by-major-unmaintained-release/system-variables-added-in-mariadb-10-8",
    },
    "mariadb-kb-109-changes": {
        "title": "MariaDB documentation: System Variables Added in MariaDB 10.9",
        "url": "https://mariadb.com/docs/server/ha-and-performance/optimization-and-tuning/system-variables/system-and-status-variables-added-by-major-release/system-and-status-variables-added-by-major-unmaintained-release/system-variables-added-in-mariadb-10-9",
    },
    "mariadb-kb-110-changes": {
        "title": "MariaDB Knowledge Base: System Variables Added in MariaDB 11.0",
        "url": "https://mariadb.com/kb/en/system-variables-added-in-mariadb-11-0/",
    },
    "mariadb-kb-113-changes": {
        "title": "MariaDB documentation: System Variables Added in MariaDB 11.3",
        "url": "https://mariadb.com/docs/server/ha-and-performance/optimization-and-tuning/system-variables/system-and-status-variables-added-by-major-release/system-and-status-variables-added-by-major-unmaintained-release/system-variables-added-in-mariadb-11-3",
    },
    "mariadb-server-groups": {
        "title": "MariaDB Server source: sql/mysqld.cc load_default_groups (as printed by mariadbd --help)",
        "url": "https://github.com/MariaDB/server/blob/10.11/sql/mysqld.cc",
    },
}

# ---------------------------------------------------------------------------------------------
# Names that extraction picked up but that are not variables of the product itself.
DROP = {
    # ShannonBase (the MySQL 8.4.8 fork we read) adds its own engine variables.
    "mysql-8.4.8": {"llm_dir", "rpl_semi_sync_slave_timeout", "rpl_semi_sync_slave_wait_point"} | {"rapid_*"},
    # The generic plugin join mixes up the semisync source/replica arrays (macro-built names).
    "mysql-8.0.41": {"rpl_semi_sync_slave_timeout", "rpl_semi_sync_slave_wait_point"},
    # kunlun-storage (Percona Server 8.0.26-17 fork) adds cluster variables.
    # additions of the fork the 5.7.22 source snapshot is taken from (lock-tracing diagnostics), not Percona's
    "percona-5.7.22": {"gaopeng_*", "innodb_gaopeng_*"},
    "percona-8.0.26": {"rpl_semi_sync_slave_timeout", "rpl_semi_sync_slave_wait_point", "cluster_id", "shard_id", "computing_node_id", "global_conn_id", "ddc_mode",
                       "multi_purpose_int", "tf_sequence_table_max_upper_bound", "xa_prep_cop_binlog_last",
                       "clone_binlog_phy_consistency"},
}

# ---------------------------------------------------------------------------------------------
# Units. Heuristics in build.py cover the rest; these override them.
UNITS = {
    "innodb_flush_log_at_timeout": "seconds",
    "innodb_old_blocks_time": "ms",
    "innodb_lock_wait_timeout": "seconds",
    "lock_wait_timeout": "seconds",
    "long_query_time": "seconds",
    "log_slow_query_time": "seconds",
    "max_execution_time": "ms",
    "max_statement_time": "seconds",
    "binlog_group_commit_sync_delay": "microseconds",
    "innodb_adaptive_max_sleep_delay": "microseconds",
    "innodb_thread_sleep_delay": "microseconds",
    "innodb_spin_wait_delay": "count",
    "innodb_io_capacity": "iops",
    "innodb_io_capacity_max": "iops",
    "innodb_max_dirty_pages_pct": "percent",
    "innodb_max_dirty_pages_pct_lwm": "percent",
    "innodb_old_blocks_pct": "percent",
    "innodb_buffer_pool_dump_pct": "percent",
    "innodb_fill_factor": "percent",
    "innodb_change_buffer_max_size": "percent",
    "innodb_log_file_size": "bytes",
    "innodb_redo_log_capacity": "bytes",
    "innodb_log_files_in_group": "count",
    "innodb_buffer_pool_instances": "count",
    "innodb_page_cleaners": "count",
    "innodb_purge_threads": "count",
    "innodb_read_io_threads": "count",
    "innodb_write_io_threads": "count",
    "innodb_ddl_threads": "count",
    "innodb_parallel_read_threads": "count",
    "innodb_autoextend_increment": "megabytes",
    "expire_logs_days": "days",
    "binlog_expire_logs_seconds": "seconds",
    "sync_binlog": "count",
    "max_connections": "count",
    "thread_cache_size": "count",
    "host_cache_size": "count",
    "table_open_cache": "count",
    "table_definition_cache": "count",
    "table_open_cache_instances": "count",
    "innodb_open_files": "count",
    "open_files_limit": "count",
    "max_allowed_packet": "bytes",
    "rpl_semi_sync_master_timeout": "ms",
    "rpl_semi_sync_source_timeout": "ms",
    "slave_net_timeout": "seconds",
    "replica_net_timeout": "seconds",
    "innodb_stats_persistent_sample_pages": "pages",
    "innodb_stats_transient_sample_pages": "pages",
    "innodb_lru_scan_depth": "pages",
    "innodb_doublewrite_pages": "pages",
    "innodb_purge_batch_size": "pages",
    "innodb_flushing_avg_loops": "count",
    "ft_min_word_len": "characters",
    "ft_max_word_len": "characters",
    "innodb_ft_min_token_size": "characters",
    "innodb_ft_max_token_size": "characters",
    "group_concat_max_len": "bytes",
    "thread_stack": "bytes",
    "innodb_page_size": "bytes",
    "innodb_numa_interleave": None,
    "performance_schema_max_sql_text_length": "bytes",
    "max_seeks_for_key": "count",
    "max_write_lock_count": "count",
    "innodb_log_write_ahead_size": "bytes",
    "innodb_log_buffer_size": "bytes",
    "innodb_sort_buffer_size": "bytes",
    "innodb_ddl_buffer_size": "bytes",
    "innodb_online_alter_log_max_size": "bytes",
    "aurora_binlog_replication_max_yield_seconds": "seconds",
    "aurora_binlog_read_buffer_size": "bytes",
}

# ---------------------------------------------------------------------------------------------
# Descriptions in our own words for the variables the rules care most about.
DESCRIPTIONS = {
    "innodb_buffer_pool_size": "Memory InnoDB reserves for caching table and index pages. The single most important InnoDB memory setting; it is rounded to a multiple of chunk size times instance count.",
    "innodb_buffer_pool_instances": "How many independent parts the buffer pool is split into, to reduce mutex contention. Only used when the pool is at least 1 GiB; ignored (MariaDB 10.5) and later removed (MariaDB 10.6) in MariaDB, which keeps a single pool.",
    "innodb_buffer_pool_chunk_size": "Unit in which the buffer pool is allocated and resized online. The pool size is rounded to chunk size times instances, so a large chunk with many instances can inflate the pool.",
    "innodb_buffer_pool_dump_at_shutdown": "Whether InnoDB records which pages are cached when the server shuts down, so they can be reloaded at the next start.",
    "innodb_buffer_pool_load_at_startup": "Whether InnoDB warms the buffer pool at startup from the page list written at the previous shutdown.",
    "innodb_buffer_pool_dump_pct": "Share of the most recently used pages of each buffer pool instance that a buffer pool dump records.",
    "innodb_sort_buffer_size": "Per-operation sort buffer used when InnoDB builds secondary indexes or full-text indexes during CREATE/ALTER TABLE; also sizes the online-DDL log blocks. Read-only at runtime.",
    "innodb_flush_log_at_trx_commit": "Durability of commits: 1 writes and syncs the redo log at every commit (fully durable); 2 writes at commit but syncs about once per second; 0 writes and syncs about once per second, so a crash can lose the last second of transactions.",
    "innodb_flush_log_at_timeout": "Interval in seconds between redo log syncs when innodb_flush_log_at_trx_commit is 0 or 2.",
    "sync_binlog": "How many binary log commit groups are written before the binary log is synced to disk. 1 syncs at every commit (safe); 0 leaves syncing to the operating system; N syncs every N groups.",
    "innodb_adaptive_hash_index": "Whether InnoDB builds an in-memory hash index over frequently used B-tree pages to speed up equality lookups. Helps some read-heavy loads, hurts many concurrent or DDL-heavy ones; off by default from MySQL 8.4.",
    "innodb_online_alter_log_max_size": "Upper bound for the temporary log that records concurrent DML during an online ALTER TABLE; if exceeded, the ALTER fails and is rolled back.",
    "innodb_ddl_buffer_size": "Memory each DDL operation may use for sorting when building secondary indexes in parallel (split between the DDL threads).",
    "innodb_ddl_threads": "Maximum number of parallel threads used to sort and build secondary indexes during online DDL.",
    "innodb_old_blocks_pct": "Percentage of the buffer pool LRU list reserved for the 'old' sublist, where newly read pages are inserted first.",
    "innodb_old_blocks_time": "Milliseconds a page must stay in the old sublist after its first access before a further access can move it to the young end; protects the cache from one-off scans.",
    "innodb_log_file_size": "Size of each redo log file. Together with innodb_log_files_in_group it sets redo capacity; superseded by innodb_redo_log_capacity from MySQL 8.0.30.",
    "innodb_redo_log_capacity": "Total disk space the redo log may occupy (MySQL 8.0.30 and later). Larger capacity means fewer checkpoint-driven flushes but longer crash recovery.",
    "innodb_log_files_in_group": "Number of redo log files. Deprecated with the redo log redesign in MySQL 8.0.30.",
    "innodb_log_buffer_size": "Memory buffer for redo records before they are written to the log files; large transactions benefit from a bigger buffer.",
    "innodb_file_format": "On-disk format for new file-per-table tablespaces (Antelope or Barracuda). Removed in MySQL 8.0, where Barracuda is the only format.",
    "innodb_file_per_table": "Whether each new InnoDB table gets its own .ibd tablespace file instead of living in the system tablespace.",
    "innodb_flush_method": "How InnoDB opens and flushes data and log files (for example fsync or O_DIRECT on Unix). O_DIRECT avoids double caching in the operating system.",
    "innodb_io_capacity": "I/O operations per second InnoDB assumes for background flushing and merging.",
    "innodb_io_capacity_max": "Upper limit of background I/O operations per second when InnoDB needs to catch up with flushing.",
    "innodb_lock_wait_timeout": "Seconds a transaction waits for a row lock before giving up with a lock-wait-timeout error.",
    "innodb_dedicated_server": "Lets InnoDB size the buffer pool and redo log from the machine's memory, assuming the server owns the host.",
    "innodb_page_cleaners": "Number of threads flushing dirty pages from the buffer pool.",
    "innodb_change_buffering": "Which secondary index changes InnoDB may buffer instead of applying them immediately.",
    "innodb_doublewrite": "Whether pages are first written to the doublewrite buffer to protect against torn pages.",
    "innodb_autoinc_lock_mode": "Locking used for AUTO_INCREMENT: 0 traditional, 1 consecutive, 2 interleaved (fastest, needs row-based replication to be safe).",
    "innodb_strict_mode": "Whether InnoDB turns certain CREATE/ALTER TABLE warnings (bad row format options, too-large rows) into errors.",
    "innodb_stats_persistent": "Whether optimizer statistics for InnoDB tables are stored on disk and survive restarts.",
    "query_cache_type": "Whether the query cache stores SELECT results (OFF, ON, DEMAND). The query cache was removed in MySQL 8.0.",
    "query_cache_size": "Memory reserved for the query cache. Removed with the query cache in MySQL 8.0.",
    "query_cache_limit": "Largest result set the query cache will store. Removed in MySQL 8.0.",
    "query_cache_min_res_unit": "Allocation unit for query cache result blocks. Removed in MySQL 8.0.",
    "query_cache_wlock_invalidate": "Whether a write lock on a table invalidates its cached queries immediately. Removed in MySQL 8.0.",
    "tx_isolation": "Old name of the default transaction isolation level variable; replaced by transaction_isolation and removed in MySQL 8.0.3.",
    "tx_read_only": "Old name of the default transaction access mode variable; replaced by transaction_read_only and removed in MySQL 8.0.3.",
    "transaction_isolation": "Default isolation level for new transactions (READ-UNCOMMITTED, READ-COMMITTED, REPEATABLE-READ, SERIALIZABLE).",
    "expire_logs_days": "Days after which binary log files may be purged automatically. Replaced by binlog_expire_logs_seconds; deprecated in 8.0.3 and removed in MySQL 8.2.",
    "binlog_expire_logs_seconds": "Age in seconds after which binary log files may be purged automatically.",
    "default_authentication_plugin": "Authentication plugin used for new accounts that do not name one. Deprecated in MySQL 8.0.27 in favour of authentication_policy and removed in 8.4.",
    "binlog_format": "Binary logging format: ROW, STATEMENT or MIXED.",
    "binlog_row_image": "How much of each row is written for row events: FULL, MINIMAL or NOBLOB.",
    "log_bin": "Whether binary logging is enabled (as an option it also gives the base name of the log files).",
    "server_id": "Unique identifier of this server in a replication topology.",
    "gtid_mode": "Whether transactions get global transaction identifiers.",
    "enforce_gtid_consistency": "Whether statements that cannot be logged safely with GTIDs are refused.",
    "max_connections": "Maximum number of simultaneous client connections.",
    "max_allowed_packet": "Largest packet or generated string the server accepts or produces.",
    "sort_buffer_size": "Per-session buffer for in-memory sorts; allocated in full by each sort that needs it.",
    "join_buffer_size": "Per-join buffer for joins that cannot use an index.",
    "tmp_table_size": "Size limit for internal in-memory temporary tables before they move to disk (together with max_heap_table_size).",
    "max_heap_table_size": "Size limit for user MEMORY tables; also caps internal in-memory temporary tables.",
    "table_open_cache": "Number of open table handles cached for all threads.",
    "thread_cache_size": "Number of threads kept for reuse by new connections.",
    "long_query_time": "Queries slower than this many seconds are written to the slow query log.",
    "slow_query_log": "Whether the slow query log is enabled.",
    "sql_mode": "SQL syntax and data validation modes the server enforces.",
    "character_set_server": "Default character set of the server.",
    "collation_server": "Default collation of the server.",
    "lower_case_table_names": "How table and database names are stored and compared with respect to letter case; fixed at initialisation in MySQL 8.0.",
    "explicit_defaults_for_timestamp": "Whether TIMESTAMP columns follow standard NULL and DEFAULT handling instead of the old implicit defaults.",
    "innodb_undo_tablespaces": "Number of separate undo tablespaces.",
    "innodb_purge_threads": "Number of background threads that purge old row versions.",
    "innodb_read_io_threads": "Number of threads for InnoDB read I/O.",
    "innodb_write_io_threads": "Number of threads for InnoDB write I/O.",
    "innodb_thread_concurrency": "Maximum number of threads allowed inside InnoDB at once; 0 means unlimited.",
    "innodb_max_dirty_pages_pct": "Target maximum percentage of modified (dirty) pages in the buffer pool.",
    "innodb_records_in_range": "Percona Server: when non-zero, replaces InnoDB's range row estimate with this number, to avoid index dives on heavily partitioned tables.",
    "innodb_force_index_records_in_range": "Percona Server: when non-zero, replaces the range row estimate for indexes named with FORCE INDEX.",
    "aurora_parallel_query": "Aurora MySQL: whether parallel query may push scans down to the storage layer.",
    "aurora_binlog_replication_max_yield_seconds": "Aurora MySQL: how long binlog replication may yield to foreground transactions on a busy writer.",
    "aurora_disable_hash_join": "Aurora MySQL 2: turns off hash joins.",
    "aurora_lab_mode": "Aurora MySQL: enables features that are still in the lab stage.",
    "aurora_read_replica_read_committed": "Aurora MySQL: allows READ COMMITTED isolation on Aurora replicas.",
    "aurora_binlog_read_buffer_size": "Aurora MySQL 2: read buffer size for binlog replication (removed in Aurora MySQL 3).",
    "aurora_binlog_use_large_read_buffer": "Aurora MySQL 2: whether binlog replication uses the large read buffer (removed in Aurora MySQL 3).",
    "aurora_enable_repl_bin_log_filtering": "Aurora MySQL: filters binlog replication on the source side.",
    "aurora_enhanced_binlog": "Aurora MySQL 3: turns on the enhanced binlog layout for faster binlog writes and recovery.",
    "aurora_fwd_master_idle_timeout": "Aurora MySQL 2: seconds the writer keeps an idle forwarded connection from a replica (write forwarding).",
    "aurora_fwd_writer_idle_timeout": "Aurora MySQL 3: seconds the writer keeps an idle forwarded connection from a replica (write forwarding).",
    "aurora_fwd_master_max_connections_pct": "Aurora MySQL 2: share of writer connections reserved for write forwarding.",
    "aurora_fwd_writer_max_connections_pct": "Aurora MySQL 3: share of writer connections reserved for write forwarding.",
    "aurora_replica_read_consistency": "Aurora MySQL: read consistency for sessions that use write forwarding (EVENTUAL, SESSION, GLOBAL).",
    "aurora_load_from_s3_role": "Aurora MySQL 2: IAM role used by LOAD DATA FROM S3.",
    "aurora_select_into_s3_role": "Aurora MySQL 2: IAM role used by SELECT INTO OUTFILE S3.",
    "aws_default_s3_role": "Aurora MySQL: default IAM role for S3 integration.",
    "aws_default_lambda_role": "Aurora MySQL: default IAM role for invoking Lambda functions.",
    "aurora_use_vector_instructions": "Aurora MySQL 2: whether parallel query uses SIMD instructions.",
    "aurora_tmptable_enable_per_table_limit": "Aurora MySQL 3: whether tmp_table_size limits each internal TempTable table individually.",
    "server_audit_logging": "Aurora MySQL advanced auditing: whether audit logging is on.",
    "server_audit_events": "Aurora MySQL advanced auditing: which event classes are recorded.",
    "server_audit_incl_users": "Aurora MySQL advanced auditing: users whose activity is recorded.",
    "server_audit_excl_users": "Aurora MySQL advanced auditing: users whose activity is not recorded.",
}

# ---------------------------------------------------------------------------------------------
# Extra history entries per flavour and variable. Each list is merged into the generated history
# (an entry with the same `since` is updated field by field). `sources` are ids from SOURCES or
# snapshot ids ("src-mysql-8.0.41", ...).
A = lambda rule: {"auto": rule}  # noqa: E731  (auto-sized default)

MYSQL_HISTORY = {
    "innodb_buffer_pool_instances": [
        {"since": "0.0.0", "default": A("8 when innodb_buffer_pool_size >= 1 GiB, otherwise 1 (64-bit); ignored below 1 GiB"),
         "sources": ["mysql-innodb-params-80"]},
        {"since": "8.4.0", "default": A("1 when innodb_buffer_pool_size <= 1 GiB; otherwise min(logical CPUs / 4, (innodb_buffer_pool_size / innodb_buffer_pool_chunk_size) / 2), capped at 64"),
         "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "innodb_buffer_pool_size": [
        {"since": "0.0.0",
         "note": "rounded up to a multiple of innodb_buffer_pool_chunk_size * innodb_buffer_pool_instances; sized from RAM when innodb_dedicated_server is ON (8.0.3+)",
         "sources": ["mysql-innodb-params-80"]},
    ],
    "innodb_buffer_pool_chunk_size": [
        {"since": "0.0.0", "min": 1048576, "blockSize": 1048576,
         "note": "maximum is innodb_buffer_pool_size / innodb_buffer_pool_instances",
         "sources": ["mysql-innodb-params-80"]},
    ],
    "back_log": [{"since": "0.0.0", "default": A("max_connections (autosized when left at -1/0)"), "sources": ["mysql-sysvars-57"]}],
    "thread_cache_size": [{"since": "0.0.0", "default": A("8 + max_connections / 100, at most 100"), "sources": ["mysql-sysvars-57"]}],
    "host_cache_size": [{"since": "0.0.0", "default": A("128 + max_connections, at most 2000"), "sources": ["mysql-sysvars-57"]}],
    "lower_case_table_names": [{"since": "0.0.0", "default": A("0 on Linux/Unix, 1 on Windows, 2 on macOS"), "sources": ["mysql-sysvars-57"]}],
    "open_files_limit": [{"since": "0.0.0", "default": A("computed from max_connections and table_open_cache, limited by the OS"), "sources": ["mysql-sysvars-57"]}],
    # 5.6.8 turned the query cache off by default (and gave it 1M, unused while the type is OFF).
    "query_cache_type": [
        {"since": "0.0.0", "default": "ON", "sources": ["mysql-56-default-changes"]},
        {"since": "5.6.8", "default": "OFF", "sources": ["mysql-56-default-changes"]},
    ],
    "query_cache_size": [
        {"since": "0.0.0", "default": 0, "sources": ["mysql-56-default-changes"]},
        {"since": "5.6.8", "default": 1048576, "sources": ["mysql-56-default-changes"]},
    ],
    "thread_stack": [
        {"since": "0.0.0", "default": 262144, "note": "64-bit platforms", "sources": ["mysql-sysvars-57"]},
        {"since": "8.0.0", "default": 1048576, "approx": True, "sources": ["src-mysql-8.0.41:sql/sys_vars.cc"]},
    ],
    "innodb_io_capacity_max": [
        {"since": "0.0.0", "default": A("2 * innodb_io_capacity, at least 2000"), "sources": ["mysql-innodb-params-80"]},
        {"since": "8.4.0", "default": A("2 * innodb_io_capacity"), "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "innodb_page_cleaners": [
        {"since": "8.4.0", "default": A("innodb_buffer_pool_instances"), "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    # The source's static default of 0 means "computed at startup" in 8.0; 8.4 made both fixed.
    "innodb_doublewrite_files": [
        {"since": "8.0.20", "default": A("2 * innodb_buffer_pool_instances"), "sources": ["mysql-innodb-params-80"]},
        {"since": "8.4.0", "default": 2, "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "innodb_doublewrite_pages": [
        {"since": "8.0.20", "default": A("innodb_write_io_threads"), "sources": ["mysql-innodb-params-80"]},
        {"since": "8.4.0", "default": 128, "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "innodb_parallel_read_threads": [
        {"since": "8.4.0", "default": A("logical CPUs / 8, at least 4"), "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "innodb_purge_threads": [
        {"since": "8.4.0", "default": A("1 with 16 or fewer logical CPUs, otherwise 4"), "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "innodb_read_io_threads": [
        {"since": "8.4.0", "default": A("logical CPUs / 2, at least 4"), "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "innodb_flush_method": [
        {"since": "8.4.0", "default": "O_DIRECT",
         "note": "O_DIRECT where the platform supports it, otherwise fsync",
         "sources": ["mysql-innodb-params-84", "mysql-whatsnew-84"]},
    ],
    "temptable_max_ram": [
        {"since": "8.4.0", "default": A("3% of total memory, between 1 GiB and 4 GiB"), "sources": ["mysql-whatsnew-84"]},
    ],
    "innodb_log_buffer_size": [
        {"since": "0.0.0", "note": "raised automatically by innodb_dedicated_server only in the sense of redo sizing; the buffer itself keeps its configured size",
         "sources": ["mysql-innodb-params-80"]},
    ],
    "innodb_log_file_size": [
        {"since": "8.0.30", "deprecated": True, "sources": ["mysql-optvar-80", "mysql-innodb-params-80"]},
    ],
    "innodb_log_files_in_group": [
        {"since": "8.0.30", "deprecated": True, "sources": ["mysql-optvar-80", "mysql-innodb-params-80"]},
    ],
    "innodb_redo_log_capacity": [
        {"since": "8.0.30", "sources": ["mysql-optvar-80", "mysql-innodb-params-80"]},
    ],
    "innodb_ddl_buffer_size": [{"since": "8.0.27", "sources": ["mysql-optvar-80"]}],
    "replica_parallel_workers": [{"since": "8.0.26", "default": 0, "sources": ["mysql-optvar-80"]},
                                 {"since": "8.0.27", "default": 4, "sources": ["mysql-vr-80"]}],
    "replica_preserve_commit_order": [{"since": "8.0.26", "default": False, "sources": ["mysql-optvar-80"]},
                                      {"since": "8.0.27", "default": True, "sources": ["mysql-vr-80"]}],
    "replica_parallel_type": [{"since": "8.0.26", "default": "DATABASE", "sources": ["mysql-optvar-80"]},
                              {"since": "8.0.27", "default": "LOGICAL_CLOCK", "sources": ["mysql-vr-80"]}],
    "innodb_file_format": [{"since": "0.0.0", "type": "enum", "values": ["Antelope", "Barracuda"], "default": "Barracuda",
                            "note": "default Barracuda from 5.7.7 (Antelope before)", "sources": ["mysql-sysvars-57"]}],
    "innodb_file_format_max": [{"since": "0.0.0", "type": "enum", "values": ["Antelope", "Barracuda"], "default": "Barracuda",
                                "sources": ["mysql-sysvars-57"]}],
    "innodb_ddl_threads": [{"since": "8.0.27", "sources": ["mysql-optvar-80"]}],
    "sync_binlog": [
        {"since": "0.0.0", "default": 0, "note": "default was 0 before MySQL 5.7.7", "sources": ["mysql-sysvars-57"]},
        {"since": "5.7.7", "default": 1, "sources": ["mysql-sysvars-57"]},
    ],
    "binlog_format": [
        {"since": "0.0.0", "default": "STATEMENT", "sources": ["mysql-sysvars-57"]},
        {"since": "5.7.7", "default": "ROW", "sources": ["mysql-sysvars-57"]},
        {"since": "8.0.34", "deprecated": True, "sources": ["mysql-vr-80"]},
    ],
    "innodb_buffer_pool_dump_at_shutdown": [
        {"since": "0.0.0", "default": False, "sources": ["mysql-sysvars-57"]},
        {"since": "5.7.7", "default": True, "sources": ["mysql-sysvars-57"]},
    ],
    "innodb_buffer_pool_load_at_startup": [
        {"since": "0.0.0", "default": False, "sources": ["mysql-sysvars-57"]},
        {"since": "5.7.7", "default": True, "sources": ["mysql-sysvars-57"]},
    ],
    "innodb_buffer_pool_dump_pct": [
        {"since": "0.0.0", "default": 100, "sources": ["mysql-sysvars-57"]},
        {"since": "5.7.7", "default": 25, "sources": ["mysql-sysvars-57"]},
    ],
    "expire_logs_days": [
        {"since": "8.0.3", "deprecated": True, "sources": ["mysql-optvar-80"]},
        {"since": "8.2.0", "removed": True, "sources": ["mysql-vr-82"]},
    ],
    "binlog_expire_logs_seconds": [
        {"since": "8.0.1", "default": 0, "sources": ["mysql-optvar-80"]},
        {"since": "8.0.11", "default": 2592000, "sources": ["mysql-binlog-vars-80"]},
    ],
    "default_authentication_plugin": [
        {"since": "8.0.27", "deprecated": True, "sources": ["mysql-optvar-80"]},
        {"since": "8.4.0", "removed": True, "sources": ["mysql-vr-84"]},
    ],
    "binlog_transaction_dependency_tracking": [
        {"since": "8.2.0", "deprecated": True, "sources": ["mysql-vr-82"]},
        {"since": "8.4.0", "removed": True, "sources": ["mysql-vr-84"]},
    ],
    "avoid_temporal_upgrade": [{"since": "8.4.0", "removed": True, "sources": ["mysql-vr-84"]}],
    "have_openssl": [{"since": "8.4.0", "removed": True, "sources": ["mysql-vr-84"]}],
    "have_ssl": [{"since": "8.4.0", "removed": True, "sources": ["mysql-vr-84"]}],
    "group_replication_recovery_complete_at": [{"since": "8.4.0", "removed": True, "sources": ["mysql-vr-84"]}],
    "abort_slave_event_count": [{"since": "8.2.0", "removed": True, "sources": ["mysql-vr-82"]}],
    "disconnect_slave_event_count": [{"since": "8.2.0", "removed": True, "sources": ["mysql-vr-82"]}],
    "character_set_client_handshake": [
        {"since": "8.2.0", "deprecated": True, "sources": ["mysql-vr-82"]},
        {"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]},
    ],
    "group_replication_ip_whitelist": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "daemon_memcached_enable_binlog": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "daemon_memcached_engine_lib_name": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "daemon_memcached_engine_lib_path": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "daemon_memcached_option": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "daemon_memcached_r_batch_size": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "daemon_memcached_w_batch_size": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "innodb_api_bk_commit_interval": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "innodb_api_disable_rowlock": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "innodb_api_enable_binlog": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "innodb_api_enable_mdl": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "innodb_api_trx_level": [{"since": "8.3.0", "removed": True, "sources": ["mysql-vr-83"]}],
    "new": [{"since": "8.2.0", "deprecated": True, "sources": ["mysql-vr-82"]}],
    "old": [{"since": "8.2.0", "deprecated": True, "sources": ["mysql-vr-82"]}],
    "set_operations_buffer_size": [{"since": "8.2.0", "sources": ["mysql-vr-82"]}],
    "performance_schema_max_meter_classes": [{"since": "8.2.0", "sources": ["mysql-vr-82"]}],
    "performance_schema_max_metric_classes": [{"since": "8.2.0", "sources": ["mysql-vr-82"]}],
    "explain_json_format_version": [{"since": "8.3.0", "sources": ["mysql-vr-83"]}],
    "group_replication_preemptive_garbage_collection": [{"since": "8.4.0", "sources": ["mysql-vr-84"]}],
    "group_replication_preemptive_garbage_collection_rows_threshold": [{"since": "8.4.0", "sources": ["mysql-vr-84"]}],
    "group_replication_allow_local_lower_version_join": [
        {"since": "8.4.0", "deprecated": True, "sources": ["mysql-vr-84"]},
        {"since": "9.5.0", "removed": True, "sources": ["mysql-vr-95"]},
    ],
    "check_table_functions": [{"since": "8.4.5", "sources": ["mysql-vr-84"]}],
    "mysql_native_password": [{"since": "8.4.0", "sources": ["mysql-vr-84"]},
                              {"since": "9.0.0", "removed": True, "sources": ["mysql-vr-90"]}],
    "mysql_native_password_proxy_users": [{"since": "9.0.0", "removed": True, "sources": ["mysql-vr-90"]}],
    "early_plugin_load": [{"since": "9.4.0", "deprecated": True, "sources": ["mysql-vr-94"]}],
    # 9.x additions seen in the version reference (facts beyond the name are not in our sources yet).
    "enable_secondary_engine_statistics": [{"since": "9.3.0", "type": "boolean", "sources": ["mysql-vr-93"]}],
    "activate_mandatory_roles": [{"since": "9.5.0", "type": "boolean", "sources": ["mysql-vr-95"]}],
    "caching_sha2_password_enforce_storage_format": [{"since": "9.7.0", "type": "boolean", "sources": ["mysql-vr-97"]}],
    "caching_sha2_password_storage_format": [{"since": "9.7.0", "type": "string", "sources": ["mysql-vr-97"]}],
    "enable_cascade_triggers": [{"since": "9.7.0", "type": "boolean", "deprecated": True, "sources": ["mysql-vr-97"]}],
    "object_policy_flush_interval_seconds": [{"since": "9.7.0", "type": "unsigned", "unit": "seconds", "sources": ["mysql-vr-97"]}],
    "replica_allow_higher_version_source": [{"since": "9.7.0", "type": "boolean", "sources": ["mysql-vr-97"]}],
    "mle.memory_max": [{"since": "9.0.0", "type": "size", "plugin": "component_mle", "sources": ["mysql-vr-90"]}],
    "component_firewall.database": [{"since": "9.4.0", "type": "string", "plugin": "component_firewall", "sources": ["mysql-vr-94"]}],
    "component_firewall.enabled": [{"since": "9.4.0", "type": "boolean", "plugin": "component_firewall", "sources": ["mysql-vr-94"]}],
    "component_firewall.reload_interval_seconds": [{"since": "9.4.0", "type": "unsigned", "plugin": "component_firewall", "sources": ["mysql-vr-94"]}],
    "component_firewall.trace": [{"since": "9.4.0", "type": "boolean", "plugin": "component_firewall", "sources": ["mysql-vr-94"]}],
    "component_connection_control.exempt_unknown_users": [{"since": "9.5.0", "type": "boolean", "plugin": "component_connection_control", "sources": ["mysql-vr-95"]}],
    "component_option_tracker.mysql_shell_support": [{"since": "9.5.0", "type": "boolean", "plugin": "component_option_tracker", "sources": ["mysql-vr-95"]}],
    "group_replication_elect_prefers_most_updated.enabled": [{"since": "9.3.0", "type": "boolean", "plugin": "group_replication", "sources": ["mysql-vr-93"]}],
    "audit_log_filter_recovery_mode": [{"since": "9.7.0", "type": "string", "plugin": "audit_log", "sources": ["mysql-vr-97"]}],
    "audit_log.filter_recovery_mode": [{"since": "9.7.0", "type": "string", "plugin": "component_audit_log", "sources": ["mysql-vr-97"]}],
    "audit_log.rotate_on_time": [{"since": "9.7.0", "type": "string", "plugin": "component_audit_log", "sources": ["mysql-vr-97"]}],
}

# Default changes inside the 8.0 series that the two snapshots (5.7.41, 8.0.41) only show as a
# 5.7 -> 8.0 difference; these pin the exact release.
MYSQL_80_PATCH_DEFAULTS = {
    # name: (release, source)
    "character_set_server": ("8.0.1", "mysql-vr-80"),
    "collation_server": ("8.0.1", "mysql-vr-80"),
    "explicit_defaults_for_timestamp": ("8.0.2", "mysql-vr-80"),
    "event_scheduler": ("8.0.3", "mysql-vr-80"),
    "log_bin": ("8.0.3", "mysql-vr-80"),
    "log_slave_updates": ("8.0.3", "mysql-vr-80"),
    "innodb_autoinc_lock_mode": ("8.0.3", "mysql-vr-80"),
    "max_allowed_packet": ("8.0.3", "mysql-vr-80"),
    "innodb_max_dirty_pages_pct": ("8.0.3", "mysql-vr-80"),
    "innodb_max_dirty_pages_pct_lwm": ("8.0.3", "mysql-vr-80"),
    "max_error_count": ("8.0.3", "mysql-vr-80"),
    "innodb_undo_log_truncate": ("8.0.2", "mysql-vr-80"),
    "transaction_write_set_extraction": ("8.0.2", "mysql-vr-80"),
    "slave_rows_search_algorithms": ("8.0.2", "mysql-vr-80"),
    "master_info_repository": ("8.0.2", "mysql-vr-80"),
    "relay_log_info_repository": ("8.0.2", "mysql-vr-80"),
    "innodb_flush_neighbors": ("8.0.3", "mysql-vr-80"),
    "slave_parallel_workers": ("8.0.27", "mysql-vr-80"),
    "slave_preserve_commit_order": ("8.0.27", "mysql-vr-80"),
    "slave_parallel_type": ("8.0.27", "mysql-vr-80"),
}

# MySQL option-file groups the server reads (sql/mysqld.cc load_default_groups); the
# version group is MYSQL_BASE_VERSION, i.e. "mysqld-<major>.<minor>".
MYSQL_OPTION_GROUPS = ["mysqld", "server", "mysqld-{series}"]
MARIADB_OPTION_GROUPS = ["mysqld", "server", "mysqld-{series}", "mariadb", "mariadb-{series}", "mariadbd",
                         "mariadbd-{series}", "client-server", "galera"]

# ---------------------------------------------------------------------------------------------
# MariaDB: the catalogue's facts come from a live 10.11 server; these are the differences from
# 10.11 for 10.6 and 11.4 that we know of (see the report's gaps).
MARIADB_HISTORY = {
    # MariaDB 10.1.7 turned the query cache off by default.
    "query_cache_type": [
        {"since": "0.0.0", "default": "ON", "sources": ["mariadb-kb-sysvars"]},
        {"since": "10.1.7", "default": "OFF", "sources": ["mariadb-kb-sysvars"]},
    ],
    "innodb_buffer_pool_instances": [
        {"since": "0.0.0", "type": "unsigned", "scope": ["global"], "dynamic": False, "option": True,
         "default": 0, "min": 0, "max": 64, "unit": "count", "sources": ["mariadb-bpi"]},
        {"since": "10.5.1", "deprecated": True, "note": "accepted but ignored; MariaDB uses one buffer pool", "sources": ["mariadb-1051-rn"]},
        {"since": "10.6.0", "removed": True, "sources": ["mariadb-bpi"]},
    ],
    "innodb_page_cleaners": [
        {"since": "0.0.0", "type": "unsigned", "scope": ["global"], "dynamic": True, "option": True,
         "default": 1, "min": 1, "max": 64, "unit": "count", "sources": ["mariadb-1051-rn"]},
        {"since": "10.5.1", "deprecated": True, "sources": ["mariadb-1051-rn"]},
        {"since": "10.6.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]},
    ],
    # Gone from the 10.11 snapshot, present in 10.6 (deprecated there); the series that removed it is not pinned down.
    "wsrep_replicate_myisam": [
        {"since": "0.0.0", "type": "boolean", "scope": ["global"], "dynamic": True, "option": True, "default": False,
         "sources": ["mariadb-wsrep-replicate-myisam"]},
        {"since": "10.6.0", "deprecated": True, "sources": ["mariadb-ment-411"]},
        {"since": "10.11.0", "approx": True, "removed": True, "sources": ["mariadb-oracle-10.11.19-refused"]},
    ],
    "binlog_legacy_event_pos": [{"since": "11.4.0", "approx": True, "type": "boolean", "scope": ["global"], "dynamic": True,
                                 "option": True, "default": False, "sources": ["mariadb-docs-repl-sysvars"]}],
    "max_binlog_total_size": [{"since": "11.4.0", "approx": True, "type": "size", "unit": "bytes", "scope": ["global"],
                               "dynamic": True, "option": True, "default": 0, "min": 0, "max": 18446744073709551615,
                               "sources": ["mariadb-docs-repl-sysvars"]}],
    "binlog_space_limit": [{"since": "11.4.0", "approx": True, "type": "size", "unit": "bytes", "scope": ["global"],
                            "dynamic": True, "option": True, "default": 0, "aliasOf": "max_binlog_total_size",
                            "sources": ["mariadb-docs-repl-sysvars"]}],
    "log_slow_query": [{"since": "10.11.0", "sources": ["mariadb-kb-1011-changes"]}],
    "log_slow_query_file": [{"since": "10.11.0", "sources": ["mariadb-kb-1011-changes"]}],
    "log_slow_query_time": [{"since": "10.11.0", "sources": ["mariadb-kb-1011-changes"]}],
    "log_slow_min_examined_row_limit": [{"since": "10.11.0", "sources": ["mariadb-kb-1011-changes"]}],
    "system_versioning_insert_history": [{"since": "10.11.0", "sources": ["mariadb-kb-1011-changes"]}],
    "innodb_log_file_buffering": [{"since": "10.8.4", "sources": ["mariadb-kb-108-changes"]}],
    "binlog_alter_two_phase": [{"since": "10.8.1", "sources": ["mariadb-kb-108-changes"]}],
    "wsrep_status_file": [{"since": "10.9.1", "approx": True, "sources": ["mariadb-kb-109-changes"]}],
    "analyze_max_length": [{"since": "10.11.14", "sources": ["mariadb-kb-1011-changes"]}],
    "innodb_alter_copy_bulk": [{"since": "10.11.9", "sources": ["mariadb-kb-1011-changes"]}],
    **{n: [{"since": "11.0.1", "type": "boolean", "scope": ["global"], "dynamic": True, "option": True, "default": False,
            "sources": ["mariadb-kb-110-changes"]}]
       for n in ("innodb_data_file_buffering", "innodb_data_file_write_through", "innodb_log_file_write_through")},
    "innodb_truncate_temporary_tablespace_now": [{"since": "11.3.0", "type": "boolean", "scope": ["global"], "dynamic": True,
                                                  "option": True, "default": False, "sources": ["mariadb-kb-113-changes"]}],
    "redirect_url": [{"since": "11.3.0", "approx": True, "type": "string", "scope": ["global", "session"], "dynamic": True,
                      "option": True, "default": "", "sources": ["mariadb-kb-113-changes"]}],
    "binlog_gtid_index": [{"since": "11.4.1", "approx": True, "type": "boolean", "scope": ["global"], "dynamic": True,
                           "option": True, "default": True, "sources": ["mariadb-kb-114-changes"]}],
    "innodb_log_file_size": [
        {"since": "0.0.0", "dynamic": False, "sources": ["mariadb-kb-innodb-sysvars"]},
        {"since": "10.9.0", "dynamic": True, "sources": ["mariadb-kb-innodb-sysvars"]},
    ],
    "explicit_defaults_for_timestamp": [
        {"since": "0.0.0", "default": False, "sources": ["mariadb-kb-sysvars"]},
        {"since": "10.10.1", "default": True, "sources": ["mariadb-kb-sysvars"]},
    ],
    "innodb_change_buffering": [
        {"since": "10.9.0", "deprecated": True, "sources": ["mariadb-kb-innodb-sysvars"]},
        {"since": "11.0.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]},
    ],
    "innodb_undo_tablespaces": [
        {"since": "11.0.0", "default": 3, "sources": ["mariadb-kb-innodb-sysvars"]},
    ],
    "innodb_defragment": [{"since": "11.1.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]}],
    "innodb_defragment_fill_factor": [{"since": "11.1.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]}],
    "innodb_defragment_fill_factor_n_recs": [{"since": "11.1.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]}],
    "innodb_defragment_frequency": [{"since": "11.1.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]}],
    "innodb_defragment_n_pages": [{"since": "11.1.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]}],
    "innodb_defragment_stats_accuracy": [{"since": "11.1.0", "removed": True, "sources": ["mariadb-kb-innodb-sysvars"]}],
    "innodb_purge_rseg_truncate_frequency": [{"since": "10.6.16", "deprecated": True, "sources": ["mariadb-kb-innodb-sysvars"]}],
    "innodb_snapshot_isolation": [{"since": "10.6.18", "sources": ["mariadb-kb-innodb-sysvars"]}],
    "character_set_collations": [{"since": "11.2.0", "type": "string", "scope": ["global", "session"], "dynamic": True,
                                  "option": True, "default": "", "sources": ["mariadb-kb-114-changes"]}],
    **{n: [{"since": "11.0.1", "type": "double", "scope": ["global", "session"], "dynamic": True, "option": True,
            "sources": ["mariadb-kb-114-changes"]}]
       for n in ("optimizer_disk_read_cost", "optimizer_disk_read_ratio", "optimizer_index_block_copy_cost",
                 "optimizer_key_compare_cost", "optimizer_key_copy_cost", "optimizer_key_lookup_cost",
                 "optimizer_key_next_find_cost", "optimizer_row_copy_cost", "optimizer_row_lookup_cost",
                 "optimizer_row_next_find_cost", "optimizer_rowid_compare_cost", "optimizer_rowid_copy_cost",
                 "optimizer_scan_setup_cost", "optimizer_where_cost")},
}

# MariaDB 11.5 to 11.8 (after the 10.11.19 snapshot's own backports): variables added per the knowledge
# base's "System Variables Added in MariaDB 11.x" lists and each variable's page (first release, type,
# default, range); 11.5.0's temporary-space limits were renamed in 11.5.1 (the pages say so).
_TMP_LIMIT = {"type": "size", "unit": "bytes", "dynamic": True, "option": True, "default": 1099511627776,
              "min": 0, "max": 18446744073709551615, "blockSize": 65536}
MARIADB_HISTORY.update({
    "log_slow_always_query_time": [{"since": "11.5.0", "type": "double", "scope": ["global", "session"], "dynamic": True,
                                    "option": True, "unit": "seconds", "sources": ["mariadb-kb-115-added"]}],
    "max_tmp_space_usage": [{"since": "11.5.0", "scope": ["global", "session"], **_TMP_LIMIT, "sources": ["mariadb-kb-115-added", "mariadb-kb-tmp-space"]},
                            {"since": "11.5.1", "removed": True, "sources": ["mariadb-kb-tmp-space"]}],
    "max_total_tmp_space_usage": [{"since": "11.5.0", "scope": ["global"], **_TMP_LIMIT, "sources": ["mariadb-kb-115-added", "mariadb-kb-tmp-space"]},
                                  {"since": "11.5.1", "removed": True, "sources": ["mariadb-kb-tmp-space"]}],
    "max_tmp_session_space_usage": [{"since": "11.5.1", "scope": ["global", "session"], **_TMP_LIMIT, "sources": ["mariadb-kb-tmp-space"]}],
    "max_tmp_total_space_usage": [{"since": "11.5.1", "scope": ["global"], **_TMP_LIMIT, "sources": ["mariadb-kb-tmp-space"]}],
    "binlog_large_commit_threshold": [{"since": "11.7.0", "type": "size", "unit": "bytes", "scope": ["global"], "dynamic": True,
                                       "option": True, "sources": ["mariadb-kb-117-added", "mariadb-kb-117-changes"]}],
    "slave_abort_blocking_timeout": [{"since": "11.7.0", "type": "double", "unit": "seconds", "scope": ["global"], "dynamic": True,
                                      "option": True, "sources": ["mariadb-kb-117-added", "mariadb-kb-117-changes"]}],
    "mhnsw_default_distance": [{"since": "11.7.1", "type": "enum", "values": ["euclidean", "cosine"], "scope": ["global", "session"],
                                "dynamic": True, "option": True, "default": "euclidean", "sources": ["mariadb-kb-vector-sysvars"]}],
    "mhnsw_default_m": [{"since": "11.7.1", "type": "unsigned", "scope": ["global", "session"], "dynamic": True, "option": True,
                         "sources": ["mariadb-kb-vector-sysvars"]}],
    "mhnsw_ef_search": [{"since": "11.7.1", "type": "unsigned", "scope": ["global", "session"], "dynamic": True, "option": True,
                         "sources": ["mariadb-kb-vector-sysvars"]}],
    "mhnsw_max_cache_size": [{"since": "11.7.1", "type": "size", "unit": "bytes", "scope": ["global"], "dynamic": True, "option": True,
                              "default": 16777216, "min": 1048576, "max": 18446744073709551615, "sources": ["mariadb-kb-vector-sysvars"]}],
})
for _n in ("character_set_server", "collation_server"):
    MARIADB_HISTORY.setdefault(_n, []).append(
        {"since": "11.6.0", "default": "utf8mb4" if _n == "character_set_server" else "utf8mb4_uca1400_ai_ci",
         "sources": ["mariadb-kb-charsets"]})
MARIADB_HISTORY.setdefault("binlog_optimize_thread_scheduling", []).append(
    {"since": "11.7.0", "deprecated": True, "sources": ["mariadb-kb-117-changes"]})

# Option names mariadbd still accepts, warns about and ignores (sql/mysqld.cc: "'X' was removed. It does
# nothing now and exists only for compatibility with old my.cnf files" / "'X' is MySQL 5.6 / 5.7
# compatible option"), each proved alone in a file by the option-verdict oracle. `since` of a removal is
# the release that removed the variable; approx where only "by 10.6" (the catalogue's first series) is known.
_REMOVED_KEPT = {
    # name: (type, removed in, approx)
    "innodb_adaptive_max_sleep_delay": ("unsigned", "10.6.0", False),
    "innodb_commit_concurrency": ("unsigned", "10.6.0", False),
    "innodb_concurrency_tickets": ("unsigned", "10.6.0", False),
    "innodb_thread_concurrency": ("unsigned", "10.6.0", False),
    "innodb_thread_sleep_delay": ("unsigned", "10.6.0", False),
    "innodb_replication_delay": ("unsigned", "10.6.0", False),
    "innodb_log_files_in_group": ("unsigned", "10.6.0", False),
    "innodb_file_format": ("string", "10.3.1", False),
    "innodb_large_prefix": ("boolean", "10.3.1", False),
    "innodb_stats_sample_pages": ("unsigned", "10.5.0", True),
    "innodb_force_load_corrupted": ("boolean", "10.6.0", True),
    "innodb_idle_flush_pct": ("unsigned", "10.6.0", True),
    "innodb_locks_unsafe_for_binlog": ("boolean", "10.6.0", True),
    "innodb_log_checksums": ("boolean", "10.6.0", True),
    "innodb_log_compressed_pages": ("boolean", "10.6.0", True),
    "innodb_rollback_segments": ("unsigned", "10.6.0", True),
    "innodb_undo_logs": ("unsigned", "10.6.0", True),
    "innodb_sync_array_size": ("unsigned", "10.6.0", True),
    "innodb_lock_schedule_algorithm": ("string", "10.6.0", True),
    "innodb_log_optimize_ddl": ("boolean", "10.6.0", True),
    "innodb_scrub_log": ("boolean", "10.6.0", True),
    "innodb_scrub_log_speed": ("unsigned", "10.6.0", True),
    "innodb_background_scrub_data_check_interval": ("unsigned", "10.6.0", True),
    "innodb_background_scrub_data_compressed": ("boolean", "10.6.0", True),
    "innodb_background_scrub_data_interval": ("unsigned", "10.6.0", True),
    "innodb_background_scrub_data_uncompressed": ("boolean", "10.6.0", True),
    "multi_range_count": ("unsigned", "10.6.0", True),
    "thread_concurrency": ("unsigned", "10.6.0", True),
    "timed_mutexes": ("boolean", "10.6.0", True),
    "max_long_data_size": ("unsigned", "10.6.0", True),
    "super_large_pages": ("boolean", "10.6.0", True),
}
# Variables of MariaDB 5.5 (XtraDB 5.5) and 10.x removed before the catalogue's first series, each with the release
# that removed it (the KB's "Removed:" line; approx where it names only a series), so that an old target knows them
# and a current one says when they went (mariadbd 10.11.19 refuses every one: exit 7, "unknown variable").
_MARIADB_REMOVED_OLD = {
    # name: (type, removed in, approx, source[, enum values])
    "innodb_additional_mem_pool_size": ("size", "10.2.2", False, "mariadb-kb-innodb-sysvars"),
    "innodb_support_xa": ("boolean", "10.3.0", False, "mariadb-kb-innodb-sysvars"),
    "innodb_adaptive_flushing_method": ("enum", "10.0.0", True, "mariadb-kb-innodb-sysvars", ["native", "estimate", "keep_average", "0", "1", "2"]),
    "innodb_flush_neighbor_pages": ("enum", "10.0.0", True, "mariadb-kb-innodb-sysvars", ["none", "area", "cont", "0", "1", "2"]),
    "innodb_stats_update_need_lock": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_log_block_size": ("size", "10.3.0", False, "mariadb-kb-innodb-sysvars"),
    "innodb_adaptive_checkpoint": ("enum", "5.5.20", True, "mariadb-upgrade-53-55", ["none", "reflex", "estimate", "keep_average", "0", "1", "2", "3"]),
    "innodb_checkpoint_age_target": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_dict_size_limit": ("size", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_fast_checksum": ("boolean", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_lazy_drop_table": ("unsigned", "10.0.0", False, "mariadb-kb-innodb-sysvars"),
    "innodb_use_sys_stats_table": ("boolean", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_ibuf_active_contract": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_ibuf_accel_rate": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_ibuf_max_size": ("size", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_recovery_stats": ("boolean", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_stats_auto_update": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_use_global_flush_log_at_trx_commit": ("boolean", "10.3.0", False, "mariadb-kb-innodb-sysvars"),
    "innodb_expand_import": ("unsigned", "5.5.20", True, "mariadb-upgrade-53-55"),
    "innodb_import_table_from_xtrabackup": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_extra_rsegments": ("unsigned", "5.5.20", True, "mariadb-upgrade-53-55"),
    "innodb_use_purge_thread": ("unsigned", "5.5.20", True, "mariadb-upgrade-53-55"),
    "innodb_file_io_threads": ("unsigned", "10.3.0", False, "mariadb-kb-mariadbd-options"),
    "innodb_blocking_buffer_pool_restore": ("boolean", "10.0.0", False, "mariadb-kb-innodb-sysvars"),
    "innodb_buffer_pool_restore_at_startup": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_auto_lru_dump": ("unsigned", "5.5.20", True, "mariadb-upgrade-53-55"),
    "innodb_merge_sort_block_size": ("size", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_pass_corrupt_table": ("unsigned", "5.5.20", True, "mariadb-upgrade-53-55"),
    "innodb_show_verbose_locks": ("unsigned", "10.3.0", False, "mariadb-kb-innodb-sysvars"),
    "innodb_show_locks_held": ("unsigned", "10.3.0", False, "mariadb-kb-innodb-sysvars"),
    "innodb_thread_concurrency_timer_based": ("boolean", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_doublewrite_file": ("string", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_buffer_pool_shm_key": ("unsigned", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_buffer_pool_shm_checksum": ("boolean", "10.0.0", True, "mariadb-kb-innodb-sysvars"),
    "innodb_corrupt_table_action": ("enum", "10.3.0", False, "mariadb-kb-innodb-sysvars", ["assert", "warn", "salvage", "deprecated"]),
    "innodb_mirrored_log_groups": ("unsigned", "10.2.2", False, "mariadb-kb-innodb-sysvars"),
    "innodb_use_fallocate": ("boolean", "10.3.0", False, "mariadb-kb-innodb-sysvars"),
}
for _n, (_t, _since, _approx, _src, *_vals) in _MARIADB_REMOVED_OLD.items():
    MARIADB_HISTORY.setdefault(_n, []).extend([
        {"since": "0.0.0", "type": _t, "scope": ["global"], "option": True, "default": None,
         **({"values": _vals[0]} if _vals else {}), "sources": [_src]},
        {"since": _since, "removed": True, **({"approx": True} if _approx else {}), "sources": [_src, "mariadb-oracle-10.11.19-refused"]},
    ])
# MySQL options MariaDB never implemented and accepts for compatibility only.
_MYSQL_COMPAT = [
    "abort_slave_event_count", "binlog_max_flush_queue_time", "binlog_order_commits", "binlog_rows_query_log_events",
    "default_authentication_plugin", "disconnect_slave_event_count", "end_markers_in_json", "exit_info",
    "log_bin_use_v1_row_events", "log_raw", "log_throttle_queries_not_using_indexes", "master_info_repository",
    "max_binlog_dump_events", "new", "optimizer_trace_features", "optimizer_trace_limit", "optimizer_trace_offset",
    "relay_log_info_repository", "rpl_stop_slave_timeout", "server_id_bits", "sha256_password_private_key_path",
    "sha256_password_public_key_path", "show_compatibility_56", "slave_allow_batching", "slave_checkpoint_group",
    "slave_checkpoint_period", "slave_pending_jobs_size_max", "slave_rows_search_algorithms", "sporadic_binlog_dump_fail",
    "validate_user_plugins",
]
MARIADB_HISTORY.update({
    n: [{"since": "0.0.0", "type": t, "scope": ["global"], "option": True, "default": None,
         "sources": ["mariadb-src-mysqld-compat"]},
        {"since": since, "ignoredWithWarning": "removed", **({"approx": True} if approx else {}),
         "sources": ["mariadb-src-mysqld-compat", "mariadb-oracle-10.11.19"]}]
    for n, (t, since, approx) in _REMOVED_KEPT.items()
})
MARIADB_HISTORY.update({
    n: [{"since": "0.0.0", "type": "string", "scope": ["global"], "option": True, "optionOnly": True, "optionArg": "optional",
         "default": None, "ignoredWithWarning": "mysql-compatibility",
         "sources": ["mariadb-src-mysqld-compat", "mariadb-oracle-10.11.19"]}]
    for n in _MYSQL_COMPAT
})
for _n in ("innodb_buffer_pool_instances", "innodb_page_cleaners"):
    MARIADB_HISTORY[_n][-1] = {"since": "10.6.0", "ignoredWithWarning": "removed",
                               "sources": ["mariadb-bpi", "mariadb-src-mysqld-compat", "mariadb-oracle-10.11.19"]}
MARIADB_HISTORY["innodb_change_buffering"][-1] = {"since": "11.0.0", "ignoredWithWarning": "removed",
                                                  "sources": ["mariadb-kb-innodb-sysvars", "mariadb-118-upgrade"]}
# Still variables in 10.11.19 (SELECT @@ works), but as options only accepted and ignored with the warning.
MARIADB_HISTORY["innodb_purge_rseg_truncate_frequency"].append(
    {"since": "10.6.16", "ignoredWithWarning": "removed", "sources": ["mariadb-kb-innodb-sysvars", "mariadb-oracle-10.11.19"]})
MARIADB_HISTORY["innodb_lru_flush_size"] = [
    {"since": "10.6.0", "approx": True, "ignoredWithWarning": "removed", "sources": ["mariadb-oracle-10.11.19"]}]

# Auto-sized or machine-dependent MariaDB defaults: the value `mariadbd --help` prints depends on
# the host (CPU count, limits, hostname, paths), so the catalogue stores a rule instead.
MARIADB_AUTO = {
    "back_log": "max_connections (capped at 900) unless set",
    "host_cache_size": "128 + max_connections (capped at 628)",
    "open_files_limit": "derived from max_connections and table_open_cache, limited by the OS",
    "thread_pool_size": "number of CPUs",
    "table_open_cache_instances": "derived from CPU count",
    "thread_cache_size": "8 + max_connections / 100 (capped at 256)",
    "aria_log_dir_path": "the data directory",
    "basedir": "installation directory (build dependent)",
    "datadir": "compiled-in data directory (build dependent)",
    "character_sets_dir": "installation dependent",
    "lc_messages_dir": "installation dependent",
    "plugin_dir": "installation dependent",
    "pid_file": "<datadir>/<hostname>.pid",
    "general_log_file": "<hostname>.log",
    "slow_query_log_file": "<hostname>-slow.log",
    "log_slow_query_file": "<hostname>-slow.log",
    "socket": "build dependent (for example /run/mysqld/mysqld.sock)",
    "port": "3306 unless built otherwise",
    "tmpdir": "system temporary directory",
    "slave_load_tmpdir": "tmpdir",
    "server_uid": "derived from the server's identity at startup",
    "large_page_size": "operating system page size",
    "version": "server version string",
    "version_compile_machine": "build dependent",
    "version_compile_os": "build dependent",
    "version_ssl_library": "build dependent",
    "version_malloc_library": "build dependent",
    "version_source_revision": "build dependent",
    "hostname": "host name",
    "system_time_zone": "host time zone",
    "wsrep_node_name": "host name",
    "wsrep_node_incoming_address": "AUTO",
    "wsrep_data_home_dir": "the data directory",
    "wsrep_sst_receive_address": "AUTO",
    "innodb_buffer_pool_chunk_size": "innodb_buffer_pool_size / 64 rounded to 1 MiB (0 means automatic)",
    "innodb_log_group_home_dir": "the data directory",
    "innodb_data_home_dir": "the data directory",
    "innodb_undo_directory": "the data directory",
    "innodb_tmpdir": "tmpdir",
    "innodb_read_io_threads": "4",
    "relay_log_info_file": "relay-log.info",
    "slave_parallel_mode": "optimistic",
    "log_bin_basename": "from log_bin",
    "log_bin_index": "from log_bin",
    "relay_log_basename": "from relay_log",
    "relay_log_index": "from relay_log",
    "locked_in_memory": "runtime state",
    "large_files_support": "build dependent",
    "lower_case_file_system": "depends on the data directory's file system",
    "have_openssl": "build dependent",
    "have_ssl": "build dependent",
    "ssl_cipher": "none",
    "max_binlog_stmt_cache_size": "build dependent maximum",
    "max_binlog_cache_size": "build dependent maximum",
}

# ---------------------------------------------------------------------------------------------
# Percona Server: version facts for its own variables beyond what the 8.0.26-17 source shows.
PERCONA_HISTORY = {
    "innodb_records_in_range": [
        {"since": "5.7.0", "type": "unsigned", "scope": ["global"], "dynamic": True, "option": True, "default": 0,
         "sources": ["percona-records-in-range-57"]},
    ],
    "innodb_force_index_records_in_range": [
        {"since": "5.7.0", "type": "unsigned", "scope": ["global"], "dynamic": True, "option": True, "default": 0,
         "sources": ["percona-records-in-range-57"]},
    ],
}

# ---------------------------------------------------------------------------------------------
# Aurora MySQL: release line -> MySQL version it is compatible with.
AURORA_BASE = [
    # (first Aurora version of the line, MySQL version, source)
    ("2.0.0", "5.7.12", "aurora-2115"),
    ("2.12.0", "5.7.40", "aurora-2124"),
    ("2.12.2", "5.7.44", "aurora-2124"),
    ("3.1.0", "8.0.23", "aurora-doc-history"),
    ("3.3.0", "8.0.26", "aurora-doc-history"),
    ("3.4.0", "8.0.28", "aurora-doc-history"),
    ("3.5.0", "8.0.32", "aurora-doc-history"),
    ("3.6.0", "8.0.34", "aurora-doc-history"),
    ("3.7.0", "8.0.36", "aurora-doc-history"),
    ("3.8.0", "8.0.39", "aurora-doc-history"),
    ("3.9.0", "8.0.40", "aurora-doc-history"),
    ("3.10.0", "8.0.42", "aurora-doc-history"),
    ("3.12.0", "8.0.44", "aurora-doc-history"),
    ("8.4.0", "8.4.0", "aurora-doc-history"),
]

# Aurora-specific variables (DB cluster / DB instance parameters).
AURORA_VARS = {
    # name: (type, scope, dynamic, default, since, removedIn, values)
    "aurora_binlog_read_buffer_size": ("size", ["global"], True, 5242880, "2.0.0", "3.1.0", None),
    "aurora_binlog_replication_max_yield_seconds": ("unsigned", ["global"], True, 0, "2.0.0", None, None),
    "aurora_binlog_use_large_read_buffer": ("boolean", ["global"], True, True, "2.0.0", "3.1.0", None),
    "aurora_enable_repl_bin_log_filtering": ("boolean", ["global"], True, True, "2.0.0", None, None),
    "aurora_enhanced_binlog": ("boolean", ["global"], False, False, "3.3.1", None, None),
    "aurora_disable_hash_join": ("boolean", ["global", "session"], True, False, "2.0.0", "3.1.0", None),
    "aurora_lab_mode": ("boolean", ["global"], True, False, "2.0.0", None, None),
    "aurora_load_from_s3_role": ("string", ["global"], True, "", "2.0.0", "3.1.0", None),
    "aurora_select_into_s3_role": ("string", ["global"], True, "", "2.0.0", "3.1.0", None),
    "aws_default_s3_role": ("string", ["global"], True, "", "2.0.0", None, None),
    "aws_default_lambda_role": ("string", ["global"], True, "", "2.0.0", None, None),
    "aurora_parallel_query": ("boolean", ["global", "session"], True, False, "2.9.0", None, None),
    "aurora_pq": ("boolean", ["global", "session"], True, True, "2.0.0", "3.1.0", None),
    "aurora_pq_force": ("boolean", ["global", "session"], True, False, "2.0.0", "3.1.0", None),
    "aurora_use_vector_instructions": ("boolean", ["global"], True, True, "2.0.0", "3.1.0", None),
    "aurora_read_replica_read_committed": ("boolean", ["global", "session"], True, False, "2.0.0", None, None),
    "aurora_fwd_master_idle_timeout": ("unsigned", ["global"], True, 60, "2.8.0", "3.1.0", None),
    "aurora_fwd_master_max_connections_pct": ("unsigned", ["global"], True, 10, "2.8.0", "3.1.0", None),
    "aurora_fwd_writer_idle_timeout": ("unsigned", ["global"], True, 60, "3.1.0", None, None),
    "aurora_fwd_writer_max_connections_pct": ("unsigned", ["global"], True, 10, "3.1.0", None, None),
    "aurora_replica_read_consistency": ("enum", ["global", "session"], True, "", "2.8.0", None, ["", "EVENTUAL", "SESSION", "GLOBAL"]),
    "aurora_tmptable_enable_per_table_limit": ("boolean", ["global"], True, False, "3.4.0", None, None),
    "server_audit_logging": ("boolean", ["global"], True, False, "2.0.0", None, None),
    "server_audit_events": ("set", ["global"], True, "", "2.0.0", None, ["CONNECT", "QUERY", "QUERY_DCL", "QUERY_DDL", "QUERY_DML", "QUERY_DML_NO_SELECT", "TABLE"]),
    "server_audit_incl_users": ("string", ["global"], True, "", "2.0.0", None, None),
    "server_audit_excl_users": ("string", ["global"], True, "", "2.0.0", None, None),
    "server_audit_logs_upload": ("boolean", ["global"], True, False, "2.0.0", None, None),
}

# Semi-synchronous replication plugins build their variable names with macros, so the
# extractor cannot join them; these are the names each plugin library registers.
SEMISYNC = {
    # plugin: (names, since, removedIn)
    "rpl_semi_sync_master": (["enabled", "timeout", "trace_level", "wait_for_slave_count", "wait_no_slave", "wait_point"], "0.0.0", None),
    "rpl_semi_sync_slave": (["enabled", "trace_level"], "0.0.0", None),
    "rpl_semi_sync_source": (["enabled", "timeout", "trace_level", "wait_for_replica_count", "wait_no_replica", "wait_point"], "8.0.26", None),
    "rpl_semi_sync_replica": (["enabled", "trace_level"], "8.0.26", None),
}


# ---------------------------------------------------------------------------------------------
# Successor of a deprecated or removed variable (what to use instead). Deprecated aliases that the
# server itself declares (Sys_var_deprecated_alias) carry aliasOf instead and need no entry here.
REPLACED_BY = {
    "mysql": {
        "expire_logs_days": "binlog_expire_logs_seconds",
        "tx_isolation": "transaction_isolation",
        "tx_read_only": "transaction_read_only",
        "innodb_log_file_size": "innodb_redo_log_capacity",
        "innodb_log_files_in_group": "innodb_redo_log_capacity",
        "default_authentication_plugin": "authentication_policy",
        "log_warnings": "log_error_verbosity",
        "group_replication_ip_whitelist": "group_replication_ip_allowlist",
        "innodb_undo_logs": "innodb_rollback_segments",
        "innodb_checksums": "innodb_checksum_algorithm",
        "innodb_stats_sample_pages": "innodb_stats_transient_sample_pages",
        "max_statement_time": "max_execution_time",
        "rpl_semi_sync_master_enabled": "rpl_semi_sync_source_enabled",
        "rpl_semi_sync_master_timeout": "rpl_semi_sync_source_timeout",
        "rpl_semi_sync_master_trace_level": "rpl_semi_sync_source_trace_level",
        "rpl_semi_sync_master_wait_for_slave_count": "rpl_semi_sync_source_wait_for_replica_count",
        "rpl_semi_sync_master_wait_no_slave": "rpl_semi_sync_source_wait_no_replica",
        "rpl_semi_sync_master_wait_point": "rpl_semi_sync_source_wait_point",
        "rpl_semi_sync_slave_enabled": "rpl_semi_sync_replica_enabled",
        "rpl_semi_sync_slave_trace_level": "rpl_semi_sync_replica_trace_level",
        "master_info_repository": None,
        "log_syslog": "log_error_services",
        "slave_rows_search_algorithms": None,
    },
    "mariadb": {
        "slow_query_log": "log_slow_query",
        "slow_query_log_file": "log_slow_query_file",
        "long_query_time": "log_slow_query_time",
        "min_examined_row_limit": "log_slow_min_examined_row_limit",
        "wsrep_replicate_myisam": "wsrep_mode",
    },
}
REPLACED_BY = {f: {k: v for k, v in m.items() if v} for f, m in REPLACED_BY.items()}


# Built-in or bundled plugins: mysqld accepts --<plugin>[=OFF|ON|FORCE|FORCE_PLUS_PERMANENT] for each
# (sql/sql_plugin.cc registers one enable option per plugin). MySQL's mysqld--help test filters
# these out, so they are listed here. name: (since, removedIn)
MYSQL_PLUGIN_OPTIONS = {
    "archive": ("0.0.0", None), "blackhole": ("0.0.0", None), "csv": ("0.0.0", None),
    "federated": ("0.0.0", None), "memory": ("0.0.0", None), "mrg_myisam": ("0.0.0", None),
    "myisam": ("0.0.0", None), "ngram": ("0.0.0", None), "sha256_password": ("0.0.0", None),
    "mysql_native_password": ("0.0.0", None), "caching_sha2_password": ("8.0.3", None),
    "mysqlx_cache_cleaner": ("8.0.11", None), "daemon_keyring_proxy_plugin": ("8.0.24", None),
    "rpl_semi_sync_master": ("0.0.0", None), "rpl_semi_sync_slave": ("0.0.0", None),
    "rpl_semi_sync_source": ("8.0.26", None), "rpl_semi_sync_replica": ("8.0.26", None),
    "group_replication": ("5.7.17", None), "validate_password": ("0.0.0", None), "clone": ("8.0.17", None),
}


# Flavour-specific wording where MariaDB behaves differently from MySQL.
DESCRIPTIONS_BY_FLAVOR = {
    "mariadb": {
        "innodb_buffer_pool_size": "Memory InnoDB reserves for caching table and index pages; MariaDB keeps a single buffer pool and can resize it online.",
        "innodb_buffer_pool_chunk_size": "Allocation unit for online buffer pool resizing. Recent MariaDB 10.11 and later releases accept it but ignore it (the buffer pool was reworked).",
        "innodb_buffer_pool_instances": "Number of buffer pool instances. MariaDB 10.5 ignores it (one pool only) and 10.6 removed it.",
        "innodb_flush_log_at_trx_commit": "Durability of commits: 1 writes and syncs the redo log at every commit; 2 writes at commit and syncs about once per second; 0 does both about once per second; 3 (MariaDB) also syncs at prepare, like 1 plus an extra sync.",
        "innodb_log_file_size": "Size of MariaDB's single redo log file (ib_logfile0). Can be changed at runtime from MariaDB 10.9.",
        "innodb_adaptive_hash_index": "Whether InnoDB builds an in-memory hash index over frequently used B-tree pages. Off by default in MariaDB since 10.5; helps only some read-heavy loads.",
        "innodb_page_cleaners": "Number of page cleaner threads; ignored from MariaDB 10.5 (a single cleaner) and removed in 10.6.",
    },
}


# Value lists the extractor cannot see (built with helper classes or in other translation units).
# Source: the MySQL reference manual pages of each variable (mysql-sysvars-57 / replication docs).
MYSQL_VALUES = {
    "gtid_mode": ["OFF", "OFF_PERMISSIVE", "ON_PERMISSIVE", "ON"],
    "enforce_gtid_consistency": ["OFF", "ON", "WARN"],
    "optimizer_trace": ["enabled", "one_line"],
    "optimizer_trace_features": ["greedy_search", "range_optimizer", "dynamic_range", "repeated_subselect"],
    "block_encryption_mode": [f"aes-{k}-{m}" for k in (128, 192, 256) for m in ("ecb", "cbc", "cfb1", "cfb8", "cfb128", "ofb")],
    "group_replication_exit_state_action": ["ABORT_SERVER", "OFFLINE_MODE", "READ_ONLY"],
    "group_replication_flow_control_mode": ["DISABLED", "QUOTA"],
    "group_replication_ssl_mode": ["DISABLED", "REQUIRED", "VERIFY_CA", "VERIFY_IDENTITY"],
    "group_replication_communication_stack": ["XCOM", "MYSQL"],
    "group_replication_recovery_complete_at": ["TRANSACTIONS_CERTIFIED", "TRANSACTIONS_APPLIED"],
    "group_replication_tls_source": ["MYSQL_MAIN", "MYSQL_ADMIN"],
    "validate_password.policy": ["LOW", "MEDIUM", "STRONG"],
    "mysqlx_compression_algorithms": ["DEFLATE_STREAM", "LZ4_MESSAGE", "ZSTD_STREAM"],
}


# Defaults the extractor cannot evaluate (component variables, helper-class defaults); applied to
# the first history entry when it has none. Source: the reference manual page of each variable.
MYSQL_DEFAULTS = {
    "validate_password.length": 8, "validate_password.mixed_case_count": 1, "validate_password.number_count": 1,
    "validate_password.special_char_count": 1, "validate_password.policy": "MEDIUM",
    "validate_password.check_user_name": True, "validate_password.dictionary_file": "",
    "validate_password.changed_characters_percentage": 0,
    "group_replication_exit_state_action": "READ_ONLY", "group_replication_flow_control_mode": "QUOTA",
    "group_replication_ssl_mode": "DISABLED", "group_replication_communication_stack": "XCOM",
    "group_replication_recovery_complete_at": "TRANSACTIONS_APPLIED", "group_replication_tls_source": "MYSQL_MAIN",
    "mysqlx_compression_algorithms": "DEFLATE_STREAM,LZ4_MESSAGE,ZSTD_STREAM",
    "mysqlx_port": 33060, "mysqlx_connect_timeout": 30, "mysqlx_max_connections": 100,
    "mysqlx_min_worker_threads": 2, "mysqlx_idle_worker_thread_timeout": 60, "mysqlx_interactive_timeout": 28800,
    "mysqlx_wait_timeout": 28800, "mysqlx_read_timeout": 30, "mysqlx_write_timeout": 60,
    "mysqlx_max_allowed_packet": 67108864, "mysqlx_port_open_timeout": 0, "mysqlx_document_id_unique_prefix": 0,
    "mysqlx_enable_hello_notice": True,
    "optimizer_trace": "enabled=off,one_line=off",
    "optimizer_trace_features": "greedy_search=on,range_optimizer=on,dynamic_range=on,repeated_subselect=on",
    "block_encryption_mode": "aes-128-ecb",
}

for _n in _REMOVED_KEPT:
    DESCRIPTIONS_BY_FLAVOR["mariadb"].setdefault(
        _n, f"Option '{_n}' of older MariaDB releases; after its removal mariadbd still accepts the name, warns that it does nothing, and ignores the value.")
for _n in _MYSQL_COMPAT:
    DESCRIPTIONS_BY_FLAVOR["mariadb"].setdefault(
        _n, f"MySQL option '{_n}' that MariaDB does not implement; mariadbd accepts the name for compatibility with MySQL option files, warns, and ignores the value.")

# Read-only variables the 10.11 snapshot lists as options; mariadbd refuses each in an option file
# ("unknown variable", proved by the option-verdict oracle).
for _n in ("version_comment", "protocol_version", "large_files_support", "lower_case_file_system", "system_time_zone",
           "server_uid", "version_compile_machine", "version_compile_os", "version_malloc_library",
           "version_source_revision", "version_ssl_library", "wsrep_patch_version"):
    MARIADB_HISTORY.setdefault(_n, []).insert(0, {"since": "0.0.0", "option": False, "sources": ["mariadb-oracle-10.11.19"]})

# ---------------------------------------------------------------------------------------------
# Percona XtraDB Cluster: Percona Server plus the wsrep (Galera) variables. Names, types, defaults and
# the releases that added or removed them from Percona's wsrep and PXC variable indexes.
SOURCES.update({
    "pxc-57-wsrep": {
        "title": "Percona XtraDB Cluster 5.7 documentation: Index of wsrep system variables",
        "url": "https://docs.percona.com/percona-xtradb-cluster/5.7/wsrep-system-index.html",
    },
    "pxc-80-wsrep": {
        "title": "Percona XtraDB Cluster 8.0 documentation: Index of wsrep system variables",
        "url": "https://docs.percona.com/percona-xtradb-cluster/8.0/wsrep-system-index.html",
    },
    "pxc-84-wsrep": {
        "title": "Percona XtraDB Cluster 8.4 documentation: Index of wsrep system variables",
        "url": "https://docs.percona.com/percona-xtradb-cluster/8.4/wsrep-system-index.html",
    },
    "pxc-80-upgrade": {
        "title": "Percona XtraDB Cluster 8.0 documentation: Upgrading from 5.7 (wsrep_sst_auth, wsrep_causal_reads, wsrep_preordered and wsrep_replicate_myisam are gone)",
        "url": "https://docs.percona.com/percona-xtradb-cluster/8.0/upgrade-guide.html",
    },
    "pxc-8026-rn": {
        "title": "Percona XtraDB Cluster 8.0.26-16.1 release notes (wsrep_slave_threads, wsrep_slave_FK_checks, wsrep_slave_UK_checks and wsrep_restart_slave deprecated for their applier/replica names)",
        "url": "https://docs.percona.com/percona-xtradb-cluster/8.0/release-notes/8.0.26-16.1.html",
    },
})
B, U, S, E = "boolean", "unsigned", "string", "enum"
# name: (type, default, values or None, since, removed in or None)
PXC_VARS = {
    "wsrep_auto_increment_control": (B, True, None, "0.0.0", None),
    "wsrep_causal_reads": (B, False, None, "0.0.0", "8.0.0"),
    "wsrep_certify_nonpk": (B, True, None, "0.0.0", None),
    "wsrep_cluster_address": (S, "", None, "0.0.0", None),
    "wsrep_cluster_name": (S, "my_wsrep_cluster", None, "0.0.0", None),
    "wsrep_convert_lock_to_trx": (B, False, None, "0.0.0", "8.0.0"),
    "wsrep_data_home_dir": (S, None, None, "0.0.0", None),
    "wsrep_dbug_option": (S, "", None, "0.0.0", None),
    "wsrep_debug": (S, None, None, "0.0.0", None),
    "wsrep_desync": (B, False, None, "0.0.0", None),
    "wsrep_dirty_reads": (B, False, None, "0.0.0", None),
    "wsrep_drupal_282555_workaround": (B, False, None, "0.0.0", None),
    "wsrep_forced_binlog_format": (E, "NONE", ["ROW", "STATEMENT", "MIXED", "NONE"], "0.0.0", None),
    "wsrep_load_data_splitting": (B, None, None, "0.0.0", None),
    "wsrep_log_conflicts": (B, False, None, "0.0.0", None),
    "wsrep_max_ws_rows": (U, 0, None, "0.0.0", None),
    "wsrep_max_ws_size": (U, 2147483647, None, "0.0.0", None),
    "wsrep_node_address": (S, None, None, "0.0.0", None),
    "wsrep_node_incoming_address": (S, "AUTO", None, "0.0.0", None),
    "wsrep_node_name": (S, None, None, "0.0.0", None),
    "wsrep_notify_cmd": (S, "", None, "0.0.0", None),
    "wsrep_on": (B, True, None, "0.0.0", None),
    "wsrep_osu_method": (S, "TOI", None, "0.0.0", None),
    "wsrep_preordered": (B, False, None, "0.0.0", "8.0.0"),
    "wsrep_provider": (S, "none", None, "0.0.0", None),
    "wsrep_provider_options": (S, "", None, "0.0.0", None),
    "wsrep_recover": (B, False, None, "0.0.0", None),
    "wsrep_reject_queries": (E, "NONE", ["NONE", "ALL", "ALL_KILL"], "0.0.0", None),
    "wsrep_replicate_myisam": (B, False, None, "0.0.0", "8.0.0"),
    "wsrep_restart_slave": (B, False, None, "0.0.0", None),
    "wsrep_retry_autocommit": (U, 1, None, "0.0.0", None),
    "wsrep_rsu_commit_timeout": (U, 5000, None, "0.0.0", None),
    "wsrep_slave_fk_checks": (B, True, None, "0.0.0", None),
    "wsrep_slave_threads": (U, 1, None, "0.0.0", None),
    "wsrep_slave_uk_checks": (B, False, None, "0.0.0", None),
    "wsrep_sst_auth": (S, None, None, "0.0.0", "8.0.0"),
    "wsrep_sst_donor": (S, "", None, "0.0.0", None),
    "wsrep_sst_donor_rejects_queries": (B, False, None, "0.0.0", None),
    "wsrep_sst_method": (S, "xtrabackup-v2", None, "0.0.0", None),
    "wsrep_sst_receive_address": (S, "AUTO", None, "0.0.0", None),
    "wsrep_start_position": (S, None, None, "0.0.0", None),
    "wsrep_sync_wait": (U, 0, None, "0.0.0", None),
    "pxc_encrypt_cluster_traffic": (B, None, None, "0.0.0", None),
    "pxc_maint_mode": (E, "DISABLED", ["DISABLED", "SHUTDOWN", "MAINTENANCE"], "0.0.0", None),
    "pxc_maint_transition_period": (U, 10, None, "0.0.0", None),
    "pxc_strict_mode": (E, "ENFORCING", ["DISABLED", "PERMISSIVE", "ENFORCING", "MASTER"], "0.0.0", None),
    # 8.0 (Galera 4)
    "wsrep_certification_rules": (E, "strict", ["strict", "optimized"], "8.0.0", None),
    "wsrep_ignore_apply_errors": (U, 0, None, "8.0.0", None),
    "wsrep_min_log_verbosity": (U, 3, None, "8.0.0", None),
    "wsrep_sst_allowed_methods": (S, None, None, "8.0.0", None),
    "wsrep_trx_fragment_size": (U, 0, None, "8.0.0", None),
    "wsrep_trx_fragment_unit": (E, "bytes", ["bytes", "rows", "statements"], "8.0.0", None),
    "wsrep_sr_store": (E, "table", ["none", "table"], "8.0.0", None),
    "wsrep_applier_threads": (U, 1, None, "8.0.26", None),
    "wsrep_applier_fk_checks": (B, True, None, "8.0.26", None),
    "wsrep_applier_uk_checks": (B, False, None, "8.0.26", None),
    "wsrep_restart_replica": (B, False, None, "8.0.26", None),
}
PXC_DEPRECATED = {"wsrep_slave_threads": ("8.0.26", "wsrep_applier_threads"), "wsrep_slave_fk_checks": ("8.0.26", "wsrep_applier_fk_checks"),
                  "wsrep_slave_uk_checks": ("8.0.26", "wsrep_applier_uk_checks"), "wsrep_restart_slave": ("8.0.26", "wsrep_restart_replica")}
PXC_DEFAULTS = {
    # 5.7 splits LOAD DATA into 10,000-row transactions; 8.0 does not by default.
    "wsrep_load_data_splitting": [("0.0.0", True), ("8.0.0", False)],
    "pxc_encrypt_cluster_traffic": [("0.0.0", False), ("8.0.0", True)],
}

# innodb_numa_interleave came to 5.6 in 5.6.27 (mysql/mysql-server commit 242fa2c9, Bug #18871046) and to
# 5.7 with its first GA, 5.7.9; the catalogue's history is one line, so it starts at 5.6.27 (the 5.7
# milestone releases before 5.7.9 did not have it).
SOURCES["mysql-commit-242fa2c9"] = {
    "title": "mysql/mysql-server commit 242fa2c9 (Bug #18871046): --innodb_numa_interleave, in MySQL 5.6.27",
    "url": "https://github.com/mysql/mysql-server/commit/242fa2c92de304637e794e531df1f1b86b8d1dee",
}
MYSQL_HISTORY.setdefault("innodb_numa_interleave", []).append(
    {"since": "5.6.27", "sources": ["mysql-commit-242fa2c9"]})

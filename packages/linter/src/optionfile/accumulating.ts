/**
 * Options that accumulate: each line adds to a list instead of replacing the value, so repeating
 * one is not a duplicate. Taken from the servers' option handlers (mysqld.cc get_one_option in
 * MySQL and MariaDB, which append the argument to a list rather than store it) and confirmed by the
 * options' own --help text, cited per entry. Keyed by the variable name facts.ts resolves a line
 * to (MySQL's --ignore-db-dir is ignore_db_dir, MariaDB's --ignore-db-dirs is ignore_db_dirs).
 */
export interface Accumulating {
  variable: string;
  /** Where the server appends, and what says so. */
  source: string;
  /** An empty value clears the list gathered so far: earlier lines then have no effect. */
  emptyResets?: true;
}

const FILTER = 'mysqld.cc get_one_option adds each to the replication filter (Rpl_filter::add_*); --help: "use the directive multiple times"';
const BINLOG_FILTER = "mysqld.cc get_one_option adds each to binlog_filter (Rpl_filter::add_do_db / add_ignore_db)";

export const ACCUMULATING: readonly Accumulating[] = [
  {
    variable: "plugin_load_add",
    source:
      'mysqld.cc get_one_option (OPT_PLUGIN_LOAD_ADD) appends to the plugin load list; --help: "adds to the list specified by --plugin-load in an incremental way"',
  },
  { variable: "replicate_do_db", source: FILTER },
  { variable: "replicate_ignore_db", source: FILTER },
  { variable: "replicate_do_table", source: FILTER },
  { variable: "replicate_ignore_table", source: FILTER },
  { variable: "replicate_wild_do_table", source: FILTER },
  { variable: "replicate_wild_ignore_table", source: FILTER },
  { variable: "replicate_rewrite_db", source: FILTER },
  { variable: "binlog_do_db", source: BINLOG_FILTER },
  { variable: "binlog_ignore_db", source: BINLOG_FILTER },
  {
    variable: "performance_schema_instrument",
    source: "mysqld.cc get_one_option (OPT_PFS_INSTRUMENT) adds each to pfs_instr_config_array; MySQL manual: specify the option multiple times",
  },
  {
    variable: "ignore_db_dirs",
    emptyResets: true,
    source:
      'MariaDB mysqld.cc get_one_option (OPT_IGNORE_DB_DIRECTORY) calls push_ignored_db_dir; mariadbd --help: "Specifies a directory to add to the ignore list ... Put a blank argument to reset the list accumulated so far"',
  },
  {
    variable: "ignore_db_dir",
    emptyResets: true,
    source:
      'MySQL 5.6/5.7 mysqld.cc get_one_option (OPT_IGNORE_DB_DIRECTORY) calls push_ignored_db_dir, a blank argument ignore_db_dirs_reset; manual: "To specify more than one directory, use this option multiple times"',
  },
];

const BY_VARIABLE = new Map(ACCUMULATING.map((a) => [a.variable, a]));

export function accumulating(variable: string): Accumulating | undefined {
  return BY_VARIABLE.get(variable);
}

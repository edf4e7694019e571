/**
 * What mysqld does at startup when the descriptors it gets are fewer than max_connections and
 * table_open_cache need: it lowers them. MySQL: sql/mysqld.cc adjust_open_files_limit,
 * adjust_max_connections and adjust_table_cache_size; MariaDB: sql/mysqld.cc init_common_variables
 * (proved against mariadbd --help --verbose under a descriptor limit, test/oracle/open-files-oracle.ts).
 */
import type { Flavor } from "../../target.js";

export interface FileLimits {
  maxConnections: number;
  tableOpenCache: number;
  /** table_open_cache_instances (MariaDB lowers it too). */
  instances: number;
}

export interface Adjusted extends FileLimits {
  /** Descriptors the server asks the OS for. */
  requested: number;
}

/** MySQL's TABLE_OPEN_CACHE_MIN. */
const MYSQL_MIN_CACHE = 400;
/** MariaDB's extra_files and min_tc_size. */
const MARIADB_EXTRA = 30;
const MARIADB_MIN_CACHE = 200;

/** C's unsigned subtraction as the server computes it: a negative difference wraps to a huge value. */
const unsignedDiff = (a: number, b: number) => (a >= b ? a - b : Number.MAX_SAFE_INTEGER);

/**
 * The values the server runs with when the OS grants `granted` descriptors. `cpus` counts in
 * MariaDB's request (one descriptor per thread-pool group), not in what it computes.
 */
export function adjustForDescriptors(flavor: Flavor, given: FileLimits & { openFilesLimit: number }, granted: number, cpus = 0): Adjusted {
  const { maxConnections: conn, tableOpenCache: tc, instances } = given;
  if (flavor === "mariadb") {
    const requested = Math.max(MARIADB_EXTRA + conn + 1 + tc * 2 * instances + cpus, (conn + 1) * 5, given.openFilesLimit);
    const files = Math.min(requested, granted);
    const inst = Math.min(Math.max(Math.floor(unsignedDiff(files, MARIADB_EXTRA + conn) / 2 / tc), 1), instances);
    const newConn = Math.max(Math.min(unsignedDiff(files, MARIADB_EXTRA + MARIADB_MIN_CACHE * 2 * inst), conn), 10);
    const newCache = Math.min(Math.max(Math.floor(unsignedDiff(files, MARIADB_EXTRA + newConn) / 2 / inst), MARIADB_MIN_CACHE), tc);
    return { requested, maxConnections: newConn, tableOpenCache: newCache, instances: inst };
  }
  const requested = Math.max(10 + conn + tc * 2, conn * 5, given.openFilesLimit || 5000);
  const files = Math.min(requested, granted);
  const connLimit = files - 10 - MYSQL_MIN_CACHE * 2;
  const newConn = Math.min(connLimit, conn);
  const cacheLimit = Math.max(Math.floor((files - 10 - newConn) / 2), MYSQL_MIN_CACHE);
  return { requested, maxConnections: newConn, tableOpenCache: Math.min(cacheLimit, tc), instances };
}

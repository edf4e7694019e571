/**
 * What other servers innolint knows make of an option name the target does not know: which
 * flavour defines it, and which plugins MariaDB ships.
 */
import { flavoursDefining, lookupVariable } from "../../catalogue/index.js";
import { atLeast, formatVersion, type Flavor, type Target } from "../../target.js";

const PRODUCT: Record<Flavor, string> = {
  mysql: "MySQL",
  percona: "Percona Server",
  pxc: "Percona XtraDB Cluster",
  ndb: "MySQL NDB Cluster",
  mariadb: "MariaDB",
  "aurora-mysql": "Aurora MySQL",
};

export function productName(flavor: Flavor): string {
  return PRODUCT[flavor];
}

/** The flavours other than the target's whose catalogue defines the name ("MariaDB and Percona Server"). */
export function otherFlavoursDefining(target: Target, name: string): Flavor[] {
  return flavoursDefining(name).filter((f) => f !== target.flavor);
}

/** A list of products in prose: "A", "A and B", "A, B and C". */
export function productList(flavors: readonly Flavor[]): string {
  const names = flavors.map(productName);
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * The NDB Cluster target to suggest for a MySQL 8.0+ target's unknown name that the ndbcluster
 * plugin defines (ndbcluster, ndb-connectstring): stock mysqld is built without it.
 */
export function ndbTargetFor(target: Target, name: string): string | undefined {
  if (target.flavor !== "mysql" || !atLeast(target.version, "8.0")) return undefined;
  const ndb: Target = { ...target, flavor: "ndb" };
  return lookupVariable(ndb, name).status === "known" ? `ndb-${formatVersion(target.version)}` : undefined;
}

/**
 * Plugins of the unknown-variable table that MariaDB ships (its plugin/ and storage/ directories and
 * the semisync plugins it builds in): a variable with one of these prefixes may exist on a MariaDB
 * server that installed the plugin. The table's other plugins are MySQL's or Percona Server's, which
 * mariadbd cannot load: their variables are refused.
 */
export const MARIADB_PLUGINS: ReadonlySet<string> = new Set([
  "rpl_semi_sync_master",
  "rpl_semi_sync_slave",
  "pam",
  "ed25519",
  "gssapi",
  "rocksdb",
  "query_response_time",
  "query_response_time_audit",
  "query_response_time_read",
  "query_response_time_write",
  "server_audit",
  "file_key_management",
  "hashicorp_key_management",
  "aws_key_management",
  "spider",
  "connect",
  "mroonga",
  "s3",
  "sphinx",
  "federated",
  "oqgraph",
  "handlersocket",
  "provider_bzip2",
  "provider_lz4",
  "provider_lzma",
  "provider_lzo",
  "provider_snappy",
  "disks",
  "locales",
  "metadata_lock_info",
  "password_reuse_check",
  "simple_password_check",
  "cracklib_password_check",
  "sql_error_log",
  "mysql_json",
  "wsrep_membership",
  "wsrep_status",
  "query_cache_info",
]);

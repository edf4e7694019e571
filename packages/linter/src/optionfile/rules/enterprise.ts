/**
 * Plugins and components only MySQL Enterprise Edition ships: the MySQL 8.0 and 8.4 Reference
 * Manuals' "MySQL Enterprise Edition" chapter (Audit, Firewall, Thread Pool, Enterprise
 * Authentication: LDAP, Kerberos, Windows, FIDO), the keyring chapter's table of keyring plugins
 * (keyring_encrypted_file, keyring_okv, keyring_aws, keyring_hashicorp and keyring_oci are
 * "MySQL Enterprise Edition" only), and the Option Tracker and MLE components. Names are the
 * catalogue's `plugin` values.
 */
import type { Target } from "../../target.js";
import type { OptionFacts, ResolvedOption } from "./facts.js";

const ENTERPRISE = new Set([
  "audit_log",
  "component_audit_log",
  "mysql_firewall",
  "component_firewall",
  "thread_pool",
  "authentication_ldap_sasl",
  "authentication_ldap_simple",
  "authentication_kerberos",
  "authentication_windows",
  "authentication_fido",
  "keyring_encrypted_file",
  "keyring_okv",
  "keyring_aws",
  "keyring_hashicorp",
  "keyring_oci",
  "component_mle",
  "component_option_tracker",
]);

/** Where the library's file name differs from the plugin's. */
const LIBRARY: Record<string, string> = { mysql_firewall: "firewall" };

/** Percona Server ships open-source plugins of these names itself (audit log, thread pool, LDAP authentication). */
const PERCONA_OWN = new Set(["audit_log", "thread_pool", "authentication_ldap_sasl", "authentication_ldap_simple"]);

/**
 * The Enterprise plugin of a loose_ line a community build never defines (innolint's mysql,
 * percona and aurora-mysql targets are community builds), unless the file loads that plugin itself.
 */
export function enterpriseOnlyLoose(facts: OptionFacts, o: ResolvedOption, target: Target): string | undefined {
  if (!o.entry.loose || o.lookup.status === "unknown") return undefined;
  const plugin = o.lookup.facts.plugin;
  if (!plugin || !ENTERPRISE.has(plugin) || target.flavor === "mariadb") return undefined;
  if ((target.flavor === "percona" || target.flavor === "pxc") && PERCONA_OWN.has(plugin)) return undefined;
  const library = LIBRARY[plugin] ?? plugin;
  if (facts.pluginLoads.some((p) => p.library === library || p.plugin?.toLowerCase() === plugin)) return undefined;
  return plugin;
}

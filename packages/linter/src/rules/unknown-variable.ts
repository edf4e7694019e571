import { catalogueGap, lookupVariable, variableNames } from "../catalogue/index.js";
import { formatVersion } from "../target.js";
import type { Fix } from "../finding.js";
import { notAnOption, type ResolvedOption } from "../optionfile/rules/facts.js";
import { MARIADB_PLUGINS, ndbTargetFor, otherFlavoursDefining, productList } from "../optionfile/rules/flavours.js";
import { looseFix, serverName, styled } from "../optionfile/rules/shared.js";
import { didYouMean } from "./didyoumean.js";
import { defineRule } from "./define.js";
import type { Report } from "./types.js";

function renameFix(o: ResolvedOption, name: string, safety: Fix["safety"]): Fix {
  const loose = /^loose[-_]/i.exec(o.entry.rawName)?.[0] ?? "";
  return {
    description: `rename to ${name}`,
    safety,
    edits: [{ file: o.entry.file, range: o.entry.nameRange, newText: loose + styled(o, name) }],
  };
}

/** What `name.variable` may set on MariaDB: a named key cache's variables (my_getopt's structured options). */
const KEY_CACHE_VARIABLES = new Set([
  "key_buffer_size",
  "key_cache_block_size",
  "key_cache_division_limit",
  "key_cache_age_threshold",
  "key_cache_file_hash_size",
  "key_cache_segments",
]);

type PluginTable = Readonly<Record<string, readonly string[]>>;

/** The plugins a library registers: from the rule's table, else one named after the library (ha_ dropped). */
function pluginsOf(library: string, table: PluginTable): readonly string[] {
  return table[library] ?? table[library.replace(/^ha_/, "")] ?? [library.replace(/^ha_/, "")];
}

/** Each plugin's enable option is its name (--provider-lz4=FORCE); its variables are prefixed by it. */
function pluginOption(name: string, plugins: Iterable<string>): string | undefined {
  for (const p of plugins) if (name === p || name.startsWith(`${p}_`)) return p;
  return undefined;
}

/** A name the server refuses at startup, unless a loose- prefix makes it skip the line with a warning. */
function refusedUnlessLoose(o: ResolvedOption, message: { loose: string; strict: string }): Report {
  const { entry } = o;
  return {
    file: entry.file,
    range: entry.nameRange,
    severity: entry.loose ? "warning" : "error",
    versionDependent: true,
    message: entry.loose ? message.loose : message.strict,
    ...(entry.loose ? {} : { fix: looseFix(o) }),
  };
}

export default defineRule({
  id: "unknown-variable",
  surfaces: ["option-file"],
  options: {
    plugins: {
      type: "string-list-map",
      description:
        "Plugin libraries and the plugins each registers. A plugin's enable option is its name and its variables start with its name and '_'; a library missing here is taken to register one plugin named after it, without a leading ha_.",
      default: {
        semisync_master: ["rpl_semi_sync_master"],
        semisync_slave: ["rpl_semi_sync_slave"],
        semisync_source: ["rpl_semi_sync_source"],
        semisync_replica: ["rpl_semi_sync_replica"],
        validate_password: ["validate_password"],
        audit_log: ["audit_log"],
        audit_log_filter: ["audit_log_filter"],
        connection_control: ["connection_control", "connection_control_failed_login_attempts"],
        group_replication: ["group_replication"],
        thread_pool: ["thread_pool"],
        authentication_pam: ["authentication_pam"],
        authentication_ldap_simple: ["authentication_ldap_simple"],
        authentication_ldap_sasl: ["authentication_ldap_sasl"],
        auth_pam: ["auth_pam", "pam"],
        auth_pam_v1: ["pam"],
        auth_pam_compat: ["auth_pam_compat"],
        auth_ed25519: ["ed25519"],
        auth_gssapi: ["gssapi"],
        keyring_file: ["keyring_file"],
        keyring_encrypted_file: ["keyring_encrypted_file"],
        keyring_vault: ["keyring_vault"],
        keyring_okv: ["keyring_okv"],
        keyring_aws: ["keyring_aws"],
        keyring_hashicorp: ["keyring_hashicorp"],
        rocksdb: ["rocksdb"],
        query_response_time: ["query_response_time", "query_response_time_audit", "query_response_time_read", "query_response_time_write"],
        server_audit: ["server_audit"],
        file_key_management: ["file_key_management"],
        hashicorp_key_management: ["hashicorp_key_management"],
        aws_key_management: ["aws_key_management"],
        spider: ["spider"],
        connect: ["connect"],
        mroonga: ["mroonga"],
        s3: ["s3"],
        sphinx: ["sphinx"],
        federatedx: ["federated"],
        oqgraph: ["oqgraph"],
        handlersocket: ["handlersocket"],
        provider_bzip2: ["provider_bzip2"],
        provider_lz4: ["provider_lz4"],
        provider_lzma: ["provider_lzma"],
        provider_lzo: ["provider_lzo"],
        provider_snappy: ["provider_snappy"],
        disks: ["disks"],
        locales: ["locales"],
        metadata_lock_info: ["metadata_lock_info"],
        password_reuse_check: ["password_reuse_check"],
        simple_password_check: ["simple_password_check"],
        cracklib_password_check: ["cracklib_password_check"],
        sql_errlog: ["sql_error_log"],
        type_mysql_json: ["mysql_json"],
        wsrep_info: ["wsrep_membership", "wsrep_status"],
        query_cache_info: ["query_cache_info"],
      },
    },
  },
  check(facts, ctx) {
    const server = serverName(facts);
    const table: PluginTable = ctx.options.plugins;
    const loaded = new Set(facts.pluginLoads.filter((l) => !l.withPath).flatMap((l) => (l.plugin ? [l.plugin] : pluginsOf(l.library, table))));
    const knownPlugins = new Set(Object.values(table).flat());
    for (const o of facts.options) {
      if (!o.serverGroup) continue;
      const { entry } = o;
      if (o.abbreviates) {
        const mariadb = facts.target.flavor === "mariadb";
        // Before the catalogue's first series the name may be an option of the target's own that later releases dropped.
        const before = catalogueGap(facts.target)?.edge === "before";
        const unless = before ? `; unless ${server} has an option of exactly that name, which innolint's catalogue cannot tell for releases this old` : "";
        ctx.report({
          file: entry.file,
          range: entry.nameRange,
          severity: mariadb ? "info" : "warning",
          versionDependent: !mariadb,
          message: mariadb
            ? `"${entry.rawName}" is an abbreviation of ${o.abbreviates}: MariaDB accepts unambiguous prefixes today, but a new option with the same prefix will make the server refuse to start${unless}`
            : `"${entry.rawName}" is an abbreviation of ${o.abbreviates}: ${server} accepts the unambiguous prefix with a deprecation warning, but MySQL 5.7 accepts only full names and refuses to start ("unknown variable")${unless}`,
          fix: renameFix(o, o.abbreviates, before ? "unsafe" : "safe"),
        });
        continue;
      }
      if (o.lookup.status === "not-yet") {
        // The file loads the plugin that defines the variable: the plugin build it loads, not the
        // server's release, decides whether the name exists (a labs build predating the first GA one).
        const plugin = o.lookup.facts.plugin;
        const loadedBuild = plugin !== undefined && !entry.loose && pluginOption(o.variable, loaded) === plugin;
        if (loadedBuild) {
          ctx.report({
            file: entry.file,
            range: entry.nameRange,
            severity: "warning",
            versionDependent: true,
            message: `${o.variable} belongs to the ${plugin} plugin, which this file loads; the first GA release of the plugin that defines it is ${o.lookup.introducedIn}, so ${server} starts only if the plugin build you load defines it (an earlier or preview build), and refuses to start ("unknown variable") otherwise`,
            fix: looseFix(o),
          });
          continue;
        }
        ctx.report(
          refusedUnlessLoose(o, {
            loose: `${o.variable} first appeared in ${o.lookup.introducedIn}; ${server} ignores it (loose- prefix), so the setting has no effect`,
            strict: `${o.variable} first appeared in ${o.lookup.introducedIn}: ${server} does not know it and refuses to start ("unknown variable")`,
          }),
        );
        continue;
      }
      if (o.lookup.status === "known" && o.lookup.facts.ignored?.kind === "mysql-compatibility") {
        ctx.report({
          file: entry.file,
          range: entry.nameRange,
          severity: "warning",
          versionDependent: true,
          message: `${o.variable} is a MySQL option MariaDB does not implement: ${server} accepts the name for compatibility with MySQL option files, warns, and ignores the value`,
        });
        continue;
      }
      if (notAnOption(facts.target, o.lookup)) {
        ctx.report(
          refusedUnlessLoose(o, {
            loose: `${o.variable} is a variable only SET can change, not an option: ${server} ignores the line with a warning (loose- prefix)`,
            strict: `${o.variable} is a variable only SET can change, not an option: ${server} refuses to start ("unknown variable")`,
          }),
        );
        continue;
      }
      if (o.lookup.status !== "unknown") continue;
      // Options of a plugin exist once it loads: from plugin-load-add before the options are read,
      // or from mysql.plugin (INSTALL PLUGIN / INSTALL SONAME), which a file does not show.
      if (o.variable.includes(".")) {
        // MariaDB has no components: a dotted name can only set a named key cache (hot_cache.key_buffer_size).
        const [cache, variable] = [o.variable.slice(0, o.variable.indexOf(".")), o.variable.slice(o.variable.indexOf(".") + 1)];
        if (facts.target.flavor !== "mariadb" || KEY_CACHE_VARIABLES.has(variable)) continue;
        ctx.report(
          refusedUnlessLoose(o, {
            loose: `unknown variable ${o.variable}: MariaDB has no components, and ${variable} is no key cache variable of a cache "${cache}"; ${server} ignores the line with a warning (loose- prefix)`,
            strict: `unknown variable ${o.variable}: MariaDB has no components, and ${variable} is no key cache variable of a cache "${cache}"; ${server} refuses to start`,
          }),
        );
        continue;
      }
      const loadedPlugin = pluginOption(o.variable, loaded);
      // A loaded plugin's enable option (keyring_file = FORCE) is never a typo or an abbreviation.
      if (loadedPlugin === o.variable) continue;
      // An old file's abbreviation (key_buffer) means the option older servers expanded it to; a
      // plugin's enable option (keyring_okv) is not an abbreviation of its one variable.
      const prefixOf = knownPlugins.has(o.variable) ? undefined : o.prefixOf;
      const suggestion = prefixOf ?? didYouMean(o.variable, variableNames(facts.target));
      // A loaded plugin's option is taken as written, unless it misspells one the catalogue knows.
      if (loadedPlugin && !suggestion?.startsWith(`${loadedPlugin}_`)) continue;
      // A near miss of a server variable (connect_timout) is a typo, not the connect plugin's option.
      const plugin = suggestion ? undefined : pluginOption(o.variable, knownPlugins);
      if (plugin) {
        if (entry.loose) continue;
        const what = o.variable === plugin ? "the enable option" : "an option";
        // MariaDB cannot load a MySQL or Percona plugin library: no installed plugin can define the name.
        if (facts.target.flavor === "mariadb" && !MARIADB_PLUGINS.has(plugin)) {
          const owners = otherFlavoursDefining(facts.target, o.variable);
          ctx.report({
            file: entry.file,
            range: entry.nameRange,
            severity: "error",
            versionDependent: true,
            message: `${o.variable} is ${what} of the ${plugin} plugin of ${owners.length ? productList(owners) : "MySQL"}, which MariaDB does not ship and cannot load: no MariaDB plugin defines it, so ${server} refuses to start ("unknown variable")`,
            fix: looseFix(o),
          });
          continue;
        }
        ctx.report({
          file: entry.file,
          range: entry.nameRange,
          severity: "warning",
          versionDependent: true,
          message: `${o.variable} is ${what} of the ${plugin} plugin, which no plugin-load-add in these files loads: ${server} accepts it only if the plugin was installed with INSTALL PLUGIN or INSTALL SONAME, and refuses to start otherwise`,
          fix: looseFix(o),
        });
        continue;
      }
      // Outside the catalogue's series "unknown" may be a variable gone before its first or added after its last: not certain enough for an error.
      const gap = catalogueGap(facts.target);
      // A Percona XtraDB Cluster file linted as Percona Server: say which target knows the name.
      const pxc = facts.target.flavor === "percona" && lookupVariable({ ...facts.target, flavor: "pxc" }, o.variable).status === "known";
      // An NDB Cluster SQL node's file linted as stock MySQL: mysqld without the ndbcluster plugin refuses the name.
      const ndb = ndbTargetFor(facts.target, o.variable);
      // A loose_ line for another server innolint knows (Percona Server, MariaDB): skipped with a warning by design.
      const elsewhere = entry.loose && !ndb ? otherFlavoursDefining(facts.target, o.variable) : [];
      const hint = pxc
        ? `; it is a variable of Percona XtraDB Cluster, which Percona Server does not have: if this file is for a PXC node, lint it with the target pxc-${formatVersion(facts.target.version)}`
        : ndb
          ? `; it is an option of MySQL NDB Cluster (the ndbcluster plugin), which stock mysqld is built without: if this file is for an NDB Cluster SQL node, lint it with the target ${ndb}`
          : elsewhere.length
            ? `; ${productList(elsewhere)} ${elsewhere.length > 1 ? "define" : "defines"} it, so the line is meant for ${elsewhere.length > 1 ? "those servers" : "that server"}`
            : prefixOf
              ? `; did you mean ${styled(o, prefixOf)}? Servers before MySQL 5.7 read the prefix as that option, 5.7 and later accept only full names`
              : suggestion
                ? `; did you mean ${styled(o, suggestion)}?`
                : "";
      ctx.report({
        file: entry.file,
        range: entry.nameRange,
        severity: elsewhere.length ? "info" : entry.loose || gap ? "warning" : "error",
        versionDependent: true,
        message: entry.loose
          ? `unknown variable ${o.variable}: ${server} ignores it with a warning (loose- prefix), so the line has no effect${hint}`
          : gap
            ? `unknown variable ${o.variable}: ${gap.edge === "before" ? `${gap.series} and later do` : `${gap.series}, the newest release innolint's catalogue covers, does`} not know it; if ${server} does not either, it refuses to start${hint}`
            : `unknown variable ${o.variable}: ${server} refuses to start${hint}`,
        ...(suggestion && !ndb ? { fix: renameFix(o, suggestion, "unsafe") } : {}),
      });
    }
  },
});

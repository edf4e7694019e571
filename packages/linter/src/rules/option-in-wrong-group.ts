import { defineRule } from "./define.js";

export default defineRule({
  id: "option-in-wrong-group",
  surfaces: ["option-file"],
  options: {
    clientGroups: {
      type: "string-list",
      description: "Option groups read by client programs, where a server variable makes them stop with \"unknown variable\".",
      default: [
        "client", "mysql", "mysqldump", "mysqladmin", "mysqlcheck", "mysqlimport", "mysqlshow", "mysqlslap",
        "mysqlbinlog", "mysql_upgrade", "mysqlpump", "mariadb-client", "client-mariadb", "mariadb-dump",
        "mariadb-admin", "mariadb-check", "mariadb-import", "mariadb-show", "mariadb-slap", "mariadb-binlog",
        "mariadb-upgrade", "mysqltest",
      ],
    },
    mysqldSafeGroup: {
      type: "string",
      description: "The group mysqld_safe reads, dropping options it does not know.",
      default: "mysqld_safe",
    },
    mysqldSafeOptions: {
      type: "string-list",
      description: "Options mysqld_safe itself understands in its group.",
      default: [
        "basedir", "datadir", "defaults-extra-file", "defaults-file", "core-file-size", "ledir", "log-error",
        "malloc-lib", "mysqld", "mysqld-version", "nice", "no-defaults", "open-files-limit", "pid-file", "plugin-dir",
        "port", "skip-kill-mysqld", "skip-syslog", "syslog", "syslog-tag", "socket", "timezone", "user",
        "flush-caches", "numa-interleave", "crash-script", "mysqld-safe-log-timestamps",
      ],
    },
    clientOptions: {
      type: "string-list",
      description: "Options that clients also understand, which may stand in a client group.",
      default: [
        "port", "socket", "host", "user", "password", "protocol", "compress", "compression-algorithms",
        "zstd-compression-level", "default-character-set", "character-sets-dir", "max_allowed_packet",
        "net_buffer_length", "connect_timeout", "local-infile", "local_infile", "plugin-dir", "plugin_dir",
        "default-auth", "ssl", "ssl-ca", "ssl-capath", "ssl-cert", "ssl-cipher", "ssl-crl", "ssl-crlpath", "ssl-key",
        "ssl-mode", "ssl-fips-mode", "ssl_ca", "ssl_capath", "ssl_cert", "ssl_cipher", "ssl_crl", "ssl_crlpath",
        "ssl_key", "tls-version", "tls_version", "tls-ciphersuites", "tls_ciphersuites", "bind-address",
        "bind_address", "init-command", "init_command", "auto-rehash", "prompt", "pager", "database", "quick",
        "single-transaction", "max-allowed-packet", "net-buffer-length", "connect-timeout", "secure-auth",
        "server-public-key-path", "get-server-public-key", "shared-memory-base-name", "shared_memory_base_name",
        "debug", "character-set-server", "character_set_server", "collation-server", "collation_server", "log-error",
        "log_error", "verbose", "silent",
      ],
    },
  },
  check(facts, ctx) {
    const clientGroups = new Set(ctx.options.clientGroups);
    const clientOptions = new Set(ctx.options.clientOptions.map((n) => n.replace(/-/g, "_")));
    const safeGroup = ctx.options.mysqldSafeGroup;
    const safeOptions = new Set(ctx.options.mysqldSafeOptions.map((n) => n.replace(/-/g, "_")));
    for (const o of facts.options) {
      const group = o.entry.group.toLowerCase();
      if (o.serverGroup || o.lookup.status !== "known") continue;
      if (group === safeGroup) {
        if (safeOptions.has(o.variable)) continue;
        ctx.report({
          file: o.entry.file,
          range: o.entry.lineRange,
          message: `${o.variable} in [${o.entry.group}] is ignored: mysqld_safe drops options it does not know from its own group, so the server never sees it; move it to [mysqld]`,
        });
      } else if (clientGroups.has(group) && !clientOptions.has(o.variable)) {
        ctx.report({
          file: o.entry.file,
          range: o.entry.lineRange,
          severity: "error",
          message: `${o.variable} is a server variable in the client group [${o.entry.group}]: the server never reads it, and client programs that read [${o.entry.group}] stop with "unknown variable"; move it to [mysqld]`,
        });
      }
    }
  },
});

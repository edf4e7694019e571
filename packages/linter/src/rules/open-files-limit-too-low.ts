import { effectiveBoolean, effectiveNumber } from "../optionfile/rules/facts.js";
import { grouped } from "../figures.js";
import { adjustForDescriptors } from "../optionfile/rules/open-files.js";
import { explicit } from "../optionfile/rules/shared.js";
import { defineRule } from "./define.js";

const n = grouped;

export default defineRule({
  id: "open-files-limit-too-low",
  surfaces: ["option-file", "set-statement", "live-config"],
  check(facts, ctx) {
    const fpt = explicit(facts, "innodb_file_per_table");
    if (fpt && effectiveBoolean(facts, "innodb_file_per_table")?.value === false) {
      ctx.report({
        file: fpt.entry.file,
        range: fpt.entry.lineRange,
        versionDependent: true,
        message:
          "innodb_file_per_table=0 creates new InnoDB tables in the system tablespace (ibdata1): the space DROP TABLE, TRUNCATE TABLE or a rebuild frees is never returned to the file system, ibdata1 only grows, and tables cannot be moved or imported as files",
        fix: {
          description: "create each table in its own .ibd file (the default)",
          safety: "unsafe",
          edits: [{ file: fpt.entry.file, range: fpt.entry.valueRange ?? fpt.entry.lineRange, newText: "1" }],
        },
      });
    }
    // A running server has applied its adjustment already: its values are the adjusted ones.
    if (facts.live) return;
    const ofl = explicit(facts, "open_files_limit");
    const limit = ofl?.effectiveNumber;
    if (!ofl || !limit) return;
    const conn = effectiveNumber(facts, "max_connections")?.value;
    const tc = effectiveNumber(facts, "table_open_cache")?.value;
    if (conn === undefined || tc === undefined) return;
    const inst = effectiveNumber(facts, "table_open_cache_instances")?.value ?? 8;
    const flavor = facts.target.flavor;
    const given = { maxConnections: conn, tableOpenCache: tc, instances: inst, openFilesLimit: limit };
    const after = adjustForDescriptors(flavor, given, limit, ctx.host?.cpus ?? 0);
    // MariaDB also asks for one descriptor per thread-pool group, one per CPU.
    const atLeast = flavor === "mariadb" && !ctx.host?.cpus ? "at least " : "";
    if (after.tableOpenCache >= tc && after.maxConnections >= conn) return;
    const changed = [
      ...(after.tableOpenCache < tc ? [`table_open_cache from ${n(tc)} to ${n(after.tableOpenCache)}`] : []),
      ...(after.maxConnections < conn ? [`max_connections from ${n(conn)} to ${n(after.maxConnections)}`] : []),
    ];
    const server = flavor === "mariadb" ? "mariadbd" : "mysqld";
    ctx.report({
      file: ofl.entry.file,
      range: ofl.entry.lineRange,
      versionDependent: true,
      message: `open_files_limit=${n(limit)} is below the ${atLeast}${n(after.requested)} descriptors ${server} asks for with max_connections=${n(conn)} and table_open_cache=${n(tc)}: where the OS grants only ${n(limit)}, ${server} lowers ${changed.join(" and ")} at startup, and tables are closed and reopened as the cache churns`,
      notes: [
        `${server} asks the OS for the larger of its need and open_files_limit; it gets more than ${n(limit)} only where the process's hard limit (systemd LimitNOFILE, ulimit -Hn) allows`,
      ],
    });
  },
});

import { describe, expect, it } from "vitest";
import { run, scratch } from "./helpers/run.js";

describe("innolint facts", () => {
  it("prints statements with partitioning, SET assignments and WHERE columns", async () => {
    const dir = scratch({
      "m.sql": [
        "CREATE TABLE t (id INT, d DATE) PARTITION BY HASH (id) PARTITIONS 4 SUBPARTITION BY KEY (d) SUBPARTITIONS 2;",
        "SET GLOBAL sync_binlog = 0, innodb_flush_log_at_trx_commit = 2;",
        "SELECT * FROM t WHERE d > '2020-01-01';",
        "",
      ].join("\n"),
    });
    const res = await run(["facts", "--target", "mysql-8.0.36", "m.sql"], { cwd: dir });
    expect(res.code).toBe(0);
    const [file] = JSON.parse(res.stdout).files;
    const [create, set, select] = file.statements;
    expect(create.partitioning.partitions).toBe(4);
    expect(create.partitioning.subpartitioning.subpartitions).toBe(8);
    expect(set.assignments.map((a: { variable: string; scope: string; value: string }) => [a.variable, a.scope, a.value])).toEqual([
      ["sync_binlog", "global", "0"],
      ["innodb_flush_log_at_trx_commit", "global", "2"],
    ]);
    expect(select.whereColumns).toEqual([{ table: "t", columns: ["d"] }]);
  });

  it("prints option lines as the server resolves them", async () => {
    const dir = scratch({ "my.cnf": "[mysqld]\nloose-innodb-sort-buffer-size = 128M\n[client]\nport = 3306\n" });
    const res = await run(["facts", "--target", "mysql-8.0.36", "my.cnf"], { cwd: dir });
    const [file] = JSON.parse(res.stdout).files;
    expect(file.options[0]).toMatchObject({ variable: "innodb_sort_buffer_size", status: "known", serverGroup: true, effective: 64 * 2 ** 20 });
    expect(file.options[1]).toMatchObject({ group: "client", serverGroup: false });
  });
});

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

describe("innolint facts on a file above the streaming size", () => {
  it("streams the same statements, positions and errors as a whole-file read", async () => {
    const { SQL_STREAM_ABOVE } = await import("../src/engine.js");
    const { extractFacts } = await import("../src/sql/facts.js");
    const { parseTarget } = await import("../src/target.js");
    const head = "CREATE TABLE big (id INT, d DATE, v VARCHAR(200)) PARTITION BY HASH (id) PARTITIONS 16;\n";
    const insert = `INSERT INTO big VALUES ${Array.from({ length: 2000 }, (_, i) => `(${i},'2024-01-01','${"x".repeat(40)}')`).join(",")};\n`;
    const lines = [head];
    let size = head.length;
    for (let i = 0; size <= SQL_STREAM_ABOVE + 2 ** 20; i++) {
      const s = i % 50 === 0 ? `SELECT v FROM big WHERE d > '2024-01-0${(i % 9) + 1}';\n` : insert;
      lines.push(s);
      size += s.length;
    }
    lines.push("SELECT * FROM big WHERE (id = 1;\n");
    const text = lines.join("");
    const dir = scratch({ "dump.sql": text });
    const res = await run(["facts", "--target", "mysql-8.0.36", "dump.sql"], { cwd: dir });
    expect(res.code).toBe(0);
    const [file] = JSON.parse(res.stdout).files;
    const whole = await extractFacts("dump.sql", text, parseTarget("mysql-8.0.36"));
    expect(file.statements.length).toBe(whole.statements.length);
    expect(file.statements).toEqual(JSON.parse(JSON.stringify(whole.statements.map(({ text: _t, ...rest }) => rest))));
    expect(file.errors.map((e: { range: { start: { line: number } } }) => e.range.start.line)).toEqual(whole.errors.map((e) => e.range.start.line));
    expect(file.errors.length).toBeGreaterThan(0);
  }, 120_000);
});

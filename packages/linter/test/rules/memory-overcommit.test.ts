import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run, scratch } from "../helpers/run.js";
import { ruleFindings } from "../helpers/option-rule.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "memory-overcommit");

const OVERCOMMIT = "[mysqld]\ninnodb_buffer_pool_size = 48G\nmax_connections = 2000\nsort_buffer_size = 64M\njoin_buffer_size = 64M\n";

async function messages(text: string, target: string, extra: { host?: string; config?: object; memory?: string } = {}) {
  const found = await ruleFindings("memory-overcommit", text, target, {
    config: extra.config ?? {},
    ...(extra.memory ? { host: { memory: Number(extra.memory) } } : {}),
  });
  return found.map((f) => `${f.range.start.line}: ${f.message}`);
}

describe("memory-overcommit", () => {
  it("reports its fixture, whose directive names the host", async () => {
    const res = await run(["--format", "json", "--target", "mysql-8.0.36", "my.cnf"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string; message: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    const mine = report.findings.filter((f) => f.rule === "memory-overcommit");
    expect(mine.map((f) => f.message)).toEqual([
      "at 2000 connections the server may allocate 300G (49G of global buffers + 2000 × 130M per connection), 470 % of the host's 64G (from the innolint-host directive), above the 85 % that leaves room for the OS and the server's other allocations; largest: join_buffer_size 2000 × 64M = 125G, sort_buffer_size 2000 × 64M = 125G, innodb_buffer_pool_size 48G",
    ]);
  });

  it("sums the buffers the target has: 8.0's 1M thread stack and TempTable, MariaDB's query cache and Aria cache", async () => {
    // 8.0.36: 48G + 16M log + 8M key + 1G TempTable; per connection 256K sort + 256K join + 128K read
    // + 256K read_rnd + 1M stack + 16K net + 32K binlog cache = 1,984K; 20,000 connections.
    const mysql = await messages("[mysqld]\ninnodb_buffer_pool_size = 48G\nmax_connections = 20000\n", "mysql-8.0.36", { memory: String(64 * 2 ** 30) });
    expect(mysql[0]).toContain("(49G of global buffers + 20000 × 1.9M per connection)");
    expect(mysql[0]).toContain("largest: innodb_buffer_pool_size 48G, thread_stack 20000 × 1M = 20G");
    // MariaDB 10.11: binary log off by default, 2M sort buffer, 292K stack = 2.9M a connection;
    // globally 12G + 16M log buffer + 128M key buffer + 1M query cache + 128M Aria + 16M temporary table.
    const maria = await messages("[mariadb]\ninnodb_buffer_pool_size = 12G\nmax_connections = 5000\n", "mariadb-10.11", { memory: String(16 * 2 ** 30) });
    expect(maria[0]).toMatch(/^2: at 5000 connections the server may allocate 27G \(12G of global buffers \+ 5000 × 2\.9M per connection\), 170 % /);
    expect(maria[0]).toContain("largest: innodb_buffer_pool_size 12G, sort_buffer_size 5000 × 2M = 9.8G, thread_stack 5000 × 292K = 1.4G");
  });

  it("takes the host from .innolint.json, and the command line over it", async () => {
    expect(await messages(OVERCOMMIT, "mysql-8.0.36", { config: { host: { memory: "1T" } } })).toEqual([]);
    expect(await messages(OVERCOMMIT, "mysql-8.0.36", { config: { host: { memory: "128G" } } })).toHaveLength(1);
    expect(await messages(OVERCOMMIT, "mysql-8.0.36", { config: { host: { memory: "128G" } }, memory: String(2 ** 40) })).toEqual([]);
    expect(await messages(`# innolint-host: memory=1T\n${OVERCOMMIT}`, "mysql-8.0.36", { config: { host: { memory: "128G" } } })).toEqual([]);
  });

  it("without a host, fires only for a peak no 64-bit process could address", async () => {
    expect(await messages(OVERCOMMIT, "mysql-8.0.36")).toEqual([]);
    const huge = await messages("[mysqld]\nmax_connections = 100000\njoin_buffer_size = 2G\n", "mysql-8.0.36");
    expect(huge).toHaveLength(1);
    expect(huge[0]).toContain("more than a 64-bit Linux process can address (128T)");
  });

  it("bounds 8.4's TempTable by 3 % of the host's memory, at least 1G", async () => {
    const found = await messages("[mysqld]\ninnodb_buffer_pool_size = 250G\n", "mysql-8.4.3", { memory: String(256 * 2 ** 30) });
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("temptable_max_ram 4G");
  });

  it("reads the editor's innolint.host through the language server path", async () => {
    const { analyze } = await import("../../src/lsp/analysis.js");
    const { Project } = await import("../../src/lint/project.js");
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }) });
    const doc = { uri: "file:///x", version: 1, file: join(dir, "my.cnf"), languageId: "mysql-option-file", text: OVERCOMMIT };
    const ws = { folders: [dir], trusted: true };
    const settings = (host: unknown) => ({ rules: {}, showImpact: false, host });
    const with64 = await analyze(doc, settings({ memory: "64G" }), ws, new Project());
    expect(with64.findings.filter((f) => f.rule === "memory-overcommit")).toHaveLength(1);
    const bad = await analyze(doc, settings({ memory: "lots" }), ws, new Project());
    expect(bad.errors).toContainEqual({ file: "innolint.host", message: 'host memory must be a size such as "64G" or "512M", not "lots"' });
    expect(bad.findings.filter((f) => f.rule === "memory-overcommit")).toEqual([]);
  });
});

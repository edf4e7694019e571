import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { clearConfigCache, parseConfig } from "../src/config.js";
import { run, scratch } from "./helpers/run.js";

const schema = JSON.parse(readFileSync(join(__dirname, "..", "schema", "innolint.schema.json"), "utf8"));
const validate = new Ajv({ strict: false }).compile(schema);

const samples: [string, unknown][] = [
  ["empty", {}],
  ["full", { root: true, target: "mariadb-10.11", optionFile: "my.cnf", ignore: ["legacy/**"], rules: { "duplicate-option": "off", "sort-buffer-oversized": ["error", { threshold: "8M" }] } }],
  ["unknown key", { taget: "mysql-8.0" }],
  ["bad target", { target: "oracle-19c" }],
  ["bad severity", { rules: { "duplicate-option": "fatal" } }],
  ["bad array", { rules: { "duplicate-option": ["warning", 3] } }],
  ["root not boolean", { root: "yes" }],
];

describe("configuration file", () => {
  it.each(samples)("parser and JSON schema agree on %s", (_, sample) => {
    let parserAccepts = true;
    try {
      parseConfig(JSON.stringify(sample), "/x/.innolint.json");
    } catch {
      parserAccepts = false;
    }
    expect(parserAccepts).toBe(validate(sample));
  });

  it("is discovered upward, nearer files override, root stops the search", async () => {
    clearConfigCache();
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", rules: { "sort-buffer-oversized": "error" } }),
      "svc/.innolint.json": JSON.stringify({ rules: { "buffer-pool-dump-disabled": "off" } }),
      "svc/my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\ninnodb_buffer_pool_load_at_startup = OFF\nquery_cache_size = 0\n",
    });
    const res = await run(["--format", "json", "svc/my.cnf"], { cwd: dir });
    const report = JSON.parse(res.stdout);
    const rules = report.findings.map((f: { rule: string; severity: string }) => `${f.rule}:${f.severity}`);
    expect(rules).toContain("sort-buffer-oversized:error");
    expect(rules.some((r: string) => r.startsWith("buffer-pool-dump-disabled"))).toBe(false);
    expect(rules.some((r: string) => r.startsWith("removed-variable"))).toBe(false);
    expect(report.targets[join(dir, "svc/my.cnf")]).toBe("mysql-5.7.44");
  });

  it("--target overrides the config file, and a directive in the file overrides both", async () => {
    clearConfigCache();
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44" }),
      "a.cnf": "[mysqld]\nquery_cache_size = 0\n",
      "b.cnf": "# innolint-target: mysql-5.7.44\n[mysqld]\nquery_cache_size = 0\n",
    });
    const a = JSON.parse((await run(["--format", "json", "--target", "mysql-8.0.36", "a.cnf"], { cwd: dir })).stdout);
    expect(a.findings.map((f: { rule: string }) => f.rule)).toEqual(["removed-variable"]);
    const b = JSON.parse((await run(["--format", "json", "--target", "mysql-8.0.36", "b.cnf"], { cwd: dir })).stdout);
    expect(b.findings.map((f: { rule: string }) => f.rule)).toEqual(["deprecated-variable"]);
    expect(b.targets[join(dir, "b.cnf")]).toBe("mysql-5.7.44");
  });

  it("rule options from the config change the verdict", async () => {
    clearConfigCache();
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", rules: { "sort-buffer-oversized": ["warning", { threshold: "32M" }] } }),
      "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 16M\n",
    });
    expect(JSON.parse((await run(["--format", "json", "my.cnf"], { cwd: dir })).stdout).findings).toEqual([]);
  });

  it("a broken config file is an input error naming it, exit 2", async () => {
    clearConfigCache();
    const dir = scratch({ ".innolint.json": "{ root: true", "my.cnf": "[mysqld]\n" });
    const res = await run(["--format", "json", "my.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    expect(JSON.parse(res.stdout).errors[0].file).toBe(join(dir, ".innolint.json"));
  });
});

describe("inline suppression", () => {
  it("disable-next-line, disable/enable blocks, and unused directives", async () => {
    clearConfigCache();
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44" }),
      "my.cnf": [
        "[mysqld]",
        "# innolint-disable-next-line sort-buffer-oversized",
        "innodb_sort_buffer_size = 64M",
        "; innolint-disable buffer-pool-dump-disabled",
        "innodb_buffer_pool_dump_at_shutdown = OFF",
        "# innolint-enable buffer-pool-dump-disabled",
        "innodb_buffer_pool_load_at_startup = OFF",
        "# innolint-disable-next-line out-of-range, no-such-rule",
        "max_connections = 500",
        "",
      ].join("\n"),
    });
    const report = JSON.parse((await run(["--format", "json", "my.cnf"], { cwd: dir })).stdout);
    const seen = report.findings.map((f: { rule: string; range: { start: { line: number } } }) => `${f.rule}@${f.range.start.line}`);
    expect(seen).toEqual(["buffer-pool-dump-disabled@7", "unused-suppression@8"]);
    const unused = report.findings.find((f: { rule: string }) => f.rule === "unused-suppression");
    expect(unused.message).toContain("no-such-rule");
    expect(unused.message).toContain("out-of-range");
  });
});

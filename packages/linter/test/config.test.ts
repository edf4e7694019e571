import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import { clearConfigCache, parseConfig, type RuleSetting } from "../src/config.js";
import { lintOptionFile } from "../src/engine.js";
import { configSchemaText } from "../src/config-schema.js";
import { validateRuleDoc } from "../src/knowledge.js";
import { resolveOptions } from "../src/rules/define.js";
import { run, scratch } from "./helpers/run.js";

const schema = JSON.parse(readFileSync(join(__dirname, "..", "schema", "innolint.schema.json"), "utf8"));
const validate = new Ajv({ strict: false }).compile(schema);

const samples: [string, unknown][] = [
  ["empty", {}],
  [
    "full",
    {
      root: true,
      target: "mariadb-10.11",
      optionFile: "my.cnf",
      ignore: ["legacy/**"],
      rules: { "duplicate-option": "off", "sort-buffer-oversized": ["error", { threshold: "8M" }] },
    },
  ],
  ["unknown key", { taget: "mysql-8.0" }],
  ["bad target", { target: "oracle-19c" }],
  ["bad severity", { rules: { "duplicate-option": "fatal" } }],
  ["bad array", { rules: { "duplicate-option": ["warning", 3] } }],
  ["root not boolean", { root: "yes" }],
  ["includes follow", { includes: "follow" }],
  ["includes of another value", { includes: "always" }],
  ["misspelt rule id", { rules: { "sort-buffer-oversizd": "off" } }],
  ["misspelt option", { rules: { "sort-buffer-oversized": ["error", { treshold: "128M" }] } }],
  ["size option of the wrong type", { rules: { "sort-buffer-oversized": ["error", { threshold: "lots" }] } }],
  ["size option as a number", { rules: { "ddl-multi-index-memory": ["warning", { budget: 2147483648, minRecordBytes: 32 }] } }],
  ["integer option as a string", { rules: { "partition-count-high": ["warning", { threshold: "100" }] } }],
  ["list option", { rules: { "duplicate-option": ["warning", { repeatable: ["plugin_load_add", 3] }] } }],
  ["option of a rule without options", { rules: { "deprecated-variable": ["info", { threshold: 1 }] } }],
  ["options of a script rule", { rules: { "unused-suppression": ["info", {}] } }],
];

describe("configuration file", () => {
  it("has the JSON schema generated from the rules' declarations (npm run schema -w packages/linter writes it)", () => {
    expect(readFileSync(join(__dirname, "..", "schema", "innolint.schema.json"), "utf8")).toBe(configSchemaText());
  });

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

describe("checked rule settings", () => {
  const problem = (rules: Record<string, unknown>): string => {
    try {
      parseConfig(JSON.stringify({ root: true, rules }, null, 2), "/x/.innolint.json");
    } catch (e) {
      return (e as Error).message;
    }
    return "";
  };

  it("names the file, the line of the key, the key and the closest rule id", () => {
    expect(problem({ "sort-buffer-oversizd": "off" })).toBe(
      '/x/.innolint.json:4: unknown rule "sort-buffer-oversizd"; did you mean "sort-buffer-oversized"? (innolint rules lists them)',
    );
  });

  it("names an unknown option and the closest one", () => {
    const text = '{\n  "rules": {\n    "sort-buffer-oversized": ["error", {\n      "treshold": "128M"\n    }]\n  }\n}\n';
    expect(() => parseConfig(text, "/x/.innolint.json")).toThrow(
      '/x/.innolint.json:4: rule "sort-buffer-oversized": unknown option "treshold"; did you mean "threshold"? (its options: threshold)',
    );
  });

  it("rejects values of the wrong type, and says what the option takes", () => {
    expect(problem({ "sort-buffer-oversized": ["error", { threshold: "lots" }] })).toBe(
      '/x/.innolint.json:7: rule "sort-buffer-oversized": option "threshold" must be a size: a number of bytes, or a string such as "128M" or "1G", not "lots"',
    );
    expect(problem({ "partition-count-high": ["warning", { threshold: 2.5 }] })).toContain('option "threshold" must be an integer, not 2.5');
    expect(problem({ "sort-buffer-oversized": ["error", { threshold: -1 }] })).toContain("must be a size");
    expect(problem({ "option-in-wrong-group": ["warning", { clientGroups: "client" }] })).toContain(
      'option "clientGroups" must be an array of strings, not "client"',
    );
    expect(problem({ "unknown-variable": ["warning", { plugins: { audit_log: "audit_log" } }] })).toContain(
      "must be an object whose values are arrays of strings",
    );
  });

  it("accepts the size forms the option parser reads", () => {
    for (const threshold of ["128M", "1g", "65536", 4194304, "64MB"]) expect(problem({ "sort-buffer-oversized": ["error", { threshold }] })).toBe("");
  });

  it("lists every problem of a file, each with its line", () => {
    const message = problem({ "sort-buffer-oversizd": "off", "partition-count-high": ["error", { treshold: 3 }] });
    expect(message.split("\n")).toEqual([
      '/x/.innolint.json:4: unknown rule "sort-buffer-oversizd"; did you mean "sort-buffer-oversized"? (innolint rules lists them)',
      '  /x/.innolint.json:8: rule "partition-count-high": unknown option "treshold"; did you mean "threshold"? (its options: threshold)',
    ]);
  });

  it("is a configuration error in the CLI: exit 2, naming the file", async () => {
    clearConfigCache();
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, rules: { "sort-buffer-oversized": ["error", { treshold: "128M" }] } }, null, 2),
      "my.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\n",
    });
    const res = await run(["my.cnf"], { cwd: dir });
    expect(res.code).toBe(2);
    // The error is at the key's line, named once.
    expect(res.stdout).toContain(`.innolint.json:7: input error: rule "sort-buffer-oversized": unknown option "treshold"; did you mean "threshold"?`);
  });

  it("checks an editor's rule severities (LintOptions.ruleOverrides) the same way", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true }), "my.cnf": "[mysqld]\n" });
    const misspelt = await lintOptionFile(join(dir, "my.cnf"), { ruleOverrides: { "sort-bufer-oversized": "off" } });
    expect(misspelt.outcome.errors).toEqual([
      { file: "innolint.rules", message: 'unknown rule "sort-bufer-oversized"; did you mean "sort-buffer-oversized"? (innolint rules lists them)' },
    ]);
    const notSeverity = await lintOptionFile(join(dir, "my.cnf"), { ruleOverrides: { "sort-buffer-oversized": "warn" as RuleSetting } });
    expect(notSeverity.outcome.errors[0]?.message).toContain('rule "sort-buffer-oversized": use "off", "info", "warning", "error"');
    expect((await lintOptionFile(join(dir, "my.cnf"), { ruleOverrides: { "sort-buffer-oversized": "error" } })).outcome.errors).toEqual([]);
  });
});

describe("rule options at run time", () => {
  const schema = {
    threshold: { type: "size", description: "d", default: "4M" },
    count: { type: "integer", description: "d", default: 8 },
    names: { type: "string-list", description: "d", default: ["a"] },
  } as const;

  it("takes the defaults, overlays what the configuration gives, and reads sizes as bytes", () => {
    expect(resolveOptions("r", schema, {})).toEqual({ threshold: 4 * 2 ** 20, count: 8, names: ["a"] });
    expect(resolveOptions("r", schema, { threshold: "1G", names: [] })).toEqual({ threshold: 2 ** 30, count: 8, names: [] });
    expect(resolveOptions("r", schema, { threshold: 1000 }).threshold).toBe(1000);
  });

  it("refuses a value of the wrong type rather than falling back to the default", () => {
    expect(() => resolveOptions("r", schema, { count: "8" })).toThrow("rule r: option count must be an integer");
    expect(() => resolveOptions("r", schema, { threshold: "lots" })).toThrow("rule r: option threshold must be a size");
  });

  it("keeps option defaults out of the rule YAML", () => {
    const doc = {
      id: "x-y",
      title: "t",
      severity: "info",
      language: "sql",
      targets: [],
      summary: "s",
      why: "w",
      evidence: [],
      examples: { fires: [{}], silent: [{}] },
      fix: "f",
      references: [],
    };
    expect(() => validateRuleDoc(doc, "x-y.yaml")).not.toThrow();
    expect(() => validateRuleDoc({ ...doc, options: { threshold: 1 } }, "x-y.yaml")).toThrow(
      'x-y.yaml: "options" belong in the rule\'s module (src/rules/x-y.ts)',
    );
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

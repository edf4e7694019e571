#!/usr/bin/env node
// npm run new-rule -- <id> --kind option-file|sql [--root DIR]
// Writes a rule's YAML, its module (registered in src/rules/index.ts), a fixture and a test. Each
// fails until filled in: the module reports nothing, so its YAML example that fires does not.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const usage = "usage: npm run new-rule -- <id> --kind option-file|sql [--root DIR]";

function fail(message) {
  process.stderr.write(`new-rule: ${message}\n${usage}\n`);
  process.exit(2);
}

let id;
let kind;
let root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const a = argv[i];
  if (a === "--kind") kind = argv[++i];
  else if (a.startsWith("--kind=")) kind = a.slice("--kind=".length);
  else if (a === "--root") root = resolve(argv[++i] ?? fail("--root needs a directory"));
  else if (a.startsWith("-")) fail(`unknown option ${a}`);
  else if (id === undefined) id = a;
  else fail(`unexpected argument ${a}`);
}
if (!id) fail("give the rule's id");
if (!/^[a-z]+(-[a-z0-9]+)+$/.test(id)) fail(`"${id}" is not a kebab-case hazard name such as sort-buffer-oversized`);
if (kind !== "option-file" && kind !== "sql") fail(`--kind must be option-file or sql${kind ? `, not "${kind}"` : ""}`);

const linter = join(root, "packages", "linter");
const paths = {
  yaml: join(root, "rules", `${id}.yaml`),
  module: join(linter, "src", "rules", `${id}.ts`),
  index: join(linter, "src", "rules", "index.ts"),
  fixture: join(root, "fixtures", "rules", id),
  test: join(linter, "test", "rules", `${id}.test.ts`),
};
for (const p of [paths.yaml, paths.module, paths.fixture, paths.test]) if (existsSync(p)) fail(`${relative(root, p)} already exists`);
if (!existsSync(paths.index)) fail(`${paths.index} not found: is --root the repository?`);

const camel = id.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());
const sql = kind === "sql";
const file = sql ? "migration.sql" : "my.cnf";
const firing = sql ? "-- the statement this rule reports\n" : "[mysqld]\n# the option lines this rule reports\n";
const quiet = sql ? "-- a statement this rule leaves alone\nSELECT 1;\n" : "[mysqld]\n# the same setting at a safe value\n";
const indent = (text, n) => text.replace(/^(?=.)/gm, " ".repeat(n));

writeFileSync(
  paths.yaml,
  `id: ${id}
title: ${id.replace(/-/g, " ")}
severity: warning
language: ${kind}
targets: [mysql, percona, mariadb, aurora-mysql]
variables: []
summary: >
  One or two sentences: what the rule finds.
why: |
  What the server does with this, by version, and what it costs.
evidence:
  - source: the manual page, source file or measurement the claim rests on
    claim: The claim, as the source makes it.
    status: confirmed
examples:
  fires:
    - description: the case the rule reports
      file: ${file}
      target: mysql-8.4
      code: |
${indent(firing, 8)}  silent:
    - description: the case the rule leaves alone
      file: ${file}
      target: mysql-8.4
      code: |
${indent(quiet, 8)}fix: >
  What to change, and what it costs.
references:
  - title: the reference's title
    url: https://dev.mysql.com/doc/refman/8.4/en/
`,
);

writeFileSync(
  paths.module,
  `import { defineRule } from "./define.js";

export default defineRule({
  id: "${id}",
  // Add "set-statement" and "live-config" if the rule judges values, not how a file writes them.
  surfaces: ["${sql ? "sql-statement" : "option-file"}"],
  // Options, each with its type and default, e.g. threshold: { type: "size", description: "…", default: "4M" }.
  options: {},
  check(facts, ctx) {
    // ${sql ? "facts.statement, facts.schema and facts.config (src/sql/rules/context.ts)" : "facts.options and facts.effective (src/optionfile/rules/facts.ts)"}: call ctx.report for each hazard.
    void facts;
    void ctx;
  },
});
`,
);

// Registered in the index: an import after the last rule's, an entry at the end of ALL_RULES.
let index = readFileSync(paths.index, "utf8");
const imports = [...index.matchAll(/^import \w+ from "\.\/[a-z0-9-]+\.js";\n/gm)];
const last = imports.at(-1);
if (!last || !/\n\];\n/.test(index)) fail(`${relative(root, paths.index)} does not have the expected shape`);
const at = last.index + last[0].length;
index = `${index.slice(0, at)}import ${camel} from "./${id}.js";\n${index.slice(at)}`.replace(/\n\];\n/, `\n  ${camel},\n];\n`);
writeFileSync(paths.index, index);

mkdirSync(paths.fixture, { recursive: true });
writeFileSync(join(paths.fixture, file), firing);
writeFileSync(
  join(paths.fixture, "case.json"),
  `${JSON.stringify({ description: `${id}: the case the rule reports`, args: ["--target", "mysql-8.4", file], exitCode: 1 })}\n`,
);

mkdirSync(dirname(paths.test), { recursive: true });
writeFileSync(
  paths.test,
  `import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../helpers/run.js";

const fixture = join(__dirname, "..", "..", "..", "..", "fixtures", "rules", "${id}");

describe("${id}", () => {
  it("reports its fixture", async () => {
    const res = await run(["--format", "json", "--target", "mysql-8.4", "${file}"], { cwd: fixture });
    const report = JSON.parse(res.stdout) as { findings: { rule: string }[]; errors: unknown[] };
    expect(report.errors).toEqual([]);
    expect(report.findings.filter((f) => f.rule === "${id}").length).toBeGreaterThan(0);
  });
});
`,
);

// The configuration schema lists every rule id and its options.
const schema = spawnSync(process.execPath, [join(linter, "write-schema.mjs")], { stdio: "inherit" });
if (schema.status !== 0) fail("writing schema/innolint.schema.json failed");

const written = [paths.yaml, paths.module, paths.index, join(paths.fixture, file), join(paths.fixture, "case.json"), paths.test];
process.stdout.write(
  `new-rule: wrote ${written.map((p) => relative(root, p)).join(", ")}\n` +
    `Next (CONTRIBUTING.md): fill in the YAML and the check until its examples pass, then review and pin the outputs with\n` +
    `  UPDATE_SNAPSHOTS=1 npx vitest run packages/linter/test/rule-docs.test.ts packages/linter/test/fixtures.test.ts\n`,
);

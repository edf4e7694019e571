import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const repo = join(__dirname, "..", "..", "..");
const script = join(repo, "scripts", "new-rule.mjs");

/** A copy of what the scaffold edits and the type check reads; dependencies and built assets are linked. */
function tempRepo(): string {
  const dir = mkdtempSync(join(tmpdir(), "innolint-new-rule-"));
  const linter = join(dir, "packages", "linter");
  mkdirSync(join(dir, "rules"), { recursive: true });
  for (const name of readdirSync(join(repo, "rules"))) if (name.endsWith(".yaml")) cpSync(join(repo, "rules", name), join(dir, "rules", name));
  symlinkSync(join(repo, "rules", "variables"), join(dir, "rules", "variables"));
  symlinkSync(join(repo, "rules", "online-ddl"), join(dir, "rules", "online-ddl"));
  symlinkSync(join(repo, "node_modules"), join(dir, "node_modules"));
  // The test helpers take their seeded generator from the benchmarks' library.
  symlinkSync(join(repo, "bench"), join(dir, "bench"));
  cpSync(join(repo, "tsconfig.base.json"), join(dir, "tsconfig.base.json"));
  cpSync(join(repo, "packages", "linter", "src"), join(linter, "src"), { recursive: true });
  cpSync(join(repo, "packages", "linter", "test", "helpers"), join(linter, "test", "helpers"), { recursive: true });
  cpSync(join(repo, "packages", "linter", "test", "markdown-it.d.ts"), join(linter, "test", "markdown-it.d.ts"));
  for (const name of ["tsconfig.json", "package.json", "write-schema.mjs"]) cpSync(join(repo, "packages", "linter", name), join(linter, name));
  mkdirSync(join(linter, "schema"));
  symlinkSync(join(repo, "packages", "linter", "wasm"), join(linter, "wasm"));
  return dir;
}

function scaffold(root: string, ...args: string[]) {
  return spawnSync(process.execPath, [script, ...args, "--root", root], { encoding: "utf8" });
}

describe("npm run new-rule", () => {
  let root: string;
  beforeAll(() => {
    root = tempRepo();
    for (const [id, kind] of [
      ["sort-buffer-huge", "option-file"],
      ["drop-column-rewrite", "sql"],
    ]) {
      const res = scaffold(root, id as string, "--kind", kind as string);
      expect(res.stderr).not.toContain("new-rule:");
      expect(res.status).toBe(0);
    }
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("writes the YAML, the module, a fixture and a test, and registers the rule", () => {
    for (const p of [
      "rules/sort-buffer-huge.yaml",
      "packages/linter/src/rules/sort-buffer-huge.ts",
      "fixtures/rules/sort-buffer-huge/case.json",
      "fixtures/rules/sort-buffer-huge/my.cnf",
      "packages/linter/test/rules/sort-buffer-huge.test.ts",
      "fixtures/rules/drop-column-rewrite/migration.sql",
    ]) {
      expect(existsSync(join(root, p)), p).toBe(true);
    }
    // No expected report: the fixture fails until its output is reviewed and pinned.
    expect(existsSync(join(root, "fixtures/rules/sort-buffer-huge/expected.txt"))).toBe(false);
    const schema = JSON.parse(readFileSync(join(root, "packages/linter/schema/innolint.schema.json"), "utf8"));
    expect(Object.keys(schema.properties.rules.properties)).toEqual(expect.arrayContaining(["sort-buffer-huge", "drop-column-rewrite"]));
  });

  it("type-checks", () => {
    const tsc = join(repo, "node_modules", "typescript", "bin", "tsc");
    expect(() => execFileSync(process.execPath, [tsc, "-p", join(root, "packages", "linter"), "--noEmit"], { encoding: "utf8" })).not.toThrow();
  }, 120_000);

  it("loads: the registry and the knowledge base have the new rules, with their surfaces", async () => {
    const { ALL_RULES } = await import(pathToFileURL(join(root, "packages/linter/src/rules/index.ts")).href);
    const byId = new Map((ALL_RULES as { id: string; surfaces: string[] }[]).map((r) => [r.id, r.surfaces]));
    expect(byId.get("sort-buffer-huge")).toEqual(["option-file"]);
    expect(byId.get("drop-column-rewrite")).toEqual(["sql-statement"]);
    const { loadRuleDocs } = await import(pathToFileURL(join(root, "packages/linter/src/knowledge.ts")).href);
    expect(loadRuleDocs().get("sort-buffer-huge").examples.fires).toHaveLength(1);
  });

  it("fails until filled: the firing example and the fixture report nothing", async () => {
    const { main } = await import(pathToFileURL(join(root, "packages/linter/src/cli.ts")).href);
    for (const [id, file] of [
      ["sort-buffer-huge", "my.cnf"],
      ["drop-column-rewrite", "migration.sql"],
    ]) {
      let stdout = "";
      const io = {
        stdout: (s: string) => (stdout += s),
        stderr: () => {},
        readStdin: () => Buffer.alloc(0),
        isTTY: false,
        cwd: join(root, "fixtures", "rules", id as string),
        env: {},
      };
      await main(["--format", "json", "--target", "mysql-8.4", "--no-config", file], io);
      const report = JSON.parse(stdout) as { findings: { rule: string }[] };
      expect(report.findings.filter((f) => f.rule === id)).toEqual([]);
    }
  });

  it("refuses a bad id, an unknown kind and an existing rule, exit 2", () => {
    expect(scaffold(root, "SortBuffer", "--kind", "sql").status).toBe(2);
    expect(scaffold(root, "sort-buffer-large", "--kind", "yaml").status).toBe(2);
    const again = scaffold(root, "sort-buffer-oversized", "--kind", "option-file");
    expect(again.status).toBe(2);
    expect(again.stderr).toContain("rules/sort-buffer-oversized.yaml already exists");
  });
});

/**
 * The committed parsers are what their grammars generate: a grammar.js edited without regenerating
 * src/ would ship the old parser. Also runs each grammar's own corpus (test/corpus).
 */
import { cpSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { requireOracle } from "./helpers/require-oracle.js";
import { tempDir } from "./helpers/tmp.js";

const grammars = resolve(__dirname, "..", "grammars");
const cli = spawnSync("tree-sitter", ["--version"], { encoding: "utf8" });
const missing = cli.error ? "the tree-sitter CLI is not on PATH (cargo install tree-sitter-cli --locked)" : undefined;
requireOracle("tree-sitter CLI", missing);

const work = tempDir("innolint-grammars-");
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe.skipIf(Boolean(missing)).each(readdirSync(grammars).filter((n) => n.startsWith("tree-sitter-")))("%s", (name) => {
  const copy = join(work, name);

  it("src/ is what `tree-sitter generate` makes of grammar.js", () => {
    cpSync(join(grammars, name), copy, { recursive: true });
    const gen = spawnSync("tree-sitter", ["generate"], { cwd: copy, encoding: "utf8" });
    expect(gen.status, gen.stderr).toBe(0);
    for (const file of ["parser.c", "grammar.json", "node-types.json"]) {
      const fresh = readFileSync(join(copy, "src", file), "utf8");
      const committed = readFileSync(join(grammars, name, "src", file), "utf8");
      expect(fresh === committed, `${name}/src/${file} is stale: run scripts/build-grammars.sh --generate and commit src/`).toBe(true);
    }
  });

  it("passes its corpus", () => {
    const test = spawnSync("tree-sitter", ["test"], { cwd: copy, encoding: "utf8" });
    expect(test.status, `${test.stdout}\n${test.stderr}`).toBe(0);
  });
});

describe("tree-sitter-mysql's node types", () => {
  it("name no named node in capitals: the SQL facts tell keywords by their type alone (sql/extract/columns.ts)", () => {
    const types = JSON.parse(readFileSync(join(grammars, "tree-sitter-mysql", "src", "node-types.json"), "utf8")) as { type: string; named: boolean }[];
    expect(types.filter((t) => t.named && /^[A-Z_]+$/.test(t.type)).map((t) => t.type)).toEqual([]);
    // Keywords are anonymous and in capitals.
    expect(types.some((t) => !t.named && t.type === "SELECT")).toBe(true);
  });
});

// The migration history: each file applied once per target, schemas kept per file, and a change on
// disk costing a replay from the changed file onward only.
import { readdirSync, readFileSync, rmSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extractFacts, extractSchemaFacts } from "../src/sql/facts.js";
import { MigrationHistory } from "../src/sql/history.js";
import { SCHEMA_KINDS } from "../src/sql/schema.js";
import { readSqlText } from "../src/sql/read.js";
import { parseTarget } from "../src/target.js";
import { mulberry32 } from "./helpers/random.js";
import { scratch } from "./helpers/run.js";

const target = parseTarget("mysql-8.0.36");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A history over `dir` that counts the files it reads. */
function counted(): { history: MigrationHistory; reads: string[] } {
  const reads: string[] = [];
  const history = new MigrationHistory((path) => {
    reads.push(path);
    return readSqlText(path, {}).text;
  });
  return { history, reads };
}

function repo(): string {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 6; i++) files[`V${i}.sql`] = `CREATE TABLE t${i} (id INT PRIMARY KEY);\n`;
  const dir = scratch(files);
  dirs.push(dir);
  return dir;
}

describe("MigrationHistory", () => {
  it("reads each earlier file once, whatever order the schemas are asked in", async () => {
    const dir = repo();
    const { history, reads } = counted();
    expect((await history.schemaBefore(join(dir, "V4.sql"), target)).size).toBe(3);
    expect((await history.schemaBefore(join(dir, "V2.sql"), target)).size).toBe(1);
    expect((await history.schemaBefore(join(dir, "V6.sql"), target)).size).toBe(5);
    expect(reads.map((r) => r.slice(dir.length + 1))).toEqual(["V1.sql", "V2.sql", "V3.sql", "V4.sql", "V5.sql"]);
  });

  it("after a change on disk, replays from the changed file onward and sees the new text", async () => {
    const dir = repo();
    const { history, reads } = counted();
    await history.schemaBefore(join(dir, "V6.sql"), target);
    reads.length = 0;
    writeFileSync(join(dir, "V4.sql"), "DROP TABLE t1;\n");
    history.invalidate([join(dir, "V4.sql")]);
    const after = await history.schemaBefore(join(dir, "V6.sql"), target);
    expect(reads.map((r) => r.slice(dir.length + 1))).toEqual(["V4.sql", "V5.sql"]);
    expect(after.table("t1")).toBeUndefined();
    expect(after.size).toBe(3);
  });

  it("a sparse schema reads again only the changed files' words, and sees their new text", async () => {
    const dir = repo();
    const { history, reads } = counted();
    expect((await history.sparseSchemaBefore(join(dir, "V6.sql"), target, ["t1"]))?.schema.table("t1")).toBeDefined();
    reads.length = 0;
    writeFileSync(join(dir, "V4.sql"), "DROP TABLE t1;\n");
    writeFileSync(join(dir, "V3a.sql"), "ALTER TABLE t1 ADD COLUMN c INT;\n");
    history.invalidate([join(dir, "V4.sql"), join(dir, "V3a.sql")]);
    const after = await history.sparseSchemaBefore(join(dir, "V6.sql"), target, ["t1"]);
    // The two changed files' words, then the migrations that name t1, parsed from the last back.
    expect(reads.map((r) => r.slice(dir.length + 1))).toEqual(["V3a.sql", "V4.sql", "V4.sql", "V3a.sql", "V1.sql"]);
    expect(after?.schema.table("t1")).toBeUndefined();
  });

  it("a file created or deleted changes the listing, and the replay starts where the listing changed", async () => {
    const dir = repo();
    const { history, reads } = counted();
    await history.schemaBefore(join(dir, "V6.sql"), target);
    reads.length = 0;
    writeFileSync(join(dir, "V3a.sql"), "CREATE TABLE t3a (id INT PRIMARY KEY);\n");
    unlinkSync(join(dir, "V5.sql"));
    history.invalidate([join(dir, "V3a.sql"), join(dir, "V5.sql")]);
    const after = await history.schemaBefore(join(dir, "V6.sql"), target);
    expect(reads.map((r) => r.slice(dir.length + 1))).toEqual(["V3a.sql", "V4.sql"]);
    expect(after.table("t3a")).toBeDefined();
    expect(after.table("t5")).toBeUndefined();
  });

  it("a change after the file asked about costs nothing", async () => {
    const dir = repo();
    const { history, reads } = counted();
    await history.schemaBefore(join(dir, "V3.sql"), target);
    reads.length = 0;
    history.invalidate([join(dir, "V5.sql")]);
    await history.schemaBefore(join(dir, "V3.sql"), target);
    expect(reads).toEqual([]);
  });

  it("replays from schema-only facts that are the full facts' schema-changing statements, on every SQL fixture", async () => {
    const root = join(import.meta.dirname, "..", "..", "..", "fixtures");
    const files = (function walk(dir: string): string[] {
      return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : n.endsWith(".sql") ? [join(dir, n)] : []));
    })(root);
    let statements = 0;
    for (const file of files) {
      const text = readFileSync(file, "utf8");
      const full = await extractFacts(file, text, target);
      const schemaOnly = await extractSchemaFacts(file, text, target);
      // Syntax errors are kept only by full facts: applying a statement does not read them.
      const expected = full.statements.filter((s) => SCHEMA_KINDS.has(s.kind)).map(({ errors, ...s }) => s);
      expect(schemaOnly.statements, file).toEqual(expected);
      expect(schemaOnly.scope).toBe("schema");
      statements += expected.length;
    }
    expect(statements).toBeGreaterThan(100);
  });

  it("gives, for the tables asked about, the schema a full replay gives: 40 random histories with renames, LIKE, drops and databases", async () => {
    const rand = mulberry32(20261125);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)] as T;
    const pool = ["t1", "t2", "T3", "t4", "`t5`", "t6", "orders", "orders_old", "db1.t1", "`db1`.`t2`"];
    const statement = (): string =>
      pick([
        () => `CREATE TABLE ${pick(pool)} (id INT PRIMARY KEY, v${Math.floor(rand() * 9)} VARCHAR(${1 + Math.floor(rand() * 90)}));`,
        () => `CREATE TABLE ${pick(pool)} LIKE ${pick(pool)};`,
        () => `ALTER TABLE ${pick(pool)} ADD COLUMN c${Math.floor(rand() * 9)} INT NOT NULL;`,
        () => `ALTER TABLE ${pick(pool)} ADD INDEX k${Math.floor(rand() * 3)} (id);`,
        () => `ALTER TABLE ${pick(pool)} DROP COLUMN v${Math.floor(rand() * 9)};`,
        () => `ALTER TABLE ${pick(pool)} RENAME TO ${pick(pool)};`,
        () => `RENAME TABLE ${pick(pool)} TO ${pick(pool)}, ${pick(pool)} TO ${pick(pool)};`,
        () => `DROP TABLE IF EXISTS ${pick(pool)};`,
        () => `CREATE INDEX i${Math.floor(rand() * 3)} ON ${pick(pool)} (id);`,
        () => `DROP INDEX k${Math.floor(rand() * 3)} ON ${pick(pool)};`,
        () => (rand() < 0.3 ? "DROP DATABASE db1;" : "DROP SCHEMA IF EXISTS db2;"),
        () => `UPDATE ${pick(pool)} SET id = id + 1; -- mentions ${pick(pool)}`,
      ])();
    let compared = 0;
    for (let h = 0; h < 40; h++) {
      const files: Record<string, string> = {};
      const count = 5 + Math.floor(rand() * 30);
      for (let i = 1; i <= count; i++)
        files[`V${String(i).padStart(3, "0")}.sql`] = Array.from({ length: 1 + Math.floor(rand() * 4) }, statement).join("\n") + "\n";
      const dir = scratch(files);
      dirs.push(dir);
      const full = new MigrationHistory((path) => readSqlText(path, {}).text);
      const sparse = new MigrationHistory((path) => readSqlText(path, {}).text);
      for (let q = 0; q < 4; q++) {
        const file = join(dir, `V${String(1 + Math.floor(rand() * count)).padStart(3, "0")}.sql`);
        const names = ["t1", "t2", "t3", "t4", "t5", "t6", "orders", "orders_old"].filter(() => rand() < 0.4);
        const expected = await full.schemaBefore(file, target);
        const got = await sparse.sparseSchemaBefore(file, target, names);
        expect(got).toBeDefined();
        for (const n of names)
          for (const db of [undefined, "db1"]) {
            expect(got?.schema.table(n, db), `${file}: ${db ?? ""}.${n}`).toEqual(expected.table(n, db));
            compared++;
          }
      }
    }
    expect(compared).toBeGreaterThan(300);
  });

  it("keeps a sparse schema while the names asked about stay among those it covers, and replays in full for a name of two words", async () => {
    const dir = repo();
    const { history, reads } = counted();
    const first = await history.sparseSchemaBefore(join(dir, "V6.sql"), target, ["t2", "t4"]);
    expect(first?.schema.table("t2")).toBeDefined();
    expect(first?.schema.table("t1")).toBeUndefined();
    const read = reads.length;
    const again = await history.sparseSchemaBefore(join(dir, "V6.sql"), target, ["t4"]);
    expect(again?.origin).toBe(first?.origin);
    expect(reads.length).toBe(read);
    const wider = await history.sparseSchemaBefore(join(dir, "V6.sql"), target, ["t1"]);
    expect(wider?.origin).not.toBe(first?.origin);
    expect(wider?.schema.table("t1")).toBeDefined();
    expect(await history.sparseSchemaBefore(join(dir, "V6.sql"), target, ["my table"])).toBeUndefined();
  });
});

import { describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import type { AssignmentFacts } from "../src/sql/types.js";
import { parseTarget } from "../src/target.js";

async function assignments(sql: string, target = "mysql-8.4"): Promise<AssignmentFacts[]> {
  const facts = await extractFacts("t.sql", sql, parseTarget(target));
  expect(facts.errors).toEqual([]);
  expect(facts.statements.map((s) => s.kind)).toEqual(["set"]);
  return facts.statements[0]?.assignments ?? [];
}

const brief = (list: AssignmentFacts[]) => list.map((a) => [a.variable, a.scope, a.value]);

describe("SET", () => {
  it("reads every scope keyword", async () => {
    expect(brief(await assignments("SET GLOBAL a = 1, SESSION b = 2, LOCAL c = 3, PERSIST d = 4, PERSIST_ONLY e = 5"))).toEqual([
      ["a", "global", "1"],
      ["b", "session", "2"],
      ["c", "session", "3"],
      ["d", "persist", "4"],
      ["e", "persist_only", "5"],
    ]);
  });

  it("reads @@scope.name and @@name", async () => {
    expect(
      brief(await assignments("SET @@global.a = 1, @@session.b = 2, @@local.c = 3, @@persist.d = 4, @@persist_only.e = 5, @@F = 6, @@GLOBAL.G = 7")),
    ).toEqual([
      ["a", "global", "1"],
      ["b", "session", "2"],
      ["c", "session", "3"],
      ["d", "persist", "4"],
      ["e", "persist_only", "5"],
      ["f", "session", "6"],
      ["g", "global", "7"],
    ]);
  });

  it("carries the last scope keyword to later assignments without one", async () => {
    const list = await assignments("SET GLOBAL a = 1, b = 2, SESSION c = 3, d = 4, @u = 5, e = 6");
    expect(brief(list)).toEqual([
      ["a", "global", "1"],
      ["b", "global", "2"],
      ["c", "session", "3"],
      ["d", "session", "4"],
      ["u", "user", "5"],
      ["e", "session", "6"],
    ]);
    expect(list.map((a) => a.scopeInherited ?? false)).toEqual([false, true, false, true, false, true]);
  });

  it("reads user variables, := and expressions", async () => {
    expect(brief(await assignments("SET @a = 1, @b := @a + 1, @`odd name` = 'x', @'q' = CONCAT(@@sql_mode, ',X')"))).toEqual([
      ["a", "user", "1"],
      ["b", "user", "@a + 1"],
      ["odd name", "user", "'x'"],
      ["q", "user", "CONCAT(@@sql_mode, ',X')"],
    ]);
    expect(brief(await assignments("SET GLOBAL innodb_buffer_pool_size = 8 * 1024 * 1024 * 1024, sort_buffer_size = DEFAULT"))).toEqual([
      ["innodb_buffer_pool_size", "global", "8 * 1024 * 1024 * 1024"],
      ["sort_buffer_size", "global", "DEFAULT"],
    ]);
    expect(brief(await assignments("SET GLOBAL hot_cache.key_buffer_size = 1024"))).toEqual([["hot_cache.key_buffer_size", "global", "1024"]]);
  });

  it("gives the ranges of the name and of the value", async () => {
    const [a, b] = await assignments("SET GLOBAL max_connections = 500,\n  @@session.Sort_Buffer_Size=2M");
    expect(a?.nameRange).toEqual({ start: { line: 1, column: 12 }, end: { line: 1, column: 27 } });
    expect(a?.valueRange).toEqual({ start: { line: 1, column: 30 }, end: { line: 1, column: 33 } });
    expect(b?.variable).toBe("sort_buffer_size");
    expect(b?.nameRange).toEqual({ start: { line: 2, column: 13 }, end: { line: 2, column: 29 } });
    expect(b?.valueRange).toEqual({ start: { line: 2, column: 30 }, end: { line: 2, column: 32 } });
  });

  it("takes the other SET statements without assignments", async () => {
    for (const sql of [
      "SET NAMES utf8mb4 COLLATE utf8mb4_bin",
      "SET CHARACTER SET utf8mb4",
      "SET TRANSACTION ISOLATION LEVEL READ COMMITTED",
      "SET GLOBAL TRANSACTION READ ONLY",
      "SET PASSWORD FOR 'u'@'%' = 'x'",
      "SET ROLE r",
      "SET DEFAULT ROLE r TO u",
    ]) {
      expect(await assignments(sql), sql).toEqual([]);
    }
    expect(await assignments("SET STATEMENT max_statement_time = 1 FOR SELECT 1", "mariadb-10.11")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import { flattenDeepNesting } from "../src/sql/nesting.js";
import { parseTarget } from "../src/target.js";

const target = parseTarget("mysql-8.0.36");

describe("deep nesting is flattened before parsing", () => {
  it("keeps length and line breaks, and leaves shallow text alone", () => {
    const shallow = "SELECT ((1)) FROM t;\n";
    expect(flattenDeepNesting(shallow, 2)).toBe(shallow);
    const deep = "SELECT (((\n1\n))) FROM t WHERE a = 1;";
    const flat = flattenDeepNesting(deep, 2);
    expect(flat).toBe("SELECT ((1\n \n )) FROM t WHERE a = 1;");
    expect(flat.length).toBe(deep.length);
  });

  it("does not count parentheses in strings, quoted names and comments, unless they are never closed", () => {
    const quoted = "SELECT '(((', `(((`, \"(((\" /* ((( */ -- (((\n# (((\nFROM t;";
    expect(flattenDeepNesting(quoted, 2)).toBe(quoted);
    expect(flattenDeepNesting("SELECT ' (((1)));", 2)).toBe("SELECT ' ((1  ));");
  });

  it("blanks a group left open at the statement's end, which stays a syntax error", async () => {
    expect(flattenDeepNesting("SELECT (((((1;\nSELECT 2;", 2)).toBe("SELECT ((    ;\nSELECT 2;");
    const facts = await extractFacts("x.sql", `SELECT ${"(".repeat(5000)}1 FROM t;\n`, target);
    expect(facts.errors.map((e) => e.range.start.line)).toEqual([1]);
  });

  it("an invalid statement thousands of levels deep parses in linear time", async () => {
    const statement = (d: number) => `SET GLOBAL i${"(".repeat(d)}1${")".repeat(d)}x = 1;\n`;
    const time = async (text: string) => {
      const t0 = performance.now();
      await extractFacts("x.sql", text, target);
      return performance.now() - t0;
    };
    await time(statement(300));
    // The same size of text: 20 statements 500 deep, then one 10,000 deep (0.4 s against 2.7 s unflattened).
    const shallow = Math.min(await time(statement(500).repeat(20)), await time(statement(500).repeat(20)));
    const deep = Math.min(await time(statement(10000)), await time(statement(10000)));
    expect(deep / Math.max(shallow, 1)).toBeLessThan(4);
  });
});

describe("stray closing parentheses", () => {
  it("keep the first of a statement and blank the rest", () => {
    expect(flattenDeepNesting("SELECT 1)));\nSELECT 2));", 2)).toBe("SELECT 1)  ;\nSELECT 2) ;");
  });

  it("after deep nesting cost linear time (found by the fuzz harness: 31 s for 64 KB)", async () => {
    const text = (n: number) => `SELECT ${"(".repeat(2000)}1${")".repeat(n)}\n`;
    const time = async (n: number) => {
      const t0 = performance.now();
      await extractFacts("x.sql", text(n), target);
      return performance.now() - t0;
    };
    await time(2500);
    const small = Math.min(await time(2500), await time(2500));
    const large = Math.min(await time(25000), await time(25000));
    expect(large / Math.max(small, 1)).toBeLessThan(30);
  });
});

describe("runs of unary operators", () => {
  it("a run over the limit keeps its first operator; shorter runs and a trailing comment stay as written", () => {
    expect(flattenDeepNesting(`SELECT ${"-".repeat(5)}1;`, 256)).toBe(`SELECT -----1;`);
    const long = `SELECT ${"-".repeat(100)}1;`;
    expect(flattenDeepNesting(long)).toBe(`SELECT -${" ".repeat(99)}1;`);
    // The last two dashes before a space are a comment to the client: they are not part of the run.
    expect(flattenDeepNesting(`SELECT 1 ${"-".repeat(100)} x\nSELECT 2;`)).toBe(`SELECT 1 -${" ".repeat(97)}-- x\nSELECT 2;`);
  });

  it("a long run inside unclosed parentheses parses in linear time (found by the fuzz harness: 19 s for 56 KB)", async () => {
    const text = (n: number) => `CREATE TABLE t(${"(".repeat(60)}${"-".repeat(n)}\n`;
    const time = async (n: number) => {
      const t0 = performance.now();
      await extractFacts("x.sql", text(n), target);
      return performance.now() - t0;
    };
    await time(5000);
    const small = Math.min(await time(5000), await time(5000));
    const large = Math.min(await time(50000), await time(50000));
    expect(large / Math.max(small, 1)).toBeLessThan(30);
  });
});

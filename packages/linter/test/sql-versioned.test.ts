import { describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import { resolveVersionedComments } from "../src/sql/versioned.js";
import { parseTarget } from "../src/target.js";

const resolve = (text: string, target: string) => resolveVersionedComments(text, parseTarget(target));
/** The resolved text with runs of blanks squeezed, for readable expectations. */
const seen = (text: string, target: string) => resolve(text, target).text.replace(/\s+/g, " ").trim();

describe("versioned comments: MySQL", () => {
  it("executes a comment whose five-digit version is at most the server's", () => {
    expect(seen("SELECT /*!50100 1 */ + 2", "mysql-8.0.36")).toBe("SELECT 1 + 2");
    expect(seen("SELECT /*!80036 1 */ 2", "mysql-8.0.36")).toBe("SELECT 1 2");
    expect(seen("SELECT /*!80037 1 */ 2", "mysql-8.0.36")).toBe("SELECT 2");
  });

  it("compares with the newest release when the target names only a series", () => {
    expect(seen("SELECT /*!80099 1 */ 2", "mysql-8.0")).toBe("SELECT 1 2");
    expect(seen("SELECT /*!80100 1 */ 2", "mysql-8.0")).toBe("SELECT 2");
  });

  it("reads five digits before 8.1: a sixth digit is code", () => {
    const r = resolve("SELECT /*!100100 1 */", "mysql-5.7");
    expect(r.text.replace(/\s+/g, " ").trim()).toBe("SELECT 0 1");
    expect(r.comments[0]).toMatchObject({ version: 10010, executed: true });
    expect(r.comments[0]?.note).toMatch(/sixth digit "0" is code/);
  });

  it("reads six digits from 8.1 when whitespace follows them", () => {
    expect(seen("SELECT /*!100100 1 */ 2", "mysql-8.4")).toBe("SELECT 2");
    expect(resolve("SELECT /*!100100 1 */ 2", "mysql-8.4").comments[0]).toMatchObject({ version: 100100, executed: false });
    // No whitespace after the sixth digit: five digits, the sixth is code.
    expect(seen("SELECT /*!801001*/", "mysql-8.4")).toBe("SELECT 1");
  });

  it("always executes /*! without a version", () => {
    expect(seen("SELECT /*! STRAIGHT_JOIN */ a FROM t", "mysql-5.0")).toBe("SELECT STRAIGHT_JOIN a FROM t");
    expect(seen("SELECT /*!1234 x */ 1", "mysql-5.0")).toBe("SELECT 1234 x 1");
  });

  it("treats MariaDB's /*M! as a plain comment", () => {
    const r = resolve("SELECT 1 /*M!100100 , 2 */", "mysql-8.4");
    expect(r.text).toBe("SELECT 1 /*M!100100 , 2 */");
    expect(r.comments).toEqual([]);
  });

  it("maps Aurora MySQL to the MySQL release it derives from", () => {
    expect(seen("SELECT /*!50717 1 */ 2", "aurora-mysql-2.10.2")).toBe("SELECT 2");
    expect(seen("SELECT /*!80023 1 */ 2", "aurora-mysql-3.01.0")).toBe("SELECT 1 2");
    expect(seen("SELECT /*!80026 1 */ 2", "aurora-mysql-3.01.0")).toBe("SELECT 2");
  });
});

describe("versioned comments: MariaDB", () => {
  it("executes old MySQL versions and its own six-digit versions", () => {
    expect(seen("SELECT /*!50100 1 */ 2", "mariadb-10.11")).toBe("SELECT 1 2");
    expect(seen("SELECT /*!100200 1 */ 2", "mariadb-10.11")).toBe("SELECT 1 2");
    expect(seen("SELECT /*!101200 1 */ 2", "mariadb-10.11")).toBe("SELECT 2");
    expect(seen("SELECT /*!1002001 */ 2", "mariadb-10.11")).toBe("SELECT 1 2");
  });

  it("ignores /*! versions 50700 to 99999 (MySQL 5.7 and later), not /*M! ones", () => {
    const r = resolve("SELECT /*!50700 1 */ /*!80000 2 */ /*M!50701 3 */ 4", "mariadb-10.11");
    expect(r.text.replace(/\s+/g, " ").trim()).toBe("SELECT 3 4");
    expect(r.comments.map((c) => c.executed)).toEqual([false, false, true]);
    expect(r.comments[0]?.note).toMatch(/5\.7/);
  });

  it("executes /*M! per version", () => {
    expect(seen("SELECT /*M!100200 1 */ 2", "mariadb-10.11")).toBe("SELECT 1 2");
    expect(seen("SELECT /*M!110000 1 */ 2", "mariadb-10.11")).toBe("SELECT 2");
    expect(seen("SELECT /*M! 1 */ 2", "mariadb-10.3")).toBe("SELECT 1 2");
  });

  it("skips mariadb-dump's sandbox comment", () => {
    expect(seen("/*M!999999\\- enable the sandbox mode */ SELECT 1", "mariadb-10.11")).toBe("SELECT 1");
  });
});

describe("versioned comments: lexing", () => {
  it("keeps every offset and line break", () => {
    const text = "CREATE TABLE t (a INT)\n/*!50100 PARTITION BY HASH (a)\n PARTITIONS 4 */;\n/*!99999 SELECT\n 1 */;";
    const r = resolve(text, "mysql-8.0");
    expect(r.text.length).toBe(text.length);
    expect([...r.text].map((c, i) => (c === "\n") === (text[i] === "\n"))).not.toContain(false);
    expect(r.text.slice(r.text.indexOf("PARTITION"), r.text.indexOf("PARTITION") + 9)).toBe("PARTITION");
  });

  it("lets an executed comment hold a plain comment; the next star-slash ends it", () => {
    expect(seen("SELECT /*!50100 1 /* two */ + 3 */ + 4", "mysql-8.0")).toBe("SELECT 1 /* two */ + 3 + 4");
  });

  it("lets a skipped comment hold one nested comment", () => {
    expect(seen("SELECT 1 /*!99999 , 2 /* x */ , 3 */ + 4", "mysql-8.0")).toBe("SELECT 1 + 4");
  });

  it("leaves strings, quoted identifiers and line comments alone", () => {
    const text = 'SELECT \'/*!50100 x */\', `/*!50100`, "a\\"/*!1*/" -- /*!50100 y */\n# /*!50100 z */\n';
    expect(resolve(text, "mysql-8.0").text).toBe(text);
  });

  it("reports a versioned comment still open at the delimiter", () => {
    const r = resolve("SELECT /*!50100 1; SELECT 2 */;", "mysql-8.0");
    expect(r.errors.map((e) => e.message)).toEqual([expect.stringMatching(/not closed before the end of the statement/)]);
    // The client split there: the star-slash after "SELECT 2" is code again.
    expect(r.text).toContain("*/");
  });

  it("reports unterminated comments and strings", () => {
    expect(resolve("SELECT 1 /* x", "mysql-8.0").errors[0]?.message).toMatch(/comment is not closed/);
    expect(resolve("SELECT 1 /*!99999 x", "mysql-8.0").errors[0]?.message).toMatch(/not closed/);
    expect(resolve("SELECT 'x", "mysql-8.0").errors[0]?.message).toMatch(/string is not closed/);
  });

  it("follows DELIMITER to find statement ends", () => {
    const r = resolve("DELIMITER //\nSELECT /*!50100 1; 2 */ //\nDELIMITER ;\n", "mysql-8.0");
    expect(r.errors).toEqual([]);
  });
});

describe("versioned comments in facts", () => {
  const dump =
    "CREATE TABLE `t` (`a` int NOT NULL, PRIMARY KEY (`a`)) ENGINE=InnoDB\n" +
    "/*!50100 PARTITION BY RANGE (`a`)\n(PARTITION p0 VALUES LESS THAN (10) ENGINE = InnoDB,\n" +
    " PARTITION p1 VALUES LESS THAN MAXVALUE ENGINE = InnoDB) */;\n";

  it("sees a wrapped partition clause when the target executes it", async () => {
    const facts = await extractFacts("dump.sql", dump, parseTarget("mysql-8.0"));
    expect(facts.errors).toEqual([]);
    expect(facts.statements[0]?.partitioning).toMatchObject({ type: "range", partitions: 2 });
    expect(facts.versionedComments[0]).toMatchObject({ marker: "/*!50100", executed: true });
    expect(facts.versionedComments[0]?.range.start).toEqual({ line: 2, column: 1 });
  });

  it("does not see it when the target is older", async () => {
    const facts = await extractFacts("dump.sql", dump, parseTarget("mysql-5.0"));
    expect(facts.errors).toEqual([]);
    expect(facts.statements[0]?.partitioning).toBeUndefined();
  });

  it("runs whole statements hidden in comments only on servers new enough", async () => {
    const text = "/*!40101 SET NAMES utf8mb4 */;\n/*!80016 SET GLOBAL x = 1 */;\n/*M!100500 SET GLOBAL y = 2 */;\n";
    const kinds = async (target: string) =>
      (await extractFacts("d.sql", text, parseTarget(target))).statements.map((s) => s.assignments?.[0]?.variable ?? s.kind);
    expect(await kinds("mysql-8.0")).toEqual(["set", "x"]);
    expect(await kinds("mysql-5.7")).toEqual(["set"]);
    expect(await kinds("mariadb-10.11")).toEqual(["set", "y"]);
  });
});

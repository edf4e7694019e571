/** The mysql client's statement splitting: DELIMITER, \g, and line commands. */
import { describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import { parseTarget } from "../src/target.js";

const mariadb = parseTarget("mariadb-10.11");

async function statements(text: string, target = mariadb): Promise<string[]> {
  const facts = await extractFacts("t.sql", text, target);
  expect(facts.errors).toEqual([]);
  return facts.statements.map((s) => (s.text ?? "").replace(/\s+/g, " "));
}

describe("DELIMITER", () => {
  it("changes the terminator until reset", async () => {
    const text = ["DROP PROCEDURE IF EXISTS p;", "DELIMITER $$", "CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END $$", "DELIMITER ;", "CALL p();"].join(
      "\n",
    );
    expect(await statements(text)).toEqual(["DROP PROCEDURE IF EXISTS p", "CREATE PROCEDURE p() BEGIN SELECT 1; SELECT 2; END", "CALL p()"]);
  });

  it("ends a statement where the delimiter starts, even inside a word (END$$)", async () => {
    const text = "DELIMITER $$\nCREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; END$$\nSELECT x FROM t$$\nDELIMITER ;";
    expect(await statements(text)).toEqual(["CREATE TRIGGER tr BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.a = 1; END", "SELECT x FROM t"]);
    const facts = await extractFacts("t.sql", text, mariadb);
    expect(facts.statements[1]?.tables).toEqual([{ name: "t" }]);
  });

  it("a DELIMITER line inside a statement ends it: the client sends what it buffered (mysql.cc add_line)", async () => {
    const event = "CREATE EVENT e ON SCHEDULE EVERY 1 SECOND DO BEGIN INSERT INTO t VALUES (1); END";
    const text = `DELIMITER ;;\n${event} ;;\n\nINSERT INTO t VALUES (2);\n\nDELIMITER ;\nSELECT 3;`;
    expect(await statements(text)).toEqual([event, "INSERT INTO t VALUES (2)", "SELECT 3"]);
    expect(await statements("DELIMITER $$\nSELECT 1 FROM t\ndelimiter ;\nSELECT 2;")).toEqual(["SELECT 1 FROM t", "SELECT 2"]);
    const facts = await extractFacts("t.sql", "DELIMITER ;;\nSELECT 1 FROM t;\nSELECT 2;;\nDELIMITER ;\n", mariadb);
    // Without a DELIMITER line after it, the ";" stays in the statement, which the server rejects.
    expect(facts.errors.map((e) => ["message" in e ? e.message : e.rule, e.range.start.line])).toEqual([['syntax error near "SELECT"', 2]]);
  });

  it("reads // and ;; and quoted delimiters, case-insensitively", async () => {
    expect(await statements("delimiter //\nSELECT 1//\nSELECT 2 //\ndelimiter ;\nSELECT 3;")).toEqual(["SELECT 1", "SELECT 2", "SELECT 3"]);
    expect(await statements("DELIMITER ;;\nSELECT 1;;\nDELIMITER ;")).toEqual(["SELECT 1"]);
    expect(await statements("DELIMITER 'GO'\nSELECT 1 go\nSELECT 2 GO\nDELIMITER ;")).toEqual(["SELECT 1", "SELECT 2"]);
  });

  it("follows mysqldump's trigger layout", async () => {
    const text = [
      "DELIMITER ;;",
      "/*!50003 CREATE*/ /*!50017 DEFINER=`root`@`localhost`*/ /*!50003 TRIGGER tr BEFORE INSERT ON k FOR EACH ROW BEGIN SET NEW.id = NEW.id + 1; END",
      "*/;;",
      "DELIMITER ;",
      "/*!50003 SET sql_mode = @saved_sql_mode */ ;",
    ].join("\n");
    const facts = await extractFacts("dump.sql", text, parseTarget("mysql-8.0"));
    expect(facts.errors).toEqual([]);
    expect(facts.statements.map((s) => s.kind)).toEqual(["other", "set"]);
    expect(facts.statements[0]?.range.start).toEqual({ line: 2, column: 10 });
  });

  it("keeps the delimiter without an argument, and accepts \\d", async () => {
    expect(await statements("DELIMITER\nSELECT 1;\n\\d //\nSELECT 2//\n\\d ;\nSELECT 3;")).toEqual(["SELECT 1", "SELECT 2", "SELECT 3"]);
  });

  it("ends statements at \\g and \\G", async () => {
    expect(await statements("SELECT 1\\G\nSELECT 2\\g")).toEqual(["SELECT 1", "SELECT 2"]);
  });

  it("takes a delimiter that is a word", async () => {
    expect(await statements("delimiter //\nDeLiMiTeR A;\nSELECT 1 A;\ndelimiter ;")).toEqual(["SELECT 1"]);
  });

  it("leaves the delimiter alone inside strings and comments", async () => {
    expect(await statements("DELIMITER $$\nSELECT '$$', \"$$\", `$$` /* $$ */ -- $$\n$$\nDELIMITER ;")).toEqual(["SELECT '$$', \"$$\", `$$`"]);
  });
});

describe("client line commands", () => {
  it("are not statements", async () => {
    expect(await statements("USE shop\nSELECT 1;\nsource other.sql\n\\. more.sql\nSELECT 2;")).toEqual(["SELECT 1", "SELECT 2"]);
  });

  it("are statements when the line holds the delimiter", async () => {
    expect(await statements("USE shop;\nSELECT 1;")).toEqual(["USE shop", "SELECT 1"]);
  });
});

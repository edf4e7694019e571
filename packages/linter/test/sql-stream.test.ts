import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { extractFacts } from "../src/sql/facts.js";
import type { StatementFacts } from "../src/sql/types.js";
import { extractFactsStreamed } from "../src/sql/stream.js";
import { parseTarget } from "../src/target.js";
import { writeDump } from "./helpers/dump.js";
import { run } from "./helpers/run.js";
import { tempDir } from "./helpers/tmp.js";

const here = dirname(fileURLToPath(import.meta.url));
const pkg = resolve(here, "..");
const root = resolve(pkg, "../..");
const tmp = tempDir("innolint-stream-");
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const execFileAsync = promisify(execFile);

/** A child's exit status and output, without blocking the worker's event loop while it runs. */
async function exited(command: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execFileAsync(command, args, { encoding: "utf8", maxBuffer: 64 * 2 ** 20 });
    return { status: 0, stdout, stderr };
  } catch (e) {
    const failed = e as { code?: number | string; stdout?: string; stderr?: string };
    return { status: typeof failed.code === "number" ? failed.code : null, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

function sqlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...sqlFiles(p));
    else if (e.name.endsWith(".sql")) out.push(p);
  }
  return out.sort();
}

const TRIGGER = `DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=\`root\`@\`localhost\`*/ /*!50003 TRIGGER trg BEFORE INSERT ON t FOR EACH ROW BEGIN
  SET NEW.a = NEW.a + 1; -- a ; inside
END */;;
CREATE PROCEDURE p() BEGIN SELECT 'x;;y'; /* ;; */ END;;
DELIMITER ;
`;

const MIXED = `-- héllo wörld ✓ 😀
CREATE TABLE a (id INT PRIMARY KEY, v VARCHAR(10) COMMENT 'ü;') /*!50100 PARTITION BY HASH (id) PARTITIONS 4 */; SELECT 1; SELECT 'é😀' FROM a WHERE id = 2;
/*!80000 SET GLOBAL innodb_adaptive_hash_index = OFF */;
INSERT INTO a VALUES (1,'x'),(2,'y;'),(3,"z\\"");
${TRIGGER}SET SESSION sort_buffer_size = 1024 * 1024; DROP TABLE a;
SELECT * FROM oops WHERE ;
DELIMITER $$
SELECT 2$$`;

describe("windowed parsing", () => {
  const target = parseTarget("mysql-8.0.22");
  const cases = [...sqlFiles(join(root, "fixtures/seeds")).map((p) => ({ name: p.slice(root.length + 1), path: p }))];
  const mixed = join(tmp, "mixed.sql");
  writeFileSync(
    mixed,
    MIXED +
      "\n" +
      sqlFiles(join(root, "fixtures"))
        .map((p) => readFileSync(p, "utf8"))
        .join("\n") +
      "\n" +
      MIXED,
  );
  cases.push({ name: "mixed", path: mixed });

  it.each(cases)("gives the whole-file facts for $name", async ({ path }) => {
    const whole = await extractFacts(path, readFileSync(path, "utf8"), target);
    for (const window of [4096, 64, 7]) {
      const streamed = await extractFactsStreamed(path, target, { window, cap: 1 << 20 });
      expect(streamed.error).toBeUndefined();
      const { unreset: _u, ...facts } = streamed;
      expect(facts).toEqual(whole);
    }
  });

  it("never ends a window after a DELIMITER command the file has not finished (DELIMITER / of DELIMITER //)", async () => {
    // With 7-byte windows, the first window of the unpadded file ends at "DELIMITER /"; padding moves the cut along.
    const body = "SELECT 1;\nDELIMITER //\nCREATE FUNCTION f() RETURNS INT BEGIN RETURN 4 / 2; END//\nDELIMITER ;\nSELECT 3;\n";
    for (let pad = 0; pad < 7; pad++) {
      const path = join(tmp, `delimiter-cut-${pad}.sql`);
      const text = " ".repeat(pad) + body;
      writeFileSync(path, text);
      const whole = await extractFacts(path, text, target);
      expect(whole.statements).toHaveLength(3);
      const { unreset: _u, ...streamed } = await extractFactsStreamed(path, target, { window: 7, cap: 1 << 20 });
      expect(streamed, `pad ${pad}`).toEqual(whole);
    }
  });

  it("reports a statement over the cap, NUL bytes and invalid UTF-8 with their lines", async () => {
    const big = join(tmp, "big-statement.sql");
    writeFileSync(big, "SELECT 1;\nSELECT 2;\nINSERT INTO t VALUES " + "(1),".repeat(5000) + "(2);\n");
    expect((await extractFactsStreamed(big, target, { window: 1024, cap: 8192 })).error).toEqual({
      line: 3,
      message: "a statement is longer than 8192 characters (no statement delimiter found): cannot lint it",
    });
    expect((await extractFactsStreamed(big, target, { window: 1024, cap: 32768 })).error).toBeUndefined();
    const nul = join(tmp, "nul.sql");
    writeFileSync(nul, Buffer.concat([Buffer.from("SELECT 1;\n".repeat(200000)), Buffer.from([0])]));
    expect((await extractFactsStreamed(nul, target, { window: 65536 })).error).toEqual({ line: 200001, message: "binary file (NUL byte): not SQL text" });
    const utf = join(tmp, "utf.sql");
    writeFileSync(utf, Buffer.concat([Buffer.from("SELECT 'é';\n".repeat(150000)), Buffer.from([0xc3, 0x28])]));
    expect((await extractFactsStreamed(utf, target, { window: 65536 })).error).toEqual({ line: 150001, message: "invalid UTF-8" });
  });
});

describe("a 120 MB dump", () => {
  const dump = join(tmp, "dump.sql");
  // A 450 GB pool makes the DROP stall an error (exit 1).
  const myCnf = join(root, "fixtures/seeds/drop-stall/my.cnf");
  let made: { dropLine: number; straddler: string };

  it("is linted by the CLI in bounded memory, with the DROP finding at its line", { timeout: 600_000 }, async () => {
    made = writeDump(dump, 120 * 2 ** 20);
    expect(statSync(dump).size).toBeGreaterThan(115 * 2 ** 20);
    // Child processes run asynchronously: a worker blocked for a minute misses vitest's RPC deadline.
    await execFileAsync("node", ["build.mjs"], { cwd: pkg });
    const cli = join(pkg, "dist/cli.js");
    expect(existsSync(cli)).toBe(true);
    const started = Date.now();
    const run = await exited(
      "/usr/bin/time",
      // The JS heap is capped well below the file's size: text a window left behind would exhaust it.
      ["-f", "%M", "node", "--max-old-space-size=96", cli, "lint", "--no-config", "--target", "mysql-8.0.22", "--format", "json", myCnf, dump],
    );
    const seconds = (Date.now() - started) / 1000;
    const peakKb = Number(run.stderr.trim().split("\n").pop());
    console.log(`120 MB dump: ${seconds.toFixed(1)} s, peak RSS ${(peakKb / 1024).toFixed(0)} MB`);
    expect(run.status, run.stderr).toBe(1);
    const report = JSON.parse(run.stdout) as { findings: { rule: string; range: { start: { line: number } } }[]; errors?: unknown[] };
    const drops = report.findings.filter((f) => f.rule === "drop-truncate-buffer-pool-stall");
    expect(drops.map((f) => f.range.start.line)).toEqual([made.dropLine]);
    expect(peakKb).toBeLessThan(600 * 1024);
  });

  it("gives the partitioning of a table across a window boundary", { timeout: 600_000 }, async () => {
    const { streamSqlFacts } = await import("../src/sql/stream.js");
    const found: StatementFacts[] = [];
    const r = await streamSqlFacts(dump, parseTarget("mysql-8.0.22"), (f) => {
      for (const s of f.statements) if (s.kind === "create-table" && s.tables[0]?.name === made.straddler) found.push(s);
    });
    expect(r.error).toBeUndefined();
    expect(found).toHaveLength(1);
    const p = found[0]?.partitioning;
    expect(p?.type).toBe("range");
    expect(p?.expression).toBe("year(`created`)");
    expect(p?.partitions).toBe(37);
    expect(p?.names?.at(-1)).toBe("pmax");
    // The statement is where the file has it.
    const lines = readFileSync(dump, "latin1")
      .slice(0, 9 * 2 ** 20)
      .split("\n");
    expect(lines[(found[0]?.range.start.line ?? 0) - 1]).toBe(`CREATE TABLE \`${made.straddler}\` (`);
  });
});

describe("a dump among the migrations", () => {
  it("is replayed window by window into the schema the later files see", async () => {
    const { SQL_STREAM_ABOVE } = await import("../src/engine.js");
    const insert = `INSERT INTO events VALUES ${Array.from({ length: 2000 }, (_, i) => `(${i},'2024-01-01','${"x".repeat(40)}')`).join(",")};\n`;
    const parts = ["CREATE TABLE events (id INT, d DATE, v VARCHAR(200)) PARTITION BY HASH (id) PARTITIONS 400;\n"];
    for (let size = 0; size <= SQL_STREAM_ABOVE + 2 ** 20; size += insert.length) parts.push(insert);
    parts.push("ALTER TABLE events ADD PARTITION PARTITIONS 12;\n");
    const dir = tempDir("innolint-history-");
    mkdirSync(join(dir, "migrations"));
    writeFileSync(join(dir, "migrations", "0001_dump.sql"), parts.join(""));
    writeFileSync(join(dir, "migrations", "0002_report.sql"), "SELECT v FROM events WHERE v = 'x';\n");
    const res = await run(["--no-config", "--no-impact", "--target", "mysql-8.0.36", "--format", "json", join(dir, "migrations", "0002_report.sql")], {
      cwd: dir,
    });
    const findings = JSON.parse(res.stdout).findings as { rule: string; message: string }[];
    const unpruned = findings.find((f) => f.rule === "partition-unpruned-query");
    expect(unpruned?.message).toMatch(/all 412 partitions/);
  }, 120_000);
});

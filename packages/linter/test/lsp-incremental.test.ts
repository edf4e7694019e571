/**
 * Incremental analysis equals a fresh lint. Random edits (deterministic seed), some of them undone
 * again, to a migration with every SQL rule's kind of statement: after each edit the chunked
 * resolution of versioned comments equals the whole text's and the document cache's facts equal
 * extractFacts' on the same text, and after every few edits the diagnostics the language server
 * publishes carry exactly the findings and errors of `innolint --format json` run afresh.
 */
import { PassThrough } from "node:stream";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import {
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type Position,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import type { InputError } from "../src/core.js";
import type { Finding } from "../src/finding.js";
import { startServer } from "../src/lsp/index.js";
import { extractFacts } from "../src/sql/facts.js";
import { ChunkedResolution, SqlDocumentCache } from "../src/sql/incremental.js";
import { resolveVersionedComments } from "../src/sql/versioned.js";
import { parseTarget } from "../src/target.js";
import { run, scratch } from "./helpers/run.js";
import { mulberry32 } from "./helpers/random.js";

/** Earlier migration: the tables the one under edit alters, queries and drops. */
const BASE = [
  "CREATE TABLE events (id BIGINT NOT NULL, d DATE NOT NULL, a INT, b INT, c INT, PRIMARY KEY (id, d))",
  "  PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 200;",
  "CREATE TABLE shop.items (id INT PRIMARY KEY, name VARCHAR(40));",
  "",
].join("\n");

const MIGRATION = [
  "-- 0002: the shape of a real migration, one of each statement the rules judge",
  "SET NAMES utf8mb4;",
  "/* orders, partitioned by day */",
  "CREATE TABLE orders (id BIGINT NOT NULL AUTO_INCREMENT, created DATE NOT NULL, customer INT NOT NULL,",
  "  status ENUM('new','paid') NOT NULL DEFAULT 'new', note VARCHAR(255) COMMENT 'it''s free text',",
  "  PRIMARY KEY (id, created), KEY by_customer (customer))",
  "  /*!50100 PARTITION BY RANGE COLUMNS (created) (PARTITION p0 VALUES LESS THAN ('2024-01-01'), PARTITION p1 VALUES LESS THAN (MAXVALUE)) */;",
  "ALTER TABLE events ADD INDEX ia (a), ADD INDEX ib (b), ADD INDEX ic (c), ALGORITHM=INPLACE, LOCK=NONE;",
  "CREATE INDEX by_status ON orders (status, created);",
  "SELECT id, a FROM events WHERE a = 1 ORDER BY d DESC LIMIT 10;",
  "SELECT o.id FROM orders o JOIN events e ON e.id = o.id WHERE e.b = 2 AND o.customer = 3;",
  "-- innolint-disable-next-line partition-unpruned-query",
  "UPDATE events SET c = 0 WHERE b = 7;",
  "DELETE FROM events WHERE c = 1 /* nightly */;",
  "CREATE TABLE orders_copy LIKE orders;",
  "RENAME TABLE orders_copy TO orders_old;",
  "ALTER TABLE orders_old ADD COLUMN extra INT AFTER note, ADD INDEX by_extra (extra), RENAME TO orders_archive;",
  "/*!80023 ALTER TABLE orders ADD INDEX invisible_idx (note) INVISIBLE */;",
  "CREATE TABLE wide (id INT PRIMARY KEY, v INT) PARTITION BY KEY (id) PARTITIONS 9000;",
  "TRUNCATE TABLE orders_archive;",
  "DROP TABLE IF EXISTS orders_archive, staging;",
  "SET GLOBAL innodb_flush_log_at_trx_commit = 2, sync_binlog = 0;",
  "DELIMITER $$",
  "CREATE PROCEDURE purge_events() BEGIN DELETE FROM events WHERE d < '2020-01-01'; END$$",
  "DELIMITER ;",
  "INSERT INTO orders (created, customer, note) VALUES ('2024-02-01', 7, 'a ; b'), ('2024-02-02', 8, \"x\");",
  "DROP DATABASE shop;",
  "ALTER TABLE events ADD PARTITION PARTITIONS 10;",
  "",
].join("\n");

/** What breaks a parser and what changes the schema: quotes, comment openers, terminators, names. */
const PIECES = [
  "'",
  '"',
  "`",
  "/*",
  "*/",
  "/*!50700 ",
  "/*!90000 ",
  "/*!800231 ",
  "/*M!100200 ",
  "-- ",
  "#",
  ";",
  "\\g\n",
  "\n",
  "\n\n",
  "(",
  ")",
  ",",
  "\\",
  "x",
  "_v2",
  " ",
  "é",
  "DELIMITER $$\n",
  "DELIMITER //\n",
  "DELIMITER ;\n",
  "-- innolint-disable-next-line drop-truncate-buffer-pool-stall\n",
  "-- innolint-target: mysql-8.0.36\n",
  "DROP TABLE events;\n",
  "ALTER TABLE orders ADD INDEX (customer), ADD INDEX (status);\n",
  "PARTITIONS 300",
  "SELECT * FROM events WHERE c = 5;\n",
];

interface Edit {
  from: number;
  to: number;
  text: string;
}

/**
 * Random edits, half of them undoing the latest edit not yet undone (as an editor's undo does): the
 * document wanders through broken states and back, and the rules keep finding things.
 */
function editor(seed: number) {
  const rand = mulberry32(seed);
  const undo: { edit: Edit; removed: string }[] = [];
  return (text: string): Edit => {
    const last = undo.pop();
    if (last && rand() < 0.5) {
      const { edit, removed } = last;
      return { from: edit.from, to: edit.from + edit.text.length, text: removed };
    }
    if (last) undo.push(last);
    const from = Math.floor(rand() * (text.length + 1));
    let edit: Edit;
    if (rand() < 0.35) edit = { from, to: Math.min(text.length, from + 1 + Math.floor(rand() * 12)), text: "" };
    else if (rand() < 0.6) edit = { from, to: from, text: PIECES[Math.floor(rand() * PIECES.length)] as string };
    else {
      // A letter typed into a word: table, column and index names change.
      let at = from;
      while (at < text.length && !/[a-z_]/.test(text[at] as string)) at++;
      edit = { from: at, to: at, text: String.fromCharCode(97 + Math.floor(rand() * 26)) };
    }
    undo.push({ edit, removed: text.slice(edit.from, edit.to) });
    return edit;
  };
}

const apply = (text: string, e: Edit) => text.slice(0, e.from) + e.text + text.slice(e.to);

function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split(/\r\n|\r|\n/).length - 1;
  const start = Math.max(before.lastIndexOf("\n"), before.lastIndexOf("\r")) + 1;
  return { line, character: offset - start };
}

/** Long enough for several chunks of versioned-comment resolution. */
const LONG = [MIGRATION, MIGRATION.replace(/orders/g, "orders2"), MIGRATION.replace(/events/g, "events2")].join("\n");

describe("incremental analysis", () => {
  it("resolves versioned comments chunk by chunk as the whole text at once, after each of 2,000 random edits", () => {
    for (const label of ["mysql-8.4.2", "mysql-5.7.44", "mariadb-10.6"]) {
      const target = parseTarget(label);
      const next = editor(label.length + 7);
      const chunked = new ChunkedResolution();
      let text = LONG;
      for (let i = 0; i < 2000; i++) {
        text = apply(text, next(text));
        const whole = resolveVersionedComments(text, target);
        expect(chunked.resolve(text, target), `${label}, edit ${i}`).toEqual({ text: whole.text, comments: whole.comments, errors: whole.errors });
      }
    }
  });

  it("gives the facts a fresh parse gives, after each of 400 random edits", async () => {
    for (const label of ["mysql-5.7.44", "mariadb-10.6"]) {
      const target = parseTarget(label);
      const next = editor(label.length);
      const cache = new SqlDocumentCache();
      let text = LONG;
      for (let i = 0; i < 400; i++) {
        text = apply(text, next(text));
        const incremental = await cache.facts(text, target);
        const fresh = await extractFacts("/m.sql", text, target);
        expect(incremental, `${label}, edit ${i}`).toEqual(fresh);
      }
      cache.dispose();
    }
  }, 120_000);

  it("keeps no old version of the document alive: a letter typed into each of 400 statements leaves the heap as it was", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    const heap = () => {
      for (let i = 0; i < 3; i++) gc();
      return process.memoryUsage().heapUsed / 2 ** 20;
    };
    // 200 kB: a substring kept from each version would add 80 MB.
    let text = Array.from({ length: 30 }, (_, i) => LONG.replace(/\b(orders|events|wide)\b/g, `$1_${i}`)).join("\n");
    const target = parseTarget("mysql-5.7.44");
    const cache = new SqlDocumentCache();
    await cache.facts(text, target);
    const before = heap();
    for (let i = 0; i < 400; i++) {
      let at = Math.floor((i / 400) * text.length);
      while (!/[a-z]/.test(text[at] as string)) at++;
      text = text.slice(0, at) + "q" + text.slice(at);
      await cache.facts(text, target);
    }
    expect(heap() - before).toBeLessThan(10);
    cache.dispose();
  });

  it("publishes the findings and errors a fresh innolint lint reports, after every 5 of 300 random edits", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", optionFile: "my.cnf" }),
      "my.cnf": "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_sort_buffer_size = 64M\ninnodb_adaptive_hash_index = ON\n",
      "migrations/0001_base.sql": BASE,
      "migrations/0002_orders.sql": LONG,
    });
    const file = join(dir, "migrations/0002_orders.sql");
    const uri = pathToFileURL(file).href;

    const toServer = new PassThrough();
    const toClient = new PassThrough();
    const serverConn = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
    startServer(serverConn, { debounceMs: 5 });
    const conn = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    const waiting: { version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
    conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
      for (const w of [...waiting]) {
        if (p.uri === uri && (p.version ?? 0) >= w.version) {
          waiting.splice(waiting.indexOf(w), 1);
          w.resolve(p);
        }
      }
    });
    conn.listen();
    const diagnostics = (version: number) => new Promise<PublishDiagnosticsParams>((resolve) => waiting.push({ version, resolve }));
    const folder = pathToFileURL(dir).href;
    await conn.sendRequest(InitializeRequest.type, { processId: null, rootUri: folder, workspaceFolders: [{ uri: folder, name: "ws" }], capabilities: {} });
    await conn.sendNotification(InitializedNotification.type, {});

    /** What the published diagnostics say: the findings (each diagnostic's data) and the errors, by line. */
    const published = (p: PublishDiagnosticsParams) => ({
      findings: p.diagnostics.filter((d: Diagnostic) => d.data).map((d) => d.data as Finding),
      errors: [...new Set(p.diagnostics.filter((d) => !d.data).map((d) => `${d.range.start.line + 1}: ${d.message}`))].sort(),
    });
    /** What `innolint --format json` says about the same text, in the diagnostics' terms. */
    const fresh = async (text: string) => {
      const out = await run(["--format", "json", "--fail-on", "never", "--stdin-filename", "migrations/0002_orders.sql", "-"], { cwd: dir, stdin: text });
      const report = JSON.parse(out.stdout) as { findings: Finding[]; errors: InputError[] };
      return {
        findings: report.findings,
        errors: [...new Set(report.errors.map((e) => `${e.line ?? 1}: ${e.message}`))].sort(),
      };
    };

    let text = LONG;
    let version = 1;
    const opened = diagnostics(1);
    await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri, languageId: "sql", version, text } });
    expect(published(await opened)).toEqual(await fresh(text));
    expect((await fresh(text)).findings.length).toBeGreaterThan(8);

    const next = editor(0x1ac);
    let compared = 0;
    for (let i = 1; i <= 300; i++) {
      const e = next(text);
      const range = { start: positionAt(text, e.from), end: positionAt(text, e.to) };
      text = apply(text, e);
      version++;
      const after = i % 5 === 0 ? diagnostics(version) : undefined;
      await conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri, version }, contentChanges: [{ range, text: e.text }] });
      if (!after) continue;
      expect(published(await after), `after edit ${i}:\n${text}`).toEqual(await fresh(text));
      compared++;
    }
    expect(compared).toBe(60);
    conn.dispose();
    serverConn.dispose();
  }, 180_000);
});

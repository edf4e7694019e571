/**
 * Soak: 10,000 random incremental edits (printable text, newlines, broken quotes and comments) to an
 * option file and a SQL migration, through the protocol over in-memory streams. Afterwards the
 * server's copy of each document is the client's, it still answers and lints a valid document, and
 * its heap has not grown without bound.
 */
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, describe, expect, it } from "vitest";
import {
  CodeActionRequest,
  CompletionRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidOpenTextDocumentNotification,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  StreamMessageReader,
  StreamMessageWriter,
  type Diagnostic,
  type MarkupContent,
  type Position,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
  type TextDocumentContentChangeEvent,
} from "vscode-languageserver-protocol/node";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer, type InnolintServer } from "../src/lsp/index.js";
import { scratch } from "./helpers/run.js";
import { mulberry32 } from "./helpers/random.js";

const EDITS = 10_000;
const BURST = 10; // edits sent back to back before the client waits for that version's diagnostics

// Deterministic pseudo-random numbers (mulberry32): a failure reproduces.
const rand = mulberry32(0x5eed1234);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;

// What breaks a lexer: unterminated quotes and comments, group headers, escapes, non-ASCII and
// surrogate pairs, CRLF, DELIMITER and versioned comments.
const PIECES = [
  "'",
  '"',
  "`",
  "/*",
  "*/",
  "/*!50700 ",
  "-- ",
  "#",
  ";",
  "\n",
  "\n\n",
  "\r\n",
  "(",
  ")",
  "[",
  "]",
  "[mysqld]\n",
  "= ",
  "\\",
  "\t",
  "é",
  "€",
  "😀",
  "SELECT * FROM t WHERE ",
  "ALTER TABLE t ADD INDEX (a)",
  "DELIMITER $$\n",
  "innodb_sort_buffer_size = 64M\n",
  "PARTITIONS 1000",
];
function randomText(): string {
  if (rand() < 0.5) return pick(PIECES);
  let s = "";
  const n = 1 + Math.floor(rand() * 12);
  for (let i = 0; i < n; i++) s += rand() < 0.1 ? "\n" : String.fromCharCode(32 + Math.floor(rand() * 95));
  return s;
}

const MY_CNF = [
  "# innolint-target: mysql-5.7.44",
  "[mysqld]",
  "innodb_sort_buffer_size = 64M",
  "innodb_buffer_pool_size = 1G",
  "innodb_flush_log_at_trx_commit = 2",
  "sort_buffer_size = 2M",
  "innodb_buffer_pool_dump_at_shutdown = OFF",
  "",
].join("\n");

const SQL = [
  "-- migration 0001",
  "CREATE TABLE clicks (id BIGINT, d DATE, a INT, b INT, c INT, note VARCHAR(20) DEFAULT 'it''s', PRIMARY KEY (id, d))",
  "PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 400;",
  "/* three indexes over 400 partitions */",
  "ALTER TABLE clicks ADD INDEX ia (a), ADD INDEX ib (b), ADD INDEX ic (c);",
  "SELECT id, a FROM clicks WHERE a = 1 ORDER BY d DESC LIMIT 10;",
  "DROP TABLE IF EXISTS old_clicks;",
  "",
].join("\n");

/** LSP positions as the protocol defines them: lines end at \r\n, \r or \n; characters are UTF-16 units. */
function positionAt(text: string, offset: number): Position {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 || c === 10) {
      if (c === 13 && text.charCodeAt(i + 1) === 10) {
        if (i + 1 >= offset) break; // offset between \r and \n: never produced, see safeOffset
        i++;
      }
      line++;
      start = i + 1;
    }
  }
  return { line, character: offset - start };
}

/** An offset that does not fall between the \r and \n of a line break (not expressible as a position). */
function safeOffset(text: string, offset: number): number {
  return offset > 0 && text[offset - 1] === "\r" && text[offset] === "\n" ? offset + 1 : offset;
}

function lineCount(text: string): number {
  return text.split(/\r\n|\r|\n/).length;
}

let gc: (() => void) | undefined;
try {
  setFlagsFromString("--expose-gc");
  gc = runInNewContext("gc") as () => void;
} catch {
  gc = undefined;
}
function heapUsed(): number {
  for (let i = 0; i < 3; i++) gc?.();
  return process.memoryUsage().heapUsed;
}

interface Harness {
  conn: ProtocolConnection;
  server: InnolintServer;
  diagnostics(uri: string, version: number): Promise<PublishDiagnosticsParams>;
  close(): void;
}

async function harness(dir: string): Promise<Harness> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const serverConn = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  const server = startServer(serverConn, { debounceMs: 10 });
  const conn = createProtocolConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  const waiting: { uri: string; version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
    for (const w of [...waiting]) {
      if (w.uri === p.uri && (p.version ?? 0) >= w.version) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  conn.listen();
  const folder = pathToFileURL(dir).href;
  await conn.sendRequest(InitializeRequest.type, { processId: null, rootUri: folder, workspaceFolders: [{ uri: folder, name: "soak" }], capabilities: {} });
  await conn.sendNotification(InitializedNotification.type, {});
  return {
    conn,
    server,
    diagnostics: (uri, version) => new Promise((resolve) => waiting.push({ uri, version, resolve })),
    close() {
      conn.dispose();
      serverConn.dispose();
    },
  };
}

/** The client's copy of a document; edits go to the server as incremental changes. */
class Doc {
  version = 1;
  constructor(
    readonly h: Harness,
    readonly uri: string,
    readonly languageId: string,
    public text: string,
  ) {}

  async open(): Promise<PublishDiagnosticsParams> {
    const next = this.h.diagnostics(this.uri, 1);
    await this.h.conn.sendNotification(DidOpenTextDocumentNotification.type, {
      textDocument: { uri: this.uri, languageId: this.languageId, version: 1, text: this.text },
    });
    return next;
  }

  /** One didChange with one or more changes, applied in order (as the protocol says). */
  async change(edits: { from: number; to: number; text: string }[]): Promise<number> {
    const contentChanges: TextDocumentContentChangeEvent[] = [];
    for (const e of edits) {
      const from = safeOffset(this.text, Math.min(e.from, this.text.length));
      const to = Math.max(from, safeOffset(this.text, Math.min(e.to, this.text.length)));
      contentChanges.push({ range: { start: positionAt(this.text, from), end: positionAt(this.text, to) }, text: e.text });
      this.text = this.text.slice(0, from) + e.text + this.text.slice(to);
    }
    this.version++;
    await this.h.conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: this.uri, version: this.version }, contentChanges });
    return this.version;
  }

  /** Replaces the whole document (a full-text change, as after "revert file"). */
  async replace(text: string): Promise<number> {
    this.text = text;
    this.version++;
    await this.h.conn.sendNotification(DidChangeTextDocumentNotification.type, {
      textDocument: { uri: this.uri, version: this.version },
      contentChanges: [{ text }],
    });
    return this.version;
  }

  randomEdit(base: number): { from: number; to: number; text: string } {
    const at = Math.floor(rand() * (this.text.length + 1));
    // Keep the size near the original: delete more when it grew, insert more when it shrank.
    if (rand() < 0.5 * (this.text.length / base)) return { from: at, to: at + 1 + Math.floor(rand() * 10), text: "" };
    if (rand() < 0.1) return { from: at, to: at + Math.floor(rand() * 5), text: randomText() }; // a replacement
    return { from: at, to: at, text: randomText() };
  }

  randomPosition(): Position {
    return positionAt(this.text, safeOffset(this.text, Math.floor(rand() * (this.text.length + 1))));
  }
}

function wellFormed(d: Diagnostic, text: string): boolean {
  const { start, end } = d.range;
  const ok = (p: Position) => Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.character >= 0;
  // The engine counts lines at \n only; LSP also at a lone \r: accept the larger count.
  const lines = Math.max(lineCount(text), text.split("\n").length);
  return ok(start) && ok(end) && (start.line < end.line || (start.line === end.line && start.character <= end.character)) && start.line < lines;
}

const open: Harness[] = [];
afterAll(() => {
  for (const h of open.splice(0)) h.close();
});

describe("the language server under 10,000 random edits", () => {
  it("keeps in sync, keeps answering, lints a valid document afterwards, and its heap stays bounded", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44" }), "my.cnf": MY_CNF, "migrations/0001_clicks.sql": SQL });
    const h = await harness(dir);
    open.push(h);
    const cnf = new Doc(h, pathToFileURL(join(dir, "my.cnf")).href, "mysql-option-file", MY_CNF);
    const sql = new Doc(h, pathToFileURL(join(dir, "migrations/0001_clicks.sql")).href, "sql", SQL);
    const first = [await cnf.open(), await sql.open()];
    expect(first[0]!.diagnostics.map((d) => d.code)).toContain("sort-buffer-oversized");
    expect(first[1]!.diagnostics.map((d) => d.code)).toContain("ddl-multi-index-memory");

    // Warm-up (knowledge base, grammars, JIT) before the heap baseline.
    for (const doc of [cnf, sql]) {
      await doc.change([{ from: 0, to: 0, text: "x" }]);
      await h.diagnostics(doc.uri, await doc.change([{ from: 0, to: 1, text: "" }]));
    }
    const heapBefore = heapUsed();
    const externalBefore = process.memoryUsage().external;

    const docs = [cnf, sql];
    const bases = docs.map((d) => d.text.length);
    let sent = 0;
    let lints = 0;
    let requests = 0;
    const started = performance.now();
    for (let burst = 0; sent < EDITS; burst++) {
      const doc = docs[burst % docs.length]!;
      const base = bases[burst % docs.length]!;
      let version = doc.version;
      for (let i = 0; i < BURST && sent < EDITS; i++) {
        // Mostly one change per notification; sometimes two or three in one, as editors send for multi-cursor edits.
        const n = rand() < 0.9 ? 1 : 2 + Math.floor(rand() * 2);
        version = await doc.change(Array.from({ length: n }, () => doc.randomEdit(base)));
        sent += n;
      }
      const published = await h.diagnostics(doc.uri, version);
      lints++;
      expect(published.version).toBe(version);
      for (const d of published.diagnostics) expect(wellFormed(d, doc.text), `${JSON.stringify(d.range)} in v${version}`).toBe(true);
      // Requests on the broken document: answered, never an error.
      if (burst % 4 === 0) {
        const at = doc.randomPosition();
        const td = { uri: doc.uri };
        await h.conn.sendRequest(HoverRequest.type, { textDocument: td, position: at });
        await h.conn.sendRequest(CompletionRequest.type, { textDocument: td, position: at });
        const ds = published.diagnostics.slice(0, 3);
        if (ds.length) await h.conn.sendRequest(CodeActionRequest.type, { textDocument: td, range: ds[0]!.range, context: { diagnostics: ds } });
        requests++;
      }
    }
    const soakMs = performance.now() - started;

    // The server's copy of each document is the client's, after all those incremental changes.
    for (const doc of docs) expect((await h.server.analysis(doc.uri))?.text).toBe(doc.text);

    // A valid document again: diagnostics for it, and a hover.
    const [cnfFinal, sqlFinal] = [h.diagnostics(cnf.uri, await cnf.replace(MY_CNF)), h.diagnostics(sql.uri, await sql.replace(SQL))];
    expect((await cnfFinal).diagnostics.map((d) => d.code).sort()).toEqual(first[0]!.diagnostics.map((d) => d.code).sort());
    expect((await sqlFinal).diagnostics.map((d) => d.code).sort()).toEqual(first[1]!.diagnostics.map((d) => d.code).sort());
    const hover = await h.conn.sendRequest(HoverRequest.type, { textDocument: { uri: cnf.uri }, position: { line: 2, character: 5 } });
    expect(hover).toBeTruthy();
    expect((hover!.contents as MarkupContent).value).toMatch(/\*\*innodb_sort_buffer_size\*\*/);

    const heapAfter = heapUsed();
    const externalAfter = process.memoryUsage().external;
    const growthMb = (heapAfter - heapBefore) / 2 ** 20;
    console.log(
      `lsp-soak: ${sent} edits, ${lints} lints, ${requests}×3 requests in ${(soakMs / 1000).toFixed(1)} s; heap ${(heapBefore / 2 ** 20).toFixed(1)} → ${(heapAfter / 2 ** 20).toFixed(1)} MB (${growthMb >= 0 ? "+" : ""}${growthMb.toFixed(1)} MB${gc ? "" : ", no forced GC"}), external ${(externalBefore / 2 ** 20).toFixed(1)} → ${(externalAfter / 2 ** 20).toFixed(1)} MB`,
    );
    expect(growthMb).toBeLessThan(100);
  }, 120_000);
});

/**
 * The language server at protocol level: a vscode-languageserver-protocol client talks JSON-RPC to
 * startServer() over in-memory streams (and to `innolint lsp --stdio` as a child process).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { PassThrough } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  CancellationTokenSource,
  CodeActionRequest,
  CompletionRequest,
  CompletionResolveRequest,
  createProtocolConnection,
  DidChangeTextDocumentNotification,
  DidChangeWatchedFilesNotification,
  DidOpenTextDocumentNotification,
  ExecuteCommandRequest,
  FileChangeType,
  HoverRequest,
  InitializedNotification,
  InitializeRequest,
  PublishDiagnosticsNotification,
  RegistrationRequest,
  ShowDocumentRequest,
  StreamMessageReader,
  StreamMessageWriter,
  type CompletionItem,
  type Diagnostic,
  type MarkupContent,
  type ProtocolConnection,
  type PublishDiagnosticsParams,
} from "vscode-languageserver-protocol/node";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer, type InitOptions } from "../src/lsp/index.js";
import type { Finding } from "../src/finding.js";
import { loadRuleDocs, ruleDocsUrl } from "../src/knowledge.js";
import { scratch } from "./helpers/run.js";

const CONFIG = JSON.stringify({ root: true, target: "mysql-8.0.25" });
const MY_CNF = [
  "[mysqld]",
  "innodb_sort_buffer_size = 64M",
  "innodb_flush_log_at_trx_commit = 2",
  "innodb_buffer_pool_size = 1G",
  "sort_buffer_size = 2M",
  "sort_buffer_size = 4M",
  "innodb_buffer_pool_dump_at_shutdown = OFF",
  "",
].join("\n");

interface Client {
  conn: ProtocolConnection;
  dir: string;
  uri(name: string): string;
  open(name: string, text: string, languageId?: string): Promise<PublishDiagnosticsParams>;
  change(name: string, version: number, text: string): void;
  /** Resolves with the next diagnostics for the document that satisfy `ok`. */
  diagnostics(name: string, ok?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  registrations: unknown[];
  shown: string[];
  close(): void;
}

const clients: Client[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
});

type Transport = { reader: StreamMessageReader; writer: StreamMessageWriter; close(): void };

function inMemory(): Transport {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(server, { debounceMs: 20 });
  return { reader: new StreamMessageReader(toClient), writer: new StreamMessageWriter(toServer), close: () => server.dispose() };
}

function childProcess(child: ChildProcess): Transport {
  return {
    reader: new StreamMessageReader(child.stdout!),
    writer: new StreamMessageWriter(child.stdin!),
    close: () => child.kill(),
  };
}

/** `relativePatterns`: the client takes watchers relative to a base folder (as VS Code does). */
async function connect(dir: string, init: InitOptions = { debounceMs: 20 }, transport: Transport = inMemory(), relativePatterns = false): Promise<Client> {
  const conn = createProtocolConnection(transport.reader, transport.writer);
  const waiting: { uri: string; ok: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const latest = new Map<string, PublishDiagnosticsParams>();
  const registrations: unknown[] = [];
  const shown: string[] = [];
  conn.onNotification(PublishDiagnosticsNotification.type, (p) => {
    latest.set(p.uri, p);
    for (const w of [...waiting]) {
      if (w.uri === p.uri && w.ok(p)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve(p);
      }
    }
  });
  conn.onRequest(RegistrationRequest.type, (p) => {
    registrations.push(...p.registrations);
  });
  conn.onRequest(ShowDocumentRequest.type, (p) => {
    shown.push(p.uri);
    return { success: true };
  });
  conn.listen();
  const folder = pathToFileURL(dir).href;
  await conn.sendRequest(InitializeRequest.type, {
    processId: null,
    rootUri: folder,
    workspaceFolders: [{ uri: folder, name: "ws" }],
    capabilities: {
      workspace: { didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: relativePatterns } },
      window: { showDocument: { support: true } },
    },
    initializationOptions: init,
  });
  await conn.sendNotification(InitializedNotification.type, {});
  const uri = (name: string) => pathToFileURL(join(dir, name)).href;
  const client: Client = {
    conn,
    dir,
    uri,
    registrations,
    shown,
    diagnostics(name, ok = () => true) {
      return new Promise((done) => waiting.push({ uri: uri(name), ok, resolve: done }));
    },
    async open(name, text, languageId = "mysql-option-file") {
      const next = client.diagnostics(name);
      await conn.sendNotification(DidOpenTextDocumentNotification.type, { textDocument: { uri: uri(name), languageId, version: 1, text } });
      return next;
    },
    change(name, version, text) {
      void conn.sendNotification(DidChangeTextDocumentNotification.type, { textDocument: { uri: uri(name), version }, contentChanges: [{ text }] });
    },
    close() {
      conn.dispose();
      transport.close();
    },
  };
  clients.push(client);
  return client;
}

const byRule = (diags: Diagnostic[], rule: string) => diags.find((d) => d.code === rule);
/** Every glob pattern the server asked the client to watch. */
const watchedPatterns = (c: Client) =>
  c.registrations.flatMap((r) => {
    const { method, registerOptions } = r as { method: string; registerOptions?: { watchers?: { globPattern: unknown }[] } };
    return method === "workspace/didChangeWatchedFiles" ? (registerOptions?.watchers ?? []).map((w) => w.globPattern) : [];
  });
const messageOf = (d: Diagnostic) => (typeof d.message === "string" ? d.message : d.message.value);
const markdown = (h: unknown) => (h as { contents: MarkupContent } | null)?.contents.value ?? "";

describe("diagnostics", () => {
  it("does not lint a document above the editor's size bound, and says so on its first line", async () => {
    const c = await connect(scratch({ ".innolint.json": JSON.stringify({ root: true }) }));
    // Beyond the bound by one statement: 17 MB of SQL would take about 340 MB of parse tree.
    const statement = "INSERT INTO t VALUES (1, 'payload payload payload payload');\n";
    const text = statement.repeat(Math.ceil((16 * 2 ** 20) / statement.length) + 1);
    const d = await c.open("dump.sql", text, "sql");
    expect(d.diagnostics).toHaveLength(1);
    expect(d.diagnostics[0]?.range.start.line).toBe(0);
    expect(d.diagnostics[0]?.message).toMatch(/document is 16 MB, above the editor's 16 MB limit: it is not linted here; run innolint on the file/);
  });

  it("publishes the engine's findings with rule code, docs link, severity, impact line and the Finding as data", async () => {
    const dir = scratch({ ".innolint.json": CONFIG, "my.cnf": MY_CNF });
    const c = await connect(dir);
    const { diagnostics } = await c.open("my.cnf", MY_CNF);
    expect(diagnostics.map((d) => d.code).sort()).toEqual([
      "buffer-pool-dump-disabled",
      "duplicate-option",
      "relaxed-commit-durability",
      "sort-buffer-oversized",
    ]);
    const sort = byRule(diagnostics, "sort-buffer-oversized")!;
    expect(sort.range).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 29 } });
    expect(sort.severity).toBe(2);
    expect(sort.source).toBe("innolint");
    expect(sort.codeDescription?.href).toBe(ruleDocsUrl("sort-buffer-oversized"));
    const finding = sort.data as Finding;
    expect(finding.rule).toBe("sort-buffer-oversized");
    expect(finding.impact?.model).toBe("index_build");
    const lines = messageOf(sort).split("\n");
    expect(lines[0]).toBe(finding.message);
    expect(lines.at(-1)).toBe(finding.impact!.summary);
    expect(finding.impact!.summary).toMatch(/merge passes/);
    // The target comes from .innolint.json, as on the command line: no "assumed target" note.
    expect(sort.message).not.toMatch(/no target configured|assumed mysql/);
  });

  it("re-lints on change, debounced, and honours a target directive in the buffer", async () => {
    const dir = scratch({ ".innolint.json": CONFIG, "my.cnf": MY_CNF });
    const c = await connect(dir);
    await c.open("my.cnf", MY_CNF);
    const next = c.diagnostics("my.cnf", (p) => p.version === 4);
    c.change("my.cnf", 2, "[mysqld]\n");
    c.change("my.cnf", 3, "[mysqld]\ninnodb_sort_buffer_size = 1M\n");
    c.change("my.cnf", 4, "# innolint-target: mariadb-10.11\n[mysqld]\ninnodb_buffer_pool_instances = 8\n");
    const p = await next;
    expect(p.diagnostics.map((d) => d.code)).toEqual(["removed-variable"]);
    expect(p.diagnostics[0]!.message).toMatch(/removed in 10\.6/);
  });

  it("shows reader errors and never crashes on malformed, huge or deleted documents", async () => {
    const dir = scratch({ ".innolint.json": CONFIG, "my.cnf": MY_CNF, "bad.cnf": "" });
    const c = await connect(dir);
    const bad = await c.open("bad.cnf", "innodb_sort_buffer_size = 64M\n[mysqld\n\uFFFF = \uD800\n");
    expect(bad.diagnostics[0]!.message).toMatch(/without preceding group/);
    expect(bad.diagnostics[0]!.severity).toBe(1);
    expect(bad.diagnostics[0]!.range.start.line).toBe(0);
    const binary = await c.open("binary.cnf", "[mysqld]\n\u0000\u0001\n");
    expect(binary.diagnostics.map((d) => d.message).join("\n")).toMatch(/binary/);

    const huge = "[mysqld]\n" + "# filler line for a very large option file\n".repeat((50 * 1024 * 1024) / 43);
    const big = await c.open("huge.cnf", huge);
    expect(big.diagnostics.some((d) => /limit/.test(messageOf(d)))).toBe(true);

    rmSync(join(dir, "my.cnf"));
    const gone = await c.open("my.cnf", MY_CNF);
    expect(gone.diagnostics.map((d) => d.code)).toContain("sort-buffer-oversized");
    // Still answering.
    const hover = await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("my.cnf") }, position: { line: 1, character: 3 } });
    expect(markdown(hover)).toMatch(/innodb_sort_buffer_size/);
  });

  it("re-lints when .innolint.json changes while the server runs", async () => {
    const dir = scratch({ ".innolint.json": CONFIG, "my.cnf": MY_CNF });
    const c = await connect(dir);
    const first = await c.open("my.cnf", MY_CNF);
    expect(byRule(first.diagnostics, "duplicate-option")).toBeDefined();
    expect(c.registrations.some((r) => (r as { method: string }).method === "workspace/didChangeWatchedFiles")).toBe(true);
    writeFileSync(
      join(dir, ".innolint.json"),
      JSON.stringify({ root: true, target: "mysql-8.0.25", rules: { "duplicate-option": "off", "sort-buffer-oversized": "error" } }),
    );
    const next = c.diagnostics("my.cnf", (p) => !byRule(p.diagnostics, "duplicate-option"));
    await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: c.uri(".innolint.json"), type: FileChangeType.Changed }] });
    const p = await next;
    expect(byRule(p.diagnostics, "sort-buffer-oversized")!.severity).toBe(1);

    writeFileSync(join(dir, ".innolint.json"), "{ not json");
    const broken = c.diagnostics("my.cnf", (p) => p.diagnostics.some((d) => /not valid JSON/.test(messageOf(d))));
    await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: c.uri(".innolint.json"), type: FileChangeType.Changed }] });
    await broken;
  });

  it("re-lints when an included option file changes", async () => {
    const dir = scratch({ ".innolint.json": CONFIG, "conf.d/extra.cnf": "[mysqld]\nsort_buffer_size = 2M\n" });
    const c = await connect(dir);
    const text = "[mysqld]\nsort_buffer_size = 1M\n!includedir conf.d\n";
    const first = await c.open("my.cnf", text);
    expect(byRule(first.diagnostics, "duplicate-option")).toBeDefined();
    writeFileSync(join(dir, "conf.d/extra.cnf"), "[mysqld]\nmax_connections = 10\n");
    const next = c.diagnostics("my.cnf", (p) => !byRule(p.diagnostics, "duplicate-option"));
    await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: c.uri("conf.d/extra.cnf"), type: FileChangeType.Changed }] });
    await next;
  });

  it("watches the configuration file configPath names, whatever its name, and re-lints when it changes", async () => {
    const dir = scratch({ "lint/prod-rules.json": CONFIG, "my.cnf": MY_CNF });
    const config = join(dir, "lint/prod-rules.json");
    for (const relative of [false, true]) {
      writeFileSync(config, CONFIG);
      const c = await connect(dir, { debounceMs: 20, settings: { configPath: "lint/prod-rules.json" } }, inMemory(), relative);
      expect(byRule((await c.open("my.cnf", MY_CNF)).diagnostics, "duplicate-option")).toBeDefined();
      const expected = relative ? { baseUri: pathToFileURL(join(dir, "lint")).href, pattern: "prod-rules.json" } : config;
      await expect.poll(() => watchedPatterns(c)).toContainEqual(expected);
      writeFileSync(config, JSON.stringify({ root: true, target: "mysql-8.0.25", rules: { "duplicate-option": "off" } }));
      const next = c.diagnostics("my.cnf", (p) => !byRule(p.diagnostics, "duplicate-option"));
      await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: pathToFileURL(config).href, type: FileChangeType.Changed }] });
      await next;
    }
  });

  it("watches the option file a configuration names and re-lints SQL documents when it changes", async () => {
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", optionFile: "deploy/server.conf" }),
      "deploy/server.conf": "[mysqld]\ninnodb_buffer_pool_size = 512M\n",
    });
    const c = await connect(dir, { debounceMs: 20 }, inMemory(), true);
    const severity = (p: PublishDiagnosticsParams) => p.diagnostics.find((d) => d.code === "drop-truncate-buffer-pool-stall")?.severity;
    expect(severity(await c.open("m.sql", "DROP TABLE t;\n", "sql"))).toBe(3);
    await expect.poll(() => watchedPatterns(c)).toContainEqual({ baseUri: pathToFileURL(join(dir, "deploy")).href, pattern: "server.conf" });
    writeFileSync(join(dir, "deploy/server.conf"), "[mysqld]\ninnodb_buffer_pool_size = 96G\n");
    const next = c.diagnostics("m.sql", (p) => severity(p) === 2);
    await c.conn.sendNotification(DidChangeWatchedFilesNotification.type, { changes: [{ uri: c.uri("deploy/server.conf"), type: FileChangeType.Changed }] });
    await next;
  });

  it("checks an open .innolint.json: each problem on the line of its key", async () => {
    const dir = scratch({});
    const c = await connect(dir);
    const text =
      '{\n  "root": true,\n  "rules": {\n    "sort-buffer-oversizd": "off",\n    "partition-count-high": ["error", { "threshold": "lots" }]\n  }\n}\n';
    const { diagnostics } = await c.open(".innolint.json", text, "json");
    expect(diagnostics.map((d) => [d.range.start.line, d.range.start.character, d.severity, d.message])).toEqual([
      [3, 4, 1, 'unknown rule "sort-buffer-oversizd"; did you mean "sort-buffer-oversized"? (innolint rules lists them)'],
      [4, 4, 1, 'rule "partition-count-high": option "threshold" must be an integer, not "lots"'],
    ]);
    const fixed = c.diagnostics(".innolint.json", (p) => p.version === 2);
    c.change(".innolint.json", 2, '{ "root": true, "rules": { "sort-buffer-oversized": ["error", { "threshold": "128M" }] } }\n');
    expect((await fixed).diagnostics).toEqual([]);
  });

  it("reports an editor rule setting naming no rule", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir, { debounceMs: 20, settings: { rules: { "sort-bufer-oversized": "off" } } });
    const { diagnostics } = await c.open("my.cnf", MY_CNF);
    expect(diagnostics.filter((d) => d.code === undefined).map((d) => [d.range.start.line, d.message])).toEqual([
      [0, 'innolint.rules: unknown rule "sort-bufer-oversized"; did you mean "sort-buffer-oversized"? (innolint rules lists them)'],
    ]);
  });

  it("applies editor settings: target, rule severities, impact in messages", async () => {
    const dir = scratch({ "my.cnf": MY_CNF });
    const c = await connect(dir, {
      debounceMs: 20,
      settings: { target: "mysql-8.0.25", rules: { "relaxed-commit-durability": "off", "duplicate-option": "info" }, showImpact: false },
    });
    const { diagnostics } = await c.open("my.cnf", MY_CNF);
    expect(byRule(diagnostics, "relaxed-commit-durability")).toBeUndefined();
    expect(byRule(diagnostics, "duplicate-option")!.severity).toBe(3);
    const sort = byRule(diagnostics, "sort-buffer-oversized")!;
    const f = sort.data as Finding;
    expect(sort.message).toBe([f.message, ...(f.notes ?? [])].join("\n"));
    expect((sort.data as Finding).impact).toBeDefined();
  });

  it("lays editor rule severities over the configuration in the engine: off keeps suppressions used, SQL findings too", async () => {
    const text =
      "[mysqld]\n# innolint-disable-next-line relaxed-commit-durability\ninnodb_flush_log_at_trx_commit = 2\nsort_buffer_size = 2M\nsort_buffer_size = 4M\n";
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", rules: { "duplicate-option": "off" } }) });
    const settings = { rules: { "relaxed-commit-durability": "off", "duplicate-option": "error", "drop-truncate-buffer-pool-stall": "error" } } as const;
    const c = await connect(dir, { debounceMs: 20, settings });
    const { diagnostics } = await c.open("my.cnf", text);
    expect(diagnostics.map((d) => [d.code, d.severity])).toEqual([["duplicate-option", 1]]);
    const sql = await c.open("m.sql", "DROP TABLE t;\n", "sql");
    expect(sql.diagnostics.map((d) => [d.code, d.severity])).toEqual([["drop-truncate-buffer-pool-stall", 1]]);
  });

  it("in an untrusted workspace does not follow !include outside it", async () => {
    const outside = scratch({ "secret.cnf": "[mysqld]\nsort_buffer_size = 2M\n" });
    // The trusted workspace follows includes outside the project because the configuration says so.
    const dir = scratch({ ".innolint.json": JSON.stringify({ ...JSON.parse(CONFIG), includes: "follow" }), "inner.cnf": "[mysqld]\nmax_connections = 10\n" });
    symlinkSync(join(outside, "secret.cnf"), join(dir, "link.cnf"));
    const text = `[mysqld]\nsort_buffer_size = 1M\n!include ${join(outside, "secret.cnf")}\n!include ${join(dir, "inner.cnf")}\n!include ${join(dir, "link.cnf")}\n`;
    const trusted = await connect(dir);
    expect(byRule((await trusted.open("my.cnf", text)).diagnostics, "duplicate-option")).toBeDefined();
    const untrusted = await connect(dir, { debounceMs: 20, trusted: false });
    const { diagnostics } = await untrusted.open("my.cnf", text);
    expect(byRule(diagnostics, "duplicate-option")).toBeUndefined();
    const notes = diagnostics.filter((d) => /not followed/.test(messageOf(d)));
    expect(notes.map((d) => d.range.start.line)).toEqual([2, 4]);
    expect(notes.map((d) => d.severity)).toEqual([3, 3]);
  });

  it("in an untrusted workspace reads no option file outside it, nested or named by the configuration", async () => {
    const outside = scratch({ "secret.cnf": "[mysqld]\nsort_buffer_size = 2M\n", "big.cnf": "[mysqld]\ninnodb_buffer_pool_size = 96G\n" });
    const dir = scratch({
      ".innolint.json": JSON.stringify({ root: true, target: "mysql-5.7.44", optionFile: join(outside, "big.cnf"), includes: "follow" }),
      "inner.cnf": `[mysqld]\nmax_connections = 10\n!include ${join(outside, "secret.cnf")}\n`,
    });
    const text = "[mysqld]\nsort_buffer_size = 1M\n!include inner.cnf\n";
    const trusted = await connect(dir);
    expect(byRule((await trusted.open("my.cnf", text)).diagnostics, "duplicate-option")).toBeDefined();
    // The option file the configuration names sets a 96G pool: DROP stalls are warnings.
    expect((await trusted.open("m.sql", "DROP TABLE t;\n", "sql")).diagnostics.map((d) => d.severity)).toEqual([2]);

    const untrusted = await connect(dir, { debounceMs: 20, trusted: false });
    const { diagnostics } = await untrusted.open("my.cnf", text);
    expect(byRule(diagnostics, "duplicate-option")).toBeUndefined();
    const note = diagnostics.find((d) => /not followed/.test(messageOf(d)))!;
    expect(note.range.start.line).toBe(2);
    expect(messageOf(note)).toBe(
      `inner.cnf:3: not followed: ${join(outside, "secret.cnf")} is outside the workspace, and innolint reads nothing outside an untrusted workspace`,
    );
    expect(note.severity).toBe(3);
    // Without that file the pool is the 128M default: the stall is information, and the editor says why.
    const sql = await untrusted.open("m.sql", "DROP TABLE t;\n", "sql");
    expect(sql.diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ["drop-truncate-buffer-pool-stall", 3],
      [undefined, 3],
    ]);
    expect(messageOf(sql.diagnostics[1]!)).toBe(
      `${join(outside, "big.cnf")}: not followed: ${join(outside, "big.cnf")} is outside the workspace, and innolint reads nothing outside an untrusted workspace`,
    );
  });
});

describe("SQL documents", () => {
  const sqlDocs = [...loadRuleDocs().values()].filter((d) => d.language === "sql");
  it.skipIf(sqlDocs.length === 0)("go through the engine's SQL front end: every SQL rule's first example fires in the editor too", async () => {
    for (const doc of sqlDocs) {
      const ex = doc.examples.fires[0]!;
      const dir = scratch({ ".innolint.json": JSON.stringify({ root: true }) });
      const c = await connect(dir, { debounceMs: 20, settings: ex.target ? { target: ex.target } : {} });
      const { diagnostics } = await c.open(ex.file, ex.code, "sql");
      expect(
        diagnostics.map((d) => d.code),
        `${doc.id}: ${ex.description}`,
      ).toContain(doc.id);
    }
  });
});

describe("hover", () => {
  it("shows a variable's knowledge-base entry for the target and its effective value with file:line", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir);
    await c.open("my.cnf", MY_CNF);
    const at = (line: number, character: number) =>
      c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("my.cnf") }, position: { line, character } });
    const pool = markdown(await at(3, 5));
    expect(pool).toMatch(/\*\*innodb_buffer_pool_size\*\* \(mysql-8\.0\.25/);
    expect(pool).toMatch(/Default: 128M \(134217728\)/);
    expect(pool).toMatch(/Dynamic: yes/);
    expect(pool).toMatch(/Effective value: \*\*1G \(1073741824\)\*\*.*my\.cnf:4/);
    const dup = markdown(await at(4, 3));
    expect(dup).toMatch(/Effective value: \*\*4M.*my\.cnf:6/);
    expect(dup).toMatch(/This line \(my\.cnf:5\) is overridden/);
    const sort = markdown(await at(1, 3));
    expect(sort).toMatch(/Rules: .*\[sort-buffer-oversized\]\(https:/);
    expect(sort).toMatch(/Range: 64K \(65536\) to 64M \(67108864\)/);
    // ... and the rule's evidence with status, since the name is inside the finding's range.
    expect(sort).toMatch(/\*\*Evidence\*\*/);
    expect(sort).toMatch(/\[(CONFIRMED|RETRACTED|DISPUTED)\]/);
    expect(await at(0, 2)).toBeNull();
  });

  it("shows the rule's evidence with status on a finding's value", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir);
    await c.open("my.cnf", "[mysqld]\ninnodb_buffer_pool_instances = 64\ninnodb_buffer_pool_size = 512M\n");
    const h = markdown(await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("my.cnf") }, position: { line: 1, character: 32 } }));
    expect(h).toMatch(/^### buffer-pool-instances-ignored/);
    expect(h).toMatch(/\[RETRACTED\]/);
    expect(h).not.toMatch(/\*\*innodb_buffer_pool_instances\*\*/);
  });

  it("shows on an ALTER what the server does and the estimate, the same line the review comment lists", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22", tables: { orders: { rows: 2e8, dataSize: "70G" } } }) });
    const c = await connect(dir);
    const diagnostics = await c.open("m.sql", "ALTER TABLE orders ADD COLUMN coupon VARCHAR(32) AFTER id;\n", "sql");
    expect(diagnostics.diagnostics.map((d) => d.code)).toContain("alter-rebuilds-table");
    const h = markdown(await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("m.sql") }, position: { line: 0, character: 5 } }));
    expect(h).toMatch(
      /^\*\*Online DDL\*\*: orders \(70G, 2\.0e8 rows, declared in \.innolint\.json\): in place \(rebuild\), about [\d.]+ (min|h) on a stock server, [\d.]+ h at the measured Aurora r5\.2xlarge's pace; if the table takes [\d,]+ writes\/s meanwhile \(assumed\), the online row log fills innodb_online_alter_log_max_size=128M after about/,
    );
    expect(h).toMatch(/### alter-rebuilds-table/);
  });

  it("shows what the server does on an ALTER no rule reports on", async () => {
    const dir = scratch({ ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }) });
    const c = await connect(dir);
    const diagnostics = await c.open("m.sql", "CREATE TABLE t (id INT PRIMARY KEY);\nALTER TABLE t ADD COLUMN note VARCHAR(32);\n", "sql");
    expect(diagnostics.diagnostics).toEqual([]);
    const h = markdown(await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("m.sql") }, position: { line: 1, character: 5 } }));
    // The table is created in the same file, so it holds no rows: no size, no estimate.
    expect(h).toBe("**Online DDL**: t: instant");
    // After an edit below it, the statement's kept analysis keeps its note.
    const next = c.diagnostics("m.sql", (p) => p.version === 2);
    c.change("m.sql", 2, "CREATE TABLE t (id INT PRIMARY KEY);\nALTER TABLE t ADD COLUMN note VARCHAR(32);\nALTER TABLE t ADD INDEX (note);\n");
    await next;
    const at = async (line: number) =>
      markdown(await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("m.sql") }, position: { line, character: 5 } }));
    expect(await at(1)).toBe("**Online DDL**: t: instant");
    expect(await at(2)).toBe("**Online DDL**: t: in place");
  });

  it("is cancellable", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir);
    await c.open("my.cnf", MY_CNF);
    c.change("my.cnf", 2, MY_CNF + "max_connections = 10\n");
    const source = new CancellationTokenSource();
    const pending = c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("my.cnf") }, position: { line: 1, character: 3 } }, source.token);
    source.cancel();
    await expect(pending).rejects.toMatchObject({ code: -32800 });
    // The server keeps serving afterwards.
    const h = await c.conn.sendRequest(HoverRequest.type, { textDocument: { uri: c.uri("my.cnf") }, position: { line: 7, character: 3 } });
    expect(markdown(h)).toMatch(/max_connections/);
  });
});

describe("completion", () => {
  it("offers variable names with defaults, enum values after '=', groups inside '['", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir);
    const text = "[mysqld]\ninnodb_flush_m\ninnodb_flush_method = \n[\nlog_bin = \nlog_slave_updates = \n";
    await c.open("my.cnf", text);
    const complete = async (line: number, character: number) =>
      (await c.conn.sendRequest(CompletionRequest.type, { textDocument: { uri: c.uri("my.cnf") }, position: { line, character } })) as CompletionItem[];
    const names = await complete(1, 14);
    const pool = names.find((i) => i.label === "innodb_buffer_pool_size")!;
    expect(pool.detail).toBe("default 128M (134217728)");
    expect(names.some((i) => i.label === "innodb_flush_method")).toBe(true);
    expect(names.some((i) => i.label === "query_cache_size")).toBe(false); // removed in 8.0
    const resolved = await c.conn.sendRequest(CompletionResolveRequest.type, pool);
    expect((resolved.documentation as MarkupContent).value).toMatch(/caching table and index pages/);
    const values = (await complete(2, 22)).map((i) => i.label);
    expect(values).toContain("O_DIRECT");
    expect(values).toContain("fsync");
    const groups = (await complete(3, 1)).map((i) => i.label);
    expect(groups).toContain("mysqld");
    expect(groups).toContain("mysqld-8.0");
    // log-bin takes a file base name: ON and OFF would name the files, not switch the log.
    expect(await complete(4, 10)).toEqual([]);
    expect((await complete(5, 20)).map((i) => i.label)).toEqual(["ON", "OFF"]);
  });

  it("uses the target of the document: MariaDB names for a MariaDB directive", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir);
    await c.open("my.cnf", "# innolint-target: mariadb-10.11\n[mysqld]\naria\n");
    const items = (await c.conn.sendRequest(CompletionRequest.type, {
      textDocument: { uri: c.uri("my.cnf") },
      position: { line: 2, character: 4 },
    })) as CompletionItem[];
    expect(items.some((i) => i.label === "aria_pagecache_buffer_size")).toBe(true);
  });
});

describe("code actions", () => {
  it("offers each fix with its safety, disable-for-line, disable-for-file and the docs", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir);
    const { diagnostics } = await c.open("my.cnf", MY_CNF);
    const actionsFor = (rule: string) => {
      const d = byRule(diagnostics, rule)!;
      return c.conn.sendRequest(CodeActionRequest.type, { textDocument: { uri: c.uri("my.cnf") }, range: d.range, context: { diagnostics: [d] } });
    };
    const dump = (await actionsFor("buffer-pool-dump-disabled")) as import("vscode-languageserver-protocol").CodeAction[];
    const fix = dump.find((a) => a.title.startsWith("Fix (safe)"))!;
    expect(fix.isPreferred).toBe(true);
    expect(fix.edit?.changes?.[c.uri("my.cnf")]).toEqual([
      { range: { start: { line: 6, character: 0 }, end: { line: 6, character: 41 } }, newText: "innodb_buffer_pool_dump_at_shutdown = ON" },
    ]);
    const sort = (await actionsFor("sort-buffer-oversized")) as import("vscode-languageserver-protocol").CodeAction[];
    expect(sort.map((a) => a.title)).toEqual([
      "Fix (unsafe): return to the 1M default",
      "Disable sort-buffer-oversized for this line",
      "Disable sort-buffer-oversized for this file",
      "Open the docs for sort-buffer-oversized",
    ]);
    expect(sort[0]!.isPreferred).toBe(false);
    expect(sort[1]!.edit?.changes?.[c.uri("my.cnf")]?.[0]).toEqual({
      range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } },
      newText: "# innolint-disable-next-line sort-buffer-oversized\n",
    });
    expect(sort[2]!.edit?.changes?.[c.uri("my.cnf")]?.[0]?.newText).toBe("# innolint-disable sort-buffer-oversized\n");
    // The suppression really suppresses: apply it and re-lint.
    const next = c.diagnostics("my.cnf", (p) => p.version === 2);
    c.change("my.cnf", 2, MY_CNF.replace("innodb_sort_buffer_size", "# innolint-disable-next-line sort-buffer-oversized\ninnodb_sort_buffer_size"));
    expect(byRule((await next).diagnostics, "sort-buffer-oversized")).toBeUndefined();

    const docs = sort[3]!.command!;
    await c.conn.sendRequest(ExecuteCommandRequest.type, { command: docs.command, arguments: docs.arguments ?? [] });
    expect(c.shown).toEqual([ruleDocsUrl("sort-buffer-oversized")]);
  });
});

describe("the extension's requests", () => {
  it("answers rule docs, a simulation chart with the setting marked, and the effective configuration", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const c = await connect(dir);
    await c.open("my.cnf", MY_CNF);
    const doc = (await c.conn.sendRequest("innolint/ruleDoc", { uri: c.uri("my.cnf"), position: { line: 2, character: 4 } })) as {
      id: string;
      markdown: string;
    };
    expect(doc.id).toBe("relaxed-commit-durability");
    expect(doc.markdown).toMatch(/^# relaxed-commit-durability/);
    const sim = (await c.conn.sendRequest("innolint/simulate", { uri: c.uri("my.cnf"), position: { line: 1, character: 4 } })) as {
      svg: string;
      model: string;
      note: string;
    };
    expect(sim.model).toBe("index_build");
    expect(sim.svg).toMatch(/^<svg/);
    expect(sim.svg).toContain("configured: 64M");
    expect(sim.note).toMatch(/innodb_sort_buffer_size = 64M \(67108864\) \(from my\.cnf:2\)/);
    const none = (await c.conn.sendRequest("innolint/simulate", { uri: c.uri("my.cnf"), position: { line: 0, character: 1 } })) as { error: string };
    expect(none.error).toMatch(/cursor/);
    const eff = (await c.conn.sendRequest("innolint/effectiveConfig", { uri: c.uri("my.cnf") })) as {
      markdown: string;
      rows: { variable: string; line: number }[];
    };
    expect(eff.rows.find((r) => r.variable === "sort_buffer_size")?.line).toBe(6);
    expect(eff.markdown).toMatch(/\| innodb_buffer_pool_size \| `1G` \| 1G \(1073741824\) \| my\.cnf:4 \[mysqld\] \|/);
    expect(eff.markdown).toContain("| innodb_buffer_pool_dump_at_shutdown | `OFF` | OFF | my.cnf:7 [mysqld] |");
    // Booleans, enums and prefixes in the spelling SHOW VARIABLES uses, not left blank.
    await c.open("forms.cnf", "[mysqld]\nskip-innodb-adaptive-hash-index\nbinlog_format = row\ninnodb_buffer_pool_load_at_startup = 1\nlog_bin = mysql-bin\n");
    const forms = (await c.conn.sendRequest("innolint/effectiveConfig", { uri: c.uri("forms.cnf") })) as {
      rows: { variable: string; value: string | null; effective?: string }[];
    };
    expect(Object.fromEntries(forms.rows.map((r) => [r.variable, [r.value, r.effective]]))).toEqual({
      innodb_adaptive_hash_index: [null, "OFF"],
      binlog_format: ["row", "ROW"],
      innodb_buffer_pool_load_at_startup: ["1", "ON"],
      log_bin: ["mysql-bin", undefined],
    });
  });
});

const here = fileURLToPath(new URL(".", import.meta.url));
const bundles = {
  "innolint lsp --stdio (the CLI bundle)": [resolve(here, "../dist/cli.js"), "lsp", "--stdio"],
  "the VS Code extension's dist/server.js": [resolve(here, "../../vscode-extension/dist/server.js"), "--stdio"],
};

describe("innolint lsp --config", () => {
  const cli = resolve(here, "../dist/cli.js");
  it.skipIf(!existsSync(cli))("uses and watches that configuration file unless the client names another", async () => {
    const dir = scratch({ "ci/lint.json": JSON.stringify({ root: true, target: "mariadb-10.11", rules: { "sort-buffer-oversized": "off" } }) });
    const child = spawn(process.execPath, [cli, "lsp", "--stdio", "--config", "ci/lint.json"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
    const c = await connect(dir, { debounceMs: 20 }, childProcess(child));
    const { diagnostics } = await c.open("my.cnf", "[mysqld]\ninnodb_sort_buffer_size = 64M\ninnodb_buffer_pool_instances = 8\n");
    expect(diagnostics.map((d) => d.code)).toEqual(["removed-variable"]);
    await expect.poll(() => watchedPatterns(c)).toContainEqual(join(dir, "ci/lint.json"));
    const other = await connect(
      dir,
      { debounceMs: 20, settings: { configPath: join(dir, "nowhere.json") } },
      childProcess(spawn(process.execPath, [cli, "lsp", "--stdio", "--config", "ci/lint.json"], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] })),
    );
    expect((await other.open("my.cnf", "[mysqld]\n")).diagnostics.map((d) => d.message).join("\n")).toMatch(/nowhere\.json/);
  });
});

describe.each(Object.entries(bundles))("%s as a child process", (_name, [bundle, ...args]) => {
  if (!existsSync(bundle!)) console.warn(`lsp: skipped: ${bundle} is not built (npm run build)`);
  it.skipIf(!existsSync(bundle!))("serves diagnostics over stdio and exits on shutdown + exit", async () => {
    const dir = scratch({ ".innolint.json": CONFIG });
    const child = spawn(process.execPath, [bundle!, ...args], { cwd: dir, stdio: ["pipe", "pipe", "inherit"] });
    const c = await connect(dir, { debounceMs: 20 }, childProcess(child));
    const { diagnostics } = await c.open("my.cnf", MY_CNF);
    expect(byRule(diagnostics, "sort-buffer-oversized")?.message).toMatch(/merge passes/);
    const exited = new Promise<number | null>((done) => child.on("exit", done));
    await c.conn.sendRequest("shutdown");
    await c.conn.sendNotification("exit");
    expect(await exited).toBe(0);
  });
});

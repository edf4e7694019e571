import { join } from "node:path";
import { PassThrough } from "node:stream";
import { pathToFileURL } from "node:url";
import { StreamMessageReader, StreamMessageWriter, type Message, type PublishDiagnosticsParams } from "vscode-languageserver-protocol/node";
import { createConnection, ProposedFeatures } from "vscode-languageserver/node";
import { startServer, type InitOptions } from "../../src/lsp/index.js";

/**
 * The language server started in-process over in-memory streams, driven at the byte level: a test
 * (or the fuzz harness) can send any JSON-RPC message, well-formed or not, and still tell whether
 * the server answers.
 */
export interface LspSession {
  uri(name: string): string;
  /** A JSON-RPC message as is (any shape), framed with its Content-Length. */
  sendRaw(message: unknown): void;
  /** Bytes as is: headers, bodies and framing errors. */
  sendBytes(bytes: string | Buffer): void;
  request(method: string, params: unknown, timeoutMs?: number): Promise<{ result?: unknown; error?: { code: number; message: string } } | "timeout">;
  open(name: string, text: string, languageId?: string): Promise<PublishDiagnosticsParams>;
  /** Whether the server answers a request within the time limit. */
  alive(timeoutMs?: number): Promise<boolean>;
  /** window/logMessage and window/showMessage texts. */
  logs: string[];
  /** Settings the server gets when it pulls workspace/configuration. */
  settings: Record<string, unknown>;
  /** Every notification and request the server sent, in order. */
  received: { method: string; params: unknown }[];
  /** shutdown and exit (unless the stream is known broken), then the streams closed. */
  close(graceful?: boolean): Promise<void>;
}

export async function lspSession(
  dir: string,
  init: InitOptions = {},
  pullConfiguration = false,
  windowCapabilities: Record<string, unknown> = {},
): Promise<LspSession> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  startServer(server, { debounceMs: 0 });
  const reader = new StreamMessageReader(toClient);
  const writer = new StreamMessageWriter(toServer);
  let nextId = 1_000_000;
  const pending = new Map<number | string, (m: { result?: unknown; error?: { code: number; message: string } }) => void>();
  const diagnostics: { uri: string; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const session: LspSession = {
    uri: (name) => pathToFileURL(join(dir, name)).href,
    sendRaw(message) {
      const body = Buffer.from(JSON.stringify(message), "utf8");
      toServer.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, "ascii"), body]));
    },
    sendBytes(bytes) {
      toServer.write(bytes);
    },
    request(method, params, timeoutMs = 10_000) {
      const id = nextId++;
      return new Promise((done) => {
        const timer = setTimeout(() => {
          pending.delete(id);
          done("timeout");
        }, timeoutMs);
        pending.set(id, (m) => {
          clearTimeout(timer);
          done(m);
        });
        session.sendRaw({ jsonrpc: "2.0", id, method, params });
      });
    },
    open(name, text, languageId = name.endsWith(".sql") ? "sql" : "mysql-option-file") {
      const uri = session.uri(name);
      const next = new Promise<PublishDiagnosticsParams>((resolve) => diagnostics.push({ uri, resolve }));
      session.sendRaw({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri, languageId, version: 1, text } } });
      return next;
    },
    async alive(timeoutMs = 10_000) {
      const r = await session.request(
        "textDocument/hover",
        { textDocument: { uri: session.uri("__alive__.cnf") }, position: { line: 0, character: 0 } },
        timeoutMs,
      );
      return r !== "timeout" && r.error === undefined;
    },
    logs: [],
    settings: {},
    received: [],
    async close(graceful = true) {
      if (graceful) {
        await session.request("shutdown", null, 10_000);
        session.sendRaw({ jsonrpc: "2.0", method: "exit" });
        await new Promise((done) => setTimeout(done, 5));
      }
      reader.dispose();
      writer.dispose();
      server.dispose();
      toServer.destroy();
      toClient.destroy();
    },
  };
  reader.listen((m: Message) => {
    const msg = m as { id?: number | string; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string } };
    if (msg.method === undefined && msg.id !== undefined) {
      const done = pending.get(msg.id);
      pending.delete(msg.id);
      done?.(msg);
      return;
    }
    if (msg.method) session.received.push({ method: msg.method, params: msg.params });
    if (msg.method === "textDocument/publishDiagnostics") {
      const p = msg.params as PublishDiagnosticsParams;
      const i = diagnostics.findIndex((d) => d.uri === p.uri);
      if (i >= 0) diagnostics.splice(i, 1)[0]!.resolve(p);
      return;
    }
    if (msg.method === "window/logMessage" || msg.method === "window/showMessage") {
      session.logs.push(String((msg.params as { message?: unknown }).message));
      return;
    }
    if (msg.id !== undefined && msg.method) {
      // A request from the server: configuration pulls get the session's settings, the rest null.
      const items = (msg.params as { items?: unknown[] } | undefined)?.items;
      const result = msg.method === "workspace/configuration" ? (items ?? []).map(() => session.settings) : null;
      void writer.write({ jsonrpc: "2.0", id: msg.id, result } as Message);
    }
  });
  const folder = pathToFileURL(dir).href;
  const init0 = await session.request("initialize", {
    processId: null,
    rootUri: folder,
    workspaceFolders: [{ uri: folder, name: "ws" }],
    capabilities: { workspace: { configuration: pullConfiguration, didChangeWatchedFiles: { dynamicRegistration: true } }, window: windowCapabilities },
    initializationOptions: { debounceMs: 0, ...init },
  });
  if (init0 === "timeout" || init0.error) throw new Error(`initialize failed: ${JSON.stringify(init0)}`);
  session.sendRaw({ jsonrpc: "2.0", method: "initialized", params: {} });
  return session;
}

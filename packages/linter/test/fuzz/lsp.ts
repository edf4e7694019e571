/**
 * Fuzzing the language server at the protocol level: sessions of random, malformed and hostile
 * JSON-RPC messages and edit sequences against startServer() in-process. A case fails when the
 * process sees an uncaught exception or unhandled rejection, when the server stops answering (a
 * liveness request unanswered within the time limit, a hang), or when it logs an exception of its
 * own code (a handler that failed with a TypeError and the like).
 */
import { join } from "node:path";
import { lspSession, type LspSession } from "../helpers/lsp-session.js";
import { mutateText, Random, randomValue } from "./random.js";

const CNF = [
  "[mysqld]\ninnodb_sort_buffer_size = 64M\nsync_binlog = 0\nmax_connections = 1\nmax_connections = 2\n",
  "[client]\ninnodb_buffer_pool_size = 1G\n[mysqld]\n!include other.cnf\n!includedir conf.d\n# innolint-disable duplicate-option\n",
  "# innolint-target: mysql-8.0.22\n[mysqld]\ninnodb_flush_log_at_trx_commit = 2\ninnodb_buffer_pool_instances = 64\ninnodb_buffer_pool_size = 1G\n",
  '[mysqld]\nloose-innodb_foo = 1\nskip-log-bin\nsort_buffer_size="4M" # x\n',
];
const SQL = [
  "CREATE TABLE t (id INT PRIMARY KEY, a INT) PARTITION BY HASH(id) PARTITIONS 16;\nSELECT * FROM t WHERE a = 1;\nDROP TABLE t;\n",
  "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END;;\nDELIMITER ;\nALTER TABLE t ADD INDEX i (a), ADD INDEX j (b);\n",
  "SET GLOBAL innodb_sort_buffer_size = 67108864;\nTRUNCATE TABLE x;\n/*!80023 DROP TABLE y */;\n-- innolint-disable-next-line drop-truncate-buffer-pool-stall\nDROP TABLE z;\n",
  "CREATE TABLE `a``b` (`c\nd` INT) PARTITION BY RANGE (c) (PARTITION p0 VALUES LESS THAN (10), PARTITION p1 VALUES LESS THAN MAXVALUE);\n",
];
const LANGUAGES = ["mysql-option-file", "sql", "mysql", "ini", "plaintext", "", "🙂"];
const METHODS = [
  "textDocument/hover",
  "textDocument/completion",
  "completionItem/resolve",
  "textDocument/codeAction",
  "workspace/executeCommand",
  "innolint/ruleDoc",
  "innolint/simulate",
  "innolint/effectiveConfig",
  "textDocument/definition",
  "$/cancelRequest",
  "workspace/didChangeConfiguration",
  "workspace/didChangeWatchedFiles",
  "innolint/workspaceTrust",
  "no/such/method",
  "",
];

export interface FuzzOptions {
  seed: number;
  cases: number;
  /** A directory with my.cnf, a FIFO and a link to /dev/zero (the harness's test makes it). */
  dir: string;
  /** Messages per server before a fresh one is started. */
  sessionLength?: number;
  livenessMs?: number;
  /** Replays one session (a failure's "session seed") instead of drawing them from `seed`. */
  sessionSeed?: number;
}

export interface FuzzResult {
  cases: number;
  sessions: number;
  failures: string[];
  /** Requests refused with InvalidParams or MethodNotFound (malformed params may be refused; a handler may not throw). */
  refused: number;
}

/** Exceptions from innolint's own code, as jsonrpc logs a notification handler that threw. */
const OWN_EXCEPTION = /handler '[^']*' failed|failed unexpectedly|(TypeError|ReferenceError|RangeError|SyntaxError)\b|at .*\/src\/|uncaught|unhandled/;
/** JSON-RPC InternalError: what jsonrpc answers when a request handler threw. */
const INTERNAL_ERROR = -32603;

interface Doc {
  name: string;
  version: number;
  text: string;
}

export async function fuzzLanguageServer(options: FuzzOptions): Promise<FuzzResult> {
  const r = new Random(options.seed);
  const sessionLength = options.sessionLength ?? 40;
  const livenessMs = options.livenessMs ?? 20_000;
  const result: FuzzResult = { cases: 0, sessions: 0, failures: [], refused: 0 };
  const crashes: string[] = [];
  // While a session's streams are torn down, the protocol library rejects what it still had in
  // flight ("Connection is disposed", a write after destroy): no frame of innolint's is in those.
  let tearingDown = false;
  const teardownNoise = (stack: string) => /Connection is disposed|write after a stream was destroyed/.test(stack) && !/\/packages\/linter\/src\//.test(stack);
  const onCrash = (kind: string) => (e: unknown) => {
    const stack = String((e as Error)?.stack ?? e);
    if (!(tearingDown && teardownNoise(stack))) crashes.push(`${kind}: ${stack}`);
  };
  const uncaught = onCrash("uncaught exception");
  const rejected = onCrash("unhandled rejection");
  process.on("uncaughtException", uncaught);
  process.on("unhandledRejection", rejected);
  const paths = ["my.cnf", "fifo", "zero.cnf", ".", "missing.json", "other.cnf", "/dev/zero", "/nonexistent/x.json"];
  try {
    while (result.cases < options.cases) {
      const sessionSeed = options.sessionSeed ?? r.int(2 ** 31);
      const s = new Random(sessionSeed);
      const init = s.chance(0.3) ? { settings: randomSettings(s, options.dir, paths) } : {};
      let session: LspSession;
      try {
        session = await lspSession(options.dir, s.chance(0.2) ? ((randomValue(s) as object) ?? {}) : init, s.chance(0.5));
      } catch (e) {
        result.failures.push(`session seed ${sessionSeed}: initialize failed: ${(e as Error).message}`);
        result.cases++;
        continue;
      }
      result.sessions++;
      session.settings = { innolint: randomSettings(s, options.dir, paths) };
      const docs: Doc[] = [];
      const steps = Math.min(sessionLength, options.cases - result.cases);
      const trail: string[] = [];
      let framingBroken = false;
      try {
        for (let i = 0; i < steps; i++) {
          result.cases++;
          const began = Date.now();
          const what = await step(s, session, docs, options.dir, paths, result, i === steps - 1);
          trail.push(what);
          if (process.env.FUZZ_DEBUG) console.log(`step ${i}: ${what} (${Date.now() - began} ms) ${docs.map((d) => `${d.name}:${d.text.length}`).join(" ")}`);
          if (what === "framing") framingBroken = true;
          if (crashes.length) break;
        }
        // A broken frame ends the stream for good (as for any JSON-RPC peer): only crashes count then.
        if (!framingBroken && !crashes.length && !(await session.alive(livenessMs))) {
          result.failures.push(`session seed ${sessionSeed}: the server stopped answering after ${trail.slice(-5).join(", ")}`);
        }
        // Let pending lints finish so that their failures are seen in this session.
        await new Promise((done) => setTimeout(done, 1));
        if (process.env.FUZZ_DEBUG) for (const l of session.logs) console.log(`log: ${l.slice(0, 300)}`);
        const own = session.logs.filter((l) => OWN_EXCEPTION.test(l));
        if (own.length) result.failures.push(`session seed ${sessionSeed}: the server logged an exception: ${own[0]!.slice(0, 600)}`);
        if (crashes.length) result.failures.push(`session seed ${sessionSeed}: ${crashes.splice(0).join("\n")}`);
      } finally {
        tearingDown = true;
        await session.close(!framingBroken);
        await new Promise((done) => setTimeout(done, 2));
        tearingDown = false;
      }
      if (result.failures.length >= 5 || options.sessionSeed !== undefined) break;
    }
  } finally {
    process.off("uncaughtException", uncaught);
    process.off("unhandledRejection", rejected);
  }
  return result;
}

function randomSettings(r: Random, dir: string, paths: string[]): unknown {
  if (r.chance(0.15)) return randomValue(r);
  const settings: Record<string, unknown> = {};
  if (r.chance(0.5))
    settings.target = r.pick([
      "mysql-8.0.22",
      "mariadb-10.11",
      "aurora-mysql-2.04.9",
      "percona-8.0.36",
      "mysql-99",
      "oracle",
      "",
      mutateText(r, "mysql-8.0.22", 2),
    ]);
  if (r.chance(0.5)) {
    const p = r.pick(paths);
    settings.configPath = r.chance(0.8) ? (p.startsWith("/") ? p : join(dir, p)) : randomValue(r);
  }
  if (r.chance(0.4))
    settings.rules = r.chance(0.7)
      ? { [r.pick(["duplicate-option", "sort-buffer-oversized", "__proto__", "nope"])]: r.pick(["off", "error", "info", "bogus", 3]) }
      : randomValue(r);
  if (r.chance(0.3)) settings.showImpact = r.chance(0.5) ? r.chance(0.5) : randomValue(r);
  return settings;
}

function randomPosition(r: Random, doc?: Doc): unknown {
  if (r.chance(0.1)) return randomValue(r);
  const lines = doc ? doc.text.split("\n") : [""];
  const line = r.chance(0.85) ? r.int(lines.length + 1) : r.pick([-1, 2 ** 31, 1.5, 1e9]);
  const character = r.chance(0.85) ? r.int((lines[Math.max(0, Math.min(lines.length - 1, Number(line)))]?.length ?? 0) + 2) : r.pick([-1, 2 ** 31, 0.5]);
  return { line, character };
}

function randomRange(r: Random, doc?: Doc): unknown {
  if (r.chance(0.05)) return randomValue(r);
  const a = randomPosition(r, doc) as { line: number; character: number };
  const b = randomPosition(r, doc) as { line: number; character: number };
  const ordered = typeof a?.line === "number" && typeof b?.line === "number" && (a.line > b.line || (a.line === b.line && a.character > b.character));
  return ordered && r.chance(0.8) ? { start: b, end: a } : { start: a, end: b };
}

function randomText(r: Random, kind: "cnf" | "sql"): string {
  const base = r.pick(kind === "cnf" ? CNF : SQL);
  if (r.chance(0.02)) return base.repeat(200 + r.int(800));
  return mutateText(r, r.chance(0.3) ? base + r.pick([...CNF, ...SQL]) : base, 10);
}

async function step(r: Random, s: LspSession, docs: Doc[], dir: string, paths: string[], result: FuzzResult, last: boolean): Promise<string> {
  const doc = docs.length ? r.pick(docs) : undefined;
  const uri = (d?: Doc) => (d ? s.uri(d.name) : r.pick([s.uri("nope.cnf"), "file:///%%%", "untitled:x", "", "file://host/x.cnf", s.uri("fifo")]));
  const roll = r.int(100);
  if (roll < 18 || !doc) {
    const kind = r.chance(0.5) ? "cnf" : "sql";
    const name = r.chance(0.1)
      ? r.pick(["fifo", "zero.cnf", "my.cnf", ".innolint.json", "conf.d/a.cnf", "x\u001b.sql"])
      : `d${r.int(6)}.${r.chance(0.9) ? kind : "txt"}`;
    const text = randomText(r, kind);
    const version = r.chance(0.9) ? 1 : (randomValue(r) as number);
    const existing = docs.findIndex((d) => d.name === name);
    if (existing >= 0) docs.splice(existing, 1);
    docs.push({ name, version: typeof version === "number" ? version : 1, text });
    s.sendRaw({
      jsonrpc: "2.0",
      method: "textDocument/didOpen",
      params: { textDocument: { uri: s.uri(name), languageId: r.pick(LANGUAGES), version, text: r.chance(0.97) ? text : randomValue(r) } },
    });
    return "open";
  }
  if (roll < 50) {
    doc.version += r.chance(0.9) ? 1 : r.pick([0, -5, 1000]);
    const changes = Array.from({ length: 1 + r.int(3) }, () => {
      if (r.chance(0.2)) {
        doc.text = randomText(r, doc.name.endsWith(".sql") ? "sql" : "cnf");
        return { text: doc.text };
      }
      const range = randomRange(r, doc);
      const text = r.chance(0.95)
        ? mutateText(r, r.pick(["", "x", " = 1\n", "DROP TABLE t;\n", "[mysqld]\n", "\n", "(", "DELIMITER ;;\n"]), 2)
        : randomValue(r);
      return r.chance(0.9) ? { range, text } : { range, rangeLength: randomValue(r), text };
    });
    s.sendRaw({
      jsonrpc: "2.0",
      method: "textDocument/didChange",
      params: { textDocument: { uri: s.uri(doc.name), version: doc.version }, contentChanges: r.chance(0.97) ? changes : randomValue(r) },
    });
    return "change";
  }
  if (roll < 54) {
    docs.splice(docs.indexOf(doc), 1);
    s.sendRaw({
      jsonrpc: "2.0",
      method: r.pick(["textDocument/didClose", "textDocument/didSave", "textDocument/willSave"]),
      params: r.chance(0.9) ? { textDocument: { uri: s.uri(doc.name) }, ...(r.chance(0.3) ? { text: randomValue(r), reason: 1 } : {}) } : randomValue(r),
    });
    return "close";
  }
  if (roll < 80) {
    const method = r.pick(METHODS);
    const params = r.chance(0.85)
      ? {
          textDocument: { uri: uri(doc) },
          uri: uri(doc),
          position: randomPosition(r, doc),
          range: randomRange(r, doc),
          context: {
            diagnostics: r.chance(0.7)
              ? [{ range: randomRange(r, doc), message: "x", code: r.pick(["duplicate-option", "nope", 5]), data: randomValue(r) }]
              : randomValue(r),
          },
          id: r.pick(["duplicate-option", "sort-buffer-oversized", "__proto__", "constructor", "", undefined]),
          command: r.pick(["innolint.openRuleDocs", "x"]),
          arguments: r.chance(0.5) ? ["duplicate-option", r.pick(["https://example.com/", "javascript:alert(1)", 5])] : randomValue(r),
          settings: r.chance(0.5) ? { innolint: randomSettings(r, dir, paths) } : randomValue(r),
          changes: r.chance(0.7) ? [{ uri: r.pick([s.uri("my.cnf"), s.uri(".innolint.json"), uri(doc)]), type: r.pick([1, 2, 3, 9]) }] : randomValue(r),
          label: r.pick(["innodb_sort_buffer_size", "x"]),
          data: randomValue(r),
          trusted: randomValue(r),
        }
      : randomValue(r);
    const asRequest = !method.startsWith("$/") && !method.startsWith("workspace/didChange") && method !== "innolint/workspaceTrust";
    if (asRequest && r.chance(0.9)) {
      const answer = await s.request(method, params, 20_000);
      if (answer === "timeout") result.failures.push(`${method} was not answered within 20 s`);
      else if (answer.error?.code === INTERNAL_ERROR)
        result.failures.push(`${method} threw: ${answer.error.message} (params ${JSON.stringify(params)?.slice(0, 400)})`);
      else if (answer.error) {
        result.refused++;
        if (process.env.FUZZ_DEBUG) console.log(`refused ${method}: ${answer.error.message}`);
      }
      return method;
    }
    s.sendRaw({ jsonrpc: "2.0", method, params });
    return method;
  }
  if (roll < 96) {
    // Malformed messages inside a correct frame.
    const variants: (() => void)[] = [
      () => s.sendRaw(randomValue(r)),
      () => s.sendRaw({ jsonrpc: "2.0", id: randomValue(r), method: r.pick(METHODS), params: randomValue(r) }),
      () => s.sendRaw({ jsonrpc: "1.0", id: 1, method: "textDocument/hover" }),
      () => s.sendRaw({ id: r.int(100), result: randomValue(r) }),
      () => s.sendRaw([{ jsonrpc: "2.0", method: "textDocument/didOpen" }, 1]),
      () => s.sendRaw({ jsonrpc: "2.0", method: "initialize", id: 7, params: randomValue(r) }),
      () =>
        s.sendRaw({
          jsonrpc: "2.0",
          method: "textDocument/didOpen",
          params: { textDocument: { uri: randomValue(r), languageId: "sql", version: 1, text: "DROP TABLE t;" } },
        }),
      () => {
        const body = Buffer.from(mutateText(r, '{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{}}', 4), "utf8");
        s.sendBytes(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
      },
      () => {
        const body = Buffer.from([0x7b, 0xff, 0xfe, 0x22, 0x7d]);
        s.sendBytes(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
      },
    ];
    r.pick(variants)();
    return "malformed";
  }
  if (last) {
    // Broken framing: allowed only as a session's last message, since nothing can follow it.
    s.sendBytes(
      r.pick([
        "Content-Length: -5\r\n\r\n{}",
        "Content-Length: abc\r\n\r\n",
        "garbage\r\n\r\n",
        "Content-Length: 10\r\nContent-Type: x\r\n\r\n{",
        "\r\n\r\n\r\n",
        "Content-Length: 99999999999999999999\r\n\r\n",
      ]),
    );
    return "framing";
  }
  s.sendRaw({
    jsonrpc: "2.0",
    method: "workspace/didChangeConfiguration",
    params: { settings: r.chance(0.5) ? { innolint: randomSettings(r, dir, paths) } : null },
  });
  return "settings";
}

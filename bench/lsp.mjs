// The language server under editing load: `innolint lsp --stdio` from the bundle as a child process,
// a 5,000-line migration and a my.cnf open, 200 single-character edits each timed from didChange to
// the publishDiagnostics of that version (with the server's default debounce, reported apart and
// subtracted), then 10,000 random edits and the server's resident memory. Prints figures; asserts
// nothing (targets: p95 < 30 ms after the debounce, RSS < 150 MB after the random edits).
//
//   node bench/lsp.mjs [--json]
import { spawn } from "node:child_process";
import { lspClient, mulberry32 } from "./lib.mjs";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/linter/dist/cli.js");
const asJson = process.argv.includes("--json");
if (!existsSync(cli)) {
  console.error("bench/lsp: build first (cd packages/linter && node build.mjs)");
  process.exit(2);
}

/** The server's debounce when the client sets none (src/lsp/server.ts, ServerOptions.debounceMs). */
const DEBOUNCE_MS = 150;
const TIMED_EDITS = 200;
const RANDOM_EDITS = 10_000;
const DEADLINE = Date.now() + 170_000; // the whole run stays under 3 minutes

// Deterministic pseudo-random numbers, so runs are comparable.
const rand = mulberry32(0x1234abcd);
const pick = (xs) => xs[Math.floor(rand() * xs.length)];

// Documents

function migration(lines) {
  const out = ["-- 0002: the orders domain, generated for bench/lsp.mjs", "SET NAMES utf8mb4;", ""];
  let n = 0;
  const tables = [];
  while (out.length < lines) {
    n++;
    const kind = n % 9;
    if (kind === 0 || tables.length < 3) {
      const t = `orders_${n}`;
      tables.push(t);
      out.push(
        `/* table ${t}: one row per order line */`,
        `CREATE TABLE ${t} (`,
        "  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,",
        "  customer_id INT NOT NULL,",
        "  created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,",
        "  status ENUM('new','paid','shipped','cancelled') NOT NULL DEFAULT 'new',",
        "  amount DECIMAL(12,2) NOT NULL,",
        "  note VARCHAR(255) NULL COMMENT 'free text; may contain \\'quotes\\'',",
        "  PRIMARY KEY (id, created_at),",
        "  KEY idx_customer (customer_id)",
        ") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4",
        n % 4 === 0 ? `PARTITION BY HASH (TO_DAYS(created_at)) PARTITIONS ${64 + (n % 7) * 64};` : "ROW_FORMAT=DYNAMIC;",
        "",
      );
    } else if (kind === 1 || kind === 2) {
      const t = pick(tables);
      out.push(
        `ALTER TABLE ${t}`,
        `  ADD COLUMN c${n} INT NULL AFTER amount,`,
        `  ADD INDEX idx_c${n} (c${n}),`,
        `  ADD INDEX idx_s${n} (status, created_at),`,
        "  ALGORITHM=INPLACE, LOCK=NONE;",
        "",
      );
    } else if (kind === 3 || kind === 4) {
      const t = pick(tables);
      out.push(
        `SELECT id, customer_id, amount`,
        `  FROM ${t}`,
        `  WHERE customer_id = ${n % 1000} AND status <> 'cancelled'`,
        "  ORDER BY created_at DESC",
        "  LIMIT 50;",
        "",
      );
    } else if (kind === 5) {
      const t = pick(tables);
      out.push(`INSERT INTO ${t} (customer_id, status, amount, note) VALUES (${n}, 'new', ${n % 500}.25, 'it''s order ${n}');`, "");
    } else if (kind === 6) {
      const t = pick(tables);
      out.push(`UPDATE ${t} SET status = 'paid' -- settled by the nightly job`, `  WHERE id BETWEEN ${n} AND ${n + 100};`, "");
    } else if (kind === 7) {
      out.push(`DROP TABLE IF EXISTS staging_${n};`, "");
    } else {
      const t = pick(tables);
      out.push(`CREATE INDEX idx_amount_${n} ON ${t} (amount);`, `ANALYZE TABLE ${t};`, "");
    }
  }
  return out.slice(0, lines).join("\n") + "\n";
}

function myCnf() {
  const out = ["# Production primary, generated for bench/lsp.mjs", "[client]", "port = 3306", "socket = /var/run/mysqld/mysqld.sock", "", "[mysqld]"];
  const settings = [
    "innodb_buffer_pool_size = 24G",
    "innodb_buffer_pool_instances = 8",
    "innodb_log_file_size = 2G",
    "innodb_flush_log_at_trx_commit = 2",
    "innodb_flush_method = O_DIRECT",
    "innodb_sort_buffer_size = 64M",
    "innodb_adaptive_hash_index = ON",
    "innodb_io_capacity = 2000",
    "innodb_io_capacity_max = 4000",
    "innodb_read_io_threads = 8",
    "innodb_write_io_threads = 8",
    "sort_buffer_size = 2M",
    "join_buffer_size = 1M",
    "max_connections = 1000",
    "table_open_cache = 4000",
    "tmp_table_size = 64M",
    "max_heap_table_size = 64M",
    "slow_query_log = ON",
    "long_query_time = 0.5",
    "binlog_format = ROW",
    "sync_binlog = 1",
    "innodb_buffer_pool_dump_at_shutdown = OFF",
  ];
  for (let i = 0; i < 8; i++) {
    out.push(`# block ${i}`);
    for (const s of settings) out.push(i === 0 ? s : `# ${s}`);
    out.push("");
  }
  out.push("[mysqldump]", "quick", "max_allowed_packet = 64M", "");
  return out.join("\n");
}

// A minimal JSON-RPC client over the child's stdio (no dependencies: the framing is the protocol).

/** A document the client mirrors, so edits can be made as ranges (incremental sync). */
class Doc {
  constructor(rpc, uri, languageId, text) {
    Object.assign(this, { rpc, uri, languageId, text, version: 1 });
  }
  open() {
    const next = this.rpc.diagnostics(this.uri, 1);
    this.rpc.notify("textDocument/didOpen", { textDocument: { uri: this.uri, languageId: this.languageId, version: 1, text: this.text } });
    return next;
  }
  position(offset) {
    let line = 0;
    let start = 0;
    for (let i = this.text.indexOf("\n"); i >= 0 && i < offset; i = this.text.indexOf("\n", i + 1)) {
      line++;
      start = i + 1;
    }
    return { line, character: offset - start }; // JS string offsets are UTF-16 units, as LSP's
  }
  /** Replaces [from, to) with text; returns the new version. */
  edit(from, to, text) {
    const range = { start: this.position(from), end: this.position(to) };
    this.text = this.text.slice(0, from) + text + this.text.slice(to);
    this.version++;
    this.rpc.notify("textDocument/didChange", {
      textDocument: { uri: this.uri, version: this.version },
      contentChanges: [{ range, rangeLength: to - from, text }],
    });
    return this.version;
  }
}

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const work = mkdtempSync(join(tmpdir(), "innolint-bench-lsp-"));
const child = spawn(process.execPath, [cli, "lsp", "--stdio"], { cwd: work, stdio: ["pipe", "pipe", "pipe"] });
let stderr = "";
child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
const results = { node: process.version, debounce_ms: DEBOUNCE_MS, documents: {} };

try {
  mkdirSync(join(work, "migrations"));
  const sqlText = migration(5000);
  const cnfText = myCnf();
  writeFileSync(join(work, ".innolint.json"), JSON.stringify({ root: true, target: "mysql-5.7.44", optionFile: "my.cnf" }));
  writeFileSync(join(work, "my.cnf"), cnfText);
  writeFileSync(join(work, "migrations/0001_init.sql"), "CREATE TABLE staging_base (id INT PRIMARY KEY) ENGINE=InnoDB;\n");
  writeFileSync(join(work, "migrations/0002_orders.sql"), sqlText);

  const rpc = lspClient(child);
  const folder = pathToFileURL(work).href;
  await rpc.request("initialize", { processId: process.pid, rootUri: folder, workspaceFolders: [{ uri: folder, name: "bench" }], capabilities: {} });
  rpc.notify("initialized", {});

  const docs = [
    new Doc(rpc, pathToFileURL(join(work, "migrations/0002_orders.sql")).href, "sql", sqlText),
    new Doc(rpc, pathToFileURL(join(work, "my.cnf")).href, "mysql-option-file", cnfText),
  ];
  const rssStart = rssMb(child.pid);

  for (const doc of docs) {
    const label = doc.languageId === "sql" ? `migration (${doc.text.split("\n").length - 1} lines, SQL)` : `my.cnf (${doc.text.split("\n").length - 1} lines)`;
    const t0 = performance.now();
    const [first, t1] = await doc.open();
    const openMs = t1 - t0;
    // A few untimed edits first: the first edits after open pay for JIT warm-up.
    for (let i = 0; i < 3; i++) {
      const v = doc.edit(10, 10, " ");
      await rpc.diagnostics(doc.uri, v);
      await rpc.diagnostics(doc.uri, doc.edit(10, 11, ""));
    }
    // Single-character edits as in typing: a letter inserted into an identifier or comment, and
    // removed again by the next edit, so the document stays what it was (and linted the same).
    const total = [];
    let inserted = -1;
    for (let i = 0; i < TIMED_EDITS && Date.now() < DEADLINE; i++) {
      let v;
      const sent = performance.now();
      if (inserted < 0) {
        let at;
        do at = Math.floor(rand() * doc.text.length);
        while (!/[a-z_]/.test(doc.text[at] ?? ""));
        v = doc.edit(at, at, pick(["x", "y", "z", "_"]));
        inserted = at;
      } else {
        v = doc.edit(inserted, inserted + 1, "");
        inserted = -1;
      }
      const [, at] = await rpc.diagnostics(doc.uri, v);
      total.push(at - sent);
    }
    total.sort((a, b) => a - b);
    const net = total.map((t) => t - DEBOUNCE_MS);
    results.documents[label] = {
      findings_on_open: first.diagnostics.length,
      open_ms: openMs,
      edits: total.length,
      total_p50_ms: quantile(total, 0.5),
      total_p95_ms: quantile(total, 0.95),
      net_p50_ms: quantile(net, 0.5),
      net_p95_ms: quantile(net, 0.95),
      net_max_ms: net[net.length - 1],
    };
  }
  const rssAfterTimed = rssMb(child.pid);

  // 10,000 random edits over both documents: printable text, newlines, quotes and comment
  // openers, inserted and deleted at random places. Sent in bursts of 50 as a fast typist (and
  // paste) would; after each burst the client waits for that version's diagnostics, so the server
  // lints 200 intermediate states besides coalescing the rest.
  const pieces = ["'", '"', "`", "/*", "*/", "-- ", "#", ";", "\n", "\n\n", "(", ")", "[mysqld]\n", "= ", "\\", "x", "SELECT ", " ", "é", "\t"];
  const randomText = () => {
    if (rand() < 0.5) return pick(pieces);
    let s = "";
    const n = 1 + Math.floor(rand() * 12);
    for (let i = 0; i < n; i++) s += String.fromCharCode(32 + Math.floor(rand() * 95));
    return s;
  };
  const t0 = performance.now();
  let done = 0;
  let lints = 0;
  const baseLength = docs.map((d) => d.text.length);
  for (let burst = 0; done < RANDOM_EDITS && Date.now() < DEADLINE; burst++) {
    const doc = docs[burst % docs.length];
    const base = baseLength[docs.indexOf(doc)];
    let v = doc.version;
    for (let i = 0; i < 50 && done < RANDOM_EDITS; i++, done++) {
      const at = Math.floor(rand() * (doc.text.length + 1));
      // Keep the size near the original: delete more when it grew, insert more when it shrank.
      if (rand() < 0.5 * (doc.text.length / base)) v = doc.edit(at, Math.min(doc.text.length, at + 1 + Math.floor(rand() * 8)), "");
      else v = doc.edit(at, at, randomText());
    }
    await rpc.diagnostics(doc.uri, v);
    lints++;
  }
  const randomMs = performance.now() - t0;
  // Settle: a hover (the server still answers), then a moment for any trailing timers.
  const hover = await rpc.request("textDocument/hover", { textDocument: { uri: docs[1].uri }, position: { line: 6, character: 3 } });
  await new Promise((r) => setTimeout(r, 500));
  const rssEnd = rssMb(child.pid);
  Object.assign(results, {
    random_edits: done,
    random_edit_lints: lints,
    random_edit_seconds: randomMs / 1000,
    hover_after: hover.error ? `error ${hover.error.code}` : hover.result ? "answered" : "answered (null: no variable at that spot of the edited file)",
    rss_mb: { after_initialize: rssStart, after_timed_edits: rssAfterTimed, after_random_edits: rssEnd },
  });

  await rpc.request("shutdown", null);
  rpc.notify("exit", null);
} catch (e) {
  console.error(`bench/lsp: ${e?.stack ?? e}\nserver stderr:\n${stderr}`);
  process.exitCode = 1;
} finally {
  setTimeout(() => child.kill(), 2000).unref();
  child.on("exit", () => rmSync(work, { recursive: true, force: true }));
}

if (process.exitCode !== 1) {
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else {
    const f = (x) => x.toFixed(1).padStart(6);
    console.log(`innolint lsp --stdio (node ${process.version}): edit → publishDiagnostics, incremental sync, server debounce ${DEBOUNCE_MS} ms`);
    for (const [label, r] of Object.entries(results.documents)) {
      const flag = r.net_p95_ms < 30 ? "" : "   ABOVE TARGET";
      console.log(`${label.padEnd(34)} open ${f(r.open_ms)} ms, ${r.findings_on_open} diagnostics; ${r.edits} edits:`);
      console.log(`${"".padEnd(34)} with debounce  p50 ${f(r.total_p50_ms)} ms  p95 ${f(r.total_p95_ms)} ms`);
      console.log(
        `${"".padEnd(34)} net of it      p50 ${f(r.net_p50_ms)} ms  p95 ${f(r.net_p95_ms)} ms  max ${f(r.net_max_ms)} ms (target p95 < 30 ms)${flag}`,
      );
    }
    const rss = results.rss_mb;
    const flag = rss.after_random_edits < 150 ? "" : "   ABOVE TARGET";
    console.log(
      `${results.random_edits} random edits in ${results.random_edit_seconds.toFixed(1)} s (${results.random_edit_lints} lints), hover afterwards: ${results.hover_after}`,
    );
    console.log(
      `server RSS: ${rss.after_initialize.toFixed(0)} MB after initialize, ${rss.after_timed_edits.toFixed(0)} MB after the timed edits, ${rss.after_random_edits.toFixed(0)} MB after the random edits (target < 150 MB)${flag}`,
    );
  }
}

// A migrations monorepo: one directory of V00001__m.sql … files, 8 statements each (CREATE TABLE,
// ALTER ADD COLUMN/INDEX, UPDATE, INSERT, CREATE INDEX), generated from a seed. Measures the bundled
// CLI on 1,000 and 10,000 files against a bare web-tree-sitter parse of the same files in one
// process (wall and CPU time), both halves of the directory linted at once in two processes (what
// parallelism could reach on the machine), one file in the middle linted alone, the default --jobs
// against --jobs 1 on three shapes,
// and the language server's first diagnostics for a file in the middle of the 10,000-file directory
// and its per-edit p95.
// Prints figures; asserts nothing.
//
//   node bench/monorepo.mjs [--files 1000,10000] [--no-cli] [--no-lsp] [--no-shapes] [--generate DIR]
import { spawn } from "node:child_process";
import { interleavedRuns, lspClient, median, mulberry32 } from "./lib.mjs";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/linter/dist/cli.js");
if (!existsSync(cli)) {
  console.error("bench/monorepo: build first (bash scripts/setup.sh)");
  process.exit(2);
}
const arg = (name) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const sizes = (arg("--files") ?? "1000,10000").split(",").map(Number);
const TARGET = "mysql-8.0.36";

/** File n of the monorepo: a table of its own plus changes to a few earlier files' tables. */
function migrationFile(n, rand) {
  const t = `t${n}`;
  const earlier = () => `t${Math.max(1, Math.floor(rand() * n))}`;
  const cols = Array.from(
    { length: 24 + Math.floor(rand() * 12) },
    (_, i) => `  c${i} ${["INT", "BIGINT", "VARCHAR(64)", "DATETIME", "DECIMAL(12,2)"][i % 5]} NULL COMMENT 'column ${i} of ${t}, kept for reporting'`,
  );
  return [
    `-- migration ${n}: the ${t} table and changes to earlier ones`,
    `CREATE TABLE ${t} (\n  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,\n${cols.join(",\n")},\n  created_at DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,\n  PRIMARY KEY (id),\n  KEY k_created (created_at)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;`,
    `ALTER TABLE ${t} ADD COLUMN note_${n} VARCHAR(255) NULL AFTER c1, ADD INDEX k_c0 (c0), ALGORITHM=INPLACE, LOCK=NONE;`,
    `ALTER TABLE ${earlier()} ADD COLUMN x_${n} INT NULL;`,
    `INSERT INTO ${t} (c0, c1, created_at) VALUES (${n}, ${n % 97}, '2024-01-01 00:00:00'), (${n + 1}, ${n % 89}, '2024-01-02 00:00:00');`,
    `UPDATE ${t} SET c0 = c0 + 1 WHERE id BETWEEN ${n} AND ${n + 100} AND created_at > '2024-01-01';`,
    `UPDATE ${earlier()} SET c1 = NULL WHERE c1 = ${n % 13};`,
    `CREATE INDEX k_c1_${n} ON ${t} (c1, created_at);`,
    "",
  ].join("\n\n");
}

function generate(dir, files) {
  mkdirSync(dir, { recursive: true });
  const rand = mulberry32(20261125);
  let bytes = 0;
  for (let n = 1; n <= files; n++) {
    const text = migrationFile(n, rand);
    bytes += Buffer.byteLength(text);
    writeFileSync(join(dir, `V${String(n).padStart(5, "0")}__m.sql`), text);
  }
  return bytes;
}

/** Wall ms of CLI runs started together, one process each. */
function concurrently(argLists) {
  const t0 = performance.now();
  return Promise.all(
    argLists.map(
      (args) =>
        new Promise((done, fail) => {
          const child = spawn(process.execPath, [cli, ...args], { stdio: "ignore" });
          child.on("error", fail);
          child.on("exit", done);
        }),
    ),
  ).then(() => performance.now() - t0);
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;

function interleaved(runs, rounds) {
  return interleavedRuns(runs, rounds, cli).map((out) => {
    console.log(
      `  ${out.label.padEnd(62)} median ${fmt(out.ms).padStart(8)}   CPU ${fmt(out.cpuMs).padStart(8)}   peak RSS ${out.rss.toFixed(0).padStart(5)} MB   exit ${out.codes.join("/")}   (${rounds} runs)`,
    );
    return out;
  });
}

// --generate DIR: only write the monorepos (DIR/repo-N/migrations), for profiling by hand.
const generateOnly = arg("--generate");
if (generateOnly) {
  for (const files of sizes) {
    const dir = join(generateOnly, `repo-${files}`, "migrations");
    const bytes = generate(dir, files);
    console.log(`${dir}: ${files.toLocaleString("en")} files, ${(bytes / 2 ** 20).toFixed(1)} MB`);
  }
  process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), "innolint-bench-monorepo-"));
const bare = join(work, "bare-parse.mjs");
writeFileSync(
  bare,
  `import { Parser, Language } from ${JSON.stringify(join(root, "node_modules/web-tree-sitter/web-tree-sitter.js"))};
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
await Parser.init();
const parser = new Parser();
parser.setLanguage(await Language.load(${JSON.stringify(join(root, "packages/linter/wasm/tree-sitter-mysql.wasm"))}));
const files = process.argv.slice(2).flatMap((p) => statSync(p).isDirectory() ? readdirSync(p).sort().map((n) => join(p, n)) : [p]);
for (const f of files) parser.parse(readFileSync(f, "utf8")).delete();
`,
);

console.log(`innolint monorepo bench (node ${process.version}, ${availableParallelism()} cores, load average ${load()})`);
const results = [];
try {
  for (const files of sizes) {
    const dir = join(work, `repo-${files}`, "migrations");
    const bytes = generate(dir, files);
    if (process.argv.includes("--no-cli")) continue;
    console.log(
      `\n${files.toLocaleString("en")} files, ${(bytes / 2 ** 20).toFixed(1)} MB (process wall time, bare parse includes Node's start and the grammar's load)`,
    );
    const lintArgs = ["--target", TARGET, "--format", "json", "--fail-on", "never", dir];
    const rounds = files >= 5000 ? 3 : 5;
    const [parse, lint, single] = interleaved(
      [
        ["bare web-tree-sitter parse, one process", [dir], bare],
        ["innolint --format json DIR (default --jobs)", lintArgs],
        ["innolint --jobs 1", ["--jobs", "1", ...lintArgs]],
      ],
      rounds,
    );
    console.log(
      `  lint/parse: default ${(lint.ms / parse.ms).toFixed(2)}× (target ≤ 2×, peak RSS < 1,024 MB), --jobs 1 ${(single.ms / parse.ms).toFixed(2)}×; in CPU time ${(single.cpuMs / parse.cpuMs).toFixed(2)}×`,
    );
    // What parallel lints could reach here: each half in its own process at once, no work shared.
    const halves = [join(dir, "..", "first-half"), join(dir, "..", "second-half")];
    const names = readdirSync(dir).sort();
    names.forEach((n, i) => {
      const half = halves[i < names.length / 2 ? 0 : 1];
      mkdirSync(half, { recursive: true });
      copyFileSync(join(dir, n), join(half, n));
    });
    const together = [];
    for (let r = 0; r < rounds; r++) together.push(await concurrently(halves.map((h) => ["--jobs", "1", ...lintArgs.slice(0, -1), h])));
    console.log(
      `  ${"both halves at once, one process each (no work shared)".padEnd(62)} median ${fmt(median(together)).padStart(8)}   (${(median(together) / parse.ms).toFixed(2)}× the parse; the bound two processes give)`,
    );
    // One file in the middle linted alone: its schema is sparse (only the migrations naming its tables are parsed).
    const middle = join(dir, `V${String(Math.ceil(files / 2)).padStart(5, "0")}__m.sql`);
    interleaved([["innolint FILE (one file in the middle, alone)", ["--target", TARGET, "--format", "json", "--fail-on", "never", middle]]], rounds);
    results.push({ files, parse, lint, single });
  }
  if (results.length >= 2) {
    const [a, b] = [results[0], results[results.length - 1]];
    console.log(
      `\ngrowth from ${a.files.toLocaleString("en")} to ${b.files.toLocaleString("en")} files (linear is ${(b.files / a.files).toFixed(0)}×): lint ${(b.lint.ms / a.lint.ms).toFixed(1)}×, bare parse ${(b.parse.ms / a.parse.ms).toFixed(1)}×, peak RSS ${(b.lint.rss / a.lint.rss).toFixed(1)}×`,
    );
  }

  if (!process.argv.includes("--no-shapes")) {
    // The default --jobs against --jobs 1 where workers could lose: one big file, 100 medium, 1,128 tiny.
    console.log("\ndefault --jobs against --jobs 1 (target: the default never slower)");
    const shapes = join(work, "shapes");
    const rand = mulberry32(7);
    const big = join(shapes, "big");
    mkdirSync(big, { recursive: true });
    writeFileSync(join(big, "all.sql"), Array.from({ length: 2500 }, (_, i) => migrationFile(i + 1, rand)).join("\n"));
    const medium = join(shapes, "medium");
    mkdirSync(medium, { recursive: true });
    for (let f = 0; f < 100; f++)
      writeFileSync(join(medium, `V${String(f).padStart(4, "0")}.sql`), Array.from({ length: 25 }, (_, i) => migrationFile(f * 25 + i + 1, rand)).join("\n"));
    const tiny = join(shapes, "tiny");
    mkdirSync(tiny, { recursive: true });
    // One statement each, about 600 bytes: 1,128 of them pass the 512 KB above which workers start.
    for (let f = 0; f < 1128; f++)
      writeFileSync(
        join(tiny, `V${String(f).padStart(5, "0")}.sql`),
        `CREATE TABLE t${f} (\n  id BIGINT UNSIGNED NOT NULL AUTO_INCREMENT,\n${Array.from({ length: 8 }, (_, i) => `  c${i} VARCHAR(64) NULL COMMENT 'column ${i}'`).join(",\n")},\n  PRIMARY KEY (id)\n) ENGINE=InnoDB;\n`,
      );
    for (const [label, dir] of [
      ["one big file (2,500 migrations' statements)", big],
      ["100 medium files", medium],
      ["1,128 one-statement files", tiny],
    ]) {
      console.log(`  ${label}:`);
      const args = ["--target", TARGET, "--format", "json", "--fail-on", "never", dir];
      const [def, two, one] = interleaved(
        [
          ["default --jobs", args],
          ["--jobs 2", ["--jobs", "2", ...args]],
          ["--jobs 1", ["--jobs", "1", ...args]],
        ],
        5,
      );
      console.log(
        `    default/--jobs 1: ${(def.ms / one.ms).toFixed(2)}×, --jobs 2/--jobs 1: ${(two.ms / one.ms).toFixed(2)}× (the default takes one thread per idle core)`,
      );
    }
  }

  if (!process.argv.includes("--no-lsp")) {
    const largest = sizes[sizes.length - 1];
    const dir = join(work, `repo-${largest}`, "migrations");
    await lspBench(dir, largest);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

/** First diagnostics for the middle file of the directory, then per-edit latency in it. */
async function lspBench(dir, files) {
  const middle = join(dir, `V${String(Math.ceil(files / 2)).padStart(5, "0")}__m.sql`);
  const text = readFileSync(middle, "utf8");
  const child = spawn(process.execPath, [cli, "lsp", "--stdio"], { cwd: dirname(dir), stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr = (stderr + d).slice(-4000)));
  const rpc = lspClient(child);
  const uri = pathToFileURL(middle).href;
  const send = (msg) => rpc.notify(msg.method, msg.params);
  const request = (method, params) => rpc.request(method, params);
  const diagnostics = (version) => rpc.diagnostics(uri, version, 120_000).catch((e) => Promise.reject(new Error(`${e.message}; server stderr: ${stderr}`)));
  try {
    const folder = pathToFileURL(dirname(dir)).href;
    writeFileSync(join(dirname(dir), ".innolint.json"), JSON.stringify({ root: true, target: TARGET }));
    await request("initialize", { processId: process.pid, rootUri: folder, workspaceFolders: [{ uri: folder, name: "bench" }], capabilities: {} });
    send({ jsonrpc: "2.0", method: "initialized", params: {} });
    const t0 = performance.now();
    const first = diagnostics(1);
    send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "sql", version: 1, text } } });
    const [, t1] = await first;
    console.log(`\nlanguage server, ${files.toLocaleString("en")}-file directory`);
    console.log(`  first diagnostics for ${middle.slice(dir.length + 1)} after didOpen: ${((t1 - t0) / 1000).toFixed(2)} s (target < 2 s)`);
    // Edits with no debounce subtracted: the server's own debounce (150 ms) is reported apart by bench/lsp.mjs.
    let current = text;
    const times = [];
    const rand = mulberry32(99);
    let inserted = -1;
    for (let v = 2; v <= 61; v++) {
      // A letter typed into an identifier or comment, then removed by the next edit.
      let at = inserted;
      if (at < 0) {
        do at = Math.floor(rand() * current.length);
        while (!/[a-z_]/.test(current[at] ?? ""));
      }
      const line = current.slice(0, at).split("\n").length - 1;
      const character = at - (current.lastIndexOf("\n", at - 1) + 1);
      const change =
        inserted < 0
          ? { range: { start: { line, character }, end: { line, character } }, text: "x" }
          : { range: { start: { line, character }, end: { line, character: character + 1 } }, text: "" };
      current = inserted < 0 ? current.slice(0, at) + "x" + current.slice(at) : current.slice(0, at) + current.slice(at + 1);
      inserted = inserted < 0 ? at : -1;
      const next = diagnostics(v);
      const sent = performance.now();
      send({ jsonrpc: "2.0", method: "textDocument/didChange", params: { textDocument: { uri, version: v }, contentChanges: [change] } });
      const [, at2] = await next;
      times.push(at2 - sent - 150);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.ceil(0.95 * times.length) - 1];
    console.log(
      `  per-edit latency after the 150 ms debounce: median ${median(times).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (target < 30 ms; ${times.length} edits)`,
    );
  } finally {
    child.kill();
  }
}

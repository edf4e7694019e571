// npm run bench: wall time and peak RSS of the bundled CLI, SQL throughput against bare parsing,
// and the simulator's per-estimate cost. Prints figures; asserts nothing.
import { spawnSync } from "node:child_process";
import { interleavedRuns, measure as measureRun, median } from "./lib.mjs";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/linter/dist/cli.js");
if (!existsSync(cli)) {
  console.error("bench: build first (bash scripts/setup.sh)");
  process.exit(2);
}

const measure = (args, script = cli) => measureRun(script, args);

function series(label, args, runs, script) {
  const samples = Array.from({ length: runs }, () => measure(args, script));
  const ms = median(samples.map((s) => s.ms));
  const rss = Math.max(...samples.map((s) => s.rssMb));
  console.log(`${label.padEnd(64)} median ${ms.toFixed(0).padStart(6)} ms   peak RSS ${rss.toFixed(0).padStart(4)} MB   (${runs} runs)`);
  return { ms, rss, stdout: samples[0].stdout };
}

function interleaved(runs, rounds) {
  return interleavedRuns(runs, rounds, cli).map(({ label, ms, rss }) => {
    console.log(`${label.padEnd(64)} median ${ms.toFixed(0).padStart(6)} ms   peak RSS ${rss.toFixed(0).padStart(4)} MB   (${rounds} runs)`);
    return { ms, rss };
  });
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

function walk(dir, ext, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, ext, out);
    else if (name.endsWith(ext)) out.push(p);
  }
  return out;
}

console.log(`innolint benchmarks (node ${process.version}, ${process.platform}/${process.arch})\n`);

const small = join(root, "fixtures/seeds/sort-buffer-index-build/my.cnf");
const withImpact = series("cold: one small my.cnf with impacts (target < 150 ms)", ["--fail-on", "never", "--target", "aurora-mysql-2.04.9", small], 15);
const noImpact = series("cold: the same without impacts (--no-impact)", ["--fail-on", "never", "--no-impact", "--target", "aurora-mysql-2.04.9", small], 15);
console.log(`${"impact overhead on that run (target <= 20 %)".padEnd(64)} ${(((withImpact.ms - noImpact.ms) / noImpact.ms) * 100).toFixed(0)} %`);
// Node's own start, the floor under every cold figure above.
const floorDir = mkdtempSync(join(tmpdir(), "innolint-bench-"));
writeFileSync(join(floorDir, "empty.mjs"), "");
series("reference: node on an empty module (no innolint)", [], 15, join(floorDir, "empty.mjs"));
rmSync(floorDir, { recursive: true });

// The same comparison where every model runs: one finding of each seed rule (option file and SQL),
// interleaved so that load changes hit both sides alike.
const allModels = mkdtempSync(join(tmpdir(), "innolint-bench-impacts-"));
writeFileSync(
  join(allModels, "my.cnf"),
  "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_sort_buffer_size = 64M\ninnodb_flush_log_at_trx_commit = 0\nlog_bin\nsync_binlog = 0\ninnodb_buffer_pool_dump_at_shutdown = OFF\n",
);
writeFileSync(join(allModels, "small.cnf"), "[mysqld]\ninnodb_buffer_pool_instances = 8\n");
writeFileSync(
  join(allModels, "m.sql"),
  "CREATE TABLE c (id BIGINT, d DATE, a INT, b INT, e INT, PRIMARY KEY (id, d)) PARTITION BY HASH (TO_DAYS(d)) PARTITIONS 400;\n" +
    "ALTER TABLE c ADD INDEX ia (a), ADD INDEX ib (b), ADD INDEX ie (e);\n" +
    "SELECT * FROM c WHERE a = 1;\nDROP TABLE old_orders;\nTRUNCATE TABLE import_log;\n",
);
const allArgs = [
  "--fail-on",
  "never",
  "--format",
  "json",
  "--target",
  "mysql-5.7.44",
  join(allModels, "my.cnf"),
  join(allModels, "small.cnf"),
  join(allModels, "m.sql"),
];
const withImpacts = measure(allArgs);
const models = new Set(JSON.parse(withImpacts.stdout).findings.flatMap((f) => (f.impact ? [f.impact.model] : [])));
const [allWith, allWithout] = interleaved(
  [
    [`cold: one finding per seed rule, ${models.size} models, with impacts`, allArgs],
    ["cold: the same without impacts (--no-impact)", ["--no-impact", ...allArgs]],
  ],
  15,
);
console.log(`${"impact overhead on that run (target <= 20 %)".padEnd(64)} ${(((allWith.ms - allWithout.ms) / allWithout.ms) * 100).toFixed(0)} %`);
// `npm run bench -- --cold`: the cold figures only.
if (process.argv.includes("--cold")) process.exit(0);

const suite = "/usr/share/mysql/mysql-test";
if (existsSync(suite)) {
  const files = walk(suite, ".cnf").sort();
  series(
    `MariaDB test suite: all ${files.length} option files (target < 1 s)`,
    ["--format", "json", "--fail-on", "never", "--target", "mariadb-10.11", ...files],
    5,
  );
} else console.log("MariaDB test suite not installed (apt-get install mariadb-test-data): skipped");

// SQL: the partition corpus (from the oracle cache) and a synthetic 50,000-statement migration directory.
const work = mkdtempSync(join(tmpdir(), "innolint-bench-"));
const corpusCache = join(root, ".oracle/partition-ddl.jsonl");
const sqlInputs = [];
if (existsSync(corpusCache)) {
  const rows = readFileSync(corpusCache, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l));
  const text = rows.map((r) => `${r.sql};\n`).join("");
  const file = join(work, "partition-corpus.sql");
  writeFileSync(file, text);
  sqlInputs.push({ label: `partition corpus (${rows.length} CREATE TABLEs)`, paths: [file], bytes: Buffer.byteLength(text) });
}
const migrations = join(work, "migrations");
mkdirSync(migrations);
let bytes = 0;
for (let f = 0; f < 100; f++) {
  const lines = [];
  for (let i = 0; i < 500; i++) {
    const n = f * 500 + i;
    const kind = n % 5;
    if (kind === 0) lines.push(`CREATE TABLE t${n} (id BIGINT NOT NULL PRIMARY KEY, a INT, b VARCHAR(40), KEY ka (a)) ENGINE=InnoDB;`);
    else if (kind === 1) lines.push(`ALTER TABLE t${n - 1} ADD COLUMN c${n} INT NULL, ADD INDEX kb (b), ALGORITHM=INPLACE, LOCK=NONE;`);
    else if (kind === 2) lines.push(`INSERT INTO t${n - 2} (id, a, b) VALUES (${n}, ${n % 97}, 'x${n}');`);
    else if (kind === 3) lines.push(`UPDATE t${n - 3} SET a = a + 1 WHERE id = ${n} AND b = 'x';`);
    else lines.push(`SELECT id, a FROM t${n - 4} WHERE a BETWEEN 1 AND 10 ORDER BY id LIMIT 20;`);
  }
  const text = lines.join("\n") + "\n";
  bytes += Buffer.byteLength(text);
  writeFileSync(join(migrations, `${String(f).padStart(4, "0")}_migration.sql`), text);
}
sqlInputs.push({ label: "synthetic migrations (100 files, 50,000 statements)", paths: [migrations], bytes });

// Bare web-tree-sitter parse of the same bytes, for the "within 2x of parsing" target.
const bare = join(work, "bare-parse.mjs");
writeFileSync(
  bare,
  `import { Parser, Language } from ${JSON.stringify(join(root, "node_modules/web-tree-sitter/web-tree-sitter.js"))};
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
await Parser.init();
const parser = new Parser();
parser.setLanguage(await Language.load(${JSON.stringify(join(root, "packages/linter/wasm/tree-sitter-mysql.wasm"))}));
const files = process.argv.slice(2).flatMap((p) => statSync(p).isDirectory() ? readdirSync(p).map((n) => join(p, n)) : [p]);
const t0 = performance.now();
for (const f of files) parser.parse(readFileSync(f, "utf8")).delete();
console.log((performance.now() - t0).toFixed(1));
`,
);
// In-process (--jobs 1) and the default (worker threads for runs of 512 KB of SQL or more, as many
// as the load average leaves cores idle), each against the bare parse.
for (const input of sqlInputs) {
  const args = ["--format", "json", "--fail-on", "never", "--no-impact", "--target", "mariadb-10.11", ...input.paths];
  console.log(`${input.label}: ${availableParallelism()} cores, load average ${load()} before`);
  // Interleaved, so that the machine's other load falls on all three alike.
  const [single, pooled, parse] = interleaved(
    [
      [`SQL lint --jobs 1: ${input.label}`, ["--jobs", "1", ...args]],
      [`SQL lint (default jobs): ${input.label}`, args],
      [`bare web-tree-sitter parse: ${input.label}`, input.paths, bare],
    ],
    5,
  );
  const mb = input.bytes / 2 ** 20;
  const rate = (ms) => `${(mb / (ms / 1000)).toFixed(2)} MB/s`;
  console.log(`${"  throughput (process wall time; target lint/parse <= 2x)".padEnd(64)} bare parse ${rate(parse.ms)}; load average ${load()} after`);
  console.log(`${"    --jobs 1".padEnd(64)} ${rate(single.ms)}, lint/parse ${(single.ms / parse.ms).toFixed(2)}×`);
  console.log(`${"    default".padEnd(64)} ${rate(pooled.ms)}, lint/parse ${(pooled.ms / parse.ms).toFixed(2)}×`);
}

// A migrations monorepo of 1,000 and 10,000 files against the bare parse, the default --jobs against
// --jobs 1 on three shapes, and the language server on a file in the middle of the 10,000.
console.log("");
if (spawnSync(process.execPath, [join(root, "bench/monorepo.mjs")], { stdio: "inherit" }).status !== 0) console.log("monorepo bench failed");

// Review and baselines on a long migration history.
console.log("");
if (spawnSync(process.execPath, [join(root, "bench/review.mjs")], { stdio: "inherit" }).status !== 0) console.log("review bench failed");

// Streaming: peak memory of a 125 MB and a 500 MB mysqldump, and the 500 MB one under a capped heap (about 5 minutes).
console.log("");
if (spawnSync(process.execPath, [join(root, "bench/dump.mjs"), "--mb", "125,500"], { stdio: "inherit" }).status !== 0) console.log("dump bench failed");

// Hostile inputs: each at two sizes 10× apart, with the growth between them (linear is 10×).
console.log("");
if (spawnSync(process.execPath, [join(root, "bench/hostile.mjs")], { stdio: "inherit" }).status !== 0) console.log("hostile bench failed");

const engineBench = join(root, "bench/engine-sim.mjs");
if (existsSync(engineBench)) {
  console.log("");
  const res = spawnSync(process.execPath, [engineBench], { encoding: "utf8", stdio: "inherit" });
  if (res.status !== 0) console.log("engine-sim bench failed");
}

const lspBench = join(root, "bench/lsp.mjs");
if (existsSync(lspBench)) {
  console.log("");
  const res = spawnSync(process.execPath, [lspBench], { encoding: "utf8", stdio: "inherit" });
  if (res.status !== 0) console.log("lsp bench failed");
}

// npm run bench: wall time and peak RSS of the bundled CLI. Prints figures; asserts nothing.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/linter/dist/cli.js");
if (!existsSync(cli)) {
  console.error("bench: build first (bash scripts/setup.sh)");
  process.exit(2);
}

/** Runs a command under /usr/bin/time -f, returning wall ms and max RSS in MB. */
function measure(args) {
  const t0 = process.hrtime.bigint();
  const res = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, cli, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const rssKb = Number(res.stderr.trim().split("\n").pop());
  return { ms, rssMb: rssKb / 1024, code: res.status };
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

function series(label, args, runs) {
  const samples = Array.from({ length: runs }, () => measure(args));
  const ms = median(samples.map((s) => s.ms));
  const rss = Math.max(...samples.map((s) => s.rssMb));
  console.log(`${label.padEnd(58)} median ${ms.toFixed(0).padStart(6)} ms   peak RSS ${rss.toFixed(0).padStart(4)} MB   (${runs} runs, exit ${samples[0].code})`);
  return { ms, rss };
}

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = statSync(p);
    if (st.isDirectory()) walk(p, out);
    else if (name.endsWith(".cnf")) out.push(p);
  }
  return out;
}

console.log(`innolint benchmarks (node ${process.version}, ${process.platform}/${process.arch})`);
series("cold: one small my.cnf (target < 150 ms)", ["--fail-on", "never", join(root, "fixtures/seeds/sort-buffer-index-build/my.cnf")], 15);
const suite = "/usr/share/mysql/mysql-test";
if (existsSync(suite)) {
  const files = walk(suite).sort();
  series(`MariaDB test suite: all ${files.length} option files (target < 1 s)`, ["--format", "json", "--fail-on", "never", "--target", "mariadb-10.11", ...files], 5);
} else {
  console.log("MariaDB test suite not installed (apt-get install mariadb-test-data): skipped");
}

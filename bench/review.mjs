// innolint review and baselines on a repository with a long migration history: a change of two files
// (one modified, one added) on top of 100 migrations of 500 statements, against linting the same two
// files, and a lint of the whole history with and without a baseline of all its findings.
// Prints figures; asserts nothing.
//
//   node bench/review.mjs
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/linter/dist/cli.js");
if (!existsSync(cli)) {
  console.error("bench/review: build first (cd packages/linter && node build.mjs)");
  process.exit(2);
}

const RUNS = 5;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function series(label, args, cwd) {
  const samples = [];
  let stdout = "";
  for (let i = 0; i < RUNS; i++) {
    const t0 = process.hrtime.bigint();
    const res = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, cli, ...args], { cwd, encoding: "utf8", maxBuffer: 1 << 30 });
    samples.push({ ms: Number(process.hrtime.bigint() - t0) / 1e6, rssMb: Number(res.stderr.trim().split("\n").pop()) / 1024 });
    stdout = res.stdout;
  }
  const ms = median(samples.map((s) => s.ms));
  console.log(
    `${label.padEnd(64)} median ${ms.toFixed(0).padStart(6)} ms   peak RSS ${Math.max(...samples.map((s) => s.rssMb))
      .toFixed(0)
      .padStart(4)} MB   (${RUNS} runs)`,
  );
  return { ms, stdout };
}

const repo = mkdtempSync(join(tmpdir(), "innolint-bench-review-"));
const git = (...args) => {
  const res = spawnSync("git", ["-c", "user.email=bench@example.com", "-c", "user.name=bench", ...args], { cwd: repo, encoding: "utf8" });
  if (res.status !== 0) throw new Error(`git ${args.join(" ")}: ${res.stderr}`);
};
try {
  mkdirSync(join(repo, "migrations"));
  writeFileSync(join(repo, ".innolint.json"), JSON.stringify({ root: true, target: "mysql-8.0.22" }));
  writeFileSync(join(repo, "my.cnf"), "[mysqld]\ninnodb_buffer_pool_size = 64G\ninnodb_sort_buffer_size = 4M\n");
  for (let f = 0; f < 100; f++) {
    const lines = [];
    for (let i = 0; i < 500; i++) {
      const n = f * 500 + i;
      const kind = n % 5;
      if (kind === 0) lines.push(`CREATE TABLE t${n} (id BIGINT NOT NULL PRIMARY KEY, a INT, b VARCHAR(40), KEY ka (a)) ENGINE=InnoDB;`);
      else if (kind === 1) lines.push(`ALTER TABLE t${n - 1} ADD COLUMN c${n} INT NULL, ADD INDEX kb (b), ALGORITHM=INPLACE, LOCK=NONE;`);
      else if (kind === 2) lines.push(`INSERT INTO t${n - 2} (id, a, b) VALUES (${n}, ${n % 97}, 'x${n}');`);
      else if (kind === 3) lines.push(`UPDATE t${n - 3} SET a = a + 1 WHERE id = ${n} AND b = 'x';`);
      else lines.push(n % 50 === 4 ? `DROP TABLE t${n - 4};` : `SELECT id, a FROM t${n - 4} WHERE a BETWEEN 1 AND 10 ORDER BY id LIMIT 20;`);
    }
    writeFileSync(join(repo, "migrations", `${String(f).padStart(4, "0")}_migration.sql`), lines.join("\n") + "\n");
  }
  git("init", "-q", "-b", "main");
  git("add", "-A");
  git("commit", "-q", "-m", "history");
  git("checkout", "-q", "-b", "change");
  const modified = join(repo, "migrations/0050_migration.sql");
  writeFileSync(modified, readFileSync(modified, "utf8") + "ALTER TABLE t25000 ADD INDEX kc (a, b);\n");
  writeFileSync(join(repo, "migrations/0100_migration.sql"), "ALTER TABLE t49995 ADD INDEX kd (a), ADD INDEX ke (b);\nDROP TABLE t49990;\n");
  git("add", "-A");
  git("commit", "-q", "-m", "change");

  console.log("innolint review and baselines: 100 migrations of 500 statements (4.0 MB), a change of 2 files");
  const changed = ["my.cnf", "migrations/0050_migration.sql", "migrations/0100_migration.sql"];
  series("lint of the 2 changed files (+ my.cnf)", ["--no-impact", "--fail-on", "never", ...changed], repo);
  series("review --base main (same 2 files)", ["review", "--base", "main", "--no-impact", "--fail-on", "never"], repo);
  const all = series("lint of the whole history", ["--no-impact", "--fail-on", "never", "--no-baseline", "."], repo);
  spawnSync(process.execPath, [cli, "baseline", "--no-impact", "."], { cwd: repo });
  const entries = JSON.parse(readFileSync(join(repo, ".innolint-baseline.json"), "utf8")).entries.length;
  const baselined = series(`lint of the whole history with a baseline (${entries} entries)`, ["--no-impact", "--fail-on", "never", "."], repo);
  // Reading and matching the baseline costs less than printing the findings it hides.
  console.log(
    `${"  baseline".padEnd(64)} ${/(\d+) baselined/.exec(baselined.stdout)?.[1] ?? 0} of ${/^(\d+) finding/m.exec(all.stdout)?.[1] ?? 0} findings baselined; ${(baselined.ms - all.ms).toFixed(0)} ms against no baseline`,
  );
} finally {
  rmSync(repo, { recursive: true, force: true });
}

// Large mysqldump files: innolint streams those over 16 MB in windows, so peak memory must not grow with the
// file. Writes dumps of the given sizes (the test suite's generator: partitioned tables, 1 MB
// INSERT lines, a DELIMITER block, a DROP TABLE near the end), lints each with the bundled CLI
// under /usr/bin/time, and prints time, throughput and peak RSS. Asserts nothing.
//
//   node bench/dump.mjs [--mb 125,500] [--json]
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/linter/dist/cli.js");
if (!existsSync(cli)) {
  console.error("bench/dump: build first (cd packages/linter && node build.mjs)");
  process.exit(2);
}
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : fallback;
};
const sizes = arg("--mb", "125,500").split(",").map(Number);
const asJson = process.argv.includes("--json");

const work = mkdtempSync(join(tmpdir(), "innolint-dump-bench-"));
try {
  const { build } = await import("esbuild");
  const generator = join(work, "dump.mjs");
  await build({
    entryPoints: [join(root, "packages/linter/test/helpers/dump.ts")],
    outfile: generator,
    bundle: true,
    platform: "node",
    format: "esm",
    logLevel: "warning",
  });
  const { writeDump } = await import(pathToFileURL(generator).href);
  const myCnf = join(work, "my.cnf");
  writeFileSync(myCnf, "[mysqld]\ninnodb_buffer_pool_size = 64G\n");
  const results = [];
  const runs = sizes.map((mb) => ({ mb }));
  // The largest once more with the JS heap capped far below its size: what a window leaves behind
  // would exhaust it, so finishing proves the live memory bounded (RSS alone includes garbage).
  runs.push({ mb: sizes[sizes.length - 1], heapMb: 96 });
  let dump;
  for (const { mb, heapMb } of runs) {
    if (dump !== join(work, `dump-${mb}.sql`)) {
      if (dump) rmSync(dump);
      dump = join(work, `dump-${mb}.sql`);
      writeDump(dump, mb * 2 ** 20);
    }
    const bytes = statSync(dump).size;
    const t0 = process.hrtime.bigint();
    const heap = heapMb ? [`--max-old-space-size=${heapMb}`] : [];
    const res = spawnSync(
      "/usr/bin/time",
      ["-f", "%M", process.execPath, ...heap, cli, "--no-config", "--target", "mysql-8.0.22", "--format", "json", "--fail-on", "never", myCnf, dump],
      {
        encoding: "utf8",
        maxBuffer: 1 << 28,
      },
    );
    const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
    const rssMb = Number(res.stderr.trim().split("\n").pop()) / 1024;
    const findings = res.status === 0 ? (JSON.parse(res.stdout).findings?.length ?? "?") : `exit ${res.status}`;
    const row = {
      mb: bytes / 2 ** 20,
      ...(heapMb ? { jsHeapCapMb: heapMb } : {}),
      seconds,
      mbPerSecond: bytes / 2 ** 20 / seconds,
      peakRssMb: rssMb,
      findings,
    };
    results.push(row);
    if (!asJson) {
      console.log(
        `${`lint a ${row.mb.toFixed(0)} MB dump${heapMb ? `, JS heap capped at ${heapMb} MB` : ""}`.padEnd(64)} ${seconds.toFixed(1).padStart(6)} s   ${row.mbPerSecond.toFixed(2)} MB/s   peak RSS ${rssMb.toFixed(0).padStart(4)} MB   findings ${findings}`,
      );
    }
  }
  if (asJson) console.log(JSON.stringify(results, null, 2));
  else if (sizes.length > 1) {
    const [a, b] = [results[0], results[sizes.length - 1]];
    console.log(
      `${"  peak RSS growth from the smallest to the largest dump".padEnd(64)} ${(b.peakRssMb / a.peakRssMb).toFixed(2)}× for ${(b.mb / a.mb).toFixed(1)}× the bytes`,
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

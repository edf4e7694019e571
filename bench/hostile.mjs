// Hostile inputs at two sizes, 10× apart: wall time and peak RSS of the bundled CLI on each, and
// the growth ratio between them (linear cost is about 10×). Prints figures; asserts nothing.
//   node bench/hostile.mjs [--only "part of a label|another"] [--scale 0.1]
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as gen from "./hostile-inputs.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cli = join(root, "packages/linter/dist/cli.js");
if (!existsSync(cli)) {
  console.error("bench: build first (bash scripts/setup.sh)");
  process.exit(2);
}
const argv = process.argv.slice(2);
const flag = (name) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
};
const only = flag("--only")?.split("|");
const scale = Number(flag("--scale") ?? 1);

/** name, generator, file name, small size (the large one is 10×). */
const CASES = [
  ["explicit partitions (819 → 8,192)", gen.explicitPartitions, "p.sql", 819],
  ["explicit partitions (5,000 → 50,000)", gen.explicitPartitions, "p.sql", 5000],
  ["DELIMITER ;; never reset (1.2 → 12 MB)", gen.delimiterNeverReset, "d.sql", 15000],
  ["DELIMITER ;; never reset (6 → 60 MB, streamed)", gen.delimiterNeverReset, "d.sql", 75000],
  ["DELIMITER ;; swallowing the file (1.2 → 12 MB)", gen.delimiterSwallowsFile, "d.sql", 18000],
  ["DELIMITER ;; swallowing the file (6 → 60 MB, streamed)", gen.delimiterSwallowsFile, "d.sql", 90000],
  ["unknown variables (10,000 → 100,000)", gen.unknownVariables, "my.cnf", 10000],
  ["suppression + option pairs (10,000 → 100,000)", gen.suppressionPairs, "my.cnf", 10000],
  ["unclosed parentheses (10,000 → 100,000)", gen.unclosedParens, "q.sql", 10000],
  ["one option repeated (30,000 → 300,000 lines)", gen.repeatedOption, "my.cnf", 30000],
  ["declared partitions (10^8 → 10^9, subpartitioned)", gen.declaredPartitions, "p.sql", 100000000],
];

function measure(file) {
  const t0 = process.hrtime.bigint();
  const res = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, cli, "--format", "json", file], { encoding: "utf8", maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const rssMb = Number(res.stderr.trim().split("\n").pop()) / 1024;
  return { ms, rssMb, code: res.status };
}

console.log(`hostile inputs (node ${process.version}); growth: large ÷ small, linear ≈ 10×\n`);
const work = mkdtempSync(join(tmpdir(), "innolint-hostile-"));
try {
  for (const [label, make, name, size] of CASES) {
    if (only && !only.some((o) => label.includes(o))) continue;
    const results = [];
    for (const n of [Math.max(1, Math.round(size * scale)), Math.max(1, Math.round(size * scale)) * 10]) {
      // One directory per input: the history would otherwise replay the other inputs.
      const dir = join(work, `${name}-${n}-${results.length}-${Math.random().toString(36).slice(2)}`);
      mkdirSync(dir);
      const file = join(dir, name);
      const text = make(n);
      writeFileSync(file, text);
      results.push({ n, mb: text.length / 2 ** 20, ...measure(file) });
      rmSync(dir, { recursive: true, force: true });
    }
    const [a, b] = results;
    console.log(label);
    for (const r of results)
      console.log(
        `  n=${String(r.n).padStart(10)} ${r.mb.toFixed(1).padStart(6)} MB   ${r.ms.toFixed(0).padStart(7)} ms   peak RSS ${r.rssMb.toFixed(0).padStart(5)} MB   exit ${r.code}`,
      );
    console.log(`  growth ${(b.ms / a.ms).toFixed(1)}× time, ${(b.rssMb / a.rssMb).toFixed(1)}× RSS\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

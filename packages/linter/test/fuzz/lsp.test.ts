/**
 * The language-server fuzz harness (fuzz/lsp.ts), seeded and bounded: FUZZ_CASES messages (default
 * 600 here, a few minutes at most) from FUZZ_SEED. By hand: FUZZ_CASES=100000 npx vitest run
 * packages/linter/test/fuzz/lsp.test.ts. A failure names the session seed that replays it.
 */
import { spawnSync } from "node:child_process";
import { symlinkSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { scratch } from "../helpers/run.js";
import { fuzzLanguageServer } from "./lsp.js";

const cases = Number(process.env.FUZZ_CASES ?? 600);
const seed = Number(process.env.FUZZ_SEED ?? 20_261_125);

it(`survives ${cases} random and malformed messages (seed ${seed})`, { timeout: Math.max(180_000, cases * 200) }, async () => {
  const dir = scratch({
    "my.cnf": "[mysqld]\n!include other.cnf\nsync_binlog = 0\n",
    "other.cnf": "[mysqld]\nmax_connections = 10\n",
    "conf.d/a.cnf": "[mysqld]\ninnodb_sort_buffer_size = 64M\n",
    ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.22" }),
    "bad.json": "{",
  });
  expect(spawnSync("mkfifo", [join(dir, "fifo")]).status).toBe(0);
  symlinkSync("/dev/zero", join(dir, "zero.cnf"));
  const replay = process.env.FUZZ_SESSION ? { sessionSeed: Number(process.env.FUZZ_SESSION) } : {};
  const result = await fuzzLanguageServer({ seed, cases, dir, ...replay });
  console.log(
    `lsp fuzz: ${result.cases} messages in ${result.sessions} sessions, ${result.refused} requests refused with an error response, ${result.failures.length} failures`,
  );
  expect(result.failures).toEqual([]);
  if (!replay.sessionSeed) expect(result.cases).toBe(cases);
});

/**
 * The long fuzz run, by hand:
 *   FUZZ_CASES=100000 FUZZ_SEED=1 nice npx vite-node packages/linter/test/fuzz/main.ts
 * FUZZ_FRONT=optionfile|sql (default both), FUZZ_FROM=first case, FUZZ_HANG_MS=watchdog (60000).
 *
 * The cases run in a child process that reports each case before it starts; the parent kills a
 * child that makes no progress for FUZZ_HANG_MS (a hang no in-process timer can interrupt: the
 * loop never yields), reports that case as a hang, and goes on from the next case in a new child.
 * Exit code 1 when any case failed.
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { describeFailure, fuzz, type FuzzReport } from "./run.js";
import { makeCase, type FrontEnd } from "./mutate.js";

const env = process.env;
const seed = Number(env.FUZZ_SEED ?? 1);
const cases = Number(env.FUZZ_CASES ?? 2000);
const first = Number(env.FUZZ_FROM ?? 0);
const hangMs = Number(env.FUZZ_HANG_MS ?? 60_000);
const fronts: FrontEnd[] = env.FUZZ_FRONT ? [env.FUZZ_FRONT as FrontEnd] : ["optionfile", "sql"];

async function child(front: FrontEnd, from: number, to: number): Promise<void> {
  // Each failure as soon as it is found: a later hang must not lose the earlier ones.
  const report = await fuzz(
    front,
    seed,
    from,
    to,
    (i) => process.stdout.write(`case ${i}\n`),
    undefined,
    (f) => process.stdout.write(`failure ${Buffer.from(JSON.stringify(f)).toString("base64")}\n`),
  );
  process.stdout.write(`done ${report.cases}\n`);
}

/** Runs [from, to) in a child; resolves with the next case to run and what failed. */
function supervise(front: FrontEnd, from: number, to: number): Promise<{ next: number; failures: FuzzReport["failures"]; ran: number }> {
  return new Promise((resolve) => {
    const args = [fileURLToPath(import.meta.url)];
    const proc = spawn(process.execPath, [fileURLToPath(new URL("../../../../node_modules/vite-node/vite-node.mjs", import.meta.url)), ...args], {
      env: { ...env, FUZZ_CHILD: `${front}:${from}:${to}` },
      stdio: ["ignore", "pipe", "inherit"],
    });
    const failures: FuzzReport["failures"] = [];
    let current = from - 1;
    let ran = 0;
    let done = false;
    let timer = setTimeout(() => proc.kill("SIGKILL"), hangMs * 3);
    const lines = createInterface({ input: proc.stdout });
    lines.on("line", (line) => {
      if (line.startsWith("case ")) {
        current = Number(line.slice(5));
        ran++;
        clearTimeout(timer);
        timer = setTimeout(() => proc.kill("SIGKILL"), hangMs);
        if (current % 1000 === 0) process.stderr.write(`${front}: case ${current}\n`);
      } // Base64: readline also breaks lines at characters a fuzzed input holds (\r, U+2028).
      else if (line.startsWith("failure ")) failures.push(JSON.parse(Buffer.from(line.slice(8), "base64").toString()));
      else if (line.startsWith("done ")) done = true;
    });
    proc.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (done) return resolve({ next: to, failures, ran });
      // The child died or hung in case `current`: report it and go on after it.
      const index = Math.max(current, from);
      const { text, target } = makeCase(front, seed, index);
      failures.push({
        front,
        seed,
        index,
        target,
        streamed: false,
        failure: {
          kind: signal === "SIGKILL" ? "slow" : "exception",
          detail: signal === "SIGKILL" ? `no progress for ${hangMs} ms (hang)` : `child exited with ${code ?? signal}`,
        },
        minimised: text,
      });
      resolve({ next: index + 1, failures, ran });
    });
  });
}

async function parent(): Promise<number> {
  let failed = 0;
  for (const front of fronts) {
    const t0 = performance.now();
    let next = first;
    let ran = 0;
    const failures: FuzzReport["failures"] = [];
    while (next < first + cases) {
      const r = await supervise(front, next, first + cases);
      next = r.next;
      ran += r.ran;
      failures.push(...r.failures);
    }
    for (const f of failures) process.stdout.write(`${describeFailure(f)}\n\n`);
    process.stdout.write(
      `${front}: ${ran} cases of seed ${seed} from ${first}, ${failures.length} failing, ${((performance.now() - t0) / 1000).toFixed(0)} s\n`,
    );
    failed += failures.length;
  }
  return failed > 0 ? 1 : 0;
}

if (env.FUZZ_CHILD) {
  // A parent gone (its pipe closed) ends the child.
  process.stdout.on("error", () => process.exit(1));
  const [front, from, to] = env.FUZZ_CHILD.split(":");
  await child(front as FrontEnd, Number(from), Number(to));
  process.exit(0);
} else {
  process.exitCode = await parent();
}

// What the benchmarks share: timing a CLI run under /usr/bin/time, medians, interleaved rounds, and a
// JSON-RPC client for the language server.
import { spawnSync } from "node:child_process";

/**
 * Runs `node script ...args` under /usr/bin/time: wall ms, CPU ms (user and system, every thread:
 * V8's collector and compilers included), max RSS in MB, exit code and output.
 */
export function measure(script, args) {
  const t0 = process.hrtime.bigint();
  const res = spawnSync("/usr/bin/time", ["-f", "%U %S %M", process.execPath, script, ...args], { encoding: "utf8", maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const [user, system, rssKb] = (res.stderr.trim().split("\n").pop() ?? "").split(" ").map(Number);
  return { ms, cpuMs: (user + system) * 1000, rssMb: rssKb / 1024, code: res.status, stdout: res.stdout, stderr: res.stderr };
}

/** mulberry32: deterministic numbers in [0, 1), so that runs are comparable and a seed replays a test (test/helpers/random.ts). */
export function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * Each [label, args, script] run `rounds` times, interleaved, so the machine's other load hits them
 * alike: per run, the median wall and CPU times, the peak RSS and the exit codes seen.
 */
export function interleavedRuns(runs, rounds, defaultScript) {
  const samples = runs.map(() => []);
  for (let r = 0; r < rounds; r++)
    runs.forEach(([, args, script], i) => {
      samples[i].push(measure(script ?? defaultScript, args));
    });
  return runs.map(([label], i) => ({
    label,
    ms: median(samples[i].map((s) => s.ms)),
    cpuMs: median(samples[i].map((s) => s.cpuMs)),
    rss: Math.max(...samples[i].map((s) => s.rssMb)),
    codes: [...new Set(samples[i].map((s) => s.code))],
  }));
}

/** A minimal JSON-RPC client over a language server child's stdio (no dependencies: the framing is the protocol). */
export function lspClient(child) {
  let buf = Buffer.alloc(0);
  let nextId = 1;
  const pending = new Map();
  const listeners = [];
  child.stdout.on("data", (chunk) => {
    const at = performance.now();
    buf = Buffer.concat([buf, chunk]);
    for (;;) {
      const end = buf.indexOf("\r\n\r\n");
      if (end < 0) return;
      const m = /Content-Length: *(\d+)/i.exec(buf.subarray(0, end).toString("ascii"));
      const len = Number(m[1]);
      if (buf.length < end + 4 + len) return;
      const msg = JSON.parse(buf.subarray(end + 4, end + 4 + len).toString("utf8"));
      buf = buf.subarray(end + 4 + len);
      if (msg.id !== undefined && msg.method === undefined) {
        pending.get(msg.id)?.(msg);
        pending.delete(msg.id);
      } else if (msg.id !== undefined) {
        // A request from the server (registration, configuration): answer null.
        send({ jsonrpc: "2.0", id: msg.id, result: null });
      } else {
        for (const l of [...listeners]) l(msg, at);
      }
    }
  });
  function send(msg) {
    const body = Buffer.from(JSON.stringify(msg), "utf8");
    child.stdin.write(`Content-Length: ${body.length}\r\n\r\n`);
    child.stdin.write(body);
  }
  return {
    request(method, params) {
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, resolve);
        send({ jsonrpc: "2.0", id, method, params });
      });
    },
    notify(method, params) {
      send({ jsonrpc: "2.0", method, params });
    },
    /** Resolves with [params, receive time] of the first publishDiagnostics for uri at version >= v. */
    diagnostics(uri, version, timeoutMs = 60_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          listeners.splice(listeners.indexOf(l), 1);
          reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms`));
        }, timeoutMs);
        const l = (msg, at) => {
          if (msg.method === "textDocument/publishDiagnostics" && msg.params.uri === uri && (msg.params.version ?? 0) >= version) {
            clearTimeout(timer);
            listeners.splice(listeners.indexOf(l), 1);
            resolve([msg.params, at]);
          }
        };
        listeners.push(l);
      });
    },
  };
}

/**
 * Facts of a run's SQL files, extracted ahead in worker threads (sql/worker.ts) while the main
 * thread applies schemas and runs rules. The CLI knows every file up front, so it plans them in the
 * order the migration history and the lint loop will ask for them; each request is a (path, target)
 * pair, answered with the text the worker read and its facts. The main thread still reads every
 * file itself and uses a worker's facts only for the same text (MigrationHistory.facts), so input
 * errors, target directives and anything unplanned take the in-process path unchanged.
 *
 * The main thread is one of the parsing threads: whenever it would wait for a worker, it extracts
 * the next unsent file's facts itself (no copy between threads for those), so `--jobs N` means the
 * main thread and N - 1 workers.
 */
import { existsSync, statSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { FileKind, LintOptions } from "../core.js";
import { configFor, resolveTarget } from "../context.js";
import type { Target } from "../target.js";
import { extractFacts } from "./facts.js";
import type { SqlFacts } from "./types.js";
import { type MigrationHistory, SPARSE_REPLAY_FROM } from "./history.js";
import { readSqlText } from "./read.js";
import { SQL_STREAM_ABOVE } from "./stream.js";

export interface FactsRequest {
  id: number;
  path: string;
  target: Target;
  /** "schema": only what a replay applies (extractSchemaFacts). */
  scope?: "schema";
}

export interface FactsReply {
  id: number;
  text?: string;
  facts?: SqlFacts;
  /** extractFacts threw: the main thread parses the file itself and meets the same error. */
  failed?: string;
}

export interface Prefetched {
  text: string;
  facts: SqlFacts;
}

/**
 * Without --jobs, workers start only for at least this much SQL: on two cores a worker takes 0.3 to
 * 0.4 s to start, load the grammar and answer, in which the main thread extracts facts from about
 * 300 KB itself.
 */
export const PARALLEL_FROM_BYTES = 512 * 1024;
/**
 * Without --jobs, workers start only when the planned files average at least this much SQL: each
 * file costs the main thread a read, a message and its facts' copy whatever its size, and with facts
 * copied out of the parse tree in one call (sql/syntax.ts) small files parse faster than that. On
 * two cores, 1,000 files of 2.6 KB took 1.5 s in-process and 1.6 s with a worker, 1,128 of 0.6 KB
 * 0.65 s and 0.80 s; 100 files of 100 KB took 2.6 s and 2.35 s.
 */
export const PARALLEL_FROM_AVERAGE_BYTES = 16 * 1024;

/** Whether `files` files of `bytes` of SQL in all are worth workers when --jobs does not say. */
export function worthWorkers(bytes: number, files: number): boolean {
  return files >= 2 && bytes >= PARALLEL_FROM_BYTES && bytes / files >= PARALLEL_FROM_AVERAGE_BYTES;
}
/** Without --jobs, threads (main included): each holds the parse tree of its current file (about 20 bytes per byte of SQL). */
const AUTO_MAX_THREADS = 4;

/**
 * Threads (main included) without --jobs: one per core not already busy by the one-minute load
 * average, up to AUTO_MAX_THREADS, at least 1 (in-process). A worker pays only with a core of its
 * own: on two cores the pool lost to in-process parsing while a test suite held the load average at
 * 4 to 5, and gained nothing beside one busy process; each thread also holds a parse tree. The
 * average lags by a minute, so work that just ended (a previous run) still counts: safe, not
 * always fastest. (Windows reports a load of 0.)
 */
export function defaultThreads(cores: number = availableParallelism(), load: number = loadavg()[0] ?? 0): number {
  return Math.max(1, Math.min(AUTO_MAX_THREADS, cores - Math.round(load)));
}
const IN_FLIGHT_PER_WORKER = 2;
/** Facts extracted ahead of the lint loop but not yet taken, in files and in bytes of SQL. */
const AHEAD_PER_WORKER = 4;
const AHEAD_BYTES = 64 * 2 ** 20;

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The worker bundle beside the bundle running this module (build.mjs writes dist/sql-worker.js).
 * From source there is none and the CLI extracts facts in-process. INNOLINT_SQL_WORKER names another
 * script (tests use it to inject a failing worker).
 */
export function workerScript(env: Record<string, string | undefined>): string | undefined {
  const named = env.INNOLINT_SQL_WORKER;
  if (named) return resolve(named);
  const beside = join(here, "sql-worker.js");
  return existsSync(beside) ? beside : undefined;
}

interface Slot {
  index: number;
  key: string;
  path: string;
  target: Target;
  bytes: number;
  state: "planned" | "sent" | "done" | "taken" | "dropped";
  result?: Promise<Prefetched | undefined>;
  settle?: (value: Prefetched | undefined) => void;
  /** The worker answered, or was lost. */
  answered?: true;
  /** Sent to a worker and not yet taken: counted in the look-ahead. */
  ahead?: true;
}

interface Live {
  worker: Worker;
  inFlight: Map<number, Slot>;
  alive: boolean;
}

const keyOf = (path: string, target: Target) => `${target.label}\0${path}`;

export class SqlPrefetch {
  private readonly slots: Slot[];
  private readonly byKey = new Map<string, Slot>();
  private readonly workers: Live[] = [];
  /** The next slot to send, and the first slot not yet taken or dropped. */
  private next = 0;
  private first = 0;
  private aheadFiles = 0;
  private aheadBytes = 0;
  private closed = false;

  constructor(
    plan: { path: string; target: Target; bytes: number }[],
    size: number,
    script: string,
    private readonly scope?: "schema",
  ) {
    this.slots = plan.map((p, index) => ({ ...p, index, key: keyOf(p.path, p.target), state: "planned" }));
    for (const s of this.slots) this.byKey.set(s.key, s);
    for (let i = 0; i < size; i++) {
      let worker: Worker;
      try {
        worker = new Worker(script);
      } catch {
        break;
      }
      const live: Live = { worker, inFlight: new Map(), alive: true };
      live.worker.on("message", (reply: FactsReply) => this.answered(live, reply));
      // A worker that dies or sends what cannot be read is given up on; its files are parsed in-process.
      live.worker.on("error", () => this.lost(live));
      live.worker.on("messageerror", () => this.lost(live));
      live.worker.on("exit", () => this.lost(live));
      this.workers.push(live);
    }
    this.pump();
  }

  /**
   * The facts planned for (path, target), or undefined when they are not planned or not yet sent
   * (the caller parses in-process). Slots planned before this one and not taken are given up:
   * the lint loop has moved past them.
   */
  take(path: string, target: Target): Promise<Prefetched | undefined> | undefined {
    const slot = this.byKey.get(keyOf(path, target));
    if (!slot || slot.state === "taken" || slot.state === "dropped") return undefined;
    for (; this.first < slot.index; this.first++) this.release(this.slots[this.first] as Slot, "dropped");
    const sent = slot.state !== "planned";
    const pending = slot.state === "sent";
    this.release(slot, sent ? "taken" : "dropped");
    this.pump();
    if (!sent) return undefined;
    return pending ? this.helpUntil(slot) : slot.result;
  }

  /** Extracts unsent files' facts on this thread until `slot`'s worker has answered. */
  private async helpUntil(slot: Slot): Promise<Prefetched | undefined> {
    while (!slot.answered) {
      const spare = this.unsent();
      if (!spare) break;
      spare.state = "done";
      spare.result = Promise.resolve(local(spare.path, spare.target, this.scope));
      await spare.result;
      // Lets the workers' answers in before deciding whether to go on.
      await new Promise((next) => setImmediate(next));
    }
    return slot.result;
  }

  private unsent(): Slot | undefined {
    for (; this.next < this.slots.length; this.next++) {
      const slot = this.slots[this.next] as Slot;
      if (slot.state === "planned") return slot;
    }
    return undefined;
  }

  close(): void {
    this.closed = true;
    for (const live of this.workers) {
      this.lost(live);
      void live.worker.terminate();
    }
  }

  private release(slot: Slot, state: "taken" | "dropped"): void {
    if (slot.ahead) {
      delete slot.ahead;
      this.aheadFiles--;
      this.aheadBytes -= slot.bytes;
    }
    if (slot.state !== "taken") slot.state = state;
  }

  private pump(): void {
    if (this.closed) return;
    const live = this.workers.filter((w) => w.alive);
    const aheadLimit = AHEAD_PER_WORKER * live.length;
    while (this.next < this.slots.length) {
      const slot = this.slots[this.next] as Slot;
      if (slot.state !== "planned") {
        this.next++;
        continue;
      }
      if (this.aheadFiles >= aheadLimit) return;
      if (this.aheadFiles > 0 && this.aheadBytes + slot.bytes > AHEAD_BYTES) return;
      let idlest: Live | undefined;
      for (const w of live) if (!idlest || w.inFlight.size < idlest.inFlight.size) idlest = w;
      if (!idlest || idlest.inFlight.size >= IN_FLIGHT_PER_WORKER) return;
      const id = slot.index;
      slot.state = "sent";
      slot.ahead = true;
      slot.result = new Promise((settle) => (slot.settle = settle));
      this.aheadFiles++;
      this.aheadBytes += slot.bytes;
      idlest.inFlight.set(id, slot);
      idlest.worker.postMessage({ id, path: slot.path, target: slot.target, ...(this.scope ? { scope: this.scope } : {}) } satisfies FactsRequest);
      this.next++;
    }
  }

  private answered(live: Live, reply: FactsReply): void {
    const slot = live.inFlight.get(reply.id);
    if (!slot) return;
    live.inFlight.delete(reply.id);
    slot.answered = true;
    if (slot.state === "sent") slot.state = "done";
    slot.settle?.(reply.text !== undefined && reply.facts ? { text: reply.text, facts: reply.facts } : undefined);
    this.pump();
  }

  private lost(live: Live): void {
    if (!live.alive) return;
    live.alive = false;
    for (const slot of live.inFlight.values()) {
      slot.answered = true;
      if (slot.state === "sent") slot.state = "done";
      slot.settle?.(undefined);
    }
    live.inFlight.clear();
    if (!this.closed) void live.worker.terminate();
    this.pump();
  }
}

export interface PrefetchJob {
  file: string;
  kind: FileKind | undefined;
  options: LintOptions;
}

/** Facts extracted on this thread, as a worker would: undefined when the file cannot be read or parsed. */
async function local(path: string, target: Target, scope?: "schema"): Promise<Prefetched | undefined> {
  const read = readSqlText(path, {});
  if (read.text === undefined) return undefined;
  try {
    return { text: read.text, facts: await extractFacts(path, read.text, target, scope) };
  } catch {
    // The lint loop parses the file again when it comes to it and reports the error for that file.
    return undefined;
  }
}

function sizeOf(path: string): number {
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : -1;
  } catch {
    return -1;
  }
}

/**
 * Plans the SQL files of a run in the order they are parsed (each file's earlier migrations, then
 * the file, at the target it is first parsed for) and starts workers for them, or returns
 * undefined when the run is better done in-process: `--jobs 1`, no worker bundle, fewer than two
 * files to parse, or (without --jobs) less SQL than PARALLEL_FROM_BYTES, files averaging less than
 * PARALLEL_FROM_AVERAGE_BYTES, or defaultThreads() of 1.
 * Only files read from disk are planned: not standard input, not files above SQL_STREAM_ABOVE
 * (streamed in-process), and not migrations the history replays in another version (review).
 */
export function startSqlPrefetch(
  jobs: PrefetchJob[],
  history: MigrationHistory,
  requested: number | undefined,
  env: Record<string, string | undefined>,
): SqlPrefetch | undefined {
  // Decided before planning: with no second thread no plan can start a worker, and planning costs a stat per file.
  const threads = requested ?? defaultThreads();
  if (threads < 2) return undefined;
  const script = workerScript(env);
  if (!script) return undefined;
  const plan = new Plan();
  // How many of a directory's migrations are planned, per target: each is planned once, in order.
  const plannedUpTo = new Map<string, number>();
  for (const job of jobs) {
    if (job.kind !== "sql") continue;
    let target: Target;
    try {
      target = resolveTarget(undefined, job.options, configFor(job.file, job.options));
    } catch {
      continue;
    }
    const listing = history.listing(dirname(resolve(job.file)));
    const from = plannedUpTo.get(`${target.label}\0${listing.dir}`) ?? 0;
    let upTo = history.earlierCount(resolve(job.file));
    // So many migrations not replayed yet: the file gets a sparse schema, which parses few of them.
    if (upTo - from >= SPARSE_REPLAY_FROM) upTo = from;
    const paths: string[] = [];
    for (let i = from; i < upTo; i++) {
      const path = join(listing.dir, listing.names[i] as string);
      if (history.replaysFromDisk(path)) paths.push(path);
    }
    if (upTo > from) plannedUpTo.set(`${target.label}\0${listing.dir}`, upTo);
    if (job.options.text === undefined) paths.push(resolve(job.file));
    for (const path of paths) plan.add(path, target);
  }
  return plan.start(threads, requested === undefined, script);
}

/** Files to parse ahead, each (path, target) once, in order; none that is unreadable or streamed. */
class Plan {
  private readonly files: { path: string; target: Target; bytes: number }[] = [];
  private readonly keys = new Set<string>();
  private bytes = 0;

  add(path: string, target: Target): void {
    const key = keyOf(path, target);
    if (this.keys.has(key)) return;
    this.keys.add(key);
    const size = sizeOf(path);
    if (size < 0 || size > SQL_STREAM_ABOVE) return;
    this.files.push({ path, target, bytes: size });
    this.bytes += size;
  }

  /**
   * `threads` (main included) for the plan, or undefined when in-process is better (see
   * startSqlPrefetch); `chosen`: no --jobs, so the plan must also be worth workers.
   */
  start(threads: number, chosen: boolean, script: string, scope?: "schema"): SqlPrefetch | undefined {
    if (this.files.length < 2) return undefined;
    if (chosen && !worthWorkers(this.bytes, this.files.length)) return undefined;
    return new SqlPrefetch(this.files, Math.min(threads - 1, this.files.length), script, scope);
  }
}

/**
 * Workers for a migration history the language server replays before a document (the files not
 * replayed yet, in order), under the same rules as a run: none for less than PARALLEL_FROM_BYTES or
 * small files, without a worker bundle, or when the load average leaves no core idle.
 */
export function startReplayPrefetch(
  paths: string[],
  target: Target,
  requested: number | undefined,
  env: Record<string, string | undefined>,
): SqlPrefetch | undefined {
  const threads = requested ?? defaultThreads();
  if (threads < 2) return undefined;
  const script = workerScript(env);
  if (!script) return undefined;
  const plan = new Plan();
  for (const path of paths) plan.add(path, target);
  return plan.start(threads, requested === undefined, script, "schema");
}

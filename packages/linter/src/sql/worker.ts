/**
 * The facts worker (bundled as dist/sql-worker.js): loads the grammar once, then for each request
 * reads a SQL file as the engine reads it and sends back the text and its facts. It never reports
 * input errors: the main thread reads every file itself, so an unreadable file gets no facts here
 * and the engine's own error there.
 */
import { parentPort } from "node:worker_threads";
import { extractFacts } from "./facts.js";
import type { FactsReply, FactsRequest } from "./pool.js";
import { readSqlText } from "./read.js";

const port = parentPort;
if (!port) throw new Error("innolint: sql-worker.js runs only as a worker thread");

async function answer({ id, path, target, scope }: FactsRequest): Promise<FactsReply> {
  const read = readSqlText(path, {});
  if (read.text === undefined) return { id };
  try {
    return { id, text: read.text, facts: await extractFacts(path, read.text, target, scope) };
  } catch (e) {
    return { id, failed: (e as Error).message };
  }
}

port.on("message", (request: FactsRequest) => {
  void answer(request).then((reply) => port.postMessage(reply));
});

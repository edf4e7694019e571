/**
 * A long history before an editor's document shows as work-done progress: the reading of its
 * migrations' words for a sparse schema, or a full replay where a sparse schema would not do.
 */
import { describe, expect, it } from "vitest";
import { REPLAY_PROGRESS_FROM } from "../src/lint/project.js";
import { lspSession } from "./helpers/lsp-session.js";
import { scratch } from "./helpers/run.js";

function migrations(count: number): Record<string, string> {
  const files: Record<string, string> = { ".innolint.json": JSON.stringify({ root: true, target: "mysql-8.0.36" }) };
  for (let n = 1; n <= count; n++) files[`V${String(n).padStart(4, "0")}.sql`] = `CREATE TABLE t${n} (id INT PRIMARY KEY, v VARCHAR(10));\n`;
  return files;
}

const progressOf = (received: { method: string; params: unknown }[]) =>
  received.filter((m) => m.method === "$/progress").map((m) => (m.params as { value: { kind: string; message?: string; percentage?: number } }).value);

describe("replay progress in the editor", () => {
  it("begins, reports at most once per percent and ends around the reading of many earlier migrations", async () => {
    const count = REPLAY_PROGRESS_FROM + 50;
    const dir = scratch(migrations(count));
    const s = await lspSession(dir, {}, false, { workDoneProgress: true });
    try {
      const last = `V${String(count).padStart(4, "0")}.sql`;
      // The last file drops a table the migrations before it created: found only through the replay.
      const diags = await s.open(last, "DROP TABLE t1;\n");
      expect(diags.diagnostics.map((d) => d.code)).toContain("adaptive-hash-index-drop-stall");
      await new Promise((done) => setTimeout(done, 50));
      const at = (method: string) => s.received.findIndex((m) => m.method === method);
      // Asked for before the replay, so the bar shows while it runs.
      expect(at("window/workDoneProgress/create")).toBeGreaterThanOrEqual(0);
      expect(at("window/workDoneProgress/create")).toBeLessThan(at("textDocument/publishDiagnostics"));
      const values = progressOf(s.received);
      expect(values[0]).toMatchObject({ kind: "begin", message: `reading ${(count - 1).toLocaleString("en")} earlier migrations` });
      expect(values.at(-1)?.kind).toBe("end");
      const reports = values.filter((v) => v.kind === "report");
      expect(reports.length).toBeGreaterThan(10);
      expect(reports.length).toBeLessThanOrEqual(101);
      expect(reports.at(-1)).toMatchObject({
        percentage: 100,
        message: `${(count - 1).toLocaleString("en")} of ${(count - 1).toLocaleString("en")} earlier migrations`,
      });
      // The second document of the directory reads nothing new: no second progress.
      const created = s.received.filter((m) => m.method === "window/workDoneProgress/create").length;
      await s.open(`V${String(count - 1).padStart(4, "0")}.sql`, "SELECT 1;\n");
      expect(s.received.filter((m) => m.method === "window/workDoneProgress/create").length).toBe(created);
    } finally {
      await s.close();
    }
  });

  it("replays in full, with its progress, for a document that reads the whole schema (DROP DATABASE)", async () => {
    const count = REPLAY_PROGRESS_FROM + 20;
    const dir = scratch(migrations(count));
    const s = await lspSession(dir, {}, false, { workDoneProgress: true });
    try {
      await s.open(`V${String(count).padStart(4, "0")}.sql`, "DROP DATABASE app;\n");
      await new Promise((done) => setTimeout(done, 50));
      expect(progressOf(s.received)[0]).toMatchObject({ kind: "begin", message: `replaying ${(count - 1).toLocaleString("en")} earlier migrations` });
    } finally {
      await s.close();
    }
  });

  it("shows nothing for a short replay, nor to a client without work-done progress", async () => {
    const short = scratch(migrations(REPLAY_PROGRESS_FROM - 2));
    const a = await lspSession(short, {}, false, { workDoneProgress: true });
    const long = scratch(migrations(REPLAY_PROGRESS_FROM + 10));
    const b = await lspSession(long, {}, false, {});
    try {
      await a.open(`V${String(REPLAY_PROGRESS_FROM - 2).padStart(4, "0")}.sql`, "DROP TABLE t1;\n");
      await b.open(`V${String(REPLAY_PROGRESS_FROM + 10).padStart(4, "0")}.sql`, "DROP TABLE t1;\n");
      await new Promise((done) => setTimeout(done, 50));
      for (const s of [a, b]) {
        expect(s.received.filter((m) => m.method === "window/workDoneProgress/create" || m.method === "$/progress")).toEqual([]);
      }
    } finally {
      await a.close();
      await b.close();
    }
  });
});

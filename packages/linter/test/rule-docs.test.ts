import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadRuleDocs } from "../src/knowledge.js";
import { ALL_RULE_IDS } from "../src/engine.js";
import { run, scratch } from "./helpers/run.js";

const docs = [...loadRuleDocs().values()];

describe("knowledge base and registry", () => {
  it("has one implementation per rule file and one rule file per implementation", () => {
    expect([...loadRuleDocs().keys()].sort()).toEqual(ALL_RULE_IDS().sort());
  });

  it("uses kebab-case hazard names as ids", () => {
    for (const d of docs) expect(d.id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
  });
});

interface JsonReport {
  findings: { rule: string; message: string }[];
  errors: unknown[];
}

async function lintExample(file: string, code: string, target?: string, snapshot?: Record<string, unknown>): Promise<JsonReport> {
  const dir = scratch({ [file]: code, ".innolint.json": JSON.stringify({ root: true }), ...(snapshot ? { "snapshot.json": JSON.stringify(snapshot) } : {}) });
  // An example with a snapshot is judged against that server: its code is the option file compared with it.
  const args = snapshot
    ? ["live", "--from-snapshot", join(dir, "snapshot.json"), "--defaults-file", join(dir, file), "--format", "json", ...(target ? ["--target", target] : [])]
    : ["--format", "json", ...(target ? ["--target", target] : []), join(dir, file)];
  const res = await run(args, { cwd: dir });
  const report = JSON.parse(res.stdout) as JsonReport;
  expect(report.errors).toEqual([]);
  return report;
}

describe.each(docs.map((d) => [d.id, d] as const))("docs examples of %s", (id, doc) => {
  it.each(doc.examples.fires.map((e) => [e.description, e] as const))("fires: %s", async (_, ex) => {
    const report = await lintExample(ex.file, ex.code, ex.target, ex.snapshot);
    expect(report.findings.filter((f) => f.rule === id).length).toBeGreaterThan(0);
  });
  it.each(doc.examples.silent.map((e) => [e.description, e] as const))("stays silent: %s", async (_, ex) => {
    const report = await lintExample(ex.file, ex.code, ex.target, ex.snapshot);
    expect(report.findings.filter((f) => f.rule === id)).toEqual([]);
  });
});

/**
 * The real-world corpus (fixtures/real-world): public option files and migration sets, each linted
 * with the target its era names. Every finding has a verdict in verdicts.json (evidence in
 * JUDGEMENT.md). True findings are pinned; false and noisy ones are listed as expected to change,
 * so that a fix shows up here as an intended edit of verdicts.json, never as a pinned wrong verdict.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { run } from "./helpers/run.js";

const corpus = join(__dirname, "..", "..", "..", "fixtures", "real-world");

interface Sources {
  optionFiles: { file: string; repo: string; path: string; commit: string; target: string }[];
  migrationSets: { dir: string; repo: string; commit: string; target: string; files: { file: string; path: string }[] }[];
}

interface Verdict {
  file: string;
  line: number | null;
  rule: string;
  severity: string;
  verdict: "true" | "false" | "noise";
  evidence: string;
}

interface Reported {
  key: string;
  severity: string;
  message: string;
}

const sources = JSON.parse(readFileSync(join(corpus, "sources.json"), "utf8")) as Sources;
const verdicts = (JSON.parse(readFileSync(join(corpus, "verdicts.json"), "utf8")) as { verdicts: Verdict[] }).verdicts;
const keyOf = (file: string, line: number | null | undefined, rule: string) => `${file}:${line ?? 0}:${rule}`;

async function lint(path: string, target: string): Promise<Reported[]> {
  const { stdout, stderr } = await run(["--format", "json", "--no-config", "--no-impact", "--no-progress", "--target", target, join(corpus, path)]);
  if (!stdout.trim()) throw new Error(`${path}: no JSON report (${stderr.trim()})`);
  const report = JSON.parse(stdout) as {
    findings: { rule: string; severity: string; file: string; range: { start: { line: number } }; message: string }[];
    errors: { file: string; line?: number; message: string }[];
  };
  const rel = (file: string) => relative(corpus, file);
  return [
    ...report.findings.map((f) => ({ key: keyOf(rel(f.file), f.range.start.line, f.rule), severity: f.severity, message: f.message })),
    ...report.errors.map((e) => ({ key: keyOf(rel(e.file), e.line, "input-error"), severity: "error", message: e.message })),
  ];
}

function corpusFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...corpusFiles(path));
    else if (/\.(cnf|sql)$/.test(name)) out.push(relative(corpus, path));
  }
  return out;
}

describe("real-world corpus", () => {
  const reported = new Map<string, Reported>();

  beforeAll(async () => {
    for (const f of sources.optionFiles) for (const r of await lint(f.file, f.target)) reported.set(r.key, r);
    for (const s of sources.migrationSets) for (const r of await lint(s.dir, s.target)) reported.set(r.key, r);
  }, 300_000);

  it("has at least 60 option files and 5 migration sets, each file with its provenance", () => {
    expect(sources.optionFiles.length).toBeGreaterThanOrEqual(60);
    expect(sources.migrationSets.length).toBeGreaterThanOrEqual(5);
    const listed = new Set([...sources.optionFiles.map((f) => f.file), ...sources.migrationSets.flatMap((s) => s.files.map((f) => f.file))]);
    expect(corpusFiles(corpus).sort()).toEqual([...listed].sort());
    for (const f of [...sources.optionFiles, ...sources.migrationSets]) {
      expect(f.commit, JSON.stringify(f)).toMatch(/^[0-9a-f]{40}$/);
      expect(f.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
    }
    for (const file of listed) expect(existsSync(join(corpus, file)), file).toBe(true);
  });

  it("every finding has a verdict", () => {
    const judged = new Set(verdicts.map((v) => keyOf(v.file, v.line, v.rule)));
    const unjudged = [...reported.values()].filter((r) => !judged.has(r.key)).map((r) => `${r.key} ${r.severity}: ${r.message}`);
    expect(unjudged, "judge these in fixtures/real-world/verdicts.json and JUDGEMENT.md").toEqual([]);
  });

  it("findings judged true are still reported, at the same severity", () => {
    const lost = verdicts
      .filter((v) => v.verdict === "true")
      .filter((v) => reported.get(keyOf(v.file, v.line, v.rule))?.severity !== v.severity)
      .map((v) => `${keyOf(v.file, v.line, v.rule)} ${v.severity} -> ${reported.get(keyOf(v.file, v.line, v.rule))?.severity ?? "gone"}`);
    expect(lost).toEqual([]);
  });

  // Known false and noisy findings: expected to change. When a fix removes one or changes its
  // severity, this fails; update its entry in verdicts.json (and the counts in JUDGEMENT.md).
  it("known false and noisy findings are still as judged (expected to change)", () => {
    const changed = verdicts
      .filter((v) => v.verdict !== "true")
      .filter((v) => reported.get(keyOf(v.file, v.line, v.rule))?.severity !== v.severity)
      .map((v) => `${keyOf(v.file, v.line, v.rule)} (${v.verdict}) ${v.severity} -> ${reported.get(keyOf(v.file, v.line, v.rule))?.severity ?? "gone"}`);
    expect(changed, "an expected change happened: update fixtures/real-world/verdicts.json").toEqual([]);
  });
});

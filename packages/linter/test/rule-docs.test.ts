import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { loadRuleDocs, type RuleExample } from "../src/knowledge.js";
import { ALL_RULE_IDS } from "../src/engine.js";
import { kindFromName } from "../src/files.js";
import { newestMysqlLts } from "../src/catalogue/index.js";
import { isRuleModule, SURFACES, type RuleModule, type Surface } from "../src/rules/define.js";
import { ALL_RULES } from "../src/rules/index.js";
import { assumedTarget, parseTarget } from "../src/target.js";
import { liveSnapshot, serverLines, setGlobalScript } from "./helpers/examples.js";
import { run, scratch } from "./helpers/run.js";

const docs = [...loadRuleDocs().values()];
const rulesDir = join(__dirname, "..", "src", "rules");
const snapshotDir = join(rulesDir, "__snapshots__");
const update = process.env.UPDATE_SNAPSHOTS === "1";

/** Modules in src/rules that are not rules. */
const INFRASTRUCTURE = ["define.ts", "didyoumean.ts", "index.ts", "registry.ts", "types.ts", "config-check.ts"];

describe("knowledge base and registry", () => {
  it("has one implementation per rule file and one rule file per implementation", () => {
    expect([...loadRuleDocs().keys()].sort()).toEqual(ALL_RULE_IDS().sort());
    expect(ALL_RULES.map((r) => r.id).sort()).toEqual([...loadRuleDocs().keys()].sort());
  });

  it("uses kebab-case hazard names as ids", () => {
    for (const d of docs) expect(d.id).toMatch(/^[a-z]+(-[a-z0-9]+)+$/);
  });

  it("takes every rule from a module named by its id, and the index lists every such module", async () => {
    const indexed = new Set<unknown>(ALL_RULES);
    for (const name of readdirSync(rulesDir)
      .filter((n) => n.endsWith(".ts"))
      .sort()) {
      const mod = (await import(pathToFileURL(join(rulesDir, name)).href)) as Record<string, unknown>;
      const rules = Object.values(mod).filter(isRuleModule);
      if (INFRASTRUCTURE.includes(name)) {
        expect(rules, `${name} is infrastructure and defines no rule`).toEqual([]);
        continue;
      }
      expect(rules.length, `src/rules/${name} must export exactly one rule (or be listed as infrastructure)`).toBe(1);
      const rule = rules[0] as RuleModule;
      expect(mod.default, `src/rules/${name} exports its rule as default`).toBe(rule);
      expect(`${rule.id}.ts`, `src/rules/${name} defines ${rule.id}`).toBe(name);
      expect(indexed.has(rule), `src/rules/index.ts does not list ${rule.id}`).toBe(true);
    }
    expect(new Set(ALL_RULES.map((r) => r.id)).size).toBe(ALL_RULES.length);
  });

  it("declares only known surfaces, at least one each", () => {
    for (const r of ALL_RULES) {
      expect(r.surfaces.length, r.id).toBeGreaterThan(0);
      for (const s of r.surfaces) expect(SURFACES).toContain(s);
    }
  });
});

interface JsonReport {
  findings: { rule: string; message: string; file: string }[];
  errors: unknown[];
}

/** How one surface runs an example: the arguments and files, or why it cannot. */
type Plan = { files: Record<string, string>; args: string[]; findingsIn?: string } | { skip: string };

const kindOf = (ex: RuleExample) => (ex.snapshot ? "snapshot" : (kindFromName(ex.file) ?? "option-file"));

function targetOf(ex: RuleExample) {
  return ex.target ? parseTarget(ex.target) : assumedTarget(newestMysqlLts() ?? "8.4");
}

/** The example's host as --host-* options, on every surface alike. */
function plan(surface: Surface, ex: RuleExample): Plan | undefined {
  const p = planWithoutHost(surface, ex);
  if (!p || "skip" in p || !ex.host) return p;
  return { ...p, args: [...p.args, ...Object.entries(ex.host).flatMap(([k, v]) => [`--host-${k}`, String(v)])] };
}

function planWithoutHost(surface: Surface, ex: RuleExample): Plan | undefined {
  const kind = kindOf(ex);
  const target = [...(ex.target ? ["--target", ex.target] : []), ...(ex.upgradeTo ? ["--upgrade-to", ex.upgradeTo] : [])];
  const direct: Plan = { files: { [ex.file]: ex.code }, args: [...target, ex.file] };
  switch (surface) {
    case "option-file":
      return kind === "option-file" ? direct : undefined;
    case "sql-statement":
      return kind === "sql" ? direct : undefined;
    case "script":
      return kind === "snapshot" ? undefined : direct;
    case "drift":
      return kind === "snapshot"
        ? {
            files: { [ex.file]: ex.code, "snapshot.json": JSON.stringify(ex.snapshot) },
            args: ["live", "--from-snapshot", "snapshot.json", "--defaults-file", ex.file, ...target],
          }
        : undefined;
    case "set-statement": {
      if (kind === "sql") return direct;
      if (kind !== "option-file") return undefined;
      const lines = serverLines(ex.code);
      if ("untranslatable" in lines) return { skip: lines.untranslatable };
      return { files: { "set.sql": setGlobalScript(lines) }, args: [...target, "set.sql"] };
    }
    case "live-config": {
      if (kind !== "option-file") return undefined;
      const lines = serverLines(ex.code);
      if ("untranslatable" in lines) return { skip: lines.untranslatable };
      // The server's own target: a snapshot states it.
      return { files: { "snapshot.json": JSON.stringify(liveSnapshot(lines, targetOf(ex))) }, args: ["live", "--from-snapshot", "snapshot.json"] };
    }
  }
}

/**
 * Examples a surface the rule declares cannot show, each with the reason. The test fails when an
 * entry here is not needed any more.
 */
const EXCEPTIONS: Record<string, Partial<Record<Surface, Record<string, string>>>> = {
  "open-files-limit-too-low": {
    "live-config": {
      "a 100,000-table cache and 2,000 connections with 5,000 descriptors":
        "a running server reports table_open_cache after its startup adjustment: no server runs a 100,000-table cache on 5,000 descriptors",
    },
  },
  "binlog-retention-short": {
    "live-config": {
      "one hour of binary logs":
        "a running server always reports log_bin; the example's file leaves it to the default or names the log, which a snapshot built from the file's lines does not carry as ON",
      "two days on MySQL 5.7 with the log on":
        "a running server always reports log_bin; the example's file leaves it to the default or names the log, which a snapshot built from the file's lines does not carry as ON",
      "MariaDB, the later line wins":
        "a running server always reports log_bin; the example's file leaves it to the default or names the log, which a snapshot built from the file's lines does not carry as ON",
    },
  },
  "query-cache-allocated": {
    "live-config": {
      "MariaDB runs the cache although the file turns it off":
        "a running server reports the type it runs with: the startup override of query_cache_type by a non-default size is about reading a file, and a live OFF is really off",
    },
  },
  "relaxed-commit-durability": {
    "live-config": {
      "binary log synced by the OS only":
        "on a live server the rule reads log_bin as the server reports it; an option file that leaves the binary log at its default says nothing a snapshot could carry",
    },
  },
};

async function lint(p: Exclude<Plan, { skip: string }>, format: "json" | "text") {
  const dir = scratch({ ...p.files, ".innolint.json": JSON.stringify({ root: true }) });
  const args = p.args[0] === "live" ? [...p.args, "--format", format] : ["--format", format, ...p.args];
  return run(args, { cwd: dir });
}

const used = new Set<string>();

describe.each(ALL_RULES.map((r) => [r.id, r] as const))("examples of %s", (id, rule) => {
  const doc = loadRuleDocs().get(id);
  if (!doc) throw new Error(`${id} has no YAML`);
  const examples = [...doc.examples.fires.map((e) => ["fires", e] as const), ...doc.examples.silent.map((e) => ["silent", e] as const)];

  it("runs every example on at least one surface the rule declares", () => {
    for (const [, ex] of examples)
      expect(
        rule.surfaces.some((s) => plan(s, ex) !== undefined),
        ex.description,
      ).toBe(true);
  });

  const cases = rule.surfaces.flatMap((surface) =>
    examples.flatMap(([verdict, ex]) => {
      const p = plan(surface, ex);
      return p ? [[`${surface}, ${verdict}: ${ex.description}`, surface, verdict, ex, p] as const] : [];
    }),
  );

  it.each(cases)("%s", async (_, surface, verdict, ex, p) => {
    const excepted = EXCEPTIONS[id]?.[surface]?.[ex.description];
    if (excepted) used.add(`${id}\0${surface}\0${ex.description}`);
    if ("skip" in p) {
      expect(excepted, `${surface} cannot run "${ex.description}" (${p.skip}): list it in EXCEPTIONS with the reason`).toBeTruthy();
      return;
    }
    const report = JSON.parse((await lint(p, "json")).stdout) as JsonReport;
    const mine = report.findings.filter((f) => f.rule === id);
    const agrees = report.errors.length === 0 && (verdict === "fires" ? mine.length > 0 : mine.length === 0);
    if (excepted) {
      expect(agrees, `${surface} now agrees with "${ex.description}": remove its entry from EXCEPTIONS`).toBe(false);
      return;
    }
    expect(report.errors).toEqual([]);
    if (verdict === "fires") expect(mine.length).toBeGreaterThan(0);
    else expect(mine).toEqual([]);
  });

  it.each(rule.surfaces.filter((s) => s !== "script"))("has a firing example on %s", (surface) => {
    const runnable = doc.examples.fires.filter((ex) => {
      const p = plan(surface, ex);
      return p && !("skip" in p) && !EXCEPTIONS[id]?.[surface]?.[ex.description];
    });
    expect(runnable.length, `no example shows ${id} firing on ${surface}`).toBeGreaterThan(0);
  });
});

describe("surface exceptions", () => {
  it("lists only examples that exist and need it", () => {
    for (const [id, surfaces] of Object.entries(EXCEPTIONS)) {
      for (const [surface, list] of Object.entries(surfaces)) {
        for (const description of Object.keys(list ?? {})) expect(used.has(`${id}\0${surface}\0${description}`), `${id} ${surface}: ${description}`).toBe(true);
      }
    }
  });
});

/** The text report's blocks for one rule: message, code frame, impact, notes and fix. */
function blocksOf(text: string, id: string): string[] {
  return text
    .trimEnd()
    .split("\n\n")
    .filter((b) => new RegExp(`^\\S.*?: (error|warning|info)\\[${id}\\] `).test(b));
}

async function renderSnapshot(id: string): Promise<string> {
  const doc = loadRuleDocs().get(id)!;
  const out = [`# ${id}`, "", "The text report of each example that fires, as `innolint --format text` prints it (this rule's findings only).", ""];
  for (const ex of doc.examples.fires) {
    const kind = kindOf(ex);
    const p = plan(kind === "snapshot" ? "drift" : kind === "sql" ? "sql-statement" : "option-file", ex) as Exclude<Plan, { skip: string }>;
    const res = await lint(p, "text");
    out.push(`## fires: ${ex.description}`, "", "```text", ...blocksOf(res.stdout, id).join("\n\n").split("\n"), "```", "");
  }
  return out.join("\n");
}

describe("per-rule snapshots", () => {
  it.each(ALL_RULES.map((r) => r.id))("%s: each firing example's report is pinned", async (id) => {
    const path = join(snapshotDir, `${id}.snap`);
    const actual = await renderSnapshot(id);
    if (update) {
      mkdirSync(snapshotDir, { recursive: true });
      writeFileSync(path, actual);
    }
    // A missing snapshot fails: writing it here would pin whatever the rule prints today.
    expect(existsSync(path), `${path} is missing: review the output and write it with UPDATE_SNAPSHOTS=1`).toBe(true);
    const expected = readFileSync(path, "utf8");
    const sections = (t: string) => t.split("\n").filter((l) => l.startsWith("## "));
    const orphans = sections(expected).filter((s) => !sections(actual).includes(s));
    expect(orphans, `${id}.snap has sections for examples that no longer exist`).toEqual([]);
    expect(actual).toBe(expected);
  });

  it("has no snapshot without a rule", () => {
    const ids = new Set(ALL_RULES.map((r) => r.id));
    const orphans = existsSync(snapshotDir) ? readdirSync(snapshotDir).filter((n) => !ids.has(basename(n, ".snap")) || !n.endsWith(".snap")) : [];
    if (update) for (const n of orphans) rmSync(join(snapshotDir, n));
    else expect(orphans, "snapshots of no rule (UPDATE_SNAPSHOTS=1 removes them)").toEqual([]);
  });
});

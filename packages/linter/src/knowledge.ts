import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import type { Severity } from "./finding.js";
import type { Flavor } from "./target.js";
import { parseHostObject } from "./host.js";

export type EvidenceStatus = "confirmed" | "retracted" | "disputed";

export interface Evidence {
  source: string;
  url?: string;
  claim: string;
  figures?: string[];
  status: EvidenceStatus;
  note?: string;
}

export interface RuleExample {
  description: string;
  /** File name the example is linted as (decides option file vs SQL). */
  file: string;
  target?: string;
  /** Linted with --upgrade-to this later server too. */
  upgradeTo?: string;
  code: string;
  /**
   * A live server's snapshot (schema/live-snapshot.schema.json) the example is judged against:
   * `innolint live --from-snapshot` with the code as --defaults-file.
   */
  snapshot?: Record<string, unknown>;
  /** The host the example runs on (host.ts fields), given as --host-memory, --host-cpus, --host-storage. */
  host?: Record<string, string | number>;
}

export interface RuleReference {
  title: string;
  url: string;
}

export interface RuleDoc {
  id: string;
  title: string;
  severity: Severity;
  /** Which front end's facts the rule reads. */
  language: "option-file" | "sql";
  /** Flavours the rule applies to; version conditions live in the rule's logic and are stated in `why`. */
  targets: Flavor[];
  variables: string[];
  summary: string;
  why: string;
  evidence: Evidence[];
  examples: { fires: RuleExample[]; silent: RuleExample[] };
  fix: string;
  references: RuleReference[];
  /**
   * Always empty: a rule's options, their types and defaults are declared once, in its module
   * (src/rules/<id>.ts). Kept so that callers merging `{ ...doc.options, ...config }` stay valid.
   */
  options: Readonly<Record<string, never>>;
}

const here = dirname(fileURLToPath(import.meta.url));

/** The knowledge base sits beside the bundle as `rules/`, or at the repository root when run from source. */
export function knowledgeDir(): string {
  for (const candidate of [join(here, "rules"), join(here, "..", "..", "..", "rules")]) {
    if (existsSync(join(candidate, "variables"))) return candidate;
  }
  throw new Error("innolint: cannot find the rules/ knowledge base");
}

export const DOCS_BASE_URL = "https://github.com/innolint/innolint/blob/main/rules/";

export function ruleDocsUrl(id: string): string {
  return `${DOCS_BASE_URL}${id}.yaml`;
}

let cache: Map<string, RuleDoc> | undefined;

/**
 * The yaml package, required only on the YAML path (from source, and by build.mjs). Bundles ship
 * rules.json, so they neither contain nor evaluate it: it was a third of the CLI's startup chunk.
 */
function parseYaml(text: string): unknown {
  return (createRequire(import.meta.url)("yaml") as typeof import("yaml")).parse(text);
}

const REQUIRED_KEYS = ["id", "title", "severity", "language", "targets", "summary", "why", "evidence", "examples", "fix", "references"] as const;

export function validateRuleDoc(doc: Record<string, unknown>, file: string): RuleDoc {
  for (const key of REQUIRED_KEYS) {
    if (doc[key] === undefined) throw new Error(`${file}: missing "${key}"`);
  }
  const severity = doc.severity;
  if (severity !== "error" && severity !== "warning" && severity !== "info") {
    throw new Error(`${file}: severity must be error, warning or info`);
  }
  const evidence = doc.evidence as Evidence[];
  for (const e of evidence) {
    if (!["confirmed", "retracted", "disputed"].includes(e.status)) {
      throw new Error(`${file}: evidence status must be confirmed, retracted or disputed`);
    }
  }
  if (doc.options !== undefined)
    throw new Error(`${file}: "options" belong in the rule's module (src/rules/${String(doc.id)}.ts), with their types and defaults`);
  const examples = doc.examples as RuleDoc["examples"];
  if (!examples.fires?.length || !examples.silent?.length) {
    throw new Error(`${file}: needs at least one example that fires and one that stays silent`);
  }
  for (const ex of [...examples.fires, ...examples.silent]) {
    const problem = ex.host === undefined ? undefined : parseHostObject(ex.host).problems[0];
    if (problem) throw new Error(`${file}: example "${ex.description}": ${problem.message}`);
  }
  return {
    ...(doc as unknown as RuleDoc),
    variables: (doc.variables as string[] | undefined) ?? [],
    options: {},
  };
}

/** The bundle ships the YAML pre-parsed (build.mjs), which saves parsing it on every cold start. */
export const PREPARSED_RULES = "rules.json";

export function loadRuleDocs(): Map<string, RuleDoc> {
  if (cache) return cache;
  const dir = knowledgeDir();
  const docs = new Map<string, RuleDoc>();
  const preparsed = join(dir, PREPARSED_RULES);
  if (existsSync(preparsed)) {
    for (const doc of JSON.parse(readFileSync(preparsed, "utf8")) as RuleDoc[]) docs.set(doc.id, doc);
    cache = docs;
    return docs;
  }
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(".yaml")) continue;
    const file = join(dir, name);
    const doc = validateRuleDoc(parseYaml(readFileSync(file, "utf8")) as Record<string, unknown>, file);
    if (`${doc.id}.yaml` !== name) throw new Error(`${file}: id "${doc.id}" does not match the file name`);
    docs.set(doc.id, doc);
  }
  cache = docs;
  return docs;
}

export function ruleDoc(id: string): RuleDoc | undefined {
  return loadRuleDocs().get(id);
}

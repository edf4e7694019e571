/** Answers to the extension's commands: a rule's entry, a simulation chart, the effective configuration. */
import { basename, dirname, relative } from "node:path";
import type { ModelName } from "@innolint/engine-sim";
import { lookupVariable, type VariableFacts } from "../catalogue/index.js";
import type { Position } from "../finding.js";
import { loadRuleDocs } from "../knowledge.js";
import { loadSimulator } from "../impact/simulator.js";
import type { Interpretation } from "../optionfile/rules/values.js";
import { renderRuleDoc } from "../render.js";
import { simulateTable, VIEWS } from "../simulate/command.js";
import type { Analysis } from "./analysis.js";
import { findingsAt, formatValue, optionAt } from "./hover.js";

export const RULE_DOC_REQUEST = "innolint/ruleDoc";
export const SIMULATE_REQUEST = "innolint/simulate";
export const EFFECTIVE_CONFIG_REQUEST = "innolint/effectiveConfig";

export interface RuleDocResult {
  id: string;
  title: string;
  markdown: string;
}

export function ruleDocResult(id: string): RuleDocResult | undefined {
  const doc = loadRuleDocs().get(id);
  return doc ? { id, title: doc.title, markdown: renderRuleDoc(doc) } : undefined;
}

/** The rule under the cursor (a finding there), for "Explain rule". */
export function ruleAt(a: Analysis, p: Position): string | undefined {
  return findingsAt(a, p)[0]?.rule;
}

export interface SimulateResult {
  model: string;
  title: string;
  variable: string;
  /** The configured value, as written and as the server reads it. */
  value?: string;
  svg: string;
  note: string;
}

/** The model whose swept or varied parameter is this variable, from the views `innolint simulate` draws. */
function viewFor(variable: string): { model: ModelName; param: string; kind: "sweep" | "variant" } | undefined {
  for (const [model, view] of Object.entries(VIEWS) as [ModelName, (typeof VIEWS)[ModelName]][]) {
    if (view.sweep.label === variable) return { model, param: view.sweep.param, kind: "sweep" };
    for (const v of view.variants) {
      for (const key of Object.keys(v.params)) if (variable.endsWith(`_${key}`)) return { model, param: key, kind: "variant" };
    }
  }
  return undefined;
}

export async function simulateAt(a: Analysis, p: Position): Promise<SimulateResult | { error: string }> {
  const option = optionAt(a, p);
  const impact = findingsAt(a, p).find((f) => f.impact)?.impact;
  const variable = option?.variable ?? impact?.inputs.find((i) => i.source === "config")?.name;
  if (!variable) return { error: "put the cursor on a setting (for example innodb_sort_buffer_size) to simulate it" };
  const view = viewFor(variable);
  if (!view)
    return {
      error: `the simulator has no model for ${variable} (it models ${Object.values(VIEWS)
        .map((v) => v.sweep.label)
        .join(", ")} and innodb_flush_log_at_trx_commit)`,
    };
  const sim = await loadSimulator();
  if (!sim) return { error: "the simulator's WebAssembly module is missing from this build" };
  const winner = a.lint?.facts?.effective.get(variable);
  const number = winner?.effectiveNumber ?? (winner?.interpretation?.kind === "number" ? winner.interpretation.value : undefined);
  const params: Record<string, unknown> = {};
  if (view.kind === "sweep" && number !== undefined) params[view.param] = number;
  const table = simulateTable(sim, { model: view.model, params, plot: "webview", json: false });
  const facts = a.target ? lookupVariable(a.target, variable) : undefined;
  const shown = number !== undefined && facts && facts.status !== "unknown" ? formatValue(facts.facts, number) : (winner?.entry.value ?? undefined);
  const from = winner
    ? ` (from ${winner.entry.file === a.file ? basename(winner.entry.file) : relative(dirname(a.file), winner.entry.file)}:${winner.entry.line})`
    : "";
  const marked =
    view.kind === "variant"
      ? `the series ${view.param}=${shown ?? "?"} is your setting`
      : number !== undefined
        ? "the vertical line marks your setting"
        : "not set: the server uses its default";
  return {
    model: view.model,
    title: VIEWS[view.model].title,
    variable,
    ...(shown !== undefined && shown !== null ? { value: `${shown}${from}` } : {}),
    svg: table.svg ?? "",
    note: `${variable}${shown !== undefined && shown !== null ? ` = ${shown}${from}` : ""}: ${marked}. The curve is the simulator's reference workload (${impact ? (impact.assumptions[0] ?? "") : "see innolint simulate"}).`,
  };
}

export interface EffectiveConfigResult {
  target: string;
  markdown: string;
  rows: { variable: string; value: string | null; effective?: string; file: string; line: number; group: string }[];
}

/** The value as mysqld's option parser leaves it, in the spelling SHOW VARIABLES uses. */
function serverReads(i: Interpretation | undefined, effectiveNumber: number | undefined, f: VariableFacts | undefined): string | undefined {
  if (effectiveNumber !== undefined && f) return formatValue(f, effectiveNumber);
  switch (i?.kind) {
    case "boolean":
      return i.unrecognized ? "OFF (value not recognized)" : i.value ? "ON" : "OFF";
    case "enum":
      return i.value;
    case "set":
      return i.value.join(",");
    case "invalid":
      return i.fatal ? `refused, the server does not start: ${i.problem}` : i.problem;
    default:
      return undefined;
  }
}

/** What the server runs with from these files: last value wins, over the groups it reads. */
export function effectiveConfig(a: Analysis): EffectiveConfigResult | { error: string } {
  const facts = a.lint?.facts;
  if (!facts) return { error: a.errors[0]?.message ?? "not an option file, or it could not be read" };
  const rows = [...facts.effective.values()]
    .map((o) => {
      const f = o.lookup.status === "unknown" ? undefined : o.lookup.facts;
      const row: EffectiveConfigResult["rows"][number] = {
        variable: o.variable,
        value: o.entry.value,
        file: o.entry.file,
        line: o.entry.line,
        group: o.entry.group,
      };
      const reads = serverReads(o.interpretation, o.effectiveNumber, f);
      if (reads !== undefined) row.effective = reads;
      return row;
    })
    .sort((x, y) => x.variable.localeCompare(y.variable));
  const rel = (file: string) => (file === a.file ? basename(file) : relative(dirname(a.file), file));
  const md = [
    `# Effective configuration of ${basename(a.file)}`,
    "",
    `Target: ${facts.target.label}${facts.target.assumed ? " (assumed: no target configured)" : ""}. Server groups: ${[...facts.serverGroups].join(", ")}.`,
    "",
    "| variable | value | server reads | from |",
    "|---|---|---|---|",
    ...rows.map(
      (r) => `| ${r.variable} | ${r.value === null ? "(no value)" : `\`${r.value}\``} | ${r.effective ?? ""} | ${rel(r.file)}:${r.line} [${r.group}] |`,
    ),
  ];
  return { target: facts.target.label, markdown: md.join("\n") + "\n", rows };
}

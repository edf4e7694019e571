import { ruleDocsUrl, type RuleDoc } from "./knowledge.js";
import { optionDefaults } from "./rules/define.js";
import { ruleById } from "./rules/registry.js";

/** The knowledge-base entry as Markdown-ish text: one rendering for `innolint rule`, hovers and docs. */
export function renderRuleDoc(doc: RuleDoc): string {
  const out: string[] = [];
  out.push(`# ${doc.id}: ${doc.title}`, "");
  out.push(`Severity: ${doc.severity}. Applies to: ${doc.language === "sql" ? "SQL" : "option files"} for ${doc.targets.join(", ")}.`);
  if (doc.variables.length) out.push(`Variables: ${doc.variables.join(", ")}.`);
  out.push("", doc.summary.trim(), "", "## Why", "", doc.why.trim(), "", "## Evidence", "");
  for (const e of doc.evidence) {
    out.push(`- [${e.status.toUpperCase()}] ${e.claim.trim()}`);
    out.push(`  Source: ${e.source}${e.url ? ` (${e.url})` : ""}`);
    for (const fig of e.figures ?? []) out.push(`  - ${fig}`);
    if (e.note) out.push(`  Note: ${e.note.trim()}`);
  }
  out.push("", "## Examples", "");
  for (const [label, examples] of [
    ["Fires", doc.examples.fires],
    ["Silent", doc.examples.silent],
  ] as const) {
    for (const ex of examples) {
      const host = ex.host ? Object.entries(ex.host).map(([k, v]) => `${k}=${v}`) : [];
      const on = [
        ...(ex.target ? [`target ${ex.target}`] : []),
        ...(ex.upgradeTo ? [`upgrading to ${ex.upgradeTo}`] : []),
        ...(host.length ? [`host ${host.join(" ")}`] : []),
      ];
      out.push(`${label}: ${ex.description}${on.length ? ` (${on.join(", ")})` : ""}`, "", indent(ex.code), "");
      const running = ex.snapshot?.variables as Record<string, string> | undefined;
      if (running)
        out.push(
          "  against a server running:",
          "",
          indent(
            Object.entries(running)
              .map(([k, v]) => `${k} = ${v}`)
              .join("\n"),
          ),
          "",
        );
    }
  }
  out.push("## Fix", "", doc.fix.trim(), "");
  const options = optionDefaults(ruleById(doc.id)?.optionSchema ?? {});
  if (Object.keys(options).length) {
    out.push("## Options", "");
    for (const [k, v] of Object.entries(options)) out.push(`- ${k}: ${JSON.stringify(v)}`);
    out.push("");
  }
  out.push("## References", "");
  for (const r of doc.references) out.push(`- ${r.title}: ${r.url}`);
  out.push("", `Docs: ${ruleDocsUrl(doc.id)}`);
  return out.join("\n") + "\n";
}

function indent(code: string): string {
  return code
    .trimEnd()
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n");
}

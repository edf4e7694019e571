/** Completion from the catalogue for the document's target: names, enum values after '=', groups inside '['. */
import { CompletionItemKind, MarkupKind, type CompletionItem } from "vscode-languageserver";
import { lookupVariable, optionGroups, variableNames, type VariableFacts } from "../catalogue/index.js";
import { parseTarget, type Target } from "../target.js";
import { formatValue, variableMarkdown } from "./hover.js";

export interface CompletionData {
  target: string;
  name: string;
}

const namesCache = new Map<string, CompletionItem[]>();

/** Names the option file can set (startup options), each with its default. Cached per target. */
function nameItems(target: Target): CompletionItem[] {
  const cached = namesCache.get(target.label);
  if (cached) return cached;
  const items: CompletionItem[] = [];
  for (const name of variableNames(target)) {
    const lookup = lookupVariable(target, name);
    if (lookup.status !== "known" || !lookup.facts.option) continue;
    const f = lookup.facts;
    items.push({
      label: name,
      kind: CompletionItemKind.Property,
      detail: `default ${formatValue(f, f.default)}${f.deprecated ? " (deprecated)" : ""}`,
      ...(f.deprecated ? { tags: [1] } : {}),
      data: { target: target.label, name } satisfies CompletionData,
    });
  }
  namesCache.set(target.label, items);
  return items;
}

function valueItems(f: VariableFacts): CompletionItem[] {
  // An option file gives the option's argument: log-bin takes a file name, not the variable's ON/OFF.
  if (f.optionType && f.optionType !== f.type) return [];
  const values = f.values?.length ? f.values : f.type === "boolean" ? ["ON", "OFF"] : [];
  return values.map((v, i) => ({
    label: v,
    kind: CompletionItemKind.EnumMember,
    detail: formatValue(f, f.default).toLowerCase() === v.toLowerCase() ? "default" : f.name,
    sortText: String(i).padStart(4, "0"),
  }));
}

/** `line` is the text of the line up to the cursor. */
export function complete(line: string, target: Target): CompletionItem[] {
  const trimmed = line.trimStart();
  if (trimmed.startsWith("#") || trimmed.startsWith(";") || trimmed.startsWith("!")) return [];
  if (trimmed.startsWith("[")) {
    if (trimmed.includes("]")) return [];
    return optionGroups(target).map((g, i) => ({
      label: g,
      kind: CompletionItemKind.Module,
      detail: `read by ${target.label}`,
      sortText: String(i).padStart(4, "0"),
    }));
  }
  const eq = trimmed.indexOf("=");
  if (eq >= 0) {
    const name = trimmed
      .slice(0, eq)
      .trim()
      .replace(/^loose[-_]/i, "")
      .replace(/-/g, "_");
    const lookup = lookupVariable(target, name);
    return lookup.status === "unknown" ? [] : valueItems(lookup.facts);
  }
  return nameItems(target);
}

export function resolveCompletion(item: CompletionItem): CompletionItem {
  const data = item.data as CompletionData | undefined;
  if (!data?.name) return item;
  const target = parseTarget(data.target);
  return { ...item, documentation: { kind: MarkupKind.Markdown, value: variableMarkdown(data.name, lookupVariable(target, data.name), target) } };
}

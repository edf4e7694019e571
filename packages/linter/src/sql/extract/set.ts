/** SET assignments: variable, scope and value as written. */
import type { SyntaxNode as Node } from "../syntax.js";
import type { Range } from "../../finding.js";
import { childrenOfType, rangeOf, unquote } from "../tree.js";
import type { AssignmentFacts } from "../types.js";

const SCOPES: Record<string, AssignmentFacts["scope"]> = {
  GLOBAL: "global",
  SESSION: "session",
  LOCAL: "session",
  PERSIST: "persist",
  PERSIST_ONLY: "persist_only",
};

export function assignments(node: Node): AssignmentFacts[] {
  const out: AssignmentFacts[] = [];
  // "The most recent GLOBAL, PERSIST, PERSIST_ONLY, or SESSION keyword in the statement is used
  // for following assignments that have no keyword specified" (SET syntax, MySQL and MariaDB).
  let current: AssignmentFacts["scope"] = "session";
  let keywordSeen = false;
  for (const a of childrenOfType(node, "assignment")) {
    const variable = a.childForFieldName("variable") as Node;
    const value = a.childForFieldName("value") as Node;
    const scopeNode = a.childForFieldName("scope");
    const fact: AssignmentFacts = {
      variable: "",
      scope: current,
      value: value.text,
      valueRange: rangeOf(value),
      nameRange: rangeOf(variable),
    };
    if (scopeNode) {
      current = SCOPES[scopeNode.type] ?? "session";
      keywordSeen = true;
      fact.scope = current;
    }
    if (variable.type === "user_variable") {
      fact.variable = unquote(variable.text.slice(1));
      fact.scope = "user";
      fact.nameRange = shifted(rangeOf(variable), 1, variable.text.length);
    } else if (variable.type === "system_variable") {
      const m = /^@@(?:(global|session|local|persist|persist_only)\.)?(.*)$/i.exec(variable.text) as RegExpExecArray;
      const prefix = variable.text.length - (m[2] as string).length;
      fact.variable = (m[2] as string).toLowerCase();
      fact.scope = m[1] ? (SCOPES[m[1].toUpperCase()] ?? "session") : "session";
      fact.nameRange = shifted(rangeOf(variable), prefix, variable.text.length);
    } else {
      fact.variable = variable.namedChildren
        .map((c) => unquote(c.text))
        .join(".")
        .toLowerCase();
      if (!scopeNode && keywordSeen) fact.scopeInherited = true;
    }
    out.push(fact);
  }
  return out;
}

/** A sub-range of a single-line token. */
function shifted(r: Range, from: number, to: number): Range {
  return {
    start: { line: r.start.line, column: r.start.column + from },
    end: { line: r.start.line, column: r.start.column + to },
  };
}

/**
 * The ALTER TABLE operations that facts.ts's other fields do not record, read from the
 * statement's tree: column defaults and visibility, index renames and visibility, foreign keys,
 * CHECK constraints, FORCE and table options. Online-DDL classification (src/ddl/) needs each.
 */
import type { SyntaxNode as Node } from "./syntax.js";
import { firstChild, nameOf, unquote } from "./tree.js";
import type { AlterAction } from "./types.js";

interface Word {
  kind: "word" | "name" | "string" | "number" | "paren" | "punct";
  text: string;
  upper: string;
}

function words(node: Node): Word[] {
  const out: Word[] = [];
  for (const n of node.children) {
    const type = n.type;
    if (type === "comment") continue;
    if (type === "identifier") out.push({ kind: "word", text: n.text, upper: n.text.toUpperCase() });
    else if (type === "quoted_identifier") out.push({ kind: "name", text: unquote(n.text), upper: unquote(n.text).toUpperCase() });
    else if (type === "string") out.push({ kind: "string", text: n.text, upper: n.text });
    else if (type === "number") out.push({ kind: "number", text: n.text, upper: n.text });
    else if (type === "paren_group") out.push({ kind: "paren", text: n.text, upper: n.text });
    else if (!n.isNamed && /^[A-Z_]+$/.test(type)) out.push({ kind: "word", text: n.text, upper: type });
    else if (n.isNamed && n.childCount > 0) out.push(...words(n));
    else out.push({ kind: "punct", text: n.text, upper: n.text });
  }
  return out;
}

const nameWord = (w: Word | undefined): string | undefined =>
  w && (w.kind === "word" || w.kind === "name") ? w.text : w?.kind === "string" ? unquote(w.text) : undefined;

/** `NAME [=] value` table options, as ALTER TABLE lists them (several may follow each other without commas). */
function tableOptionActions(ws: Word[]): AlterAction[] {
  const out: AlterAction[] = [];
  for (let i = 0; i < ws.length; i++) {
    let w = ws[i] as Word;
    if (w.kind !== "word") continue;
    if (w.upper === "DEFAULT") {
      const next = ws[i + 1];
      if (next?.kind !== "word") continue;
      w = next;
      i++;
    }
    let name = w.upper;
    if ((name === "CHARACTER" || name === "CHAR") && ws[i + 1]?.upper === "SET") {
      name = "CHARSET";
      i++;
    } else if (name === "DATA" || name === "INDEX") {
      if (ws[i + 1]?.upper !== "DIRECTORY") continue;
      name = `${name} DIRECTORY`;
      i++;
    }
    if (ws[i + 1]?.kind === "punct" && ws[i + 1]?.text === "=") i++;
    const value = ws[i + 1];
    if (!value || value.kind === "punct") continue;
    i++;
    out.push({ op: "table-option", name, value: value.kind === "string" ? unquote(value.text) : value.kind === "word" ? value.text : value.text });
  }
  return out;
}

function alterOption(spec: Node): AlterAction[] {
  const ws = words(spec);
  const head = ws[0]?.upper;
  const other: AlterAction[] = [{ op: "other", text: spec.text }];
  switch (head) {
    case "MODIFY":
    case "CHANGE":
    case "CONVERT":
      return [];
    case "ADD":
    case "DROP":
    case "ORDER":
    case "ENABLE":
    case "DISABLE":
      return other;
    case "FORCE":
      return [{ op: "force" }, ...tableOptionActions(ws.slice(1))];
    case "RENAME": {
      const kind = ws[1]?.upper;
      if (kind === "COLUMN") return [];
      if (kind !== "INDEX" && kind !== "KEY") return other;
      const from = nameWord(ws[2]);
      const to = ws[3]?.upper === "TO" ? nameWord(ws[4]) : undefined;
      return from !== undefined && to !== undefined ? [{ op: "rename-index", from, to }] : [];
    }
    case "ALTER": {
      let i = 1;
      if (ws[i]?.upper === "INDEX" || ws[i]?.upper === "KEY") {
        const name = nameWord(ws[i + 1]);
        const rest = ws.slice(i + 2).map((w) => w.upper);
        if (name === undefined) return [];
        if (rest[0] === "VISIBLE" || (rest[0] === "NOT" && rest[1] === "IGNORED")) return [{ op: "index-visibility", name, visible: true }];
        if (rest[0] === "INVISIBLE" || rest[0] === "IGNORED") return [{ op: "index-visibility", name, visible: false }];
        return other;
      }
      if (ws[i]?.upper === "COLUMN") i++;
      const column = nameWord(ws[i]);
      if (column === undefined) return [];
      const a = ws[i + 1]?.upper;
      const b = ws[i + 2]?.upper;
      if (a === "DROP" && b === "DEFAULT") return [{ op: "drop-default", column }];
      if (a === "SET" && b === "DEFAULT") {
        const value = ws
          .slice(i + 3)
          .map((w) => w.text)
          .join(" ");
        return [{ op: "set-default", column, value }];
      }
      if (a === "SET" && (b === "VISIBLE" || b === "INVISIBLE")) return [{ op: "column-visibility", column, invisible: b === "INVISIBLE" }];
      return other;
    }
    default:
      return tableOptionActions(ws);
  }
}

function constraint(spec: Node): AlterAction | undefined {
  const def = firstChild(spec, "constraint_definition");
  if (!def) return undefined;
  const name = nameOf(firstChild(def, "constraint_name")?.childForFieldName("name"));
  const refs = def.childForFieldName("references");
  const list = firstChild(def, "column_list");
  if (list) {
    const columns = list.namedChildren.map((c) => unquote(c.text));
    const action: AlterAction = { op: "add-foreign-key", columns };
    if (name !== undefined) action.name = name;
    if (refs) {
      const schema = nameOf(refs.childForFieldName("schema"));
      action.references = { name: nameOf(refs.childForFieldName("name")) ?? "", ...(schema !== undefined ? { schema } : {}) };
    }
    return action;
  }
  return name !== undefined ? { op: "add-check", name } : { op: "add-check" };
}

/** The actions of an alter_table_statement node, in order. */
export function alterActions(node: Node): AlterAction[] {
  const out: AlterAction[] = [];
  for (const spec of node.namedChildren) {
    switch (spec.type) {
      case "alter_option":
        out.push(...alterOption(spec));
        break;
      case "alter_add_constraint": {
        const a = constraint(spec);
        if (a) out.push(a);
        break;
      }
      case "alter_drop_foreign_key":
        out.push({ op: "drop-foreign-key", name: nameOf(spec.childForFieldName("name")) ?? "" });
        break;
      case "alter_drop_constraint":
        out.push({ op: "drop-constraint", name: nameOf(spec.childForFieldName("name")) ?? "" });
        break;
    }
  }
  return out;
}

/**
 * OPTIMIZE [NO_WRITE_TO_BINLOG | LOCAL] TABLE t1, t2 (an "other" statement to the grammar): the
 * tables it names, or undefined for any other statement.
 */
export function optimizedTables(node: Node): { schema?: string; name: string }[] | undefined {
  const ws = words(node);
  let i = 0;
  if (ws[i]?.upper !== "OPTIMIZE") return undefined;
  i++;
  if (ws[i]?.upper === "NO_WRITE_TO_BINLOG" || ws[i]?.upper === "LOCAL") i++;
  if (ws[i]?.upper !== "TABLE" && ws[i]?.upper !== "TABLES") return undefined;
  const out: { schema?: string; name: string }[] = [];
  let parts: string[] = [];
  const flush = () => {
    if (parts.length === 1) out.push({ name: parts[0] as string });
    else if (parts.length === 2) out.push({ schema: parts[0] as string, name: parts[1] as string });
    parts = [];
  };
  for (const w of ws.slice(i + 1)) {
    if (w.kind === "word" || w.kind === "name") parts.push(w.text);
    else if (w.text === ",") flush();
  }
  flush();
  return out;
}

/** One top-level statement's facts: what it is, and the extractor of its family. */
import type { FlatTree, SyntaxNode as Node } from "../syntax.js";
import { childrenOfType, nameOf, rangeOf, tableName } from "../tree.js";
import type { StatementKind, StatementFacts } from "../types.js";
import { optimizedTables } from "../alter.js";
import { alterTable, createTable, indexFacts, options } from "./table.js";
import { assignments } from "./set.js";
import { dml } from "./dml.js";

/** Node types a statement's facts need from anywhere inside it, besides comments. */
const SCANNED = ["cte", "table_reference", "delete_target", "where_clause", "join_condition"] as const;
const SCANNED_AND_COMMENTS = ["comment", ...SCANNED];

/**
 * Comments and the nodes of SCANNED types anywhere in the tree, in document order, from one pass
 * over the flat copy: one pass per file instead of a walk per statement. Not a query: a query
 * cursor is quadratic in the children of one node, and error recovery leaves an ERROR node with a
 * child per token (100,000 unclosed parentheses took 15 s).
 */
export function scanTree(root: FlatTree | Node): { comments: Node[]; found: Node[] } {
  const node = "rootNode" in root ? root.rootNode : root;
  const comments: Node[] = [];
  const found: Node[] = [];
  for (const n of node.descendantsOfType(SCANNED_AND_COMMENTS)) {
    if (n.type === "comment") comments.push(n);
    else found.push(n);
  }
  return { comments, found };
}

const KINDS: Record<string, StatementKind> = {
  create_table_statement: "create-table",
  alter_table_statement: "alter-table",
  create_index_statement: "create-index",
  drop_index_statement: "drop-index",
  drop_table_statement: "drop-table",
  truncate_table_statement: "truncate-table",
  rename_table_statement: "rename-table",
  drop_database_statement: "drop-database",
  create_tablespace_statement: "create-tablespace",
  drop_tablespace_statement: "drop-tablespace",
  set_statement: "set",
  select_statement: "select",
  insert_statement: "insert",
  update_statement: "update",
  delete_statement: "delete",
  other_statement: "other",
};

/**
 * One top-level statement's facts; they depend on nothing but the node's subtree and text.
 * `inside`: the statement's nodes of SCANNED types in document order, when a whole-tree scan has
 * them already (an editor's reparse scans only the statements it did not reuse).
 */
export function statementFacts(node: Node, source: string, inside: Node[] = scanTree(node).found): StatementFacts {
  const kind = statementKind(node);
  const facts: StatementFacts = {
    kind,
    range: rangeOf(node),
    text: source.slice(node.startIndex, node.endIndex),
    tables: [],
  };
  switch (node.type) {
    case "create_table_statement":
      createTable(node, facts, inside);
      break;
    case "alter_table_statement":
      alterTable(node, facts);
      break;
    case "create_index_statement":
      facts.tables.push(tableName(node.childForFieldName("table")));
      facts.indexesAdded = [indexFacts(node)];
      options(node, facts);
      break;
    case "drop_index_statement":
      facts.tables.push(tableName(node.childForFieldName("table")));
      facts.indexesDropped = [nameOf(node.childForFieldName("name")) ?? ""];
      options(node, facts);
      break;
    case "drop_table_statement":
      if (node.children.some((c) => c.type === "TEMPORARY")) facts.temporary = true;
      if (node.children.some((c) => c.type === "if_exists")) facts.ifExists = true;
      for (const t of node.childrenForFieldName("table")) facts.tables.push(tableName(t));
      break;
    case "truncate_table_statement":
      for (const t of node.childrenForFieldName("table")) facts.tables.push(tableName(t));
      break;
    case "rename_table_statement":
      facts.renames = childrenOfType(node, "rename_pair").map((p) => ({
        from: tableName(p.childForFieldName("from")),
        to: tableName(p.childForFieldName("to")),
      }));
      for (const r of facts.renames) facts.tables.push(r.from, r.to);
      break;
    case "drop_database_statement":
      facts.database = nameOf(node.childForFieldName("name"));
      break;
    case "create_tablespace_statement":
    case "drop_tablespace_statement":
      facts.tablespace = nameOf(node.childForFieldName("name"));
      break;
    case "set_statement": {
      facts.assignments = assignments(node);
      // SET @x = (SELECT ... FROM t): the tables its subqueries read.
      const seen = new Set(inside.filter((n) => n.type === "cte").map((c) => `.${nameOf(c.childForFieldName("name")) ?? ""}`.toLowerCase()));
      for (const ref of inside.filter((n) => n.type === "table_reference")) {
        const t = tableName(ref.childForFieldName("table"));
        const key = `${t.schema ?? ""}.${t.name}`.toLowerCase();
        if (!t.name || seen.has(key)) continue;
        seen.add(key);
        facts.tables.push(t);
      }
      break;
    }
    case "select_statement":
    case "insert_statement":
    case "update_statement":
    case "delete_statement":
      dml(node, facts, inside);
      break;
    case "other_statement": {
      const optimized = optimizedTables(node);
      if (optimized) {
        facts.optimize = true;
        facts.tables.push(...optimized);
      }
      break;
    }
  }
  return facts;
}

/** For a top-level ERROR node: the statement it most likely was. */
/** What a top-level statement node is; a node error recovery left unnamed is told by its first words. */
export function statementKind(node: Pick<Node, "type" | "text">): StatementKind {
  return KINDS[node.type] ?? guessKind(node);
}

function guessKind(node: Pick<Node, "text">): StatementKind {
  const words = node.text
    .trim()
    .split(/\s+/, 4)
    .map((w) => w.toLowerCase());
  const [a, b, c] = words;
  if (a === "create" && (b === "table" || c === "table")) return "create-table";
  if (a === "alter" && (b === "table" || c === "table")) return "alter-table";
  if (a === "create" && (b === "index" || c === "index")) return "create-index";
  if (a === "select" || a === "with") return "select";
  if (a === "insert" || a === "replace") return "insert";
  if (a === "update") return "update";
  if (a === "delete") return "delete";
  if (a === "set") return "set";
  return "other";
}

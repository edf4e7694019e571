/**
 * Statement facts from SQL files: what each statement does, as the target server would read it.
 *
 * Pipeline: versioned comments are resolved for the target (versioned.ts, offsets kept), the text
 * is parsed with tree-sitter-mysql (which also follows DELIMITER), and each top-level statement is
 * turned into plain facts. Ranges are 1-based lines and columns in UTF-16 units.
 */
import { Query, type Node, type Parser, type Tree } from "web-tree-sitter";
import type { Range } from "../finding.js";
import type { Target } from "../target.js";
import { createParser } from "../treesitter.js";
import { childrenOfType, findAll, firstChild, keywords, LineIndex, nameOf, rangeOf, unquote } from "./tree.js";
import { charsetOfCollation } from "./rowsize.js";
import { alterActions, optimizedTables } from "./alter.js";
import { resolveVersionedComments, type ResolvedText } from "./versioned.js";
import type { StatementKind, PartitionType, SubpartitioningFacts, PartitioningFacts, IndexFacts, ColumnFacts, ColumnPosition, ColumnChange, TableOptions, AssignmentFacts, PartitionOp, StatementFacts, SqlProblem, SqlFacts } from "./types.js";

let parser: Promise<Parser> | undefined;

/** Parses SQL as the target server reads it (versioned comments resolved, offsets kept). */
export async function parseSql(text: string, target: Target): Promise<{ tree: Tree; resolved: ResolvedText }> {
  parser ??= createParser("mysql");
  const p = await parser;
  const resolved = resolveVersionedComments(text, target);
  const tree = p.parse(resolved.text);
  if (!tree) throw new Error("innolint: tree-sitter-mysql returned no tree");
  return { tree, resolved };
}

/** Node types a statement's facts need from anywhere inside it, besides comments. */
const SCANNED = ["cte", "table_reference", "delete_target", "where_clause", "join_condition"] as const;
let scan: Query | undefined;

/**
 * Comments and the nodes of SCANNED types anywhere in the tree, in document order, from one query
 * run inside the parser's WebAssembly: one pass per file instead of a JS walk (or a query) per
 * statement.
 */
function scanTree(root: Tree | Node): { comments: Node[]; found: Node[] } {
  const node = "rootNode" in root ? root.rootNode : root;
  scan ??= new Query(node.tree.language, ["(comment) @c", ...SCANNED.map((t) => `(${t}) @n`)].join(" "));
  const comments: Node[] = [];
  const found: Node[] = [];
  let last = -1;
  for (const c of scan.captures(node)) {
    if (c.node.id === last) continue;
    last = c.node.id;
    if (c.name === "c") comments.push(c.node);
    else found.push(c.node);
  }
  return { comments, found };
}

/** Top-level nodes that are not statements: client commands, terminators, comments. */
export const SKIPPED = new Set(["comment", "delimiter_statement", "client_command", "terminator"]);

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

export async function extractFacts(path: string, text: string, target: Target): Promise<SqlFacts> {
  void path;
  const { tree, resolved } = await parseSql(text, target);
  return factsOfTree(text, tree, resolved, 0, true).facts;
}

/**
 * Facts of one window of a large file (see stream.ts): `text` starts with `prefixLength` characters
 * of synthetic DELIMITER command, is already resolved, and its positions are window positions.
 * The DELIMITER left unreset is returned rather than reported: only the last window can say.
 */
export async function windowFacts(
  text: string,
  resolved: ResolvedText,
  prefixLength: number,
): Promise<{ facts: SqlFacts; delimiter?: { seen: boolean; unreset?: { message: string; range: Range } } }> {
  parser ??= createParser("mysql");
  const p = await parser;
  const tree = p.parse(resolved.text);
  if (!tree) throw new Error("innolint: tree-sitter-mysql returned no tree");
  return factsOfTree(text, tree, resolved, prefixLength, false);
}

function factsOfTree(
  text: string,
  tree: Tree,
  resolved: ResolvedText,
  prefixLength: number,
  reportUnreset: boolean,
): { facts: SqlFacts; delimiter: { seen: boolean; unreset?: { message: string; range: Range } } } {
  try {
    const lines = new LineIndex(text);
    const statements: StatementFacts[] = [];
    const errors: SqlFacts["errors"] = resolved.errors.map((e) => ({ message: e.message, range: lines.range(e.start, e.end) }));
    const scanned = scanTree(tree);
    let next = 0;
    for (const node of tree.rootNode.namedChildren) {
      const inside: Node[] = [];
      const start = node.startIndex;
      const end = node.endIndex;
      for (; next < scanned.found.length; next++) {
        const n = scanned.found[next] as Node;
        if (n.startIndex >= end) break;
        if (n.startIndex >= start) inside.push(n);
      }
      if (SKIPPED.has(node.type)) {
        if (node.isMissing || node.hasError) {
          // A terminator the parser had to assume: the statement before it was cut short.
          const own = syntaxErrors(node);
          errors.push(...own);
          const last = statements[statements.length - 1];
          if (last) (last.errors ??= []).push(...own);
        }
        continue;
      }
      const facts = statementFacts(node, text, inside);
      const own = syntaxErrors(node);
      if (own.length > 0) {
        facts.errors = own;
        errors.push(...own);
      }
      statements.push(facts);
    }
    const delimiter = unresetDelimiter(tree.rootNode, prefixLength);
    if (reportUnreset && delimiter.unreset) errors.push(delimiter.unreset);
    errors.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
    const versionedComments = resolved.comments.map((c) => ({ ...c, range: lines.range(c.start, c.end) }));
    const comments = scanned.comments.map((c) => ({ text: c.text, range: rangeOf(c) }));
    return { facts: { statements, errors, versionedComments, comments }, delimiter };
  } finally {
    tree.delete();
  }
}

// ------------------------------------------------------------------------ errors

/**
 * A script that changes the delimiter and never sets it back. The mysql client runs it (what is
 * left is sent at end of file), but a script sourced or concatenated after it inherits the
 * delimiter. mysqldump and well-formed migrations always restore ";".
 */
function unresetDelimiter(root: Node, prefixLength: number): { seen: boolean; unreset?: SqlProblem } {
  let last: Node | undefined;
  for (const node of root.namedChildren) if (node.type === "delimiter_statement" && node.startIndex >= prefixLength) last = node;
  return lastDelimiter(last);
}

/** The same, given the last top-level DELIMITER command. */
export function lastDelimiter(last: Node | undefined): { seen: boolean; unreset?: SqlProblem } {
  if (!last) return { seen: false };
  const value = last.text.trim().split(/\s+/)[1] ?? ";";
  if (value === ";") return { seen: true };
  return {
    seen: true,
    unreset: {
      rule: "delimiter-not-reset",
      message: `DELIMITER ${value} is never reset to ; before the end of the file: the mysql client runs this file, but a script sourced or concatenated after it in the same client session would need ${value} to end each statement`,
      range: rangeOf(last),
    },
  };
}

export function syntaxErrors(root: Node): { message: string; range: Range }[] {
  const out: { message: string; range: Range }[] = [];
  // Iterative post-order walk (deeply nested input must not exhaust the JS stack).
  const stack: { node: Node; before: number; expanded: boolean }[] = [{ node: root, before: 0, expanded: false }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1] as { node: Node; before: number; expanded: boolean };
    const n = top.node;
    if (top.expanded) {
      stack.pop();
      // An error in a hidden node (none is expected) would otherwise go unreported.
      if (out.length === top.before) out.push({ message: "syntax error", range: rangeOf(n) });
      continue;
    }
    if (n.isMissing) {
      stack.pop();
      const what = n.type === "terminator" ? "statement terminator" : n.type;
      out.push({ message: `syntax error: missing ${what}`, range: rangeOf(n) });
      continue;
    }
    if (n.isError) {
      stack.pop();
      const first = n.text.trim().split(/\s+/)[0] ?? "";
      out.push({ message: `syntax error near "${first.slice(0, 40)}"`, range: rangeOf(n) });
      continue;
    }
    if (!n.hasError) {
      stack.pop();
      continue;
    }
    top.expanded = true;
    top.before = out.length;
    const children = n.children;
    for (let k = children.length - 1; k >= 0; k--) stack.push({ node: children[k] as Node, before: 0, expanded: false });
  }
  return out;
}

// -------------------------------------------------------------------- statements

/**
 * One top-level statement's facts; they depend on nothing but the node's subtree and text.
 * `inside`: the statement's nodes of SCANNED types in document order, when a whole-tree scan has
 * them already (an editor's reparse scans only the statements it did not reuse).
 */
export function statementFacts(node: Node, source: string, inside: Node[] = scanTree(node).found): StatementFacts {
  const kind = KINDS[node.type] ?? guessKind(node);
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
function guessKind(node: Node): StatementKind {
  const words = node.text.trim().split(/\s+/, 4).map((w) => w.toLowerCase());
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

function tableName(node: Node | null): { schema?: string; name: string } {
  if (!node) return { name: "" };
  const schema = nameOf(node.childForFieldName("schema"));
  const name = nameOf(node.childForFieldName("name")) ?? "";
  return schema === undefined ? { name } : { schema, name };
}

function createTable(node: Node, facts: StatementFacts, inside: Node[]): void {
  facts.tables.push(tableName(node.childForFieldName("table")));
  if (node.children.some((c) => c.type === "TEMPORARY")) facts.temporary = true;
  const like = node.childForFieldName("like");
  if (like) facts.like = tableName(like);
  const elements = firstChild(node, "table_elements");
  const indexes: IndexFacts[] = [];
  const columns: ColumnFacts[] = [];
  if (elements) {
    for (const e of elements.namedChildren) {
      if (e.type === "index_definition") indexes.push(indexFacts(e));
      else if (e.type === "column_definition") {
        const def = columnDefinition(e);
        indexes.push(...inlineIndexes(def.column.name, def.tokens, def.range));
        columns.push(def.column);
      }
    }
  }
  if (indexes.length > 0) facts.indexesAdded = indexes;
  if (elements) facts.columns = columns;
  const tableOpts = firstChild(node, "table_options");
  if (tableOpts) {
    const o = tableOptions(tokens(tableOpts.children));
    if (Object.keys(o).length > 0) facts.tableOptions = o;
  }
  const clause = firstChild(node, "partition_clause");
  if (clause) facts.partitioning = partitioningFacts(clause);
  const select = firstChild(node, "create_select");
  if (select) {
    facts.asSelect = true;
    const sub = firstChild(select, "select_statement");
    if (sub) {
      const inner: StatementFacts = { kind: "select", range: facts.range, tables: [] };
      dml(sub, inner, inside.filter((n) => n.startIndex >= sub.startIndex && n.endIndex <= sub.endIndex));
      facts.tables.push(...inner.tables);
    }
  }
}

// ------------------------------------------------------------------------ indexes

function indexFacts(def: Node): IndexFacts {
  const kws = keywords(def);
  const kind: IndexFacts["kind"] = kws.includes("PRIMARY")
    ? "primary"
    : kws.includes("UNIQUE")
      ? "unique"
      : kws.includes("FULLTEXT")
        ? "fulltext"
        : kws.includes("SPATIAL")
          ? "spatial"
          : "index";
  const columns: string[] = [];
  const prefixes: (number | null)[] = [];
  const parts = firstChild(def, "key_part_list");
  for (const part of parts ? childrenOfType(parts, "key_part") : []) {
    const column = part.childForFieldName("column");
    const expr = firstChild(part, "parenthesized_expression");
    if (column) {
      columns.push(unquote(column.text));
      // `col(10)`: the paren group right after the column is the prefix length in characters.
      const next = column.nextNamedSibling;
      const inner = next?.type === "paren_group" ? next.namedChildren : [];
      prefixes.push(inner.length === 1 && inner[0]?.type === "number" ? Number(inner[0].text) : null);
    } else if (expr) {
      columns.push(expr.text);
      prefixes.push(null);
    }
  }
  const name = nameOf(def.childForFieldName("name")) ?? (kind === "primary" ? "PRIMARY" : undefined);
  const out: IndexFacts = { columns, unique: kind === "primary" || kind === "unique", kind, range: rangeOf(def) };
  if (name !== undefined) out.name = name;
  if (prefixes.some((p) => p !== null)) out.prefixLengths = prefixes;
  return out;
}

/** `col INT PRIMARY KEY`, `col INT UNIQUE [KEY]`, `col INT KEY` (KEY alone means PRIMARY KEY). */
function inlineIndexes(name: string, toks: Tok[], range: Range): IndexFacts[] {
  // The grammar's keywords are not identifiers here: `UNIQUE` and `KEY` as words of the soup are.
  const words = toks.filter((t) => t.kind !== "punct" && (t.kind !== "word" || t.identifier)).map((t) => (t.identifier ? t.text.toLowerCase() : ""));
  const out: IndexFacts[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === "unique") out.push({ columns: [name], unique: true, kind: "unique", range });
    else if (words[i] === "key" && words[i - 1] !== "unique") {
      out.push({ name: "PRIMARY", columns: [name], unique: true, kind: "primary", range });
    }
  }
  return out;
}

function options(node: Node, facts: StatementFacts): void {
  for (const c of node.namedChildren) {
    if (c.type !== "algorithm_option" && c.type !== "lock_option") continue;
    const value = c.childForFieldName("value")?.text.toUpperCase() ?? "";
    facts.alterOptions ??= {};
    if (c.type === "algorithm_option") facts.alterOptions.algorithm = value;
    else facts.alterOptions.lock = value;
  }
}

// --------------------------------------------------------------------- partitions

function numberOf(node: Node | null | undefined): number | undefined {
  if (!node) return undefined;
  const n = Number(node.text);
  return Number.isFinite(n) ? n : undefined;
}

function innerText(paren: Node | null | undefined): string | undefined {
  if (!paren) return undefined;
  return paren.text.slice(1, -1).trim();
}

function columnNames(list: Node | undefined): string[] {
  if (!list) return [];
  return list.namedChildren.map((c) => unquote(c.text));
}

function partitioningFacts(clause: Node): PartitioningFacts {
  const typeNode = firstChild(clause, "partition_type") as Node;
  const kws = keywords(typeNode);
  const linear = kws.includes("LINEAR");
  let type: PartitionType;
  if (kws.includes("KEY")) type = linear ? "linear-key" : "key";
  else if (kws.includes("HASH")) type = linear ? "linear-hash" : "hash";
  else if (kws.includes("RANGE")) type = kws.includes("COLUMNS") ? "range-columns" : "range";
  else if (kws.includes("LIST")) type = kws.includes("COLUMNS") ? "list-columns" : "list";
  else type = "system-time";

  const facts: PartitioningFacts = { type, partitions: 0, range: rangeOf(clause) };
  const list = firstChild(typeNode, "column_list");
  if (list) facts.columns = columnNames(list);
  const expression = innerText(typeNode.childForFieldName("expression"));
  if (expression !== undefined) facts.expression = expression;
  const algorithm = numberOf(firstChild(typeNode, "key_algorithm")?.namedChildren[0]);
  if (algorithm !== undefined) facts.algorithm = algorithm;
  const rotation = firstChild(typeNode, "versioning_rotation");
  if (rotation) facts.rotation = rotation.text;

  const definitions = firstChild(clause, "partition_definitions");
  const defs = definitions ? childrenOfType(definitions, "partition_definition") : [];
  const declared = numberOf(clause.childForFieldName("partitions"));
  // sql_partition.cc: explicit definitions win; else PARTITIONS n; else HASH/KEY make one partition
  // and MariaDB's SYSTEM_TIME two (one HISTORY, one CURRENT). RANGE and LIST need definitions.
  const defaults = type === "system-time" ? 2 : type.endsWith("hash") || type.endsWith("key") ? 1 : 0;
  facts.partitions = defs.length > 0 ? defs.length : (declared ?? defaults);
  if (defs.length > 0) facts.names = defs.map((d) => nameOf(d.childForFieldName("name")) ?? "");

  const sub = firstChild(clause, "subpartition_clause");
  if (sub) {
    const subType = firstChild(sub, "subpartition_type") as Node;
    const skws = keywords(subType);
    const slinear = skws.includes("LINEAR");
    const stype: SubpartitioningFacts["type"] = skws.includes("KEY")
      ? slinear
        ? "linear-key"
        : "key"
      : slinear
        ? "linear-hash"
        : "hash";
    const perDeclared = numberOf(sub.childForFieldName("subpartitions")) ?? 1;
    const counts: number[] = [];
    for (let i = 0; i < facts.partitions; i++) {
      const d = defs[i];
      const explicit = d ? firstChild(d, "subpartition_definitions") : undefined;
      counts.push(explicit ? childrenOfType(explicit, "subpartition_definition").length : perDeclared);
    }
    const s: SubpartitioningFacts = { type: stype, subpartitions: counts.reduce((a, b) => a + b, 0) };
    const scols = firstChild(subType, "column_list");
    if (scols) s.columns = columnNames(scols);
    const sexpr = innerText(subType.childForFieldName("expression"));
    if (sexpr !== undefined) s.expression = sexpr;
    if (counts.length > 0 && counts.every((c) => c === counts[0])) s.perPartition = counts[0] as number;
    facts.subpartitioning = s;
  }
  return facts;
}

function partitionNames(node: Node): string[] {
  const names = firstChild(node, "partition_names");
  return names ? names.namedChildren.map((c) => unquote(c.text)) : [];
}

// -------------------------------------------------------------------- ALTER TABLE

const MAINTENANCE: Record<string, string> = {
  TRUNCATE: "truncate",
  REBUILD: "rebuild",
  OPTIMIZE: "optimize",
  ANALYZE: "analyze",
  CHECK: "check",
  REPAIR: "repair",
  DISCARD: "discard",
  IMPORT: "import",
};

function alterTable(node: Node, facts: StatementFacts): void {
  facts.tables.push(tableName(node.childForFieldName("table")));
  const added: IndexFacts[] = [];
  const dropped: string[] = [];
  const ops: PartitionOp[] = [];
  const changes: ColumnChange[] = [];
  let tableOpts: TableOptions = {};
  options(node, facts);
  for (const spec of node.namedChildren) {
    switch (spec.type) {
      case "alter_add_index":
        added.push(indexFacts(firstChild(spec, "index_definition") as Node));
        break;
      case "alter_rename": {
        // RENAME [TO] new: the table's new name, as RENAME TABLE gives it.
        const from = facts.tables[0] as { schema?: string; name: string };
        const to = tableName(spec.childForFieldName("to"));
        facts.renames = [{ from: { ...from }, to }];
        facts.tables.push(to);
        break;
      }
      case "alter_add_constraint": {
        // ADD FOREIGN KEY ... REFERENCES parent: the parent is read too (after the altered table, which stays first).
        const parent = firstChild(spec, "constraint_definition")?.childForFieldName("references");
        if (parent) facts.tables.push(tableName(parent));
        break;
      }
      case "alter_add_column":
        for (const c of spec.namedChildren) {
          const type = c.type;
          if (type === "column_definition") {
            const { column, position, tokens: toks, range } = columnDefinition(c);
            added.push(...inlineIndexes(column.name, toks, range));
            changes.push({ op: "add", column, ...position });
          } else if (type === "index_definition") added.push(indexFacts(c));
        }
        break;
      case "alter_drop_column":
        changes.push({ op: "drop", name: nameOf(spec.childForFieldName("name")) ?? "" });
        break;
      case "alter_option": {
        const change = columnOption(spec);
        if (change) changes.push(change);
        else if (change === undefined) tableOpts = { ...tableOpts, ...tableOptions(tokens(spec.children)) };
        break;
      }
      case "alter_drop_index":
        dropped.push(nameOf(spec.childForFieldName("name")) ?? "");
        break;
      case "alter_drop_primary_key":
        dropped.push("PRIMARY");
        break;
      case "alter_add_partition": {
        const defs = firstChild(spec, "partition_definitions");
        const op: PartitionOp = { op: "add" };
        if (defs) op.partitions = childrenOfType(defs, "partition_definition").map((d) => nameOf(d.childForFieldName("name")) ?? "");
        const count = numberOf(spec.childForFieldName("count"));
        if (count !== undefined) op.count = count;
        ops.push(op);
        break;
      }
      case "alter_drop_partition":
        ops.push({ op: "drop", partitions: partitionNames(spec) });
        break;
      case "coalesce_partition":
        ops.push({ op: "coalesce", count: numberOf(spec.childForFieldName("count")) ?? 0 });
        break;
      case "reorganize_partition": {
        const op: PartitionOp = { op: "reorganize", partitions: partitionNames(spec) };
        const defs = firstChild(spec, "partition_definitions");
        if (defs) op.count = childrenOfType(defs, "partition_definition").length;
        ops.push(op);
        break;
      }
      case "exchange_partition":
        ops.push({ op: "exchange", partitions: [nameOf(spec.childForFieldName("partition")) ?? ""] });
        break;
      case "partition_maintenance":
      case "partition_tablespace": {
        const kw = spec.childForFieldName("operation")?.type ?? "";
        const op: PartitionOp = { op: MAINTENANCE[kw] ?? kw.toLowerCase() };
        if (keywords(spec).includes("ALL")) op.all = true;
        else if (firstChild(spec, "partition_names")) op.partitions = partitionNames(spec);
        ops.push(op);
        break;
      }
      case "convert_partition":
        ops.push({ op: "convert-partition", partitions: [nameOf(spec.childForFieldName("partition")) ?? ""] });
        break;
      case "convert_table": {
        const def = firstChild(spec, "partition_definition");
        ops.push({ op: "convert-table", partitions: [nameOf(def?.childForFieldName("name")) ?? ""] });
        break;
      }
      case "remove_partitioning":
        ops.push({ op: "remove-partitioning" });
        break;
      case "partition_clause":
        facts.partitioning = partitioningFacts(spec);
        ops.push({ op: "partition-by" });
        break;
    }
  }
  if (added.length > 0) facts.indexesAdded = added;
  if (dropped.length > 0) facts.indexesDropped = dropped;
  if (ops.length > 0) facts.partitionOps = ops;
  if (changes.length > 0) facts.columnChanges = changes;
  if (Object.keys(tableOpts).length > 0) facts.tableOptions = tableOpts;
  const actions = alterActions(node);
  if (actions.length > 0) facts.alterActions = actions;
}

// ----------------------------------------------------------------------- columns
// Column definitions are token soups in the grammar (data types and attributes have no structure
// there); they are read here, as sql_yacc.yy's `field_def` reads them.

interface Tok {
  kind: "word" | "quoted" | "string" | "number" | "paren" | "punct";
  /** Unquoted for quoted identifiers and strings. */
  text: string;
  /** Upper case, for words. */
  upper: string;
  node: Node;
  /** A plain identifier (not a keyword the grammar names). */
  identifier: boolean;
}

const NAMED_KINDS: Record<string, Tok["kind"]> = {
  identifier: "word",
  quoted_identifier: "quoted",
  string: "string",
  number: "number",
  paren_group: "paren",
};

function tokens(nodes: Node[]): Tok[] {
  const out: Tok[] = [];
  for (const n of nodes) {
    // Each `type` or `isNamed` read is a call into the parser's WebAssembly: read once.
    const type = n.type;
    if (type === "comment") continue;
    if (type === "if_exists" || type === "if_not_exists") {
      out.push(...tokens(n.children));
      continue;
    }
    let kind = NAMED_KINDS[type];
    const identifier = kind === "word";
    if (!kind) kind = !n.isNamed && /^[A-Z_]+$/.test(type) ? "word" : "punct";
    const text = kind === "quoted" || kind === "string" ? unquote(n.text) : n.text;
    out.push({ kind, text, upper: kind === "word" ? text.toUpperCase() : text, node: n, identifier });
  }
  return out;
}

/** An identifier or a value written as a word, a quoted identifier or a string (`CHARSET 'utf8mb4'`). */
function nameTok(t: Tok | undefined): string | undefined {
  return t && (t.kind === "word" || t.kind === "quoted" || t.kind === "string") ? t.text : undefined;
}

/** One-word type names and their synonyms (sql_yacc.yy `type`, `int_type`, `real_type`, `numeric_type`). */
const TYPE_NAMES: Record<string, string> = {
  INT: "int", INTEGER: "int", INT4: "int", TINYINT: "tinyint", INT1: "tinyint", BOOL: "tinyint", BOOLEAN: "tinyint",
  SMALLINT: "smallint", INT2: "smallint", MEDIUMINT: "mediumint", MIDDLEINT: "mediumint", INT3: "mediumint",
  BIGINT: "bigint", INT8: "bigint", SERIAL: "bigint",
  DECIMAL: "decimal", DEC: "decimal", NUMERIC: "decimal", FIXED: "decimal",
  FLOAT: "float", FLOAT4: "float", DOUBLE: "double", FLOAT8: "double", REAL: "double",
  BIT: "bit", DATE: "date", TIME: "time", DATETIME: "datetime", TIMESTAMP: "timestamp", YEAR: "year",
  CHAR: "char", CHARACTER: "char", NCHAR: "char", VARCHAR: "varchar", VARCHARACTER: "varchar", NVARCHAR: "varchar",
  BINARY: "binary", VARBINARY: "varbinary",
  TINYTEXT: "tinytext", TEXT: "text", MEDIUMTEXT: "mediumtext", LONGTEXT: "longtext", LONG: "mediumtext",
  TINYBLOB: "tinyblob", BLOB: "blob", MEDIUMBLOB: "mediumblob", LONGBLOB: "longblob",
  JSON: "json", ENUM: "enum", SET: "set", VECTOR: "vector", INET4: "inet4", INET6: "inet6", UUID: "uuid",
  GEOMETRY: "geometry", POINT: "point", LINESTRING: "linestring", POLYGON: "polygon", MULTIPOINT: "multipoint",
  MULTILINESTRING: "multilinestring", MULTIPOLYGON: "multipolygon", GEOMETRYCOLLECTION: "geometrycollection",
  GEOMCOLLECTION: "geometrycollection",
};

const NATIONAL_CHARSET = "utf8mb3";

/** The data type at the start of `toks`: how many words it takes, its canonical name, and an implied charset. */
function typeName(toks: Tok[]): { words: number; dataType: string; charset?: string } | undefined {
  const w = (i: number) => (toks[i]?.kind === "word" ? (toks[i] as Tok).upper : "");
  const [w0, w1, w2] = [w(0), w(1), w(2)];
  if (!w0) return undefined;
  const isChar = (x: string) => x === "CHAR" || x === "CHARACTER";
  if (w0 === "NATIONAL" && isChar(w1)) {
    return w2 === "VARYING" ? { words: 3, dataType: "varchar", charset: NATIONAL_CHARSET } : { words: 2, dataType: "char", charset: NATIONAL_CHARSET };
  }
  if (w0 === "NATIONAL" && w1 === "VARCHAR") return { words: 2, dataType: "varchar", charset: NATIONAL_CHARSET };
  if (w0 === "NCHAR" && (w1 === "VARCHAR" || w1 === "VARYING")) return { words: 2, dataType: "varchar", charset: NATIONAL_CHARSET };
  if (w0 === "NCHAR" || w0 === "NVARCHAR") return { words: 1, dataType: TYPE_NAMES[w0] as string, charset: NATIONAL_CHARSET };
  if (isChar(w0) && w1 === "VARYING") return { words: 2, dataType: "varchar" };
  if (w0 === "DOUBLE" && w1 === "PRECISION") return { words: 2, dataType: "double" };
  if (w0 === "LONG") {
    if (w1 === "VARBINARY") return { words: 2, dataType: "mediumblob" };
    if (w1 === "VARCHAR") return { words: 2, dataType: "mediumtext" };
    if (isChar(w1) && w2 === "VARYING") return { words: 3, dataType: "mediumtext" };
    return { words: 1, dataType: "mediumtext" };
  }
  return { words: 1, dataType: TYPE_NAMES[w0] ?? w0.toLowerCase() };
}

const DECIMAL_LIKE = new Set(["decimal", "float", "double"]);
const TEMPORAL = new Set(["time", "datetime", "timestamp"]);

/** A column definition from its tokens after the name: data type, then attributes in any order. */
function parseColumn(name: string, toks: Tok[], range: Range): { column: ColumnFacts; position: ColumnPosition } {
  const column: ColumnFacts = { name, type: "", dataType: "", nullable: true, range };
  const position: ColumnPosition = {};
  const t = typeName(toks);
  let i = 0;
  if (t) {
    const words = toks.slice(0, t.words).map((x) => x.text);
    i = t.words;
    column.dataType = t.dataType;
    if (t.charset) column.charset = t.charset;
    const args = toks[i]?.kind === "paren" ? (toks[i] as Tok).node : undefined;
    column.type = words.join(" ") + (args ? args.text : "");
    if (args) {
      i++;
      const inner = args.namedChildren;
      if (column.dataType === "enum" || column.dataType === "set") {
        column.values = inner.filter((c) => c.type === "string").map((c) => unquote(c.text));
      } else {
        const nums = inner.filter((c) => c.type === "number").map((c) => Number(c.text));
        if (DECIMAL_LIKE.has(column.dataType)) {
          if (nums[0] !== undefined) column.precision = nums[0];
          if (nums[1] !== undefined) column.scale = nums[1];
          // FLOAT(p): p > 24 makes a DOUBLE (sql_yacc.yy `float_options`, Item_type_holder).
          if (column.dataType === "float" && nums.length === 1 && (nums[0] as number) > 24) column.dataType = "double";
        } else if (TEMPORAL.has(column.dataType)) {
          if (nums[0] !== undefined) column.fsp = nums[0];
        } else if (nums[0] !== undefined) column.length = nums[0];
      }
    }
    if (t.words === 1 && toks[0]?.upper === "SERIAL") {
      column.unsigned = true;
      column.nullable = false;
      column.autoIncrement = true;
    }
  }
  for (; i < toks.length; i++) {
    const tok = toks[i] as Tok;
    if (tok.kind !== "word") continue;
    const next = toks[i + 1];
    const prev = toks[i - 1];
    switch (tok.upper) {
      case "UNSIGNED":
      case "ZEROFILL":
        column.unsigned = true;
        break;
      case "CHARSET":
      case "CHARACTER":
      case "CHAR": {
        const skip = tok.upper === "CHARSET" ? 0 : next?.upper === "SET" ? 1 : -1;
        if (skip < 0) break;
        const value = nameTok(toks[i + 1 + skip]);
        if (value !== undefined) column.charset = value.toLowerCase();
        i += 1 + skip;
        break;
      }
      case "COLLATE": {
        const value = nameTok(next);
        if (value !== undefined) column.collation = value.toLowerCase();
        i++;
        break;
      }
      case "ASCII":
        column.charset = "latin1";
        break;
      case "UNICODE":
        column.charset = "ucs2";
        break;
      case "BYTE":
        column.charset = "binary";
        break;
      case "NOT":
        if (next?.upper === "NULL") {
          column.nullable = false;
          i++;
        }
        break;
      case "NULL":
        if (!prev || !["DEFAULT", "SET", "IS"].includes(prev.upper)) column.nullable = true;
        break;
      case "DEFAULT": {
        // Skip the default value: a word, number or string (with a sign, an introducer or a call's arguments).
        let j = i + 1;
        if (toks[j]?.kind === "punct" && (toks[j]?.text === "-" || toks[j]?.text === "+")) j++;
        if (toks[j]?.upper === "VALUE" && toks[i - 1]?.upper === "SERIAL") {
          // SERIAL DEFAULT VALUE: NOT NULL AUTO_INCREMENT UNIQUE.
          column.nullable = false;
          column.autoIncrement = true;
        }
        if (toks[j]?.kind === "word" && toks[j + 1]?.kind === "string") j++;
        if (toks[j + 1]?.kind === "paren" && toks[j]?.kind === "word") j++;
        if (j < toks.length) column.default = toks.slice(i + 1, j + 1).map((x, k, all) => (k > 0 && (all[k - 1] as Tok).node.endIndex < x.node.startIndex ? " " : "") + x.node.text).join("");
        i = j;
        break;
      }
      case "AUTO_INCREMENT":
        column.autoIncrement = true;
        break;
      case "AS":
        if (next?.kind === "paren") {
          column.generated ??= "virtual";
          i++;
        }
        break;
      case "VIRTUAL":
        column.generated = "virtual";
        break;
      case "STORED":
      case "PERSISTENT":
        column.generated = "stored";
        break;
      case "PRIMARY":
        if (next?.upper === "KEY") column.nullable = false;
        break;
      case "KEY":
        if (prev?.upper !== "UNIQUE" && prev?.upper !== "PRIMARY") column.nullable = false;
        break;
      case "COMMENT":
        i++;
        break;
      case "FIRST":
        position.first = true;
        break;
      case "AFTER": {
        const after = nameTok(next);
        if (after !== undefined) position.after = after;
        i++;
        break;
      }
      case "REFERENCES":
        // An inline REFERENCES clause ends the attributes (ON DELETE SET NULL is not a NULL attribute).
        i = toks.length;
        break;
    }
  }
  // The charset a collation implies when no CHARACTER SET is given.
  if (column.collation && !column.charset) column.charset = charsetOfCollation(column.collation);
  return { column, position };
}

function columnDefinition(def: Node): { column: ColumnFacts; position: ColumnPosition; tokens: Tok[]; range: Range } {
  const name = nameOf(def.childForFieldName("name")) ?? "";
  const children = def.children;
  // The first child that is not a comment is the column's name.
  let first = 0;
  while (first < children.length && (children[first] as Node).type === "comment") first++;
  const toks = tokens(children.slice(first + 1));
  const range = rangeOf(def);
  return { ...parseColumn(name, toks, range), tokens: toks, range };
}

/**
 * MODIFY, CHANGE, RENAME COLUMN and CONVERT TO CHARACTER SET, which the grammar leaves as soups.
 * Returns null for other column operations (ALTER COLUMN ... SET DEFAULT), undefined for non-column options.
 */
function columnOption(spec: Node): ColumnChange | null | undefined {
  const toks = tokens(spec.children);
  const head = toks[0]?.upper;
  let i = 1;
  const skip = (...words: string[]) => {
    while (toks[i] && words.includes((toks[i] as Tok).upper)) i++;
  };
  switch (head) {
    case "MODIFY":
    case "CHANGE": {
      skip("COLUMN");
      skip("IF", "EXISTS");
      const from = nameTok(toks[i]);
      if (from === undefined) return null;
      i++;
      const to = head === "CHANGE" ? nameTok(toks[i++]) : from;
      if (to === undefined) return null;
      const { column, position } = parseColumn(to, toks.slice(i), rangeOf(spec));
      return head === "CHANGE" ? { op: "change", from, column, ...position } : { op: "modify", column, ...position };
    }
    case "RENAME": {
      if (toks[1]?.upper !== "COLUMN") return null;
      i = 2;
      skip("IF", "EXISTS");
      const from = nameTok(toks[i]);
      const to = toks[i + 1]?.upper === "TO" ? nameTok(toks[i + 2]) : undefined;
      return from !== undefined && to !== undefined ? { op: "rename", from, to } : null;
    }
    case "CONVERT": {
      const o = tableOptions(toks.slice(1));
      return o.charset ? { op: "convert", charset: o.charset, ...(o.collation ? { collation: o.collation } : {}) } : null;
    }
    case "ALTER":
    case "ADD":
    case "DROP":
      return null;
    default:
      return undefined;
  }
}

/** ENGINE, [DEFAULT] CHARACTER SET / CHARSET, [DEFAULT] COLLATE and ROW_FORMAT from option tokens. */
function tableOptions(toks: Tok[]): TableOptions {
  const out: TableOptions = {};
  for (let i = 0; i < toks.length; i++) {
    const tok = toks[i] as Tok;
    if (tok.kind !== "word") continue;
    let key: keyof TableOptions | undefined;
    let j = i + 1;
    if (tok.upper === "ENGINE") key = "engine";
    else if (tok.upper === "ROW_FORMAT") key = "rowFormat";
    else if (tok.upper === "COLLATE") key = "collation";
    else if (tok.upper === "CHARSET") key = "charset";
    else if ((tok.upper === "CHARACTER" || tok.upper === "CHAR") && toks[j]?.upper === "SET") {
      key = "charset";
      j++;
    }
    if (!key) continue;
    if (toks[j]?.kind === "punct" && toks[j]?.text === "=") j++;
    const value = nameTok(toks[j]);
    if (value !== undefined) out[key] = value.toLowerCase();
    i = j;
  }
  if (out.collation && !out.charset) out.charset = charsetOfCollation(out.collation);
  return out;
}

// ---------------------------------------------------------------------------- SET

const SCOPES: Record<string, AssignmentFacts["scope"]> = {
  GLOBAL: "global",
  SESSION: "session",
  LOCAL: "session",
  PERSIST: "persist",
  PERSIST_ONLY: "persist_only",
};

function assignments(node: Node): AssignmentFacts[] {
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
      fact.variable = variable.namedChildren.map((c) => unquote(c.text)).join(".").toLowerCase();
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

// ---------------------------------------------------------------------------- DML

interface TableRef {
  schema?: string;
  name: string;
  alias?: string;
  derived?: boolean;
}

const SCOPE_NODES = new Set(["select_core", "update_statement", "delete_statement"]);
const REFERENCES = new Set(["table_reference", "derived_table"]);
const NOT_IN_SCOPE = new Set(["subquery", "derived_table", "where_clause", "select_list", "select_tail", "with_clause"]);

/** Tables a scope reads: its FROM list, joins included, subqueries excluded. CTEs count as derived. */
function scopeRefs(scope: Node, ctes: ReadonlySet<string>): TableRef[] {
  const refs: TableRef[] = [];
  for (const n of findAll(scope, REFERENCES, NOT_IN_SCOPE)) {
    const alias = nameOf(n.childForFieldName("alias"));
    if (n.type === "derived_table") {
      refs.push({ name: alias ?? "", derived: true, ...(alias !== undefined ? { alias } : {}) });
      continue;
    }
    const t: TableRef = tableName(n.childForFieldName("table"));
    if (t.schema === undefined && ctes.has(t.name.toLowerCase())) t.derived = true;
    refs.push(alias !== undefined ? { ...t, alias } : t);
  }
  return refs;
}

/**
 * Words a flat expression shows as column references that are never columns: reserved words and
 * the syntax words of functions (EXTRACT(... FROM ...), GROUP_CONCAT(... ORDER BY ...), MATCH ...
 * AGAINST (... IN BOOLEAN MODE), window frames).
 */
const NOT_COLUMNS = new Set(
  [
    "current_timestamp", "current_date", "current_time", "current_user", "localtime", "localtimestamp",
    "utc_date", "utc_time", "utc_timestamp", "boolean", "mode", "query", "expansion", "language",
    "natural", "with", "rollup", "order", "by", "asc", "desc", "separator", "using", "from",
    "for", "leading", "trailing", "both", "member", "of", "over", "partition", "rows", "range",
    "unbounded", "preceding", "following", "current", "row", "maxvalue", "dual",
  ],
);

/** Interval units: not columns after `INTERVAL <expr>`, before FROM in EXTRACT, first in TIMESTAMPADD/DIFF. */
const UNITS = new Set([
  "microsecond", "second", "minute", "hour", "day", "week", "month", "quarter", "year",
  "second_microsecond", "minute_microsecond", "minute_second", "hour_microsecond", "hour_second",
  "hour_minute", "day_microsecond", "day_second", "day_minute", "day_hour", "year_month",
]);

/**
 * Type and character set names: not columns as the type of CAST(x AS type) or CONVERT(x, type), in
 * a literal (DATE '2020-01-01'), after USING; elsewhere they are columns (a partition key `date`).
 */
const TYPE_WORDS = new Set([
  "signed", "unsigned", "char", "nchar", "decimal", "integer", "json", "double", "float", "date", "time",
  "datetime", "timestamp", "character", "set", "utf8", "utf8mb3", "utf8mb4", "latin1",
]);

/** Operators and keywords that end the expression an INTERVAL's unit follows. */
const INTERVAL_STOP = new Set([
  ",", "=", "<", ">", "<=", ">=", "<>", "!=", "<=>", "AND", "OR", "XOR", "NOT", "LIKE", "IN", "BETWEEN", "IS",
  "WHEN", "THEN", "ELSE", "&&", "||",
]);

const lower = (n: Node | null | undefined) => (n ? n.text.toLowerCase() : "");

/** The name of the function whose argument list holds `ref`, lower-cased ("" outside one). */
function enclosingFunction(ref: Node): string {
  const args = ref.parent;
  if (args?.type !== "argument_list") return "";
  return lower(args.parent?.childForFieldName("name"));
}

/** `INTERVAL <expr> unit`: an INTERVAL before `ref` with no unit, comparison or logical operator between. */
function afterInterval(ref: Node): boolean {
  for (let n = ref.previousSibling; n; n = n.previousSibling) {
    if (n.type === "INTERVAL") return true;
    if (INTERVAL_STOP.has(n.type)) return false;
    if (n.type === "column_reference" && UNITS.has(lower(n))) return false;
  }
  return false;
}

function isColumn(ref: Node): boolean {
  const parts = ref.namedChildren;
  if (parts.length !== 1) return true;
  const only = parts[0] as Node;
  if (only.type === "quoted_identifier") return true;
  const word = only.text.toLowerCase();
  const prev = ref.previousSibling;
  const next = ref.nextSibling;
  if (prev && (prev.type === "AS" || prev.type === "COLLATE")) return false; // CAST(x AS type), x COLLATE name
  if (next && next.type === "string") return false; // DATE '2020-01-01', _utf8mb4'x'
  if (word.startsWith("_") && next?.type === "number") return false; // _utf32 0x0000039C: a charset introducer
  if (prev?.type === "column_reference" && lower(prev) === "using") return false; // CONVERT(x USING utf8mb4)
  if (NOT_COLUMNS.has(word)) return false;
  if (UNITS.has(word)) {
    if (afterInterval(ref)) return false;
    const fn = enclosingFunction(ref);
    if (fn === "extract" && lower(next) === "from") return false; // EXTRACT(YEAR FROM d)
    if ((fn === "timestampadd" || fn === "timestampdiff") && prev?.type === "(") return false;
  }
  if (TYPE_WORDS.has(word)) {
    // CONVERT(x, type); UNSIGNED INTEGER, CHAR CHARACTER SET utf8: a type word after a type word.
    if (prev?.type === "," && enclosingFunction(ref) === "convert") return false;
    if (prev?.type === "column_reference" && TYPE_WORDS.has(lower(prev)) && !isColumn(prev)) return false;
  }
  return true;
}

/** Resolves a column reference to its table in the scope chain (innermost first). */
function resolveColumn(ref: Node, chain: TableRef[][]): { table: string; column: string } | undefined {
  const parts = ref.namedChildren.map((c) => unquote(c.text));
  const column = parts[parts.length - 1] as string;
  if (parts.length === 1) {
    const refs = chain[0] ?? [];
    if (refs.length === 1) {
      const only = refs[0] as TableRef;
      return only.derived ? undefined : { table: only.name, column };
    }
    return { table: "", column };
  }
  const qualifier = (parts[parts.length - 2] as string).toLowerCase();
  const schema = parts.length >= 3 ? (parts[parts.length - 3] as string).toLowerCase() : undefined;
  for (const refs of chain) {
    const byAlias = refs.find((r) => r.alias?.toLowerCase() === qualifier);
    const byName = refs.find(
      (r) => r.alias === undefined && r.name.toLowerCase() === qualifier && (!schema || r.schema?.toLowerCase() === schema),
    );
    const hit = byAlias ?? byName;
    if (hit) return hit.derived ? undefined : { table: hit.name, column };
  }
  return { table: parts[parts.length - 2] as string, column };
}

function groupColumns(found: { table: string; column: string }[]): { table: string; columns: string[] }[] {
  const map = new Map<string, string[]>();
  for (const { table, column } of found) {
    const list = map.get(table) ?? [];
    if (!list.some((c) => c.toLowerCase() === column.toLowerCase())) list.push(column);
    map.set(table, list);
  }
  return [...map].map(([table, columns]) => ({ table, columns }));
}

/** The scope chain of a node: refs of each enclosing SELECT/UPDATE/DELETE, innermost first. */
function chainOf(node: Node, cache: Map<number, TableRef[]>, ctes: ReadonlySet<string>): TableRef[][] {
  const chain: TableRef[][] = [];
  for (let n: Node | null = node; n; n = n.parent) {
    if (!SCOPE_NODES.has(n.type)) continue;
    let refs = cache.get(n.id);
    if (!refs) {
      refs = scopeRefs(n, ctes);
      cache.set(n.id, refs);
    }
    chain.push(refs);
  }
  return chain;
}

function conditionColumns(
  nodes: Node[],
  cache: Map<number, TableRef[]>,
  ctes: ReadonlySet<string>,
): { table: string; columns: string[] }[] {
  const found: { table: string; column: string }[] = [];
  for (const cond of nodes) {
    const chain = chainOf(cond, cache, ctes);
    for (const ref of findAll(cond, new Set(["column_reference"]), new Set(["subquery"]))) {
      if (!isColumn(ref)) continue;
      const r = resolveColumn(ref, chain);
      if (r) found.push(r);
    }
  }
  return groupColumns(found);
}

function dml(node: Node, facts: StatementFacts, found: Node[]): void {
  const byType = new Map<string, Node[]>();
  for (const n of found) {
    const type = n.type;
    const list = byType.get(type);
    if (list) list.push(n);
    else byType.set(type, [n]);
  }
  const ofType = (type: string) => byType.get(type) ?? [];
  const cteNames = new Set(
    ofType("cte").map((c) => (nameOf(c.childForFieldName("name")) ?? "").toLowerCase()),
  );
  const seen = new Set<string>();
  const add = (t: { schema?: string; name: string; alias?: string }) => {
    if (!t.name || (!t.schema && cteNames.has(t.name.toLowerCase()))) return;
    const key = `${t.schema ?? ""}.${t.name}.${t.alias ?? ""}`.toLowerCase();
    if (seen.has(key)) return;
    seen.add(key);
    facts.tables.push(t);
  };
  if (node.type === "insert_statement") add(tableName(node.childForFieldName("table")));
  for (const ref of ofType("table_reference")) {
    const alias = nameOf(ref.childForFieldName("alias"));
    const t = tableName(ref.childForFieldName("table"));
    add(alias !== undefined ? { ...t, alias } : t);
  }
  // DELETE t1, t2 FROM ...: targets name tables (or aliases) of the FROM list.
  for (const target of ofType("delete_target")) {
    const parts = target.childrenForFieldName("name").map((n) => unquote(n.text));
    const name = parts[parts.length - 1] as string;
    const known = facts.tables.some((t) => t.alias?.toLowerCase() === name.toLowerCase() || t.name.toLowerCase() === name.toLowerCase());
    if (!known) add(parts.length > 1 ? { schema: parts[0] as string, name } : { name });
  }

  const cache = new Map<number, TableRef[]>();
  const wheres = ofType("where_clause");
  if (wheres.length > 0) facts.whereColumns = conditionColumns(wheres, cache, cteNames);
  const ons = ofType("join_condition");
  if (ons.length > 0) facts.onColumns = conditionColumns(ons, cache, cteNames);
}

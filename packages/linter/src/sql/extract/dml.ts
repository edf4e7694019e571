/** SELECT, INSERT, UPDATE and DELETE: the tables they read and the columns their WHERE and ON conditions constrain. */
import type { SyntaxNode as Node } from "../syntax.js";
import { findAll, nameOf, tableName, unquote } from "../tree.js";
import type { StatementFacts } from "../types.js";

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
const NOT_COLUMNS = new Set([
  "current_timestamp",
  "current_date",
  "current_time",
  "current_user",
  "localtime",
  "localtimestamp",
  "utc_date",
  "utc_time",
  "utc_timestamp",
  "boolean",
  "mode",
  "query",
  "expansion",
  "language",
  "natural",
  "with",
  "rollup",
  "order",
  "by",
  "asc",
  "desc",
  "separator",
  "using",
  "from",
  "for",
  "leading",
  "trailing",
  "both",
  "member",
  "of",
  "over",
  "partition",
  "rows",
  "range",
  "unbounded",
  "preceding",
  "following",
  "current",
  "row",
  "maxvalue",
  "dual",
]);

/** Interval units: not columns after `INTERVAL <expr>`, before FROM in EXTRACT, first in TIMESTAMPADD/DIFF. */
const UNITS = new Set([
  "microsecond",
  "second",
  "minute",
  "hour",
  "day",
  "week",
  "month",
  "quarter",
  "year",
  "second_microsecond",
  "minute_microsecond",
  "minute_second",
  "hour_microsecond",
  "hour_second",
  "hour_minute",
  "day_microsecond",
  "day_second",
  "day_minute",
  "day_hour",
  "year_month",
]);

/**
 * Type and character set names: not columns as the type of CAST(x AS type) or CONVERT(x, type), in
 * a literal (DATE '2020-01-01'), after USING; elsewhere they are columns (a partition key `date`).
 */
const TYPE_WORDS = new Set([
  "signed",
  "unsigned",
  "char",
  "nchar",
  "decimal",
  "integer",
  "json",
  "double",
  "float",
  "date",
  "time",
  "datetime",
  "timestamp",
  "character",
  "set",
  "utf8",
  "utf8mb3",
  "utf8mb4",
  "latin1",
]);

/** Operators and keywords that end the expression an INTERVAL's unit follows. */
const INTERVAL_STOP = new Set([
  ",",
  "=",
  "<",
  ">",
  "<=",
  ">=",
  "<>",
  "!=",
  "<=>",
  "AND",
  "OR",
  "XOR",
  "NOT",
  "LIKE",
  "IN",
  "BETWEEN",
  "IS",
  "WHEN",
  "THEN",
  "ELSE",
  "&&",
  "||",
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
    const byName = refs.find((r) => r.alias === undefined && r.name.toLowerCase() === qualifier && (!schema || r.schema?.toLowerCase() === schema));
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

function conditionColumns(nodes: Node[], cache: Map<number, TableRef[]>, ctes: ReadonlySet<string>): { table: string; columns: string[] }[] {
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

export function dml(node: Node, facts: StatementFacts, found: Node[]): void {
  const byType = new Map<string, Node[]>();
  for (const n of found) {
    const type = n.type;
    const list = byType.get(type);
    if (list) list.push(n);
    else byType.set(type, [n]);
  }
  const ofType = (type: string) => byType.get(type) ?? [];
  const cteNames = new Set(ofType("cte").map((c) => (nameOf(c.childForFieldName("name")) ?? "").toLowerCase()));
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

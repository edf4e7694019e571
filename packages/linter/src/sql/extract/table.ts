/** CREATE TABLE, CREATE/DROP INDEX and ALTER TABLE: tables, indexes, partitioning, columns and options. */
import type { SyntaxNode as Node } from "../syntax.js";
import type { Range } from "../../finding.js";
import { childrenOfType, firstChild, keywords, nameOf, rangeOf, tableName, unquote } from "../tree.js";
import type {
  PartitionType,
  SubpartitioningFacts,
  PartitioningFacts,
  IndexFacts,
  ColumnFacts,
  ColumnChange,
  TableOptions,
  PartitionOp,
  StatementFacts,
} from "../types.js";
import { alterActions } from "../alter.js";
import { append } from "../../arrays.js";
import { columnDefinition, columnOption, tableOptions, tokens, type Tok } from "./columns.js";
import { dml } from "./dml.js";

export function createTable(node: Node, facts: StatementFacts, inside: Node[]): void {
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
        append(indexes, inlineIndexes(def.column.name, def.tokens, def.range));
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
      dml(
        sub,
        inner,
        inside.filter((n) => n.startIndex >= sub.startIndex && n.endIndex <= sub.endIndex),
      );
      append(facts.tables, inner.tables);
    }
  }
}

export function indexFacts(def: Node): IndexFacts {
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

export function options(node: Node, facts: StatementFacts): void {
  for (const c of node.namedChildren) {
    if (c.type !== "algorithm_option" && c.type !== "lock_option") continue;
    const value = c.childForFieldName("value")?.text.toUpperCase() ?? "";
    facts.alterOptions ??= {};
    if (c.type === "algorithm_option") facts.alterOptions.algorithm = value;
    else facts.alterOptions.lock = value;
  }
}

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

export function partitioningFacts(clause: Node): PartitioningFacts {
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
    const stype: SubpartitioningFacts["type"] = skws.includes("KEY") ? (slinear ? "linear-key" : "key") : slinear ? "linear-hash" : "hash";
    const perDeclared = numberOf(sub.childForFieldName("subpartitions")) ?? 1;
    // Only the definitions written out are counted one by one; the partitions a PARTITIONS n clause
    // declares beyond them each have perDeclared, multiplied (a declared 10^9 must not be a list).
    const counts: number[] = [];
    for (const d of defs) {
      const explicit = firstChild(d, "subpartition_definitions");
      counts.push(explicit ? childrenOfType(explicit, "subpartition_definition").length : perDeclared);
    }
    const undefinedPartitions = Math.max(0, facts.partitions - defs.length);
    let total = undefinedPartitions * perDeclared;
    for (const c of counts) total += c;
    if (undefinedPartitions > 0) counts.push(perDeclared);
    const s: SubpartitioningFacts = { type: stype, subpartitions: total };
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

export function alterTable(node: Node, facts: StatementFacts): void {
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
            append(added, inlineIndexes(column.name, toks, range));
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

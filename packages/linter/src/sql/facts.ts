/**
 * Statement facts from SQL files: what each statement does, as the target server would read it.
 *
 * Pipeline: versioned comments are resolved for the target (versioned.ts, offsets kept), the text
 * is parsed with tree-sitter-mysql (which also follows DELIMITER), and each top-level statement is
 * turned into plain facts (extract/: one extractor per statement family). Ranges are 1-based lines
 * and columns in UTF-16 units. This module is the parse driver: the parser, windows, syntax errors and
 * the DELIMITER left unreset.
 */
import type { Parser, Tree } from "web-tree-sitter";
import { type FlatTree, flatten, type SyntaxNode as Node } from "./syntax.js";
import type { Range } from "../finding.js";
import type { Target } from "../target.js";
import { createParser } from "../treesitter.js";
import { LineIndex, rangeOf } from "./tree.js";
import { scanTree, statementFacts, statementKind } from "./extract/statement.js";
import { SCHEMA_KINDS } from "./schema.js";
import { resolveVersionedComments, type ResolvedText } from "./versioned.js";
import type { StatementFacts, SqlFacts, SqlSyntaxError, UnresetDelimiter } from "./types.js";
import { flattenDeepNesting } from "./nesting.js";
import { append } from "../arrays.js";

let parser: Promise<Parser> | undefined;

/** Parses SQL as the target server reads it (versioned comments resolved, offsets kept). */
export async function parseSql(text: string, target: Target): Promise<{ tree: Tree; resolved: ResolvedText }> {
  parser ??= createParser("mysql");
  const p = await parser;
  const resolved = resolveVersionedComments(text, target);
  resolved.text = flattenDeepNesting(resolved.text);
  const tree = p.parse(resolved.text);
  if (!tree) throw new Error("innolint: tree-sitter-mysql returned no tree");
  return { tree, resolved };
}

/** Top-level nodes that are not statements: client commands, terminators, comments. */
export const SKIPPED = new Set(["comment", "delimiter_statement", "client_command", "terminator"]);

/**
 * A migration tool's marker comment that opens its up or down section: goose (`-- +goose Down`),
 * sql-migrate (`-- +migrate Down`) and dbmate (`-- migrate:down`) keep both directions in one file.
 */
const SECTION_MARKER = /^[ \t]*--[ \t]*(?:\+goose[ \t]+(Up|Down)|\+migrate[ \t]+(Up|Down)|migrate:(up|down))\b/gm;

/** Where a stream of windows stands: inside a rollback section, and whether the next window starts mid-line. */
export interface RollbackState {
  open: boolean;
  midLine: boolean;
}

/**
 * Where a file's rollback sections run, as [start, end) offsets from `from`: from a down marker to the
 * next up marker or the end. The tool runs them only to undo the migration, so they are neither
 * linted as steps forward nor applied to the schema. `state`: where the previous window left off.
 */
export function rollbackSections(
  text: string,
  from = 0,
  state: RollbackState = { open: false, midLine: false },
): { sections: [number, number][]; open: boolean } {
  if (!state.open && !text.includes("goose") && !text.includes("migrate")) return { sections: [], open: false };
  const sections: [number, number][] = [];
  let downAt = state.open ? from : -1;
  for (const m of text.slice(from).matchAll(SECTION_MARKER)) {
    // A window that starts mid-line does not start a line: a marker there is not one.
    if (m.index === 0 && state.midLine) continue;
    // The tools compare these words exactly: goose and sql-migrate capitalised, dbmate lower-case.
    const down = (m[1] ?? m[2] ?? m[3]) === "Down" || m[3] === "down";
    const at = from + m.index;
    if (down && downAt < 0) downAt = at;
    else if (!down && downAt >= 0) {
      sections.push([downAt, at]);
      downAt = -1;
    }
  }
  if (downAt >= 0) sections.push([downAt, text.length]);
  return { sections, open: downAt >= 0 };
}

/** Whether `offset` lies in one of `sections` (few: a linear scan). */
function inSection(sections: [number, number][], offset: number): boolean {
  for (const [start, end] of sections) if (offset >= start && offset < end) return true;
  return false;
}

/** `scope` "schema": only what a replay applies (extractSchemaFacts). */
export async function extractFacts(path: string, text: string, target: Target, scope?: "schema"): Promise<SqlFacts> {
  if (scope === "schema") return extractSchemaFacts(path, text, target);
  const { tree, resolved } = await parseSql(text, target);
  return factsOfTree(text, tree, resolved.text, resolved, 0, true).facts;
}

/**
 * Only the statements of a text that change the schema (SqlFacts.scope): what replaying an earlier
 * migration applies. Each such statement's facts are those extractFacts gives it; the other
 * statements are not copied out of the parse tree at all.
 */
export async function extractSchemaFacts(path: string, text: string, target: Target): Promise<SqlFacts> {
  void path;
  const { tree, resolved } = await parseSql(text, target);
  try {
    const statements: StatementFacts[] = [];
    const rollback = rollbackSections(text).sections;
    for (const node of tree.rootNode.namedChildren) {
      if (SKIPPED.has(node.type) || !SCHEMA_KINDS.has(statementKind(node)) || inSection(rollback, node.startIndex)) continue;
      statements.push(statementFacts(flatten(tree, resolved.text, node).rootNode, text));
    }
    return { statements, errors: [], versionedComments: [], comments: [], scope: "schema" };
  } finally {
    tree.delete();
  }
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
  rollback: RollbackState,
): Promise<{ facts: SqlFacts; delimiter?: { seen: boolean; unreset?: UnresetDelimiter }; rollbackOpen: boolean }> {
  parser ??= createParser("mysql");
  const p = await parser;
  const parsed = flattenDeepNesting(resolved.text);
  const tree = p.parse(parsed);
  if (!tree) throw new Error("innolint: tree-sitter-mysql returned no tree");
  return factsOfTree(text, tree, parsed, resolved, prefixLength, false, rollback);
}

function factsOfTree(
  text: string,
  tree: Tree,
  parsed: string,
  resolved: ResolvedText,
  prefixLength: number,
  reportUnreset: boolean,
  rollbackState?: RollbackState,
): { facts: SqlFacts; delimiter: { seen: boolean; unreset?: UnresetDelimiter }; rollbackOpen: boolean } {
  let flat: FlatTree;
  try {
    flat = flatten(tree, parsed);
  } finally {
    tree.delete();
  }
  const lines = new LineIndex(text);
  const statements: StatementFacts[] = [];
  const errors: SqlFacts["errors"] = resolved.errors.map((e) => ({ message: e.message, range: lines.range(e.start, e.end) }));
  const scanned = scanTree(flat);
  const { sections: rollback, open: rollbackOpen } = rollbackSections(text, prefixLength, rollbackState);
  let next = 0;
  for (const node of flat.rootNode.namedChildren) {
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
        append(errors, own);
        const last = statements[statements.length - 1];
        if (last) append((last.errors ??= []), own);
      }
      continue;
    }
    const own = syntaxErrors(node);
    if (inSection(rollback, start)) {
      // Not a step forward, but a rollback that cannot parse still fails when it runs.
      append(errors, own);
      continue;
    }
    const facts = statementFacts(node, text, inside);
    if (own.length > 0) {
      facts.errors = own;
      append(errors, own);
    }
    statements.push(facts);
  }
  append(errors, rootErrors(flat.rootNode));
  const delimiter = unresetDelimiter(flat.rootNode, prefixLength);
  if (reportUnreset && delimiter.unreset) errors.push(delimiter.unreset);
  errors.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
  const versionedComments = resolved.comments.map((c) => ({ ...c, range: lines.range(c.start, c.end) }));
  const comments = scanned.comments.map((c) => ({ text: c.text, range: rangeOf(c) }));
  return { facts: { statements, errors, versionedComments, comments }, delimiter, rollbackOpen };
}

/**
 * A script that changes the delimiter and never sets it back. The mysql client runs it (what is
 * left is sent at end of file), but a script sourced or concatenated after it inherits the
 * delimiter. mysqldump and well-formed migrations always restore ";".
 */
function unresetDelimiter(root: Node, prefixLength: number): { seen: boolean; unreset?: UnresetDelimiter } {
  let last: Node | undefined;
  for (const node of root.namedChildren) if (node.type === "delimiter_statement" && node.startIndex >= prefixLength) last = node;
  return lastDelimiter(last);
}

/** The same, given the last top-level DELIMITER command. */
export function lastDelimiter(last: Node | undefined): { seen: boolean; unreset?: UnresetDelimiter } {
  if (!last) return { seen: false };
  const value = last.text.trim().split(/\s+/)[1] ?? ";";
  if (value === ";") return { seen: true };
  return {
    seen: true,
    unreset: { rule: "delimiter-not-reset", delimiter: value, range: rangeOf(last) },
  };
}

/**
 * When error recovery gives up on the whole text, the root itself is an ERROR node and the tokens
 * it could not place belong to no top-level statement (`SELECT` and 15 or more unclosed
 * parentheses): one syntax error from the first of them to the end.
 */
export function rootErrors(root: Node): SqlSyntaxError[] {
  if (!root.isError) return [];
  const loose = root.children.find((c) => !c.isNamed || c.isError) ?? root;
  const range = rangeOf(loose);
  range.end = rangeOf(root).end;
  return [{ message: `syntax error near "${firstWord(loose.text)}"`, range }];
}

/** The first word of a node's text, short: an error node can span megabytes. */
function firstWord(text: string): string {
  return (/\S+/.exec(text.trimStart().slice(0, 400))?.[0] ?? "").slice(0, 40);
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
      out.push({ message: `syntax error near "${firstWord(n.text)}"`, range: rangeOf(n) });
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

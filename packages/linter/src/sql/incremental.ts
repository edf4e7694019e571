/**
 * One SQL document linted again and again (an editor buffer): each lint costs what changed.
 *
 * - Versioned comments are resolved in chunks cut where the client's statement splitting has
 *   ended a statement, and a chunk whose text and starting delimiter are unchanged is not
 *   resolved again.
 * - The tree is parsed incrementally: the previous tree is edited by the span where the texts
 *   differ, and tree-sitter reuses every subtree outside it.
 * - What each top-level node contributes (statement facts, comments, syntax errors) is kept. A
 *   node tree-sitter reused from the previous tree contributes the same, moved by the edit; only
 *   new nodes are looked at. A statement whose text comes back (an edit undone) gets its earlier
 *   facts back.
 * - `StatementMemo`: a statement's findings are kept under its facts and the state of the tables
 *   it names, so only statements whose text or tables changed run their rules again.
 *
 * The result equals a fresh lint: test/lsp-incremental.test.ts compares them after random edits.
 */
import { Edit, type Node, type Parser, type Tree } from "web-tree-sitter";
import type { InputError } from "../core.js";
import type { Finding, OnlineDdlNote, Position } from "../finding.js";
import type { Target } from "../target.js";
import { createParser } from "../treesitter.js";
import { lastDelimiter, rootErrors, SKIPPED, syntaxErrors } from "./facts.js";
import { flatten, type SyntaxNode } from "./syntax.js";
import { statementFacts } from "./extract/statement.js";
import type { SqlFacts, SqlProblem, SqlSyntaxError, StatementFacts, UnresetDelimiter } from "./types.js";
import { appliedTables, SCHEMA_KINDS } from "./schema.js";
import { LineIndex, rangeOf } from "./tree.js";
import { commentDialect, resolveWithDialect, type ResolvedText, type VersionedComment } from "./versioned.js";
import { append } from "../arrays.js";
import { flattenDeepNesting } from "./nesting.js";

type SqlComment = SqlFacts["comments"][number];
type SqlError = SqlSyntaxError;

/** The facts of an error-free top-level node, as computed when it started at `start`. */
interface NodeEntry {
  /** Equal ids mean equal facts up to position. */
  id: number;
  /** The node's type and text, under which the entry is kept. */
  key: string;
  start: Position;
  statement?: StatementFacts;
  comments: SqlComment[];
}

/** What one top-level node contributes to the document's facts. */
interface Top {
  /** In UTF-16 units. */
  length: number;
  /** Where the node starts. */
  line: number;
  column: number;
  /** The facts of a node without errors, as computed where the node first had its text. */
  entry?: NodeEntry;
  statement?: StatementFacts;
  comments: SqlComment[];
  errors: SqlError[];
  /** A terminator the parser had to assume: its errors also belong to the statement before it. */
  attach: boolean;
  /** A DELIMITER command: the last one decides whether the delimiter is left unreset. */
  delimiter: boolean;
  unreset?: UnresetDelimiter;
}

interface StatementInfo {
  id: number;
  tables: { names: string[]; global: boolean };
}

/** Findings of one statement in one state, with the statement's range when they were found. */
interface MemoEntry {
  start: Position;
  end: Position;
  findings: Finding[];
  errors: InputError[];
  onlineDdl?: OnlineDdlNote;
}

let parser: Promise<Parser> | undefined;

const same = (a: Position, b: Position) => a.line === b.line && a.column === b.column;
const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.column < b.column);

/** Maps positions at or after `from` as an edit that moves `from` to `to` does. */
function moved(from: Position, to: Position): (p: Position) => Position {
  const lines = to.line - from.line;
  const columns = to.column - from.column;
  return (p) => ({ line: p.line + lines, column: p.line === from.line ? p.column + columns : p.column });
}

/** A deep copy of plain data with every position (an object of exactly `line` and `column`) mapped. */
function relocate<T>(value: T, map: (p: Position) => Position): T {
  if (Array.isArray(value)) return value.map((v) => relocate(v, map)) as T;
  if (value === null || typeof value !== "object") return value;
  const o = value as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.length === 2 && typeof o.line === "number" && typeof o.column === "number") return map(value as unknown as Position) as T;
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = relocate(o[k], map);
  return out as T;
}

/**
 * A deep copy of plain data whose strings are copies. A substring of a document version keeps
 * that whole version in memory (V8 slices point into their parent); what the cache keeps across
 * edits must not, or every edit would keep one more copy of the document.
 */
function detach<T>(value: T): T {
  // Concatenation then slicing makes V8 copy the characters into a string of their own.
  if (typeof value === "string") return (" " + value).slice(1) as T;
  if (Array.isArray(value)) return value.map(detach) as T;
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = detach(v);
  return out as T;
}

/** The span where two strings differ: their common prefix and suffix left out. */
function difference(a: string, b: string): { start: number; oldEnd: number; newEnd: number } | undefined {
  if (a === b) return undefined;
  const shorter = Math.min(a.length, b.length);
  // Whole blocks first: comparing slices is a memory comparison.
  let start = 0;
  for (let block = 4096; block >= 1; block >>= 3) {
    while (start + block <= shorter && a.slice(start, start + block) === b.slice(start, start + block)) start += block;
  }
  let tail = 0;
  for (let block = 4096; block >= 1; block >>= 3) {
    while (tail + block <= shorter - start && a.slice(a.length - tail - block, a.length - tail) === b.slice(b.length - tail - block, b.length - tail))
      tail += block;
  }
  return { start, oldEnd: a.length - tail, newEnd: b.length - tail };
}

const point = (p: Position) => ({ row: p.line - 1, column: p.column - 1 });

type Resolution = Pick<ResolvedText, "text" | "comments" | "errors">;

/** A chunk's resolution up to the last statement boundary in it (all of it for the last chunk). */
interface Chunk {
  /** Target, starting delimiter and text: where the chunk is kept. */
  key: string;
  length: number;
  /** The delimiter in force where the chunk ends. */
  delimiter: string;
  text: string;
  /** Offsets relative to the chunk. */
  comments: VersionedComment[];
  errors: ResolvedText["errors"];
}

/** Chunks are at least this long, and end after a line that `cutsAfter` picks by its content. */
const CHUNK = 4096;

/**
 * Whether a chunk may end after the line ending at `newline`: decided by the line's last
 * characters, not by offsets, so that chunks after an edit that moves text are the same chunks.
 */
function cutsAfter(text: string, newline: number): boolean {
  let h = 0;
  for (let i = Math.max(0, newline - 8); i < newline; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  return (h & 31) === 0;
}

/**
 * `resolveVersionedComments` one chunk at a time. A chunk ends just after a newline; its results
 * are taken up to the last point where the client ended a statement (a delimiter, `\g`, the end
 * of a DELIMITER line), where the scanner holds nothing but the delimiter, and the next chunk
 * starts there with that delimiter. A comment, string or versioned comment that starts before
 * that point also ends before it (but see `end: -1`), and no look-ahead crosses a line break, so
 * the chunks' results are the whole text's.
 */
export class ChunkedResolution {
  /** By target, delimiter and chunk text: this resolution's chunks and the two before. */
  private chunks: Map<string, Chunk>[] = [new Map(), new Map(), new Map()];

  resolve(text: string, target: Target): Resolution {
    const dialect = commentDialect(target);
    const used = new Map<string, Chunk>();
    const parts: string[] = [];
    const comments: VersionedComment[] = [];
    const errors: ResolvedText["errors"] = [];
    let delimiter = ";";
    for (let pos = 0; pos < text.length; ) {
      let chunk: Chunk | undefined;
      // Grown by doubling while no statement ends in it (an unclosed quote): linear in the text.
      for (let size = CHUNK; !chunk; size *= 2) {
        const end = this.cut(text, pos + size);
        const source = text.slice(pos, end);
        const last = end >= text.length;
        // The last chunk keeps what is left open at its end: it is another chunk than the same text followed by more.
        const key = `${target.label}\0${delimiter}\0${last ? "end" : "cut"}\0${source}`;
        chunk = used.get(key) ?? this.chunks[0]?.get(key) ?? this.chunks[1]?.get(key) ?? this.chunks[2]?.get(key);
        if (!chunk) {
          const r = resolveWithDialect(source, dialect, delimiter);
          if (!last && r.boundary === 0) continue;
          const length = last ? source.length : r.boundary;
          chunk = detach({
            key,
            length,
            delimiter: last ? delimiter : r.boundaryDelimiter,
            text: r.text.slice(0, length),
            // A comment that starts before the boundary ends before it, except one a nested `/*!`
            // superseded: its end stays where the scan stopped, the text's end (-1 until known).
            comments: last ? r.comments : r.comments.filter((c) => c.start < length).map((c) => (c.end === source.length ? { ...c, end: -1 } : c)),
            errors: last ? r.errors : r.errors.filter((e) => e.start < length),
          });
        }
        used.set(chunk.key, chunk);
      }
      parts.push(chunk.text);
      for (const c of chunk.comments) {
        if (c.end < 0) comments.push({ ...c, start: c.start + pos, end: text.length });
        else comments.push(pos === 0 ? c : { ...c, start: c.start + pos, end: c.end + pos });
      }
      for (const e of chunk.errors) errors.push(pos === 0 ? e : { ...e, start: e.start + pos, end: e.end + pos });
      delimiter = chunk.delimiter;
      pos += chunk.length;
    }
    this.chunks = [used, this.chunks[0] as Map<string, Chunk>, this.chunks[1] as Map<string, Chunk>];
    return { text: parts.join(""), comments, errors };
  }

  /** Just after the first newline at or after `from` that `cutsAfter` picks; the text's end if none. */
  private cut(text: string, from: number): number {
    for (let nl = text.indexOf("\n", from); nl >= 0; nl = text.indexOf("\n", nl + 1)) if (cutsAfter(text, nl)) return nl + 1;
    return text.length;
  }
}

export class SqlDocumentCache {
  private tree: Tree | undefined;
  private text = "";
  private resolvedText = "";
  private lines: LineIndex | undefined;
  /** The previous parse's top-level nodes, by node id. */
  private byId = new Map<number, Top>();
  /** Node entries by type and text: those of this parse and of the two before it (an edit and its undo). */
  private entries: Map<string, NodeEntry>[] = [new Map(), new Map(), new Map()];
  private readonly info = new WeakMap<StatementFacts, StatementInfo>();
  private nextId = 1;
  private memo: MemoStore | undefined;
  /** State numbers are never reused, so equal numbers mean equal states. */
  private nextState = 1;
  private disposed = false;
  /** The facts of the last version asked about. */
  private last: { text: string; target: string; facts: SqlFacts } | undefined;
  private resolution = new ChunkedResolution();

  /** The document's facts for a target: what `extractFacts` returns for the same text. */
  async facts(text: string, target: Target): Promise<SqlFacts> {
    // Asked twice for one version: for the tables it names (lint/project.ts), then by the lint.
    if (this.last && this.last.text === text && this.last.target === target.label) return this.last.facts;
    parser ??= createParser("mysql");
    const p = await parser;
    const chunked = this.resolution.resolve(text, target);
    const resolved = { ...chunked, text: flattenDeepNesting(chunked.text) };
    const lines = new LineIndex(text);
    const old = this.tree;
    this.tree = undefined;
    if (!old) this.byId = new Map();
    let tree: Tree | null = null;
    let written: { start: number; oldEnd: number; newEnd: number } | undefined;
    try {
      if (old && this.lines) {
        const parsed = difference(this.resolvedText, resolved.text);
        if (parsed) {
          old.edit(
            new Edit({
              startIndex: parsed.start,
              oldEndIndex: parsed.oldEnd,
              newEndIndex: parsed.newEnd,
              startPosition: point(lines.position(parsed.start)),
              oldEndPosition: point(this.lines.position(parsed.oldEnd)),
              newEndPosition: point(lines.position(parsed.newEnd)),
            }),
          );
        }
        // Facts hold source text too (a statement's text around an ignored versioned comment).
        written = difference(this.text, text);
      }
      tree = p.parse(resolved.text, old ?? null);
    } finally {
      old?.delete();
    }
    if (!tree) throw new Error("innolint: tree-sitter-mysql returned no tree");
    this.tree = tree;
    try {
      const tops = this.tops(tree, text, resolved.text, written);
      this.text = text;
      this.resolvedText = resolved.text;
      this.lines = lines;
      this.keep(tops);
      const facts = this.assemble(tops);
      append(facts.errors, rootErrors(tree.rootNode));
      facts.errors = append<SqlProblem>(
        resolved.errors.map((e) => ({ message: e.message, range: lines.range(e.start, e.end) })),
        facts.errors,
      );
      facts.errors.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.column - b.range.start.column);
      facts.versionedComments = resolved.comments.map((c) => ({ ...c, range: lines.range(c.start, c.end) }));
      if (!this.disposed) this.last = { text, target: target.label, facts };
      return facts;
    } catch (e) {
      // Nothing half-updated survives: the next lint starts afresh.
      const closed = this.disposed;
      this.dispose();
      this.disposed = closed;
      throw e;
    } finally {
      // Closed while this lint ran: keep nothing.
      if (this.disposed) this.dispose();
    }
  }

  /**
   * The top-level nodes' contributions. A node tree-sitter kept from the previous tree (the same
   * subtree: same id, as the previous tree is alive while the new one is parsed) contributes what
   * it did, moved to where it now starts, unless the source text under it changed (`written`).
   */
  private tops(tree: Tree, text: string, resolved: string, written: { start: number; newEnd: number } | undefined): Top[] {
    const tops: Top[] = [];
    const byId = new Map<number, Top>();
    for (const node of tree.rootNode.namedChildren) {
      let top = this.byId.get(node.id);
      const start = node.startIndex;
      if (!top || (written && start < written.newEnd && written.start < start + top.length)) top = this.top(tree, node, text, resolved);
      else {
        const at = { line: node.startPosition.row + 1, column: node.startPosition.column + 1 };
        if (!same(at, top)) top = this.relocateTop(top, moved(top, at), at);
      }
      tops.push(top);
      byId.set(node.id, top);
    }
    this.byId = byId;
    return tops;
  }

  private relocateTop(kept: Top, map: (p: Position) => Position, at: Position): Top {
    const t: Top = { ...kept, line: at.line, column: at.column, comments: relocate(kept.comments, map), errors: relocate(kept.errors, map) };
    if (kept.statement) {
      t.statement = relocate(kept.statement, map);
      const info = this.info.get(kept.statement);
      if (info) this.info.set(t.statement, info);
    }
    if (kept.unreset) t.unreset = relocate(kept.unreset, map);
    return t;
  }

  /** A node's contribution; a node without errors takes its facts from the entry for its text. */
  private top(tree: Tree, node: Node, text: string, resolved: string): Top {
    // The extractors read a flat copy of the node's subtree, taken only when they run.
    let copy: SyntaxNode | undefined;
    const flat = (): SyntaxNode => (copy ??= flatten(tree, resolved, node).rootNode);
    const type = node.type;
    const start = node.startIndex;
    const end = node.endIndex;
    const position = { line: node.startPosition.row + 1, column: node.startPosition.column + 1 };
    const delimiter = type === "delimiter_statement";
    const top: Top = { length: end - start, line: position.line, column: position.column, comments: [], errors: [], attach: false, delimiter };
    // Everything a Top keeps is detached: Tops and entries outlive the document version.
    if (delimiter) {
      const unreset = lastDelimiter(flat()).unreset;
      if (unreset) top.unreset = detach(unreset);
    }
    if (type === "comment") {
      top.comments.push(detach({ text: node.text, range: rangeOf(node) }));
      return top;
    }
    const skipped = SKIPPED.has(type);
    // A missing node counts as an error (tree-sitter's error cost), so hasError covers isMissing.
    if (node.hasError) {
      top.comments = detach(this.commentsIn(flat()));
      if (skipped) {
        top.errors = detach(syntaxErrors(flat()));
        top.attach = true;
        return top;
      }
      const facts = detach(statementFacts(flat(), text));
      const own = detach(syntaxErrors(flat()));
      if (own.length > 0) {
        facts.errors = own;
        top.errors = own;
      }
      top.statement = facts;
      return top;
    }
    const source = text.slice(start, end);
    const parsed = resolved.slice(start, end);
    const key = source === parsed ? `${type}\0${source}` : `${type}\0${source}\0${parsed}`;
    let entry = this.lookup(key);
    if (!entry) {
      entry = { id: this.nextId++, key: detach(key), start: position, comments: detach(this.commentsIn(flat())) };
      if (!skipped) {
        entry.statement = detach(statementFacts(flat(), text));
        this.info.set(entry.statement, { id: entry.id, tables: appliedTables(entry.statement) });
      }
    }
    top.entry = entry;
    if (same(entry.start, position)) {
      top.comments = entry.comments;
      if (entry.statement) top.statement = entry.statement;
      return top;
    }
    const map = moved(entry.start, position);
    top.comments = relocate(entry.comments, map);
    if (entry.statement) {
      top.statement = relocate(entry.statement, map);
      const info = this.info.get(entry.statement);
      if (info) this.info.set(top.statement, info);
    }
    return top;
  }

  private lookup(key: string): NodeEntry | undefined {
    for (const generation of this.entries) {
      const hit = generation.get(key);
      if (hit) return hit;
    }
    return undefined;
  }

  /** The entries this parse uses become the newest generation; the oldest is dropped. */
  private keep(tops: Top[]): void {
    const current = new Map<string, NodeEntry>();
    for (const t of tops) if (t.entry) current.set(t.entry.key, t.entry);
    this.entries = [current, this.entries[0] as Map<string, NodeEntry>, this.entries[1] as Map<string, NodeEntry>];
  }

  private assemble(tops: Top[]): SqlFacts {
    const statements: StatementFacts[] = [];
    const errors: SqlProblem[] = [];
    const comments: SqlComment[] = [];
    let unreset: UnresetDelimiter | undefined;
    for (const t of tops) {
      for (const c of t.comments) comments.push(c);
      for (const e of t.errors) errors.push(e);
      if (t.delimiter) unreset = t.unreset;
      if (t.attach) {
        const last = statements.length - 1;
        const statement = statements[last];
        if (statement) statements[last] = { ...statement, errors: [...(statement.errors ?? []), ...t.errors] };
      }
      if (t.statement) statements.push(t.statement);
    }
    if (unreset) errors.push(unreset);
    return { statements, errors, versionedComments: [], comments };
  }

  private commentsIn(node: SyntaxNode): SqlComment[] {
    // A walk, not a query: a query cursor is quadratic in an ERROR node's flat children.
    return node.descendantsOfType("comment").map((c) => ({ text: c.text, range: rangeOf(c) }));
  }

  /**
   * The findings memo for one lint, in one environment (target, configuration, server
   * configuration, the schema the statements start from...): compared element by element with the
   * previous lint's, a change empties it.
   */
  findings(env: readonly unknown[]): StatementMemo {
    if (!this.memo || this.memo.env.length !== env.length || this.memo.env.some((v, i) => !Object.is(v, env[i]))) {
      this.memo = { env, entries: [new Map(), new Map()], states: [new Map(), new Map()] };
    }
    return new Memo(
      this.memo,
      (statement) => this.info.get(statement),
      () => this.nextState++,
    );
  }

  /** Frees the tree (it lives in the parser's WebAssembly memory) and everything kept. */
  dispose(): void {
    this.disposed = true;
    this.last = undefined;
    this.tree?.delete();
    this.tree = undefined;
    this.text = "";
    this.resolvedText = "";
    this.lines = undefined;
    this.byId = new Map();
    this.resolution = new ChunkedResolution();
    this.entries = [new Map(), new Map(), new Map()];
    this.memo = undefined;
  }
}

interface MemoStore {
  env: readonly unknown[];
  /** Of the previous two lints. */
  entries: [Map<string, MemoEntry>, Map<string, MemoEntry>];
  states: [Map<string, number>, Map<string, number>];
}

/**
 * Findings per statement and state, for one lint (sql/lint.ts). The state a statement's rules see
 * is the schema's tables it names, and the tables created in the file among them (DROP DATABASE:
 * the whole schema). Each table's state is a number, the same in every lint for the same
 * statements before it that changed that table (schema.ts `appliedTables`).
 */
export interface StatementMemo {
  /** The key of a statement's findings in the current state; undefined when they cannot be kept. */
  key(statement: StatementFacts): string | undefined;
  get(key: string, statement: StatementFacts): { findings: Finding[]; errors: InputError[]; onlineDdl?: OnlineDdlNote } | undefined;
  set(key: string, statement: StatementFacts, findings: Finding[], errors: InputError[], onlineDdl?: OnlineDdlNote): void;
  /** After `schema.apply(statement)`: the state the statements after it see. */
  applied(statement: StatementFacts): void;
  /** Keeps what this lint used, and what the lint before it used. */
  done(): void;
}

class Memo implements StatementMemo {
  private readonly used = new Map<string, MemoEntry>();
  private readonly usedStates = new Map<string, number>();
  /** Per table name: its state. */
  private readonly tables = new Map<string, number>();
  /** What every lookup depends on (schema-qualified names, DROP DATABASE). */
  private global = 0;
  /** The whole schema. */
  private all = 0;

  constructor(
    private readonly store: MemoStore,
    private readonly infoOf: (statement: StatementFacts) => StatementInfo | undefined,
    private readonly fresh: () => number,
  ) {}

  private state(key: string): number {
    const next = this.usedStates.get(key) ?? this.store.states[0].get(key) ?? this.store.states[1].get(key) ?? this.fresh();
    this.usedStates.set(key, next);
    return next;
  }

  private reads(statement: StatementFacts, names: string[]): string {
    if (statement.kind === "drop-database") return `A${this.all}`;
    let key = `G${this.global}`;
    for (const n of names) key += `|${this.tables.get(n) ?? 0}`;
    return key;
  }

  key(statement: StatementFacts): string | undefined {
    const info = this.infoOf(statement);
    return info && `${info.id}@${this.reads(statement, info.tables.names)}`;
  }

  get(key: string, statement: StatementFacts): { findings: Finding[]; errors: InputError[]; onlineDdl?: OnlineDdlNote } | undefined {
    const hit = this.used.get(key) ?? this.store.entries[0].get(key) ?? this.store.entries[1].get(key);
    if (!hit) return undefined;
    this.used.set(key, hit);
    const start = statement.range.start;
    const note = hit.onlineDdl ? { onlineDdl: hit.onlineDdl } : {};
    if (same(hit.start, start)) return { findings: hit.findings, errors: hit.errors, ...note };
    // Positions outside the statement (none today) stay where they were.
    const map = moved(hit.start, start);
    const within = (p: Position) => (before(p, hit.start) || before(hit.end, p) ? p : map(p));
    return { findings: relocate(hit.findings, within), errors: hit.errors, ...note };
  }

  set(key: string, statement: StatementFacts, findings: Finding[], errors: InputError[], onlineDdl?: OnlineDdlNote): void {
    this.used.set(key, { start: statement.range.start, end: statement.range.end, findings, errors, ...(onlineDdl ? { onlineDdl } : {}) });
  }

  applied(statement: StatementFacts): void {
    if (!SCHEMA_KINDS.has(statement.kind)) return;
    const info = this.infoOf(statement);
    const { names, global } = info?.tables ?? appliedTables(statement);
    // The schema records the line of each change (TableState.createdAt, changedAt).
    const change = info && `${info.id}:${statement.range.start.line}:${this.reads(statement, names)}`;
    const next = (was: number) => (change === undefined ? this.fresh() : this.state(`${was}:${change}`));
    for (const n of names) this.tables.set(n, next(this.tables.get(n) ?? 0));
    if (global) this.global = next(this.global);
    this.all = next(this.all);
  }

  done(): void {
    this.store.entries = [this.used, this.store.entries[0]];
    this.store.states = [this.usedStates, this.store.states[0]];
  }
}

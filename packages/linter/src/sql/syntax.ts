/**
 * Syntax trees as the facts extractors read them: a subtree of a web-tree-sitter tree copied out of
 * WebAssembly in one call (native/flat-tree.c) into a typed array, and nodes that read that array.
 * A web-tree-sitter Node crosses into WebAssembly and allocates on every property read; reading the
 * flat copy costs an array index. The copy is taken from the runtime's own tree, so types, ranges,
 * fields and error flags are the parser's (test/flat-tree.test.ts compares every node of every
 * fixture with web-tree-sitter's).
 */
import type { Node, Point, Tree } from "web-tree-sitter";
import { remembered } from "../memo.js";
import { treeSitterModule } from "../treesitter.js";

/** The subset of web-tree-sitter's Node the extractors use; FlatNode implements it. */
export interface SyntaxNode {
  readonly id: number;
  readonly type: string;
  readonly text: string;
  readonly startIndex: number;
  readonly endIndex: number;
  readonly startPosition: Point;
  readonly endPosition: Point;
  readonly isNamed: boolean;
  readonly isMissing: boolean;
  readonly isError: boolean;
  readonly hasError: boolean;
  readonly children: SyntaxNode[];
  readonly namedChildren: SyntaxNode[];
  readonly childCount: number;
  readonly parent: SyntaxNode | null;
  readonly previousSibling: SyntaxNode | null;
  readonly nextSibling: SyntaxNode | null;
  readonly nextNamedSibling: SyntaxNode | null;
  childForFieldName(fieldName: string): SyntaxNode | null;
  childrenForFieldName(fieldName: string): SyntaxNode[];
  descendantsOfType(types: string | string[]): SyntaxNode[];
}

/** Words per node in native/flat-tree.c's records, and what each holds. */
const WORDS = 11;
const TYPE = 0;
const FIELD = 1;
const START = 2;
const END = 3;
const START_ROW = 4;
const START_COLUMN = 5;
const END_ROW = 6;
const END_COLUMN = 7;
const ID = 8;
const PARENT = 9;
const SUBTREE_END = 10;
const NAMED = 1 << 16;
const MISSING = 2 << 16;
const HAS_ERROR = 4 << 16;
const ERROR_SYMBOL = 0xffff;
const NO_PARENT = 0xffffffff;

/** A copied subtree: its records, the text it was parsed from and the language's names. */
export class FlatTree {
  private readonly nodes: (FlatNode | undefined)[];
  private readonly fieldIds: ReadonlyMap<string, number>;
  constructor(
    readonly records: Uint32Array,
    readonly source: string,
    readonly types: readonly string[],
    fields: readonly (string | null)[],
  ) {
    this.nodes = new Array(records.length / WORDS);
    this.fieldIds = remembered(fieldIdsByLanguage, fields, () => {
      const ids = new Map<string, number>();
      fields.forEach((f, id) => {
        if (f !== null && !ids.has(f)) ids.set(f, id);
      });
      return ids;
    });
  }
  /** A field's id in the language, 0 for none (the extractors name fields by string, on every statement). */
  fieldId(name: string): number {
    return this.fieldIds.get(name) ?? 0;
  }
  get size(): number {
    return this.nodes.length;
  }
  get rootNode(): FlatNode {
    return this.node(0);
  }
  node(index: number): FlatNode {
    let n = this.nodes[index];
    if (!n) {
      n = new FlatNode(this, index);
      this.nodes[index] = n;
    }
    return n;
  }
  word(index: number, word: number): number {
    return this.records[index * WORDS + word] as number;
  }
}

export class FlatNode implements SyntaxNode {
  private kids?: FlatNode[];
  private named?: FlatNode[];
  constructor(
    readonly tree: FlatTree,
    readonly index: number,
  ) {}
  private word(word: number): number {
    return this.tree.word(this.index, word);
  }
  get id(): number {
    return this.word(ID);
  }
  get typeId(): number {
    return this.word(TYPE) & 0xffff;
  }
  get type(): string {
    return this.tree.types[this.typeId] || "ERROR";
  }
  get text(): string {
    return this.tree.source.slice(this.word(START), this.word(END));
  }
  get startIndex(): number {
    return this.word(START);
  }
  get endIndex(): number {
    return this.word(END);
  }
  get startPosition(): Point {
    return { row: this.word(START_ROW), column: this.word(START_COLUMN) };
  }
  get endPosition(): Point {
    return { row: this.word(END_ROW), column: this.word(END_COLUMN) };
  }
  get isNamed(): boolean {
    return (this.word(TYPE) & NAMED) !== 0;
  }
  get isMissing(): boolean {
    return (this.word(TYPE) & MISSING) !== 0;
  }
  get isError(): boolean {
    return this.typeId === ERROR_SYMBOL;
  }
  get hasError(): boolean {
    return (this.word(TYPE) & HAS_ERROR) !== 0;
  }
  get children(): FlatNode[] {
    if (!this.kids) {
      const kids: FlatNode[] = [];
      const end = this.word(SUBTREE_END);
      for (let c = this.index + 1; c < end; c = this.tree.word(c, SUBTREE_END)) kids.push(this.tree.node(c));
      this.kids = kids;
    }
    return this.kids;
  }
  get namedChildren(): FlatNode[] {
    this.named ??= this.children.filter((c) => c.isNamed);
    return this.named;
  }
  get childCount(): number {
    return this.children.length;
  }
  get parent(): FlatNode | null {
    const p = this.word(PARENT);
    return p === NO_PARENT ? null : this.tree.node(p);
  }
  // Siblings as tree-sitter finds them (node.c), by byte position: a zero-width node (a MISSING
  // token) right at this node's end is not its next sibling, and the previous sibling is the one
  // before the first child with this node's id.
  get previousSibling(): FlatNode | null {
    const siblings = this.parent?.children;
    if (!siblings) return null;
    let previous: FlatNode | null = null;
    for (const s of siblings) {
      if (s.id === this.id) break;
      previous = s;
    }
    return previous;
  }
  get nextSibling(): FlatNode | null {
    return this.later(false);
  }
  get nextNamedSibling(): FlatNode | null {
    return this.later(true);
  }
  private later(named: boolean): FlatNode | null {
    const p = this.word(PARENT);
    if (p === NO_PARENT) return null;
    const end = this.word(END);
    const parentEnd = this.tree.word(p, SUBTREE_END);
    for (let s = this.word(SUBTREE_END); s < parentEnd; s = this.tree.word(s, SUBTREE_END)) {
      if (this.tree.word(s, END) <= end) continue;
      if (!named || (this.tree.word(s, TYPE) & NAMED) !== 0) return this.tree.node(s);
    }
    return null;
  }
  childForFieldName(fieldName: string): FlatNode | null {
    const id = this.tree.fieldId(fieldName);
    if (id <= 0) return null;
    for (const c of this.children) if (c.word(FIELD) === id) return c;
    return null;
  }
  childrenForFieldName(fieldName: string): FlatNode[] {
    const id = this.tree.fieldId(fieldName);
    if (id <= 0) return [];
    return this.children.filter((c) => c.word(FIELD) === id);
  }
  /** Descendants (not the node itself) of the given types, in document order. */
  descendantsOfType(types: string | string[]): FlatNode[] {
    const wanted = new Set(typeof types === "string" ? [types] : types);
    const out: FlatNode[] = [];
    const end = this.word(SUBTREE_END);
    for (let i = this.index + 1; i < end; i++) {
      if (wanted.has(this.tree.types[this.tree.word(i, TYPE) & 0xffff] || "ERROR")) out.push(this.tree.node(i));
    }
    return out;
  }
}

const fieldIdsByLanguage = new WeakMap<readonly (string | null)[], ReadonlyMap<string, number>>();

interface FlatExports {
  innolint_flat_tree(tree: number, transfer: number): number;
  innolint_flat_records(): number;
}

/** Copies `node` (by default the root) of `tree`, parsed from `source`, and everything under it. */
export function flatten(tree: Tree, source: string, node: Node = tree.rootNode): FlatTree {
  const { module, flat, transfer } = treeSitterModule<FlatExports>();
  const handle = (o: object) => (o as unknown as Record<number, number>)[0] as number;
  // The node as the runtime marshals one (lib/binding_web): id, start index, start row and column, alias.
  const at = transfer >>> 2;
  const heap = module.HEAPU32;
  heap[at] = node.id;
  heap[at + 1] = node.startIndex;
  heap[at + 2] = node.startPosition.row;
  heap[at + 3] = node.startPosition.column;
  heap[at + 4] = handle(node);
  const count = flat.innolint_flat_tree(handle(tree), transfer);
  if (count === 0) throw new Error("innolint: out of memory copying a syntax tree");
  // Read the heap again: the walk may have grown the memory.
  const first = flat.innolint_flat_records() >>> 2;
  const records = module.HEAPU32.slice(first, first + count * WORDS);
  return new FlatTree(records, source, tree.language.types, tree.language.fields);
}

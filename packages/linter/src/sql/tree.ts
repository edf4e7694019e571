/** Small helpers over tree-sitter-mysql nodes. */
import type { SyntaxNode as Node } from "./syntax.js";
import type { Position, Range } from "../finding.js";

/** web-tree-sitter reports rows and columns in UTF-16 units, 0-based; innolint's are 1-based. */
export function rangeOf(node: Node): Range {
  return {
    start: { line: node.startPosition.row + 1, column: node.startPosition.column + 1 },
    end: { line: node.endPosition.row + 1, column: node.endPosition.column + 1 },
  };
}

/** Turns UTF-16 offsets into innolint positions. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }
  position(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - (this.starts[lo] as number) + 1 };
  }
  range(start: number, end: number): Range {
    return { start: this.position(start), end: this.position(end) };
  }
}

/** An identifier as the server reads it: backquotes (and doubled backquotes) removed. */
export function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith("`") && text.endsWith("`")) return text.slice(1, -1).replace(/``/g, "`");
  if (text.length >= 2 && (text[0] === "'" || text[0] === '"') && text.endsWith(text[0])) {
    const q = text[0];
    return text
      .slice(1, -1)
      .replace(new RegExp(q + q, "g"), q)
      .replace(/\\(.)/g, "$1");
  }
  return text;
}

export function nameOf(node: Node | null | undefined): string | undefined {
  return node ? unquote(node.text) : undefined;
}

/** The keyword children of a node (anonymous nodes named in upper case). */
export function keywords(node: Node): string[] {
  const out: string[] = [];
  for (const c of node.children) if (!c.isNamed && /^[A-Z_]+$/.test(c.type)) out.push(c.type);
  return out;
}

export function firstChild(node: Node, type: string): Node | undefined {
  for (const c of node.namedChildren) if (c.type === type) return c;
  return undefined;
}

export function childrenOfType(node: Node, type: string): Node[] {
  return node.namedChildren.filter((c) => c.type === type);
}

/** Every descendant of one of `types`, not looking inside nodes of a type in `stop`. */
export function findAll(node: Node, types: ReadonlySet<string>, stop: ReadonlySet<string> = new Set()): Node[] {
  // Iterative, in document order: 10,000 nested parentheses must not exhaust the JS stack.
  const out: Node[] = [];
  const stack: Node[] = [...node.namedChildren].reverse();
  while (stack.length > 0) {
    const c = stack.pop() as Node;
    const type = c.type;
    if (types.has(type)) out.push(c);
    if (!stop.has(type)) {
      const children = c.namedChildren;
      for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as Node);
    }
  }
  return out;
}

/** A table reference as schema and name. */
export function tableName(node: Node | null): { schema?: string; name: string } {
  if (!node) return { name: "" };
  const schema = nameOf(node.childForFieldName("schema"));
  const name = nameOf(node.childForFieldName("name")) ?? "";
  return schema === undefined ? { name } : { schema, name };
}

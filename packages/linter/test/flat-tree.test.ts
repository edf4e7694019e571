import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import type { Node, Tree } from "web-tree-sitter";
import { describe, expect, it } from "vitest";
import { flattenDeepNesting } from "../src/sql/nesting.js";
import { type FlatNode, flatten } from "../src/sql/syntax.js";
import { createParser } from "../src/treesitter.js";

const root = join(import.meta.dirname, "..", "..", "..");

function sqlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sqlFiles(path);
    return name.endsWith(".sql") ? [path] : [];
  });
}

/** Every property the extractors read, of one node, as web-tree-sitter reports it. */
function describeNode(n: Node | FlatNode, fields: readonly (string | null)[], copiedRoot: boolean): unknown {
  // A copied subtree ends at its root: what lies outside it is not copied.
  const outside = copiedRoot
    ? {}
    : {
        parent: n.parent?.startIndex ?? null,
        siblings: [n.previousSibling?.startIndex ?? null, n.nextSibling?.startIndex ?? null, n.nextNamedSibling?.startIndex ?? null],
      };
  return {
    ...outside,
    id: n.id,
    type: n.type,
    text: n.text,
    range: [n.startIndex, n.endIndex, n.startPosition, n.endPosition],
    flags: [n.isNamed, n.isMissing, n.isError, n.hasError],
    children: n.childCount,
    named: n.namedChildren.map((c) => c.startIndex),
    fields: fields.flatMap((f) => {
      if (!f) return [];
      const one = n.childForFieldName(f);
      const all = n.childrenForFieldName(f);
      return one || all.length > 0 ? [[f, one?.id ?? null, all.map((c) => c.id)]] : [];
    }),
  };
}

/** Both trees in pre-order, compared node by node; returns the node count. */
function compare(tree: Tree, nodeA: Node, flatRoot: FlatNode): number {
  const fields = tree.language.fields;
  const a: Node[] = [nodeA];
  const b: FlatNode[] = [flatRoot];
  let count = 0;
  while (a.length > 0) {
    const x = a.pop() as Node;
    const y = b.pop() as FlatNode;
    const copiedRoot = y === flatRoot;
    expect(describeNode(y, fields, copiedRoot)).toEqual(describeNode(x, fields, copiedRoot));
    count++;
    for (let i = x.children.length - 1; i >= 0; i--) {
      a.push(x.children[i] as Node);
      b.push(y.children[i] as FlatNode);
    }
  }
  return count;
}

describe("flat syntax trees", () => {
  const inputs: [string, string][] = [
    ...sqlFiles(join(root, "fixtures")).map((p): [string, string] => [p.slice(root.length + 1), readFileSync(p, "utf8")]),
    // Error recovery, a missing terminator, non-ASCII text, CRLF, DELIMITER and deep nesting.
    ["syntax error", "CREATE TABLE t (id INT PRIMARY KEY,, x INT);\nALTER TABLE t ADD COLUMN;\n"],
    ["missing terminator", "CREATE TABLE t (id INT PRIMARY KEY)\nSELECT 1"],
    ["non-ASCII", "CREATE TABLE `żółw😀` (`имя` VARCHAR(10) COMMENT 'naïve 😀'); -- ✓\r\nSELECT '日本語';\r\n"],
    ["delimiter", "DELIMITER ;;\nCREATE PROCEDURE p() BEGIN SELECT 1; END;;\nDELIMITER ;\n"],
    ["deep nesting", `SELECT ${"(".repeat(300)}1${")".repeat(300)};`],
    ["unclosed", `SELECT ${"(".repeat(40)}1;`],
  ];

  it("copies every node of every SQL fixture exactly as web-tree-sitter reads it", async () => {
    const parser = await createParser("mysql");
    let nodes = 0;
    for (const [name, text] of inputs) {
      const parsed = flattenDeepNesting(text);
      const tree = parser.parse(parsed) as Tree;
      try {
        const flat = flatten(tree, parsed);
        expect(flat.size, name).toBe(compare(tree, tree.rootNode, flat.rootNode));
        nodes += flat.size;
        // A subtree copies on its own, as the editor copies the statements it re-reads.
        const statement = tree.rootNode.namedChildren.at(-1);
        if (statement) compare(tree, statement, flatten(tree, parsed, statement).rootNode);
      } finally {
        tree.delete();
      }
    }
    expect(inputs.length).toBeGreaterThan(60);
    expect(nodes).toBeGreaterThan(10_000);
  });

  it("finds descendants by type in document order, as web-tree-sitter does", async () => {
    const parser = await createParser("mysql");
    const text = readFileSync(join(root, "fixtures/markdown/hostile-identifiers/migrations/0001_create.sql"), "utf8");
    const tree = parser.parse(text) as Tree;
    try {
      const flat = flatten(tree, text).rootNode;
      const types = ["comment", "table_reference", "column_definition"];
      const expected = tree.rootNode.descendantsOfType(types).map((n) => [n.type, n.startIndex]);
      expect(expected.length).toBeGreaterThan(3);
      expect(flat.descendantsOfType(types).map((n) => [n.type, n.startIndex])).toEqual(expected);
    } finally {
      tree.delete();
    }
  });
});

// The module graph of src/: no import cycles (type-only imports included, so that a shared type
// never pulls a lower layer up to a higher one), and core.ts, the shared types, imports types only.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = resolve(dirname(fileURLToPath(import.meta.url)), "../src");

function modules(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) modules(p, out);
    else if (e.name.endsWith(".ts") && !e.name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

const IMPORT = /^\s*(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?["'](\.[^"']+)["']/gm;

/** Each module's local imports, resolved to module paths relative to src/. */
export function importGraph(): Map<string, { to: string; typeOnly: boolean }[]> {
  const graph = new Map<string, { to: string; typeOnly: boolean }[]>();
  for (const file of modules(src)) {
    const text = readFileSync(file, "utf8");
    const edges: { to: string; typeOnly: boolean }[] = [];
    for (const m of text.matchAll(IMPORT)) {
      const target = resolve(dirname(file), (m[2] as string).replace(/\.js$/, ".ts"));
      edges.push({ to: relative(src, target), typeOnly: Boolean(m[1]) });
    }
    graph.set(relative(src, file), edges);
  }
  return graph;
}

/** Strongly connected components with more than one module (or a module importing itself). */
function cycles(graph: Map<string, { to: string }[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const { to } of graph.get(v) ?? []) {
      if (!graph.has(to)) continue;
      if (!idx.has(to)) {
        visit(to);
        low.set(v, Math.min(low.get(v) as number, low.get(to) as number));
      } else if (on.has(to)) low.set(v, Math.min(low.get(v) as number, idx.get(to) as number));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      for (let w = stack.pop() as string; ; w = stack.pop() as string) {
        on.delete(w);
        scc.push(w);
        if (w === v) break;
      }
      if (scc.length > 1 || (graph.get(v) ?? []).some((e) => e.to === v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe("layers", () => {
  const graph = importGraph();

  it("reads the graph (the test would pass vacuously on an empty one)", () => {
    expect(graph.get("cli.ts")?.some((e) => e.to === "lint/project.ts")).toBe(true);
    expect(graph.get("sql/lint.ts")?.some((e) => e.to === "core.ts" && e.typeOnly)).toBe(true);
  });

  it("has no import cycles", () => {
    expect(cycles(graph)).toEqual([]);
  });

  it("finds a cycle when there is one", () => {
    const withCycle = new Map(graph);
    withCycle.set("core.ts", [...(graph.get("core.ts") ?? []), { to: "cli.ts", typeOnly: true }]);
    expect(cycles(withCycle).some((c) => c.includes("core.ts") && c.includes("cli.ts"))).toBe(true);
  });

  it("keeps the shared types in core.ts free of code", () => {
    expect(graph.get("core.ts")?.every((e) => e.typeOnly)).toBe(true);
    expect(readFileSync(join(src, "core.ts"), "utf8")).not.toMatch(/^\s*(export\s+)?(async\s+)?(function|class|const|let|var)\s/m);
  });
});

import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

// Modules that import each other in a circle cannot be read (or changed) one at a time, and
// their evaluation order decides what is still undefined at start-up. Imports go one way.

const ROOTS = ["server", "client", "shared"];
const SOURCE = /\.tsx?$/;
/** Imports the bundler handles (a stylesheet, a picture): no module of ours behind them. */
const ASSET = /\.(css|svg|png|webp|json)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts") ? [path] : [];
  });
}

/**
 * The relative specifiers a module names: `import … from`, `import "…"`, `export … from` and
 * `import("…")`, type-only ones included (a type import is still a dependency to read).
 */
export function relativeImports(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const specifiers = [
    ...code.matchAll(/\b(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["'](\.{1,2}\/[^"']+)["']/g),
    ...code.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g),
  ].map((match) => match[1]!);
  return [...new Set(specifiers)];
}

/** The first cycle found in a graph, as the list of its modules (the first one repeated last). */
export function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (node: string): string[] | undefined => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") return [...stack.slice(stack.indexOf(next)), next];
      if (!state.has(next)) {
        const cycle = visit(next);
        if (cycle) return cycle;
      }
    }
    stack.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of [...graph.keys()].sort()) {
    if (state.has(node)) continue;
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("module graph", () => {
  it("reads every kind of relative import, and only those", () => {
    const source = [
      `import { a } from "./a.ts";`,
      `import type { B } from "../b.ts";`,
      `import "./side-effect.ts";`,
      `import {\n  c,\n  type D,\n} from "./c.tsx";`,
      `export { e } from "./e.ts";`,
      `export * from "./f.ts";`,
      `const g = await import("./g.tsx");`,
      `import express from "express";`,
      `// import { h } from "./h.ts";`,
      `/* import { i } from "./i.ts"; */`,
      `const url = "http://x"; // import("./j.ts")`,
    ].join("\n");
    expect(relativeImports(source)).toEqual([
      "./a.ts",
      "../b.ts",
      "./side-effect.ts",
      "./c.tsx",
      "./e.ts",
      "./f.ts",
      "./g.tsx",
    ]);
  });

  it("finds a cycle, and none in a tree", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
    ]);
    expect(findCycle(graph)).toEqual(["a", "b", "c", "a"]);
    expect(
      findCycle(
        new Map([
          ["a", ["b", "c"]],
          ["b", ["c"]],
          ["c", []],
        ]),
      ),
    ).toBeUndefined();
  });

  it(`has no import cycle in ${ROOTS.join(", ")}`, () => {
    const root = resolve(import.meta.dirname, "../..");
    const files = ROOTS.flatMap((dir) => sourceFiles(join(root, dir)));
    const known = new Set(files);
    const graph = new Map<string, string[]>();
    const unresolved: string[] = [];
    for (const file of files) {
      const targets: string[] = [];
      for (const specifier of relativeImports(readFileSync(file, "utf8"))) {
        const path = resolve(dirname(file), specifier);
        // Explicit extensions are the rule; a few data modules are imported without one.
        const target = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"]
          .map((end) => path + end)
          .find((p) => known.has(p));
        if (target) targets.push(target);
        else if (!ASSET.test(specifier)) unresolved.push(`${relative(root, file)} → ${specifier}`);
      }
      graph.set(file, targets);
    }
    expect(files.length).toBeGreaterThan(50);
    // A misspelt path, or an import out of the three roots, shows here rather than passing unseen.
    expect(unresolved).toEqual([]);
    const cycle = findCycle(graph);
    expect(cycle?.map((file) => relative(root, file)).join(" → ")).toBeUndefined();
  });
});

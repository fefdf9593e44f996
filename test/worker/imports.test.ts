/**
 * The static import graph (issue #22): no import circle anywhere in web/, server/ and bin/, none through web/worker/
 * (checked on its own, with its files named), and the solver worker's bundle
 * (web/worker/solver-worker.ts) reaches no String Railway or Light Rail code. Static imports only: `import type` and
 * `export type` are erased, and a dynamic `import()` is a chunk of its own (but the solver worker's dynamic imports
 * are followed too: they are in its bundle).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** The relative module specifiers `file` imports at run time: static ones, and with `dynamic` its `import()`s too. */
function importsOf(file: string, dynamic: boolean): string[] {
  // Comments out, so that a specifier quoted in a doc comment is not taken for an import.
  const text = readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const out: string[] = [];
  const stat = /(?:^|\n)\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*["']([^"']+)["']/g;
  for (const m of text.matchAll(stat)) if (!m[2]) out.push(m[4]!);
  for (const m of text.matchAll(/(?:^|\n)\s*import\s*["']([^"']+)["']/g)) out.push(m[1]!);
  if (dynamic) for (const m of text.matchAll(/import\(\s*["']([^"']+)["']\s*\)/g)) out.push(m[1]!);
  return out.filter((s) => s.startsWith("."));
}

/** A specifier of `from` as a repository path (".ts" files only; `?url` assets and others are leaves). */
function resolveImport(from: string, spec: string): string | null {
  const path = resolve(dirname(from), spec.split("?")[0]!);
  return path.endsWith(".ts") && existsSync(path) ? path : null;
}

/** Every file reached from `entry`, with the edges walked. */
function walk(entry: string, dynamic: boolean): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const todo = [resolve(ROOT, entry)];
  while (todo.length) {
    const f = todo.pop()!;
    if (graph.has(f)) continue;
    const next = importsOf(f, dynamic)
      .map((s) => resolveImport(f, s))
      .filter((x): x is string => x !== null);
    graph.set(f, next);
    todo.push(...next);
  }
  return graph;
}

/** The first circle in `graph` through a file under `under`, as repository paths, or null. */
function circle(graph: Map<string, string[]>, under: string): string[] | null {
  const state = new Map<string, 1 | 2>();
  const stack: string[] = [];
  const visit = (f: string): string[] | null => {
    if (state.get(f) === 2) return null;
    if (state.get(f) === 1) {
      const c = stack.slice(stack.indexOf(f)).concat(f);
      return c.some((x) => relative(ROOT, x).startsWith(under)) ? c : null;
    }
    state.set(f, 1);
    stack.push(f);
    for (const n of graph.get(f) ?? []) {
      const c = visit(n);
      if (c) return c;
    }
    stack.pop();
    state.set(f, 2);
    return null;
  };
  for (const f of graph.keys()) {
    const c = visit(f);
    if (c) return c.map((x) => relative(ROOT, x));
  }
  return null;
}

const WORKER_FILES = [
  "client.ts",
  "engine.worker.ts",
  "protocol.ts",
  "race-assets.ts",
  "race-client.ts",
  "race-solver.ts",
  "service.ts",
  "solver-worker.ts",
  "train-solver.ts",
  "wire.ts",
].map((f) => join("web/worker", f));

describe("the worker's imports", () => {
  it("no import circle runs through web/worker/ (static imports from every web/worker file)", () => {
    for (const f of WORKER_FILES) expect(existsSync(resolve(ROOT, f)), f).toBe(true);
    const graph = new Map<string, string[]>();
    for (const f of WORKER_FILES) for (const [k, v] of walk(f, false)) graph.set(k, v);
    expect(circle(graph, "web/worker/")).toBeNull();
  });

  it("the walk finds a circle when there is one (the test can fail)", () => {
    const a = resolve(ROOT, "web/worker/a.ts");
    const b = resolve(ROOT, "web/worker/b.ts");
    expect(
      circle(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
        "web/worker/",
      ),
    ).toEqual(["web/worker/a.ts", "web/worker/b.ts", "web/worker/a.ts"]);
  });

  it("the solver worker's bundle reaches no String Railway or Light Rail code", () => {
    const reached = [...walk("web/worker/solver-worker.ts", true).keys()].map((f) => relative(ROOT, f));
    expect(reached).toContain("web/worker/race-solver.ts");
    expect(reached).toContain("web/solvers/train/index.ts");
    const foreign = ["web/engine/string/", "web/engine/light/", "web/games/string/", "web/games/light/"];
    expect(reached.filter((f) => foreign.some((d) => f.startsWith(d)))).toEqual([]);
    // And the game worker does reach them (the walk sees what a bundle holds).
    const game = [...walk("web/worker/engine.worker.ts", true).keys()].map((f) => relative(ROOT, f));
    expect(game.some((f) => f.startsWith("web/games/light/"))).toBe(true);
  });
});

/** Every .ts source file under `dir` (declarations aside), as a repository path. */
function sources(dir: string): string[] {
  return readdirSync(resolve(ROOT, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f));
}

describe("the whole tree's imports", () => {
  it("no import circle anywhere in web/, server/ or bin/ (static imports)", () => {
    const files = [...sources("web"), ...sources("server"), ...sources("bin")];
    expect(files.length).toBeGreaterThan(150);
    const graph = new Map<string, string[]>();
    for (const f of files) for (const [k, v] of walk(f, false)) graph.set(k, v);
    expect(circle(graph, "")).toBeNull();
  });
});

/**
 * The layers of online play (issue #22, docs/architecture.md "Layering"): the Node server code lives in server/,
 * the page code in web/, and no file under web/ imports server/: the worker and the elements never bundle the
 * server, its storage or its Node modules.
 *
 * Every .ts file under web/ is read with TypeScript's own import scanner (static imports and re-exports, `import
 * type`, dynamic `import("…")` and `import(NAME)` of a `const NAME = "…"` in the same file; comments and strings
 * that merely look like imports do not count). This test fails when a file under web/
 * - imports a file under server/,
 * - imports a Node built-in (`node:fs`, or a bare `fs`) without being one of the Node-only files listed below, or
 *   one of the files listed as loading one only in Node (by a dynamic import, behind a check of where it runs),
 * - has a dynamic import whose module the scanner cannot name (it would escape every check here),
 * - imports a package only the server uses (boardgame.io's server, Koa, Redis, Postgres, node-persist),
 * and when the worker's files (web/worker/**), or any file the two workers load at run time, reach server/ or a
 * Node built-in.
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");

/** Files under web/ that are Node-only by design, and why. Each must exist and import a Node built-in. */
const NODE_ONLY: Record<string, string> = {
  "web/wasm/node.ts":
    "compiles build/<name>.<target>.wasm from disk for tests, the CLI and the bench; the Node Kit (nodeKit) of the server",
  "web/solvers/train/race-table-node.ts":
    "reads the shipped race table from disk for the CLI, tests, bench, build",
};

/**
 * Files under web/ that run in pages and workers too, and load a Node built-in only when run in Node: by a dynamic
 * import (never a static one), behind a check that the page never passes. Each must exist and still do so.
 */
const NODE_WHEN_IN_NODE: Record<string, string> = {
  "web/lib/kernels.ts":
    "reads a file: URL with node:fs/promises (Node's loadKernels()); a page or worker fetches http(s) URLs and never reaches it",
};

/** Packages only the server uses (server/server.ts, server/scale.ts, server/flat-file.ts). */
const SERVER_PACKAGES = [
  "boardgame.io/server",
  "koa",
  "redis",
  "bgio-postgres",
  "@boardgame.io/redis-pubsub",
  "node-persist",
];

/** The two workers' entry files (started with `new Worker(new URL(…))` by web/worker/client.ts, race-client.ts). */
const WORKER_ENTRIES = ["web/worker/engine.worker.ts", "web/worker/solver-worker.ts"];

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((d) =>
    d.isDirectory() ? files(join(dir, d.name)) : d.name.endsWith(".ts") ? [join(dir, d.name)] : [],
  );
}

interface Import {
  specifier: string;
  /** The repository-relative file a relative specifier names (query such as `?url` dropped); else null. */
  target: string | null;
  /** `import type …` / `export type … from`: erased from the JavaScript, so not loaded at run time. */
  typeOnly: boolean;
  /** `import(…)`: loaded when the code runs, not with the file. */
  dynamic: boolean;
}

/** The specifier of a dynamic import whose module the scanner cannot name. */
const UNNAMED = "<unnamed dynamic import>";

/** Every import of a file: static imports and re-exports (with their type-only flag) and dynamic imports. */
function importsOf(file: string, text = readFileSync(join(root, file), "utf8")): Import[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.ES2022, false, ts.ScriptKind.TS);
  const out: Import[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic = false) => {
    const path = specifier.split("?")[0]!;
    const target =
      path.startsWith(".") && specifier !== UNNAMED
        ? relative(root, resolve(root, dirname(file), path))
        : null;
    out.push({ specifier, target, typeOnly, dynamic });
  };
  // `const NAME = "…"` anywhere in the file: what `import(NAME)` loads.
  const strings = new Map<string, string>();
  const constants = (node: ts.Node) => {
    if (
      ts.isVariableDeclarationList(node) &&
      (node.flags & ts.NodeFlags.Const) !== 0 &&
      node.declarations.length > 0
    ) {
      for (const d of node.declarations)
        if (ts.isIdentifier(d.name) && d.initializer && ts.isStringLiteralLike(d.initializer))
          strings.set(d.name.text, d.initializer.text);
    }
    ts.forEachChild(node, constants);
  };
  constants(source);
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, node.importClause?.isTypeOnly ?? false);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const arg = node.arguments[0];
      const named =
        arg && ts.isStringLiteralLike(arg)
          ? arg.text
          : arg && ts.isIdentifier(arg)
            ? strings.get(arg.text)
            : undefined;
      add(named ?? UNNAMED, false, true);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const literal = node.argument.literal;
      if (ts.isStringLiteral(literal)) add(literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

const isServer = (i: Import) =>
  i.target !== null && (i.target === "server" || i.target.startsWith("server/"));
const isNodeBuiltin = (i: Import) => i.specifier.startsWith("node:") || builtinModules.includes(i.specifier);
const isServerPackage = (i: Import) =>
  SERVER_PACKAGES.some((p) => i.specifier === p || i.specifier.startsWith(`${p}/`));

const web = files("web").sort();
const imports = new Map(web.map((f) => [f, importsOf(f)]));

/** `file: specifier` for each import of a file under `files` that `bad` picks. */
function offending(list: string[], bad: (i: Import, file: string) => boolean): string[] {
  return list.flatMap((f) =>
    (imports.get(f) ?? importsOf(f)).filter((i) => bad(i, f)).map((i) => `${f}: ${i.specifier}`),
  );
}

/** The files a worker loads at run time from `entries`: relative imports, type-only ones skipped. */
function runtimeClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...entries];
  while (todo.length > 0) {
    const f = todo.pop()!;
    if (seen.has(f)) continue;
    seen.add(f);
    for (const i of imports.get(f) ?? importsOf(f)) {
      if (!i.typeOnly && i.target !== null && i.target.endsWith(".ts")) todo.push(i.target);
    }
  }
  return seen;
}

describe("layers: web/ never imports server/", () => {
  it("finds the files it checks (web/ and the worker's entries)", () => {
    expect(web.length).toBeGreaterThan(50);
    for (const f of [
      ...WORKER_ENTRIES,
      "web/online/view.ts",
      "web/games/string/view.ts",
      "web/games/light/view.ts",
    ]) {
      expect(web).toContain(f);
    }
  });

  it("the scanner sees static, type-only, re-exported and dynamic imports, not comments", () => {
    const text = [
      `import { a } from "../../server/a.ts";`,
      `import type { B } from "node:fs";`,
      `export { c } from "./c.ts";`,
      `const d = await import("../d.ts?url");`,
      `// import { e } from "../../server/e.ts";`,
      `/* const f = import("node:path"); */`,
      `const g = "import('node:os')";`,
      `const H = "node:crypto"; const h = import(/* @vite-ignore */ H);`,
      `const i = import(someName);`,
    ].join("\n");
    expect(importsOf("web/online/x.ts", text)).toEqual([
      { specifier: "../../server/a.ts", target: "server/a.ts", typeOnly: false, dynamic: false },
      { specifier: "node:fs", target: null, typeOnly: true, dynamic: false },
      { specifier: "./c.ts", target: "web/online/c.ts", typeOnly: false, dynamic: false },
      { specifier: "../d.ts?url", target: "web/d.ts", typeOnly: false, dynamic: true },
      { specifier: "node:crypto", target: null, typeOnly: false, dynamic: true },
      { specifier: UNNAMED, target: null, typeOnly: false, dynamic: true },
    ]);
  });

  it("no file under web/ imports a file under server/", () => {
    expect(offending(web, isServer)).toEqual([]);
  });

  it("no file under web/ imports a package only the server uses", () => {
    expect(offending(web, isServerPackage)).toEqual([]);
  });

  it("every dynamic import names its module (a string, or a const of one in the file): none escapes these checks", () => {
    expect(offending(web, (i) => i.specifier === UNNAMED)).toEqual([]);
  });

  it("only the Node-only files listed here import Node built-ins; the files that run anywhere, only dynamically", () => {
    expect(
      offending(
        web,
        (i, f) => isNodeBuiltin(i) && !(f in NODE_ONLY) && !(f in NODE_WHEN_IN_NODE && i.dynamic),
      ),
    ).toEqual([]);
  });

  it("each listed file exists and still imports a Node built-in (the lists are not stale)", () => {
    for (const f of [...Object.keys(NODE_ONLY), ...Object.keys(NODE_WHEN_IN_NODE)]) {
      expect(web, f).toContain(f);
      expect(offending([f], isNodeBuiltin).length, f).toBeGreaterThan(0);
    }
  });

  it("the worker's files (web/worker/**) import nothing of server/", () => {
    const worker = web.filter((f) => f.startsWith("web/worker/"));
    expect(worker.length).toBeGreaterThan(5);
    expect(offending(worker, (i) => isServer(i) || isServerPackage(i))).toEqual([]);
  });

  it("what the two workers load at run time reaches neither server/ nor a Node built-in", () => {
    const loaded = [...runtimeClosure(WORKER_ENTRIES)].sort();
    expect(loaded).toContain("web/games/light/view.ts");
    expect(loaded.filter((f) => !f.startsWith("web/"))).toEqual([]);
    expect(loaded.filter((f) => f in NODE_ONLY)).toEqual([]);
    expect(offending(loaded, (i) => !i.typeOnly && (isNodeBuiltin(i) || isServerPackage(i)))).toEqual([]);
  });
});

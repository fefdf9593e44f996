#!/usr/bin/env node
// Builds what the npm package ships for pages and bundlers (docs/embedding.md):
//   dist/lib/    the self-contained build: railkit.js (Lit, Comlink inside) + assets/ (workers, Wasm, race table)
//   dist/pkg/    the package build: railkit.js (`import "railkit"`, Lit and Comlink from node_modules) and
//                engine.js (`railkit/engine`, headless: Node, workers, pages)
//   dist/types/  the type declarations of both entries (tsc), .ts specifiers rewritten to .js
// Run by `npm run build:lib` and `npm pack` (prepack). Expects the Wasm built (scripts/build-wasm.mjs).
import { execFileSync } from "node:child_process";
import { readdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const quiet = process.argv.includes("--quiet");
const t0 = performance.now();
for (const mode of ["lib", "pkg"])
  await build({ root, mode, logLevel: quiet ? "warn" : "info", configFile: join(root, "vite.config.ts") });

/**
 * In dist/pkg (its entries and their chunks in assets/) the workers are started with the literal `new Worker(new URL("./assets/x.js", import.meta.url), …)`
 * that Vite and webpack 5 recognise (test/e2e/package.test.ts; Rollup needs a worker plugin), and `loadKernels` finds
 * its files with `new URL("./assets/x.wasm", import.meta.url)`, which they emit as assets, so the app's bundler builds each worker with its chunks and
 * Wasm; Vite writes `new URL(new URL("assets/x.js", import.meta.url).href, "" + import.meta.url)`, which they copy
 * as a plain asset without what it imports.
 */
const pkg = join(root, "dist", "pkg");
let workers = 0;
// The page's entry starts the game worker; the game worker's chunk (in assets/) starts the solver worker.
const files = [
  ...(await readdir(pkg)),
  ...(await readdir(join(pkg, "assets"))).map((f) => join("assets", f)),
];
for (const f of files) {
  if (!f.endsWith(".js")) continue;
  const text = await readFile(join(pkg, f), "utf8");
  const out = text.replace(
    /new URL\(\s*(?:\/\*[^*]*\*\/\s*)?new URL\(\s*[`"']([^`"']+)[`"']\s*,\s*import\.meta\.url\s*\)\.href\s*,\s*(?:[`"'][`"']\s*\+\s*)?import\.meta\.url\s*\)/g,
    (_, path) => {
      if (path.endsWith(".js")) workers++; // the rest: the Wasm and data files of railkit/engine's loadKernels
      return `new URL(${JSON.stringify(`./${path}`)}, import.meta.url)`;
    },
  );
  if (out !== text) await writeFile(join(pkg, f), out);
}
if (workers < 2) throw new Error(`build-lib: expected the two workers' URLs in dist/pkg, rewrote ${workers}`);

const types = join(root, "dist", "types");
await rm(types, { recursive: true, force: true });
const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
// prettier-ignore
execFileSync(
  process.execPath,
  [
    tsc,
    "web/lib/index.ts",
    "web/lib/engine.ts",
    "web/lib/train-game.ts",
    "web/lib/string-railway.ts",
    "web/lib/light-rail.ts",
    "--declaration",
    "--emitDeclarationOnly",
    "--outDir",
    types,
    "--rootDir",
    "web",
    "--target",
    "ES2022",
    "--module",
    "ESNext",
    "--moduleResolution",
    "Bundler",
    "--lib",
    "ES2022,DOM,DOM.Iterable,WebWorker",
    "--types",
    "node,vite/client",
    "--strict",
    "--skipLibCheck",
    "--experimentalDecorators",
    "--useDefineForClassFields",
    "false",
    "--allowImportingTsExtensions",
    "--rewriteRelativeImportExtensions",
    "--resolveJsonModule",
    "--isolatedModules",
  ],
  { cwd: root, stdio: "inherit" },
);

/** Declarations keep `./x.ts` specifiers as written; consumers resolve `./x.js` to `./x.d.ts`. */
async function rewrite(dir) {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) await rewrite(p);
    else if (e.name.endsWith(".d.ts")) {
      const text = await readFile(p, "utf8");
      const out = text.replace(/((?:from|import)\s*\(?\s*["'])(\.{1,2}\/[^"']+?)\.ts(["'])/g, "$1$2.js$3");
      if (out !== text) await writeFile(p, out);
    }
  }
}
await rewrite(types);

/**
 * React's JSX types for the elements (issue #23), so `<train-game players={2} hints />` type-checks in a React 19 +
 * TypeScript app with nothing to declare: dist/types/lib/jsx.d.ts augments `react`'s `JSX.IntrinsicElements` with
 * each tag of custom-elements.json: its public properties (what React 19 sets on a custom element whose property
 * exists: `players={2}`, `client={…}`) and its dashed attributes (`bot-policy="ev"`), plus React's HTML attributes;
 * index.d.ts imports it. A project without @types/react never reads it unless it checks libraries' types
 * (`skipLibCheck: false`), where the augmentation of a missing module is reported.
 */
const manifest = JSON.parse(await readFile(join(root, "custom-elements.json"), "utf8"));
const elements = [];
for (const mod of manifest.modules)
  for (const d of mod.declarations ?? [])
    if (d.tagName && d.customElement) {
      const props = new Set((d.members ?? []).filter((m) => m.kind === "field").map((m) => m.name));
      const dashed = (d.attributes ?? []).filter((a) => !props.has(a.name) && /-/.test(a.name));
      const path = mod.path.replace(/^web\//, "../").replace(/\.component\.ts$/, ".js");
      elements.push({ tag: d.tagName, name: d.name, path, dashed });
    }
if (elements.length === 0) throw new Error("build-lib: no elements in custom-elements.json");
const jsx = [
  "// Generated by scripts/build-lib.mjs from custom-elements.json: React's JSX types of the railkit elements.",
  'import type { LitElement } from "lit";',
  'import type { DetailedHTMLProps, HTMLAttributes } from "react";',
  ...elements.map((e) => `import type { ${e.name} } from "${e.path}";`),
  "/** An element's public properties (not its methods, nor what every Lit element has), each optional. */",
  "type Properties<E> = {",
  "  [K in Exclude<keyof E, keyof LitElement> as E[K] extends (...args: never[]) => unknown ? never : K]?: E[K];",
  "};",
  "type Props<E extends HTMLElement> = DetailedHTMLProps<HTMLAttributes<E>, E> & Properties<E>;",
  'declare module "react" {',
  "  namespace JSX {",
  "    interface IntrinsicElements {",
  ...elements.map(
    (e) =>
      `      "${e.tag}": Props<${e.name}>${e.dashed.length ? ` & { ${e.dashed.map((a) => `"${a.name}"?: string`).join("; ")} }` : ""};`,
  ),
  "    }",
  "  }",
  "}",
  "",
].join("\n");
await writeFile(join(types, "lib", "jsx.d.ts"), jsx);
const indexTypes = join(types, "lib", "index.d.ts");
await writeFile(indexTypes, `import "./jsx.js";\n${await readFile(indexTypes, "utf8")}`);
if (!quiet)
  process.stderr.write(
    `build-lib: dist/lib, dist/pkg, dist/types in ${Math.round(performance.now() - t0)} ms\n`,
  );

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
 * that bundlers (Vite, webpack 5, Rollup) recognise (and `loadKernels` finds its files with `new URL("./assets/x.wasm",
 * import.meta.url)`, which they emit as assets), so the app's bundler builds each worker with its chunks and
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
if (!quiet)
  process.stderr.write(
    `build-lib: dist/lib, dist/pkg, dist/types in ${Math.round(performance.now() - t0)} ms\n`,
  );

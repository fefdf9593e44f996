#!/usr/bin/env node
// Bundles the `rail` command line (bin/rail.ts and everything it imports) into built JavaScript,
// `dist/cli/rail.js` plus one chunk per command group (esbuild, ESM, code splitting), so `node bin/rail.mjs`
// and `npx rail` start without compiling TypeScript. Run by `npm install` (prepare), `npm run build`,
// `npm run build:cli` and `npm test`. `dist/` is not committed.
//
// Modules that find their files next to themselves (`new URL("../../build/x.wasm", import.meta.url)`: the Wasm
// modules, the race table) keep doing so: in those, `import.meta.url` is rewritten to the source file's own
// URL, computed from the bundle's location, so the relative paths stay right. The source tree (web/, build/)
// ships with the package.
import { readFile, rename, rm } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("..", import.meta.url));
const final = join(root, "dist", "cli");
// Built beside the final folder (same depth, so the relative source URLs below hold) and swapped in at the end:
// chunk names carry a content hash, so building in place would leave every old build's chunks behind, and
// emptying the folder first would break a `rail` started meanwhile (tests run the CLI while one rebuilds it).
const outdir = join(root, "dist", `cli.building-${process.pid}`);

/** `import.meta.url` → the URL of the original source file, for every module except the entry points. */
const sourceUrls = {
  name: "source-import-meta-url",
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      let text = await readFile(args.path, "utf8");
      const own = args.path.endsWith(join("bin", "rail.ts")) || args.path.endsWith(join("bin", "run.ts"));
      if (!own && text.includes("import.meta.url")) {
        const rel = relative(outdir, args.path).split("\\").join("/");
        text = text.replaceAll("import.meta.url", `new URL(${JSON.stringify(rel)}, import.meta.url).href`);
      }
      return { contents: text, loader: "ts", resolveDir: dirname(args.path) };
    });
  },
};

/**
 * `rail string pairs FILE` runs on the main thread (bin/direct.ts) and should start like a plain script: its code is
 * one file of its own, `dist/cli/direct.js` (no chunks: each chunk of the split build costs its own resolve, read,
 * compile and link; 9 files took ~20 ms more than one, on an empty file), which bin/rail.ts's `import("./direct.ts")`
 * loads. Its modules are copies of those in the chunks; nothing is shared with them (rail.ts passes the arguments
 * and takes back the outcome).
 */
const directApart = {
  name: "direct-apart",
  setup(b) {
    b.onResolve({ filter: /^\.\/direct\.ts$/ }, (args) =>
      args.importer.endsWith(join("bin", "rail.ts")) ? { path: "./direct.js", external: true } : undefined,
    );
  },
};

const common = {
  outdir,
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  sourcemap: false,
  minify: false,
  logLevel: "warning",
  plugins: [sourceUrls],
};
const t0 = performance.now();
await Promise.all([
  build({
    ...common,
    entryPoints: { rail: join(root, "bin", "rail.ts") },
    splitting: true,
    // Node built-ins only; every dependency of the CLI is our own source.
    banner: { js: "// Built by scripts/build-cli.mjs from bin/rail.ts: do not edit." },
    plugins: [directApart, sourceUrls],
  }),
  build({
    ...common,
    entryPoints: { direct: join(root, "bin", "direct.ts") },
    splitting: false,
    banner: {
      js: "// Built by scripts/build-cli.mjs from bin/direct.ts (rail string pairs FILE): do not edit.",
    },
  }),
]).catch(async (e) => {
  await rm(outdir, { recursive: true, force: true });
  throw e;
});
const old = join(root, "dist", `cli.old-${process.pid}`);
await rename(final, old).catch(() => {});
await rename(outdir, final);
await rm(old, { recursive: true, force: true });
if (!process.argv.includes("--quiet"))
  process.stderr.write(`build-cli: dist/cli/rail.js in ${Math.round(performance.now() - t0)} ms\n`);

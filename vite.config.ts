import { resolve } from "node:path";
import { defineConfig } from "vite";

const here = import.meta.dirname;

/** The two workers' entry modules (web/worker/engine.worker.ts, web/worker/solver-worker.ts). */
const WORKER_ENTRY = /[\\/]web[\\/]worker[\\/](engine\.worker|solver-worker)\.ts$/;

/** Wasm and the race table always stay real files (a strict CSP refuses `data:` fetches; files cache). */
const keepFiles = (file: string) => (file.endsWith(".wasm") || file.endsWith(".bin") ? false : undefined);

/**
 * The library builds are app builds with a JavaScript entry, not Vite's library mode: library mode inlines every
 * `?url` asset (the Wasm, the race table) as a `data:` URL whatever `assetsInlineLimit` says. With the relative
 * `base` every asset is found with `new URL("assets/…", import.meta.url)`, so the folder works from any path.
 */
function library(outDir: string, inputs: Record<string, string>, external: (string | RegExp)[]) {
  return {
    outDir: resolve(here, outDir),
    emptyOutDir: true,
    target: "es2022",
    modulePreload: false,
    assetsInlineLimit: keepFiles,
    rolldownOptions: {
      input: inputs,
      preserveEntrySignatures: "strict" as const,
      external,
      output: {
        entryFileNames: "[name].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
      },
    },
  };
}

/** One entry per element (web/lib/<tag>.ts): a page with one game loads only its element (issue #23, page weight). */
const ONE_ELEMENT = Object.fromEntries(
  ["train-game", "string-railway", "light-rail"].map((tag) => [tag, resolve(here, `web/lib/${tag}.ts`)]),
);

// Builds from one config (scripts/build-lib.mjs runs `lib` and `pkg` and the type declarations):
//   `vite build`             the demo site (web/index.html, web/solver.html, web/embed.html, ...) into dist/demo
//   `vite build --mode lib`  the self-contained library into dist/lib: railkit.js (Lit and Comlink inside), its
//                            workers, Wasm and race table under assets/; one script tag, no import map
//   `vite build --mode pkg`  the package build into dist/pkg: railkit.js (`import "railkit"`, Lit and Comlink left
//                            to the bundler) and engine.js (`railkit/engine`: engines, bots, solvers; Node or worker)
export default defineConfig(({ mode }) => ({
  root: resolve(here, "web"),
  base: "./",
  publicDir: false,
  server: { port: 5173, strictPort: false, fs: { allow: [here] } },
  preview: { port: 4173, strictPort: false },
  worker: {
    format: "es",
    // A worker's entry chunk holds its entry module only: every module it imports statically goes to a chunk of its
    // own, so the lazy chunks (String Railway's, Light Rail's solvers) import that chunk, never the entry back. A
    // bundler's dev server loads the entry under a second URL (`?worker_file`), and a chunk importing the entry
    // evaluated it twice: two services, two game stores (issue #23).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: "worker-core", tags: ["$initial"], test: (id: string) => !WORKER_ENTRY.test(id) }],
        },
      },
    },
  },
  build:
    mode === "lib"
      ? library("dist/lib", { railkit: resolve(here, "web/lib/index.ts"), ...ONE_ELEMENT }, [])
      : mode === "pkg"
        ? library(
            "dist/pkg",
            {
              railkit: resolve(here, "web/lib/index.ts"),
              engine: resolve(here, "web/lib/engine.ts"),
              ...ONE_ELEMENT,
            },
            ["lit", /^lit\//, "comlink"],
          )
        : {
            outDir: resolve(here, "dist/demo"),
            emptyOutDir: true,
            target: "es2022",
            assetsInlineLimit: keepFiles,
            rolldownOptions: {
              input: {
                index: resolve(here, "web/index.html"),
                solver: resolve(here, "web/solver.html"),
                lobby: resolve(here, "web/lobby.html"),
                embed: resolve(here, "web/embed.html"),
              },
            },
          },
}));

import { resolve } from "node:path";
import { defineConfig } from "vite";

const here = import.meta.dirname;

// Two builds from one config:
//   `vite build`             the demo site (web/index.html, web/solver.html) into dist/demo
//   `vite build --mode lib`  the embeddable library (web/lib/index.ts) into dist/lib
export default defineConfig(({ mode }) => ({
  root: resolve(here, "web"),
  base: "./",
  publicDir: false,
  server: { port: 5173, strictPort: false, fs: { allow: [here] } },
  preview: { port: 4173, strictPort: false },
  worker: { format: "es" },
  build:
    mode === "lib"
      ? {
          outDir: resolve(here, "dist/lib"),
          emptyOutDir: true,
          target: "es2022",
          assetsInlineLimit: (file: string) => (file.endsWith(".wasm") ? false : undefined),
          lib: {
            entry: resolve(here, "web/lib/index.ts"),
            formats: ["es"],
            fileName: "railkit",
          },
          rolldownOptions: { external: ["lit", /^lit\//, "comlink"] },
        }
      : {
          outDir: resolve(here, "dist/demo"),
          emptyOutDir: true,
          target: "es2022",
          assetsInlineLimit: (file: string) => (file.endsWith(".wasm") ? false : undefined),
          rolldownOptions: {
            input: {
              index: resolve(here, "web/index.html"),
              solver: resolve(here, "web/solver.html"),
              lobby: resolve(here, "web/lobby.html"),
            },
          },
        },
}));

/**
 * The one railkit module worker: the engines of all three games and their solvers, behind Comlink.
 * Started by web/worker/client.ts with `new Worker(new URL("./engine.worker.ts", import.meta.url),
 * { type: "module" })`; the protocol is web/worker/protocol.ts, the verbs web/worker/service.ts.
 *
 * `Comlink.expose` runs synchronously at the top: a top-level await before it would lose the page's
 * first messages (docs/toolchain.md § Comlink.expose first). The solvers (Wasm) are compiled later, each on the first call that
 * needs it. The String Railway and Light Rail solvers' code loads then too, through the dynamic imports below;
 * the train solver's loader (about 20 KB) is in this chunk, so that it loads on the first train call without a
 * chunk fetched first (the first race hint waits for it), from the files the page hands over (`train.prepare`). The String Railway
 * route geometry (the string Wasm) loads when a String Railway game is first shown (plugins.ts `stringPlugin`).
 */
import * as Comlink from "comlink";
import { offerTrainAssets, TRAIN_ASSET_URLS } from "./race-assets.ts";
import { createRailkitService } from "./service.ts";
import { loadTrainSolverBrowser } from "./train-solver.ts";

Comlink.expose(
  createRailkitService({
    // The page hands the files over (`prepare`): no need to ask pages on the channel, whose answer costs the page's
    // thread a clone of 224 KB just when it draws the first view.
    loadTrainSolver: (onStage) => loadTrainSolverBrowser(onStage, { askPages: false }),
    trainFiles: { urls: TRAIN_ASSET_URLS, offer: offerTrainAssets },
    loadStringSolver: async () => {
      const [{ createStringSolver }, { compileWasmBrowser }] = await Promise.all([
        import("../solvers/string/index.ts"),
        import("../wasm/browser.ts"),
      ]);
      return createStringSolver(await compileWasmBrowser("stringplan"));
    },
    loadStringGeometry: async () => {
      const [{ createStringGeometryWasm }, { compileWasmBrowser }] = await Promise.all([
        import("../solvers/string/geometry-wasm.ts"),
        import("../wasm/browser.ts"),
      ]);
      return (await createStringGeometryWasm(await compileWasmBrowser("string"))).routeGeometry;
    },
    loadLightKernel: async () => {
      const [{ fromModule }, { compileWasmBrowser }] = await Promise.all([
        import("../solvers/light/wasm.ts"),
        import("../wasm/browser.ts"),
      ]);
      return fromModule(await compileWasmBrowser("light"));
    },
  }),
);

// Test hook (RailkitClient.debugCrashWorker): a plain message, which Comlink ignores, makes the worker throw
// an uncaught error, so that a real `error` event reaches the page. Nothing else is done with it.
self.addEventListener("message", (e: MessageEvent) => {
  const data: unknown = e.data;
  if (typeof data === "object" && data !== null && "railkitDebugCrash" in data)
    setTimeout(() => {
      throw new Error(`railkit debug crash (${String(data.railkitDebugCrash)})`);
    });
});

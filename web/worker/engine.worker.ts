/**
 * The one railkit module worker: the engines of all three games and their solvers, behind Comlink.
 * Started by web/worker/client.ts with `new Worker(new URL("./engine.worker.ts", import.meta.url),
 * { type: "module" })`; the protocol is web/worker/protocol.ts, the verbs web/worker/service.ts.
 *
 * `Comlink.expose` runs synchronously at the top: a top-level await before it would lose the page's
 * first messages (shared TOOLCHAIN.md). The solvers (Wasm) are imported and compiled later, each on the
 * first call that needs it, through the dynamic imports below (their code stays out of this chunk).
 */
import * as Comlink from "comlink";
import { createRailkitService } from "./service.ts";

Comlink.expose(
  createRailkitService({
    loadTrainSolver: async (onStage) => (await import("./train-solver.ts")).loadTrainSolverBrowser(onStage),
    loadStringSolver: async () => {
      const [{ createStringSolver }, { compileWasmBrowser }] = await Promise.all([
        import("../solvers/string/index.ts"),
        import("../wasm/browser.ts"),
      ]);
      return createStringSolver(await compileWasmBrowser("stringplan"));
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

/**
 * The one railkit module worker: the engines of all three games and their solvers, behind Comlink.
 * Started by web/worker/client.ts with `new Worker(new URL("./engine.worker.ts", import.meta.url),
 * { type: "module" })`; the protocol is web/worker/protocol.ts.
 *
 * `Comlink.expose` runs synchronously at the top: a top-level await before it would lose the page's
 * first messages (shared TOOLCHAIN.md). The solver (Wasm) is imported and compiled later, on the first
 * call that needs it.
 */
import * as Comlink from "comlink";
import { createRailkitService } from "./service.ts";

Comlink.expose(
  createRailkitService({
    loadTrainSolver: async (onStage) => (await import("./train-solver.ts")).loadTrainSolverBrowser(onStage),
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

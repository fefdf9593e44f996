/**
 * The one railkit module worker: every registered game (web/games/registry.ts) behind Comlink, through the
 * service (web/worker/service.ts), which names no game. Started by web/worker/client.ts with
 * `new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" })`; the protocol is
 * web/worker/protocol.ts.
 *
 * `Comlink.expose` runs synchronously at the top: a top-level await before it would lose the page's
 * first messages (docs/toolchain.md § Comlink.expose first). The solvers (Wasm) are compiled later, each on the
 * first call that needs it, through the browser Kit (train-solver.ts): Wasm by URL, the Train Game's shipped files
 * from the page's `train.prepare` or a request, and the solver worker (web/worker/solver-worker.ts), started from
 * here on the first race hint whose goal has no shipped table: a nested module worker
 * (docs/toolchain.md § Worker format).
 */
import * as Comlink from "comlink";
import { offerTrainAssets, TRAIN_ASSET_URLS } from "./race-assets.ts";
import { createRailkitService } from "./service.ts";
import { browserKit } from "./train-solver.ts";

/**
 * One service (and so one game store) per worker, however often this module is evaluated: a bundler's dev server
 * that loads this file under a second URL would otherwise expose a second service, whose store holds none of the
 * games the first handed out (issue #23). The build keeps this entry out of every chunk's imports (vite.config.ts).
 */
const EXPOSED = Symbol.for("railkit:engine-worker");
const scope = self as typeof self & { [EXPOSED]?: true };
if (scope[EXPOSED]) throw new Error("railkit: the engine worker's entry was evaluated twice (imported back)");
scope[EXPOSED] = true;

Comlink.expose(
  createRailkitService({
    kit: browserKit({
      // The page hands the files over (`prepare`): no need to ask pages on the channel, whose answer costs the
      // page's thread a clone of 224 KB just when it draws the first view.
      askPages: false,
      handover: { urls: TRAIN_ASSET_URLS, offer: offerTrainAssets },
      worker: (name) => {
        if (name !== "train") return null;
        const worker = new Worker(new URL("./solver-worker.ts", import.meta.url), { type: "module" });
        return { endpoint: worker, terminate: () => worker.terminate(), events: worker };
      },
    }),
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

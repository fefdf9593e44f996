/**
 * The solver worker: long Train Game race solves (goals without a shipped table), apart from the game worker
 * (web/worker/engine.worker.ts) so that a move never waits behind a solve. Started on first need by the game worker
 * (web/games/train/route.ts through web/worker/race-client.ts) and by the demo's solver page; the service is
 * web/worker/race-solver.ts. It imports the Train Game's code only (test/worker/imports.test.ts).
 *
 * `Comlink.expose` runs synchronously at the top (docs/toolchain.md § Comlink.expose first); the solver (Wasm, with
 * the shipped race table) loads on the first call, through the dynamic import below.
 */
import * as Comlink from "comlink";
import { createRaceSolverService } from "./race-solver.ts";
import { browserKit } from "./train-solver.ts";

Comlink.expose(
  createRaceSolverService(
    async () =>
      (await (await import("../games/train/index.ts")).train.loadSolver(browserKit({ askPages: true })))
        .solver,
  ),
);

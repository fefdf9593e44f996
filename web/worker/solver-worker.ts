/**
 * The solver worker: long Train Game race solves (goals without a shipped table), apart from the game worker
 * (web/worker/engine.worker.ts) so that a move never waits behind a solve. One per page, started on first use by
 * web/worker/race-client.ts; the service is web/worker/race-solver.ts.
 *
 * `Comlink.expose` runs synchronously at the top (docs/toolchain.md § Comlink.expose first); the solver (Wasm, with the shipped race
 * table) loads on the first call, through the dynamic import below.
 */
import * as Comlink from "comlink";
import { createRaceSolverService } from "./race-solver.ts";

Comlink.expose(
  createRaceSolverService(
    async (onStage) => (await (await import("./train-solver.ts")).loadTrainSolverBrowser(onStage)).solver,
  ),
);

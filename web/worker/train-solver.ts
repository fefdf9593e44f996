/**
 * Loads the train solver bundle for the worker: the Wasm module compiled from its built URL
 * (web/wasm/browser.ts), wrapped by web/solvers/train. Imported dynamically by engine.worker.ts, so the
 * solver code and the Wasm stay out of the worker's first chunk and load on the first call that needs them.
 */
import { botAction } from "../solvers/train/bot.ts";
import { createTrainSolver, raceContextOf } from "../solvers/train/index.ts";
import { compileWasmBrowser } from "../wasm/browser.ts";
import type { TrainSolverBundle } from "./service.ts";

export async function loadTrainSolverBrowser(
  onStage?: (stage: string, fraction: number) => void,
): Promise<TrainSolverBundle> {
  onStage?.("compiling the solver", 0.05);
  const module = await compileWasmBrowser("train");
  onStage?.("setting up the solver", 0.1);
  const solver = await createTrainSolver(module);
  return {
    solver,
    botAction: (state, mode) => botAction(solver, state, mode),
    raceContext: raceContextOf,
  };
}

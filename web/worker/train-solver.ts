/**
 * Loads the train solver bundle for the worker: the Wasm module compiled from its built URL, wrapped by
 * web/solvers/train, plus the bot policy. Imported dynamically by nothing else than engine.worker.ts's
 * loader, so the solver code stays out of the worker's first chunk.
 */
import type { TrainSolverBundle } from "./service.ts";

export async function loadTrainSolverBrowser(
  _onStage?: (stage: string, fraction: number) => void,
): Promise<TrainSolverBundle> {
  // TODO(solver): web/solvers/train/index.ts (createTrainSolver) and bot.ts (botAction) have not landed yet.
  throw new Error("the train solver is not in this build yet");
}

/**
 * The Train Game bot: the solver's policy as a move (see `TrainSolver.botAction` and docs/solvers.md for how
 * seats map to the two-player race with more players, and the elimination policy).
 */
import type { TrainAction, TrainGameState } from "../../engine/train/types.ts";
import type { TrainSolver } from "./index.ts";

export type BotMode = "race" | "ev";

export function botAction(solver: TrainSolver, state: TrainGameState, mode: BotMode = "race"): TrainAction {
  return solver.botAction(state, mode);
}

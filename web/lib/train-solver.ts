/**
 * The Train Game solver for `railkit/engine`: exact expected scores, chances to beat a target, the two-player race
 * and the bot's policy (docs/solvers.md). `createTrainSolverReference()` runs on the TypeScript kernel anywhere;
 * `createTrainSolver(module)` on the compiled Wasm kernel (assembly/train.ts → train.release.wasm), faster.
 */

export { type BotMode, botAction } from "../solvers/train/bot.ts";
export {
  BEAT_MAX,
  createTrainSolver,
  createTrainSolverReference,
  GOAL,
  HINT_MAX_POINTS,
  listOptions,
  MAX_GOAL,
  MIN_GOAL,
  RACE_TOLERANCE,
  type RaceContext,
  type RaceTable,
  raceContextOf,
  type TrainHintOption,
  TrainSolver,
  type TrainSolverApi,
  type TrainSolverOptions,
} from "../solvers/train/index.ts";

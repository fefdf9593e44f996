/**
 * `railkit/engine`, the headless entry: the three rules engines, their bots and the Train Game solver, as plain
 * ES modules with no DOM, no Lit and no worker, so the same import works in Node, in a Web Worker and in a page.
 * Each game is a namespace (`train`, `string`, `light`) because the engines share verb names (`setup`, `apply`,
 * `legalActions`, `load`, `save`, `undo`); `<game>Engine` is the common contract (docs/architecture.md). `review`
 * grades every move of a saved game (docs/review.md).
 *
 * ```js
 * import { train, trainSolver } from "railkit/engine";
 * let s = train.setup({ players: 2 }, 7);
 * const solver = trainSolver.createTrainSolverReference();
 * while (!s.over) s = train.apply(s, trainSolver.botAction(solver, s, "ev")).state;
 * ```
 *
 * Those run on the TypeScript kernels. `await loadKernels()` (kernels.ts) loads the package's Wasm kernels and the
 * Train Game's shipped race table and turn graph, and answers each game's engine, solver, hints and bots on them.
 */

export { InputError, RuleError } from "../engine/common/errors.ts";
export * as common from "../engine/common/game.ts";
export * as light from "../engine/light/index.ts";
export * as string from "../engine/string/index.ts";
export * as train from "../engine/train/index.ts";
export { type KernelGame, type Kernels, loadKernels } from "./kernels.ts";
export {
  type GameReview,
  type GradedMove,
  REVIEW_MAX_MOVES,
  type ReviewOptions,
  type ReviewSeat,
  type ReviewTurn,
  review,
} from "./review.ts";
export * as trainSolver from "./train-solver.ts";

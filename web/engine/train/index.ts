/**
 * The Train Game rules engine (docs/rules/train-game.md).
 * Pure and deterministic: plain JSON state, the dice drawn from the rng held in the state.
 */
export {
  apply,
  legalActions,
  load,
  reveals,
  rollDice,
  save,
  setup,
  trainEngine,
  undo,
} from "./game.ts";
export {
  faceList,
  makeTurn,
  parseAction,
  parseFaces,
  parseOptions,
  parseTurn,
  type TurnSpec,
} from "./parse.ts";
export { type PositionSpec, position } from "./position.ts";
export * from "./rules.ts";
export * from "./turn.ts";
export * from "./types.ts";

/**
 * The Train Game rules engine (shared/RULES.md §1; the project's reading is docs/rules/train-game.md).
 * Pure and deterministic: plain JSON state, the dice drawn from the rng held in the state.
 */
export { apply, legalActions, load, rollDice, save, setup, trainEngine } from "./game.ts";
export {
  faceList,
  makeTurn,
  parseAction,
  parseFaces,
  parseOptions,
  parseState,
  parseTurn,
  type TurnSpec,
} from "./parse.ts";
export {
  CARGO_FACES,
  cargoCount,
  cargoSum,
  DICE,
  hasEngineAndTender,
  isBonusTrain,
  isCargo,
  isFace,
  isFreightTrain,
  isValidTrain,
  scoreTrain,
  sortFaces,
} from "./rules.ts";
export {
  applyAdd,
  applyBank,
  applyRollFaces,
  applyStop,
  canBank,
  checkAdd,
  checkBank,
  checkRoll,
  checkStop,
  diceToRoll,
  legalAdds,
  newTurn,
  REGULAR_ROLLS,
  turnScore,
} from "./turn.ts";
export * from "./types.ts";

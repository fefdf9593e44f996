/** String Railway: Transport: the public engine API (docs/rules/string-railway.md). */
export {
  DEFAULT_BOARD_SIZE,
  generateBoard,
  parseBoard,
  STATION_COUNTS,
  STATION_RADIUS,
  validateBoard,
} from "./board.ts";
export { botAction, playBotGame } from "./bot.ts";
export { BOX, TOTAL_CUBES } from "./cubes.ts";
export {
  ACTION_TYPES,
  apply,
  createStringEngine,
  finalResult,
  legalActions,
  load,
  parseAction,
  pointsOf,
  position,
  previewString,
  ROUNDS,
  reveals,
  rivalIndex,
  STRING_RETIRED,
  STRING_VERSION,
  type StringEngine,
  type StringPreview,
  save,
  scoringColour,
  setup,
  stringCandidates,
  stringEngine,
  totalCubes,
  transportScores,
  UPGRADE_COST,
  undo,
  winnersOf,
} from "./engine.ts";
export { checkRoute, type RouteCheck, type RouteContext, toSegments } from "./route.ts";
export { bestSplit, SET_SCORE, scoreCubes } from "./scoring.ts";
export { rowColours, TILES } from "./tiles.ts";
export type * from "./types.ts";

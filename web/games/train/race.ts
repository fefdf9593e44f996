/**
 * The race a Train Game hint is for, read from the game's state: web/solvers/train/race-context.ts, re-exported for
 * the hosts (the element, the demo's solver page). Plain code: no engine or solver code, so the page bundle stays
 * small.
 */
export {
  HINT_MAX_GOAL,
  HINT_MIN_GOAL,
  hintableGoal,
  raceContext,
  SHIPPED_GOAL,
} from "../../solvers/train/race-context.ts";

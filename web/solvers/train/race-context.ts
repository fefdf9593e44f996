/**
 * The race a Train Game hint or race bot move is for, read from the game's state: the one answer every host uses
 * (the worker's hints and bots, the widget, `rail train hint`, the online bots). Plain code over the state's
 * types: no engine or solver code, so a page may import it.
 *
 * The one meaning (docs/solvers.md § Bots and hints): the exact two-player race the seat to move plays against its
 * strongest opponent (the other seat in a two-seat game; with more seats the highest score stands for all, the
 * lowest seat on a tie), to the game's own goal, in that goal's points. Goals outside the race solver's range
 * (50..200), elimination games, and a game that is over or has one seat have no race: undefined (hints then value
 * expected scores; the race bot plays max-EV).
 */
import type { TrainGameState } from "../../engine/train/types.ts";
import type { RaceContext } from "./api.ts";

/** Race goals the solver takes, and so the goals whose hints carry win chances (docs/solvers.md). */
export const HINT_MIN_GOAL = 50;
export const HINT_MAX_GOAL = 200;
/** The goal whose race table ships with the worker (web/data/train/race-100.bin): its hints are a table read. */
export const SHIPPED_GOAL = 100;

/** True when `goal` is one the race hints value (50..200). */
export function hintableGoal(goal: number): boolean {
  return Number.isInteger(goal) && goal >= HINT_MIN_GOAL && goal <= HINT_MAX_GOAL;
}

/**
 * The race of the seat to move (see the file's comment), or undefined when there is none. Once the opponent has
 * reached the goal this is the last turn (the equal-turns rule): the total to beat.
 */
export function raceContext(state: TrainGameState): RaceContext | undefined {
  const { players, variant, goal } = state.options;
  const me = state.current;
  if (variant !== "race" || !hintableGoal(goal) || state.over || me === null || players < 2) return undefined;
  let opp = -1;
  for (let s = 0; s < players; s++)
    if (s !== me && (opp < 0 || state.scores[s]! > state.scores[opp]!)) opp = s;
  const mine = state.scores[me]!;
  const theirs = state.scores[opp]!;
  if (theirs >= goal) return { goal, me: mine, opponent: theirs, first: false, lastTurnTarget: theirs };
  return { goal, me: mine, opponent: theirs, first: state.turnsTaken[me] === state.turnsTaken[opp] };
}

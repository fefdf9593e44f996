/**
 * The race a Train Game hint is for, read from the game's state: shared by the game worker's hints
 * (web/worker/plugins.ts) and the page, which sends race hints of goals without a shipped table to the solver
 * worker (web/worker/race-client.ts). Types only: no engine or solver code, so the page bundle stays small.
 */

import type { TrainGameState as TrainState } from "../../engine/train/index.ts";
import type { RaceContext } from "../../solvers/train/api.ts";

/** Race goals the hints value with win chances (the race solver's range, docs/solvers.md). */
export const HINT_MIN_GOAL = 50;
export const HINT_MAX_GOAL = 200;
/** The goal whose race table ships with the worker (web/data/train/race-100.bin): its hints are a table read. */
export const SHIPPED_GOAL = 100;

/** True when `goal` is one the race hints value (50..200). */
export function hintableGoal(goal: number): boolean {
  return Number.isInteger(goal) && goal >= HINT_MIN_GOAL && goal <= HINT_MAX_GOAL;
}

/**
 * The exact race for the seat to move in a two-player race whose goal is 50..200 (scores in the goal's own
 * units, `goal` set); undefined for any other game (more seats, elimination, a goal the solver does not take,
 * or a game that is over). Once the opponent has reached the goal this is the last turn: the total to beat.
 */
export function raceContextFor(state: TrainState): RaceContext | undefined {
  const { players, variant, goal } = state.options;
  const me = state.current;
  if (players !== 2 || variant !== "race" || !hintableGoal(goal) || state.over || me === null)
    return undefined;
  const opp = 1 - me;
  const mine = state.scores[me]!;
  const theirs = state.scores[opp]!;
  if (theirs >= goal) return { goal, me: mine, opponent: theirs, first: false, lastTurnTarget: theirs };
  return { goal, me: mine, opponent: theirs, first: state.turnsTaken[me] === state.turnsTaken[opp] };
}

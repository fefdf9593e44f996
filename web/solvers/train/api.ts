import type { Face, TurnState } from "../../engine/train/types.ts";

/** An option the player has now, valued by the exact solvers. */
export interface TrainHintOption {
  action: { type: "roll" } | { type: "stop" } | { type: "bank" } | { type: "add"; faces: Face[] };
  /** Human label: "Roll 4 dice", "Stop (scores 14)", "Bank 9 and roll on", "Add 4 4 C". */
  label: string;
  /** Expected final score of this turn if the player takes this option and then plays max-EV. */
  expected: number;
  /** Two-player race only: P(win) + P(tie)/2 if the player takes this option then plays the optimal race policy. */
  winProbability?: number;
  /**
   * Elimination with a target only (`beatHint`): P(the turn scores more than the target) if the player takes this
   * option then plays the policy that maximises it.
   */
  beatProbability?: number;
  /** True for the option the policy picks (the race policy when a race context is given, else max-EV). */
  best: boolean;
}

/** Where a two-player race stands, from the point of view of the seat to move. */
export interface RaceContext {
  /**
   * The race's goal, 50..200 (default 100). Scores are in its units. Goal 100 answers from the shipped table when
   * the solver has it; any other goal solves its race once (a few seconds), then answers from the cache.
   */
  goal?: number;
  /** Score of the seat to move, before this turn. */
  me: number;
  /** The opponent's score. */
  opponent: number;
  /** True when the seat to move played first (A in docs/solvers.md: both have had as many turns). */
  first: boolean;
  /**
   * Set when the opponent has finished with the goal or more and this is the last turn: the total to beat (more
   * wins, equal shares). With `me` already above it every score wins.
   */
  lastTurnTarget?: number;
}

/** The race table: values at the start of a turn for every (A's score a, B's score b), 0..goal-1, [a * goal + b]. */
export interface RaceTable {
  goal: number;
  /** P(A wins) + P(tie)/2 with A (the first player) about to play. */
  winFirst: Float64Array;
  /** P(B wins) + P(tie)/2 with B about to play (A has had one more turn). */
  winSecond: Float64Array;
  /** Smallest points at stake (≥ 6) at which A, holding a full freight train, stops rather than banks. */
  stopAt: Int32Array;
  /** The bound on the error of every value (docs/solvers.md). */
  tolerance: number;
}

/** The solver service the worker, the CLI and the bots use (implemented in web/solvers/train/index.ts). */
export interface TrainSolverApi {
  /** Expected score of a whole turn under the max-EV policy. */
  expectedTurnScore(): number;
  /** max over policies of P(turn score > target), target 0..200. */
  beatProbability(target: number): number;
  /** P(first player wins) + P(tie)/2, both playing optimally, in the race to `goal` (default 100); and the error bound. */
  raceFirstPlayerWins(goal?: number): { value: number; tolerance: number };
  /** Every option now, best first. With `race`, also race win probabilities and the race-optimal choice. */
  hint(turn: TurnState, race?: RaceContext): TrainHintOption[];
  /**
   * The value, in the objective of `hint(turn, race)`, of the turn ending now with `score` points (a stop's value);
   * InputError for a score outside 0..HINT_MAX_POINTS.
   */
  endValue(score: number, race?: RaceContext): number;
  /**
   * Every option now, best first for P(turn score > `target`) (the elimination game's objective, target 0..200),
   * each with its `beatProbability` and expected score.
   */
  beatHint(turn: TurnState, target: number): TrainHintOption[];
  /** The value in the objective of `beatHint(turn, target)` of the turn ending now with `score` points: 1 or 0. */
  beatEndValue(score: number, target: number): number;
  /**
   * The race table to `goal` (default 100; 50..200, else an InputError): loaded from the shipped asset or solved
   * once, then cached; `onProgress` gets 0..1 while it is being solved.
   */
  raceTable(onProgress?: (done: number) => void, goal?: number): RaceTable;
  /** True when the race to `goal` (default 100) is at hand, loaded or solved: race answers need no race solve. */
  hasRace(goal?: number): boolean;
}

export type { Face };

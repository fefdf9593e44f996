/**
 * The Train Game's per-turn summary of a game (issue #23): one row per finished turn, with the player, their total
 * after it, their Train Wrecks so far and the exact solver's best expected score of the turn from its start. Written
 * once here so that the end-of-game table of `<train-game>` (through the worker verb `train.turnSummary`) and a later
 * review of a game read the same numbers.
 */
import { InputError } from "../../engine/common/errors.ts";
import { MAX_LOG } from "../../engine/common/game.ts";
import { arr, int, obj, oneOf, snapshot } from "../../engine/common/input.ts";
import { trainEngine } from "../../engine/train/game.ts";
import { parseOptions } from "../../engine/train/parse.ts";
import { newTurn } from "../../engine/train/turn.ts";
import type { EndReason, TrainGameOptions, TrainGameState } from "../../engine/train/types.ts";
import type { TrainSolverApi } from "../../solvers/train/api.ts";
import { raceContext } from "../../solvers/train/race-context.ts";

/** One finished turn of a game. */
export interface TurnSummaryRow {
  /** The turn's number in the game, from 1. */
  turn: number;
  /** The seat that played it (from 0). */
  player: number;
  /** What the turn scored. */
  score: number;
  /** Why it ended. */
  reason: EndReason;
  /** The seat's total after the turn. */
  total: number;
  /** The seat's Train Wrecks up to and including this turn. */
  wrecks: number;
  /**
   * The exact solver's expected score of the turn from its start under the policy that maximises it
   * (`maxExpected`, docs/rules/train-game.md § Solvers). Every turn starts from the same fresh turn, so this is
   * the same number for every row: the yardstick each turn's score is read against.
   */
  bestExpected: number;
  /**
   * In a two-player race (or a race read as one, web/solvers/train/race-context.ts) whose table the solver holds:
   * the seat's chance to win the race at the start of the turn, playing on optimally. Absent otherwise (no race
   * here, or its table is not at hand: the summary never starts a race solve), and after the first
   * {@link MAX_WIN_CHANCE_TURNS} turns.
   */
  winChance?: number;
}

/** What the summary reads of a game: its options and its finished turns (a local save or an online view). */
export interface SummaryInput {
  options: TrainGameOptions;
  history: { player: number; score: number; reason: EndReason }[];
}

const REASONS = ["stop", "caboose", "shortage", "wreck", "full", "out-of-rolls"] as const;

/**
 * The most turns of a summary that get a win chance (each is one race hint, about 0.7 ms in Wasm: 1000 turns cost
 * under a second; a real race to 200 has a few dozen). Later rows have none: a page cannot make the worker spend
 * more than that on one summary.
 */
export const MAX_WIN_CHANCE_TURNS = 1000;

/** The most points one turn can score (a freight run has no roll limit; this bounds what a page may send). */
const MAX_TURN_SCORE = 1_000_000;

/**
 * A page's summary input, read once and checked (InputError with the field's JSON pointer): the game's options as
 * `setup` takes them, at most `MAX_LOG` turns, each naming a seat of the game, a whole score and an end reason.
 * Other fields of a turn record (`train`, `banked`) are ignored.
 */
export function readSummaryInput(x: unknown): SummaryInput {
  const o = obj(snapshot(x, "/game"), "/game");
  const options = parseOptions(o.options);
  const history = arr(o.history, "/game/history", MAX_LOG).map((r, i) => {
    const p = `/game/history/${i}`;
    const rec = obj(r, p);
    return {
      player: int(rec.player, `${p}/player`, 0, options.players - 1),
      score: int(rec.score, `${p}/score`, 0, MAX_TURN_SCORE),
      reason: oneOf(rec.reason, `${p}/reason`, REASONS),
    };
  });
  if (history.length === 0)
    throw new InputError("a game with no finished turn has nothing to sum up", "/game/history");
  return { options, history };
}

/**
 * The per-turn summary of `game`: one row per finished turn, in order. `solver` answers the best expected score
 * (one max-EV solve, cached by the solver) and, for a race whose table it holds, the win chance at each turn's
 * start (a table read per turn).
 */
export function turnSummary(solver: TrainSolverApi, game: SummaryInput): TurnSummaryRow[] {
  const { players, goal, variant } = game.options;
  const bestExpected = solver.expectedTurnScore();
  const scores: number[] = new Array(players).fill(0);
  const turnsTaken: number[] = new Array(players).fill(0);
  const wrecks: number[] = new Array(players).fill(0);
  const withRace = variant === "race" && solver.hasRace(goal);
  // A fresh game of these options: the race at each turn's start is this with the scores and turns so far.
  const fresh = withRace ? trainEngine.setup(game.options, 0) : null;
  return game.history.map((r, i) => {
    const row: TurnSummaryRow = {
      turn: i + 1,
      player: r.player,
      score: r.score,
      reason: r.reason,
      total: 0,
      wrecks: 0,
      bestExpected,
    };
    if (fresh && i < MAX_WIN_CHANCE_TURNS) {
      // The race as the seat saw it at the turn's start: the scores and turn counts before it.
      const start: TrainGameState = {
        ...fresh,
        current: r.player,
        scores: scores.slice(),
        turnsTaken: turnsTaken.slice(),
      };
      const race = raceContext(start);
      const best = race ? solver.hint(newTurn(), race).find((h) => h.best) : undefined;
      if (best?.winProbability !== undefined) row.winChance = best.winProbability;
    }
    scores[r.player]! += r.score;
    turnsTaken[r.player]! += 1;
    if (r.reason === "wreck") wrecks[r.player]! += 1;
    row.total = scores[r.player]!;
    row.wrecks = wrecks[r.player]!;
    return row;
  });
}

/**
 * Game review (issue #26, docs/review.md): every move of a finished or saved game graded by the game's own analysis,
 * and a summary per seat. Written once here over any {@link GameModule} with a `review` member; each game says only
 * how one move is graded ({@link Reviewer}: the Train Game exactly, web/games/train/review.ts; the search games by
 * the search behind their hints, with its error bar).
 *
 * Conventions, stated once:
 * - Values are in the game's objective for the seat that moved, higher is better for that seat. Each move says its
 *   {@link ReviewUnit} ("win" a win chance 0..1, "beat" the chance 0..1 of beating the elimination game's target,
 *   "points" expected points); the review's `unit` is the game's main one. A turn's moves share one unit. A seat's
 *   totals add the moves in the review's unit only (in an elimination game the turns before any target is set are
 *   graded in points and shown so, but not added to the chances).
 * - `loss` = best − played ≥ 0: what the move gave up against the best move found. `error`: the error bar of both
 *   values (0: exact); a move is `flagged` only when its loss is larger than its error bar.
 * - `luck` = after − played: what the reveal that followed the move gave against its expectation (a roll's outcome
 *   against the roll's expected value; 0 where the move reveals nothing or the analysis does not model it). Over a
 *   turn, value at its start − value at its end = Σ loss − Σ luck (the turn's `decisions` + `dice`).
 */
import { InputError } from "../engine/common/errors.ts";
import type { SeatAction } from "../engine/common/game.ts";
import type { EngineOf, GameModule, GameTypes } from "./types.ts";

/** Most moves a review grades (a longer log is refused at `/state/log`): each move costs one analysis. */
export const REVIEW_MAX_MOVES = 5000;

/** What a value is: a win chance, the chance of beating the target (elimination), or expected points. */
export type ReviewUnit = "win" | "beat" | "points";

/** A value in `unit` for people: a percentage for chances ("61.2%"), points with two decimals. */
export function formatValue(unit: ReviewUnit, v: number): string {
  return unit === "points" ? v.toFixed(2) : `${(100 * v).toFixed(1)}%`;
}

/** How a game's {@link Reviewer} grades one move. */
export interface MoveGrade {
  /** The move's unit when it is not the review's (an elimination game's turns before a target: points). */
  unit?: ReviewUnit;
  /** The move made, for people ("Roll 6 dice", "Place 3,4 ↗"). */
  label: string;
  /** Value of the position before the move, for the seat that moved (the best option's value). */
  best: number;
  /** The best move found, for people. */
  bestLabel: string;
  /** Value of the move made. */
  played: number;
  /** Value after the move and whatever it revealed (equal to `played` where nothing was revealed). */
  after: number;
  /** The error bar of `best` and `played` (0: exact). */
  error: number;
  /**
   * Every seat's value for the chart at the position before the move (win chance, or expected score); null where
   * the analysis does not know a seat's (the summary carries its last known value forward).
   */
  chart: (number | null)[];
}

/** One graded move. */
export interface GradedMove extends Omit<MoveGrade, "chart" | "unit"> {
  /** What its values are. */
  unit: ReviewUnit;
  /** Its index in the log: the position before it is the replay of the log's first `index` actions. */
  index: number;
  /** The seat that moved. */
  seat: number;
  /** The turn it belongs to (counted from 0 over the whole game; a turn is one seat's moves until its turn ends). */
  turn: number;
  /** best − played, ≥ 0. */
  loss: number;
  /** after − played: what the reveal gave (positive: lucky). */
  luck: number;
  /** True when the loss is larger than the error bar: a mistake. */
  flagged: boolean;
}

/** One turn: its value at the start and at the end, and the split of what was lost. */
export interface ReviewTurn {
  turn: number;
  seat: number;
  /** What its values are (its moves'). */
  unit: ReviewUnit;
  /** Index of its first move. */
  first: number;
  /** Value before its first move and after its last (the turn's result in the objective). */
  start: number;
  end: number;
  /** Loss to decisions (Σ loss, ≥ 0). */
  decisions: number;
  /** Loss to the dice: −Σ luck (negative: the dice helped). */
  dice: number;
  /** start − end = decisions + dice (up to rounding). */
  total: number;
}

/** A seat's totals. */
export interface ReviewSeat {
  seat: number;
  moves: number;
  /** Total loss to decisions (moves in the review's unit). */
  decisions: number;
  /** Total luck (Σ luck over moves in the review's unit; positive: lucky). */
  luck: number;
  /**
   * Indices (into the log) of the seat's three biggest flagged mistakes, biggest first (those in the review's unit
   * before those in another).
   */
  mistakes: number[];
}

/** The whole review. */
export interface GameReview {
  game: string;
  /** What the values are, mostly (each move says its own): the chart's and the seats' totals' unit. */
  unit: ReviewUnit;
  /** The objective for people ("win chance in the race to 100"). */
  objective: string;
  /** The moves graded, in order (fewer than the log's when stopped). */
  moves: GradedMove[];
  turns: ReviewTurn[];
  seats: ReviewSeat[];
  /** The chart: every seat's value before each graded move, then at the end (`index` = log length). */
  chart: { index: number; values: number[] }[];
  /** Moves in the log. */
  total: number;
  /** False when the review stopped early (`stale`): `moves` is a prefix. */
  complete: boolean;
}

/** A game's grader of one move (see {@link GameModule.review}). */
export interface Reviewer<T extends GameTypes> {
  /** The objective of a game in this state's options. */
  objective(state: T["state"]): { unit: ReviewUnit; about: string };
  /** Grades `action`, played in `before` and giving `after` (both states of the replay). */
  grade(before: T["state"], action: T["action"], after: T["state"]): MoveGrade | Promise<MoveGrade>;
  /** Every seat's chart value once the game is where `state` is (the last point: the result or the scores). */
  final(state: T["state"]): number[];
}

/** What a review run hears as it goes. */
export interface ReviewHooks {
  /** Each graded move as soon as it is graded (the widget shows them progressively). */
  onMove?(move: GradedMove, done: number, total: number): void;
  /** Asked between moves: true ends the review there (`complete: false`). */
  stale?(): boolean;
  /** Awaited between moves (the worker's pause, so other calls are served: web/solvers/next-task.ts). */
  pause?(): Promise<void>;
}

/**
 * Reviews the game `state` (a loaded state: its options, seed and log) with `reviewer`, replaying it on `engine`
 * move by move. InputError at `/state/log` for a log longer than {@link REVIEW_MAX_MOVES}.
 */
export async function reviewGame<T extends GameTypes>(
  module: Pick<GameModule<T>, "id">,
  engine: EngineOf<T>,
  reviewer: Reviewer<T>,
  state: T["state"],
  hooks: ReviewHooks = {},
): Promise<GameReview> {
  const log = state.log as SeatAction[];
  if (log.length > REVIEW_MAX_MOVES)
    throw new InputError(`a review grades at most ${REVIEW_MAX_MOVES} moves`, "/state/log");
  let s = engine.setup(state.options as never, state.seed);
  const { unit, about } = reviewer.objective(s);
  const moves: GradedMove[] = [];
  const charts: (number | null)[][] = [];
  let turn = 0;
  let complete = true;
  for (let i = 0; i < log.length; i++) {
    if (hooks.stale?.()) {
      complete = false;
      break;
    }
    const action = log[i]!;
    const r = engine.apply(s, action);
    if (!r.ok) throw new InputError(`refused by the rules on replay: ${r.error.message}`, `/state/log/${i}`);
    const g = await reviewer.grade(s, action as T["action"], r.state);
    const loss = Math.max(0, g.best - g.played);
    const { chart, ...rest } = g;
    charts.push(chart);
    const move: GradedMove = {
      ...rest,
      unit: g.unit ?? unit,
      index: i,
      seat: action.player,
      turn,
      loss,
      luck: g.after - g.played,
      flagged: loss > g.error,
    };
    moves.push(move);
    hooks.onMove?.(move, i + 1, log.length);
    if (engine.endsTurn ? engine.endsTurn(s, action, r.state) : r.state.current !== s.current) turn++;
    s = r.state;
    if (hooks.pause && i + 1 < log.length) await hooks.pause();
  }
  const chart = chartPoints(moves, charts, complete ? reviewer.final(s) : null, log.length);
  return { ...summarise(module.id, unit, about, moves, log.length, complete), chart };
}

/**
 * The chart's points: each graded move's values (a null carried from the seat's previous value; leading nulls take
 * the seat's first known value), then `last` at index `total` when the review is complete.
 */
export function chartPoints(
  moves: readonly GradedMove[],
  charts: readonly (readonly (number | null)[])[],
  last: number[] | null,
  total: number,
): GameReview["chart"] {
  const seats = charts.reduce((n, c) => Math.max(n, c.length), last?.length ?? 0);
  const first = Array.from({ length: seats }, (_, seat) => {
    for (const c of charts) if (c[seat] != null) return c[seat]!;
    return last?.[seat] ?? 0;
  });
  const prev = [...first];
  const out = moves.map((m, i) => ({
    index: m.index,
    values: prev.map((p, seat) => {
      const v = charts[i]?.[seat];
      if (v != null) prev[seat] = v;
      return v ?? p;
    }),
  }));
  if (last) out.push({ index: total, values: last });
  return out;
}

/** The turns and seats of graded `moves` (the chart: {@link chartPoints}). */
export function summarise(
  game: string,
  unit: ReviewUnit,
  objective: string,
  moves: readonly GradedMove[],
  total: number,
  complete: boolean,
): Omit<GameReview, "chart"> {
  const turns: ReviewTurn[] = [];
  for (const m of moves) {
    let t = turns[turns.length - 1];
    if (!t || t.turn !== m.turn) {
      t = {
        turn: m.turn,
        seat: m.seat,
        unit: m.unit,
        first: m.index,
        start: m.best,
        end: 0,
        decisions: 0,
        dice: 0,
        total: 0,
      };
      turns.push(t);
    }
    t.end = m.after;
    t.decisions += m.loss;
    t.dice -= m.luck;
    t.total = t.start - t.end;
  }
  const players = moves.reduce((n, m) => Math.max(n, m.seat + 1), 0);
  const seats: ReviewSeat[] = [];
  for (let seat = 0; seat < players; seat++) {
    const mine = moves.filter((m) => m.seat === seat);
    const other = (m: GradedMove) => (m.unit === unit ? 0 : 1);
    const mistakes = mine
      .filter((m) => m.flagged)
      .sort((a, b) => other(a) - other(b) || b.loss - a.loss || a.index - b.index)
      .slice(0, 3)
      .map((m) => m.index);
    const counted = mine.filter((m) => m.unit === unit);
    seats.push({
      seat,
      moves: mine.length,
      decisions: counted.reduce((a, m) => a + m.loss, 0),
      luck: counted.reduce((a, m) => a + m.luck, 0),
      mistakes,
    });
  }
  return { game, unit, objective, moves: [...moves], turns, seats, total, complete };
}

/**
 * The Train Game's game review (docs/review.md): every decision graded exactly by the solver behind its hints, in
 * the hints' objective for the game's mode — the win chance of the seat to move in its race (race-context.ts; two
 * seats or more, goals 50..200), else the turn's expected score (elimination, other goals, one seat). Values are
 * exact (error bar 0: the race table's bound, 1e-9, is far below any shown digit).
 *
 * - A move's value is the hint's value of the option played; the best is the hints' first option.
 * - After a roll the dice are known: the position after is valued by its own hints (the best option), or, when the
 *   roll ended the turn (a wreck, a caboose, no rolls left), by the solver's value of the turn ending with its score
 *   (`endValue`: the payoff every option value is built on). Luck = that value − the roll's expected value.
 * - Every move's position after is valued so; after a move that reveals nothing it equals the value played (the
 *   solver's values are consistent; test/train/review.test.ts checks it), so a turn's start − end = Σ loss − Σ luck.
 */
import type { Face, TrainAction, TrainGameState } from "../../engine/train/types.ts";
import type { RaceContext, TrainHintOption } from "../../solvers/train/api.ts";
import { hintableGoal, raceContext } from "../../solvers/train/race-context.ts";
import type { MoveGrade, Reviewer } from "../review.ts";
import type { TrainGameTypes, TrainSolverBundle } from "./index.ts";

const sameFaces = (a: readonly Face[], b: readonly Face[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

function matches(o: TrainHintOption["action"], a: TrainAction): boolean {
  if (o.type !== a.type) return false;
  return o.type !== "add" || (a.type === "add" && sameFaces(o.faces, a.faces));
}

/** Whether the game's hints value win chances (a race of two seats or more to a goal of 50..200). */
const isRace = (s: TrainGameState) =>
  s.options.variant === "race" && s.options.players > 1 && hintableGoal(s.options.goal);

/** The Train Game's grader over its loaded solver (the local one: a race goal other than 100 is solved here once). */
export function trainReviewer(b: TrainSolverBundle): Reviewer<TrainGameTypes> {
  const { solver } = b;
  const value = (h: TrainHintOption, race: RaceContext | undefined) =>
    race ? (h.winProbability ?? 0) : h.expected;
  /** The value of the position `after` for the seat that moved, in `race` (the race before the move: same scores). */
  const afterValue = (before: TrainGameState, after: TrainGameState, race: RaceContext | undefined) => {
    const ended = after.history.length > before.history.length;
    if (!ended) {
      const hints = solver.hint(after.turn, race);
      return Math.max(...hints.map((h) => value(h, race)));
    }
    return solver.endValue(after.history[after.history.length - 1]!.score, race);
  };
  return {
    objective: (s) =>
      isRace(s)
        ? { unit: "win", about: `win chance in the race to ${s.options.goal} (exact)` }
        : { unit: "points", about: "expected score of the turn (exact)" },
    grade: async (before, action, after): Promise<MoveGrade> => {
      b.used = true;
      const race = raceContext(before); // as the hints: undefined values expected scores
      // The shipped race table waits for its first need on a page (issue #23): a race review is one.
      if (race) await b.loadRace();
      const hints = solver.hint(before.turn, race);
      const best = hints[0]!;
      const played = hints.find((h) => matches(h.action, action));
      // The log was replayed by the rules, so the move is one of the options the solver lists.
      if (!played) throw new Error(`the solver lists no option for the move ${JSON.stringify(action)}`);
      const roll = action.type === "roll" && after.lastRoll ? ` → ${after.lastRoll.faces.join(" ")}` : "";
      const playedValue = value(played, race);
      const bestValue = value(best, race);
      return {
        label: played.label + roll,
        best: bestValue,
        bestLabel: best.label,
        played: playedValue,
        after: afterValue(before, after, race),
        error: 0,
        chart: chartOf(before, bestValue, race),
      };
    },
    final: (s) => {
      if (!isRace(s)) return [...s.scores];
      return s.scores.map((_, seat) => (s.winners.includes(seat) ? 1 / s.winners.length : 0));
    },
  };
}

/**
 * Every seat's chart value before a move worth `v` to the mover: in a two-seat race the mover's win chance and its
 * complement; with more seats only the mover's is known (null: the previous point's); else each seat's score, the
 * mover's plus the turn's expected score.
 */
function chartOf(s: TrainGameState, v: number, race: RaceContext | undefined): (number | null)[] {
  const mover = s.current!;
  if (race) return s.scores.map((_, seat) => (seat === mover ? v : s.scores.length === 2 ? 1 - v : null));
  return s.scores.map((score, seat) => (seat === mover ? score + v : score));
}

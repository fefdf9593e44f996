/**
 * The Train Game's game review (docs/review.md): every decision graded exactly by the solver behind its hints, in
 * the objective of the game's mode — the win chance of the seat to move in its race (race-context.ts; two seats or
 * more, goals 50..200); in an elimination game the chance of beating the target (P(turn score > target), the
 * elimination bot's objective) once a target is set, and the turn's expected score before (unit "points" on those
 * moves); else the turn's expected score (other goals, one seat). Values are exact (error bar 0: the race table's
 * bound, 1e-9, is far below any shown digit).
 *
 * - A move's value is the hint's value of the option played; the best is the hints' first option.
 * - After a roll the dice are known: the position after is valued by its own hints (the best option), or, when the
 *   roll ended the turn (a wreck, a caboose, no rolls left), by the solver's value of the turn ending with its score
 *   (`endValue`: the payoff every option value is built on). Luck = that value − the roll's expected value.
 * - A race whose goal has no shipped table (not 100) is solved where its hints are (route.ts): a page's worker sends
 *   the grades' hints and end values to its solver worker, whose solve the review's progress reports; other hosts
 *   solve it on their own thread, once.
 * - Every move's position after is valued so; after a move that reveals nothing it equals the value played (the
 *   solver's values are consistent; test/train/review.test.ts checks it), so a turn's start − end = Σ loss − Σ luck.
 */
import type { Face, TrainAction, TrainGameState } from "../../engine/train/types.ts";
import type { RaceContext, TrainHintOption } from "../../solvers/train/api.ts";
import { hintableGoal, raceContext, SHIPPED_GOAL } from "../../solvers/train/race-context.ts";
import type { MoveGrade, Reviewer, ReviewUnit } from "../review.ts";
import type { Report } from "../types.ts";
import type { TrainGameTypes, TrainSolverBundle } from "./index.ts";
import { beatTarget, trainEndValue, trainHint } from "./route.ts";

const sameFaces = (a: readonly Face[], b: readonly Face[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

function matches(o: TrainHintOption["action"], a: TrainAction): boolean {
  if (o.type !== a.type) return false;
  return o.type !== "add" || (a.type === "add" && sameFaces(o.faces, a.faces));
}

/** Whether the game's hints value win chances (a race of two seats or more to a goal of 50..200). */
const isRace = (s: TrainGameState) =>
  s.options.variant === "race" && s.options.players > 1 && hintableGoal(s.options.goal);

export { beatTarget } from "./route.ts";

/** The objective of one position: a race, a target to beat, or expected points. */
type Objective = { race: RaceContext } | { target: number } | null;

/**
 * The Train Game's grader over its loaded solver. A race whose goal has no shipped table is solved where its hints
 * are (route.ts): in the host's solver thread when it has one (a page's worker; `report` hears the solve), else
 * here, once.
 */
export function trainReviewer(b: TrainSolverBundle, report?: Report): Reviewer<TrainGameTypes> {
  const { solver } = b;
  // The position after one move is the one before the next: its hints are asked once (one entry, by identity).
  let cached: { turn: TrainGameState["turn"]; o: Objective; hints: Promise<TrainHintOption[]> } | undefined;
  const hintsOf = (turn: TrainGameState["turn"], o: Objective) => {
    if (cached?.turn === turn && JSON.stringify(cached.o) === JSON.stringify(o)) return cached.hints;
    const hints =
      o && "target" in o
        ? Promise.resolve(solver.beatHint(turn, o.target))
        : trainHint(b, turn, o?.race, report);
    cached = { turn, o, hints };
    return hints;
  };
  const value = (h: TrainHintOption, o: Objective) =>
    !o ? h.expected : "race" in o ? (h.winProbability ?? 0) : (h.beatProbability ?? 0);
  /** The value of the position `after` for the seat that moved, in `o` (the objective before the move). */
  const afterValue = async (before: TrainGameState, after: TrainGameState, o: Objective) => {
    const ended = after.history.length > before.history.length;
    if (!ended) return Math.max(...(await hintsOf(after.turn, o)).map((h) => value(h, o)));
    const score = after.history[after.history.length - 1]!.score;
    return o && "target" in o
      ? solver.beatEndValue(score, o.target)
      : trainEndValue(b, score, o?.race, report);
  };
  return {
    objective: (s) =>
      isRace(s)
        ? { unit: "win", about: `win chance in the race to ${s.options.goal} (exact)` }
        : s.options.variant === "elimination" && s.options.players > 1
          ? {
              unit: "beat",
              about:
                "chance of beating the target (exact; before the first target: expected score of the turn)",
            }
          : { unit: "points", about: "expected score of the turn (exact)" },
    grade: async (before, action, after): Promise<MoveGrade> => {
      b.used = true;
      const race = raceContext(before); // as the hints: undefined values expected scores
      const target = beatTarget(before);
      const o: Objective = race ? { race } : target !== undefined ? { target } : null;
      const unit: ReviewUnit = race ? "win" : target !== undefined ? "beat" : "points";
      // The shipped race table waits for its first need on a page (issue #23): a review of a race to 100 is one.
      if (race && (race.goal ?? SHIPPED_GOAL) === SHIPPED_GOAL) await b.loadRace();
      const hints = await hintsOf(before.turn, o);
      const best = hints[0]!;
      const played = hints.find((h) => matches(h.action, action));
      // The log was replayed by the rules, so the move is one of the options the solver lists.
      if (!played) throw new Error(`the solver lists no option for the move ${JSON.stringify(action)}`);
      const roll = action.type === "roll" && after.lastRoll ? ` → ${after.lastRoll.faces.join(" ")}` : "";
      const playedValue = value(played, o);
      const bestValue = value(best, o);
      return {
        unit,
        label: played.label + roll,
        best: bestValue,
        bestLabel: best.label,
        played: playedValue,
        after: await afterValue(before, after, o),
        error: 0,
        chart: chartOf(before, bestValue, unit),
      };
    },
    final: (s) => {
      if (!isRace(s) && !(s.options.variant === "elimination" && s.options.players > 1)) return [...s.scores];
      return s.scores.map((_, seat) => (s.winners.includes(seat) ? 1 / s.winners.length : 0));
    },
  };
}

/**
 * Every seat's chart value before a move worth `v` (in `unit`) to the mover: in a two-seat race the mover's win
 * chance and its complement; with more seats only the mover's is known (null: the previous point's). In an
 * elimination game each seat's chance of staying in this round: 0 once out, the mover's chance of beating the
 * target, 1 before any target (no one can be out yet), others unknown (null). Else each seat's score, the mover's
 * plus the turn's expected score.
 */
function chartOf(s: TrainGameState, v: number, unit: ReviewUnit): (number | null)[] {
  const mover = s.current!;
  if (unit === "win")
    return s.scores.map((_, seat) => (seat === mover ? v : s.scores.length === 2 ? 1 - v : null));
  if (s.options.variant === "elimination" && s.options.players > 1)
    return s.scores.map((_, seat) =>
      s.out.includes(seat) ? 0 : s.target === null ? 1 : seat === mover && unit === "beat" ? v : null,
    );
  return s.scores.map((score, seat) => (seat === mover ? score + v : score));
}

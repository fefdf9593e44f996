/**
 * The solver worker's service (web/worker/solver-worker.ts): the long Train Game race solves, apart from the
 * game worker. The game worker is single-threaded: a race to 150 solved there (about 4 s in Wasm) would hold
 * every move behind it. So the game worker itself (web/games/train/route.ts, through web/worker/race-client.ts)
 * sends race hints and race bot moves of goals without a shipped table here, and the solver page its policy maps:
 * one solver worker per game worker (and one for the solver page), started on first use. It imports nothing of the
 * game worker's service, so its bundle holds the Train Game's code only (test/worker/imports.test.ts).
 *
 * Three verbs, each one round trip; `onProgress` (a `Comlink.proxy` from the page) hears the race solve, at most
 * every 1%, and is released when the call ends, answered or failed. Input is checked as in the game worker
 * (web/worker/wire.ts): errors cross as plain WireErrors (`input` with the JSON pointer of the field).
 */
import { int, snapshot } from "../engine/common/input.ts";
import { parseTurn } from "../engine/train/parse.ts";
import { raceTableView, readRace, solveRace } from "../games/train/verbs.ts";
import type { TrainHintOption, TrainSolverApi } from "../solvers/train/api.ts";
import { HINT_MAX_GOAL, HINT_MIN_GOAL, SHIPPED_GOAL } from "../solvers/train/race-context.ts";
import type { Progress, RaceContext, RaceTableView, TurnState } from "./protocol.ts";
import { lazy, type OnStage, withProgress } from "./wire.ts";

/** Bumped on incompatible changes of {@link RaceSolverApi}. */
export const RACE_SOLVER_PROTOCOL = 2;

export interface RaceSolverApi {
  readonly protocol: typeof RACE_SOLVER_PROTOCOL;
  /**
   * The race policy to `goal` (50..200; default 100, the shipped table): first answer for a goal not shipped
   * solves it (seconds), later ones read the cache.
   */
  raceTable(goal?: number, onProgress?: (p: Progress) => void): Promise<RaceTableView>;
  /** The hint of `turn` in the race `race` (its `goal` solved first if it is not at hand). */
  hint(turn: TurnState, race: RaceContext, onProgress?: (p: Progress) => void): Promise<TrainHintOption[]>;
  /**
   * The win chance in `race` of the turn ending now with `score` points (the solver's `endValue`: a review values a
   * turn's end by it, web/games/train/review.ts); the race's goal solved first if it is not at hand.
   */
  endValue(score: number, race: RaceContext, onProgress?: (p: Progress) => void): Promise<number>;
}

/** The service over a solver loader (browser: the Wasm solver with the shipped table; Node tests: any). */
export function createRaceSolverService(load: (onStage?: OnStage) => Promise<TrainSolverApi>): RaceSolverApi {
  const solver = lazy(load);

  return {
    protocol: RACE_SOLVER_PROTOCOL,

    raceTable: (goal, onProgress) =>
      withProgress(onProgress, "/onProgress", async (report) => {
        const g = int(snapshot(goal ?? SHIPPED_GOAL, "/goal"), "/goal", HINT_MIN_GOAL, HINT_MAX_GOAL);
        report("loading the solver", 0.02);
        return raceTableView(await solver(report), g, report);
      }),

    hint: (turn, race, onProgress) =>
      withProgress(onProgress, "/onProgress", async (report) => {
        const t = parseTurn(snapshot(turn, "/turn"), "/turn");
        const r = readRace(race ?? null)!;
        const s = await solver(report);
        // Solves (and caches) the race to its goal first, reporting; the hint itself is one turn solve.
        if (r.lastTurnTarget === undefined) solveRace(s, r.goal ?? SHIPPED_GOAL, report);
        return s.hint(t, r);
      }),

    endValue: (score, race, onProgress) =>
      withProgress(onProgress, "/onProgress", async (report) => {
        // The solver refuses points beyond its range (input), as for a hint.
        const points = int(snapshot(score, "/score"), "/score", 0, 10_000);
        const r = readRace(race ?? null)!;
        const s = await solver(report);
        if (r.lastTurnTarget === undefined) solveRace(s, r.goal ?? SHIPPED_GOAL, report);
        return s.endValue(points, r);
      }),
  };
}

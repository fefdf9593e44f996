/**
 * The solver worker's service (web/worker/solver-worker.ts): the long Train Game race solves, apart from the
 * game worker. The game worker is single-threaded: a race to 150 solved there (about 4 s in Wasm) would hold
 * every move behind it. So the page (web/worker/race-client.ts) sends race hints of goals without a shipped
 * table, and the solver page's policy maps, here: one solver worker per page, started on first use.
 *
 * Two verbs, each one round trip; `onProgress` (a `Comlink.proxy` from the page) hears the race solve, at most
 * every 1%, and is released when the call ends, answered or failed. Input is checked as in the game worker
 * (web/worker/service.ts): errors cross as plain WireErrors (`input` with the JSON pointer of the field).
 */
import { int, snapshot } from "../engine/common/input.ts";
import { parseTurn } from "../engine/train/parse.ts";
import type { TrainHintOption, TrainSolverApi } from "../solvers/train/api.ts";
import type { Progress, RaceContext, RaceTableView, TurnState } from "./protocol.ts";
import { HINT_MAX_GOAL, HINT_MIN_GOAL, SHIPPED_GOAL } from "../games/train/race.ts";
import { guard, lazy, type OnStage, raceTableView, readRace, releaseCallback, solveRace } from "./service.ts";

/** Bumped on incompatible changes of {@link RaceSolverApi}. */
export const RACE_SOLVER_PROTOCOL = 1;

export interface RaceSolverApi {
  readonly protocol: typeof RACE_SOLVER_PROTOCOL;
  /**
   * The race policy to `goal` (50..200; default 100, the shipped table): first answer for a goal not shipped
   * solves it (seconds), later ones read the cache.
   */
  raceTable(goal?: number, onProgress?: (p: Progress) => void): Promise<RaceTableView>;
  /** The hint of `turn` in the race `race` (its `goal` solved first if it is not at hand). */
  hint(turn: TurnState, race: RaceContext, onProgress?: (p: Progress) => void): Promise<TrainHintOption[]>;
}

/** The service over a solver loader (browser: the Wasm solver with the shipped table; Node tests: any). */
export function createRaceSolverService(load: (onStage?: OnStage) => Promise<TrainSolverApi>): RaceSolverApi {
  const solver = lazy(load);
  /** Runs `f` with a reporter over `onProgress`, which is released when `f` ends (no report after that). */
  const withProgress = <T>(
    onProgress: ((p: Progress) => void) | undefined,
    f: (report: OnStage) => Promise<T>,
  ) =>
    guard(async () => {
      let open = true;
      const report: OnStage = (stage, fraction) => {
        if (open) void onProgress?.({ stage, fraction });
      };
      try {
        return await f(report);
      } finally {
        open = false;
        releaseCallback(onProgress);
      }
    });

  return {
    protocol: RACE_SOLVER_PROTOCOL,

    raceTable: (goal, onProgress) =>
      withProgress(onProgress, async (report) => {
        const g = int(snapshot(goal ?? SHIPPED_GOAL, "/goal"), "/goal", HINT_MIN_GOAL, HINT_MAX_GOAL);
        report("loading the solver", 0.02);
        return raceTableView(await solver(report), g, report);
      }),

    hint: (turn, race, onProgress) =>
      withProgress(onProgress, async (report) => {
        const t = parseTurn(snapshot(turn, "/turn"), "/turn");
        const r = readRace(race ?? null)!;
        const s = await solver(report);
        // Solves (and caches) the race to its goal first, reporting; the hint itself is one turn solve.
        if (r.lastTurnTarget === undefined) solveRace(s, r.goal ?? SHIPPED_GOAL, report);
        return s.hint(t, r);
      }),
  };
}

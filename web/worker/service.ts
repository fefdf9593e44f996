/**
 * The implementation behind the worker protocol (web/worker/protocol.ts), independent of where it
 * runs: engine.worker.ts exposes it in the browser's module worker; the Node tests expose it over a
 * `worker_threads` MessageChannel with Comlink's node adapter.
 *
 * The engine is plain TypeScript and answers at once. The solver (Wasm) is loaded lazily, on the
 * first hint, bot move or table, through `options.loadTrainSolver`, and every solver method awaits
 * that one promise: nothing waits for Wasm that does not need it, and no top-level await can sit in
 * front of `Comlink.expose` (shared TOOLCHAIN.md).
 */
import * as Comlink from "comlink";
import { InputError, RuleError } from "../engine/common/errors.ts";
import { replay } from "../engine/common/game.ts";
import { scoreTrain, trainEngine } from "../engine/train/index.ts";
import type { TrainAction, TrainOptions, TurnState } from "../engine/train/types.ts";
import type { RaceContext, TrainSolverApi } from "../solvers/train/api.ts";
import type {
  ActResult,
  BotMode,
  Progress,
  RaceTableView,
  RailkitWorkerApi,
  TrainState,
  TrainView,
  TrainViewOptions,
  TrainWorkerApi,
  WireError,
} from "./protocol.ts";

/** What the service needs from the train solver package (web/solvers/train). */
export interface TrainSolverBundle {
  solver: TrainSolverApi;
  /** The computer's move for the seat to move. */
  botAction(state: TrainState, mode: BotMode): TrainAction;
  /** The race as the seat to move sees it (web/solvers/train `raceContextOf`). */
  raceContext(state: TrainState): RaceContext;
}

export interface RailkitServiceOptions {
  /** Loads the train solver (browser: Wasm compiled from its URL; Node tests: from build/ or the TS reference). */
  loadTrainSolver: (onStage?: (stage: string, fraction: number) => void) => Promise<TrainSolverBundle>;
}

/** Any thrown value as a plain WireError (RuleError / InputError keep their ids). */
export function toWireError(e: unknown): WireError {
  if (e instanceof RuleError) return { kind: "rule", rule: e.rule, message: e.message };
  if (e instanceof InputError) return { kind: "input", rule: e.path, message: e.message };
  if (isWireError(e)) return { kind: e.kind, rule: e.rule, message: e.message };
  const message = e instanceof Error ? e.message : String(e);
  return { kind: "internal", rule: "", message };
}

function isWireError(e: unknown): e is WireError {
  return typeof e === "object" && e !== null && "kind" in e && "rule" in e && "message" in e;
}

/** Runs `f`, turning anything it throws into a thrown WireError (Comlink sends non-Errors as they are). */
async function guard<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw toWireError(e);
  }
}

/** Hints carry race win probabilities only in a two-player race (the race solver's own setting). */
function isTwoPlayerRace(state: TrainState): boolean {
  return state.options.players === 2 && state.options.variant === "race" && !state.over;
}

export function createRailkitService(options: RailkitServiceOptions): RailkitWorkerApi {
  let solverPromise: Promise<TrainSolverBundle> | undefined;

  /** The solver, loaded once; a failed load is retried on the next call. */
  function solver(onStage?: (stage: string, fraction: number) => void): Promise<TrainSolverBundle> {
    if (!solverPromise) {
      solverPromise = options.loadTrainSolver(onStage);
      solverPromise.catch(() => {
        solverPromise = undefined;
      });
    }
    return solverPromise;
  }

  async function makeView(state: TrainState, opts: TrainViewOptions | undefined): Promise<TrainView> {
    const view: TrainView = {
      state,
      legal: trainEngine.legalActions(state),
      turnScore: scoreTrain(state.turn.train, state.turn.banked),
    };
    if (opts?.hints && !state.over) {
      try {
        const s = await solver();
        view.hints = s.solver.hint(state.turn, isTwoPlayerRace(state) ? s.raceContext(state) : undefined);
      } catch (e) {
        view.hintError = toWireError(e);
      }
    }
    return view;
  }

  const train: TrainWorkerApi = {
    newGame: (opts: TrainOptions, seed: number | string, v?: TrainViewOptions) =>
      guard(() => makeView(trainEngine.setup(opts, seed), v)),

    act: (state: TrainState, action: TrainAction, v?: TrainViewOptions) =>
      guard(async (): Promise<ActResult> => {
        const r = trainEngine.apply(state, action);
        if (!r.ok) return { ok: false, error: toWireError(r.error) };
        return { ok: true, view: await makeView(r.state, v) };
      }),

    view: (state: TrainState, v?: TrainViewOptions) => guard(() => makeView(trainEngine.load(state), v)),

    replay: (opts: TrainOptions, seed: number | string, log: readonly TrainAction[], v?: TrainViewOptions) =>
      guard(() => makeView(replay(trainEngine, opts, seed, log), v)),

    legalActions: (state: TrainState) => guard(() => trainEngine.legalActions(state)),

    hint: (turn: TurnState, race?: RaceContext) =>
      guard(async () => (await solver()).solver.hint(turn, race)),

    botAction: (state: TrainState, mode: BotMode) =>
      guard(async () => (await solver()).botAction(state, mode)),

    expectedTurnScore: () => guard(async () => (await solver()).solver.expectedTurnScore()),

    raceTable: (onProgress?: (p: Progress) => void) =>
      guard(async (): Promise<RaceTableView> => {
        // Progress callbacks are Comlink proxies: fire and forget, never wait for the page.
        const report = (stage: string, fraction: number) => void onProgress?.({ stage, fraction });
        report("loading the solver", 0.02);
        const s = await solver(report);
        // The value iteration is one synchronous call; its row callback is forwarded at most every 1%.
        let last = -1;
        const table = s.solver.raceTable((done) => {
          if (done - last < 0.01 && done < 1) return;
          last = done;
          report("solving the two-player race", 0.15 + 0.85 * done);
        });
        const firstPlayerWins = s.solver.raceFirstPlayerWins();
        report("done", 1);
        // Copies: the solver keeps its own arrays; the copies are moved, not cloned, to the page.
        const winFirst = table.winFirst.slice();
        const freightStopAt = table.stopAt.slice();
        const out: RaceTableView = { goal: table.goal, winFirst, freightStopAt, firstPlayerWins };
        const transfers: ArrayBuffer[] = [winFirst.buffer, freightStopAt.buffer];
        return Comlink.transfer(out, transfers);
      }),

    save: (state: TrainState) => guard(() => trainEngine.save(state)),
    load: (json: string) => guard(() => trainEngine.load(json)),
  };

  return { protocol: 1, train: Comlink.proxy(train), string: null, light: null };
}

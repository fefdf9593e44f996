/**
 * The page side of the solver worker (web/worker/solver-worker.ts, service web/worker/race-solver.ts): long race
 * solves of The Train Game run there, so the game worker keeps answering moves meanwhile. One per page
 * ({@link sharedRaceSolver}), started on the first call; {@link createRaceSolverClient} makes a separate one (tests
 * pass a `worker_threads` endpoint).
 *
 * Errors arrive as {@link RailkitError}s, as from the game client. A lost worker (its `error` event) rejects the
 * calls in flight with `worker.lost`; the next call starts a fresh one. Progress reports cross on their own port
 * (the worker releases it when the call ends); a report that lands after the answer is dropped.
 */
import * as Comlink from "comlink";
import type { SolverThread } from "../games/types.ts";
import {
  type Progress,
  type RaceContext,
  type RaceTableView,
  RailkitError,
  type TrainHintOption,
  type TurnState,
  type WireError,
  WORKER_LOST,
} from "./protocol.ts";
import type { RaceSolverApi } from "./race-solver.ts";

export interface RaceSolverClient {
  /** The race policy to `goal` (default 100: the shipped table; others solved once, seconds). */
  raceTable(goal?: number, onProgress?: (p: Progress) => void): Promise<RaceTableView>;
  /** The hint of `turn` in `race` (its goal solved first, once, reporting progress). */
  hint(turn: TurnState, race: RaceContext, onProgress?: (p: Progress) => void): Promise<TrainHintOption[]>;
  /** The win chance in `race` of the turn ending now with `score` points (its goal solved first, once, reporting). */
  endValue(score: number, race: RaceContext, onProgress?: (p: Progress) => void): Promise<number>;
  /** True once the race to `goal` has been answered by this client's worker (its hints are then instant). */
  solved(goal: number): boolean;
  /** Stops the worker (calls in flight reject); the next call starts a fresh one. */
  terminate(): void;
}

interface Conn {
  remote: Comlink.Remote<RaceSolverApi>;
  stop(): void;
  lost: Promise<never>;
  lose(e: RailkitError): void;
}

const lostError = (message: string) => new RailkitError({ kind: "internal", rule: WORKER_LOST, message });

function toRailkitError(e: unknown): unknown {
  if (e instanceof RailkitError) return e;
  if (typeof e === "object" && e !== null && "kind" in e && "rule" in e && "message" in e)
    return new RailkitError(e as WireError);
  return e;
}

function connectSolverWorker(): SolverThread {
  const worker = new Worker(new URL("./solver-worker.ts", import.meta.url), { type: "module" });
  return { endpoint: worker, terminate: () => worker.terminate(), events: worker };
}

export interface RaceSolverClientOptions {
  /** Talk to this endpoint (tests: Comlink's nodeEndpoint) instead of starting the module worker. */
  endpoint?: Comlink.Endpoint;
  /**
   * Starts the solver thread (called on the first call, and again after a loss): the game worker passes its Kit's
   * (web/worker/engine.worker.ts). Default: the solver module worker, started from this page.
   */
  connect?: () => SolverThread;
}

export function createRaceSolverClient(options: RaceSolverClientOptions = {}): RaceSolverClient {
  let conn: Conn | null = null;
  const goals = new Set<number>();

  function open(): Conn {
    const c: SolverThread = options.endpoint
      ? { endpoint: options.endpoint, terminate: () => {} }
      : (options.connect ?? connectSolverWorker)();
    let lose: (e: RailkitError) => void = () => {};
    const lost = new Promise<never>((_, reject) => {
      lose = reject;
    });
    lost.catch(() => {}); // observed only through the calls racing it
    const remote = Comlink.wrap<RaceSolverApi>(c.endpoint);
    const self: Conn = {
      remote,
      lost,
      lose,
      stop: () => {
        try {
          remote[Comlink.releaseProxy]();
        } catch {
          // already released
        }
        c.terminate();
      },
    };
    c.events?.addEventListener("error", (e) => {
      e.preventDefault();
      drop(self, "the railkit solver worker failed");
    });
    return self;
  }

  function drop(c: Conn, message: string): void {
    if (conn !== c) return;
    conn = null;
    goals.clear();
    c.stop();
    c.lose(lostError(message));
  }

  /** One call with a progress callback (proxied for the call, released by the worker when it ends). */
  async function call<T>(
    onProgress: ((p: Progress) => void) | undefined,
    f: (remote: Comlink.Remote<RaceSolverApi>, report?: (p: Progress) => void) => Promise<T>,
  ): Promise<T> {
    conn ??= open();
    const c = conn;
    let done = false;
    const report = onProgress
      ? Comlink.proxy((p: Progress) => {
          if (!done) onProgress(p);
        })
      : undefined;
    try {
      return await Promise.race([Promise.resolve().then(() => f(c.remote, report)), c.lost]);
    } catch (e) {
      throw toRailkitError(e);
    } finally {
      done = true;
    }
  }

  return {
    raceTable: async (goal, onProgress) => {
      const t = await call(onProgress, (r, report) => r.raceTable(goal, report));
      goals.add(t.goal);
      return t;
    },
    hint: async (turn, race, onProgress) => {
      const h = await call(onProgress, (r, report) => r.hint(turn, race, report));
      if (race.goal !== undefined && race.lastTurnTarget === undefined) goals.add(race.goal);
      return h;
    },
    endValue: async (score, race, onProgress) => {
      const v = await call(onProgress, (r, report) => r.endValue(score, race, report));
      if (race.goal !== undefined && race.lastTurnTarget === undefined) goals.add(race.goal);
      return v;
    },
    solved: (goal) => goals.has(goal),
    terminate: () => {
      if (conn) drop(conn, "the railkit solver worker was stopped");
    },
  };
}

let shared: RaceSolverClient | undefined;

/** The page's one solver worker client, shared by every element (the worker starts on the first call). */
export function sharedRaceSolver(): RaceSolverClient {
  shared ??= createRaceSolverClient();
  return shared;
}

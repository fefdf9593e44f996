/**
 * The page side of the railkit worker. One client (one worker) serves every element on a page:
 * elements call {@link sharedRailkitClient}; {@link createRailkitClient} makes a separate one (tests,
 * or a page that wants its own worker).
 *
 * `client.train`, `client.string` and `client.light` are the worker's game namespaces as they are
 * (web/worker/protocol.ts: `newGame`, `act`, `undo`, `view`, `hints`, `botMove`, `save`, `load`, `replay`,
 * `close`; the train adds `prepare`, `hint`, `expectedTurnScore`, `raceTable`); a failure arrives as a
 * {@link RailkitError} (`kind`, `rule`, `message`) instead of the plain object the worker sends. An
 * argument that cannot cross to the worker at all (a function, a DOM node: a `DataCloneError`) is the
 * page's input, so it rejects with `kind: "input"`, not `internal`.
 *
 * Worker faults: the client watches its worker (`error` / `messageerror` events, and a ping while calls
 * are pending so that a worker that stopped answering is noticed after `hangTimeoutMs`). When the worker
 * is lost, every pending call rejects with a RailkitError (`kind: "internal"`, `rule: "worker.lost"`),
 * the fault listeners hear about it, and the client starts a fresh worker at once (at most
 * `maxRestarts` in a minute): later calls go to the new one. The games the old worker held are gone with
 * it (their handles are unknown to the new one): callers restore them with `replay(options, seed, log)`,
 * as the element session controller (web/elements/common/session.ts) does.
 */
import * as Comlink from "comlink";
import {
  type ActResult,
  type BotMode,
  type BotMove,
  type GameHandle,
  type GameId,
  type GameTypes,
  type GameView,
  type GameWorkerApi,
  type HintsAnswer,
  isUnknownGame,
  type LightTypes,
  type LightWorkerApi,
  type Progress,
  type RaceTableView,
  RailkitError,
  type RailkitWorkerApi,
  type StringTypes,
  type StringWorkerApi,
  type TrainAction,
  type TrainOptions,
  type TrainState,
  type TrainTypes,
  type TrainView,
  type TrainWorkerApi,
  type WireError,
} from "./protocol.ts";

/**
 * The Train Game through the worker: the worker's API as it is, every call one message round trip (`raceTable`'s
 * `onProgress` is called on the page; the client wraps it in `Comlink.proxy`).
 */
export type TrainClient = TrainWorkerApi;
export type StringClient = StringWorkerApi;
export type LightClient = LightWorkerApi;

/** The rule id of the RailkitError a call rejects with when the worker was lost under it. */
export const WORKER_LOST = "worker.lost";

/** What fault listeners hear: the worker was lost (and, if `restarted`, a fresh one already runs). */
export interface WorkerFault {
  /** `kind: "internal"`, `rule: "worker.lost"`; the message says what happened. */
  error: RailkitError;
  /** A fresh worker was started; false when the client was terminated or gave up (too many restarts). */
  restarted: boolean;
  /** How many workers this client has started since it was made (1 for the first). */
  workers: number;
}

export interface RailkitClient {
  readonly train: TrainClient;
  readonly string: StringClient;
  readonly light: LightClient;
  /** How many workers this client has started (1, then one more per restart). */
  readonly workers: number;
  /** Hears every worker fault (see {@link WorkerFault}); returns the function that stops listening. */
  onFault(listener: (fault: WorkerFault) => void): () => void;
  /**
   * Drops the current worker (pending calls reject with `worker.lost`, fault listeners hear `reason`) and
   * starts a fresh one. Elements call it after an unexpected (`internal`) failure of a call.
   */
  restart(reason?: string): void;
  /**
   * For tests: kills the worker as a crash would (`Worker.terminate()`, no clean shutdown). With
   * `{ silent: true }` the client is not told: it notices through its ping watchdog, as for a hung worker
   * (only while a call is pending). Otherwise it notices at once, as from the worker's `error` event.
   */
  debugKillWorker(options?: { silent?: boolean }): void;
  /**
   * For tests: asks the worker to throw an uncaught error (a plain message the module worker answers with
   * `setTimeout(() => { throw … })`), so that its real `error` event reaches the client.
   */
  debugCrashWorker(): void;
  /** Stops the worker for good (pending and later calls reject; fault listeners are not called). */
  terminate(): void;
}

/** One started worker (or other endpoint), as made by {@link RailkitClientOptions.connect}. */
export interface WorkerConnection {
  endpoint: Comlink.Endpoint;
  /** Stops it (Worker.terminate(), closing a port…). */
  terminate(): void;
  /** Where `error` and `messageerror` events arrive (the Worker itself); none for plain ports. */
  events?: EventTarget;
}

export interface RailkitClientOptions {
  /**
   * Talk to this endpoint instead of starting the module worker (e.g. Comlink's nodeEndpoint in tests).
   * A client on a fixed endpoint cannot restart it: after a fault every call rejects.
   */
  endpoint?: Comlink.Endpoint;
  /** Starts a worker (default: the railkit module worker); called again for each restart. */
  connect?: () => WorkerConnection;
  /** A worker that answers nothing (not even a ping) for this long while calls are pending is lost. Default 60 000. */
  hangTimeoutMs?: number;
  /** Restarts allowed within a minute before the client gives up (every call then rejects). Default 5. */
  maxRestarts?: number;
}

function isWireError(e: unknown): e is WireError {
  return typeof e === "object" && e !== null && "kind" in e && "rule" in e && "message" in e;
}

/** Awaits a remote call, turning a rejected WireError (or a transport Error) into a RailkitError. */
async function settle<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof RailkitError) throw e;
    if (isWireError(e)) throw new RailkitError(e);
    const message = e instanceof Error ? e.message : String(e);
    // postMessage could not copy an argument: the page's input, not a fault of the worker.
    const kind = (e as { name?: unknown } | null)?.name === "DataCloneError" ? "input" : "internal";
    throw new RailkitError({ kind, rule: "", message });
  }
}

/** The default connection: the railkit module worker. */
function connectModuleWorker(): WorkerConnection {
  const worker = new Worker(new URL("./engine.worker.ts", import.meta.url), { type: "module" });
  return { endpoint: worker, terminate: () => worker.terminate(), events: worker };
}

/** One live connection: its Comlink proxy and the promise that rejects when it is lost. */
interface Link {
  conn: WorkerConnection;
  remote: Comlink.Remote<RailkitWorkerApi>;
  lost: Promise<never>;
  lose: (e: RailkitError) => void;
  dead: boolean;
  detach: () => void;
}

const lostError = (message: string) => new RailkitError({ kind: "internal", rule: WORKER_LOST, message });

/** Starts a worker (or uses `options.endpoint`) and wraps it; restarts it when it is lost. */
export function createRailkitClient(options: RailkitClientOptions = {}): RailkitClient {
  const fixed = options.endpoint;
  const connect: (() => WorkerConnection) | undefined = fixed
    ? undefined
    : (options.connect ?? connectModuleWorker);
  const hangTimeoutMs = options.hangTimeoutMs ?? 60_000;
  const maxRestarts = options.maxRestarts ?? 5;
  const listeners = new Set<(f: WorkerFault) => void>();
  const restarts: number[] = [];
  let workers = 0;
  let terminated = false;
  let link: Link;

  function open(): Link {
    const conn: WorkerConnection = fixed ? { endpoint: fixed, terminate: () => {} } : connect!();
    workers++;
    let lose: (e: RailkitError) => void = () => {};
    const lost = new Promise<never>((_, reject) => {
      lose = reject;
    });
    lost.catch(() => {}); // only observed through the calls racing it
    const onError = (e: Event) => {
      e.preventDefault(); // handled here: not reported again as the page's own uncaught error
      // An ErrorEvent carries the worker's message; a plain Event means the script could not be loaded.
      const message = (e as Partial<ErrorEvent>).message;
      const detail = typeof message === "string" && message ? `: ${message}` : " (it could not be loaded)";
      fault(l, `the railkit worker failed${detail}`);
    };
    const onMessageError = () => fault(l, "the railkit worker sent a message that could not be read");
    conn.events?.addEventListener("error", onError);
    conn.events?.addEventListener("messageerror", onMessageError);
    const l: Link = {
      conn,
      remote: Comlink.wrap<RailkitWorkerApi>(conn.endpoint),
      lost,
      lose,
      dead: false,
      detach: () => {
        conn.events?.removeEventListener("error", onError);
        conn.events?.removeEventListener("messageerror", onMessageError);
      },
    };
    return l;
  }

  /** Drops a lost link: rejects its calls, tells the listeners, starts the next worker (if allowed). */
  function fault(l: Link, message: string, notify = true): void {
    if (l.dead) return;
    l.dead = true;
    l.detach();
    try {
      l.remote[Comlink.releaseProxy]();
    } catch {
      // a proxy over a dead endpoint may refuse to release: nothing to free then
    }
    l.conn.terminate();
    const error = lostError(message);
    l.lose(error);
    const now = Date.now();
    while (restarts.length > 0 && now - restarts[0]! > 60_000) restarts.shift();
    let restarted = false;
    if (!terminated && connect && restarts.length < maxRestarts) {
      restarts.push(now);
      link = open();
      restarted = true;
    }
    const f: WorkerFault = { error, restarted, workers };
    if (notify)
      for (const listener of [...listeners]) {
        try {
          listener(f);
        } catch (e) {
          queueMicrotask(() => {
            throw e;
          });
        }
      }
  }

  // ---- the watchdog: while calls are pending, ping; no sign of life for hangTimeoutMs = lost -----------
  let pending = 0;
  let lastAlive = 0;
  let pinging: Link | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  const tick = () => {
    const l = link;
    if (l.dead) return;
    if (Date.now() - lastAlive > hangTimeoutMs) {
      fault(l, `the railkit worker stopped answering (nothing for ${Math.round(hangTimeoutMs / 1000)} s)`);
      return;
    }
    if (pinging === l) return;
    pinging = l;
    // A Comlink GET: answered as soon as the worker's event loop is free.
    Promise.race([Promise.resolve(l.remote.protocol), l.lost]).then(
      () => {
        if (pinging === l) pinging = null;
        lastAlive = Date.now();
      },
      () => {
        if (pinging === l) pinging = null;
      },
    );
  };
  const alive = () => {
    lastAlive = Date.now();
  };
  const begin = () => {
    if (pending++ === 0) {
      lastAlive = Date.now();
      timer = setInterval(tick, Math.max(10, Math.min(1000, hangTimeoutMs / 4)));
    }
  };
  const end = () => {
    alive();
    if (--pending === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
    }
  };

  link = open();

  /** Runs one remote call on the current worker; rejects (RailkitError) if that worker is lost meanwhile. */
  async function call<T>(f: (remote: Comlink.Remote<RailkitWorkerApi>) => Promise<T>): Promise<T> {
    if (terminated) throw lostError("the railkit client was terminated");
    const l = link;
    if (l.dead) throw lostError("the railkit worker failed too often and was not restarted; reload the page");
    begin();
    try {
      // A DataCloneError is thrown synchronously by postMessage: inside the race, so settle sees it.
      return await settle(Promise.race([Promise.resolve().then(() => f(l.remote)), l.lost]));
    } finally {
      end();
    }
  }

  /**
   * One game's namespace: each verb forwarded by name to the same verb of `game` in the worker (results
   * cross as structured clones, exactly the types the protocol names).
   */
  function gameClient<T extends GameTypes>(game: GameId): GameWorkerApi<T> {
    const verb =
      (name: keyof GameWorkerApi<T>) =>
      (...args: unknown[]) =>
        call((r) => {
          // Comlink's Remote<> cannot be indexed by a game id held in a variable; the verb and its
          // arguments are the protocol's own, so the untyped hop is only the name lookup.
          const ns = r[game as "train"] as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
          return ns[name]!(...args);
        });
    return {
      newGame: verb("newGame"),
      act: verb("act"),
      undo: verb("undo"),
      view: verb("view"),
      hints: verb("hints"),
      botMove: verb("botMove"),
      save: verb("save"),
      load: verb("load"),
      replay: verb("replay"),
      close: verb("close"),
    } as GameWorkerApi<T>;
  }

  const train: TrainClient = {
    ...gameClient<TrainTypes>("train"),
    hint: (turn, race) => call((r) => r.train.hint(turn, race)),
    prepare: (files) => call((r) => r.train.prepare(files)),
    expectedTurnScore: () => call((r) => r.train.expectedTurnScore()),
    raceTable: async (onProgress) => {
      // Progress arrives on its own MessagePort, so a late report can land after the result: drop it.
      // A report is also a sign of life for the watchdog (the solve itself blocks the worker for seconds).
      let done = false;
      const report = Comlink.proxy((p: Progress) => {
        alive();
        if (!done) onProgress?.(p);
      });
      try {
        return await call((r) => r.train.raceTable(report));
      } finally {
        done = true;
      }
    },
  };
  return {
    train,
    string: {
      ...gameClient<StringTypes>("string"),
      viewHints: (state, options) => call((r) => r.string.viewHints(state, options)),
    },
    light: {
      ...gameClient<LightTypes>("light"),
      viewHints: (state, options) => call((r) => r.light.viewHints(state, options)),
    },
    get workers() {
      return workers;
    },
    onFault(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart(reason = "the railkit worker was restarted") {
      if (!terminated) fault(link, reason);
    },
    debugKillWorker({ silent = false } = {}) {
      if (silent) link.conn.terminate();
      else fault(link, "the railkit worker was killed");
    },
    debugCrashWorker() {
      link.conn.endpoint.postMessage({ railkitDebugCrash: "uncaught" });
    },
    terminate() {
      terminated = true;
      fault(link, "the railkit client was terminated", false);
    },
  };
}

let shared: RailkitClient | undefined;

/** The page's one client, started on first use and shared by every railkit element. */
export function sharedRailkitClient(): RailkitClient {
  shared ??= createRailkitClient();
  return shared;
}

export type {
  ActResult,
  BotMode,
  BotMove,
  GameHandle,
  GameView,
  HintsAnswer,
  Progress,
  RaceTableView,
  TrainAction,
  TrainOptions,
  TrainState,
  TrainView,
  WireError,
};
export { isUnknownGame, RailkitError };

/**
 * The page side of the railkit worker. One client (one worker) serves every element on a page:
 * elements call {@link sharedRailkitClient}; {@link createRailkitClient} makes a separate one (tests,
 * or a page that wants its own worker).
 *
 * `client.<id>` is the worker's namespace of the registered game `id` as it is (web/worker/protocol.ts: `newGame`,
 * `act`, `undo`, `view`, `hints`, `viewHints`, `onlineView`, `botMove`, `save`, `load`, `replay`, `close`, and the game's own
 * verbs: the train adds `prepare`, `hint`, `expectedTurnScore`, `raceTable`), typed by a mapped type over the
 * registry; `client.game(id)` is the same namespace for an id held in a variable (a game only a test registers).
 * The client names no game and holds no game's code: a verb is forwarded by its name, and a function argument (a
 * progress callback) crosses as a `Comlink.proxy`, its late reports dropped. A failure arrives as a
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
import { why } from "../engine/common/input.ts";
import {
  COMMON_VERBS,
  type GameNamespace,
  isUnknownGame,
  type Progress,
  RailkitError,
  type RailkitWorkerApi,
  type Registered,
  type RegisteredId,
  type WireError,
  WORKER_LOST,
} from "./protocol.ts";
import { isWireError } from "./wire.ts";

/** The namespace of a registered game on the page: the worker's verbs as they are, each one round trip. */
export type GameClient<Id extends RegisteredId> = GameNamespace<Extract<Registered, { id: Id }>>;
export type TrainClient = GameClient<"train">;
export type StringClient = GameClient<"string">;
export type LightClient = GameClient<"light">;
/** A game's namespace for an id held in a variable: the verbs by name, untyped arguments. */
export type AnyGameClient = Record<string, (...args: unknown[]) => Promise<unknown>>;

export { WORKER_LOST };

/** What fault listeners hear: the worker was lost (and, if `restarted`, a fresh one already runs). */
export interface WorkerFault {
  /** `kind: "internal"`, `rule: "worker.lost"`; the message says what happened. */
  error: RailkitError;
  /** A fresh worker was started; false when the client was terminated or gave up (too many restarts). */
  restarted: boolean;
  /** How many workers this client has started since it was made (1 for the first). */
  workers: number;
}

/** The client's own members (beside one namespace per registered game: {@link RailkitClient}). */
export interface RailkitClientBase {
  /** The namespace of game `id` (any id the worker serves; one it does not serve rejects every call). */
  game(id: string): AnyGameClient;
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

/** The page's client: its own members, and one namespace per registered game (`client.train.hints(…)`). */
export type RailkitClient = RailkitClientBase & { readonly [Id in RegisteredId]: GameClient<Id> };

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

/**
 * A call's arguments could not be sent: postMessage could not copy them (a function: DataCloneError; 10⁵ levels of
 * nesting: RangeError) or Comlink could not read them (a revoked Proxy: TypeError). The page's input, not a fault
 * of the worker, which never saw the call.
 */
class Unsent {
  constructor(readonly cause: unknown) {}
}

/** `endpoint`, with anything its postMessage throws marked {@link Unsent}. */
function sending(endpoint: Comlink.Endpoint): Comlink.Endpoint {
  return {
    postMessage: (message: unknown, transfer?: Transferable[]) => {
      try {
        endpoint.postMessage(message, transfer);
      } catch (e) {
        throw new Unsent(e);
      }
    },
    addEventListener: endpoint.addEventListener.bind(endpoint),
    removeEventListener: endpoint.removeEventListener.bind(endpoint),
    ...(endpoint.start ? { start: endpoint.start.bind(endpoint) } : {}),
  };
}

/** Awaits a remote call, turning a rejected WireError (or a transport Error) into a RailkitError. */
async function settle<T>(p: Promise<T>): Promise<T> {
  try {
    return await p;
  } catch (e) {
    if (e instanceof RailkitError) throw e;
    if (e instanceof Unsent) {
      const message = `the arguments cannot be sent to the worker: ${why(e.cause)}`;
      throw new RailkitError({ kind: "input", rule: "", message });
    }
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
      remote: Comlink.wrap<RailkitWorkerApi>(sending(conn.endpoint)),
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
      // Arguments that cannot be sent fail synchronously (Comlink reading them, or postMessage: see sending), inside
      // the race, so settle sees them as Unsent: the page's input.
      const sent = Promise.resolve().then(() => {
        try {
          return f(l.remote);
        } catch (e) {
          throw new Unsent(e);
        }
      });
      return await settle(Promise.race([sent, l.lost]));
    } finally {
      end();
    }
  }

  /**
   * A progress callback of the page as it crosses: a Comlink proxy (the worker releases it when the call ends); a
   * report is a sign of life for the watchdog (a long solve may keep the worker's answer waiting), and one that
   * lands after the answer (it crosses on its own port) is dropped.
   */
  function crossing(cb: (...a: unknown[]) => unknown): { arg: unknown; end(): void } {
    let done = false;
    return {
      arg: Comlink.proxy((...a: unknown[]) => {
        alive();
        if (!done) cb(...a);
      }),
      end: () => {
        done = true;
      },
    };
  }

  /** Calls `verb` of namespace `id` in the worker with `args` (function arguments as proxied callbacks). */
  async function remoteCall(id: string, verb: string, args: unknown[]): Promise<unknown> {
    const crossed = args.map((a) =>
      typeof a === "function" ? crossing(a as (...x: unknown[]) => unknown) : null,
    );
    try {
      return await call((r) => {
        // Comlink's Remote<> is typed by the registry's ids; here the id and verb are strings from the page: the
        // untyped hop is only the name lookup (a namespace or verb the worker lacks rejects in the worker).
        const ns = (r as unknown as Record<string, Record<string, (...a: unknown[]) => Promise<unknown>>>)[
          id
        ]!;
        return ns[verb]!(...args.map((a, i) => crossed[i]?.arg ?? a));
      });
    } finally {
      for (const c of crossed) c?.end();
    }
  }

  /**
   * One game's namespace (made once per id): any verb forwarded by its name and kept on the namespace (so a caller
   * may wrap or replace one, as it could a plain object's method).
   */
  const namespaces = new Map<string, AnyGameClient>();
  function game(id: string): AnyGameClient {
    let ns = namespaces.get(id);
    if (!ns) {
      // The common verbs are own properties from the start, so that `{ ...client.train, hints }` keeps them (a
      // game's own verbs are made on first use: the client knows no game's verbs by name).
      const target: AnyGameClient = {};
      for (const verb of COMMON_VERBS) target[verb] = (...args: unknown[]) => remoteCall(id, verb, args);
      ns = new Proxy(target, {
        get(target, verb, receiver) {
          // Not a verb: symbols (inspection, iteration) and `then` (so a namespace is never taken for a promise).
          if (typeof verb !== "string" || verb === "then" || Reflect.has(target, verb))
            return Reflect.get(target, verb, receiver);
          const f = (...args: unknown[]) => remoteCall(id, verb, args);
          target[verb] = f;
          return f;
        },
      });
      namespaces.set(id, ns);
    }
    return ns;
  }

  const base: RailkitClientBase = {
    game,
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
  // `client.<id>`: the namespace of any other name (the registered ids, typed by RailkitClient).
  return new Proxy(base, {
    get(target, key, receiver) {
      if (typeof key !== "string" || key in target || key === "then")
        return Reflect.get(target, key, receiver);
      return game(key);
    },
  }) as RailkitClient;
}

let shared: RailkitClient | undefined;

/** The page's one client, started on first use and shared by every railkit element. */
export function sharedRailkitClient(): RailkitClient {
  shared ??= createRailkitClient();
  return shared;
}

export type { Progress, WireError };
export { isUnknownGame, RailkitError };

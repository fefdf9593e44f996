/**
 * The implementation behind the worker protocol (web/worker/protocol.ts), independent of where it runs:
 * engine.worker.ts exposes it in the browser's module worker; the Node tests expose it over a
 * `worker_threads` MessageChannel with Comlink's node adapter.
 *
 * A loop over the registry (web/games/registry.ts; tests hand in another list): one namespace per
 * {@link GameModule}, whose verbs (`newGame`, `act`, `undo`, `view`, `hints`, `viewHints`, `onlineView`, `botMove`, `save`,
 * `load`, `replay`, `close`, `review`) are written once here ({@link serveGame}), plus the module's own (`module.verbs`). It
 * names no game. The worker holds every game's state itself in a {@link GameStore} under the handle it handed
 * out: a page never sends a state back, so nothing it sends can make the worker trust a state the engine did not
 * make, and an action is applied to the held state without re-reading it.
 *
 * Every argument from the page is read once into a plain copy (`snapshot`) and checked; anything wrong is
 * an `InputError` (a `kind: "input"` WireError with the JSON pointer of the field). `internal` is left for
 * bugs and failed loads. Each module's solver loads lazily and once (`module.loadSolver(kit)`), on the first call
 * that needs it, and its faster engine (`module.loadEngine(kit)`) when a game of it is first shown: nothing waits
 * for Wasm that does not need it, and no top-level await can sit in front of `Comlink.expose`
 * (docs/toolchain.md § Comlink.expose first).
 */
import * as Comlink from "comlink";
import { InputError, type Result, RuleError } from "../engine/common/errors.ts";
import { type GameHeader, type GameId, MAX_LOG } from "../engine/common/game.ts";
import { arr, bool, seed as readSeed, snapshot } from "../engine/common/input.ts";
import { loadLevel, readLevel } from "../games/levels.ts";
import { MODULES } from "../games/registry.ts";
import { type GradedMove, reviewGame } from "../games/review.ts";
import { type EngineOf, type GameModule, type Kit, positionSeed } from "../games/types.ts";
import { deriveView } from "../games/view.ts";
import { nextTask } from "../solvers/next-task.ts";
import {
  type ActResult,
  type BotMove,
  COMMON_VERBS,
  type GameHandle,
  type GameTypes,
  type GameView,
  type GameWorkerApi,
  HANDLE_PATH,
  type HintsAnswer,
  MAX_GAMES,
  PROTOCOL,
  type RailkitWorkerApi,
  type WireError,
} from "./protocol.ts";
import { guard, lazy, readOptions, releaseCallback, toWireError, withProgress } from "./wire.ts";

export { guard, lazy, readOptions, releaseCallback, toWireError } from "./wire.ts";

/** A Kit for hosts without Wasm or shipped files (Node tests): the TypeScript twins, every race solved on need. */
export const TWIN_KIT: Kit = { wasm: () => null, data: async () => null };

export interface RailkitServiceOptions {
  /** The games served, one namespace each (default the registry, {@link MODULES}). */
  games?: readonly GameModule[];
  /** Where Wasm, shipped data and a solver thread come from (browser: engine.worker.ts); default {@link TWIN_KIT}. */
  kit?: Kit;
  /** Games held at once (default {@link MAX_GAMES}); the least recently used is dropped beyond it. */
  maxGames?: number;
}

// ---- the games held --------------------------------------------------------------------------------------

interface Held {
  game: GameId;
  state: GameHeader;
}

/**
 * The games the worker holds, by handle (`"<game>:<n>"`), least recently used first (a Map keeps insertion
 * order; every use moves a game to the end). Beyond `max` games the least recently used is dropped.
 */
export class GameStore {
  private readonly games = new Map<GameHandle, Held>();
  private next = 0;
  constructor(readonly max = MAX_GAMES) {}

  get size(): number {
    return this.games.size;
  }

  add(game: GameId, state: GameHeader): GameHandle {
    const handle = `${game}:${++this.next}`;
    this.games.set(handle, { game, state });
    while (this.games.size > this.max) this.games.delete(this.games.keys().next().value!);
    return handle;
  }

  /** The held game `handle` names; InputError at {@link HANDLE_PATH} if there is none or it is another game's. */
  get(game: GameId, handle: unknown): { handle: GameHandle; state: GameHeader } {
    if (typeof handle !== "string" || handle.length > 64)
      throw new InputError(`a game handle is a string from newGame, load or replay`, HANDLE_PATH);
    const held = this.games.get(handle);
    if (!held)
      throw new InputError(
        `the worker holds no game ${JSON.stringify(handle)} (closed, dropped, or from another worker: replay it)`,
        HANDLE_PATH,
      );
    if (held.game !== game)
      throw new InputError(
        `${JSON.stringify(handle)} is a ${held.game} game, not a ${game} game`,
        HANDLE_PATH,
      );
    this.games.delete(handle);
    this.games.set(handle, held);
    return { handle, state: held.state };
  }

  /** The state held under `handle` now (undefined if none), without counting as a use. */
  peek(handle: GameHandle): GameHeader | undefined {
    return this.games.get(handle)?.state;
  }

  set(handle: GameHandle, state: GameHeader): void {
    const held = this.games.get(handle);
    if (held) held.state = state;
  }

  delete(handle: unknown): void {
    if (typeof handle === "string") this.games.delete(handle);
  }
}

// ---- one game's verbs, written once ------------------------------------------------------------------------

type Hint = unknown;
type State = GameHeader;
type View = GameView<State, unknown>;

/**
 * The common verbs of one game over its module, holding its games in `store`. The solver loads once, on first
 * need (`solver`, shared with the module's own verbs); the faster engine (`module.loadEngine`) is asked for when a
 * game of this module is first shown, and used once ready (until then, or if it fails, `module.engine`: same rules).
 */
export function serveGame(
  module: GameModule,
  store: GameStore,
  kit: Kit,
  solver: () => Promise<unknown> = lazy(() => module.loadSolver(kit)),
): GameWorkerApi<GameTypes> {
  const { id } = module;
  let engine: EngineOf<GameModule extends GameModule<infer T> ? T : never> = module.engine;
  let engineAsked = false;
  const fastEngine = () => {
    if (engineAsked || !module.loadEngine) return;
    engineAsked = true;
    module.loadEngine(kit).then(
      (e) => {
        engine = e;
      },
      () => {}, // failed: the TypeScript kernels go on answering (same answers)
    );
  };
  const viewOf = (handle: GameHandle, state: State): View => {
    fastEngine();
    return { ...module.extras(state), game: id, handle, state, legal: engine.legalActions(state as never) };
  };
  const hold = (state: State): View => viewOf(store.add(id, state), state);
  const held = (handle: unknown) => store.get(id, handle);
  const settle = (handle: GameHandle, r: Result<State>): ActResult<View> => {
    if (!r.ok) return { ok: false, error: toWireError(r.error) };
    store.set(handle, r.state);
    return { ok: true, view: viewOf(handle, r.state) };
  };
  const over = (s: State) => s.over || s.current === null;
  const gameOver = () => new RuleError(`${id}.game-over`, "the game is over: no seat is to move");
  const none = (handle: GameHandle, at: number): HintsAnswer<Hint> => ({
    handle,
    at,
    player: null,
    hints: [],
  });
  /** The hint function for a call's options (checked against the module's keys and caps). */
  /** The module's bot named by a `botMove` call's options (its `readBot`). */
  const loadBot = (o: Record<string, unknown>) => {
    const { bot, work } = module.readBot(o);
    const spec = module.bots[bot];
    if (!spec) throw new Error(`${id} has no bot ${JSON.stringify(bot)}`); // readBot named it: a bug
    return spec.load(solver, work, () => engine);
  };
  const hintFn = (options: unknown) =>
    module.loadHints(solver, module.readHintOptions(readOptions(options, module.hintKeys)), () => engine);

  return {
    newGame: (options, seed) =>
      guard(() => hold(engine.setup(snapshot(options, "/options") as never, readSeed(seed, "/seed")))),

    act: (handle, action) =>
      guard(() => {
        const g = held(handle);
        return settle(g.handle, engine.apply(g.state as never, action as never));
      }),

    undo: (handle, player) =>
      guard(() => {
        const g = held(handle);
        return settle(g.handle, engine.undo(g.state as never, player));
      }),

    view: (handle) =>
      guard(() => {
        const g = held(handle);
        return viewOf(g.handle, g.state);
      }),

    hints: (handle, options, onProgress) =>
      guard(() => {
        const load = hintFn(options);
        return withProgress(onProgress, "/onProgress", async (report): Promise<HintsAnswer<Hint>> => {
          let g = held(handle);
          if (over(g.state)) return none(g.handle, g.state.log.length);
          const hint = await load;
          g = held(handle); // after the wait: the game may have moved on (or been dropped)
          if (over(g.state)) return none(g.handle, g.state.log.length);
          // The position searched: the game may move on while a cooperative search pauses (`at` says which).
          const { handle: h, state: s } = g;
          const stale = () => store.peek(h) !== s;
          const hints = await hint(s as never, stale, report);
          return { handle: h, at: s.log.length, player: s.current, hints };
        });
      }),

    viewHints: (state, options, onProgress) =>
      guard(() => {
        const load = hintFn(options);
        return withProgress(onProgress, "/onProgress", async (report): Promise<HintsAnswer<Hint>> => {
          if (!module.fromView) throw new InputError(`${id} hints take no view`, "/state");
          const { state: s, mover } = module.fromView(snapshot(state, "/state"));
          if (!mover || over(s)) return none("", s.log.length);
          const hint = await load;
          return { handle: "", at: s.log.length, player: s.current, hints: await hint(s, undefined, report) };
        });
      }),

    onlineView: (view, seat) =>
      guard(() => {
        fastEngine();
        return deriveView(module, snapshot(view, ""), snapshot(seat, "/seat"), engine) as unknown as View;
      }),

    botMove: (handle, options) =>
      guard(async (): Promise<BotMove<GameTypes["action"], View>> => {
        const { play = true, level, ...rest } = readOptions(options, ["play", "level", ...module.botKeys]);
        const playIt = bool(play, "/options/play");
        // A level (web/games/levels.ts) names its own bot and work: it takes no other bot option.
        if (level !== undefined && Object.keys(rest).length > 0)
          throw new InputError(`a level takes no ${Object.keys(rest).join(", ")}`, "/options/level");
        const choose = await (level === undefined
          ? loadBot(rest)
          : loadLevel(module, readLevel(level, "/options/level"), solver, () => engine));
        if (over(held(handle).state)) throw gameOver();
        let g = held(handle); // after the wait: the bot moves in the game as it is now
        if (over(g.state)) throw gameOver();
        const at = g.state;
        const action = await choose(at as never, positionSeed(at));
        g = held(handle);
        // The game moved on while a long move was solved (another call acted): that move is for a gone position.
        if (g.state !== at)
          throw new InputError("the game moved on while the computer chose its move: ask again", HANDLE_PATH);
        if (!playIt) return { action, view: null };
        const r = engine.apply(g.state as never, action as never);
        // A bot move the rules refuse is a bug, not the page's input: internal.
        if (!r.ok) throw new Error(`the computer chose a move the rules refuse: ${r.error.message}`);
        store.set(g.handle, r.state);
        return { action, view: viewOf(g.handle, r.state) };
      }),

    save: (handle) => guard(() => engine.save(held(handle).state as never)),

    load: (json) => guard(() => hold(engine.load(json))),

    replay: (options, seed, log) =>
      guard(() => {
        const entries = arr(snapshot(log, "/log"), "/log", MAX_LOG);
        let state: State = engine.setup(snapshot(options, "/options") as never, readSeed(seed, "/seed"));
        for (const [i, action] of entries.entries()) {
          const r = engine.apply(state as never, action as never);
          if (!r.ok) throw new InputError(`refused by the rules on replay: ${r.error.message}`, `/log/${i}`);
          state = r.state;
        }
        return hold(state);
      }),

    close: (handle) =>
      guard(() => {
        store.delete(handle);
      }),

    review: (handle, options, onMove, onProgress) =>
      guard(() => {
        const spec = module.review;
        if (!spec) throw new InputError(`${module.title} has no review`, "/game");
        const checked = spec.readOptions(readOptions(options, spec.keys));
        if (onMove !== undefined && typeof onMove !== "function")
          throw new InputError("a move callback is a function (Comlink.proxy)", "/onMove");
        return withProgress(onProgress, "/onProgress", async (report) => {
          try {
            // The game is looked up before the grader loads, so that a Stop (close) during the load ends the review
            // at its first move (`complete: false`, no move graded) instead of failing to find the game.
            const { handle: h, state: s } = held(handle);
            const reviewer = await spec.load(solver, checked, () => engine, report);
            let last = Date.now();
            return await reviewGame(module, engine, reviewer, s, {
              stale: () => store.peek(h) !== s,
              onMove: (move, done, total) => {
                if (onMove)
                  void (onMove as (m: GradedMove, d: number, t: number) => unknown)(move, done, total);
                report("grading moves", done / total);
              },
              // Cooperative: a pause after every ~8 ms of grading, so the other games' calls are answered.
              pause: async () => {
                if (Date.now() - last < 8) return;
                await nextTask();
                last = Date.now();
              },
            });
          } finally {
            releaseCallback(onMove);
          }
        });
      }),
  };
}

// ---- the service -------------------------------------------------------------------------------------------

/**
 * The worker's API over `games`: `protocol`, and per module a namespace (marked `Comlink.proxy`) of the common
 * verbs and the module's own. Modules share one {@link GameStore}; each loads its solver once, shared by its hints,
 * bots and own verbs.
 */
export function createRailkitService(options: RailkitServiceOptions = {}): RailkitWorkerApi {
  const games = options.games ?? MODULES;
  const kit = options.kit ?? TWIN_KIT;
  const store = new GameStore(options.maxGames ?? MAX_GAMES);
  const api: Record<string, unknown> = { protocol: PROTOCOL };
  for (const module of games) {
    if (module.id in api) throw new Error(`two games named ${JSON.stringify(module.id)}`);
    const solver = lazy(() => module.loadSolver(kit));
    const own = module.verbs?.(solver, kit) ?? {};
    for (const name of Object.keys(own))
      if ((COMMON_VERBS as readonly string[]).includes(name))
        throw new Error(`${module.id}'s own verb ${name} would hide the common one`);
    api[module.id] = Comlink.proxy({ ...serveGame(module, store, kit, solver), ...own });
  }
  // The namespaces are built from the modules given; their types are the registry's (protocol.ts).
  return refusingUnknown(api) as RailkitWorkerApi;
}

/**
 * The API as Comlink serves it, refusing what a page may name that is not there: a game no module registers
 * (`/game`) or a verb its namespace lacks (`/verb`) answers an `input` WireError, not the TypeError Comlink's path
 * walk would throw, which the page would take for a fault of the worker (`internal`). Only own properties are verbs.
 */
function refusingUnknown(api: Record<string, unknown>): Record<string, unknown> {
  const refuse = (message: string, rule: string) => () =>
    Promise.reject({ kind: "input", rule, message } satisfies WireError);
  const own = (t: object, k: string | symbol) => typeof k !== "string" || Object.hasOwn(t, k);
  const verbs = (ns: object, id: string) =>
    new Proxy(ns, {
      get: (t, k, r) =>
        own(t, k) ? Reflect.get(t, k, r) : refuse(`the ${id} game has no verb ${JSON.stringify(k)}`, "/verb"),
    });
  const out: Record<string, unknown> = {};
  for (const [id, ns] of Object.entries(api)) out[id] = id === "protocol" ? ns : verbs(ns as object, id);
  const ids = Object.keys(out).filter((id) => id !== "protocol");
  // Any name of a game the worker lacks: a namespace whose every verb refuses.
  const noGame = (id: string) =>
    new Proxy(
      {},
      {
        get: () => refuse(`no game ${JSON.stringify(id)} in this worker (games: ${ids.join(", ")})`, "/game"),
      },
    );
  return new Proxy(out, { get: (t, k, r) => (own(t, k) ? Reflect.get(t, k, r) : noGame(String(k))) });
}

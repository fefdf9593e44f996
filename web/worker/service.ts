/**
 * The implementation behind the worker protocol (web/worker/protocol.ts), independent of where it runs:
 * engine.worker.ts exposes it in the browser's module worker; the Node tests expose it over a
 * `worker_threads` MessageChannel with Comlink's node adapter.
 *
 * The verbs (`newGame`, `act`, `undo`, `view`, `hints`, `botMove`, `save`, `load`, `replay`, `close`) are
 * written once here, generic over a per-game {@link GamePlugin} (web/worker/plugins.ts: the engine, the
 * view's extras, the hints and the bot). The worker holds every game's state itself in a {@link GameStore}
 * under the handle it handed out: a page never sends a state back, so nothing it sends can make the
 * worker trust a state the engine did not make, and an action is applied to the held state without
 * re-reading it.
 *
 * Every argument from the page is read once into a plain copy (`snapshot`) and checked; anything wrong is
 * an `InputError` (a `kind: "input"` WireError with the JSON pointer of the field). `internal` is left for
 * bugs and failed loads. Solvers (Wasm) load lazily through the loaders in {@link RailkitServiceOptions}, on
 * the first call that needs them: nothing waits for Wasm that does not need it, and no top-level await can
 * sit in front of `Comlink.expose` (docs/toolchain.md § Comlink.expose first).
 */
import * as Comlink from "comlink";
import { InputError, type Result, RuleError } from "../engine/common/errors.ts";
import { type GameHeader, type GameId, MAX_LOG } from "../engine/common/game.ts";
import { arr, bool, int, obj, pointer, seed as readSeed, snapshot } from "../engine/common/input.ts";
import type { RouteGeometry } from "../engine/string/geometry/route.ts";
import { newTurn, parseTurn } from "../engine/train/index.ts";
import type { LightKernel } from "../solvers/light/kernel.ts";
import type { StringSolver } from "../solvers/string/index.ts";
import type { RaceContext, RaceTable, TrainSolverApi } from "../solvers/train/api.ts";
import { lightPlugin, stringPlugin, trainPlugin } from "./plugins.ts";
import {
  type ActResult,
  type BotMode,
  type BotMove,
  type GameHandle,
  type GameTypes,
  type GameView,
  type GameWorkerApi,
  HANDLE_PATH,
  type HintsAnswer,
  MAX_GAMES,
  MAX_TRAIN_FILE_BYTES,
  MAX_TRAIN_FILES,
  PROTOCOL,
  type Progress,
  type RaceTableView,
  type RailkitWorkerApi,
  type TrainAction,
  type TrainAssetFile,
  type TrainState,
  type TrainWorkerApi,
  type TurnState,
  type ViewHintsApi,
  type WireError,
} from "./protocol.ts";
import { HINT_MAX_GOAL, HINT_MIN_GOAL, SHIPPED_GOAL } from "../games/train/race.ts";

/** What the service needs from the train solver package (web/solvers/train). */
export interface TrainSolverBundle {
  solver: TrainSolverApi;
  /** The computer's move for the seat to move. */
  botAction(state: TrainState, mode: BotMode): TrainAction;
  /** The race as the seat to move sees it (web/solvers/train `raceContextOf`). */
  raceContext(state: TrainState): RaceContext;
}

export type OnStage = (stage: string, fraction: number) => void;

export interface RailkitServiceOptions {
  /** Loads the train solver (browser: Wasm compiled from its URL; Node tests: from build/ or the TS reference). */
  loadTrainSolver: (onStage?: OnStage) => Promise<TrainSolverBundle>;
  /**
   * The train solver's files a page may hand over with `train.prepare` (browser: web/worker/race-assets.ts): their
   * URLs, and where they go (`offer`, before the solver loads). Without it `prepare` takes no files.
   */
  trainFiles?: { urls: readonly string[]; offer(files: TrainAssetFile[]): void };
  /** Loads the String Railway planners (browser: the stringplan Wasm). Default: the TypeScript twin. */
  loadStringSolver?: () => Promise<StringSolver>;
  /** Loads the String Railway route geometry (browser: the string Wasm). Default: the engine's TypeScript twin. */
  loadStringGeometry?: () => Promise<RouteGeometry>;
  /** Loads the Light Rail search kernel (browser: the light Wasm). Default: the TypeScript twin. */
  loadLightKernel?: () => Promise<LightKernel>;
  /** Games held at once (default {@link MAX_GAMES}); the least recently used is dropped beyond it. */
  maxGames?: number;
}

// ---- errors ------------------------------------------------------------------------------------------------

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
export async function guard<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw toWireError(e);
  }
}

// ---- reading the page's arguments ------------------------------------------------------------------------

/**
 * A verb's options object: `undefined` is `{}`; otherwise a plain copy, with every key one of `known`
 * (a typo is refused rather than ignored).
 */
export function readOptions(
  x: unknown,
  known: readonly string[],
  path = "/options",
): Record<string, unknown> {
  if (x === undefined) return {};
  const o = obj(snapshot(x, path), path);
  for (const key of Object.keys(o))
    if (!known.includes(key))
      throw new InputError(
        `unknown option (known: ${known.length ? known.join(", ") : "none"})`,
        pointer(path, key),
      );
  return o;
}

/** Loads once; a failed load is forgotten, so the next call tries again. */
export function lazy<T>(load: (onStage?: OnStage) => Promise<T>): (onStage?: OnStage) => Promise<T> {
  let p: Promise<T> | undefined;
  return (onStage) => {
    if (!p) {
      p = load(onStage);
      p.catch(() => {
        p = undefined;
      });
    }
    return p;
  };
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

/** The engine as the service drives it (every engine's `defineEngine` result fits). */
export interface PluginEngine<S> {
  /** Options come from the page as plain JSON: the engine checks them (InputError at `/options/…`). */
  setup(options: never, seed: number | string): S;
  apply(state: S, action: unknown): Result<S>;
  legalActions(state: S): unknown[];
  load(json: unknown): S;
  save(state: S): string;
  undo(state: S, player: number): Result<S>;
}

/**
 * What a game brings to the service: its engine, the extras of its view, its hints and its bot. `Hints` is what its
 * hint function answers: the hints, or a Promise of them (a search that pauses, see `loadHints`).
 */
export interface GamePlugin<
  T extends GameTypes,
  Hints extends T["hint"][] | Promise<T["hint"][]> = T["hint"][] | Promise<T["hint"][]>,
> {
  readonly id: GameId;
  /** The engine the verbs run on, read at each call (a plug-in may switch it: String Railway's geometry). */
  readonly engine: PluginEngine<T["state"]>;
  /** The whole view: the common fields plus the game's extras. */
  view(base: GameView<T["state"], T["action"]>): T["view"];
  /** The option names `hints` takes (any other is refused). */
  readonly hintKeys: readonly string[];
  /** Checks `hints` options (InputError at `/options/…`); every option that sets work has a cap. */
  hintOptions(o: Record<string, unknown>): T["hintOptions"];
  /**
   * Loads what hints need (lazily) and returns the hint function for a position that is not over. A long search
   * answers with a Promise and pauses now and then (Light Rail: between batches), so the worker serves other calls;
   * `stale` then says whether the game has moved on from `state` meanwhile (the search may end early: the page
   * drops an answer for a position that is gone).
   */
  loadHints(options: T["hintOptions"]): Promise<(state: T["state"], stale?: () => boolean) => Hints>;
  /** The option names `botMove` takes besides `play`. */
  readonly botKeys: readonly string[];
  /** Checks `botMove` options (`play` already taken out). */
  botOptions(o: Record<string, unknown>): T["botOptions"];
  /** Loads what the bot needs (lazily) and returns its move function for a position that is not over. */
  loadBot(options: T["botOptions"]): Promise<(state: T["state"]) => T["action"]>;
  /**
   * A seat's view of an online match (its `state`, a snapshot) as a position for the hints, and whether the view
   * shows the seat to move what its hints need (false: another seat's view); InputError under `/state`.
   */
  fromView?(state: unknown): { state: T["state"]; mover: boolean };
}

/** The `viewHints` verb of a game whose plug-in reads views (String Railway, Light Rail). */
export function serveViewHints<T extends GameTypes>(plugin: GamePlugin<T>): ViewHintsApi<T> {
  return {
    viewHints: (state, options) =>
      guard(async (): Promise<HintsAnswer<T["hint"]>> => {
        const opts = plugin.hintOptions(readOptions(options, plugin.hintKeys));
        if (!plugin.fromView) throw new InputError(`${plugin.id} hints take no view`, "/state");
        const { state: s, mover } = plugin.fromView(snapshot(state, "/state"));
        if (!mover || s.over || s.current === null)
          return { handle: "", at: s.log.length, player: null, hints: [] };
        const hint = await plugin.loadHints(opts);
        return { handle: "", at: s.log.length, player: s.current, hints: await hint(s) };
      }),
  };
}

/** The common verbs of one game over its plug-in, holding its games in `store`. */
export function serveGame<T extends GameTypes>(plugin: GamePlugin<T>, store: GameStore): GameWorkerApi<T> {
  // `plugin.engine` is read at each call: a plug-in may switch engines (String Railway, once its Wasm geometry loads).
  const { id } = plugin;
  type S = T["state"];
  type V = T["view"];
  const viewOf = (handle: GameHandle, state: S): V =>
    plugin.view({ game: id, handle, state, legal: plugin.engine.legalActions(state) as T["action"][] });
  const hold = (state: S): V => viewOf(store.add(id, state), state);
  const held = (handle: unknown) => store.get(id, handle) as { handle: GameHandle; state: S };
  const settle = (handle: GameHandle, r: Result<S>): ActResult<V> => {
    if (!r.ok) return { ok: false, error: toWireError(r.error) };
    store.set(handle, r.state);
    return { ok: true, view: viewOf(handle, r.state) };
  };
  const over = (s: S) => s.over || s.current === null;
  const gameOver = () => new RuleError(`${id}.game-over`, "the game is over: no seat is to move");

  return {
    newGame: (options, seed) =>
      guard(() => hold(plugin.engine.setup(snapshot(options, "/options") as never, readSeed(seed, "/seed")))),

    act: (handle, action) =>
      guard(() => {
        const g = held(handle);
        return settle(g.handle, plugin.engine.apply(g.state, action));
      }),

    undo: (handle, player) =>
      guard(() => {
        const g = held(handle);
        return settle(g.handle, plugin.engine.undo(g.state, player));
      }),

    view: (handle) =>
      guard(() => {
        const g = held(handle);
        return viewOf(g.handle, g.state);
      }),

    hints: (handle, options) =>
      guard(async (): Promise<HintsAnswer<T["hint"]>> => {
        const opts = plugin.hintOptions(readOptions(options, plugin.hintKeys));
        let g = held(handle);
        const none = () => ({ handle: g.handle, at: g.state.log.length, player: null, hints: [] });
        if (over(g.state)) return none();
        const hint = await plugin.loadHints(opts);
        g = held(handle); // after the wait: the game may have moved on (or been dropped)
        if (over(g.state)) return none();
        // The position searched: the game may move on while a cooperative search pauses (`at` says which).
        const { handle: h, state: s } = g;
        const stale = () => store.peek(h) !== s;
        return { handle: h, at: s.log.length, player: s.current, hints: await hint(s, stale) };
      }),

    botMove: (handle, options) =>
      guard(async (): Promise<BotMove<T["action"], V>> => {
        const { play = true, ...rest } = readOptions(options, ["play", ...plugin.botKeys]);
        const opts = plugin.botOptions(rest);
        if (over(held(handle).state)) throw gameOver();
        const choose = await plugin.loadBot(opts);
        const g = held(handle); // after the wait: the bot moves in the game as it is now
        if (over(g.state)) throw gameOver();
        const action = choose(g.state);
        if (!bool(play, "/options/play")) return { action, view: null };
        const r = plugin.engine.apply(g.state, action);
        // A bot move the rules refuse is a bug, not the page's input: internal.
        if (!r.ok) throw new Error(`the computer chose a move the rules refuse: ${r.error.message}`);
        store.set(g.handle, r.state);
        return { action, view: viewOf(g.handle, r.state) };
      }),

    save: (handle) => guard(() => plugin.engine.save(held(handle).state)),

    load: (json) => guard(() => hold(plugin.engine.load(json))),

    replay: (options, seed, log) =>
      guard(() => {
        const entries = arr(snapshot(log, "/log"), "/log", MAX_LOG);
        let state = plugin.engine.setup(snapshot(options, "/options") as never, readSeed(seed, "/seed"));
        for (const [i, action] of entries.entries()) {
          const r = plugin.engine.apply(state, action);
          if (!r.ok) throw new InputError(`refused by the rules on replay: ${r.error.message}`, `/log/${i}`);
          state = r.state;
        }
        return hold(state);
      }),

    close: (handle) =>
      guard(() => {
        store.delete(handle);
      }),
  };
}

// ---- the service -------------------------------------------------------------------------------------------

/**
 * The race context of `train.hint`, checked (scores are whole points, the goal 50..200; the solver checks the
 * scores against the goal).
 */
export function readRace(x: unknown): RaceContext | undefined {
  if (x === undefined) return undefined;
  const o = readOptions(x, ["goal", "me", "opponent", "first", "lastTurnTarget"], "/race");
  const score = (key: string) => int(o[key], `/race/${key}`, 0, 10_000);
  const race: RaceContext = {
    me: score("me"),
    opponent: score("opponent"),
    first: bool(o.first, "/race/first"),
  };
  if (o.goal !== undefined) race.goal = int(o.goal, "/race/goal", HINT_MIN_GOAL, HINT_MAX_GOAL);
  if (o.lastTurnTarget !== undefined) race.lastTurnTarget = score("lastTurnTarget");
  return race;
}

/**
 * The files of `train.prepare`, checked: an array of at most {@link MAX_TRAIN_FILES} `{ url, bytes }`, each URL one
 * of `urls` (once), each `bytes` an ArrayBuffer of at most {@link MAX_TRAIN_FILE_BYTES}; plain copies of the fields.
 */
export function readTrainFiles(x: unknown, urls: readonly string[]): TrainAssetFile[] {
  if (x === undefined) return [];
  const list = arr(x, "/files", MAX_TRAIN_FILES);
  const seen = new Set<string>();
  return list.map((item, i) => {
    const path = `/files/${i}`;
    const o = obj(item, path);
    for (const key of Object.keys(o))
      if (key !== "url" && key !== "bytes")
        throw new InputError("unknown field (known: url, bytes)", pointer(path, key));
    const url: unknown = o.url;
    const bytes: unknown = o.bytes;
    if (typeof url !== "string" || !urls.includes(url))
      throw new InputError(
        urls.length ? "not the URL of one of the solver's files" : "this worker takes no files",
        `${path}/url`,
      );
    if (seen.has(url)) throw new InputError("the same file twice", `${path}/url`);
    seen.add(url);
    if (!(bytes instanceof ArrayBuffer) || bytes.byteLength > MAX_TRAIN_FILE_BYTES)
      throw new InputError(`an ArrayBuffer of at most ${MAX_TRAIN_FILE_BYTES} bytes`, `${path}/bytes`);
    return { url, bytes };
  });
}

/**
 * Releases a progress callback the page passed as a `Comlink.proxy` (each such proxy holds a MessagePort open on
 * both sides until released); a plain function (a call inside one thread) has nothing to release. Called when the
 * call that took it ends, answered or failed: no report may follow.
 */
export function releaseCallback(cb: unknown): void {
  if (typeof cb !== "function") return;
  try {
    // On a Comlink proxy any property is a function; reading one of a released proxy throws.
    const release: unknown = (cb as unknown as Record<symbol, unknown>)[Comlink.releaseProxy];
    if (typeof release === "function") release();
  } catch {
    // already released, or its port is gone with the page: nothing left to free
  }
}

/** The race table to `goal`, solved now unless at hand; `report` hears the solve at most every 1% (0.15..1). */
export function solveRace(solver: TrainSolverApi, goal: number, report: OnStage): RaceTable {
  // The value iteration is one synchronous call; its row callback is forwarded at most every 1%.
  let last = -1;
  return solver.raceTable((done) => {
    if (done - last < 0.01 && done < 1) return;
    last = done;
    report(`solving the race to ${goal}`, 0.15 + 0.85 * done);
  }, goal);
}

/**
 * The race table to `goal` as the solver page draws it, moved (not cloned) to the page; `report` hears the solve
 * (at most every 1%, from 0.15 to 1) when the race is not at hand yet.
 */
export function raceTableView(solver: TrainSolverApi, goal: number, report: OnStage): RaceTableView {
  const table = solveRace(solver, goal, report);
  const firstPlayerWins = solver.raceFirstPlayerWins(goal);
  report("done", 1);
  // Copies: the solver keeps its own arrays; the copies are moved, not cloned, to the page.
  const winFirst = table.winFirst.slice();
  const freightStopAt = table.stopAt.slice();
  const out: RaceTableView = { goal: table.goal, winFirst, freightStopAt, firstPlayerWins };
  const transfers: ArrayBuffer[] = [winFirst.buffer, freightStopAt.buffer];
  return Comlink.transfer(out, transfers);
}

/** The race of the warm-up hint (`prepare`): any race the shipped table holds; the answer is not used. */
const WARM_UP_RACE: RaceContext = { goal: SHIPPED_GOAL, me: 40, opponent: 60, first: false };

export function createRailkitService(options: RailkitServiceOptions): RailkitWorkerApi {
  const store = new GameStore(options.maxGames ?? MAX_GAMES);
  const trainSolver = lazy(options.loadTrainSolver);
  const stringSolver = lazy(
    options.loadStringSolver ??
      (async () => (await import("../solvers/string/index.ts")).createStringSolverReference()),
  );
  const lightKernel = lazy(
    options.loadLightKernel ??
      (async () => new (await import("../solvers/light/reference.ts")).LightReference()),
  );

  // Whether a hint or a bot move has asked for the train solver (prepare's warm-up hint is then not needed).
  let trainSolverAsked = false;
  const askTrainSolver = () => {
    trainSolverAsked = true;
    return trainSolver();
  };
  // The solver loaded, then its first solves: the max-EV policy (every hint starts from it, and the first reuses
  // it), then, in a task of its own so that a hint the page has already asked for goes first, one race hint at a
  // fixed position, which compiles the hints' JavaScript and Wasm before a later first hint (the answer is unused).
  // Skipped once a hint or a bot move has come: that one compiled them, and the page is drawing its answer now.
  const warmTrainSolver = lazy(async () => {
    const { solver } = await trainSolver();
    solver.expectedTurnScore();
    await new Promise((ok) => setTimeout(ok, 0));
    if (!trainSolverAsked) solver.hint(newTurn(), WARM_UP_RACE);
  });

  const stringGame = stringPlugin(() => stringSolver(), options.loadStringGeometry);
  const lightGame = lightPlugin(() => lightKernel());

  const train: TrainWorkerApi = {
    ...serveGame(trainPlugin(askTrainSolver), store),

    hint: (turn: TurnState, race?: RaceContext) =>
      guard(async () => {
        // The turn as a saved one would be checked: `rollsLeft: 99` or a train the rules cannot build is input.
        const t = parseTurn(snapshot(turn, "/turn"), "/turn");
        const r = readRace(race);
        return (await askTrainSolver()).solver.hint(t, r);
      }),

    prepare: (files?: TrainAssetFile[]) =>
      guard(async () => {
        const checked = readTrainFiles(files, options.trainFiles?.urls ?? []);
        if (checked.length > 0) options.trainFiles!.offer(checked);
        await warmTrainSolver();
      }),

    expectedTurnScore: () => guard(async () => (await trainSolver()).solver.expectedTurnScore()),

    raceTable: (onProgress?: (p: Progress) => void) =>
      guard(async (): Promise<RaceTableView> => {
        // Progress callbacks are Comlink proxies: fire and forget, never wait for the page; released at the end.
        let open = true;
        const report = (stage: string, fraction: number) => {
          if (open) void onProgress?.({ stage, fraction });
        };
        try {
          report("loading the solver", 0.02);
          const s = await trainSolver(report);
          return raceTableView(s.solver, SHIPPED_GOAL, report);
        } finally {
          open = false;
          releaseCallback(onProgress);
        }
      }),
  };
  return {
    protocol: PROTOCOL,
    train: Comlink.proxy(train),
    string: Comlink.proxy({ ...serveGame(stringGame, store), ...serveViewHints(stringGame) }),
    light: Comlink.proxy({ ...serveGame(lightGame, store), ...serveViewHints(lightGame) }),
  };
}

/**
 * The worker protocol: what the one railkit Web Worker exposes through Comlink, shared by the worker
 * (web/worker/engine.worker.ts, web/worker/service.ts), the page-side client (web/worker/client.ts), the
 * element session controller (web/elements/common/session.ts) and the Node tests.
 *
 * One namespace per registered game (web/games/registry.ts), each with the same verbs ({@link GameWorkerApi}) plus
 * the game's own (`GameModule.verbs`: the Train Game's `prepare`, `hint`, `expectedTurnScore`, `raceTable`). The
 * types here are mapped over the registry's modules (`import type`: no game's code reaches a page through this
 * file). The worker holds every game's state itself, under a **game handle** it hands out (`newGame`, `load`,
 * `replay`); the page names the game by its handle and never sends a state back. Each answer that changes the
 * game carries the whole next view (state, legal actions, the game's extras), so one action costs one round trip.
 * The worker holds a bounded number of games ({@link MAX_GAMES}, least recently used dropped); a call on a closed,
 * dropped or unknown handle rejects with an `input` error whose path is {@link HANDLE_PATH}: the page restores its
 * game with `replay(options, seed, log)`, as after a worker fault.
 *
 * Errors cross the boundary as plain {@link WireError} objects, never as `Error` instances (which
 * structured clone would strip of their rule id). A refused action is an ordinary answer
 * (`{ ok: false, error }`); anything else that fails rejects the call with a `WireError`, which the
 * client turns into a {@link RailkitError}. Bad input (a malformed action, hostile values, out-of-range
 * options) is always `kind: "input"`; `internal` means a bug or a failed load, never the page's input.
 */

import type { ProxyMarked } from "comlink";
import type { GameHeader, GameId, SeatAction } from "../engine/common/game.ts";
import type { GAMES } from "../games/registry.ts";
import type { GameReview, GradedMove } from "../games/review.ts";
import type { GameModule, GameTypes as ModuleTypes } from "../games/types.ts";

/**
 * Protocol version, bumped on incompatible changes (a page and a cached worker must agree). 3: the namespaces come
 * from the registry, `viewHints` is a common verb, `hints`/`viewHints` take a progress callback, `train.prepare`.
 * 4: the common `review` verb, `train.turnSummary`, `botMove`'s `level`, the view's `canUndo` (issues #23, #26).
 * 5: the common `onlineView` verb (issue #25: the server sends views without the fields a game derives).
 */
export const PROTOCOL = 5;

/** Games the worker holds at once; the least recently used is dropped beyond this. */
export const MAX_GAMES = 64;

/** The `rule` (the input path) of the error a call on an unknown, closed or dropped handle rejects with. */
export const HANDLE_PATH = "/handle";

/** The rule id of the RailkitError a call rejects with when the worker was lost under it. */
export const WORKER_LOST = "worker.lost";

/** A game held by the worker, named by the handle it handed out (`"train:3"`). Opaque to the page. */
export type GameHandle = string;

/** A refusal or failure as it crosses the worker boundary. */
export interface WireError {
  /** `rule`: an illegal action (RuleError); `input`: malformed input (InputError); `internal`: a bug or a load failure. */
  kind: "rule" | "input" | "internal";
  /** Stable rule id (`train.not-your-turn`) for `rule`; the offending field's JSON pointer for `input`; "" otherwise. */
  rule: string;
  message: string;
}

/** A {@link WireError} rethrown on the page side as a real `Error`. */
export class RailkitError extends Error {
  override readonly name = "RailkitError";
  readonly kind: WireError["kind"];
  readonly rule: string;
  constructor(wire: WireError) {
    super(wire.message);
    this.kind = wire.kind;
    this.rule = wire.rule;
  }
}

/** True for the error of a call on a handle the worker does not hold (restore the game by `replay`). */
export function isUnknownGame(e: unknown): boolean {
  const { kind, rule } = (typeof e === "object" && e !== null ? e : {}) as Partial<WireError>;
  return kind === "input" && rule === HANDLE_PATH;
}

/** What every view of every game holds; each game adds its extras (`GameModule.extras`). */
export interface GameView<S, A> {
  game: GameId;
  handle: GameHandle;
  /** The whole state, as the engine keeps it (plain JSON; its header says whose turn, over, winners). */
  state: S;
  /** The legal actions now, from the engine (empty when the game is over). */
  legal: A[];
}

/** The answer of an action or an undo: the next view, or the engine's refusal (the game is unchanged). */
export type ActResult<V> = { ok: true; view: V } | { ok: false; error: WireError };

/** Hints for the seat to move, tagged with the position they are for (a page drops hints for an older one). */
export interface HintsAnswer<H> {
  handle: GameHandle;
  /** Length of the game's log when the hints were computed. */
  at: number;
  /** The seat the hints are for (null when the game is over: no hints). */
  player: number | null;
  /** Every option valued, best first. */
  hints: H[];
}

/** The computer's move for the seat to move; `view` is the game after it (null when only asked). */
export interface BotMove<A, V> {
  action: A;
  view: V | null;
}

/** Options of every `botMove`: `play: false` only asks what the computer would play. */
export interface PlayOption {
  /** Apply the move and answer the next view (default true). */
  play?: boolean;
  /**
   * A bot level 1 (near random) to 5 (the strongest) in place of the game's bot options (web/games/levels.ts): it
   * takes none of them.
   */
  level?: number;
}

/** Progress of a long computation, 0..1, with what is being done. */
export interface Progress {
  fraction: number;
  stage: string;
}

/** The types of one game, as the worker serves it. */
export interface GameTypes {
  state: GameHeader;
  action: SeatAction;
  /** What `newGame` takes (the engine's `setup` options). */
  options: unknown;
  view: GameView<GameHeader, unknown>;
  hint: unknown;
  hintOptions: object;
  botOptions: object;
}

/**
 * The verbs every game has, written once in the worker (web/worker/service.ts) over the game's module
 * (web/games/types.ts). Every method is one message round trip.
 */
export interface GameWorkerApi<T extends GameTypes> {
  /** A new game (engine `setup`) held by the worker. Rejects with an `input` error for bad options or seed. */
  newGame(options: T["options"], seed: number | string): Promise<T["view"]>;
  /** Applies one action to the held game: the next view, or the engine's refusal (game unchanged). */
  act(handle: GameHandle, action: T["action"]): Promise<ActResult<T["view"]>>;
  /** `player` takes back their own last action of the current turn (engine `undo`); refusals as for `act`. */
  undo(handle: GameHandle, player: number): Promise<ActResult<T["view"]>>;
  /** The view of the held game as it stands. */
  view(handle: GameHandle): Promise<T["view"]>;
  /**
   * Every option of the seat to move valued by the game's solver (empty when the game is over). `onProgress` (a
   * `Comlink.proxy`; the client wraps a plain function) hears the stages of a long solve: a Train Game race whose
   * goal has no shipped table is solved in the solver worker, once per worker, reporting as it goes.
   */
  hints(
    handle: GameHandle,
    options?: T["hintOptions"],
    onProgress?: (p: Progress) => void,
  ): Promise<HintsAnswer<T["hint"]>>;
  /**
   * The hints `hints` would answer (same options) for the seat to move of the position a seat's view of an online
   * match shows (`OnlineView.state`, web/online/view.ts: no seed, no generator, hidden cards as -1), rebuilt in this
   * worker from what the seat sees only (`GameModule.fromView`, web/games/<game>/view.ts) and checked by the engine;
   * a view no server could send, or a game whose module reads no views, is an `input` error under `/state`. `handle`
   * is "" (no game is held); `player` is null, with no hints, when the game is over or the view does not show the
   * seat to move its own secrets (another seat's view).
   */
  viewHints(
    state: unknown,
    options?: T["hintOptions"],
    onProgress?: (p: Progress) => void,
  ): Promise<HintsAnswer<T["hint"]>>;
  /**
   * The whole view of an online match from what the server sends a seat (web/online/view.ts `SentView`, issue #25):
   * the fields the game derives (`GameModule.derived`: String Railway's legal actions, Light Rail's legal actions,
   * `frames` and `blocked`) computed here from the seat's state (web/games/view.ts `deriveView`), as the server
   * computed them; a view whose game derives nothing comes back as it was sent, less its `derived` list. `seat` is
   * the viewing seat (null: a spectator). A view no server could send is an `input` error (JSON pointer into it:
   * `/state/…`, `/derived`, `/game`; `/seat`). No game is held: the view's `handle` is the match's.
   */
  onlineView(view: unknown, seat: number | null): Promise<T["view"]>;
  /**
   * The computer's move for the seat to move, played (the answer has the next view) unless `play: false`; the
   * game's bot options or a `level`. Refused with the rule `<game>.game-over` when the game is over.
   */
  botMove(
    handle: GameHandle,
    options?: T["botOptions"] & PlayOption,
  ): Promise<BotMove<T["action"], T["view"]>>;
  /** JSON text of the held game (engine `save`). */
  save(handle: GameHandle): Promise<string>;
  /** A saved game (JSON text or the state itself), checked by the engine's `load`, held under a new handle. */
  load(json: unknown): Promise<T["view"]>;
  /**
   * Rebuilds a game from its options, seed and action log (engine `replay`) under a new handle: how a page
   * restores its game in a fresh worker, or after its handle was dropped. Rejects with the refusal of the
   * first entry the rules refuse.
   */
  replay(options: T["options"], seed: number | string, log: readonly T["action"][]): Promise<T["view"]>;
  /** Drops a held game (a handle it does not hold is ignored). */
  close(handle: GameHandle): Promise<void>;
  /**
   * The review of the held game (docs/review.md, web/games/review.ts): every move of its log graded by the game's
   * analysis, in order. `onMove` (a `Comlink.proxy`; the client wraps a plain function) hears each graded move as
   * soon as it is graded, with how many are done of how many; `onProgress` the same as a fraction. Stop, as a hint's
   * search stops: `close(handle)` (or any change of the held game) ends the review at its next move, answered with
   * `complete: false`. The review pauses between moves (every ~8 ms of work) so the worker serves other calls. A
   * game without a review: an `input` error at `/game`; options as the game's review checks them (`/options/…`).
   */
  review(
    handle: GameHandle,
    options?: Record<string, unknown>,
    onMove?: (move: GradedMove, done: number, total: number) => void,
    onProgress?: (p: Progress) => void,
  ): Promise<GameReview>;
}

/** The names of the common verbs (a game's own verbs may not take one of them). */
export const COMMON_VERBS = [
  "newGame",
  "act",
  "undo",
  "view",
  "hints",
  "viewHints",
  "onlineView",
  "botMove",
  "save",
  "load",
  "replay",
  "close",
  "review",
] as const satisfies readonly (keyof GameWorkerApi<GameTypes>)[];

// ---- the registry's games as the worker serves them ------------------------------------------------------------

/** The registered modules. */
export type Registered = (typeof GAMES)[number];
/** The registered games' ids. */
export type RegisteredId = Registered["id"];
/** The module registered as `id`. */
export type ModuleOf<Id extends RegisteredId> = Extract<Registered, { id: Id }>;

/** A module's types as the worker serves them: its view is the common view plus the module's extras. */
export type WorkerTypesOf<M> =
  M extends GameModule<infer T extends ModuleTypes, infer _S, infer _I, infer _V>
    ? {
        state: T["state"];
        action: T["action"];
        options: T["options"];
        view: GameView<T["state"], T["action"]> & T["extras"];
        hint: T["hint"];
        hintOptions: T["hintOptions"];
        botOptions: T extends { botOptions: infer B extends object } ? B : Record<string, unknown>;
      }
    : never;

/** The game's own verbs (`GameModule.verbs`), as a page calls them. */
export type OwnVerbsOf<M> = M extends GameModule<infer _T, infer _S, infer _I, infer V> ? V : never;

/** One game's namespace: the common verbs over its types, plus its own verbs. */
export type GameNamespace<M> = GameWorkerApi<WorkerTypesOf<M>> & OwnVerbsOf<M>;

/** The worker's types of the registered game `id`. */
export type WorkerTypes<Id extends RegisteredId> = WorkerTypesOf<ModuleOf<Id>>;

/** The whole worker API: its protocol, and one namespace per registered game, the same verbs in each. */
export type RailkitWorkerApi = {
  /** {@link PROTOCOL}: a page and a cached worker must agree. */
  readonly protocol: typeof PROTOCOL;
} & {
  /** Each namespace is marked with `Comlink.proxy` so that `remote.<id>.act(…)` is typed as one remote call
   *  (at run time Comlink resolves the whole path `<id>.act` in the worker: still one round trip). */
  readonly [M in Registered as M["id"]]: GameNamespace<M> & ProxyMarked;
};

// ---- names the elements and the library use (each the registry's types of one game) -------------------------

export type TrainTypes = WorkerTypes<"train">;
export type StringTypes = WorkerTypes<"string">;
export type LightTypes = WorkerTypes<"light">;
export type TrainView = TrainTypes["view"];
export type StringView = StringTypes["view"];
export type LightView = LightTypes["view"];
export type TrainState = TrainTypes["state"];
export type TrainHintOptions = TrainTypes["hintOptions"];
export type StringHintOptions = StringTypes["hintOptions"];
export type LightHintOptions = LightTypes["hintOptions"];
export type TrainBotOptions = TrainTypes["botOptions"];
export type StringBotOptions = StringTypes["botOptions"];
export type LightBotOptions = LightTypes["botOptions"];
export type TrainWorkerApi = GameNamespace<ModuleOf<"train">>;
export type StringWorkerApi = GameNamespace<ModuleOf<"string">>;
export type LightWorkerApi = GameNamespace<ModuleOf<"light">>;
/** Which train bot plays: `race` maximises P(win) in a race (docs/solvers.md), `ev` the expected turn score. */
export type BotMode = "race" | "ev";

export type { LightAction, LightOptions, LightState } from "../engine/light/index.ts";
export type { StringAction, StringOptions, StringState } from "../engine/string/index.ts";
export type { TrainAction, TrainOptions, TurnState } from "../engine/train/index.ts";
export type { GameReview, GradedMove, ReviewSeat, ReviewTurn } from "../games/review.ts";
export type { RaceTableView, TrainAssetFile } from "../games/train/caps.ts";
export { MAX_TRAIN_FILE_BYTES, MAX_TRAIN_FILES } from "../games/train/caps.ts";
export type { SearchedPlacement } from "../solvers/light/search.ts";
export type { StringHint } from "../solvers/string/index.ts";
export type { RaceContext, TrainHintOption } from "../solvers/train/api.ts";
export type { GameId };

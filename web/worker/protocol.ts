/**
 * The worker protocol: what the one railkit Web Worker exposes through Comlink, shared by the worker
 * (web/worker/engine.worker.ts, web/worker/service.ts), the page-side client (web/worker/client.ts), the
 * element session controller (web/elements/common/session.ts) and the Node tests.
 *
 * One namespace per game (`train`, `string`, `light`), each with the same verbs ({@link GameWorkerApi}):
 * the worker holds every game's state itself, under a **game handle** it hands out (`newGame`, `load`,
 * `replay`); the page names the game by its handle and never sends a state back. Each answer that changes
 * the game carries the whole next view (state, legal actions, the game's extras), so one action costs one
 * round trip. The worker holds a bounded number of games ({@link MAX_GAMES}, least recently used dropped);
 * a call on a closed, dropped or unknown handle rejects with an `input` error whose path is
 * {@link HANDLE_PATH}: the page restores its game with `replay(options, seed, log)`, as after a worker fault.
 *
 * Errors cross the boundary as plain {@link WireError} objects, never as `Error` instances (which
 * structured clone would strip of their rule id). A refused action is an ordinary answer
 * (`{ ok: false, error }`); anything else that fails rejects the call with a `WireError`, which the
 * client turns into a {@link RailkitError}. Bad input (a malformed action, hostile values, out-of-range
 * options) is always `kind: "input"`; `internal` means a bug or a failed load, never the page's input.
 */

import type { ProxyMarked } from "comlink";
import type { GameHeader, GameId, SeatAction } from "../engine/common/game.ts";
import type { LightAction, LightBoard, LightOptions, LightState } from "../engine/light/index.ts";
import type { StringAction, StringOptions, StringState } from "../engine/string/index.ts";
import type { TrainAction, TrainGameState, TrainOptions, TurnState } from "../engine/train/index.ts";
import type { SearchedPlacement } from "../solvers/light/search.ts";
import type { StringPreviewRequest } from "../solvers/string/advice.ts";
import type { StringHint } from "../solvers/string/index.ts";
import type { RaceContext, TrainHintOption } from "../solvers/train/api.ts";

/** Protocol version, bumped on incompatible changes (a page and a cached worker must agree). */
export const PROTOCOL = 2;

/** Games the worker holds at once; the least recently used is dropped beyond this. */
export const MAX_GAMES = 64;

/** The `rule` (the input path) of the error a call on an unknown, closed or dropped handle rejects with. */
export const HANDLE_PATH = "/handle";

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

/** What every view of every game holds; each game adds its extras ({@link TrainView}…). */
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
 * The verbs every game has, written once in the worker (web/worker/service.ts) over a per-game plug-in
 * (web/worker/plugins.ts). Every method is one message round trip.
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
  /** Every option of the seat to move valued by the game's solver (empty when the game is over). */
  hints(handle: GameHandle, options?: T["hintOptions"]): Promise<HintsAnswer<T["hint"]>>;
  /**
   * The computer's move for the seat to move, played (the answer has the next view) unless `play: false`.
   * Refused with the rule `<game>.game-over` when the game is over.
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
}

// ---- The Train Game ------------------------------------------------------------------------------------

/** The Train Game state as the engine keeps it (plain JSON). */
export type TrainState = TrainGameState;

/** Everything an element needs to draw one frame of The Train Game. */
export interface TrainView extends GameView<TrainState, TrainAction> {
  /** Points the train on the track would score if the turn stopped now (banked points included). */
  turnScore: number;
}

/** Which bot policy plays: `race` maximises P(win) in a two-player race, `ev` the expected turn score. */
export type BotMode = "race" | "ev";

/** No options: in a two-player race the hints carry win chances, otherwise expected scores only. */
export type TrainHintOptions = Record<never, never>;

export interface TrainBotOptions {
  /** Default `race`. */
  mode?: BotMode;
}

export interface TrainTypes extends GameTypes {
  state: TrainState;
  action: TrainAction;
  options: TrainOptions;
  view: TrainView;
  hint: TrainHintOption;
  hintOptions: TrainHintOptions;
  botOptions: TrainBotOptions;
}

/** Progress of a long computation, 0..1, with what is being done. */
export interface Progress {
  fraction: number;
  stage: string;
}

/** The two-player race policy over every start-of-turn position, for the solver page. */
export interface RaceTableView {
  goal: number;
  /** P(first player wins) + P(tie)/2 at the start of A's turn, row-major `[me * goal + opp]`, me, opp in 0..goal-1. */
  winFirst: Float64Array;
  /**
   * Same layout: the smallest points at stake (≥ 6) at which A, holding a full freight train, stops rather
   * than banks (the solver's `stopAt`).
   */
  freightStopAt: Int32Array;
  /** P(first player wins) at 0–0 and the value-iteration tolerance. */
  firstPlayerWins: { value: number; tolerance: number };
}

/** One of the Train Game solver's files as a page downloaded it (its URL in the build, its bytes): `prepare`. */
export interface TrainAssetFile {
  url: string;
  bytes: ArrayBuffer;
}

/** Most files one `prepare` takes (the solver has three), and the largest file (the race table is 186 KB). */
export const MAX_TRAIN_FILES = 3;
export const MAX_TRAIN_FILE_BYTES = 4 << 20;

/** The Train Game: the common verbs plus the solver page's own (positions given by hand, not games). */
export interface TrainWorkerApi extends GameWorkerApi<TrainTypes> {
  /**
   * Loads the solver now and makes its first solve (the max-EV policy, which a first hint reuses): the warm-up
   * `<train-game>` sends before its first hint. `files` are the solver's files the page downloaded while the
   * worker booted (web/worker/race-assets.ts); the worker reads them instead of fetching its own, each checked
   * as a fetched one is (the race table's and turn graph's checksums, the Wasm's compile). `input` at `/files/…`
   * for anything but an array of `{ url, bytes: ArrayBuffer }` naming the solver's own files.
   */
  prepare(files?: TrainAssetFile[]): Promise<void>;
  /**
   * Solver hint for a turn given by hand, optionally in a race context (see web/solvers/train/api.ts). The
   * turn is checked like a saved one (`parseTurn`): a turn the rules cannot reach is an `input` error.
   */
  hint(turn: TurnState, race?: RaceContext): Promise<TrainHintOption[]>;
  /** Expected score of a whole turn under the max-EV policy. */
  expectedTurnScore(): Promise<number>;
  /** The race table; `onProgress` (wrap it in `Comlink.proxy`) hears the stages as they pass. */
  raceTable(onProgress?: (p: Progress) => void): Promise<RaceTableView>;
}

// ---- String Railway ------------------------------------------------------------------------------------

export interface StringView extends GameView<StringState, StringAction> {
  /** Each seat's points now (the best split of its score pile into sets, tiles counted). */
  points: number[];
}

export interface StringHintOptions {
  /** Most hints answered, 1..{@link STRING_MAX_HINTS} (default 20). */
  max?: number;
  /**
   * The live check of a string being drawn (`{ kind, path }`): answered by the engine's own route check (length
   * left, stations touched, paid crossings, mountain charge, legal or the refusal) instead of the hints.
   */
  preview?: StringPreviewRequest;
}

/** Most string hints one call answers. */
export const STRING_MAX_HINTS = 100;

export interface StringBotOptions {
  /** `solver` (default: the Wasm planners, docs/string-solvers.md) or `greedy` (the engine's simple bot). */
  policy?: "solver" | "greedy";
}

export interface StringTypes extends GameTypes {
  state: StringState;
  action: StringAction;
  options: StringOptions;
  view: StringView;
  hint: StringHint;
  hintOptions: StringHintOptions;
  botOptions: StringBotOptions;
}

/**
 * Hints from a seat's view of an online match, for String Railway and Light Rail (the Train Game's hint verb
 * takes the turn itself): the match is held by the railkit server, not by this worker.
 */
export interface ViewHintsApi<T extends GameTypes> {
  /**
   * The hints `hints` would answer (same options; String Railway's `preview` too: the live check of a string
   * being drawn), for the seat to move of the position a seat's view shows (`OnlineView.state`,
   * web/online/view.ts: no seed, no generator, hidden cards as -1). The position is built again here from
   * what the seat sees only (web/games/<game>/view.ts: String Railway's unseen tiles in a neutral order,
   * Light Rail's unseen cards and objectives sampled from the view's own seed) and checked by the engine; a
   * view no server could send is an `input` error under `/state`. `handle` is "" (no game is held); `player`
   * is null, with no hints, when the game is over or the view does not show the seat to move its own secrets
   * (another seat's view).
   */
  viewHints(state: unknown, options?: T["hintOptions"]): Promise<HintsAnswer<T["hint"]>>;
}

export type StringWorkerApi = GameWorkerApi<StringTypes> & ViewHintsApi<StringTypes>;

// ---- Light Rail ----------------------------------------------------------------------------------------

/** The view of a Light Rail game: the board extras (possible city placements, blocked cells and why). */
export type LightView = GameView<LightState, LightAction> & LightBoard;

/** Most playouts one hint or bot call may ask for (the search's work is linear in them). */
export const LIGHT_MAX_PLAYOUTS = 20_000;

export interface LightHintOptions {
  /** Playouts spread over the placements, 0..{@link LIGHT_MAX_PLAYOUTS} (default 2000). */
  playouts?: number;
  /** Seed of the search's sampling (default: derived from the game's seed and log length). */
  seed?: number | string;
  /**
   * A time budget in ms, 1..{@link LIGHT_MAX_HINT_MS}: search until it is spent (then `playouts` is ignored;
   * the answer depends on the machine's speed). It counts the search's own work: the search pauses every few ms
   * for the worker's other calls, and ends at a pause once the game has moved on (`hints`, not `viewHints`).
   */
  ms?: number;
}

/** Longest time budget of one Light Rail hints call, in ms. */
export const LIGHT_MAX_HINT_MS = 10_000;

export interface LightBotOptions {
  /** `search` (default: Monte Carlo over the rest of the game) or `greedy` (best credit now). */
  policy?: "search" | "greedy";
  /** Playouts of the search, 0..{@link LIGHT_MAX_PLAYOUTS} (default 2000). */
  playouts?: number;
}

export interface LightTypes extends GameTypes {
  state: LightState;
  action: LightAction;
  options: LightOptions;
  view: LightView;
  hint: SearchedPlacement;
  hintOptions: LightHintOptions;
  botOptions: LightBotOptions;
}

export type LightWorkerApi = GameWorkerApi<LightTypes> & ViewHintsApi<LightTypes>;

// ---- The whole worker ----------------------------------------------------------------------------------

/** The whole worker API: one namespace per game, the same verbs in each. */
export interface RailkitWorkerApi {
  /** {@link PROTOCOL}: a page and a cached worker must agree. */
  readonly protocol: typeof PROTOCOL;
  /** Each namespace is marked with `Comlink.proxy` so that `remote.train.act(…)` is typed as one remote call
   *  (at run time Comlink resolves the whole path `train.act` in the worker: still one round trip). */
  train: TrainWorkerApi & ProxyMarked;
  string: StringWorkerApi & ProxyMarked;
  light: LightWorkerApi & ProxyMarked;
}

export type {
  GameId,
  LightAction,
  LightOptions,
  LightState,
  RaceContext,
  SearchedPlacement,
  StringAction,
  StringHint,
  StringOptions,
  StringState,
  TrainAction,
  TrainHintOption,
  TrainOptions,
  TurnState,
};

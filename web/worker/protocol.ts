/**
 * The worker protocol: what the one railkit Web Worker exposes through Comlink, shared by the worker
 * (web/worker/engine.worker.ts), the page-side client (web/worker/client.ts) and the Node tests.
 *
 * Every property access on a Comlink proxy is a message round trip, so the API is a few coarse calls:
 * `train.newGame` and `train.act` return everything an element needs to draw the next frame (state,
 * legal actions, running turn score, hints when asked) in one answer.
 *
 * Errors cross the boundary as plain {@link WireError} objects, never as `Error` instances (which
 * structured clone would strip of their rule id). A refused action is an ordinary answer
 * (`{ ok: false, error }`); anything else that fails rejects the call with a `WireError`, which the
 * client turns into a {@link RailkitError}.
 */
import type { ProxyMarked } from "comlink";
import type { TrainAction, TrainGameState, TrainOptions, TurnState } from "../engine/train/types.ts";
import type { RaceContext, TrainHintOption } from "../solvers/train/api.ts";

/** The Train Game state as the engine keeps it (plain JSON). */
export type TrainState = TrainGameState;

/** A refusal or failure as it crosses the worker boundary. */
export interface WireError {
  /** `rule`: an illegal action (RuleError); `input`: malformed input (InputError); `internal`: a bug or a load failure. */
  kind: "rule" | "input" | "internal";
  /** Stable rule id (`train.not-your-turn`) for `rule`; the offending field path for `input`; "" otherwise. */
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

/** Which bot policy plays: `race` maximises P(win) in a two-player race, `ev` the expected turn score. */
export type BotMode = "race" | "ev";

/** What to compute alongside a new state. */
export interface TrainViewOptions {
  /** Also value every option of the seat to move (the hint panel). Costs a solve; off by default. */
  hints?: boolean;
}

/** Everything an element needs to draw one frame of The Train Game. */
export interface TrainView {
  state: TrainState;
  /** The legal actions now, from the engine (empty when the game is over). */
  legal: TrainAction[];
  /** Points the train on the track would score if the turn stopped now (banked points included). */
  turnScore: number;
  /** Every option of the seat to move, best first (only when `hints` was asked and the game is not over). */
  hints?: TrainHintOption[];
  /** Set when hints were asked but could not be computed (the solver failed to load). */
  hintError?: WireError;
}

export type ActResult = { ok: true; view: TrainView } | { ok: false; error: WireError };

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

/** The Train Game, served by the worker. */
export interface TrainWorkerApi {
  /** A new game (engine `setup`). Rejects with an `input` WireError for bad options. */
  newGame(options: TrainOptions, seed: number | string, view?: TrainViewOptions): Promise<TrainView>;
  /** Applies one action: the next view, or the engine's refusal (state unchanged). */
  act(state: TrainState, action: TrainAction, view?: TrainViewOptions): Promise<ActResult>;
  /** The view of a state as it stands (after `load`, or to add hints). */
  view(state: TrainState, view?: TrainViewOptions): Promise<TrainView>;
  /**
   * Rebuilds a game from its options, seed and action log (engine `replay`): how an element restores its
   * game in a fresh worker after a fault. Rejects with a `rule` WireError if the log is not legal.
   */
  replay(
    options: TrainOptions,
    seed: number | string,
    log: readonly TrainAction[],
    view?: TrainViewOptions,
  ): Promise<TrainView>;
  legalActions(state: TrainState): Promise<TrainAction[]>;
  /** Solver hint for a turn, optionally in a race context (see web/solvers/train/api.ts). */
  hint(turn: TurnState, race?: RaceContext): Promise<TrainHintOption[]>;
  /** The action the computer plays for the seat to move. */
  botAction(state: TrainState, mode: BotMode): Promise<TrainAction>;
  /** Expected score of a whole turn under the max-EV policy. */
  expectedTurnScore(): Promise<number>;
  /** The race table; `onProgress` (wrap it in `Comlink.proxy`) hears the stages as they pass. */
  raceTable(onProgress?: (p: Progress) => void): Promise<RaceTableView>;
  /** JSON text of a state, and back (engine `save` / `load`). */
  save(state: TrainState): Promise<string>;
  load(json: string): Promise<TrainState>;
}

/**
 * The whole worker API: one namespace per game. String Railway (`string`) and Light Rail (`light`) get
 * their own `…WorkerApi` interfaces here when their engines land; until then they are `null`.
 */
export interface RailkitWorkerApi {
  /** Protocol version, bumped on incompatible changes (a page and a cached worker must agree). */
  readonly protocol: 1;
  /** Marked with `Comlink.proxy` so that `remote.train.newGame(…)` is typed as one remote call (at run time
   *  Comlink resolves the whole path `train.newGame` in the worker: still one round trip). */
  train: TrainWorkerApi & ProxyMarked;
  string: null;
  light: null;
}

export type { RaceContext, TrainAction, TrainHintOption, TrainOptions, TurnState };

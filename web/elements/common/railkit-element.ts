/**
 * The base of the three railkit elements (`<train-game>`, `<string-railway>`, `<light-rail>`): what every one of
 * them has, written once. A subclass draws its game and turns gestures into actions; this class holds the rest:
 *
 * - **The session switch.** A local game in the railkit worker (web/elements/common/session.ts `GameSession`),
 *   or, when `server` and `match` are set, a seat of a match on the railkit server
 *   (web/elements/common/online-session.ts `OnlineSession`); `session` is the one in use, and both call the
 *   subclass's `onView`.
 * - **The attribute gate** of `willUpdate` (web/elements/common/game-element.ts `AttributeGate`): which attribute
 *   changes start a new game (the shared ones and the subclass's `gameAttributes()`), what waits while an
 *   attribute is wrong (the subclass's `checkAttributes()`), and which changes an imported game made itself.
 * - **The public members** every element has: the attributes `seed`, `bots`, `bot-delay`, `match`, `seat`,
 *   `credentials`, the `client` property, `export()`, `newGame(fresh)` and `play(action)`, and the events
 *   `railkit-before-move` (cancelable, before a person's move is sent) and `railkit-load-error` (a save set as
 *   `state` refused); the `state` setter's body (`assignState`: property and attribute, before the first update too).
 * - **In and out of the page**: the session closes the game in the worker when the element leaves the page (its
 *   searches end) and restores it when it is back (web/elements/common/session.ts `hostDisconnected`). The inputs whose meaning differs by game (`players`: the
 *   range of seats; `hints`: what the panel shows; `server`: what the seat's view holds) are declared by each
 *   element with its own documentation, and so are `state` and `import(json)`, with the game's save type, over
 *   `currentSave()` and `loadSave(json)` here.
 * - **Review mode** (docs/review.md, the controller web/elements/common/review.ts): `review(save)`, `endReview()`,
 *   `reviewing`, the `review` attribute (property `reviewSave`) and the `review-change` event; each element draws the
 *   reviewed position read-only in `renderReview()`.
 * - **Seat names, the status line, the game log** (`entries`, and `said` for the live region), and the frame of
 *   `render()`: the attribute error or the starting placeholder until the first view, then `renderGame(view)`.
 *
 * Seats are numbered from 0.
 */
import { LitElement, nothing, type PropertyValues, type TemplateResult } from "lit";
import { property, state } from "lit/decorators.js";
import type { GameId } from "../../engine/common/game.ts";
import { MAX_LEVEL, MIN_LEVEL } from "../../games/levels.ts";
import { type RailkitClient, sharedRailkitClient } from "../../worker/client.ts";
import type { GameTypes, GameWorkerApi } from "../../worker/protocol.ts";
import { checkWhole, renderAttributeError, text, whole, wholeOrNull } from "./attributes.ts";
import {
  AttributeGate,
  appendLog,
  gameOverTitle,
  importGame,
  matchOf,
  playsOnline,
  renderStarting,
  seatName,
  stateCopy,
} from "./game-element.ts";
import { OnlineSession } from "./online-session.ts";
import { ReviewController } from "./review.ts";
import {
  BOT_DELAY_MS,
  exportSave,
  GameSession,
  MAX_BOT_DELAY_MS,
  notSent,
  type PlayVerdict,
  seatList,
  seedFrom,
  type ViewCause,
} from "./session.ts";

/** The detail of `railkit-before-move`: the action a person's gesture is about to send. */
export interface BeforeMoveDetail<A = unknown> {
  action: A;
}

/** The detail of `review-change`: review mode started (`active`) or ended. */
export interface ReviewChangeDetail {
  active: boolean;
}

/** The detail of `railkit-load-error`: why a save set as `state` (property or attribute) was refused. */
export interface LoadErrorDetail {
  /** The engine's message, starting with the JSON pointer of the first bad field (`/rng: …`). */
  message: string;
}

/** The attributes whose change starts a new game in every element (a subclass adds its game's own). */
const SHARED_GAME_ATTRIBUTES = ["players", "seed", "server", "match", "seat", "credentials"] as const;

/** The highest seat number of any railkit game (The Train Game seats six): the `seat` attribute's range. */
const MAX_SEAT = 5;

/** The element's pace as the session reads it: `bot-delay` while it is accepted, else the default. */
const paceOf = (ms: number) =>
  Number.isInteger(ms) && ms >= 0 && ms <= MAX_BOT_DELAY_MS ? ms : BOT_DELAY_MS;

/** The message of a refused load (a WireError or an Error). */
function loadMessage(e: unknown): string {
  const m = typeof e === "object" && e !== null ? (e as { message?: unknown }).message : undefined;
  return typeof m === "string" ? m : String(e);
}

/**
 * The base of the three railkit elements (see the file's header).
 *
 * @fires railkit-before-move - A person's gesture is about to send a move (cancelable). `detail`: `{ action }` (a
 * copy of the engine's action); `preventDefault()` keeps it from being sent. Not fired by `play(action)` nor for the
 * computer's moves.
 * @fires railkit-load-error - A save set as `state` (the property or the attribute) was refused; the game on screen
 * is unchanged; or one set as `review` was refused (no review is shown). `detail`: `{ message }` (the engine's
 * message, starting with the first bad field's JSON pointer).
 * @fires review-change - Review mode started or ended (`review(save)`, the `review` attribute, `endReview()`).
 * `detail`: `{ active }`.
 */
export abstract class RailkitGameElement<T extends GameTypes> extends LitElement {
  /** Number of seats (each element declares it, with its game's range). */
  abstract players: number;
  /** Show the hint panel (each element declares it, with what its hints show). */
  abstract hints: boolean;
  /** Online play: the railkit server's address (each element declares it, with what its seat's view holds). */
  abstract server: string | null;

  /** Seed of the game (a number or any text, at most 1000 characters). Without it each game gets a fresh random seed. */
  @property() seed: string | null = null;
  /**
   * Seats the computer plays, comma separated, from 0: `"1"`, `"1,2"`, each seat once. A seat the game does not
   * have, or any other text (`bots="9"`, `bots="x"`, `bots="0,0"`), is shown as a message in place of the game,
   * never ignored. No attribute: no computer seat.
   */
  @property({ converter: text("") }) bots = "";
  /**
   * The computer's pace in ms (default 400), 0–10 000: the pause before each of its moves, and again while its move
   * is shown before it lands. Any other value is shown as a message in place of the game, naming the values taken.
   */
  @property({ converter: whole(BOT_DELAY_MS), attribute: "bot-delay" }) botDelay = BOT_DELAY_MS;
  /**
   * The computer's strength: a bot level from 1 (near random) to 5 (the strongest), the same ladder as the CLI's and
   * the server's (docs/bots.md § Levels). It replaces the element's own bot options; without it (the default) the
   * computer plays the game's strongest bot with those options. Any other value is shown as a message in place of
   * the game.
   */
  @property({ converter: wholeOrNull }) level: number | null = null;
  /** The worker client; by default the page's shared one. */
  @property({ attribute: false }) client: RailkitClient | null = null;
  /** Online play: the match id (from the lobby). */
  @property() match: string | null = null;
  /** Online play: this element's seat, a whole number from 0 to 5; without it the element watches the match. */
  @property({ converter: wholeOrNull }) seat: number | null = null;
  /** Online play: the seat's credentials (from joining the match). */
  @property() credentials: string | null = null;

  /**
   * Review mode from markup (attribute `review`): a save to review, as JSON text (the property also takes the
   * state object), as `review(save)` does. Removing it (null) leaves review mode. A save the worker refuses fires
   * `railkit-load-error` and shows no review.
   */
  @property({ attribute: "review" }) reviewSave: object | string | null = null;

  /** The game log as text, built from the answers this element saw (newest last). */
  @state() protected entries: string[] = [];
  /** What the last answer did, in words, for the live region (announced once; the log is not live). */
  @state() protected said = "";

  /** The game: its worker namespace is chosen by `gameApi`, its match on the server by this id. */
  protected abstract readonly gameId: GameId;

  /** The attribute gate: which changes start a new game, and what is wrong with the attributes. */
  private readonly gate = new AttributeGate(this, [...SHARED_GAME_ATTRIBUTES, ...this.gameAttributes()]);

  /** The game in the worker: view, busy, status line, hints, the computer's seats, fault recovery. */
  protected readonly local: GameSession<T> = new GameSession<T>(this, {
    api: (client) => this.gameApi(client),
    client: () => (this.client ??= sharedRailkitClient()),
    bots: () => (this.attributeError ? new Set<number>() : seatList(this.bots)),
    botOptions: () => (this.level === null ? this.botOptions() : { level: this.level }),
    hints: () => this.hintsWanted(),
    hintOptions: () => this.hintOptions(),
    beforeAct: (action) => this.beforeMove(action),
    onView: (next, prev, cause) => this.onView(next, prev, cause),
    beforeBotMove: (action, view) => this.beforeBotMove(action, view),
    botDelayMs: (view) => this.botDelayMs(view),
  });

  /** An online match through the railkit server, when `server` and `match` are set (hints from this seat's view). */
  protected readonly online: OnlineSession<T> = new OnlineSession<T>(this, {
    game: () => this.gameId,
    ...matchOf(this),
    onView: (next, prev, cause) => this.onView(next, prev, cause),
    hints: () => this.hintsWanted(),
    loadHints: (view) => this.onlineHints(view),
    derive: (sent, seat) => {
      this.client ??= sharedRailkitClient();
      return this.gameApi(this.client).onlineView(sent, seat);
    },
    beforeAct: (action) => this.beforeMove(action),
  });

  /** Review mode (web/elements/common/review.ts): the game reviewed, stepped through read-only. */
  protected readonly reviewMode: ReviewController<T> = new ReviewController<T>(this, {
    api: () => {
      this.client ??= sharedRailkitClient();
      return this.gameApi(this.client);
    },
    seatName: (seat) => this.seatName(seat),
    onChange: (active) =>
      this.dispatchEvent(
        new CustomEvent<ReviewChangeDetail>("review-change", {
          detail: { active },
          bubbles: true,
          composed: true,
        }),
      ),
  });

  /** A save set (`state`) before the first update: loaded then, in place of the new game the attributes describe. */
  private pendingState: { save: T["view"]["state"] | string } | null = null;

  // ---- what each game supplies --------------------------------------------------------------------------

  /** The attributes of this game whose change starts a new game (besides `players`, `seed` and the online ones). */
  protected abstract gameAttributes(): readonly string[];
  /** The attributes' problems in words ("" when there are none): shown instead of the game. */
  protected abstract checkAttributes(): string;
  /** The options of a new game (the engine's `setup` options), from the attributes. */
  protected abstract gameOptions(): T["options"];
  /** The attributes that describe a loaded game (its options; `players` among them), for `import`. */
  protected abstract savedAttributes(
    state: T["view"]["state"],
  ): { players: string } & Record<string, string | null>;
  /** The game's verbs in the worker client. */
  protected abstract gameApi(client: RailkitClient): GameWorkerApi<T>;
  /** Hints for this seat's view of an online match, computed in the page's own worker. */
  protected abstract onlineHints(view: T["view"]): Promise<T["hint"][]>;
  /** A new view from the session: reset the gesture, log what happened, fire the events. */
  protected abstract onView(next: T["view"], prev: T["view"] | null, cause: ViewCause<T["action"]>): void;
  /** The game once the first view is there. */
  protected abstract renderGame(view: T["view"]): TemplateResult;
  /**
   * Review mode: the position `reviewMode.view` read-only (the board as it was), with the controller's panel,
   * moves and summary (`renderPanel()`, `renderMoves()`, `renderSummary()`).
   */
  protected abstract renderReview(): TemplateResult;

  /** Options of the computer's moves (default none). */
  protected botOptions(): T["botOptions"] | undefined {
    return undefined;
  }
  /** Options of a hints call (default none). */
  protected hintOptions(): T["hintOptions"] | undefined {
    return undefined;
  }
  /** Whether hints are wanted now: the `hints` attribute, while the attributes are accepted. */
  protected hintsWanted(): boolean {
    return this.hints && !this.attributeError;
  }
  /** The computer's move arrived and is about to be shown: e.g. show it first, and wait a moment. */
  protected beforeBotMove(_action: T["action"], _view: T["view"]): Promise<void> | void {}

  /** The pause before the computer's next move from `view`, in ms: the element's pace (`bot-delay`). */
  protected botDelayMs(_view: T["view"]): number {
    return this.pace;
  }
  /** Clears the element's own per-game state before a new game is asked for. */
  protected clearGame(): void {}
  /**
   * Starts the game the attributes describe (the first update, or a game-setting attribute changed); at the first
   * update a save set as `state` before is loaded instead (refused: the game the attributes describe, and why).
   */
  protected startGame(): void {
    const pending = this.pendingState;
    this.pendingState = null;
    if (!pending) {
      void this.newGame();
      return;
    }
    this.loadSave(pending.save).catch(async (e: unknown) => {
      this.loadRefused(e);
      await this.newGame();
      this.session.say(`The saved game was not loaded: ${loadMessage(e)}`, true);
    });
  }

  /** The computer's pace now (`bot-delay` while it is accepted, else the default): for `beforeBotMove`'s pause. */
  protected get pace(): number {
    return paceOf(this.botDelay);
  }
  /** The `hints` attribute changed (or the attributes were fixed): asks for the hints of the view again. */
  protected restartHints(): void {
    void this.session.refreshHints();
  }
  /** Drawn under the status line before the first view (default nothing). */
  protected startingExtra(): unknown {
    return nothing;
  }

  // ---- the session -----------------------------------------------------------------------------------------

  /** The session in use: the online match when `server` and `match` are set, else the local game. */
  protected get session(): GameSession<T> | OnlineSession<T> {
    return this.isOnline ? this.online : this.local;
  }

  /** Playing (or watching) a match on the railkit server. */
  protected get isOnline(): boolean {
    return playsOnline(this);
  }

  /** What is wrong with the attributes, in words for the player ("" when nothing): shown instead of the game. */
  protected get attributeError(): string {
    return this.gate.error;
  }

  protected get view(): T["view"] | null {
    return this.session.view;
  }

  /** A person may act now: their turn, and no answer or restore pending. */
  protected get canAct(): boolean {
    return this.session.humanTurn && !this.session.busy && !this.session.recovering;
  }

  // ---- the public members ----------------------------------------------------------------------------------

  /** The current game's save (a copy), null before the first game: the body of each element's `state` getter. */
  protected currentSave(): T["view"]["state"] | null {
    return stateCopy(this.session);
  }

  /** The current game's save as JSON text (what `import` reads back); throws before the first game. */
  export(): string {
    return exportSave(this.session.view?.state);
  }

  /**
   * The body of each element's `import(json)`: loads the save through the local session (refused online), then
   * sets the attributes to the loaded game's options (`savedAttributes`) and keeps only the `bots` seats that
   * game has. Each element declares `state` and `import` itself, with its game's save type (the manifest shows an
   * inherited member with its base's type).
   */
  protected loadSave(json: T["view"]["state"] | string): Promise<void> {
    return importGame(this, this.gate, this.local, json, this.isOnline ? this.online : null, (s) =>
      this.savedAttributes(s),
    );
  }

  /**
   * The body of each element's `state` setter (and of its `state` attribute): a save (JSON text or the state
   * object) is loaded through the engine's load policy, as `import` does; a refused one leaves the current game as
   * it was, shows why, and fires `railkit-load-error`. Set before the element's first update, the save is the
   * first game. null (the `state` attribute removed) starts a new game from the attributes, its default.
   */
  protected assignState(save: T["view"]["state"] | string | null): void {
    if (!this.hasUpdated) {
      this.pendingState = save === null ? null : { save };
      return;
    }
    if (save === null) {
      void this.newGame();
      return;
    }
    this.loadSave(save).catch((e: unknown) => this.loadRefused(e));
  }

  /** Fires `railkit-load-error` for a refused save. */
  private loadRefused(e: unknown): void {
    this.dispatchEvent(
      new CustomEvent<LoadErrorDetail>("railkit-load-error", {
        detail: { message: loadMessage(e) },
        bubbles: true,
        composed: true,
      }),
    );
  }

  /**
   * A person's gesture is about to send `action`: fires the cancelable `railkit-before-move`; false (not sent) when
   * a listener called `preventDefault()`.
   */
  private beforeMove(action: T["action"]): boolean {
    return this.dispatchEvent(
      new CustomEvent<BeforeMoveDetail<T["action"]>>("railkit-before-move", {
        detail: { action: structuredClone(action) },
        bubbles: true,
        composed: true,
        cancelable: true,
      }),
    );
  }

  /**
   * Plays `action` (the engine's action object, e.g. `{ type: "end-turn", player: 0 }`) as if the seat to move sent
   * it, without `railkit-before-move`; resolves to the engine's verdict: `{ ok: true, state }` (the new state, a
   * copy), or `{ ok: false, error: { kind, rule, message } }`: `kind: "rule"` with the rule id the move breaks,
   * `"input"` for a malformed action (`rule`: its JSON pointer), `"element"` when nothing was sent (`rule`:
   * `element.no-game`, `element.busy`, `element.attributes`, `element.not-sent`), `"internal"` when the engine
   * failed. Never rejects. Online, the verdict of the server (a refusal has `rule: "online.refused"`).
   */
  async play(action: T["action"]): Promise<PlayVerdict<T["view"]["state"]>> {
    if (this.attributeError) return notSent("element.attributes", this.attributeError);
    if (!this.isOnline) return this.local.play(action);
    const online = this.online;
    if (!online.view) return notSent("element.no-game", "there is no game yet");
    if (await online.act(action, false)) return { ok: true, state: structuredClone(online.view.state) };
    return {
      ok: false,
      error: { kind: "rule", rule: "online.refused", message: online.message || "not sent" },
    };
  }

  /**
   * Starts a new game with the current attributes (`fresh`: ignore the `seed` attribute, draw a new seed). Does
   * nothing while an attribute is not accepted (the element says which).
   */
  async newGame(fresh = false): Promise<void> {
    if (this.attributeError) return;
    this.entries = [];
    this.clearGame();
    await this.session.newGame(this.gameOptions(), seedFrom(this.seed, fresh));
  }

  /**
   * Review mode (docs/review.md): every move of `save` (a finished or saved game: a state or its JSON text; default
   * the game shown) graded in the worker by the game's analysis (the Train Game exactly; String Railway and Light
   * Rail by the search behind their hints, with its error bar: a move is marked a mistake only when its loss is
   * larger), shown as the grades arrive with progress and Stop, the board as it was before each move (read-only),
   * a slider, ←/→ (Home/End) on the review panel, the moves as a clickable list, and the summary (each seat's loss
   * to decisions, luck where the game values it, the three biggest mistakes, a chart). Rejects, leaving the game as
   * it was, if the worker refuses the save.
   */
  review(save?: T["view"]["state"] | string): Promise<void> {
    const s = save ?? this.view?.state;
    if (s === undefined) return Promise.reject(new Error("no game to review yet"));
    return this.reviewMode.start(s);
  }

  /** Leaves review mode: the game being played is shown again. */
  endReview(): void {
    this.reviewMode.exit();
  }

  /** True in review mode. */
  get reviewing(): boolean {
    return this.reviewMode.active;
  }

  // ---- updates -------------------------------------------------------------------------------------------

  protected override willUpdate(changed: PropertyValues<this>): void {
    const shared = [
      checkWhole(this, "bot-delay", this.botDelay, 0, MAX_BOT_DELAY_MS, " (milliseconds)"),
      this.seat === null ? null : checkWhole(this, "seat", this.seat, 0, MAX_SEAT),
      this.level === null ? null : checkWhole(this, "level", this.level, MIN_LEVEL, MAX_LEVEL),
    ];
    const problems = [this.checkAttributes(), ...shared].filter((p) => !!p).join(" ");
    const step = this.gate.step(changed, !this.hasUpdated, problems);
    if (step.kind === "start") this.startGame();
    else if (step.kind === "same") {
      if (step.hints) this.restartHints();
      if (step.bots || changed.has("level")) this.session.kick();
    }
    if (changed.has("reviewSave")) {
      const save = this.reviewSave;
      // The worker's `load` checks whatever was set: a state object of this game, or its JSON text.
      if (save !== null && save !== "")
        this.review(save as T["view"]["state"]).catch((e: unknown) => this.loadRefused(e));
      else if (changed.get("reviewSave") != null) this.endReview();
    }
  }

  // ---- names and the log ---------------------------------------------------------------------------------

  /** A seat's name as the log, the scores and the titles show it (web/elements/common/game-element.ts `seatName`). */
  protected seatName(seat: number): string {
    return seatName(seat, this, this.online.seats);
  }

  /** The title of a finished game: `Game over: You win.` */
  protected overTitle(state: T["view"]["state"]): string {
    return gameOverTitle(state.winners, (seat) => this.seatName(seat));
  }

  /** Adds lines to the game log; `say`: also announce them in the live region. */
  protected log(lines: readonly string[], say = true): void {
    if (lines.length === 0) return;
    this.entries = appendLog(this.entries, lines);
    if (say) this.said = lines.join(" ");
  }

  // ---- render --------------------------------------------------------------------------------------------

  protected override render(): TemplateResult {
    if (this.attributeError) return renderAttributeError(this.attributeError);
    if (this.reviewMode.active) return this.renderReview();
    const v = this.view;
    if (!v) return renderStarting(this.session, this.startingExtra());
    return this.renderGame(v);
  }
}

declare global {
  interface HTMLElementEventMap {
    "railkit-before-move": CustomEvent<BeforeMoveDetail>;
    "railkit-load-error": CustomEvent<LoadErrorDetail>;
    "review-change": CustomEvent<ReviewChangeDetail>;
  }
}

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
 * - **The public members** every element has: the attributes `seed`, `bots`, `match`, `seat`, `credentials`, the
 *   `client` property, `export()` and `newGame(fresh)`. The inputs whose meaning differs by game (`players`: the
 *   range of seats; `hints`: what the panel shows; `server`: what the seat's view holds) are declared by each
 *   element with its own documentation, and so are `state` and `import(json)`, with the game's save type, over
 *   `currentSave()` and `loadSave(json)` here.
 * - **Seat names, the status line, the game log** (`entries`, and `said` for the live region), and the frame of
 *   `render()`: the attribute error or the starting placeholder until the first view, then `renderGame(view)`.
 *
 * Seats are numbered from 0.
 */
import { LitElement, nothing, type PropertyValues, type TemplateResult } from "lit";
import { property, state } from "lit/decorators.js";
import type { GameId } from "../../engine/common/game.ts";
import { type RailkitClient, sharedRailkitClient } from "../../worker/client.ts";
import type { GameTypes, GameWorkerApi } from "../../worker/protocol.ts";
import { renderAttributeError } from "./attributes.ts";
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
import { BOT_DELAY_MS, exportSave, GameSession, seatList, seedFrom, type ViewCause } from "./session.ts";

/** The attributes whose change starts a new game in every element (a subclass adds its game's own). */
const SHARED_GAME_ATTRIBUTES = ["players", "seed", "server", "match", "seat", "credentials"] as const;

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
   * Seats the computer plays, comma separated, from 0: `"1"`, `"1,2"`. A seat the game does not have, or any other
   * text (`bots="9"`, `bots="x"`), is shown as a message in place of the game, never ignored.
   */
  @property() bots = "";
  /** The worker client; by default the page's shared one. */
  @property({ attribute: false }) client: RailkitClient | null = null;
  /** Online play: the match id (from the lobby). */
  @property() match: string | null = null;
  /** Online play: this element's seat; without it the element watches the match. */
  @property({ type: Number }) seat: number | null = null;
  /** Online play: the seat's credentials (from joining the match). */
  @property() credentials: string | null = null;

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
    botOptions: () => this.botOptions(),
    hints: () => this.hintsWanted(),
    hintOptions: () => this.hintOptions(),
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
  });

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

  /** The pause before the computer's next move from `view`, in ms ({@link BOT_DELAY_MS}: time to follow it). */
  protected botDelayMs(_view: T["view"]): number {
    return BOT_DELAY_MS;
  }
  /** Clears the element's own per-game state before a new game is asked for. */
  protected clearGame(): void {}
  /** Starts the game the attributes describe (the first update, or a game-setting attribute changed). */
  protected startGame(): void {
    void this.newGame();
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
   * Starts a new game with the current attributes (`fresh`: ignore the `seed` attribute, draw a new seed). Does
   * nothing while an attribute is not accepted (the element says which).
   */
  async newGame(fresh = false): Promise<void> {
    if (this.attributeError) return;
    this.entries = [];
    this.clearGame();
    await this.session.newGame(this.gameOptions(), seedFrom(this.seed, fresh));
  }

  // ---- updates -------------------------------------------------------------------------------------------

  protected override willUpdate(changed: PropertyValues<this>): void {
    const step = this.gate.step(changed, !this.hasUpdated, this.checkAttributes());
    if (step.kind === "start") this.startGame();
    else if (step.kind === "same") {
      if (step.hints) this.restartHints();
      if (step.bots) this.session.kick();
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
    const v = this.view;
    if (!v) return renderStarting(this.session, this.startingExtra());
    return this.renderGame(v);
  }
}

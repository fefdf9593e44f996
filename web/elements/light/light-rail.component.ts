import { html, nothing, type PropertyValues, svg } from "lit";
import { property, state } from "lit/decorators.js";
import type { BlockedCell } from "../../engine/light/board.ts";
import { DESIGNS, OBJECTIVES, orient } from "../../engine/light/data.ts";
import {
  BUILDINGS,
  type LightAction,
  type LightState,
  type ScoreEvent,
  type Segment,
} from "../../engine/light/types.ts";
import { LIGHT_HELP } from "../../games/light/help.ts";
import { HIDDEN } from "../../online/view.ts";
import type { SearchedPlacement } from "../../solvers/light/search.ts";
import { mergeSlices } from "../../solvers/light/slices.ts";
import type { RailkitClient } from "../../worker/client.ts";
import type { GameWorkerApi, LightTypes, LightView } from "../../worker/protocol.ts";
import {
  booleanish,
  checkBots,
  checkPlayers,
  checkSeed,
  checkWhole,
  problems,
  whole,
} from "../common/attributes.ts";
import { cssProps } from "../common/css-props.ts";
import { renderLog, renderMessage } from "../common/game-element.ts";
import { helpStyles, renderHelp } from "../common/help.ts";
import { RailkitGameElement } from "../common/railkit-element.ts";
import { reviewStyles } from "../common/review.ts";
import { delay, seatList, type ViewCause } from "../common/session.ts";
import {
  boundsOf,
  buildingPoint,
  CARD_H,
  CARD_W,
  type Cell,
  cellCentre,
  cellOrigin,
  type Direction,
  moveCursor,
  outlinePath,
  rowEnd,
  segmentPath,
  shade,
  terminusPoint,
} from "./board-view.ts";
import { lightRailStyles } from "./light-rail.styles.ts";

/** Detail of the `placement` event: a card was placed (by a person or the computer). */
export interface LightPlacementDetail {
  action: LightAction;
  by: "person" | "computer";
  /** Route credit each seat gained with it. */
  gains: number[];
  /** The routes it completed (and, when it ended the game, the wrapped ones), with who scored how much. */
  routes: ScoreEvent[];
}

/** Detail of the `game-over` event. */
export interface LightGameOverDetail {
  /** Final totals (route + objective credit), by seat. */
  totals: number[];
  routeCredit: number[];
  objectiveCredit: number[];
  /** The objective ids each seat fulfilled. */
  fulfilled: string[][];
  winners: number[];
}

const COLOR_LABEL = ["Blue", "Yellow", "Pink", "Green"] as const;

/** Short titles of the engine's refusals of a cell (the message itself comes from the engine). */
const REFUSAL_TITLE: Readonly<Record<string, string>> = {
  "light.cell-occupied": "Occupied",
  "light.not-adjacent": "Not next to a card",
  "light.outside-city-limit": "Outside every city placement",
  "light.game-over": "The game is over",
  "light.not-your-turn": "Not your turn",
};

const keyOf = (q: number, r: number) => `${q},${r}`;
/** 90112 → "90,112", without toLocaleString: its first call loads the locale data, 100–200 ms on a slow phone. */
const thousands = (n: number) => String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/** Time of one hints call; the budget is spent in such slices so the search shows progress and can stop. */
const HINT_SLICE_MS = 250;

/** Little pictures of the five buildings (drawn at 0,0 in a 14-unit box). */
function buildingGlyph(building: number) {
  switch (BUILDINGS[building]) {
    case "school":
      return svg`<path class="bld" d="M-6 6V-1L0-6L6-1V6Z"/><rect class="bld-in" x="-1.6" y="1" width="3.2" height="5"/><path class="bld-line" d="M0-6V-10L3.5-9L0-8"/>`;
    case "market":
      return svg`<rect class="bld" x="-6" y="-2" width="12" height="8"/><path class="bld" d="M-7-2L-5-7H5L7-2Z"/><path class="bld-line" d="M-3-7L-4-2M0-7V-2M3-7L4-2"/>`;
    case "hospital":
      return svg`<rect class="bld" x="-6" y="-6" width="12" height="12" rx="2"/><path class="bld-cross" d="M-1.6-4H1.6V-1.6H4V1.6H1.6V4H-1.6V1.6H-4V-1.6H-1.6Z"/>`;
    case "museum":
      return svg`<path class="bld" d="M-7-2L0-7L7-2Z"/><rect class="bld" x="-6.5" y="4" width="13" height="2.5"/><path class="bld-line" d="M-4.5-1.5V4M-1.5-1.5V4M1.5-1.5V4M4.5-1.5V4"/>`;
    case "stadium":
      return svg`<ellipse class="bld" cx="0" cy="0" rx="7" ry="5"/><ellipse class="bld-in" cx="0" cy="0" rx="3.6" ry="2.2"/>`;
    default:
      return nothing;
  }
}

/** The picture of one card (tracks, termini, buildings) in its colour, drawn at its cell's corner. */
function cardPicture(segments: readonly Segment[], color: number, extraClass = "") {
  return svg`<g class="card c${color} ${extraClass}">
    <rect class="card-bg" x="1.5" y="1.5" width=${CARD_W - 3} height=${CARD_H - 3} rx="5"/>
    ${segments.map((s) => svg`<path class="bed" d=${segmentPath(s)}/>`)}
    ${segments.map((s) => svg`<path class="rail" d=${segmentPath(s)}/><path class="ties" d=${segmentPath(s)}/>`)}
    ${segments.map((s) => {
      if (s.b !== 6) return nothing;
      const [x, y] = terminusPoint(s);
      return svg`<circle class="terminus" cx=${x} cy=${y} r="5.5"/>`;
    })}
    ${segments.map((s) => {
      if (s.building === 0) return nothing;
      const [x, y] = buildingPoint(s);
      return svg`<g class="building" transform="translate(${x} ${y})"><circle class="bld-halo" r="9"/>${buildingGlyph(s.building)}</g>`;
    })}
  </g>`;
}

/**
 * Light Rail (rail cards in a hex city laid like a brick wall) for 2–4 seats, some played by the computer.
 * Thin: the rules, the city limit, the refusals of illegal cells and the search run in the railkit worker
 * (the session controller of web/elements/common/session.ts drives it); this element draws the view and
 * turns pointer, touch and keys into placements. Legal cells come from the engine's legal actions; why a
 * cell is illegal from the view's `blocked` cells (the engine's refusal); a click on an illegal cell is
 * sent and refused by the engine, and the refusal is shown.
 *
 * Seats are numbered from 0 (seat 0, blue, plays first); seat i plays colour i.
 *
 * @fires placement - A card was placed. `detail`: `{ action, by, gains, routes }`.
 * @fires game-over - The city is full. `detail`: `{ totals, routeCredit, objectiveCredit, fulfilled, winners }`.
 *
 * @csspart base - The whole widget.
 * @csspart board - The city (an SVG; focusable: arrows move the cursor to a neighbouring cell, Home/End to the ends of its row, Enter places, R rotates).
 * @csspart hand - The card in hand and the rotate button.
 * @csspart setup - The new-game form (players, wrapping, New game).
 * @csspart button - Each button.
 * @csspart scoreboard - Credits per seat (and the final table).
 * @csspart objectives - The secret objectives (your own; everybody's at the end).
 * @csspart hints - The hint panel.
 * @csspart hint-best - The best hint row.
 * @csspart message - The status line (refusals in red).
 * @csspart log - The game log (in review mode: the graded moves, each a button).
 * @csspart help - The "How to play" panel (a disclosure, closed at first).
 * @csspart help-button - The panel's button (its `<summary>`).
 * @csspart review - Review mode's panel: the slider, the move shown and its grade, progress and Stop.
 * @csspart review-slider - Review mode's slider over the moves.
 * @csspart review-summary - Review mode's summary: each seat's totals, biggest mistakes and the chart.
 * @csspart review-chart - The summary's SVG chart of win chances over the game.
 *
 * @cssprop --light-rail-bg - Background (light and dark defaults follow `prefers-color-scheme`; the cards keep their
 * paper colours in both).
 * @cssprop --light-rail-fg - Text colour.
 * @cssprop --light-rail-muted - Secondary text, headings.
 * @cssprop --light-rail-border - Borders of the widget, panels and buttons.
 * @cssprop --light-rail-surface - Panels and buttons.
 * @cssprop --light-rail-accent - Legal cells, primary buttons.
 * @cssprop --light-rail-accent-fg - Text on primary buttons.
 * @cssprop --light-rail-danger - Refusals and alerts.
 * @cssprop --light-rail-blue - Colour of seat 0 (also --light-rail-yellow, --light-rail-pink, --light-rail-green).
 * @cssprop --light-rail-board-bg - The table under the city.
 * @cssprop --light-rail-card-size - Width of a card on the board (default 72px).
 */
export class LightRail extends RailkitGameElement<LightTypes> {
  static override styles = [...lightRailStyles, helpStyles, reviewStyles("light-rail")];

  /** Number of seats, 2–4; any other value is shown as a message in place of the game, naming the values taken. */
  @property({ converter: whole(2) }) override players = 2;
  /**
   * Show hints: every legal placement shaded by the search's value, the best marked. `hints`, `hints=""`,
   * `hints="true"` are on; `hints="false"`, `"off"`, `"0"`, `"no"` and no attribute are off.
   */
  @property({ converter: booleanish, reflect: true }) override hints = false;
  /**
   * The advanced option: at the end, open ends wrap across the city and wrapped routes score. Read as `hints` is
   * (`wrap="false"` is off).
   */
  @property({ converter: booleanish }) wrap = false;
  /** Time budget of the hint search in ms (default 1000), 1–60 000; any other value is shown as a message in place of the game, naming the values taken. */
  @property({ converter: whole(1000), attribute: "hint-time" }) hintTime = 1000;
  /** Playouts of the computer's search per move (default 2000), 0–20 000; any other value is shown as a message in place of the game, naming the values taken. */
  @property({ converter: whole(2000), attribute: "bot-playouts" }) botPlayouts = 2000;
  /**
   * Online play (docs/online.md): the railkit server's address; with `match` set, the game is that match (this
   * seat's view only: its own card and objectives, the decks as counts; hints search that view in this page's
   * worker, the cards it does not show sampled).
   */
  @property() override server: string | null = null;

  /** Orientation of the card in hand: 0 as dealt, 1 turned 180°. */
  @state() private orientation: 0 | 1 = 0;
  /** The keyboard cursor's cell. */
  @state() private cursor: Cell | null = null;
  /** The cell under the pointer. */
  @state() private hover: Cell | null = null;
  /** Touch: the cell picked by a first tap (a second tap places). */
  @state() private picked: Cell | null = null;
  /** Which of the pointer and the keyboard cursor pointed last (the cell the info line describes). */
  private pointedBy: "pointer" | "keys" = "pointer";
  /** The board has the keyboard focus (the cursor is drawn). */
  @state() private boardFocused = false;
  /** The computer's move, shown before it lands. */
  @state() private botPending: LightAction | null = null;
  /** The routes the last placement scored (drawn on the board). */
  @state() private lastRoutes: ScoreEvent[] = [];

  // Hints: slices of the time budget merged for the position at `hintAt`.
  @state() private hintRows: SearchedPlacement[] = [];
  @state() private hintSlices = 0;
  @state() private hintStopped = false;
  private hintAt = -1;
  private seenTask: unknown = null;

  protected override readonly gameId = "light";

  protected override gameAttributes(): readonly string[] {
    return ["wrap"];
  }

  protected override gameApi(client: RailkitClient): GameWorkerApi<LightTypes> {
    return client.light;
  }

  protected override botOptions(): LightTypes["botOptions"] {
    return { playouts: this.botPlayouts };
  }

  /** Hints until the player stopped the search of this position. */
  protected override hintsWanted(): boolean {
    return super.hintsWanted() && !(this.hintStopped && this.hintAt === (this.view?.state.log.length ?? -1));
  }

  /** One slice of the hint search (the budget is spent in such slices, so the search shows progress and can stop). */
  protected override hintOptions(): LightTypes["hintOptions"] {
    return {
      ms: this.sliceMs,
      seed: `${this.view?.state.seed}/${this.view?.state.log.length}/${this.hintSlices}`,
    };
  }

  private get sliceMs(): number {
    return Math.max(1, Math.min(HINT_SLICE_MS, Math.floor(this.hintTime) || 1));
  }

  // The same slices as offline, searched on this seat's view (web/games/light/view.ts `fromView`).
  protected override async onlineHints(v: LightView): Promise<SearchedPlacement[]> {
    const seed = `${this.match}/${v.state.log.length}/${this.hintSlices}`;
    return (await this.local.client.light.viewHints(v.state, { ms: this.sliceMs, seed })).hints;
  }

  protected override async beforeBotMove(action: LightAction): Promise<void> {
    this.botPending = action;
    await delay(this.pace);
  }

  /**
   * The current game as the engine's save: a plain JSON object (a copy), null before the first game. Setting it (the
   * object or JSON text), or the `state` attribute (JSON text), loads that save through the engine's load policy, as
   * `import(json)` does: a refused save leaves the game as it was, is shown in the element and fires
   * `railkit-load-error`. Set before the element's first update, it is the first game; the attribute removed (or
   * null) starts a new game from the attributes. The attribute is read, never written: it does not follow the moves.
   * Online, the seat's view of the match (read only).
   */
  @property({ attribute: "state" })
  get state(): LightState | null {
    return this.currentSave();
  }
  set state(save: LightState | string | null) {
    this.assignState(save);
  }

  /**
   * Loads a saved game (JSON text, or the state object), checked by the engine's `load` in the worker. A bad save
   * is refused: the element shows why (the first bad field's JSON pointer and the engine's message) and the game
   * on screen goes on exactly as it was; the promise rejects with that error. A good save replaces the game: the
   * `players` and `wrap` attributes are set to the loaded game's options and `bots` keeps only the seats that
   * game has (`seed` is left as it is: it seeds the next new game). Not while playing online.
   */
  import(json: LightState | string): Promise<void> {
    return this.loadSave(json);
  }

  protected override savedAttributes(s: LightState) {
    return { players: String(s.options.players), wrap: s.options.wrap ? "" : null };
  }

  /** The attributes' problems in words ("" when there are none). */
  protected override checkAttributes(): string {
    const seats = checkPlayers(this, this.players, 2, 4);
    return problems(
      seats,
      seats ? null : checkBots(this, this.bots, this.players),
      checkSeed(this, this.seed),
      checkWhole(this, "hint-time", this.hintTime, 1, 60_000, " (milliseconds)"),
      checkWhole(this, "bot-playouts", this.botPlayouts, 0, 20_000),
    );
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    super.willUpdate(changed);
    if (!this.attributeError) this.collectHints();
  }

  /** The city pans on a phone (a card is at least 49 px wide): when first drawn too wide, it starts centred on (0, 0). */
  private panned = false;

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.panned) return;
    const wrap = this.renderRoot.querySelector<HTMLElement>(".board-wrap");
    if (!wrap) return;
    // Once (a layout read): not on every update.
    this.panned = true;
    if (wrap.scrollWidth > wrap.clientWidth) wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
  }

  /** The `hints` attribute changed (or the attributes were fixed): a new search, not stopped. */
  protected override restartHints(): void {
    this.hintStopped = false;
    super.restartHints();
  }

  /** Merges a finished hint slice; asks for the next one while the budget lasts and nobody stopped it. */
  private collectHints(): void {
    const task = this.session.hints;
    const at = this.view?.state.log.length ?? -1;
    if (this.hintAt !== at) {
      this.hintAt = at;
      this.hintRows = [];
      this.hintSlices = 0;
      this.hintStopped = false;
    }
    if (task === this.seenTask) return;
    this.seenTask = task;
    if (task.status !== "complete" || task.at !== at || !task.hints) return;
    this.hintRows = mergeSlices(this.hintRows, task.hints);
    this.hintSlices++;
    if (!this.hintStopped && this.hintSlices * HINT_SLICE_MS < this.hintTime)
      queueMicrotask(() => void this.session.refreshHints());
  }

  /** Stops the hint search (the slice under way still lands). */
  private stopHints(): void {
    this.hintStopped = true;
  }

  /**
   * The new-game form: players and wrapping; with the computer playing every other seat (the seats of
   * `bots` then become 1..players-1) unless no seat was the computer's.
   */
  private onSetup(e: SubmitEvent): void {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const players = Number((form.elements.namedItem("players") as HTMLSelectElement).value);
    const wrap = (form.elements.namedItem("wrap") as HTMLInputElement).checked;
    const same = players === this.players && wrap === this.wrap;
    if (seatList(this.bots).size > 0)
      this.bots = Array.from({ length: players - 1 }, (_, i) => i + 1).join(",");
    this.players = players;
    this.wrap = wrap;
    // Same options: willUpdate starts no game by itself, so start one here (with a fresh seed).
    if (same) void this.newGame(true);
  }

  protected override gameOptions(): LightTypes["options"] {
    return { players: this.players, wrap: this.wrap };
  }

  protected override clearGame(): void {
    this.lastRoutes = [];
    this.botPending = null;
    this.picked = null;
    this.orientation = 0;
  }

  protected override onView(next: LightView, prev: LightView | null, cause: ViewCause<LightAction>): void {
    this.botPending = null;
    this.picked = null;
    if (cause.kind === "new") {
      this.entries = [];
      this.lastRoutes = [];
      this.orientation = 0;
      this.cursor = null;
      return;
    }
    if (cause.kind !== "action" || !prev) return;
    const { action, by } = cause;
    const turn = next.state.log.length - 1;
    const routes = next.state.scores.filter((e) => e.turn === turn);
    this.lastRoutes = routes;
    const gains = next.state.routeCredit.map((c, i) => c - prev.state.routeCredit[i]!);
    const design = DESIGNS[next.state.cards[next.state.cards.length - 1]!.design]!;
    const lines = [
      `${this.seatName(action.player)} placed ${design.name.replace("-", " ")} at (${action.q}, ${action.r})${action.orientation ? ", turned" : ""}.`,
    ];
    for (const e of routes) {
      const who = e.winners.map((w) => this.seatName(w)).join(" and ");
      lines.push(
        e.credit > 0
          ? `${e.wrapped ? "Wrapped route" : "Route"} of ${e.cells.length} card${e.cells.length === 1 ? "" : "s"} completed: ${who} ${e.winners.length > 1 ? "each score" : who === "You" ? "score" : "scores"} ${e.credit}.`
          : `${e.wrapped ? "Wrapped route" : "Route"} completed, no building on it: no credit.`,
      );
    }
    if (next.state.over && !prev.state.over) lines.push(this.overTitle(next.state));
    this.log(lines);
    if (this.cursor && !this.isDrawn(this.cursor, next)) this.cursor = null;
    this.dispatchEvent(
      new CustomEvent<LightPlacementDetail>("placement", {
        detail: { action, by, gains, routes },
        bubbles: true,
        composed: true,
      }),
    );
    if (next.state.over && !prev.state.over) {
      const s = next.state;
      const detail: LightGameOverDetail = {
        totals: s.routeCredit.map((c, i) => c + s.objectiveCredit[i]!),
        routeCredit: s.routeCredit.slice(),
        objectiveCredit: s.objectiveCredit.slice(),
        fulfilled: s.fulfilled.map((f) => f.slice()),
        winners: s.winners.slice(),
      };
      this.dispatchEvent(new CustomEvent("game-over", { detail, bubbles: true, composed: true }));
    }
  }

  // ---- what the view says about cells -----------------------------------------------------------------

  private get legalCells(): Map<string, Cell> {
    const m = new Map<string, Cell>();
    for (const a of this.view?.legal ?? []) m.set(keyOf(a.q, a.r), [a.q, a.r]);
    return m;
  }

  private get blockedCells(): Map<string, BlockedCell> {
    return new Map((this.view?.blocked ?? []).map((b) => [keyOf(b.q, b.r), b]));
  }

  /** Every cell the board draws and the cursor may visit: legal, blocked, placed. */
  private drawnCells(v: LightView): Cell[] {
    const m = new Map<string, Cell>();
    for (const a of v.legal) m.set(keyOf(a.q, a.r), [a.q, a.r]);
    for (const b of v.blocked) m.set(keyOf(b.q, b.r), [b.q, b.r]);
    for (const c of v.state.cards) m.set(keyOf(c.q, c.r), [c.q, c.r]);
    return [...m.values()];
  }

  private isDrawn(cell: Cell, v: LightView): boolean {
    return this.drawnCells(v).some(([q, r]) => q === cell[0] && r === cell[1]);
  }

  private isLegal(cell: Cell | null): boolean {
    return cell !== null && this.legalCells.has(keyOf(cell[0], cell[1]));
  }

  /** What a cell is, in words (the cursor's live description and the hover line). */
  private describeCell(cell: Cell): string {
    const [q, r] = cell;
    const v = this.view!;
    const placed = v.state.cards.find((c) => c.q === q && c.r === r);
    const at = `(${q}, ${r})`;
    if (this.isLegal(cell)) {
      const h = this.hintFor(q, r, this.orientation);
      const hint = h ? `; hint: credit now ${h.credit}, value ${h.value.toFixed(1)}` : "";
      return `${at}: you may place here${hint}.`;
    }
    const b = this.blockedCells.get(keyOf(q, r));
    const card = placed ? ` (${COLOR_LABEL[placed.color]} ${DESIGNS[placed.design]!.name})` : "";
    if (b) return `${at}${card}: ${REFUSAL_TITLE[b.rule] ?? b.rule} — ${b.message}.`;
    return `${at}${card}.`;
  }

  private hintFor(q: number, r: number, o: number): SearchedPlacement | undefined {
    return this.hintRows.find((h) => h.q === q && h.r === r && h.orientation === o);
  }

  // ---- input -----------------------------------------------------------------------------------------

  private rotate(): void {
    this.orientation = this.orientation === 0 ? 1 : 0;
    this.said = this.orientation ? "Card turned 180°." : "Card as dealt.";
  }

  /** Places the card in hand at a cell: a legal cell is played; an illegal one is sent and refused by the engine. */
  private async placeAt(cell: Cell): Promise<void> {
    const seat = this.session.toMove;
    if (!this.canAct || seat === null) return;
    this.picked = null;
    const [q, r] = cell;
    const action: LightAction = { type: "place", player: seat, q, r, orientation: this.orientation };
    const hadFocus = this.boardFocused;
    const ok = await this.session.act(action);
    if (!ok) {
      const b = this.blockedCells.get(keyOf(q, r));
      if (b)
        this.session.say(`${REFUSAL_TITLE[b.rule] ?? "Refused"}: ${this.session.message || b.message}`, true);
    }
    if (hadFocus) void this.updateComplete.then(() => this.boardEl()?.focus());
  }

  private boardEl(): SVGSVGElement | null {
    return this.renderRoot.querySelector<SVGSVGElement>("svg.board");
  }

  private cellFromEvent(e: Event): Cell | null {
    const t = (e.target as Element | null)?.closest?.("[data-q]");
    if (!t) return null;
    return [Number(t.getAttribute("data-q")), Number(t.getAttribute("data-r"))];
  }

  private onBoardClick(e: PointerEvent | MouseEvent): void {
    const cell = this.cellFromEvent(e);
    if (!cell) return;
    this.cursor = cell;
    const touch = (e as PointerEvent).pointerType === "touch" || (e as PointerEvent).pointerType === "pen";
    if (touch && this.isLegal(cell)) {
      // A first tap shows the card there; a second tap on the same cell places it.
      const same = this.picked && this.picked[0] === cell[0] && this.picked[1] === cell[1];
      if (!same) {
        this.picked = cell;
        this.session.say("Tap again to place here, or rotate the card.");
        return;
      }
    }
    void this.placeAt(cell);
  }

  private onBoardOver(e: PointerEvent): void {
    const cell = this.cellFromEvent(e);
    if (cell && (!this.hover || this.hover[0] !== cell[0] || this.hover[1] !== cell[1])) {
      this.hover = cell;
      this.pointedBy = "pointer";
    }
  }

  private onBoardKey(e: KeyboardEvent): void {
    const v = this.view;
    if (!v) return;
    const dirs: Record<string, Direction> = {
      ArrowUp: "up",
      ArrowDown: "down",
      ArrowLeft: "left",
      ArrowRight: "right",
    };
    const dir = dirs[e.key];
    if (dir) {
      e.preventDefault();
      this.pointedBy = "keys";
      const cells = this.drawnCells(v);
      const from = this.cursor ?? this.startCursor(v);
      this.cursor = this.cursor ? moveCursor(cells, from, dir) : from;
      return;
    }
    if (e.key === "Home" || e.key === "End") {
      e.preventDefault();
      this.pointedBy = "keys";
      const from = this.cursor ?? this.startCursor(v);
      this.cursor = rowEnd(
        this.drawnCells(v),
        from,
        e.key === "Home" ? "home" : "end",
        e.ctrlKey || e.metaKey,
      );
      return;
    }
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const cell = this.cursor ?? this.startCursor(v);
      this.cursor = cell;
      void this.placeAt(cell);
      return;
    }
    if (e.key === "r" || e.key === "R") {
      e.preventDefault();
      this.rotate();
    }
  }

  /** Where the cursor starts: the best hint, else the first legal cell, else the first card. */
  private startCursor(v: LightView): Cell {
    const best = this.hintRows[0];
    if (best) return [best.q, best.r];
    const a = v.legal[0];
    if (a) return [a.q, a.r];
    const c = v.state.cards[0];
    return c ? [c.q, c.r] : [0, 0];
  }

  // ---- render ----------------------------------------------------------------------------------------

  private get humanSeats(): number[] {
    const bots = seatList(this.bots);
    return Array.from({ length: this.players }, (_, i) => i).filter((i) => !bots.has(i));
  }

  /** The seat whose secrets this screen shows: the one person, else the person to move. */
  private get viewer(): number | null {
    // Online: this element's seat (the server sends no other seat's objectives); a spectator sees none.
    if (this.isOnline) return this.seat;
    const humans = this.humanSeats;
    if (humans.length === 1) return humans[0]!;
    const s = this.view?.state;
    return s && s.current !== null && humans.includes(s.current) ? s.current : null;
  }

  /** The board of `v`; `readOnly` (review mode): no legal cells, hints or ghost card (the caller makes it inert). */
  private renderBoard(v: LightView, readOnly = false) {
    const s = v.state;
    const legal = readOnly ? new Map<string, Cell>() : this.legalCells;
    const blocked = v.blocked;
    const frames = v.frames;
    const union = new Map<string, Cell>();
    for (const f of frames) for (const c of f) union.set(keyOf(c[0], c[1]), c);
    const drawn = this.drawnCells(v);
    // The city's cells and a strip of the ring around them (cells outside every placement, still explained).
    const box = boundsOf(
      union.size > 0 ? [...union.values(), ...s.cards.map((c) => [c.q, c.r] as Cell)] : drawn,
      CARD_W * 0.45,
    );
    const hand = s.current !== null ? s.hands[s.current] : null;
    const handSegs =
      hand === null || hand === undefined || hand === HIDDEN
        ? []
        : orient(DESIGNS[hand]!.segments, this.orientation);
    const human = !readOnly && this.session.humanTurn;
    // The ghost card: the computer's coming move, else the touch pick, the pointer or the cursor on a legal cell.
    let ghost: { cell: Cell; segs: Segment[]; color: number } | null = null;
    if (this.botPending && !readOnly) {
      const p = this.botPending;
      const d = s.hands[p.player];
      if (d !== null && d !== undefined)
        ghost = { cell: [p.q, p.r], segs: orient(DESIGNS[d]!.segments, p.orientation), color: p.player };
    } else if (human && s.current !== null) {
      const keys = this.boardFocused && this.pointedBy === "keys" ? this.cursor : null;
      const at = [this.picked, keys, this.hover, this.boardFocused ? this.cursor : null].find((c) =>
        this.isLegal(c),
      );
      if (at) ghost = { cell: at, segs: handSegs, color: s.current };
    }
    // Hint shading for the orientation shown.
    const rows = this.hints && human ? this.hintRows : [];
    const values = rows.map((h) => h.value);
    const lo = Math.min(...values);
    const hi = Math.max(...values);
    const best = rows[0];
    const fixed = frames.length === 1;
    const cursorCell = this.boardFocused ? (this.cursor ?? this.startCursor(v)) : null;
    const described = this.pointedBy === "keys" ? (cursorCell ?? this.hover) : (this.hover ?? cursorCell);
    return html`<div class="board-wrap">
      <svg
        class="board"
        part="board"
        viewBox=${box.join(" ")}
        style=${cssProps({ "--cells-w": `${box[2] / CARD_W}` })}
        tabindex="0"
        role="application"
        aria-roledescription="city board"
        aria-label="The city. Arrow keys move the cursor to the neighbouring cell, Home and End to the ends of its row, Enter places the card, R turns it."
        aria-describedby="cursor-desc"
        @click=${this.onBoardClick}
        @pointerover=${this.onBoardOver}
        @pointerleave=${() => {
          this.hover = null;
        }}
        @contextmenu=${(e: Event) => {
          e.preventDefault();
          this.rotate();
        }}
        @keydown=${this.onBoardKey}
        @focus=${() => {
          this.boardFocused = true;
          this.cursor ??= this.startCursor(v);
        }}
        @blur=${() => {
          this.boardFocused = false;
        }}
      >
        <g class="limit">
          ${[...union.values()].map(([q, r]) => {
            const o = cellOrigin(q, r);
            return svg`<rect class="slot" x=${o.x + 1} y=${o.y + 1} width=${CARD_W - 2} height=${CARD_H - 2} rx="4"/>`;
          })}
          ${frames.map((f) => svg`<path class=${fixed ? "frame fixed" : "frame"} d=${outlinePath(f)}/>`)}
        </g>
        <g class="cells">
          ${blocked.map((b) => {
            if (s.cards.some((c) => c.q === b.q && c.r === b.r)) return nothing;
            const o = cellOrigin(b.q, b.r);
            return svg`<rect class=${union.has(keyOf(b.q, b.r)) ? "cell blocked" : "cell blocked outside"} data-q=${b.q} data-r=${b.r} data-rule=${b.rule} x=${o.x + 3} y=${o.y + 3} width=${CARD_W - 6} height=${CARD_H - 6} rx="4"><title>${REFUSAL_TITLE[b.rule] ?? b.rule}: ${b.message}</title></rect>`;
          })}
          ${[...legal.values()].map(([q, r]) => {
            const o = cellOrigin(q, r);
            const h = rows.length ? this.hintFor(q, r, this.orientation) : undefined;
            const other = rows.length ? this.hintFor(q, r, this.orientation ? 0 : 1) : undefined;
            const t = h ? shade(h.value, lo, hi) : 0;
            const title = h
              ? `Here${this.orientation ? " (turned)" : ""}: credit now ${h.credit}, value ${h.value.toFixed(2)}, wins ${(h.winRate * 100).toFixed(0)}%${other ? `; turned the other way: credit ${other.credit}, value ${other.value.toFixed(2)}` : ""}`
              : `Place your card at (${q}, ${r})`;
            return svg`<rect class=${h ? "cell legal hinted" : "cell legal"} data-q=${q} data-r=${r} data-legal="true" data-value=${h ? h.value.toFixed(2) : nothing} data-credit=${h ? h.credit : nothing} style=${cssProps(h ? { "--shade": (0.15 + 0.75 * t).toFixed(2) } : {})} x=${o.x + 3} y=${o.y + 3} width=${CARD_W - 6} height=${CARD_H - 6} rx="4"><title>${title}</title></rect>`;
          })}
        </g>
        <g class="cards">
          ${s.cards.map((c, i) => {
            const o = cellOrigin(c.q, c.r);
            const last = i === s.cards.length - 1;
            return svg`<g transform="translate(${o.x} ${o.y})" data-q=${c.q} data-r=${c.r} data-card=${i} class=${last ? "placed last" : "placed"}>${cardPicture(c.segments, c.color)}</g>`;
          })}
        </g>
        ${
          ghost
            ? svg`<g class="ghost" transform="translate(${cellOrigin(ghost.cell[0], ghost.cell[1]).x} ${cellOrigin(ghost.cell[0], ghost.cell[1]).y})" pointer-events="none">${cardPicture(ghost.segs, ghost.color, "preview")}</g>`
            : nothing
        }
        <g class="routes">
          ${[...this.lastRoutes, ...(s.over ? s.scores.filter((e) => e.wrapped && !this.lastRoutes.includes(e)) : [])].map((e) => this.renderRoute(e))}
        </g>
        ${
          best && this.isLegal([best.q, best.r])
            ? svg`<g class="best" pointer-events="none" transform="translate(${cellCentre(best.q, best.r).x} ${cellOrigin(best.q, best.r).y + 12})"><circle r="12"/><text y="5.5">★</text>${best.orientation !== this.orientation ? svg`<text class="turn" x="19" y="5.5">↻</text>` : nothing}</g>`
            : nothing
        }
        ${
          cursorCell
            ? svg`<rect class="cursor" pointer-events="none" x=${cellOrigin(cursorCell[0], cursorCell[1]).x + 1} y=${cellOrigin(cursorCell[0], cursorCell[1]).y + 1} width=${CARD_W - 2} height=${CARD_H - 2} rx="5"/>`
            : nothing
        }
      </svg>
      <p id="cursor-desc" class="cell-info" aria-live="polite">${described ? this.describeCell(described) : s.over ? "" : "Point at a cell, or focus the city and use the arrow keys."}</p>
    </div>`;
  }

  /** A scored route: a line through its cards, with who scored and how much. */
  private renderRoute(e: ScoreEvent) {
    if (e.cells.length === 0) return nothing;
    const pts = e.cells.map(([q, r]) => cellCentre(q, r));
    const d = pts.map((p, i) => `${i ? "L" : "M"}${p.x} ${p.y}`).join("");
    const end = pts[pts.length - 1]!;
    const label =
      e.credit > 0 ? `${e.winners.map((w) => COLOR_LABEL[w]).join(" & ")} +${e.credit}` : "no credit";
    // 16-unit text: at least 11 CSS px on a phone, where a card (60 units) is drawn at least 49 px wide.
    const w = 14 + label.length * 8.8;
    return svg`<g class=${e.wrapped ? "route wrapped" : "route"} pointer-events="none" data-credit=${e.credit}>
      <path class="route-glow" d=${pts.length === 1 ? `M${end.x - 8} ${end.y}L${end.x + 8} ${end.y}` : d}/>
      <g transform="translate(${end.x - w / 2} ${end.y - 40})"><rect class="route-tag" width=${w} height="26" rx="13"/><text class="route-text" x=${w / 2} y="19">${label}</text></g>
    </g>`;
  }

  private renderHand(v: LightView) {
    const s = v.state;
    const seat = s.current;
    const hand = seat !== null ? s.hands[seat] : null;
    const human = this.session.humanTurn;
    if (s.over || seat === null || hand === null || hand === undefined) return nothing;
    // Online, another seat's card is HIDDEN: only its back is drawn.
    const design = hand === HIDDEN ? null : DESIGNS[hand]!;
    const segs = design ? orient(design.segments, this.orientation) : [];
    return html`<section class="zone hand" part="hand" aria-labelledby="hand-h">
      <h3 id="hand-h">${human ? "Your card" : `${this.seatName(seat)}'s card`}</h3>
      <div class="hand-row">
        <svg class="hand-card" viewBox="-4 -4 ${CARD_W + 8} ${CARD_H + 8}" role="img"
          aria-label=${
            design
              ? `${COLOR_LABEL[seat]} ${design.name}${this.orientation ? ", turned 180°" : ""}: ${
                  design.segments
                    .map((x) => BUILDINGS[x.building])
                    .filter((b) => b !== "none")
                    .join(", ") || "no building"
                }`
              : `${COLOR_LABEL[seat]} card, face down`
          }>
          ${cardPicture(human ? segs : [], seat, human ? "" : "back")}
        </svg>
        <div class="hand-text">
          <strong>${human && design ? design.name.replace("-", " ") : "Hidden"}</strong>
          ${
            human
              ? html`<button part="button" data-action="rotate" @click=${this.rotate} aria-pressed=${this.orientation ? "true" : "false"}>
                  ↻ Rotate 180°
                </button>
                <span class="tip">or right-click the city, or press R</span>`
              : nothing
          }
          <span class="tip">Credits: ${s.routeCredit[seat]} · cards left: ${(s.decks[seat]?.length ?? 0) + 1}</span>
        </div>
      </div>
      <p class="note">A placement cannot be taken back: drawing the next card reveals it.</p>
    </section>`;
  }

  private renderScoreboard(v: LightView) {
    const s = v.state;
    const winners = new Set(s.winners);
    return html`<section class="zone scoreboard" part="scoreboard" aria-labelledby="score-h">
      <h3 id="score-h">${s.over ? "Final table" : "Credits"}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">Seat</th>
            ${s.over ? html`<th scope="col" class="num">Routes</th><th scope="col" class="num"><abbr title="Objectives">Obj.</abbr></th>` : nothing}
            <th scope="col" class="num">${s.over ? "Total" : "Credit"}</th>
          </tr>
        </thead>
        <tbody>
          ${s.routeCredit.map((credit, seat) => {
            const cur = seat === s.current && !s.over;
            return html`<tr class=${cur ? "current" : ""} aria-current=${cur ? "true" : "false"} data-seat=${seat}>
              <td>
                <span class="who"><span class="swatch c${seat}" aria-hidden="true"></span>${this.seatName(seat)}</span>
                <span class="sr-only">(${COLOR_LABEL[seat]})</span>
                ${cur ? html`<span class="tag">to play</span>` : nothing}
                ${winners.has(seat) ? html`<span class="tag win">winner</span>` : nothing}
              </td>
              ${s.over ? html`<td class="num">${credit}</td><td class="num">${s.objectiveCredit[seat]}</td>` : nothing}
              <td class="num score">${credit + (s.over ? s.objectiveCredit[seat]! : 0)}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </section>`;
  }

  private renderObjectives(v: LightView) {
    const s = v.state;
    const viewer = this.viewer;
    const seats = s.over ? s.objectives.map((_, i) => i) : viewer === null ? [] : [viewer];
    return html`<section class="zone objectives" part="objectives" aria-labelledby="obj-h">
      <h3 id="obj-h">${s.over ? "Objectives revealed" : "Secret objectives"}</h3>
      ${seats.length === 0 ? html`<p class="empty">Hidden.</p>` : nothing}
      ${seats.map(
        (seat) => html`<div class="obj-seat" data-seat=${seat}>
          ${s.over || seats.length > 1 ? html`<p class="obj-who"><span class="swatch c${seat}" aria-hidden="true"></span>${this.seatName(seat)}</p>` : nothing}
          <ul>
            ${(s.objectives[seat] ?? []).map((id) => {
              const o = OBJECTIVES.find((x) => x.id === id);
              const done = s.over ? s.fulfilled[seat]!.includes(id) : null;
              return html`<li class=${done === null ? "" : done ? "done" : "missed"}>
                <strong>${o?.name ?? id}</strong>${done === null ? nothing : html` <span class="tag">${done ? "✓ +3" : "✗"}</span>`}
                <span class="obj-text">${o?.text ?? ""}</span>
              </li>`;
            })}
          </ul>
        </div>`,
      )}
      ${!s.over && seats.length > 0 ? html`<p class="note">The other seats' objectives stay hidden until the end.</p>` : nothing}
    </section>`;
  }

  private renderHints(v: LightView) {
    if (!this.hints) return nothing;
    const task = this.session.hints;
    const rows = this.hintRows;
    const slices = Math.max(1, Math.ceil(this.hintTime / HINT_SLICE_MS));
    const running =
      task.status === "pending" || (!this.hintStopped && rows.length > 0 && this.hintSlices < slices);
    const playouts = rows.reduce((a, h) => a + h.playouts, 0);
    const body = (() => {
      if (v.state.over) return html`<p>The game is over.</p>`;
      if (this.isOnline && !this.session.humanTurn) return html`<p>Hints come on your turn.</p>`;
      if (this.session.botTurn) return html`<p>The computer is playing.</p>`;
      if (task.status === "error") return html`<p>Hints unavailable: ${task.error?.message}</p>`;
      if (rows.length === 0) return html`<p>Searching…</p>`;
      return html`<table>
        <thead><tr><th scope="col">Cell</th><th scope="col" class="num">Credit now</th><th scope="col" class="num">Value</th><th scope="col" class="num">Wins</th></tr></thead>
        <tbody>
          ${rows.slice(0, 6).map(
            (h, i) => html`<tr class=${i === 0 ? "best" : ""} part=${i === 0 ? "hint-best" : "hint"}>
              <td>${i === 0 ? html`<span class="star" aria-hidden="true">★</span><span class="sr-only">Best: </span>` : nothing}(${h.q}, ${h.r})${h.orientation ? " turned" : ""}</td>
              <td class="num">${h.credit}</td>
              <td class="num">${h.value >= 0 ? "+" : ""}${h.value.toFixed(1)}</td>
              <td class="num">${(h.winRate * 100).toFixed(0)}%</td>
            </tr>`,
          )}
        </tbody>
      </table>
      <p class="note">Value: your expected final margin over the best other seat, by ${thousands(playouts)} simulated games. The city shades every legal cell by it.</p>`;
    })();
    const showProgress = !v.state.over && !this.session.botTurn && (!this.isOnline || this.session.humanTurn);
    return html`<section class="zone hints" part="hints" aria-labelledby="hints-h">
      <h3 id="hints-h">Hints</h3>
      ${
        showProgress
          ? html`<div class="progress-row">
              <progress max=${slices} value=${Math.min(slices, this.hintSlices)} aria-label="Search progress"></progress>
              ${
                running && !this.hintStopped
                  ? html`<button part="button" data-action="stop-hints" @click=${this.stopHints}>Stop</button>`
                  : html`<span class="tip">${this.hintStopped ? "Stopped" : "Done"}</span>`
              }
            </div>`
          : nothing
      }
      <div>${body}</div>
    </section>`;
  }

  /** Review mode: the reviewed city read-only, the review panel, the graded moves, the summary. */
  protected override renderReview() {
    const r = this.reviewMode;
    const v = r.view;
    const s = v?.state;
    const title = !s
      ? "Loading the position…"
      : s.over
        ? this.overTitle(s)
        : `${this.seatName(s.current!)} to play (${COLOR_LABEL[s.current!]})`;
    return html`<div class="base" part="base" data-review-mode aria-busy=${v ? "false" : "true"}>
      <div class="play">
        <div class="status">
          <span class="turn-title">${title}</span>
          <span class="turn-meta">${s ? `${s.cards.length} card${s.cards.length === 1 ? "" : "s"} placed` : ""}</span>
        </div>
        ${v ? html`<div inert>${this.renderBoard(v, true)}</div>` : nothing}
        ${r.renderPanel()}
        ${r.renderMoves()}
      </div>
      <div class="side">${v ? this.renderScoreboard(v) : nothing} ${r.renderSummary()}</div>
    </div>`;
  }

  protected override renderGame(v: LightView) {
    const s = v.state;
    const title = s.over
      ? this.overTitle(s)
      : this.session.botTurn
        ? `${this.seatName(s.current!)} (${COLOR_LABEL[s.current!]}) is playing`
        : `${this.seatName(s.current!)} to play (${COLOR_LABEL[s.current!]})`;
    const meta = s.over
      ? `${s.cards.length} cards${s.options.wrap ? ", routes wrapped" : ""}`
      : `${s.cards.length} card${s.cards.length === 1 ? "" : "s"} placed${v.frames.length === 1 ? " · city limit fixed" : ` · ${v.frames.length} city placements possible`}${s.options.wrap ? " · wrapping on" : ""}`;
    return html`<div class="base" part="base" aria-busy=${this.session.busy ? "true" : "false"} data-seat-to-move=${s.over ? "" : s.current}>
      <div class="play">
        <div class="status">
          <span class="turn-title" role="status">${title}</span>
          <span class="turn-meta">${meta}</span>
        </div>
        ${this.renderBoard(v)}
        ${renderMessage(this.session)}
        ${
          this.isOnline
            ? nothing
            : html`<form class="controls" part="setup" aria-label="New game" @submit=${this.onSetup}>
          <label>Players
            <select name="players" .value=${String(this.players)}>
              ${[2, 3, 4].map((n) => html`<option value=${n} ?selected=${n === this.players}>${n}</option>`)}
            </select>
          </label>
          <label><input type="checkbox" name="wrap" .checked=${this.wrap} /> Wrapping</label>
          <button part="button" class=${s.over ? "primary" : ""} data-action="new" type="submit">New game</button>
        </form>`
        }
        <p class="sr-only" aria-live="polite">${this.said}</p>
        ${renderLog(this.entries)}
      </div>
      <div class="side">
        ${this.renderHand(v)} ${this.renderScoreboard(v)} ${this.renderHints(v)} ${this.renderObjectives(v)} ${renderHelp(LIGHT_HELP)}
      </div>
    </div>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    placement: CustomEvent<LightPlacementDetail>;
  }
}

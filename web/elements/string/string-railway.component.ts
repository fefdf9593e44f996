import { html, nothing, type PropertyValues, svg } from "lit";
import { property, state } from "lit/decorators.js";
import type { StringPreview } from "../../engine/string/engine.ts";
import { FACE_UP_TILE_POINTS, FLIPPED_TILE_POINTS, SET_SCORE } from "../../engine/string/scoring.ts";
import { ROWS, type Row, rowColours } from "../../engine/string/tiles.ts";
import {
  type Board,
  type CityColour,
  type CubeColour,
  MAX_LOCO,
  REPLENISH_CUBES,
  ROUNDS,
  SPECIAL_LIMIT,
  STRING_LENGTH,
  type Station,
  type StringAction,
  type StringKind,
  type StringState,
  UPGRADE_COST,
} from "../../engine/string/types.ts";
import { STRING_HELP } from "../../games/string/help.ts";
import type { StringHint, StringPreviewRequest } from "../../solvers/string/advice.ts";
import type { RailkitClient } from "../../worker/client.ts";
import type { GameWorkerApi, StringHintOptions, StringTypes, StringView } from "../../worker/protocol.ts";
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
import { rovingKey } from "../common/keys.ts";
import { RailkitGameElement } from "../common/railkit-element.ts";
import { reviewStyles } from "../common/review.ts";
import { BOT_DELAY_MS, delay, seatList, type ViewCause } from "../common/session.ts";
import {
  CUBE_ORDER,
  cubesSvg,
  fieldSvg,
  ghostLabels,
  marksSvg,
  meetingText,
  offsetPath,
  points,
  seatOffset,
  seatSample,
  stationFill,
  stretchesSvg,
  stringsSvg,
  viewBoxOf,
} from "./board-view.ts";
import { keyboardPaths, type Point, round, Trail, toPath } from "./draw.ts";
import { stringRailwayStyles } from "./string-railway.styles.ts";

/** Detail of the `turn-end` event. */
export interface StringTurnEndDetail {
  player: number;
  /** The round the turn was played in. */
  round: number;
  /** Every seat's points after the turn. */
  points: number[];
}

/** Detail of the `game-over` event. */
export interface StringGameOverDetail {
  points: number[];
  /** Cubes in each score pile (the tie-break: fewer wins). */
  cubes: number[];
  winners: number[];
  /** Per seat, the sets its score pile was split into (a white cube listed as "white"). */
  sets: CubeColour[][][];
}

/** Seat colours of the rulebook's strings, with the pattern drawn along each seat's strings (board-view.ts). */
const SEAT_COLOUR_NAMES = [
  "orange, plain",
  "pink, dotted",
  "lilac, dashed",
  "brown, long dashes",
  "olive, dash-dot",
];
/** Strings drawn as ghosts on the board from the hints. */
const GHOSTS = 5;
/** Pointer travel (cm) under which a press on a station is a click, not a drawing. */
const CLICK_CM = 1.2;
/** How far outside a station disc (cm) a press still picks it (fingers are wide). */
const PICK_SLACK = 1;
/**
 * A station's touch target: a press within this many CSS px of its centre picks it (46 px across, over WCAG 2.5.5's
 * 44), the nearest station winning; its `.hit` circle draws that target (the board's handlers do the picking).
 */
const TARGET_PX = 23;
/** Most hints asked for (transport plan, long-distance routes, strings). */
const HINT_MAX = 30;

type Tool = "string" | "move" | "station";

/** What the long-distance panel shows: a tile's row, its planned route and AP, waiting for confirmation. */
interface RoutePick {
  tile: number;
  row: Row;
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The engine's check of a path, with the shared stretches to highlight (`[x0, y0, x1, y1, …]`, segments) where
 * the engine gives them (optional: an engine without them gives none).
 */
type Preview = StringPreview & { stretches?: number[] };

/**
 * String Railway: Transport for 2–5 seats, some of them played by the computer. Thin, like every railkit
 * element: the rules, the bots, the hints and the live check of a string being drawn run in the railkit
 * worker; the session (the worker's game, the computer's seats, hints, fault recovery) is the shared controller
 * of web/elements/common/session.ts. This element draws the board as SVG and turns gestures into actions.
 *
 * - **Lay a string** (route phase): press on a station and draw; the path follows the pointer, is simplified
 *   (at most 64 vertices) and stops at the string's length. While drawing, the engine's check of the path
 *   (`hints` with the `preview` option, one round trip at a time) shows the length left, the stations touched,
 *   each meeting place with a rival string marked on the board (a shared stretch highlighted, "×2" where one
 *   point is charged for two rival strings), the mountain charge and whether the string is legal, and why not.
 *   Release to place; Escape cancels. Keyboard (or two clicks): pick two stations, then the straight or a
 *   one-bend string between them, and Place.
 * - **Move cubes**: pick a station, a cube on it, then a highlighted destination (stations along your strings).
 * - **New station**: click on the board (legal spots are dotted), or pick a spot from the list.
 * - Long-distance tiles: pick a row to see its planned route and AP, then confirm. Upgrade, replenish, cube for
 *   AP, draw a tile, undo (own turn), end turn: buttons with their limits.
 *
 * Seats are numbered from 0. Each seat's strings have its colour and a pattern along their middle (seat 0 none,
 * then dots, dashes, long dashes, dash-dot), and are drawn a little to one side of their line, further for later
 * seats, so strings that share a stretch lie side by side.
 *
 * @fires turn-end - A turn ended. `detail`: `{ player, round, points }`.
 * @fires game-over - The game ended. `detail`: `{ points, cubes, winners, sets }`.
 *
 * @csspart base - The whole widget.
 * @csspart board - The SVG board.
 * @csspart controls - The tools and turn buttons.
 * @csspart button - Each button.
 * @csspart preview - The live check of the string being drawn.
 * @csspart live-check - The live check's strip over the board while a string is drawn (a narrow element only).
 * @csspart station-panel - The selected station: its cubes, moves, replenish.
 * @csspart tiles - The long-distance tiles.
 * @csspart players - The table of seats.
 * @csspart hints - The hint panel.
 * @csspart message - The status line (refusals in red).
 * @csspart log - The game log (in review mode: the graded moves, each a button).
 * @csspart review - Review mode's panel: the slider, the move shown and its grade, progress and Stop.
 * @csspart review-slider - Review mode's slider over the moves.
 * @csspart review-summary - Review mode's summary: each seat's totals, biggest mistakes and the chart.
 * @csspart review-chart - The summary's SVG chart of each seat's points (the mover's by the end of its turn) over the game.
 * @csspart progress - Review mode's progress bar while the moves are graded.
 * @csspart help - The "How to play" panel (a disclosure, closed at first).
 * @csspart help-button - The panel's button (its `<summary>`).
 * @csspart final - The final score table.
 * @csspart setup - The new-game form (players, the computer's seats).
 *
 * @cssprop --string-railway-bg - Background (light and dark defaults follow `prefers-color-scheme`; the board keeps
 * its paper colours in both).
 * @cssprop --string-railway-fg - Text colour.
 * @cssprop --string-railway-muted - Secondary text, headings.
 * @cssprop --string-railway-border - Borders of the widget, panels and buttons.
 * @cssprop --string-railway-surface - Panels and buttons.
 * @cssprop --string-railway-accent - Primary buttons, legal verdicts.
 * @cssprop --string-railway-accent-fg - Text on primary buttons.
 * @cssprop --string-railway-danger - Refusals, illegal strings.
 * @cssprop --string-railway-table - Around the board.
 * @cssprop --string-railway-board - The field inside the black string.
 * @cssprop --string-railway-board-edge - The black string.
 * @cssprop --string-railway-mountain - The mountain.
 * @cssprop --string-railway-mountain-edge - The mountain's outline.
 * @cssprop --string-railway-outskirts - Outskirts stations.
 * @cssprop --string-railway-seat-0 - Seat 0's strings (…-seat-1 to -seat-4 likewise).
 * @cssprop --string-railway-red - Red cubes and stations (…-blue, -purple, -yellow, -green, -white).
 * @cssprop --string-railway-crossing - Meeting places marked while drawing (crossings, touches, shared stretches).
 * @cssprop --string-railway-highlight - Reachable stations, hints, focus.
 */
export class StringRailway extends RailkitGameElement<StringTypes> {
  static override styles = [stringRailwayStyles, helpStyles, reviewStyles("string-railway")];

  /** Number of seats, 2–5; any other value is shown as a message in place of the game, naming the values taken. */
  @property({ converter: whole(2) }) override players = 2;
  /**
   * Show the hint panel: transport plan, long-distance routes, best strings (ghosts on the board). `hints`,
   * `hints=""`, `hints="true"` are on; `hints="false"`, `"off"`, `"0"`, `"no"` and no attribute are off.
   */
  @property({ converter: booleanish, reflect: true }) override hints = false;
  /** Rounds in the game, 1–5 (the engine's `rounds` option; 5 by the rules); any other value is shown as a message in place of the game, naming the values taken. */
  @property({ converter: whole(5) }) rounds = 5;
  /** A board to play on (docs/string-board-format.md); null: a board generated from the seed. */
  @property({ attribute: false }) board: Board | null = null;
  /**
   * Online play (docs/online.md): the railkit server's address; with `match` set, the game is that match (this
   * seat's view only: the tile deck as a count; hints and the live string check run in this page's worker on that view).
   */
  @property() override server: string | null = null;

  @state() private tool: Tool | null = null;
  @state() private kind: StringKind | null = null;
  /** The path drawn or picked (flat), with the engine's check of it once it arrives. */
  @state() private draft: number[] | null = null;
  @state() private preview: Preview | null = null;
  /** Keyboard path: the first station picked, then the second, and which candidate between them. */
  @state() private endA: number | null = null;
  @state() private endB: number | null = null;
  @state() private candidate = 0;
  @state() private selected: number | null = null;
  @state() private picked: CubeColour | null = null;
  @state() private routePick: RoutePick | null = null;
  @state() private chip: CityColour | null = null;
  @state() private spot = 0;
  /** The computer's move being shown before it lands. */
  @state() private botShow: StringAction | null = null;
  @state() private focusStation = 0;
  @state() private ghostFocus: number | null = null;
  /** Board units (cm) per CSS px as the board is drawn (0 before it is): touch targets and labels are sized in px. */
  @state() private upx = 0;
  /** Watches the drawn board's size (none where the DOM has no ResizeObserver); the board watched, its width. */
  private resized: ResizeObserver | null = null;
  private watched: SVGSVGElement | null = null;
  private boardPx = 0;

  private trail: Trail | null = null;
  private downAt: Point | null = null;
  private downStation = -1;
  private previewWanted: StringPreviewRequest | null = null;
  private previewBusy = false;
  protected override readonly gameId = "string";

  protected override gameAttributes(): readonly string[] {
    return ["rounds", "board"];
  }

  protected override gameApi(client: RailkitClient): GameWorkerApi<StringTypes> {
    return client.string;
  }

  protected override hintOptions(): StringHintOptions {
    return { max: HINT_MAX };
  }

  protected override async onlineHints(v: StringView): Promise<StringHint[]> {
    return (await this.local.client.string.viewHints(v.state, { max: HINT_MAX })).hints;
  }

  /**
   * At the default pace, no pause before a computer's tile choice at setup: it is hidden, so there is nothing to
   * follow (issue #23). A pace the page sets (`bot-delay`) applies to every move.
   */
  protected override botDelayMs(v: StringView): number {
    return v.state.phase === "setup" && this.botDelay === BOT_DELAY_MS ? 0 : this.pace;
  }

  protected override async beforeBotMove(action: StringAction): Promise<void> {
    if (action.type === "end-turn" || action.type === "keep-tile") return;
    this.botShow = action;
    await delay(this.pace);
  }

  /** The same as `import(json)` (its earlier name). */
  load(json: StringState | string): Promise<void> {
    return this.import(json);
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
  get state(): StringState | null {
    return this.currentSave();
  }
  set state(save: StringState | string | null) {
    this.assignState(save);
  }

  /**
   * Loads a saved game (JSON text, or the state object), checked by the engine's `load` in the worker. A bad save
   * is refused: the element shows why (the first bad field's JSON pointer and the engine's message) and the game
   * on screen goes on exactly as it was; the promise rejects with that error. A good save replaces the game: the
   * `players` and `rounds` attributes are set to the loaded game's options and `bots` keeps only the seats that
   * game has (`seed` and `board` are left as they are: they set up the next new game). Not while playing online.
   */
  import(json: StringState | string): Promise<void> {
    return this.loadSave(json);
  }

  protected override savedAttributes(s: StringState) {
    return { players: String(s.options.players), rounds: String(s.options.rounds) };
  }

  /** The engine's legal actions now (strings: the straight ones only; any drawn path is checked too). */
  get legalActions(): readonly StringAction[] {
    return this.session.view?.legal ?? [];
  }

  private get botSeats(): Set<number> {
    return seatList(this.bots);
  }

  /** The attributes' problems in words ("" when there are none). */
  protected override checkAttributes(): string {
    const seats = checkPlayers(this, this.players, 2, 5);
    return problems(
      seats,
      seats ? null : checkBots(this, this.bots, this.players),
      checkSeed(this, this.seed),
      checkWhole(this, "rounds", this.rounds, 1, ROUNDS),
    );
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.addEventListener("keydown", this.onKey);
    if (typeof ResizeObserver === "function")
      this.resized ??= new ResizeObserver((entries) => {
        for (const e of entries) this.boardPx = e.contentRect.width;
        this.measureBoard();
      });
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.removeEventListener("keydown", this.onKey);
    this.resized?.disconnect();
    this.watched = null;
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    const board = this.renderRoot.querySelector<SVGSVGElement>("svg.board");
    if (board !== this.watched) {
      // The observer reports the board's size once now and on every change: no layout read here.
      if (this.watched) this.resized?.unobserve(this.watched);
      this.watched = board;
      if (board) this.resized?.observe(board);
    }
    this.measureBoard();
  }

  /** Board units per CSS px: the viewBox's width over the board's drawn width (kept when it moves by under 1%). */
  private measureBoard(): void {
    const units = this.watched?.viewBox.baseVal?.width ?? 0;
    if (!(this.boardPx > 0 && units > 0)) return;
    const upx = units / this.boardPx;
    if (Math.abs(upx - this.upx) > this.upx * 0.01) this.upx = upx;
  }

  /** The new-game form: players 2–5; the computer plays every seat but seat 0, or none. A fresh seed. */
  private onSetup(e: SubmitEvent): void {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const players = Number((form.elements.namedItem("players") as HTMLSelectElement).value);
    const computer = (form.elements.namedItem("computer") as HTMLInputElement).checked;
    const bots = computer ? Array.from({ length: players - 1 }, (_, i) => i + 1).join(",") : "";
    const same = players === this.players && this.seed === null;
    this.bots = bots;
    this.players = players;
    this.seed = null;
    // Same player count: willUpdate starts no game by itself (unless the seed changed), so start one here.
    if (same) void this.newGame(true);
  }

  protected override gameOptions(): StringTypes["options"] {
    return { players: this.players, rounds: this.rounds, ...(this.board ? { board: this.board } : {}) };
  }

  protected override clearGame(): void {
    this.clearDraft();
  }

  // ---- the view --------------------------------------------------------------------------------------

  protected override onView(next: StringView, prev: StringView | null, cause: ViewCause<StringAction>): void {
    this.botShow = null;
    this.selected = null;
    this.picked = null;
    this.routePick = null;
    this.clearDraft();
    this.tool = null;
    this.kind = null;
    if (this.chip && !next.state.chips.includes(this.chip)) this.chip = null;
    if (cause.kind === "new") {
      this.entries = [];
      this.said = "";
    } else if (cause.kind === "undo") {
      this.log([`${this.seatName(cause.player)} took back the last action.`]);
    } else if (cause.kind === "action" && prev) {
      this.announce(prev, next, cause.action, cause.by);
    }
  }

  private announce(prev: StringView, next: StringView, a: StringAction, by: "person" | "computer"): void {
    const who = this.seatName(a.player);
    const s = next.state;
    const name = (id: string) => this.stationName(s, id);
    const lines: string[] = [];
    switch (a.type) {
      case "keep-tile":
        lines.push(`${who} kept long-distance tile ${a.tile + 1}.`);
        break;
      case "place-string": {
        const str = s.seats[a.player]!.strings.at(-1)!;
        const ap = prev.state.ap - s.ap;
        lines.push(
          `${who} laid a ${a.kind} string through ${str.stations.map((i) => name(s.stations[i]!.id)).join(", ")}${ap > 0 ? ` for ${ap} AP` : ""}.`,
        );
        break;
      }
      case "transport": {
        const scored = s.seats[a.player]!.pile[a.colour] > prev.state.seats[a.player]!.pile[a.colour];
        lines.push(
          `${who} moved a ${a.colour} cube from ${name(a.from)} to ${name(a.to)}${scored ? " and scored it" : ""}.`,
        );
        break;
      }
      case "long-distance":
        lines.push(
          `${who} resolved long-distance tile ${a.tile + 1}, row ${a.row}: ${a.stations.map(name).join(" → ")}.`,
        );
        break;
      case "upgrade":
        lines.push(`${who} upgraded to the ${s.seats[a.player]!.loco} AP locomotive.`);
        break;
      case "new-station":
        lines.push(`${who} placed a new station${a.chip ? ` with the ${a.chip} chip` : ""}.`);
        break;
      case "replenish":
        lines.push(`${who} replenished ${name(a.station)} with ${REPLENISH_CUBES} cubes.`);
        break;
      case "cube-for-ap":
        lines.push(`${who} returned a ${a.colour} cube for 1 AP.`);
        break;
      case "draw-tile":
        lines.push(`${who} drew a long-distance tile.`);
        break;
      case "end-turn":
        lines.push(`${who} ended the turn.`);
        break;
    }
    if (a.type === "end-turn") {
      const detail: StringTurnEndDetail = {
        player: a.player,
        round: prev.state.round,
        points: next.points.slice(),
      };
      this.dispatchEvent(new CustomEvent("turn-end", { detail, bubbles: true, composed: true }));
      if (!s.over && s.round !== prev.state.round)
        lines.push(`Round ${s.round} begins; order: ${s.order.map((p) => this.seatName(p)).join(", ")}.`);
    }
    if (s.over && !prev.state.over) {
      lines.push(this.overTitle(s));
      const r = s.result!;
      const detail: StringGameOverDetail = {
        points: r.points.slice(),
        cubes: r.cubes.slice(),
        winners: s.winners.slice(),
        sets: r.sets,
      };
      this.dispatchEvent(new CustomEvent("game-over", { detail, bubbles: true, composed: true }));
    }
    void by;
    this.log(lines);
  }

  // ---- names -----------------------------------------------------------------------------------------

  private stationName(s: StringState, id: string): string {
    const st = s.stations.find((x) => x.id === id);
    if (!st) return id;
    return this.stationLabel(st);
  }

  private stationLabel(st: Station): string {
    const n = st.id.split("-")[1] ?? "";
    if (st.kind === "city") return `${cap(st.colour!)} city ${n}`;
    if (st.kind === "outskirts") return `Outskirts ${n}`;
    if (st.kind === "mountain") return "Mountain station";
    const owner = this.seatName(st.owner!);
    return `${owner === "You" ? "Your" : `${owner}'s`} new station${st.colour ? ` (${st.colour})` : ""}`;
  }

  // ---- what may be done now --------------------------------------------------------------------------

  private get me(): number | null {
    return this.session.humanTurn ? this.session.toMove : null;
  }

  private legal<K extends StringAction["type"]>(type: K): (StringAction & { type: K })[] {
    return (this.view?.legal ?? []).filter((a): a is StringAction & { type: K } => a.type === type);
  }

  /** The seat may still lay a string this turn (the route phase, one string a turn, strings in hand). */
  private get stringPhase(): boolean {
    const s = this.state;
    const p = this.me;
    if (!s || p === null || s.choice) return false;
    const seat = s.seats[p]!;
    return s.step === "route" && !s.placedString && seat.shortLeft + seat.longLeft > 0;
  }

  private get activeTool(): Tool {
    if (this.tool) return this.tool;
    return this.stringPhase ? "string" : "move";
  }

  private get activeKind(): StringKind {
    if (this.kind) return this.kind;
    const s = this.state;
    const p = this.me;
    if (!s || p === null) return "short";
    return s.seats[p]!.shortLeft > 0 ? "short" : "long";
  }

  /** Transports the engine lists from the selected station (of the picked colour, if any). */
  private get moves(): (StringAction & { type: "transport" })[] {
    const s = this.state;
    if (!s || this.selected === null) return [];
    const from = s.stations[this.selected]!.id;
    return this.legal("transport").filter(
      (a) => a.from === from && (this.picked === null || a.colour === this.picked),
    );
  }

  // ---- drawing -----------------------------------------------------------------------------------------

  private clearDraft(): void {
    this.trail = null;
    this.downAt = null;
    this.draft = null;
    this.preview = null;
    this.previewWanted = null;
    this.endA = null;
    this.endB = null;
    this.candidate = 0;
    this.ghostFocus = null;
  }

  private boardPoint(e: PointerEvent): Point | null {
    const svgEl = this.renderRoot.querySelector<SVGSVGElement>("svg.board");
    const m = svgEl?.getScreenCTM();
    if (!m) return null;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    return [p.x, p.y];
  }

  /** The station under a point (its disc, with some slack for fingers), or -1. */
  private stationAt(p: Point): number {
    const s = this.state;
    if (!s) return -1;
    let best = -1;
    let bestD = Math.max(s.board.radius + PICK_SLACK, TARGET_PX * this.upx);
    s.stations.forEach((st, i) => {
      const d = Math.hypot(st.x - p[0], st.y - p[1]);
      if (d <= bestD) {
        bestD = d;
        best = i;
      }
    });
    return best;
  }

  private onPointerDown(e: PointerEvent): void {
    if (!this.canAct || e.button > 0) return;
    const p = this.boardPoint(e);
    if (!p) return;
    this.downAt = p;
    this.downStation = this.stationAt(p);
    const s = this.state!;
    if (this.activeTool === "string" && this.downStation >= 0) {
      const st = s.stations[this.downStation]!;
      this.trail = new Trail([st.x, st.y], STRING_LENGTH[this.activeKind]);
      try {
        // Moves outside the board still draw (until release); a pointer the browser does not track cannot be captured.
        (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
      } catch {
        // Drawing still works while the pointer stays over the board.
      }
      e.preventDefault();
    }
  }

  private onPointerMove(e: PointerEvent): void {
    if (!this.trail) return;
    const p = this.boardPoint(e);
    if (!p || !this.trail.add(p)) return;
    if (this.trail.length < CLICK_CM) return;
    this.endA = null;
    this.endB = null;
    this.draft = toPath(this.trail.points);
    this.wantPreview(this.draft);
  }

  private onPointerUp(e: PointerEvent): void {
    const p = this.boardPoint(e);
    const trail = this.trail;
    const down = this.downAt;
    this.trail = null;
    this.downAt = null;
    if (!p || !down) return;
    if (trail && trail.length >= CLICK_CM) {
      const path = toPath(trail.points);
      // Ending in a station: end at its centre when the string still reaches it (tidier, same stations).
      const end = this.stationAt([path.at(-2)!, path.at(-1)!]);
      if (end >= 0) {
        const st = this.state!.stations[end]!;
        const n = path.length;
        const before = Math.hypot(path[n - 2]! - path[n - 4]!, path[n - 1]! - path[n - 3]!);
        const after = Math.hypot(st.x - path[n - 4]!, st.y - path[n - 3]!);
        if (
          trail.length - before + after <= trail.max &&
          Math.hypot(st.x - path[n - 2]!, st.y - path[n - 1]!) <= this.state!.board.radius
        ) {
          path[n - 2] = round(st.x);
          path[n - 1] = round(st.y);
        }
      }
      this.draft = path;
      void this.placeDraft();
      return;
    }
    // A click (no drawing).
    if (Math.hypot(p[0] - down[0], p[1] - down[1]) > CLICK_CM) return;
    if (this.activeTool === "station") {
      void this.placeStationAt(p[0], p[1]);
      return;
    }
    if (this.downStation >= 0) this.stationClick(this.downStation);
  }

  private onPointerCancel(): void {
    if (this.trail) this.clearDraft();
    this.trail = null;
    this.downAt = null;
  }

  private readonly onKey = (e: KeyboardEvent): void => {
    if (e.key !== "Escape") return;
    if (this.draft || this.trail || this.endA !== null || this.selected !== null || this.routePick) {
      e.preventDefault();
      this.clearDraft();
      this.selected = null;
      this.picked = null;
      this.routePick = null;
      this.session.say("Cancelled.");
    }
  };

  /** Asks the engine (in the worker) about a path; one request in flight, the latest path wins. */
  private wantPreview(path: number[]): void {
    if (path.length < 4) return;
    this.previewWanted = { kind: this.activeKind, path };
    if (!this.previewBusy) void this.pumpPreview();
  }

  private async pumpPreview(): Promise<void> {
    this.previewBusy = true;
    try {
      while (this.previewWanted && this.view) {
        const req = this.previewWanted;
        this.previewWanted = null;
        const options: StringHintOptions = { preview: req };
        try {
          // Online the worker does not hold the match: it checks the string on this seat's view.
          const answer = this.isOnline
            ? await this.local.client.string.viewHints(this.view.state, options)
            : await this.local.client.string.hints(this.view.handle, options);
          const h = answer.hints[0];
          if (h?.hint === "preview" && this.draft === req.path) this.preview = h.preview;
        } catch {
          // The game moved on or was restored meanwhile: the next move of the pointer asks again.
        }
      }
    } finally {
      this.previewBusy = false;
    }
  }

  private async placeDraft(): Promise<void> {
    const me = this.me;
    const path = this.draft;
    if (me === null || !path || !this.canAct) return;
    this.wantPreview(path);
    const ok = await this.session.act({ type: "place-string", player: me, kind: this.activeKind, path });
    if (!ok && this.draft === path) this.wantPreview(path);
  }

  /** A station was clicked (or Enter on it): a keyboard-path endpoint, or a transport's source / destination. */
  private stationClick(i: number): void {
    if (!this.canAct) return;
    this.focusStation = i;
    const tool = this.activeTool;
    if (tool === "string") {
      if (this.endA === null || this.endB !== null) {
        this.clearDraft();
        this.endA = i;
        this.session.say(`${this.stationLabel(this.state!.stations[i]!)}: now pick the other end.`);
        return;
      }
      if (i === this.endA) {
        this.endA = null;
        return;
      }
      this.endB = i;
      this.candidate = 0;
      this.pickCandidate(0);
      return;
    }
    if (tool === "move") {
      const dest = this.moves.find((a) => a.to === this.state!.stations[i]!.id);
      if (this.selected !== null && this.picked !== null && dest) {
        void this.session.act(dest);
        return;
      }
      this.selected = i === this.selected ? null : i;
      this.picked = null;
      this.session.say("");
    }
  }

  private pickCandidate(k: number): void {
    const s = this.state;
    if (!s || this.endA === null || this.endB === null) return;
    const a = s.stations[this.endA]!;
    const b = s.stations[this.endB]!;
    const list = keyboardPaths([a.x, a.y], [b.x, b.y]);
    this.candidate = (k + list.length) % list.length;
    this.draft = list[this.candidate]!.path;
    this.preview = null;
    this.wantPreview(this.draft);
  }

  private async placeStationAt(x: number, y: number): Promise<void> {
    const me = this.me;
    const s = this.state;
    if (me === null || !s) return;
    const chip = this.chip ?? s.chips[0] ?? null;
    await this.session.act({ type: "new-station", player: me, x: round(x), y: round(y), chip });
  }

  private onStationKey(e: KeyboardEvent, i: number): void {
    const k = rovingKey(e.key, i, this.state?.stations.length ?? 0);
    if (k === null) return;
    e.preventDefault();
    if (k === "activate") {
      this.stationClick(i);
      return;
    }
    const next = k.move;
    this.focusStation = next;
    void this.updateComplete.then(() =>
      this.renderRoot.querySelector<SVGGElement>(`g.station[data-index="${next}"]`)?.focus(),
    );
  }

  private act(a: StringAction | undefined): void {
    if (a && this.canAct) void this.session.act(a);
  }

  // ---- render: the board -------------------------------------------------------------------------------

  /**
   * The board of `v`; `readOnly` (review mode): only the position (no tool, reach, hints, draft or computer's move;
   * the caller makes it inert).
   */
  private renderBoard(v: StringView, readOnly = false) {
    const s = v.state;
    const [x, y, w, h] = viewBoxOf(s);
    const tool = readOnly ? "move" : this.activeTool;
    const me = this.me;
    const reach = new Set(readOnly ? [] : this.moves.map((a) => a.to));
    const touched = new Set(readOnly ? [] : (this.preview?.stations ?? []));
    const hints =
      !readOnly && this.hints && this.session.hints.status === "complete"
        ? (this.session.hints.hints ?? [])
        : [];
    const ghosts = hints
      .filter((hh): hh is StringHint & { hint: "string" } => hh.hint === "string")
      .slice(0, GHOSTS);
    const route = readOnly ? null : this.routePlan;
    const spots = tool === "station" ? this.stationSpots : [];
    const bot = readOnly ? null : this.botShow;
    const draft = readOnly ? null : this.draft;
    const label = `Board: ${s.stations.length} stations, ${s.seats.reduce((n, seat) => n + seat.strings.length, 0)} strings placed.`;
    return html`<div class="board-wrap">
      <svg
        class="board mode-${tool} ${this.trail ? "drawing" : ""}"
        part="board"
        viewBox="${x} ${y} ${w} ${h}"
        style=${cssProps({ "--upx": String(this.upx) })}
        role="group"
        aria-label=${label}
        aria-describedby="board-help"
        @pointerdown=${this.onPointerDown}
        @pointermove=${this.onPointerMove}
        @pointerup=${this.onPointerUp}
        @pointercancel=${this.onPointerCancel}
      >
        <defs>
          <marker id="arrow" viewBox="0 0 10 10" refX="8" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
            <path d="M 0 0 L 10 5 L 0 10 z" fill="var(--string-railway-highlight)" />
          </marker>
        </defs>
        ${fieldSvg(s)} ${stretchesSvg(readOnly ? [] : (this.preview?.stretches ?? []))} ${stringsSvg(s)}
        ${ghosts.map(
          (g, k) =>
            svg`<polyline class="ghost ${this.ghostFocus === k ? "focus" : ""}" points=${points(g.path)} />`,
        )}
        ${spots.map(([sx, sy]) => svg`<circle class="spot" cx=${sx} cy=${sy} r="0.7" />`)}
        ${s.stations.map((st, i) => this.renderStation(s, st, i, reach, touched, tool))}
        ${ghostLabels(
          ghosts.map((g) => g.path),
          s.stations,
          s.board.radius,
        ).map(([lx, ly], k) => svg`<text class="ghost-label" x=${lx} y=${ly}>${k + 1}</text>`)}
        ${route ? svg`<polyline class="route-plan" points=${points(route.stations.flatMap((id) => this.xy(s, id)))} />` : nothing}
        ${bot ? this.renderBotMove(s, bot) : nothing}
        ${
          draft
            ? svg`<polyline class="draft seat-${me ?? 0} ${this.preview?.error ? "illegal" : ""}" points=${points(draft)} />`
            : nothing
        }
        ${marksSvg(readOnly ? [] : (this.preview?.points ?? []))}
      </svg>
      ${draft ? this.renderLiveCheck(y + h * 0.4) : nothing}
      <span id="board-help" class="sr-only">
        Stations: arrow keys move between them, Enter picks one. To lay a string, pick its two ends; to move a cube, pick its
        station, the cube, then the destination. Escape cancels.
      </span>
    </div>`;
  }

  /**
   * The live check as a strip over the board while a string is drawn (shown on a narrow element only, where the
   * check's panel lies below the board, out of sight under the finger): length, cost, verdict. At the board's top,
   * or its bottom while the string's end is in the board's upper part (`upper`: the y under which that is).
   * A copy for the eyes: the panel's list stays the live region.
   */
  private renderLiveCheck(upper: number) {
    const p = this.preview;
    const low = (this.draft?.at(-1) ?? Infinity) < upper;
    return html`<div class="live-check ${low ? "low" : ""}" part="live-check" aria-hidden="true">
      ${
        p
          ? html`<span>${p.length.toFixed(1)} of ${p.max} cm</span><span>${p.ap} AP of ${p.apLeft}</span>
              <span class="verdict ${p.error ? "bad" : "ok"}">${p.error ? p.error.message : "legal"}</span>`
          : html`<span>${this.isOnline ? "The server checks the string when you place it." : "Checking…"}</span>`
      }
    </div>`;
  }

  private xy(s: StringState, id: string): [number, number] {
    const st = s.stations.find((x) => x.id === id)!;
    return [st.x, st.y];
  }

  private renderBotMove(s: StringState, a: StringAction) {
    switch (a.type) {
      case "place-string":
        return svg`<polyline class="bot-move seat-${a.player}" points=${points(offsetPath(a.path, seatOffset(a.player, s.seats.length)))} />`;
      case "transport":
        return svg`<polyline class="route-plan" points=${points([...this.xy(s, a.from), ...this.xy(s, a.to)])} />`;
      case "long-distance":
        return svg`<polyline class="route-plan" points=${points(a.stations.flatMap((id) => this.xy(s, id)))} />`;
      case "new-station":
        return svg`<circle class="bot-move seat-${a.player}" cx=${a.x} cy=${a.y} r=${s.board.radius} />`;
      case "replenish": {
        const [x, y] = this.xy(s, a.station);
        return svg`<circle class="bot-move seat-${a.player}" cx=${x} cy=${y} r=${s.board.radius + 0.8} />`;
      }
      default:
        return nothing;
    }
  }

  private renderStation(
    s: StringState,
    st: Station,
    i: number,
    reach: Set<string>,
    touched: Set<string>,
    tool: Tool,
  ) {
    const r = s.board.radius;
    const counts = s.stationCubes[i]!;
    const cubes = CUBE_ORDER.filter((c) => counts[c] > 0).map((c) => `${counts[c]} ${c}`);
    const classes = [
      "station",
      `kind-${st.kind}`,
      reach.has(st.id) ? "reachable" : "",
      this.selected === i ? "selected" : "",
      this.endA === i || this.endB === i ? "endpoint" : "",
      touched.has(st.id) ? "touched" : "",
    ].join(" ");
    const role =
      tool === "string" ? "lay a string end here" : reach.has(st.id) ? "move the cube here" : "select";
    const label = `${this.stationLabel(st)}: ${cubes.length ? cubes.join(", ") : "no cubes"}${reach.has(st.id) ? ", reachable" : ""}`;
    return svg`<g
      class=${classes}
      data-index=${i}
      data-id=${st.id}
      transform="translate(${st.x} ${st.y})"
      style=${cssProps(st.owner !== undefined ? { "--seat": `var(--string-railway-seat-${st.owner})` } : {})}
      tabindex=${i === this.focusStation ? 0 : -1}
      role="button"
      aria-label=${label}
      aria-description=${role}
      @keydown=${(e: KeyboardEvent) => this.onStationKey(e, i)}
      @focus=${() => {
        this.focusStation = i;
      }}
    >
      <title>${label}</title>
      <circle class="hit" r=${Math.max(r + 0.7, TARGET_PX * this.upx)} />
      <circle class="ring" r=${r + 0.7} />
      <circle class="disc ${stationFill(st)}" r=${r} />
      <circle r=${r - 0.75} fill="#fffaf0" opacity=${st.kind === "outskirts" || st.kind === "mountain" ? 0 : 0.9} />
      ${st.kind === "mountain" ? svg`<path class="peak" d="M-1.6,1.2 L0,-1.4 L1.6,1.2 Z" opacity="0.45" />` : nothing}
      ${cubesSvg(counts, 0, 0, this.selected === i ? this.picked : null)}
      <text class="station-name" y=${r + 0.3}>${st.kind === "mountain" ? "mountain" : st.id}</text>
    </g>`;
  }

  /** Distinct legal new-station spots (from the engine's legal actions). */
  private get stationSpots(): [number, number][] {
    const seen = new Set<string>();
    const out: [number, number][] = [];
    for (const a of this.legal("new-station")) {
      const k = `${a.x},${a.y}`;
      if (seen.has(k)) continue;
      seen.add(k);
      out.push([a.x, a.y]);
    }
    return out;
  }

  /** The planned route of the picked long-distance row: the engine's fewest-hop legal route. */
  private get routePlan(): (StringAction & { type: "long-distance" }) | null {
    const p = this.routePick;
    if (!p) return null;
    const list = this.legal("long-distance").filter((a) => a.tile === p.tile && a.row === p.row);
    list.sort((a, b) => a.stations.length - b.stations.length);
    return list[0] ?? null;
  }

  // ---- render: panels ----------------------------------------------------------------------------------

  private renderTools(s: StringState) {
    const me = this.me;
    const human = me !== null && !s.choice;
    const tool = this.activeTool;
    const seat = me !== null ? s.seats[me]! : null;
    const undoable = human && s.log.length > 0 && s.log.at(-1)!.player === me;
    const upgrade = this.legal("upgrade")[0];
    const draw = this.legal("draw-tile")[0];
    const end = this.legal("end-turn")[0];
    const cost = seat ? UPGRADE_COST[seat.loco] : undefined;
    return html`<div class="controls" part="controls">
      <div class="tools" role="group" aria-label="Tool">
        <button part="button" data-tool="string" aria-pressed=${tool === "string"} ?disabled=${!human} @click=${() => this.setTool("string")}>
          Lay a string
        </button>
        <button part="button" data-tool="move" aria-pressed=${tool === "move"} ?disabled=${!human} @click=${() => this.setTool("move")}>
          Move cubes
        </button>
        <button
          part="button"
          data-tool="station"
          aria-pressed=${tool === "station"}
          ?disabled=${!human || seat?.newStation !== null}
          @click=${() => this.setTool("station")}
        >
          New station
        </button>
      </div>
      <button part="button" data-action="upgrade" ?disabled=${!human || !upgrade} @click=${() => this.act(upgrade)}>
        Upgrade${seat && seat.loco < MAX_LOCO ? ` ${seat.loco}→${seat.loco + 1} (${cost} AP)` : ""}
      </button>
      <button part="button" data-action="draw-tile" ?disabled=${!human || !draw} @click=${() => this.act(draw)}>
        Draw a tile (${s.deck.length} left)
      </button>
      <button part="button" data-action="undo" ?disabled=${!undoable} @click=${() => void this.session.undo()}>Undo</button>
      <button part="button" class="primary" data-action="end-turn" ?disabled=${!human || !end} @click=${() => this.act(end)}>
        End turn
      </button>
    </div>`;
  }

  private setTool(t: Tool): void {
    this.tool = t;
    this.clearDraft();
    this.selected = null;
    this.picked = null;
  }

  private renderStringPanel(s: StringState) {
    const me = this.me;
    if (me === null || this.activeTool !== "string") return nothing;
    const seat = s.seats[me]!;
    const kind = this.activeKind;
    const p = this.preview;
    const keyboard = this.endA !== null && this.endB !== null;
    return html`<section class="zone" part="preview" aria-labelledby="draw-h">
      <h3 id="draw-h">Lay a string</h3>
      <div class="controls">
        <div class="tools" role="group" aria-label="String">
          <button part="button" data-kind="short" aria-pressed=${kind === "short"} ?disabled=${seat.shortLeft === 0} @click=${() => this.setKind("short")}>
            Short ${STRING_LENGTH.short} cm (${seat.shortLeft} left)
          </button>
          <button part="button" data-kind="long" aria-pressed=${kind === "long"} ?disabled=${seat.longLeft === 0} @click=${() => this.setKind("long")}>
            Long ${STRING_LENGTH.long} cm (${seat.longLeft} left)
          </button>
        </div>
      </div>
      ${
        !this.stringPhase
          ? html`<p class="note">No string to lay now: one a turn, in the route phase, before any transport.</p>`
          : !this.draft
            ? html`<p class="note">
                Press on a station and draw to another; or pick two stations (click, or Enter on the board) for a straight
                or one-bend string.${this.endA !== null ? html` <strong>First end: ${this.stationLabel(s.stations[this.endA]!)}.</strong>` : nothing}
              </p>`
            : nothing
      }
      ${
        this.draft && p
          ? html`<dl class="preview" aria-live="polite">
              <dt>Length</dt>
              <dd data-length>${p.length.toFixed(1)} of ${p.max} cm (${Math.max(0, p.max - p.length).toFixed(1)} left)</dd>
              <dt>Stations</dt>
              <dd data-stations>${p.stations.length ? p.stations.map((id) => this.stationName(s, id)).join(", ") : "none"}</dd>
              <dt>Meeting places</dt>
              <dd data-crossings>${meetingText(p)}</dd>
              <dt>Mountain</dt>
              <dd>${p.mountain ? "crosses it (+1 AP)" : "no"}</dd>
              <dt>Cost</dt>
              <dd data-cost>${p.ap} AP of ${p.apLeft}</dd>
              <dt>Verdict</dt>
              <dd class="verdict ${p.error ? "bad" : "ok"}" data-verdict>${p.error ? p.error.message : "legal: release or Place to lay it"}</dd>
            </dl>`
          : this.draft
            ? html`<p class="note">${this.isOnline ? "The server checks the string when you place it." : "Checking…"}</p>`
            : nothing
      }
      ${
        keyboard
          ? html`<div class="controls">
              <button part="button" data-action="candidate" @click=${() => this.pickCandidate(this.candidate + 1)}>
                Shape: ${["straight", "bent left", "bent right"][this.candidate]} (next)
              </button>
              <button part="button" class="primary" data-action="place" ?disabled=${this.isOnline ? !this.draft : !p || !!p.error} @click=${() => void this.placeDraft()}>
                Place
              </button>
              <button part="button" data-action="cancel" @click=${() => this.clearDraft()}>Cancel</button>
            </div>`
          : this.draft && !this.trail
            ? html`<div class="controls">
                <button part="button" class="primary" data-action="place" ?disabled=${this.isOnline ? !this.draft : !p || !!p.error} @click=${() => void this.placeDraft()}>
                  Place
                </button>
                <button part="button" data-action="cancel" @click=${() => this.clearDraft()}>Cancel</button>
              </div>`
            : nothing
      }
    </section>`;
  }

  private setKind(k: StringKind): void {
    this.kind = k;
    if (this.draft) this.wantPreview(this.draft);
  }

  private renderStationPanel(s: StringState) {
    const i = this.selected;
    if (i === null || this.activeTool !== "move") {
      if (this.activeTool === "move" && this.me !== null)
        return html`<section class="zone" part="station-panel"><h3>Move cubes</h3>
          <p class="note">Pick a station on the board, then a cube, then a highlighted destination along your strings (1 AP each).
          Replenish a station from here too.</p></section>`;
      return nothing;
    }
    const st = s.stations[i]!;
    const counts = s.stationCubes[i]!;
    const moves = this.moves;
    const replenish = this.legal("replenish").find((a) => a.station === st.id);
    const fromHere = this.legal("transport").filter((a) => a.from === st.id);
    return html`<section class="zone" part="station-panel" aria-labelledby="st-h">
      <h3 id="st-h">${this.stationLabel(st)}</h3>
      <div class="controls" role="group" aria-label="Cubes on this station">
        ${CUBE_ORDER.filter((c) => counts[c] > 0).map(
          (c) => html`<button
            part="button"
            data-cube=${c}
            aria-pressed=${this.picked === c}
            ?disabled=${!fromHere.some((a) => a.colour === c)}
            @click=${() => {
              this.picked = this.picked === c ? null : c;
            }}
          >
            <span class="sq c-${c}"></span>${counts[c]} ${c}
          </button>`,
        )}
        ${CUBE_ORDER.every((c) => counts[c] === 0) ? html`<span class="note">No cubes here.</span>` : nothing}
      </div>
      ${
        this.picked
          ? moves.length
            ? html`<p class="note">Move the ${this.picked} cube to (1 AP):</p>
                <div class="controls">
                  ${moves.map(
                    (a) =>
                      html`<button part="button" data-to=${a.to} @click=${() => this.act(a)}>${this.stationName(s, a.to)}</button>`,
                  )}
                </div>`
            : html`<p class="note">No destination: not on one of your strings, or no AP left.</p>`
          : fromHere.length === 0
            ? html`<p class="note">No transport from here now (it must be on one of your strings, 1 AP).</p>`
            : nothing
      }
      <div class="controls">
        <button part="button" data-action="replenish" ?disabled=${!replenish} @click=${() => this.act(replenish)}>
          Replenish: ${REPLENISH_CUBES} cubes, 1 AP (${s.replenishes}/${SPECIAL_LIMIT} this turn)
        </button>
      </div>
    </section>`;
  }

  private renderNewStationPanel(s: StringState) {
    if (this.activeTool !== "station" || this.me === null) return nothing;
    const spots = this.stationSpots;
    return html`<section class="zone" aria-labelledby="ns-h">
      <h3 id="ns-h">New station (once a game, free)</h3>
      <p class="note">Click on the board where it goes (dotted: legal spots), off strings, stations and the mountain.</p>
      <div class="controls">
        ${
          s.chips.length
            ? html`<label>Chip
                <select @change=${(e: Event) => {
                  this.chip = (e.target as HTMLSelectElement).value as CityColour;
                }}>
                  ${s.chips.map((c) => html`<option value=${c} ?selected=${(this.chip ?? s.chips[0]) === c}>${c}</option>`)}
                </select></label>`
            : html`<span class="note">No chip left.</span>`
        }
        <label>Spot
          <select @change=${(e: Event) => {
            this.spot = Number((e.target as HTMLSelectElement).value);
          }}>
            ${spots.map(([x, y], k) => html`<option value=${k} ?selected=${k === this.spot}>${x.toFixed(1)}, ${y.toFixed(1)} cm</option>`)}
          </select></label>
        <button part="button" data-action="new-station" ?disabled=${spots.length === 0} @click=${() => {
          const sp = spots[Math.min(this.spot, spots.length - 1)];
          if (sp) void this.placeStationAt(sp[0], sp[1]);
        }}>Place here</button>
      </div>
    </section>`;
  }

  private renderTiles(s: StringState) {
    const me = this.me;
    const choice = s.choice;
    const effects: Record<Row, string> = {
      A: `keep the white cube, flip (+${FLIPPED_TILE_POINTS})`,
      B: "keep the white cube",
      C: "white cube to the bag",
    };
    const tile = (id: number, body: unknown, flipped = false) =>
      html`<div class="tile ${flipped ? "flipped" : ""}" data-tile=${id}>
        <strong>Tile ${id + 1}</strong>${flipped ? html` <span class="tag win">flipped +${FLIPPED_TILE_POINTS}</span>` : nothing}
        ${ROWS.map(
          (row) => html`<div class="tile-row">
            <span>${row}:</span>${rowColours(id, row).map((c) => html`<span class="dot c-${c}" title=${c}></span>`)}
            <span class="note">${effects[row]}</span>
          </div>`,
        )}
        ${body}
      </div>`;
    if (choice && me === choice.player) {
      return html`<section class="zone" part="tiles" aria-labelledby="tiles-h">
        <h3 id="tiles-h">Keep one long-distance tile</h3>
        <p class="note">Move the white cube through these colours to your new station; a tile left face up costs ${-FACE_UP_TILE_POINTS} points.</p>
        <div class="tiles">
          ${choice.tiles.map((id) =>
            tile(
              id,
              html`<button part="button" class="primary" data-keep=${id} ?disabled=${!this.canAct} @click=${() =>
                this.act({ type: "keep-tile", player: me, tile: id })}>Keep tile ${id + 1}</button>`,
            ),
          )}
        </div>
      </section>`;
    }
    const seat = me !== null ? s.seats[me]! : null;
    if (!seat || seat.tiles.length === 0) return nothing;
    const plan = this.routePlan;
    return html`<section class="zone" part="tiles" aria-labelledby="tiles-h">
      <h3 id="tiles-h">Your long-distance tiles</h3>
      <div class="tiles">
        ${seat.tiles.map((t) =>
          tile(
            t.id,
            t.flipped
              ? nothing
              : html`<div class="controls">
                  ${ROWS.map((row) => {
                    const has = this.legal("long-distance").some((a) => a.tile === t.id && a.row === row);
                    return html`<button part="button" data-ld=${`${t.id}-${row}`} ?disabled=${!has} aria-pressed=${this.routePick?.tile === t.id && this.routePick.row === row}
                      @click=${() => {
                        this.routePick = { tile: t.id, row };
                      }}>Row ${row}</button>`;
                  })}
                </div>
                ${
                  plan && this.routePick?.tile === t.id
                    ? html`<p class="note">Route: ${plan.stations.map((id) => this.stationName(s, id)).join(" → ")}
                        (${plan.stations.length - 1} AP of ${s.ap}).</p>
                        <button part="button" class="primary" data-action="long-distance" @click=${() => this.act(plan)}>Resolve row ${plan.row}</button>
                        <button part="button" @click=${() => {
                          this.routePick = null;
                        }}>Cancel</button>`
                    : nothing
                }`,
            t.flipped,
          ),
        )}
      </div>
      ${seat.newStation === null ? html`<p class="note">Place your new station first: routes end there.</p>` : nothing}
    </section>`;
  }

  private renderPile(pile: Record<CubeColour, number>) {
    const parts = CUBE_ORDER.filter((c) => pile[c] > 0);
    if (parts.length === 0) return html`<span class="note">—</span>`;
    return parts.map((c) => html`<span class="sq c-${c}" title=${c}></span>${pile[c]} `);
  }

  /** The table of seats; `readOnly` (review mode): no trade buttons. */
  private renderPlayers(v: StringView, readOnly = false) {
    const s = v.state;
    const me = readOnly ? null : this.me;
    return html`<section class="zone" part="players" aria-labelledby="players-h">
      <h3 id="players-h">Round ${Math.min(s.round, s.options.rounds)} of ${s.options.rounds}</h3>
      <table>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Seat</th>
            <th scope="col" class="num">Loco</th>
            <th scope="col">Score pile</th>
            <th scope="col" class="num">Pts</th>
          </tr>
        </thead>
        <tbody>
          ${s.order.map((seatNo, k) => {
            const seat = s.seats[seatNo]!;
            const current = seatNo === s.current && !s.over;
            const flipped = seat.tiles.filter((t) => t.flipped).length;
            return html`<tr class=${current ? "current" : ""} data-seat=${seatNo} aria-current=${current ? "true" : "false"}>
              <td>${k + 1}</td>
              <td class="seat-${seatNo}">
                <span class="swatch" title=${SEAT_COLOUR_NAMES[seatNo]}>${seatSample(seatNo)}</span>${this.seatName(seatNo)}
                ${current ? html`<span class="tag">to play</span>` : nothing}
                ${s.winners.includes(seatNo) ? html`<span class="tag win">winner</span>` : nothing}
                <div class="note">
                  strings ${seat.shortLeft}+${seat.longLeft} · tiles ${seat.tiles.length - flipped} up${flipped ? `, ${flipped} flipped` : ""}
                </div>
              </td>
              <td class="num">${seat.loco} AP</td>
              <td>
                ${this.renderPile(seat.pile)}
                ${
                  seatNo === me && this.legal("cube-for-ap").length > 0
                    ? html`<div class="trades" aria-label="Cube for AP">
                        ${this.legal("cube-for-ap").map(
                          (a) => html`<button part="button" data-trade=${a.colour}
                            aria-label="Return a ${a.colour} cube to the bag for 1 AP"
                            @click=${() => this.act(a)}>+1 AP for <span class="sq c-${a.colour}"></span></button>`,
                        )}
                        <span class="note">cube for AP ${s.cubesForAp}/${SPECIAL_LIMIT} this turn</span>
                      </div>`
                    : nothing
                }
              </td>
              <td class="num" data-points>${v.points[seatNo]}</td>
            </tr>`;
          })}
        </tbody>
      </table>
    </section>`;
  }

  private renderHints(v: StringView) {
    if (!this.hints) return nothing;
    const task = this.session.hints;
    const s = v.state;
    const body = (() => {
      if (s.over) return html`<p>The game is over.</p>`;
      if (this.isOnline && !this.session.humanTurn) return html`<p>Hints come on your turn.</p>`;
      if (this.session.botTurn) return html`<p>The computer is playing.</p>`;
      if (task.status === "error") return html`<p>Hints unavailable: ${task.error?.message}</p>`;
      if (task.status !== "complete" || !task.hints) return html`<p>Computing…</p>`;
      const list = task.hints;
      if (list.length === 0) return html`<p>Nothing to suggest now.</p>`;
      let ghost = 0;
      // Not numbered by the list: the strings drawn on the board carry their ghost's number (1–5) instead.
      return html`<ul>
        ${list.slice(0, 12).map((h) => {
          if (h.hint === "transport") {
            const plan = h.plan;
            return html`<li data-hint="transport">
              <strong>Transport plan: +${h.gain} point${h.gain === 1 ? "" : "s"}</strong> with ${plan.apSpent} AP${plan.trades.length ? ` (${plan.trades.length} cube${plan.trades.length > 1 ? "s" : ""} traded for AP)` : ""}:
              ${plan.moves.map((m) => `${m.colour} ${this.stationName(s, m.from)} → ${this.stationName(s, m.to)}`).join("; ")}
              <button part="button" @click=${() => this.act(h.action)}>Play step 1</button>
            </li>`;
          }
          if (h.hint === "long-distance") {
            return html`<li data-hint="long-distance">
              Tile ${h.route.tile + 1}, row ${h.route.row}: ${h.ap} AP, ${h.route.stations.map((id) => this.stationName(s, id)).join(" → ")}
              <button part="button" @click=${() => {
                this.routePick = { tile: h.route.tile, row: h.route.row };
              }}>Show</button>
            </li>`;
          }
          if (h.hint === "string") {
            const k = ghost++;
            return html`<li data-hint="string" @mouseenter=${() => {
              this.ghostFocus = k < GHOSTS ? k : null;
            }} @mouseleave=${() => {
              this.ghostFocus = null;
            }}>
              ${k < GHOSTS ? html`<strong>${k + 1}.</strong> ` : nothing}${cap(h.kind)} string ${h.stations.map((i) => s.stations[i]!.id).join("–")}:
              value ${h.value.toFixed(1)}, ${h.ap} AP${h.crossings ? `, ${h.crossings} crossing${h.crossings > 1 ? "s" : ""}` : ""}${h.mountain ? ", mountain" : ""}, ${h.length.toFixed(1)} cm
              <button part="button" @click=${() => this.act(h.action)}>Lay</button>
            </li>`;
          }
          return nothing;
        })}
      </ul>
      <p class="note">Strings are valued by the cubes they let you score now, the colours and outskirts they reach, less 1.5 per AP;
      the transport plan is the exact best for the AP left.</p>`;
    })();
    return html`<section class="zone hints" part="hints" aria-labelledby="hints-h">
      <h3 id="hints-h">Hints</h3>
      ${body}
    </section>`;
  }

  private renderFinal(s: StringState) {
    if (!s.over || !s.result) return nothing;
    const r = s.result;
    const rank = s.seats
      .map((_, i) => i)
      .sort((a, b) => r.points[b]! - r.points[a]! || r.cubes[a]! - r.cubes[b]!);
    return html`<section class="zone" part="final" aria-labelledby="final-h">
      <h3 id="final-h">Final score</h3>
      <table>
        <thead>
          <tr><th scope="col">Seat</th><th scope="col">Sets</th><th scope="col" class="num">Tiles</th><th scope="col" class="num">Cubes</th><th scope="col" class="num">Points</th></tr>
        </thead>
        <tbody>
          ${rank.map((i) => {
            const seat = s.seats[i]!;
            const flipped = seat.tiles.filter((t) => t.flipped).length;
            const up = seat.tiles.length - flipped;
            return html`<tr data-final=${i}>
              <td class="seat-${i}"><span class="swatch" title=${SEAT_COLOUR_NAMES[i]}>${seatSample(i)}</span>${this.seatName(i)}${s.winners.includes(i) ? html`<span class="tag win">winner</span>` : nothing}</td>
              <td><div class="sets">
                ${r.sets[i]!.map(
                  (set) =>
                    html`<span class="set">${set.map((c) => html`<span class="sq c-${c}" title=${c}></span>`)} ${SET_SCORE[set.length]}</span>`,
                )}
                ${r.sets[i]!.length === 0 ? html`<span class="note">no cubes</span>` : nothing}
              </div></td>
              <td class="num">${flipped ? `+${FLIPPED_TILE_POINTS * flipped}` : ""}${flipped && up ? " " : ""}${up ? `−${-FACE_UP_TILE_POINTS * up}` : ""}</td>
              <td class="num">${r.cubes[i]}</td>
              <td class="num"><strong>${r.points[i]}</strong></td>
            </tr>`;
          })}
        </tbody>
      </table>
      <p class="note">Sets of different colours score ${SET_SCORE.slice(1).join("/")} for 1–${SET_SCORE.length - 1} cubes; a white cube stands for a missing colour. Ties: fewer cubes wins.</p>
    </section>`;
  }

  /** Review mode: the reviewed board read-only, the review panel, the graded moves, the summary. */
  protected override renderReview() {
    const r = this.reviewMode;
    const v = r.view;
    const s = v?.state;
    const title = !s
      ? "Loading the position…"
      : s.over
        ? this.overTitle(s)
        : s.choice
          ? `${this.seatName(s.current!)}: keep a long-distance tile`
          : `${this.seatName(s.current!)} to play`;
    const phase = !s
      ? ""
      : s.over || s.phase === "setup"
        ? ""
        : `${s.ap} AP left · ${s.step === "route" ? (s.placedString ? "string laid" : "route phase") : `${s.step} phase`}`;
    return html`<div class="base" part="base" data-review-mode aria-busy=${v ? "false" : "true"}>
      <div class="play">
        <div class="status">
          <span class="turn-title">${title}</span>
          <span class="turn-meta">${phase}</span>
        </div>
        ${v ? html`<div inert>${this.renderBoard(v, true)}</div>` : nothing}
        ${r.renderPanel()}
        ${r.renderMoves()}
      </div>
      <div class="side">${v ? this.renderPlayers(v, true) : nothing} ${r.renderSummary()}</div>
    </div>`;
  }

  protected override renderGame(v: StringView) {
    const s = v.state;
    const current = s.current;
    const title = s.over
      ? this.overTitle(s)
      : s.choice
        ? `${this.seatName(current!)}: keep a long-distance tile`
        : `${this.seatName(current!)} to play`;
    const loco = current !== null ? s.seats[current]!.loco : 0;
    const apDots =
      s.over || s.choice || s.phase === "setup"
        ? []
        : Array.from({ length: Math.max(loco, s.ap) }, (_, k) => k < s.ap);
    const phase = s.step === "route" ? (s.placedString ? "string laid" : "route phase") : `${s.step} phase`;
    return html`<div class="base" part="base" aria-busy=${this.session.busy ? "true" : "false"} data-seat-to-move=${s.over ? "" : (current ?? "")}>
      <div class="play">
        <div class="status">
          <span class="turn-title">${title}</span>
          ${
            apDots.length
              ? html`<span class="turn-meta" data-ap=${s.ap}>
                  <span class="ap" aria-hidden="true">${apDots.map((on) => html`<i class=${on ? "" : "spent"}></i>`)}</span>
                  ${s.ap} AP left · ${phase}</span>`
              : nothing
          }
        </div>
        ${this.renderTools(s)}
        ${this.renderBoard(v)}
        ${renderMessage(this.session)}
        <p class="sr-only" aria-live="polite">${this.said}</p>
        ${this.renderFinal(s)}
        ${
          this.isOnline
            ? nothing
            : html`<form class="controls" part="setup" aria-label="New game" @submit=${this.onSetup}>
          <label>Players
            <select name="players">
              ${[2, 3, 4, 5].map((n) => html`<option value=${n} ?selected=${n === this.players}>${n}</option>`)}
            </select>
          </label>
          <label><input type="checkbox" name="computer" .checked=${this.botSeats.size > 0} /> The computer plays the other seats</label>
          <button part="button" class=${s.over ? "primary" : ""} data-action="new" type="submit">New game</button>
        </form>`
        }
      </div>
      <div class="side">
        ${this.renderTiles(s)} ${this.renderStringPanel(s)} ${this.renderStationPanel(s)} ${this.renderNewStationPanel(s)}
        ${this.renderPlayers(v)} ${this.renderHints(v)} ${renderLog(this.entries, true)} ${renderHelp(STRING_HELP)}
      </div>
    </div>`;
  }
}

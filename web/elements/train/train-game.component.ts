import { html, nothing, type PropertyValues } from "lit";
import { property, state } from "lit/decorators.js";
import type { EndReason, Face, TrainAction, TrainGameState, TurnRecord } from "../../engine/train/types.ts";
import { TRAIN_HELP, TRAIN_UNDO_WORDS } from "../../games/train/help.ts";
import type { TurnSummaryRow } from "../../games/train/summary.ts";
import type { TrainHintOption } from "../../solvers/train/api.ts";
import {
  HINT_MAX_GOAL,
  HINT_MIN_GOAL,
  hintableGoal,
  raceContext,
  SHIPPED_GOAL,
} from "../../solvers/train/race-context.ts";
import type { RailkitClient } from "../../worker/client.ts";
import type { BotMode, GameWorkerApi, Progress, TrainTypes, TrainView } from "../../worker/protocol.ts";
import type { RaceSolverClient } from "../../worker/race-client.ts";
import {
  booleanish,
  checkBots,
  checkOneOf,
  checkPlayers,
  checkSeed,
  checkWhole,
  problems,
  text,
  whole,
} from "../common/attributes.ts";
import { renderLog, renderMessage } from "../common/game-element.ts";
import { helpStyles, renderHelp } from "../common/help.ts";
import { rovingKey } from "../common/keys.ts";
import { RailkitGameElement } from "../common/railkit-element.ts";
import { reviewStyles } from "../common/review.ts";
import { delay, type ViewCause } from "../common/session.ts";
import { FACE_NAME, faceLabel, faceSvg } from "./dice.ts";
import { trainGameStyles } from "./train-game.styles.ts";

/** Detail of the `game-over` event. */
export interface TrainGameOverDetail {
  /** Final totals, by seat (seats are numbered from 0). */
  scores: number[];
  /** Seats that won (several on a shared win). */
  winners: number[];
}

/** Multiset equality / inclusion over faces (no game rule: just comparing lists the engine gave). */
function faceCounts(faces: readonly Face[]): Map<Face, number> {
  const m = new Map<Face, number>();
  for (const f of faces) m.set(f, (m.get(f) ?? 0) + 1);
  return m;
}
function includesAll(big: readonly Face[], small: readonly Face[]): boolean {
  const b = faceCounts(big);
  for (const [f, n] of faceCounts(small)) if ((b.get(f) ?? 0) < n) return false;
  return true;
}
const sameFaces = (a: readonly Face[], b: readonly Face[]) => a.length === b.length && includesAll(a, b);

const REASON_TEXT: Readonly<Record<EndReason, string>> = {
  stop: "stopped",
  caboose: "the Caboose ended the turn",
  shortage: "Equipment Shortage",
  wreck: "Train Wreck",
  full: "the train is full",
  "out-of-rolls": "out of rolls",
};

const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

/** A roll that left nothing to choose (none of the dice could join, or only the Engine/Tender by themselves). */
interface SpentRoll {
  player: number;
  /** The dice as thrown. */
  faces: Face[];
  /** The cars that joined by themselves from this roll (the first Engine, the first Tender). */
  joined: Face[];
  /** The turn this roll ended, if it did; else the rolls left. */
  ended: TurnRecord | null;
  rollsLeft: number;
}

/** The end-of-game table of turns, as a task (fetched from the worker once the game is over). */
interface SummaryTask {
  status: "pending" | "complete" | "error";
  rows?: TurnSummaryRow[];
  error?: string;
}

/**
 * The roll `action` led from `prev` to `next` when it left nothing to choose (no `add` step followed: none of the
 * dice could join, beyond the Engine and Tender that join by themselves), else null. Read from the two states the
 * engine gave, not from the rules.
 */
function spentRoll(prev: TrainView, next: TrainView, action: TrainAction): SpentRoll | null {
  const roll = next.state.lastRoll;
  if (action.type !== "roll" || !roll || roll.player !== action.player) return null;
  const ended = next.state.history.length > prev.state.history.length ? next.state.history.at(-1)! : null;
  if (!ended && next.state.turn.step === "add") return null;
  const train = ended ? ended.train : next.state.turn.train;
  return {
    player: action.player,
    faces: roll.faces.slice(),
    joined: train.slice(prev.state.turn.train.length),
    ended,
    rollsLeft: ended ? 0 : next.state.turn.rollsLeft,
  };
}

/**
 * Hidden text in each of the view's type styles (train-game.styles.ts `.primer`), drawn while the first game is on
 * its way, so that the browser resolves the fonts then rather than when the first view and its hints are laid out.
 */
const FONT_PRIMER = html`<div class="primer" aria-hidden="true">${[
  "t1",
  "t2",
  "t3",
  "t4",
  "t5",
  "t6",
  "t7",
  "t8",
  "t9",
  "t10",
  "t11",
].map((t) => html`<span class=${t}>Aa0 ★…</span>`)}</div>`;

/**
 * The Train Game (six dice, push-your-luck) for 1–6 seats, some of them played by the computer.
 * Thin: the rules, the dice and the bots run in the railkit worker, and the session (the worker's game,
 * the computer's seats, hints, recovery from worker faults) is the shared controller of
 * web/elements/common/session.ts; this element draws the view it gets and turns clicks and keys into
 * actions. Legal buttons and pickable dice come from the engine's legal actions; a refused action is
 * shown as a message.
 *
 * Seats are numbered from 0 (seat 0 plays first).
 *
 * Hints in a two-player race carry win chances for goals 50..200. The race to 100 ships as a table, so its hints
 * are a table read (the solver is warmed up when the element connects). Any other goal is solved once per game
 * worker, on first need, in the solver worker the game worker starts (web/games/train/route.ts), with a progress
 * bar in the hint panel; the game worker keeps answering moves meanwhile.
 *
 * @fires turn-end - A turn ended. `detail`: the TurnRecord (player, score, reason, train, banked).
 * @fires game-over - The game ended. `detail`: `{ scores, winners }`.
 *
 * @csspart base - The whole widget.
 * @csspart scoreboard - The table of seats and totals.
 * @csspart train - The train on the track and the running turn score.
 * @csspart table - The dice rolled, to pick from.
 * @csspart die - Each die (in the train and on the table).
 * @csspart controls - The row of buttons.
 * @csspart button - Each button (Roll, Add selected, Stop, Bank, New game).
 * @csspart message - The status line (refusals in red).
 * @csspart hints - The hint panel.
 * @csspart hint-best - The hint row of the best option.
 * @csspart progress - The progress bar of a race solve (goals without a shipped table), in the hint panel.
 * @csspart log - The game log (in review mode: the graded moves, each a button).
 * @csspart spent - The dice of a roll that left nothing to choose, on the table, with what happens next.
 * @csspart summary - The end-of-game table, one row per turn (player, turn score, total, wrecks, the solver's best EV).
 * @csspart help - The "How to play" panel (a disclosure, closed at first).
 * @csspart help-button - The panel's button (its `<summary>`).
 * @csspart review - Review mode's panel: the slider, the move shown and its grade, progress and Stop.
 * @csspart review-slider - Review mode's slider over the moves.
 * @csspart review-summary - Review mode's summary: each seat's totals, biggest mistakes and the chart.
 * @csspart review-chart - The summary's SVG chart of win chances (or expected scores) over the game.
 *
 * @cssprop --train-game-bg - Background (light and dark defaults follow `prefers-color-scheme`, as every colour here).
 * @cssprop --train-game-fg - Text colour.
 * @cssprop --train-game-muted - Secondary text, headings.
 * @cssprop --train-game-border - Borders of the widget, panels and buttons.
 * @cssprop --train-game-surface - Panels and buttons.
 * @cssprop --train-game-accent - Primary buttons, current seat.
 * @cssprop --train-game-accent-fg - Text on primary buttons.
 * @cssprop --train-game-danger - Refusals and alerts.
 * @cssprop --train-game-selected - Selected dice, best hint, winners.
 * @cssprop --train-game-die-size - Size of a die on the table (default 64px).
 */
export class TrainGame extends RailkitGameElement<TrainTypes> {
  static override styles = [...trainGameStyles, helpStyles, reviewStyles("train-game")];

  /** Number of seats, 1–6 (2–6 in the elimination game); any other value is shown as a message in place of the game, naming the values taken. */
  @property({ converter: whole(2) }) override players = 2;
  /** `race` (first to `goal`, equal turns) or `elimination` (beat the target or leave); any other value is shown as a message in place of the game, naming the values taken. */
  @property({ converter: text("race") }) variant: "race" | "elimination" = "race";
  /**
   * Points that win a race (the engine's `goal` option, default 100). Hints value win chances for goals 50..200
   * (100 from the shipped table, others solved once with a progress bar); expected scores only otherwise. A whole
   * number from 1 to 100 000; any other value is shown as a message in place of the game, naming the values taken.
   */
  @property({ converter: whole(SHIPPED_GOAL) }) goal = SHIPPED_GOAL;
  /**
   * Show the hint panel: every option now with its expected score (and win chance in a 2-player race, or the
   * chance to beat the target in an elimination game once there is one).
   * `hints`, `hints=""`, `hints="true"` are on; `hints="false"`, `"off"`, `"0"`, `"no"` and no attribute are off.
   */
  @property({ converter: booleanish, reflect: true }) override hints = false;
  /** How the computer plays: `race` (maximise the chance to win) or `ev` (maximise the expected score). */
  @property({ converter: text("race"), attribute: "bot-policy" }) botPolicy: BotMode = "race";
  /**
   * Formerly the solver worker client for race goals without a shipped table; kept so that pages setting it still run.
   * @deprecated Unused since issue #22: the game worker sends race hints of goals without a shipped table to its own
   * solver worker (docs/embedding.md), whoever asks. Setting it changes nothing.
   */
  @property({ attribute: false }) raceSolver: RaceSolverClient | null = null;
  /** Online play (docs/online.md): the railkit server's address; with `match` set, the game is that match. */
  @property() override server: string | null = null;

  /** Indices into `turn.table` of the dice the player (or the computer, before its move) picked. */
  @state() private selected: number[] = [];
  /** The table die that holds the tab stop (roving tabindex). */
  @state() private focusIndex = 0;
  /** A race solve under way in the solver worker (its goal and progress), for the hint panel's bar. */
  @state() private solving: (Progress & { goal: number }) | null = null;
  /** Race-hint calls to the solver worker in flight (the bar stays while any is). */
  private solves = 0;
  /** The last roll, when it left nothing to choose: shown on the table until the next action. */
  @state() private spent: SpentRoll | null = null;
  /** The end-of-game table of turns (null while the game is on). */
  @state() private summary: SummaryTask | null = null;
  /** Bumped by every new view that starts or ends a game: a summary answer for an older game is dropped. */
  private summaryFor = 0;
  /**
   * A person played from inside the element (keyboard or mouse): keep the focus on a sensible control through the
   * turns that follow (the computer's, an undo, the next seat's), until focus goes elsewhere on the page.
   */
  private keepingFocus = false;

  constructor() {
    super();
    this.addEventListener("focusout", (e) => {
      // Inside the shadow root the related target is retargeted to this element.
      const to = e.relatedTarget as Node | null;
      if (to) {
        if (to !== this && !this.contains(to)) this.keepingFocus = false;
        return;
      }
      // Focus went nowhere: the control was disabled or removed by the move (keep), or the person clicked the page
      // outside the element (let go: the control is still there and enabled).
      const from = e.composedPath()[0];
      requestAnimationFrame(() => {
        if (from instanceof HTMLElement && from.isConnected && !from.matches(":disabled"))
          this.keepingFocus = false;
      });
    });
  }

  protected override readonly gameId = "train";

  protected override gameAttributes(): readonly string[] {
    return ["variant", "goal"];
  }

  protected override gameApi(client: RailkitClient): GameWorkerApi<TrainTypes> {
    return this.trainApi(client);
  }

  protected override botOptions(): TrainTypes["botOptions"] {
    return { mode: this.botPolicy };
  }

  protected override async beforeBotMove(action: TrainAction): Promise<void> {
    if (action.type === "add" && action.faces.length > 0) {
      // Show the pick before it joins the train.
      this.selected = this.pickIndices(action.faces);
      await delay(this.pace);
    }
  }

  // This seat's view in the player's own workers: the turn, and the race as this seat sees it.
  protected override onlineHints(v: TrainView): Promise<TrainHintOption[]> {
    return this.withSolving(v.state.options.goal, (progress) =>
      this.local.client.train.hint(v.state.turn, raceContext(v.state), progress),
    );
  }

  /** The game worker's train verbs; hints show the progress of a race solve (the worker routes it). */
  private trainApi(client: RailkitClient): GameWorkerApi<TrainTypes> {
    const train = client.train;
    return {
      ...train,
      hints: (handle, options) =>
        this.withSolving(this.goal, (progress) => train.hints(handle, options, progress)),
    };
  }

  /** Runs a hints call whose race solve (if any) reports into the hint panel's bar while any such call is out. */
  private async withSolving<T>(goal: number, f: (progress: (p: Progress) => void) => Promise<T>): Promise<T> {
    this.solves++;
    try {
      return await f((p) => {
        if (this.solves > 0) this.solving = { ...p, goal };
      });
    } finally {
      if (--this.solves === 0) this.solving = null;
    }
  }

  /**
   * Warm-up before the first hint: `prepare` makes the game worker load the solver (it downloads the Wasm and the
   * turn graph itself, once: the page fetches none of the solver's files, issue #23) and make its first solves (the
   * answers are not needed), so that the first hint is not a Wasm compile and a download. The race table is left to
   * the first race hint or race move that needs it. The worker itself is started here (the session's client), so
   * the first game is asked for before the files go. Sent from the first update, so a `client` set right after the
   * element was added is the one warmed.
   */
  private warmUp(): void {
    if (this.hints || this.bots.trim() !== "") {
      const train = this.local.client.train;
      // A warm-up only: a client without the verb (a stand-in) or a failed load is left to the first hint to report.
      void (async () => train.prepare())().catch(() => {});
    }
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
  get state(): TrainGameState | null {
    return this.currentSave();
  }
  set state(save: TrainGameState | string | null) {
    this.assignState(save);
  }

  /**
   * Loads a saved game (JSON text, or the state object), checked by the engine's `load` in the worker. A bad save
   * is refused: the element shows why (the first bad field's JSON pointer and the engine's message) and the game
   * on screen goes on exactly as it was; the promise rejects with that error. A good save replaces the game: the
   * `players`, `variant` and `goal` attributes are set to the loaded game's options and `bots` keeps only the seats
   * that game has (`seed` is left as it is: it seeds the next new game). Not while playing online.
   */
  import(json: TrainGameState | string): Promise<void> {
    return this.loadSave(json);
  }

  protected override savedAttributes(s: TrainGameState) {
    return { players: String(s.options.players), variant: s.options.variant, goal: String(s.options.goal) };
  }

  /** The attributes' problems in words ("" when there are none). */
  protected override checkAttributes(): string {
    const seats =
      this.variant === "elimination"
        ? checkPlayers(this, this.players, 2, 6)
        : checkPlayers(this, this.players, 1, 6);
    return problems(
      seats,
      seats ? null : checkBots(this, this.bots, this.players),
      checkSeed(this, this.seed),
      checkOneOf(this, "variant", this.variant, ["race", "elimination"]),
      checkWhole(this, "goal", this.goal, 1, 100_000, " points"),
      checkOneOf(this, "bot-policy", this.botPolicy, ["race", "ev"]),
    );
  }

  protected override startGame(): void {
    if (!this.hasUpdated) this.warmUp();
    super.startGame();
  }

  protected override gameOptions(): TrainTypes["options"] {
    return { players: this.players, variant: this.variant, goal: this.goal };
  }

  protected override clearGame(): void {
    this.selected = [];
    this.spent = null;
    this.summary = null;
    this.summaryFor++;
  }

  /** A new view from the session: reset the pick; log what happened and fire the events. */
  protected override onView(next: TrainView, prev: TrainView | null, cause: ViewCause<TrainAction>): void {
    this.selected = [];
    this.focusIndex = 0;
    this.spent = cause.kind === "action" && prev ? spentRoll(prev, next, cause.action) : null;
    if (next.state.over && !prev?.state.over) void this.fetchSummary(next);
    else if (!next.state.over && this.summary) {
      this.summary = null;
      this.summaryFor++;
    }
    if (cause.kind === "new") this.entries = [];
    else if (cause.kind === "action" && prev) this.announce(prev, next, cause.action);
    else if (cause.kind === "undo")
      this.log([`${this.seatName(cause.player)} took back the last action.`], false);
  }

  /** Sends a person's action; focus follows if the focused control went away. */
  private async act(action: TrainAction): Promise<void> {
    if (this.matches(":focus-within")) this.keepingFocus = true;
    await this.session.act(action);
  }

  /** Takes back the seat's last action; a refusal is worded for the player (TRAIN_UNDO_WORDS). */
  private async undo(): Promise<void> {
    if (this.matches(":focus-within")) this.keepingFocus = true;
    if (await this.session.undo()) return;
    const words = TRAIN_UNDO_WORDS[this.session.refusal?.rule ?? ""];
    if (words && this.session.messageIsError) this.session.say(words, true);
  }

  /** The per-turn table of a finished game, from the worker (web/games/train/summary.ts). */
  private async fetchSummary(v: TrainView): Promise<void> {
    const at = ++this.summaryFor;
    this.summary = { status: "pending" };
    const { options, history } = v.state;
    try {
      const rows = await this.local.client.train.turnSummary({ options, history });
      if (at === this.summaryFor) this.summary = { status: "complete", rows };
    } catch (e) {
      if (at === this.summaryFor)
        this.summary = { status: "error", error: e instanceof Error ? e.message : String(e) };
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    super.updated(changed);
    if (this.keepingFocus && this.view && !this.session.busy) this.keepFocus();
  }

  /** Logs what happened; fires `turn-end` for each turn that ended, `game-over` when the game did. */
  private announce(prev: TrainView, next: TrainView, action: TrainAction): void {
    const who = this.seatName(action.player);
    const lines: string[] = [];
    if (action.type === "roll") {
      const thrown = next.state.lastRoll?.faces ?? [];
      lines.push(`${who} rolled ${thrown.map((f) => FACE_NAME[f]).join(", ")}.`);
    } else if (action.type === "add") {
      lines.push(
        action.faces.length === 0
          ? `${who} added nothing.`
          : `${who} added ${action.faces.map((f) => FACE_NAME[f]).join(", ")}.`,
      );
    } else if (action.type === "bank") {
      lines.push(`${who} banked the freight.`);
    }
    const before = prev.state.history.length;
    for (const r of next.state.history.slice(before)) {
      lines.push(
        `${this.seatName(r.player)}: ${REASON_TEXT[r.reason]}, ${r.score} point${r.score === 1 ? "" : "s"}.`,
      );
    }
    if (next.state.over && !prev.state.over) lines.push(this.overTitle(next.state));
    this.log(lines);
    for (const record of next.state.history.slice(before)) {
      this.dispatchEvent(
        new CustomEvent<TurnRecord>("turn-end", { detail: record, bubbles: true, composed: true }),
      );
    }
    if (next.state.over && !prev.state.over) {
      const detail: TrainGameOverDetail = {
        scores: next.state.scores.slice(),
        winners: next.state.winners.slice(),
      };
      this.dispatchEvent(new CustomEvent("game-over", { detail, bubbles: true, composed: true }));
    }
  }

  /**
   * After an action, the computer's move or an undo removed or disabled the focused control: focus the dice, else
   * the next useful button, else (nothing to press: the computer's or another seat's turn) the train.
   */
  private keepFocus(): void {
    const root = this.renderRoot as ShadowRoot;
    const active = root.activeElement as HTMLButtonElement | null;
    const resting = active?.dataset.focusRest !== undefined;
    if (active?.isConnected && !active.disabled && !resting) return;
    const next =
      root.querySelector<HTMLElement>('.table [role="option"][tabindex="0"][aria-disabled="false"]') ??
      root.querySelector<HTMLElement>(
        'button[data-action="roll"]:not(:disabled), button[data-action="add"]:not(:disabled), button[data-action="stop"]:not(:disabled), button[data-action="bank"]:not(:disabled), button[data-action="new"]',
      ) ??
      (resting ? null : root.querySelector<HTMLElement>("[data-focus-rest]"));
    if (next && next !== active) next.focus();
  }

  /** Table indices holding these faces (first matches). */
  private pickIndices(faces: readonly Face[]): number[] {
    const table = this.view?.state.turn.table ?? [];
    const used = new Set<number>();
    for (const f of faces) {
      const i = table.findIndex((t, j) => t === f && !used.has(j));
      if (i >= 0) used.add(i);
    }
    return [...used];
  }

  // ---- what the engine allows now -------------------------------------------------------------------

  private legal(type: TrainAction["type"]): TrainAction | undefined {
    return this.view?.legal.find((a) => a.type === type);
  }

  private get legalAdds(): Face[][] {
    return (this.view?.legal ?? []).flatMap((a) => (a.type === "add" ? [a.faces] : []));
  }

  private get selectedFaces(): Face[] {
    const table = this.view?.state.turn.table ?? [];
    return this.selected.map((i) => table[i]!);
  }

  /** A die may be picked when some legal `add` holds the current pick plus this die. */
  private canPick(i: number): boolean {
    if (this.selected.includes(i)) return true;
    const table = this.view?.state.turn.table ?? [];
    const want = [...this.selectedFaces, table[i]!];
    return this.legalAdds.some((faces) => includesAll(faces, want));
  }

  private get canAddSelection(): boolean {
    const pick = this.selectedFaces;
    return this.legalAdds.some((faces) => sameFaces(faces, pick));
  }

  // ---- input -----------------------------------------------------------------------------------------

  private toggle(i: number): void {
    if (!this.canAct) return;
    this.focusIndex = i;
    if (this.selected.includes(i)) {
      this.selected = this.selected.filter((j) => j !== i);
      this.session.say("");
    } else if (this.canPick(i)) {
      this.selected = [...this.selected, i];
      this.session.say("");
    } else {
      const face = this.view!.state.turn.table[i]!;
      this.session.say(`${FACE_NAME[face]} cannot join the train with this pick.`, true);
    }
  }

  private onDieKey(e: KeyboardEvent, i: number): void {
    const k = rovingKey(e.key, i, this.view?.state.turn.table.length ?? 0);
    if (k === null) return;
    e.preventDefault();
    if (k === "activate") {
      this.toggle(i);
      return;
    }
    const next = k.move;
    this.focusIndex = next;
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector<HTMLElement>(`.table [data-index="${next}"]`)?.focus();
    });
  }

  private send(type: "roll" | "stop" | "bank"): void {
    const a = this.legal(type);
    if (a && this.canAct) void this.act(a);
  }

  private addSelected(): void {
    const player = this.session.toMove;
    if (!this.canAct || player === null) return;
    void this.act({ type: "add", player, faces: this.selectedFaces });
  }

  // ---- render ----------------------------------------------------------------------------------------

  private renderDie(face: Face, opts: { index?: number; selected?: boolean; disabled?: boolean } = {}) {
    if (opts.index === undefined) {
      return html`<li class="die" part="die" role="img" aria-label=${faceLabel(face)}>${faceSvg(face)}</li>`;
    }
    const i = opts.index;
    const label = `${faceLabel(face)}${opts.selected ? ", selected" : ""}${opts.disabled ? ", cannot be added" : ""}`;
    return html`<li
      class="die"
      part="die"
      role="option"
      data-index=${i}
      data-face=${face}
      tabindex=${i === this.focusIndex ? 0 : -1}
      aria-label=${label}
      aria-selected=${opts.selected ? "true" : "false"}
      aria-disabled=${opts.disabled ? "true" : "false"}
      @click=${() => this.toggle(i)}
      @keydown=${(e: KeyboardEvent) => this.onDieKey(e, i)}
    >
      ${faceSvg(face)}
    </li>`;
  }

  private renderScoreboard(s: TrainGameState = this.view!.state) {
    const winners = new Set(s.winners);
    const out = new Set<number>(s.out ?? []);
    return html`<section class="zone scoreboard" part="scoreboard" aria-labelledby="score-h">
      <h3 id="score-h">Scores</h3>
      <table>
        <thead>
          <tr><th scope="col">Seat</th><th scope="col" class="num">Total</th></tr>
        </thead>
        <tbody>
          ${s.scores.map(
            (score, seat) => html`<tr
              class=${[seat === s.current && !s.over ? "current" : "", out.has(seat) ? "out" : ""].join(" ")}
              aria-current=${seat === s.current && !s.over ? "true" : "false"}
              data-seat=${seat}
            >
              <td>
                ${this.seatName(seat)}
                ${seat === s.current && !s.over ? html`<span class="tag">to play</span>` : nothing}
                ${winners.has(seat) ? html`<span class="tag win">winner</span>` : nothing}
                ${out.has(seat) ? html`<span class="tag">out</span>` : nothing}
              </td>
              <td class="num score">${score}</td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${s.target !== undefined && s.target !== null ? html`<p class="banked">Target to beat: <strong>${s.target}</strong></p>` : nothing}
    </section>`;
  }

  private renderHints() {
    const v = this.view!;
    if (!this.hints) return nothing;
    const task = this.session.hints;
    const body = (() => {
      if (v.state.over) return html`<p>The game is over.</p>`;
      if (this.session.botTurn) return html`<p>The computer is playing.</p>`;
      // Online, another seat is to move (or this element watches): hints are worked out for this seat's own turn.
      if (!this.session.humanTurn)
        return html`<p data-hints-wait>${this.isOnline && this.seat === null ? "Hints are for the seats playing; you are watching." : "Hints come on your turn."}</p>`;
      if (task.status === "error") return html`<p>Hints unavailable: ${task.error?.message}</p>`;
      if (task.status !== "complete" || !task.hints)
        return this.solving ? this.renderSolving(this.solving) : html`<p>Computing…</p>`;
      // The solver lists only legal options (no stop before the turn's first roll: train.roll-first).
      const hints = task.hints;
      if (hints.length === 0) return html`<p>No choice to make now.</p>`;
      const race = hints.some((o) => o.winProbability !== undefined);
      const beat = !race && hints.some((o) => o.beatProbability !== undefined);
      return html`<table>
          <thead>
            <tr>
              <th scope="col">Option</th>
              <th scope="col" class="num">Expected</th>
              ${race ? html`<th scope="col" class="num">Win</th>` : nothing}
              ${beat ? html`<th scope="col" class="num">Beat</th>` : nothing}
            </tr>
          </thead>
          <tbody>
            ${hints.map(
              (
                h: TrainHintOption,
              ) => html`<tr class=${h.best ? "best" : ""} part=${h.best ? "hint-best" : "hint"}>
                <td>
                  ${h.best ? html`<span class="star" aria-hidden="true">★</span><span class="sr-only">Best: </span>` : nothing}${this.renderHintLabel(h)}
                </td>
                <td class="num">${h.expected.toFixed(2)}</td>
                ${race ? html`<td class="num">${h.winProbability === undefined ? "" : percent(h.winProbability)}</td>` : nothing}
                ${beat ? html`<td class="num">${h.beatProbability === undefined ? "" : percent(h.beatProbability)}</td>` : nothing}
              </tr>`,
            )}
          </tbody>
        </table>
        <p>${race ? "Expected turn score and chance to win the race, playing on optimally." : beat ? `Expected turn score, and chance to score more than the target (${v.state.target}), playing on for the best chance.` : "Expected turn score, playing on for the most points."}</p>
        ${this.goalNote()}`;
    })();
    return html`<section class="zone hints" part="hints" aria-labelledby="hints-h">
      <h3 id="hints-h">Hints${v.state.over || !this.session.humanTurn ? "" : html` for ${this.seatName(v.state.current!)}`}</h3>
      ${body}
    </section>`;
  }

  /** The bar of a race solve in the solver worker (the hints of a goal without a shipped table wait for it). */
  private renderSolving(p: Progress & { goal: number }) {
    const pct = Math.round(p.fraction * 100);
    return html`<div class="solving">
      <p id="solving-label">
        Solving the race to ${p.goal} (once per page, a few seconds)${p.stage.startsWith("solving") ? "" : `: ${p.stage}`}…
        <span data-percent aria-hidden="true">${pct}%</span>
      </p>
      <progress
        part="progress"
        max="1"
        .value=${p.fraction}
        aria-labelledby="solving-label"
        aria-valuetext=${`${pct}%`}
      ></progress>
      <p>You can play on meanwhile.</p>
    </div>`;
  }

  /** Why a two-player race shows no win chances: its goal is outside what the race solver takes. */
  private goalNote() {
    const o = this.view?.state.options;
    if (o?.players !== 2 || o.variant !== "race" || hintableGoal(o.goal)) return nothing;
    return html`<p class="note" data-goal-note>
      Win chances are worked out for races to ${HINT_MIN_GOAL}–${HINT_MAX_GOAL} points; this race is to ${o.goal}, so
      the hints show expected turn scores only.
    </p>`;
  }

  /** An `add` option drawn with small dice (the solver's text label stays for screen readers). */
  private renderHintLabel(h: TrainHintOption) {
    if (h.action.type !== "add" || h.action.faces.length === 0) return h.label;
    return html`<span class="sr-only">${h.label}</span
      ><span class="mini-dice" aria-hidden="true" title=${h.label}
        >Add ${h.action.faces.map((f) => html`<span class="mini">${faceSvg(f)}</span>`)}</span
      >`;
  }

  /** A roll that left nothing to choose: its dice on the table, and what happens next. */
  private renderSpent(r: SpentRoll) {
    const who = this.seatName(r.player);
    const joined =
      r.joined.length === 0
        ? "None of these dice could join the train."
        : `${r.joined.map((f) => `The ${FACE_NAME[f]}`).join(" and ")} joined by itself; none of the other dice could join.`;
    // What the train waits for (read from the train: the cars join in this order, docs/rules/train-game.md).
    const train = this.view?.state.turn.train ?? [];
    const waits = r.ended
      ? ""
      : !train.includes("E")
        ? " The train needs an Engine first."
        : !train.includes("T")
          ? " The train needs a Coal Tender next."
          : "";
    const next = r.ended
      ? `${who === "You" ? "Your" : `${who}'s`} turn is over: ${REASON_TEXT[r.ended.reason]}, ${r.ended.score} point${r.ended.score === 1 ? "" : "s"}.`
      : `The roll is spent: ${r.rollsLeft} roll${r.rollsLeft === 1 ? "" : "s"} left. Roll again, or stop.`;
    return html`<div class="spent" part="spent" data-spent>
      <ul class="dice" aria-label=${`${who} rolled`}>${r.faces.map((f) => this.renderDie(f))}</ul>
      <p>${who} rolled: ${joined}${waits} ${next}</p>
    </div>`;
  }

  /** The end-of-game table: one row per turn (web/games/train/summary.ts, computed in the worker). */
  private renderSummary() {
    const t = this.summary;
    if (!t) return nothing;
    const rows = t.rows ?? [];
    const race = rows.some((r) => r.winChance !== undefined);
    const body =
      t.status === "pending"
        ? html`<p>Working out the summary…</p>`
        : t.status === "error"
          ? html`<p>The summary is not available: ${t.error}</p>`
          : html`<div class="summary-scroll" tabindex="0" role="region" aria-labelledby="summary-h"><table>
              <thead>
                <tr>
                  <th scope="col" class="num"><abbr title="Turn">#</abbr></th>
                  <th scope="col">Player</th>
                  <th scope="col" class="num">Scored</th>
                  <th scope="col" class="num">Total</th>
                  <th scope="col" class="num">Wrecks</th>
                  <th scope="col" class="num"><abbr title="The solver's best expected score of the turn from its start">Best EV</abbr></th>
                  ${race ? html`<th scope="col" class="num"><abbr title="Chance to win the race at the turn's start, playing on optimally">Win</abbr></th>` : nothing}
                </tr>
              </thead>
              <tbody>
                ${rows.map(
                  (r) => html`<tr data-turn=${r.turn}>
                    <td class="num">${r.turn}</td>
                    <td>${this.seatName(r.player)}</td>
                    <td class="num">${r.score}${r.reason === "wreck" ? html` <span class="tag">wreck</span>` : nothing}</td>
                    <td class="num" data-total>${r.total}</td>
                    <td class="num" data-wrecks>${r.wrecks}</td>
                    <td class="num" data-best-ev>${r.bestExpected.toFixed(2)}</td>
                    ${race ? html`<td class="num">${r.winChance === undefined ? "" : percent(r.winChance)}</td>` : nothing}
                  </tr>`,
                )}
              </tbody>
            </table></div>
            <p class="note">Best EV: what the best play scores on average in one turn, from the turn's start (the exact solver); each turn's score reads against it.</p>`;
    return html`<section class="zone summary" part="summary" aria-labelledby="summary-h">
      <h3 id="summary-h">Turn by turn</h3>
      ${body}
    </section>`;
  }

  /** The train that just finished, shown until the next roll. */
  private renderFinished(r: TurnRecord) {
    return html`<p class="finished" data-finished>
        ${this.seatName(r.player)}: ${REASON_TEXT[r.reason]}, ${r.score} point${r.score === 1 ? "" : "s"}${r.train.length ? "." : ", no cars."}
      </p>
      ${r.train.length ? html`<ol class="dice finished" aria-label="The finished train">${r.train.map((f) => this.renderDie(f))}</ol>` : nothing}`;
  }

  protected override startingExtra(): unknown {
    return FONT_PRIMER;
  }

  /** The train and the dice rolled of `v` (`human`: the dice may be picked; false in review mode: read-only). */
  private renderTurnZones(v: TrainView, human: boolean) {
    const s = v.state;
    const turn = s.turn;
    const table = turn.table;
    const notRolled =
      turn.phase === "regular" && turn.rollsLeft === 3 && turn.train.length === 0 && table.length === 0;
    const rolling = 6 - turn.train.length;
    const bank = v.legal.some((a) => a.type === "bank");
    return html`<section class="zone train" part="train" aria-labelledby="train-h" tabindex="-1" data-focus-rest>
          <div class="zone-head">
            <h3 id="train-h">Train</h3>
            <span class="turn-score">Turn score <strong data-turn-score>${v.turnScore}</strong></span>
          </div>
          ${
            turn.train.length === 0 && notRolled && s.history.length > 0
              ? this.renderFinished(s.history.at(-1)!)
              : turn.train.length === 0
                ? html`<p class="empty">No cars yet: an Engine, then a Coal Tender, then cargo.</p>`
                : html`<ol class="dice" aria-label="Cars in the train, in order">
                  ${turn.train.map((f) => this.renderDie(f))}
                </ol>`
          }
          ${turn.banked > 0 ? html`<p class="banked">Banked freight: <strong>${turn.banked}</strong> points</p>` : nothing}
        </section>
        <section class="zone table" part="table" aria-labelledby="table-h">
          <h3 id="table-h">Dice rolled</h3>
          ${
            table.length === 0
              ? this.spent
                ? this.renderSpent(this.spent)
                : html`<p class="empty">${s.over ? "—" : turn.step === "add" ? "Nothing to pick." : rolling > 0 ? (human ? `Roll ${rolling} ${rolling === 1 ? "die" : "dice"}.` : `${rolling} ${rolling === 1 ? "die" : "dice"} to roll.`) : `No dice left to roll: all six are in the train. ${bank ? "Bank the freight to roll the cargo dice again, or stop." : "Stop to score it."}`}</p>`
              : html`<ul
                  class="dice"
                  role="listbox"
                  aria-multiselectable="true"
                  aria-labelledby="table-h"
                  aria-describedby="table-help"
                >
                  ${table.map((f, i) => {
                    const selected = this.selected.includes(i);
                    return this.renderDie(f, {
                      index: i,
                      selected,
                      disabled: !human || (!selected && !this.canPick(i)),
                    });
                  })}
                </ul>
                <span id="table-help" class="sr-only">Arrow keys move between dice, Space or Enter picks a die.</span>`
          }
        </section>`;
  }

  /** Review mode: the reviewed position read-only, the review panel, the graded moves, the summary. */
  protected override renderReview() {
    const r = this.reviewMode;
    const v = r.view;
    const s = v?.state;
    const title = !s
      ? "Loading the position…"
      : s.over
        ? this.overTitle(s)
        : `${this.seatName(s.current!)} to play`;
    return html`<div class="base" part="base" data-review-mode aria-busy=${v ? "false" : "true"}>
      <div class="play">
        <div class="status">
          <span class="turn-title">${title}</span>
          <span class="turn-meta">${s && !s.over ? (s.turn.phase === "freight" ? "Freight run" : `${s.turn.rollsLeft} roll${s.turn.rollsLeft === 1 ? "" : "s"} left`) : ""}</span>
        </div>
        ${v ? this.renderTurnZones(v, false) : nothing}
        ${r.renderPanel()}
        ${r.renderMoves()}
      </div>
      <div class="side">${s ? this.renderScoreboard(s) : nothing} ${r.renderSummary()}</div>
    </div>`;
  }

  protected override renderGame(v: TrainView) {
    const s = v.state;
    const turn = s.turn;
    // Not tied to `busy`: a button keeps its focus through the round trip (the handlers ignore clicks meanwhile).
    const human = this.session.humanTurn;
    const table = turn.table;
    const canAdd = human && table.length > 0 && this.canAddSelection;
    const roll = this.legal("roll");
    // Stop is legal only after the turn's first roll (train.roll-first): the button follows the legal actions.
    const stop = this.legal("stop");
    const bank = this.legal("bank");
    const rolling = 6 - turn.train.length;
    const title = s.over ? this.overTitle(s) : `${this.seatName(s.current!)} to play`;
    const meta = s.over
      ? ""
      : turn.phase === "freight"
        ? "Freight run: no roll limit"
        : `${turn.rollsLeft} roll${turn.rollsLeft === 1 ? "" : "s"} left`;
    const addLabel =
      this.selected.length > 0
        ? `Add selected (${this.selected.length})`
        : table.length > 0 && canAdd
          ? "Add nothing"
          : "Add selected";
    return html`<div class="base" part="base" aria-busy=${this.session.busy ? "true" : "false"} data-seat-to-move=${s.over ? "" : s.current}>
      <div class="play">
        <div class="status">
          <span class="turn-title" role="status">${title}</span>
          <span class="turn-meta">${meta}</span>
        </div>
        ${this.renderTurnZones(v, human)}
        <div class="controls" part="controls">
          <button part="button" class="primary" data-action="roll" ?disabled=${!human || !roll} @click=${() => this.send("roll")}>
            Roll${turn.train.length < 6 ? ` ${rolling} ${rolling === 1 ? "die" : "dice"}` : ""}
          </button>
          <button part="button" data-action="add" ?disabled=${!canAdd} @click=${this.addSelected}>${addLabel}</button>
          <button part="button" data-action="stop" ?disabled=${!human || !stop} @click=${() => this.send("stop")}>
            Stop${stop ? ` and score ${v.turnScore}` : ""}
          </button>
          <button part="button" data-action="bank" ?disabled=${!human || !bank} @click=${() => this.send("bank")}>Bank freight</button>
          <button
            part="button"
            data-action="undo"
            title="Take back your last pick or bank of this turn (a roll cannot be taken back)"
            aria-describedby="undo-help"
            ?disabled=${!human || !v.canUndo}
            @click=${() => void this.undo()}
          >Undo</button>
          ${s.over ? html`<button part="button" data-action="new" @click=${() => this.newGame(true)}>New game</button>` : nothing}
        </div>
        <span id="undo-help" class="sr-only">Takes back your last pick or bank of this turn; a roll cannot be taken back.</span>
        ${renderMessage(this.session)}
        <p class="sr-only" aria-live="polite">${this.said}</p>
        ${this.renderSummary()}
        ${renderLog(this.entries)}
      </div>
      <div class="side">${this.renderScoreboard()} ${this.renderHints()} ${renderHelp(TRAIN_HELP)}</div>
    </div>`;
  }
}

declare global {
  interface HTMLElementEventMap {
    "turn-end": CustomEvent<TurnRecord>;
    "game-over": CustomEvent<TrainGameOverDetail>;
  }
}

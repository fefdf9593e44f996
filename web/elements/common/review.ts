/**
 * Review mode of the railkit elements (issue #26, docs/review.md), written once for the three: a Lit
 * `ReactiveController` that steps through a finished or saved game move by move and shows the worker's review of it.
 *
 * - `start(save)` loads the save in the worker (the engine's `load` checks it) and asks the common `review` verb
 *   for its review: graded moves arrive one by one as they are graded (progress shown), `stop()` ends it early (the
 *   worker's review stops once its game is closed, as a hint search stops once its game moves on).
 * - `step` is the position shown: the position before move `step` (0..total; `total` is the final position). Its
 *   view is the worker's `replay` of the log's first `step` actions (closed at once), so the board is drawn as it
 *   was, read-only; the element draws it (`view`) with its own board code.
 * - Keyboard ←/→ (Home/End) on the review panel, the slider, the list of graded moves (each a button) and the
 *   summary's mistakes move `step`.
 *
 * The element renders `renderPanel()` (slider, buttons, the move shown and its grade, progress and Stop), and
 * `renderMoves()`/`renderSummary()` (per seat: decisions, luck, the three biggest mistakes, the chart).
 */
import {
  type CSSResult,
  css,
  html,
  nothing,
  type ReactiveController,
  type ReactiveControllerHost,
  type TemplateResult,
  unsafeCSS,
} from "lit";
import { formatValue, type GameReview, type GradedMove, type ReviewUnit } from "../../games/review.ts";
import type { GameHandle, GameTypes, GameWorkerApi } from "../../worker/protocol.ts";
import { CHART_DASHES, reviewChart } from "./review-chart.ts";

export interface ReviewControllerOptions<T extends GameTypes> {
  /** The game's worker namespace. */
  api(): GameWorkerApi<T>;
  /** A seat's name as the element shows it. */
  seatName(seat: number): string;
  /** Called when review mode starts or ends (the element may fire an event). */
  onChange?(active: boolean): void;
}

/** Views of steps kept at once (each a `replay` in the worker; older ones are fetched again). */
const VIEW_CACHE = 32;

export class ReviewController<T extends GameTypes> implements ReactiveController {
  /** In review mode. */
  active = false;
  /** The reviewed game's final state. */
  save: T["view"]["state"] | null = null;
  /** Moves in its log. */
  total = 0;
  /** The position shown: before move `step` (0..total). */
  step = 0;
  /** The view of `step` (null while it is being fetched). */
  view: T["view"] | null = null;
  /** Graded moves so far, in order. */
  moves: GradedMove[] = [];
  /** The finished review (with the summary), once the worker answered. */
  result: GameReview | null = null;
  /** The worker is grading (0..1 done). */
  running = false;
  progress = 0;
  error = "";

  private gen = 0;
  /** Counts start() calls: only the last one asked is shown. */
  private asked = 0;
  private handle: GameHandle | null = null;
  private readonly views = new Map<number, T["view"]>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: ReviewControllerOptions<T>,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  private scrolled = -1;
  /** Keeps the move shown in sight in the list of moves. */
  hostUpdated(): void {
    if (!this.active || this.scrolled === this.step) return;
    this.scrolled = this.step;
    const root = (this.host as unknown as { renderRoot?: ParentNode }).renderRoot;
    const item = root?.querySelector<HTMLElement>(`[data-move="${this.step}"]`);
    const list = item?.closest("ol");
    if (!item || !list) return;
    // Only the list scrolls (never the page): the item's box against the list's.
    const top = item.offsetTop; // the list is positioned: the item's offsetParent
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + item.offsetHeight > list.scrollTop + list.clientHeight)
      list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }

  hostDisconnected(): void {
    if (this.active) this.exit();
  }

  /** Reviews `save` (a state or its JSON text); rejects (and stays out of review mode) if the worker refuses it. */
  async start(save: T["view"]["state"] | string): Promise<void> {
    const api = this.options.api();
    const asked = ++this.asked;
    // A refused save rejects here and leaves whatever is shown (a review under way goes on).
    const loaded = await api.load(save);
    if (asked !== this.asked) {
      void api.close(loaded.handle); // a later start() came first
      return;
    }
    this.closeHandle();
    const gen = ++this.gen;
    this.handle = loaded.handle;
    this.save = loaded.state;
    this.total = loaded.state.log.length;
    this.views.clear();
    this.views.set(this.total, loaded);
    this.moves = [];
    this.result = null;
    this.error = "";
    this.running = true;
    this.progress = 0;
    this.active = true;
    this.options.onChange?.(true);
    void this.show(0);
    api
      .review(
        loaded.handle,
        {},
        (move: GradedMove) => {
          if (gen !== this.gen || move.index !== this.moves.length) return;
          this.moves = [...this.moves, move];
          this.progress = this.moves.length / Math.max(1, this.total);
          this.host.requestUpdate();
        },
        (p) => {
          if (gen !== this.gen) return;
          this.progress = Math.max(this.progress, p.fraction);
          this.host.requestUpdate();
        },
      )
      .then(
        (r) => {
          if (gen !== this.gen) return;
          this.result = r;
          this.moves = r.moves;
          this.running = false;
          this.closeHandle();
          this.host.requestUpdate();
        },
        (e: unknown) => {
          if (gen !== this.gen) return;
          this.error = e instanceof Error ? e.message : String(e);
          this.running = false;
          this.closeHandle();
          this.host.requestUpdate();
        },
      );
    this.host.requestUpdate();
  }

  /** Stops the grading: the moves graded so far stay, with their summary. */
  stop(): void {
    this.closeHandle();
  }

  /** Leaves review mode. */
  exit(): void {
    this.gen++;
    this.asked++;
    this.closeHandle();
    this.active = false;
    this.running = false;
    this.view = null;
    this.views.clear();
    this.options.onChange?.(false);
    this.host.requestUpdate();
  }

  /** Shows the position before move `step` (clamped to 0..total). */
  async show(step: number): Promise<void> {
    const s = this.save;
    if (!s) return;
    const to = Math.max(0, Math.min(this.total, Math.round(step)));
    this.step = to;
    const gen = this.gen;
    const cached = this.views.get(to);
    if (cached) {
      this.view = cached;
      this.host.requestUpdate();
      return;
    }
    this.host.requestUpdate();
    try {
      const api = this.options.api();
      const v = await api.replay(s.options, s.seed, s.log.slice(0, to) as T["action"][]);
      void api.close(v.handle);
      if (gen !== this.gen) return;
      if (this.views.size >= VIEW_CACHE) this.views.delete(this.views.keys().next().value!);
      this.views.set(to, v);
      if (this.step === to) {
        this.view = v;
        this.host.requestUpdate();
      }
    } catch (e) {
      if (gen !== this.gen) return;
      this.error = e instanceof Error ? e.message : String(e);
      this.host.requestUpdate();
    }
  }

  private closeHandle(): void {
    const h = this.handle;
    this.handle = null;
    if (h) void this.options.api().close(h);
  }

  /** Whether the analysis values what the dice or cards gave (the Train Game's rolls); else no luck is shown. */
  private get luckKnown(): boolean {
    return this.moves.some((m) => Math.abs(m.luck) >= 5e-10);
  }

  /** A signed value in `unit` (default the review's): "+1.2%", "−0.40", "0.0%" for what rounds to zero. */
  signed(v: number, unit: ReviewUnit = this.unit): string {
    const t = formatValue(unit, Math.abs(v));
    return Number.parseFloat(t) === 0 ? t : `${v > 0 ? "+" : "−"}${t}`;
  }

  /** A value in `unit` (default the review's; a move's or a turn's own where it has one): web/games/review.ts. */
  format(v: number, unit: ReviewUnit = this.unit): string {
    return formatValue(unit, v);
  }

  /** The review's unit: the result's, or while grading the last graded move's. */
  private get unit(): ReviewUnit {
    return this.result?.unit ?? this.moves[this.moves.length - 1]?.unit ?? "points";
  }

  /** ←/→ one move, Home/End the first and last position; the slider handles its own arrows. */
  onKey = (e: KeyboardEvent): void => {
    if ((e.target as HTMLElement | null)?.tagName === "INPUT") return;
    const to =
      e.key === "ArrowLeft"
        ? this.step - 1
        : e.key === "ArrowRight"
          ? this.step + 1
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? this.total
              : null;
    if (to === null) return;
    e.preventDefault();
    void this.show(to);
  };

  // ---- render --------------------------------------------------------------------------------------------

  /** The grade of move `i` in words. */
  private grade(m: GradedMove): TemplateResult {
    const f = (v: number) => this.format(v, m.unit);
    const luck = Math.abs(m.luck) < 5e-10 ? "" : ` Luck ${this.signed(m.luck, m.unit)}.`;
    return html`<p class="grade ${m.flagged ? "flagged" : ""}" data-grade=${m.index}>
      ${this.options.seatName(m.seat)} played <strong>${m.label}</strong> (${f(m.played)}).
      ${
        m.loss < 5e-10
          ? html`The best move.`
          : html`Best: <strong>${m.bestLabel}</strong> (${f(m.best)}), lost ${f(m.loss)}${m.error > 0 ? html` (error bar ±${f(m.error)})` : nothing}.${m.flagged ? html` <span class="tag mistake">mistake</span>` : nothing}`
      }${luck}
    </p>`;
  }

  /** The slider, the step buttons, the move shown with its grade, progress and Stop, Exit. */
  renderPanel(): TemplateResult {
    const m = this.moves[this.step];
    const turn = m ? this.result?.turns.find((t) => t.turn === m.turn) : undefined;
    const pct = Math.round(this.progress * 100);
    return html`<section class="zone review" part="review" aria-labelledby="review-h" tabindex="0" @keydown=${this.onKey}>
      <div class="zone-head">
        <h3 id="review-h">Review</h3>
        <span data-review-step>${this.step < this.total ? `Before move ${this.step + 1} of ${this.total}` : `After move ${this.total} (the end)`}</span>
      </div>
      <div class="review-nav">
        <button part="button" data-review="prev" ?disabled=${this.step === 0} @click=${() => this.show(this.step - 1)} aria-label="Previous move">←</button>
        <input
          type="range"
          part="review-slider"
          min="0"
          max=${this.total}
          .value=${String(this.step)}
          aria-label="Move"
          aria-valuetext=${`Before move ${this.step + 1}`}
          @input=${(e: Event) => this.show(Number((e.target as HTMLInputElement).value))}
        />
        <button part="button" data-review="next" ?disabled=${this.step === this.total} @click=${() => this.show(this.step + 1)} aria-label="Next move">→</button>
      </div>
      ${
        m
          ? this.grade(m)
          : this.step < this.total
            ? html`<p class="empty" data-ungraded>${this.running ? "Grading…" : "Not graded: the review was stopped before this move."}</p>`
            : html`<p class="empty">The final position.</p>`
      }
      ${
        turn && turn.first === m!.index
          ? html`<p class="turn-split" data-turn-split>
              This turn: ${this.format(turn.start, turn.unit)} → ${this.format(turn.end, turn.unit)}; lost ${this.format(turn.decisions, turn.unit)} to decisions${!this.luckKnown ? "" : turn.dice >= 0 ? `, ${this.format(turn.dice, turn.unit)} to the dice` : `, the dice gave ${this.format(-turn.dice, turn.unit)}`}.
            </p>`
          : nothing
      }
      ${
        this.running
          ? html`<div class="review-progress">
              <progress part="progress" max="1" .value=${this.progress} aria-label="Grading the moves" aria-valuetext=${`${pct}%`}></progress>
              <span data-percent>${pct}%</span>
              <button part="button" data-review="stop" @click=${() => this.stop()}>Stop</button>
            </div>`
          : nothing
      }
      ${this.error ? html`<p class="message error" role="alert">${this.error}</p>` : nothing}
      <div class="controls">
        <button part="button" data-review="exit" @click=${() => this.exit()}>Leave the review</button>
      </div>
    </section>`;
  }

  /** The graded moves as a list; each is a button that shows the position before it. */
  renderMoves(): TemplateResult {
    return html`<section class="log review-moves" part="log" aria-labelledby="review-moves-h">
      <h3 id="review-moves-h">Moves</h3>
      <ol>
        ${this.moves.map(
          (m) => html`<li class=${m.index === this.step ? "current" : ""}>
            <button
              class="move ${m.flagged ? "flagged" : ""}"
              data-move=${m.index}
              aria-current=${m.index === this.step ? "step" : "false"}
              @click=${() => this.show(m.index)}
            >
              <span class="num">${m.index + 1}.</span> ${this.options.seatName(m.seat)}: ${m.label}
              ${m.loss >= 5e-10 ? html`<span class="loss">−${this.format(m.loss, m.unit)}</span>` : nothing}${m.flagged ? html`<span class="sr-only"> (mistake)</span><span aria-hidden="true"> ?</span>` : nothing}
            </button>
          </li>`,
        )}
      </ol>
    </section>`;
  }

  /** Per seat: decisions, luck, the three biggest mistakes (buttons), and the chart. */
  renderSummary(): TemplateResult {
    const r = this.result;
    if (!r)
      return html`<section class="zone review-summary" part="review-summary"><h3>Summary</h3><p class="empty">When every move is graded.</p></section>`;
    return html`<section class="zone review-summary" part="review-summary" aria-labelledby="review-sum-h">
      <h3 id="review-sum-h">Summary${r.complete ? "" : " (stopped early)"}</h3>
      <p class="sub">${r.objective}</p>
      <table>
        <thead><tr><th scope="col">Seat</th><th scope="col" class="num">Decisions</th>${this.luckKnown ? html`<th scope="col" class="num">Luck</th>` : nothing}<th scope="col">Worst</th></tr></thead>
        <tbody>
          ${r.seats.map(
            (s) => html`<tr data-seat=${s.seat}>
              <td>${this.options.seatName(s.seat)}</td>
              <td class="num">${this.signed(-s.decisions)}</td>
              ${this.luckKnown ? html`<td class="num">${this.signed(s.luck)}</td>` : nothing}
              <td class="mistakes">${
                s.mistakes.length === 0
                  ? "none"
                  : s.mistakes.map(
                      (i, k) =>
                        html`<button class="mistake-link" data-mistake=${i} @click=${() => this.show(i)} aria-label=${`Mistake ${k + 1}: move ${i + 1}`}>${i + 1}</button> `,
                    )
              }</td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${reviewChart(r, this.step, this.options.seatName)}
      <p class="legend" aria-hidden="true">
        ${r.seats.map(
          (s) =>
            html`<span class=${`seat-${s.seat}`}><svg viewBox="0 0 24 8"><line x1="0" x2="24" y1="4" y2="4" stroke-dasharray=${CHART_DASHES[s.seat % CHART_DASHES.length]!}></line></svg> ${this.options.seatName(s.seat)}</span>`,
        )}
      </p>
    </section>`;
  }
}

/** The review's styles, added to each element's (`prefix`: its tag; colours from its palette, base-styles.ts). */
export function reviewStyles(prefix: string): CSSResult {
  const v = (name: string) => unsafeCSS(`var(--${prefix}-${name})`);
  return css`
  .review:focus-visible {
    outline: 2px solid ${v("accent")};
  }
  .review-nav {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
  .review-nav input {
    flex: 1;
  }
  .grade.flagged strong:first-of-type {
    color: ${v("danger")};
  }
  .tag.mistake {
    color: ${v("danger")};
  }
  .review-progress {
    display: flex;
    gap: 0.5rem;
    align-items: center;
  }
  .review-moves ol {
    list-style: none;
    padding: 0;
    margin: 0;
    max-height: 16rem;
    overflow: auto;
    position: relative;
  }
  .review-moves button.move {
    all: unset;
    cursor: pointer;
    display: block;
    width: 100%;
    padding: 0.1rem 0.25rem;
  }
  .review-moves button.move:focus-visible {
    outline: 2px solid ${v("accent")};
  }
  .review-moves li.current button.move {
    background: ${v("surface")};
    font-weight: 600;
  }
  .review-moves .flagged,
  .review-moves .loss {
    color: ${v("danger")};
  }
  .review-moves .loss {
    float: right;
    padding-right: 0.5rem;
  }
  .mistake-link {
    font: inherit;
    font-size: 0.85em;
    padding: 0 0.3rem;
    min-height: 0;
    min-width: 0;
    line-height: 1.4;
    margin: 0.1rem 0;
  }
  td.mistakes {
    white-space: nowrap;
  }
  .review-summary table {
    font-size: 0.9em;
  }
  .review-chart {
    width: 100%;
    height: auto;
    margin-top: 0.5rem;
  }
  .review-chart .frame {
    fill: none;
    stroke: ${v("border")};
  }
  .review-chart .half {
    stroke: ${v("border")};
    stroke-dasharray: 2 2;
  }
  .review-chart polyline {
    fill: none;
    stroke: currentColor;
    stroke-width: 1.5;
  }
  .review-chart circle {
    fill: currentColor;
  }
  .seat-0 {
    color: ${v("accent")};
  }
  .seat-1 {
    color: ${v("danger")};
  }
  .seat-2,
  .seat-3,
  .seat-4,
  .seat-5 {
    color: ${v("fg")};
  }
  .legend {
    display: flex;
    flex-wrap: wrap;
    gap: 0 1rem;
    margin: 0.25rem 0 0;
    font-size: 0.85em;
  }
  .legend svg {
    width: 1.5rem;
    height: 0.5rem;
    vertical-align: middle;
  }
  .legend line {
    stroke: currentColor;
    stroke-width: 2;
  }
  .review-chart .step {
    stroke: ${v("muted")};
  }
`;
}

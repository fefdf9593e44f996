/**
 * `<railkit-online-board game server match seat credentials>`: a plain board for any railkit match, for the
 * games whose element does not play online yet (the lobby page shows it in their place). It shows whose turn
 * it is, the log, the scores the view carries, and this seat's legal actions as buttons; moves go through the
 * same online session as the elements' (web/elements/common/online-session.ts).
 */
import { css, html, LitElement, nothing } from "lit";
import { property } from "lit/decorators.js";
import { OnlineSession } from "../elements/common/online-session.ts";
import type { GameId, SeatAction } from "../engine/common/game.ts";
import type { GameTypes } from "../worker/protocol.ts";

/** Legal actions shown as buttons at most (String Railway can have many). */
export const MAX_BUTTONS = 24;

function label(a: SeatAction): string {
  const { type, player: _p, ...rest } = a as SeatAction & Record<string, unknown>;
  const args = Object.entries(rest)
    .map(([k, v]) => `${k} ${Array.isArray(v) ? (v.length > 6 ? `[${v.length}]` : v.join(",")) : String(v)}`)
    .join(", ");
  return args ? `${type}: ${args}` : type;
}

export class RailkitOnlineBoard extends LitElement {
  static override styles = css`
    :host { display: block; font: inherit; }
    .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; margin: 0.5rem 0; }
    .error { color: #b00020; }
    ol { max-height: 12rem; overflow: auto; font-size: 0.9em; }
  `;

  @property() game: GameId = "train";
  @property() server: string | null = null;
  @property() match: string | null = null;
  @property({ type: Number }) seat: number | null = null;
  @property() credentials: string | null = null;

  private readonly session = new OnlineSession<GameTypes>(this, {
    game: () => this.game,
    server: () => this.server ?? "",
    match: () => this.match ?? "",
    seat: () => this.seat,
    credentials: () => this.credentials ?? undefined,
  });

  /** The state this seat received (null before the first). */
  get state(): GameTypes["view"]["state"] | null {
    return this.session.view?.state ?? null;
  }

  protected override willUpdate(changed: Map<string, unknown>): void {
    if (["game", "server", "match", "seat", "credentials"].some((k) => changed.has(k))) {
      if (this.server && this.match) void this.session.newGame();
    }
  }

  override render() {
    const v = this.session.view;
    const s = v?.state;
    const message = this.session.message;
    if (!s)
      return html`<p role="status" class=${this.session.messageIsError ? "error" : ""}>${message || "Connecting…"}</p>`;
    const who = s.over
      ? `Game over: ${s.winners.length ? `seat ${s.winners.map((w) => w + 1).join(", ")} won` : "no winner"}`
      : `Seat ${(s.current ?? 0) + 1} to move${s.current === this.seat ? " (you)" : ""}`;
    const legal = (v.legal as SeatAction[]).slice(0, MAX_BUTTONS);
    return html`<div part="base" aria-busy=${this.session.busy ? "true" : "false"} data-seat-to-move=${s.over ? "" : String(s.current)} data-log=${s.log.length}>
      <p class="turn">${who}</p>
      <p role="status" class=${this.session.messageIsError ? "error" : ""}>${message}</p>
      ${
        legal.length > 0
          ? html`<div class="actions">${legal.map(
              (a, i) =>
                html`<button type="button" data-action-index=${i} ?disabled=${this.session.busy} @click=${() => void this.session.act(a)}>${label(a)}</button>`,
            )}</div>`
          : nothing
      }
      <ol aria-label="Log">${(s.log as SeatAction[]).map((a) => html`<li>Seat ${a.player + 1}: ${label(a)}</li>`)}</ol>
    </div>`;
  }
}

if (!customElements.get("railkit-online-board"))
  customElements.define("railkit-online-board", RailkitOnlineBoard);

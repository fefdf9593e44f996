/**
 * The glue every railkit element has around its session, written once: the attribute gate of `willUpdate` (which
 * attribute changes start a new game, what waits while an attribute is wrong, which changes an imported game
 * made itself), the `state` / `import` members' bodies, the placeholder before the first view, and the game log.
 * The elements' base class (./railkit-element.ts `RailkitGameElement`) is written over these.
 */
import { html, nothing, type PropertyValues, type TemplateResult } from "lit";
import type { GameTypes } from "../../worker/protocol.ts";
import { adoptAttributes } from "./attributes.ts";
import type { OnlineSeat } from "./online-session.ts";
import { type GameSession, importSave, seatList } from "./session.ts";

/** How many lines the game log keeps (the oldest drop out). */
export const LOG_LINES = 200;

/** The session's status line, as the placeholder and the elements read it. */
interface StatusLine {
  message: string;
  messageIsError: boolean;
}

/** What `willUpdate` does after the gate has looked at the changes. */
export type SetupStep =
  /** An attribute is not accepted: nothing starts and the computer stops (the game, if any, is kept). */
  | { kind: "wrong" }
  /** Start a new game with the attributes (the first update, or a game-setting attribute changed). */
  | { kind: "start" }
  /** The same game: refresh the hints and/or let the computer move, when those attributes changed or were fixed. */
  | { kind: "same"; hints: boolean; bots: boolean };

/**
 * The attribute gate of an element: checks the attributes at every update, starts a new game when one of the
 * game-setting attributes (`restartOn`) changed, holds that start back while any attribute is wrong (and starts
 * it once they are all right), and lets an imported game set attributes to describe itself without restarting.
 */
export class AttributeGate {
  /** What is wrong with the attributes, in words for the player ("" when nothing): shown instead of the game. */
  error = "";
  /** A game-setting attribute changed while another was wrong: start a new game once they are all right. */
  private restartPending = false;
  /** Attributes just set to describe an imported game: their change starts no new game. */
  private adopted = new Set<string>();

  constructor(
    private readonly host: HTMLElement,
    /** The properties whose change starts a new game. */
    private readonly restartOn: readonly string[],
  ) {}

  /** Call from `willUpdate`: `problems` is the element's check of its attributes ("" when they are right). */
  step(changed: PropertyValues, firstUpdate: boolean, problems: string): SetupStep {
    const restart = firstUpdate || this.restartOn.some((k) => changed.has(k) && !this.adopted.has(k));
    this.adopted.clear();
    const wasWrong = this.error !== "";
    this.error = problems;
    if (this.error) {
      this.restartPending ||= restart;
      return { kind: "wrong" };
    }
    if (restart || this.restartPending) {
      this.restartPending = false;
      return { kind: "start" };
    }
    return { kind: "same", hints: changed.has("hints") || wasWrong, bots: changed.has("bots") || wasWrong };
  }

  /**
   * Sets the attributes to describe a game that was loaded (the loaded game is the one they now describe: their
   * change starts no new game).
   */
  adopt(values: Record<string, string | null>): void {
    this.restartPending = false;
    this.adopted = adoptAttributes(this.host, values);
  }
}

/** The body of an element's `state` getter: a copy of the game shown (the engine's save), null before the first. */
export function stateCopy<S>(session: { view: { state: S } | null }): S | null {
  const s = session.view?.state;
  return s ? structuredClone(s) : null;
}

/**
 * The body of an element's `import(json)`: loads the save through the local session (refused online, see
 * `importSave`), then sets the attributes to the loaded game's options (`describe`: the game's own attributes,
 * `players` among them) and keeps only the `bots` seats that game has.
 */
export async function importGame<T extends GameTypes>(
  host: HTMLElement & { bots: string; requestUpdate(): void },
  gate: AttributeGate,
  local: GameSession<T>,
  json: unknown,
  online: { say(message: string, error?: boolean): void } | null,
  describe: (state: T["view"]["state"]) => { players: string } & Record<string, string | null>,
): Promise<void> {
  const s = await importSave(local, json, online);
  const values = describe(s);
  const players = Number(values.players);
  const bots = [...seatList(host.bots)].filter((b) => b < players).join(",");
  gate.adopt({ ...values, bots: host.bots.trim() === "" ? host.getAttribute("bots") : bots });
  host.requestUpdate();
}

/** The log with `lines` added (the newest last, at most {@link LOG_LINES}). */
export function appendLog(entries: readonly string[], lines: readonly string[]): string[] {
  return [...entries, ...lines].slice(-LOG_LINES);
}

/** An element's online-play attributes. */
interface MatchAttributes {
  server: string | null;
  match: string | null;
  seat: number | null;
}

/** What names the seats: the seat count, the computer's seats, and the online-play attributes. */
interface SeatsOf extends MatchAttributes {
  players: number;
  bots: string;
}

/** The element plays (or watches) a match on the railkit server: both `server` and `match` are set. */
export function playsOnline(host: MatchAttributes): boolean {
  return !!(host.server && host.match);
}

/** An element's online-play attributes, as its OnlineSession reads them. */
export function matchOf(host: MatchAttributes & { credentials: string | null }) {
  return {
    server: () => host.server ?? "",
    match: () => host.match ?? "",
    seat: () => host.seat,
    credentials: () => host.credentials ?? undefined,
  };
}

/**
 * A seat's name as the elements show it (the log, the scores, the titles). Online: "You" for this element's seat,
 * else the name the match gives it, else "Player N". Offline: "Computer" (or "Computer N" when it plays several
 * seats) for a seat in `bots`; "You" when one person plays, else "Player N". Seats are numbered from 1 in names.
 */
export function seatName(seat: number, host: SeatsOf, matchSeats: readonly OnlineSeat[]): string {
  if (playsOnline(host)) {
    if (seat === host.seat) return "You";
    return matchSeats.find((p) => p.id === seat)?.name || `Player ${seat + 1}`;
  }
  const bots = [...seatList(host.bots)].filter((b) => b >= 0 && b < host.players);
  if (bots.includes(seat)) return bots.length > 1 ? `Computer ${seat + 1}` : "Computer";
  return host.players - bots.length === 1 ? "You" : `Player ${seat + 1}`;
}

/** The title of a finished game: `Game over: You win.`, `Game over: Player 1, Player 2 and Player 3 share the win.` */
export function gameOverTitle(winners: readonly number[], name: (seat: number) => string): string {
  const list = winners.map(name);
  const names = list.length > 1 ? `${list.slice(0, -1).join(", ")} and ${list.at(-1)}` : (list[0] ?? "");
  if (winners.length > 1) return `Game over: ${names} share the win.`;
  return `Game over: ${names} ${names === "You" ? "win" : "wins"}.`;
}

/**
 * The status line under the game (part `message`): the session's message (an alert when it is an error), else
 * "The computer is playing…" on the computer's turn.
 */
export function renderMessage(session: StatusLine & { botTurn: boolean }): TemplateResult {
  return html`<p class="message ${session.messageIsError ? "error" : ""}" part="message" role=${session.messageIsError ? "alert" : "status"}>
          ${session.message || (session.botTurn ? "The computer is playing…" : "")}
        </p>`;
}

/** What an element shows before its first view: the status line ("Starting the game…" or the session's message). */
export function renderStarting(session: StatusLine, extra: unknown = nothing): TemplateResult {
  return html`<div class="base" part="base"><p class="message ${session.messageIsError ? "error" : ""}" part="message" role="status">
        ${session.message || "Starting the game…"}
      </p>${extra}</div>`;
}

/**
 * The game log (part `log`), newest first. Not a live region: the elements announce each answer once, apart.
 * `zone`: drawn as a panel (String Railway keeps its log in the side column with the other panels).
 */
export function renderLog(entries: readonly string[], zone = false): TemplateResult {
  return html`<section class=${zone ? "zone log" : "log"} part="log" aria-labelledby="log-h">
      <h3 id="log-h">Game log <span class="sub">(newest first)</span></h3>
      ${
        entries.length === 0
          ? html`<p class="empty">Nothing yet.</p>`
          : html`<ol reversed aria-label="Newest first">
              ${entries
                .slice()
                .reverse()
                .map((line) => html`<li>${line}</li>`)}
            </ol>`
      }
    </section>`;
}

/**
 * What one seat may see of a railkit game played online (issue #14), written once for the server's
 * `playerView` and read by the page: no engine code here, so the page can import it without the rules.
 *
 * A client never receives the engine state itself. The server sends an {@link OnlineView}: the state with
 * the random generator's `seed` and `rng` removed and every hidden card replaced by {@link HIDDEN}, the legal
 * actions (for the seat to move only, and only to that seat), and the game's view extras — the same fields as
 * the worker's views (web/worker/protocol.ts), so an element draws an online game the way it draws a local one.
 */
import type { GameId, SeatAction } from "../engine/common/game.ts";

/** A card, tile or design id the viewing seat may not see (a deck entry, another seat's hand). */
export const HIDDEN = -1;

/**
 * The boardgame.io game name of railkit game `id` (its Lobby API path `/games/<name>`, its socket.io namespace, the
 * check endpoint's `/railkit/check/<name>/…`): `railkit-<id>`. The server resolves a name through its list of game
 * modules (server/game.ts `moduleNamed`), never by taking the prefix off.
 */
export function onlineName(id: GameId): string {
  return `railkit-${id}`;
}

/** What every seat (and a spectator) receives as `G`. */
export interface OnlineView<S = Record<string, unknown>, A = SeatAction> {
  game: GameId;
  /** The match, in place of the worker's game handle. */
  handle: string;
  /** The engine state as this seat may see it: no `seed`, no `rng`, hidden cards as {@link HIDDEN}. */
  state: S & { current: number | null; over: boolean; winners: number[]; log: A[] };
  /** The legal actions when the viewing seat is to move; empty otherwise (another seat's options can reveal its hand). */
  legal: A[];
  /** Extras of the game's view (train `turnScore`, string `points`, light `frames` and `blocked`). */
  [extra: string]: unknown;
}

/**
 * What the server sends as `G` (issue #25, small updates): the {@link OnlineView} without the fields the game lists
 * as `derived` (web/games/types.ts `GameModule.derived`: String Railway's and Light Rail's legal actions, Light
 * Rail's `frames` and `blocked`). Those change wholesale with every move, so a patch of them was as large as the
 * fields themselves (String Railway's legal actions alone reach ~62 kB); the client derives them again from the
 * state, in its own worker (the `onlineView` verb, web/games/view.ts `deriveView`). `derived` names them (empty:
 * the view is whole, as the Train Game's).
 */
export interface SentView<S = Record<string, unknown>, A = SeatAction> {
  game: GameId;
  handle: string;
  state: OnlineView<S, A>["state"];
  /** The view's fields left out, to be derived by the client (the same all through a match). */
  derived: string[];
  /** Sent when the game does not derive them. */
  legal?: A[];
  /** The extras the game does not derive (string `points`, train `turnScore`). */
  [extra: string]: unknown;
}

/** The match setup the Lobby API's `create` takes as `setupData` (checked by the server). */
export interface OnlineSetup {
  /** The engine's `setup` options; `players` must equal the match's `numPlayers`. */
  options: Record<string, unknown>;
  /** Optional fixed seed (tests, replays); by default the server draws one that no client ever sees. */
  seed?: number | string;
  /** Seats the server's computer plays (server/bots.ts); they are taken when the match is created. */
  bots?: number[];
  /**
   * The computer's level, 1 (near random) to 5 (web/games/levels.ts); the server plays only the levels cheap
   * enough for its one thread (a higher one is refused). Default: the game's first cheap bot.
   */
  level?: number;
}

/** Why the server refused an action: an engine rule (`train.undo-reveal`) or a JSON pointer into the input. */
export type Refusal = { ok: false; kind: "rule" | "input"; rule: string; message: string };

/** The answer of the server's check of an action (`POST /railkit/check/<game>/<match>`). */
export type CheckAnswer = { ok: true } | Refusal;

/**
 * The socket.io event by which the server answers a move it did not play, on the socket that sent it (issue #25):
 * one {@link MoveRefused}. A move that is played is answered by the next state, as any move.
 */
export const REFUSED_EVENT = "railkit:refused";

/** A move the server did not play: the refusal, for the move (`act` or `undo`) sent at state `stateID`. */
export type MoveRefused = Refusal & { matchID: string; stateID: number; move: "act" | "undo" };

/**
 * The boardgame.io `Game` a client (page or test) is given for a railkit match: only the game's name and its
 * two moves, both `client: false`, so the client never runs anything and sends every move to the server,
 * where server/game.ts applies it. No engine code: the page does not load the rules to play online.
 */
import type { Game } from "boardgame.io";
import type { GameId } from "../engine/common/game.ts";
import { ONLINE_NAMES } from "./view.ts";

const serverOnly = { move: () => undefined, client: false } as const;

/** The client-side game of `id`: name and moves only. */
export function clientGame(id: GameId): Game {
  return { name: ONLINE_NAMES[id], moves: { act: serverOnly, undo: serverOnly } };
}

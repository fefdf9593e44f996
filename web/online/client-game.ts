/**
 * The boardgame.io `Game` a client (page or test) is given for a railkit match: only the game's name and its
 * two moves, both `client: false`, so the client never runs anything and sends every move to the server,
 * where server/game.ts applies it. No engine code: the page does not load the rules to play online.
 */
import type { Game } from "boardgame.io";
import type { GameId } from "../engine/common/game.ts";
import { type MoveRefused, onlineName, REFUSED_EVENT } from "./view.ts";

const serverOnly = { move: () => undefined, client: false } as const;

/** The client-side game of `id`: name and moves only. */
export function clientGame(id: GameId): Game {
  return { name: onlineName(id), moves: { act: serverOnly, undo: serverOnly } };
}

/** The parts of boardgame.io's client read by {@link onRefused}: its socket.io transport's socket. */
interface WithSocket {
  transport?: {
    socket?: {
      on(event: string, fn: (r: MoveRefused) => void): unknown;
      off(event: string, fn: (r: MoveRefused) => void): unknown;
    } | null;
  };
}

/**
 * Calls `fn` with every move of this client's that the server did not play (issue #25: the refusal and its rule
 * id come back on the move's own socket, {@link REFUSED_EVENT}). Call after the client's `start()`, which opens the
 * socket; answers a function that stops listening. Does nothing for a client without a socket.io transport.
 */
export function onRefused(client: unknown, fn: (r: MoveRefused) => void): () => void {
  const socket = (client as WithSocket).transport?.socket;
  if (!socket) return () => {};
  socket.on(REFUSED_EVENT, fn);
  return () => socket.off(REFUSED_EVENT, fn);
}

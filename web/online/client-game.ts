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
      // biome-ignore lint/suspicious/noExplicitAny: socket.io's listeners take any arguments
      on(event: string, fn: (...args: any[]) => void): unknown;
      // biome-ignore lint/suspicious/noExplicitAny: socket.io's listeners take any arguments
      off(event: string, fn: (...args: any[]) => void): unknown;
    } | null;
    requestSync?(): void;
  };
  getState?(): { _stateID: number } | null;
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

/**
 * Keeps a client in step with the server's patches (issue #25: the server sends each state as a JSON Patch from
 * the one before). boardgame.io's client ignores a patch that does not start from the state it holds and never
 * asks again, so one missed patch (a sync answered just before a move's broadcast reached this instance, a pub/sub
 * subscription not yet in place) left it on that state for good. This asks for a sync (the whole view) whenever a
 * patch leaves the client behind the patch's state, once until the sync comes. Call after `start()`; answers a
 * function that stops.
 */
export function keepInStep(client: unknown): () => void {
  const c = client as WithSocket;
  const socket = c.transport?.socket;
  if (!socket) return () => {};
  let asked = false;
  // Runs after boardgame.io's own listener (registered first, by `start()`), so the client's state is updated.
  const onPatch = (_matchID: unknown, _prev: unknown, stateID: unknown) => {
    const now = c.getState?.()?._stateID;
    if (asked || typeof stateID !== "number" || now === undefined || now >= stateID) return;
    asked = true;
    c.transport?.requestSync?.();
  };
  const onSync = () => {
    asked = false;
  };
  socket.on("patch", onPatch);
  socket.on("sync", onSync);
  return () => {
    socket.off("patch", onPatch);
    socket.off("sync", onSync);
  };
}

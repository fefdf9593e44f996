/**
 * Shared by the online tests: a server on a free port of 127.0.0.1, boardgame.io clients in Node, waiting for a
 * client's state with a time bound, and a simple player that always picks a legal action.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import { io } from "socket.io-client";
import { moduleNamed } from "../../server/game.ts";
import type { GameId, SeatAction } from "../../web/engine/common/game.ts";
import { MODULES } from "../../web/games/registry.ts";
import { deriveView } from "../../web/games/view.ts";
import { clientGame, keepInStep } from "../../web/online/client-game.ts";
import type { OnlineView, SentView } from "../../web/online/view.ts";
import { onlineName } from "../../web/online/view.ts";

export type BgClient = ReturnType<typeof Client>;

export function tempDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), "railkit-online-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A started client of seat `seat` (null: a spectator). */
export function connect(
  url: string,
  game: GameId,
  matchID: string,
  seat: number | null,
  credentials?: string,
): BgClient {
  const client = Client({
    game: clientGame(game),
    multiplayer: SocketIO({ server: url, socketOpts: { transports: ["websocket"] } }),
    matchID,
    ...(seat === null ? {} : { playerID: String(seat) }),
    ...(credentials === undefined ? {} : { credentials }),
    debug: false,
  });
  client.start();
  keepInStep(client);
  return client;
}

/** The whole views derived from each sent one (web/online/view.ts `SentView`), per seat. */
const DERIVED = new WeakMap<object, Map<string | null, OnlineView>>();

/**
 * The client's view as a page shows it: what the server sent, with the fields its game derives computed here as a
 * page's worker computes them (web/games/view.ts `deriveView`). A state that is not a view (an error) as it came.
 */
export const viewOf = (c: BgClient): OnlineView | null => {
  const sent = c.getState()?.G as Record<string, unknown> | undefined;
  if (!sent || typeof sent !== "object" || !("state" in sent)) return (sent ?? null) as OnlineView | null;
  const seat = c.playerID ?? null;
  const views = DERIVED.get(sent) ?? new Map<string | null, OnlineView>();
  DERIVED.set(sent, views);
  let view = views.get(seat);
  if (!view) {
    const derived = Array.isArray(sent.derived) ? sent.derived : [];
    // A game that derives nothing (the Train Game, a test's game not in the registry) is sent whole.
    const module = derived.length === 0 ? undefined : moduleNamed(MODULES, c.game.name);
    if (derived.length > 0 && !module) throw new Error(`no game module named ${c.game.name}`);
    const { derived: _d, ...whole } = sent;
    view = module
      ? deriveView(module, sent, seat === null ? null : Number(seat))
      : (whole as unknown as OnlineView);
    views.set(seat, view);
  }
  return view;
};

/** What the server last sent the client, as it came (no field derived). */
export const sentOf = (c: BgClient) => (c.getState()?.G ?? null) as SentView | null;

/** Resolves when `ok(view)` holds for the client's state (checked now and on every change); rejects after `ms`. */
export async function waitFor(
  c: BgClient,
  ok: (v: OnlineView) => boolean,
  ms = 10_000,
  what = "state",
): Promise<OnlineView> {
  const v = await until(
    c,
    () => {
      const v = viewOf(c);
      return v && ok(v) ? v : undefined;
    },
    ms,
  );
  if (v === null) throw new Error(`timed out waiting for ${what}`);
  return v;
}

/**
 * Resolves with the first answer of `read` that is not undefined, asked now and on every change of the client's
 * state; with null after `ms`.
 */
export function until<T>(c: BgClient, read: () => T | undefined, ms: number): Promise<T | null> {
  return new Promise((resolve) => {
    const done = (x: T | null) => {
      clearTimeout(timer);
      stop();
      resolve(x);
    };
    const timer = setTimeout(() => done(null), ms);
    const check = () => {
      const x = read();
      if (x !== undefined) done(x);
    };
    const stop = onChange(c, check);
    check();
  });
}

const LISTENERS = new WeakMap<BgClient, Set<() => void>>();

/** The client's listeners, subscribed to the client once, on first need. */
function listenersOf(c: BgClient): Set<() => void> {
  const known = LISTENERS.get(c);
  if (known) return known;
  const all = new Set<() => void>();
  LISTENERS.set(c, all);
  c.subscribe(() => {
    for (const f of [...all]) f();
  });
  return all;
}

/**
 * Calls `fn` on every change of the client's state until the answered function is called. boardgame.io's
 * `subscribe` keys its subscribers by their count (client.ts: `id = Object.keys(subscribers).length`), so after an
 * unsubscribe a new subscriber can take a live one's key, and a late unsubscribe can remove the wrong one: that lost
 * the roll of the undo test (train.undo-reveal) when a sync and a matchData message came in one read. Each client is
 * subscribed once here, for its whole life.
 */
export function onChange(c: BgClient, fn: () => void): () => void {
  const listeners = listenersOf(c);
  let on = true;
  const f = () => {
    if (on) fn();
  };
  listeners.add(f);
  return () => {
    on = false;
    listeners.delete(f);
  };
}

export const logLength = (v: OnlineView) => v.state.log.length;

/** A plain policy: the longest `add`, else a roll, else a bank, else the first legal action. */
export function pick(legal: SeatAction[]): SeatAction {
  const adds = legal.filter((a) => a.type === "add") as (SeatAction & { faces: unknown[] })[];
  if (adds.length > 0) return adds.reduce((a, b) => (b.faces.length > a.faces.length ? b : a));
  return legal.find((a) => a.type === "roll") ?? legal.find((a) => a.type === "bank") ?? legal[0]!;
}

/**
 * Plays the match to its end (or `maxMoves` moves): whichever client's seat is to move picks a legal action
 * and waits until every client has seen it. Answers the number of moves made.
 */
export async function playOut(
  clients: BgClient[],
  maxMoves = 3000,
  until?: (v: OnlineView) => boolean,
): Promise<number> {
  let moves = 0;
  for (; moves < maxMoves; moves++) {
    const v = viewOf(clients[0]!)!;
    if (v.state.over || until?.(v)) return moves;
    const mover = clients.find((c) => c.playerID === String(v.state.current));
    if (!mover) throw new Error(`no client for seat ${v.state.current}`);
    const mine = await waitFor(
      mover,
      (x) => logLength(x) === logLength(v) && x.legal.length > 0,
      10_000,
      "legal",
    );
    const n = logLength(v);
    mover.moves.act!(pick(mine.legal));
    await Promise.all(clients.map((c) => waitFor(c, (x) => logLength(x) > n, 10_000, "the move")));
  }
  return moves;
}

/**
 * Sends one move as a raw socket.io message, the way a hand-made client would (any seat, any credentials),
 * and resolves once the server has had time to answer it (its reply, if any, is ignored).
 */
export async function rawMove(
  url: string,
  game: GameId,
  matchID: string,
  playerID: string | null,
  credentials: string | undefined,
  action: unknown,
  stateID: number,
): Promise<void> {
  const socket = io(`${url}/${onlineName(game)}`, { transports: ["websocket"], reconnection: false });
  try {
    await new Promise<void>((ok, no) => {
      socket.on("connect", () => ok());
      socket.on("connect_error", no);
    });
    const move = { type: "MAKE_MOVE", payload: { type: "act", args: [action], playerID, credentials } };
    socket.emit("update", move, stateID, matchID, playerID);
    await new Promise((r) => setTimeout(r, 300));
  } finally {
    socket.close();
  }
}

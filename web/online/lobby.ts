/**
 * The few Lobby API calls the lobby page, the elements and the tests make (boardgame.io's REST API:
 * https://boardgame.io/documentation/#/api/Lobby), plus the server's refusal check. Plain `fetch`.
 */
import type { GameId } from "../engine/common/game.ts";
import { type CheckAnswer, type OnlineSetup, onlineName } from "./view.ts";

export interface MatchSeat {
  id: number;
  name?: string;
  isConnected?: boolean;
}

export interface MatchInfo {
  matchID: string;
  gameName: string;
  players: MatchSeat[];
  setupData?: OnlineSetup;
  gameover?: unknown;
}

async function call<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: body === undefined ? "GET" : "POST",
    ...(body === undefined
      ? {}
      : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

const base = (server: string) => server.replace(/\/+$/, "");

/** Creates a match; answers its id. */
export async function createMatch(server: string, game: GameId, setup: OnlineSetup): Promise<string> {
  const players = Number(setup.options.players);
  const r = await call<{ matchID: string }>(`${base(server)}/games/${onlineName(game)}/create`, {
    numPlayers: players,
    setupData: setup,
  });
  return r.matchID;
}

/** Takes a seat; answers the seat's credentials (keep them: they are the seat's key). */
export async function joinMatch(
  server: string,
  game: GameId,
  matchID: string,
  seat: number,
  name: string,
): Promise<string> {
  const r = await call<{ playerCredentials: string }>(
    `${base(server)}/games/${onlineName(game)}/${encodeURIComponent(matchID)}/join`,
    { playerID: String(seat), playerName: name },
  );
  return r.playerCredentials;
}

/** A match's seats (names, who is connected). */
export function getMatch(server: string, game: GameId, matchID: string): Promise<MatchInfo> {
  return call<MatchInfo>(`${base(server)}/games/${onlineName(game)}/${encodeURIComponent(matchID)}`);
}

/** The open matches of a game. */
export async function listMatches(server: string, game: GameId): Promise<MatchInfo[]> {
  return (await call<{ matches: MatchInfo[] }>(`${base(server)}/games/${onlineName(game)}`)).matches;
}

/** Would the server's engine accept this action (or this seat's undo) now? The refusal's rule id if not. */
export function checkMove(
  server: string,
  game: GameId,
  matchID: string,
  seat: number,
  credentials: string,
  move: { action: unknown } | { undo: true },
): Promise<CheckAnswer> {
  return fetch(`${base(server)}/railkit/check/${onlineName(game)}/${encodeURIComponent(matchID)}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ playerID: String(seat), credentials, ...move }),
  }).then((r) => r.json() as Promise<CheckAnswer>);
}

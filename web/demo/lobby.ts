/**
 * The lobby page (issue #14): create a match on the railkit server, share its link, take a seat, see who is
 * connected, and play it in the game's element (`server`, `match`, `seat`, `credentials` attributes). The page
 * is served by the railkit server itself (`npm run serve`), so the server is this page's origin unless the
 * address has `?server=`.
 *
 * Address: `lobby.html?game=train&match=<id>` shows the match's seats (take one, or watch); `&seat=<n>` plays
 * that seat with the credentials this browser got when it joined (kept in localStorage per server origin, so
 * they only ever go back to the server that gave them: web/demo/lobby-credentials.ts), or `&credentials=`.
 */
import "../elements/train/train-game.ts";
import "../elements/light/light-rail.ts";
import "../elements/string/string-railway.ts";
import type { GameId } from "../engine/common/game.ts";
import { createMatch, getMatch, joinMatch, type MatchInfo } from "../online/lobby.ts";
import { storeCredentials, storedCredentials } from "./lobby-credentials.ts";

const params = new URLSearchParams(location.search);
const server = params.get("server") ?? location.origin;
const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;
const status = (text: string) => {
  $("lobby-status").textContent = text;
};
const GAMES: GameId[] = ["train", "string", "light"];
const TAGS: Record<GameId, string> = { train: "train-game", string: "string-railway", light: "light-rail" };

function pageUrl(game: GameId, match: string, seat?: number): string {
  const q = new URLSearchParams({ game, match });
  if (params.has("server")) q.set("server", server);
  if (seat !== undefined) q.set("seat", String(seat));
  return `${location.pathname}?${q}`;
}

async function create(e: Event): Promise<void> {
  e.preventDefault();
  const game = $<HTMLSelectElement>("create-game").value as GameId;
  const players = Number($<HTMLInputElement>("create-players").value);
  const options: Record<string, unknown> = { players };
  if (game === "train") options.goal = Number($<HTMLInputElement>("create-goal").value);
  // Seats as people count them (1, 2…), comma separated.
  const bots = $<HTMLInputElement>("create-bots")
    .value.split(",")
    .map((x) => x.trim())
    .filter((x) => x !== "")
    .map((x) => Number(x) - 1);
  try {
    const match = await createMatch(server, game, { options, ...(bots.length > 0 ? { bots } : {}) });
    location.assign(pageUrl(game, match));
  } catch (err) {
    status(`Could not create the match: ${(err as Error).message}`);
  }
}

async function join(game: GameId, match: string, seat: number): Promise<void> {
  try {
    const name = $<HTMLInputElement>("player-name").value.trim() || `Player ${seat + 1}`;
    const credentials = await joinMatch(server, game, match, seat, name);
    storeCredentials(localStorage, server, location.href, match, seat, credentials);
    location.assign(pageUrl(game, match, seat));
  } catch (err) {
    status(`Could not take seat ${seat + 1}: ${(err as Error).message}`);
  }
}

function drawSeats(game: GameId, info: MatchInfo, mySeat: number | null): void {
  const list = $("seats");
  list.replaceChildren(
    ...info.players.map((p) => {
      const li = document.createElement("li");
      li.dataset.seat = String(p.id);
      const who = p.name ? `${p.name}${p.isConnected ? " (connected)" : " (away)"}` : "free";
      li.textContent = `Seat ${p.id + 1}: ${who}`;
      if (!p.name && mySeat === null) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = `Take seat ${p.id + 1}`;
        b.addEventListener("click", () => void join(game, info.matchID, p.id));
        li.append(" ", b);
      }
      if (p.id === mySeat) li.append(" — you");
      return li;
    }),
  );
}

async function showMatch(game: GameId, match: string): Promise<void> {
  $("match").hidden = false;
  $("create").hidden = true;
  const link = $<HTMLAnchorElement>("share-link");
  link.href = pageUrl(game, match);
  link.textContent = new URL(pageUrl(game, match), location.href).href;
  const seatParam = params.get("seat");
  const seat = seatParam !== null && /^\d+$/.test(seatParam) ? Number(seatParam) : null;
  const credentials =
    params.get("credentials") ??
    (seat === null ? null : storedCredentials(localStorage, server, location.href, match, seat));
  const playing = seat !== null && !!credentials;
  // Each element plays online once it has the `server` attribute (web/elements/common/online-session.ts).
  const el = document.createElement(TAGS[game]);
  el.setAttribute("server", server);
  el.setAttribute("match", match);
  if (playing) {
    el.setAttribute("seat", String(seat));
    el.setAttribute("credentials", credentials);
    // Hints run in this browser's own worker, on what this seat sees.
    el.toggleAttribute("hints", true);
  }
  $("board").replaceChildren(el);
  status(playing ? `You play seat ${seat + 1}.` : "You are watching.");
  const refresh = async () => {
    try {
      drawSeats(game, await getMatch(server, game, match), playing ? seat : null);
    } catch (err) {
      status(`The server could not be reached: ${(err as Error).message}`);
    }
  };
  await refresh();
  setInterval(() => void refresh(), 2000);
}

const game = params.get("game") as GameId | null;
const match = params.get("match");
$("create-form").addEventListener("submit", (e) => void create(e));
if (game && GAMES.includes(game) && match) void showMatch(game, match);

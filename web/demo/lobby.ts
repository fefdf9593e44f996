/**
 * The lobby page (issue #14): create a match on the railkit server, share its link, take a seat, see who is
 * connected, and play it in the game's element (`server`, `match`, `seat`, `credentials` attributes). The page
 * is served by the railkit server itself (`npm run serve`), so the server is this page's origin unless the
 * address has `?server=`.
 *
 * The games come from the registry (web/games/registry.ts, issue #22): each one with an element (`tag`) is offered
 * by its `title`; the create form's players field takes the game's `seats`, and one field per `OptionSpec` of its
 * `options` (a number, a choice, a checkbox) is drawn when the game is picked. Nothing here names a game.
 *
 * Address: `lobby.html?game=train&match=<id>` shows the match's seats (take one, or watch); `&seat=<n>` plays
 * that seat with the credentials this browser got when it joined (kept in localStorage per server origin, so
 * they only ever go back to the server that gave them: web/demo/lobby-credentials.ts), or `&credentials=`.
 */
// The library's entry defines every game's element (`<train-game>`, …).
import "../lib/index.ts";
import { GAMES } from "../games/registry.ts";
import type { GameModule, OptionSpec } from "../games/types.ts";
import { createMatch, getMatch, joinMatch, type MatchInfo } from "../online/lobby.ts";
import { storeCredentials, storedCredentials } from "./lobby-credentials.ts";

/** What the lobby reads of a game module: a game with an element to play it in. */
type LobbyGame = Pick<GameModule, "id" | "title" | "seats" | "options"> & { tag: string };

/** The games the lobby offers: the registry's games that have an element. */
const LOBBY_GAMES: readonly LobbyGame[] = GAMES.flatMap(({ id, title, tag, seats, options }) =>
  tag === undefined ? [] : [{ id, title, tag, seats, options }],
);

const params = new URLSearchParams(location.search);
/** The page's own title (web/lobby.html), shown whenever it is not this viewer's turn. */
const PAGE_TITLE = document.title;
/** The tab title while the viewer's seat is to move: seen from another tab (issue #23). */
const YOUR_TURN_TITLE = "● Your turn — railkit";
/** How often the tab title looks at the match shown (ms). */
const TITLE_EVERY_MS = 500;
const server = params.get("server") ?? location.origin;
const $ = <E extends HTMLElement>(id: string) => document.getElementById(id) as E;
const status = (text: string) => {
  $("lobby-status").textContent = text;
};
const lobbyGame = (id: unknown) => LOBBY_GAMES.find((g) => g.id === id);

function pageUrl(game: string, match: string, seat?: number): string {
  const q = new URLSearchParams({ game, match });
  if (params.has("server")) q.set("server", server);
  if (seat !== undefined) q.set("seat", String(seat));
  return `${location.pathname}?${q}`;
}

/** The form field of one option: `#create-option-<name>`, labelled with its name, its `about` as the tooltip. */
function optionField(o: OptionSpec): HTMLLabelElement {
  let input: HTMLInputElement | HTMLSelectElement;
  if (o.kind === "choice") {
    input = document.createElement("select");
    input.append(...o.choices.map((c) => new Option(c, c, c === o.default, c === o.default)));
  } else {
    input = document.createElement("input");
    if (o.kind === "int") {
      input.type = "number";
      input.min = String(o.min);
      input.max = String(o.max);
      input.value = String(o.default);
    } else {
      input.type = "checkbox";
      input.checked = o.default;
    }
  }
  input.id = `create-option-${o.name}`;
  input.name = o.name;
  const label = document.createElement("label");
  label.title = o.about;
  label.append(`${o.name.charAt(0).toUpperCase()}${o.name.slice(1)} `, input);
  return label;
}

/** An option's value as the form holds it. */
function optionValue(o: OptionSpec): unknown {
  const input = $<HTMLInputElement>(`create-option-${o.name}`);
  return o.kind === "int" ? Number(input.value) : o.kind === "flag" ? input.checked : input.value;
}

/** The create form for `game`: its seats in the players field, its options' fields. */
function drawForm(game: LobbyGame): void {
  const players = $<HTMLInputElement>("create-players");
  players.min = String(game.seats.min);
  players.max = String(game.seats.max);
  players.value = String(game.seats.default);
  // Spaced as the page's other inline fields are.
  $("create-options").replaceChildren(
    ...game.options.flatMap((o, i) => [...(i > 0 ? [" "] : []), optionField(o)]),
  );
}

async function create(e: Event): Promise<void> {
  e.preventDefault();
  const game = lobbyGame($<HTMLSelectElement>("create-game").value);
  if (!game) return;
  const options: Record<string, unknown> = { players: Number($<HTMLInputElement>("create-players").value) };
  for (const o of game.options) options[o.name] = optionValue(o);
  // Seats as people count them (1, 2…), comma separated.
  const bots = $<HTMLInputElement>("create-bots")
    .value.split(",")
    .map((x) => x.trim())
    .filter((x) => x !== "")
    .map((x) => Number(x) - 1);
  try {
    const match = await createMatch(server, game.id, { options, ...(bots.length > 0 ? { bots } : {}) });
    location.assign(pageUrl(game.id, match));
  } catch (err) {
    status(`Could not create the match: ${(err as Error).message}`);
  }
}

async function join(game: string, match: string, seat: number): Promise<void> {
  try {
    const name = $<HTMLInputElement>("player-name").value.trim() || `Player ${seat + 1}`;
    const credentials = await joinMatch(server, game, match, seat, name);
    storeCredentials(localStorage, server, location.href, match, seat, credentials);
    location.assign(pageUrl(game, match, seat));
  } catch (err) {
    status(`Could not take seat ${seat + 1}: ${(err as Error).message}`);
  }
}

function drawSeats(game: string, info: MatchInfo, mySeat: number | null): void {
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

async function showMatch(game: LobbyGame, match: string): Promise<void> {
  $("match").hidden = false;
  $("create").hidden = true;
  const link = $<HTMLAnchorElement>("share-link");
  link.href = pageUrl(game.id, match);
  link.textContent = new URL(pageUrl(game.id, match), location.href).href;
  const seatParam = params.get("seat");
  const seat = seatParam !== null && /^\d+$/.test(seatParam) ? Number(seatParam) : null;
  const credentials =
    params.get("credentials") ??
    (seat === null ? null : storedCredentials(localStorage, server, location.href, match, seat));
  const playing = seat !== null && !!credentials;
  // Each element plays online once it has the `server` attribute (web/elements/common/online-session.ts).
  const el = document.createElement(game.tag);
  el.setAttribute("server", server);
  el.setAttribute("match", match);
  if (playing) {
    el.setAttribute("seat", String(seat));
    el.setAttribute("credentials", credentials);
    // Hints run in this browser's own worker, on what this seat sees.
    el.toggleAttribute("hints", true);
  }
  $("board").replaceChildren(el);
  if (playing) watchTurn(el, seat);
  status(playing ? `You play seat ${seat + 1}.` : "You are watching.");
  const refresh = async () => {
    try {
      drawSeats(game.id, await getMatch(server, game.id, match), playing ? seat : null);
    } catch (err) {
      status(`The server could not be reached: ${(err as Error).message}`);
    }
  };
  await refresh();
  setInterval(() => void refresh(), 2000);
}

/**
 * Keeps the tab title on {@link YOUR_TURN_TITLE} while `seat` is to move in the match `el` plays (the element's
 * `state`: its header's `current` and `over`, the same in every game), and on the page's own title otherwise.
 */
function watchTurn(el: HTMLElement, seat: number): void {
  const look = () => {
    const s = (el as HTMLElement & { state: { current: number | null; over: boolean } | null }).state;
    const mine = !!s && !s.over && s.current === seat;
    const title = mine ? YOUR_TURN_TITLE : PAGE_TITLE;
    if (document.title !== title) document.title = title;
  };
  look();
  setInterval(look, TITLE_EVERY_MS);
}

const picker = $<HTMLSelectElement>("create-game");
picker.replaceChildren(...LOBBY_GAMES.map((g) => new Option(g.title, g.id)));
picker.addEventListener("change", () => {
  const picked = lobbyGame(picker.value);
  if (picked) drawForm(picked);
});
drawForm(LOBBY_GAMES[0]!);
$("create-form").addEventListener("submit", (e) => void create(e));
const shown = lobbyGame(params.get("game"));
const match = params.get("match");
if (shown && match) void showMatch(shown, match);

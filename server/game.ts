/**
 * One adapter from any railkit game module (web/games/types.ts `GameModule`) to a boardgame.io `Game` (issues #14,
 * #22), used by the server (scripts/serve.ts, server/server.ts). Everything game-specific comes from the module:
 * its engine, seats, `hide` and view `extras`; nothing here names a game. The server keeps the whole engine state
 * as `G`; a client only ever receives `playerView(G)`, an {@link OnlineView} built here.
 *
 * - **Setup** from the match's `setupData` ({@link OnlineSetup}: the engine's options, `players` equal to the
 *   match's seats) and a seed drawn on the server (a fixed seed only when the server allows it, for tests).
 * - **Moves**: `act(action)` calls the engine's `apply`, `undo()` the engine's `undo` for the seat that sends it.
 *   Both are `client: false`: a client never runs the engine (it could not: its state has no generator), so
 *   every roll, draw and deal happens on the server. An action whose `player` is not the sending seat, or that
 *   the engine refuses, is `INVALID_MOVE`: nothing changes. The move's one engine apply decides; its refusal
 *   (rule id) is recorded in {@link moveOutcome} and sent back on the mover's socket (server/guard.ts).
 * - **Turn order and the end** come from the shared header: `ctx.currentPlayer` follows `current`, and the
 *   game ends when `over`, with `{ winners }`.
 * - **playerView** removes `seed` and `rng` from what the module's `hide` leaves of the state for that seat (hidden
 *   cards as `HIDDEN`: docs/online.md lists them per game), adds the module's view extras for that seat, and gives
 *   the legal actions to the seat to move only ({@link viewFor}); then leaves out the fields the module derives
 *   (`GameModule.derived`), which the client computes again in its worker (web/online/view.ts `SentView`).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import type { Game } from "boardgame.io";
import { INVALID_MOVE } from "boardgame.io/core";
import type { InputError, RuleError } from "../web/engine/common/errors.ts";
import type { GameHeader, SeatAction } from "../web/engine/common/game.ts";
import { describe, isObject } from "../web/engine/common/input.ts";
import { cheapLevels, isLevel, MAX_LEVEL, MIN_LEVEL } from "../web/games/levels.ts";
import { MODULES } from "../web/games/registry.ts";
import type { GameModule } from "../web/games/types.ts";
import { sentView } from "../web/games/view.ts";
import {
  type CheckAnswer,
  type OnlineSetup,
  type OnlineView,
  onlineName,
  type Refusal,
  type SentView,
} from "../web/online/view.ts";

/** A match's `G`: the engine state of any game (its header; the rest is the module's business). */
export type MatchState = GameHeader<unknown, SeatAction>;

/** The module among `games` whose boardgame.io name is `name` (the Lobby API's and the namespaces'), if any. */
export function moduleNamed(games: readonly GameModule[], name: unknown): GameModule | undefined {
  return games.find((g) => onlineName(g.id) === name);
}

/** The first of a module's bots cheap enough for a shared server (`cheap: true`), or undefined when it has none. */
export function serverBotName(module: GameModule): string | undefined {
  return Object.entries(module.bots).find(([, bot]) => bot.cheap)?.[0];
}

/** The seat a boardgame.io playerID names (null for a spectator or anything else). */
export function seatOf(playerID: unknown, players: number): number | null {
  if (typeof playerID !== "string" || !/^\d+$/.test(playerID)) return null;
  const seat = Number(playerID);
  return seat < players ? seat : null;
}

/** What `seat` (null: a spectator) may see of the whole state `G` of `module`'s match `matchID`. */
export function viewFor(module: GameModule, G: MatchState, seat: number | null, matchID = ""): OnlineView {
  const { seed: _seed, rng: _rng, ...state } = module.hide(G, seat);
  const toMove = !G.over && G.current !== null && seat === G.current;
  return {
    game: module.id,
    handle: matchID,
    state: state as OnlineView["state"],
    legal: toMove ? (module.engine.legalActions(G) as SeatAction[]) : [],
    ...module.extras(G, seat),
  };
}

/**
 * What became of the move being handled (issue #25): set by the moves `act` and `undo` below, read by the socket
 * guard (server/guard.ts), which runs boardgame.io's update handler inside {@link moveOutcome}`.run(…)`, and by
 * the server's storage and pub/sub wrappers (server/server.ts), which neither store nor broadcast a refused move.
 * The server wraps boardgame.io's per-match queue so that a move runs in the context of the socket that sent it.
 */
export interface MoveOutcome {
  /** The engine took the move: a new state follows. */
  played: boolean;
  /** The engine's (or the seat check's) refusal, with its rule id. */
  refusal: Refusal | null;
}

/** The outcome of the move the current async context is handling (undefined outside a socket's move). */
export const moveOutcome = new AsyncLocalStorage<MoveOutcome>();

/** The engine's verdict on `seat`'s action in `G`: the new state, or the refusal with its rule id. */
function judge(
  module: GameModule,
  G: MatchState,
  seat: number,
  action: unknown,
): { ok: true; state: MatchState } | Refusal {
  if (!isObject(action) || action.player !== seat)
    return {
      ok: false,
      kind: "input",
      rule: "/action/player",
      message: `an action of seat ${seat} names player ${seat}, got ${describe(isObject(action) ? action.player : action)}`,
    };
  const r = module.engine.apply(G, action);
  return r.ok ? { ok: true, state: r.state as MatchState } : refusal(r.error);
}

/** The server's answer to "would the engine accept this action of `seat` now?" (no change is made). */
export function checkAction(module: GameModule, G: MatchState, seat: number, action: unknown): CheckAnswer {
  const r = judge(module, G, seat, action);
  return r.ok ? { ok: true } : r;
}

/** The server's answer to "would the engine take back `seat`'s last action now?" (no change is made). */
export function checkUndo(module: GameModule, G: MatchState, seat: number): CheckAnswer {
  const r = module.engine.undo(G, seat);
  return r.ok ? { ok: true } : refusal(r.error);
}

/** Records the refusal of the move being handled (see {@link MoveOutcome}); boardgame.io's `INVALID_MOVE`. */
function refused(answer: Refusal): typeof INVALID_MOVE {
  const o = moveOutcome.getStore();
  if (o) o.refusal = answer;
  return INVALID_MOVE;
}

/** Records that the move being handled was played. */
function played<S>(state: S): S {
  const o = moveOutcome.getStore();
  if (o) o.played = true;
  return state;
}

function refusal(e: RuleError | InputError): Refusal {
  return e.name === "RuleError"
    ? { ok: false, kind: "rule", rule: (e as RuleError).rule, message: e.message }
    : { ok: false, kind: "input", rule: (e as InputError).path ?? "", message: e.message };
}

const notASeat = (playerID: unknown): Refusal => ({
  ok: false,
  kind: "input",
  rule: "/playerID",
  message: `only a seat of the match moves, got ${describe(playerID)}`,
});

/** A seed drawn on the server (never sent to a client). */
function serverSeed(): number {
  return globalThis.crypto.getRandomValues(new Uint32Array(1))[0]!;
}

// The immer that boardgame.io's server loads (its build, development or production, names a draft's fields).
const immer = createRequire(createRequire(import.meta.url).resolve("boardgame.io/server"))(
  "immer",
) as typeof import("immer");
/**
 * The state under boardgame.io's immer draft: the move reads it as it is, without a copy. Reading the draft
 * would make a proxy of every object reached (a JSON copy of it cost 4–5 % of the server's CPU under load,
 * issue #25). The engine never changes the state it is given (a move returns a new state, sharing the unchanged
 * parts), and immer keeps that base as it was.
 */
const base = <T>(G: T): T => (immer.isDraft(G) ? (immer.original(G) as T) : G);

export interface AdapterOptions {
  /** Accept `setupData.seed` (tests and replays only: the Lobby API shows `setupData` to anyone). Default false. */
  fixedSeeds?: boolean;
  /** Largest `setupData` as JSON text, in characters (default {@link MAX_SETUP_BYTES}). */
  maxSetupBytes?: number;
  /** Where a state that cannot be shown is reported (default `console.error`). */
  log?: (line: string) => void;
  /**
   * Send each state as a patch of the seat's previous view (boardgame.io's `deltaState`; default true), with one
   * instance or several on a shared pub/sub (docs/online.md, Limits: Patches with Redis).
   */
  deltaState?: boolean;
}

/** Default bound on the JSON size of `setupData` (the Lobby API lists it to anyone). */
export const MAX_SETUP_BYTES = 16 * 1024;

const SETUP_FIELDS = ["options", "seed", "bots", "level"];

/** JSON text length of `x`, or Infinity when it cannot be written (a cycle cannot come off the wire). */
export function jsonLength(x: unknown): number {
  try {
    return JSON.stringify(x)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** The views of a state already built, per seat (null: a spectator); dropped with the state. */
const VIEWS = new WeakMap<object, Map<number | null, SentView>>();

/** The boardgame.io `Game` of one railkit game module, run by the server. */
export function railkitGame(
  module: GameModule,
  opts: AdapterOptions = {},
): Game<MatchState, Record<string, unknown>, OnlineSetup> {
  const { engine, id } = module;
  const name = onlineName(id);
  const start = (setupData: OnlineSetup) => engine.setup(setupData.options, setupData.seed ?? serverSeed());
  const maxSetup = opts.maxSetupBytes ?? MAX_SETUP_BYTES;
  const log = opts.log ?? ((line: string) => console.error(line));
  // The computer seats the server plays (server/bots.ts) need a bot cheap enough for it.
  const playsBots = serverBotName(module) !== undefined;
  return {
    name,
    minPlayers: module.seats.min,
    maxPlayers: module.seats.max,
    disableUndo: true,
    // Small updates (issue #25): each seat gets a JSON Patch from its previous view to its new one (a move adds one
    // log entry and changes a few fields), not the whole view; the client keeps the rest, the whole log included.
    // A sync (connecting, reconnecting, or a client whose patch does not apply) sends the whole view.
    deltaState: opts.deltaState ?? true,
    validateSetupData: (setupData, numPlayers) => {
      if (!isObject(setupData) || !isObject(setupData.options))
        return "setupData must be { options: {...} } with the game's options";
      // Stored and listed to anyone by the Lobby API: the game's own fields only, bounded.
      const size = jsonLength(setupData);
      if (size > maxSetup) return `setupData is ${size} characters of JSON (at most ${maxSetup})`;
      const extra = Object.keys(setupData).find((k) => !SETUP_FIELDS.includes(k));
      if (extra !== undefined)
        return `unknown setupData field ${describe(extra)} (fields are options, seed, bots, level)`;
      if (setupData.options.players !== numPlayers)
        return `options.players (${describe(setupData.options.players)}) must equal numPlayers (${numPlayers})`;
      if (setupData.seed !== undefined && !opts.fixedSeeds) return "this server draws the seed itself";
      const bots = setupData.bots;
      if (
        bots !== undefined &&
        (!Array.isArray(bots) ||
          bots.length > numPlayers ||
          new Set(bots).size !== bots.length ||
          !bots.every((b) => Number.isInteger(b) && b >= 0 && b < numPlayers))
      )
        return "bots must list distinct seats of the match";
      if (Array.isArray(bots) && bots.length > 0 && !playsBots)
        return `this server has no computer player for ${module.title}`;
      const level = setupData.level;
      if (level !== undefined) {
        const levels = cheapLevels(module);
        if (!isLevel(level))
          return `level must be an integer ${MIN_LEVEL} to ${MAX_LEVEL}, got ${describe(level)}`;
        if (!levels.includes(level))
          return `this server plays ${module.title}'s levels ${levels.join(", ")} only (level ${level} costs too much a move)`;
      }
      let state: MatchState;
      try {
        state = start(setupData as OnlineSetup);
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
      // Options only the engine's own fields: those of the normalised options it keeps in the state.
      const known = isObject(state.options) ? Object.keys(state.options) : [];
      const unknown = Object.keys(setupData.options).find((k) => !known.includes(k));
      if (unknown !== undefined)
        return `unknown option ${describe(unknown)} (options are ${known.join(", ")})`;
      return undefined;
    },
    setup: (_context, setupData) => {
      if (!setupData) throw new Error("a railkit match needs setupData");
      return start(setupData);
    },
    turn: {
      order: {
        first: ({ G }) => G.current ?? 0,
        next: ({ G }) => G.current ?? 0,
      },
    },
    moves: {
      act: {
        client: false,
        // The one engine apply of a move (issue #25): a refusal goes back to the sender's socket with its rule id.
        move: ({ G, ctx, playerID, events }, action: unknown) => {
          const seat = seatOf(playerID, ctx.numPlayers);
          if (seat === null) return refused(notASeat(playerID));
          const r = judge(module, base(G), seat, action);
          if (!r.ok) return refused(r);
          const next = r.state;
          if (!next.over && next.current !== null && String(next.current) !== ctx.currentPlayer)
            events.endTurn({ next: String(next.current) });
          return played(next);
        },
      },
      undo: {
        client: false,
        move: ({ G, ctx, playerID }) => {
          const seat = seatOf(playerID, ctx.numPlayers);
          if (seat === null) return refused(notASeat(playerID));
          const r = engine.undo(base(G), seat);
          return r.ok ? played(r.state as MatchState) : refused(refusal(r.error));
        },
      },
    },
    endIf: ({ G }) => (G.over ? { winners: G.winners } : undefined),
    // A state that is not this game's (another game's match, a broken file) is that match's error alone: logged,
    // and the client gets an error in place of a view rather than the process a throw.
    // boardgame.io asks for the view of the state before a move and after it for every socket of the match, to
    // patch one into the other: the views of one `G` are kept with it (the server hands the next move the state
    // object it stored, server/server.ts), so each view is built once.
    playerView: ({ G, ctx, playerID }) => {
      try {
        if (!isObject(G) || G.game !== id)
          throw new Error(`not a ${id} state (game ${describe(isObject(G) ? G.game : G)})`);
        const seat = seatOf(playerID, ctx.numPlayers);
        const views = VIEWS.get(G) ?? new Map<number | null, SentView>();
        VIEWS.set(G, views);
        const view = views.get(seat) ?? sentView(module, viewFor(module, G, seat));
        views.set(seat, view);
        return view as unknown as MatchState;
      } catch (e) {
        log(`playerView of ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
        return { error: "this match's state cannot be shown" } as unknown as MatchState;
      }
    },
  };
}

/** The games of `games` (default: the registry, {@link MODULES}), as the server runs them. */
export function railkitGames(games: readonly GameModule[] = MODULES, opts: AdapterOptions = {}): Game[] {
  return games.map((module) => railkitGame(module, opts) as Game);
}

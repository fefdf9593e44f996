/**
 * What the three games' `fromView` share (web/games/types.ts `GameModule.fromView`): a seat's view of an online match
 * (web/online/view.ts: what the server sends one seat) made into an engine position again, in the player's own worker,
 * so that the hint solvers run there on what the seat sees (docs/online.md, "Hints online"). Nothing hidden is
 * recovered, and nothing hidden is needed; each game's `view.ts` says how its hidden cards are filled in. Every
 * `fromView` throws `InputError` (JSON pointer under `/state`) for a view that is not one a server could send.
 */
import { InputError } from "../engine/common/errors.ts";
import { arr, int, obj } from "../engine/common/input.ts";
import { HIDDEN, type OnlineView, type SentView } from "../online/view.ts";
import type { GameModule } from "./types.ts";

/** Where a view sits in the verb that takes it: errors point under it. */
export const VIEW_BASE = "/state";

/** FNV-1a over the JSON text of `x`: the view's own seed. */
export function viewSeed(x: unknown): string {
  const text = JSON.stringify(x);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return `view:${h.toString(16).padStart(8, "0")}`;
}

/** An engine's InputError moved under `/state` (the verb's argument); anything else unchanged. */
export function underView(e: unknown): unknown {
  if (!(e instanceof InputError)) return e;
  const prefix = e.path ? `${e.path}: ` : "";
  const message = e.message.startsWith(prefix) ? e.message.slice(prefix.length) : e.message;
  return new InputError(message, `${VIEW_BASE}${e.path}`);
}

/** The same number of {@link HIDDEN} as `cards`: what a seat sees of cards it may not see. */
export const hidden = (cards: readonly unknown[]): number[] => cards.map(() => HIDDEN);

/**
 * The view the server used to send, from what it sends now (web/online/view.ts `SentView`, issue #25): the fields
 * the game lists as `derived` (web/games/types.ts `GameModule.derived`) computed again from the seat's state, as the
 * server computes them (server/game.ts `viewFor`): the legal actions for the seat to move only, the extras for this
 * seat. The position is the module's `fromView` of the state (nothing hidden is needed: a seat's legal actions and
 * board follow from what it sees). `seat` is the viewing seat (null: a spectator); `engine` the host's (same rules
 * on faster kernels). A view no server could send is an `InputError` (JSON pointer into the view).
 */
export function deriveView(
  module: GameModule,
  sent: unknown,
  seat: unknown,
  engine: GameModule["engine"] = module.engine,
): OnlineView {
  const v = obj(sent, "");
  if (v.game !== module.id) throw new InputError(`a ${module.id} view expected`, "/game");
  const derived = module.derived ?? [];
  const names = arr(v.derived, "/derived", 16);
  if (names.length !== derived.length || names.some((k, i) => k !== derived[i]))
    throw new InputError(`this game derives ${JSON.stringify(derived)}`, "/derived");
  const { derived: _d, ...rest } = v;
  if (derived.length === 0) {
    arr(v.legal, "/legal", MAX_LEGAL);
    return rest as unknown as OnlineView;
  }
  if (!module.fromView) throw new Error(`${module.id} derives view fields but reads no views`); // a module's bug
  const { state } = module.fromView(v.state);
  const players = (state.options as { players: number }).players;
  const who = seat === null ? null : int(seat, "/seat", 0, players - 1);
  const toMove = !state.over && state.current !== null && who === state.current;
  const extras = module.extras(state, who) as Record<string, unknown>;
  const full: Record<string, unknown> = { ...rest };
  for (const k of derived)
    full[k] = k === "legal" ? (toMove ? engine.legalActions(state as never) : []) : extras[k];
  return full as unknown as OnlineView;
}

/** What the server sends of a view `full` of `module`'s match: `full` without the fields the client derives. */
export function sentView(module: GameModule, full: OnlineView): SentView {
  const derived = [...(module.derived ?? [])];
  const out: Record<string, unknown> = { ...full, derived };
  for (const k of derived) delete out[k];
  return out as unknown as SentView;
}

/** Bound on a sent view's legal actions (a view the client cannot derive carries them). */
const MAX_LEGAL = 1 << 20;

/**
 * What the three games' `fromView` share (web/games/types.ts `GameModule.fromView`): a seat's view of an online match
 * (web/online/view.ts: what the server sends one seat) made into an engine position again, in the player's own worker,
 * so that the hint solvers run there on what the seat sees (docs/online.md, "Hints online"). Nothing hidden is
 * recovered, and nothing hidden is needed; each game's `view.ts` says how its hidden cards are filled in. Every
 * `fromView` throws `InputError` (JSON pointer under `/state`) for a view that is not one a server could send.
 */
import { InputError } from "../engine/common/errors.ts";
import { HIDDEN } from "../online/view.ts";

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

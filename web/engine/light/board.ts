/**
 * The board a Light Rail widget draws, from the rules (no drawing here): the city-limit placements still
 * possible and, for every cell around them that is not a legal placement now, the engine's own refusal
 * (`refusal`, the one check of `apply`): a card there (`light.cell-occupied`), no card next to it
 * (`light.not-adjacent`), or no city placement holds it (`light.outside-city-limit`). The worker's light
 * plug-in adds it to every view, so an element explains an illegal cell without knowing a rule.
 */
import { refusal } from "./engine.ts";
import { cellKey, framesContaining, inCoordBox, neighbour } from "./geometry.ts";
import type { LightState } from "./types.ts";

/** A cell the seat to move cannot place on now, and why (the engine's RuleError, as plain data). */
export interface BlockedCell {
  q: number;
  r: number;
  /** The rule id, e.g. `light.outside-city-limit`. */
  rule: string;
  message: string;
}

// A type alias, not an interface: it is then assignable to Record<string, unknown> (a view's extras).
export type LightBoard = {
  /**
   * Every city-limit placement (a translated copy of the shape or its mirror) that still holds all placed
   * cards, as its cells `[q, r]`; before the first card, those through (0, 0); once the city is full, the
   * one it fills.
   */
  frames: [number, number][][];
  /**
   * While the game runs: every cell of those frames, and every cell next to them, that is not a legal
   * placement now, with the refusal `apply` would give (orientation does not change legality).
   */
  blocked: BlockedCell[];
};

/** The board of a state (see {@link LightBoard}). */
export function lightBoard(state: LightState): LightBoard {
  const cells = state.cards.map((c) => [c.q, c.r] as [number, number]);
  const frames = framesContaining(state.options.players, cells);
  const blocked: BlockedCell[] = [];
  if (state.over || state.current === null || cells.length === 0) return { frames, blocked };
  const seen = new Set<number>();
  const around: [number, number][] = [];
  const add = (q: number, r: number) => {
    const k = cellKey(q, r);
    if (seen.has(k) || !inCoordBox(q, r)) return;
    seen.add(k);
    around.push([q, r]);
  };
  for (const f of frames) for (const [q, r] of f) add(q, r);
  for (const [q, r] of around.slice()) for (let e = 0; e < 6; e++) add(...neighbour(q, r, e));
  for (const [q, r] of around) {
    const why = refusal(state, { q, r, orientation: 0 });
    if (why) blocked.push({ q, r, rule: why.rule, message: why.message });
  }
  return { frames, blocked };
}

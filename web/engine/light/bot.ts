/**
 * The greedy Light Rail bot and the immediate-credit ranking used by `rail light hint`: each legal
 * placement of the card in hand is applied and valued by the route credit it gives each seat now
 * (including the wrap scoring when it ends the game; objectives are secret and not counted).
 * The bot takes a placement with the most credit for itself; ties are broken by its own seeded generator,
 * so a bot game is a function of (players, wrap, seed).
 */
import { Rng, seedRng } from "../common/rng.ts";
import { applyPlacement, legalPlacements, type Placement, setup } from "./engine.ts";
import type { LightOptions, LightState } from "./types.ts";

export interface RankedPlacement extends Placement {
  /** Route credit the seat to move gains now. */
  credit: number;
  /** Route credit every seat gains now. */
  gains: number[];
}

/** Every legal placement with its immediate credit, best first (credit desc, then q, r, orientation). */
export function rankPlacements(state: LightState): RankedPlacement[] {
  const seat = state.current;
  if (seat === null) return [];
  return legalPlacements(state)
    .map((p) => {
      const next = applyPlacement(state, p);
      const gains = next.routeCredit.map((c, i) => c - state.routeCredit[i]!);
      return { ...p, credit: gains[seat]!, gains };
    })
    .sort((a, b) => b.credit - a.credit || a.q - b.q || a.r - b.r || a.orientation - b.orientation);
}

/** The greedy choice: most immediate credit for the mover, ties broken with `rng`. */
export function greedyPlacement(state: LightState, rng: Rng): Placement | null {
  const ranked = rankPlacements(state);
  if (ranked.length === 0) return null;
  const best = ranked.filter((p) => p.credit === ranked[0]!.credit);
  const { q, r, orientation } = best[rng.int(best.length)]!;
  return { q, r, orientation };
}

/** The bot's tie-break generator for a game seed (independent of the deal). */
export function botRng(seed: number | string): Rng {
  return new Rng((seedRng(seed) ^ 0x9e3779b9) >>> 0);
}

/** Plays a whole game with greedy bots in every seat. */
export function playGreedyGame(options: LightOptions, seed: number | string): LightState {
  let state = setup(options, seed);
  const rng = botRng(seed);
  while (!state.over) {
    const p = greedyPlacement(state, rng);
    if (!p) break;
    state = applyPlacement(state, p);
  }
  return state;
}

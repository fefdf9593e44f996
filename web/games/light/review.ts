/**
 * Light Rail's game review (docs/review.md): every placement graded by the Monte Carlo search behind its hints
 * (web/solvers/light/search.ts `searchPlacements`, round-robin: every placement gets the same share of the
 * playouts), seeded by the position ({@link positionSeed}) as the hints are. The value is the search's share of
 * playouts won (ties half) for the seat that moved; the error bar of a loss is two standard errors of the difference
 * of two such shares (binomial: √(p(1−p)/n) each), so a move is flagged only when the search tells it apart from the
 * best. The card drawn after a placement is not valued: luck is 0.
 */
import type { LightAction, LightState } from "../../engine/light/index.ts";
import type { LightKernel } from "../../solvers/light/kernel.ts";
import type { SearchedPlacement } from "../../solvers/light/search.ts";
import type { MoveGrade, Reviewer } from "../review.ts";
import { positionSeed } from "../types.ts";
import type { LightGameTypes } from "./index.ts";

type Search = typeof import("../../solvers/light/search.ts").searchPlacements;

const label = (p: { q: number; r: number; orientation: 0 | 1 }) =>
  `Place at ${p.q},${p.r}${p.orientation === 1 ? " turned" : ""}`;
const variance = (p: SearchedPlacement) => (p.winRate * (1 - p.winRate)) / Math.max(1, p.playouts);

/** The grader: `playouts` per move, spread over the placements of the card in hand. */
export function lightReviewer(k: LightKernel, search: Search, playouts: number): Reviewer<LightGameTypes> {
  return {
    objective: () => ({
      unit: "win",
      about: `share of playouts won by the hints' search (${playouts} a move; error bar: 2 standard errors)`,
    }),
    grade: (before: LightState, action: LightAction): MoveGrade => {
      const rows = search(k, before, { playouts, seed: positionSeed(before) });
      const played = rows.find(
        (p) => p.q === action.q && p.r === action.r && p.orientation === action.orientation,
      );
      // The log was replayed by the rules, so the move is one of the placements searched.
      if (!played) throw new Error(`the search lists no placement for the move ${JSON.stringify(action)}`);
      const best = rows.reduce((b, p) => (p.winRate > b.winRate ? p : b), played);
      const mover = before.current!;
      return {
        label: label(action),
        best: best.winRate,
        bestLabel: label(best),
        played: played.winRate,
        after: played.winRate,
        error: best === played ? 0 : 2 * Math.sqrt(variance(best) + variance(played)),
        chart: before.routeCredit.map((_, seat) => (seat === mover ? best.winRate : null)),
      };
    },
    final: (s) => s.routeCredit.map((_, seat) => (s.winners.includes(seat) ? 1 / s.winners.length : 0)),
  };
}

/**
 * review.light (issue #26, docs/review.md): Light Rail's game review by the hints' Monte Carlo search, with its error
 * bar. A game whose every move is the search's own best (same playouts, same seed) loses nothing; a game of greedy
 * and random moves has losses, each flagged exactly when it is larger than its error bar; the review is repeatable
 * (seeded by the position); the playouts option is capped.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type LightAction, type LightState, lightEngine } from "../../web/engine/light/index.ts";
import { LIGHT_MAX_PLAYOUTS, light } from "../../web/games/light/index.ts";
import { reviewGame } from "../../web/games/review.ts";
import { positionSeed } from "../../web/games/types.ts";
import { review } from "../../web/lib/review.ts";
import type { LightKernel } from "../../web/solvers/light/kernel.ts";
import { searchPlacements } from "../../web/solvers/light/search.ts";
import { nodeKit } from "../../web/wasm/node.ts";

const PLAYOUTS = 300;
let k: LightKernel;
beforeAll(async () => {
  k = await light.loadSolver(nodeKit());
});

const apply = (s: LightState, a: LightAction) => {
  const r = lightEngine.apply(s, a);
  if (!r.ok) throw r.error;
  return r.state;
};

function play(seed: number, choose: (s: LightState, i: number) => LightAction): LightState {
  let s = lightEngine.setup({ players: 2 } as never, seed);
  for (let i = 0; !s.over && i < 500; i++) s = apply(s, choose(s, i));
  expect(s.over).toBe(true);
  return s;
}

const reviewer = () => light.review!.load(async () => k, { playouts: PLAYOUTS });

describe("review.light", () => {
  it("every move the search's best (same playouts and seed): no loss, nothing flagged", async () => {
    const s = play(3, (s) => {
      const rows = searchPlacements(k, s, { playouts: PLAYOUTS, seed: positionSeed(s) });
      const best = rows.reduce((b, p) => (p.winRate > b.winRate ? p : b), rows[0]!);
      return { type: "place", player: s.current!, q: best.q, r: best.r, orientation: best.orientation };
    });
    const r = await reviewGame(light, lightEngine, await reviewer(), s);
    expect(r.unit).toBe("win");
    expect(r.moves.length).toBe(s.log.length);
    for (const m of r.moves) {
      expect(m.loss).toBe(0);
      expect(m.flagged).toBe(false);
    }
  });

  it("random moves: losses ≥ 0, flagged exactly above the error bar, repeatable", async () => {
    const s = play(4, (s, i) => {
      const legal = lightEngine.legalActions(s);
      return legal[(i * 7919) % legal.length]!;
    });
    const r = await reviewGame(light, lightEngine, await reviewer(), s);
    expect(r.moves.some((m) => m.loss > 0)).toBe(true);
    for (const m of r.moves) {
      expect(m.loss).toBeGreaterThanOrEqual(0);
      expect(m.flagged).toBe(m.loss > m.error);
      if (m.loss > 0) expect(m.error).toBeGreaterThan(0);
      expect(m.luck).toBe(0);
    }
    expect(await reviewGame(light, lightEngine, await reviewer(), s)).toEqual(r);
    // The library's review: the same, with the playouts given; above the cap refused.
    const lib = await review(s, { kit: nodeKit(), options: { playouts: PLAYOUTS } });
    expect(lib).toEqual(r);
    await expect(review(s, { options: { playouts: LIGHT_MAX_PLAYOUTS + 1 } })).rejects.toMatchObject({
      path: "/options/playouts",
    });
    await expect(review(s, { options: { ms: 5 } })).rejects.toMatchObject({ path: "/options/ms" });
  });
});

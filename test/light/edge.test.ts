/**
 * Light Rail at the edge of the coordinate box (issue #11): a first card may lie anywhere, the extremes
 * included; then the search's hints and the bot's move (Wasm and twin) are placements the engine accepts,
 * although the kernels' frames are unbounded.
 */
import { describe, expect, it } from "vitest";
import { applyPlacement, COORD_LIMIT, lightEngine, refusal } from "../../web/engine/light/index.ts";
import { createLightWasm } from "../../web/solvers/light/node.ts";
import { LightReference } from "../../web/solvers/light/reference.ts";
import { searchBotAction, searchPlacements } from "../../web/solvers/light/search.ts";

describe("light search at the coordinate limit", () => {
  it("light.outside-city-limit: hints and the bot near the edge list only placements apply accepts", async () => {
    const L = COORD_LIMIT - 1;
    const kernels = [new LightReference(), await createLightWasm()];
    for (const kernel of kernels) {
      for (const [q, r] of [
        [L, 0],
        [-L, 3],
        [2, -L],
        [L - 1, 1 - L],
      ] as const) {
        const first = lightEngine.apply(lightEngine.setup({ players: 2 }, 5), {
          type: "place",
          player: 0,
          q,
          r,
          orientation: 0,
        });
        if (!first.ok) throw first.error;
        let s = first.state;
        for (let i = 0; i < 6 && !s.over; i++) {
          const hints = searchPlacements(kernel, s, { playouts: 60, seed: i });
          expect(hints.length).toBeGreaterThan(0);
          for (const h of hints) expect(refusal(s, h), JSON.stringify(h)).toBeNull();
          const a = searchBotAction(kernel, s, `edge/${i}`, { playouts: 60 });
          expect(a).not.toBeNull();
          const next = lightEngine.apply(s, a!);
          expect(next.ok).toBe(true);
          s = applyPlacement(s, a!);
        }
      }
    }
  });
});

/**
 * The Train Game's `canUndo` view extra (web/games/train/index.ts) answers without replaying the log; it must agree
 * with the engine's `undo` (which replays) for every seat in every position of random games, 1 to 6 seats, both
 * variants.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mulberry32 } from "../../web/engine/string/geometry/exact.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { canUndo } from "../../web/games/train/index.ts";

describe("train.undo: the view's canUndo is the engine's answer", () => {
  it("train.undo-view: canUndo(s, seat) === trainEngine.undo(s, seat).ok at every position, for every seat", () => {
    let undoable = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.constantFrom("race" as const, "elimination" as const),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (players, variant, seed) => {
          if (variant === "elimination" && players < 2) return;
          const pick = mulberry32(seed);
          let s = trainEngine.setup({ players, variant, goal: 40 }, seed);
          for (let step = 0; step < 300 && !s.over; step++) {
            for (let seat = 0; seat < players; seat++) {
              const engine = trainEngine.undo(s, seat).ok;
              expect(canUndo(s, seat)).toBe(engine);
              if (engine) undoable++;
            }
            const legal = trainEngine.legalActions(s);
            const r = trainEngine.apply(s, legal[Math.floor(pick() * legal.length)]!);
            if (!r.ok) throw r.error;
            s = r.state;
          }
          expect(canUndo(s, null)).toBe(false);
        },
      ),
      { numRuns: 60, seed: 24 },
    );
    expect(undoable).toBeGreaterThan(100); // positions where undo is allowed were met, not only refusals
  });
});

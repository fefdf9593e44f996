/**
 * Light Rail, action fuzzing (test/fuzz/harness.ts): random games mixing legal, illegal and malformed
 * placements; apply never throws, refusals change nothing, no cell is used twice, card counts and credit
 * stay consistent, replay and save/load reproduce. A short seeded pass; `npm run fuzz -- --game light`
 * runs the long one.
 */
import { describe, expect, it } from "vitest";
import { lightAdapter } from "./games.ts";
import { fuzz } from "./harness.ts";

describe("light: action fuzzing", () => {
  it("random games with illegal and malformed actions, and undo, keep every property", () => {
    const { stats, failure } = fuzz(lightAdapter, { seed: 20261202, runs: 30, steps: 120 });
    expect(failure, failure ? `${failure.message}\nrepro: ${failure.repro}` : "").toBeNull();
    expect(Object.keys(stats.undoRefused)).toEqual(
      expect.arrayContaining(["light.undo-turn-over", "light.undo-not-yours"]),
    );
    expect(stats.accepted).toBeGreaterThan(300);
    expect(stats.gamesCompleted).toBeGreaterThan(3);
    expect(Object.keys(stats.refused)).toEqual(
      expect.arrayContaining(["light.not-your-turn", "light.cell-occupied"]),
    );
  });
});

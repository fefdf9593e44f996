/**
 * The Train Game, action fuzzing (test/fuzz/harness.ts): random games mixing legal, illegal and malformed
 * actions; apply never throws, refusals change nothing, invariants hold, replay and save/load reproduce.
 * A short seeded pass; `npm run fuzz -- --game train` runs the long one.
 */
import { describe, expect, it } from "vitest";
import { trainAdapter } from "./games.ts";
import { fuzz } from "./harness.ts";

describe("train: action fuzzing", () => {
  it("random games with illegal and malformed actions, and undo, keep every property", () => {
    const { stats, failure } = fuzz(trainAdapter, { seed: 20261202, runs: 40, steps: 200 });
    expect(failure, failure ? `${failure.message}\nrepro: ${failure.repro}` : "").toBeNull();
    expect(stats.undone).toBeGreaterThan(0);
    expect(Object.keys(stats.undoRefused)).toEqual(
      expect.arrayContaining(["train.undo-reveal", "train.undo-not-yours"]),
    );
    expect(stats.accepted).toBeGreaterThan(500);
    expect(stats.malformedRejected).toBeGreaterThan(100);
    expect(stats.gamesCompleted).toBeGreaterThan(0);
    expect(Object.keys(stats.refused)).toContain("train.not-your-turn");
  });
});

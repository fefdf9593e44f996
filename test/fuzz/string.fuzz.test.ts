/**
 * String Railway: Transport, action fuzzing (test/fuzz/harness.ts): random games mixing legal, illegal and
 * malformed actions; apply never throws, refusals change nothing, the 94 cubes are conserved and the other
 * invariants hold, replay and save/load reproduce. A short seeded pass; `npm run fuzz -- --game string`
 * runs the long one.
 */
import { describe, expect, it } from "vitest";
import { stringAdapter } from "./games.ts";
import { fuzz } from "./harness.ts";

describe("string: action fuzzing", () => {
  it("random games with illegal and malformed actions, and undo, keep every property", () => {
    const { stats, failure } = fuzz(stringAdapter, { seed: 20261202, runs: 6, steps: 400 });
    expect(failure, failure ? `${failure.message}\nrepro: ${failure.repro}` : "").toBeNull();
    expect(stats.undone).toBeGreaterThan(0);
    expect(Object.keys(stats.undoRefused)).toEqual(
      expect.arrayContaining(["string.undo-turn-over", "string.undo-not-yours"]),
    );
    expect(stats.accepted).toBeGreaterThan(150);
    expect(stats.malformedRejected).toBeGreaterThan(50);
    expect(Object.keys(stats.refused)).toContain("string.not-your-turn");
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bestSplit, SET_SCORE, scoreCubes, scoreCubesBruteForce } from "../../web/engine/string/scoring.ts";
import type { Counts } from "../../web/engine/string/types.ts";

const z = { red: 0, blue: 0, purple: 0, yellow: 0, green: 0, white: 0 };

describe("string scoring: scoreCubes", () => {
  it("rulebook example: 2 red, 1 blue, 1 green, 3 yellow, 2 white scores 22", () => {
    expect(scoreCubes({ red: 2, blue: 1, green: 1, yellow: 3, white: 2 })).toBe(22);
  });

  it("hand-worked scores", () => {
    expect(scoreCubes(z)).toBe(0);
    expect(scoreCubes({ red: 1 })).toBe(1);
    expect(scoreCubes({ red: 3 })).toBe(3); // three singles
    expect(scoreCubes({ red: 1, blue: 1 })).toBe(3);
    expect(scoreCubes({ red: 1, blue: 1, purple: 1, yellow: 1, green: 1 })).toBe(15);
    // two full sets
    expect(scoreCubes({ red: 2, blue: 2, purple: 2, yellow: 2, green: 2 })).toBe(30);
    // 4 + 1 + 1: {r,b,p,y}=10, {r}=1, {r}=1
    expect(scoreCubes({ red: 3, blue: 1, purple: 1, yellow: 1 })).toBe(12);
  });

  it("one white completes a set of five", () => {
    expect(scoreCubes({ red: 1, blue: 1, purple: 1, yellow: 1, white: 1 })).toBe(15);
  });

  it("several whites stand for several different colours in one set", () => {
    // 1 red + 4 whites = one set of five colours
    expect(scoreCubes({ red: 1, white: 4 })).toBe(15);
    expect(scoreCubes({ white: 5 })).toBe(15);
    expect(scoreCubes({ white: 2 })).toBe(3);
    // whites alone: 6 → {5}+{1} = 16 (better than 3+3 = 12)
    expect(scoreCubes({ white: 6 })).toBe(16);
  });

  it("a white joins the short set, not the long one", () => {
    // r2 b2 p2 y2 + 1 white: {r,b,p,y,w}=15 + {r,b,p,y}=10 = 25
    expect(scoreCubes({ red: 2, blue: 2, purple: 2, yellow: 2, white: 1 })).toBe(25);
  });

  it("long-distance tiles: face up -2, flipped +5", () => {
    expect(scoreCubes({ red: 1 }, { flipped: 1 })).toBe(6);
    expect(scoreCubes({ red: 1 }, { faceUp: 2 })).toBe(-3);
    expect(scoreCubes(z, { flipped: 2, faceUp: 1 })).toBe(8);
  });

  it("refuses negative or fractional counts", () => {
    expect(() => scoreCubes({ red: -1 })).toThrow(RangeError);
    expect(() => scoreCubes({ blue: 1.5 })).toThrow(RangeError);
    expect(() => scoreCubes({ white: 95 })).toThrow(RangeError);
  });

  it("property: equals the exhaustive search over every split (small piles)", () => {
    const n = fc.integer({ min: 0, max: 4 });
    fc.assert(
      fc.property(
        n,
        n,
        n,
        n,
        n,
        fc.integer({ min: 0, max: 4 }),
        (red, blue, purple, yellow, green, white) => {
          const c = { red, blue, purple, yellow, green, white };
          expect(scoreCubes(c)).toBe(scoreCubesBruteForce(c));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("brute force agrees on the rulebook example", () => {
    expect(scoreCubesBruteForce({ red: 2, blue: 1, green: 1, yellow: 3, white: 2 })).toBe(22);
  });

  it("property: adding a cube never lowers the score", () => {
    const n = fc.integer({ min: 0, max: 18 });
    fc.assert(
      fc.property(
        n,
        n,
        n,
        n,
        fc.integer({ min: 0, max: 10 }),
        fc.integer({ min: 0, max: 12 }),
        (r, b, p, y, g, w) => {
          const c = { red: r, blue: b, purple: p, yellow: y, green: g, white: w };
          const s = scoreCubes(c);
          expect(scoreCubes({ ...c, red: r + 1 })).toBeGreaterThanOrEqual(s + 1);
          expect(scoreCubes({ ...c, white: w + 1 })).toBeGreaterThanOrEqual(
            scoreCubes({ ...c, green: g + 1 }),
          );
        },
      ),
      { numRuns: 100 },
    );
  });

  it("the whole box scores in reasonable time", () => {
    expect(scoreCubes({ red: 18, blue: 18, purple: 18, yellow: 18, green: 10, white: 12 })).toBeGreaterThan(
      0,
    );
  });
});

describe("string.scoring: bestSplit, the sets of the best split", () => {
  it("its sets score exactly scoreCubes, each set of distinct colours, every cube used once", () => {
    const piles: Partial<Counts>[] = [
      {},
      { red: 3 },
      { red: 2, blue: 1, white: 1 },
      { red: 1, blue: 1, purple: 1, yellow: 1, green: 1, white: 3 },
      { green: 4, white: 2, yellow: 1 },
    ];
    for (const pile of piles) {
      const sets = bestSplit(pile);
      const score = sets.reduce((t, set) => t + SET_SCORE[set.length]!, 0);
      expect(score, JSON.stringify(pile)).toBe(scoreCubes(pile));
      const used: Record<string, number> = {};
      for (const set of sets) {
        expect(set.length).toBeLessThanOrEqual(5);
        const plain = set.filter((c) => c !== "white");
        expect(new Set(plain).size).toBe(plain.length);
        for (const c of set) used[c] = (used[c] ?? 0) + 1;
      }
      for (const [c, n] of Object.entries(pile)) expect(used[c] ?? 0).toBe(n);
    }
  });
});

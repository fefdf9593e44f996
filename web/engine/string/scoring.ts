/**
 * End-of-game scoring (docs/rules/string-railway.md § Scoring).
 *
 * Cubes are split into sets of different colours (red, blue, purple, yellow, green); a set of 5/4/3/2/1
 * colours scores 15/10/6/3/1. A white cube is wild: it stands for any colour not otherwise in its set, and
 * several whites may stand for several different colours. The score is the maximum over every split and
 * every choice of colours for the whites.
 *
 * Method (exact):
 * 1. Giving every white a colour turns the cubes into plain coloured cubes, and every split of the original
 *    cubes is a split of some such colouring (and conversely), so the maximum is the maximum over colourings.
 *    The colourings are enumerated exhaustively: the ways to spread W whites over 5 colours, C(W+4, 4).
 * 2. For plain counts c₁…c₅, a split into sets of distinct colours with sizes s₁, s₂, … is a 0-1 matrix with
 *    row sums c and column sums s; by the Gale–Ryser theorem one exists iff s is majorised by the conjugate
 *    partition c* (c*ⱼ = number of colours with at least j cubes). The set score f = [0,1,3,6,10,15] is convex,
 *    so Σ f(sⱼ) is Schur-convex and its maximum over that set is at s = c*: deal the cubes in layers, one of
 *    each colour still present per set.
 * The tests check this against `scoreCubesBruteForce`, an exhaustive search over every split.
 */
import type { Counts, CubeColour } from "./types.ts";

export const SET_SCORE: readonly number[] = [0, 1, 3, 6, 10, 15];
export const FLIPPED_TILE_POINTS = 5;
export const FACE_UP_TILE_POINTS = -2;

/** More whites than the box holds cubes is refused (the exhaustive search grows as W⁴). */
export const MAX_WHITES = 94;

const PLAIN = ["red", "blue", "purple", "yellow", "green"] as const;

export interface TileCounts {
  flipped: number;
  faceUp: number;
}

/**
 * Score of plain coloured counts (no whites): the layered split, Σⱼ f(c*ⱼ). With f(h) = h(h+1)/2 and
 * Σⱼ c*ⱼ² = Σᵢ,ₖ min(cᵢ, cₖ), this equals N + Σᵢ<ₖ min(cᵢ, cₖ) (N = number of cubes): O(25) whatever the counts.
 */
function layered(c: readonly number[]): number {
  let total = 0;
  for (let i = 0; i < c.length; i++) {
    total += c[i]!;
    for (let k = i + 1; k < c.length; k++) total += Math.min(c[i]!, c[k]!);
  }
  return total;
}

function checkCount(name: string, v: unknown): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
    throw new RangeError(`${name} must be a non-negative integer, got ${String(v)}`);
  }
  return v;
}

/**
 * Exact maximum score of a score pile, plus long-distance tiles (face up −2 each, flipped +5 each).
 * Missing colours count 0; counts must be non-negative integers (RangeError otherwise).
 */
export function scoreCubes(counts: Partial<Readonly<Counts>>, tiles: Partial<TileCounts> = {}): number {
  const c = PLAIN.map((k) => checkCount(k, counts[k] ?? 0));
  const whites = checkCount("white", counts.white ?? 0);
  // C(W+4, 4) colourings: 3.8 million at 94 (the whole box), still well under a second.
  if (whites > MAX_WHITES) throw new RangeError(`white must be at most ${MAX_WHITES}, got ${whites}`);
  const flipped = checkCount("flipped", tiles.flipped ?? 0);
  const faceUp = checkCount("faceUp", tiles.faceUp ?? 0);
  let best = 0;
  // Every spread of the whites over the five colours (w[0] + … + w[4] = whites).
  const spread = (i: number, left: number): void => {
    if (i === PLAIN.length - 1) {
      c[i]! += left;
      const s = layered(c);
      if (s > best) best = s;
      c[i]! -= left;
      return;
    }
    for (let w = 0; w <= left; w++) {
      c[i]! += w;
      spread(i + 1, left - w);
      c[i]! -= w;
    }
  };
  spread(0, whites);
  return best + FLIPPED_TILE_POINTS * flipped + FACE_UP_TILE_POINTS * faceUp;
}

/**
 * The sets of a best split of a score pile (the split `scoreCubes` values, tiles aside): the colouring of the
 * whites that scores most (the first in `scoreCubes`' enumeration order), then the cubes dealt in layers, one
 * of each colour still present per set, largest set first. A white cube is listed as "white" in the set where
 * it stands for a colour (the last sets holding that colour). Σ SET_SCORE[set size] equals `scoreCubes(counts)`.
 */
export function bestSplit(counts: Partial<Readonly<Counts>>): CubeColour[][] {
  const c = PLAIN.map((k) => checkCount(k, counts[k] ?? 0));
  const whites = checkCount("white", counts.white ?? 0);
  if (whites > MAX_WHITES) throw new RangeError(`white must be at most ${MAX_WHITES}, got ${whites}`);
  let best = -1;
  let bestW: number[] = [0, 0, 0, 0, 0];
  const w = [0, 0, 0, 0, 0];
  const spread = (i: number, left: number): void => {
    if (i === PLAIN.length - 1) {
      w[i] = left;
      const s = layered(c.map((v, k) => v + w[k]!));
      if (s > best) {
        best = s;
        bestW = w.slice();
      }
      return;
    }
    for (let x = 0; x <= left; x++) {
      w[i] = x;
      spread(i + 1, left - x);
    }
  };
  spread(0, whites);
  const total = c.map((v, k) => v + bestW[k]!);
  const layers = Math.max(0, ...total);
  const sets: CubeColour[][] = [];
  for (let j = 0; j < layers; j++) {
    const set: CubeColour[] = [];
    PLAIN.forEach((colour, k) => {
      if (j < total[k]!) set.push(j >= c[k]! ? "white" : colour);
    });
    sets.push(set);
  }
  return sets;
}

/**
 * Independent reference: exhaustive search over every split into sets (each set a subset of the plain
 * colours still present plus some whites, at most 5 cubes, at most one of each plain colour), memoised on
 * the remaining cubes. Exponential: for tests on small piles only.
 */
export function scoreCubesBruteForce(counts: Partial<Readonly<Counts>>): number {
  const memo = new Map<string, number>();
  const go = (c: number[], w: number): number => {
    if (w === 0 && c.every((v) => v === 0)) return 0;
    const key = `${c.join(",")}|${w}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best = Number.NEGATIVE_INFINITY;
    for (let mask = 0; mask < 32; mask++) {
      let size = 0;
      let okMask = true;
      for (let i = 0; i < 5; i++) {
        if (mask & (1 << i)) {
          if (c[i]! === 0) okMask = false;
          size++;
        }
      }
      if (!okMask) continue;
      for (let k = 0; k <= Math.min(w, 5 - size); k++) {
        if (size + k === 0) continue;
        const next = c.map((v, i) => (mask & (1 << i) ? v - 1 : v));
        const s = SET_SCORE[size + k]! + go(next, w - k);
        if (s > best) best = s;
      }
    }
    memo.set(key, best);
    return best;
  };
  return go(
    PLAIN.map((k) => counts[k] ?? 0),
    counts.white ?? 0,
  );
}

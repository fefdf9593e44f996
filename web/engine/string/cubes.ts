import type { Rng } from "../common/rng.ts";
import { type Counts, CUBE_COLOURS, type CubeColour } from "./types.ts";

/** The 94 cargo cubes of the box (rulebook, Contents). */
export const BOX: Readonly<Counts> = { red: 18, blue: 18, purple: 18, yellow: 18, green: 10, white: 12 };
export const TOTAL_CUBES = 94;

export function emptyCounts(): Counts {
  return { red: 0, blue: 0, purple: 0, yellow: 0, green: 0, white: 0 };
}

export function countTotal(c: Readonly<Counts>): number {
  let n = 0;
  for (const k of CUBE_COLOURS) n += c[k];
  return n;
}

export function addCounts(a: Counts, b: Readonly<Counts>): void {
  for (const k of CUBE_COLOURS) a[k] += b[k];
}

export function isCubeColour(v: unknown): v is CubeColour {
  return typeof v === "string" && (CUBE_COLOURS as readonly string[]).includes(v);
}

/**
 * Draws `n` cubes from `bag` uniformly at random (each cube equally likely), mutating `bag`.
 * A draw from an empty bag draws what is left (RULES.md §2): the result may hold fewer than `n`.
 */
export function drawCubes(bag: Counts, n: number, rng: Rng): Counts {
  const out = emptyCounts();
  for (let i = 0; i < n; i++) {
    const total = countTotal(bag);
    if (total === 0) break;
    let k = rng.int(total);
    for (const c of CUBE_COLOURS) {
      if (k < bag[c]) {
        bag[c]--;
        out[c]++;
        break;
      }
      k -= bag[c];
    }
  }
  return out;
}

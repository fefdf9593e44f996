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
  a.red += b.red;
  a.blue += b.blue;
  a.purple += b.purple;
  a.yellow += b.yellow;
  a.green += b.green;
  a.white += b.white;
}

export function isCubeColour(v: unknown): v is CubeColour {
  return typeof v === "string" && (CUBE_COLOURS as readonly string[]).includes(v);
}

/**
 * Draws `n` cubes from `bag` uniformly at random (each cube equally likely), mutating `bag`.
 * A draw from an empty bag draws what is left (docs/rules/string-railway.md § Special actions): the result may hold fewer than `n`.
 */
export function drawCubes(bag: Counts, n: number, rng: Rng): Counts {
  const out = emptyCounts();
  // The bag's total kept as cubes leave it, and the colours tried in CUBE_COLOURS order by name (no keyed
  // reads): the same draws from the generator, the same cubes.
  let total = bag.red + bag.blue + bag.purple + bag.yellow + bag.green + bag.white;
  for (let i = 0; i < n && total > 0; i++, total--) {
    const k = rng.int(total);
    // k below the running sum of the colours so far: the first colour whose cubes reach it
    const red = bag.red;
    const blue = red + bag.blue;
    const purple = blue + bag.purple;
    const yellow = purple + bag.yellow;
    if (k < red) {
      bag.red--;
      out.red++;
    } else if (k < blue) {
      bag.blue--;
      out.blue++;
    } else if (k < purple) {
      bag.purple--;
      out.purple++;
    } else if (k < yellow) {
      bag.yellow--;
      out.yellow++;
    } else if (k < yellow + bag.green) {
      bag.green--;
      out.green++;
    } else {
      bag.white--;
      out.white++;
    }
  }
  return out;
}

/**
 * Hex geometry and the city limit (docs/rules/light-rail.md § Grid, § City limit). Columns `q = 0..n-1` of heights `h` hold the cells whose
 * vertical position `r + q/2` lies in `[-(h-1)/2, (h-1)/2]`; the mirror image maps `(q, r)` to `(-q, r + q)`.
 * A set of cells *fits* when some translation of the shape or of its mirror contains it. A *frame* is one
 * such translated copy, listed as absolute cells.
 */
import { COORD_LIMIT, D } from "./types.ts";

export const COLUMN_HEIGHTS: Readonly<Record<number, readonly number[]>> = {
  2: [1, 2, 3, 4, 3, 2, 1],
  3: [1, 2, 3, 4, 5, 6],
  4: [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1],
};

/** Exact numeric key of a cell (|q|, |r| < COORD_LIMIT). */
export function cellKey(q: number, r: number): number {
  return (q + COORD_LIMIT) * (4 * COORD_LIMIT) + (r + COORD_LIMIT);
}

export function neighbour(q: number, r: number, edge: number): [number, number] {
  const d = D[edge]!;
  return [q + d[0], r + d[1]];
}

export function isAdjacent(q1: number, r1: number, q2: number, r2: number): boolean {
  const dq = q2 - q1;
  const dr = r2 - r1;
  return D.some(([a, b]) => a === dq && b === dr);
}

/** The city-limit shape for a player count, as cells `[q, r]` (columns q = 0..n-1). */
export function shapeCells(players: number): [number, number][] {
  const heights = COLUMN_HEIGHTS[players];
  if (!heights) throw new RangeError(`no city shape for ${players} players`);
  const out: [number, number][] = [];
  heights.forEach((h, q) => {
    // r + q/2 in [-(h-1)/2, (h-1)/2]  <=>  2r in [-(h-1) - q, (h-1) - q]
    const lo = Math.ceil((-(h - 1) - q) / 2);
    const hi = Math.floor((h - 1 - q) / 2);
    for (let r = lo; r <= hi; r++) out.push([q, r]);
  });
  return out;
}

export function mirrorCells(cells: readonly (readonly [number, number])[]): [number, number][] {
  return cells.map(([q, r]) => [-q, r + q]);
}

/** Number of cells of the full city. */
export function citySize(players: number): number {
  return (COLUMN_HEIGHTS[players] ?? []).reduce((a, b) => a + b, 0);
}

/** True when the cell lies inside the engine's coordinate box, |q| and |r| below COORD_LIMIT. */
export function inCoordBox(q: number, r: number): boolean {
  return Math.abs(q) < COORD_LIMIT && Math.abs(r) < COORD_LIMIT;
}

/**
 * Every frame (translated shape or mirror) that contains all `cells`; with no cells, every frame
 * containing `anchor` (default (0,0)). Frames are deduplicated (for symmetric shapes the mirror is a
 * translation of the shape), listed shape first, then mirror, by translation order.
 *
 * Only frames lying wholly inside the coordinate box (|q|, |r| < COORD_LIMIT, {@link inCoordBox}) count:
 * the engine accepts no card outside it, so a frame crossing its edge could never be filled. This matters
 * only within a city's width of the box's edge (a first card there keeps the frames that fit; a first card
 * in a corner that no frame fits is refused as `light.outside-city-limit`).
 */
export function framesContaining(
  players: number,
  cells: readonly (readonly [number, number])[],
  anchor: readonly [number, number] = [0, 0],
): [number, number][][] {
  const base = shapeCells(players);
  const shapes = [base, mirrorCells(base)];
  const p0 = cells[0] ?? anchor;
  const seen = new Set<string>();
  const out: [number, number][][] = [];
  for (const shape of shapes) {
    const keys = new Set(shape.map(([q, r]) => cellKey(q, r)));
    for (const [sq, sr] of shape) {
      const tq = sq - p0[0];
      const tr = sr - p0[1];
      // all cells translated by t must lie in the shape
      let ok = true;
      for (const [q, r] of cells) {
        if (!keys.has(cellKey(q + tq, r + tr))) {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      const frame = shape.map(([q, r]) => [q - tq, r - tr] as [number, number]);
      if (!frame.every(([q, r]) => inCoordBox(q, r))) continue;
      const sig = frame
        .map(([q, r]) => cellKey(q, r))
        .sort((a, b) => a - b)
        .join(",");
      if (seen.has(sig)) continue;
      seen.add(sig);
      out.push(frame);
    }
  }
  return out;
}

/** True when the cells fit inside some translation of the shape or of its mirror. */
export function fitsCity(players: number, cells: readonly (readonly [number, number])[]): boolean {
  return cells.length === 0 || framesContaining(players, cells).length > 0;
}

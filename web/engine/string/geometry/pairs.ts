// biome-ignore-all lint/complexity/useMathMinMax: ternaries mirror the Wasm twin operation for operation (and stay inlined in the hot loop)
/**
 * All pairs of intersecting segments among N, over a uniform grid: TypeScript twin of
 * assembly/geometry/pairs.ts (same grid, same visiting order, same pairs in the same order).
 *
 * Input `segments = [x1, y1, x2, y2, …]` (closed segments; equal ends make a point). A pair (i, j), i < j,
 * counts when the two closed segments share at least one point (exact: `segmentsIntersect`).
 *
 * Grid: cell side = max(√(W·H / n), mean box side), doubled until the grid has at most 2n cells and the
 * segments' boxes cover at most 8n cell entries (one cell always fits, so this ends). Each segment is listed
 * in every cell its bounding box covers (counting sort, cells row-major, indices ascending). A candidate pair
 * is tested only in the cell holding the lower-left corner of the intersection of the two boxes: the cell
 * (max of the two first columns, max of the two first rows), so each pair is tested once with no hash set.
 * That integer test runs before the box-overlap test: it is cheaper and rejects the copies of a pair met in the
 * other cells the two share.
 * docs/geometry.md has the measurements behind the choice (grid vs sweep vs brute force).
 */
import { allInSafeRange, orient2d, orient2dFast } from "./predicates.ts";

/** Grid limits as multiples of n (the Wasm kernel uses the same). */
export const GRID_CELLS_PER_SEGMENT = 2;
export const GRID_ENTRIES_PER_SEGMENT = 8;

// Scratch grown on demand, reused across calls.
let box = new Float64Array(0);
let range = new Int32Array(0);
let entries = new Int32Array(0);
let cellStart = new Int32Array(0);

function ensure(n: number): void {
  if (box.length < 4 * n) {
    box = new Float64Array(4 * n);
    range = new Int32Array(4 * n);
  }
  if (entries.length < GRID_ENTRIES_PER_SEGMENT * n) entries = new Int32Array(GRID_ENTRIES_PER_SEGMENT * n);
  if (cellStart.length < GRID_CELLS_PER_SEGMENT * n + 1)
    cellStart = new Int32Array(GRID_CELLS_PER_SEGMENT * n + 1);
}

type Orient = (ax: number, ay: number, bx: number, by: number, cx: number, cy: number) => number;

/** The exact closed-segment test of predicates.ts, with the orientation function passed in. */
function meets(orient: Orient, s: Float64Array, i: number, j: number): boolean {
  const ax = s[4 * i]!;
  const ay = s[4 * i + 1]!;
  const bx = s[4 * i + 2]!;
  const by = s[4 * i + 3]!;
  const cx = s[4 * j]!;
  const cy = s[4 * j + 1]!;
  const dx = s[4 * j + 2]!;
  const dy = s[4 * j + 3]!;
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  if ((o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0)) return false;
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if ((o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0)) return false;
  // All four collinear: the caller already checked that the boxes overlap, which on one line means overlap.
  return true;
}

/**
 * Number of pairs i < j of closed segments that share a point. When `pairsOut` is given, the first
 * `pairsOut.length / 2` pairs are written into it as `[i, j, …]` (grid order: by cell, then by i, then j).
 * Coordinates must be finite (the exact test works for any finite double).
 */
export function countIntersectingPairs(segments: Float64Array, pairsOut?: Int32Array): number {
  const n = segments.length >> 2;
  if (n < 2) return 0;
  ensure(n);
  const orient: Orient = allInSafeRange(segments) ? orient2dFast : orient2d;

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumSide = 0;
  for (let i = 0; i < n; i++) {
    const x1 = segments[4 * i]!;
    const y1 = segments[4 * i + 1]!;
    const x2 = segments[4 * i + 2]!;
    const y2 = segments[4 * i + 3]!;
    const x0 = x1 < x2 ? x1 : x2;
    const xx = x1 < x2 ? x2 : x1;
    const y0 = y1 < y2 ? y1 : y2;
    const yy = y1 < y2 ? y2 : y1;
    box[4 * i] = x0;
    box[4 * i + 1] = y0;
    box[4 * i + 2] = xx;
    box[4 * i + 3] = yy;
    if (x0 < minX) minX = x0;
    if (y0 < minY) minY = y0;
    if (xx > maxX) maxX = xx;
    if (yy > maxY) maxY = yy;
    sumSide += xx - x0 + (yy - y0);
  }

  // Cell side.
  const w = maxX - minX;
  const h = maxY - minY;
  let cell = w * h > 0 ? Math.sqrt((w * h) / n) : (w > h ? w : h) / n;
  const mean = sumSide / (2 * n);
  if (mean > cell) cell = mean;
  if (!(cell > 0)) cell = 1;
  const maxCells = GRID_CELLS_PER_SEGMENT * n;
  const budget = GRID_ENTRIES_PER_SEGMENT * n;
  let gx = 1;
  let gy = 1;
  let total = 0;
  // Spans or cells beyond the double range (huge or subnormal coordinates): one cell, i.e. brute force.
  const oneCell = !(w < Infinity && h < Infinity && cell < Infinity && 1 / cell < Infinity);
  if (oneCell) {
    range.fill(0, 0, 4 * n);
    total = n;
  }
  while (!oneCell) {
    const inv = 1 / cell;
    const fx = Math.floor(w * inv) + 1;
    const fy = Math.floor(h * inv) + 1;
    if (fx * fy > maxCells) {
      cell *= 2;
      continue;
    }
    gx = fx;
    gy = fy;
    total = 0;
    for (let i = 0; i < n; i++) {
      let c0 = Math.floor((box[4 * i]! - minX) * inv);
      let c1 = Math.floor((box[4 * i + 2]! - minX) * inv);
      let r0 = Math.floor((box[4 * i + 1]! - minY) * inv);
      let r1 = Math.floor((box[4 * i + 3]! - minY) * inv);
      if (c0 > gx - 1) c0 = gx - 1;
      if (c1 > gx - 1) c1 = gx - 1;
      if (r0 > gy - 1) r0 = gy - 1;
      if (r1 > gy - 1) r1 = gy - 1;
      range[4 * i] = c0;
      range[4 * i + 1] = r0;
      range[4 * i + 2] = c1;
      range[4 * i + 3] = r1;
      total += (c1 - c0 + 1) * (r1 - r0 + 1);
    }
    if (total <= budget) break;
    cell *= 2;
  }

  // Counting sort of (cell, segment) entries: cellStart[c] ends as the first entry of cell c.
  const cells = gx * gy;
  cellStart.fill(0, 0, cells + 1);
  for (let i = 0; i < n; i++) {
    for (let r = range[4 * i + 1]!; r <= range[4 * i + 3]!; r++)
      for (let c = range[4 * i]!; c <= range[4 * i + 2]!; c++) cellStart[r * gx + c]!++;
  }
  for (let c = 1; c <= cells; c++) cellStart[c]! += cellStart[c - 1]!;
  for (let i = n - 1; i >= 0; i--) {
    for (let r = range[4 * i + 1]!; r <= range[4 * i + 3]!; r++)
      for (let c = range[4 * i]!; c <= range[4 * i + 2]!; c++) entries[--cellStart[r * gx + c]!] = i;
  }
  cellStart[cells] = total;

  // Pairs per cell.
  const cap = pairsOut ? pairsOut.length >> 1 : 0;
  let count = 0;
  for (let r = 0; r < gy; r++) {
    for (let c = 0; c < gx; c++) {
      const cellId = r * gx + c;
      const end = cellStart[cellId + 1]!;
      for (let p = cellStart[cellId]!; p < end; p++) {
        const i = entries[p]!;
        const ix0 = box[4 * i]!;
        const iy0 = box[4 * i + 1]!;
        const ix1 = box[4 * i + 2]!;
        const iy1 = box[4 * i + 3]!;
        const ic = range[4 * i]!;
        const ir = range[4 * i + 1]!;
        for (let q = p + 1; q < end; q++) {
          const j = entries[q]!;
          // The pair's home cell first (two integer loads): rejects the copies met in other shared cells.
          const jc = range[4 * j]!;
          const jr = range[4 * j + 1]!;
          if ((ic > jc ? ic : jc) !== c || (ir > jr ? ir : jr) !== r) continue;
          if (box[4 * j]! > ix1 || box[4 * j + 2]! < ix0 || box[4 * j + 1]! > iy1 || box[4 * j + 3]! < iy0)
            continue;
          if (!meets(orient, segments, i, j)) continue;
          if (count < cap) {
            pairsOut![2 * count] = i;
            pairsOut![2 * count + 1] = j;
          }
          count++;
        }
      }
    }
  }
  return count;
}

/** Brute force over all pairs with the same exact test (tests and bench use it as the oracle). */
export function countIntersectingPairsBrute(segments: Float64Array): number {
  const n = segments.length >> 2;
  let count = 0;
  for (let i = 0; i < n; i++) {
    const ix0 = Math.min(segments[4 * i]!, segments[4 * i + 2]!);
    const ix1 = Math.max(segments[4 * i]!, segments[4 * i + 2]!);
    const iy0 = Math.min(segments[4 * i + 1]!, segments[4 * i + 3]!);
    const iy1 = Math.max(segments[4 * i + 1]!, segments[4 * i + 3]!);
    for (let j = i + 1; j < n; j++) {
      if (Math.min(segments[4 * j]!, segments[4 * j + 2]!) > ix1) continue;
      if (Math.max(segments[4 * j]!, segments[4 * j + 2]!) < ix0) continue;
      if (Math.min(segments[4 * j + 1]!, segments[4 * j + 3]!) > iy1) continue;
      if (Math.max(segments[4 * j + 1]!, segments[4 * j + 3]!) < iy0) continue;
      if (meets(orient2d, segments, i, j)) count++;
    }
  }
  return count;
}

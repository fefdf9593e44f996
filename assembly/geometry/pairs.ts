// All pairs of intersecting closed segments among n, over a uniform grid: Wasm twin of
// web/engine/string/geometry/pairs.ts (same grid, same visiting order, same pairs in the same order).
//
// Layout: the caller writes `[x1, y1, x2, y2, …]` into `segments` (n ≤ MAX_SEGMENTS)
// and calls `countPairs(n, maxPairs)`; the first min(count, maxPairs) pairs are written
// into `pairs` as `[i, j, …]` with i < j. Every buffer is allocated once, at its limit (runtime stub).
//
// Grid: cell side = max(sqrt(W H / n), mean box side), doubled until at most 2n cells and at most 8n
// (cell, segment) entries; a pair is tested only in the cell of the lower-left corner of its boxes'
// intersection, so each pair is tested once (that integer test runs before the box test: it rejects the copies
// of a pair met in other shared cells more cheaply). Coordinates outside orient2d's safe range switch the whole call to
// the guarded orient2d (exact for any finite double), as the TypeScript twin does.
import { inSafeRange, orient2d, orient2dFast } from "./orient";

export const MAX_SEGMENTS: i32 = 1 << 17;
export const MAX_PAIRS: i32 = 1 << 18;
const CELLS_PER_SEGMENT: i32 = 2;
const ENTRIES_PER_SEGMENT: i32 = 8;

export const segments = new StaticArray<f64>(4 * MAX_SEGMENTS);
export const pairs = new StaticArray<i32>(2 * MAX_PAIRS);
const box = new StaticArray<f64>(4 * MAX_SEGMENTS);
const range = new StaticArray<i32>(4 * MAX_SEGMENTS);
const entries = new StaticArray<i32>(ENTRIES_PER_SEGMENT * MAX_SEGMENTS);
const cellStart = new StaticArray<i32>(CELLS_PER_SEGMENT * MAX_SEGMENTS + 1);

// @ts-ignore: decorator
@inline function orient(wide: bool, ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): f64 {
  return wide ? orient2d(ax, ay, bx, by, cx, cy) : orient2dFast(ax, ay, bx, by, cx, cy);
}

// @ts-ignore: decorator
@inline function meets(wide: bool, i: i32, j: i32): bool {
  const ax = unchecked(segments[4 * i]);
  const ay = unchecked(segments[4 * i + 1]);
  const bx = unchecked(segments[4 * i + 2]);
  const by = unchecked(segments[4 * i + 3]);
  const cx = unchecked(segments[4 * j]);
  const cy = unchecked(segments[4 * j + 1]);
  const dx = unchecked(segments[4 * j + 2]);
  const dy = unchecked(segments[4 * j + 3]);
  const o1 = orient(wide, ax, ay, bx, by, cx, cy);
  const o2 = orient(wide, ax, ay, bx, by, dx, dy);
  if ((o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0)) return false;
  const o3 = orient(wide, cx, cy, dx, dy, ax, ay);
  const o4 = orient(wide, cx, cy, dx, dy, bx, by);
  if ((o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0)) return false;
  return true; // all collinear: the boxes overlap (checked by the caller), so the segments do
}

/**
 * Number of pairs i < j of the first n segments that share a point; writes up to maxPairs of them.
 * Returns -1 - i when segment i has a non-finite coordinate (nothing else is done).
 */
export function countPairs(n: i32, maxPairs: i32): i32 {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumSide: f64 = 0;
  let wide = false; // some coordinate outside orient2dFast's safe range: use the guarded orient2d
  for (let i = 0; i < n; i++) {
    const x1 = unchecked(segments[4 * i]);
    const y1 = unchecked(segments[4 * i + 1]);
    const x2 = unchecked(segments[4 * i + 2]);
    const y2 = unchecked(segments[4 * i + 3]);
    if (!(inSafeRange(x1) && inSafeRange(y1) && inSafeRange(x2) && inSafeRange(y2))) {
      // x - x is NaN for NaN and ±Infinity: refuse the whole call, naming the segment
      if (x1 - x1 != 0 || y1 - y1 != 0 || x2 - x2 != 0 || y2 - y2 != 0) return -1 - i;
      wide = true;
    }
    const x0 = x1 < x2 ? x1 : x2;
    const xx = x1 < x2 ? x2 : x1;
    const y0 = y1 < y2 ? y1 : y2;
    const yy = y1 < y2 ? y2 : y1;
    unchecked((box[4 * i] = x0));
    unchecked((box[4 * i + 1] = y0));
    unchecked((box[4 * i + 2] = xx));
    unchecked((box[4 * i + 3] = yy));
    if (x0 < minX) minX = x0;
    if (y0 < minY) minY = y0;
    if (xx > maxX) maxX = xx;
    if (yy > maxY) maxY = yy;
    sumSide += xx - x0 + (yy - y0);
  }
  if (n < 2) return 0; // after the finiteness pass: one bad segment is refused too

  const w = maxX - minX;
  const h = maxY - minY;
  const nf = <f64>n;
  let cell = w * h > 0 ? Math.sqrt((w * h) / nf) : (w > h ? w : h) / nf;
  const mean = sumSide / (2 * nf);
  if (mean > cell) cell = mean;
  if (!(cell > 0)) cell = 1;
  const maxCells = <f64>(CELLS_PER_SEGMENT * n);
  const budget = <f64>(ENTRIES_PER_SEGMENT * n);
  let gx = 1;
  let gy = 1;
  let total: f64 = 0;
  // Spans or cells beyond the double range (huge or subnormal coordinates): one cell, i.e. brute force.
  const oneCell = !(w < Infinity && h < Infinity && cell < Infinity && 1 / cell < Infinity);
  if (oneCell) {
    for (let i = 0; i < n; i++) {
      unchecked((range[4 * i] = 0));
      unchecked((range[4 * i + 1] = 0));
      unchecked((range[4 * i + 2] = 0));
      unchecked((range[4 * i + 3] = 0));
    }
    total = nf;
  }
  while (!oneCell) {
    const inv = 1 / cell;
    const fx = Math.floor(w * inv) + 1;
    const fy = Math.floor(h * inv) + 1;
    if (fx * fy > maxCells) {
      cell *= 2;
      continue;
    }
    gx = <i32>fx;
    gy = <i32>fy;
    const gxm = fx - 1;
    const gym = fy - 1;
    total = 0;
    for (let i = 0; i < n; i++) {
      let c0 = Math.floor((unchecked(box[4 * i]) - minX) * inv);
      let c1 = Math.floor((unchecked(box[4 * i + 2]) - minX) * inv);
      let r0 = Math.floor((unchecked(box[4 * i + 1]) - minY) * inv);
      let r1 = Math.floor((unchecked(box[4 * i + 3]) - minY) * inv);
      if (c0 > gxm) c0 = gxm;
      if (c1 > gxm) c1 = gxm;
      if (r0 > gym) r0 = gym;
      if (r1 > gym) r1 = gym;
      unchecked((range[4 * i] = <i32>c0));
      unchecked((range[4 * i + 1] = <i32>r0));
      unchecked((range[4 * i + 2] = <i32>c1));
      unchecked((range[4 * i + 3] = <i32>r1));
      total += (c1 - c0 + 1) * (r1 - r0 + 1);
    }
    if (total <= budget) break;
    cell *= 2;
  }

  const cells = gx * gy;
  for (let c = 0; c <= cells; c++) unchecked((cellStart[c] = 0));
  for (let i = 0; i < n; i++) {
    const c0 = unchecked(range[4 * i]);
    const c1 = unchecked(range[4 * i + 2]);
    const r1 = unchecked(range[4 * i + 3]);
    for (let r = unchecked(range[4 * i + 1]); r <= r1; r++)
      for (let c = c0; c <= c1; c++) unchecked((cellStart[r * gx + c] += 1));
  }
  for (let c = 1; c <= cells; c++) unchecked((cellStart[c] += cellStart[c - 1]));
  for (let i = n - 1; i >= 0; i--) {
    const c0 = unchecked(range[4 * i]);
    const c1 = unchecked(range[4 * i + 2]);
    const r1 = unchecked(range[4 * i + 3]);
    for (let r = unchecked(range[4 * i + 1]); r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const k = r * gx + c;
        const at = unchecked(cellStart[k]) - 1;
        unchecked((cellStart[k] = at));
        unchecked((entries[at] = i));
      }
  }
  unchecked((cellStart[cells] = <i32>total));

  const cap = maxPairs < MAX_PAIRS ? maxPairs : MAX_PAIRS;
  let count = 0;
  for (let r = 0; r < gy; r++) {
    for (let c = 0; c < gx; c++) {
      const cellId = r * gx + c;
      const end = unchecked(cellStart[cellId + 1]);
      for (let p = unchecked(cellStart[cellId]); p < end; p++) {
        const i = unchecked(entries[p]);
        const ix0 = unchecked(box[4 * i]);
        const iy0 = unchecked(box[4 * i + 1]);
        const ix1 = unchecked(box[4 * i + 2]);
        const iy1 = unchecked(box[4 * i + 3]);
        const ic = unchecked(range[4 * i]);
        const ir = unchecked(range[4 * i + 1]);
        for (let q = p + 1; q < end; q++) {
          const j = unchecked(entries[q]);
          // The pair's home cell first (two integer loads): rejects the copies met in other shared cells.
          const jc = unchecked(range[4 * j]);
          const jr = unchecked(range[4 * j + 1]);
          if ((ic > jc ? ic : jc) != c || (ir > jr ? ir : jr) != r) continue;
          if (
            unchecked(box[4 * j]) > ix1 ||
            unchecked(box[4 * j + 2]) < ix0 ||
            unchecked(box[4 * j + 1]) > iy1 ||
            unchecked(box[4 * j + 3]) < iy0
          )
            continue;
          if (!meets(wide, i, j)) continue;
          if (count < cap) {
            unchecked((pairs[2 * count] = i));
            unchecked((pairs[2 * count + 1] = j));
          }
          count++;
        }
      }
    }
  }
  return count;
}

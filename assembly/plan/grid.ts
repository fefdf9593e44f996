// The crossing count of a hint candidate through a grid over the other players' segments (hint.ts `evaluate`),
// twin of web/solvers/string/twin/grid.ts: same grid, same cells walked, same count.
//
// The placed segments (polyline.ts `placed`) are listed in every cell of a uniform grid (at most GRID_AXIS cells
// a side, about GRID_CELL cm) that their box overlaps; a segment over more than GRID_SPAN cells goes to a
// `large` list that every query scans. A candidate segment walks the columns its x-range covers and, in each, the
// rows between its y at the column's two sides (widened by a small margin, then one row each way): every placed
// segment that meets it is listed in the cell of a common point, which the walk visits (the cell map is monotone).
// Each listed segment's contact is recorded once per candidate segment (a stamp) with polyline.ts `pairCrossing`,
// then meet.ts groups them into meeting places: components do not depend on the order, so the count equals
// `crossingPoints`' whatever the order.
// Candidate chords are long (up to 60 cm) and placed segments short (~1 cm): the walk visits the cells along the
// chord, where the placed-segment index (geometry/placed.ts) would visit its whole box.
import { countMeetings, resetContacts } from "../geometry/meet";
import { discs, MAX_PLACED, pairCrossing, path, placed, placedString } from "../geometry/polyline";
import { fresh } from "../glue/fresh";

export const GRID_AXIS: i32 = 64;
export const GRID_SPAN: i32 = 16;
export const GRID_CELL: f64 = 3;
const MAX_ENTRIES: i32 = MAX_PLACED * GRID_SPAN;

const head = fresh<i32>(GRID_AXIS * GRID_AXIS);
const entryNext = fresh<i32>(MAX_ENTRIES);
const entryId = fresh<i32>(MAX_ENTRIES);
const large = fresh<i32>(MAX_PLACED);
const seen = fresh<i32>(MAX_PLACED);
let nLarge: i32 = 0;
let nx: i32 = 1;
let ny: i32 = 1;
let gx0: f64 = 0;
let gy0: f64 = 0;
let sx: f64 = 0;
let sy: f64 = 0;
let tick: i32 = 0;

function axisCells(w: f64): i32 {
  if (!(w > 0)) return 1;
  const n = Math.ceil(w / GRID_CELL);
  return n >= <f64>GRID_AXIS ? GRID_AXIS : n < 1 ? 1 : <i32>n;
}

// @ts-ignore: decorator
@inline function cellOf(v: f64, origin: f64, scale: f64, n: i32): i32 {
  const t = (v - origin) * scale;
  if (!(t > 0)) return 0;
  return t >= <f64>n ? n - 1 : <i32>t;
}

/** Lists placed segments 0..ns-1 over a grid on [minX, maxX] × [minY, maxY] (the board's box). */
export function gridBuild(ns: i32, minX: f64, minY: f64, maxX: f64, maxY: f64): void {
  nx = axisCells(maxX - minX);
  ny = axisCells(maxY - minY);
  gx0 = minX;
  gy0 = minY;
  sx = maxX > minX ? <f64>nx / (maxX - minX) : 0;
  sy = maxY > minY ? <f64>ny / (maxY - minY) : 0;
  for (let c = 0; c < nx * ny; c++) unchecked((head[c] = -1));
  nLarge = 0;
  let e = 0;
  for (let j = 0; j < ns; j++) {
    unchecked((seen[j] = 0));
    const ax = unchecked(placed[4 * j]);
    const ay = unchecked(placed[4 * j + 1]);
    const bx = unchecked(placed[4 * j + 2]);
    const by = unchecked(placed[4 * j + 3]);
    const c0 = cellOf(Math.min(ax, bx), gx0, sx, nx);
    const c1 = cellOf(Math.max(ax, bx), gx0, sx, nx);
    const r0 = cellOf(Math.min(ay, by), gy0, sy, ny);
    const r1 = cellOf(Math.max(ay, by), gy0, sy, ny);
    if ((c1 - c0 + 1) * (r1 - r0 + 1) > GRID_SPAN) {
      unchecked((large[nLarge++] = j));
      continue;
    }
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const cell = r * nx + c;
        unchecked((entryId[e] = j));
        unchecked((entryNext[e] = head[cell]));
        unchecked((head[cell] = e));
        e++;
      }
    }
  }
  tick = 0;
}

/** Crossings of the path (polyline.ts `path`, nv vertices) with the gridded segments: `crossingPoints`' count. */
export function gridCrossings(nv: i32, nd: i32, radius: f64): i32 {
  if (nv == 0) return 0;
  const nseg = nv > 1 ? nv - 1 : 1;
  resetContacts();
  for (let k = 0; k < nseg; k++) {
    const ax = unchecked(path[2 * k]);
    const ay = unchecked(path[2 * k + 1]);
    const bx = nv > 1 ? unchecked(path[2 * k + 2]) : ax;
    const by = nv > 1 ? unchecked(path[2 * k + 3]) : ay;
    const minx = Math.min(ax, bx);
    const maxx = Math.max(ax, bx);
    const miny = Math.min(ay, by);
    const maxy = Math.max(ay, by);
    tick++;
    for (let q = 0; q < nLarge; q++) {
      const j = unchecked(large[q]);
      unchecked((seen[j] = tick));
      pairCrossing(ax, ay, bx, by, minx, maxx, miny, maxy, placed, j, unchecked(placedString[j]), nd, radius);
    }
    const c0 = cellOf(minx, gx0, sx, nx);
    const c1 = cellOf(maxx, gx0, sx, nx);
    const dx = bx - ax;
    const slope = dx != 0 ? (by - ay) / dx : 0;
    const margin = 1e-9 * (1 + Math.abs(minx) + Math.abs(maxx));
    for (let c = c0; c <= c1; c++) {
      let lo = minx;
      let hi = maxx;
      if (dx != 0 && sx > 0) {
        lo = Math.max(minx, gx0 + <f64>c / sx - margin);
        hi = Math.min(maxx, gx0 + <f64>(c + 1) / sx + margin);
        if (c == c0) lo = minx;
        if (c == c1) hi = maxx;
      }
      let ylo = miny;
      let yhi = maxy;
      if (dx != 0 && sx > 0) {
        const y1 = ay + (lo - ax) * slope;
        const y2 = ay + (hi - ax) * slope;
        ylo = Math.max(miny, Math.min(y1, y2));
        yhi = Math.min(maxy, Math.max(y1, y2));
      }
      let r0 = cellOf(ylo, gy0, sy, ny) - 1;
      let r1 = cellOf(yhi, gy0, sy, ny) + 1;
      if (r0 < 0) r0 = 0;
      if (r1 > ny - 1) r1 = ny - 1;
      for (let r = r0; r <= r1; r++) {
        for (let e = unchecked(head[r * nx + c]); e >= 0; e = unchecked(entryNext[e])) {
          const j = unchecked(entryId[e]);
          if (unchecked(seen[j]) == tick) continue;
          unchecked((seen[j] = tick));
          pairCrossing(ax, ay, bx, by, minx, maxx, miny, maxy, placed, j, unchecked(placedString[j]), nd, radius);
        }
      }
    }
  }
  // the contacts come in cell order, not id order: the components (and so their count) are the same
  return countMeetings(discs, nd, radius);
}

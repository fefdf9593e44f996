/**
 * TypeScript twin of assembly/plan/grid.ts: the crossing count of a hint candidate through a grid over the other
 * players' segments (hint.ts `evaluate`), with the kernel's signatures and module-level lists of its sizes: same
 * grid, same cells walked, same count (see the kernel for why the walk finds every crossing). Reads the buffers
 * of polyline.ts (`placed`, `placedString`, `path`, `discs`) and calls the engine's geometry, the twin of the
 * kernel's polyline.ts and meet.ts.
 */
import { countMeetings, resetContacts } from "../../../engine/string/geometry/meet.ts";
import { pairCrossing } from "../../../engine/string/geometry/polyline.ts";
import { discs, MAX_PLACED, path, placed, placedString } from "./polyline.ts";

export const GRID_AXIS = 64;
export const GRID_SPAN = 16;
/** Cell side (cm): candidate chords are 5–60 cm, placed segments about 1 cm. */
export const GRID_CELL = 3;
const MAX_ENTRIES = MAX_PLACED * GRID_SPAN;

const head = new Int32Array(GRID_AXIS * GRID_AXIS);
const entryNext = new Int32Array(MAX_ENTRIES);
const entryId = new Int32Array(MAX_ENTRIES);
const large = new Int32Array(MAX_PLACED);
const seen = new Int32Array(MAX_PLACED);
let nLarge = 0;
let nx = 1;
let ny = 1;
let gx0 = 0;
let gy0 = 0;
let sx = 0;
let sy = 0;
let tick = 0;
/** The placed segments listed (the engine's geometry reads them as one array). */
let segs = placed.subarray(0, 0);
let sids = placedString.subarray(0, 0);

function axisCells(w: number): number {
  if (!(w > 0)) return 1;
  const n = Math.ceil(w / GRID_CELL);
  return n >= GRID_AXIS ? GRID_AXIS : Math.max(1, n);
}

function cellOf(v: number, origin: number, scale: number, n: number): number {
  const t = (v - origin) * scale;
  if (!(t > 0)) return 0;
  return t >= n ? n - 1 : Math.trunc(t);
}

/** Lists placed segments 0..ns-1 over a grid on [minX, maxX] × [minY, maxY] (the board's box). */
export function gridBuild(ns: number, minX: number, minY: number, maxX: number, maxY: number): void {
  segs = placed.subarray(0, 4 * ns);
  sids = placedString.subarray(0, ns);
  nx = axisCells(maxX - minX);
  ny = axisCells(maxY - minY);
  gx0 = minX;
  gy0 = minY;
  sx = maxX > minX ? nx / (maxX - minX) : 0;
  sy = maxY > minY ? ny / (maxY - minY) : 0;
  head.fill(-1, 0, nx * ny);
  nLarge = 0;
  let e = 0;
  for (let j = 0; j < ns; j++) {
    seen[j] = 0;
    const ax = placed[4 * j]!;
    const ay = placed[4 * j + 1]!;
    const bx = placed[4 * j + 2]!;
    const by = placed[4 * j + 3]!;
    const c0 = cellOf(Math.min(ax, bx), gx0, sx, nx);
    const c1 = cellOf(Math.max(ax, bx), gx0, sx, nx);
    const r0 = cellOf(Math.min(ay, by), gy0, sy, ny);
    const r1 = cellOf(Math.max(ay, by), gy0, sy, ny);
    if ((c1 - c0 + 1) * (r1 - r0 + 1) > GRID_SPAN) {
      large[nLarge++] = j;
      continue;
    }
    for (let c = c0; c <= c1; c++) {
      for (let r = r0; r <= r1; r++) {
        const cell = r * nx + c;
        entryId[e] = j;
        entryNext[e] = head[cell]!;
        head[cell] = e;
        e++;
      }
    }
  }
  tick = 0;
}

/** Crossings of the path (polyline.ts `path`, nv vertices) with the gridded segments: `crossingPoints`' count. */
export function gridCrossings(nv: number, nd: number, radius: number): number {
  if (nv === 0) return 0;
  const nseg = nv > 1 ? nv - 1 : 1;
  const d = discs.subarray(0, 2 * nd);
  resetContacts();
  for (let k = 0; k < nseg; k++) {
    const ax = path[2 * k]!;
    const ay = path[2 * k + 1]!;
    const bx = nv > 1 ? path[2 * k + 2]! : ax;
    const by = nv > 1 ? path[2 * k + 3]! : ay;
    const minx = Math.min(ax, bx);
    const maxx = Math.max(ax, bx);
    const miny = Math.min(ay, by);
    const maxy = Math.max(ay, by);
    const box = [minx, maxx, miny, maxy] as const;
    tick++;
    for (let q = 0; q < nLarge; q++) {
      const j = large[q]!;
      seen[j] = tick;
      pairCrossing(ax, ay, bx, by, box, segs, j, sids[j]!, d, radius);
    }
    const c0 = cellOf(minx, gx0, sx, nx);
    const c1 = cellOf(maxx, gx0, sx, nx);
    const dx = bx - ax;
    const slope = dx !== 0 ? (by - ay) / dx : 0;
    const margin = 1e-9 * (1 + Math.abs(minx) + Math.abs(maxx));
    for (let c = c0; c <= c1; c++) {
      let lo = minx;
      let hi = maxx;
      if (dx !== 0 && sx > 0) {
        lo = Math.max(minx, gx0 + c / sx - margin);
        hi = Math.min(maxx, gx0 + (c + 1) / sx + margin);
        if (c === c0) lo = minx;
        if (c === c1) hi = maxx;
      }
      let ylo = miny;
      let yhi = maxy;
      if (dx !== 0 && sx > 0) {
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
        for (let e = head[r * nx + c]!; e >= 0; e = entryNext[e]!) {
          const j = entryId[e]!;
          if (seen[j] === tick) continue;
          seen[j] = tick;
          pairCrossing(ax, ay, bx, by, box, segs, j, sids[j]!, d, radius);
        }
      }
    }
  }
  // the contacts come in cell order, not id order: the components (and so their count) are the same
  return countMeetings(d, radius);
}

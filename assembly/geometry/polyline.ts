// Polyline kernels for String Railway strings: Wasm twins of web/engine/string/geometry/polyline.ts (same
// operations in the same order, same results). The caller fills the buffers below and passes counts.
//
// Layouts (f64, centimetres): path `[x0, y0, …]` (1..MAX_PATH vertices); discs `[cx, cy, …]` (≤ MAX_DISCS, one
// radius); polygon `[x0, y0, …]` (3..MAX_POLYGON vertices, simple, closed implicitly); placed segments
// `[x1, y1, x2, y2, …]` (≤ MAX_PLACED). Outputs: `visits` (disc indices) and `points` (`[x, y, …]`).
import { orient2d } from "./orient";
import { pairContact, resetContacts, resolveMeetings } from "./meet";
import { segmentsIntersect } from "./segment";
import { fresh } from "../glue/fresh";

export const MAX_PATH: i32 = 64;
export const MAX_DISCS: i32 = 1024;
export const MAX_POLYGON: i32 = 4096;
export const MAX_PLACED: i32 = 8192;
export const MAX_VISITS: i32 = MAX_PATH * MAX_DISCS;
export const MAX_POINTS: i32 = 1 << 16;

export const path = fresh<f64>(2 * MAX_PATH);
export const discs = fresh<f64>(2 * MAX_DISCS);
export const polygon = fresh<f64>(2 * MAX_POLYGON);
export const placed = fresh<f64>(4 * MAX_PLACED);
/** The string id of each placed segment (meeting places are counted per rival string). */
export const placedString = fresh<i32>(MAX_PLACED);
export const visits = fresh<i32>(MAX_VISITS);
/** Points the `points` buffer holds at start-up; it grows on demand up to MAX_POINTS (`reservePoints`). */
export const START_POINTS: i32 = 4096;
export let points = fresh<f64>(2 * START_POINTS);

/** Makes `points` hold `n` points (n ≤ MAX_POINTS; the wrapper checks), doubling; returns its capacity in points. */
export function reservePoints(n: i32): i32 {
  const now = points.length >> 1;
  if (n <= now || now >= MAX_POINTS) return now;
  let cap = now;
  while (cap < n) cap <<= 1;
  if (cap > MAX_POINTS) cap = MAX_POINTS;
  points = new StaticArray<f64>(2 * cap);
  return cap;
}
const keys = fresh<f64>(MAX_DISCS);
const ids = fresh<i32>(MAX_DISCS);
const near = fresh<i32>(MAX_DISCS);
/** `stationsTouched` filters the discs once per this many path segments, then per segment among those. */
const CHUNK: i32 = 8;

// Comparisons as selects: f64.min / f64.max carry NaN and ±0 rules that engines compile to several instructions;
// for the box tests here (finite inputs, compared with < and >, where -0 == 0) a select gives the same answers.
// @ts-ignore: decorator
@inline export function min2(a: f64, b: f64): f64 {
  return a < b ? a : b;
}
// @ts-ignore: decorator
@inline export function max2(a: f64, b: f64): f64 {
  return a > b ? a : b;
}

/** Total length of the first nv vertices' polyline. */
export function polylineLength(nv: i32): f64 {
  let len: f64 = 0;
  for (let i = 1; i < nv; i++) {
    const dx = unchecked(path[2 * i]) - unchecked(path[2 * i - 2]);
    const dy = unchecked(path[2 * i + 1]) - unchecked(path[2 * i - 1]);
    len += Math.sqrt(dx * dx + dy * dy);
  }
  return len;
}

// @ts-ignore: decorator
@inline export function pointInDisc(x: f64, y: f64, cx: f64, cy: f64, r: f64): bool {
  const dx = x - cx;
  const dy = y - cy;
  return dx * dx + dy * dy <= r * r;
}

export function segmentTouchesDisc(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, r: f64): bool {
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  const t = l2 > 0 ? ((cx - ax) * dx + (cy - ay) * dy) / l2 : 0;
  let px = ax;
  let py = ay;
  if (t >= 1) {
    px = bx;
    py = by;
  } else if (t > 0) {
    px = ax + t * dx;
    py = ay + t * dy;
  }
  const ex = cx - px;
  const ey = cy - py;
  return ex * ex + ey * ey <= r * r;
}

function discEntry(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, r: f64): f64 {
  const wx = cx - ax;
  const wy = cy - ay;
  if (wx * wx + wy * wy <= r * r) return 0;
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  if (l2 == 0) return 0;
  const tc = (wx * dx + wy * dy) / l2;
  const cross = wx * dy - wy * dx;
  const h2 = r * r - (cross * cross) / l2;
  const t = tc - Math.sqrt((h2 > 0 ? h2 : 0) / l2);
  return t > 0 ? t : 0;
}

/**
 * Box filter of `stationsTouched`: a disc whose centre lies more than the returned margin outside a segment's box
 * fails `segmentTouchesDisc`, so skipping it changes nothing. With every path and disc coordinate of magnitude
 * ≤ M ≤ 1e100 and 1e-100 ≤ r ≤ 1e100, that test's rounding (nearest point within a few ulps of M outside the
 * box, distances within a few ulps of r, no overflow or underflow) stays far below r · 1e-6 + M · 1e-12.
 * Outside those ranges the margin is infinite (no filter). The filter runs twice: once per CHUNK segments
 * against their common box (a disc outside it is outside each segment's box: min, max and the subtraction of
 * one margin are monotone), then per segment among the discs left, still in index order.
 */
function discBoxMargin(nv: i32, nd: i32, r: f64): f64 {
  if (!(r >= 1e-100 && r <= 1e100)) return Infinity;
  let big: f64 = 0;
  for (let i = 0; i < 2 * nv; i++) big = max2(big, Math.abs(unchecked(path[i])));
  for (let i = 0; i < 2 * nd; i++) big = max2(big, Math.abs(unchecked(discs[i])));
  if (!(big <= 1e100)) return Infinity;
  return r * 1.000001 + big * 1e-12;
}

/** Stations (disc indices) touched along the path, one entry per visit, into `visits`; returns the count. */
export function stationsTouched(nv: i32, nd: i32, radius: f64): i32 {
  if (nv == 0) return 0;
  const nseg = nv > 1 ? nv - 1 : 1;
  const margin = discBoxMargin(nv, nd, radius);
  let out = 0;
  let nn = 0;
  for (let k = 0; k < nseg; k++) {
    if (k % CHUNK == 0) {
      // the discs near the box of segments k … k + CHUNK - 1 (vertices k … k + CHUNK), in index order
      const last = nv > 1 ? min(k + CHUNK, nv - 1) : 0;
      let x0 = unchecked(path[2 * k]);
      let y0 = unchecked(path[2 * k + 1]);
      let x1 = x0;
      let y1 = y0;
      for (let v = k + 1; v <= last; v++) {
        x0 = min2(x0, unchecked(path[2 * v]));
        x1 = max2(x1, unchecked(path[2 * v]));
        y0 = min2(y0, unchecked(path[2 * v + 1]));
        y1 = max2(y1, unchecked(path[2 * v + 1]));
      }
      x0 -= margin;
      x1 += margin;
      y0 -= margin;
      y1 += margin;
      nn = 0;
      // SIMD: a disc centre (cx, cy) is one f64x2, compared with (x0, y0) and (x1, y1) lane-wise
      const lo = f64x2(x0, y0);
      const hi = f64x2(x1, y1);
      const base = changetype<usize>(discs);
      for (let d = 0; d < nd; d++) {
        const c = v128.load(base + (<usize>d << 4));
        if (!v128.any_true(v128.or(f64x2.lt(c, lo), f64x2.gt(c, hi)))) unchecked((near[nn++] = d));
      }
    }
    if (nn == 0) continue;
    const ax = unchecked(path[2 * k]);
    const ay = unchecked(path[2 * k + 1]);
    const bx = nv > 1 ? unchecked(path[2 * k + 2]) : ax;
    const by = nv > 1 ? unchecked(path[2 * k + 3]) : ay;
    const lox = Math.min(ax, bx) - margin;
    const hix = Math.max(ax, bx) + margin;
    const loy = Math.min(ay, by) - margin;
    const hiy = Math.max(ay, by) + margin;
    let m = 0;
    for (let q = 0; q < nn; q++) {
      const d = unchecked(near[q]);
      const cx = unchecked(discs[2 * d]);
      const cy = unchecked(discs[2 * d + 1]);
      if (cx < lox || cx > hix || cy < loy || cy > hiy) continue;
      if (!segmentTouchesDisc(ax, ay, bx, by, cx, cy, radius)) continue;
      if (k > 0 && pointInDisc(ax, ay, cx, cy, radius)) continue;
      const t = discEntry(ax, ay, bx, by, cx, cy, radius);
      let p = m++;
      while (p > 0 && unchecked(keys[p - 1]) > t) {
        unchecked((keys[p] = keys[p - 1]));
        unchecked((ids[p] = ids[p - 1]));
        p--;
      }
      unchecked((keys[p] = t));
      unchecked((ids[p] = d));
    }
    for (let p = 0; p < m; p++) unchecked((visits[out++] = ids[p]));
  }
  return out;
}

/** 1 strictly inside the first np polygon vertices, 0 on the boundary, -1 outside (exact). */
export function pointLocation(x: f64, y: f64, np: i32): i32 {
  return locate(polygon, x, y, np);
}

/** `pointLocation` in the polygon `poly` (the `polygon` buffer, or the route kernel's board and mountain). */
// @ts-ignore: decorator
@inline export function locate(poly: StaticArray<f64>, x: f64, y: f64, np: i32): i32 {
  let inside = false;
  for (let i = 0, j = np - 1; i < np; j = i++) {
    const ax = unchecked(poly[2 * j]);
    const ay = unchecked(poly[2 * j + 1]);
    const bx = unchecked(poly[2 * i]);
    const by = unchecked(poly[2 * i + 1]);
    // An edge whose y-range misses y can neither hold the point nor straddle its line: no orientation needed
    // (the same answer, as in the twin; most edges of a board are skipped so).
    if ((ay > y && by > y) || (ay < y && by < y)) continue;
    const o = orient2d(ax, ay, bx, by, x, y);
    if (o == 0 && x >= Math.min(ax, bx) && x <= Math.max(ax, bx) && y >= Math.min(ay, by) && y <= Math.max(ay, by))
      return 0;
    if (ay > y != by > y && (by > ay ? o > 0 : o < 0)) inside = !inside;
  }
  return inside ? 1 : -1;
}

function pathMeetsBoundary(poly: StaticArray<f64>, nv: i32, np: i32): bool {
  const nseg = nv > 1 ? nv - 1 : 1;
  // Only edges whose box meets the whole path's box can meet a segment (a filter, as in the twin: the same
  // answer, faster when, as usual, the path keeps away from most edges).
  let px0 = unchecked(path[0]);
  let py0 = unchecked(path[1]);
  let px1 = px0;
  let py1 = py0;
  for (let v = 1; v < nv; v++) {
    const x = unchecked(path[2 * v]);
    const y = unchecked(path[2 * v + 1]);
    if (x < px0) px0 = x;
    else if (x > px1) px1 = x;
    if (y < py0) py0 = y;
    else if (y > py1) py1 = y;
  }
  let near = false;
  for (let i = 0, j = np - 1; i < np && !near; j = i++) {
    const cx = unchecked(poly[2 * j]);
    const cy = unchecked(poly[2 * j + 1]);
    const dx = unchecked(poly[2 * i]);
    const dy = unchecked(poly[2 * i + 1]);
    near = !(max2(cx, dx) < px0 || min2(cx, dx) > px1 || max2(cy, dy) < py0 || min2(cy, dy) > py1);
  }
  if (!near) return false;
  for (let k = 0; k < nseg; k++) {
    const ax = unchecked(path[2 * k]);
    const ay = unchecked(path[2 * k + 1]);
    const bx = nv > 1 ? unchecked(path[2 * k + 2]) : ax;
    const by = nv > 1 ? unchecked(path[2 * k + 3]) : ay;
    const minx = min2(ax, bx);
    const maxx = max2(ax, bx);
    const miny = min2(ay, by);
    const maxy = max2(ay, by);
    for (let i = 0, j = np - 1; i < np; j = i++) {
      const cx = unchecked(poly[2 * j]);
      const cy = unchecked(poly[2 * j + 1]);
      const dx = unchecked(poly[2 * i]);
      const dy = unchecked(poly[2 * i + 1]);
      if (max2(cx, dx) < minx || min2(cx, dx) > maxx) continue;
      if (max2(cy, dy) < miny || min2(cy, dy) > maxy) continue;
      if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return true;
    }
  }
  return false;
}

/** The path lies strictly inside the polygon, never touching its boundary (board rule). */
export function polylineInsidePolygon(nv: i32, np: i32): bool {
  return insideIn(polygon, nv, np);
}

/** Some part of the path is inside the polygon or on its boundary (mountain rule). */
export function polylineTouchesPolygon(nv: i32, np: i32): bool {
  return touchesIn(polygon, nv, np);
}

/** `polylineInsidePolygon` in the polygon `poly`. */
export function insideIn(poly: StaticArray<f64>, nv: i32, np: i32): bool {
  if (nv < 1 || np < 3) return false;
  if (locate(poly, unchecked(path[0]), unchecked(path[1]), np) != 1) return false;
  return !pathMeetsBoundary(poly, nv, np);
}

/** `polylineTouchesPolygon` in the polygon `poly`. */
export function touchesIn(poly: StaticArray<f64>, nv: i32, np: i32): bool {
  if (nv < 1 || np < 3) return false;
  if (pathMeetsBoundary(poly, nv, np)) return true;
  return locate(poly, unchecked(path[0]), unchecked(path[1]), np) >= 0;
}

/** Some of the first nd discs (closed, radius r) contains (x, y). */
export function inAnyDisc(x: f64, y: f64, nd: i32, r: f64): bool {
  for (let d = 0; d < nd; d++) if (pointInDisc(x, y, unchecked(discs[2 * d]), unchecked(discs[2 * d + 1]), r)) return true;
  return false;
}

/**
 * One (path segment [a, b] with box minx–maxx × miny–maxy, placed segment j of `segs` of string `sid`) pair: when
 * the boxes meet, records its contact (meet.ts `pairContact`). Shared by the every-pair loop here and the hint grid
 * (plan/grid.ts). Twin of polyline.ts `pairCrossing`.
 */
// @ts-ignore: decorator
@inline export function pairCrossing(
  ax: f64,
  ay: f64,
  bx: f64,
  by: f64,
  minx: f64,
  maxx: f64,
  miny: f64,
  maxy: f64,
  segs: StaticArray<f64>,
  j: i32,
  sid: i32,
  nd: i32,
  radius: f64,
  safe: bool = false,
): void {
  const cx = unchecked(segs[4 * j]);
  const cy = unchecked(segs[4 * j + 1]);
  const dx = unchecked(segs[4 * j + 2]);
  const dy = unchecked(segs[4 * j + 3]);
  if (max2(cx, dx) < minx || min2(cx, dx) > maxx) return;
  if (max2(cy, dy) < miny || min2(cy, dy) > maxy) return;
  pairContact(ax, ay, bx, by, cx, cy, dx, dy, sid, discs, nd, radius, safe);
}

/**
 * pairCrossing's box test with SIMD: placed segment j of `segs` ((cx, cy), (dx, dy) as two f64x2) misses the
 * box lo = (minx, miny), hi = (maxx, maxy). pmin / pmax are plain compare-selects (finite inputs, -0 == 0 in the
 * compares after them), so this rejects exactly the pairs the scalar test rejects.
 */
// @ts-ignore: decorator
@inline export function boxMiss(segs: StaticArray<f64>, j: i32, lo: v128, hi: v128): bool {
  const at = changetype<usize>(segs) + (<usize>j << 5);
  const c = v128.load(at);
  const d = v128.load(at, 16);
  return v128.any_true(v128.or(f64x2.lt(f64x2.pmax(c, d), lo), f64x2.gt(f64x2.pmin(c, d), hi)));
}

/**
 * Meeting places of the path with the ns placed segments (string ids in `placedString`) outside every disc (meet.ts;
 * twin of polyline.ts `meetingPlaces`): one point per place into `points` (as many as it holds), the stretches'
 * pieces into meet.ts `stretches`. Returns the count, or -1 when the resolver's buffers overflowed.
 */
export function crossingPoints(nv: i32, ns: i32, nd: i32, radius: f64): i32 {
  resetContacts();
  if (nv == 0) return resolveMeetings(discs, nd, radius, points, points.length >> 1);
  const nseg = nv > 1 ? nv - 1 : 1;
  for (let k = 0; k < nseg; k++) {
    const ax = unchecked(path[2 * k]);
    const ay = unchecked(path[2 * k + 1]);
    const bx = nv > 1 ? unchecked(path[2 * k + 2]) : ax;
    const by = nv > 1 ? unchecked(path[2 * k + 3]) : ay;
    const minx = min2(ax, bx);
    const maxx = max2(ax, bx);
    const miny = min2(ay, by);
    const maxy = max2(ay, by);
    const lo = f64x2(minx, miny);
    const hi = f64x2(maxx, maxy);
    for (let j = 0; j < ns; j++) {
      if (boxMiss(placed, j, lo, hi)) continue; // pairCrossing's box test, two lanes at once
      const c = 4 * j;
      pairContact(ax, ay, bx, by, unchecked(placed[c]), unchecked(placed[c + 1]), unchecked(placed[c + 2]), unchecked(placed[c + 3]), unchecked(placedString[j]), discs, nd, radius, false);
    }
  }
  return resolveMeetings(discs, nd, radius, points, points.length >> 1);
}

/**
 * Polyline helpers for String Railway strings (docs/rules/string-railway.md § Geometry), TypeScript reference of the Wasm kernels
 * in assembly/geometry/polyline.ts (same operations in the same order: identical results).
 *
 * Layouts (flat Float64Arrays, centimetres):
 * - `path = [x0, y0, x1, y1, …]`: a polyline of n ≥ 1 vertices (the game allows ≤ 64; the Wasm kernel refuses
 *   more). Its segments are (v0, v1), (v1, v2), …; a single vertex is a point.
 * - `discs = [cx0, cy0, cx1, cy1, …]` with one `radius` for all: station discs, closed.
 * - `polygon = [x0, y0, x1, y1, …]`: a simple polygon, closed implicitly (last vertex joins the first),
 *   either winding.
 * - `segments = [x1, y1, x2, y2, …]`: independent segments (placed strings, one segment per 4 numbers);
 *   consecutive segments whose ends meet are read as one string unless string ids are given (`jointStrings`).
 *
 * Exactness: polygon and segment tests use the exact `orient2d`; disc tests compare squared distances in
 * floating point (stations never come near touching anything, so a last-bit error cannot change a game).
 */
import { type Meetings, pairContact, resetContacts, resolveMeetings } from "./meet.ts";
import { orient2d, segmentsIntersect } from "./predicates.ts";

/** Total Euclidean length of the polyline. */
export function polylineLength(path: Float64Array): number {
  let len = 0;
  for (let i = 2; i + 1 < path.length; i += 2) {
    const dx = path[i]! - path[i - 2]!;
    const dy = path[i + 1]! - path[i - 1]!;
    len += Math.sqrt(dx * dx + dy * dy);
  }
  return len;
}

/** (x, y) lies in the closed disc of centre (cx, cy) and radius r. */
export function pointInDisc(x: number, y: number, cx: number, cy: number, r: number): boolean {
  const dx = x - cx;
  const dy = y - cy;
  return dx * dx + dy * dy <= r * r;
}

/** The closed segment [a, b] meets the closed disc (c, r): the nearest point of the segment is within r. */
export function segmentTouchesDisc(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  r: number,
): boolean {
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

/**
 * Where along [a, b] (parameter 0..1) the segment enters the disc (c, r); call only when it touches.
 * Used to order the stations met by one segment.
 */
export function discEntry(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  r: number,
): number {
  const wx = cx - ax;
  const wy = cy - ay;
  if (wx * wx + wy * wy <= r * r) return 0;
  const dx = bx - ax;
  const dy = by - ay;
  const l2 = dx * dx + dy * dy;
  if (l2 === 0) return 0;
  const tc = (wx * dx + wy * dy) / l2;
  const cross = wx * dy - wy * dx;
  const h2 = r * r - (cross * cross) / l2;
  // biome-ignore lint/complexity/useMathMinMax: same comparison as the Wasm twin (bit-identical results)
  const t = tc - Math.sqrt((h2 > 0 ? h2 : 0) / l2);
  // biome-ignore lint/complexity/useMathMinMax: same comparison as the Wasm twin (bit-identical results)
  return t > 0 ? t : 0;
}

/**
 * `stationsTouched` filters the discs once per this many path segments, then per segment among those (any chunk
 * gives the same stations). 16 on the full 5-player bench board (25 discs, a 64-vertex short string): 0.78 µs
 * with 8, 0.64 with 16, 0.78 with 32. The Wasm twin (assembly/geometry/polyline.ts) uses 8.
 */
const STATION_CHUNK = 16;
/** `stationsTouched`'s scratch (module level, grown on demand): discs near a chunk, a segment's entries and discs. */
let near = new Int32Array(64);
let keys = new Float64Array(64);
let ids = new Int32Array(64);

/**
 * Box filter of `stationsTouched`: a disc whose centre lies more than the returned margin outside a segment's box
 * fails `segmentTouchesDisc`, so skipping it changes nothing. With every path and disc coordinate of magnitude
 * ≤ M ≤ 1e100 and 1e-100 ≤ r ≤ 1e100, that test's rounding (nearest point within a few ulps of M outside the
 * box, distances within a few ulps of r, no overflow or underflow) stays far below r · 1e-6 + M · 1e-12.
 * Outside those ranges the margin is infinite (no filter). The filter runs twice: once per STATION_CHUNK
 * segments against their common box (a disc outside it is outside each segment's box: min, max and the
 * subtraction of one margin are monotone), then per segment among the discs left, still in index order.
 */
export function discBoxMargin(path: Float64Array, discs: Float64Array, r: number): number {
  if (!(r >= 1e-100 && r <= 1e100)) return Number.POSITIVE_INFINITY;
  let big = 0;
  for (let i = 0; i < path.length; i++) big = Math.max(big, Math.abs(path[i]!));
  for (let i = 0; i < discs.length; i++) big = Math.max(big, Math.abs(discs[i]!));
  if (!(big <= 1e100)) return Number.POSITIVE_INFINITY;
  return r * 1.000001 + big * 1e-12;
}

/**
 * The stations (disc indices) the polyline touches, in order along the path. A visit is a maximal stretch of
 * the path inside one disc: a disc touched, left and touched again is listed again; a visit that continues
 * across a vertex (the vertex lies in the disc) is listed once. Discs met by one segment are ordered by entry
 * point (ties by index).
 */
export function stationsTouched(path: Float64Array, discs: Float64Array, radius: number): number[] {
  const out: number[] = [];
  const nv = path.length >> 1;
  const nd = discs.length >> 1;
  if (nv === 0) return out;
  const nseg = nv > 1 ? nv - 1 : 1;
  const margin = discBoxMargin(path, discs, radius);
  if (near.length < nd) {
    near = new Int32Array(nd);
    keys = new Float64Array(nd);
    ids = new Int32Array(nd);
  }
  let nn = 0;
  for (let k = 0; k < nseg; k++) {
    if (k % STATION_CHUNK === 0) {
      // the discs near the box of segments k … k + CHUNK - 1 (vertices k … k + CHUNK), in index order
      const last = nv > 1 ? Math.min(k + STATION_CHUNK, nv - 1) : 0;
      let x0 = path[2 * k]!;
      let y0 = path[2 * k + 1]!;
      let x1 = x0;
      let y1 = y0;
      for (let v = k + 1; v <= last; v++) {
        x0 = Math.min(x0, path[2 * v]!);
        x1 = Math.max(x1, path[2 * v]!);
        y0 = Math.min(y0, path[2 * v + 1]!);
        y1 = Math.max(y1, path[2 * v + 1]!);
      }
      x0 -= margin;
      x1 += margin;
      y0 -= margin;
      y1 += margin;
      nn = 0;
      for (let d = 0; d < nd; d++) {
        const cx = discs[2 * d]!;
        const cy = discs[2 * d + 1]!;
        if (!(cx < x0 || cx > x1 || cy < y0 || cy > y1)) near[nn++] = d;
      }
    }
    if (nn === 0) continue;
    const ax = path[2 * k]!;
    const ay = path[2 * k + 1]!;
    const bx = nv > 1 ? path[2 * k + 2]! : ax;
    const by = nv > 1 ? path[2 * k + 3]! : ay;
    const lox = Math.min(ax, bx) - margin;
    const hix = Math.max(ax, bx) + margin;
    const loy = Math.min(ay, by) - margin;
    const hiy = Math.max(ay, by) + margin;
    let m = 0;
    for (let q = 0; q < nn; q++) {
      const d = near[q]!;
      const cx = discs[2 * d]!;
      const cy = discs[2 * d + 1]!;
      if (cx < lox || cx > hix || cy < loy || cy > hiy) continue; // cannot touch (discBoxMargin)
      if (!segmentTouchesDisc(ax, ay, bx, by, cx, cy, radius)) continue;
      if (k > 0 && pointInDisc(ax, ay, cx, cy, radius)) continue; // the visit goes on from segment k - 1
      const t = discEntry(ax, ay, bx, by, cx, cy, radius);
      // insertion sort by (entry, index); indices arrive increasing, so ties keep index order
      let p = m++;
      while (p > 0 && keys[p - 1]! > t) {
        keys[p] = keys[p - 1]!;
        ids[p] = ids[p - 1]!;
        p--;
      }
      keys[p] = t;
      ids[p] = d;
    }
    for (let q = 0; q < m; q++) out.push(ids[q]!);
  }
  return out;
}

/**
 * Where (x, y) lies relative to a simple polygon: 1 strictly inside, 0 on the boundary, -1 outside.
 * Exact (crossing number with orient2d).
 */
export function pointLocation(x: number, y: number, polygon: Float64Array): number {
  const n = polygon.length >> 1;
  let inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = polygon[2 * j]!;
    const ay = polygon[2 * j + 1]!;
    const bx = polygon[2 * i]!;
    const by = polygon[2 * i + 1]!;
    // An edge whose y-range misses y can neither hold the point nor straddle its line: no orientation needed
    // (the same answer; most edges of a board are skipped so).
    if ((ay > y && by > y) || (ay < y && by < y)) continue;
    const o = orient2d(ax, ay, bx, by, x, y);
    if (
      o === 0 &&
      x >= Math.min(ax, bx) &&
      x <= Math.max(ax, bx) &&
      y >= Math.min(ay, by) &&
      y <= Math.max(ay, by)
    )
      return 0;
    // Edge straddles the line through (x, y) (half-open in y); the ray to +x crosses it when the point is
    // left of an upward edge or right of a downward one.
    if (ay > y !== by > y && (by > ay ? o > 0 : o < 0)) inside = !inside;
  }
  return inside ? 1 : -1;
}

/** (x, y) is inside the polygon or on its boundary. */
export function pointInPolygon(x: number, y: number, polygon: Float64Array): boolean {
  return pointLocation(x, y, polygon) >= 0;
}

/** Some segment of the path (or the lone vertex) meets some edge of the polygon (closed, exact). */
function pathMeetsBoundary(path: Float64Array, polygon: Float64Array): boolean {
  const nv = path.length >> 1;
  const n = polygon.length >> 1;
  const nseg = nv > 1 ? nv - 1 : 1;
  // Only edges whose box meets the whole path's box can meet a segment (a filter: the same answer, faster when,
  // as usual, the path keeps away from most edges).
  let px0 = path[0]!;
  let py0 = path[1]!;
  let px1 = px0;
  let py1 = py0;
  for (let v = 1; v < nv; v++) {
    const x = path[2 * v]!;
    const y = path[2 * v + 1]!;
    if (x < px0) px0 = x;
    else if (x > px1) px1 = x;
    if (y < py0) py0 = y;
    else if (y > py1) py1 = y;
  }
  let near = false;
  for (let i = 0, j = n - 1; i < n && !near; j = i++) {
    const cx = polygon[2 * j]!;
    const cy = polygon[2 * j + 1]!;
    const dx = polygon[2 * i]!;
    const dy = polygon[2 * i + 1]!;
    near = !(
      Math.max(cx, dx) < px0 ||
      Math.min(cx, dx) > px1 ||
      Math.max(cy, dy) < py0 ||
      Math.min(cy, dy) > py1
    );
  }
  if (!near) return false;
  for (let k = 0; k < nseg; k++) {
    const ax = path[2 * k]!;
    const ay = path[2 * k + 1]!;
    const bx = nv > 1 ? path[2 * k + 2]! : ax;
    const by = nv > 1 ? path[2 * k + 3]! : ay;
    const minx = Math.min(ax, bx);
    const maxx = Math.max(ax, bx);
    const miny = Math.min(ay, by);
    const maxy = Math.max(ay, by);
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const cx = polygon[2 * j]!;
      const cy = polygon[2 * j + 1]!;
      const dx = polygon[2 * i]!;
      const dy = polygon[2 * i + 1]!;
      if (Math.max(cx, dx) < minx || Math.min(cx, dx) > maxx) continue;
      if (Math.max(cy, dy) < miny || Math.min(cy, dy) > maxy) continue;
      if (segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)) return true;
    }
  }
  return false;
}

/**
 * The whole polyline lies strictly inside the polygon, never touching its boundary (the board rule).
 * The path is connected, so: its first vertex is strictly inside and no segment meets an edge.
 */
export function polylineInsidePolygon(path: Float64Array, polygon: Float64Array): boolean {
  if (path.length < 2 || polygon.length < 6) return false;
  if (pointLocation(path[0]!, path[1]!, polygon) !== 1) return false;
  return !pathMeetsBoundary(path, polygon);
}

/**
 * Some part of the polyline is inside the polygon or on its boundary (the mountain rule): a segment meets an
 * edge, or (meeting none) the whole path is inside, which its first vertex tells.
 */
export function polylineTouchesPolygon(path: Float64Array, polygon: Float64Array): boolean {
  if (path.length < 2 || polygon.length < 6) return false;
  if (pathMeetsBoundary(path, polygon)) return true;
  return pointLocation(path[0]!, path[1]!, polygon) >= 0;
}

/** True when some disc (closed) contains (x, y). */
export function inAnyDisc(x: number, y: number, discs: Float64Array, radius: number): boolean {
  for (let d = 0; d + 1 < discs.length; d += 2)
    if (pointInDisc(x, y, discs[d]!, discs[d + 1]!, radius)) return true;
  return false;
}

/**
 * String ids of placed segments read as strings: segment j continues the string of segment j − 1 when it starts
 * where j − 1 ends (the layout's convention when no ids are given), else starts the next id.
 */
export function jointStrings(segments: Float64Array): Int32Array {
  const ns = segments.length >> 2;
  const ids = new Int32Array(ns);
  for (let j = 1; j < ns; j++) {
    const joined = segments[4 * j - 2] === segments[4 * j] && segments[4 * j - 1] === segments[4 * j + 1];
    ids[j] = joined ? ids[j - 1]! : ids[j - 1]! + 1;
  }
  return ids;
}

/**
 * One (path segment [a, b] with bounding box `box` = [minx, maxx, miny, maxy], placed segment j of `segs` of string
 * `sid`) pair: when the boxes meet, records the pair's contact (meet.ts `pairContact`: a point outside every disc,
 * or a shared stretch). Shared by the every-pair loop and the hint grid. `safe`: every coordinate of the path segment
 * and of `segs` is in the safe range (`inSafeRange`, checked by the caller), so the orientations skip that check.
 */
export function pairCrossing(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  box: readonly [number, number, number, number],
  segs: Float64Array,
  j: number,
  sid: number,
  discs: Float64Array,
  radius: number,
  safe = false,
): void {
  const cx = segs[4 * j]!;
  const cy = segs[4 * j + 1]!;
  const dx = segs[4 * j + 2]!;
  const dy = segs[4 * j + 3]!;
  if (Math.max(cx, dx) < box[0] || Math.min(cx, dx) > box[1]) return;
  if (Math.max(cy, dy) < box[2] || Math.min(cy, dy) > box[3]) return;
  pairContact(ax, ay, bx, by, cx, cy, dx, dy, sid, discs, radius, safe);
}

/**
 * The meeting places of the new path with the placed `segments` (each string id in `strings`, parallel to the
 * segments; default `jointStrings`): every (path segment, placed segment) pair's contact, then meet.ts
 * `resolveMeetings`. One point per meeting place and rival string (the AP), in path order; the shared stretches'
 * outside-disc pieces.
 */
export function meetingPlaces(
  path: Float64Array,
  segments: Float64Array,
  discs: Float64Array,
  radius: number,
  strings: Int32Array = jointStrings(segments),
): Meetings {
  resetContacts();
  const nv = path.length >> 1;
  const ns = segments.length >> 2;
  if (nv === 0) return resolveMeetings(discs, radius);
  const nseg = nv > 1 ? nv - 1 : 1;
  for (let k = 0; k < nseg; k++) {
    const ax = path[2 * k]!;
    const ay = path[2 * k + 1]!;
    const bx = nv > 1 ? path[2 * k + 2]! : ax;
    const by = nv > 1 ? path[2 * k + 3]! : ay;
    const box = [Math.min(ax, bx), Math.max(ax, bx), Math.min(ay, by), Math.max(ay, by)] as const;
    for (let j = 0; j < ns; j++) pairCrossing(ax, ay, bx, by, box, segments, j, strings[j]!, discs, radius);
  }
  return resolveMeetings(discs, radius);
}

/**
 * `meetingPlaces(…).points`: one point per meeting place with a rival string outside every station disc
 * (docs/rules/string-railway.md § Meeting places); their number is the crossing cost in AP when `segments` are the other players'
 * strings.
 */
export function crossingPoints(
  path: Float64Array,
  segments: Float64Array,
  discs: Float64Array,
  radius: number,
  strings?: Int32Array,
): Float64Array {
  return meetingPlaces(path, segments, discs, radius, strings).points;
}

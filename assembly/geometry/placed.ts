// Spatial index over the placed segments (other players' strings) for the crossing cost of a move: Wasm twin
// of web/engine/string/geometry/placed.ts (`PlacedIndex`; same grid, same candidates, same tests in the same
// order, same points). Placed strings never move, so the index is built once and extended as strings are placed.
//
// A uniform grid of nx × ny cells (≤ MAX_AXIS per axis) over fixed bounds; each cell holds a linked list of the
// placed segments whose bounding box overlaps it. Coordinates outside the bounds are clamped to the border cells,
// so every segment is indexed whatever the bounds (they only matter for speed). A segment whose box covers more
// than MAX_SPAN cells goes to the `large` list instead, which every query scans: so entries never exceed
// MAX_PLACED × MAX_SPAN and a long segment costs one candidate, not hundreds of list entries.
//
// The query (`crossingPointsIndexed`) gives exactly `crossingPoints(path, segments, discs, radius)` of
// polyline.ts over the indexed segments in insertion order: for each path segment it gathers the candidates of
// the cells its box overlaps plus the large list (a stamp per segment drops duplicates; the brute force's box test,
// read from boxes kept on append, drops the rest; a path segment over empty cells is skipped early), orders them
// by id, and runs the brute-force loop body on them. The cell map is monotone, so every segment whose box overlaps
// the path segment's box is a candidate; the others fail the brute force's box test anyway.
import { pairContact, resetContacts, resolveMeetings } from "./meet";
import { discs, MAX_PATH, MAX_PLACED, max2, min2, path, points } from "./polyline";
import { safePair } from "./segment";
import { fresh } from "../glue/fresh";

export const MAX_AXIS: i32 = 128;
export const MAX_SPAN: i32 = 16;
const MAX_ENTRIES: i32 = MAX_PLACED * MAX_SPAN;
/** Over this many candidates, they are collected by scanning the stamps in id order instead of sorted. */
const SORT_MAX: i32 = 48;

/** The indexed segments `[x1, y1, x2, y2, …]`, in insertion order (the wrapper writes new ones at 4 × count). */
export const segs = fresh<f64>(4 * MAX_PLACED);
/** Each indexed segment's string id (the wrapper writes them beside `segs`). */
export const sids = fresh<i32>(MAX_PLACED);
const head = fresh<i32>(MAX_AXIS * MAX_AXIS);
const entryNext = fresh<i32>(MAX_ENTRIES);
const entryId = fresh<i32>(MAX_ENTRIES);
const large = fresh<i32>(MAX_PLACED);
const stamp = fresh<i32>(MAX_PLACED);
const cand = fresh<i32>(MAX_PLACED);
/** Each indexed segment's box as two f64x2, (minX, minY) then (maxX, maxY), kept on append for the query. */
const boxes = fresh<f64>(4 * MAX_PLACED);
/** The query's scratch: each path vertex's cell column and row. */
const cellX = fresh<i32>(MAX_PATH);
const cellY = fresh<i32>(MAX_PATH);

let count: i32 = 0;
let nEntries: i32 = 0;
let nLarge: i32 = 0;
let nx: i32 = 1;
let ny: i32 = 1;
let x0: f64 = 0;
let y0: f64 = 0;
let sx: f64 = 0;
let sy: f64 = 0;
let cur: i32 = 0;
/** Every indexed coordinate is in orient2dFast's safe range: the pair test may skip orient2d's check (as the twin). */
let safe: bool = true;

/** Cells along one axis of length w for the wanted cell side. */
function axisCells(w: f64, cell: f64): i32 {
  if (!(w > 0) || !(cell > 0)) return 1;
  const n = Math.ceil(w / cell);
  return n >= <f64>MAX_AXIS ? MAX_AXIS : n < 1 ? 1 : <i32>n;
}

// @ts-ignore: decorator
@inline function cellOf(v: f64, origin: f64, scale: f64, n: i32): i32 {
  const t = (v - origin) * scale;
  if (!(t > 0)) return 0;
  return t >= <f64>n ? n - 1 : <i32>t;
}

/** Empties the index and sets its grid: bounds [minX, maxX] × [minY, maxY], cells of about `cell` (cm). */
export function indexReset(minX: f64, minY: f64, maxX: f64, maxY: f64, cell: f64): void {
  const w = maxX - minX;
  const h = maxY - minY;
  nx = axisCells(w, cell);
  ny = axisCells(h, cell);
  x0 = minX;
  y0 = minY;
  sx = w > 0 ? <f64>nx / w : 0;
  sy = h > 0 ? <f64>ny / h : 0;
  for (let c = 0, n = nx * ny; c < n; c++) unchecked((head[c] = -1));
  count = 0;
  nEntries = 0;
  nLarge = 0;
  safe = true;
}

/** Indexes segments count … to − 1 (already written into `segs`); returns the new count. */
export function indexAdd(to: i32): i32 {
  for (let j = count; j < to && safe; j++)
    safe = safePair(unchecked(segs[4 * j]), unchecked(segs[4 * j + 1])) && safePair(unchecked(segs[4 * j + 2]), unchecked(segs[4 * j + 3]));
  for (let j = count; j < to; j++) {
    const cx = unchecked(segs[4 * j]);
    const cy = unchecked(segs[4 * j + 1]);
    const dx = unchecked(segs[4 * j + 2]);
    const dy = unchecked(segs[4 * j + 3]);
    const bx0 = min2(cx, dx);
    const bx1 = max2(cx, dx);
    const by0 = min2(cy, dy);
    const by1 = max2(cy, dy);
    unchecked((boxes[4 * j] = bx0));
    unchecked((boxes[4 * j + 1] = by0));
    unchecked((boxes[4 * j + 2] = bx1));
    unchecked((boxes[4 * j + 3] = by1));
    const i0 = cellOf(bx0, x0, sx, nx);
    const i1 = cellOf(bx1, x0, sx, nx);
    const k0 = cellOf(by0, y0, sy, ny);
    const k1 = cellOf(by1, y0, sy, ny);
    if ((i1 - i0 + 1) * (k1 - k0 + 1) > MAX_SPAN) {
      unchecked((large[nLarge++] = j));
      continue;
    }
    for (let k = k0; k <= k1; k++) {
      for (let i = i0; i <= i1; i++) {
        const c = k * nx + i;
        unchecked((entryId[nEntries] = j));
        unchecked((entryNext[nEntries] = head[c]));
        unchecked((head[c] = nEntries++));
      }
    }
  }
  count = to;
  return count;
}

export function indexCount(): i32 {
  return count;
}

/** Grid columns, rows and large-list length (for tests and docs). */
export function indexInfo(which: i32): i32 {
  return which == 0 ? nx : which == 1 ? ny : which == 2 ? nLarge : nEntries;
}

/**
 * Segment j's box misses the box lo = (minX, minY), hi = (maxX, maxY): pairCrossing's own box test, read from
 * the boxes kept on append (the same comparisons, two lanes at once).
 */
// @ts-ignore: decorator
@inline function boxMisses(j: i32, lo: v128, hi: v128): bool {
  const at = changetype<usize>(boxes) + (<usize>j << 5);
  return v128.any_true(v128.or(f64x2.lt(v128.load(at, 16), lo), f64x2.gt(v128.load(at), hi)));
}

/** Adds candidate j to the m gathered (once per query segment: its stamp), if its box meets lo–hi. */
// @ts-ignore: decorator
@inline function mark(j: i32, m: i32, lo: v128, hi: v128): i32 {
  if (unchecked(stamp[j]) == cur) return m;
  unchecked((stamp[j] = cur));
  if (boxMisses(j, lo, hi)) return m;
  unchecked((cand[m] = j));
  return m + 1;
}

/**
 * `crossingPoints` (meeting places) of the nv-vertex path (in `path`) against the indexed segments, outside the nd
 * discs (in `discs`): as many points as `points` holds go into it, the stretches into meet.ts `stretches`; returns
 * the full count (-1 when the resolver's buffers overflowed).
 */
export function crossingPointsIndexed(nv: i32, nd: i32, radius: f64): i32 {
  resetContacts();
  if (nv == 0) return 0;
  const nseg = nv > 1 ? nv - 1 : 1;
  let pathSafe = safe;
  for (let i = 0; i < nv && pathSafe; i++) pathSafe = safePair(unchecked(path[2 * i]), unchecked(path[2 * i + 1]));
  // each vertex's cell column and row, once (cellOf is monotone: a segment's box spans the cells between its
  // ends' cells, the same as cellOf of its box)
  for (let v = 0; v < nv; v++) {
    unchecked((cellX[v] = cellOf(unchecked(path[2 * v]), x0, sx, nx)));
    unchecked((cellY[v] = cellOf(unchecked(path[2 * v + 1]), y0, sy, ny)));
  }
  for (let k = 0; k < nseg; k++) {
    const v1 = nv > 1 ? k + 1 : k;
    const i0 = min(unchecked(cellX[k]), unchecked(cellX[v1]));
    const i1 = max(unchecked(cellX[k]), unchecked(cellX[v1]));
    const k0 = min(unchecked(cellY[k]), unchecked(cellY[v1]));
    const k1 = max(unchecked(cellY[k]), unchecked(cellY[v1]));
    if (nLarge == 0) {
      // no candidate at all when every cell it spans is empty (most path segments on a board): skip it early
      let any = false;
      for (let r = k0; r <= k1 && !any; r++)
        for (let i = i0; i <= i1 && !any; i++) any = unchecked(head[r * nx + i]) >= 0;
      if (!any) continue;
    }
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
    // gather the candidates, each once, keeping only those whose box meets the path segment's (pairCrossing's
    // own box test: the others would fail it, so the points are the same)
    if (cur == i32.MAX_VALUE) {
      for (let j = 0; j < MAX_PLACED; j++) unchecked((stamp[j] = 0));
      cur = 0;
    }
    cur++;
    let m = 0;
    for (let p = 0; p < nLarge; p++) m = mark(unchecked(large[p]), m, lo, hi);
    for (let r = k0; r <= k1; r++) {
      for (let i = i0; i <= i1; i++) {
        for (let e = unchecked(head[r * nx + i]); e >= 0; e = unchecked(entryNext[e])) m = mark(unchecked(entryId[e]), m, lo, hi);
      }
    }
    if (m == 0) continue;
    // in id order: the brute force's order, so the contacts (and the resolver's output) are its own
    if (m <= SORT_MAX) {
      for (let p = 1; p < m; p++) {
        const v = unchecked(cand[p]);
        let q = p;
        while (q > 0 && unchecked(cand[q - 1]) > v) {
          unchecked((cand[q] = cand[q - 1]));
          q--;
        }
        unchecked((cand[q] = v));
      }
    } else {
      m = 0;
      for (let j = 0; j < count; j++)
        if (unchecked(stamp[j]) == cur && !boxMisses(j, lo, hi)) unchecked((cand[m++] = j));
    }
    // the same pair test as crossingPoints after its box test (passed while gathering), in ascending id order
    for (let p = 0; p < m; p++) {
      const j = unchecked(cand[p]);
      const c = 4 * j;
      pairContact(ax, ay, bx, by, unchecked(segs[c]), unchecked(segs[c + 1]), unchecked(segs[c + 2]), unchecked(segs[c + 3]), unchecked(sids[j]), discs, nd, radius, pathSafe);
    }
  }
  return resolveMeetings(discs, nd, radius, points, points.length >> 1);
}

indexReset(0, 0, 0, 0, 0); // an empty index with one cell, so a query before any reset is valid

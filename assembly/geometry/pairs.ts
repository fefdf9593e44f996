// All pairs of intersecting closed segments among n, by the cheaper of two methods chosen from the input: Wasm
// twin of web/engine/string/geometry/pairs.ts (same methods, same choice, same pairs in the same order).
//
// Layout: the caller writes `[x1, y1, x2, y2, …]` into `segments` (n ≤ MAX_SEGMENTS) and calls
// `countPairs(n, maxPairs, maxWork)`; the first min(count, maxPairs) pairs are written into `pairs` as
// `[i, j, …]` with i < j. The count is an i64 (at most n(n − 1)/2 < 2^33). The buffers start small (a board holds
// ~1,600 segments) and grow on demand up to the limits: the wrapper calls `reserveSegments(n)` and
// `reservePairs(maxPairs)` first (through the module's `reserve`, assembly/string.ts), which reallocate them (runtime
// stub: the old ones are not freed, at most as much again as the new ones, as capacities double).
//
// Methods (docs/geometry.md "All intersecting pairs"):
// - grid: cell side = max(sqrt(W H / n), mean box side), doubled until at most 2n cells and at most 8n
//   (cell, segment) entries; a pair is tested only in the cell of the lower-left corner of its boxes'
//   intersection, so each pair is tested once (that integer test runs before the box test: it rejects the copies
//   of a pair met in other shared cells more cheaply). Its work, the candidate visits Σ k(k − 1)/2 over the cells'
//   entry counts k, is known exactly after the counting pass, before any pair is tested.
// - sweep: when the grid's work is over SWEEP_CHECK · n (long boxes overlapping each other's cells), the segments
//   are projected on the normal ν of their dominant direction (the structure tensor's least eigenvector; parallel
//   segments project to near-points), each projection widened by a rounding bound so that segments sharing a
//   point have overlapping intervals, sorted, identical segments merged into one run (all of a run meet each
//   other; two runs meet when their first members do), and a 1D interval sweep gives the candidate runs. Its work,
//   the candidate run pairs, is counted exactly by binary search before any pair is tested; it is used when
//   below the grid's. Only when every coordinate is in orient2dFast's safe range. When its work is over
//   GROUP_CHECK · n, segment ends are grouped by exact point (`groupEnds`) and a stretch of runs sharing a run's
//   hub end (they meet there) is counted without tests (issue #24: a star is O(n log n), not n²/2 tests); the
//   work compared with the grid's and with maxWork is then the grouped sweep's (`groupedWork`).
// Exact predicates decide every pair in both. Coordinates outside orient2d's safe range switch the whole call to
// the guarded orient2d (exact for any finite double) and the grid, as the TypeScript twin does.
import { inSafeRange, orient2d, orient2dFast } from "./orient";
import { fresh } from "../glue/fresh";

export const MAX_SEGMENTS: i32 = 1 << 17;
export const MAX_PAIRS: i32 = 1 << 18;
const CELLS_PER_SEGMENT: i32 = 2;
const ENTRIES_PER_SEGMENT: i32 = 8;
/** The sweep is planned when the grid's candidate visits exceed this many per segment. */
const SWEEP_CHECK: f64 = 16;
/** The sweep groups segment ends by point (hub stretches, `groupEnds`) when its work exceeds this many per segment. */
const GROUP_CHECK: f64 = 48;
/** Method codes, read through `pairsMethod()` after a call. */
export const METHOD_GRID: i32 = 0;
export const METHOD_SWEEP: i32 = 1;
/** `countPairs`'s answer when the chosen method's work is over `maxWork` (nothing tested; `pairsWork()` says how much). */
export const REFUSED: i64 = i64.MIN_VALUE;

/** Capacities at start-up: segments and pairs the buffers hold before the first `reserve…` grows them. */
export const START_SEGMENTS: i32 = 4096;
export const START_PAIRS: i32 = 8192;
/** Segments and pairs the buffers hold now (START_… up to MAX_…). */
export let segmentCapacity: i32 = START_SEGMENTS;
export let pairCapacity: i32 = START_PAIRS;

export let segments = fresh<f64>(4 * START_SEGMENTS);
export let pairs = fresh<i32>(2 * START_PAIRS);
let box = fresh<f64>(4 * START_SEGMENTS);
let range = fresh<i32>(4 * START_SEGMENTS);
let entries = fresh<i32>(ENTRIES_PER_SEGMENT * START_SEGMENTS);
let cellStart = fresh<i32>(CELLS_PER_SEGMENT * START_SEGMENTS + 1);
// Sweep scratch: widened projections, the sorted order (and the merge sort's other half), run starts.
let lo = fresh<f64>(START_SEGMENTS);
let hi = fresh<f64>(START_SEGMENTS);
let orderA = fresh<i32>(START_SEGMENTS);
let orderB = fresh<i32>(START_SEGMENTS);
let runStart = fresh<i32>(START_SEGMENTS + 1);

/** The capacity to grow `cap` to for `n`: doubled at least, at most `max`; `cap` itself when it holds `n`. */
function grown(cap: i32, n: i32, max: i32): i32 {
  if (n <= cap) return cap;
  let c = cap;
  while (c < n) c <<= 1;
  return c < max ? c : max;
}

/**
 * Makes the segment buffers hold `n` segments (n ≤ MAX_SEGMENTS; the wrapper checks); returns the capacity. The
 * contents of `segments` are not kept: call it before writing the input.
 */
export function reserveSegments(n: i32): i32 {
  const cap = grown(segmentCapacity, n, MAX_SEGMENTS);
  if (cap == segmentCapacity) return cap;
  segmentCapacity = cap;
  // Not zero-filled (`fresh`): every element is written before it is read (the input, then countPairs' passes),
  // and the pages a smaller input never touches cost nothing (issue #24: the fill was a third of a cold read).
  segments = fresh<f64>(4 * cap);
  box = fresh<f64>(4 * cap);
  range = fresh<i32>(4 * cap);
  entries = fresh<i32>(ENTRIES_PER_SEGMENT * cap);
  cellStart = fresh<i32>(CELLS_PER_SEGMENT * cap + 1);
  lo = fresh<f64>(cap);
  hi = fresh<f64>(cap);
  orderA = fresh<i32>(cap);
  orderB = fresh<i32>(cap);
  runStart = fresh<i32>(cap + 1);
  return cap;
}

/** Makes `pairs` hold `n` pairs (n ≤ MAX_PAIRS; the wrapper checks); returns the capacity. */
export function reservePairs(n: i32): i32 {
  const cap = grown(pairCapacity, n, MAX_PAIRS);
  if (cap == pairCapacity) return cap;
  pairCapacity = cap;
  pairs = new StaticArray<i32>(2 * cap);
  return cap;
}

/** The last call's method and its work (candidate visits), for the wrapper, tests and the bench. */
export let lastMethod: i32 = METHOD_GRID;
export let lastWork: f64 = 0;

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

// @ts-ignore: decorator
@inline function boxesMeet(i: i32, j: i32): bool {
  return !(
    unchecked(box[4 * j]) > unchecked(box[4 * i + 2]) ||
    unchecked(box[4 * j + 2]) < unchecked(box[4 * i]) ||
    unchecked(box[4 * j + 1]) > unchecked(box[4 * i + 3]) ||
    unchecked(box[4 * j + 3]) < unchecked(box[4 * i + 1])
  );
}

/**
 * Number of pairs i < j of the first n segments that share a point; writes up to maxPairs of them. Returns
 * -1 - i when segment i has a non-finite coordinate (nothing else is done), REFUSED when the chosen method would
 * visit more than maxWork candidate pairs (nothing is tested).
 */
export function countPairs(n: i32, maxPairs: i32, maxWork: f64): i64 {
  if (n > segmentCapacity) unreachable(); // the wrapper reserves first: never past the buffers
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumSide: f64 = 0;
  let txx: f64 = 0; // structure tensor Σ d dᵀ of the segments' vectors d, for the sweep's direction
  let txy: f64 = 0;
  let tyy: f64 = 0;
  let big: f64 = 0; // the largest coordinate magnitude, for the sweep's rounding bound
  let wide = false; // some coordinate outside orient2dFast's safe range: use the guarded orient2d
  lastMethod = METHOD_GRID;
  lastWork = 0;
  for (let i = 0; i < n; i++) {
    const x1 = unchecked(segments[4 * i]);
    const y1 = unchecked(segments[4 * i + 1]);
    const x2 = unchecked(segments[4 * i + 2]);
    const y2 = unchecked(segments[4 * i + 3]);
    if (!(inSafeRange(x1) && inSafeRange(y1) && inSafeRange(x2) && inSafeRange(y2))) {
      // x - x is NaN for NaN and ±Infinity: refuse the whole call, naming the segment
      if (x1 - x1 != 0 || y1 - y1 != 0 || x2 - x2 != 0 || y2 - y2 != 0) return -1 - <i64>i;
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
    const dx = x2 - x1;
    const dy = y2 - y1;
    txx += dx * dx;
    txy += dx * dy;
    tyy += dy * dy;
  }
  if (n < 2) return 0; // after the finiteness pass: one bad segment is refused too
  if (!wide) {
    big = Math.max(Math.max(Math.abs(minX), Math.abs(maxX)), Math.max(Math.abs(minY), Math.abs(maxY)));
  }

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
  // The grid's work: every pair of entries of a cell is visited once.
  let gridWork: f64 = 0;
  for (let c = 0; c < cells; c++) {
    const k = <f64>unchecked(cellStart[c]);
    gridWork += (k * (k - 1)) / 2;
  }
  const cap = maxPairs < pairCapacity ? maxPairs : pairCapacity;
  if (!wide && gridWork > SWEEP_CHECK * nf) {
    const runs = sweepPlan(n, txx, txy, tyy, big);
    let sweepWork = lastWork;
    // Hub stretches (`groupEnds`) when the sweep's work is large and it may be chosen or the grid is refused; its
    // work is then counted after grouping (`groupedWork`): a star is answered, not refused (issue #24).
    const grouped = sweepWork > GROUP_CHECK * nf && (sweepWork < gridWork || gridWork > maxWork);
    if (grouped) {
      groupEnds(n, runs);
      sweepWork = groupedWork(n, runs, sweepWork);
    }
    if (sweepWork < gridWork) {
      lastMethod = METHOD_SWEEP;
      lastWork = sweepWork;
      if (sweepWork > maxWork) return REFUSED;
      return sweepRun(runs, cap, grouped);
    }
  }
  lastMethod = METHOD_GRID;
  lastWork = gridWork;
  if (gridWork > maxWork) return REFUSED;

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

  let count: i64 = 0;
  const boxBase = changetype<usize>(box);
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
        // SIMD: box i's (x0, y0) and (x1, y1) as two f64x2; box j is rejected by two lane-wise compares
        const loI = f64x2(ix0, iy0);
        const hiI = f64x2(ix1, iy1);
        for (let q = p + 1; q < end; q++) {
          const j = unchecked(entries[q]);
          // The pair's home cell first (two integer loads): rejects the copies met in other shared cells.
          const jc = unchecked(range[4 * j]);
          const jr = unchecked(range[4 * j + 1]);
          if ((ic > jc ? ic : jc) != c || (ir > jr ? ir : jr) != r) continue;
          const at = boxBase + (<usize>j << 5);
          if (v128.any_true(v128.or(f64x2.gt(v128.load(at), hiI), f64x2.lt(v128.load(at, 16), loI)))) continue;
          if (!meets(wide, i, j)) continue;
          if (count < <i64>cap) {
            unchecked((pairs[2 * <i32>count] = i));
            unchecked((pairs[2 * <i32>count + 1] = j));
          }
          count++;
        }
      }
    }
  }
  return count;
}

/** End t before end u (t = 2i + e: segment i's end e): by x, then y, then t. A strict total order. */
// @ts-ignore: decorator
@inline function endBefore(t: i32, u: i32): bool {
  const tx = unchecked(segments[4 * (t >> 1) + 2 * (t & 1)]);
  const ux = unchecked(segments[4 * (u >> 1) + 2 * (u & 1)]);
  if (tx != ux) return tx < ux;
  const ty = unchecked(segments[4 * (t >> 1) + 2 * (t & 1) + 1]);
  const uy = unchecked(segments[4 * (u >> 1) + 2 * (u & 1) + 1]);
  if (ty != uy) return ty < uy;
  return t < u;
}

/**
 * Groups the 2n segment ends by exact point (end t = 2i + e: segment i's end e) and gives each run its *hub*: the
 * group of its first member's end shared by more segment ends (ties: the smaller group id; a group's id is its
 * first position in the sorted ends, so a lone end's id is its own). Writes the hub of run r to range[r] and the
 * first later run with another hub to range[runs + r]. Scratch in entries: the sorted ends [0, 2n) (merge sort's
 * other half [2n, 4n)), each end's group id [4n, 6n) and group size [6n, 8n).
 */
function groupEnds(n: i32, runs: i32): void {
  const m = 2 * n;
  for (let t = 0; t < m; t++) unchecked((entries[t] = t));
  let src = 0;
  let dst = m;
  for (let width = 1; width < m; width *= 2) {
    for (let left = 0; left < m; left += 2 * width) {
      const mid = min(left + width, m);
      const right = min(left + 2 * width, m);
      let a = left;
      let b = mid;
      let k = left;
      while (a < mid && b < right) {
        const x = unchecked(entries[src + a]);
        const y = unchecked(entries[src + b]);
        if (endBefore(y, x)) {
          unchecked((entries[dst + k++] = y));
          b++;
        } else {
          unchecked((entries[dst + k++] = x));
          a++;
        }
      }
      while (a < mid) unchecked((entries[dst + k++] = entries[src + a++]));
      while (b < right) unchecked((entries[dst + k++] = entries[src + b++]));
    }
    const t = src;
    src = dst;
    dst = t;
  }
  let g = 0;
  while (g < m) {
    const t = unchecked(entries[src + g]);
    const x = unchecked(segments[4 * (t >> 1) + 2 * (t & 1)]);
    const y = unchecked(segments[4 * (t >> 1) + 2 * (t & 1) + 1]);
    let e = g + 1;
    while (e < m) {
      const u = unchecked(entries[src + e]);
      if (unchecked(segments[4 * (u >> 1) + 2 * (u & 1)]) != x || unchecked(segments[4 * (u >> 1) + 2 * (u & 1) + 1]) != y) break;
      e++;
    }
    for (let k = g; k < e; k++) {
      const u = unchecked(entries[src + k]);
      unchecked((entries[4 * n + u] = g));
      unchecked((entries[6 * n + u] = e - g));
    }
    g = e;
  }
  for (let r = 0; r < runs; r++) {
    const i = unchecked(orderA[unchecked(runStart[r])]);
    const g0 = unchecked(entries[4 * n + 2 * i]);
    const g1 = unchecked(entries[4 * n + 2 * i + 1]);
    const k0 = unchecked(entries[6 * n + 2 * i]);
    const k1 = unchecked(entries[6 * n + 2 * i + 1]);
    unchecked((range[r] = k0 > k1 ? g0 : k1 > k0 ? g1 : g0 < g1 ? g0 : g1));
  }
  for (let r = runs - 1; r >= 0; r--) {
    const next = r + 1 < runs && unchecked(range[r + 1]) == unchecked(range[r]) ? unchecked(range[runs + r + 1]) : r + 1;
    unchecked((range[runs + r] = next));
  }
}

/**
 * The grouped sweep's work (`sweepRun` with hub stretches): the plain sweep's `work` (Σ over runs r of the later runs
 * q < a_r whose interval starts within r's) less, for each run r, the later runs sharing its hub, plus the stretches
 * they form (each skipped in one step). All of them are below a_r (they share a point with r: their intervals
 * meet r's), so this is exactly the steps `sweepRun` takes. One backward pass, counting per hub (ids < 2n) the
 * later runs (entries[0, 2n)) and stretches (entries[2n, 4n); free after `groupEnds`).
 */
function groupedWork(n: i32, runs: i32, work: f64): f64 {
  const m = 2 * n;
  for (let t = 0; t < 2 * m; t++) unchecked((entries[t] = 0));
  for (let r = runs - 1; r >= 0; r--) {
    const h = unchecked(range[r]);
    work -= <f64>(unchecked(entries[h]) - unchecked(entries[m + h]));
    unchecked((entries[h] += 1));
    if (!(r + 1 < runs && unchecked(range[r + 1]) == h)) unchecked((entries[m + h] += 1));
  }
  return work;
}

/**
 * Segment i before segment j in the sweep's order: by widened projection (lo, then hi), then by the segment's
 * ends taken in lexicographic order (so identical segments, either way round, are adjacent), then by index.
 * A strict total order: the sorted order is unique, whatever the sort.
 */
// @ts-ignore: decorator
@inline function before(i: i32, j: i32): bool {
  const li = unchecked(lo[i]);
  const lj = unchecked(lo[j]);
  if (li != lj) return li < lj;
  const hi_ = unchecked(hi[i]);
  const hj = unchecked(hi[j]);
  if (hi_ != hj) return hi_ < hj;
  const c = compareEnds(i, j);
  if (c != 0) return c < 0;
  return i < j;
}

/** -1, 0, 1: segment i's ends (lexicographically smaller first) against segment j's. 0: the same segment. */
function compareEnds(i: i32, j: i32): i32 {
  let ax = unchecked(segments[4 * i]);
  let ay = unchecked(segments[4 * i + 1]);
  let bx = unchecked(segments[4 * i + 2]);
  let by = unchecked(segments[4 * i + 3]);
  if (bx < ax || (bx == ax && by < ay)) {
    const tx = ax;
    const ty = ay;
    ax = bx;
    ay = by;
    bx = tx;
    by = ty;
  }
  let cx = unchecked(segments[4 * j]);
  let cy = unchecked(segments[4 * j + 1]);
  let dx = unchecked(segments[4 * j + 2]);
  let dy = unchecked(segments[4 * j + 3]);
  if (dx < cx || (dx == cx && dy < cy)) {
    const tx = cx;
    const ty = cy;
    cx = dx;
    cy = dy;
    dx = tx;
    dy = ty;
  }
  if (ax != cx) return ax < cx ? -1 : 1;
  if (ay != cy) return ay < cy ? -1 : 1;
  if (bx != dx) return bx < dx ? -1 : 1;
  if (by != dy) return by < dy ? -1 : 1;
  return 0;
}

/**
 * Plans the sweep: projections, sorted order (left in orderA), runs of identical segments (runStart[0 … runs]),
 * and its work (candidate run pairs) in lastWork. Returns the number of runs.
 */
function sweepPlan(n: i32, txx: f64, txy: f64, tyy: f64, big: f64): i32 {
  // ν: the eigenvector of the least eigenvalue of [[txx, txy], [txy, tyy]], from the better-conditioned row.
  const hh = (txx - tyy) / 2;
  const s = Math.sqrt(hh * hh + txy * txy);
  let nx: f64 = 0;
  let ny: f64 = 1;
  if (s > 0) {
    if (hh >= 0) {
      nx = txy;
      ny = -hh - s;
    } else {
      nx = hh - s;
      ny = txy;
    }
    const m = Math.max(Math.abs(nx), Math.abs(ny));
    nx /= m;
    ny /= m;
    if (!(Math.abs(nx) <= 1 && Math.abs(ny) <= 1)) {
      nx = 0;
      ny = 1;
    }
  }
  // fl(nx x + ny y) is within 3u (|nx x| + |ny y|) (+ 3 subnormal steps) of the true projection, u = 2^-53:
  // 2^-50 (|nx| + |ny|) big + 2^-1000 covers that and the rounding of lo - δ, hi + δ (docs/geometry.md).
  const delta = 8.881784197001252e-16 * (Math.abs(nx) + Math.abs(ny)) * big + 9.332636185032189e-302;
  for (let i = 0; i < n; i++) {
    const p = nx * unchecked(segments[4 * i]) + ny * unchecked(segments[4 * i + 1]);
    const q = nx * unchecked(segments[4 * i + 2]) + ny * unchecked(segments[4 * i + 3]);
    unchecked((lo[i] = (p < q ? p : q) - delta));
    unchecked((hi[i] = (p < q ? q : p) + delta));
    unchecked((orderA[i] = i));
  }
  // Bottom-up merge sort by `before`, ping-ponging between orderA and orderB; the result is copied to orderA.
  let src = orderA;
  let dst = orderB;
  for (let width = 1; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const mid = min(left + width, n);
      const right = min(left + 2 * width, n);
      let a = left;
      let b = mid;
      let k = left;
      while (a < mid && b < right) {
        const x = unchecked(src[a]);
        const y = unchecked(src[b]);
        if (before(y, x)) {
          unchecked((dst[k++] = y));
          b++;
        } else {
          unchecked((dst[k++] = x));
          a++;
        }
      }
      while (a < mid) unchecked((dst[k++] = src[a++]));
      while (b < right) unchecked((dst[k++] = src[b++]));
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== orderA) for (let k = 0; k < n; k++) unchecked((orderA[k] = src[k]));
  // Runs of identical segments (adjacent in this order).
  let runs = 0;
  for (let k = 0; k < n; k++) {
    if (k == 0 || compareEnds(unchecked(orderA[k - 1]), unchecked(orderA[k])) != 0) unchecked((runStart[runs++] = k));
  }
  unchecked((runStart[runs] = n));
  // Work: for each run, the later runs whose lo is at most its hi (lo ascends along the runs).
  let work: f64 = 0;
  for (let r = 0; r < runs; r++) {
    const h = unchecked(hi[unchecked(orderA[unchecked(runStart[r])])]);
    let a = r + 1; // first run with lo > h, by binary search over runs r + 1 … runs
    let b = runs;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (unchecked(lo[unchecked(orderA[unchecked(runStart[m])])]) <= h) a = m + 1;
      else b = m;
    }
    work += <f64>(a - r - 1);
  }
  lastWork = work;
  return runs;
}

/**
 * Writes the member pairs of runs [s0, s1) × [t0, t1) (t0 == s0: the pairs within one run) from pairs[count] on
 * while there is room below cap (smaller index first); returns how many pairs the block holds.
 */
function block(count: i64, cap: i32, s0: i32, s1: i32, t0: i32, t1: i32): i64 {
  const same = t0 == s0;
  const m = <i64>(s1 - s0);
  const total = same ? (m * (m - 1)) / 2 : m * <i64>(t1 - t0);
  if (count >= <i64>cap) return total;
  let at = <i32>count;
  for (let a = s0; a < s1 && at < cap; a++) {
    const i = unchecked(orderA[a]);
    for (let b = same ? a + 1 : t0; b < t1 && at < cap; b++) {
      const j = unchecked(orderA[b]);
      unchecked((pairs[2 * at] = i < j ? i : j));
      unchecked((pairs[2 * at + 1] = i < j ? j : i));
      at++;
    }
  }
  return total;
}

/**
 * The sweep over the planned runs: within a run every pair meets (members in ascending index order); a run and a
 * later candidate run meet when their first members' boxes overlap and the exact test says so, and then every
 * member pair does (members of the first run outer, of the second inner).
 */
function sweepRun(runs: i32, cap: i32, grouped: bool): i64 {
  let count: i64 = 0;
  for (let r = 0; r < runs; r++) {
    const s0 = unchecked(runStart[r]);
    const s1 = unchecked(runStart[r + 1]);
    const i = unchecked(orderA[s0]);
    if (s1 - s0 > 1) count += block(count, cap, s0, s1, s0, s1);
    const h = unchecked(hi[i]);
    const hub = grouped ? unchecked(range[r]) : -1;
    for (let q = r + 1; q < runs; q++) {
      const t0 = unchecked(runStart[q]);
      if (grouped && unchecked(range[q]) == hub) {
        // A stretch of runs sharing run r's hub point: every member pair meets (their intervals overlap, so
        // none is past the break below); counted and written as the loop below would, without a test.
        const e = unchecked(range[runs + q]);
        const t1 = unchecked(runStart[e]);
        if (s1 - s0 == 1 || count >= <i64>cap) count += block(count, cap, s0, s1, t0, t1);
        else for (let u = q; u < e; u++) count += block(count, cap, s0, s1, unchecked(runStart[u]), unchecked(runStart[u + 1]));
        q = e - 1;
        continue;
      }
      const j = unchecked(orderA[t0]);
      if (unchecked(lo[j]) > h) break;
      if (!boxesMeet(i, j)) continue;
      if (!meets(false, i, j)) continue;
      const t1 = unchecked(runStart[q + 1]);
      if (s1 - s0 == 1 && t1 - t0 == 1) {
        if (count < <i64>cap) {
          unchecked((pairs[2 * <i32>count] = i < j ? i : j));
          unchecked((pairs[2 * <i32>count + 1] = i < j ? j : i));
        }
        count++;
      } else count += block(count, cap, s0, s1, t0, t1);
    }
  }
  return count;
}

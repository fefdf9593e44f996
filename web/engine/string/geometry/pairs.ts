// biome-ignore-all lint/complexity/useMathMinMax: ternaries mirror the Wasm twin operation for operation (and stay inlined in the hot loop)
/**
 * All pairs of intersecting segments among N, by the cheaper of two methods chosen from the input: TypeScript
 * twin of assembly/geometry/pairs.ts (same methods, same choice, same pairs in the same order).
 *
 * Input `segments = [x1, y1, x2, y2, …]` (closed segments; equal ends make a point). A pair (i, j), i < j,
 * counts when the two closed segments share at least one point (exact: `segmentsIntersect`). The count is a
 * number, exact up to 2^53 (n(n − 1)/2 stays below that up to 134 million segments; the Wasm kernel counts in an
 * i64 and takes at most 131,072).
 *
 * Grid: cell side = max(√(W·H / n), mean box side), doubled until the grid has at most 2n cells and the
 * segments' boxes cover at most 8n cell entries (one cell always fits, so this ends). Each segment is listed
 * in every cell its bounding box covers (counting sort, cells row-major, indices ascending). A candidate pair
 * is tested only in the cell holding the lower-left corner of the intersection of the two boxes: the cell
 * (max of the two first columns, max of the two first rows), so each pair is tested once with no hash set.
 * That integer test runs before the box-overlap test: it is cheaper and rejects the copies of a pair met in the
 * other cells the two share. Its work (candidate visits, Σ k(k − 1)/2 over the cells' entry counts) is known
 * after the counting pass.
 *
 * Sweep: when the grid's work is over 16 n (long boxes crowding each other's cells, e.g. long parallel
 * segments) and every coordinate is in orient2dFast's safe range, the segments are projected on the normal of
 * their dominant direction, widened by a rounding bound, sorted (identical segments adjacent, merged into runs),
 * and a 1D interval sweep over the runs gives the candidates; its work (candidate run pairs) is counted by
 * binary search, and it runs when below the grid's. docs/geometry.md has the measurements behind the choice.
 * When the sweep's work is over 48 n, segment ends are grouped by exact point and a stretch of runs sharing a
 * run's hub end (they meet there) is counted without tests (issue #24: a star costs O(n log n), not n²/2 tests);
 * the work then compared with the grid's and with `maxWork` is the grouped sweep's steps.
 *
 * `maxWork` caps the candidate visits of the method chosen: over it nothing is tested and `PairsWorkError` is
 * thrown (the CLI's budget).
 */
import { PairsWorkError } from "./pairs-work.ts";
import { allInSafeRange, orient2d, orient2dFast } from "./predicates.ts";

/** Grid limits as multiples of n (the Wasm kernel uses the same). */
export const GRID_CELLS_PER_SEGMENT = 2;
export const GRID_ENTRIES_PER_SEGMENT = 8;
/** The sweep is planned when the grid's candidate visits exceed this many per segment. */
export const SWEEP_CHECK = 16;
/** The sweep groups segment ends by point (hub stretches, `groupEnds`) when its work exceeds this many per segment. */
export const GROUP_CHECK = 48;
export const METHOD_GRID = 0;
export const METHOD_SWEEP = 1;

/** The method chosen by the last call and its work (candidate visits): for tests and the bench. */
export const lastPairsPlan = { method: METHOD_GRID, work: 0 };
/** Whether the last call grouped segment ends (hub stretches) and the sweep's work before grouping: for tests. */
export const lastSweepGrouping = { grouped: false, plainWork: 0 };

// The refusal lives in its own file: the CLI's fast path (bin/direct.ts) loads it without this twin.
export { PairsWorkError };

// Scratch grown on demand, reused across calls.
let box = new Float64Array(0);
let range = new Int32Array(0);
let entries = new Int32Array(0);
let cellStart = new Int32Array(0);
let lo = new Float64Array(0);
let hi = new Float64Array(0);
let orderA = new Int32Array(0);
let orderB = new Int32Array(0);
let runStart = new Int32Array(0);

function ensure(n: number): void {
  if (box.length < 4 * n) {
    box = new Float64Array(4 * n);
    range = new Int32Array(4 * n);
    lo = new Float64Array(n);
    hi = new Float64Array(n);
    orderA = new Int32Array(n);
    orderB = new Int32Array(n);
    runStart = new Int32Array(n + 1);
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
 * `pairsOut.length / 2` pairs are written into it as `[i, j, …]` (grid order: by cell, then by i, then j; sweep
 * order: by run, see the Wasm kernel). Coordinates must be finite (the exact test works for any finite double).
 * Throws `PairsWorkError` when the chosen method's candidate visits exceed `maxWork`.
 */
export function countIntersectingPairs(
  segments: Float64Array,
  pairsOut?: Int32Array,
  maxWork = Number.POSITIVE_INFINITY,
): number {
  const n = segments.length >> 2;
  lastPairsPlan.method = METHOD_GRID;
  lastPairsPlan.work = 0;
  lastSweepGrouping.grouped = false;
  lastSweepGrouping.plainWork = 0;
  if (n < 2) return 0;
  ensure(n);
  const wide = !allInSafeRange(segments);
  const orient: Orient = wide ? orient2d : orient2dFast;

  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  let sumSide = 0;
  let txx = 0; // structure tensor Σ d dᵀ of the segments' vectors d, for the sweep's direction
  let txy = 0;
  let tyy = 0;
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
    const dx = x2 - x1;
    const dy = y2 - y1;
    txx += dx * dx;
    txy += dx * dy;
    tyy += dy * dy;
  }
  const big = wide
    ? 0
    : Math.max(Math.max(Math.abs(minX), Math.abs(maxX)), Math.max(Math.abs(minY), Math.abs(maxY)));

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
  // The grid's work: every pair of entries of a cell is visited once.
  let gridWork = 0;
  for (let c = 0; c < cells; c++) {
    const k = cellStart[c]!;
    gridWork += (k * (k - 1)) / 2;
  }
  const cap = pairsOut ? pairsOut.length >> 1 : 0;
  if (!wide && gridWork > SWEEP_CHECK * n) {
    const runs = sweepPlan(segments, n, txx, txy, tyy, big);
    let sweepWork = lastPairsPlan.work;
    lastSweepGrouping.plainWork = sweepWork;
    // Hub stretches when the sweep's work is large and it may be chosen or the grid is refused; its work is then
    // counted after grouping (`groupedWork`): a star is answered, not refused (issue #24).
    const grouped = sweepWork > GROUP_CHECK * n && (sweepWork < gridWork || gridWork > maxWork);
    lastSweepGrouping.grouped = grouped;
    if (grouped) {
      groupEnds(segments, n, runs);
      sweepWork = groupedWork(n, runs, sweepWork);
    }
    if (sweepWork < gridWork) {
      lastPairsPlan.method = METHOD_SWEEP;
      lastPairsPlan.work = sweepWork;
      if (sweepWork > maxWork) throw new PairsWorkError(sweepWork, maxWork);
      return sweepRun(segments, runs, pairsOut, cap, grouped);
    }
  }
  lastPairsPlan.method = METHOD_GRID;
  lastPairsPlan.work = gridWork;
  if (gridWork > maxWork) throw new PairsWorkError(gridWork, maxWork);

  for (let c = 1; c <= cells; c++) cellStart[c]! += cellStart[c - 1]!;
  for (let i = n - 1; i >= 0; i--) {
    for (let r = range[4 * i + 1]!; r <= range[4 * i + 3]!; r++)
      for (let c = range[4 * i]!; c <= range[4 * i + 2]!; c++) entries[--cellStart[r * gx + c]!] = i;
  }
  cellStart[cells] = total;

  // Pairs per cell.
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

/** -1, 0, 1: segment i's ends (lexicographically smaller first) against segment j's; 0: the same segment. */
function compareEnds(s: Float64Array, i: number, j: number): number {
  let ax = s[4 * i]!;
  let ay = s[4 * i + 1]!;
  let bx = s[4 * i + 2]!;
  let by = s[4 * i + 3]!;
  if (bx < ax || (bx === ax && by < ay)) {
    const tx = ax;
    const ty = ay;
    ax = bx;
    ay = by;
    bx = tx;
    by = ty;
  }
  let cx = s[4 * j]!;
  let cy = s[4 * j + 1]!;
  let dx = s[4 * j + 2]!;
  let dy = s[4 * j + 3]!;
  if (dx < cx || (dx === cx && dy < cy)) {
    const tx = cx;
    const ty = cy;
    cx = dx;
    cy = dy;
    dx = tx;
    dy = ty;
  }
  if (ax !== cx) return ax < cx ? -1 : 1;
  if (ay !== cy) return ay < cy ? -1 : 1;
  if (bx !== dx) return bx < dx ? -1 : 1;
  if (by !== dy) return by < dy ? -1 : 1;
  return 0;
}

/**
 * Segment i before segment j in the sweep's order: by widened projection (lo, then hi), then by the ends taken
 * in lexicographic order (identical segments, either way round, end up adjacent), then by index. A strict total
 * order, so the sorted order is unique whatever the sort.
 */
function before(s: Float64Array, i: number, j: number): boolean {
  const li = lo[i]!;
  const lj = lo[j]!;
  if (li !== lj) return li < lj;
  const hi_ = hi[i]!;
  const hj = hi[j]!;
  if (hi_ !== hj) return hi_ < hj;
  const c = compareEnds(s, i, j);
  if (c !== 0) return c < 0;
  return i < j;
}

/** End t before end u (t = 2i + e: segment i's end e): by x, then y, then t. A strict total order. */
function endBefore(s: Float64Array, t: number, u: number): boolean {
  const tx = s[4 * (t >> 1) + 2 * (t & 1)]!;
  const ux = s[4 * (u >> 1) + 2 * (u & 1)]!;
  if (tx !== ux) return tx < ux;
  const ty = s[4 * (t >> 1) + 2 * (t & 1) + 1]!;
  const uy = s[4 * (u >> 1) + 2 * (u & 1) + 1]!;
  if (ty !== uy) return ty < uy;
  return t < u;
}

/**
 * Groups the 2n segment ends by exact point (end t = 2i + e: segment i's end e) and gives each run its *hub*: the
 * group of its first member's end shared by more segment ends (ties: the smaller group id; a group's id is its
 * first position in the sorted ends, so a lone end's id is its own). Writes the hub of run r to range[r] and the
 * first later run with another hub to range[runs + r]. Scratch in entries: the sorted ends [0, 2n) (merge sort's
 * other half [2n, 4n)), each end's group id [4n, 6n) and group size [6n, 8n). Twin of the Wasm kernel's.
 */
function groupEnds(s: Float64Array, n: number, runs: number): void {
  const m = 2 * n;
  for (let t = 0; t < m; t++) entries[t] = t;
  let src = 0;
  let dst = m;
  for (let width = 1; width < m; width *= 2) {
    for (let left = 0; left < m; left += 2 * width) {
      const mid = Math.min(left + width, m);
      const right = Math.min(left + 2 * width, m);
      let a = left;
      let b = mid;
      let k = left;
      while (a < mid && b < right) {
        const x = entries[src + a]!;
        const y = entries[src + b]!;
        if (endBefore(s, y, x)) {
          entries[dst + k++] = y;
          b++;
        } else {
          entries[dst + k++] = x;
          a++;
        }
      }
      while (a < mid) entries[dst + k++] = entries[src + a++]!;
      while (b < right) entries[dst + k++] = entries[src + b++]!;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  let g = 0;
  while (g < m) {
    const t = entries[src + g]!;
    const x = s[4 * (t >> 1) + 2 * (t & 1)]!;
    const y = s[4 * (t >> 1) + 2 * (t & 1) + 1]!;
    let e = g + 1;
    while (e < m) {
      const u = entries[src + e]!;
      if (s[4 * (u >> 1) + 2 * (u & 1)]! !== x || s[4 * (u >> 1) + 2 * (u & 1) + 1]! !== y) break;
      e++;
    }
    for (let k = g; k < e; k++) {
      const u = entries[src + k]!;
      entries[4 * n + u] = g;
      entries[6 * n + u] = e - g;
    }
    g = e;
  }
  for (let r = 0; r < runs; r++) {
    const i = orderA[runStart[r]!]!;
    const g0 = entries[4 * n + 2 * i]!;
    const g1 = entries[4 * n + 2 * i + 1]!;
    const k0 = entries[6 * n + 2 * i]!;
    const k1 = entries[6 * n + 2 * i + 1]!;
    range[r] = k0 > k1 ? g0 : k1 > k0 ? g1 : g0 < g1 ? g0 : g1;
  }
  for (let r = runs - 1; r >= 0; r--) {
    range[runs + r] = r + 1 < runs && range[r + 1] === range[r] ? range[runs + r + 1]! : r + 1;
  }
}

/**
 * The grouped sweep's work: the plain sweep's `work` less, for each run, the later runs sharing its hub, plus the
 * stretches they form (each one step of `sweepRun`). Per hub (ids < 2n): later runs in entries[0, 2n), stretches
 * in entries[2n, 4n). Twin of the Wasm kernel's.
 */
function groupedWork(n: number, runs: number, work: number): number {
  const m = 2 * n;
  entries.fill(0, 0, 2 * m);
  for (let r = runs - 1; r >= 0; r--) {
    const h = range[r]!;
    work -= entries[h]! - entries[m + h]!;
    entries[h]! += 1;
    if (!(r + 1 < runs && range[r + 1] === h)) entries[m + h]! += 1;
  }
  return work;
}

/**
 * Plans the sweep: projections on ν, the sorted order (left in orderA), runs of identical segments
 * (runStart[0 … runs]), and its work (candidate run pairs) in lastPairsPlan.work. Returns the number of runs.
 */
function sweepPlan(s: Float64Array, n: number, txx: number, txy: number, tyy: number, big: number): number {
  // ν: the eigenvector of the least eigenvalue of [[txx, txy], [txy, tyy]], from the better-conditioned row.
  const hh = (txx - tyy) / 2;
  const sq = Math.sqrt(hh * hh + txy * txy);
  let nx = 0;
  let ny = 1;
  if (sq > 0) {
    if (hh >= 0) {
      nx = txy;
      ny = -hh - sq;
    } else {
      nx = hh - sq;
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
    const p = nx * s[4 * i]! + ny * s[4 * i + 1]!;
    const q = nx * s[4 * i + 2]! + ny * s[4 * i + 3]!;
    lo[i] = (p < q ? p : q) - delta;
    hi[i] = (p < q ? q : p) + delta;
    orderA[i] = i;
  }
  // Bottom-up merge sort by `before`, ping-ponging between orderA and orderB; the result is copied to orderA.
  let src = orderA;
  let dst = orderB;
  for (let width = 1; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const mid = Math.min(left + width, n);
      const right = Math.min(left + 2 * width, n);
      let a = left;
      let b = mid;
      let k = left;
      while (a < mid && b < right) {
        const x = src[a]!;
        const y = src[b]!;
        if (before(s, y, x)) {
          dst[k++] = y;
          b++;
        } else {
          dst[k++] = x;
          a++;
        }
      }
      while (a < mid) dst[k++] = src[a++]!;
      while (b < right) dst[k++] = src[b++]!;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== orderA) orderA.set(src.subarray(0, n));
  // Runs of identical segments (adjacent in this order).
  let runs = 0;
  for (let k = 0; k < n; k++) {
    if (k === 0 || compareEnds(s, orderA[k - 1]!, orderA[k]!) !== 0) runStart[runs++] = k;
  }
  runStart[runs] = n;
  // Work: for each run, the later runs whose lo is at most its hi (lo ascends along the runs).
  let work = 0;
  for (let r = 0; r < runs; r++) {
    const h = hi[orderA[runStart[r]!]!]!;
    let a = r + 1; // first run with lo > h, by binary search over runs r + 1 … runs
    let b = runs;
    while (a < b) {
      const m = (a + b) >>> 1;
      if (lo[orderA[runStart[m]!]!]! <= h) a = m + 1;
      else b = m;
    }
    work += a - r - 1;
  }
  lastPairsPlan.work = work;
  return runs;
}

/**
 * Writes the member pairs of runs [s0, s1) × [t0, t1) (t0 === s0: the pairs within one run) from pairs[count] on
 * while there is room below cap (smaller index first); returns how many pairs the block holds.
 */
function block(
  out: Int32Array | undefined,
  count: number,
  cap: number,
  s0: number,
  s1: number,
  t0: number,
  t1: number,
): number {
  const same = t0 === s0;
  const m = s1 - s0;
  const total = same ? (m * (m - 1)) / 2 : m * (t1 - t0);
  if (count >= cap) return total;
  let at = count;
  for (let a = s0; a < s1 && at < cap; a++) {
    const i = orderA[a]!;
    for (let b = same ? a + 1 : t0; b < t1 && at < cap; b++) {
      const j = orderA[b]!;
      out![2 * at] = i < j ? i : j;
      out![2 * at + 1] = i < j ? j : i;
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
function sweepRun(
  s: Float64Array,
  runs: number,
  out: Int32Array | undefined,
  cap: number,
  grouped: boolean,
): number {
  let count = 0;
  for (let r = 0; r < runs; r++) {
    const s0 = runStart[r]!;
    const s1 = runStart[r + 1]!;
    const i = orderA[s0]!;
    if (s1 - s0 > 1) count += block(out, count, cap, s0, s1, s0, s1);
    const h = hi[i]!;
    const hub = grouped ? range[r]! : -1;
    const ix0 = box[4 * i]!;
    const iy0 = box[4 * i + 1]!;
    const ix1 = box[4 * i + 2]!;
    const iy1 = box[4 * i + 3]!;
    for (let q = r + 1; q < runs; q++) {
      const t0 = runStart[q]!;
      if (grouped && range[q] === hub) {
        // A stretch of runs sharing run r's hub point: every member pair meets (their intervals overlap, so
        // none is past the break below); counted and written as the loop below would, without a test.
        const e = range[runs + q]!;
        const t1 = runStart[e]!;
        if (s1 - s0 === 1 || count >= cap) count += block(out, count, cap, s0, s1, t0, t1);
        else
          for (let u = q; u < e; u++) count += block(out, count, cap, s0, s1, runStart[u]!, runStart[u + 1]!);
        q = e - 1;
        continue;
      }
      const j = orderA[t0]!;
      if (lo[j]! > h) break;
      if (box[4 * j]! > ix1 || box[4 * j + 2]! < ix0 || box[4 * j + 1]! > iy1 || box[4 * j + 3]! < iy0)
        continue;
      if (!meets(orient2dFast, s, i, j)) continue;
      const t1 = runStart[q + 1]!;
      if (s1 - s0 === 1 && t1 - t0 === 1) {
        if (count < cap) {
          out![2 * count] = i < j ? i : j;
          out![2 * count + 1] = i < j ? j : i;
        }
        count++;
      } else count += block(out, count, cap, s0, s1, t0, t1);
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

/**
 * Spatial index over the placed segments (the other players' strings) for the crossing cost of a move, and the
 * indexed twin of `crossingPoints` (polyline.ts). TypeScript reference of assembly/geometry/placed.ts: same
 * grid, same candidates, same pair tests in the same order, same points (both drop the candidates whose box
 * misses the path segment's while gathering them, from boxes kept on append, and skip a path segment over empty
 * cells early).
 *
 * Placed strings never move, so the index is built once (`setPlacedSegments`) and extended as strings are placed
 * (`addPlacedSegments`). It is a uniform grid of nx × ny cells (≤ 128 per axis, about `cellSize` cm each) over
 * fixed bounds (pass the board's: `boundsOf(polygon)`); each cell lists the placed segments whose bounding box
 * overlaps it. Coordinates outside the bounds are clamped to the border cells, so every segment is found whatever
 * the bounds; they only matter for speed. A segment whose box covers more than 16 cells goes to a `large` list
 * that every query scans instead.
 *
 * `meetingsIndexed(path, discs, radius)` (and its `points`, `crossingPointsIndexed`) returns exactly
 * `meetingPlaces(path, segments, discs, radius, strings)`
 * over the indexed segments in insertion order, bit for bit and in the same order: for each path segment it
 * gathers the candidates of the cells its box overlaps plus the large list (a stamp per segment drops
 * duplicates; the brute force's box test, read from boxes kept on append, drops the rest), orders them by index,
 * and runs the brute-force loop body on them after its box test. The cell map is monotone, so
 * every segment whose box overlaps the path segment's box is a candidate; the others fail the brute force's box
 * test anyway. Ordering by index records the contacts in the brute force's order, so the meeting places (meet.ts)
 * and their points come out the same and in the same order.
 */
import { type Meetings, pairContact, resetContacts, resolveMeetings } from "./meet.ts";
import { allInSafeRange, inSafeRange } from "./predicates.ts";

/** Placed segments the index holds (the Wasm kernel's limit, kept in TypeScript too). */
export const MAX_INDEXED = 8192;
/** Grid cells per axis at most. */
export const MAX_AXIS = 128;
/** A segment whose box covers more cells than this goes to the large list. */
export const MAX_SPAN = 16;
/**
 * Default cell side (cm): placed segments are about 0.5–1 cm (63 per 30 or 60 cm string), path segments too.
 * On the bench's full board 1 cm was fastest (0.7 and 1 cm tied, 2 cm 1.25×, 3 cm 2× slower).
 */
export const DEFAULT_CELL = 1;
/** Over this many candidates, they are collected by scanning the stamps in index order instead of sorted. */
const SORT_MAX = 48;

/** The placed-segment index and its query, shared by `PlacedIndex` and the Wasm wrapper. */
export interface PlacedSegmentIndex {
  /**
   * Empties the index and indexes `segments` (`[x1, y1, x2, y2, …]`). The grid covers `bounds`
   * (`[minX, minY, maxX, maxY]`; default: the box of `segments`) with cells of about `cellSize` cm.
   * `strings`: each segment's rival string id (segments of one string share it; default: `appendStrings`).
   * RangeError over 8,192 segments, on a non-finite number or on bounds with min > max.
   */
  setPlacedSegments(
    segments: Float64Array,
    bounds?: ArrayLike<number>,
    cellSize?: number,
    strings?: Int32Array,
  ): void;
  /**
   * Appends `segments` after the ones indexed (same grid), with their string ids (`strings`, default
   * `appendStrings`); RangeError over 8,192 in all or on a non-finite number.
   */
  addPlacedSegments(segments: Float64Array, strings?: Int32Array): void;
  /** How many placed segments are indexed. */
  readonly placedCount: number;
  /**
   * `crossingPoints(path, segments, discs, radius)` where `segments` are the indexed ones in insertion order:
   * the same points in the same order (one per meeting place and rival string).
   */
  crossingPointsIndexed(path: Float64Array, discs: Float64Array, radius: number): Float64Array;
  /** `meetingPlaces(path, segments, discs, radius, strings)` over the indexed segments: points and stretches. */
  meetingsIndexed(path: Float64Array, discs: Float64Array, radius: number): Meetings;
}

/**
 * The string ids of `n` segments appended after `prev` indexed ones (`segs` holding all of them, `ids` the ids so
 * far): `given` if passed, else read by joints (polyline.ts `jointStrings`: a segment starting where the one before
 * it ends continues its string). Written into `ids` from `prev`.
 */
export function appendStrings(
  segs: Float64Array,
  ids: Int32Array,
  prev: number,
  n: number,
  given?: Int32Array,
): void {
  if (given && given.length < n) throw new RangeError(`string ids: ${given.length} for ${n} segments`);
  for (let j = prev; j < prev + n; j++) {
    if (given) {
      ids[j] = given[j - prev]!;
      continue;
    }
    const joined = j > 0 && segs[4 * j - 2] === segs[4 * j] && segs[4 * j - 1] === segs[4 * j + 1];
    ids[j] = j === 0 ? 0 : joined ? ids[j - 1]! : ids[j - 1]! + 1;
  }
}

/** The bounding box `[minX, minY, maxX, maxY]` of flat `[x, y, …]` coordinates (a polygon, segments); zeros if empty. */
export function boundsOf(coords: ArrayLike<number>): [number, number, number, number] {
  if (coords.length < 2) return [0, 0, 0, 0];
  let minX = coords[0]!;
  let minY = coords[1]!;
  let maxX = minX;
  let maxY = minY;
  for (let i = 2; i + 1 < coords.length; i += 2) {
    const x = coords[i]!;
    const y = coords[i + 1]!;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

/** Checks bounds and cell size; returns them as numbers. Shared with the Wasm wrapper. */
export function checkGrid(
  segments: Float64Array,
  bounds: ArrayLike<number> | undefined,
  cellSize: number,
): [number, number, number, number, number] {
  const b = bounds ?? boundsOf(segments);
  if (b.length !== 4) throw new RangeError("bounds must be [minX, minY, maxX, maxY]");
  const [minX, minY, maxX, maxY] = [b[0]!, b[1]!, b[2]!, b[3]!];
  for (const v of [minX, minY, maxX, maxY, cellSize])
    if (!Number.isFinite(v)) throw new RangeError(`bounds and cell size must be finite numbers (${v})`);
  if (minX > maxX || minY > maxY)
    throw new RangeError("bounds must be [minX, minY, maxX, maxY] with min ≤ max");
  if (!(cellSize > 0)) throw new RangeError(`cell size must be positive (${cellSize})`);
  return [minX, minY, maxX, maxY, cellSize];
}

/** Throws a RangeError on the first non-finite number of `a`. */
export function checkFinite(a: Float64Array, what: string): void {
  for (let i = 0; i < a.length; i++)
    if (!Number.isFinite(a[i]!)) throw new RangeError(`${what}[${i}] is not a finite number (${a[i]})`);
}

/** Cells along one axis of length w for the wanted cell side. */
function axisCells(w: number, cell: number): number {
  if (!(w > 0) || !(cell > 0)) return 1;
  const n = Math.ceil(w / cell);
  return n >= MAX_AXIS ? MAX_AXIS : Math.max(n, 1); // w / cell may underflow to 0
}

/** The cell of coordinate v (clamped): monotone in v. */
function cellOf(v: number, origin: number, scale: number, n: number): number {
  const t = (v - origin) * scale;
  if (!(t > 0)) return 0;
  return t >= n ? n - 1 : Math.trunc(t);
}

/** The query's scratch: each path vertex's cell column and row. */
let cellX = new Int32Array(64);
let cellY = new Int32Array(64);

/** The TypeScript placed-segment index (twin of the Wasm one behind `StringGeometryWasm`). */
export class PlacedIndex implements PlacedSegmentIndex {
  private segs = new Float64Array(4 * 64);
  /** Each indexed segment's string id. */
  private sids = new Int32Array(64);
  /** Each indexed segment's box `[minX, maxX, minY, maxY]`, kept on append: the query's box test reads it. */
  private boxes = new Float64Array(4 * 64);
  private head = new Int32Array(1).fill(-1);
  private entryNext = new Int32Array(256);
  private entryId = new Int32Array(256);
  private large: number[] = [];
  private stamp = new Int32Array(64);
  private cand = new Int32Array(64);
  private count = 0;
  private nEntries = 0;
  private nx = 1;
  private ny = 1;
  private x0 = 0;
  private y0 = 0;
  private sx = 0;
  private sy = 0;
  private cur = 0;
  /**
   * Every indexed coordinate is in orient2d's safe range (`inSafeRange`): for a path segment in it too, the pair
   * test skips that check (same results).
   */
  private safe = true;

  /** An empty index; `segments` (optional) as in `setPlacedSegments`. */
  constructor(
    segments?: Float64Array,
    bounds?: ArrayLike<number>,
    cellSize = DEFAULT_CELL,
    strings?: Int32Array,
  ) {
    if (segments || bounds)
      this.setPlacedSegments(segments ?? new Float64Array(0), bounds, cellSize, strings);
  }

  get placedCount(): number {
    return this.count;
  }

  /** Grid columns and rows, large-list length and list entries (for tests and docs). */
  get info(): { nx: number; ny: number; large: number; entries: number } {
    return { nx: this.nx, ny: this.ny, large: this.large.length, entries: this.nEntries };
  }

  /** The indexed segments, in insertion order (a copy). */
  segments(): Float64Array {
    return this.segs.slice(0, 4 * this.count);
  }

  /** The indexed segments' string ids, in insertion order (a copy). */
  strings(): Int32Array {
    return this.sids.slice(0, this.count);
  }

  setPlacedSegments(
    segments: Float64Array,
    bounds?: ArrayLike<number>,
    cellSize = DEFAULT_CELL,
    strings?: Int32Array,
  ): void {
    const n = segments.length >> 2;
    if (n > MAX_INDEXED)
      throw new RangeError(`placed segments: ${n} is over the index's limit of ${MAX_INDEXED}`);
    checkFinite(segments.subarray(0, 4 * n), "segments");
    const [minX, minY, maxX, maxY, cell] = checkGrid(segments.subarray(0, 4 * n), bounds, cellSize);
    const w = maxX - minX;
    const h = maxY - minY;
    this.nx = axisCells(w, cell);
    this.ny = axisCells(h, cell);
    this.x0 = minX;
    this.y0 = minY;
    this.sx = w > 0 ? this.nx / w : 0;
    this.sy = h > 0 ? this.ny / h : 0;
    this.head = new Int32Array(this.nx * this.ny).fill(-1);
    this.count = 0;
    this.nEntries = 0;
    this.large.length = 0;
    this.safe = true;
    this.append(segments, n, strings);
  }

  addPlacedSegments(segments: Float64Array, strings?: Int32Array): void {
    const n = segments.length >> 2;
    if (this.count + n > MAX_INDEXED)
      throw new RangeError(`placed segments: ${this.count + n} is over the index's limit of ${MAX_INDEXED}`);
    checkFinite(segments.subarray(0, 4 * n), "segments");
    this.append(segments, n, strings);
  }

  private append(segments: Float64Array, n: number, strings?: Int32Array): void {
    if (strings && strings.length < n)
      throw new RangeError(`string ids: ${strings.length} for ${n} segments`);
    const to = this.count + n;
    if (4 * to > this.segs.length) {
      const cap = Math.min(MAX_INDEXED, Math.max(to, 2 * (this.segs.length >> 2)));
      const s = new Float64Array(4 * cap);
      s.set(this.segs.subarray(0, 4 * this.count));
      this.segs = s;
      const b = new Float64Array(4 * cap);
      b.set(this.boxes.subarray(0, 4 * this.count));
      this.boxes = b;
      const si = new Int32Array(cap);
      si.set(this.sids.subarray(0, this.count));
      this.sids = si;
      const st = new Int32Array(cap);
      st.set(this.stamp);
      this.stamp = st;
      this.cand = new Int32Array(cap);
    }
    this.segs.set(segments.subarray(0, 4 * n), 4 * this.count);
    appendStrings(this.segs, this.sids, this.count, n, strings);
    if (this.safe && !allInSafeRange(segments.subarray(0, 4 * n))) this.safe = false;
    const { segs, boxes, nx, ny, x0, y0, sx, sy } = this;
    for (let j = this.count; j < to; j++) {
      const cx = segs[4 * j]!;
      const cy = segs[4 * j + 1]!;
      const dx = segs[4 * j + 2]!;
      const dy = segs[4 * j + 3]!;
      boxes[4 * j] = Math.min(cx, dx);
      boxes[4 * j + 1] = Math.max(cx, dx);
      boxes[4 * j + 2] = Math.min(cy, dy);
      boxes[4 * j + 3] = Math.max(cy, dy);
      const i0 = cellOf(boxes[4 * j]!, x0, sx, nx);
      const i1 = cellOf(boxes[4 * j + 1]!, x0, sx, nx);
      const k0 = cellOf(boxes[4 * j + 2]!, y0, sy, ny);
      const k1 = cellOf(boxes[4 * j + 3]!, y0, sy, ny);
      if ((i1 - i0 + 1) * (k1 - k0 + 1) > MAX_SPAN) {
        this.large.push(j);
        continue;
      }
      if (this.nEntries + MAX_SPAN > this.entryId.length) {
        const cap = Math.min(MAX_INDEXED * MAX_SPAN, 2 * this.entryId.length);
        const a = new Int32Array(cap);
        a.set(this.entryId);
        this.entryId = a;
        const b = new Int32Array(cap);
        b.set(this.entryNext);
        this.entryNext = b;
      }
      for (let k = k0; k <= k1; k++) {
        for (let i = i0; i <= i1; i++) {
          const c = k * nx + i;
          this.entryId[this.nEntries] = j;
          this.entryNext[this.nEntries] = this.head[c]!;
          this.head[c] = this.nEntries++;
        }
      }
    }
    this.count = to;
  }

  crossingPointsIndexed(path: Float64Array, discs: Float64Array, radius: number): Float64Array {
    return this.meetingsIndexed(path, discs, radius).points;
  }

  meetingsIndexed(path: Float64Array, discs: Float64Array, radius: number): Meetings {
    resetContacts();
    const nv = path.length >> 1;
    if (nv === 0) return resolveMeetings(discs, radius);
    const nseg = nv > 1 ? nv - 1 : 1;
    const { segs, sids, boxes, head, entryNext, entryId, stamp, cand, large, nx, ny, x0, y0, sx, sy } = this;
    const nlarge = large.length;
    const allSafe = this.safe;
    let cur = this.cur;
    // each vertex's cell column and row, once (cellOf is monotone: a segment's box spans the cells between its
    // ends' cells, the same as cellOf of its box)
    if (cellX.length < nv) {
      cellX = new Int32Array(nv);
      cellY = new Int32Array(nv);
    }
    for (let v = 0; v < nv; v++) {
      cellX[v] = cellOf(path[2 * v]!, x0, sx, nx);
      cellY[v] = cellOf(path[2 * v + 1]!, y0, sy, ny);
    }
    for (let k = 0; k < nseg; k++) {
      const v1 = nv > 1 ? k + 1 : k;
      let i0 = cellX[k]!;
      let i1 = cellX[v1]!;
      if (i1 < i0) {
        i0 = i1;
        i1 = cellX[k]!;
      }
      let k0 = cellY[k]!;
      let k1 = cellY[v1]!;
      if (k1 < k0) {
        k0 = k1;
        k1 = cellY[k]!;
      }
      if (nlarge === 0) {
        // no candidate at all when every cell it spans is empty (most path segments on a board): skip it early
        let any = false;
        for (let r = k0; r <= k1 && !any; r++)
          for (let i = i0; i <= i1 && !any; i++) any = head[r * nx + i]! >= 0;
        if (!any) continue;
      }
      const ax = path[2 * k]!;
      const ay = path[2 * k + 1]!;
      const bx = nv > 1 ? path[2 * k + 2]! : ax;
      const by = nv > 1 ? path[2 * k + 3]! : ay;
      const minx = Math.min(ax, bx);
      const maxx = Math.max(ax, bx);
      const miny = Math.min(ay, by);
      const maxy = Math.max(ay, by);
      // gather the candidates, each once, keeping only those whose box meets the path segment's (pairCrossing's
      // own box test, read from the boxes kept on append: the others would fail it, so the points are the same)
      if (cur === 0x7fffffff) {
        stamp.fill(0);
        cur = 0;
      }
      cur++;
      let m = 0;
      for (let q = 0; q < nlarge; q++) {
        const j = large[q]!;
        if (stamp[j] === cur) continue;
        stamp[j] = cur;
        const b = 4 * j;
        if (boxes[b + 1]! < minx || boxes[b]! > maxx || boxes[b + 3]! < miny || boxes[b + 2]! > maxy)
          continue;
        cand[m++] = j;
      }
      for (let r = k0; r <= k1; r++) {
        for (let i = i0; i <= i1; i++) {
          for (let e = head[r * nx + i]!; e >= 0; e = entryNext[e]!) {
            const j = entryId[e]!;
            if (stamp[j] === cur) continue;
            stamp[j] = cur;
            const b = 4 * j;
            if (boxes[b + 1]! < minx || boxes[b]! > maxx || boxes[b + 3]! < miny || boxes[b + 2]! > maxy)
              continue;
            cand[m++] = j;
          }
        }
      }
      if (m === 0) continue;
      // in index order: the brute force's order, so the contacts (and the resolver's output) are its own
      if (m <= SORT_MAX) {
        for (let p = 1; p < m; p++) {
          const v = cand[p]!;
          let q = p;
          while (q > 0 && cand[q - 1]! > v) {
            cand[q] = cand[q - 1]!;
            q--;
          }
          cand[q] = v;
        }
      } else {
        m = 0;
        for (let j = 0; j < this.count; j++) {
          if (stamp[j] !== cur) continue;
          const b = 4 * j; // stamped, and its box meets the path segment's (as gathered)
          if (boxes[b + 1]! < minx || boxes[b]! > maxx || boxes[b + 3]! < miny || boxes[b + 2]! > maxy)
            continue;
          cand[m++] = j;
        }
      }
      // the path segment's ends in orient2d's safe range too: its orientations may skip the range check
      const safe = allSafe && inSafeRange(ax) && inSafeRange(ay) && inSafeRange(bx) && inSafeRange(by);
      // the same pair test as crossingPoints (its box test passed), over the candidates in ascending id order
      for (let p = 0; p < m; p++) {
        const j = cand[p]!;
        const c = 4 * j;
        pairContact(
          ax,
          ay,
          bx,
          by,
          segs[c]!,
          segs[c + 1]!,
          segs[c + 2]!,
          segs[c + 3]!,
          sids[j]!,
          discs,
          radius,
          safe,
        );
      }
    }
    this.cur = cur;
    return resolveMeetings(discs, radius);
  }
}

/** `crossingPoints(path, segments, discs, radius)` over the segments of `index` (same points, same order). */
export function crossingPointsIndexed(
  path: Float64Array,
  index: PlacedSegmentIndex,
  discs: Float64Array,
  radius: number,
): Float64Array {
  return index.crossingPointsIndexed(path, discs, radius);
}

// biome-ignore-all lint/complexity/useMathMinMax: the boundary filter's selects mirror the kernels' (finite inputs: no NaN or -0 rules needed)
/**
 * Drives the String Railway Wasm module (assembly/string.ts) behind the same functions as the TypeScript
 * twin, the engine's geometry (web/engine/string/geometry/: predicates.ts, polyline.ts, pairs.ts, placed.ts).
 * Get the module from `compileWasmNode("string")` (web/wasm/node.ts: tests, CLI, bench) or
 * `compileWasmBrowser("string")` (web/wasm/browser.ts: the worker), then `createStringGeometryWasm(module)`.
 *
 * The module's buffers are allocated once at start-up (runtime stub, nothing freed); their places, lengths and
 * the kernels' limits come from the module's descriptor (web/wasm/glue.ts). This wrapper copies inputs into the
 * named views (recreated if memory ever grows), calls a kernel with counts and reads the result. Inputs above a
 * kernel's limit, and non-finite numbers, are refused with a RangeError before reaching Wasm. Both sides are exact for every finite double (the Wasm orient2d has a big-integer fallback
 * outside the adaptive predicate's range, like the BigInt one in predicates.ts).
 */
import { instantiate } from "../../../build/string.release.js";
import type { Meetings } from "../../engine/string/geometry/meet.ts";
import {
  countIntersectingPairs as countPairsTs,
  PairsWorkError,
} from "../../engine/string/geometry/pairs.ts";
import {
  appendStrings,
  checkFinite,
  checkGrid,
  DEFAULT_CELL,
  type PlacedSegmentIndex,
} from "../../engine/string/geometry/placed.ts";
import * as ts from "../../engine/string/geometry/polyline.ts";
import type { Point } from "../../engine/string/geometry/predicates.ts";
import * as pred from "../../engine/string/geometry/predicates.ts";
import {
  measureRoute,
  type RouteContext,
  type RouteGeometry,
  type RouteMeasure,
} from "../../engine/string/geometry/route.ts";
import { bindWasm, checkRange } from "../../wasm/glue.ts";
import { type SegmentFileReader, STRING_GEOMETRY_SPEC, segmentFileReader } from "./segment-file.ts";

type Exports = Awaited<ReturnType<typeof instantiate>>;
/** The raw exports the wrapper calls directly: booleans as i32. */
type RawExports = Omit<
  Exports,
  "segmentsIntersect" | "segmentIntersection" | "polylineInsidePolygon" | "polylineTouchesPolygon"
> & {
  routeGeometry(nv: number): number;
  segmentsIntersect(...v: number[]): number;
  segmentIntersection(...v: number[]): number;
  polylineInsidePolygon(nv: number, np: number): number;
  polylineTouchesPolygon(nv: number, np: number): number;
};

/** The geometry API shared by the TypeScript reference and the Wasm wrapper. */
export interface StringGeometry {
  orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number;
  segmentsIntersect(
    ax: number,
    ay: number,
    bx: number,
    by: number,
    cx: number,
    cy: number,
    dx: number,
    dy: number,
  ): boolean;
  segmentIntersectionPoint(
    ax: number,
    ay: number,
    bx: number,
    by: number,
    cx: number,
    cy: number,
    dx: number,
    dy: number,
  ): Point | null;
  /**
   * Pairs of closed segments sharing a point (exact count, a number: at most n(n − 1)/2, exact below 2^53);
   * `PairsWorkError` when the method chosen would test more than `maxWork` candidate pairs (pairs.ts).
   */
  countIntersectingPairs(segments: Float64Array, pairsOut?: Int32Array, maxWork?: number): number;
  polylineLength(path: Float64Array): number;
  stationsTouched(path: Float64Array, discs: Float64Array, radius: number): number[];
  pointLocation(x: number, y: number, polygon: Float64Array): number;
  pointInPolygon(x: number, y: number, polygon: Float64Array): boolean;
  pointInDisc(x: number, y: number, cx: number, cy: number, r: number): boolean;
  polylineInsidePolygon(path: Float64Array, polygon: Float64Array): boolean;
  polylineTouchesPolygon(path: Float64Array, polygon: Float64Array): boolean;
  /** One point per meeting place (polyline.ts `crossingPoints`; `strings`: each segment's string id). */
  crossingPoints(
    path: Float64Array,
    segments: Float64Array,
    discs: Float64Array,
    radius: number,
    strings?: Int32Array,
  ): Float64Array;
  /** The meeting places' points and the shared stretches' pieces (polyline.ts `meetingPlaces`). */
  meetingPlaces(
    path: Float64Array,
    segments: Float64Array,
    discs: Float64Array,
    radius: number,
    strings?: Int32Array,
  ): Meetings;
}

/** The TypeScript reference as a `StringGeometry` (for code that takes either). */
export const stringGeometryReference: StringGeometry = {
  orient2d: pred.orient2d,
  segmentsIntersect: pred.segmentsIntersect,
  segmentIntersectionPoint: pred.segmentIntersectionPoint,
  countIntersectingPairs: countPairsTs,
  polylineLength: ts.polylineLength,
  stationsTouched: ts.stationsTouched,
  pointLocation: ts.pointLocation,
  pointInPolygon: ts.pointInPolygon,
  pointInDisc: ts.pointInDisc,
  polylineInsidePolygon: ts.polylineInsidePolygon,
  polylineTouchesPolygon: ts.polylineTouchesPolygon,
  crossingPoints: ts.crossingPoints,
  meetingPlaces: ts.meetingPlaces,
};

export { STRING_GEOMETRY_SPEC };

/** Kernel limits, read from the module's descriptor (assembly/geometry/*.ts). */
export interface StringGeometryLimits {
  segments: number;
  pairs: number;
  pathVertices: number;
  discs: number;
  polygonVertices: number;
  placedSegments: number;
  visits: number;
  points: number;
  /** Placed-segment index: grid cells per axis at most. */
  indexAxisCells: number;
  /** Placed-segment index: cells a segment's box may cover before it goes to the large list. */
  indexSpan: number;
  /** Stretch pieces a crossing query writes (over it, the wrapper asks the twin). */
  stretches: number;
  /** Bytes the `text` buffer holds at most (a segment file and its end mark: `textBuffer`). */
  textBytes: number;
}

/**
 * The Wasm geometry, plus one placed-segment index kept in the module's memory (`setPlacedSegments`,
 * `addPlacedSegments`, `crossingPointsIndexed`; capacity `limits.placedSegments`): see placed.ts.
 */
export interface StringGeometryWasm extends StringGeometry, PlacedSegmentIndex, SegmentFileReader {
  readonly limits: StringGeometryLimits;
  /**
   * A route geometry on these kernels, for an engine (engine.ts `createStringEngine(geometry)`): `measure` is one
   * copy of the path and one call (assembly/geometry/route.ts), the same answers as `routeGeometryTs`. Its indexes keep
   * their segments in JavaScript; the module holds one of them at a time (the last measured against, rebuilt when
   * another is asked: once a turn in a game, as the mover changes) and this wrapper's own index API shares that
   * place: calling `setPlacedSegments` here drops whichever route index it held. The context (board, mountain,
   * discs) is read again only for another context object (the engine keeps one per board and never writes it).
   */
  readonly routeGeometry: RouteGeometry;
  /** The method the last `countIntersectingPairs` chose (pairs.ts METHOD_GRID, METHOD_SWEEP) and its work. */
  readonly pairsPlan: { method: number; work: number };
}

/** `countPairs`'s answer when the work is over the budget (assembly/geometry/pairs.ts REFUSED: i64's minimum). */
const PAIRS_REFUSED = -(2n ** 63n);

/**
 * Copies `src` into `dst` and checks it in the same pass: v · 0 is 0 for a finite v and NaN otherwise, summed in
 * two independent chains (one chain is bound by the add's latency); only a bad input pays for the search that
 * names the value. Measured faster than `set` + a check for the 8–128 numbers of a polygon or a path.
 */
function copyIn(src: ArrayLike<number>, dst: Float64Array, what: string): void {
  const n = Math.min(src.length, dst.length); // (an odd trailing number is unused)
  let z0 = 0;
  let z1 = 0;
  let i = 0;
  for (; i + 1 < n; i += 2) {
    const a = src[i]!;
    const b = src[i + 1]!;
    dst[i] = a;
    dst[i + 1] = b;
    z0 += a * 0;
    z1 += b * 0;
  }
  if (i < n) {
    const a = src[i]!;
    dst[i] = a;
    z0 += a * 0;
  }
  for (let k = n; k < src.length; k++) z0 += src[k]! * 0;
  if (z0 + z1 !== 0) throw notFinite(src, what);
}

function notFinite(src: ArrayLike<number>, what: string): RangeError {
  let i = 0;
  while (i < src.length && Number.isFinite(src[i]!)) i++;
  return new RangeError(`${what}[${i}] is not a finite number (${src[i]})`);
}

function refuseOver(count: number, max: number, what: string): void {
  if (!(count <= max)) checkRange(what, count, 0, max); // the check's message, only when it fails
}

function refuseCoordinate(v: number[]): never {
  throw new RangeError(`coordinate ${v.find((x) => !Number.isFinite(x))} is not a finite number`);
}

/** Instantiates the String Railway module and wraps it. */
export async function createStringGeometryWasm(module: WebAssembly.Module): Promise<StringGeometryWasm> {
  const ex: Exports = await instantiate(module, { env: {} });
  const glue = bindWasm(ex, STRING_GEOMETRY_SPEC);
  // The module's own exports, under asc's adapters (which only turn an i32 into a boolean): the hot predicates
  // call these directly, one JS frame less per call.
  const raw = Object.getPrototypeOf(ex) as RawExports;
  const limits: StringGeometryLimits = glue.limits;

  // Views over the module's buffers, by name; rebuilt whenever memory.buffer changes (growth detaches it).
  let segments = new Float64Array(0);
  let pairs = new Int32Array(0);
  let path = new Float64Array(0);
  let discs = new Float64Array(0);
  let polygon = new Float64Array(0);
  let placed = new Float64Array(0);
  let visits = new Int32Array(0);
  let points = new Float64Array(0);
  let indexed = new Float64Array(0);
  let board = new Float64Array(0);
  let mountain = new Float64Array(0);
  let route = new Float64Array(0);
  let placedStrings = new Int32Array(0);
  let indexStrings = new Int32Array(0);
  let stretches = new Float64Array(0);
  const views = (): void => {
    // Views over a detached buffer (memory grew) have length 0, like the initial empty ones: then rebuild.
    if (segments.length !== 0) return;
    const v = glue.views();
    ({ segments, pairs, path, discs, polygon, placed, visits, points, board, mountain, route } = v);
    ({ placedStrings, indexStrings, stretches } = v);
    indexed = v.indexSegments;
  };
  /** Copies n segments (and their string ids) in after the indexed ones and indexes them (limit checked). */
  const appendIndexed = (src: Float64Array, n: number, strings?: Int32Array): void => {
    const from = ex.indexCount();
    views();
    // a non-finite number or short ids throw before indexAdd: the index stays as it was
    if (strings && strings.length < n)
      throw new RangeError(`string ids: ${strings.length} for ${n} segments`);
    copyIn(src.subarray(0, 4 * n), indexed.subarray(4 * from, 4 * (from + n)), "segments");
    appendStrings(indexed, indexStrings, from, n, strings);
    ex.indexAdd(from + n);
  };
  /** The meeting places the last crossing query left: `n` points and the stretch pieces. */
  const meetings = (n: number): Meetings => {
    const ns = ex.stretchCount();
    return {
      points: points.slice(0, 2 * n),
      stretches: ns === 0 ? new Float64Array(0) : stretches.slice(0, 4 * ns),
    };
  };
  /**
   * Makes buffer `name` hold `elements` (its limit checked by the caller): the module's memory grows on demand
   * (issue #23: `segments`, `pairs` and `points` start small), and the views are made again on next use.
   */
  const grow = (name: "segments" | "pairs" | "points", elements: number): void => {
    if (glue.descriptor.buffers[name]!.length >= elements) return;
    glue.reserve(name, elements);
    segments = new Float64Array(0);
  };
  /** Meeting places `points` holds now (it grows on demand up to its limit). */
  const pointRoom = (): number => glue.descriptor.buffers.points!.length >> 1;
  /**
   * Runs a crossing query (`q` returns its count of meeting places; it calls `views()` before reading a buffer); when
   * more came than `points` holds now, within its limit, `points` is grown and the query run again (its inputs are
   * still in the module's buffers). The views are fresh after it: the meeting-place resolver grows its own buffers
   * in a crowded query, which may grow memory (and detach every view).
   */
  const query = (q: () => number): number => {
    let n = q();
    if (n > pointRoom() && n <= limits.points) {
      grow("points", 2 * n);
      views();
      n = q();
    }
    views();
    return n;
  };
  /** A crossing query's answer fits the output buffers (else the twin answers). */
  const fits = (n: number): boolean => n >= 0 && n <= pointRoom() && ex.stretchCount() <= limits.stretches;

  const loadPath = (p: Float64Array): void => {
    refuseOver(p.length >> 1, limits.pathVertices, "path vertices");
    views();
    copyIn(p, path, "path");
  };
  const loadDiscs = (d: Float64Array, radius: number): void => {
    refuseOver(d.length >> 1, limits.discs, "discs");
    if (!Number.isFinite(radius)) throw new RangeError(`radius ${radius} is not a finite number`);
    views();
    heldContext = null; // the route context's discs are overwritten
    copyIn(d, discs, "discs");
  };
  const loadPolygon = (p: Float64Array): void => {
    refuseOver(p.length >> 1, limits.polygonVertices, "polygon vertices");
    views();
    copyIn(p, polygon, "polygon");
  };

  /**
   * The boundary kernels' own filter, run here so that the path need not be copied in: checks the path (limit,
   * finite numbers) taking its box in the same pass, loads the polygon, and answers true when the path has a
   * vertex, the polygon three, and the path's box meets no edge's box. Then no path segment meets an edge, and both
   * boundary tests reduce to the first vertex's location (what the kernels compute in that case). False: copy the
   * path in and call the kernel.
   */
  const pathAwayFromEdges = (p: Float64Array, poly: Float64Array): boolean => {
    const nv = p.length >> 1;
    refuseOver(nv, limits.pathVertices, "path vertices");
    // one pass: check the path and take its box (copied in only if an edge is near)
    let x0 = nv > 0 ? p[0]! : 0;
    let y0 = nv > 0 ? p[1]! : 0;
    let x1 = x0;
    let y1 = y0;
    let z0 = 0;
    let z1 = 0;
    for (let v = 0; v < nv; v++) {
      const x = p[2 * v]!;
      const y = p[2 * v + 1]!;
      z0 += x * 0;
      z1 += y * 0;
      if (x < x0) x0 = x;
      else if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      else if (y > y1) y1 = y;
    }
    if (p.length & 1) z0 += p[p.length - 1]! * 0;
    if (z0 + z1 !== 0) throw notFinite(p, "path");
    loadPolygon(poly);
    const np = poly.length >> 1;
    if (nv < 1 || np < 3) return false;
    for (let i = 0, j = np - 1; i < np; j = i++) {
      const cx = poly[2 * j]!;
      const cy = poly[2 * j + 1]!;
      const dx = poly[2 * i]!;
      const dy = poly[2 * i + 1]!;
      if (
        !(
          (cx > dx ? cx : dx) < x0 ||
          (cx < dx ? cx : dx) > x1 ||
          (cy > dy ? cy : dy) < y0 ||
          (cy < dy ? cy : dy) > y1
        )
      )
        return false;
    }
    return true;
  };

  /** `meetingsIndexed` over the segments the module's index holds now. */
  const queryIndexed = (p: Float64Array, d: Float64Array, radius: number): Meetings => {
    loadPath(p);
    loadDiscs(d, radius);
    const n = query(() => ex.crossingPointsIndexed(p.length >> 1, d.length >> 1, radius));
    if (!fits(n)) {
      // over an output buffer: the brute-force twin over the same segments gives the same answer
      views();
      const count = ex.indexCount();
      return ts.meetingPlaces(p, indexed.slice(0, 4 * count), d, radius, indexStrings.slice(0, count));
    }
    return meetings(n);
  };

  /** The grid for a whole new set of segments (`setPlacedSegments`), after checking their count and numbers. */
  const newGrid = (src: Float64Array, bounds: ArrayLike<number> | undefined, cellSize: number) => {
    const n = src.length >> 2;
    refuseOver(n, limits.placedSegments, "placed segments");
    checkFinite(src.subarray(0, 4 * n), "segments");
    return checkGrid(src.subarray(0, 4 * n), bounds, cellSize);
  };

  /** The every-pair meeting places (polyline.ts `meetingPlaces`) on the module's kernel. */
  const meetingPlaces = (
    p: Float64Array,
    segs: Float64Array,
    d: Float64Array,
    radius: number,
    strings?: Int32Array,
  ): Meetings => {
    const ns = segs.length >> 2;
    refuseOver(ns, limits.placedSegments, "placed segments");
    if (strings && strings.length < ns)
      throw new RangeError(`string ids: ${strings.length} for ${ns} segments`);
    loadPath(p);
    loadDiscs(d, radius);
    views();
    copyIn(segs.subarray(0, 4 * ns), placed, "segments");
    if (strings) placedStrings.set(strings.subarray(0, ns));
    else placedStrings.set(ts.jointStrings(segs.subarray(0, 4 * ns)));
    const n = query(() => ex.crossingPoints(p.length >> 1, ns, d.length >> 1, radius));
    if (!fits(n)) return ts.meetingPlaces(p, segs, d, radius, strings); // over an output buffer
    return meetings(n);
  };

  // ----- The route geometry (assembly/geometry/route.ts) -----
  /** Whose segments the module's index holds: a route index, or null (this wrapper's own index API, or none). */
  let heldIndex: RouteIndex | null = null;
  /** How many of `heldIndex`'s segments the module has indexed. */
  let heldCount = 0;
  /** The context the module's board, mountain and discs hold (null after any call that rewrote the discs). */
  let heldContext: RouteContext | null = null;

  /** A placed-segment index whose segments live here, in JavaScript; the module indexes them when measured. */
  class RouteIndex implements PlacedSegmentIndex {
    segs = new Float64Array(4 * 256);
    sids = new Int32Array(256);
    count = 0;
    grid: [number, number, number, number, number] = [0, 0, 0, 0, DEFAULT_CELL];
    constructor(bounds: ArrayLike<number>) {
      this.setPlacedSegments(new Float64Array(0), bounds);
    }
    get placedCount(): number {
      return this.count;
    }
    setPlacedSegments(
      src: Float64Array,
      bounds?: ArrayLike<number>,
      cellSize = DEFAULT_CELL,
      strings?: Int32Array,
    ): void {
      const n = src.length >> 2;
      this.grid = newGrid(src, bounds, cellSize);
      if (strings && strings.length < n)
        throw new RangeError(`string ids: ${strings.length} for ${n} segments`);
      this.count = 0;
      if (heldIndex === this) heldIndex = null; // another grid: the module builds it again when measured
      this.append(src, n, strings);
    }
    addPlacedSegments(src: Float64Array, strings?: Int32Array): void {
      const n = src.length >> 2;
      refuseOver(this.count + n, limits.placedSegments, "placed segments");
      checkFinite(src.subarray(0, 4 * n), "segments");
      if (strings && strings.length < n)
        throw new RangeError(`string ids: ${strings.length} for ${n} segments`);
      this.append(src, n, strings);
    }
    private append(src: Float64Array, n: number, strings?: Int32Array): void {
      if (4 * (this.count + n) > this.segs.length) {
        const cap = Math.max(2 * (this.segs.length >> 2), this.count + n);
        const grown = new Float64Array(4 * cap);
        grown.set(this.segs.subarray(0, 4 * this.count));
        this.segs = grown;
        const ids = new Int32Array(cap);
        ids.set(this.sids.subarray(0, this.count));
        this.sids = ids;
      }
      this.segs.set(src.subarray(0, 4 * n), 4 * this.count);
      appendStrings(this.segs, this.sids, this.count, n, strings);
      this.count += n;
    }
    crossingPointsIndexed(p: Float64Array, d: Float64Array, radius: number): Float64Array {
      return this.meetingsIndexed(p, d, radius).points;
    }
    meetingsIndexed(p: Float64Array, d: Float64Array, radius: number): Meetings {
      hold(this);
      return queryIndexed(p, d, radius);
    }
  }

  /** Makes the module's index hold `ix`'s segments: the new ones appended, or all indexed again for another index. */
  const hold = (ix: RouteIndex): void => {
    views();
    if (heldIndex !== ix || heldCount > ix.count) {
      const [minX, minY, maxX, maxY, cell] = ix.grid;
      ex.indexReset(minX, minY, maxX, maxY, cell);
      heldIndex = ix;
      heldCount = 0;
    }
    if (heldCount < ix.count) {
      indexed.set(ix.segs.subarray(4 * heldCount, 4 * ix.count), 4 * heldCount); // checked when added
      indexStrings.set(ix.sids.subarray(heldCount, ix.count), heldCount);
      heldCount = ex.indexAdd(ix.count);
    }
  };

  /** Writes the route context into the module (limits and finite numbers checked). */
  const holdContext = (ctx: RouteContext): void => {
    const nb = ctx.polygon.length >> 1;
    const nm = ctx.mountain.length >> 1;
    const nd = ctx.discs.length >> 1;
    refuseOver(nb, limits.polygonVertices, "board vertices");
    refuseOver(nm, limits.polygonVertices, "mountain vertices");
    refuseOver(nd, limits.discs, "discs");
    if (!Number.isFinite(ctx.radius)) throw new RangeError(`radius ${ctx.radius} is not a finite number`);
    views();
    copyIn(ctx.polygon, board, "board");
    copyIn(ctx.mountain, mountain, "mountain");
    copyIn(ctx.discs, discs, "discs");
    ex.routeContext(nb, nm, nd, ctx.radius);
    heldContext = ctx;
  };

  const routeGeometry: RouteGeometry = {
    createIndex: (bounds) => new RouteIndex(bounds),
    measure(ctx, p, index): RouteMeasure {
      const nv = p.length >> 1;
      // Another kind of index, or a path the kernel does not take (odd, empty, over its limit): the twin.
      if (!(index instanceof RouteIndex) || p.length & 1 || nv < 1 || nv > limits.pathVertices)
        return measureRoute(ctx, p, index);
      hold(index);
      if (heldContext !== ctx) holdContext(ctx);
      copyIn(p, path, "path");
      let flags = 0;
      const np = query(() => {
        flags = raw.routeGeometry(nv);
        views();
        return route[2]!;
      });
      const ns = route[1]!;
      if (!fits(np))
        return measureRoute(ctx, p, index.segs.slice(0, 4 * index.count), index.sids.slice(0, index.count));
      const stations = new Array<number>(ns);
      for (let k = 0; k < ns; k++) stations[k] = visits[k]!;
      const m = meetings(np);
      return {
        length: route[0]!,
        stations,
        points: m.points,
        stretches: m.stretches,
        mountain: (flags & 2) !== 0,
        inside: (flags & 1) !== 0,
      };
    },
  };

  return {
    limits,
    routeGeometry,
    get pairsPlan() {
      return { method: ex.pairsMethod(), work: ex.pairsWork() };
    },
    // v · 0 is 0 for a finite v and NaN otherwise: one test per call, no argument array.
    orient2d(ax, ay, bx, by, cx, cy) {
      if (ax * 0 + ay * 0 + bx * 0 + by * 0 + cx * 0 + cy * 0 !== 0)
        refuseCoordinate([ax, ay, bx, by, cx, cy]);
      return raw.orient2d(ax, ay, bx, by, cx, cy);
    },
    segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy) {
      if (ax * 0 + ay * 0 + bx * 0 + by * 0 + cx * 0 + cy * 0 + dx * 0 + dy * 0 !== 0)
        refuseCoordinate([ax, ay, bx, by, cx, cy, dx, dy]);
      return raw.segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy) !== 0;
    },
    segmentIntersectionPoint(ax, ay, bx, by, cx, cy, dx, dy) {
      if (ax * 0 + ay * 0 + bx * 0 + by * 0 + cx * 0 + cy * 0 + dx * 0 + dy * 0 !== 0)
        refuseCoordinate([ax, ay, bx, by, cx, cy, dx, dy]);
      return raw.segmentIntersection(ax, ay, bx, by, cx, cy, dx, dy) !== 0
        ? { x: raw.pointX(), y: raw.pointY() }
        : null;
    },
    ...segmentFileReader(ex, glue, () => {
      segments = new Float64Array(0); // the module moved or grew a buffer: views made anew on next use
    }),
    countIntersectingPairs(src, pairsOut, maxWork = Number.POSITIVE_INFINITY) {
      const n = src.length >> 2;
      refuseOver(n, limits.segments, "segments");
      const want = pairsOut ? Math.min(pairsOut.length >> 1, limits.pairs) : 0;
      grow("segments", 4 * n);
      grow("pairs", 2 * want);
      views();
      segments.set(src.subarray(0, 4 * n)); // a memcpy; the kernel checks finiteness in its first pass
      const big = ex.countPairs(n, want, maxWork); // an i64: a BigInt
      if (big === PAIRS_REFUSED) throw new PairsWorkError(ex.pairsWork(), maxWork);
      if (big < 0n)
        throw new RangeError(`segments[${-1n - big}] has a coordinate that is not a finite number`);
      const count = Number(big); // exact: at most n(n − 1)/2 < 2^33
      if (pairsOut) {
        // More pairs than the kernel's output buffer holds but the caller's does: the twin fills it.
        if (count > want && want < pairsOut.length >> 1) return countPairsTs(src, pairsOut, maxWork);
        pairsOut.set(pairs.subarray(0, 2 * Math.min(count, want)));
      }
      return count;
    },
    polylineLength(p) {
      // No separate finiteness pass: with two or more vertices a NaN or ±Infinity makes the length NaN or
      // Infinity, so only a non-finite length (or a lone vertex, an odd trailing number) sends us to the check.
      const nv = p.length >> 1;
      refuseOver(nv, limits.pathVertices, "path vertices");
      views();
      path.set(nv << 1 === p.length ? p : p.subarray(0, nv << 1));
      const len = ex.polylineLength(nv);
      if (!Number.isFinite(len) || nv < 2 || p.length & 1) {
        for (let i = 0; i < p.length; i++) if (!Number.isFinite(p[i]!)) throw notFinite(p, "path");
      }
      return len;
    },
    stationsTouched(p, d, radius) {
      loadPath(p);
      loadDiscs(d, radius);
      const n = ex.stationsTouched(p.length >> 1, d.length >> 1, radius);
      const out: number[] = [];
      for (let k = 0; k < n; k++) out.push(visits[k]!);
      return out;
    },
    pointLocation(x, y, poly) {
      if (x * 0 + y * 0 !== 0) refuseCoordinate([x, y]);
      loadPolygon(poly);
      return raw.pointLocation(x, y, poly.length >> 1);
    },
    pointInPolygon(x, y, poly) {
      if (x * 0 + y * 0 !== 0) refuseCoordinate([x, y]);
      loadPolygon(poly);
      return raw.pointLocation(x, y, poly.length >> 1) >= 0;
    },
    pointInDisc: ts.pointInDisc, // four flops: a Wasm call would cost more than it saves
    polylineInsidePolygon(p, poly) {
      if (pathAwayFromEdges(p, poly)) return raw.pointLocation(p[0]!, p[1]!, poly.length >> 1) === 1;
      path.set(p.length & 1 ? p.subarray(0, p.length - 1) : p); // checked by pathAwayFromEdges
      return raw.polylineInsidePolygon(p.length >> 1, poly.length >> 1) !== 0;
    },
    polylineTouchesPolygon(p, poly) {
      if (pathAwayFromEdges(p, poly)) return raw.pointLocation(p[0]!, p[1]!, poly.length >> 1) >= 0;
      path.set(p.length & 1 ? p.subarray(0, p.length - 1) : p); // checked by pathAwayFromEdges
      return raw.polylineTouchesPolygon(p.length >> 1, poly.length >> 1) !== 0;
    },
    crossingPoints(p, segs, d, radius, strings) {
      return meetingPlaces(p, segs, d, radius, strings).points;
    },
    meetingPlaces: (p, segs, d, radius, strings) => meetingPlaces(p, segs, d, radius, strings),
    get placedCount() {
      return ex.indexCount();
    },
    setPlacedSegments(segs, bounds, cellSize = DEFAULT_CELL, strings) {
      const n = segs.length >> 2;
      const [minX, minY, maxX, maxY, cell] = newGrid(segs, bounds, cellSize); // before the reset: a refused call changes nothing
      if (strings && strings.length < n)
        throw new RangeError(`string ids: ${strings.length} for ${n} segments`);
      heldIndex = null; // the module's index is this wrapper's own now
      ex.indexReset(minX, minY, maxX, maxY, cell);
      appendIndexed(segs, n, strings);
    },
    addPlacedSegments(segs, strings) {
      const n = segs.length >> 2;
      refuseOver(ex.indexCount() + n, limits.placedSegments, "placed segments");
      heldIndex = null; // (after a route measure: appended to that index's segments, as documented)
      appendIndexed(segs, n, strings);
    },
    crossingPointsIndexed: (p, d, radius) => queryIndexed(p, d, radius).points,
    meetingsIndexed: (p, d, radius) => queryIndexed(p, d, radius),
  };
}

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
import {
  countIntersectingPairs as countPairsTs,
  PairsWorkError,
} from "../../engine/string/geometry/pairs.ts";
import {
  checkFinite,
  checkGrid,
  DEFAULT_CELL,
  type PlacedSegmentIndex,
} from "../../engine/string/geometry/placed.ts";
import * as ts from "../../engine/string/geometry/polyline.ts";
import type { Point } from "../../engine/string/geometry/predicates.ts";
import * as pred from "../../engine/string/geometry/predicates.ts";
import { bindWasm, checkRange } from "../../wasm/glue.ts";

type Exports = Awaited<ReturnType<typeof instantiate>>;

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
  crossingPoints(
    path: Float64Array,
    segments: Float64Array,
    discs: Float64Array,
    radius: number,
  ): Float64Array;
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
};

/** What this wrapper expects of the module's descriptor (assembly/string.ts). */
export const STRING_GEOMETRY_SPEC = {
  module: "string",
  version: 2,
  buffers: {
    segments: "f64",
    pairs: "i32",
    path: "f64",
    discs: "f64",
    polygon: "f64",
    placed: "f64",
    visits: "i32",
    points: "f64",
    indexSegments: "f64",
  },
  limits: {
    segments: null,
    pairs: null,
    pathVertices: null,
    discs: null,
    polygonVertices: null,
    placedSegments: null,
    visits: null,
    points: null,
    indexAxisCells: null,
    indexSpan: null,
  },
} as const;

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
}

/**
 * The Wasm geometry, plus one placed-segment index kept in the module's memory (`setPlacedSegments`,
 * `addPlacedSegments`, `crossingPointsIndexed`; capacity `limits.placedSegments`): see placed.ts.
 */
export interface StringGeometryWasm extends StringGeometry, PlacedSegmentIndex {
  readonly limits: StringGeometryLimits;
  /** The method the last `countIntersectingPairs` chose (pairs.ts METHOD_GRID, METHOD_SWEEP) and its work. */
  readonly pairsPlan: { method: number; work: number };
}

/** `countPairs`'s answer when the work is over the budget (assembly/geometry/pairs.ts REFUSED: i64's minimum). */
const PAIRS_REFUSED = -(2n ** 63n);

/** Copies `src` into `dst`; throws a RangeError on a non-finite value. */
function copyIn(src: Float64Array, dst: Float64Array, what: string): void {
  for (let i = 0; i < src.length; i++) {
    const v = src[i]!;
    if (!Number.isFinite(v)) throw new RangeError(`${what}[${i}] is not a finite number (${v})`);
    dst[i] = v;
  }
}

function refuseOver(count: number, max: number, what: string): void {
  checkRange(what, count, 0, max);
}

function finite(...v: number[]): void {
  for (const x of v) if (!Number.isFinite(x)) throw new RangeError(`coordinate ${x} is not a finite number`);
}

/** Instantiates the String Railway module and wraps it. */
export async function createStringGeometryWasm(module: WebAssembly.Module): Promise<StringGeometryWasm> {
  const ex: Exports = await instantiate(module, { env: {} });
  const glue = bindWasm(ex, STRING_GEOMETRY_SPEC);
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
  const views = (): void => {
    const v = glue.views();
    if (v.segments === segments) return;
    ({ segments, pairs, path, discs, polygon, placed, visits, points } = v);
    indexed = v.indexSegments;
  };
  /** Copies n segments in after the indexed ones and indexes them (the caller checked the limit). */
  const appendIndexed = (src: Float64Array, n: number): void => {
    const from = ex.indexCount();
    views();
    // a non-finite number throws before indexAdd: the index stays as it was
    copyIn(src.subarray(0, 4 * n), indexed.subarray(4 * from, 4 * (from + n)), "segments");
    ex.indexAdd(from + n);
  };

  const loadPath = (p: Float64Array): void => {
    refuseOver(p.length >> 1, limits.pathVertices, "path vertices");
    views();
    copyIn(p, path, "path");
  };
  const loadDiscs = (d: Float64Array, radius: number): void => {
    refuseOver(d.length >> 1, limits.discs, "discs");
    if (!Number.isFinite(radius)) throw new RangeError(`radius ${radius} is not a finite number`);
    copyIn(d, discs, "discs");
  };
  const loadPolygon = (p: Float64Array): void => {
    refuseOver(p.length >> 1, limits.polygonVertices, "polygon vertices");
    views();
    copyIn(p, polygon, "polygon");
  };

  return {
    limits,
    get pairsPlan() {
      return { method: ex.pairsMethod(), work: ex.pairsWork() };
    },
    orient2d(ax, ay, bx, by, cx, cy) {
      finite(ax, ay, bx, by, cx, cy);
      return ex.orient2d(ax, ay, bx, by, cx, cy);
    },
    segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy) {
      finite(ax, ay, bx, by, cx, cy, dx, dy);
      return ex.segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy);
    },
    segmentIntersectionPoint(ax, ay, bx, by, cx, cy, dx, dy) {
      finite(ax, ay, bx, by, cx, cy, dx, dy);
      return ex.segmentIntersection(ax, ay, bx, by, cx, cy, dx, dy)
        ? { x: ex.pointX(), y: ex.pointY() }
        : null;
    },
    countIntersectingPairs(src, pairsOut, maxWork = Number.POSITIVE_INFINITY) {
      const n = src.length >> 2;
      refuseOver(n, limits.segments, "segments");
      views();
      segments.set(src.subarray(0, 4 * n)); // a memcpy; the kernel checks finiteness in its first pass
      const want = pairsOut ? Math.min(pairsOut.length >> 1, limits.pairs) : 0;
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
      loadPath(p);
      return ex.polylineLength(p.length >> 1);
    },
    stationsTouched(p, d, radius) {
      loadPath(p);
      loadDiscs(d, radius);
      const n = ex.stationsTouched(p.length >> 1, d.length >> 1, radius);
      return Array.from(visits.subarray(0, n));
    },
    pointLocation(x, y, poly) {
      finite(x, y);
      loadPolygon(poly);
      return ex.pointLocation(x, y, poly.length >> 1);
    },
    pointInPolygon(x, y, poly) {
      finite(x, y);
      loadPolygon(poly);
      return ex.pointLocation(x, y, poly.length >> 1) >= 0;
    },
    pointInDisc: ts.pointInDisc, // four flops: a Wasm call would cost more than it saves
    polylineInsidePolygon(p, poly) {
      loadPath(p);
      loadPolygon(poly);
      return ex.polylineInsidePolygon(p.length >> 1, poly.length >> 1);
    },
    polylineTouchesPolygon(p, poly) {
      loadPath(p);
      loadPolygon(poly);
      return ex.polylineTouchesPolygon(p.length >> 1, poly.length >> 1);
    },
    crossingPoints(p, segs, d, radius) {
      refuseOver(segs.length >> 2, limits.placedSegments, "placed segments");
      loadPath(p);
      loadDiscs(d, radius);
      copyIn(segs.subarray(0, 4 * (segs.length >> 2)), placed, "segments");
      const n = ex.crossingPoints(p.length >> 1, segs.length >> 2, d.length >> 1, radius);
      if (n > limits.points) return ts.crossingPoints(p, segs, d, radius); // over the output buffer
      return points.slice(0, 2 * n);
    },
    get placedCount() {
      return ex.indexCount();
    },
    setPlacedSegments(segs, bounds, cellSize = DEFAULT_CELL) {
      const n = segs.length >> 2;
      refuseOver(n, limits.placedSegments, "placed segments");
      checkFinite(segs.subarray(0, 4 * n), "segments"); // before the reset: a refused call changes nothing
      const [minX, minY, maxX, maxY, cell] = checkGrid(segs.subarray(0, 4 * n), bounds, cellSize);
      ex.indexReset(minX, minY, maxX, maxY, cell);
      appendIndexed(segs, n);
    },
    addPlacedSegments(segs) {
      const n = segs.length >> 2;
      refuseOver(ex.indexCount() + n, limits.placedSegments, "placed segments");
      appendIndexed(segs, n);
    },
    crossingPointsIndexed(p, d, radius) {
      loadPath(p);
      loadDiscs(d, radius);
      const n = ex.crossingPointsIndexed(p.length >> 1, d.length >> 1, radius);
      if (n > limits.points) {
        // over the output buffer: the brute-force twin over the same segments gives the same points
        views();
        return ts.crossingPoints(p, indexed.slice(0, 4 * ex.indexCount()), d, radius);
      }
      return points.slice(0, 2 * n);
    },
  };
}

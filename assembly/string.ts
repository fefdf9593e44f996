// asc-flags: --initialMemory 64
// The String Railway Wasm module: exact predicates, all-pairs segment intersection, polyline kernels.
// The TypeScript wrapper (web/solvers/string/geometry-wasm.ts) writes inputs into the buffers named in the
// descriptor below, then calls the kernels with counts. Runtime stub: the buffers are allocated at start-up,
// nothing is allocated per call; `segments`, `pairs` (countPairs's) and `points` start small and grow on demand (`reserve`,
// called by the glue, web/wasm/glue.ts), so the module starts in under 4 MiB (issue #23).
import * as pairs from "./geometry/pairs";
import * as d from "./glue/descriptor";
import * as meet from "./geometry/meet";
import * as placed from "./geometry/placed";
import * as poly from "./geometry/polyline";
import * as route from "./geometry/route";
import * as scan from "./geometry/scan";
import * as seg from "./geometry/segment";

export { orient2d } from "./geometry/orient";
export { segmentsIntersect, segmentIntersection } from "./geometry/segment";
export { countPairs } from "./geometry/pairs";
export {
  polylineLength,
  stationsTouched,
  pointLocation,
  polylineInsidePolygon,
  polylineTouchesPolygon,
  crossingPoints,
} from "./geometry/polyline";
export { indexReset, indexAdd, indexCount, indexInfo, crossingPointsIndexed } from "./geometry/placed";
export { routeContext, routeGeometry } from "./geometry/route";

/** The method the last `countPairs` chose (0 grid, 1 sweep) and its work in candidate visits. */
export function pairsMethod(): i32 {
  return pairs.lastMethod;
}
export function pairsWork(): f64 {
  return pairs.lastWork;
}

/** How many stretch pieces the last crossing query found (`stretches`). */
export function stretchCount(): i32 {
  return meet.stretchCount;
}

/** The point of the last successful `segmentIntersection`. */
export function pointX(): f64 {
  return seg.pointX;
}
export function pointY(): f64 {
  return seg.pointY;
}

// The descriptor (glue/descriptor.ts): the buffers the wrapper writes and reads, and the kernels' limits.
// Bump VERSION whenever a buffer, a limit's meaning or an export's signature changes.
const VERSION: i32 = 6; // 6: text (the segment file's bytes, grows: reserve) and scanSegments; 5: segments, pairs and points grow on demand (reserve); 4: meeting places (string ids, stretches, route[4]); 3: routeContext/routeGeometry and their buffers; 2: countPairs returns an i64 count
d.describe("string", VERSION);
const SEGMENTS = d.buffer("segments", pairs.segments); // [x1, y1, x2, y2, …] for countPairs (grows: reserve)
const PAIRS = d.buffer("pairs", pairs.pairs); // [i, j, …] out of countPairs (grows: reserve)
d.buffer("path", poly.path); // [x0, y0, …]
d.buffer("discs", poly.discs); // [cx, cy, …]
d.buffer("polygon", poly.polygon); // [x0, y0, …]
d.buffer("placed", poly.placed); // [x1, y1, x2, y2, …] for crossingPoints
d.buffer("visits", poly.visits); // disc indices out of stationsTouched
const POINTS = d.buffer("points", poly.points); // [x, y, …] out of crossingPoints(Indexed) (grows: reserve)
d.buffer("indexSegments", placed.segs); // the placed-segment index's segments, in insertion order
d.buffer("placedStrings", poly.placedString); // the string id of each `placed` segment (crossingPoints)
d.buffer("indexStrings", placed.sids); // the string id of each indexed segment
d.buffer("stretches", meet.stretches); // [x0, y0, x1, y1, …] out: the shared stretches' pieces outside the discs
d.buffer("board", route.board); // [x0, y0, …] the route context's board polygon
d.buffer("mountain", route.mountain); // [x0, y0, …] the route context's mountain polygon
d.buffer("route", route.route); // out of routeGeometry: [length, stations, points, flags]
const TEXT = d.buffer("text", scan.text); // a segment file's bytes, for scanSegments (grows: reserve)
d.limit("segments", pairs.MAX_SEGMENTS);
d.limit("pairs", pairs.MAX_PAIRS);
d.limit("pathVertices", poly.MAX_PATH);
d.limit("discs", poly.MAX_DISCS);
d.limit("polygonVertices", poly.MAX_POLYGON);
d.limit("placedSegments", poly.MAX_PLACED); // also the index's capacity
d.limit("visits", poly.MAX_VISITS);
d.limit("points", poly.MAX_POINTS);
d.limit("indexAxisCells", placed.MAX_AXIS); // index grid cells per axis at most
d.limit("indexSpan", placed.MAX_SPAN); // cells a segment's box may cover before the large list
d.limit("stretches", meet.MAX_STRETCHES); // stretch pieces written (counted past it)
d.limit("textBytes", scan.MAX_TEXT); // bytes `text` holds at most (a file plus its end mark)
export { descriptor } from "./glue/descriptor";

/**
 * Parses the segment file in `text[0, length)` into `segments` (assembly/geometry/scan.ts): the segment count, or
 * -1 (NOT_PLAIN) for a text the caller parses as JSON. `segments` may have grown (its entry is rewritten).
 */
export function scanSegments(length: i32): i32 {
  const n = scan.scanSegments(length);
  d.moved(SEGMENTS, pairs.segments);
  return n;
}

/** The same in parts: `scanBegin(length)`, then `scanMore(entries)` while it answers -2 (MORE). */
export function scanBegin(length: i32): i32 {
  const r = scan.scanBegin(length);
  d.moved(SEGMENTS, pairs.segments);
  return r;
}
export { scanMore } from "./geometry/scan";

/**
 * A file in chunks through `text` (assembly/geometry/scan.ts): `chunkBegin(length, fileBytes)`, then, while it
 * answers -3 (CHUNK), the next bytes read after the `chunkCarry()` bytes kept at the front and `chunkMore`.
 */
export function chunkBegin(length: i32, fileBytes: i32): i32 {
  const r = scan.chunkBegin(length, fileBytes);
  d.moved(SEGMENTS, pairs.segments);
  return r;
}
export { chunkCarry, chunkMore } from "./geometry/scan";

/**
 * Grows the buffer of descriptor entry `entry` to hold `elements` elements (the glue checks them against the
 * limits): `segments`, `pairs`, `points` and `text` only; their contents are not kept. Returns the buffer's length
 * now, -1 for a buffer that does not grow.
 */
export function reserve(entry: i32, elements: i32): i32 {
  if (entry == SEGMENTS) {
    pairs.reserveSegments((elements + 3) >> 2);
    d.moved(SEGMENTS, pairs.segments);
    return pairs.segments.length;
  }
  if (entry == PAIRS) {
    pairs.reservePairs((elements + 1) >> 1);
    d.moved(PAIRS, pairs.pairs);
    return pairs.pairs.length;
  }
  if (entry == TEXT) {
    scan.reserveText(elements);
    d.moved(TEXT, scan.text);
    return scan.text.length;
  }
  if (entry == POINTS) {
    poly.reservePoints((elements + 1) >> 1);
    d.moved(POINTS, poly.points);
    return poly.points.length;
  }
  return -1;
}

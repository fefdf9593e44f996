// asc-flags: --initialMemory 328
// The String Railway Wasm module: exact predicates, all-pairs segment intersection, polyline kernels.
// The TypeScript wrapper (web/engine/string/geometry/wasm.ts) writes inputs into the buffers whose
// addresses are exported here, then calls the kernels with counts. Runtime stub: all buffers are allocated
// once at start-up, nothing is allocated per call.
import * as pairs from "./geometry/pairs";
import * as placed from "./geometry/placed";
import * as poly from "./geometry/polyline";
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

/** The point of the last successful `segmentIntersection`. */
export function pointX(): f64 {
  return seg.pointX;
}
export function pointY(): f64 {
  return seg.pointY;
}

// Buffer addresses (byte offsets into memory) and limits.
export function segmentsPtr(): usize {
  return changetype<usize>(pairs.segments);
}
export function pairsPtr(): usize {
  return changetype<usize>(pairs.pairs);
}
export function pathPtr(): usize {
  return changetype<usize>(poly.path);
}
export function discsPtr(): usize {
  return changetype<usize>(poly.discs);
}
export function polygonPtr(): usize {
  return changetype<usize>(poly.polygon);
}
export function placedPtr(): usize {
  return changetype<usize>(poly.placed);
}
/** The placed-segment index's segments (geometry/placed.ts). */
export function indexSegmentsPtr(): usize {
  return changetype<usize>(placed.segs);
}
export function visitsPtr(): usize {
  return changetype<usize>(poly.visits);
}
export function pointsPtr(): usize {
  return changetype<usize>(poly.points);
}

/**
 * Limits, in order: segments, pairs, path vertices, discs, polygon vertices, placed segments (also the index's
 * capacity), visits, points, index grid cells per axis, index cells per segment before the large list.
 */
export function limit(which: i32): i32 {
  switch (which) {
    case 0: return pairs.MAX_SEGMENTS;
    case 1: return pairs.MAX_PAIRS;
    case 2: return poly.MAX_PATH;
    case 3: return poly.MAX_DISCS;
    case 4: return poly.MAX_POLYGON;
    case 5: return poly.MAX_PLACED;
    case 6: return poly.MAX_VISITS;
    case 7: return poly.MAX_POINTS;
    case 8: return placed.MAX_AXIS;
    case 9: return placed.MAX_SPAN;
    default: return 0;
  }
}

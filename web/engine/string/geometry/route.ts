/**
 * One candidate string's whole geometry, as the route rule needs it (docs/rules/string-railway.md § Route phase): its length, the
 * stations it touches in order, its crossing points with the rival strings outside every station disc, whether
 * some part touches the mountain, whether it lies strictly inside the board. TypeScript twin of
 * assembly/geometry/route.ts (`routeGeometry`): the same kernels in the same order, the same numbers.
 *
 * `RouteGeometry` is how an engine measures (web/engine/string/route.ts `checkRoute`; engine.ts
 * `createStringEngine(geometry)` fixes one per engine): `routeGeometryTs` here, or the Wasm one
 * (web/solvers/string/geometry-wasm.ts `routeGeometry`), which gives the same answers, one call per candidate.
 */
import { PlacedIndex, type PlacedSegmentIndex } from "./placed.ts";
import { meetingPlaces, polylineInsidePolygon, polylineTouchesPolygon, stationsTouched } from "./polyline.ts";

/** The fixed geometry of a board: its polygon, the mountain, the station discs. */
export interface RouteContext {
  polygon: Float64Array;
  mountain: Float64Array;
  /** Station centres `[cx0, cy0, …]`, parallel to the station list. */
  discs: Float64Array;
  radius: number;
}

/** What one candidate path measures (`measureRoute`). */
export interface RouteMeasure {
  /** Its length (cm). */
  length: number;
  /** Indices of the stations touched, one per visit, in order along the path (`stationsTouched`). */
  stations: number[];
  /**
   * One point `[x, y]` per meeting place with a rival string outside every disc (meet.ts; `points.length / 2` is
   * the crossing AP), in path order.
   */
  points: Float64Array;
  /** The shared stretches' parts outside every disc, `[x0, y0, x1, y1, …]` (for the widget to highlight). */
  stretches: Float64Array;
  /** Some part lies inside the mountain or on its edge (`polylineTouchesPolygon`). */
  mountain: boolean;
  /** The whole path lies strictly inside the board (`polylineInsidePolygon`). */
  inside: boolean;
}

/** A way to measure candidates: an index of rival strings it can query, and the measure itself. */
export interface RouteGeometry {
  /** An empty placed-segment index over a board of `bounds` (`[minX, minY, maxX, maxY]`), for `measure`. */
  createIndex(bounds: ArrayLike<number>): PlacedSegmentIndex;
  /** `measureRoute` of `path` (2…64 finite vertices, as `parsePath` reads them) against an index it created. */
  measure(ctx: RouteContext, path: readonly number[], index: PlacedSegmentIndex): RouteMeasure;
}

/**
 * `path` in a typed array: one kept per length at module level and refilled (the geometry reads it during the
 * call and keeps nothing), so a measure allocates none. A path longer than 64 vertices gets its own.
 */
function typedPath(path: readonly number[]): Float64Array {
  const n = path.length;
  let p = n <= 128 ? typedPaths[n] : undefined;
  if (!p) {
    p = new Float64Array(n);
    if (n <= 128) typedPaths[n] = p;
  }
  // filled pair by pair, adding up `polylineLength(p)` on the way (the same sums in the same order)
  let length = 0;
  if (n >= 2) {
    p[0] = path[0]!;
    p[1] = path[1]!;
  }
  for (let i = 2; i + 1 < n; i += 2) {
    const x = path[i]!;
    const y = path[i + 1]!;
    p[i] = x;
    p[i + 1] = y;
    const dx = x - p[i - 2]!;
    const dy = y - p[i - 1]!;
    length += Math.sqrt(dx * dx + dy * dy);
  }
  if (n % 2 === 1) p[n - 1] = path[n - 1]!;
  typedLength = length;
  return p;
}
const typedPaths: (Float64Array | undefined)[] = [];
/**
 * `polylineLength` of the path `typedPath` filled last: scratch, its second result (read right after the call, as
 * the filled array is), not a setting.
 */
let typedLength = 0;

/**
 * Measures `path` against the board, the mountain, the station discs and the rival strings `others` (as
 * segments `[x1, y1, x2, y2, …]`, every pair tested, with their string ids `strings` (default: read by joints,
 * polyline.ts `jointStrings`), or a placed-segment index: the same points).
 */
export function measureRoute(
  ctx: RouteContext,
  path: readonly number[],
  others: Float64Array | PlacedSegmentIndex,
  strings?: Int32Array,
): RouteMeasure {
  const p = typedPath(path);
  const length = typedLength; // polylineLength(p)
  const stations = stationsTouched(p, ctx.discs, ctx.radius);
  const { points, stretches } =
    others instanceof Float64Array
      ? meetingPlaces(p, others, ctx.discs, ctx.radius, strings)
      : others.meetingsIndexed(p, ctx.discs, ctx.radius);
  const mountain = polylineTouchesPolygon(p, ctx.mountain);
  const inside = polylineInsidePolygon(p, ctx.polygon);
  return { length, stations, points, stretches, mountain, inside };
}

/** The TypeScript route geometry: `PlacedIndex` and `measureRoute`. */
export const routeGeometryTs: RouteGeometry = {
  createIndex: (bounds) => new PlacedIndex(new Float64Array(0), bounds),
  measure: measureRoute,
};

/**
 * The route rules of one candidate string (docs/rules/string-railway.md § Route phase), shared by the engine and the
 * `rail string cost` command. Pure geometry over the board, the station discs and the placed strings;
 * AP affordability and strings in hand are the engine's business.
 */
import { InputError, RuleError } from "../common/errors.ts";
import { listLength, num } from "../common/input.ts";
import type { PlacedSegmentIndex } from "./geometry/placed.ts";
import { pointInDisc, pointInPolygon } from "./geometry/polyline.ts";
import { measureRoute, type RouteContext, type RouteGeometry, routeGeometryTs } from "./geometry/route.ts";
import { MAX_VERTICES, STRING_LENGTH, type StringKind } from "./types.ts";

export type { RouteContext } from "./geometry/route.ts";

export interface RouteCheck {
  /** Indices of the stations touched, in order along the path. */
  stations: number[];
  /** Meeting places with other players' strings outside every station disc (1 AP each, per rival string). */
  crossings: number;
  /** One point per meeting place, `[x, y, …]` (geometry/meet.ts). */
  points: Float64Array;
  /** The shared stretches' parts outside every disc, `[x0, y0, x1, y1, …]`. */
  stretches: Float64Array;
  /** Some part lies inside (or on) the mountain. */
  mountain: boolean;
  /** AP cost: crossings + 1 if mountain. */
  ap: number;
  length: number;
  /** The first route rule broken, or null. */
  error: RuleError | null;
}

/**
 * Reads a string path: a flat array `[x0, y0, x1, y1, …]` of 2…64 vertices, each coordinate a finite number of
 * magnitude at most 10⁶, into a fresh copy (-0 read as 0). Throws `InputError` at the JSON pointer `path` (a
 * coordinate at `path/i`). `v` is read once (its length once, each coordinate once, by index: the read contract
 * of `GameRules.parseAction`, common/game.ts), in one loop: the copy is the check.
 */
export function parsePath(v: unknown, path = "/action/path"): number[] {
  const n = listLength(v, path, 2 * MAX_VERTICES);
  if (n % 2 !== 0 || n < 4) {
    throw new InputError(
      `a string is a flat array [x0, y0, x1, y1, …] of 2 to ${MAX_VERTICES} vertices`,
      path,
    );
  }
  const list = v as readonly unknown[];
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    const x = list[i];
    // The usual case without building the pointer; anything else goes through `num` for its error.
    out[i] = typeof x === "number" && x >= -1e6 && x <= 1e6 ? x + 0 : num(x, `${path}/${i}`, -1e6, 1e6) + 0;
  }
  return out;
}

/** Flattens polylines into independent segments `[x1, y1, x2, y2, …]` (consecutive per string). */
export function toSegments(paths: readonly (readonly number[])[]): Float64Array {
  const out: number[] = [];
  for (const p of paths) {
    for (let i = 0; i + 3 < p.length; i += 2) out.push(p[i]!, p[i + 1]!, p[i + 2]!, p[i + 3]!);
  }
  return Float64Array.from(out);
}

/**
 * The string id of every segment `toSegments(paths)` gives: `first + i` for the segments of `paths[i]` (each placed
 * string is its own rival string: meeting places are counted per string).
 */
export function stringIds(paths: readonly (readonly number[])[], first = 0): Int32Array {
  let n = 0;
  for (const p of paths) n += Math.max(0, (p.length >> 1) - 1);
  const out = new Int32Array(n);
  let w = 0;
  paths.forEach((p, i) => {
    for (let q = 0; q + 3 < p.length; q += 2) out[w++] = first + i;
  });
  return out;
}

/** Some station follows itself in the list (touched twice in a row). */
function repeats(stations: readonly number[]): boolean {
  for (let i = 1; i < stations.length; i++) if (stations[i - 1] === stations[i]) return true;
  return false;
}

function stationAt(ctx: RouteContext, x: number, y: number): number {
  for (let d = 0; 2 * d < ctx.discs.length; d++) {
    if (pointInDisc(x, y, ctx.discs[2 * d]!, ctx.discs[2 * d + 1]!, ctx.radius)) return d;
  }
  return -1;
}

/**
 * Whether (x, y) lies in some station's disc. A disc that holds a point of the path is touched by it, so the
 * stations the path touches are tried first (two or three, not the board's forty); the others only when none of
 * them holds it (the answer is the full scan's either way).
 */
function inStation(ctx: RouteContext, x: number, y: number, touched: readonly number[]): boolean {
  const d = ctx.discs;
  for (let k = 0; k < touched.length; k++) {
    const i = touched[k]!;
    if (pointInDisc(x, y, d[2 * i]!, d[2 * i + 1]!, ctx.radius)) return true;
  }
  return stationAt(ctx, x, y) >= 0;
}

/**
 * Evaluates a candidate string: its stations, crossings, mountain, cost, and the first route rule it breaks
 * (in this order: `string.too-long`, `string.leaves-board`, `string.touches-board-edge`,
 * `string.endpoint-not-in-station`, `string.same-station-twice`). `others` are the other players' placed
 * strings: as segments (`toSegments`; strings told apart by their joints, geometry/polyline.ts `jointStrings`), or a placed-segment index holding them (geometry/placed.ts: the same
 * points, found through a grid instead of every pair); the player's own strings cross for free and are not passed.
 * `geometry` measures the path against an index it created (geometry/route.ts: the TypeScript twin by default,
 * or the Wasm kernels: the same answers); segments are always measured here, in TypeScript.
 */
export function checkRoute(
  ctx: RouteContext,
  kind: StringKind,
  path: readonly number[],
  others: Float64Array | PlacedSegmentIndex,
  geometry: RouteGeometry = routeGeometryTs,
): RouteCheck {
  const { length, stations, points, stretches, mountain, inside } =
    others instanceof Float64Array ? measureRoute(ctx, path, others) : geometry.measure(ctx, path, others);
  const crossings = points.length / 2;
  const ap = crossings + (mountain ? 1 : 0);
  const n = path.length / 2;
  let error: RuleError | null = null;
  const max = STRING_LENGTH[kind];
  if (length > max) {
    error = new RuleError(
      "string.too-long",
      `the path is ${length.toFixed(2)} cm; a ${kind} string is ${max} cm`,
    );
  } else if (!inside) {
    let outside = false;
    for (let i = 0; i < n; i++)
      if (!pointInPolygon(path[2 * i]!, path[2 * i + 1]!, ctx.polygon)) outside = true;
    error = outside
      ? new RuleError("string.leaves-board", "the string leaves the board")
      : new RuleError("string.touches-board-edge", "the string touches or crosses the board edge");
  } else if (
    !inStation(ctx, path[0]!, path[1]!, stations) ||
    !inStation(ctx, path[2 * n - 2]!, path[2 * n - 1]!, stations)
  ) {
    error = new RuleError(
      "string.endpoint-not-in-station",
      "both ends of a string must lie in station discs",
    );
  } else if (stations.length < 2 || repeats(stations)) {
    error = new RuleError(
      "string.same-station-twice",
      "a string may not touch the same station twice in a row (nor start and end on one station alone)",
    );
  }
  return { stations, crossings, points, stretches, mountain, ap, length, error };
}

// One candidate string's whole geometry in one call: the engine's route check (web/engine/string/route.ts) asks
// for its length, the stations it touches, its crossing points with the indexed rival strings, whether it touches
// the mountain and whether it lies inside the board. Wasm twin of web/engine/string/geometry/route.ts
// (`measureRoute`): the same kernels in the same order, so the same numbers bit for bit.
//
// The board, the mountain and the station discs change once a game (a new station adds a disc): the wrapper
// writes them with `routeContext`, then each candidate costs one copy of its path into `path` and one call. The
// crossings come from the placed-segment index (placed.ts), which the wrapper keeps holding the mover's rivals.
//
// Layouts (f64, centimetres): `board` and `mountain` `[x0, y0, …]` (3..MAX_POLYGON vertices each, simple, closed
// implicitly); the discs in polyline.ts `discs`. Out: `route` = [length, stations touched, meeting places, flags,
// stretch pieces] (flags: 1 inside the board, 2 touches the mountain; meeting places -1: the resolver overflowed),
// the stations in `visits`, the points in `points` (one per meeting place), the pieces in meet.ts `stretches`.
import { stretchCount } from "./meet";
import { crossingPointsIndexed } from "./placed";
import { insideIn, MAX_POLYGON, polylineLength, stationsTouched, touchesIn } from "./polyline";
import { fresh } from "../glue/fresh";

export const board = fresh<f64>(2 * MAX_POLYGON);
export const mountain = fresh<f64>(2 * MAX_POLYGON);
export const route = fresh<f64>(5);

export const INSIDE: i32 = 1;
export const MOUNTAIN: i32 = 2;

let nBoard: i32 = 0;
let nMountain: i32 = 0;
let nDiscs: i32 = 0;
let radius: f64 = 0;

/** Sets the route context: nb board and nm mountain vertices (in `board`, `mountain`), nd discs of radius r. */
export function routeContext(nb: i32, nm: i32, nd: i32, r: f64): void {
  nBoard = nb;
  nMountain = nm;
  nDiscs = nd;
  radius = r;
}

/**
 * Measures the nv-vertex path in `path` against the context and the index; returns the flags (also in
 * `route[3]`). The points past what `points` holds are counted, not written (the wrapper then grows it for the
 * next call and falls back to its twin).
 */
export function routeGeometry(nv: i32): i32 {
  // the twin's order: length, stations, crossings, mountain, board
  const length = polylineLength(nv);
  const stations = stationsTouched(nv, nDiscs, radius);
  const crossings = crossingPointsIndexed(nv, nDiscs, radius);
  const flags = (touchesIn(mountain, nv, nMountain) ? MOUNTAIN : 0) | (insideIn(board, nv, nBoard) ? INSIDE : 0);
  unchecked((route[0] = length));
  unchecked((route[1] = <f64>stations));
  unchecked((route[2] = <f64>crossings));
  unchecked((route[3] = <f64>flags));
  unchecked((route[4] = <f64>stretchCount));
  return flags;
}

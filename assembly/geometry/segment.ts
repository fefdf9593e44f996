// Closed-segment intersection on the exact orient2d: Wasm twin of `segmentsIntersect` and
// `segmentIntersectionInto` in web/engine/string/geometry/predicates.ts (same tests, same order, same point).
// Segments are closed; a segment whose ends coincide is a point.
import { inSafeRange, orient2d, orient2dFast } from "./orient";

/** The point found by `segmentIntersection` (valid after it returns true). */
export let pointX: f64 = 0;
export let pointY: f64 = 0;

// @ts-ignore: decorator
@inline function sameSide(p: f64, q: f64): bool {
  return (p > 0 && q > 0) || (p < 0 && q < 0);
}

// @ts-ignore: decorator
@inline function inBox(px: f64, py: f64, ax: f64, ay: f64, bx: f64, by: f64): bool {
  return px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by);
}

/** For four collinear points: [a, b] and [c, d] overlap exactly when their boxes do. */
// @ts-ignore: decorator
@inline export function collinearOverlap(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, dx: f64, dy: f64): bool {
  return (
    Math.max(ax, bx) >= Math.min(cx, dx) &&
    Math.max(cx, dx) >= Math.min(ax, bx) &&
    Math.max(ay, by) >= Math.min(cy, dy) &&
    Math.max(cy, dy) >= Math.min(ay, by)
  );
}

/** Closed segments [a, b] and [c, d] share at least one point (exact). */
export function segmentsIntersect(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, dx: f64, dy: f64): bool {
  const o1 = orient2d(ax, ay, bx, by, cx, cy);
  const o2 = orient2d(ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return false;
  const o3 = orient2d(cx, cy, dx, dy, ax, ay);
  const o4 = orient2d(cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return false;
  if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) return collinearOverlap(ax, ay, bx, by, cx, cy, dx, dy);
  return true;
}

// @ts-ignore: decorator
@inline function put(x: f64, y: f64): bool {
  pointX = x;
  pointY = y;
  return true;
}

/**
 * A shared point of [a, b] and [c, d] into (pointX, pointY), or false. An endpoint lying on the other segment
 * is returned exactly (order a, b, c, d); a proper crossing is a + t (b - a), t = o(c,d,a) / (o(c,d,a) - o(c,d,b)).
 */
export function segmentIntersection(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, dx: f64, dy: f64): bool {
  return intersectionPoint(false, ax, ay, bx, by, cx, cy, dx, dy);
}

// @ts-ignore: decorator
@inline function orientIf(safe: bool, ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): f64 {
  return safe ? orient2dFast(ax, ay, bx, by, cx, cy) : orient2d(ax, ay, bx, by, cx, cy);
}

/** True when both values are in orient2dFast's safe range (a kernel's whole-input check, two at a time). */
// @ts-ignore: decorator
@inline export function safePair(x: f64, y: f64): bool {
  return inSafeRange(x) && inSafeRange(y);
}

/**
 * `segmentIntersection`; `safe`: the caller checked that all eight coordinates are in the safe range, so the
 * orientations skip that check (same results), as the twin's `segmentIntersectionInto(…, safe)`.
 */
// @ts-ignore: decorator
@inline export function intersectionPoint(
  safe: bool,
  ax: f64,
  ay: f64,
  bx: f64,
  by: f64,
  cx: f64,
  cy: f64,
  dx: f64,
  dy: f64,
): bool {
  const o1 = orientIf(safe, ax, ay, bx, by, cx, cy);
  const o2 = orientIf(safe, ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return false;
  const o3 = orientIf(safe, cx, cy, dx, dy, ax, ay);
  const o4 = orientIf(safe, cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return false;
  if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) {
    if (!collinearOverlap(ax, ay, bx, by, cx, cy, dx, dy)) return false;
    if (inBox(ax, ay, cx, cy, dx, dy)) return put(ax, ay);
    if (inBox(bx, by, cx, cy, dx, dy)) return put(bx, by);
    return put(cx, cy);
  }
  if (o3 == 0) return put(ax, ay);
  if (o4 == 0) return put(bx, by);
  if (o1 == 0) return put(cx, cy);
  if (o2 == 0) return put(dx, dy);
  const t = o3 / (o3 - o4);
  return put(ax + t * (bx - ax), ay + t * (by - ay));
}

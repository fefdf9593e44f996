/**
 * Robust geometric predicates for String Railway (docs/rules/string-railway.md § Geometry), TypeScript reference.
 * The Wasm twin is assembly/geometry/orient.ts + assembly/geometry/segment.ts: same operations in the
 * same order, so both return bit-identical doubles.
 *
 * Conventions: plain doubles `x, y` (centimetres, y up); `orient2d(a, b, c) > 0` when a → b → c turns
 * counter-clockwise. Segments are closed; a segment whose two ends coincide is a point.
 *
 * `orient2d` is Shewchuk's adaptive predicate (fast floating filter, then exact expansion arithmetic; the
 * same construction as mourner/robust-predicates). Shewchuk's proof assumes no overflow and no underflow:
 * that holds whenever every coordinate is 0 or has magnitude in [2^-400, 2^400] (`inSafeRange`): differences
 * stay ≥ 2^-452, products ≥ 2^-904 (normal), nothing exceeds 2^803. Outside that range `orient2d` falls back to
 * exact BigInt arithmetic (doubles are dyadic rationals), so its sign is exact for every finite double.
 */

/** 2^-53: half an ulp of 1. */
const EPSILON = 1.1102230246251565e-16;
/** 2^27 + 1: splits a double into two 26-bit halves (Dekker). */
const SPLITTER = 134217729;
const RESULT_ERRBOUND = (3 + 8 * EPSILON) * EPSILON;
const CCW_ERRBOUND_A = (3 + 16 * EPSILON) * EPSILON;
const CCW_ERRBOUND_B = (2 + 12 * EPSILON) * EPSILON;
const CCW_ERRBOUND_C = (9 + 64 * EPSILON) * EPSILON * EPSILON;

/** Coordinates with 0 or SAFE_MIN ≤ |x| ≤ SAFE_MAX keep the adaptive predicate exact (see header). */
export const SAFE_MIN = 2 ** -400;
export const SAFE_MAX = 2 ** 400;

/** True when `x` is 0 or its magnitude lies in [SAFE_MIN, SAFE_MAX] (NaN and ±Infinity are not). */
export function inSafeRange(x: number): boolean {
  const m = Math.abs(x);
  return m === 0 || (m >= SAFE_MIN && m <= SAFE_MAX);
}

/** True when every value of `a` is in the safe range (kernels check their inputs once per call). */
export function allInSafeRange(a: Float64Array): boolean {
  for (let i = 0; i < a.length; i++) if (!inSafeRange(a[i]!)) return false;
  return true;
}

// Expansion scratch, allocated once (robust-predicates does the same).
const B = new Float64Array(4);
const C1 = new Float64Array(8);
const C2 = new Float64Array(12);
const D = new Float64Array(16);
const U = new Float64Array(4);

// Two-output helpers write here (hi, lo).
let hi = 0;
let lo = 0;

/** hi + lo = a * b exactly (Dekker/Veltkamp). */
function twoProduct(a: number, b: number): void {
  const x = a * b;
  let c = SPLITTER * a;
  const ahi = c - (c - a);
  const alo = a - ahi;
  c = SPLITTER * b;
  const bhi = c - (c - b);
  const blo = b - bhi;
  hi = x;
  lo = alo * blo - (x - ahi * bhi - alo * bhi - ahi * blo);
}

/** Error of the rounded difference x = fl(a - b): a - b = x + tail exactly. */
function twoDiffTail(a: number, b: number, x: number): number {
  const bvirt = a - x;
  const avirt = x + bvirt;
  const bround = bvirt - b;
  const around = a - avirt;
  return around + bround;
}

/** (a1 + a0) - (b1 + b0) as a 4-term expansion written into h[0..3] (Shewchuk's Two_Two_Diff). */
function twoTwoDiff(a1: number, a0: number, b1: number, b0: number, h: Float64Array): void {
  // Two_One_Diff(a1, a0, b0) -> j, z, h0
  let x = a0 - b0;
  h[0] = twoDiffTail(a0, b0, x);
  let s = a1 + x;
  let bvirt = s - a1;
  let z = a1 - (s - bvirt) + (x - bvirt);
  const j = s;
  // Two_One_Diff(j, z, b1) -> h3, h2, h1
  x = z - b1;
  h[1] = twoDiffTail(z, b1, x);
  s = j + x;
  bvirt = s - j;
  z = j - (s - bvirt) + (x - bvirt);
  h[3] = s;
  h[2] = z;
}

/** h = e + f (nonoverlapping expansions, zero components eliminated); returns h's length. */
function expansionSum(elen: number, e: Float64Array, flen: number, f: Float64Array, h: Float64Array): number {
  let q: number;
  let qnew: number;
  let hh: number;
  let bvirt: number;
  let enow = e[0]!;
  let fnow = f[0]!;
  let ei = 0;
  let fi = 0;
  if (fnow > enow === fnow > -enow) {
    q = enow;
    enow = e[++ei]!;
  } else {
    q = fnow;
    fnow = f[++fi]!;
  }
  let hi2 = 0;
  if (ei < elen && fi < flen) {
    if (fnow > enow === fnow > -enow) {
      qnew = enow + q;
      hh = q - (qnew - enow);
      enow = e[++ei]!;
    } else {
      qnew = fnow + q;
      hh = q - (qnew - fnow);
      fnow = f[++fi]!;
    }
    q = qnew;
    if (hh !== 0) h[hi2++] = hh;
    while (ei < elen && fi < flen) {
      if (fnow > enow === fnow > -enow) {
        qnew = q + enow;
        bvirt = qnew - q;
        hh = q - (qnew - bvirt) + (enow - bvirt);
        enow = e[++ei]!;
      } else {
        qnew = q + fnow;
        bvirt = qnew - q;
        hh = q - (qnew - bvirt) + (fnow - bvirt);
        fnow = f[++fi]!;
      }
      q = qnew;
      if (hh !== 0) h[hi2++] = hh;
    }
  }
  while (ei < elen) {
    qnew = q + enow;
    bvirt = qnew - q;
    hh = q - (qnew - bvirt) + (enow - bvirt);
    enow = e[++ei]!;
    q = qnew;
    if (hh !== 0) h[hi2++] = hh;
  }
  while (fi < flen) {
    qnew = q + fnow;
    bvirt = qnew - q;
    hh = q - (qnew - bvirt) + (fnow - bvirt);
    fnow = f[++fi]!;
    q = qnew;
    if (hh !== 0) h[hi2++] = hh;
  }
  if (q !== 0 || hi2 === 0) h[hi2++] = q;
  return hi2;
}

function orient2dAdapt(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  detsum: number,
): number {
  const acx = ax - cx;
  const bcx = bx - cx;
  const acy = ay - cy;
  const bcy = by - cy;

  twoProduct(acx, bcy);
  const detleft = hi;
  const detlefttail = lo;
  twoProduct(acy, bcx);
  twoTwoDiff(detleft, detlefttail, hi, lo, B);

  let det = B[0]! + B[1]! + B[2]! + B[3]!;
  let errbound = CCW_ERRBOUND_B * detsum;
  if (det >= errbound || -det >= errbound) return det;

  const acxtail = twoDiffTail(ax, cx, acx);
  const bcxtail = twoDiffTail(bx, cx, bcx);
  const acytail = twoDiffTail(ay, cy, acy);
  const bcytail = twoDiffTail(by, cy, bcy);
  if (acxtail === 0 && acytail === 0 && bcxtail === 0 && bcytail === 0) return det;

  errbound = CCW_ERRBOUND_C * detsum + RESULT_ERRBOUND * Math.abs(det);
  det += acx * bcytail + bcy * acxtail - (acy * bcxtail + bcx * acytail);
  if (det >= errbound || -det >= errbound) return det;

  twoProduct(acxtail, bcy);
  let s1 = hi;
  let s0 = lo;
  twoProduct(acytail, bcx);
  twoTwoDiff(s1, s0, hi, lo, U);
  const c1len = expansionSum(4, B, 4, U, C1);

  twoProduct(acx, bcytail);
  s1 = hi;
  s0 = lo;
  twoProduct(acy, bcxtail);
  twoTwoDiff(s1, s0, hi, lo, U);
  const c2len = expansionSum(c1len, C1, 4, U, C2);

  twoProduct(acxtail, bcytail);
  s1 = hi;
  s0 = lo;
  twoProduct(acytail, bcxtail);
  twoTwoDiff(s1, s0, hi, lo, U);
  const dlen = expansionSum(c2len, C2, 4, U, D);
  return D[dlen - 1]!;
}

/**
 * Shewchuk's adaptive orient2d without the range guard: exact sign when every coordinate is in the safe
 * range (kernels check their whole input once, then call this).
 */
export function orient2dFast(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const detleft = (ax - cx) * (by - cy);
  const detright = (ay - cy) * (bx - cx);
  const det = detleft - detright;
  let detsum: number;
  if (detleft > 0) {
    if (detright <= 0) return det;
    detsum = detleft + detright;
  } else if (detleft < 0) {
    if (detright >= 0) return det;
    detsum = -detleft - detright;
  } else return det;
  const errbound = CCW_ERRBOUND_A * detsum;
  if (det >= errbound || -det >= errbound) return det;
  return orient2dAdapt(ax, ay, bx, by, cx, cy, detsum);
}

/**
 * Twice the signed area of triangle a, b, c: > 0 counter-clockwise, < 0 clockwise, 0 collinear.
 * The sign is exact for every finite double; the magnitude is an approximation.
 */
export function orient2d(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  if (
    inSafeRange(ax) &&
    inSafeRange(ay) &&
    inSafeRange(bx) &&
    inSafeRange(by) &&
    inSafeRange(cx) &&
    inSafeRange(cy)
  )
    return orient2dFast(ax, ay, bx, by, cx, cy);
  return orient2dWide(ax, ay, bx, by, cx, cy);
}

// ---------------------------------------------------------------------------------------------------
// Wide range: exact BigInt arithmetic. Every finite double is an integer multiple of 2^-1074.

const bits = new DataView(new ArrayBuffer(8));

/** x · 2^1074 as an exact BigInt (x finite). */
function scaled(x: number): bigint {
  bits.setFloat64(0, x);
  const high = bits.getUint32(0);
  const low = bits.getUint32(4);
  const exp = (high >>> 20) & 0x7ff;
  let mant = (BigInt(high & 0xfffff) << 32n) | BigInt(low);
  if (exp === 0x7ff) throw new RangeError(`orient2d: coordinate ${x} is not finite`);
  if (exp !== 0) mant = (mant | (1n << 52n)) << BigInt(exp - 1);
  return high >>> 31 ? -mant : mant;
}

/**
 * The exact value of orient2d(a, b, c) times 2^2148 (every coordinate scaled by 2^1074): for exact products of
 * orientations (meet.ts `concurrent`).
 */
export function orient2dBig(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): bigint {
  const Cx = scaled(cx);
  const Cy = scaled(cy);
  return (scaled(ax) - Cx) * (scaled(by) - Cy) - (scaled(ay) - Cy) * (scaled(bx) - Cx);
}

/** Exact orient2d over BigInts, for coordinates outside the safe range. Returns -1, 0 or 1. */
export function orient2dWide(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const Cx = scaled(cx);
  const Cy = scaled(cy);
  const d = (scaled(ax) - Cx) * (scaled(by) - Cy) - (scaled(ay) - Cy) * (scaled(bx) - Cx);
  return d > 0n ? 1 : d < 0n ? -1 : 0;
}

// ---------------------------------------------------------------------------------------------------
// Segments

/** A point (used only for single results; bulk data stays in flat arrays). */
export interface Point {
  x: number;
  y: number;
}

/** Same sign and both nonzero (never multiplies: products of tiny orientations would underflow). */
function sameSide(p: number, q: number): boolean {
  return (p > 0 && q > 0) || (p < 0 && q < 0);
}

/**
 * Closed segments [a, b] and [c, d] share at least one point. Exact: touching, T-junctions, shared
 * endpoints, collinear overlap and zero-length segments (points) are all classified right.
 */
export function segmentsIntersect(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orient2d(ax, ay, bx, by, cx, cy);
  const o2 = orient2d(ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return false;
  const o3 = orient2d(cx, cy, dx, dy, ax, ay);
  const o4 = orient2d(cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return false;
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) return collinearOverlap(ax, ay, bx, by, cx, cy, dx, dy);
  return true;
}

/**
 * For four collinear points: do [a, b] and [c, d] overlap? On one line, the segments meet exactly when
 * their bounding boxes do (also right when either is a point).
 */
export function collinearOverlap(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  return (
    Math.max(ax, bx) >= Math.min(cx, dx) &&
    Math.max(cx, dx) >= Math.min(ax, bx) &&
    Math.max(ay, by) >= Math.min(cy, dy) &&
    Math.max(cy, dy) >= Math.min(ay, by)
  );
}

/** p lies on the closed segment [a, b] (exact). */
export function pointOnSegment(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): boolean {
  return (
    orient2d(ax, ay, bx, by, px, py) === 0 &&
    px >= Math.min(ax, bx) &&
    px <= Math.max(ax, bx) &&
    py >= Math.min(ay, by) &&
    py <= Math.max(ay, by)
  );
}

/** Output of `segmentIntersectionInto`. */
const pointOut = new Float64Array(2);

/**
 * Writes a shared point of closed segments [a, b], [c, d] into out[0], out[1] and returns true, or returns
 * false when they do not meet. When an endpoint of one segment lies on the other, that endpoint is returned
 * exactly (checked in the order a, b, c, d): so a touch at a vertex gives the vertex itself, and a collinear
 * overlap gives an endpoint of the overlap. A proper crossing is a + t (b - a) with
 * t = o(c,d,a) / (o(c,d,a) - o(c,d,b)), accurate to a few ulps. `safe`: the caller checked that all eight
 * coordinates are in the safe range (`inSafeRange`), so the orientations skip that check (same results).
 */
export function segmentIntersectionInto(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  out: Float64Array,
  safe = false,
): boolean {
  const o1 = safe ? orient2dFast(ax, ay, bx, by, cx, cy) : orient2d(ax, ay, bx, by, cx, cy);
  const o2 = safe ? orient2dFast(ax, ay, bx, by, dx, dy) : orient2d(ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return false;
  const o3 = safe ? orient2dFast(cx, cy, dx, dy, ax, ay) : orient2d(cx, cy, dx, dy, ax, ay);
  const o4 = safe ? orient2dFast(cx, cy, dx, dy, bx, by) : orient2d(cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return false;
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    if (!collinearOverlap(ax, ay, bx, by, cx, cy, dx, dy)) return false;
    // All four collinear: the first endpoint inside the other segment's box lies on it.
    if (inBox(ax, ay, cx, cy, dx, dy)) return put(out, ax, ay);
    if (inBox(bx, by, cx, cy, dx, dy)) return put(out, bx, by);
    return put(out, cx, cy); // neither a nor b is on cd, so the overlap is cd itself: c lies on ab
  }
  if (o3 === 0) return put(out, ax, ay);
  if (o4 === 0) return put(out, bx, by);
  if (o1 === 0) return put(out, cx, cy);
  if (o2 === 0) return put(out, dx, dy);
  const t = o3 / (o3 - o4);
  return put(out, ax + t * (bx - ax), ay + t * (by - ay));
}

function inBox(px: number, py: number, ax: number, ay: number, bx: number, by: number): boolean {
  return px >= Math.min(ax, bx) && px <= Math.max(ax, bx) && py >= Math.min(ay, by) && py <= Math.max(ay, by);
}

function put(out: Float64Array, x: number, y: number): true {
  out[0] = x;
  out[1] = y;
  return true;
}

/** A point shared by closed segments [a, b] and [c, d] (see `segmentIntersectionInto`), or null. */
export function segmentIntersectionPoint(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): Point | null {
  return segmentIntersectionInto(ax, ay, bx, by, cx, cy, dx, dy, pointOut)
    ? { x: pointOut[0]!, y: pointOut[1]! }
    : null;
}

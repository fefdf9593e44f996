// Shewchuk's adaptive orient2d (fast floating filter, then exact expansion arithmetic), the Wasm twin of
// web/engine/string/geometry/predicates.ts `orient2dFast`: the same operations in the same order, so both
// return the same double.
//
// orient2d(a, b, c) > 0 when a -> b -> c turns counter-clockwise, < 0 clockwise, 0 when collinear.
// `orient2dFast` is exact when every coordinate is 0 or has magnitude in [2^-400, 2^400] (no overflow, no
// underflow in the expansions). `orient2d` checks that range and sends anything else to the big-integer
// `orient2dWide` (exact.ts), so its sign is exact for every finite double.
import { orient2dWide } from "./exact";
import { fresh } from "../glue/fresh";

// @ts-ignore: decorator
@inline const EPSILON: f64 = 1.1102230246251565e-16;
// @ts-ignore: decorator
@inline const SPLITTER: f64 = 134217729;
const RESULT_ERRBOUND: f64 = (3 + 8 * EPSILON) * EPSILON;
const CCW_ERRBOUND_A: f64 = (3 + 16 * EPSILON) * EPSILON;
const CCW_ERRBOUND_B: f64 = (2 + 12 * EPSILON) * EPSILON;
const CCW_ERRBOUND_C: f64 = (9 + 64 * EPSILON) * EPSILON * EPSILON;

// Expansion scratch, allocated once.
const B = fresh<f64>(4);
const C1 = fresh<f64>(8);
const C2 = fresh<f64>(12);
const D = fresh<f64>(16);
const U = fresh<f64>(4);

// Two-output helpers write here.
let hi: f64 = 0;
let lo: f64 = 0;

// @ts-ignore: decorator
@inline function twoProduct(a: f64, b: f64): void {
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

// @ts-ignore: decorator
@inline function twoDiffTail(a: f64, b: f64, x: f64): f64 {
  const bvirt = a - x;
  const avirt = x + bvirt;
  const bround = bvirt - b;
  const around = a - avirt;
  return around + bround;
}

function twoTwoDiff(a1: f64, a0: f64, b1: f64, b0: f64, h: StaticArray<f64>): void {
  let x = a0 - b0;
  unchecked((h[0] = twoDiffTail(a0, b0, x)));
  let s = a1 + x;
  let bvirt = s - a1;
  let z = a1 - (s - bvirt) + (x - bvirt);
  const j = s;
  x = z - b1;
  unchecked((h[1] = twoDiffTail(z, b1, x)));
  s = j + x;
  bvirt = s - j;
  z = j - (s - bvirt) + (x - bvirt);
  unchecked((h[3] = s));
  unchecked((h[2] = z));
}

function expansionSum(elen: i32, e: StaticArray<f64>, flen: i32, f: StaticArray<f64>, h: StaticArray<f64>): i32 {
  let q: f64;
  let qnew: f64;
  let hh: f64;
  let bvirt: f64;
  let enow = unchecked(e[0]);
  let fnow = unchecked(f[0]);
  let ei = 0;
  let fi = 0;
  // Reads one past the end like the C original; the arrays are padded by construction (values unused).
  if ((fnow > enow) == (fnow > -enow)) {
    q = enow;
    enow = ++ei < elen ? unchecked(e[ei]) : 0;
  } else {
    q = fnow;
    fnow = ++fi < flen ? unchecked(f[fi]) : 0;
  }
  let hi2 = 0;
  if (ei < elen && fi < flen) {
    if ((fnow > enow) == (fnow > -enow)) {
      qnew = enow + q;
      hh = q - (qnew - enow);
      enow = ++ei < elen ? unchecked(e[ei]) : 0;
    } else {
      qnew = fnow + q;
      hh = q - (qnew - fnow);
      fnow = ++fi < flen ? unchecked(f[fi]) : 0;
    }
    q = qnew;
    if (hh != 0) unchecked((h[hi2++] = hh));
    while (ei < elen && fi < flen) {
      if ((fnow > enow) == (fnow > -enow)) {
        qnew = q + enow;
        bvirt = qnew - q;
        hh = q - (qnew - bvirt) + (enow - bvirt);
        enow = ++ei < elen ? unchecked(e[ei]) : 0;
      } else {
        qnew = q + fnow;
        bvirt = qnew - q;
        hh = q - (qnew - bvirt) + (fnow - bvirt);
        fnow = ++fi < flen ? unchecked(f[fi]) : 0;
      }
      q = qnew;
      if (hh != 0) unchecked((h[hi2++] = hh));
    }
  }
  while (ei < elen) {
    qnew = q + enow;
    bvirt = qnew - q;
    hh = q - (qnew - bvirt) + (enow - bvirt);
    enow = ++ei < elen ? unchecked(e[ei]) : 0;
    q = qnew;
    if (hh != 0) unchecked((h[hi2++] = hh));
  }
  while (fi < flen) {
    qnew = q + fnow;
    bvirt = qnew - q;
    hh = q - (qnew - bvirt) + (fnow - bvirt);
    fnow = ++fi < flen ? unchecked(f[fi]) : 0;
    q = qnew;
    if (hh != 0) unchecked((h[hi2++] = hh));
  }
  if (q != 0 || hi2 == 0) unchecked((h[hi2++] = q));
  return hi2;
}

function orient2dAdapt(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, detsum: f64): f64 {
  const acx = ax - cx;
  const bcx = bx - cx;
  const acy = ay - cy;
  const bcy = by - cy;

  twoProduct(acx, bcy);
  const detleft = hi;
  const detlefttail = lo;
  twoProduct(acy, bcx);
  twoTwoDiff(detleft, detlefttail, hi, lo, B);

  let det = unchecked(B[0]) + unchecked(B[1]) + unchecked(B[2]) + unchecked(B[3]);
  let errbound = CCW_ERRBOUND_B * detsum;
  if (det >= errbound || -det >= errbound) return det;

  const acxtail = twoDiffTail(ax, cx, acx);
  const bcxtail = twoDiffTail(bx, cx, bcx);
  const acytail = twoDiffTail(ay, cy, acy);
  const bcytail = twoDiffTail(by, cy, bcy);
  if (acxtail == 0 && acytail == 0 && bcxtail == 0 && bcytail == 0) return det;

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
  return unchecked(D[dlen - 1]);
}

/**
 * Twice the signed area of a, b, c; exact sign inside the safe coordinate range (see above). Inlined: the
 * filter is a few flops, the rare adaptive stage stays a call.
 */
// @ts-ignore: decorator
@inline export function orient2dFast(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): f64 {
  const detleft = (ax - cx) * (by - cy);
  const detright = (ay - cy) * (bx - cx);
  const det = detleft - detright;
  let detsum: f64;
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

/** 2^-400 and 2^400: the safe range of `orient2dFast`. */
export const SAFE_MIN: f64 = reinterpret<f64>(<u64>(1023 - 400) << 52);
export const SAFE_MAX: f64 = reinterpret<f64>(<u64>(1023 + 400) << 52);

/** x is 0 or SAFE_MIN <= |x| <= SAFE_MAX (false for NaN and infinities). */
// @ts-ignore: decorator
@inline export function inSafeRange(x: f64): bool {
  const m = Math.abs(x);
  return m == 0 || (m >= SAFE_MIN && m <= SAFE_MAX);
}

/**
 * Twice the signed area of triangle a, b, c: > 0 counter-clockwise, < 0 clockwise, 0 collinear. The sign is
 * exact for every finite double (outside the safe range the value is just -1, 0 or 1).
 */
export function orient2d(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): f64 {
  if (inSafeRange(ax) && inSafeRange(ay) && inSafeRange(bx) && inSafeRange(by) && inSafeRange(cx) && inSafeRange(cy))
    return orient2dFast(ax, ay, bx, by, cx, cy);
  return orient2dWide(ax, ay, bx, by, cx, cy);
}

import { fresh } from "../glue/fresh";
// Exact orientation for coordinates outside the adaptive predicate's safe range (huge, tiny, subnormal):
// plain big-integer arithmetic. Every finite double is an integer multiple of 2^-1074, so x · 2^1074 is an
// integer below 2^2098: 66 limbs of 32 bits; differences need one bit more, products twice the limbs.
// Slow (a few microseconds) and only reached when some coordinate is outside [2^-400, 2^400] and not 0.
// Twin of `orient2dWide` in web/engine/string/geometry/predicates.ts (BigInt there); both return -1, 0 or 1.

// @ts-ignore: decorator
@inline const L: i32 = 68;

const X = fresh<u32>(L);
const Y = fresh<u32>(L);
const A = fresh<u32>(L);
const B = fresh<u32>(L);
const C = fresh<u32>(L);
const D = fresh<u32>(L);
const P = fresh<u32>(2 * L);
const Q = fresh<u32>(2 * L);

/** Writes |x| · 2^1074 into out; returns the sign of x. */
function load(x: f64, out: StaticArray<u32>): i32 {
  for (let i = 0; i < L; i++) unchecked((out[i] = 0));
  if (x == 0) return 0;
  const bits = reinterpret<u64>(x);
  const exp = <i32>((bits >> 52) & 0x7ff);
  let mant = bits & 0xfffffffffffff;
  let shift = 0;
  if (exp != 0) {
    mant |= 0x10000000000000;
    shift = exp - 1;
  }
  const i = shift >> 5;
  const bit = <u64>(shift & 31);
  const low = mant << bit;
  const high = bit == 0 ? <u64>0 : mant >> (64 - bit);
  unchecked((out[i] = <u32>low));
  unchecked((out[i + 1] = <u32>(low >> 32)));
  unchecked((out[i + 2] = <u32>high));
  return x < 0 ? -1 : 1;
}

function cmpMag(a: StaticArray<u32>, b: StaticArray<u32>, len: i32): i32 {
  for (let i = len - 1; i >= 0; i--) {
    const x = unchecked(a[i]);
    const y = unchecked(b[i]);
    if (x != y) return x > y ? 1 : -1;
  }
  return 0;
}

/** out = sa·|a| − sb·|b| (magnitudes in L limbs); returns the sign of the result. out may not alias a or b. */
function signedSub(sa: i32, a: StaticArray<u32>, sb: i32, b: StaticArray<u32>, out: StaticArray<u32>, len: i32 = L): i32 {
  if (sb == 0) {
    for (let i = 0; i < len; i++) unchecked((out[i] = a[i]));
    return sa;
  }
  if (sa == 0) {
    for (let i = 0; i < len; i++) unchecked((out[i] = b[i]));
    return -sb;
  }
  if (sa != sb) {
    let carry: u64 = 0;
    for (let i = 0; i < len; i++) {
      const s = <u64>unchecked(a[i]) + <u64>unchecked(b[i]) + carry;
      unchecked((out[i] = <u32>s));
      carry = s >> 32;
    }
    return sa;
  }
  const c = cmpMag(a, b, len);
  if (c == 0) {
    for (let i = 0; i < len; i++) unchecked((out[i] = 0));
    return 0;
  }
  const big = c > 0 ? a : b;
  const small = c > 0 ? b : a;
  let borrow: i64 = 0;
  for (let i = 0; i < len; i++) {
    let d = <i64>unchecked(big[i]) - <i64>unchecked(small[i]) - borrow;
    borrow = 0;
    if (d < 0) {
      d += <i64>0x100000000;
      borrow = 1;
    }
    unchecked((out[i] = <u32>d));
  }
  return c > 0 ? sa : -sa;
}

/** out (2L limbs) = |a| · |b| (L limbs each). */
function mulMag(a: StaticArray<u32>, b: StaticArray<u32>, out: StaticArray<u32>, len: i32 = L): void {
  for (let i = 0; i < 2 * len; i++) unchecked((out[i] = 0));
  for (let i = 0; i < len; i++) {
    const x = <u64>unchecked(a[i]);
    if (x == 0) continue;
    let carry: u64 = 0;
    for (let j = 0; j < len; j++) {
      const t = x * <u64>unchecked(b[j]) + <u64>unchecked(out[i + j]) + carry;
      unchecked((out[i + j] = <u32>t));
      carry = t >> 32;
    }
    let k = i + len;
    while (carry != 0) {
      const t = <u64>unchecked(out[k]) + carry;
      unchecked((out[k] = <u32>t));
      carry = t >> 32;
      k++;
    }
  }
}

// The signs of the four differences `loadDiffs` wrote into A, B, C, D.
let signA: i32 = 0;
let signB: i32 = 0;
let signC: i32 = 0;
let signD: i32 = 0;

/** |ax − cx|, |by − cy|, |ay − cy|, |bx − cx| exactly into A, B, C, D; their signs into signA…signD. */
function loadDiffs(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): void {
  let sx = load(ax, X);
  let sy = load(cx, Y);
  signA = signedSub(sx, X, sy, Y, A); // ax - cx
  sx = load(by, X);
  sy = load(cy, Y);
  signB = signedSub(sx, X, sy, Y, B); // by - cy
  sx = load(ay, X);
  signC = signedSub(sx, X, sy, Y, C); // ay - cy
  sx = load(bx, X);
  sy = load(cx, Y);
  signD = signedSub(sx, X, sy, Y, D); // bx - cx
}

/** Exact sign of (ax − cx)(by − cy) − (ay − cy)(bx − cx) for any finite doubles: -1, 0 or 1. */
export function orient2dWide(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): f64 {
  loadDiffs(ax, ay, bx, by, cx, cy);
  const sP = signA * signB;
  const sQ = signC * signD;
  if (sP != sQ) return sP != 0 ? <f64>sP : <f64>-sQ;
  if (sP == 0) return 0;
  mulMag(A, B, P);
  mulMag(C, D, Q);
  return <f64>(sP * cmpMag(P, Q, 2 * L));
}

// ---------------------------------------------------------------------------------------------------
// Exact values of orientations and their products, for meet.ts `concurrent` (twin: BigInt in meet.ts).

const O1 = fresh<u32>(2 * L);
const O2 = fresh<u32>(2 * L);
const O3 = fresh<u32>(2 * L);
const O4 = fresh<u32>(2 * L);
const R1 = fresh<u32>(4 * L);
const R2 = fresh<u32>(4 * L);

/** |orient2d(a, b, c)| · 2^2148 exactly into out (2L limbs); returns its sign. */
function orientBig(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, out: StaticArray<u32>): i32 {
  loadDiffs(ax, ay, bx, by, cx, cy);
  mulMag(A, B, P);
  mulMag(C, D, Q);
  return signedSub(signA * signB, P, signC * signD, Q, out, 2 * L);
}

/**
 * The crossing of lines ab and cd lies on line ef: o(c,d,a)·o(e,f,b) = o(c,d,b)·o(e,f,a), decided exactly
 * (big integers: every coordinate scaled by 2^1074). Twin of meet.ts `concurrent` (BigInt there).
 */
export function concurrent(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, dx: f64, dy: f64, ex: f64, ey: f64, fx: f64, fy: f64): bool {
  const s1 = orientBig(cx, cy, dx, dy, ax, ay, O1);
  const s2 = orientBig(ex, ey, fx, fy, bx, by, O2);
  const s3 = orientBig(cx, cy, dx, dy, bx, by, O3);
  const s4 = orientBig(ex, ey, fx, fy, ax, ay, O4);
  const sp = s1 * s2;
  const sq = s3 * s4;
  if (sp != sq) return false;
  if (sp == 0) return true;
  mulMag(O1, O2, R1, 2 * L);
  mulMag(O3, O4, R2, 2 * L);
  return cmpMag(R1, R2, 4 * L) == 0;
}

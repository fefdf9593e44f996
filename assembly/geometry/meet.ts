// Meeting places (docs/rules/string-railway.md § Meeting places): Wasm twin of web/engine/string/geometry/meet.ts
// (the same contacts, the same resolver, the same operations in the same order: the same count, points and
// stretches bit for bit). See there for the method; in short: the pair loops record each (path segment, rival
// segment) pair's exact shared set as a contact (an exact point, a proper crossing kept with its two segments, or a
// stretch), points inside a station disc dropped; `resolveMeetings` cuts the stretches into their pieces outside the
// discs and joins, per rival string, the contacts and pieces that share a point (exact tests on boxes that meet:
// equal points, the concurrency of three lines, a point on a stretch, overlapping collinear stretches). Each
// component is one meeting place.
//
// Contact layout (STRIDE f64): [type, string id, ax, ay, bx, by, cx, cy, dx, dy, x0, y0, x1, y1, minX, minY, maxX,
// maxY]. Over MAX_CONTACTS contacts or MAX_CHORDS chords the resolver returns -1 (the wrapper then asks the twin).
// The scratch buffers start at START_CONTACTS contacts and START_CHORDS chords and double on demand up to those
// limits (runtime stub: the old ones are not freed), so the module starts small (issue #23).
import { concurrent } from "./exact";
import { orient2d, orient2dFast } from "./orient";
import { fresh } from "../glue/fresh";

export const POINT: f64 = 0;
export const CROSS: f64 = 1;
export const STRETCH: f64 = 2;
// @ts-ignore: decorator
@inline const STRIDE: i32 = 18;
export const MAX_CONTACTS: i32 = 16384; // 2 × MAX_PLACED: a hint candidate (≤ 2 segments) never overflows
export const MAX_CHORDS: i32 = 16384;
export const MAX_STRETCHES: i32 = 4096;
const START_CONTACTS: i32 = 1024;
const START_CHORDS: i32 = 1024;
let contactCap: i32 = START_CONTACTS;
let chordCap: i32 = START_CHORDS;
let atomCap: i32 = START_CONTACTS + START_CHORDS;

let C = fresh<f64>(STRIDE * START_CONTACTS);
/** Out: the stretches' pieces `[x0, y0, x1, y1, …]` (the first MAX_STRETCHES). */
export const stretches = fresh<f64>(4 * MAX_STRETCHES);
/** How many pieces the last `resolveMeetings` found (all of them, written or not). */
export let stretchCount: i32 = 0;
let chord0 = fresh<f64>(START_CHORDS + 64);
let chord1 = fresh<f64>(START_CHORDS + 64);
let atomOf = fresh<i32>(START_CONTACTS);
let chordAt = fresh<i32>(START_CONTACTS);
let chordN = fresh<i32>(START_CONTACTS);
let order = fresh<i32>(START_CONTACTS);
let spare = fresh<i32>(START_CONTACTS);
let parent = fresh<i32>(START_CONTACTS + START_CHORDS + 1);
let exists = fresh<u8>(START_CONTACTS + START_CHORDS + 1);

/** A copy of `a`'s first `keep` elements in a new array of `length` (a grown buffer). */
function regrow<T>(a: StaticArray<T>, length: i32, keep: i32): StaticArray<T> {
  const b = fresh<T>(length); // the elements past `keep` are written before they are read
  memory.copy(changetype<usize>(b), changetype<usize>(a), <usize>keep << alignof<T>());
  return b;
}

/** Grows the contact buffers to `cap` (the contacts kept; the resolver's per-contact scratch is filled later). */
function growContacts(cap: i32): void {
  C = regrow(C, STRIDE * cap, STRIDE * nC);
  atomOf = fresh<i32>(cap);
  chordAt = fresh<i32>(cap);
  chordN = fresh<i32>(cap);
  order = fresh<i32>(cap);
  spare = fresh<i32>(cap);
  contactCap = cap;
}

/** Grows the chord buffers to `cap`, keeping the first `keep` chords. */
function growChords(cap: i32, keep: i32): void {
  chord0 = regrow(chord0, cap + 64, keep);
  chord1 = regrow(chord1, cap + 64, keep);
  chordCap = cap;
}

/**
 * Grows the buffers to hold `contacts` contacts and `chords` chords now (at most the limits), so that no later call
 * allocates: a module whose wrapper keeps its views for its lifetime (stringplan) calls it at start-up.
 */
export function reserveMeetings(contacts: i32, chords: i32): void {
  if (contacts > contactCap) growContacts(contacts < MAX_CONTACTS ? contacts : MAX_CONTACTS);
  if (chords > chordCap) growChords(chords < MAX_CHORDS ? chords : MAX_CHORDS, 0);
  reserveAtoms(contactCap + chordCap);
}

/** Makes the union-find arrays hold `atoms` atoms (they are filled afresh by each resolve). */
function reserveAtoms(atoms: i32): void {
  if (atoms <= atomCap) return;
  let cap = atomCap;
  while (cap < atoms) cap <<= 1;
  parent = fresh<i32>(cap + 1);
  exists = fresh<u8>(cap + 1);
  atomCap = cap;
}
let nC: i32 = 0;
let overflow: bool = false;
let chordTop: i32 = 0;
let chordOver: bool = false;

export function resetContacts(): void {
  nC = 0;
  overflow = false;
}

export function contactCount(): i32 {
  return nC;
}

// @ts-ignore: decorator
@inline function sameSide(p: f64, q: f64): bool {
  return (p > 0 && q > 0) || (p < 0 && q < 0);
}

function inDiscs(x: f64, y: f64, dsc: StaticArray<f64>, nd: i32, r: f64): bool {
  for (let d = 0; d < nd; d++) {
    const ex = x - unchecked(dsc[2 * d]);
    const ey = y - unchecked(dsc[2 * d + 1]);
    if (ex * ex + ey * ey <= r * r) return true;
  }
  return false;
}

// @ts-ignore: decorator
@inline function lexLess(x1: f64, y1: f64, x2: f64, y2: f64): bool {
  return x1 < x2 || (x1 == x2 && y1 < y2);
}

// @ts-ignore: decorator
@inline function orientIf(safe: bool, ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64): f64 {
  return safe ? orient2dFast(ax, ay, bx, by, cx, cy) : orient2d(ax, ay, bx, by, cx, cy);
}

function push(
  type: f64,
  sid: f64,
  ax: f64,
  ay: f64,
  bx: f64,
  by: f64,
  cx: f64,
  cy: f64,
  dx: f64,
  dy: f64,
  x0: f64,
  y0: f64,
  x1: f64,
  y1: f64,
  minX: f64,
  minY: f64,
  maxX: f64,
  maxY: f64,
): void {
  if (nC >= contactCap) {
    if (contactCap >= MAX_CONTACTS) {
      overflow = true;
      return;
    }
    growContacts(contactCap << 1);
  }
  const o = STRIDE * nC++;
  unchecked((C[o] = type));
  unchecked((C[o + 1] = sid));
  unchecked((C[o + 2] = ax));
  unchecked((C[o + 3] = ay));
  unchecked((C[o + 4] = bx));
  unchecked((C[o + 5] = by));
  unchecked((C[o + 6] = cx));
  unchecked((C[o + 7] = cy));
  unchecked((C[o + 8] = dx));
  unchecked((C[o + 9] = dy));
  unchecked((C[o + 10] = x0));
  unchecked((C[o + 11] = y0));
  unchecked((C[o + 12] = x1));
  unchecked((C[o + 13] = y1));
  unchecked((C[o + 14] = minX));
  unchecked((C[o + 15] = minY));
  unchecked((C[o + 16] = maxX));
  unchecked((C[o + 17] = maxY));
}

/** Records the contact of path segment [a, b] and rival segment [c, d] of string `sid` (twin: `pairContact`). */
export function pairContact(
  ax: f64,
  ay: f64,
  bx: f64,
  by: f64,
  cx: f64,
  cy: f64,
  dx: f64,
  dy: f64,
  sid: i32,
  dsc: StaticArray<f64>,
  nd: i32,
  radius: f64,
  safe: bool,
): void {
  const o1 = orientIf(safe, ax, ay, bx, by, cx, cy);
  const o2 = orientIf(safe, ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return;
  const o3 = orientIf(safe, cx, cy, dx, dy, ax, ay);
  const o4 = orientIf(safe, cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return;
  let x: f64;
  let y: f64;
  if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) {
    let l1x = ax;
    let l1y = ay;
    let h1x = bx;
    let h1y = by;
    if (lexLess(bx, by, ax, ay)) {
      l1x = bx;
      l1y = by;
      h1x = ax;
      h1y = ay;
    }
    let l2x = cx;
    let l2y = cy;
    let h2x = dx;
    let h2y = dy;
    if (lexLess(dx, dy, cx, cy)) {
      l2x = dx;
      l2y = dy;
      h2x = cx;
      h2y = cy;
    }
    const lu = lexLess(l1x, l1y, l2x, l2y);
    const ux = lu ? l2x : l1x;
    const uy = lu ? l2y : l1y;
    const lv = lexLess(h1x, h1y, h2x, h2y);
    const vx = lv ? h1x : h2x;
    const vy = lv ? h1y : h2y;
    if (lexLess(vx, vy, ux, uy)) return;
    if (ux != vx || uy != vy) {
      push(STRETCH, <f64>sid, ax, ay, bx, by, cx, cy, dx, dy, ux, uy, vx, vy, Math.min(ux, vx), Math.min(uy, vy), Math.max(ux, vx), Math.max(uy, vy));
      return;
    }
    x = ux;
    y = uy;
  } else if (o3 == 0 || o4 == 0 || o1 == 0 || o2 == 0) {
    x = o3 == 0 ? ax : o4 == 0 ? bx : o1 == 0 ? cx : dx;
    y = o3 == 0 ? ay : o4 == 0 ? by : o1 == 0 ? cy : dy;
  } else {
    const t = o3 / (o3 - o4);
    x = ax + t * (bx - ax);
    y = ay + t * (by - ay);
    if (inDiscs(x, y, dsc, nd, radius)) return;
    push(
      CROSS,
      <f64>sid,
      ax,
      ay,
      bx,
      by,
      cx,
      cy,
      dx,
      dy,
      x,
      y,
      x,
      y,
      Math.max(Math.min(ax, bx), Math.min(cx, dx)),
      Math.max(Math.min(ay, by), Math.min(cy, dy)),
      Math.min(Math.max(ax, bx), Math.max(cx, dx)),
      Math.min(Math.max(ay, by), Math.max(cy, dy)),
    );
    return;
  }
  if (inDiscs(x, y, dsc, nd, radius)) return;
  push(POINT, <f64>sid, ax, ay, bx, by, cx, cy, dx, dy, x, y, x, y, x, y, x, y);
}

// ---------------------------------------------------------------------------------------------------
// Exact tests on contacts

let meetX: f64 = 0;
let meetY: f64 = 0;
const MEET_SAME: i32 = 0;
const MEET_NONE: i32 = 1;
const MEET_POINT: i32 = 2;
const MEET_MORE: i32 = 3;

/** How [a, b] and [c, d] meet, exactly (twin: `meetKind`): same, none, one exact point (meetX, meetY), more. */
function meetKind(ax: f64, ay: f64, bx: f64, by: f64, cx: f64, cy: f64, dx: f64, dy: f64): i32 {
  if (ax == cx && ay == cy && bx == dx && by == dy) return MEET_SAME;
  const o1 = orient2d(ax, ay, bx, by, cx, cy);
  const o2 = orient2d(ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return MEET_NONE;
  const o3 = orient2d(cx, cy, dx, dy, ax, ay);
  const o4 = orient2d(cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return MEET_NONE;
  if (o1 == 0 && o2 == 0 && o3 == 0 && o4 == 0) {
    const sa = lexLess(bx, by, ax, ay);
    const l1x = sa ? bx : ax;
    const l1y = sa ? by : ay;
    const h1x = sa ? ax : bx;
    const h1y = sa ? ay : by;
    const sc = lexLess(dx, dy, cx, cy);
    const l2x = sc ? dx : cx;
    const l2y = sc ? dy : cy;
    const h2x = sc ? cx : dx;
    const h2y = sc ? cy : dy;
    const lu = lexLess(l1x, l1y, l2x, l2y);
    const ux = lu ? l2x : l1x;
    const uy = lu ? l2y : l1y;
    const lv = lexLess(h1x, h1y, h2x, h2y);
    const vx = lv ? h1x : h2x;
    const vy = lv ? h1y : h2y;
    if (lexLess(vx, vy, ux, uy)) return MEET_NONE;
    if (ux != vx || uy != vy) return MEET_MORE;
    meetX = ux;
    meetY = uy;
    return MEET_POINT;
  }
  if (o3 == 0 || o4 == 0 || o1 == 0 || o2 == 0) {
    meetX = o3 == 0 ? ax : o4 == 0 ? bx : o1 == 0 ? cx : dx;
    meetY = o3 == 0 ? ay : o4 == 0 ? by : o1 == 0 ? cy : dy;
    return MEET_POINT;
  }
  return MEET_MORE;
}

/** `meetKind` of the segments C[p..p+3] and C[q..q+3] (twin: `meetOf`). */
// @ts-ignore: decorator
@inline function meetOf(p: i32, q: i32): i32 {
  return meetKind(unchecked(C[p]), unchecked(C[p + 1]), unchecked(C[p + 2]), unchecked(C[p + 3]), unchecked(C[q]), unchecked(C[q + 1]), unchecked(C[q + 2]), unchecked(C[q + 3]));
}

function pointOnLine(x: f64, y: f64, l: i32): bool {
  return orient2d(unchecked(C[l]), unchecked(C[l + 1]), unchecked(C[l + 2]), unchecked(C[l + 3]), x, y) == 0;
}

function onStretch(px: f64, py: f64, ex: f64, ey: f64, fx: f64, fy: f64): bool {
  return (
    orient2d(ex, ey, fx, fy, px, py) == 0 &&
    px >= Math.min(ex, fx) &&
    px <= Math.max(ex, fx) &&
    py >= Math.min(ey, fy) &&
    py <= Math.max(ey, fy)
  );
}

function crossOnSegment(o: i32, ex: f64, ey: f64, fx: f64, fy: f64): bool {
  if (
    !concurrent(
      unchecked(C[o + 2]),
      unchecked(C[o + 3]),
      unchecked(C[o + 4]),
      unchecked(C[o + 5]),
      unchecked(C[o + 6]),
      unchecked(C[o + 7]),
      unchecked(C[o + 8]),
      unchecked(C[o + 9]),
      ex,
      ey,
      fx,
      fy,
    )
  )
    return false;
  return crossWithin(o, ex, ey, fx, fy);
}

function crossWithin(o: i32, ex: f64, ey: f64, fx: f64, fy: f64): bool {
  const ax = unchecked(C[o + 2]);
  const ay = unchecked(C[o + 3]);
  const bx = unchecked(C[o + 4]);
  const by = unchecked(C[o + 5]);
  const cx = unchecked(C[o + 6]);
  const cy = unchecked(C[o + 7]);
  const dx = unchecked(C[o + 8]);
  const dy = unchecked(C[o + 9]);
  const pe = orient2d(ax, ay, bx, by, ex, ey);
  const pf = orient2d(ax, ay, bx, by, fx, fy);
  if (pe != 0 || pf != 0) return !sameSide(pe, pf);
  return !sameSide(orient2d(cx, cy, dx, dy, ex, ey), orient2d(cx, cy, dx, dy, fx, fy));
}

function onLineOf(o: i32, l: i32): bool {
  const ex = unchecked(C[l]);
  const ey = unchecked(C[l + 1]);
  const fx = unchecked(C[l + 2]);
  const fy = unchecked(C[l + 3]);
  if (ex == unchecked(C[o + 2]) && ey == unchecked(C[o + 3]) && fx == unchecked(C[o + 4]) && fy == unchecked(C[o + 5])) return true;
  if (ex == unchecked(C[o + 6]) && ey == unchecked(C[o + 7]) && fx == unchecked(C[o + 8]) && fy == unchecked(C[o + 9])) return true;
  return concurrent(
    unchecked(C[o + 2]),
    unchecked(C[o + 3]),
    unchecked(C[o + 4]),
    unchecked(C[o + 5]),
    unchecked(C[o + 6]),
    unchecked(C[o + 7]),
    unchecked(C[o + 8]),
    unchecked(C[o + 9]),
    ex,
    ey,
    fx,
    fy,
  );
}

function samePoint(i: i32, q: i32): bool {
  const oi = STRIDE * i;
  const oq = STRIDE * q;
  const ti = unchecked(C[oi]);
  const tq = unchecked(C[oq]);
  if (ti == POINT && tq == POINT) return unchecked(C[oi + 10]) == unchecked(C[oq + 10]) && unchecked(C[oi + 11]) == unchecked(C[oq + 11]);
  if (ti == POINT || tq == POINT) {
    const e = ti == POINT ? oi : oq;
    const x = ti == POINT ? oq : oi;
    const px = unchecked(C[e + 10]);
    const py = unchecked(C[e + 11]);
    return (
      orient2d(unchecked(C[x + 2]), unchecked(C[x + 3]), unchecked(C[x + 4]), unchecked(C[x + 5]), px, py) == 0 &&
      orient2d(unchecked(C[x + 6]), unchecked(C[x + 7]), unchecked(C[x + 8]), unchecked(C[x + 9]), px, py) == 0
    );
  }
  const rj = meetOf(oi + 6, oq + 6);
  if (rj == MEET_NONE) return false;
  if (rj == MEET_POINT) return pointOnLine(meetX, meetY, oi + 2) && pointOnLine(meetX, meetY, oq + 2);
  const rk = meetOf(oi + 2, oq + 2);
  if (rk == MEET_NONE) return false;
  if (rk == MEET_POINT) return pointOnLine(meetX, meetY, oi + 6) && pointOnLine(meetX, meetY, oq + 6);
  return onLineOf(oi, oq + 2) && onLineOf(oi, oq + 6);
}

function pointOnStretch(i: i32, s: i32): bool {
  const oi = STRIDE * i;
  const os = STRIDE * s;
  const ex = unchecked(C[os + 10]);
  const ey = unchecked(C[os + 11]);
  const fx = unchecked(C[os + 12]);
  const fy = unchecked(C[os + 13]);
  if (unchecked(C[oi]) == CROSS) {
    const rj = meetOf(oi + 6, os + 6);
    if (rj == MEET_NONE) return false;
    if (rj == MEET_POINT) {
      const x = meetX;
      const y = meetY;
      return pointOnLine(x, y, oi + 2) && onStretch(x, y, ex, ey, fx, fy);
    }
    const rk = meetOf(oi + 2, os + 2);
    if (rk == MEET_NONE) return false;
    if (rk == MEET_POINT) {
      const x = meetX;
      const y = meetY;
      return pointOnLine(x, y, oi + 6) && onStretch(x, y, ex, ey, fx, fy);
    }
    if (rj == MEET_SAME || rk == MEET_SAME) return crossWithin(oi, ex, ey, fx, fy);
    return crossOnSegment(oi, ex, ey, fx, fy);
  }
  return onStretch(unchecked(C[oi + 10]), unchecked(C[oi + 11]), ex, ey, fx, fy);
}

// ---------------------------------------------------------------------------------------------------
// Stretch pieces

function cutChords(ux: f64, uy: f64, vx: f64, vy: f64, dsc: StaticArray<f64>, nd: i32, r: f64, at: i32): i32 {
  const dx = vx - ux;
  const dy = vy - uy;
  const a = dx * dx + dy * dy;
  const rm = r * 1.000001;
  const x0 = Math.min(ux, vx) - rm;
  const x1 = Math.max(ux, vx) + rm;
  const y0 = Math.min(uy, vy) - rm;
  const y1 = Math.max(uy, vy) + rm;
  let m = 0;
  for (let d = 0; d < nd; d++) {
    const ccx = unchecked(dsc[2 * d]);
    const ccy = unchecked(dsc[2 * d + 1]);
    if (ccx < x0 || ccx > x1 || ccy < y0 || ccy > y1) continue;
    let t0: f64;
    let t1: f64;
    if (a > 0) {
      const fx = ux - unchecked(dsc[2 * d]);
      const fy = uy - unchecked(dsc[2 * d + 1]);
      const b = fx * dx + fy * dy;
      const c = fx * fx + fy * fy - r * r;
      const disc = b * b - a * c;
      if (disc < 0) continue;
      const s = Math.sqrt(disc);
      t0 = (-b - s) / a;
      t1 = (-b + s) / a;
      if (t1 < 0 || t0 > 1) continue;
    } else {
      const ex = ux - unchecked(dsc[2 * d]);
      const ey = uy - unchecked(dsc[2 * d + 1]);
      if (!(ex * ex + ey * ey <= r * r)) continue;
      t0 = -1;
      t1 = 2;
    }
    if (at + m >= chordCap) {
      if (chordCap >= MAX_CHORDS) {
        chordOver = true;
        return m;
      }
      growChords(chordCap << 1, at + m);
    }
    let k = at + m;
    while (k > at && unchecked(chord0[k - 1]) > t0) {
      unchecked((chord0[k] = chord0[k - 1]));
      unchecked((chord1[k] = chord1[k - 1]));
      k--;
    }
    unchecked((chord0[k] = t0));
    unchecked((chord1[k] = t1));
    m++;
  }
  return m;
}

// @ts-ignore: decorator
@inline function gapLo(at: i32, g: i32): f64 {
  return g == 0 ? 0 : unchecked(chord1[at + g - 1]);
}
// @ts-ignore: decorator
@inline function gapHi(at: i32, m: i32, g: i32): f64 {
  return g == m ? 1 : unchecked(chord0[at + g]);
}

function find(a: i32): i32 {
  while (unchecked(parent[a]) != a) {
    unchecked((parent[a] = parent[parent[a]]));
    a = unchecked(parent[a]);
  }
  return a;
}

function union(a: i32, b: i32): void {
  const ra = find(a);
  const rb = find(b);
  if (ra < rb) unchecked((parent[rb] = ra));
  else if (rb < ra) unchecked((parent[ra] = rb));
}

function pieceAt(s: i32, x: f64, y: f64): i32 {
  const o = STRIDE * s;
  const ux = unchecked(C[o + 10]);
  const uy = unchecked(C[o + 11]);
  const dx = unchecked(C[o + 12]) - ux;
  const dy = unchecked(C[o + 13]) - uy;
  const a = dx * dx + dy * dy;
  const t = a > 0 ? ((x - ux) * dx + (y - uy) * dy) / a : 0;
  const at = unchecked(chordAt[s]);
  const m = unchecked(chordN[s]);
  let g = 0;
  while (g < m && unchecked(chord0[at + g]) + unchecked(chord1[at + g]) < 2 * t) g++;
  const atom = unchecked(atomOf[s]) + g;
  return unchecked(exists[atom]) != 0 ? atom : -1;
}

function joinAt(s: i32, q: i32, x: f64, y: f64): void {
  const a = pieceAt(s, x, y);
  const b = pieceAt(q, x, y);
  if (a >= 0 && b >= 0) union(a, b);
}

function joinStretches(s: i32, q: i32, dsc: StaticArray<f64>, nd: i32, r: f64): void {
  const os = STRIDE * s;
  const oq = STRIDE * q;
  const p1x = unchecked(C[os + 10]);
  const p1y = unchecked(C[os + 11]);
  const q1x = unchecked(C[os + 12]);
  const q1y = unchecked(C[os + 13]);
  const p2x = unchecked(C[oq + 10]);
  const p2y = unchecked(C[oq + 11]);
  const q2x = unchecked(C[oq + 12]);
  const q2y = unchecked(C[oq + 13]);
  if (orient2d(p1x, p1y, q1x, q1y, p2x, p2y) != 0 || orient2d(p1x, p1y, q1x, q1y, q2x, q2y) != 0) return;
  const lu = lexLess(p1x, p1y, p2x, p2y);
  const ux = lu ? p2x : p1x;
  const uy = lu ? p2y : p1y;
  const lv = lexLess(q1x, q1y, q2x, q2y);
  const vx = lv ? q1x : q2x;
  const vy = lv ? q1y : q2y;
  if (lexLess(vx, vy, ux, uy)) return;
  if (ux == vx && uy == vy) {
    if (!inDiscs(ux, uy, dsc, nd, r)) joinAt(s, q, ux, uy);
    return;
  }
  const at = chordTop;
  const m = cutChords(ux, uy, vx, vy, dsc, nd, r, at);
  for (let g = 0; g <= m; g++) {
    const lo = gapLo(at, g);
    const hi = gapHi(at, m, g);
    if (!(lo < hi)) continue;
    const t = (lo + hi) / 2;
    joinAt(s, q, ux + t * (vx - ux), uy + t * (vy - uy));
  }
}

let axis: i32 = 0;

// @ts-ignore: decorator
@inline function before(b: i32, a: i32): bool {
  const sa = unchecked(C[STRIDE * a + 1]);
  const sb = unchecked(C[STRIDE * b + 1]);
  return sb < sa || (sb == sa && unchecked(C[STRIDE * b + 14 + axis]) < unchecked(C[STRIDE * a + 14 + axis]));
}

/**
 * `order` = 0 … n − 1 sorted by string id, then the boxes' minimum along the axis the contacts spread most on, ties
 * by index (bottom-up merge sort; twin: `sortBySid`).
 */
function sortBySid(n: i32): void {
  let x0 = unchecked(C[14]);
  let x1 = x0;
  let y0 = unchecked(C[15]);
  let y1 = y0;
  for (let i = 1; i < n; i++) {
    const x = unchecked(C[STRIDE * i + 14]);
    const y = unchecked(C[STRIDE * i + 15]);
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  axis = y1 - y0 > x1 - x0 ? 1 : 0;
  let src = order;
  let dst = spare;
  for (let i = 0; i < n; i++) unchecked((src[i] = i));
  for (let w = 1; w < n; w *= 2) {
    for (let lo = 0; lo < n; lo += 2 * w) {
      const mid = min(lo + w, n);
      const hi = min(lo + 2 * w, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (before(unchecked(src[j]), unchecked(src[i]))) unchecked((dst[k++] = src[j++]));
        else unchecked((dst[k++] = src[i++]));
      }
      while (i < mid) unchecked((dst[k++] = src[i++]));
      while (j < hi) unchecked((dst[k++] = src[j++]));
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src != order) for (let i = 0; i < n; i++) unchecked((order[i] = src[i]));
}

/**
 * Groups the recorded contacts into meeting places: writes one point per place into `pts` (the first `maxPts`) and
 * the stretches' pieces into `stretches` (count in `stretchCount`); returns the number of places, or -1 when the
 * contacts or chords overflowed their buffers.
 */
export function resolveMeetings(dsc: StaticArray<f64>, nd: i32, radius: f64, pts: StaticArray<f64>, maxPts: i32): i32 {
  stretchCount = 0;
  const n = nC;
  if (overflow) return -1;
  if (n == 0) return 0;
  if (n == 1 && unchecked(C[0]) != STRETCH) {
    if (maxPts > 0) {
      unchecked((pts[0] = C[10]));
      unchecked((pts[1] = C[11]));
    }
    return 1;
  }
  if (distinctPoints()) {
    for (let i = 0; i < n && i < maxPts; i++) {
      unchecked((pts[2 * i] = C[STRIDE * i + 10]));
      unchecked((pts[2 * i + 1] = C[STRIDE * i + 11]));
    }
    return n;
  }
  let atoms = 0;
  chordTop = 0;
  chordOver = false;
  let pieces = 0;
  for (let i = 0; i < n; i++) {
    const o = STRIDE * i;
    unchecked((atomOf[i] = atoms));
    if (unchecked(C[o]) != STRETCH) {
      unchecked((chordN[i] = 0));
      atoms++;
      continue;
    }
    const m = cutChords(unchecked(C[o + 10]), unchecked(C[o + 11]), unchecked(C[o + 12]), unchecked(C[o + 13]), dsc, nd, radius, chordTop);
    unchecked((chordAt[i] = chordTop));
    unchecked((chordN[i] = m));
    chordTop += m;
    atoms += m + 1;
  }
  if (chordOver) return -1;
  reserveAtoms(atoms);
  for (let i = 0; i < n; i++) {
    const a = unchecked(atomOf[i]);
    if (unchecked(C[STRIDE * i]) != STRETCH) {
      unchecked((parent[a] = a));
      unchecked((exists[a] = 1));
      continue;
    }
    const at = unchecked(chordAt[i]);
    const m = unchecked(chordN[i]);
    for (let g = 0; g <= m; g++) {
      unchecked((parent[a + g] = a + g));
      const e: u8 = gapLo(at, g) < gapHi(at, m, g) ? 1 : 0;
      unchecked((exists[a + g] = e));
      pieces += <i32>e;
    }
  }
  sortBySid(n);
  for (let g0 = 0; g0 < n; ) {
    const sid = unchecked(C[STRIDE * unchecked(order[g0]) + 1]);
    let g1 = g0 + 1;
    while (g1 < n && unchecked(C[STRIDE * unchecked(order[g1]) + 1]) == sid) g1++;
    for (let p = g0; p < g1; p++) {
      const i = unchecked(order[p]);
      const oi = STRIDE * i;
      for (let q2 = p + 1; q2 < g1; q2++) {
        const q = unchecked(order[q2]);
        const oq = STRIDE * q;
        if (unchecked(C[oq + 14 + axis]) > unchecked(C[oi + 16 + axis])) break; // sorted along the axis
        if (unchecked(C[oi + 16]) < unchecked(C[oq + 14]) || unchecked(C[oq + 16]) < unchecked(C[oi + 14])) continue;
        if (unchecked(C[oi + 17]) < unchecked(C[oq + 15]) || unchecked(C[oq + 17]) < unchecked(C[oi + 15])) continue;
        const si = unchecked(C[oi]) == STRETCH;
        const sq = unchecked(C[oq]) == STRETCH;
        if (!si && !sq) {
          if (find(unchecked(atomOf[i])) != find(unchecked(atomOf[q])) && samePoint(i, q)) union(unchecked(atomOf[i]), unchecked(atomOf[q]));
        } else if (si && sq) {
          if (unchecked(chordN[i]) == 0 && unchecked(chordN[q]) == 0 && find(unchecked(atomOf[i])) == find(unchecked(atomOf[q]))) continue;
          joinStretches(i, q, dsc, nd, radius);
          if (chordOver) return -1;
        } else {
          const pt = si ? q : i;
          const st = si ? i : q;
          const a = pieceAt(st, unchecked(C[STRIDE * pt + 10]), unchecked(C[STRIDE * pt + 11]));
          if (a < 0 || find(a) == find(unchecked(atomOf[pt]))) continue;
          if (pointOnStretch(pt, st)) union(unchecked(atomOf[pt]), a);
        }
      }
    }
    g0 = g1;
  }
  let count = 0;
  for (let i = 0; i < n; i++) {
    const o = STRIDE * i;
    const a0 = unchecked(atomOf[i]);
    if (unchecked(C[o]) != STRETCH) {
      if (find(a0) == a0) {
        if (count < maxPts) {
          unchecked((pts[2 * count] = C[o + 10]));
          unchecked((pts[2 * count + 1] = C[o + 11]));
        }
        count++;
      }
      continue;
    }
    const ux = unchecked(C[o + 10]);
    const uy = unchecked(C[o + 11]);
    const vx = unchecked(C[o + 12]);
    const vy = unchecked(C[o + 13]);
    const at = unchecked(chordAt[i]);
    const m = unchecked(chordN[i]);
    for (let g = 0; g <= m; g++) {
      const a = a0 + g;
      if (unchecked(exists[a]) == 0 || find(a) != a) continue;
      const t = (gapLo(at, g) + gapHi(at, m, g)) / 2;
      if (count < maxPts) {
        unchecked((pts[2 * count] = ux + t * (vx - ux)));
        unchecked((pts[2 * count + 1] = uy + t * (vy - uy)));
      }
      count++;
    }
  }
  stretchCount = pieces;
  if (pieces > 0) {
    let w = 0;
    for (let i = 0; i < n && w < 4 * MAX_STRETCHES; i++) {
      const o = STRIDE * i;
      if (unchecked(C[o]) != STRETCH) continue;
      const ux = unchecked(C[o + 10]);
      const uy = unchecked(C[o + 11]);
      const vx = unchecked(C[o + 12]);
      const vy = unchecked(C[o + 13]);
      const at = unchecked(chordAt[i]);
      const m = unchecked(chordN[i]);
      for (let g = 0; g <= m && w < 4 * MAX_STRETCHES; g++) {
        if (unchecked(exists[unchecked(atomOf[i]) + g]) == 0) continue;
        const lo = gapLo(at, g);
        const hi = gapHi(at, m, g);
        unchecked((stretches[w++] = g == 0 ? ux : ux + lo * (vx - ux)));
        unchecked((stretches[w++] = g == 0 ? uy : uy + lo * (vy - uy)));
        unchecked((stretches[w++] = g == m ? vx : ux + hi * (vx - ux)));
        unchecked((stretches[w++] = g == m ? vy : uy + hi * (vy - uy)));
      }
    }
  }
  return count;
}

/** How many meeting places the recorded contacts make (no points written), or -1 on overflow. */
export function countMeetings(dsc: StaticArray<f64>, nd: i32, radius: f64): i32 {
  if (overflow) return -1;
  if (nC == 0) return 0;
  if (nC == 1 && unchecked(C[0]) != STRETCH) return 1;
  if (distinctPoints()) return nC;
  return resolveMeetings(dsc, nd, radius, stretches, 0);
}

/** A few point contacts, each of another rival string: each its own place (twin: `distinctPoints`). */
function distinctPoints(): bool {
  if (nC > 16) return false;
  for (let i = 0; i < nC; i++) {
    if (unchecked(C[STRIDE * i]) == STRETCH) return false;
    for (let q = 0; q < i; q++) if (unchecked(C[STRIDE * q + 1]) == unchecked(C[STRIDE * i + 1])) return false;
  }
  return true;
}

/**
 * Meeting places (docs/rules/string-railway.md § Meeting places): where the new path and ONE rival string share
 * points outside every station disc, each connected component of those shared points costs 1 AP. TypeScript twin
 * of assembly/geometry/meet.ts (the same contacts, the same resolver, the same operations in the same order: the
 * same count, points and stretches bit for bit).
 *
 * Two steps. The pair loops (polyline.ts `crossingPoints`, the placed index, the hint grid) call `pairContact` for
 * each (path segment, rival segment) pair whose boxes meet; it records a *contact*: the exact shared set of the two
 * closed segments, which is empty, one point or one stretch (a collinear overlap of positive length). A point is
 * either exact (a segment end lying on the other segment: `POINT`) or a proper crossing (`CROSS`: the computed
 * a + t (b − a) is within a few ulps; the exact point is kept as its two segments). A point in a station disc
 * (closed) is dropped there. Then `resolveMeetings` groups the contacts of each rival string (its string id) into
 * the connected components of (path ∩ rival) \ discs:
 *
 * - a stretch is cut by the discs it meets into its outside *pieces* (gaps between the chords, ordered along it;
 *   an end inside a disc has no piece): each piece is one atom of a union–find, each point contact another;
 * - two contacts can share a point only when their exact boxes meet (a crossing lies in the intersection of its
 *   two segments' boxes); for those pairs, exact tests decide: equal exact points; an exact point on both lines of
 *   a crossing; two crossings equal (each on the other's two lines: the concurrency of three lines, an exact
 *   product of orientations, `concurrent`); a point on a stretch (then it joins the piece it lies in); two
 *   collinear stretches that overlap (each outside part of the overlap joins a piece of each);
 * - only which piece of a stretch a point falls in, and where a disc cuts a stretch, use floating point, as every
 *   disc test does (stations never come near anything that would make a last bit matter).
 *
 * The count is the number of components; each gives one representative point (an exact or computed point, or the
 * middle of a stretch piece), in the order of its first contact; every piece of every stretch is also reported as a
 * segment, for the widget to highlight. Own strings are never passed in.
 *
 * Contact layout (`STRIDE` f64 per contact): [type, string id, ax, ay, bx, by, cx, cy, dx, dy, x0, y0, x1, y1,
 * minX, minY, maxX, maxY]: a–b the path segment, c–d the rival segment; (x0, y0) the point, or the stretch from
 * (x0, y0) to (x1, y1) (lexicographically ordered); then the exact box.
 */
import { pointOnSegment as onStretch, orient2d, orient2dBig, orient2dFast } from "./predicates.ts";

export const POINT = 0;
export const CROSS = 1;
export const STRETCH = 2;
export const STRIDE = 18;

/** The contacts of the current query (`resetContacts` empties them). */
let C = new Float64Array(STRIDE * 64);
let nC = 0;

export function resetContacts(): void {
  nC = 0;
}

export function contactCount(): number {
  return nC;
}

/** The contacts recorded so far (a view; tests). */
export function contacts(): Float64Array {
  return C.subarray(0, STRIDE * nC);
}

function sameSide(p: number, q: number): boolean {
  return (p > 0 && q > 0) || (p < 0 && q < 0);
}

function inDiscs(x: number, y: number, discs: Float64Array, r: number): boolean {
  for (let d = 0; d + 1 < discs.length; d += 2) {
    const ex = x - discs[d]!;
    const ey = y - discs[d + 1]!;
    if (ex * ex + ey * ey <= r * r) return true;
  }
  return false;
}

/** (x1, y1) < (x2, y2) lexicographically: on one line, the order along it. */
function lexLess(x1: number, y1: number, x2: number, y2: number): boolean {
  return x1 < x2 || (x1 === x2 && y1 < y2);
}

function push(
  type: number,
  sid: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): void {
  if (STRIDE * (nC + 1) > C.length) {
    const g = new Float64Array(2 * C.length);
    g.set(C);
    C = g;
  }
  const o = STRIDE * nC++;
  C[o] = type;
  C[o + 1] = sid;
  C[o + 2] = ax;
  C[o + 3] = ay;
  C[o + 4] = bx;
  C[o + 5] = by;
  C[o + 6] = cx;
  C[o + 7] = cy;
  C[o + 8] = dx;
  C[o + 9] = dy;
  C[o + 10] = x0;
  C[o + 11] = y0;
  C[o + 12] = x1;
  C[o + 13] = y1;
  C[o + 14] = minX;
  C[o + 15] = minY;
  C[o + 16] = maxX;
  C[o + 17] = maxY;
}

/**
 * Records the shared set of the closed path segment [a, b] and rival segment [c, d] of string `sid` (after the
 * caller's box test): nothing, a point outside every disc, or a stretch. `safe`: all eight coordinates are in
 * orient2d's safe range (the caller checked), so the orientations skip that check (same signs).
 */
export function pairContact(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  sid: number,
  discs: Float64Array,
  radius: number,
  safe: boolean,
): void {
  const o1 = safe ? orient2dFast(ax, ay, bx, by, cx, cy) : orient2d(ax, ay, bx, by, cx, cy);
  const o2 = safe ? orient2dFast(ax, ay, bx, by, dx, dy) : orient2d(ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return;
  const o3 = safe ? orient2dFast(cx, cy, dx, dy, ax, ay) : orient2d(cx, cy, dx, dy, ax, ay);
  const o4 = safe ? orient2dFast(cx, cy, dx, dy, bx, by) : orient2d(cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return;
  let x: number;
  let y: number;
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
    // one line (or points): the overlap of the two intervals in the order along it
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
    const ux = lexLess(l1x, l1y, l2x, l2y) ? l2x : l1x;
    const uy = lexLess(l1x, l1y, l2x, l2y) ? l2y : l1y;
    const vx = lexLess(h1x, h1y, h2x, h2y) ? h1x : h2x;
    const vy = lexLess(h1x, h1y, h2x, h2y) ? h1y : h2y;
    if (lexLess(vx, vy, ux, uy)) return; // apart on their line
    if (ux !== vx || uy !== vy) {
      push(
        STRETCH,
        sid,
        ax,
        ay,
        bx,
        by,
        cx,
        cy,
        dx,
        dy,
        ux,
        uy,
        vx,
        vy,
        Math.min(ux, vx),
        Math.min(uy, vy),
        Math.max(ux, vx),
        Math.max(uy, vy),
      );
      return;
    }
    x = ux;
    y = uy;
  } else if (o3 === 0 || o4 === 0 || o1 === 0 || o2 === 0) {
    x = o3 === 0 ? ax : o4 === 0 ? bx : o1 === 0 ? cx : dx;
    y = o3 === 0 ? ay : o4 === 0 ? by : o1 === 0 ? cy : dy;
  } else {
    const t = o3 / (o3 - o4);
    x = ax + t * (bx - ax);
    y = ay + t * (by - ay);
    if (inDiscs(x, y, discs, radius)) return;
    push(
      CROSS,
      sid,
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
  if (inDiscs(x, y, discs, radius)) return;
  push(POINT, sid, ax, ay, bx, by, cx, cy, dx, dy, x, y, x, y, x, y, x, y);
}

// ---------------------------------------------------------------------------------------------------
// Exact tests on contacts

/**
 * The crossing X of lines ab and cd (not parallel) lies on line ef: o(c,d,a)·o(e,f,b) − o(c,d,b)·o(e,f,a) = 0
 * (o(e,f,·) is affine along ab, X = a + t(b − a) with t = o(c,d,a) / (o(c,d,a) − o(c,d,b))). Exact (BigInt),
 * reached only for two contacts of one rival string whose boxes meet.
 */
export function concurrent(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
  ex: number,
  ey: number,
  fx: number,
  fy: number,
): boolean {
  const p = orient2dBig(cx, cy, dx, dy, ax, ay) * orient2dBig(ex, ey, fx, fy, bx, by);
  const q = orient2dBig(cx, cy, dx, dy, bx, by) * orient2dBig(ex, ey, fx, fy, ax, ay);
  return p === q;
}

/** The exact point `meetKind` found (when it returns `MEET_POINT`). */
let meetX = 0;
let meetY = 0;
const MEET_SAME = 0;
const MEET_NONE = 1;
const MEET_POINT = 2;
const MEET_MORE = 3;

/**
 * How closed segments [a, b] and [c, d] meet, exactly (four orient2d): the same segment, not at all, in one exact
 * point (an end of one on the other, or a one-point collinear overlap: into meetX, meetY), or otherwise (a proper
 * crossing, or a collinear overlap). The cheap exact filter before `concurrent`: two crossings on segments that
 * meet in one exact point E are equal only at E.
 */
function meetKind(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): number {
  if (ax === cx && ay === cy && bx === dx && by === dy) return MEET_SAME;
  const o1 = orient2d(ax, ay, bx, by, cx, cy);
  const o2 = orient2d(ax, ay, bx, by, dx, dy);
  if (sameSide(o1, o2)) return MEET_NONE;
  const o3 = orient2d(cx, cy, dx, dy, ax, ay);
  const o4 = orient2d(cx, cy, dx, dy, bx, by);
  if (sameSide(o3, o4)) return MEET_NONE;
  if (o1 === 0 && o2 === 0 && o3 === 0 && o4 === 0) {
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
    if (ux !== vx || uy !== vy) return MEET_MORE;
    meetX = ux;
    meetY = uy;
    return MEET_POINT;
  }
  if (o3 === 0 || o4 === 0 || o1 === 0 || o2 === 0) {
    meetX = o3 === 0 ? ax : o4 === 0 ? bx : o1 === 0 ? cx : dx;
    meetY = o3 === 0 ? ay : o4 === 0 ? by : o1 === 0 ? cy : dy;
    return MEET_POINT;
  }
  return MEET_MORE;
}

/** The exact point (x, y) lies on the line through C[l..l+3]. */
function pointOnLine(x: number, y: number, l: number): boolean {
  return orient2d(C[l]!, C[l + 1]!, C[l + 2]!, C[l + 3]!, x, y) === 0;
}

/** Crossing contact i (lines ab, cd) lies on the closed segment [e, f] (e ≠ f). Exact. */
function crossOnSegment(o: number, ex: number, ey: number, fx: number, fy: number): boolean {
  const ax = C[o + 2]!;
  const ay = C[o + 3]!;
  const bx = C[o + 4]!;
  const by = C[o + 5]!;
  const cx = C[o + 6]!;
  const cy = C[o + 7]!;
  const dx = C[o + 8]!;
  const dy = C[o + 9]!;
  if (!concurrent(ax, ay, bx, by, cx, cy, dx, dy, ex, ey, fx, fy)) return false;
  return crossWithin(o, ex, ey, fx, fy);
}

/** Crossing contact at offset o, known to lie on line ef, lies between e and f. Exact. */
function crossWithin(o: number, ex: number, ey: number, fx: number, fy: number): boolean {
  const ax = C[o + 2]!;
  const ay = C[o + 3]!;
  const bx = C[o + 4]!;
  const by = C[o + 5]!;
  const cx = C[o + 6]!;
  const cy = C[o + 7]!;
  const dx = C[o + 8]!;
  const dy = C[o + 9]!;
  // X is on line ef: it lies between e and f when they are not strictly on one side of a line through X that is
  // not ef's own (ab, unless ef lies along ab; then cd, which crosses ab)
  const pe = orient2d(ax, ay, bx, by, ex, ey);
  const pf = orient2d(ax, ay, bx, by, fx, fy);
  if (pe !== 0 || pf !== 0) return !sameSide(pe, pf);
  return !sameSide(orient2d(cx, cy, dx, dy, ex, ey), orient2d(cx, cy, dx, dy, fx, fy));
}

/** Point contacts i and q (POINT or CROSS) are the same point. Exact. */
function samePoint(i: number, q: number): boolean {
  const oi = STRIDE * i;
  const oq = STRIDE * q;
  const ti = C[oi]!;
  const tq = C[oq]!;
  if (ti === POINT && tq === POINT) return C[oi + 10] === C[oq + 10] && C[oi + 11] === C[oq + 11];
  if (ti === POINT || tq === POINT) {
    const e = ti === POINT ? oi : oq;
    const x = ti === POINT ? oq : oi;
    const px = C[e + 10]!;
    const py = C[e + 11]!;
    return (
      orient2d(C[x + 2]!, C[x + 3]!, C[x + 4]!, C[x + 5]!, px, py) === 0 &&
      orient2d(C[x + 6]!, C[x + 7]!, C[x + 8]!, C[x + 9]!, px, py) === 0
    );
  }
  // two crossings: they can only be equal in the common points of their rival segments and of their path
  // segments; one exact common point E settles it (X_i = X_q iff both are E: E on the other two lines)
  const rj = meetOf(oi + 6, oq + 6);
  if (rj === MEET_NONE) return false;
  if (rj === MEET_POINT) return pointOnLine(meetX, meetY, oi + 2) && pointOnLine(meetX, meetY, oq + 2);
  const rk = meetOf(oi + 2, oq + 2);
  if (rk === MEET_NONE) return false;
  if (rk === MEET_POINT) return pointOnLine(meetX, meetY, oi + 6) && pointOnLine(meetX, meetY, oq + 6);
  // otherwise X_i lies on both lines of q (then it is q's crossing: they are not parallel): exact products
  return onLineOf(oi, oq + 2) && onLineOf(oi, oq + 6);
}

/** `meetKind` of the segments C[p..p+3] and C[q..q+3] (a contact's path or rival segment). */
function meetOf(p: number, q: number): number {
  return meetKind(C[p]!, C[p + 1]!, C[p + 2]!, C[p + 3]!, C[q]!, C[q + 1]!, C[q + 2]!, C[q + 3]!);
}

/** Crossing at contact offset o lies on the line through C[l..l+3]. */
function onLineOf(o: number, l: number): boolean {
  const ex = C[l]!;
  const ey = C[l + 1]!;
  const fx = C[l + 2]!;
  const fy = C[l + 3]!;
  // one of its own lines: trivially
  if (ex === C[o + 2] && ey === C[o + 3] && fx === C[o + 4] && fy === C[o + 5]) return true;
  if (ex === C[o + 6] && ey === C[o + 7] && fx === C[o + 8] && fy === C[o + 9]) return true;
  return concurrent(
    C[o + 2]!,
    C[o + 3]!,
    C[o + 4]!,
    C[o + 5]!,
    C[o + 6]!,
    C[o + 7]!,
    C[o + 8]!,
    C[o + 9]!,
    ex,
    ey,
    fx,
    fy,
  );
}

/** Point contact i lies on stretch contact s (exact). */
function pointOnStretch(i: number, s: number): boolean {
  const oi = STRIDE * i;
  const os = STRIDE * s;
  const ex = C[os + 10]!;
  const ey = C[os + 11]!;
  const fx = C[os + 12]!;
  const fy = C[os + 13]!;
  if (C[oi] === CROSS) {
    // as for two crossings: the crossing's rival segment and the stretch's meet in one exact point E, or not at
    // all, in the usual case; then X is on the stretch iff X = E (E on the crossing's path line) and E on it
    const rj = meetOf(oi + 6, os + 6);
    if (rj === MEET_NONE) return false;
    if (rj === MEET_POINT) {
      const x = meetX;
      const y = meetY;
      return pointOnLine(x, y, oi + 2) && onStretch(x, y, ex, ey, fx, fy);
    }
    // the same with the path segments (the stretch lies on its path segment too)
    const rk = meetOf(oi + 2, os + 2);
    if (rk === MEET_NONE) return false;
    if (rk === MEET_POINT) {
      const x = meetX;
      const y = meetY;
      return pointOnLine(x, y, oi + 6) && onStretch(x, y, ex, ey, fx, fy);
    }
    // on the stretch's line already when it shares a segment with the crossing: only its extent is left
    if (rj === MEET_SAME || rk === MEET_SAME) return crossWithin(oi, ex, ey, fx, fy);
    return crossOnSegment(oi, ex, ey, fx, fy);
  }
  return onStretch(C[oi + 10]!, C[oi + 11]!, ex, ey, fx, fy);
}

// ---------------------------------------------------------------------------------------------------
// Stretch pieces (floating point, like every disc test)

/** Chords of the discs along the current segment: parameters t0 ≤ t1 (sorted by t0), and how many. */
let chord0 = new Float64Array(16);
let chord1 = new Float64Array(16);

/**
 * The discs cutting the segment u → v: their chords (t in [0, 1] along it, possibly reaching past its ends) in
 * chord0/chord1 from `at`, sorted by start; returns how many.
 */
function cutChords(
  ux: number,
  uy: number,
  vx: number,
  vy: number,
  discs: Float64Array,
  r: number,
  at: number,
): number {
  const dx = vx - ux;
  const dy = vy - uy;
  const a = dx * dx + dy * dy;
  // discs whose centre is farther than r (with a margin far above rounding) from the segment's box in x or y miss
  // it: skipped before the square root
  const rm = r * 1.000001;
  const x0 = Math.min(ux, vx) - rm;
  const x1 = Math.max(ux, vx) + rm;
  const y0 = Math.min(uy, vy) - rm;
  const y1 = Math.max(uy, vy) + rm;
  let m = 0;
  for (let d = 0; d + 1 < discs.length; d += 2) {
    const ccx = discs[d]!;
    const ccy = discs[d + 1]!;
    if (ccx < x0 || ccx > x1 || ccy < y0 || ccy > y1) continue;
    let t0: number;
    let t1: number;
    if (a > 0) {
      const fx = ux - discs[d]!;
      const fy = uy - discs[d + 1]!;
      const b = fx * dx + fy * dy;
      const c = fx * fx + fy * fy - r * r;
      const disc = b * b - a * c;
      if (disc < 0) continue;
      const s = Math.sqrt(disc);
      t0 = (-b - s) / a;
      t1 = (-b + s) / a;
      if (t1 < 0 || t0 > 1) continue;
    } else {
      // a stretch too short to square (tiny coordinates): in the disc or not, as its start
      const ex = ux - discs[d]!;
      const ey = uy - discs[d + 1]!;
      if (!(ex * ex + ey * ey <= r * r)) continue;
      t0 = -1;
      t1 = 2;
    }
    if (chord0.length < at + m + 1) {
      const g0 = new Float64Array(2 * chord0.length);
      g0.set(chord0);
      chord0 = g0;
      const g1 = new Float64Array(2 * chord1.length);
      g1.set(chord1);
      chord1 = g1;
    }
    let k = at + m;
    while (k > at && chord0[k - 1]! > t0) {
      chord0[k] = chord0[k - 1]!;
      chord1[k] = chord1[k - 1]!;
      k--;
    }
    chord0[k] = t0;
    chord1[k] = t1;
    m++;
  }
  return m;
}

/** Gap g of m chords from `at`: its parameter interval [lo, hi] (0 and 1 at the segment's ends). */
function gapLo(at: number, g: number): number {
  return g === 0 ? 0 : chord1[at + g - 1]!;
}
function gapHi(at: number, m: number, g: number): number {
  return g === m ? 1 : chord0[at + g]!;
}

// Per contact: its first atom, and for a stretch its chords (start in chord0/1, count).
let atomOf = new Int32Array(64);
let chordAt = new Int32Array(64);
let chordN = new Int32Array(64);
let parent = new Int32Array(256);
let exists = new Uint8Array(256);
let order = new Int32Array(64);

function find(a: number): number {
  while (parent[a] !== a) {
    parent[a] = parent[parent[a]!]!;
    a = parent[a]!;
  }
  return a;
}

function union(a: number, b: number): void {
  const ra = find(a);
  const rb = find(b);
  if (ra < rb) parent[rb] = ra;
  else if (rb < ra) parent[ra] = rb;
}

/** The atom of stretch contact s holding point (x, y) of it (outside every disc), or -1 if that piece is empty. */
function pieceAt(s: number, x: number, y: number): number {
  const o = STRIDE * s;
  const ux = C[o + 10]!;
  const uy = C[o + 11]!;
  const dx = C[o + 12]! - ux;
  const dy = C[o + 13]! - uy;
  const a = dx * dx + dy * dy;
  const t = a > 0 ? ((x - ux) * dx + (y - uy) * dy) / a : 0;
  const at = chordAt[s]!;
  const m = chordN[s]!;
  let g = 0;
  while (g < m && chord0[at + g]! + chord1[at + g]! < 2 * t) g++;
  const atom = atomOf[s]! + g;
  return exists[atom] ? atom : -1;
}

function joinAt(s: number, q: number, x: number, y: number): void {
  const a = pieceAt(s, x, y);
  const b = pieceAt(q, x, y);
  if (a >= 0 && b >= 0) union(a, b);
}

/** Stretch contacts s and q (one rival string) share points outside the discs: join the pieces holding them. */
function joinStretches(s: number, q: number, discs: Float64Array, r: number): void {
  const os = STRIDE * s;
  const oq = STRIDE * q;
  const p1x = C[os + 10]!;
  const p1y = C[os + 11]!;
  const q1x = C[os + 12]!;
  const q1y = C[os + 13]!;
  const p2x = C[oq + 10]!;
  const p2y = C[oq + 11]!;
  const q2x = C[oq + 12]!;
  const q2y = C[oq + 13]!;
  // not on one line: any shared point is also a point contact of a path segment with a rival segment, which
  // joins both stretches through `pointOnStretch`
  if (orient2d(p1x, p1y, q1x, q1y, p2x, p2y) !== 0 || orient2d(p1x, p1y, q1x, q1y, q2x, q2y) !== 0) return;
  const ux = lexLess(p1x, p1y, p2x, p2y) ? p2x : p1x;
  const uy = lexLess(p1x, p1y, p2x, p2y) ? p2y : p1y;
  const vx = lexLess(q1x, q1y, q2x, q2y) ? q1x : q2x;
  const vy = lexLess(q1x, q1y, q2x, q2y) ? q1y : q2y;
  if (lexLess(vx, vy, ux, uy)) return;
  if (ux === vx && uy === vy) {
    if (!inDiscs(ux, uy, discs, r)) joinAt(s, q, ux, uy);
    return;
  }
  // each outside part of the overlap u–v: its middle lies in one piece of each
  const at = chordTop;
  const m = cutChords(ux, uy, vx, vy, discs, r, at);
  for (let g = 0; g <= m; g++) {
    const lo = gapLo(at, g);
    const hi = gapHi(at, m, g);
    if (!(lo < hi)) continue;
    const t = (lo + hi) / 2;
    joinAt(s, q, ux + t * (vx - ux), uy + t * (vy - uy));
  }
}

let spare = new Int32Array(64);

/** The sweep's axis: 0 x, 1 y (the boxes' minimum along it is at 14 + axis, their maximum at 16 + axis). */
let axis = 0;

/** Contact b sorts before contact a (b later in the merge: ties keep index order): string id, then box minimum. */
function before(b: number, a: number): boolean {
  const sa = C[STRIDE * a + 1]!;
  const sb = C[STRIDE * b + 1]!;
  return sb < sa || (sb === sa && C[STRIDE * b + 14 + axis]! < C[STRIDE * a + 14 + axis]!);
}

/**
 * `order` = 0 … n − 1 sorted by string id, then the boxes' minX, ties by index (a bottom-up merge sort: stable,
 * n log n): the pair loop then sweeps each string's contacts in x (a query along a rival string has hundreds).
 */
function sortBySid(n: number): void {
  if (spare.length < n) spare = new Int32Array(order.length);
  // sweep along the axis the contacts spread most on (a query along a rival string running north has all its
  // boxes overlapping in x)
  let x0 = C[14]!;
  let x1 = x0;
  let y0 = C[15]!;
  let y1 = y0;
  for (let i = 1; i < n; i++) {
    const x = C[STRIDE * i + 14]!;
    const y = C[STRIDE * i + 15]!;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  axis = y1 - y0 > x1 - x0 ? 1 : 0;
  let src = order;
  let dst = spare;
  for (let i = 0; i < n; i++) src[i] = i;
  for (let w = 1; w < n; w *= 2) {
    for (let lo = 0; lo < n; lo += 2 * w) {
      const mid = Math.min(lo + w, n);
      const hi = Math.min(lo + 2 * w, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        if (before(src[j]!, src[i]!)) dst[k++] = src[j++]!;
        else dst[k++] = src[i++]!;
      }
      while (i < mid) dst[k++] = src[i++]!;
      while (j < hi) dst[k++] = src[j++]!;
    }
    const t = src;
    src = dst;
    dst = t;
  }
  if (src !== order) order.set(src.subarray(0, n));
}

/** First free chord slot (the stretches' chords come first, scratch after them). */
let chordTop = 0;

/** The result of `resolveMeetings`. */
export interface Meetings {
  /** One representative point `[x, y]` per meeting place (and rival string): their number is the AP. */
  points: Float64Array;
  /** The outside-disc pieces of the shared stretches, `[x0, y0, x1, y1, …]`. */
  stretches: Float64Array;
}

const EMPTY = new Float64Array(0);

/**
 * Groups the recorded contacts into meeting places (see the header): returns their points and the stretches'
 * pieces. `discs` and `radius` as the contacts were recorded with.
 */
export function resolveMeetings(discs: Float64Array, radius: number): Meetings {
  const n = nC;
  if (n === 0) return { points: EMPTY, stretches: EMPTY };
  if (n === 1 && C[0] !== STRETCH) return { points: Float64Array.of(C[10]!, C[11]!), stretches: EMPTY };
  if (distinctPoints()) {
    // each point its own place, in contact order (what the general path below gives them)
    const points = new Float64Array(2 * n);
    for (let i = 0; i < n; i++) {
      points[2 * i] = C[STRIDE * i + 10]!;
      points[2 * i + 1] = C[STRIDE * i + 11]!;
    }
    return { points, stretches: EMPTY };
  }
  if (atomOf.length < n) {
    atomOf = new Int32Array(2 * n);
    chordAt = new Int32Array(2 * n);
    chordN = new Int32Array(2 * n);
    order = new Int32Array(2 * n);
  }
  // atoms: one per point, one per gap between the chords of a stretch
  let atoms = 0;
  chordTop = 0;
  let pieces = 0;
  for (let i = 0; i < n; i++) {
    const o = STRIDE * i;
    atomOf[i] = atoms;
    if (C[o] !== STRETCH) {
      chordN[i] = 0;
      atoms++;
      continue;
    }
    const m = cutChords(C[o + 10]!, C[o + 11]!, C[o + 12]!, C[o + 13]!, discs, radius, chordTop);
    chordAt[i] = chordTop;
    chordN[i] = m;
    chordTop += m;
    atoms += m + 1;
  }
  if (parent.length < atoms) {
    parent = new Int32Array(2 * atoms);
    exists = new Uint8Array(2 * atoms);
  }
  for (let i = 0; i < n; i++) {
    const a = atomOf[i]!;
    if (C[STRIDE * i] !== STRETCH) {
      parent[a] = a;
      exists[a] = 1;
      continue;
    }
    const at = chordAt[i]!;
    const m = chordN[i]!;
    for (let g = 0; g <= m; g++) {
      parent[a + g] = a + g;
      exists[a + g] = gapLo(at, g) < gapHi(at, m, g) ? 1 : 0;
      pieces += exists[a + g]!;
    }
  }
  // contacts ordered by string id (stable), then every pair of one string whose boxes meet
  sortBySid(n);
  for (let g0 = 0; g0 < n; ) {
    const sid = C[STRIDE * order[g0]! + 1]!;
    let g1 = g0 + 1;
    while (g1 < n && C[STRIDE * order[g1]! + 1] === sid) g1++;
    for (let p = g0; p < g1; p++) {
      const i = order[p]!;
      const oi = STRIDE * i;
      for (let q2 = p + 1; q2 < g1; q2++) {
        const q = order[q2]!;
        const oq = STRIDE * q;
        if (C[oq + 14 + axis]! > C[oi + 16 + axis]!) break; // sorted along the axis: no later box meets this one
        if (C[oi + 16]! < C[oq + 14]! || C[oq + 16]! < C[oi + 14]!) continue;
        if (C[oi + 17]! < C[oq + 15]! || C[oq + 17]! < C[oi + 15]!) continue;
        const si = C[oi] === STRETCH;
        const sq = C[oq] === STRETCH;
        // (pairs already in one component are skipped: the exact tests run about once per joined pair)
        if (!si && !sq) {
          if (find(atomOf[i]!) !== find(atomOf[q]!) && samePoint(i, q)) union(atomOf[i]!, atomOf[q]!);
        } else if (si && sq) {
          if (chordN[i] === 0 && chordN[q] === 0 && find(atomOf[i]!) === find(atomOf[q]!)) continue;
          joinStretches(i, q, discs, radius);
        } else {
          const pt = si ? q : i;
          const st = si ? i : q;
          const a = pieceAt(st, C[STRIDE * pt + 10]!, C[STRIDE * pt + 11]!);
          if (a < 0 || find(a) === find(atomOf[pt]!)) continue;
          if (pointOnStretch(pt, st)) union(atomOf[pt]!, a);
        }
      }
    }
    g0 = g1;
  }
  // one representative per component, in atom order (a root is its component's first atom)
  const pts: number[] = [];
  for (let i = 0; i < n; i++) {
    const o = STRIDE * i;
    const a0 = atomOf[i]!;
    if (C[o] !== STRETCH) {
      if (find(a0) === a0) pts.push(C[o + 10]!, C[o + 11]!);
      continue;
    }
    const ux = C[o + 10]!;
    const uy = C[o + 11]!;
    const vx = C[o + 12]!;
    const vy = C[o + 13]!;
    const at = chordAt[i]!;
    const m = chordN[i]!;
    for (let g = 0; g <= m; g++) {
      const a = a0 + g;
      if (!exists[a] || find(a) !== a) continue;
      const t = (gapLo(at, g) + gapHi(at, m, g)) / 2;
      pts.push(ux + t * (vx - ux), uy + t * (vy - uy));
    }
  }
  const stretches = pieces === 0 ? EMPTY : new Float64Array(4 * pieces);
  if (pieces > 0) {
    let w = 0;
    for (let i = 0; i < n; i++) {
      const o = STRIDE * i;
      if (C[o] !== STRETCH) continue;
      const ux = C[o + 10]!;
      const uy = C[o + 11]!;
      const vx = C[o + 12]!;
      const vy = C[o + 13]!;
      const at = chordAt[i]!;
      const m = chordN[i]!;
      for (let g = 0; g <= m; g++) {
        if (!exists[atomOf[i]! + g]) continue;
        const lo = gapLo(at, g);
        const hi = gapHi(at, m, g);
        stretches[w++] = g === 0 ? ux : ux + lo * (vx - ux);
        stretches[w++] = g === 0 ? uy : uy + lo * (vy - uy);
        stretches[w++] = g === m ? vx : ux + hi * (vx - ux);
        stretches[w++] = g === m ? vy : uy + hi * (vy - uy);
      }
    }
  }
  const points = new Float64Array(pts.length);
  for (let i = 0; i < pts.length; i++) points[i] = pts[i]!;
  return { points, stretches };
}

/** How many meeting places the recorded contacts make (`resolveMeetings(…).points.length / 2`, without them). */
export function countMeetings(discs: Float64Array, radius: number): number {
  if (nC === 0) return 0;
  if (nC === 1 && C[0] !== STRETCH) return 1;
  if (distinctPoints()) return nC;
  return resolveMeetings(discs, radius).points.length >> 1;
}

/**
 * A few point contacts, each of another rival string (a hint candidate crossing several strings once each): each
 * is its own meeting place, no resolver needed.
 */
function distinctPoints(): boolean {
  if (nC > 16) return false;
  for (let i = 0; i < nC; i++) {
    if (C[STRIDE * i] === STRETCH) return false;
    for (let q = 0; q < i; q++) if (C[STRIDE * q + 1] === C[STRIDE * i + 1]) return false;
  }
  return true;
}

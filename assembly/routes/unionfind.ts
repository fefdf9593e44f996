// Incremental routes: a union-find over segments, updated per placement. A segment is a node; two
// segments link when their cards share an edge and both have a segment there. Each root carries its
// route's ends (open / dead / terminus), loop flag, length, segments per colour and building mask.
// Union by rank, no path compression, every write through the trail: `undo(mark)` is exact.

import { nCells, origin } from "./fit";
import {
  CSEG,
  DES,
  DSTRIDE,
  get,
  init,
  MASK,
  MAXP,
  NB,
  S,
  S_ADJ,
  S_ALIVE,
  S_BM,
  S_CARD,
  S_COL,
  S_DEAD,
  S_LEN,
  S_LOOP,
  S_NPLACED,
  S_NSEG,
  S_OPEN,
  S_PAR,
  S_RANK,
  S_SCORE,
  S_SIZE,
  S_TERM,
  SEG_B,
  SEG_CELL,
  SEG_EA,
  SEG_EB,
  SEG_PL,
  set,
  TERMINUS,
  W,
  clearTrail,
} from "./layout";

export let players: i32 = 2;

/** Empty city for `np` players (geometry already built). */
export function resetState(np: i32): void {
  players = np;
  for (let i = 0; i < S_SIZE; i++) unchecked((S[i] = 0));
  for (let c = 0; c < nCells; c++) unchecked((S[S_CARD + c] = -1));
  for (let w = 0; w < W; w++) unchecked((S[S_ALIVE + w] = -1));
  clearTrail();
}

export function find(s: i32): i32 {
  let p = get(S_PAR + s);
  while (p != s) {
    s = p;
    p = get(S_PAR + s);
  }
  return s;
}

/** Links the ends of segments a and b (one shared edge). */
function link(a: i32, b: i32): void {
  let ra = find(a);
  let rb = find(b);
  if (ra == rb) {
    set(S_OPEN + ra, get(S_OPEN + ra) - 2);
    set(S_LOOP + ra, 1);
    return;
  }
  const ka = get(S_RANK + ra);
  const kb = get(S_RANK + rb);
  if (ka < kb) {
    const t = ra;
    ra = rb;
    rb = t;
  } else if (ka == kb) {
    set(S_RANK + ra, ka + 1);
  }
  set(S_PAR + rb, ra);
  set(S_OPEN + ra, get(S_OPEN + ra) + get(S_OPEN + rb) - 2);
  set(S_DEAD + ra, get(S_DEAD + ra) + get(S_DEAD + rb));
  set(S_TERM + ra, get(S_TERM + ra) + get(S_TERM + rb));
  const lb = get(S_LOOP + rb);
  if (lb != 0) set(S_LOOP + ra, 1);
  set(S_BM + ra, get(S_BM + ra) | get(S_BM + rb));
  set(S_LEN + ra, get(S_LEN + ra) + get(S_LEN + rb));
  for (let p = 0; p < players; p++) {
    const cb = get(S_COL + rb * MAXP + p);
    if (cb != 0) set(S_COL + ra * MAXP + p, get(S_COL + ra * MAXP + p) + cb);
  }
}

/** Caps the end of segment s: its edge now faces a card with no segment there. */
function cap(s: i32): void {
  const r = find(s);
  set(S_OPEN + r, get(S_OPEN + r) - 1);
  set(S_DEAD + r, get(S_DEAD + r) + 1);
}

/** Majority scoring of a complete route at root r (ties: every tied player scores). */
function scoreRoute(r: i32): void {
  const credit = popcnt(get(S_BM + r));
  if (credit == 0) return;
  let best = 0;
  for (let p = 0; p < players; p++) best = max(best, get(S_COL + r * MAXP + p));
  for (let p = 0; p < players; p++) {
    if (get(S_COL + r * MAXP + p) == best) set(S_SCORE + p, get(S_SCORE + p) + credit);
  }
}

const CHECK = new StaticArray<i32>(16);

/** Is cell c a legal place for the next card (empty, next to a card, inside the city limits)? */
// @ts-ignore: decorator
@inline export function legalCell(c: i32): bool {
  if (get(S_CARD + c) >= 0) return false;
  if (get(S_NPLACED) == 0) return c == origin;
  if (get(S_ADJ + c) == 0) return false;
  let m: u32 = 0;
  for (let w = 0; w < W; w++) m |= unchecked(MASK[c * W + w]) & <u32>get(S_ALIVE + w);
  return m != 0;
}

/**
 * Places design d (orientation o: 1 turns it 180°) of player p on empty cell c and scores every route the
 * placement completes. Legality is the caller's business (`legalCell`).
 */
export function place(c: i32, d: i32, o: i32, p: i32): void {
  set(S_CARD + c, (p << 8) | (d << 1) | o);
  set(S_NPLACED, get(S_NPLACED) + 1);
  for (let w = 0; w < W; w++) {
    const a = get(S_ALIVE + w);
    const m = <i32>unchecked(MASK[c * W + w]);
    if ((a & m) != a) set(S_ALIVE + w, a & m);
  }
  for (let e = 0; e < 6; e++) {
    unchecked((CSEG[c * 6 + e] = -1));
    const n = unchecked(NB[c * 6 + e]);
    if (n >= 0) set(S_ADJ + n, get(S_ADJ + n) + 1);
  }
  // new segments: fresh slots above the old count, so their fields need no trail
  const ns = get(S_NSEG);
  const k = unchecked(DES[d * DSTRIDE]);
  const rot = o * 3;
  for (let i = 0; i < k; i++) {
    const s = ns + i;
    let ea = unchecked(DES[d * DSTRIDE + 1 + i * 3]);
    let eb = unchecked(DES[d * DSTRIDE + 2 + i * 3]);
    const b = unchecked(DES[d * DSTRIDE + 3 + i * 3]);
    let term = 0;
    if (ea == TERMINUS) term++;
    else ea = (ea + rot) % 6;
    if (eb == TERMINUS) term++;
    else eb = (eb + rot) % 6;
    if (ea != TERMINUS) unchecked((CSEG[c * 6 + ea] = s));
    if (eb != TERMINUS) unchecked((CSEG[c * 6 + eb] = s));
    unchecked((SEG_CELL[s] = c));
    unchecked((SEG_PL[s] = p));
    unchecked((SEG_B[s] = b));
    unchecked((SEG_EA[s] = ea));
    unchecked((SEG_EB[s] = eb));
    init(S_PAR + s, s);
    init(S_RANK + s, 0);
    init(S_OPEN + s, 2 - term);
    init(S_DEAD + s, 0);
    init(S_TERM + s, term);
    init(S_LOOP + s, 0);
    init(S_BM + s, b > 0 ? 1 << (b - 1) : 0);
    init(S_LEN + s, 1);
    for (let q = 0; q < MAXP; q++) init(S_COL + s * MAXP + q, q == p ? 1 : 0);
  }
  set(S_NSEG, ns + k);
  let nc = 0;
  for (let i = 0; i < k; i++) unchecked((CHECK[nc++] = ns + i));
  for (let e = 0; e < 6; e++) {
    const n = unchecked(NB[c * 6 + e]);
    if (n < 0 || get(S_CARD + n) < 0) continue;
    const s = unchecked(CSEG[c * 6 + e]);
    const t = unchecked(CSEG[n * 6 + ((e + 3) % 6)]);
    if (s >= 0) {
      if (t >= 0) link(s, t);
      else cap(s);
    } else if (t >= 0) {
      cap(t);
      unchecked((CHECK[nc++] = t));
    }
  }
  // score each route this placement completed, once (roots deduplicated)
  for (let i = 0; i < nc; i++) {
    const r = find(unchecked(CHECK[i]));
    if (get(S_OPEN + r) != 0) continue;
    let seen = false;
    for (let j = 0; j < i; j++) {
      if (find(unchecked(CHECK[j])) == r) {
        seen = true;
        break;
      }
    }
    if (!seen) scoreRoute(r);
  }
}

// Incremental routes: a union-find over segments, updated per placement. A segment is a node; two
// segments link when their cards share an edge and both have a segment there. Each root carries its
// route's ends (open / dead / terminus), loop flag, length, segments per colour and building mask.
// Union by rank, no path compression, every write through the trail: `undo(mark)` is exact.
// The same placement also keeps the city-limit bitsets (occupied, frontier, cells of alive placements).

import { nCells, nPlacements, origin, shapeSize } from "./fit";
import {
  CSEG,
  CW,
  DES,
  DSTRIDE,
  F_BM,
  F_COL,
  F_DEAD,
  F_LEN,
  F_LOOP,
  F_OPEN,
  F_PAR,
  F_RANK,
  F_TERM,
  get,
  init,
  MASK,
  MAXP,
  MAXS,
  NB,
  PLCELLS,
  S,
  S_ALIVE,
  S_CARD,
  S_CITY,
  S_FRONT,
  S_NPLACED,
  S_NSEG,
  S_OCC,
  S_SCORE,
  S_SIZE,
  SEG_B,
  SEG_CELL,
  SEG_EA,
  SEG_EB,
  SEG_PL,
  set,
  sg,
  TERMINUS,
  W,
  clearTrail,
} from "./layout";
import { fresh } from "../glue/fresh";

export let players: i32 = 2;
/** The wrapping option: when the city fills, open ends wrap across it (see `applyWrap`). */
export let wrapOn: bool = false;

export function setWrapOption(on: bool): void {
  wrapOn = on;
}

/** Empty city for `np` players (geometry already built). */
export function resetState(np: i32): void {
  players = np;
  for (let i = 0; i < S_SIZE; i++) unchecked((S[i] = 0));
  for (let c = 0; c < nCells; c++) {
    unchecked((S[S_CARD + c] = -1));
    unchecked((S[S_CITY + (c >> 5)] |= 1 << (c & 31)));
  }
  for (let p = 0; p < nPlacements; p++) unchecked((S[S_ALIVE + (p >> 5)] |= 1 << (p & 31)));
  clearTrail();
}

export function find(s: i32): i32 {
  let p = get(sg(s, F_PAR));
  while (p != s) {
    s = p;
    p = get(sg(s, F_PAR));
  }
  return s;
}

/** Links the ends of segments a and b (one shared edge). */
function link(a: i32, b: i32): void {
  let ra = find(a);
  let rb = find(b);
  if (ra == rb) {
    set(sg(ra, F_OPEN), get(sg(ra, F_OPEN)) - 2);
    set(sg(ra, F_LOOP), 1);
    return;
  }
  const ka = get(sg(ra, F_RANK));
  const kb = get(sg(rb, F_RANK));
  if (ka < kb) {
    const t = ra;
    ra = rb;
    rb = t;
  } else if (ka == kb) {
    set(sg(ra, F_RANK), ka + 1);
  }
  set(sg(rb, F_PAR), ra);
  set(sg(ra, F_OPEN), get(sg(ra, F_OPEN)) + get(sg(rb, F_OPEN)) - 2);
  set(sg(ra, F_DEAD), get(sg(ra, F_DEAD)) + get(sg(rb, F_DEAD)));
  set(sg(ra, F_TERM), get(sg(ra, F_TERM)) + get(sg(rb, F_TERM)));
  if (get(sg(rb, F_LOOP)) != 0) set(sg(ra, F_LOOP), 1);
  set(sg(ra, F_BM), get(sg(ra, F_BM)) | get(sg(rb, F_BM)));
  set(sg(ra, F_LEN), get(sg(ra, F_LEN)) + get(sg(rb, F_LEN)));
  for (let p = 0; p < players; p++) {
    const cb = get(sg(rb, F_COL + p));
    if (cb != 0) set(sg(ra, F_COL + p), get(sg(ra, F_COL + p)) + cb);
  }
}

/** Caps the end of segment s: its edge now faces a card with no segment there. */
function cap(s: i32): void {
  const r = find(s);
  set(sg(r, F_OPEN), get(sg(r, F_OPEN)) - 1);
  set(sg(r, F_DEAD), get(sg(r, F_DEAD)) + 1);
}

/** Majority scoring of a complete route at root r (ties: every tied player scores). */
function scoreRoute(r: i32): void {
  const credit = popcnt(get(sg(r, F_BM)));
  if (credit == 0) return;
  let best = 0;
  for (let p = 0; p < players; p++) best = max(best, get(sg(r, F_COL + p)));
  for (let p = 0; p < players; p++) {
    if (get(sg(r, F_COL + p)) == best) set(S_SCORE + p, get(S_SCORE + p) + credit);
  }
}

const CHECK = fresh<i32>(16);

/** Is cell c a legal place for the next card (empty, next to a card, inside the city limits)? */
export function legalCell(c: i32): bool {
  if (get(S_NPLACED) == 0) return c == origin;
  const w = c >> 5;
  return ((get(S_FRONT + w) & get(S_CITY + w)) & (1 << (c & 31))) != 0;
}

/** Number of legal cells for the next card. */
export function legalCount(): i32 {
  if (get(S_NPLACED) == 0) return 1;
  let n = 0;
  for (let w = 0; w < CW; w++) n += popcnt(get(S_FRONT + w) & get(S_CITY + w));
  return n;
}

/** The k-th legal cell in compact-cell order (k < legalCount()). */
export function legalSelect(k: i32): i32 {
  if (get(S_NPLACED) == 0) return origin;
  for (let w = 0; w < CW; w++) {
    let m = get(S_FRONT + w) & get(S_CITY + w);
    const c = popcnt(m);
    if (k < c) {
      while (k > 0) {
        m &= m - 1;
        k--;
      }
      return (w << 5) + ctz(m);
    }
    k -= c;
  }
  return -1;
}

/** Placement p's cells ORed into the city bitset of the alive placements, after ALIVE changed. */
function recomputeCity(): void {
  let a0 = 0;
  let a1 = 0;
  let a2 = 0;
  let a3 = 0;
  for (let w = 0; w < W; w++) {
    let m = get(S_ALIVE + w);
    while (m != 0) {
      const p = (w << 5) + ctz(m);
      m &= m - 1;
      a0 |= unchecked(PLCELLS[p * CW]);
      a1 |= unchecked(PLCELLS[p * CW + 1]);
      a2 |= unchecked(PLCELLS[p * CW + 2]);
      a3 |= unchecked(PLCELLS[p * CW + 3]);
    }
  }
  if (get(S_CITY) != a0) set(S_CITY, a0);
  if (get(S_CITY + 1) != a1) set(S_CITY + 1, a1);
  if (get(S_CITY + 2) != a2) set(S_CITY + 2, a2);
  if (get(S_CITY + 3) != a3) set(S_CITY + 3, a3);
}

/**
 * Places design d (orientation o: 1 turns it 180°) of player p on empty cell c and scores every route the
 * placement completes. Legality is the caller's business (`legalCell`).
 */
export function place(c: i32, d: i32, o: i32, p: i32): void {
  set(S_CARD + c, (p << 8) | (d << 1) | o);
  set(S_NPLACED, get(S_NPLACED) + 1);
  const bw = c >> 5;
  const bit = 1 << (c & 31);
  set(S_OCC + bw, get(S_OCC + bw) | bit);
  const f = get(S_FRONT + bw);
  if ((f & bit) != 0) set(S_FRONT + bw, f & ~bit);
  let changed = false;
  for (let w = 0; w < W; w++) {
    const a = get(S_ALIVE + w);
    const m = <i32>unchecked(MASK[c * W + w]);
    if ((a & m) != a) {
      set(S_ALIVE + w, a & m);
      changed = true;
    }
  }
  if (changed) recomputeCity();
  for (let e = 0; e < 6; e++) {
    unchecked((CSEG[c * 6 + e] = -1));
    const n = unchecked(NB[c * 6 + e]);
    if (n < 0) continue;
    const nw = n >> 5;
    const nbit = 1 << (n & 31);
    const fr = get(S_FRONT + nw);
    if ((fr & nbit) == 0 && (get(S_OCC + nw) & nbit) == 0) set(S_FRONT + nw, fr | nbit);
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
    init(sg(s, F_PAR), s);
    init(sg(s, F_RANK), 0);
    init(sg(s, F_OPEN), 2 - term);
    init(sg(s, F_DEAD), 0);
    init(sg(s, F_TERM), term);
    init(sg(s, F_LOOP), 0);
    init(sg(s, F_BM), b > 0 ? 1 << (b - 1) : 0);
    init(sg(s, F_LEN), 1);
    for (let q = 0; q < MAXP; q++) init(sg(s, F_COL + q), q == p ? 1 : 0);
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
    if (get(sg(r, F_OPEN)) != 0) continue;
    let seen = false;
    for (let j = 0; j < i; j++) {
      if (find(unchecked(CHECK[j])) == r) {
        seen = true;
        break;
      }
    }
    if (!seen) scoreRoute(r);
  }
  if (wrapOn && get(S_NPLACED) == shapeSize) applyWrap();
}

const WRAPPED = fresh<u8>(MAXS * 2); // per port (2s: end a, 2s + 1: end b): joined by a wrap
const WSCORED = fresh<u8>(MAXS);

/**
 * Wrapping (option, at the end of the game; web/engine/light/routes.ts `portLinks`): every open end, in
 * port order, at edge e of cell c links to edge e + 3 of the last card reached walking from c in direction
 * e + 3, when that edge has a segment whose end is not yet wrapped; then every complete route that gained
 * a wrap link is scored.
 */
function applyWrap(): void {
  const n = get(S_NSEG);
  for (let i = 0; i < 2 * n; i++) unchecked((WRAPPED[i] = 0));
  let any = false;
  for (let port = 0; port < 2 * n; port++) {
    const s = port >> 1;
    const e = (port & 1) == 0 ? unchecked(SEG_EA[s]) : unchecked(SEG_EB[s]);
    if (e == TERMINUS || unchecked(WRAPPED[port]) != 0) continue;
    const c = unchecked(SEG_CELL[s]);
    const nb = unchecked(NB[c * 6 + e]);
    if (nb >= 0 && get(S_CARD + nb) >= 0) continue; // linked or a dead end
    const back = (e + 3) % 6;
    let x = c;
    for (;;) {
      const y = unchecked(NB[x * 6 + back]);
      if (y < 0 || get(S_CARD + y) < 0) break;
      x = y;
    }
    const t = unchecked(CSEG[x * 6 + back]);
    if (t < 0) continue;
    const op = unchecked(SEG_EA[t]) == back ? 2 * t : 2 * t + 1;
    if (unchecked(WRAPPED[op]) != 0) continue;
    unchecked((WRAPPED[port] = 1));
    unchecked((WRAPPED[op] = 1));
    link(s, t);
    any = true;
  }
  if (!any) return;
  for (let s = 0; s < n; s++) unchecked((WSCORED[s] = 0));
  for (let port = 0; port < 2 * n; port++) {
    if (unchecked(WRAPPED[port]) == 0) continue;
    const r = find(port >> 1);
    if (get(sg(r, F_OPEN)) != 0 || unchecked(WSCORED[r]) != 0) continue;
    unchecked((WSCORED[r] = 1));
    scoreRoute(r);
  }
}

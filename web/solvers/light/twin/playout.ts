/**
 * TypeScript twin of assembly/routes/playout.ts: playouts and determinised flat Monte Carlo over the placements
 * of the card in hand (docs/light-search.md). Hidden information is sampled per playout: every player's unplayed
 * designs are shuffled; the mover keeps the card in hand, every other player's hand is the first card of their
 * shuffled remainder. The value of a playout for player `me` is its final total (route credit, plus objective
 * credit when an objective table is set) minus the best other player's.
 */
import { SEARCH_STRIDE } from "../kernel.ts";
import { nCells, shapeSize } from "./fit.ts";
import {
  CELL_Q,
  CELL_R,
  get,
  IO,
  MAXC,
  MAXP,
  mark,
  restore,
  S_NPLACED,
  S_SCORE,
  setTrail,
  snapshot,
  undo,
} from "./layout.ts";
import { nObjectives, objectiveCredit } from "./objectives.ts";
import { rngGet, rngInt, rngSeed } from "./rng.ts";
import { legalCell, legalCount, legalSelect, place, players } from "./unionfind.ts";

export { SEARCH_STRIDE };
export const MAXDECK = 16;
const I32_MIN = -2147483648;
const LEGAL = new Int32Array(MAXC);
const DECK = new Int32Array(MAXP * MAXDECK);
const DECKP = new Int32Array(MAXP);
const HAND = new Int32Array(MAXP);
const UNPLAYED = new Int32Array(MAXP * MAXDECK);
const UNPLAYEDN = new Int32Array(MAXP);
const BEFORE = new Int32Array(MAXP);
const HELD = new Int32Array(MAXP * 2); // sampled objectives per player, -1 none
const MYOBJ = new Int32Array(2);
const POOL = new Int32Array(16);
const OCREDIT = new Int32Array(MAXP);
const TOTAL = new Int32Array(MAXP);
const CAND = new Int32Array(MAXC * 2);
const CSUM = new Int32Array(MAXC * 2);
const CWIN = new Int32Array(MAXC * 2);
const CCNT = new Int32Array(MAXC * 2);
const CCRED = new Int32Array(MAXC * 2);

/** Legal cells for the next card, in compact-cell order, into LEGAL; returns their number. */
export function legalCells(): number {
  let n = 0;
  for (let c = 0; c < nCells; c++) if (legalCell(c)) LEGAL[n++] = c;
  return n;
}

export function legalAt(i: number): number {
  return LEGAL[i]!;
}

/** Player p's unplayed designs (hand excluded for the mover), read from IO[at..at + n). */
export function setUnplayed(p: number, at: number, n: number): void {
  UNPLAYEDN[p] = n;
  for (let i = 0; i < n; i++) UNPLAYED[p * MAXDECK + i] = IO[at + i]!;
}

/** The mover's own objectives (indices into the objective table, -1 none). */
export function setMyObjectives(a: number, b: number): void {
  MYOBJ[0] = a;
  MYOBJ[1] = b;
}

/**
 * Samples every hidden deck (`me`, or -1, keeps `hand`; the others take their first card), then, when an
 * objective table is set, the hidden objectives: the objectives `me` does not hold, shuffled, two to each other
 * player in seat order.
 */
function determinise(me: number, hand: number): void {
  for (let p = 0; p < players; p++) {
    const n = UNPLAYEDN[p]!;
    const b = p * MAXDECK;
    for (let i = 0; i < n; i++) DECK[b + i] = UNPLAYED[b + i]!;
    for (let i = n - 1; i > 0; i--) {
      const j = rngInt(i + 1);
      const t = DECK[b + i]!;
      DECK[b + i] = DECK[b + j]!;
      DECK[b + j] = t;
    }
    if (p === me) {
      HAND[p] = hand;
      DECKP[p] = 0;
    } else {
      HAND[p] = n > 0 ? DECK[b]! : -1;
      DECKP[p] = 1;
    }
  }
  if (nObjectives === 0) return;
  let n = 0;
  for (let o = 0; o < nObjectives; o++) {
    if (me >= 0 && (o === MYOBJ[0] || o === MYOBJ[1])) continue;
    POOL[n++] = o;
  }
  for (let i = n - 1; i > 0; i--) {
    const j = rngInt(i + 1);
    const t = POOL[i]!;
    POOL[i] = POOL[j]!;
    POOL[j] = t;
  }
  let k = 0;
  for (let p = 0; p < players; p++) {
    if (p === me) {
      HELD[p * 2] = MYOBJ[0]!;
      HELD[p * 2 + 1] = MYOBJ[1]!;
    } else {
      HELD[p * 2] = k < n ? POOL[k]! : -1;
      HELD[p * 2 + 1] = k + 1 < n ? POOL[k + 1]! : -1;
      k += 2;
    }
  }
}

/** Final totals (route credit + sampled objective credit) into TOTAL. */
function totals(): void {
  if (nObjectives > 0) objectiveCredit(HELD, OCREDIT);
  for (let p = 0; p < players; p++) TOTAL[p] = get(S_SCORE + p) + (nObjectives > 0 ? OCREDIT[p]! : 0);
}

function draw(p: number): void {
  const i = DECKP[p]!;
  HAND[p] = i < UNPLAYEDN[p]! ? DECK[p * MAXDECK + i]! : -1;
  DECKP[p] = i + 1;
}

/** Immediate credit of player p minus the best other player's, since BEFORE was filled. */
function gain(p: number): number {
  let other = 0;
  for (let q = 0; q < players; q++) {
    if (q === p) continue;
    other = Math.max(other, get(S_SCORE + q) - BEFORE[q]!);
  }
  return get(S_SCORE + p) - BEFORE[p]! - other;
}

/**
 * Plays to the end of the game from the current state, `p` to move with HAND/DECK sampled. Policy 0: uniform
 * over legal cell × orientation. Policy k > 0: k uniform samples, the one with the best immediate credit margin
 * for the mover wins (first on ties).
 */
function playout(p: number, policy: number): void {
  const full = shapeSize;
  while (get(S_NPLACED) < full) {
    const d = HAND[p]!;
    if (d < 0) break;
    const n = legalCount();
    let pick = rngInt(n * 2);
    if (policy > 0) {
      for (let q = 0; q < players; q++) BEFORE[q] = get(S_SCORE + q);
      let best = I32_MIN;
      let i = pick;
      setTrail(true);
      for (let k = 0; k < policy; k++) {
        if (k > 0) i = rngInt(n * 2);
        const m = mark();
        place(legalSelect(i >> 1), d, i & 1, p);
        const g = gain(p);
        undo(m);
        if (g > best) {
          best = g;
          pick = i;
        }
      }
      setTrail(false);
    }
    place(legalSelect(pick >> 1), d, pick & 1, p);
    draw(p);
    p = (p + 1) % players;
  }
}

function margin(me: number): number {
  totals();
  let other = I32_MIN;
  for (let q = 0; q < players; q++) if (q !== me) other = Math.max(other, TOTAL[q]!);
  return TOTAL[me]! - other;
}

/**
 * `count` playouts from the current state with every hand (and objective) hidden, `toMove` to move; returns the
 * sum over playouts of (sum over players of (p + 1) × final total), wrapped to i32, as a checksum. For benches
 * and differential tests.
 */
export function playoutBatch(count: number, seed: number, toMove: number, policy: number): number {
  rngSeed(seed);
  let sum = 0;
  snapshot();
  for (let t = 0; t < count; t++) {
    determinise(-1, -1);
    setTrail(false);
    playout(toMove, policy);
    totals();
    for (let q = 0; q < players; q++) sum = (sum + (q + 1) * TOTAL[q]!) | 0;
    setTrail(true);
    restore();
  }
  return sum;
}

/** One determinised playout of candidate i (from the snapshot), added to its statistics. */
function runOne(i: number, me: number, hand: number, policy: number): void {
  determinise(me, hand);
  runDealt(i, me, hand, policy);
}

/** One playout of candidate i on the current deal (decks, hands, objectives already sampled). */
function runDealt(i: number, me: number, hand: number, policy: number): void {
  setTrail(false);
  place(CAND[i]!, hand, i & 1, me);
  draw(me);
  playout((me + 1) % players, policy);
  const v = margin(me);
  CSUM[i]! += v;
  CWIN[i]! += v > 0 ? 2 : v === 0 ? 1 : 0;
  CCNT[i]! += 1;
  setTrail(true);
  restore();
}

const HAND0 = new Int32Array(MAXP);
const DECKP0 = new Int32Array(MAXP);

/**
 * Round-robin with common random numbers: each round samples one deal and every candidate is played on it from
 * the same generator state, so candidates are compared on the same hidden cards and objectives.
 */
function paired(nc: number, me: number, hand: number, playouts: number, policy: number): void {
  let t = 0;
  while (t < playouts) {
    determinise(me, hand);
    for (let p = 0; p < players; p++) {
      HAND0[p] = HAND[p]!;
      DECKP0[p] = DECKP[p]!;
    }
    const r = rngGet();
    for (let i = 0; i < nc && t < playouts; i++) {
      rngSeed(r);
      for (let p = 0; p < players; p++) {
        HAND[p] = HAND0[p]!;
        DECKP[p] = DECKP0[p]!;
      }
      runDealt(i, me, hand, policy);
      t++;
    }
  }
}

/**
 * Is candidate a's mean margin better than b's (ties: lower index)? Exact: cross-multiplied integers (the
 * kernel's i64; here doubles, exact below 2^53: |sum| < 2^31 times a count < 2^21).
 */
function better(a: number, b: number): boolean {
  const l = CSUM[a]! * Math.max(1, CCNT[b]!);
  const r = CSUM[b]! * Math.max(1, CCNT[a]!);
  return l > r || (l === r && a < b);
}

const ALIVE = new Int32Array(MAXC * 2);

/**
 * Successive halving over the nc candidates with `budget` playouts: R = ceil(log2 nc) rounds; in each round
 * every surviving candidate gets max(1, floor(budget / (survivors × R))) playouts (interleaved), then the better
 * half (by mean margin) survives; the last survivors share whatever budget is left, the first ones in order
 * taking one extra each. Spends exactly `budget` playouts.
 */
function successiveHalving(nc: number, me: number, hand: number, budget: number, policy: number): void {
  let m = nc;
  for (let i = 0; i < nc; i++) ALIVE[i] = i;
  let rounds = 0;
  while (1 << rounds < nc) rounds++;
  if (rounds === 0) rounds = 1;
  let left = budget;
  for (let round = 0; round < rounds && left > 0; round++) {
    const last = round === rounds - 1 || m === 1;
    const per = last ? Math.trunc(left / m) : Math.max(1, Math.trunc(budget / (m * rounds)));
    const extra = last ? left - per * m : 0;
    for (let t = 0; t < per + (extra > 0 ? 1 : 0); t++) {
      for (let k = 0; k < m && left > 0; k++) {
        if (t === per && k >= extra) break;
        runOne(ALIVE[k]!, me, hand, policy);
        left--;
      }
    }
    if (last) break;
    // keep the better half: insertion sort of the survivors, best first
    for (let i = 1; i < m; i++) {
      const x = ALIVE[i]!;
      let j = i - 1;
      while (j >= 0 && better(x, ALIVE[j]!)) {
        ALIVE[j + 1] = ALIVE[j]!;
        j--;
      }
      ALIVE[j + 1] = x;
    }
    m = (m + 1) >> 1;
  }
}

/**
 * Flat Monte Carlo for player `me` holding design `hand`: candidates are every legal cell × orientation.
 * `halving` 0: playouts go round-robin over them; 1: successive halving (see `successiveHalving`); 2: round-robin
 * on common deals (see `paired`). Writes per candidate a row of SEARCH_STRIDE Int32 into IO[0..):
 *   [q, r (relative to the anchor), orientation, immediate credit of me, playouts, sum of margins, 2 × wins + ties]
 * and returns the number of candidates. Unplayed designs must be set first (`setUnplayed`).
 */
export function search(
  me: number,
  hand: number,
  playouts: number,
  seed: number,
  policy: number,
  halving: number,
): number {
  rngSeed(seed);
  const n = legalCells();
  const nc = n * 2;
  for (let q = 0; q < players; q++) BEFORE[q] = get(S_SCORE + q);
  for (let i = 0; i < nc; i++) {
    CAND[i] = LEGAL[i >> 1]!;
    const m = mark();
    place(CAND[i]!, hand, i & 1, me);
    CCRED[i] = get(S_SCORE + me) - BEFORE[me]!;
    undo(m);
    CSUM[i] = 0;
    CWIN[i] = 0;
    CCNT[i] = 0;
  }
  if (nc > 0) {
    snapshot();
    if (halving === 0) {
      for (let t = 0; t < playouts; t++) runOne(t % nc, me, hand, policy);
    } else if (halving === 2) {
      paired(nc, me, hand, playouts, policy);
    } else {
      successiveHalving(nc, me, hand, playouts, policy);
    }
  }
  for (let i = 0; i < nc; i++) {
    const o = i * SEARCH_STRIDE;
    const c = CAND[i]!;
    IO[o] = CELL_Q[c]!;
    IO[o + 1] = CELL_R[c]!;
    IO[o + 2] = i & 1;
    IO[o + 3] = CCRED[i]!;
    IO[o + 4] = CCNT[i]!;
    IO[o + 5] = CSUM[i]!;
    IO[o + 6] = CWIN[i]!;
  }
  return nc;
}

// Playouts and determinised flat Monte Carlo over the placements of the card in hand.
// Hidden information is sampled per playout: every player's unplayed designs are shuffled; the mover
// keeps the card in hand, every other player's hand is the first card of their shuffled remainder.
// The value of a playout for player `me` is its final total (route credit, plus objective credit when an
// objective table is set) minus the best other player's.

import { CELL_Q, CELL_R, get, IO, mark, MAXC, MAXP, restore, S_NPLACED, S_SCORE, setTrail, snapshot, undo } from "./layout";
import { nCells, shapeSize } from "./fit";
import { rngGet, rngInt, rngSeed } from "./rng";
import { nObjectives, objectiveCredit } from "./objectives";
import { legalCell, legalCount, legalSelect, place, players } from "./unionfind";
import { fresh } from "../glue/fresh";

export const MAXDECK: i32 = 16;
/** Int32 per row of `search`. */
export const SEARCH_STRIDE: i32 = 7;
const LEGAL = fresh<i32>(MAXC);
const DECK = fresh<i32>(MAXP * MAXDECK);
const DECKP = fresh<i32>(MAXP);
const HAND = fresh<i32>(MAXP);
const UNPLAYED = fresh<i32>(MAXP * MAXDECK);
const UNPLAYEDN = fresh<i32>(MAXP);
const BEFORE = fresh<i32>(MAXP);
const HELD = fresh<i32>(MAXP * 2); // sampled objectives per player, -1 none
const MYOBJ = fresh<i32>(2);
const POOL = fresh<i32>(16);
const OCREDIT = fresh<i32>(MAXP);
const TOTAL = fresh<i32>(MAXP);
const CAND = fresh<i32>(MAXC * 2);
const CSUM = fresh<i32>(MAXC * 2);
const CWIN = fresh<i32>(MAXC * 2);
const CCNT = fresh<i32>(MAXC * 2);
const CCRED = fresh<i32>(MAXC * 2);

/** Legal cells for the next card, in compact-cell order, into LEGAL; returns their number. */
export function legalCells(): i32 {
  let n = 0;
  for (let c = 0; c < nCells; c++) if (legalCell(c)) unchecked((LEGAL[n++] = c));
  return n;
}

export function legalAt(i: i32): i32 {
  return unchecked(LEGAL[i]);
}

/** Player p's unplayed designs (hand excluded for the mover), read from IO[at..at + n). */
export function setUnplayed(p: i32, at: i32, n: i32): void {
  unchecked((UNPLAYEDN[p] = n));
  for (let i = 0; i < n; i++) unchecked((UNPLAYED[p * MAXDECK + i] = IO[at + i]));
}

/** The mover's own objectives (indices into the objective table, -1 none). */
export function setMyObjectives(a: i32, b: i32): void {
  unchecked((MYOBJ[0] = a));
  unchecked((MYOBJ[1] = b));
}

/**
 * Samples every hidden deck (`me`, or -1, keeps `hand`; the others take their first card), then, when an
 * objective table is set, the hidden objectives: the objectives `me` does not hold, shuffled, two to each
 * other player in seat order.
 */
function determinise(me: i32, hand: i32): void {
  for (let p = 0; p < players; p++) {
    const n = unchecked(UNPLAYEDN[p]);
    const b = p * MAXDECK;
    for (let i = 0; i < n; i++) unchecked((DECK[b + i] = UNPLAYED[b + i]));
    for (let i = n - 1; i > 0; i--) {
      const j = rngInt(i + 1);
      const t = unchecked(DECK[b + i]);
      unchecked((DECK[b + i] = DECK[b + j]));
      unchecked((DECK[b + j] = t));
    }
    if (p == me) {
      unchecked((HAND[p] = hand));
      unchecked((DECKP[p] = 0));
    } else {
      unchecked((HAND[p] = n > 0 ? DECK[b] : -1));
      unchecked((DECKP[p] = 1));
    }
  }
  if (nObjectives == 0) return;
  let n = 0;
  for (let o = 0; o < nObjectives; o++) {
    if (me >= 0 && (o == unchecked(MYOBJ[0]) || o == unchecked(MYOBJ[1]))) continue;
    unchecked((POOL[n++] = o));
  }
  for (let i = n - 1; i > 0; i--) {
    const j = rngInt(i + 1);
    const t = unchecked(POOL[i]);
    unchecked((POOL[i] = POOL[j]));
    unchecked((POOL[j] = t));
  }
  let k = 0;
  for (let p = 0; p < players; p++) {
    if (p == me) {
      unchecked((HELD[p * 2] = MYOBJ[0]));
      unchecked((HELD[p * 2 + 1] = MYOBJ[1]));
    } else {
      unchecked((HELD[p * 2] = k < n ? POOL[k] : -1));
      unchecked((HELD[p * 2 + 1] = k + 1 < n ? POOL[k + 1] : -1));
      k += 2;
    }
  }
}

/** Final totals (route credit + sampled objective credit) into TOTAL. */
function totals(): void {
  if (nObjectives > 0) objectiveCredit(HELD, OCREDIT);
  for (let p = 0; p < players; p++) {
    unchecked((TOTAL[p] = get(S_SCORE + p) + (nObjectives > 0 ? OCREDIT[p] : 0)));
  }
}

function draw(p: i32): void {
  const i = unchecked(DECKP[p]);
  unchecked((HAND[p] = i < UNPLAYEDN[p] ? DECK[p * MAXDECK + i] : -1));
  unchecked((DECKP[p] = i + 1));
}

/** Immediate credit of player p minus the best other player's, since BEFORE was filled. */
function gain(p: i32): i32 {
  let other = 0;
  for (let q = 0; q < players; q++) {
    if (q == p) continue;
    other = max(other, get(S_SCORE + q) - unchecked(BEFORE[q]));
  }
  return get(S_SCORE + p) - unchecked(BEFORE[p]) - other;
}

/**
 * Plays to the end of the game from the current state, `p` to move with HAND/DECK sampled. Policy 0:
 * uniform over legal cell × orientation. Policy k > 0: k uniform samples, the one with the best immediate
 * credit margin for the mover wins (first on ties).
 */
function playout(p: i32, policy: i32): void {
  const full = shapeSize;
  while (get(S_NPLACED) < full) {
    const d = unchecked(HAND[p]);
    if (d < 0) break;
    const n = legalCount();
    let pick = rngInt(n * 2);
    if (policy > 0) {
      for (let q = 0; q < players; q++) unchecked((BEFORE[q] = get(S_SCORE + q)));
      let best = i32.MIN_VALUE;
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

function margin(me: i32): i32 {
  totals();
  let other = i32.MIN_VALUE;
  for (let q = 0; q < players; q++) if (q != me) other = max(other, unchecked(TOTAL[q]));
  return unchecked(TOTAL[me]) - other;
}

/**
 * `count` playouts from the current state with every hand (and objective) hidden, `toMove` to move; returns
 * the sum over playouts of (sum over players of (p + 1) × final total) as a checksum. For benches and differential tests.
 */
export function playoutBatch(count: i32, seed: u32, toMove: i32, policy: i32): i32 {
  rngSeed(seed);
  let sum = 0;
  snapshot();
  for (let t = 0; t < count; t++) {
    determinise(-1, -1);
    setTrail(false);
    playout(toMove, policy);
    totals();
    for (let q = 0; q < players; q++) sum += (q + 1) * unchecked(TOTAL[q]);
    setTrail(true);
    restore();
  }
  return sum;
}

/** One determinised playout of candidate i (from the snapshot), added to its statistics. */
function runOne(i: i32, me: i32, hand: i32, policy: i32): void {
  determinise(me, hand);
  runDealt(i, me, hand, policy);
}

/** One playout of candidate i on the current deal (decks, hands, objectives already sampled). */
function runDealt(i: i32, me: i32, hand: i32, policy: i32): void {
  setTrail(false);
  place(unchecked(CAND[i]), hand, i & 1, me);
  draw(me);
  playout((me + 1) % players, policy);
  const v = margin(me);
  unchecked((CSUM[i] += v));
  unchecked((CWIN[i] += v > 0 ? 2 : v == 0 ? 1 : 0));
  unchecked((CCNT[i] += 1));
  setTrail(true);
  restore();
}

const HAND0 = fresh<i32>(MAXP);
const DECKP0 = fresh<i32>(MAXP);

/**
 * Round-robin with common random numbers: each round samples one deal and every candidate is played on
 * it from the same generator state, so candidates are compared on the same hidden cards and objectives.
 */
function paired(nc: i32, me: i32, hand: i32, playouts: i32, policy: i32): void {
  let t = 0;
  while (t < playouts) {
    determinise(me, hand);
    for (let p = 0; p < players; p++) {
      unchecked((HAND0[p] = HAND[p]));
      unchecked((DECKP0[p] = DECKP[p]));
    }
    const r = rngGet();
    for (let i = 0; i < nc && t < playouts; i++) {
      rngSeed(r);
      for (let p = 0; p < players; p++) {
        unchecked((HAND[p] = HAND0[p]));
        unchecked((DECKP[p] = DECKP0[p]));
      }
      runDealt(i, me, hand, policy);
      t++;
    }
  }
}

/** Is candidate a's mean margin better than b's (ties: lower index)? Exact: cross-multiplied integers. */
function better(a: i32, b: i32): bool {
  const l = <i64>unchecked(CSUM[a]) * <i64>max(1, unchecked(CCNT[b]));
  const r = <i64>unchecked(CSUM[b]) * <i64>max(1, unchecked(CCNT[a]));
  return l > r || (l == r && a < b);
}

const ALIVE = fresh<i32>(MAXC * 2);

/**
 * Successive halving over the nc candidates with `budget` playouts: R = ceil(log2 nc) rounds; in each
 * round every surviving candidate gets max(1, floor(budget / (survivors × R))) playouts (interleaved),
 * then the better half (by mean margin) survives; the last survivors share whatever budget is left,
 * the first ones in order taking one extra each. Spends exactly `budget` playouts.
 */
function successiveHalving(nc: i32, me: i32, hand: i32, budget: i32, policy: i32): void {
  let m = nc;
  for (let i = 0; i < nc; i++) unchecked((ALIVE[i] = i));
  let rounds = 0;
  while (1 << rounds < nc) rounds++;
  if (rounds == 0) rounds = 1;
  let left = budget;
  for (let round = 0; round < rounds && left > 0; round++) {
    const last = round == rounds - 1 || m == 1;
    let per = last ? left / m : max(1, budget / (m * rounds));
    let extra = last ? left - per * m : 0;
    for (let t = 0; t < per + (extra > 0 ? 1 : 0); t++) {
      for (let k = 0; k < m && left > 0; k++) {
        if (t == per && k >= extra) break;
        runOne(unchecked(ALIVE[k]), me, hand, policy);
        left--;
      }
    }
    if (last) break;
    // keep the better half: insertion sort of the survivors, best first
    for (let i = 1; i < m; i++) {
      const x = unchecked(ALIVE[i]);
      let j = i - 1;
      while (j >= 0 && better(x, unchecked(ALIVE[j]))) {
        unchecked((ALIVE[j + 1] = ALIVE[j]));
        j--;
      }
      unchecked((ALIVE[j + 1] = x));
    }
    m = (m + 1) >> 1;
  }
}

/**
 * Flat Monte Carlo for player `me` holding design `hand`: candidates are every legal cell × orientation.
 * `halving` 0: playouts go round-robin over them; 1: successive halving (see `successiveHalving`);
 * 2: round-robin on common deals (see `paired`). Writes per candidate a row of SEARCH_STRIDE Int32 into IO[0..):
 *   [q, r (relative to the anchor), orientation, immediate credit of me, playouts, sum of margins,
 *    2 × wins + ties]
 * and returns the number of candidates. Unplayed designs must be set first (`setUnplayed`).
 */
export function search(me: i32, hand: i32, playouts: i32, seed: u32, policy: i32, halving: i32): i32 {
  rngSeed(seed);
  const n = legalCells();
  const nc = n * 2;
  for (let q = 0; q < players; q++) unchecked((BEFORE[q] = get(S_SCORE + q)));
  for (let i = 0; i < nc; i++) {
    unchecked((CAND[i] = LEGAL[i >> 1]));
    const m = mark();
    place(unchecked(CAND[i]), hand, i & 1, me);
    unchecked((CCRED[i] = get(S_SCORE + me) - BEFORE[me]));
    undo(m);
    unchecked((CSUM[i] = 0));
    unchecked((CWIN[i] = 0));
    unchecked((CCNT[i] = 0));
  }
  if (nc > 0) {
    snapshot();
    if (halving == 0) {
      for (let t = 0; t < playouts; t++) runOne(t % nc, me, hand, policy);
    } else if (halving == 2) {
      paired(nc, me, hand, playouts, policy);
    } else {
      successiveHalving(nc, me, hand, playouts, policy);
    }
  }
  for (let i = 0; i < nc; i++) {
    const o = i * SEARCH_STRIDE;
    const c = unchecked(CAND[i]);
    unchecked((IO[o] = CELL_Q[c]));
    unchecked((IO[o + 1] = CELL_R[c]));
    unchecked((IO[o + 2] = i & 1));
    unchecked((IO[o + 3] = CCRED[i]));
    unchecked((IO[o + 4] = CCNT[i]));
    unchecked((IO[o + 5] = CSUM[i]));
    unchecked((IO[o + 6] = CWIN[i]));
  }
  return nc;
}

// End-of-game objectives (web/data/light/objectives.json, web/engine/light/objectives.ts): each measure
// is a number per colour computed from the full city and its routes (no wrap links). Test 0 "most":
// fulfilled when the colour's measure is > 0 and nobody has more; test 1 "at-least": measure >= threshold.
// Measure codes, in the engine's MEASURES order:
//   0 cards-in-longest-route, 1 segments-on-loops, 2 complete-routes-won, 3 best-route-buildings-won,
//   4 cards-on-city-edge, 5 cards-in-tallest-column, 6 largest-own-group, 7 segments-on-complete-routes.

import { nCells } from "./fit";
import { CELL_Q, F_BM, F_COL, F_LEN, F_LOOP, F_OPEN, get, MAXC, MAXP, MAXS, NB, S_CARD, S_NSEG, SEG_CELL, sg } from "./layout";
import { find, players } from "./unionfind";
import { fresh } from "../glue/fresh";

export const MAXOBJ: i32 = 16;
/** Measure codes 0..MEASURES - 1 (listed above). */
export const MEASURES: i32 = 8;
/** Int32 per objective of the table: [measure, test, threshold]. */
export const OSTRIDE: i32 = 3;
export const OBJ = fresh<i32>(MAXOBJ * OSTRIDE);
export let nObjectives: i32 = 0;

export function setObjectiveCount(n: i32): void {
  nObjectives = n;
}

const OUT = fresh<i32>(MAXP);
const CARDS = fresh<i32>(MAXS * MAXP); // distinct cards per colour on each route (at its root)
const ISROOT = fresh<i32>(MAXS);
const STACK = fresh<i32>(MAXC);
const SEEN = fresh<i32>(MAXC);
const COLH = fresh<i32>(64); // cards per column, q + 32
const COLC = fresh<i32>(64 * MAXP);

/** Per-route card counts and root flags for the current city. */
function routeCards(): void {
  const n = get(S_NSEG);
  for (let s = 0; s < n; s++) {
    unchecked((ISROOT[s] = 0));
    for (let p = 0; p < MAXP; p++) unchecked((CARDS[s * MAXP + p] = 0));
  }
  for (let s = 0; s < n; s++) {
    const r = find(s);
    unchecked((ISROOT[r] = 1));
    const col = get(S_CARD + unchecked(SEG_CELL[s])) >> 8;
    // the second segment of a card on the same route as the first adds no card
    if (s > 0 && unchecked(SEG_CELL[s - 1]) == unchecked(SEG_CELL[s]) && find(s - 1) == r) continue;
    unchecked((CARDS[r * MAXP + col] += 1));
  }
}

/** Is colour c among the route's winners (most segments, > 0)? */
function wins(r: i32, c: i32): bool {
  const v = get(sg(r, F_COL + c));
  if (v == 0) return false;
  for (let p = 0; p < players; p++) if (get(sg(r, F_COL + p)) > v) return false;
  return true;
}

/** Measure m of every colour into OUT[0..players). Call `routeCards()` first for measures 0..3 and 7. */
function measure(m: i32): void {
  for (let p = 0; p < players; p++) unchecked((OUT[p] = 0));
  const n = get(S_NSEG);
  if (m == 0) {
    let longest = 0;
    for (let s = 0; s < n; s++) if (unchecked(ISROOT[s]) != 0) longest = max(longest, get(sg(s, F_LEN)));
    for (let s = 0; s < n; s++) {
      if (unchecked(ISROOT[s]) == 0 || get(sg(s, F_LEN)) != longest) continue;
      let best = 0;
      for (let p = 0; p < players; p++) best = max(best, unchecked(CARDS[s * MAXP + p]));
      for (let p = 0; p < players; p++) {
        const v = unchecked(CARDS[s * MAXP + p]);
        if (v > 0 && v == best) unchecked((OUT[p] = max(OUT[p], v)));
      }
    }
  } else if (m == 1 || m == 7) {
    for (let s = 0; s < n; s++) {
      if (unchecked(ISROOT[s]) == 0) continue;
      if (m == 1 ? get(sg(s, F_LOOP)) == 0 : get(sg(s, F_OPEN)) != 0) continue;
      for (let p = 0; p < players; p++) unchecked((OUT[p] += get(sg(s, F_COL + p))));
    }
  } else if (m == 2 || m == 3) {
    for (let s = 0; s < n; s++) {
      if (unchecked(ISROOT[s]) == 0 || get(sg(s, F_OPEN)) != 0) continue;
      const b = popcnt(get(sg(s, F_BM)));
      for (let p = 0; p < players; p++) {
        if (!wins(s, p)) continue;
        if (m == 2) unchecked((OUT[p] += 1));
        else unchecked((OUT[p] = max(OUT[p], b)));
      }
    }
  } else if (m == 4) {
    for (let c = 0; c < nCells; c++) {
      const card = get(S_CARD + c);
      if (card < 0) continue;
      for (let e = 0; e < 6; e++) {
        const nb = unchecked(NB[c * 6 + e]);
        if (nb < 0 || get(S_CARD + nb) < 0) {
          unchecked((OUT[card >> 8] += 1));
          break;
        }
      }
    }
  } else if (m == 5) {
    for (let i = 0; i < 64; i++) unchecked((COLH[i] = 0));
    for (let i = 0; i < 64 * MAXP; i++) unchecked((COLC[i] = 0));
    let tallest = 0;
    for (let c = 0; c < nCells; c++) {
      const card = get(S_CARD + c);
      if (card < 0) continue;
      const x = unchecked(CELL_Q[c]) + 32;
      const h = unchecked(COLH[x]) + 1;
      unchecked((COLH[x] = h));
      unchecked((COLC[x * MAXP + (card >> 8)] += 1));
      tallest = max(tallest, h);
    }
    for (let x = 0; x < 64; x++) {
      if (unchecked(COLH[x]) != tallest) continue;
      for (let p = 0; p < players; p++) unchecked((OUT[p] = max(OUT[p], COLC[x * MAXP + p])));
    }
  } else if (m == 6) {
    for (let c = 0; c < nCells; c++) unchecked((SEEN[c] = 0));
    for (let c = 0; c < nCells; c++) {
      const card = get(S_CARD + c);
      if (card < 0 || unchecked(SEEN[c]) != 0) continue;
      const col = card >> 8;
      let size = 0;
      let top = 0;
      unchecked((STACK[top++] = c));
      unchecked((SEEN[c] = 1));
      while (top > 0) {
        const x = unchecked(STACK[--top]);
        size++;
        for (let e = 0; e < 6; e++) {
          const y = unchecked(NB[x * 6 + e]);
          if (y < 0 || unchecked(SEEN[y]) != 0) continue;
          const cy = get(S_CARD + y);
          if (cy >= 0 && cy >> 8 == col) {
            unchecked((SEEN[y] = 1));
            unchecked((STACK[top++] = y));
          }
        }
      }
      unchecked((OUT[col] = max(OUT[col], size)));
    }
  }
}

/** Measure m of every colour into out[0..players) (for tests). */
export function measureInto(m: i32, out: StaticArray<i32>): void {
  routeCards();
  measure(m);
  for (let p = 0; p < players; p++) unchecked((out[p] = OUT[p]));
}

const DONE = fresh<i32>(MAXOBJ); // per objective: -1 not judged yet, else bit per colour fulfilled

/**
 * Objective credit of the full city: HELD[p * 2 + k] is player p's k-th objective (or -1); adds 3 per
 * fulfilled objective into credit[p]. Each measure is computed once.
 */
export function objectiveCredit(held: StaticArray<i32>, credit: StaticArray<i32>): void {
  for (let i = 0; i < nObjectives; i++) unchecked((DONE[i] = -1));
  let prepared = false;
  for (let p = 0; p < players; p++) {
    unchecked((credit[p] = 0));
  }
  for (let p = 0; p < players; p++) {
    for (let k = 0; k < 2; k++) {
      const o = unchecked(held[p * 2 + k]);
      if (o < 0) continue;
      if (unchecked(DONE[o]) < 0) {
        const m = unchecked(OBJ[o * OSTRIDE]);
        if (!prepared && m != 4 && m != 5 && m != 6) {
          routeCards();
          prepared = true;
        }
        measure(m);
        let bits = 0;
        if (unchecked(OBJ[o * OSTRIDE + 1]) == 1) {
          const t = unchecked(OBJ[o * OSTRIDE + 2]);
          for (let q = 0; q < players; q++) if (unchecked(OUT[q]) >= t) bits |= 1 << q;
        } else {
          let best = 0;
          for (let q = 0; q < players; q++) best = max(best, unchecked(OUT[q]));
          for (let q = 0; q < players; q++) if (best > 0 && unchecked(OUT[q]) == best) bits |= 1 << q;
        }
        unchecked((DONE[o] = bits));
      }
      if ((unchecked(DONE[o]) & (1 << p)) != 0) unchecked((credit[p] += 3));
    }
  }
}

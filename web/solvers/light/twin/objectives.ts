/**
 * TypeScript twin of assembly/routes/objectives.ts: end-of-game objectives (web/engine/light/objectives.ts). Each
 * measure is a number per colour computed from the full city and its routes (no wrap links). Test 0 "most":
 * fulfilled when the colour's measure is > 0 and nobody has more; test 1 "at-least": measure >= threshold.
 * Measure codes, in the engine's MEASURES order: 0 cards-in-longest-route, 1 segments-on-loops,
 * 2 complete-routes-won, 3 best-route-buildings-won, 4 cards-on-city-edge, 5 cards-in-tallest-column,
 * 6 largest-own-group, 7 segments-on-complete-routes.
 */
import { OSTRIDE } from "../kernel.ts";
import { nCells } from "./fit.ts";
import {
  CELL_Q,
  F_BM,
  F_COL,
  F_LEN,
  F_LOOP,
  F_OPEN,
  get,
  MAXC,
  MAXP,
  MAXS,
  NB,
  popcnt,
  S_CARD,
  S_NSEG,
  SEG_CELL,
  sg,
} from "./layout.ts";
import { find, players } from "./unionfind.ts";

export { OSTRIDE };
export const MAXOBJ = 16;
/** Measure codes 0..MEASURES - 1 (listed above). */
export const MEASURES = 8;
export const OBJ = new Int32Array(MAXOBJ * OSTRIDE);
export let nObjectives = 0;

export function setObjectiveCount(n: number): void {
  nObjectives = n;
}

const OUT = new Int32Array(MAXP);
const CARDS = new Int32Array(MAXS * MAXP); // distinct cards per colour on each route (at its root)
const ISROOT = new Int32Array(MAXS);
const STACK = new Int32Array(MAXC);
const SEEN = new Int32Array(MAXC);
const COLH = new Int32Array(64); // cards per column, q + 32
const COLC = new Int32Array(64 * MAXP);

/** Per-route card counts and root flags for the current city. */
function routeCards(): void {
  const n = get(S_NSEG);
  ISROOT.fill(0, 0, n);
  CARDS.fill(0, 0, n * MAXP);
  for (let s = 0; s < n; s++) {
    const r = find(s);
    ISROOT[r] = 1;
    const col = get(S_CARD + SEG_CELL[s]!) >> 8;
    // the second segment of a card on the same route as the first adds no card
    if (s > 0 && SEG_CELL[s - 1] === SEG_CELL[s] && find(s - 1) === r) continue;
    CARDS[r * MAXP + col]! += 1;
  }
}

/** Is colour c among the route's winners (most segments, > 0)? */
function wins(r: number, c: number): boolean {
  const v = get(sg(r, F_COL + c));
  if (v === 0) return false;
  for (let p = 0; p < players; p++) if (get(sg(r, F_COL + p)) > v) return false;
  return true;
}

/** Measure m of every colour into OUT[0..players). Call `routeCards()` first for measures 0..3 and 7. */
function measure(m: number): void {
  OUT.fill(0, 0, players);
  const n = get(S_NSEG);
  if (m === 0) {
    let longest = 0;
    for (let s = 0; s < n; s++) if (ISROOT[s] !== 0) longest = Math.max(longest, get(sg(s, F_LEN)));
    for (let s = 0; s < n; s++) {
      if (ISROOT[s] === 0 || get(sg(s, F_LEN)) !== longest) continue;
      let best = 0;
      for (let p = 0; p < players; p++) best = Math.max(best, CARDS[s * MAXP + p]!);
      for (let p = 0; p < players; p++) {
        const v = CARDS[s * MAXP + p]!;
        if (v > 0 && v === best) OUT[p] = Math.max(OUT[p]!, v);
      }
    }
  } else if (m === 1 || m === 7) {
    for (let s = 0; s < n; s++) {
      if (ISROOT[s] === 0) continue;
      if (m === 1 ? get(sg(s, F_LOOP)) === 0 : get(sg(s, F_OPEN)) !== 0) continue;
      for (let p = 0; p < players; p++) OUT[p]! += get(sg(s, F_COL + p));
    }
  } else if (m === 2 || m === 3) {
    for (let s = 0; s < n; s++) {
      if (ISROOT[s] === 0 || get(sg(s, F_OPEN)) !== 0) continue;
      const b = popcnt(get(sg(s, F_BM)));
      for (let p = 0; p < players; p++) {
        if (!wins(s, p)) continue;
        if (m === 2) OUT[p]! += 1;
        else OUT[p] = Math.max(OUT[p]!, b);
      }
    }
  } else if (m === 4) {
    for (let c = 0; c < nCells; c++) {
      const card = get(S_CARD + c);
      if (card < 0) continue;
      for (let e = 0; e < 6; e++) {
        const nb = NB[c * 6 + e]!;
        if (nb < 0 || get(S_CARD + nb) < 0) {
          OUT[card >> 8]! += 1;
          break;
        }
      }
    }
  } else if (m === 5) {
    COLH.fill(0);
    COLC.fill(0);
    let tallest = 0;
    for (let c = 0; c < nCells; c++) {
      const card = get(S_CARD + c);
      if (card < 0) continue;
      const x = CELL_Q[c]! + 32;
      const h = COLH[x]! + 1;
      COLH[x] = h;
      COLC[x * MAXP + (card >> 8)]! += 1;
      tallest = Math.max(tallest, h);
    }
    for (let x = 0; x < 64; x++) {
      if (COLH[x] !== tallest) continue;
      for (let p = 0; p < players; p++) OUT[p] = Math.max(OUT[p]!, COLC[x * MAXP + p]!);
    }
  } else if (m === 6) {
    SEEN.fill(0, 0, nCells);
    for (let c = 0; c < nCells; c++) {
      const card = get(S_CARD + c);
      if (card < 0 || SEEN[c] !== 0) continue;
      const col = card >> 8;
      let size = 0;
      let top = 0;
      STACK[top++] = c;
      SEEN[c] = 1;
      while (top > 0) {
        const x = STACK[--top]!;
        size++;
        for (let e = 0; e < 6; e++) {
          const y = NB[x * 6 + e]!;
          if (y < 0 || SEEN[y] !== 0) continue;
          const cy = get(S_CARD + y);
          if (cy >= 0 && cy >> 8 === col) {
            SEEN[y] = 1;
            STACK[top++] = y;
          }
        }
      }
      OUT[col] = Math.max(OUT[col]!, size);
    }
  }
}

/** Measure m of every colour into out[0..players) (for tests). */
export function measureInto(m: number, out: Int32Array): void {
  routeCards();
  measure(m);
  for (let p = 0; p < players; p++) out[p] = OUT[p]!;
}

const DONE = new Int32Array(MAXOBJ); // per objective: -1 not judged yet, else bit per colour fulfilled

/**
 * Objective credit of the full city: held[p * 2 + k] is player p's k-th objective (or -1); adds 3 per fulfilled
 * objective into credit[p]. Each measure is computed once.
 */
export function objectiveCredit(held: Int32Array, credit: Int32Array): void {
  DONE.fill(-1, 0, nObjectives);
  let prepared = false;
  credit.fill(0, 0, players);
  for (let p = 0; p < players; p++) {
    for (let k = 0; k < 2; k++) {
      const o = held[p * 2 + k]!;
      if (o < 0) continue;
      if (DONE[o]! < 0) {
        const m = OBJ[o * OSTRIDE]!;
        if (!prepared && m !== 4 && m !== 5 && m !== 6) {
          routeCards();
          prepared = true;
        }
        measure(m);
        let bits = 0;
        if (OBJ[o * OSTRIDE + 1] === 1) {
          const t = OBJ[o * OSTRIDE + 2]!;
          for (let q = 0; q < players; q++) if (OUT[q]! >= t) bits |= 1 << q;
        } else {
          let best = 0;
          for (let q = 0; q < players; q++) best = Math.max(best, OUT[q]!);
          for (let q = 0; q < players; q++) if (best > 0 && OUT[q] === best) bits |= 1 << q;
        }
        DONE[o] = bits;
      }
      if ((DONE[o]! & (1 << p)) !== 0) credit[p]! += 3;
    }
  }
}

// Routes by full recomputation (for checking the incremental union-find), and the route rows both
// write. A route row, RSTRIDE = 12 Int32 per segment s (segments numbered in placement order):
//   [route id (smallest segment id on the route), open ends, dead ends, termini, loop 0/1,
//    building mask (bit b - 1), length in segments, complete 0/1, segments of colour 0..3]

import { find, players } from "./unionfind";
import { CSEG, F_BM, F_COL, F_DEAD, F_LEN, F_LOOP, F_OPEN, F_TERM, get, MAXP, MAXS, NB, RSTRIDE, S_CARD, S_NSEG, SEG_B, SEG_CELL, SEG_EA, SEG_EB, SEG_PL, sg, TERMINUS } from "./layout";
import { fresh } from "../glue/fresh";

const FP = fresh<i32>(MAXS); // plain union-find with path halving
const LINKED = fresh<i32>(MAXS); // linked ends per root
const MINID = fresh<i32>(MAXS);
const ROW = fresh<i32>(MAXS * RSTRIDE);

function ffind(s: i32): i32 {
  while (unchecked(FP[s]) != s) {
    unchecked((FP[s] = FP[FP[s]]));
    s = unchecked(FP[s]);
  }
  return s;
}

/** Writes the incremental routes as rows into out[at..]; returns the number of Int32 written. */
export function incrementalRows(out: StaticArray<i32>, at: i32): i32 {
  const n = get(S_NSEG);
  for (let s = 0; s < n; s++) unchecked((MINID[s] = -1));
  for (let s = 0; s < n; s++) {
    const r = find(s);
    if (unchecked(MINID[r]) < 0) unchecked((MINID[r] = s));
    const o = at + s * RSTRIDE;
    unchecked((out[o] = MINID[r]));
    unchecked((out[o + 1] = get(sg(r, F_OPEN))));
    unchecked((out[o + 2] = get(sg(r, F_DEAD))));
    unchecked((out[o + 3] = get(sg(r, F_TERM))));
    unchecked((out[o + 4] = get(sg(r, F_LOOP))));
    unchecked((out[o + 5] = get(sg(r, F_BM))));
    unchecked((out[o + 6] = get(sg(r, F_LEN))));
    unchecked((out[o + 7] = get(sg(r, F_OPEN)) == 0 ? 1 : 0));
    for (let p = 0; p < MAXP; p++) unchecked((out[o + 8 + p] = get(sg(r, F_COL + p))));
  }
  return n * RSTRIDE;
}

function endOf(s: i32, e: i32, row: i32): void {
  // one end of segment s at edge e: terminus, open, dead, or linked
  if (e == TERMINUS) {
    unchecked((ROW[row + 3] += 1));
    return;
  }
  const n = unchecked(NB[SEG_CELL[s] * 6 + e]);
  if (n < 0 || get(S_CARD + n) < 0) {
    unchecked((ROW[row + 1] += 1));
    return;
  }
  const t = unchecked(CSEG[n * 6 + ((e + 3) % 6)]);
  if (t < 0) unchecked((ROW[row + 2] += 1));
  else unchecked((LINKED[row / RSTRIDE] += 1));
}

/**
 * Recomputes every route from the placed cards alone and writes rows (same layout) into out[at..], then
 * the route credit of each player (MAXP Int32) after them; returns the number of Int32 written.
 */
export function fullRows(out: StaticArray<i32>, at: i32): i32 {
  const n = get(S_NSEG);
  for (let s = 0; s < n; s++) {
    unchecked((FP[s] = s));
    unchecked((LINKED[s] = 0));
    for (let k = 0; k < RSTRIDE; k++) unchecked((ROW[s * RSTRIDE + k] = 0));
  }
  for (let s = 0; s < n; s++) {
    const c = unchecked(SEG_CELL[s]);
    for (let k = 0; k < 2; k++) {
      const e = k == 0 ? unchecked(SEG_EA[s]) : unchecked(SEG_EB[s]);
      if (e == TERMINUS) continue;
      const nb = unchecked(NB[c * 6 + e]);
      if (nb < 0 || get(S_CARD + nb) < 0) continue;
      const t = unchecked(CSEG[nb * 6 + ((e + 3) % 6)]);
      if (t >= 0) {
        const a = ffind(s);
        const b = ffind(t);
        if (a != b) unchecked((FP[max(a, b)] = min(a, b)));
      }
    }
  }
  for (let s = 0; s < n; s++) {
    const r = ffind(s); // the smallest id: unions always point to the smaller root
    const row = r * RSTRIDE;
    endOf(s, unchecked(SEG_EA[s]), row);
    endOf(s, unchecked(SEG_EB[s]), row);
    unchecked((ROW[row + 5] |= SEG_B[s] > 0 ? 1 << (SEG_B[s] - 1) : 0));
    unchecked((ROW[row + 6] += 1));
    unchecked((ROW[row + 8 + SEG_PL[s]] += 1));
  }
  const score = at + n * RSTRIDE;
  for (let p = 0; p < MAXP; p++) unchecked((out[score + p] = 0));
  for (let s = 0; s < n; s++) {
    const r = ffind(s);
    const row = r * RSTRIDE;
    const o = at + s * RSTRIDE;
    unchecked((out[o] = r));
    for (let k = 1; k < RSTRIDE; k++) unchecked((out[o + k] = ROW[row + k]));
    // a chain of k segments has k - 1 links (2 linked ends each); a loop has k
    const loop = unchecked(LINKED[r]) == 2 * unchecked(ROW[row + 6]) ? 1 : 0;
    unchecked((out[o + 4] = loop));
    const open = unchecked(ROW[row + 1]);
    unchecked((out[o + 7] = open == 0 ? 1 : 0));
    if (r == s && open == 0) {
      const credit = popcnt(unchecked(ROW[row + 5]));
      let best = 0;
      for (let p = 0; p < players; p++) best = max(best, unchecked(ROW[row + 8 + p]));
      for (let p = 0; p < players; p++) {
        if (unchecked(ROW[row + 8 + p]) == best) unchecked((out[score + p] += credit));
      }
    }
  }
  return n * RSTRIDE + MAXP;
}

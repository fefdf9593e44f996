/**
 * TypeScript twin of assembly/routes/full.ts: routes by full recomputation (for checking the incremental
 * union-find), and the route rows both write. A route row, RSTRIDE = 12 Int32 per segment s (segments numbered
 * in placement order): [route id (smallest segment id on the route), open ends, dead ends, termini, loop 0/1,
 * building mask (bit b - 1), length in segments, complete 0/1, segments of colour 0..3].
 */
import {
  CSEG,
  F_BM,
  F_COL,
  F_DEAD,
  F_LEN,
  F_LOOP,
  F_OPEN,
  F_TERM,
  get,
  MAXP,
  MAXS,
  NB,
  popcnt,
  RSTRIDE,
  S_CARD,
  S_NSEG,
  SEG_B,
  SEG_CELL,
  SEG_EA,
  SEG_EB,
  SEG_PL,
  sg,
  TERMINUS,
} from "./layout.ts";
import { find, players } from "./unionfind.ts";

const FP = new Int32Array(MAXS); // plain union-find with path halving
const LINKED = new Int32Array(MAXS); // linked ends per root
const MINID = new Int32Array(MAXS);
const ROW = new Int32Array(MAXS * RSTRIDE);

function ffind(s: number): number {
  while (FP[s] !== s) {
    FP[s] = FP[FP[s]!]!;
    s = FP[s]!;
  }
  return s;
}

/** Writes the incremental routes as rows into out[at..]; returns the number of Int32 written. */
export function incrementalRows(out: Int32Array, at: number): number {
  const n = get(S_NSEG);
  MINID.fill(-1, 0, n);
  for (let s = 0; s < n; s++) {
    const r = find(s);
    if (MINID[r]! < 0) MINID[r] = s;
    const o = at + s * RSTRIDE;
    out[o] = MINID[r]!;
    out[o + 1] = get(sg(r, F_OPEN));
    out[o + 2] = get(sg(r, F_DEAD));
    out[o + 3] = get(sg(r, F_TERM));
    out[o + 4] = get(sg(r, F_LOOP));
    out[o + 5] = get(sg(r, F_BM));
    out[o + 6] = get(sg(r, F_LEN));
    out[o + 7] = get(sg(r, F_OPEN)) === 0 ? 1 : 0;
    for (let p = 0; p < MAXP; p++) out[o + 8 + p] = get(sg(r, F_COL + p));
  }
  return n * RSTRIDE;
}

/** One end of segment s at edge e, counted in ROW[row..]: terminus, open, dead, or linked. */
function endOf(s: number, e: number, row: number): void {
  if (e === TERMINUS) {
    ROW[row + 3]! += 1;
    return;
  }
  const n = NB[SEG_CELL[s]! * 6 + e]!;
  if (n < 0 || get(S_CARD + n) < 0) {
    ROW[row + 1]! += 1;
    return;
  }
  const t = CSEG[n * 6 + ((e + 3) % 6)]!;
  if (t < 0) ROW[row + 2]! += 1;
  else LINKED[row / RSTRIDE]! += 1;
}

/**
 * Recomputes every route from the placed cards alone and writes rows (same layout) into out[at..], then the
 * route credit of each player (MAXP Int32) after them; returns the number of Int32 written.
 */
export function fullRows(out: Int32Array, at: number): number {
  const n = get(S_NSEG);
  for (let s = 0; s < n; s++) {
    FP[s] = s;
    LINKED[s] = 0;
  }
  ROW.fill(0, 0, n * RSTRIDE);
  for (let s = 0; s < n; s++) {
    const c = SEG_CELL[s]!;
    for (let k = 0; k < 2; k++) {
      const e = k === 0 ? SEG_EA[s]! : SEG_EB[s]!;
      if (e === TERMINUS) continue;
      const nb = NB[c * 6 + e]!;
      if (nb < 0 || get(S_CARD + nb) < 0) continue;
      const t = CSEG[nb * 6 + ((e + 3) % 6)]!;
      if (t >= 0) {
        const a = ffind(s);
        const b = ffind(t);
        if (a !== b) FP[Math.max(a, b)] = Math.min(a, b);
      }
    }
  }
  for (let s = 0; s < n; s++) {
    const r = ffind(s); // the smallest id: unions always point to the smaller root
    const row = r * RSTRIDE;
    endOf(s, SEG_EA[s]!, row);
    endOf(s, SEG_EB[s]!, row);
    const b = SEG_B[s]!;
    ROW[row + 5]! |= b > 0 ? 1 << (b - 1) : 0;
    ROW[row + 6]! += 1;
    ROW[row + 8 + SEG_PL[s]!]! += 1;
  }
  const score = at + n * RSTRIDE;
  out.fill(0, score, score + MAXP);
  for (let s = 0; s < n; s++) {
    const r = ffind(s);
    const row = r * RSTRIDE;
    const o = at + s * RSTRIDE;
    out[o] = r;
    for (let k = 1; k < RSTRIDE; k++) out[o + k] = ROW[row + k]!;
    // a chain of k segments has k - 1 links (2 linked ends each); a loop has k
    out[o + 4] = LINKED[r] === 2 * ROW[row + 6]! ? 1 : 0;
    const open = ROW[row + 1]!;
    out[o + 7] = open === 0 ? 1 : 0;
    if (r === s && open === 0) {
      const credit = popcnt(ROW[row + 5]!);
      let best = 0;
      for (let p = 0; p < players; p++) best = Math.max(best, ROW[row + 8 + p]!);
      for (let p = 0; p < players; p++) if (ROW[row + 8 + p] === best) out[score + p]! += credit;
    }
  }
  return n * RSTRIDE + MAXP;
}

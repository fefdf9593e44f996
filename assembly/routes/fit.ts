// City-limit fit (docs/rules/light-rail.md § City limit). Column heights per player count; column q of height h holds the cells
// whose doubled vertical position 2r + q lies in [-(h - 1), h - 1]; the mirror maps (q, r) to (-q, r + q).
// Every placement of the shape (or of its mirror) that contains the anchor (0, 0) gets one bit; a cell's
// mask holds the placements containing it; the state keeps the placements that still contain every
// placed card (`S_ALIVE`). A set of cells fits iff the AND of their masks is not zero, and a cell stays
// inside the city iff its mask meets the alive placements.

import { CELL_Q, CELL_R, CW, GRID, GRIDMAP, MASK, MAXC, MAXCARDS, MAXPL, NB, PLCELLS, W } from "./layout";
import { fresh } from "../glue/fresh";

const HEIGHTS_2: StaticArray<i32> = [1, 2, 3, 4, 3, 2, 1];
const HEIGHTS_3: StaticArray<i32> = [1, 2, 3, 4, 5, 6];
const HEIGHTS_4: StaticArray<i32> = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
const DQ: StaticArray<i32> = [0, 1, 1, 0, -1, -1];
const DR: StaticArray<i32> = [-1, -1, 0, 1, 1, 0];

export let nCells: i32 = 0;
export let nPlacements: i32 = 0;
export let shapeSize: i32 = 0;
export let origin: i32 = 0;

const SHAPE_Q = fresh<i32>(72);
const SHAPE_R = fresh<i32>(72);
const PL = fresh<i32>(MAXPL * MAXCARDS); // placements as sorted window squares, for de-duplication
const TMP = fresh<i32>(MAXCARDS);
const HALF: i32 = GRID / 2;

function heights(players: i32): StaticArray<i32> {
  return players <= 2 ? HEIGHTS_2 : players == 3 ? HEIGHTS_3 : HEIGHTS_4;
}

export function dq(e: i32): i32 {
  return unchecked(DQ[e]);
}
export function dr(e: i32): i32 {
  return unchecked(DR[e]);
}

/** Window square of relative (q, r), or -1 outside the window. */
export function square(q: i32, r: i32): i32 {
  const x = q + HALF;
  const y = r + HALF;
  if (x < 0 || y < 0 || x >= GRID || y >= GRID) return -1;
  return x * GRID + y;
}

/** Compact cell of relative (q, r), or -1 when no placement of the city can hold it. */
export function cellAt(q: i32, r: i32): i32 {
  const g = square(q, r);
  return g < 0 ? -1 : unchecked(GRIDMAP[g]);
}

/** Builds the compact cells, neighbours and placement masks for a player count. */
export function buildGeometry(players: i32): void {
  const hs = heights(players);
  let n = 0;
  for (let q = 0; q < hs.length; q++) {
    const h = unchecked(hs[q]);
    for (let v = -(h - 1); v <= h - 1; v += 2) {
      unchecked((SHAPE_Q[n] = q));
      unchecked((SHAPE_R[n] = (v - q) >> 1));
      n++;
    }
  }
  // mirror image: (q, r) -> (-q, r + q)
  for (let i = 0; i < n; i++) {
    unchecked((SHAPE_Q[n + i] = -SHAPE_Q[i]));
    unchecked((SHAPE_R[n + i] = SHAPE_R[i] + SHAPE_Q[i]));
  }
  shapeSize = n;
  for (let g = 0; g < GRID * GRID; g++) unchecked((GRIDMAP[g] = -1));
  for (let i = 0; i < MAXC * W; i++) unchecked((MASK[i] = 0));
  for (let i = 0; i < MAXPL * CW; i++) unchecked((PLCELLS[i] = 0));
  nCells = 0;
  nPlacements = 0;
  const tmp = TMP;
  for (let m = 0; m < 2; m++) {
    const base = m * n;
    for (let a = 0; a < n; a++) {
      // translation taking shape cell a to the anchor
      const tq = -unchecked(SHAPE_Q[base + a]);
      const tr = -unchecked(SHAPE_R[base + a]);
      for (let i = 0; i < n; i++) {
        unchecked((tmp[i] = square(SHAPE_Q[base + i] + tq, SHAPE_R[base + i] + tr)));
      }
      // insertion sort, then compare with the placements found so far
      for (let i = 1; i < n; i++) {
        const x = unchecked(tmp[i]);
        let j = i - 1;
        while (j >= 0 && unchecked(tmp[j]) > x) {
          unchecked((tmp[j + 1] = tmp[j]));
          j--;
        }
        unchecked((tmp[j + 1] = x));
      }
      let dup = false;
      for (let p = 0; p < nPlacements && !dup; p++) {
        let same = true;
        for (let i = 0; i < n; i++) {
          if (unchecked(PL[p * MAXCARDS + i]) != unchecked(tmp[i])) {
            same = false;
            break;
          }
        }
        dup = same;
      }
      if (dup) continue;
      const p = nPlacements++;
      for (let i = 0; i < n; i++) {
        const g = unchecked(tmp[i]);
        unchecked((PL[p * MAXCARDS + i] = g));
        let c = unchecked(GRIDMAP[g]);
        if (c < 0) {
          c = nCells++;
          unchecked((GRIDMAP[g] = c));
          unchecked((CELL_Q[c] = g / GRID - HALF));
          unchecked((CELL_R[c] = (g % GRID) - HALF));
        }
        unchecked((MASK[c * W + (p >> 5)] |= <u32>1 << (p & 31)));
        unchecked((PLCELLS[p * CW + (c >> 5)] |= <u32>1 << (c & 31)));
      }
    }
  }
  for (let c = 0; c < nCells; c++) {
    for (let e = 0; e < 6; e++) {
      unchecked((NB[c * 6 + e] = cellAt(CELL_Q[c] + DQ[e], CELL_R[c] + DR[e])));
    }
  }
  origin = cellAt(0, 0);
}

/**
 * TypeScript twin of assembly/routes/fit.ts: the city-limit fit (docs/rules/light-rail.md § City limit). Every
 * placement of the shape (or of its mirror) that contains the anchor (0, 0) gets one bit; a cell's mask holds the
 * placements containing it; a set of cells fits iff the AND of their masks is not zero.
 */
import { CELL_Q, CELL_R, CW, GRID, GRIDMAP, MASK, MAXC, MAXCARDS, MAXPL, NB, PLCELLS, W } from "./layout.ts";

const HEIGHTS_2 = [1, 2, 3, 4, 3, 2, 1];
const HEIGHTS_3 = [1, 2, 3, 4, 5, 6];
const HEIGHTS_4 = [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1];
const DQ = [0, 1, 1, 0, -1, -1];
const DR = [-1, -1, 0, 1, 1, 0];

export let nCells = 0;
export let nPlacements = 0;
export let shapeSize = 0;
export let origin = 0;

const SHAPE_Q = new Int32Array(72);
const SHAPE_R = new Int32Array(72);
const PL = new Int32Array(MAXPL * MAXCARDS); // placements as sorted window squares, for de-duplication
const TMP = new Int32Array(MAXCARDS);
const HALF = GRID / 2;

function heights(players: number): number[] {
  return players <= 2 ? HEIGHTS_2 : players === 3 ? HEIGHTS_3 : HEIGHTS_4;
}

export function dq(e: number): number {
  return DQ[e]!;
}
export function dr(e: number): number {
  return DR[e]!;
}

/** Window square of relative (q, r), or -1 outside the window. */
export function square(q: number, r: number): number {
  const x = q + HALF;
  const y = r + HALF;
  if (x < 0 || y < 0 || x >= GRID || y >= GRID) return -1;
  return x * GRID + y;
}

/** Compact cell of relative (q, r), or -1 when no placement of the city can hold it. */
export function cellAt(q: number, r: number): number {
  const g = square(q, r);
  return g < 0 ? -1 : GRIDMAP[g]!;
}

/** Builds the compact cells, neighbours and placement masks for a player count. */
export function buildGeometry(players: number): void {
  const hs = heights(players);
  let n = 0;
  for (let q = 0; q < hs.length; q++) {
    const h = hs[q]!;
    for (let v = -(h - 1); v <= h - 1; v += 2) {
      SHAPE_Q[n] = q;
      SHAPE_R[n] = (v - q) >> 1;
      n++;
    }
  }
  // mirror image: (q, r) -> (-q, r + q)
  for (let i = 0; i < n; i++) {
    SHAPE_Q[n + i] = -SHAPE_Q[i]!;
    SHAPE_R[n + i] = SHAPE_R[i]! + SHAPE_Q[i]!;
  }
  shapeSize = n;
  GRIDMAP.fill(-1);
  MASK.fill(0, 0, MAXC * W);
  PLCELLS.fill(0, 0, MAXPL * CW);
  nCells = 0;
  nPlacements = 0;
  const tmp = TMP;
  for (let m = 0; m < 2; m++) {
    const base = m * n;
    for (let a = 0; a < n; a++) {
      // translation taking shape cell a to the anchor
      const tq = -SHAPE_Q[base + a]!;
      const tr = -SHAPE_R[base + a]!;
      for (let i = 0; i < n; i++) tmp[i] = square(SHAPE_Q[base + i]! + tq, SHAPE_R[base + i]! + tr);
      // insertion sort, then compare with the placements found so far
      for (let i = 1; i < n; i++) {
        const x = tmp[i]!;
        let j = i - 1;
        while (j >= 0 && tmp[j]! > x) {
          tmp[j + 1] = tmp[j]!;
          j--;
        }
        tmp[j + 1] = x;
      }
      let dup = false;
      for (let p = 0; p < nPlacements && !dup; p++) {
        let same = true;
        for (let i = 0; i < n; i++) {
          if (PL[p * MAXCARDS + i] !== tmp[i]) {
            same = false;
            break;
          }
        }
        dup = same;
      }
      if (dup) continue;
      const p = nPlacements++;
      for (let i = 0; i < n; i++) {
        const g = tmp[i]!;
        PL[p * MAXCARDS + i] = g;
        let c = GRIDMAP[g]!;
        if (c < 0) {
          c = nCells++;
          GRIDMAP[g] = c;
          CELL_Q[c] = Math.trunc(g / GRID) - HALF;
          CELL_R[c] = (g % GRID) - HALF;
        }
        MASK[c * W + (p >> 5)]! |= 1 << (p & 31);
        PLCELLS[p * CW + (c >> 5)]! |= 1 << (c & 31);
      }
    }
  }
  for (let c = 0; c < nCells; c++) {
    for (let e = 0; e < 6; e++) NB[c * 6 + e] = cellAt(CELL_Q[c]! + DQ[e]!, CELL_R[c]! + DR[e]!);
  }
  origin = cellAt(0, 0);
}

import { fresh } from "../glue/fresh";
// Memory layout of the Light Rail kernels. Runtime `stub`: nothing is freed, so every table is a
// module-level StaticArray sized to a documented limit and reused for every call.
//
// Cells are "compact cells": the union of every city placement (translation of the shape or of its
// mirror) that contains the anchor cell, the first card of the game, which sits at relative (0, 0).
// Edges 0..5 clockwise from up; edge e faces edge (e + 3) % 6 of the neighbour. A segment end is an
// edge 0..5 or TERMINUS (6). Buildings are 1..5, 0 for none. Player p's segments are colour p.
//
// The mutable game state lives in one Int32 array `S`; every write goes through `set`, which logs the
// old value on a trail, so `undo(mark)` restores any earlier state exactly (the union-find is union by
// rank without path compression, so finds never write).

export const MAXC: i32 = 128; // compact cells (2p 49, 3p 91, 4p 121)
export const CW: i32 = 4; // 32-bit words of a cell bitset
export const MAXS: i32 = 96; // segments (36 cells × 2 at most)
export const MAXP: i32 = 4; // players
export const MAXD: i32 = 16; // card designs
export const MAXCARDS: i32 = 36; // cards in the largest city (4 players)
export const W: i32 = 3; // 32-bit words of a placement mask (up to 96 placements)
export const MAXPL: i32 = W * 32;
export const GRID: i32 = 32; // side of the coordinate window; the anchor is at (GRID/2, GRID/2)
export const TERMINUS: i32 = 6;
export const DSTRIDE: i32 = 7; // a design: nSeg, then per segment (end a, end b, building) × 2
export const RSTRIDE: i32 = 12; // a route row: root, open, dead, term, loop, buildings, length, complete, colours × 4

// --- trailed state ---
export const S_CARD: i32 = 0; // MAXC: -1 empty, else player << 8 | design << 1 | orientation
export const S_OCC: i32 = S_CARD + MAXC; // CW: occupied cells
export const S_FRONT: i32 = S_OCC + CW; // CW: empty cells next to a card
export const S_CITY: i32 = S_FRONT + CW; // CW: cells of some alive placement
export const S_ALIVE: i32 = S_CITY + CW; // W: placements that still contain every placed card
export const S_NPLACED: i32 = S_ALIVE + W;
export const S_NSEG: i32 = S_NPLACED + 1;
export const S_SCORE: i32 = S_NSEG + 1; // MAXP: credit from routes
export const S_SEG: i32 = S_SCORE + MAXP; // MAXS records of SSTR: the union-find, fields below
export const SSTR: i32 = 12;
export const F_PAR: i32 = 0; // parent
export const F_RANK: i32 = 1;
export const F_OPEN: i32 = 2; // at a root: open ends
export const F_DEAD: i32 = 3; // dead ends
export const F_TERM: i32 = 4; // termini
export const F_LOOP: i32 = 5; // 1 if the route closes on itself
export const F_BM: i32 = 6; // building types, bit (b - 1)
export const F_LEN: i32 = 7; // segments
export const F_COL: i32 = 8; // MAXP: segments per colour
export const S_SIZE: i32 = S_SEG + MAXS * SSTR;

export const S = fresh<i32>(S_SIZE);
/** Snapshot of S for playouts (restored by copying the prefix that was live). */
export const SNAP = fresh<i32>(S_SIZE);
export const TRAIL_SIZE: i32 = 1 << 16;
export const TRAIL = fresh<i32>(TRAIL_SIZE);
let tp: i32 = 0;
/** Playouts run with the trail off and restore from SNAP instead. */
export let trailOn: bool = true;

// --- untrailed tables (rewritten before they are read) ---
export const CSEG = fresh<i32>(MAXC * 6); // segment at each edge of a placed cell, -1 none
export const SEG_CELL = fresh<i32>(MAXS);
export const SEG_PL = fresh<i32>(MAXS);
export const SEG_B = fresh<i32>(MAXS);
export const SEG_EA = fresh<i32>(MAXS);
export const SEG_EB = fresh<i32>(MAXS);
export const DES = fresh<i32>(MAXD * DSTRIDE);

// --- geometry (see fit.ts) ---
export const NB = fresh<i32>(MAXC * 6); // neighbour across each edge, -1 outside the window
export const MASK = fresh<u32>(MAXC * W); // placements containing the cell
export const PLCELLS = fresh<u32>(MAXPL * CW); // cells of each placement
export const CELL_Q = fresh<i32>(MAXC);
export const CELL_R = fresh<i32>(MAXC);
export const GRIDMAP = fresh<i32>(GRID * GRID); // window square → compact cell or -1

/** Scratch in/out buffer shared with TypeScript (pointer exported by the entry). */
export const IO = fresh<i32>(1 << 14);

// @ts-ignore: decorator
@inline export function sg(s: i32, f: i32): i32 {
  return S_SEG + s * SSTR + f;
}

// @ts-ignore: decorator
@inline export function get(i: i32): i32 {
  return unchecked(S[i]);
}

// @ts-ignore: decorator
@inline export function set(i: i32, v: i32): void {
  if (trailOn) {
    unchecked((TRAIL[tp] = i));
    unchecked((TRAIL[tp + 1] = S[i]));
    tp += 2;
  }
  unchecked((S[i] = v));
}

/** Writes without logging: only for slots that did not exist at any mark still to be undone. */
// @ts-ignore: decorator
@inline export function init(i: i32, v: i32): void {
  unchecked((S[i] = v));
}

export function mark(): i32 {
  return tp;
}

export function undo(m: i32): void {
  let t = tp;
  while (t > m) {
    t -= 2;
    unchecked((S[TRAIL[t]] = TRAIL[t + 1]));
  }
  tp = t;
}

export function clearTrail(): void {
  tp = 0;
}

export function setTrail(on: bool): void {
  trailOn = on;
}

/** Copies the live part of S (cells, globals, the first `nSeg` segment records) into SNAP. */
export function snapshot(): void {
  const n = S_SEG + unchecked(S[S_NSEG]) * SSTR;
  memory.copy(changetype<usize>(SNAP), changetype<usize>(S), <usize>n << 2);
}

/** Restores S from SNAP (segments created since are dead: their slots are re-initialised on creation). */
export function restore(): void {
  const n = S_SEG + unchecked(SNAP[S_NSEG]) * SSTR;
  memory.copy(changetype<usize>(S), changetype<usize>(SNAP), <usize>n << 2);
}

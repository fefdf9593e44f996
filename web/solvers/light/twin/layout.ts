/**
 * TypeScript twin of assembly/routes/layout.ts: the memory layout of the Light Rail kernels, module-level tables
 * of the kernel's sizes (conventions: kernel.ts), the trailed state `S` (every write through `set`, so
 * `undo(mark)` restores any earlier state exactly) and the shared IO buffer. Also the two AssemblyScript
 * builtins the kernel files use on bitsets (`popcnt`, `ctz`), here for every twin file.
 */
import { DSTRIDE, MASK_WORDS, MAXP, RSTRIDE, TERMINUS } from "../kernel.ts";

export { DSTRIDE, MAXP, RSTRIDE, TERMINUS };
export const MAXC = 128; // compact cells (2p 49, 3p 91, 4p 121)
export const CW = 4; // 32-bit words of a cell bitset
export const MAXS = 96; // segments (36 cells × 2 at most)
export const MAXD = 16; // card designs
export const MAXCARDS = 36; // cards in the largest city (4 players)
export const W = MASK_WORDS; // 32-bit words of a placement mask (up to 96 placements)
export const MAXPL = W * 32;
export const GRID = 32; // side of the coordinate window; the anchor is at (GRID/2, GRID/2)

// --- trailed state ---
export const S_CARD = 0; // MAXC: -1 empty, else player << 8 | design << 1 | orientation
export const S_OCC = S_CARD + MAXC; // CW: occupied cells
export const S_FRONT = S_OCC + CW; // CW: empty cells next to a card
export const S_CITY = S_FRONT + CW; // CW: cells of some alive placement
export const S_ALIVE = S_CITY + CW; // W: placements that still contain every placed card
export const S_NPLACED = S_ALIVE + W;
export const S_NSEG = S_NPLACED + 1;
export const S_SCORE = S_NSEG + 1; // MAXP: credit from routes
export const S_SEG = S_SCORE + MAXP; // MAXS records of SSTR: the union-find, fields below
export const SSTR = 12;
export const F_PAR = 0; // parent
export const F_RANK = 1;
export const F_OPEN = 2; // at a root: open ends
export const F_DEAD = 3; // dead ends
export const F_TERM = 4; // termini
export const F_LOOP = 5; // 1 if the route closes on itself
export const F_BM = 6; // building types, bit (b - 1)
export const F_LEN = 7; // segments
export const F_COL = 8; // MAXP: segments per colour
export const S_SIZE = S_SEG + MAXS * SSTR;

export const S = new Int32Array(S_SIZE);
/** Snapshot of S for playouts (restored by copying the prefix that was live). */
export const SNAP = new Int32Array(S_SIZE);
export const TRAIL_SIZE = 1 << 16;
export const TRAIL = new Int32Array(TRAIL_SIZE);
let tp = 0;
/** Playouts run with the trail off and restore from SNAP instead. */
export let trailOn = true;

// --- untrailed tables (rewritten before they are read) ---
export const CSEG = new Int32Array(MAXC * 6); // segment at each edge of a placed cell, -1 none
export const SEG_CELL = new Int32Array(MAXS);
export const SEG_PL = new Int32Array(MAXS);
export const SEG_B = new Int32Array(MAXS);
export const SEG_EA = new Int32Array(MAXS);
export const SEG_EB = new Int32Array(MAXS);
export const DES = new Int32Array(MAXD * DSTRIDE);

// --- geometry (see fit.ts) ---
export const NB = new Int32Array(MAXC * 6); // neighbour across each edge, -1 outside the window
/** Placements containing the cell (the kernel's u32 words, here their Int32 bits). */
export const MASK = new Int32Array(MAXC * W);
export const PLCELLS = new Int32Array(MAXPL * CW); // cells of each placement
export const CELL_Q = new Int32Array(MAXC);
export const CELL_R = new Int32Array(MAXC);
export const GRIDMAP = new Int32Array(GRID * GRID); // window square → compact cell or -1

/** Scratch in/out buffer (the kernel's `io`, named in its descriptor). */
export const IO = new Int32Array(1 << 14);

export function sg(s: number, f: number): number {
  return S_SEG + s * SSTR + f;
}

export function get(i: number): number {
  return S[i]!;
}

export function set(i: number, v: number): void {
  if (trailOn) {
    TRAIL[tp] = i;
    TRAIL[tp + 1] = S[i]!;
    tp += 2;
  }
  S[i] = v;
}

/** Writes without logging: only for slots that did not exist at any mark still to be undone. */
export function init(i: number, v: number): void {
  S[i] = v;
}

export function mark(): number {
  return tp;
}

export function undo(m: number): void {
  let t = tp;
  while (t > m) {
    t -= 2;
    S[TRAIL[t]!] = TRAIL[t + 1]!;
  }
  tp = t;
}

export function clearTrail(): void {
  tp = 0;
}

export function setTrail(on: boolean): void {
  trailOn = on;
}

/** Copies the live part of S (cells, globals, the first `nSeg` segment records) into SNAP. */
export function snapshot(): void {
  SNAP.set(S.subarray(0, S_SEG + S[S_NSEG]! * SSTR));
}

/** Restores S from SNAP (segments created since are dead: their slots are re-initialised on creation). */
export function restore(): void {
  S.set(SNAP.subarray(0, S_SEG + SNAP[S_NSEG]! * SSTR));
}

/** Set bits of a 32-bit word (AssemblyScript's `popcnt`). */
export function popcnt(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Trailing zero bits of a non-zero 32-bit word (AssemblyScript's `ctz`). */
export function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}

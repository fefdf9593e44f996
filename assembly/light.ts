// Light Rail Wasm module (docs/rules/light-rail.md): incremental routes, city-limit fit, playouts and flat Monte
// Carlo search. TypeScript drives it through web/solvers/light/wasm.ts (raw bindings): inputs and outputs
// pass through the shared Int32 buffer `io` named in the descriptor below, layouts documented per export.
// Coordinates are axial (q, r) relative to the anchor card (the first card of the game) at (0, 0).

import * as d from "./glue/descriptor";
import { buildGeometry, cellAt, nCells, nPlacements, shapeSize } from "./routes/fit";
import { fullRows, incrementalRows } from "./routes/full";
import {
  CELL_Q,
  CELL_R,
  DES,
  DSTRIDE,
  GRID,
  get,
  IO,
  MASK,
  MAXCARDS,
  MAXD,
  MAXP,
  mark as trailMark,
  RSTRIDE,
  S_ALIVE,
  S_CARD,
  S_NPLACED,
  S_SCORE,
  undo as trailUndo,
  W,
} from "./routes/layout";
import { MAXOBJ, MEASURES, measureInto, OBJ, OSTRIDE, setObjectiveCount } from "./routes/objectives";
import {
  legalAt,
  legalCells,
  MAXDECK,
  playoutBatch,
  SEARCH_STRIDE,
  search,
  setMyObjectives,
  setUnplayed,
} from "./routes/playout";
import { legalCell, place, resetState, setWrapOption } from "./routes/unionfind";

// The descriptor (glue/descriptor.ts): the IO buffer, the limits the wrapper checks inputs against, and the
// row strides of the IO layouts. Bump VERSION whenever a buffer, a limit's meaning, a layout or an export's
// signature changes.
const VERSION: i32 = 1;
d.describe("light", VERSION);
d.buffer("io", IO);
d.limit("players", MAXP); // 2..players
d.limit("designs", MAXD); // card designs in setDesigns
d.limit("cards", MAXCARDS); // cards in a city
d.limit("gridHalf", GRID / 2); // placeAt / isLegal coordinates lie in [-gridHalf, gridHalf)
d.limit("unplayed", MAXDECK); // unplayed designs per player
d.limit("objectives", MAXOBJ); // rows of the objective table
d.limit("measures", MEASURES); // objective measure codes 0..measures - 1
d.limit("maskWords", W); // placement words at the head of cityMask
d.limit("designStride", DSTRIDE); // Int32 per design row
d.limit("routeStride", RSTRIDE); // Int32 per route row
d.limit("searchStride", SEARCH_STRIDE); // Int32 per search row
d.limit("objectiveStride", OSTRIDE); // Int32 per objective row
export { descriptor } from "./glue/descriptor";

/** Card designs from IO: n × [segments, (end a, end b, building) × 2] (DSTRIDE); ends 0..5 or 6 (terminus). */
export function setDesigns(n: i32): void {
  for (let i = 0; i < n * DSTRIDE; i++) unchecked((DES[i] = IO[i]));
}

/** A new empty city for 2..4 players; returns the number of compact cells. */
export function newGame(players: i32): i32 {
  buildGeometry(players);
  resetState(players);
  return nCells;
}

export function placementCount(): i32 {
  return nPlacements;
}
export function cityCells(): i32 {
  return shapeSize;
}
export function cellCount(): i32 {
  return nCells;
}
export function cellQ(c: i32): i32 {
  return CELL_Q[c];
}
export function cellR(c: i32): i32 {
  return CELL_R[c];
}
export function cellIndex(q: i32, r: i32): i32 {
  return cellAt(q, r);
}

/**
 * Places design d, orientation o (0, or 1 = turned 180°), of player p at (q, r) without checking
 * adjacency (replays may come in any order); returns the compact cell, -1 if no city placement can
 * hold (q, r), -2 if the cell is taken.
 */
export function placeAt(q: i32, r: i32, d: i32, o: i32, p: i32): i32 {
  const c = cellAt(q, r);
  if (c < 0) return -1;
  if (get(S_CARD + c) >= 0) return -2;
  place(c, d, o, p);
  return c;
}

/** 1 if the next card may go at (q, r): empty, next to a card (any cell for the first), inside the limits. */
export function isLegal(q: i32, r: i32): i32 {
  const c = cellAt(q, r);
  return c >= 0 && legalCell(c) ? 1 : 0;
}

/** Legal cells for the next card as [q0, r0, q1, r1, …] in IO; returns their number. */
export function legal(): i32 {
  const n = legalCells();
  for (let i = 0; i < n; i++) {
    const c = legalAt(i);
    IO[2 * i] = CELL_Q[c];
    IO[2 * i + 1] = CELL_R[c];
  }
  return n;
}

/**
 * City-limit masks into IO: [alive placement words × W, then one bit per compact cell (word c >> 5,
 * bit c & 31) set when the cell lies in some placement still alive]; returns the number of cells.
 */
export function cityMask(): i32 {
  for (let w = 0; w < W; w++) IO[w] = get(S_ALIVE + w);
  const words = (nCells + 31) >> 5;
  for (let i = 0; i < words; i++) IO[W + i] = 0;
  for (let c = 0; c < nCells; c++) {
    let m: u32 = 0;
    for (let w = 0; w < W; w++) m |= unchecked(MASK[c * W + w]) & <u32>get(S_ALIVE + w);
    if (m != 0) IO[W + (c >> 5)] |= 1 << (c & 31);
  }
  return nCells;
}

/**
 * Does the set of cells IO = [q0, r0, …] (n cells, any origin) fit a translation of the city shape or of
 * its mirror? Needs `newGame` for the player count. 1 or 0.
 */
export function fitCells(n: i32): i32 {
  if (n == 0) return 1;
  const q0 = IO[0];
  const r0 = IO[1];
  let m0: u32 = 0xffffffff;
  let m1: u32 = 0xffffffff;
  let m2: u32 = 0xffffffff;
  for (let i = 0; i < n; i++) {
    const c = cellAt(IO[2 * i] - q0, IO[2 * i + 1] - r0);
    if (c < 0) return 0;
    m0 &= MASK[c * W];
    m1 &= MASK[c * W + 1];
    m2 &= MASK[c * W + 2];
  }
  return (m0 | m1 | m2) != 0 ? 1 : 0;
}

export function placed(): i32 {
  return get(S_NPLACED);
}
export function score(p: i32): i32 {
  return get(S_SCORE + p);
}
export function mark(): i32 {
  return trailMark();
}
export function undo(m: i32): void {
  trailUndo(m);
}

/** Incremental route rows (see routes/full.ts) into IO; returns the number of Int32 written. */
export function routes(): i32 {
  return incrementalRows(IO, 0);
}
/** Routes by full recomputation, same rows, then MAXP route credits; returns the Int32 count. */
export function routesFull(): i32 {
  return fullRows(IO, 0);
}

/** Player p's unplayed designs (the mover's hand excluded) from IO[0..n). */
export function unplayed(p: i32, n: i32): void {
  setUnplayed(p, 0, n);
}

export function playouts(count: i32, seed: u32, toMove: i32, policy: i32): i32 {
  return playoutBatch(count, seed, toMove, policy);
}

export function searchPlacements(me: i32, hand: i32, count: i32, seed: u32, policy: i32, halving: i32): i32 {
  return search(me, hand, count, seed, policy, halving);
}

/**
 * Objective table from IO: n × [measure code 0..7, test (0 most, 1 at-least), threshold] (codes in
 * routes/objectives.ts); n = 0 turns objectives off (playouts count route credit only).
 */
export function setObjectives(n: i32): void {
  for (let i = 0; i < n * OSTRIDE; i++) OBJ[i] = IO[i];
  setObjectiveCount(n);
}

/** The searching player's own objectives (table indices, -1 none). */
export function myObjectives(a: i32, b: i32): void {
  setMyObjectives(a, b);
}

/** Objective measure m (0..7) of every player for the current city into IO[0..players). */
export function measure(m: i32): void {
  measureInto(m, IO);
}

/** The wrapping option (1 on): when the city fills, open ends wrap across it and wrapped routes score. */
export function setWrap(on: i32): void {
  setWrapOption(on != 0);
}

/**
 * TypeScript twin of the Light Rail Wasm module (assembly/light.ts): the thin assembly, as the LightKernel,
 * of twin/<file>.ts, one file per kernel file of assembly/routes/ (layout, rng, fit, unionfind, full, objectives,
 * playout) with the kernel's functions, signatures and module-level tables, so the same seed gives the same
 * results. Each method is the entry's export of the same name, with inputs and outputs passing through the
 * twin's IO buffer as the Wasm wrapper (wasm.ts) passes them through the module's; unlike that wrapper it checks
 * nothing (a twin). The twins' state is module state, like one Wasm instance's memory: every LightReference
 * drives the same city, and a caller loads its position before each use (search.ts does, per batch). Used by the
 * differential tests and the bench, and as a fallback where Wasm is unavailable. Conventions and row layouts:
 * kernel.ts.
 */
import { type LightKernel, MASK_WORDS, OSTRIDE, SEARCH_STRIDE } from "./kernel.ts";
import { buildGeometry, cellAt, nCells, nPlacements, shapeSize } from "./twin/fit.ts";
import { fullRows, incrementalRows } from "./twin/full.ts";
import {
  CELL_Q,
  CELL_R,
  DES,
  get,
  IO,
  MASK,
  mark,
  S_ALIVE,
  S_CARD,
  S_NPLACED,
  S_SCORE,
  undo,
} from "./twin/layout.ts";
import { measureInto, OBJ, setObjectiveCount } from "./twin/objectives.ts";
import { legalAt, legalCells, playoutBatch, search, setMyObjectives, setUnplayed } from "./twin/playout.ts";
import { legalCell, place, players, resetState, setWrapOption } from "./twin/unionfind.ts";

const W = MASK_WORDS;

export class LightReference implements LightKernel {
  /** Copies `values` into IO (the wrapper's `write`); returns their number. */
  private write(values: ArrayLike<number>): number {
    IO.set(values);
    return values.length;
  }

  setDesigns(designs: ArrayLike<number>): void {
    const n = this.write(designs);
    for (let i = 0; i < n; i++) DES[i] = IO[i]!;
  }
  newGame(players: number): number {
    buildGeometry(players);
    resetState(players);
    return nCells;
  }
  placementCount(): number {
    return nPlacements;
  }
  cityCells(): number {
    return shapeSize;
  }
  placeAt(q: number, r: number, d: number, o: number, p: number): number {
    const c = cellAt(q, r);
    if (c < 0) return -1;
    if (get(S_CARD + c) >= 0) return -2;
    place(c, d, o, p);
    return c;
  }
  isLegal(q: number, r: number): boolean {
    const c = cellAt(q, r);
    return c >= 0 && legalCell(c);
  }
  legal(): Int32Array {
    const n = legalCells();
    for (let i = 0; i < n; i++) {
      const c = legalAt(i);
      IO[2 * i] = CELL_Q[c]!;
      IO[2 * i + 1] = CELL_R[c]!;
    }
    return IO.slice(0, 2 * n);
  }
  cityMask(): Int32Array {
    for (let w = 0; w < W; w++) IO[w] = get(S_ALIVE + w);
    const words = (nCells + 31) >> 5;
    IO.fill(0, W, W + words);
    for (let c = 0; c < nCells; c++) {
      let m = 0;
      for (let w = 0; w < W; w++) m |= MASK[c * W + w]! & get(S_ALIVE + w);
      if (m !== 0) IO[W + (c >> 5)]! |= 1 << (c & 31);
    }
    return IO.slice(0, W + words);
  }
  fitCells(cells: ArrayLike<number>): boolean {
    const n = this.write(cells) >> 1;
    if (n === 0) return true;
    const q0 = IO[0]!;
    const r0 = IO[1]!;
    let m0 = -1;
    let m1 = -1;
    let m2 = -1;
    for (let i = 0; i < n; i++) {
      const c = cellAt(IO[2 * i]! - q0, IO[2 * i + 1]! - r0);
      if (c < 0) return false;
      m0 &= MASK[c * W]!;
      m1 &= MASK[c * W + 1]!;
      m2 &= MASK[c * W + 2]!;
    }
    return (m0 | m1 | m2) !== 0;
  }
  placed(): number {
    return get(S_NPLACED);
  }
  score(p: number): number {
    return get(S_SCORE + p);
  }
  mark(): number {
    return mark();
  }
  undo(m: number): void {
    undo(m);
  }
  routes(): Int32Array {
    return IO.slice(0, incrementalRows(IO, 0));
  }
  routesFull(): Int32Array {
    return IO.slice(0, fullRows(IO, 0));
  }
  setUnplayed(p: number, designs: ArrayLike<number>): void {
    setUnplayed(p, 0, this.write(designs));
  }
  setObjectives(table: ArrayLike<number>): void {
    const len = this.write(table);
    for (let i = 0; i < len; i++) OBJ[i] = IO[i]!;
    setObjectiveCount(Math.floor(len / OSTRIDE));
  }
  setMyObjectives(a: number, b: number): void {
    setMyObjectives(a, b);
  }
  measure(m: number): Int32Array {
    measureInto(m, IO);
    return IO.slice(0, players);
  }
  setWrap(on: boolean): void {
    setWrapOption(on);
  }
  playouts(count: number, seed: number, toMove: number, policy: number): number {
    return playoutBatch(count, seed, toMove, policy);
  }
  search(me: number, hand: number, playouts: number, seed: number, policy: number, halving = 0): Int32Array {
    return IO.slice(0, search(me, hand, playouts, seed, policy, halving) * SEARCH_STRIDE);
  }
}

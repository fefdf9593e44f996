/**
 * The Light Rail kernels: one interface, two twins with the same signatures: the Wasm module (wasm.ts,
 * assembly/light.ts) and its TypeScript twin (reference.ts). The search (search.ts) takes either as a parameter.
 *
 * Conventions (stated once, as in the kernels): axial (q, r) relative to the anchor card, the first card
 * of the game, at (0, 0); edges 0..5 clockwise from up, edge e faces edge (e + 3) % 6; a segment end is an
 * edge or TERMINUS (6); buildings 1..5, 0 none; player p's segments are colour p. A design is DSTRIDE Int32:
 * [segments, (end a, end b, building) × 2]. Orientation 1 turns the card 180° (edge e becomes e + 3).
 * The row layouts below are the module's too: wasm.ts refuses a module whose descriptor says otherwise.
 */

export const TERMINUS = 6;
/** A design row: [segments, (end a, end b, building) × 2]. */
export const DSTRIDE = 7;
/** A route row: [route id (smallest segment id), open, dead, termini, loop, buildings, length, complete, colours × 4]. */
export const RSTRIDE = 12;
/** A search row: [q, r, orientation, immediate credit, playouts, sum of margins, 2 × wins + ties]. */
export const SEARCH_STRIDE = 7;
/** An objective row: [measure code, test (0 most, 1 at-least), threshold]. */
export const OSTRIDE = 3;
/** 32-bit words of a placement mask (the head of `cityMask`). */
export const MASK_WORDS = 3;
export const MAXP = 4;

/** The operations both twins offer (Wasm: wasm.ts; TypeScript: reference.ts). */
export interface LightKernel {
  setDesigns(designs: ArrayLike<number>): void;
  /** New empty city for 2..4 players; returns the number of compact cells. */
  newGame(players: number): number;
  /** Compact cell, -1 outside every city placement, -2 taken. No adjacency check (replays). */
  placeAt(q: number, r: number, design: number, orientation: number, player: number): number;
  isLegal(q: number, r: number): boolean;
  /** Legal cells for the next card, [q0, r0, q1, r1, …]. */
  legal(): Int32Array;
  /** [alive placement words × MASK_WORDS, cell bits…] (see assembly/light.ts `cityMask`). */
  cityMask(): Int32Array;
  fitCells(cells: ArrayLike<number>): boolean;
  placed(): number;
  cityCells(): number;
  score(player: number): number;
  mark(): number;
  undo(mark: number): void;
  routes(): Int32Array;
  routesFull(): Int32Array;
  setUnplayed(player: number, designs: ArrayLike<number>): void;
  /** Objective table, n × [measure code 0..7, test (0 most, 1 at-least), threshold]; empty: objectives off. */
  setObjectives(table: ArrayLike<number>): void;
  /** The searching player's own objectives (table indices, -1 none). */
  setMyObjectives(a: number, b: number): void;
  /** Objective measure m of every player for the current city. */
  measure(m: number): Int32Array;
  /** The wrapping option: when the city fills, open ends wrap across it and wrapped routes score. */
  setWrap(on: boolean): void;
  playouts(count: number, seed: number, toMove: number, policy: number): number;
  /** Rows of SEARCH_STRIDE; `halving` 0 (default): round-robin, 1: successive halving, 2: paired round-robin. */
  search(
    me: number,
    hand: number,
    playouts: number,
    seed: number,
    policy: number,
    halving?: number,
  ): Int32Array;
}

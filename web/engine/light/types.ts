/**
 * Light Rail: constants, city and state types (docs/rules/light-rail.md).
 *
 * Geometry: flat-top hex cells in axial coordinates `(q, r)`. Edges 0..5 clockwise from up; the neighbour
 * across edge `i` is `(q, r) + D[i]` and edge `i` faces edge `(i + 3) % 6` there. A segment end is an edge
 * 0..5 or `CAP` (6), a terminus on the card. Colours, buildings and designs are indices into the data
 * files (web/data/light/cards.json): colour 0..3 = blue, yellow, pink, green; building 0 = none,
 * 1..5 = school, market, hospital, museum, stadium. Seat `i` plays colour `i`.
 */
import type { GameHeader } from "../common/game.ts";
import type { RngState } from "../common/rng.ts";

export const D: readonly (readonly [number, number])[] = [
  [0, -1],
  [1, -1],
  [1, 0],
  [0, 1],
  [-1, 1],
  [-1, 0],
];
/** The terminus marker used for a segment's second end (edges are 0..5). */
export const CAP = 6;
export const COLORS = ["blue", "yellow", "pink", "green"] as const;
export type ColorName = (typeof COLORS)[number];
/** Index 0 is "no building". */
export const BUILDINGS = ["none", "school", "market", "hospital", "museum", "stadium"] as const;
export type BuildingName = Exclude<(typeof BUILDINGS)[number], "none">;
/** Credit for each fulfilled objective. */
export const OBJECTIVE_CREDIT = 3;
/** Coordinates accepted by the engine: |q|, |r| below this (keeps cell keys exact). */
export const COORD_LIMIT = 1 << 14;

/** A segment with absolute edges (after orientation). `b` is 0..5 or CAP. `building` 0 = none. */
export interface Segment {
  a: number;
  b: number;
  building: number;
}

/** A card lying in the city, with its segments as placed. */
export interface CityCard {
  q: number;
  r: number;
  /** Colour 0..3. */
  color: number;
  segments: Segment[];
}

/** A city: the placed cards (any order; the engine keeps placement order). */
export interface City {
  /** Player count (2..4): fixes the city-limit shape. */
  players: number;
  cards: CityCard[];
}

/** Options of `setup`. */
export interface LightOptions {
  /** 2..4 seats. */
  players: number;
  /** The wrapping option (docs/rules/light-rail.md § Wrapping): scored at the end of the game. Default false. */
  wrap?: boolean;
}

/** Options as a state holds them (normalised by `setup`: every field present). */
export interface LightGameOptions {
  players: number;
  wrap: boolean;
}

/**
 * Place the card in hand. `orientation` 0 = as designed, 1 = turned 180° (edge i → i+3 mod 6).
 * `player` is the seat that plays it (`light.not-your-turn` otherwise).
 */
export interface LightAction {
  type: "place";
  player: number;
  q: number;
  r: number;
  orientation: 0 | 1;
}

/** A card in the state: a CityCard plus where it came from. */
export interface PlacedCard extends CityCard {
  design: number;
  orientation: 0 | 1;
  /** Seat that placed it (= its colour). */
  player: number;
}

/** One scoring event: a route completed (or joined by wrapping) and the credit it gave. */
export interface ScoreEvent {
  /** Index of the action in `log` that completed it (for wrap scoring, the last action). */
  turn: number;
  /** Cells of the route in path order, `[q, r]`. */
  cells: [number, number][];
  winners: number[];
  credit: number;
  wrapped: boolean;
}

/**
 * A game state, format version 2: the common header (web/engine/common/game.ts `GameHeader`: `current` is
 * the seat to play, null once the city is full; `winners` the seats with the highest total once `over`)
 * and the table.
 */
export interface LightState extends GameHeader<LightGameOptions, LightAction> {
  game: "light";
  version: 2;
  /** Generator state after setup (the game draws nothing after setup; kept for bots and searches). */
  rng: RngState;
  /** Placed cards in placement order. */
  cards: PlacedCard[];
  /** Per seat, the design ids still in the deck, top first. */
  decks: number[][];
  /** Per seat, the design id in hand, or null (deck and hand empty). */
  hands: (number | null)[];
  /** Per seat, the ids of the two secret objectives dealt. */
  objectives: string[][];
  /** Per seat, credit from routes (including wrap scoring at the end). */
  routeCredit: number[];
  /** Per seat, credit from objectives; all 0 until the game is over. */
  objectiveCredit: number[];
  /** Per seat, the objective ids fulfilled (filled at the end). */
  fulfilled: string[][];
  scores: ScoreEvent[];
}

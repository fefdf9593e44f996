/**
 * String Railway: Transport: state and action types (docs/rules/string-railway.md).
 * Plain JSON throughout, so a state saves with `JSON.stringify` and a game is its options, seed and log.
 *
 * Units are centimetres. Polygons and paths are flat coordinate lists `[x0, y0, x1, y1, …]`; a polygon is
 * closed implicitly (the last vertex joins the first) and may wind either way. Players are seats
 * `0 … players-1`. Stations are named by their string `id` in actions and by their index in
 * `state.stations` inside the state (placed strings, cube piles).
 */
import type { GameHeader } from "../common/game.ts";

export type CityColour = "red" | "blue" | "purple" | "yellow";
export type CubeColour = CityColour | "green" | "white";
export const CITY_COLOURS: readonly CityColour[] = ["red", "blue", "purple", "yellow"];
/** Cube colours in the fixed order used for bag draws and every listing. */
export const CUBE_COLOURS: readonly CubeColour[] = ["red", "blue", "purple", "yellow", "green", "white"];

/** Cube counts per colour (a bag, a station's cubes, a score pile). */
export type Counts = Record<CubeColour, number>;

export type StationKind = "city" | "outskirts" | "mountain" | "new";

export interface Station {
  /** Unique, stable name used in actions and in the CLI output. */
  id: string;
  kind: StationKind;
  /** City colour of a city station, the chip of a new station (null without chip); null otherwise. */
  colour: CityColour | null;
  x: number;
  y: number;
  /** Seat that placed a new station; absent for board stations. */
  owner?: number;
}

/** A board: the black string, the mountain string, and the stations printed on it. */
export interface Board {
  /** Board polygon (the black string). */
  polygon: number[];
  /** Mountain polygon (the grey string), strictly inside the board. */
  mountain: number[];
  /** Station disc radius, 2.5 by the rules. */
  radius: number;
  stations: Station[];
}

export type StringKind = "short" | "long";
/** Rounds of a game by the rules (the `rounds` option takes 1..ROUNDS). */
export const ROUNDS = 5;
/** The best locomotive's AP. */
export const MAX_LOCO = 6;
/** Cubes one replenish puts on a station. */
export const REPLENISH_CUBES = 2;
/** Replenishes, and cubes traded for AP, per turn. */
export const SPECIAL_LIMIT = 2;
export const STRING_LENGTH: Readonly<Record<StringKind, number>> = { short: 30, long: 60 };
export const STRINGS_PER_PLAYER: Readonly<Record<StringKind, number>> = { short: 4, long: 1 };
export const MAX_VERTICES = 64;
/** AP price of upgrading from the key locomotive to the next (docs/rules/string-railway.md § Locomotive phase). */
export const UPGRADE_COST: Readonly<Record<number, number>> = { 3: 1, 4: 2, 5: 2 };

export interface PlacedString {
  kind: StringKind;
  path: number[];
  /** Indices into `state.stations` of the stations it touches, in order along the path. */
  stations: number[];
}

export interface HeldTile {
  id: number;
  /** Flipped (+5 at the end) after resolving from row A; face up scores −2. */
  flipped: boolean;
}

export interface PlayerState {
  strings: PlacedString[];
  /** Strings still in hand. */
  shortLeft: number;
  longLeft: number;
  /** Locomotive: AP at the start of each turn (3…6). */
  loco: number;
  pile: Counts;
  tiles: HeldTile[];
  /** Index of the player's placed new station, null before it is placed. */
  newStation: number | null;
}

/** The turn's phase: route → transport → locomotive, in that order (special actions at any time). */
export type TurnStep = "route" | "transport" | "locomotive";

/** A pending long-distance tile choice (setup deal or the draw special action): keep one of `tiles`. */
export interface TileChoice {
  player: number;
  tiles: number[];
  reason: "setup" | "draw";
}

/** The final tally of a finished game (the winners are the header's `winners`). */
export interface GameResult {
  /** Final points per seat. */
  points: number[];
  /** Cubes in each seat's score pile (the first tie-break: fewer wins). */
  cubes: number[];
  /**
   * Per seat, the sets its score pile was split into for the best score (`bestSplit`): each set lists its
   * cubes' colours, a white cube as "white" (it stands for a colour the set lacks).
   */
  sets: CubeColour[][][];
}

/** Options as `setup` takes them. */
export interface StringOptions {
  /** 2…5 players. */
  players: number;
  /** A board to play on (validated like a board file); absent or null: a board generated from the seed. */
  board?: Board | null;
  /** Rounds in the game, 1…5 (default 5, the rules'; fewer for short games: tests, demos). */
  rounds?: number;
}

/** Options as a state holds them (normalised by `setup`: every field present). */
export interface StringGameOptions {
  players: number;
  /** The board given to `setup`, as `parseBoard` returns it; null when the board was generated from the seed. */
  board: Board | null;
  /** Rounds in the game, 1…5 (5 unless `setup` was given fewer). */
  rounds: number;
}

/**
 * A game state, format version 3: the common header (web/engine/common/game.ts `GameHeader`; `current` is
 * the seat that must act now, the choosing seat while a tile choice is pending) and the table.
 */
export interface StringState extends GameHeader<StringGameOptions, StringAction> {
  game: "string";
  version: 3;
  board: { polygon: number[]; mountain: number[]; radius: number };
  /** Board stations, then new stations in the order they were placed. */
  stations: Station[];
  /** Cubes on each station, parallel to `stations`. */
  stationCubes: Counts[];
  bag: Counts;
  /** Long-distance deck, top first. */
  deck: number[];
  /** New station chips still at the side of the table. */
  chips: CityColour[];
  seats: PlayerState[];
  /** "setup": the long-distance tiles are being dealt (a `setup` tile choice is pending); then "play". */
  phase: "setup" | "play";
  /** 1…5. */
  round: number;
  /** Seats in this round's order. */
  order: number[];
  /** Index into `order` of the seat to play (`players` once the game is over). */
  turn: number;
  /** AP left this turn. */
  ap: number;
  step: TurnStep;
  placedString: boolean;
  replenishes: number;
  cubesForAp: number;
  choice: TileChoice | null;
  /** Final points and cubes; set exactly when `over`. */
  result: GameResult | null;
}

/** Station names (`from`, `to`, `station`, `stations`) are station ids. Every action names its seat. */
export type StringAction =
  /** Keep one tile of a pending choice (setup deal or draw). */
  | { type: "keep-tile"; player: number; tile: number }
  /** Route phase: lay one string (polyline `[x0, y0, …]`, 2…64 vertices). */
  | { type: "place-string"; player: number; kind: StringKind; path: number[] }
  /** Transport: move one cube between two stations touched by one of the player's own strings (1 AP). */
  | { type: "transport"; player: number; from: string; to: string; colour: CubeColour }
  /**
   * Resolve a long-distance tile from `row`: move the white cube on `stations[0]` hop by hop along the
   * player's own strings (each consecutive pair adjacent on one own string, 1 AP a hop) to the player's new station.
   */
  | { type: "long-distance"; player: number; tile: number; row: "A" | "B" | "C"; stations: string[] }
  /** Locomotive phase: upgrade one step (3→4: 1 AP, 4→5: 2, 5→6: 2). */
  | { type: "upgrade"; player: number }
  /** Special: place the new station (once a game, free). `chip` must be a remaining chip, null only if none is left. */
  | { type: "new-station"; player: number; x: number; y: number; chip: CityColour | null }
  /** Special: 2 cubes from the bag onto a station (1 AP, twice a turn). */
  | { type: "replenish"; player: number; station: string }
  /** Special: return a cube of the score pile to the bag for +1 AP (twice a turn). */
  | { type: "cube-for-ap"; player: number; colour: CubeColour }
  /** Special: draw two long-distance tiles and keep one (a `keep-tile` follows); one left: take it. */
  | { type: "draw-tile"; player: number }
  /** End the turn (unspent AP are lost). */
  | { type: "end-turn"; player: number };

/**
 * String Railway: Transport rules engine (docs/rules/string-railway.md).
 * Pure and deterministic over plain JSON states that begin with the common header (web/engine/common/game.ts):
 * `createStringEngine(geometry)` = `defineEngine({ … })` gives the shared load-by-replay, save and undo, and an
 * `apply` that never throws; its route checks measure with `geometry`, a parameter (`stringEngine`: the TypeScript
 * twin). The exported rule functions that measure take the geometry as their last, optional parameter (default:
 * the twin); no module state chooses it. Every refusal is a `RuleError` with a stable `string.*` rule id (or an `InputError` with the JSON
 * pointer of malformed input) and leaves the state unchanged. The checks return the refusal (`RuleError` or
 * null); nothing is thrown as control flow. The seeded generator's state lives in the state, so a game is its
 * options, seed and action log.
 *
 * Positions built by hand (tests, tools) go through {@link position}, never `load`.
 */

import { InputError, ok, type Result, RuleError } from "../common/errors.ts";
import { checkVersion, defineEngine, type GameEngine, MAX_LOG } from "../common/game.ts";
import {
  arr,
  bool,
  describe,
  firstDifference,
  int,
  listLength,
  num,
  obj,
  oneOf,
  pointer,
  readJson,
  seed as readSeed,
  snapshot,
  str,
} from "../common/input.ts";
import { Rng, seedRng } from "../common/rng.ts";
import { discInside, discOutside, generateBoard, parseBoard } from "./board.ts";
import { addCounts, BOX, countTotal, drawCubes, emptyCounts } from "./cubes.ts";
import { boxOf } from "./geometry/box.ts";
import { boundsOf, type PlacedSegmentIndex } from "./geometry/placed.ts";
import { stationsTouched } from "./geometry/polyline.ts";
import { type RouteGeometry, routeGeometryTs } from "./geometry/route.ts";
import { hopGraph, hopUsedTwice, journeyBounds, shortestJourney } from "./journey.ts";
import { checkRoute, parsePath, type RouteCheck, type RouteContext, stringIds, toSegments } from "./route.ts";
import { bestSplit, scoreCubes } from "./scoring.ts";
import { ROWS, type Row, rowColours, TILES } from "./tiles.ts";
import {
  type Board,
  CITY_COLOURS,
  type CityColour,
  type Counts,
  CUBE_COLOURS,
  type CubeColour,
  type GameResult,
  type HeldTile,
  MAX_LOCO,
  type PlacedString,
  type PlayerState,
  REPLENISH_CUBES,
  ROUNDS,
  SPECIAL_LIMIT,
  STRING_LENGTH,
  STRINGS_PER_PLAYER,
  type Station,
  type StringAction,
  type StringGameOptions,
  type StringKind,
  type StringOptions,
  type StringState,
  type TileChoice,
  UPGRADE_COST,
} from "./types.ts";

export { UPGRADE_COST };

/**
 * The state format version (`state.version`): 3 since meeting places (shared stretches and touches) cost AP and a
 * long-distance journey uses each hop at most once. Saves of earlier versions are refused (`STRING_RETIRED`).
 */
export const STRING_VERSION = 3;
/** Retired versions and the message `load` and `position` refuse them with (docs/rules/string-railway.md). */
export const STRING_RETIRED: Readonly<Record<number, string>> = {
  2: "This String Railway save was played under rules version 2, before meeting places (shared stretches and touches) were charged and long-distance hops were limited to once; it cannot be replayed under version 3",
};
export const START_LOCO = 3;
export const OUTSKIRTS_CUBES = 3;
export const NEW_STATION_CUBES = 3;
export const CITY_START_CUBES = 2;
export const MOUNTAIN_START_CUBES = 3;
// The rule numbers the element shows too live in types.ts (no engine code in the page bundle).
export { MAX_LOCO, REPLENISH_CUBES, ROUNDS, SPECIAL_LIMIT };

/** Longest station id in an action (board ids are at most 64 characters). */
const MAX_ID = 64;

// ---------------------------------------------------------------------------------------------------
// Setup

/**
 * Options normalised (`{ players, board, rounds }`, every field present): `board` is the board given, as
 * `parseBoard` returns it, or null when the board is generated from the seed; `rounds` 1…5 (default 5; fewer
 * only for short games: tests, demos). Unknown fields are refused.
 * Throws `InputError` at `path/<field>`.
 */
function readOptions(x: unknown, path: string): StringGameOptions {
  const o = obj(x, path);
  for (const k of Object.keys(o)) {
    if (k !== "players" && k !== "board" && k !== "rounds")
      throw new InputError("unknown option", pointer(path, k));
  }
  const players = int(o.players, `${path}/players`, 2, 5);
  const board = o.board === undefined || o.board === null ? null : parseBoard(o.board, `${path}/board`);
  const rounds = o.rounds === undefined ? ROUNDS : int(o.rounds, `${path}/rounds`, 1, ROUNDS);
  return { players, board, rounds };
}

/**
 * A new game. Throws `InputError` for bad options (`/options/players` outside 2…5, an invalid board at
 * `/options/board/…`, an unknown option) or a seed that is neither a finite number nor a string (`/seed`).
 */
export function setup(options: StringOptions, seed: number | string): StringState {
  const opts = readOptions(snapshot(options, "/options"), "/options");
  const sd = readSeed(seed, "/seed");
  const theSeed = sd === 0 ? 0 : sd; // -0 is saved as 0
  const players = opts.players;
  const board: Board = opts.board ?? generateBoard(players, theSeed);
  const rng = new Rng(seedRng(theSeed));
  const bag: Counts = { ...BOX };
  const stationCubes = board.stations.map((s) =>
    s.kind === "city"
      ? drawCubes(bag, CITY_START_CUBES, rng)
      : s.kind === "mountain"
        ? drawCubes(bag, MOUNTAIN_START_CUBES, rng)
        : emptyCounts(),
  );
  const seats: PlayerState[] = [];
  for (let i = 0; i < players; i++) {
    seats.push({
      strings: [],
      shortLeft: STRINGS_PER_PLAYER.short,
      longLeft: STRINGS_PER_PLAYER.long,
      loco: START_LOCO,
      pile: emptyCounts(),
      tiles: [],
      newStation: null,
    });
  }
  const order = rng.shuffle(seats.map((_, i) => i));
  const deck = rng.shuffle(TILES.map((t) => t.id));
  const state: StringState = {
    game: "string",
    version: STRING_VERSION,
    options: opts,
    seed: theSeed,
    rng: rng.state,
    log: [],
    current: order[0]!,
    over: false,
    winners: [],
    board: { polygon: board.polygon.slice(), mountain: board.mountain.slice(), radius: board.radius },
    stations: board.stations.map((s) => ({ ...s })),
    stationCubes,
    bag,
    deck,
    chips: [...CITY_COLOURS],
    seats,
    phase: "setup",
    round: 1,
    order,
    turn: 0,
    ap: 0,
    step: "route",
    placedString: false,
    replenishes: 0,
    cubesForAp: 0,
    choice: null,
    result: null,
  };
  // Setup deal: each seat in order is dealt the top two tiles and keeps one; the other goes to the
  // bottom. Dealing each pair when its turn to choose comes gives the same tiles as dealing all first
  // (the returned tiles go under the ten or fewer dealt ones).
  offerSetupTiles(state, order[0]!);
  return state;
}

function offerSetupTiles(s: StringState, player: number): void {
  s.choice = { player, tiles: s.deck.splice(0, 2), reason: "setup" };
}

function startTurn(s: StringState): void {
  const seat = s.seats[s.order[s.turn]!]!;
  s.ap = seat.loco;
  s.step = "route";
  s.placedString = false;
  s.replenishes = 0;
  s.cubesForAp = 0;
}

// ---------------------------------------------------------------------------------------------------
// Queries

/** The seat that must act (the header's `current`): the pending tile choice's seat, else the seat in turn order. */
function seatToAct(s: StringState): number | null {
  if (s.over) return null;
  if (s.choice) return s.choice.player;
  return s.order[s.turn]!;
}

export function stationIndex(s: StringState, id: string): number {
  return s.stations.findIndex((st) => st.id === id);
}

/**
 * The colour a cube must have to score on arrival at this station: its city colour, the chip of a new
 * station, green for outskirts; null for the mountain station and a chipless new station.
 */
export function scoringColour(st: Station): CubeColour | null {
  if (st.kind === "city" || st.kind === "new") return st.colour;
  if (st.kind === "outskirts") return "green";
  return null;
}

/** The colour a station counts as on a long-distance route: city colour or new-station chip, else null. */
function routeColour(st: Station): CityColour | null {
  return st.kind === "city" || st.kind === "new" ? st.colour : null;
}

/** The last route context made for a board object, and the station objects it was made from. */
const contexts = new WeakMap<object, { stations: readonly Station[]; ctx: RouteContext }>();

/**
 * The board and station discs as the route check reads them (typed arrays). Cached per board object: states of
 * one game share it, and their station objects (only appended, never changed); a state whose stations are not the
 * very same objects gets a fresh context. Callers must not write into it.
 */
export function routeContext(s: StringState): RouteContext {
  const hit = contexts.get(s.board);
  if (hit && sameObjects(hit.stations, s.stations)) return hit.ctx;
  const discs = new Float64Array(2 * s.stations.length);
  s.stations.forEach((st, i) => {
    discs[2 * i] = st.x;
    discs[2 * i + 1] = st.y;
  });
  const ctx: RouteContext = {
    polygon: Float64Array.from(s.board.polygon),
    mountain: Float64Array.from(s.board.mountain),
    discs,
    radius: s.board.radius,
  };
  contexts.set(s.board, { stations: s.stations.slice(), ctx });
  return ctx;
}

/** The two lists hold the very same objects in the same order. */
function sameObjects(a: readonly object[], b: readonly object[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Other players' placed strings as segments (the ones that cost AP to cross). */
export function otherSegments(s: StringState, player: number): Float64Array {
  const paths: number[][] = [];
  s.seats.forEach((seat, i) => {
    if (i !== player) for (const str of seat.strings) paths.push(str.path);
  });
  return toSegments(paths);
}

/** The string id of each of `otherSegments(s, player)`'s segments (one id per placed string). */
export function otherStrings(s: StringState, player: number): Int32Array {
  const paths: number[][] = [];
  s.seats.forEach((seat, i) => {
    if (i !== player) for (const str of seat.strings) paths.push(str.path);
  });
  return stringIds(paths);
}

/** One seat's index of the other seats' placed strings, and which strings it holds. */
interface RivalIndex {
  index: PlacedSegmentIndex;
  /** Per seat, the strings of that seat the index holds, in the seat's order (none of the index's own seat). */
  held: PlacedString[][];
  /** How many strings it holds (the next string id). */
  count: number;
  /** Each seat's string list and its length when the index was last brought up to date (the quick check). */
  lists: (readonly PlacedString[])[];
  lengths: number[];
}

/**
 * Per route geometry (each builds its own indexes: `createIndex`), per board object, per seat: the placed-segment
 * index of the other seats' strings (geometry/placed.ts). States of one game share their board object and every
 * placed string (structural sharing, `copyForAction`), and placed strings never change, so the index of a state is
 * the one of an earlier state plus the strings placed since: they are appended. A state whose rivals' string lists do
 * not begin with the strings held (another branch of the game: an undo, a bot trying moves) rebuilds it. Not part
 * of the state: a cache, invisible to the rules (an index holds exactly the rivals' strings, whichever engine
 * asked), so engines on different geometries never share one and never change each other's.
 * Quick check first: a seat that has not acted since keeps its very string list (an action copies only the
 * acting seat), so when every rival's list is the one seen last, at the same length, nothing was placed since.
 *
 * A state reloaded from JSON (a save read back; a host that keeps its states as JSON, as the server applies each move
 * to a plain copy) shares no object with its game: its board is found among the last {@link RECENT_BOARDS} boards
 * seen by its content (the polygon: the index's bounds), and a held string matches a string of the same path; the
 * index then serves it as it served the original (issue #24).
 */
const rivalIndexes = new WeakMap<RouteGeometry, WeakMap<object, Map<number, RivalIndex>>>();

/** How many boards per geometry are looked up by content (each holds its seats' indexes until pushed out). */
const RECENT_BOARDS = 4;
/** A board's seat indexes as found by content: the board object that holds them now, and its `boardKey`. */
interface BoardRecord {
  key: string;
  board: object;
  perSeat: Map<number, RivalIndex>;
}
/** The last boards seen per geometry, most recent first. */
const recentBoards = new WeakMap<RouteGeometry, BoardRecord[]>();

/** What an index depends on besides the strings: the board polygon (its bounds). */
const boardKey = (board: StringState["board"]): string => board.polygon.join(",");

/** The same string: identical, or the same path (a copy read back from JSON). */
function samePlaced(a: PlacedString, b: PlacedString): boolean {
  if (a === b) return true;
  const p = a.path;
  const q = b.path;
  if (p.length !== q.length) return false;
  for (let i = 0; i < p.length; i++) if (p[i] !== q[i]) return false;
  return true;
}

/** Whether each rival list of `s` begins with the strings `entry` (the index of seat `player`) holds from it. */
function heldPrefix(entry: RivalIndex, s: StringState, player: number): boolean {
  const seats = s.seats;
  if (entry.held.length !== seats.length) return false;
  for (let i = 0; i < seats.length; i++) {
    const list = seats[i]!.strings;
    const held = entry.held[i]!;
    if (i === player ? held.length > 0 : held.length > list.length) return false;
    for (let k = 0; k < held.length; k++) if (!samePlaced(list[k]!, held[k]!)) return false;
  }
  return true;
}

/**
 * The seat indexes of `s.board` for `geometry`: by the board object; else, for a board not seen (a state read back
 * from JSON), those of a recent board of the same content whose every index holds a beginning of `s`'s strings,
 * moved to this board object (the board they were found by gets new ones if it asks again); else new ones.
 */
function seatIndexes(s: StringState, geometry: RouteGeometry): Map<number, RivalIndex> {
  let boards = rivalIndexes.get(geometry);
  if (!boards) {
    boards = new WeakMap();
    rivalIndexes.set(geometry, boards);
  }
  const known = boards.get(s.board);
  if (known) return known;
  let recent = recentBoards.get(geometry);
  if (!recent) {
    recent = [];
    recentBoards.set(geometry, recent);
  }
  const key = boardKey(s.board);
  const serves = (r: BoardRecord) => {
    for (const [p, e] of r.perSeat) if (!heldPrefix(e, s, p)) return false;
    return true;
  };
  const at = recent.findIndex((r) => r.key === key && serves(r));
  let record: BoardRecord;
  if (at >= 0) {
    record = recent.splice(at, 1)[0]!;
    boards.delete(record.board);
    record.board = s.board;
  } else record = { key, board: s.board, perSeat: new Map() };
  recent.unshift(record);
  if (recent.length > RECENT_BOARDS) recent.pop();
  boards.set(s.board, record.perSeat);
  return record.perSeat;
}

/**
 * The other players' placed strings of `player`, indexed by `geometry` (default: the TypeScript twin), built or
 * brought up to date on demand.
 */
export function rivalIndex(
  s: StringState,
  player: number,
  geometry: RouteGeometry = routeGeometryTs,
): PlacedSegmentIndex {
  const perSeat = seatIndexes(s, geometry);
  let entry = perSeat.get(player);
  const seats = s.seats;
  if (entry && entry.lists.length === seats.length) {
    let same = true;
    for (let i = 0; i < seats.length && same; i++) {
      const list = seats[i]!.strings;
      same = i === player || (list === entry.lists[i] && list.length === entry.lengths[i]);
    }
    if (same) return entry.index;
  }
  // Each rival's list must begin with the strings held from that seat: the same objects, or copies of them (then
  // the state's own objects are held from now on, so that its descendants pass by identity).
  if (entry && heldPrefix(entry, s, player)) {
    for (const [i, held] of entry.held.entries())
      for (let k = 0; k < held.length; k++) held[k] = seats[i]!.strings[k]!;
  } else {
    entry = {
      index: geometry.createIndex(boundsOf(s.board.polygon)),
      held: seats.map(() => []),
      count: 0,
      lists: [],
      lengths: [],
    };
    perSeat.set(player, entry);
  }
  const fresh: PlacedString[] = [];
  for (let i = 0; i < seats.length; i++) {
    if (i === player) continue;
    const list = seats[i]!.strings;
    const held = entry.held[i]!;
    for (let k = held.length; k < list.length; k++) {
      fresh.push(list[k]!);
      held.push(list[k]!);
    }
  }
  if (fresh.length > 0) {
    // each string its own id (the index's string ids: meeting places count per rival string)
    const paths = fresh.map((str) => str.path);
    entry.index.addPlacedSegments(toSegments(paths), stringIds(paths, entry.count));
    entry.count += fresh.length;
  }
  entry.lists = seats.map((seat) => seat.strings);
  entry.lengths = seats.map((seat) => seat.strings.length);
  return entry.index;
}

/** Every cube in the game: bag + stations + score piles (always 94). */
export function totalCubes(s: StringState): number {
  let n = countTotal(s.bag);
  for (const c of s.stationCubes) n += countTotal(c);
  for (const seat of s.seats) n += countTotal(seat.pile);
  return n;
}

/** Points of a seat now: its score pile and tiles as if the game ended. */
export function pointsOf(s: StringState, player: number): number {
  const seat = s.seats[player]!;
  const flipped = seat.tiles.filter((t) => t.flipped).length;
  return scoreCubes(seat.pile, { flipped, faceUp: seat.tiles.length - flipped });
}

/** Both stations touched by one of the player's own strings. */
export function connected(s: StringState, player: number, a: number, b: number): boolean {
  return s.seats[player]!.strings.some((str) => str.stations.includes(a) && str.stations.includes(b));
}

/** The hop multigraph of the player's strings (journey.ts `hopGraph`: each neighbour once per joining string). */
function ownHopGraph(s: StringState, player: number): number[][] {
  return hopGraph(
    s.seats[player]!.strings.map((str) => str.stations),
    s.stations.length,
  );
}

// ---------------------------------------------------------------------------------------------------
// Action parsing (InputError for malformed input)

/** Every action type, in the order docs/rules/string-railway.md lists them. */
export const ACTION_TYPES = [
  "keep-tile",
  "place-string",
  "transport",
  "long-distance",
  "upgrade",
  "new-station",
  "replenish",
  "cube-for-ap",
  "draw-tile",
  "end-turn",
] as const;

/**
 * Reads an action (any value) into its normalised form: exactly the fields of its type, a fresh copy
 * (`chip` absent reads as null; -0 reads as 0). Throws `InputError` at the JSON pointer of the first
 * malformed field below `base` (`/action/type`, `/action/path/3`, `/log/7/player`). Seats are `0…players-1`,
 * tiles `0…11`. Each field of the type is read once and no other field is read; lists by index, their length
 * once (the read contract of `GameRules.parseAction`, common/game.ts).
 */
export function parseAction(v: unknown, players: number, base = "/action"): StringAction {
  const o = obj(v, base);
  // the pointers of `apply`'s action are constants (no string built per call); a log entry's are built
  const at = base === "/action";
  const type = oneOf(o.type, at ? "/action/type" : `${base}/type`, ACTION_TYPES);
  const player = int(o.player, at ? "/action/player" : `${base}/player`, 0, players - 1);
  switch (type) {
    case "keep-tile":
      return { type, player, tile: readTile(o, base) };
    case "place-string": {
      const kind = oneOf(o.kind, at ? "/action/kind" : `${base}/kind`, STRING_KINDS);
      return { type, player, kind, path: parsePath(o.path, at ? "/action/path" : `${base}/path`) };
    }
    case "transport": {
      const colour = oneOf(o.colour, `${base}/colour`, CUBE_COLOURS);
      return { type, player, from: readId(o, "from", base), to: readId(o, "to", base), colour };
    }
    case "long-distance": {
      const t = readTile(o, base);
      const row = oneOf(o.row, `${base}/row`, ROWS);
      const list = o.stations;
      const n = listLength(list, `${base}/stations`, 64);
      if (n === 0) throw new InputError("list 1 to 64 station ids", `${base}/stations`);
      const stations: string[] = new Array(n);
      for (let i = 0; i < n; i++) stations[i] = str((list as unknown[])[i], `${base}/stations/${i}`, MAX_ID);
      return { type, player, tile: t, row, stations };
    }
    case "new-station": {
      const chip = oneOf(o.chip ?? null, `${base}/chip`, [...CITY_COLOURS, null]);
      const x = num(o.x, `${base}/x`, -1e6, 1e6) + 0;
      const y = num(o.y, `${base}/y`, -1e6, 1e6) + 0;
      return { type, player, x, y, chip };
    }
    case "replenish":
      return { type, player, station: readId(o, "station", base) };
    case "cube-for-ap":
      return { type, player, colour: oneOf(o.colour, `${base}/colour`, CUBE_COLOURS) };
    case "upgrade":
    case "draw-tile":
    case "end-turn":
      return { type, player };
  }
}

const STRING_KINDS = ["short", "long"] as const;
const readId = (o: Record<string, unknown>, k: string, base: string): string =>
  str(o[k], `${base}/${k}`, MAX_ID);
const readTile = (o: Record<string, unknown>, base: string): number =>
  int(o.tile, `${base}/tile`, 0, TILES.length - 1);

/** A station's index by id, or an InputError at `path` for an unknown id. */
function lookup(s: StringState, id: string, path: string): number | InputError {
  const i = stationIndex(s, id);
  return i < 0 ? new InputError(`unknown station ${describe(id)}`, path) : i;
}

// ---------------------------------------------------------------------------------------------------
// Checks: pure, each returns the first rule the action breaks (a RuleError) or null

const rule = (id: string, message: string): RuleError => new RuleError(id, message);

function needAp(s: StringState, cost: number, what: string): RuleError | null {
  return s.ap < cost ? rule("string.not-enough-ap", `${what} costs ${cost} AP; ${s.ap} left`) : null;
}

function notAfterLocomotive(s: StringState): RuleError | null {
  return s.step === "locomotive"
    ? rule("string.phase-order", "the transport phase is over once the locomotive phase has begun")
    : null;
}

/** Whose turn it is and whether a tile choice must come first. */
function checkTurn(s: StringState, a: StringAction): RuleError | null {
  if (s.over) return rule("string.game-over", "the game is over");
  if (a.player !== s.current) return rule("string.not-your-turn", `it is seat ${s.current}'s turn`);
  if (s.choice && a.type !== "keep-tile")
    return rule("string.choose-tile-first", "keep one of the offered tiles first");
  return null;
}

function checkKeepTile(s: StringState, tile: number): RuleError | null {
  if (!s.choice) return rule("string.no-tile-choice", "no tiles are on offer");
  if (!s.choice.tiles.includes(tile)) return rule("string.tile-not-offered", `tile ${tile} is not on offer`);
  return null;
}

/**
 * The route check of a place-string action against the state: the legal string's check (stations touched,
 * crossings, cost), or the first rule it breaks.
 */
export function checkPlaceString(
  s: StringState,
  player: number,
  kind: StringKind,
  path: readonly number[],
  geometry: RouteGeometry = routeGeometryTs,
): RouteCheck | RuleError {
  const e = stringAllowed(s, player, kind);
  if (e) return e;
  const c = checkRoute(routeContext(s), kind, path, rivalIndex(s, player, geometry), geometry);
  return c.error ?? needAp(s, c.ap, "this string") ?? c;
}

/** Whether the seat may lay a string of this kind now, whatever its path (phase, one a turn, one left). */
function stringAllowed(s: StringState, player: number, kind: StringKind): RuleError | null {
  if (s.step !== "route")
    return rule("string.phase-order", "strings are laid in the route phase, before transports");
  if (s.placedString) return rule("string.one-string-per-turn", "one string per turn");
  const seat = s.seats[player]!;
  if ((kind === "short" ? seat.shortLeft : seat.longLeft) === 0)
    return rule("string.no-string-left", `no ${kind} string left`);
  return null;
}

/** What a string would be if `player` laid it now (`previewString`): the live feedback while drawing. */
export interface StringPreview {
  kind: StringKind;
  /** Its length (cm) and the kind's (30 or 60). */
  length: number;
  max: number;
  /** Ids of the stations touched, in order along the path. */
  stations: string[];
  /** One point per meeting place with a rival string (each costs 1 AP), `[x, y, …]`. */
  points: number[];
  /** How many: `points.length / 2`. */
  crossings: number;
  /** The shared stretches' parts outside every disc, `[x0, y0, x1, y1, …]` (drawn highlighted). */
  stretches: number[];
  /** Some part lies inside (or on) the mountain: +1 AP. */
  mountain: boolean;
  /** AP it costs, and the AP the seat has now. */
  ap: number;
  apLeft: number;
  /** The refusal `apply` would give (rule id and message), or null when it would be accepted. */
  error: { rule: string; message: string } | null;
}

/**
 * The route check of a string `player` might lay now, as `apply` of a `place-string` would make it, with the
 * numbers behind it (length, stations touched, crossing points, mountain, AP), legal or not. `path` is read as
 * an action's path (InputError at `at`, default `/path`, when malformed). `geometry` measures it (default: the
 * TypeScript twin; an engine's own is `engine.geometry`).
 */
export function previewString(
  s: StringState,
  player: number,
  kind: StringKind,
  path: unknown,
  at = "/path",
  geometry: RouteGeometry = routeGeometryTs,
): StringPreview {
  const p = parsePath(path, at);
  const c = checkRoute(routeContext(s), kind, p, rivalIndex(s, player, geometry), geometry);
  const error =
    checkTurn(s, { type: "place-string", player, kind, path: p }) ??
    stringAllowed(s, player, kind) ??
    c.error ??
    needAp(s, c.ap, "this string");
  return {
    kind,
    length: c.length,
    max: STRING_LENGTH[kind],
    stations: c.stations.map((i) => s.stations[i]!.id),
    points: Array.from(c.points),
    crossings: c.crossings,
    stretches: Array.from(c.stretches),
    mountain: c.mountain,
    ap: c.ap,
    apLeft: s.ap,
    error: error ? { rule: error.rule, message: error.message } : null,
  };
}

/** Whether moving a `colour` cube from station `from` to `to` scores (docs/rules/string-railway.md § Transport phase). */
export function transportScores(s: StringState, from: number, to: number, colour: CubeColour): boolean {
  if (colour === "white") return false;
  return scoringColour(s.stations[to]!) === colour && scoringColour(s.stations[from]!) !== colour;
}

function checkTransport(
  s: StringState,
  player: number,
  from: number,
  to: number,
  colour: CubeColour,
): RuleError | null {
  const order = notAfterLocomotive(s);
  if (order) return order;
  if (from === to)
    return rule("string.transport-same-station", "a transport moves a cube to another station");
  if (!connected(s, player, from, to))
    return rule("string.not-connected", "both stations must be touched by one of your own strings");
  if (s.stationCubes[from]![colour] === 0)
    return rule("string.no-such-cube", `no ${colour} cube on that station`);
  return needAp(s, 1, "a transport");
}

function checkLongDistance(
  s: StringState,
  player: number,
  tile: number,
  row: Row,
  path: readonly number[],
): RuleError | null {
  const order = notAfterLocomotive(s);
  if (order) return order;
  const seat = s.seats[player]!;
  if (!seat.tiles.some((t) => t.id === tile && !t.flipped))
    return rule("string.no-such-tile", `you hold no face-up long-distance tile ${tile}`);
  if (seat.newStation === null) return rule("string.no-new-station", "place your new station first");
  if (path.length < 2)
    return rule("string.ld-no-hop", "the white cube must move at least one hop (it cannot resolve in place)");
  const colours = rowColours(tile, row);
  const start = path[0]!;
  if (routeColour(s.stations[start]!) !== colours[0])
    return rule("string.ld-wrong-start", `row ${row} starts from a ${colours[0]} station`);
  if (s.stationCubes[start]!.white === 0)
    return rule("string.no-white-cube", "no white cube on the start station");
  if (path[path.length - 1] !== seat.newStation)
    return rule("string.ld-must-end-at-new-station", "the white cube must end on your new station");
  const graph = ownHopGraph(s, player);
  for (let i = 1; i < path.length; i++) {
    if (!graph[path[i - 1]!]!.includes(path[i]!))
      return rule(
        "string.ld-not-adjacent",
        "each hop goes to the next station touched along one of your strings",
      );
  }
  const twice = hopUsedTwice(graph, path);
  if (twice) {
    const [a, b] = twice.map((i) => s.stations[i]!.id);
    return rule(
      "string.ld-hop-twice",
      `the route travels between ${a} and ${b} more often than your strings join them: a long-distance journey never uses the same hop twice (return by a different route)`,
    );
  }
  let k = 1;
  for (let i = 1; i < path.length && k < colours.length; i++) {
    if (routeColour(s.stations[path[i]!]!) === colours[k]) k++;
  }
  if (k < colours.length)
    return rule("string.ld-colours-out-of-order", `the route must visit ${colours.join(" → ")} in order`);
  return needAp(s, path.length - 1, "this long-distance route");
}

function checkUpgrade(s: StringState, player: number): RuleError | null {
  const loco = s.seats[player]!.loco;
  if (loco >= MAX_LOCO) return rule("string.max-locomotive", "the 6 AP locomotive is the best");
  return needAp(s, UPGRADE_COST[loco]!, `upgrading ${loco}→${loco + 1}`);
}

/** Rule ids of the new-station placement rules, and the message of each (the touched station's id is added). */
const PLACEMENT_RULES = {
  "string.new-station-off-board": "the new station must lie inside the board, off its edge",
  "string.new-station-in-mountain": "the new station may not be in or touch the mountain",
  "string.new-station-touches-station": "the new station would touch station",
  "string.new-station-on-string": "the new station may not lie on a string",
} as const;
type PlacementRule = keyof typeof PLACEMENT_RULES;

/**
 * The rule a station disc at (x, y) would break on this board among these stations (off the board, in or
 * touching the mountain, touching a station), or null. No error object is made: `legalActions` asks this of
 * every grid point. `polygon` and `mountain` are the board's (plain or typed arrays).
 */
function placementRule(
  polygon: ArrayLike<number>,
  mountain: ArrayLike<number>,
  r: number,
  stations: readonly Station[],
  x: number,
  y: number,
): PlacementRule | null {
  if (!discInside(x, y, r, polygon)) return "string.new-station-off-board";
  if (!discOutside(x, y, r, mountain)) return "string.new-station-in-mountain";
  for (const st of stations) {
    if (Math.hypot(st.x - x, st.y - y) <= 2 * r) return "string.new-station-touches-station";
  }
  return null;
}

/** The refusal of `placementRule`'s answer (the station touched named), or null. */
function placementError(
  id: PlacementRule | null,
  stations: readonly Station[],
  r: number,
  x: number,
  y: number,
): RuleError | null {
  if (id === null) return null;
  if (id !== "string.new-station-touches-station") return rule(id, PLACEMENT_RULES[id]);
  const st = stations.find((st) => Math.hypot(st.x - x, st.y - y) <= 2 * r)!;
  return rule(id, `${PLACEMENT_RULES[id]} "${st.id}"`);
}

/**
 * Why a station disc may not stand at (x, y) on this board among these stations (off the board, in or
 * touching the mountain, touching a station), or null.
 */
function placementProblem(
  board: StringState["board"],
  stations: readonly Station[],
  x: number,
  y: number,
): RuleError | null {
  const id = placementRule(board.polygon, board.mountain, board.radius, stations, x, y);
  return placementError(id, stations, board.radius, x, y);
}

/**
 * The rule a new station at (x, y) would break (`placementRule`, or lying on a string), or null: what
 * {@link newStationProblem} says without building a RuleError (an Error's stack capture, per refused grid point, was
 * a quarter of legalActions' time).
 */
export function newStationRule(s: StringState, x: number, y: number): PlacementRule | null {
  const ctx = routeContext(s);
  const r = s.board.radius;
  const p = placementRule(ctx.polygon, ctx.mountain, r, s.stations, x, y);
  if (p) return p;
  const m = r * 1.000001 + 1e-9; // a touch is within r of the path, so within r of its box (margin: rounding)
  for (const seat of s.seats) {
    for (const st of seat.strings) {
      const { path, box } = pathOf(st);
      if (x < box[0] - m || x > box[2] + m || y < box[1] - m || y > box[3] + m) continue; // cannot touch
      disc[0] = x;
      disc[1] = y;
      if (stationsTouched(path, disc, r).length > 0) return "string.new-station-on-string";
    }
  }
  return null;
}
const disc = new Float64Array(2);

/** Why a new station may not stand at (x, y), or null when it may. */
export function newStationProblem(s: StringState, x: number, y: number): RuleError | null {
  return placementError(newStationRule(s, x, y), s.stations, s.board.radius, x, y);
}

/** A placed string's path as a typed array with its box `[minX, minY, maxX, maxY]` (placed strings never change). */
const paths = new WeakMap<PlacedString, { path: Float64Array; box: [number, number, number, number] }>();
function pathOf(str: PlacedString): { path: Float64Array; box: [number, number, number, number] } {
  let hit = paths.get(str);
  if (!hit) {
    hit = { path: Float64Array.from(str.path), box: boundsOf(str.path) };
    paths.set(str, hit);
  }
  return hit;
}

function checkNewStation(
  s: StringState,
  player: number,
  x: number,
  y: number,
  chip: CityColour | null,
): RuleError | null {
  if (s.seats[player]!.newStation !== null)
    return rule("string.new-station-used", "the new station is placed once a game");
  if (chip === null && s.chips.length > 0)
    return rule("string.chip-required", `choose a chip: ${s.chips.join(", ")} remain`);
  if (chip !== null && !s.chips.includes(chip))
    return rule("string.chip-unavailable", `no ${chip} chip remains`);
  return newStationProblem(s, x, y);
}

function checkReplenish(s: StringState): RuleError | null {
  if (s.replenishes >= SPECIAL_LIMIT) return rule("string.replenish-limit", "replenish at most twice a turn");
  return needAp(s, 1, "replenishing");
}

function checkCubeForAp(s: StringState, player: number, colour: CubeColour): RuleError | null {
  if (s.cubesForAp >= SPECIAL_LIMIT)
    return rule("string.cube-for-ap-limit", "cube for AP at most twice a turn");
  if (s.seats[player]!.pile[colour] === 0)
    return rule("string.no-such-cube", `no ${colour} cube in your score pile`);
  return null;
}

function checkDrawTile(s: StringState): RuleError | null {
  return s.deck.length === 0 ? rule("string.deck-empty", "the long-distance deck is empty") : null;
}

// ---------------------------------------------------------------------------------------------------
// Effects: mutate the private copy `apply` made, after the action's check passed

function keepTile(s: StringState, player: number, tile: number): void {
  const c = s.choice!;
  s.seats[player]!.tiles.push({ id: tile, flipped: false });
  for (const t of c.tiles) if (t !== tile) s.deck.push(t);
  s.choice = null;
  if (c.reason === "setup") {
    const next = s.order.indexOf(player) + 1;
    if (next < s.order.length) offerSetupTiles(s, s.order[next]!);
    else {
      s.phase = "play";
      s.turn = 0;
      startTurn(s);
    }
  }
}

function placeString(
  s: StringState,
  rng: Rng,
  player: number,
  kind: StringKind,
  path: number[],
  c: RouteCheck,
): void {
  const seat = s.seats[player]!;
  if (kind === "short") seat.shortLeft--;
  else seat.longLeft--;
  // The path array is the logged action's own copy (parseAction): shared, as neither ever changes.
  seat.strings.push({ kind, path, stations: c.stations });
  s.ap -= c.ap;
  s.placedString = true;
  const st = c.stations;
  for (let q = 0; q < st.length; q++) {
    const i = st[q]!;
    if (s.stations[i]!.kind !== "outskirts" || (q > 0 && st.lastIndexOf(i, q - 1) >= 0)) continue; // each station once
    addCounts(cubesToChange(s, i), drawCubes(s.bag, OUTSKIRTS_CUBES, rng));
  }
}

function transport(s: StringState, player: number, from: number, to: number, colour: CubeColour): void {
  s.step = "transport";
  s.ap -= 1;
  cubesToChange(s, from)[colour]--;
  if (transportScores(s, from, to, colour)) s.seats[player]!.pile[colour]++;
  else cubesToChange(s, to)[colour]++;
}

function longDistance(s: StringState, player: number, tile: number, row: Row, path: readonly number[]): void {
  s.step = "transport";
  s.ap -= path.length - 1;
  const seat = s.seats[player]!;
  cubesToChange(s, path[0]!).white--;
  const i = seat.tiles.findIndex((t) => t.id === tile && !t.flipped);
  if (row === "A") {
    seat.pile.white++;
    seat.tiles[i]!.flipped = true;
  } else {
    if (row === "B") seat.pile.white++;
    else s.bag.white++;
    seat.tiles.splice(i, 1);
  }
}

function newStation(
  s: StringState,
  rng: Rng,
  player: number,
  x: number,
  y: number,
  chip: CityColour | null,
): void {
  s.stations.push({ id: `new-${player}`, kind: "new", colour: chip, x, y, owner: player });
  s.stationCubes.push(drawCubes(s.bag, NEW_STATION_CUBES, rng));
  s.seats[player]!.newStation = s.stations.length - 1;
  if (chip) s.chips.splice(s.chips.indexOf(chip), 1);
}

function endTurn(s: StringState, rng: Rng): void {
  s.turn++;
  if (s.turn < s.order.length) {
    startTurn(s);
    return;
  }
  if (s.round >= s.options.rounds) {
    finish(s);
    return;
  }
  s.round++;
  // Fewest cubes in the score pile first; ties in a random order (a seeded shuffle, then a stable sort).
  const shuffled = rng.shuffle(s.seats.map((_, i) => i));
  s.order = shuffled.sort((a, b) => countTotal(s.seats[a]!.pile) - countTotal(s.seats[b]!.pile));
  s.turn = 0;
  startTurn(s);
}

/** Final points and cubes in each score pile. */
export function finalResult(s: StringState): GameResult {
  return {
    points: s.seats.map((_, i) => pointsOf(s, i)),
    cubes: s.seats.map((seat) => countTotal(seat.pile)),
    sets: s.seats.map((seat) => bestSplit(seat.pile)),
  };
}

/** The winners of a final tally: most points; tie: fewer cubes; still tied: shared. */
export function winnersOf(r: GameResult): number[] {
  const best = Math.max(...r.points);
  const top = r.points.map((p, i) => (p === best ? i : -1)).filter((i) => i >= 0);
  const fewest = Math.min(...top.map((i) => r.cubes[i]!));
  return top.filter((i) => r.cubes[i] === fewest);
}

function finish(s: StringState): void {
  s.over = true;
  s.ap = 0;
  s.result = finalResult(s);
  s.winners = winnersOf(s.result);
}

// ---------------------------------------------------------------------------------------------------
// apply

/**
 * Checks `a` on `s` and, when legal, plays it on `s` (a private copy); returns the refusal otherwise. Route checks
 * measure with `geometry`.
 */
function step(
  s: StringState,
  rng: Rng,
  a: StringAction,
  geometry: RouteGeometry,
): RuleError | InputError | null {
  const turn = checkTurn(s, a);
  if (turn) return turn;
  const p = a.player;
  switch (a.type) {
    case "keep-tile": {
      const e = checkKeepTile(s, a.tile);
      if (!e) keepTile(s, p, a.tile);
      return e;
    }
    case "place-string": {
      const c = checkPlaceString(s, p, a.kind, a.path, geometry);
      if (c instanceof RuleError) return c;
      placeString(s, rng, p, a.kind, a.path, c);
      return null;
    }
    case "transport": {
      const from = lookup(s, a.from, "/action/from");
      if (from instanceof InputError) return from;
      const to = lookup(s, a.to, "/action/to");
      if (to instanceof InputError) return to;
      const e = checkTransport(s, p, from, to, a.colour);
      if (!e) transport(s, p, from, to, a.colour);
      return e;
    }
    case "long-distance": {
      const path: number[] = [];
      for (const [i, id] of a.stations.entries()) {
        const k = lookup(s, id, `/action/stations/${i}`);
        if (k instanceof InputError) return k;
        path.push(k);
      }
      const e = checkLongDistance(s, p, a.tile, a.row, path);
      if (!e) longDistance(s, p, a.tile, a.row, path);
      return e;
    }
    case "upgrade": {
      const e = checkUpgrade(s, p);
      if (e) return e;
      const seat = s.seats[p]!;
      s.step = "locomotive";
      s.ap -= UPGRADE_COST[seat.loco]!;
      seat.loco++;
      return null;
    }
    case "new-station": {
      const e = checkNewStation(s, p, a.x, a.y, a.chip);
      if (!e) newStation(s, rng, p, a.x, a.y, a.chip);
      return e;
    }
    case "replenish": {
      const i = lookup(s, a.station, "/action/station");
      if (i instanceof InputError) return i;
      const e = checkReplenish(s);
      if (e) return e;
      s.ap -= 1;
      s.replenishes++;
      const drawn = drawCubes(s.bag, REPLENISH_CUBES, rng);
      const cubes = cubesToChange(s, i);
      for (const k of CUBE_COLOURS) cubes[k] += drawn[k];
      return null;
    }
    case "cube-for-ap": {
      const e = checkCubeForAp(s, p, a.colour);
      if (e) return e;
      s.seats[p]!.pile[a.colour]--;
      s.bag[a.colour]++;
      s.ap += 1;
      s.cubesForAp++;
      return null;
    }
    case "draw-tile": {
      const e = checkDrawTile(s);
      if (e) return e;
      // The deck was shuffled at setup: a draw takes its top tiles and uses no generator.
      if (s.deck.length === 1) s.seats[p]!.tiles.push({ id: s.deck.shift()!, flipped: false });
      else s.choice = { player: p, tiles: s.deck.splice(0, 2), reason: "draw" };
      return null;
    }
    case "end-turn":
      endTurn(s, rng);
      return null;
  }
}

/**
 * The copy an action plays on: structural sharing. Every container an effect may change is copied one level: the
 * acting seat (its string list, pile and tiles), the station cube list (a station's counts are copied where an
 * effect changes them: `cubesToChange`), bag, deck, chips, order, choice, log. What no effect of this action
 * changes is shared with the input state: the board, the options, the station objects, the other seats, every
 * station's counts until changed, every placed string (its path and station list) and every log entry. A few
 * dozen small objects, never the paths, so an action costs microseconds whatever the board holds, and the input
 * state is never mutated. Effects change only the seat that acts (`player`, the seat `checkTurn` lets act).
 */
function copyForAction(s: StringState, player: number, type: StringAction["type"]): StringState {
  if (type === "place-string") return copyForString(s, player);
  const seats = s.seats.slice();
  const seat = seats[player];
  if (seat)
    seats[player] = {
      ...seat,
      strings: seat.strings.slice(),
      pile: { ...seat.pile },
      tiles: seat.tiles.map((t) => ({ ...t })),
    };
  return {
    ...s,
    log: s.log.slice(),
    winners: s.winners.slice(),
    stations: s.stations.slice(),
    stationCubes: s.stationCubes.slice(),
    bag: { ...s.bag },
    deck: s.deck.slice(),
    chips: s.chips.slice(),
    seats,
    order: s.order.slice(),
    choice: s.choice ? { ...s.choice, tiles: s.choice.tiles.slice() } : null,
  };
}

/**
 * `copyForAction` of a place-string: its effects (`placeString`, then `applyRules`) change only the acting seat's
 * string list and strings in hand, AP and `placedString`, the bag and the counts of the outskirts stations it
 * reaches (`cubesToChange`), the generator, the log and `current`; so only those containers are copied, everything
 * else (the stations, deck, chips, order, choice, winners, the seat's pile and tiles) is shared.
 */
function copyForString(s: StringState, player: number): StringState {
  const seats = s.seats.slice();
  const seat = seats[player];
  if (seat) seats[player] = { ...seat, strings: seat.strings.slice() };
  return { ...s, log: s.log.slice(), stationCubes: s.stationCubes.slice(), bag: { ...s.bag }, seats };
}

/** Station `i`'s cube counts in the copy `s`, made its own before an effect changes them (see `copyForAction`). */
function cubesToChange(s: StringState, i: number): Counts {
  const c = { ...s.stationCubes[i]! };
  s.stationCubes[i] = c;
  return c;
}

/**
 * The rules' `apply` of an action `parseAction` read (`stringEngine.apply` guards it): checks it and plays it on a
 * copy; the accepted action, normalised, joins the log (the parser's fresh copy: its path is the placed string's).
 * Route checks measure with `geometry` (the engine's).
 */
function applyRules(state: StringState, a: StringAction, geometry: RouteGeometry): Result<StringState> {
  const s = copyForAction(state, a.player, a.type);
  const rng = new Rng(s.rng);
  const error = step(s, rng, a, geometry);
  if (error) return { ok: false, error };
  s.rng = rng.state;
  s.log.push(a);
  s.current = seatToAct(s);
  return ok(s);
}

/**
 * Whether `action` revealed something random: the generator moved (cubes drawn from the bag, the round's
 * tie-break shuffle) or a long-distance tile was drawn (`draw-tile` takes from the deck shuffled at setup,
 * without the generator). Undo never goes back past it.
 */
export function reveals(before: StringState, action: StringAction, after: StringState): boolean {
  return action.type === "draw-tile" || after.rng !== before.rng;
}

// ---------------------------------------------------------------------------------------------------
// Legal actions

/** Grid spacing (cm) of the candidate new-station points in `legalActions`. */
export const NEW_STATION_GRID = 7.5;

/**
 * The spots a new station may go on now, as `legalActions` offers them: the centres of a {@link NEW_STATION_GRID} cm grid
 * over the board's box (from its corner, half a step in), row by row, each one `newStationRule` accepts.
 */
export function newStationSpots(s: StringState): [number, number][] {
  const [minX, minY, maxX, maxY] = boxOf(s.board.polygon);
  const out: [number, number][] = [];
  for (let x = minX + NEW_STATION_GRID / 2; x < maxX; x += NEW_STATION_GRID)
    for (let y = minY + NEW_STATION_GRID / 2; y < maxY; y += NEW_STATION_GRID)
      if (!newStationRule(s, x, y)) out.push([x, y]);
  return out;
}

/** A candidate string and its route check (stations, crossings, cost). */
export interface StringCandidate {
  action: StringAction & { type: "place-string" };
  check: RouteCheck;
}

/**
 * Candidate strings: straight segments from station centre to station centre (each unordered pair once),
 * short when at most 30 cm long (or long when no short string is left), long when 30–60 cm; only those the
 * route rules and the AP allow. Curved strings are legal too but are not enumerated. `geometry` measures them
 * (default: the TypeScript twin).
 */
export function stringCandidates(
  s: StringState,
  player: number,
  geometry: RouteGeometry = routeGeometryTs,
): StringCandidate[] {
  const out: StringCandidate[] = [];
  const seat = s.seats[player]!;
  if (s.step !== "route" || s.placedString || seat.shortLeft + seat.longLeft === 0) return out;
  const ctx = routeContext(s);
  const others = rivalIndex(s, player, geometry);
  const n = s.stations.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = s.stations[i]!;
      const b = s.stations[j]!;
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      let kind: StringKind | null = null;
      if (d <= 30 && seat.shortLeft > 0) kind = "short";
      else if (d <= 60 && seat.longLeft > 0) kind = "long";
      if (!kind) continue;
      const path = [a.x, a.y, b.x, b.y];
      const check = checkRoute(ctx, kind, path, others, geometry);
      if (check.error || check.ap > s.ap) continue;
      out.push({ action: { type: "place-string", player, kind, path }, check });
    }
  }
  return out;
}

/**
 * Shortest (fewest hops, no hop twice) long-distance routes, one per tile, row and start station, within this
 * turn's AP (journey.ts `shortestJourney`, exact).
 */
function longDistanceCandidates(s: StringState, player: number): StringAction[] {
  const out: StringAction[] = [];
  const seat = s.seats[player]!;
  if (seat.newStation === null || s.step === "locomotive" || s.ap < 1) return out;
  const goal = seat.newStation;
  const graph = ownHopGraph(s, player);
  const colourOf = s.stations.map((st) => {
    const c = routeColour(st);
    return c === null ? -1 : CITY_COLOURS.indexOf(c);
  });
  for (const t of seat.tiles) {
    if (t.flipped) continue;
    for (const row of ROWS) {
      const colours = rowColours(t.id, row).map((c) => CITY_COLOURS.indexOf(c));
      let h: number[] | undefined; // the search's bound, the same for every start of this row
      s.stations.forEach((_, start) => {
        if (colourOf[start] !== colours[0] || s.stationCubes[start]!.white === 0) return;
        h ??= journeyBounds(graph, colourOf, colours, goal, s.ap);
        const path = shortestJourney(graph, colourOf, colours, start, goal, s.ap, h);
        if (path === null) return;
        const stations = path.map((i) => s.stations[i]!.id);
        out.push({ type: "long-distance", player, tile: t.id, row, stations });
      });
    }
  }
  return out;
}

/**
 * The legal actions now (a finite candidate set, every one of them legal): tile choices; end-turn;
 * straight strings (`stringCandidates`); every transport (each pair of stations on one own string, each
 * colour present); the shortest long-distance routes; the upgrade; new-station points on a 7.5 cm grid
 * with every remaining chip; replenish on every station; cube for AP for every colour in the pile; draw-tile.
 * The strings are measured with `geometry` (default: the TypeScript twin; the same list on any geometry).
 */
export function legalActions(s: StringState, geometry: RouteGeometry = routeGeometryTs): StringAction[] {
  const player = s.current;
  if (player === null) return [];
  if (s.choice) return s.choice.tiles.map((tile) => ({ type: "keep-tile", player, tile }));
  const seat = s.seats[player]!;
  const out: StringAction[] = [{ type: "end-turn", player }];
  for (const c of stringCandidates(s, player, geometry)) out.push(c.action);
  if (s.step !== "locomotive" && s.ap >= 1) {
    const pairs = new Set<string>();
    for (const str of seat.strings) {
      for (const a of str.stations) {
        for (const b of str.stations) {
          if (a === b || pairs.has(`${a},${b}`)) continue;
          pairs.add(`${a},${b}`);
          for (const colour of CUBE_COLOURS) {
            if (s.stationCubes[a]![colour] > 0) {
              out.push({ type: "transport", player, from: s.stations[a]!.id, to: s.stations[b]!.id, colour });
            }
          }
        }
      }
    }
  }
  out.push(...longDistanceCandidates(s, player));
  if (!checkUpgrade(s, player)) out.push({ type: "upgrade", player });
  if (seat.newStation === null) {
    const chips: Array<CityColour | null> = s.chips.length ? s.chips.slice() : [null];
    for (const [x, y] of newStationSpots(s))
      for (const chip of chips) out.push({ type: "new-station", player, x, y, chip });
  }
  if (s.replenishes < SPECIAL_LIMIT && s.ap >= 1) {
    for (const st of s.stations) out.push({ type: "replenish", player, station: st.id });
  }
  if (s.cubesForAp < SPECIAL_LIMIT) {
    for (const colour of CUBE_COLOURS)
      if (seat.pile[colour] > 0) out.push({ type: "cube-for-ap", player, colour });
  }
  if (!checkDrawTile(s)) out.push({ type: "draw-tile", player });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// The engine

/** A String Railway engine: the rules on one route geometry, plus the shared load policy, save and undo. */
export interface StringEngine extends GameEngine<StringState, StringAction, StringOptions> {
  /** How this engine's route checks measure a path (geometry/route.ts): fixed when the engine is made. */
  readonly geometry: RouteGeometry;
}

/**
 * An engine whose every route check (`apply` of a place-string, `legalActions`' strings) measures with `geometry`:
 * the TypeScript twin `routeGeometryTs` (the default) or the Wasm one (web/solvers/string/geometry-wasm.ts
 * `routeGeometry`). Both give the same answers (test/string/engine-geometry.test.ts), so games, saves and replays do
 * not depend on which one ran; engines on different geometries coexist, each with its own rival indexes
 * (`rivalIndex`). The rules plus the shared load policy (replay), save and undo (web/engine/common/game.ts).
 */
export function createStringEngine(geometry: RouteGeometry = routeGeometryTs): StringEngine {
  const engine = defineEngine<StringState, StringAction, StringOptions>({
    id: "string",
    version: STRING_VERSION,
    retired: STRING_RETIRED,
    setup,
    parseAction: (state, action) => parseAction(action, state.options.players),
    apply: (state, a) => applyRules(state, a, geometry),
    legalActions: (s) => legalActions(s, geometry),
    reveals,
  });
  return { ...engine, geometry };
}

/** The engine on the TypeScript route geometry (`createStringEngine()`). */
export const stringEngine: StringEngine = createStringEngine();

/** Applies one action: a new state, or the refusal (the old state untouched). Never throws. */
export const apply = stringEngine.apply;
/** A saved game: accepted only when replaying its options, seed and log reproduces it exactly. */
export const load = stringEngine.load;
export const save = stringEngine.save;
/** `player` takes back their own last action of this turn, back to the last reveal. */
export const undo = stringEngine.undo;

// ---------------------------------------------------------------------------------------------------
// Hand-built positions

/** Cube counts (a copy holding the six colours only); each 0…94. */
function readCounts(v: unknown, path: string): Counts {
  const o = obj(v, path);
  const out = emptyCounts();
  for (const k of CUBE_COLOURS) out[k] = int(o[k], `${path}/${k}`, 0, BOX[k]);
  return out;
}

/** A list (a copy) of at most `maxLength` integers in 0…max−1. */
function readIndexList(v: unknown, path: string, max: number, maxLength: number): number[] {
  return arr(v, path, maxLength).map((x, i) => int(x, `${path}/${i}`, 0, max - 1));
}

function readSeat(v: unknown, p: string, stations: readonly Station[], ctx: RouteContext): PlayerState {
  const seat = obj(v, p);
  const maxStrings = STRINGS_PER_PLAYER.short + STRINGS_PER_PLAYER.long;
  const strings = arr(seat.strings, `${p}/strings`, maxStrings).map((x, k): PlacedString => {
    const sp = `${p}/strings/${k}`;
    const st = obj(x, sp);
    const path = parsePath(st.path, `${sp}/path`);
    return {
      kind: oneOf(st.kind, `${sp}/kind`, ["short", "long"] as const),
      path,
      // Derived from the path: a differing list is refused by the final comparison.
      stations: stationsTouched(Float64Array.from(path), ctx.discs, ctx.radius),
    };
  });
  const placed = (kind: StringKind) => strings.filter((x) => x.kind === kind).length;
  const shortLeft = int(seat.shortLeft, `${p}/shortLeft`, 0, STRINGS_PER_PLAYER.short);
  const longLeft = int(seat.longLeft, `${p}/longLeft`, 0, STRINGS_PER_PLAYER.long);
  if (
    shortLeft + placed("short") !== STRINGS_PER_PLAYER.short ||
    longLeft + placed("long") !== STRINGS_PER_PLAYER.long
  )
    throw new InputError(
      "strings left + strings placed must be the 4 short and 1 long of a seat",
      `${p}/shortLeft`,
    );
  const loco = int(seat.loco, `${p}/loco`, START_LOCO, MAX_LOCO);
  const pile = readCounts(seat.pile, `${p}/pile`);
  const tiles = arr(seat.tiles, `${p}/tiles`, TILES.length).map((x, k): HeldTile => {
    const t = obj(x, `${p}/tiles/${k}`);
    return {
      id: int(t.id, `${p}/tiles/${k}/id`, 0, TILES.length - 1),
      flipped: bool(t.flipped, `${p}/tiles/${k}/flipped`),
    };
  });
  const newStation =
    seat.newStation === null ? null : int(seat.newStation, `${p}/newStation`, 0, stations.length - 1);
  return { strings, shortLeft, longLeft, loco, pile, tiles, newStation };
}

function readChoice(v: unknown, players: number): TileChoice | null {
  if (v === null) return null;
  const ch = obj(v, "/choice");
  const reason = oneOf(ch.reason, "/choice/reason", ["setup", "draw"] as const);
  const tiles = readIndexList(ch.tiles, "/choice/tiles", TILES.length, 2);
  if (tiles.length === 0) throw new InputError("a tile choice offers 1 or 2 tiles", "/choice/tiles");
  return { player: int(ch.player, "/choice/player", 0, players - 1), tiles, reason };
}

/**
 * A position built by hand (tests, tools, hints): a whole state (JSON text or a value, read once), checked
 * field by field and for consistency, then returned as a fresh state. Throws `InputError` with the JSON
 * pointer of the first problem. Checked: the header (`game`, `version`, options, seed, generator state, each
 * log entry a well-formed action); the board and board stations are those of the options (or the board the
 * seed generates); new stations are `new-<owner>`, stand on the board off the mountain and touch no station
 * placed before them, and match their owner's `newStation`; each colour's cubes (bag, stations, piles) add up
 * to the box; strings left plus placed are a seat's 4 short and 1 long; tile ids are each in one place; the
 * order is a permutation and `turn` inside it; `phase` is "setup" exactly while a setup choice is pending.
 * Derived fields must equal what play would make of the rest: each string's `stations` (from its path),
 * `current`, and once `over`, `result` and `winners`. Unknown fields are refused.
 *
 * A position is not a game: its log does not replay to it, so `load` refuses it and `undo` does not apply.
 */
export function position(fields: unknown): StringState {
  const v = obj(readJson(fields), "");
  if (v.game !== "string") throw new InputError(`must be "string", got ${describe(v.game)}`, "/game");
  checkVersion({ version: STRING_VERSION, retired: STRING_RETIRED }, v.version);
  const options = readOptions(v.options, "/options");
  const players = options.players;
  const seed = readSeed(v.seed, "/seed");
  const log = arr(v.log, "/log", MAX_LOG).map((a, i) => parseAction(a, players, `/log/${i}`));
  const over = bool(v.over, "/over");
  const board = options.board ?? generateBoard(players, seed);

  const given = arr(v.stations, "/stations", board.stations.length + players);
  const stations: Station[] = board.stations.map((st) => ({ ...st }));
  const table = { polygon: board.polygon, mountain: board.mountain, radius: board.radius };
  for (let i = board.stations.length; i < given.length; i++) {
    const p = `/stations/${i}`;
    const st = obj(given[i], p);
    const owner = int(st.owner, `${p}/owner`, 0, players - 1);
    const colour = oneOf(st.colour, `${p}/colour`, [...CITY_COLOURS, null]);
    const x = num(st.x, `${p}/x`, -1e6, 1e6);
    const y = num(st.y, `${p}/y`, -1e6, 1e6);
    const problem = placementProblem(table, stations, x, y);
    if (problem) throw new InputError(`${problem.rule}: ${problem.message}`, p);
    stations.push({ id: `new-${owner}`, kind: "new", colour, x, y, owner });
  }
  const ctx: RouteContext = {
    polygon: Float64Array.from(board.polygon),
    mountain: Float64Array.from(board.mountain),
    discs: Float64Array.from(stations.flatMap((st) => [st.x, st.y])),
    radius: board.radius,
  };
  const stationCubes = arr(v.stationCubes, "/stationCubes", stations.length).map((c, i) =>
    readCounts(c, `/stationCubes/${i}`),
  );
  if (stationCubes.length !== stations.length)
    throw new InputError(`one cube count per station (${stations.length}) expected`, "/stationCubes");
  const bag = readCounts(v.bag, "/bag");
  const rngState = int(v.rng, "/rng", 0, 0xffffffff);
  const deck = readIndexList(v.deck, "/deck", TILES.length, TILES.length);
  const chips = arr(v.chips, "/chips", CITY_COLOURS.length).map((c, i) =>
    oneOf(c, `/chips/${i}`, CITY_COLOURS),
  );
  const seatList = arr(v.seats, "/seats", players);
  if (seatList.length !== players)
    throw new InputError(`one seat per player (${players}) expected`, "/seats");
  const seats = seatList.map((seat, i) => readSeat(seat, `/seats/${i}`, stations, ctx));
  for (const [i, seat] of seats.entries()) {
    if (seat.newStation !== null && stations[seat.newStation]!.owner !== i)
      throw new InputError(
        `station ${seat.newStation} is not seat ${i}'s new station`,
        `/seats/${i}/newStation`,
      );
  }
  for (const [i, st] of stations.entries()) {
    if (st.kind === "new" && seats[st.owner!]!.newStation !== i)
      throw new InputError(`seat ${st.owner}'s newStation must be ${i}`, `/stations/${i}/owner`);
  }
  const used = stations.flatMap((st) => (st.kind === "new" && st.colour ? [st.colour] : []));
  if (new Set([...chips, ...used]).size !== chips.length + used.length)
    throw new InputError("a chip is both at the side and on a new station (or twice)", "/chips");
  if (chips.length > 0 && stations.some((st) => st.kind === "new" && st.colour === null))
    throw new InputError("a new station without chip while chips remain", "/chips");
  for (const k of CUBE_COLOURS) {
    let n = bag[k];
    for (const c of stationCubes) n += c[k];
    for (const seat of seats) n += seat.pile[k];
    if (n !== BOX[k])
      throw new InputError(`bag + stations + piles hold ${n} ${k} cubes; the box has ${BOX[k]}`, `/bag/${k}`);
  }
  const phase = oneOf(v.phase, "/phase", ["setup", "play"] as const);
  const step = oneOf(v.step, "/step", ["route", "transport", "locomotive"] as const);
  const round = int(v.round, "/round", 1, options.rounds);
  const order = readIndexList(v.order, "/order", players, players);
  if (order.length !== players || new Set(order).size !== players)
    throw new InputError(`a permutation of the seats 0 to ${players - 1} expected`, "/order");
  // At the end of the game `turn` has run past the last seat.
  const turn = int(v.turn, "/turn", over ? players : 0, over ? players : players - 1);
  const ap = int(v.ap, "/ap", 0, MAX_LOCO + SPECIAL_LIMIT);
  const placedString = bool(v.placedString, "/placedString");
  const replenishes = int(v.replenishes, "/replenishes", 0, SPECIAL_LIMIT);
  const cubesForAp = int(v.cubesForAp, "/cubesForAp", 0, SPECIAL_LIMIT);
  const choice = readChoice(v.choice, players);
  if ((phase === "setup") !== (choice?.reason === "setup"))
    throw new InputError('the phase is "setup" exactly while a setup tile choice is pending', "/phase");
  if (over && choice) throw new InputError("no tile choice once the game is over", "/choice");
  const tileIds = [
    ...deck,
    ...(choice?.tiles ?? []),
    ...seats.flatMap((seat) => seat.tiles.map((t) => t.id)),
  ];
  if (new Set(tileIds).size !== tileIds.length)
    throw new InputError("a long-distance tile is in two places (deck, choice, seats)", "/deck");
  const state: StringState = {
    game: "string",
    version: STRING_VERSION,
    options,
    seed,
    rng: rngState,
    log,
    current: null,
    over,
    winners: [],
    board: table,
    stations,
    stationCubes,
    bag,
    deck,
    chips,
    seats,
    phase,
    round,
    order,
    turn,
    ap,
    step,
    placedString,
    replenishes,
    cubesForAp,
    choice,
    result: null,
  };
  state.current = seatToAct(state);
  if (over) {
    state.result = finalResult(state);
    state.winners = winnersOf(state.result);
  }
  const diff = firstDifference(state, v);
  if (diff !== null) throw new InputError(`${diff.why} (a position must be consistent)`, diff.path);
  return state;
}

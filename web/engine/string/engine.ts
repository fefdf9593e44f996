/**
 * String Railway: Transport rules engine (RULES.md §2; our readings in docs/rules/string-railway.md).
 * Pure and deterministic: `apply` never mutates its input and never throws; every refusal is a `RuleError`
 * with a stable `string.*` rule id (or an `InputError` for malformed input) and leaves the state unchanged.
 * The seeded generator's state lives in the state, so a game is options + seed + action log (`replay`).
 */
import { InputError, ok, type Result, RuleError } from "../common/errors.ts";
import type { GameEngine } from "../common/game.ts";
import { Rng, seedRng } from "../common/rng.ts";
import { discInside, discOutside, generateBoard, parseBoard } from "./board.ts";
import { BOX, countTotal, drawCubes, emptyCounts, isCubeColour, TOTAL_CUBES } from "./cubes.ts";
import { stationsTouched } from "./geometry/polyline.ts";
import { checkRoute, parsePath, type RouteCheck, type RouteContext, toSegments } from "./route.ts";
import { scoreCubes } from "./scoring.ts";
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
  MAX_VERTICES,
  type PlacedString,
  type PlayerState,
  STRINGS_PER_PLAYER,
  type Station,
  type StringAction,
  type StringKind,
  type StringOptions,
  type StringState,
  type TileChoice,
} from "./types.ts";

export const ROUNDS = 5;
export const START_LOCO = 3;
export const MAX_LOCO = 6;
/** AP price of upgrading from the key locomotive to the next. */
export const UPGRADE_COST: Readonly<Record<number, number>> = { 3: 1, 4: 2, 5: 2 };
export const OUTSKIRTS_CUBES = 3;
export const NEW_STATION_CUBES = 3;
export const REPLENISH_CUBES = 2;
export const CITY_START_CUBES = 2;
export const MOUNTAIN_START_CUBES = 3;
export const SPECIAL_LIMIT = 2;

function fail(rule: string, message: string): never {
  throw new RuleError(rule, message);
}

// ---------------------------------------------------------------------------------------------------
// Setup

/**
 * A short, safe description of an input value for error messages: never serialises it (a BigInt or a deeply
 * nested value cannot make it throw) and never longer than about 50 characters.
 */
function describeValue(x: unknown): string {
  if (typeof x === "string") return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x);
  if (typeof x === "number" || typeof x === "boolean" || x === null || x === undefined) return String(x);
  if (typeof x === "bigint") return "a bigint";
  if (Array.isArray(x)) return `an array of length ${x.length}`;
  return typeof x === "object" ? "an object" : `a ${typeof x}`;
}

/**
 * A new game. Throws `InputError` for bad options (players outside 2…5, an invalid board) or a seed that is
 * neither a finite number nor a string.
 */
export function setup(options: StringOptions, seed: number | string): StringState {
  if (typeof options !== "object" || options === null) throw new InputError("options must be an object");
  const players = options.players;
  if (!Number.isInteger(players) || players < 2 || players > 5) {
    throw new InputError(`players must be an integer 2 to 5, got ${describeValue(players)}`, "players");
  }
  if (!(typeof seed === "string" || (typeof seed === "number" && Number.isFinite(seed)))) {
    throw new InputError(`seed must be a finite number or a string, got ${describeValue(seed)}`, "seed");
  }
  const board: Board = options.board ? parseBoard(options.board) : generateBoard(players, seed);
  const rng = new Rng(seedRng(seed));
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
    version: 1,
    players,
    board: { polygon: board.polygon.slice(), mountain: board.mountain.slice(), radius: board.radius },
    stations: board.stations.map((s) => ({ ...s })),
    stationCubes,
    bag,
    rng: rng.state,
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

/** The seat to act now (the choosing seat while a tile choice is pending), or -1 when the game is over. */
export function currentPlayer(s: StringState): number {
  if (s.phase === "over") return -1;
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

export function routeContext(s: StringState): RouteContext {
  const discs = new Float64Array(2 * s.stations.length);
  s.stations.forEach((st, i) => {
    discs[2 * i] = st.x;
    discs[2 * i + 1] = st.y;
  });
  return {
    polygon: Float64Array.from(s.board.polygon),
    mountain: Float64Array.from(s.board.mountain),
    discs,
    radius: s.board.radius,
  };
}

/** Other players' placed strings as segments (the ones that cost AP to cross). */
export function otherSegments(s: StringState, player: number): Float64Array {
  const paths: number[][] = [];
  s.seats.forEach((seat, i) => {
    if (i !== player) for (const str of seat.strings) paths.push(str.path);
  });
  return toSegments(paths);
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

/** Stations adjacent to `a` along the player's strings (next or previous touched station on one string). */
function hops(s: StringState, player: number, a: number): Set<number> {
  const out = new Set<number>();
  for (const str of s.seats[player]!.strings) {
    str.stations.forEach((st, i) => {
      if (st !== a) return;
      if (i > 0) out.add(str.stations[i - 1]!);
      if (i + 1 < str.stations.length) out.add(str.stations[i + 1]!);
    });
  }
  out.delete(a);
  return out;
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

function str(o: Record<string, unknown>, k: string): string {
  const v = o[k];
  if (typeof v !== "string" || v.length === 0 || v.length > 64)
    throw new InputError("expected a station id", k);
  return v;
}

function int(o: Record<string, unknown>, k: string): number {
  const v = o[k];
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0 || v > 1e6) {
    throw new InputError("expected a non-negative integer", k);
  }
  return v;
}

function num(o: Record<string, unknown>, k: string): number {
  const v = o[k];
  if (typeof v !== "number" || !Number.isFinite(v) || Math.abs(v) > 1e6)
    throw new InputError("expected a number", k);
  return v;
}

/** Checks the shape of an action; throws `InputError` when malformed. */
export function parseAction(v: unknown): StringAction {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new InputError("an action is an object");
  const o = v as Record<string, unknown>;
  const type = o.type;
  if (!(ACTION_TYPES as readonly unknown[]).includes(type)) {
    throw new InputError(`unknown action type ${describeValue(type)}`, "type");
  }
  const player = int(o, "player");
  switch (type as StringAction["type"]) {
    case "keep-tile":
      return { type: "keep-tile", player, tile: int(o, "tile") };
    case "place-string": {
      if (o.kind !== "short" && o.kind !== "long")
        throw new InputError('kind must be "short" or "long"', "kind");
      return { type: "place-string", player, kind: o.kind, path: parsePath(o.path) };
    }
    case "transport":
      if (!isCubeColour(o.colour)) throw new InputError("unknown cube colour", "colour");
      return { type: "transport", player, from: str(o, "from"), to: str(o, "to"), colour: o.colour };
    case "long-distance": {
      if (!(ROWS as readonly unknown[]).includes(o.row))
        throw new InputError('row must be "A", "B" or "C"', "row");
      const list = o.stations;
      if (
        !Array.isArray(list) ||
        list.length < 2 ||
        list.length > 64 ||
        !list.every((x) => typeof x === "string")
      ) {
        throw new InputError("stations must list 2 to 64 station ids", "stations");
      }
      return {
        type: "long-distance",
        player,
        tile: int(o, "tile"),
        row: o.row as Row,
        stations: list.slice(),
      };
    }
    case "new-station": {
      const chip = o.chip ?? null;
      if (chip !== null && !(CITY_COLOURS as readonly unknown[]).includes(chip)) {
        throw new InputError("chip must be red, blue, purple, yellow or null", "chip");
      }
      return { type: "new-station", player, x: num(o, "x"), y: num(o, "y"), chip: chip as CityColour | null };
    }
    case "replenish":
      return { type: "replenish", player, station: str(o, "station") };
    case "cube-for-ap":
      if (!isCubeColour(o.colour)) throw new InputError("unknown cube colour", "colour");
      return { type: "cube-for-ap", player, colour: o.colour };
    case "upgrade":
    case "draw-tile":
    case "end-turn":
      return { type: type as "upgrade" | "draw-tile" | "end-turn", player };
  }
}

function station(s: StringState, id: string, field: string): number {
  const i = stationIndex(s, id);
  if (i < 0) throw new InputError(`unknown station "${id}"`, field);
  return i;
}

// ---------------------------------------------------------------------------------------------------
// Checks (pure; throw RuleError / InputError) and effects (mutate a private copy)

function needAp(s: StringState, cost: number, what: string): void {
  if (s.ap < cost) fail("string.not-enough-ap", `${what} costs ${cost} AP; ${s.ap} left`);
}

function notAfterLocomotive(s: StringState): void {
  if (s.step === "locomotive") {
    fail("string.phase-order", "the transport phase is over once the locomotive phase has begun");
  }
}

/** Route check of a place-string action against the state (everything but mutating). */
export function checkPlaceString(
  s: StringState,
  player: number,
  kind: StringKind,
  path: readonly number[],
): RouteCheck {
  if (s.step !== "route")
    fail("string.phase-order", "strings are laid in the route phase, before transports");
  if (s.placedString) fail("string.one-string-per-turn", "one string per turn");
  const seat = s.seats[player]!;
  if ((kind === "short" ? seat.shortLeft : seat.longLeft) === 0) {
    fail("string.no-string-left", `no ${kind} string left`);
  }
  const c = checkRoute(routeContext(s), kind, path, otherSegments(s, player));
  if (c.error) throw c.error;
  needAp(s, c.ap, "this string");
  return c;
}

function placeString(s: StringState, rng: Rng, player: number, kind: StringKind, path: number[]): void {
  const c = checkPlaceString(s, player, kind, path);
  const seat = s.seats[player]!;
  if (kind === "short") seat.shortLeft--;
  else seat.longLeft--;
  seat.strings.push({ kind, path: path.slice(), stations: c.stations });
  s.ap -= c.ap;
  s.placedString = true;
  const done = new Set<number>();
  for (const i of c.stations) {
    if (done.has(i) || s.stations[i]!.kind !== "outskirts") continue;
    done.add(i);
    const drawn = drawCubes(s.bag, OUTSKIRTS_CUBES, rng);
    for (const k of CUBE_COLOURS) s.stationCubes[i]![k] += drawn[k];
  }
}

/** Whether moving a `colour` cube from station `from` to `to` scores (RULES.md §2 Transport). */
export function transportScores(s: StringState, from: number, to: number, colour: CubeColour): boolean {
  if (colour === "white") return false;
  return scoringColour(s.stations[to]!) === colour && scoringColour(s.stations[from]!) !== colour;
}

function checkTransport(s: StringState, player: number, from: number, to: number, colour: CubeColour): void {
  notAfterLocomotive(s);
  if (from === to) fail("string.transport-same-station", "a transport moves a cube to another station");
  if (!connected(s, player, from, to)) {
    fail("string.not-connected", "both stations must be touched by one of your own strings");
  }
  if (s.stationCubes[from]![colour] === 0) fail("string.no-such-cube", `no ${colour} cube on that station`);
  needAp(s, 1, "a transport");
}

function transport(s: StringState, player: number, from: number, to: number, colour: CubeColour): void {
  checkTransport(s, player, from, to, colour);
  s.step = "transport";
  s.ap -= 1;
  s.stationCubes[from]![colour]--;
  if (transportScores(s, from, to, colour)) s.seats[player]!.pile[colour]++;
  else s.stationCubes[to]![colour]++;
}

function checkLongDistance(s: StringState, player: number, tile: number, row: Row, path: number[]): void {
  notAfterLocomotive(s);
  const seat = s.seats[player]!;
  if (!seat.tiles.some((t) => t.id === tile && !t.flipped)) {
    fail("string.no-such-tile", `you hold no face-up long-distance tile ${tile}`);
  }
  if (seat.newStation === null) fail("string.no-new-station", "place your new station first");
  const colours = rowColours(tile, row);
  const start = path[0]!;
  if (routeColour(s.stations[start]!) !== colours[0]) {
    fail("string.ld-wrong-start", `row ${row} starts from a ${colours[0]} station`);
  }
  if (s.stationCubes[start]!.white === 0) fail("string.no-white-cube", "no white cube on the start station");
  if (path[path.length - 1] !== seat.newStation) {
    fail("string.ld-must-end-at-new-station", "the white cube must end on your new station");
  }
  for (let i = 1; i < path.length; i++) {
    if (!hops(s, player, path[i - 1]!).has(path[i]!)) {
      fail("string.ld-not-adjacent", "each hop goes to the next station touched along one of your strings");
    }
  }
  let k = 1;
  for (let i = 1; i < path.length && k < colours.length; i++) {
    if (routeColour(s.stations[path[i]!]!) === colours[k]) k++;
  }
  if (k < colours.length) {
    fail("string.ld-colours-out-of-order", `the route must visit ${colours.join(" → ")} in order`);
  }
  needAp(s, path.length - 1, "this long-distance route");
}

function longDistance(s: StringState, player: number, tile: number, row: Row, path: number[]): void {
  checkLongDistance(s, player, tile, row, path);
  s.step = "transport";
  s.ap -= path.length - 1;
  const seat = s.seats[player]!;
  s.stationCubes[path[0]!]!.white--;
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

function checkUpgrade(s: StringState, player: number): number {
  const loco = s.seats[player]!.loco;
  if (loco >= MAX_LOCO) fail("string.max-locomotive", "the 6 AP locomotive is the best");
  const cost = UPGRADE_COST[loco]!;
  needAp(s, cost, `upgrading ${loco}→${loco + 1}`);
  return cost;
}

/** Why a new station may not stand at (x, y), or null when it may. */
export function newStationProblem(s: StringState, x: number, y: number): RuleError | null {
  const r = s.board.radius;
  if (!discInside(x, y, r, s.board.polygon)) {
    return new RuleError(
      "string.new-station-off-board",
      "the new station must lie inside the board, off its edge",
    );
  }
  if (!discOutside(x, y, r, s.board.mountain)) {
    return new RuleError(
      "string.new-station-in-mountain",
      "the new station may not be in or touch the mountain",
    );
  }
  for (const st of s.stations) {
    if (Math.hypot(st.x - x, st.y - y) <= 2 * r) {
      return new RuleError(
        "string.new-station-touches-station",
        `the new station would touch station "${st.id}"`,
      );
    }
  }
  const disc = Float64Array.of(x, y);
  for (const seat of s.seats) {
    for (const st of seat.strings) {
      if (stationsTouched(Float64Array.from(st.path), disc, r).length > 0) {
        return new RuleError("string.new-station-on-string", "the new station may not lie on a string");
      }
    }
  }
  return null;
}

function checkNewStation(
  s: StringState,
  player: number,
  x: number,
  y: number,
  chip: CityColour | null,
): void {
  if (s.seats[player]!.newStation !== null)
    fail("string.new-station-used", "the new station is placed once a game");
  if (chip === null && s.chips.length > 0) {
    fail("string.chip-required", `choose a chip: ${s.chips.join(", ")} remain`);
  }
  if (chip !== null && !s.chips.includes(chip)) fail("string.chip-unavailable", `no ${chip} chip remains`);
  const p = newStationProblem(s, x, y);
  if (p) throw p;
}

function newStation(
  s: StringState,
  rng: Rng,
  player: number,
  x: number,
  y: number,
  chip: CityColour | null,
): void {
  checkNewStation(s, player, x, y, chip);
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
  if (s.round === ROUNDS) {
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

/** Final scores and winners: most points; tie: fewer cubes; still tied: shared. */
export function finalResult(s: StringState): GameResult {
  const points = s.seats.map((_, i) => pointsOf(s, i));
  const cubes = s.seats.map((seat) => countTotal(seat.pile));
  const best = Math.max(...points);
  const top = points.map((p, i) => (p === best ? i : -1)).filter((i) => i >= 0);
  const fewest = Math.min(...top.map((i) => cubes[i]!));
  return { points, cubes, winners: top.filter((i) => cubes[i] === fewest) };
}

function finish(s: StringState): void {
  s.phase = "over";
  s.ap = 0;
  s.result = finalResult(s);
}

// ---------------------------------------------------------------------------------------------------
// apply

function step(s: StringState, rng: Rng, a: StringAction): void {
  if (s.phase === "over") fail("string.game-over", "the game is over");
  if (a.player >= s.players) throw new InputError(`no seat ${a.player}`, "player");
  const who = currentPlayer(s);
  if (a.player !== who) fail("string.not-your-turn", `it is seat ${who}'s turn`);
  if (s.choice) {
    if (a.type !== "keep-tile") fail("string.choose-tile-first", "keep one of the offered tiles first");
  }
  const p = a.player;
  switch (a.type) {
    case "keep-tile": {
      const c = s.choice;
      if (!c) fail("string.no-tile-choice", "no tiles are on offer");
      if (!c.tiles.includes(a.tile)) fail("string.tile-not-offered", `tile ${a.tile} is not on offer`);
      s.seats[p]!.tiles.push({ id: a.tile, flipped: false });
      for (const t of c.tiles) if (t !== a.tile) s.deck.push(t);
      s.choice = null;
      if (c.reason === "setup") {
        const next = s.order.indexOf(p) + 1;
        if (next < s.order.length) offerSetupTiles(s, s.order[next]!);
        else {
          s.phase = "play";
          s.turn = 0;
          startTurn(s);
        }
      }
      return;
    }
    case "place-string":
      placeString(s, rng, p, a.kind, a.path);
      return;
    case "transport":
      transport(s, p, station(s, a.from, "from"), station(s, a.to, "to"), a.colour);
      return;
    case "long-distance": {
      const path = a.stations.map((id, i) => station(s, id, `stations/${i}`));
      if (a.tile >= TILES.length) throw new InputError(`no tile ${a.tile}`, "tile");
      longDistance(s, p, a.tile, a.row, path);
      return;
    }
    case "upgrade": {
      const cost = checkUpgrade(s, p);
      s.step = "locomotive";
      s.ap -= cost;
      s.seats[p]!.loco++;
      return;
    }
    case "new-station":
      newStation(s, rng, p, a.x, a.y, a.chip);
      return;
    case "replenish": {
      const i = station(s, a.station, "station");
      if (s.replenishes >= SPECIAL_LIMIT) fail("string.replenish-limit", "replenish at most twice a turn");
      needAp(s, 1, "replenishing");
      s.ap -= 1;
      s.replenishes++;
      const drawn = drawCubes(s.bag, REPLENISH_CUBES, rng);
      for (const k of CUBE_COLOURS) s.stationCubes[i]![k] += drawn[k];
      return;
    }
    case "cube-for-ap": {
      if (s.cubesForAp >= SPECIAL_LIMIT) fail("string.cube-for-ap-limit", "cube for AP at most twice a turn");
      const pile = s.seats[p]!.pile;
      if (pile[a.colour] === 0) fail("string.no-such-cube", `no ${a.colour} cube in your score pile`);
      pile[a.colour]--;
      s.bag[a.colour]++;
      s.ap += 1;
      s.cubesForAp++;
      return;
    }
    case "draw-tile": {
      if (s.deck.length === 0) fail("string.deck-empty", "the long-distance deck is empty");
      if (s.deck.length === 1) s.seats[p]!.tiles.push({ id: s.deck.shift()!, flipped: false });
      else s.choice = { player: p, tiles: s.deck.splice(0, 2), reason: "draw" };
      return;
    }
    case "end-turn":
      endTurn(s, rng);
      return;
  }
}

/** Applies one action: a new state, or the refusal (the old state untouched). Never throws. */
export function apply(state: StringState, action: unknown): Result<StringState> {
  try {
    const a = parseAction(action);
    const s = structuredClone(state);
    const rng = new Rng(s.rng);
    step(s, rng, a);
    s.rng = rng.state;
    return ok(s);
  } catch (e) {
    if (e instanceof RuleError || e instanceof InputError) return { ok: false, error: e };
    return {
      ok: false,
      error: new InputError(`malformed action or state: ${(e as Error)?.message ?? String(e)}`),
    };
  }
}

// ---------------------------------------------------------------------------------------------------
// Legal actions

function attempt(fn: () => unknown): boolean {
  try {
    fn();
    return true;
  } catch (e) {
    if (e instanceof RuleError || e instanceof InputError) return false;
    throw e;
  }
}

/** Grid spacing (cm) of the candidate new-station points in `legalActions`. */
export const NEW_STATION_GRID = 7.5;

/** A candidate string and its route check (stations, crossings, cost). */
export interface StringCandidate {
  action: StringAction & { type: "place-string" };
  check: RouteCheck;
}

/**
 * Candidate strings: straight segments from station centre to station centre (each unordered pair once),
 * short when at most 30 cm long (or long when no short string is left), long when 30–60 cm; only those the
 * route rules and the AP allow. Curved strings are legal too but are not enumerated.
 */
export function stringCandidates(s: StringState, player: number): StringCandidate[] {
  const out: StringCandidate[] = [];
  const seat = s.seats[player]!;
  if (s.step !== "route" || s.placedString || seat.shortLeft + seat.longLeft === 0) return out;
  const ctx = routeContext(s);
  const others = otherSegments(s, player);
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
      const check = checkRoute(ctx, kind, path, others);
      if (check.error || check.ap > s.ap) continue;
      out.push({ action: { type: "place-string", player, kind, path }, check });
    }
  }
  return out;
}

/** Shortest (fewest hops) long-distance routes, one per tile, row and start station, within this turn's AP. */
function longDistanceCandidates(s: StringState, player: number): StringAction[] {
  const out: StringAction[] = [];
  const seat = s.seats[player]!;
  if (seat.newStation === null || s.step === "locomotive" || s.ap < 1) return out;
  const goal = seat.newStation;
  for (const t of seat.tiles) {
    if (t.flipped) continue;
    for (const row of ROWS) {
      const colours = rowColours(t.id, row);
      s.stations.forEach((st, start) => {
        if (routeColour(st) !== colours[0] || s.stationCubes[start]!.white === 0) return;
        // BFS over (station, colours matched so far).
        const key = (v: number, k: number): number => v * 4 + k;
        const prev = new Map<number, number>([[key(start, 1), -1]]);
        let frontier = [key(start, 1)];
        let found = -1;
        for (let depth = 0; depth < s.ap && found < 0 && frontier.length; depth++) {
          const next: number[] = [];
          for (const cur of frontier) {
            const v = Math.floor(cur / 4);
            const k = cur % 4;
            for (const w of hops(s, player, v)) {
              const k2 = k < colours.length && routeColour(s.stations[w]!) === colours[k] ? k + 1 : k;
              const nk = key(w, k2);
              if (prev.has(nk)) continue;
              prev.set(nk, cur);
              if (w === goal && k2 === colours.length) {
                found = nk;
                break;
              }
              next.push(nk);
            }
            if (found >= 0) break;
          }
          frontier = next;
        }
        if (found < 0) return;
        const path: string[] = [];
        for (let c = found; c >= 0; c = prev.get(c)!) path.unshift(s.stations[Math.floor(c / 4)]!.id);
        out.push({ type: "long-distance", player, tile: t.id, row, stations: path });
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
 */
export function legalActions(s: StringState): StringAction[] {
  if (s.phase === "over") return [];
  const player = currentPlayer(s);
  if (s.choice) return s.choice.tiles.map((tile) => ({ type: "keep-tile", player, tile }));
  const seat = s.seats[player]!;
  const out: StringAction[] = [{ type: "end-turn", player }];
  for (const c of stringCandidates(s, player)) out.push(c.action);
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
  if (attempt(() => checkUpgrade(s, player))) out.push({ type: "upgrade", player });
  if (seat.newStation === null) {
    const chips: Array<CityColour | null> = s.chips.length ? s.chips.slice() : [null];
    const p = s.board.polygon;
    let minX = Number.POSITIVE_INFINITY;
    let minY = Number.POSITIVE_INFINITY;
    let maxX = Number.NEGATIVE_INFINITY;
    let maxY = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < p.length; i += 2) {
      minX = Math.min(minX, p[i]!);
      maxX = Math.max(maxX, p[i]!);
      minY = Math.min(minY, p[i + 1]!);
      maxY = Math.max(maxY, p[i + 1]!);
    }
    for (let x = minX + NEW_STATION_GRID / 2; x < maxX; x += NEW_STATION_GRID) {
      for (let y = minY + NEW_STATION_GRID / 2; y < maxY; y += NEW_STATION_GRID) {
        if (newStationProblem(s, x, y)) continue;
        for (const chip of chips) out.push({ type: "new-station", player, x, y, chip });
      }
    }
  }
  if (s.replenishes < SPECIAL_LIMIT && s.ap >= 1) {
    for (const st of s.stations) out.push({ type: "replenish", player, station: st.id });
  }
  if (s.cubesForAp < SPECIAL_LIMIT) {
    for (const colour of CUBE_COLOURS)
      if (seat.pile[colour] > 0) out.push({ type: "cube-for-ap", player, colour });
  }
  if (s.deck.length > 0) out.push({ type: "draw-tile", player });
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Save / load

export function save(s: StringState): string {
  return JSON.stringify(s);
}

function isObj(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Cube counts (a copy holding the six colours only); each 0…94. */
function loadCounts(v: unknown, path: string): Counts {
  if (!isObj(v)) throw new InputError("cube counts expected", path);
  const out = emptyCounts();
  for (const k of CUBE_COLOURS) {
    const n = v[k];
    if (typeof n !== "number" || !Number.isInteger(n) || n < 0 || n > TOTAL_CUBES)
      throw new InputError(`a cube count 0 to ${TOTAL_CUBES} expected`, `${path}/${k}`);
    out[k] = n;
  }
  return out;
}

/** An integer in min…max (inclusive). */
function loadInt(v: unknown, path: string, min: number, max: number): number {
  if (typeof v !== "number" || !Number.isInteger(v) || v < min || v > max)
    throw new InputError(`an integer ${min} to ${max} expected`, path);
  return v;
}

/** A list (a copy) of at most `maxLength` integers in 0…max−1. */
function loadIndexList(v: unknown, path: string, max: number, maxLength: number): number[] {
  if (!Array.isArray(v) || v.length > maxLength)
    throw new InputError(`a list of at most ${maxLength} indices expected`, path);
  for (const [i, x] of v.entries()) loadInt(x, `${path}/${i}`, 0, max - 1);
  return v.slice() as number[];
}

function loadStation(st: unknown, path: string, players: number): Station {
  if (!isObj(st)) throw new InputError("station expected", path);
  const owner = loadInt(st.owner, `${path}/owner`, 0, players - 1);
  if (st.id !== `new-${owner}`) throw new InputError(`a new station's id is "new-${owner}"`, `${path}/id`);
  const colour = st.colour;
  if (!(colour === null || (CITY_COLOURS as readonly unknown[]).includes(colour)))
    throw new InputError("bad new-station chip", `${path}/colour`);
  for (const k of ["x", "y"] as const) {
    if (typeof st[k] !== "number" || !Number.isFinite(st[k]) || Math.abs(st[k] as number) > 1e6)
      throw new InputError(`${k} must be a finite number`, `${path}/${k}`);
  }
  return {
    id: st.id,
    kind: "new",
    colour: colour as CityColour | null,
    x: st.x as number,
    y: st.y as number,
    owner,
  };
}

function loadSeat(seat: unknown, p: string, nSt: number): PlayerState {
  if (!isObj(seat)) throw new InputError("seat expected", p);
  const maxStrings = STRINGS_PER_PLAYER.short + STRINGS_PER_PLAYER.long;
  if (!Array.isArray(seat.strings) || seat.strings.length > maxStrings)
    throw new InputError(`a list of at most ${maxStrings} strings expected`, `${p}/strings`);
  const strings = Array.from(seat.strings, (st: unknown, k: number): PlacedString => {
    if (!isObj(st) || (st.kind !== "short" && st.kind !== "long"))
      throw new InputError("string expected", `${p}/strings/${k}`);
    return {
      kind: st.kind,
      path: parsePath(st.path, `${p}/strings/${k}/path`),
      stations: loadIndexList(st.stations, `${p}/strings/${k}/stations`, nSt, 2 * MAX_VERTICES * nSt),
    };
  });
  const placed = (kind: StringKind) => strings.filter((x) => x.kind === kind).length;
  const shortLeft = loadInt(seat.shortLeft, `${p}/shortLeft`, 0, STRINGS_PER_PLAYER.short);
  const longLeft = loadInt(seat.longLeft, `${p}/longLeft`, 0, STRINGS_PER_PLAYER.long);
  if (
    shortLeft + placed("short") !== STRINGS_PER_PLAYER.short ||
    longLeft + placed("long") !== STRINGS_PER_PLAYER.long
  )
    throw new InputError(
      "strings left + strings placed must be the 4 short and 1 long of a seat",
      `${p}/shortLeft`,
    );
  const loco = loadInt(seat.loco, `${p}/loco`, START_LOCO, MAX_LOCO);
  const pile = loadCounts(seat.pile, `${p}/pile`);
  if (!Array.isArray(seat.tiles) || seat.tiles.length > TILES.length)
    throw new InputError("a list of held tiles expected", `${p}/tiles`);
  const tiles = Array.from(seat.tiles, (t: unknown, k: number): HeldTile => {
    if (!isObj(t) || typeof t.flipped !== "boolean") throw new InputError("tile expected", `${p}/tiles/${k}`);
    return { id: loadInt(t.id, `${p}/tiles/${k}/id`, 0, TILES.length - 1), flipped: t.flipped };
  });
  const newStation =
    seat.newStation === null ? null : loadInt(seat.newStation, `${p}/newStation`, 0, nSt - 1);
  return { strings, shortLeft, longLeft, loco, pile, tiles, newStation };
}

function loadChoice(ch: unknown, players: number): TileChoice | null {
  if (ch === null) return null;
  if (!isObj(ch) || (ch.reason !== "setup" && ch.reason !== "draw"))
    throw new InputError("tile choice expected", "/choice");
  const tiles = loadIndexList(ch.tiles, "/choice/tiles", TILES.length, 2);
  if (tiles.length === 0) throw new InputError("a tile choice offers 1 or 2 tiles", "/choice/tiles");
  return { player: loadInt(ch.player, "/choice/player", 0, players - 1), tiles, reason: ch.reason };
}

function loadResult(r: unknown, players: number): GameResult | null {
  if (r === null) return null;
  if (!isObj(r)) throw new InputError("result expected", "/result");
  const list = (v: unknown, k: string, min: number, max: number, length: [number, number]): number[] => {
    if (!Array.isArray(v) || v.length < length[0] || v.length > length[1])
      throw new InputError(`a list of ${length[0]} to ${length[1]} integers expected`, `/result/${k}`);
    return Array.from(v, (x, i) => loadInt(x, `/result/${k}/${i}`, min, max));
  };
  return {
    points: list(r.points, "points", -1e6, 1e6, [players, players]),
    cubes: list(r.cubes, "cubes", 0, TOTAL_CUBES, [players, players]),
    winners: list(r.winners, "winners", 0, players - 1, [1, players]),
  };
}

/**
 * Parses a saved state (JSON text or a parsed value); throws `InputError` when malformed. Every field is
 * checked for its type, range and consistency with the others (seat order a permutation of the seats, `turn`
 * inside it, tile ids 0…11 each in one place, strings and new stations matching their seats, the 94 cubes),
 * and the state is rebuilt from the known fields only: unknown fields, at any level, are dropped.
 */
export function load(json: unknown): StringState {
  let v = json;
  if (typeof v === "string") {
    try {
      v = JSON.parse(v);
    } catch (e) {
      throw new InputError(`saved state is not JSON: ${(e as Error).message}`);
    }
  }
  if (!isObj(v) || v.game !== "string" || v.version !== 1) {
    throw new InputError('not a String Railway save (game "string", version 1)');
  }
  const players = loadInt(v.players, "/players", 2, 5);
  const board = v.board;
  if (!isObj(board)) throw new InputError("board expected", "/board");
  const stations = v.stations;
  if (!Array.isArray(stations)) throw new InputError("stations expected", "/stations");
  for (const [i, st] of stations.entries()) {
    if (!isObj(st) || typeof st.id !== "string") throw new InputError("station expected", `/stations/${i}`);
  }
  // Re-validate geometry through the board loader (stations without the new ones, which it does not know);
  // its copies of the board stations hold the known fields only.
  const parsed = parseBoard({
    polygon: board.polygon,
    mountain: board.mountain,
    radius: board.radius,
    stations: stations.filter((st) => st.kind !== "new"),
  });
  let b = 0;
  const stationsOut = Array.from(stations, (st, i) =>
    st.kind === "new" ? loadStation(st, `/stations/${i}`, players) : parsed.stations[b++]!,
  );
  const nSt = stationsOut.length;
  if (!Array.isArray(v.stationCubes) || v.stationCubes.length !== nSt) {
    throw new InputError("one cube count per station expected", "/stationCubes");
  }
  const stationCubes = Array.from(v.stationCubes, (c, i) => loadCounts(c, `/stationCubes/${i}`));
  const bag = loadCounts(v.bag, "/bag");
  const rng = loadInt(v.rng, "/rng", 0, 0xffffffff);
  const deck = loadIndexList(v.deck, "/deck", TILES.length, TILES.length);
  const chips = Array.isArray(v.chips) ? (Array.from(v.chips) as CityColour[]) : null;
  if (
    chips === null ||
    !chips.every((c) => (CITY_COLOURS as readonly unknown[]).includes(c)) ||
    new Set(chips).size !== chips.length
  ) {
    throw new InputError("a list of distinct city colours expected", "/chips");
  }
  if (!Array.isArray(v.seats) || v.seats.length !== players)
    throw new InputError("one seat per player", "/seats");
  const seats = Array.from(v.seats, (seat, i) => loadSeat(seat, `/seats/${i}`, nSt));
  for (const [i, seat] of seats.entries()) {
    const st = seat.newStation === null ? null : stationsOut[seat.newStation]!;
    if (st !== null && st.owner !== i)
      throw new InputError(
        `station ${seat.newStation} is not seat ${i}'s new station`,
        `/seats/${i}/newStation`,
      );
  }
  for (const [i, st] of stationsOut.entries()) {
    if (st.kind === "new" && seats[st.owner!]!.newStation !== i)
      throw new InputError(`seat ${st.owner}'s newStation must be ${i}`, `/stations/${i}/owner`);
  }
  const phase = v.phase;
  if (phase !== "setup" && phase !== "play" && phase !== "over")
    throw new InputError("phase expected", "/phase");
  const step = v.step;
  if (step !== "route" && step !== "transport" && step !== "locomotive")
    throw new InputError("step expected", "/step");
  const round = loadInt(v.round, "/round", 1, ROUNDS);
  const order = loadIndexList(v.order, "/order", players, players);
  if (order.length !== players || new Set(order).size !== players)
    throw new InputError(`a permutation of the seats 0 to ${players - 1} expected`, "/order");
  // At the end of the game `turn` has run past the last seat.
  const turn = loadInt(v.turn, "/turn", 0, phase === "over" ? players : players - 1);
  const ap = loadInt(v.ap, "/ap", 0, MAX_LOCO + SPECIAL_LIMIT);
  if (typeof v.placedString !== "boolean") throw new InputError("boolean expected", "/placedString");
  const replenishes = loadInt(v.replenishes, "/replenishes", 0, SPECIAL_LIMIT);
  const cubesForAp = loadInt(v.cubesForAp, "/cubesForAp", 0, SPECIAL_LIMIT);
  const choice = loadChoice(v.choice, players);
  const result = loadResult(v.result, players);
  if ((phase === "over") !== (result !== null))
    throw new InputError('a result is set exactly when the phase is "over"', "/result");
  const tileIds = [
    ...deck,
    ...(choice?.tiles ?? []),
    ...seats.flatMap((seat) => seat.tiles.map((t) => t.id)),
  ];
  if (new Set(tileIds).size !== tileIds.length)
    throw new InputError("a long-distance tile is in two places (deck, choice, seats)", "/deck");
  const state: StringState = {
    game: "string",
    version: 1,
    players,
    board: { polygon: parsed.polygon, mountain: parsed.mountain, radius: parsed.radius },
    stations: stationsOut,
    stationCubes,
    bag,
    rng,
    deck,
    chips,
    seats,
    phase,
    round,
    order,
    turn,
    ap,
    step,
    placedString: v.placedString,
    replenishes,
    cubesForAp,
    choice,
    result,
  };
  if (totalCubes(state) !== TOTAL_CUBES) {
    throw new InputError(`bag + stations + piles must hold ${TOTAL_CUBES} cubes, found ${totalCubes(state)}`);
  }
  return state;
}

export const stringEngine: GameEngine<StringState, StringAction, StringOptions> = {
  id: "string",
  setup,
  apply,
  legalActions,
  load,
  save,
};

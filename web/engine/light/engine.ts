/**
 * The Light Rail rules engine (RULES.md §3, docs/rules/light-rail.md): setup, apply, legalActions,
 * save/load, plus the pure helpers the bots and the search use (`legalPlacements`, `applyPlacement`,
 * `scoreCity`). States are plain JSON; the seeded generator is used once, at setup (decks and objectives).
 *
 * Rule ids: light.game-over, light.not-your-turn, light.cell-occupied, light.not-adjacent,
 * light.outside-city-limit, light.no-card-in-hand.
 */
import { InputError, ok, type Result, refuse } from "../common/errors.ts";
import type { GameEngine } from "../common/game.ts";
import { Rng, seedRng } from "../common/rng.ts";
import { DESIGNS, OBJECTIVE_IDS, orient } from "./data.ts";
import { cellKey, citySize, framesContaining, isAdjacent, neighbour } from "./geometry.ts";
import { fulfils, objectiveById } from "./objectives.ts";
import { computeRoutes, creditOf, type Route } from "./routes.ts";
import {
  type City,
  COORD_LIMIT,
  type LightAction,
  type LightOptions,
  type LightState,
  OBJECTIVE_CREDIT,
  type PlacedCard,
  type ScoreEvent,
} from "./types.ts";

/** A cell and orientation for the card in hand. */
export interface Placement {
  q: number;
  r: number;
  orientation: 0 | 1;
}

/**
 * A short, safe description of an input value for error messages: never serialises it (a BigInt, a cycle
 * or a deeply nested value cannot make it throw) and never longer than about 50 characters.
 */
function describeValue(x: unknown): string {
  if (typeof x === "string") return JSON.stringify(x.length > 40 ? `${x.slice(0, 40)}…` : x);
  if (typeof x === "number" || typeof x === "boolean" || x === null || x === undefined) return String(x);
  if (typeof x === "bigint") return "a bigint";
  if (Array.isArray(x)) return `an array of length ${x.length}`;
  return typeof x === "object" ? "an object" : `a ${typeof x}`;
}

function checkOptions(options: unknown): { players: number; wrap: boolean } {
  if (typeof options !== "object" || options === null) throw new InputError("options must be an object");
  const o = options as Record<string, unknown>;
  const players = o.players;
  if (typeof players !== "number" || !Number.isInteger(players) || players < 2 || players > 4) {
    throw new InputError(`players must be 2, 3 or 4, got ${describeValue(players)}`, "/players");
  }
  if (o.wrap !== undefined && typeof o.wrap !== "boolean")
    throw new InputError("wrap must be a boolean", "/wrap");
  return { players, wrap: o.wrap === true };
}

export function setup(options: LightOptions, seed: number | string): LightState {
  const opts = checkOptions(options);
  if (typeof seed !== "number" && typeof seed !== "string")
    throw new InputError("seed must be a number or string");
  let rngState: number;
  try {
    rngState = seedRng(seed);
  } catch (e) {
    throw new InputError((e as Error).message, "/seed");
  }
  const rng = new Rng(rngState);
  const n = opts.players;
  // Seat i plays colour i; each seat shuffles its own deck (seat order), then the objectives are shuffled
  // and dealt one at a time round the table, twice.
  const decks = Array.from({ length: n }, () => rng.shuffle(DESIGNS.map((d) => d.id)));
  const objectiveDeck = rng.shuffle(OBJECTIVE_IDS);
  const objectives = Array.from({ length: n }, (_, i) => [objectiveDeck[i]!, objectiveDeck[i + n]!]);
  const hands = decks.map((d) => d.shift() ?? null);
  return {
    game: "light",
    version: 1,
    options: opts,
    seed,
    rng: rng.state,
    cards: [],
    decks,
    hands,
    objectives,
    turn: 0,
    routeCredit: new Array<number>(n).fill(0),
    objectiveCredit: new Array<number>(n).fill(0),
    fulfilled: Array.from({ length: n }, () => []),
    scores: [],
    over: false,
    log: [],
  };
}

/** The city of a state (cards in placement order). */
export function cityOf(state: Pick<LightState, "options" | "cards">): City {
  return { players: state.options.players, cards: state.cards };
}

function parseAction(action: unknown): LightAction {
  if (typeof action !== "object" || action === null) throw new InputError("action must be an object");
  const a = action as Record<string, unknown>;
  if (a.type !== "place") throw new InputError(`unknown action type ${describeValue(a.type)}`, "/type");
  for (const k of ["player", "q", "r"] as const) {
    const v = a[k];
    if (typeof v !== "number" || !Number.isInteger(v) || Math.abs(v) >= COORD_LIMIT) {
      throw new InputError(`must be an integer with |${k}| < ${COORD_LIMIT}`, `/${k}`);
    }
  }
  if (a.orientation !== 0 && a.orientation !== 1)
    throw new InputError("orientation must be 0 or 1", "/orientation");
  return {
    type: "place",
    player: a.player as number,
    q: a.q as number,
    r: a.r as number,
    orientation: a.orientation,
  };
}

/** Why this placement is illegal for the seat to move (rule id and message), or null when legal. */
export function refusal(state: LightState, p: Placement): { rule: string; message: string } | null {
  if (state.over) return { rule: "light.game-over", message: "the city is complete: the game is over" };
  if (state.hands[state.turn] === null) return { rule: "light.no-card-in-hand", message: "no card in hand" };
  const cells = state.cards.map((c) => [c.q, c.r] as [number, number]);
  if (state.cards.some((c) => c.q === p.q && c.r === p.r)) {
    return { rule: "light.cell-occupied", message: `a card already lies at (${p.q}, ${p.r})` };
  }
  if (cells.length > 0 && !cells.some(([q, r]) => isAdjacent(q, r, p.q, p.r))) {
    return { rule: "light.not-adjacent", message: `(${p.q}, ${p.r}) is not next to a placed card` };
  }
  cells.push([p.q, p.r]);
  if (framesContaining(state.options.players, cells).length === 0) {
    return {
      rule: "light.outside-city-limit",
      message: `with (${p.q}, ${p.r}) the cards fit no ${state.options.players}-player city shape or its mirror`,
    };
  }
  return null;
}

export function apply(state: LightState, action: unknown): Result<LightState> {
  let a: LightAction;
  try {
    a = parseAction(action);
  } catch (e) {
    // parseAction throws only InputErrors; anything else (a throwing getter, say) is malformed input too.
    const error =
      e instanceof InputError
        ? e
        : new InputError(`malformed action: ${String((e as Error)?.message).split("\n")[0]}`);
    return { ok: false, error };
  }
  if (state.over) return refuse("light.game-over", "the city is complete: the game is over");
  if (a.player !== state.turn) {
    return refuse("light.not-your-turn", `it is seat ${state.turn}'s turn, not seat ${a.player}'s`);
  }
  const why = refusal(state, a);
  if (why) return refuse(why.rule, why.message);
  return ok(applyPlacement(state, a));
}

/** Every legal placement of the card in hand, by q, r, orientation. Before the first card: (0,0) only. */
export function legalPlacements(state: LightState): Placement[] {
  if (state.over || state.hands[state.turn] === null) return [];
  if (state.cards.length === 0) {
    return [
      { q: 0, r: 0, orientation: 0 },
      { q: 0, r: 0, orientation: 1 },
    ];
  }
  const cells = state.cards.map((c) => [c.q, c.r] as [number, number]);
  const placed = new Set(cells.map(([q, r]) => cellKey(q, r)));
  const allowed = new Set<number>();
  for (const f of framesContaining(state.options.players, cells))
    for (const [q, r] of f) allowed.add(cellKey(q, r));
  const out: Placement[] = [];
  const seen = new Set<number>();
  for (const [q, r] of cells) {
    for (let e = 0; e < 6; e++) {
      const [nq, nr] = neighbour(q, r, e);
      const k = cellKey(nq, nr);
      if (placed.has(k) || seen.has(k) || !allowed.has(k)) continue;
      seen.add(k);
      out.push({ q: nq, r: nr, orientation: 0 }, { q: nq, r: nr, orientation: 1 });
    }
  }
  return out.sort((x, y) => x.q - y.q || x.r - y.r || x.orientation - y.orientation);
}

export function legalActions(state: LightState): LightAction[] {
  return legalPlacements(state).map((p) => ({ type: "place", player: state.turn, ...p }));
}

/** True when the route has a segment on (q, r) or an end facing it. */
function touches(route: Route, q: number, r: number): boolean {
  if (route.cells.some(([cq, cr]) => cq === q && cr === r)) return true;
  return route.ends.some((e) => {
    if (e.kind !== "dead") return false;
    const [nq, nr] = neighbour(e.q, e.r, e.edge);
    return nq === q && nr === r;
  });
}

/**
 * Places the card in hand for the seat to move, scores the routes it completes, draws, passes the turn,
 * and at the end (city full) scores wrapping (option) and objectives. Assumes the placement is legal
 * (check with `refusal`, or take it from `legalPlacements`); never mutates `state`.
 */
export function applyPlacement(state: LightState, p: Placement): LightState {
  const seat = state.turn;
  const design = state.hands[seat]!;
  const card: PlacedCard = {
    q: p.q,
    r: p.r,
    color: seat,
    segments: orient(DESIGNS[design]!.segments, p.orientation),
    design,
    orientation: p.orientation,
    player: seat,
  };
  const n = state.options.players;
  const cards = [...state.cards, card];
  const decks = state.decks.map((d, i) => (i === seat ? d.slice(1) : d));
  const hands = state.hands.map((h, i) => (i === seat ? (state.decks[seat]![0] ?? null) : h));
  const routeCredit = state.routeCredit.slice();
  const scores = state.scores.slice();
  const log = [
    ...state.log,
    { type: "place" as const, player: seat, q: p.q, r: p.r, orientation: p.orientation },
  ];
  const turnIndex = log.length - 1;
  const city: City = { players: n, cards };
  const routes = computeRoutes(city);
  for (const rt of routes) {
    if (!rt.complete || !touches(rt, p.q, p.r)) continue;
    for (const w of rt.winners) routeCredit[w]! += rt.credit;
    scores.push(scoreEvent(rt, turnIndex));
  }
  const over = cards.length >= citySize(n);
  let objectiveCredit = state.objectiveCredit;
  let fulfilled = state.fulfilled;
  if (over) {
    let finalRoutes = routes;
    if (state.options.wrap) {
      finalRoutes = computeRoutes(city, { wrap: true });
      for (const rt of finalRoutes) {
        if (!rt.complete || !rt.wrapped) continue;
        for (const w of rt.winners) routeCredit[w]! += rt.credit;
        scores.push(scoreEvent(rt, turnIndex));
      }
    }
    fulfilled = state.objectives.map((ids, seatI) =>
      ids.filter((id) => fulfils(objectiveById(id), city, finalRoutes, n)[seatI]),
    );
    objectiveCredit = fulfilled.map((f) => f.length * OBJECTIVE_CREDIT);
  }
  return {
    ...state,
    cards,
    decks,
    hands,
    turn: (seat + 1) % n,
    routeCredit,
    objectiveCredit,
    fulfilled,
    scores,
    over,
    log,
  };
}

function scoreEvent(rt: Route, turn: number): ScoreEvent {
  return { turn, cells: rt.cells, winners: rt.winners, credit: rt.credit, wrapped: rt.wrapped };
}

/** Route credit + objective credit per seat. */
export function totals(state: LightState): number[] {
  return state.routeCredit.map((c, i) => c + state.objectiveCredit[i]!);
}

/** Seats with the highest total (shared victory on ties). Meaningful once `over`. */
export function winners(state: LightState): number[] {
  const t = totals(state);
  const max = Math.max(...t);
  return t.flatMap((v, i) => (v === max ? [i] : []));
}

export interface CityScore {
  /** Credit per colour 0..3 from complete routes (no objectives). */
  credit: number[];
  complete: number;
  routes: Route[];
}

/** Scores a whole city: every complete route once (with wrap links first when `wrap`). */
export function scoreCity(city: City, options: { wrap?: boolean } = {}): CityScore {
  const routes = computeRoutes(city, options);
  return { credit: creditOf(routes), complete: routes.filter((r) => r.complete).length, routes };
}

export function save(state: LightState): string {
  return JSON.stringify(state);
}

/**
 * Parses a saved state. The state is rebuilt from its options, seed and log and must equal what was
 * saved, field by field (so a loaded state is always one the rules can reach; an unknown field is refused);
 * InputError otherwise, naming the first field that differs.
 */
export function load(json: unknown): LightState {
  let v: unknown = json;
  if (typeof json === "string") {
    try {
      v = JSON.parse(json);
    } catch (e) {
      throw new InputError(`not JSON: ${(e as Error).message}`);
    }
  }
  if (typeof v !== "object" || v === null || (v as { game?: unknown }).game !== "light") {
    throw new InputError('not a Light Rail state (game must be "light")', "/game");
  }
  const s = v as Record<string, unknown>;
  if (s.version !== 1) throw new InputError("unsupported version", "/version");
  if (!Array.isArray(s.log)) throw new InputError("log must be an array", "/log");
  const seed = s.seed;
  if (typeof seed !== "number" && typeof seed !== "string") throw new InputError("bad seed", "/seed");
  let state = setup(checkOptions(s.options), seed);
  for (const [i, action] of s.log.entries()) {
    const r = apply(state, action);
    if (!r.ok) throw new InputError(`log entry ${i} is refused: ${r.error.message}`, `/log/${i}`);
    state = r.state;
  }
  const diff = firstDifference(state, v, "");
  if (diff !== null) throw new InputError(diff.why, diff.path || "/");
  return state;
}

/**
 * Where `got` (any input value) first differs from `want` (a state the engine built: plain JSON, no
 * undefined entries) as a JSON pointer, or null when they are equal as JSON, whatever the key order. Walks
 * `want` only, so it is as deep as a state whatever `got` holds (a deeply nested or BigInt-holding extra
 * field is a difference, not a stack overflow or a TypeError), and never serialises `got`.
 */
function firstDifference(want: unknown, got: unknown, path: string): { path: string; why: string } | null {
  const differs = { path, why: "state does not match its seed and log" };
  if (typeof want !== "object" || want === null) return want === got ? null : differs;
  if (Array.isArray(want)) {
    if (!Array.isArray(got) || got.length !== want.length) return differs;
    for (let i = 0; i < want.length; i++) {
      const d = firstDifference(want[i], got[i], `${path}/${i}`);
      if (d !== null) return d;
    }
    return null;
  }
  if (typeof got !== "object" || got === null || Array.isArray(got)) return differs;
  const w = want as Record<string, unknown>;
  const g = got as Record<string, unknown>;
  for (const k of Object.keys(g)) {
    // Undefined values are absent in JSON. The key is input: shortened, control characters escaped.
    if (g[k] !== undefined && !Object.hasOwn(w, k)) {
      const shown = JSON.stringify(k.length > 40 ? `${k.slice(0, 40)}…` : k).slice(1, -1);
      return { path: `${path}/${shown}`, why: "unknown field" };
    }
  }
  for (const k of Object.keys(w)) {
    const d = firstDifference(w[k], g[k], `${path}/${k}`);
    if (d !== null) return d;
  }
  return null;
}

export const lightEngine: GameEngine<LightState, LightAction, LightOptions> = {
  id: "light",
  setup,
  apply,
  legalActions,
  load,
  save,
};

/**
 * The Light Rail rules engine (docs/rules/light-rail.md): `lightEngine` (setup, apply,
 * legalActions, reveals, and from web/engine/common/game.ts the shared load-by-replay, save and undo),
 * plus the pure helpers the bots and the search use (`legalPlacements`, `refusal`, `applyPlacement`,
 * `scoreCity`). States are plain JSON with the common header; the seeded generator is used once, at setup
 * (decks and objectives).
 *
 * Rule ids: light.game-over, light.not-your-turn, light.cell-occupied, light.not-adjacent,
 * light.outside-city-limit, light.no-card-in-hand; undo (shared): light.undo-nothing,
 * light.undo-not-yours, light.undo-turn-over (every placement passes the turn), light.undo-reveal.
 */
import { InputError, ok, type Result, RuleError } from "../common/errors.ts";
import { defineEngine } from "../common/game.ts";
import { bool, int, obj, oneOf, pointer, seed as readSeed } from "../common/input.ts";
import { Rng, seedRng } from "../common/rng.ts";
import { DESIGNS, OBJECTIVE_IDS, orient } from "./data.ts";
import { cellKey, citySize, framesContaining, isAdjacent, neighbour } from "./geometry.ts";
import { fulfils, objectiveById } from "./objectives.ts";
import { computeRoutes, creditOf, type Route } from "./routes.ts";
import {
  type City,
  COORD_LIMIT,
  type LightAction,
  type LightGameOptions,
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

/** The state format version (`state.version`). */
export const LIGHT_VERSION = 2;

const OPTION_FIELDS = ["players", "wrap"];

/** Setup options, normalised; InputError with the path `/options/<field>` (an unknown field is refused). */
function readOptions(options: unknown): LightGameOptions {
  const o = obj(options, "/options");
  for (const k of Object.keys(o)) {
    if (o[k] !== undefined && !OPTION_FIELDS.includes(k))
      throw new InputError(
        `unknown option (options are ${OPTION_FIELDS.join(", ")})`,
        pointer("/options", k),
      );
  }
  const players = int(o.players, "/options/players", 2, 4);
  const wrap = o.wrap === undefined ? false : bool(o.wrap, "/options/wrap");
  return { players, wrap };
}

/** A new game. InputError for bad options (`/options/players`, `/options/wrap`) or a bad seed (`/seed`). */
export function setup(options: LightOptions, seed: number | string): LightState {
  const opts = readOptions(options);
  const sd = readSeed(seed, "/seed"); // read once: the state holds what was read (-0 is 0)
  const rng = new Rng(seedRng(sd));
  const n = opts.players;
  // Seat i plays colour i; each seat shuffles its own deck (seat order), then the objectives are shuffled
  // and dealt one at a time round the table, twice.
  const decks = Array.from({ length: n }, () => rng.shuffle(DESIGNS.map((d) => d.id)));
  const objectiveDeck = rng.shuffle(OBJECTIVE_IDS);
  const objectives = Array.from({ length: n }, (_, i) => [objectiveDeck[i]!, objectiveDeck[i + n]!]);
  const hands = decks.map((d) => d.shift() ?? null);
  return {
    game: "light",
    version: LIGHT_VERSION,
    options: opts,
    seed: sd,
    rng: rng.state,
    log: [],
    current: 0,
    over: false,
    winners: [],
    cards: [],
    decks,
    hands,
    objectives,
    routeCredit: new Array<number>(n).fill(0),
    objectiveCredit: new Array<number>(n).fill(0),
    fulfilled: Array.from({ length: n }, () => []),
    scores: [],
  };
}

/** The city of a state (cards in placement order). */
export function cityOf(state: Pick<LightState, "options" | "cards">): City {
  return { players: state.options.players, cards: state.cards };
}

/**
 * An action, normalised (a fresh copy); InputError with the path `/action/<field>`. Each field is read once and
 * fields other than these are never read (the read contract of `GameRules.parseAction`, common/game.ts): the log
 * keeps the normalised action.
 */
function parseAction(state: LightState, action: unknown): LightAction {
  const a = obj(action, "/action");
  oneOf(a.type, "/action/type", ["place"]);
  const player = int(a.player, "/action/player", 0, state.options.players - 1);
  const q = int(a.q, "/action/q", 1 - COORD_LIMIT, COORD_LIMIT - 1);
  const r = int(a.r, "/action/r", 1 - COORD_LIMIT, COORD_LIMIT - 1);
  const orientation = oneOf(a.orientation, "/action/orientation", [0, 1] as const);
  return { type: "place", player, q, r, orientation };
}

/**
 * Why this placement is illegal, or null when it is legal: for the seat to move, and when `p.player` is
 * given also `light.not-your-turn` if it is another seat. The one refusal check of `apply`, the bots and
 * the boardgame.io adapter.
 */
export function refusal(state: LightState, p: Placement & { player?: number }): RuleError | null {
  const seat = state.current;
  if (state.over || seat === null)
    return new RuleError("light.game-over", "the city is complete: the game is over");
  if (p.player !== undefined && p.player !== seat)
    return new RuleError("light.not-your-turn", `it is seat ${seat}'s turn, not seat ${p.player}'s`);
  if (state.hands[seat] === null) return new RuleError("light.no-card-in-hand", "no card in hand");
  const cells = state.cards.map((c) => [c.q, c.r] as [number, number]);
  if (state.cards.some((c) => c.q === p.q && c.r === p.r))
    return new RuleError("light.cell-occupied", `a card already lies at (${p.q}, ${p.r})`);
  if (cells.length > 0 && !cells.some(([q, r]) => isAdjacent(q, r, p.q, p.r)))
    return new RuleError("light.not-adjacent", `(${p.q}, ${p.r}) is not next to a placed card`);
  cells.push([p.q, p.r]);
  if (framesContaining(state.options.players, cells).length === 0) {
    return new RuleError(
      "light.outside-city-limit",
      `with (${p.q}, ${p.r}) the cards fit no ${state.options.players}-player city shape or its mirror`,
    );
  }
  return null;
}

/** The rules' apply of an action `parseAction` read: a RuleError refusal for an illegal one, else the new state. */
function applyRules(state: LightState, a: LightAction): Result<LightState> {
  const error = refusal(state, a);
  return error ? { ok: false, error } : ok(applyPlacement(state, a));
}

/**
 * A placement reveals a card: the seat draws the next card of its deck (every placement but the seat's
 * last), and the placement that fills the city judges the secret objectives. Undo never goes back past it;
 * in practice every placement also passes the turn, so `light.undo-turn-over` refuses the undo first.
 */
export function reveals(before: LightState, action: LightAction, after: LightState): boolean {
  return (before.decks[action.player]?.length ?? 0) > 0 || after.over;
}

/** Every legal placement of the card in hand, by q, r, orientation. Before the first card: (0,0) only. */
export function legalPlacements(state: LightState): Placement[] {
  if (state.over || state.current === null || state.hands[state.current] === null) return [];
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
  const seat = state.current;
  if (seat === null) return [];
  return legalPlacements(state).map((p) => ({ type: "place", player: seat, ...p }));
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
 * and at the end (city full) scores wrapping (option) and objectives and sets `winners`. Assumes the
 * placement is legal (check with `refusal`, or take it from `legalPlacements`); never mutates `state`.
 */
export function applyPlacement(state: LightState, p: Placement): LightState {
  const seat = state.current;
  // A caller's bug, not a refusal: legal placements exist only while the game runs.
  if (seat === null) throw new RangeError("applyPlacement: the game is over");
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
  const next: LightState = {
    ...state,
    log,
    current: over ? null : (seat + 1) % n,
    over,
    cards,
    decks,
    hands,
    routeCredit,
    objectiveCredit,
    fulfilled,
    scores,
  };
  if (over) next.winners = topSeats(totals(next));
  return next;
}

function scoreEvent(rt: Route, turn: number): ScoreEvent {
  return { turn, cells: rt.cells, winners: rt.winners, credit: rt.credit, wrapped: rt.wrapped };
}

/** Route credit + objective credit per seat. */
export function totals(state: LightState): number[] {
  return state.routeCredit.map((c, i) => c + state.objectiveCredit[i]!);
}

/** The seats with the highest of `values` (a shared win on ties). */
function topSeats(values: readonly number[]): number[] {
  const max = Math.max(...values);
  return values.flatMap((v, i) => (v === max ? [i] : []));
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

/**
 * The Light Rail engine: the rules above plus, from web/engine/common/game.ts, `load` (a save loads only
 * if replaying its options, seed and log reproduces it exactly; else an InputError with the JSON pointer
 * of the first difference), `save` and `undo`, and an `apply` that never throws.
 */
export const lightEngine = defineEngine<LightState, LightAction, LightOptions>({
  id: "light",
  version: LIGHT_VERSION,
  setup,
  parseAction,
  apply: applyRules,
  legalActions,
  reveals,
});

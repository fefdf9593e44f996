/**
 * A String Railway bot on the solvers (docs/string-solvers.md "Bot"). Deterministic: a game is fixed by its
 * players, seed and seat assignment. Per action, in this order:
 * 1. keep the offered tile with the shortest long-distance route on the network (the first at setup); place the new station first thing (the greedy bot's spot: most stations
 *    within a short string's reach; first remaining chip);
 * 2. route: among the 12 best string hints, the one whose placement (replayed through the engine) then allows
 *    the best transport plan this turn, + half its hint value;
 * 3. long distance: a tile row whose fewest-AP route, followed by the best plan with the AP left, ends with more
 *    points than the best plan alone;
 * 4. the exact transport plan (trades included), with AP reserved for locomotive upgrades in rounds 1–2;
 * 5. replenish (1 AP) a network station that connects to the most other scoring colours, when no plan scores
 *    and 2 AP are left;
 * 6. upgrade the locomotive with what is left before round 5; end the turn.
 * Its moves are tried through an engine (`engine`, default `stringEngine`: the TypeScript route geometry).
 */
import { InputError } from "../../engine/common/errors.ts";
import { botAction } from "../../engine/string/bot.ts";
import {
  newStationSpots,
  pointsOf,
  type StringEngine,
  stringEngine,
  UPGRADE_COST,
} from "../../engine/string/engine.ts";
import type { GameResult, StringAction, StringState } from "../../engine/string/types.ts";
import type { PlanKernel } from "./kernel.ts";
import { connectionLists, longDistanceRoutes, planTransport, stringHints } from "./model.ts";
import { createReferenceKernel } from "./reference.ts";

let fallback: PlanKernel | null = null;
/** The TypeScript twin, made once, for callers without a Wasm kernel. */
function defaultKernel(): PlanKernel {
  fallback ??= createReferenceKernel();
  return fallback;
}

function newStationSpot(s: StringState, player: number): StringAction | null {
  let best: StringAction | null = null;
  let bestN = -1;
  for (const [x, y] of newStationSpots(s)) {
    let n = 0;
    for (const st of s.stations) if (Math.hypot(st.x - x, st.y - y) <= 28) n++;
    if (n > bestN) {
      bestN = n;
      best = { type: "new-station", player, x, y, chip: s.chips[0] ?? null };
    }
  }
  return best;
}

/**
 * The offered tile with the best long-distance prospect on the player's network now: fewest hops for row A, then
 * row B, then row C (a row without a route of at most 8 hops, the most AP a turn has, counts as 99 hops); the first offered on ties (and at setup, where
 * no network exists yet).
 */
function keepTile(k: PlanKernel, s: StringState, player: number, tiles: readonly number[]): number {
  let best = tiles[0]!;
  let bestKey = Number.POSITIVE_INFINITY;
  for (const tile of tiles) {
    const seats = s.seats.map((x, i) => (i === player ? { ...x, tiles: [{ id: tile, flipped: false }] } : x));
    const routes = longDistanceRoutes(k, { ...s, seats }, player);
    const hops = (row: string) => routes.find((r) => r.row === row)?.ap ?? 99;
    const key = hops("A") * 10_000 + hops("B") * 100 + hops("C");
    if (key < bestKey) {
      bestKey = key;
      best = tile;
    }
  }
  return best;
}

/** AP kept back for locomotive upgrades this turn (rounds 1–2, while they pay back over the turns left). */
export function upgradeReserve(s: StringState, player: number): number {
  if (s.round > 2) return 0;
  let loco = s.seats[player]!.loco;
  let reserve = 0;
  while (
    loco < 6 &&
    reserve + UPGRADE_COST[loco]! <= s.ap &&
    s.options.rounds - s.round > UPGRADE_COST[loco]!
  ) {
    reserve += UPGRADE_COST[loco]!;
    loco++;
  }
  return reserve;
}

/** Points now plus what the best transport plan adds with `ap` AP (the game review's value: web/games/string/review.ts). */
export function outlook(k: PlanKernel, s: StringState, player: number, ap: number): number {
  const plan = s.step === "locomotive" ? null : planTransport(k, s, player, Math.max(0, ap));
  if (!plan) return pointsOf(s, player);
  return pointsOf(s, player) + plan.score - plan.before;
}

/** The solver bot's choice in this state (the state must not be over); candidate moves are tried on `engine`. */
export function solverBotAction(
  s: StringState,
  kernel: PlanKernel = defaultKernel(),
  engine: StringEngine = stringEngine,
): StringAction {
  const player = s.current;
  if (player === null) throw new InputError("the game is over");
  if (s.choice) return { type: "keep-tile", player, tile: keepTile(kernel, s, player, s.choice.tiles) };
  const seat = s.seats[player]!;
  if (seat.newStation === null) {
    const spot = newStationSpot(s, player);
    if (spot) return spot;
  }
  const reserve = upgradeReserve(s, player);
  const transportAp = (st: StringState) => (st.step === "locomotive" ? 0 : Math.max(0, st.ap - reserve));

  // Route.
  if (s.step === "route" && !s.placedString && seat.shortLeft + seat.longLeft > 0) {
    let best: StringAction | null = null;
    let bestV = Number.NEGATIVE_INFINITY;
    for (const h of stringHints(kernel, s, player, 12)) {
      const r = engine.apply(s, h.action);
      if (!r.ok) continue;
      const v = outlook(kernel, r.state, player, transportAp(r.state)) + 0.5 * h.value;
      if (v > bestV) {
        bestV = v;
        best = h.action;
      }
    }
    if (best) return best;
  }

  if (s.step !== "locomotive") {
    // Long distance, when it beats spending the AP on transports.
    if (seat.newStation !== null && seat.tiles.some((t) => !t.flipped)) {
      const base = outlook(kernel, s, player, transportAp(s));
      let best: StringAction | null = null;
      let bestV = base;
      for (const route of longDistanceRoutes(kernel, s, player, s.ap)) {
        if (!route.action) continue;
        const r = engine.apply(s, route.action);
        if (!r.ok) continue;
        const v = outlook(kernel, r.state, player, transportAp(r.state));
        if (v > bestV) {
          bestV = v;
          best = route.action;
        }
      }
      if (best) return best;
    }
    // Draw a tile (free) when most tiles left in the deck (as a set: its order stays hidden) have a row A or
    // B route within this turn's AP, and no face-up tile is held.
    if (s.deck.length > 0 && seat.newStation !== null && !seat.tiles.some((t) => !t.flipped) && s.ap >= 2) {
      let good = 0;
      for (const tile of s.deck) {
        const seats = s.seats.map((x, i) =>
          i === player ? { ...x, tiles: [{ id: tile, flipped: false }] } : x,
        );
        const routes = longDistanceRoutes(kernel, { ...s, seats }, player, s.ap);
        if (routes.some((r) => r.row !== "C" && r.ap !== null)) good++;
      }
      if (2 * good >= s.deck.length) return { type: "draw-tile", player };
    }
    // Transports (and the trades that pay for them).
    const plan = planTransport(kernel, s, player, transportAp(s));
    if (plan.score > plan.before && plan.actions.length > 0) return plan.actions[0]!;
    // Replenish a well-connected station of the network.
    if (s.replenishes < 2 && s.ap - reserve >= 2) {
      const lists = connectionLists(s, player);
      let bestV = -1;
      let bestSt = -1;
      lists.forEach((list, v) => {
        if (list.length === 0) return;
        const own = s.stations[v]!;
        const cols = new Set<string>();
        for (const w of list) {
          const st = s.stations[w]!;
          const c = st.kind === "outskirts" ? "green" : st.kind === "mountain" ? null : st.colour;
          if (c && c !== (own.kind === "outskirts" ? "green" : own.colour)) cols.add(c);
        }
        if (cols.size > bestV) {
          bestV = cols.size;
          bestSt = v;
        }
      });
      if (bestSt >= 0 && bestV >= 2) return { type: "replenish", player, station: s.stations[bestSt]!.id };
    }
  }
  // Locomotive: whatever is left, before the last round.
  if (s.round < s.options.rounds && seat.loco < 6 && s.ap >= UPGRADE_COST[seat.loco]!)
    return { type: "upgrade", player };
  return { type: "end-turn", player };
}

export interface SolverBotGame {
  players: number;
  seed: number | string;
  /** Seats played by the solver bot (the others by the engine's greedy bot). */
  solverSeats: number[];
  result: GameResult;
  log: StringAction[];
  final: StringState;
}

/**
 * Plays a whole game: the solver bot in `solverSeats` (default: every seat), the engine's greedy bot in the
 * others, both on `engine`. Throws if a bot's action is refused.
 */
export function playSolverBotGame(
  players: number,
  seed: number | string,
  solverSeats: readonly number[] = Array.from({ length: players }, (_, i) => i),
  kernel: PlanKernel = defaultKernel(),
  maxActions = 5000,
  engine: StringEngine = stringEngine,
): SolverBotGame {
  let s = engine.setup({ players }, seed);
  const log: StringAction[] = [];
  while (!s.over) {
    if (log.length >= maxActions) throw new Error(`game did not end within ${maxActions} actions`);
    const who = s.current!;
    const a = solverSeats.includes(who) ? solverBotAction(s, kernel, engine) : botAction(s, engine);
    const r = engine.apply(s, a);
    if (!r.ok) throw new Error(`seat ${who} chose a refused action ${JSON.stringify(a)}: ${r.error.message}`);
    s = r.state;
    log.push(a);
  }
  return { players, seed, solverSeats: [...solverSeats], result: s.result!, log, final: s };
}

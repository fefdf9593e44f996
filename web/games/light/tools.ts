/**
 * `rail light …`: Light Rail's own tools (web/games/light/cli.ts lists them for the `rail` dispatcher): score a
 * city, hint a saved engine state, play a whole bot game. Returns the JSON value the dispatcher prints; throws an
 * Error with a one-line message on bad input. The hint report serves the game-file `hint` too.
 *
 *   rail light score FILE                   FILE: {"players", "wrap"?, "cards": [{q, r, color, segments: [{a, b, building?}]}]}
 *   rail light hint FILE                    FILE: a saved game state (engine `save`)
 *   rail light bot --players N --seed S [--wrap]
 *
 * `hint` lists every legal placement with its immediate credit and, from the search (web/solvers/light/
 * search.ts, through the module's hints), its `value` (mean final credit margin) and `winRate`, best value first.
 * `--playouts N` (default 2000; 0 skips the search), `--seed S` (search sampling).
 */

import { choiceArg, intArg, parseArgs, positionals, seedArg, UsageError } from "../../cli/args.ts";
import { InputError } from "../../engine/common/errors.ts";
import { playGreedyGame, rankPlacements } from "../../engine/light/bot.ts";
import { parseCityFile } from "../../engine/light/cityfile.ts";
import { lightEngine, scoreCity, setup, totals } from "../../engine/light/engine.ts";
import { BUILDINGS, CAP, type City, COLORS, type LightState } from "../../engine/light/types.ts";
import type { SearchedPlacement } from "../../solvers/light/search.ts";
import type { CliHost, Kit } from "../types.ts";
import { LIGHT_MAX_PLAYOUTS, light } from "./index.ts";

/** Most playouts `hint` and `bot` accept (docs/cli.md: a 20000-playout hint takes about a second or two). */
export const MAX_PLAYOUTS = LIGHT_MAX_PLAYOUTS;

const USAGE =
  "usage: rail light score FILE | hint FILE [--playouts N] [--seed S] | bot --players N --seed S [--wrap] [--bot search|greedy] [--playouts N]";

const colorName = (c: number) => COLORS[c]!;
const edgeName = (e: number) => (e === CAP ? "cap" : e);

/** The `score` report of a city. */
export function scoreReport(city: City, wrap: boolean) {
  const { credit, complete, routes } = scoreCity(city, { wrap });
  const shown = new Set<number>();
  for (let c = 0; c < city.players; c++) shown.add(c);
  for (const c of city.cards) shown.add(c.color);
  const byColor = (values: readonly number[]) =>
    Object.fromEntries([...shown].sort().map((c) => [colorName(c), values[c]!]));
  return {
    credit: byColor(credit),
    complete,
    routes: routes.length,
    details: routes.map((rt) => ({
      cells: rt.cells,
      ends: rt.ends.map((e) => ({ q: e.q, r: e.r, edge: edgeName(e.edge), kind: e.kind })),
      loop: rt.loop,
      segments: Object.fromEntries(rt.segmentsByColor.flatMap((n, c) => (n > 0 ? [[colorName(c), n]] : []))),
      buildings: rt.buildings.map((b) => BUILDINGS[b]),
      complete: rt.complete,
      wrapped: rt.wrapped,
      winners: rt.winners.map(colorName),
      credit: rt.complete ? rt.credit : 0,
    })),
  };
}

/**
 * The hint report: every legal placement with its credit now, and with the search's `value` and `winRate` from
 * `search` (the module's hints, web/games/light/index.ts: determinised Monte Carlo, web/solvers/light/search.ts),
 * best value first; `search` null skips the search.
 */
export async function hintReport(state: LightState, search: (() => Promise<SearchedPlacement[]>) | null) {
  const ranked = rankPlacements(state);
  let values: Map<string, { value: number; winRate: number; playouts: number }> | null = null;
  let searchError: string | undefined;
  if (search && ranked.length > 0) {
    // The search is another module (its own engineer); a failure there must not break the credit hints.
    try {
      values = new Map((await search()).map((p) => [`${p.q},${p.r},${p.orientation}`, p]));
    } catch (e) {
      searchError = (e as Error).message;
    }
  }
  const options = ranked.map((p) => {
    const v = values?.get(`${p.q},${p.r},${p.orientation}`);
    return {
      q: p.q,
      r: p.r,
      orientation: p.orientation,
      credit: p.credit,
      gains: Object.fromEntries(p.gains.map((g, s) => [colorName(s), g])),
      ...(v ? { value: v.value, winRate: v.winRate, playouts: v.playouts } : {}),
    };
  });
  // Array.sort is stable: equal values keep the credit-first order of rankPlacements.
  if (values) options.sort((a, b) => (b.value ?? -Infinity) - (a.value ?? -Infinity));
  return {
    seat: state.current,
    color: state.current === null ? null : colorName(state.current),
    card: state.current === null ? null : state.hands[state.current],
    search: values !== null,
    ...(searchError ? { searchError } : {}),
    options,
  };
}

/** The module's search hints for `state` with these options, its kernel loaded through the host's Kit. */
function moduleSearch(kit: Kit, state: LightState, options: { playouts: number; seed: number | string }) {
  return async () => {
    const hints = await light.loadHints(() => light.loadSolver(kit), light.readHintOptions(options));
    return hints(state);
  };
}

/** A whole game with the search bot (every seat; its own seeded playouts per move). */
async function playSearchGame(
  kit: Kit,
  players: number,
  seed: number | string,
  wrap: boolean,
  playouts: number,
): Promise<LightState> {
  const [kernel, { searchBotAction }] = await Promise.all([
    light.loadSolver(kit),
    import("../../solvers/light/search.ts"),
  ]);
  let state = setup({ players, wrap }, seed);
  for (let move = 0; !state.over; move++) {
    const action = searchBotAction(kernel, state, `${seed}/${move}`, { playouts });
    if (!action) break;
    const r = lightEngine.apply(state, action);
    if (!r.ok) throw new Error(`light bot: the search bot's move was refused: ${r.error.message}`);
    state = r.state;
  }
  return state;
}

export async function botReport(
  kit: Kit,
  players: number,
  seed: number | string,
  wrap: boolean,
  bot: "search" | "greedy" = "search",
  playouts = 400,
) {
  const state =
    bot === "greedy"
      ? playGreedyGame({ players, wrap }, seed)
      : await playSearchGame(kit, players, seed, wrap, playouts);
  const byColor = (values: readonly number[]) => Object.fromEntries(values.map((v, s) => [colorName(s), v]));
  return {
    players,
    seed,
    wrap,
    bot,
    ...(bot === "search" ? { playouts } : {}),
    credit: byColor(totals(state)),
    routeCredit: byColor(state.routeCredit),
    objectiveCredit: byColor(state.objectiveCredit),
    objectives: Object.fromEntries(state.objectives.map((o, s) => [colorName(s), o])),
    fulfilled: Object.fromEntries(state.fulfilled.map((o, s) => [colorName(s), o])),
    winners: state.winners.map(colorName),
    log: state.log,
  };
}

export async function lightCommand(args: string[], host: CliHost): Promise<unknown> {
  const [sub, ...rest] = args;
  try {
    switch (sub) {
      case "score": {
        const p = parseArgs(rest, []);
        const [file] = positionals(p, ["FILE"], USAGE);
        const { city, wrap } = parseCityFile(host.readJsonFile(file, USAGE));
        return scoreReport(city, wrap);
      }
      case "hint": {
        const p = parseArgs(rest, ["playouts", "seed"]);
        const [file] = positionals(p, ["FILE"], USAGE);
        const playouts = intArg(p.options.get("playouts"), "--playouts", 0, MAX_PLAYOUTS) ?? 2000;
        const seed = p.options.has("seed") ? seedArg(p.options.get("seed")!) : 0;
        const state = lightEngine.load(host.readJsonFile(file, USAGE));
        const search = playouts === 0 ? null : moduleSearch(host.kit, state, { playouts, seed });
        return await hintReport(state, search);
      }
      case "bot": {
        const p = parseArgs(rest, ["players", "seed", "bot", "playouts"], ["wrap"]);
        positionals(p, [], USAGE);
        if (!p.options.has("players")) throw new UsageError(`--players must be 2, 3 or 4 (${USAGE})`);
        const players = intArg(p.options.get("players"), "--players", 2, 4)!;
        const s = p.options.get("seed");
        if (s === undefined) throw new UsageError(`--seed is required (${USAGE})`);
        const seed = seedArg(s);
        const bot = choiceArg(p.options.get("bot") ?? "search", "--bot", ["search", "greedy"] as const);
        const playouts = intArg(p.options.get("playouts"), "--playouts", 1, MAX_PLAYOUTS) ?? 400;
        return await botReport(host.kit, players, seed, p.flags.has("wrap"), bot, playouts);
      }
      default:
        throw new UsageError(USAGE);
    }
  } catch (e) {
    if (e instanceof InputError) throw new Error(`light ${sub}: ${e.message}`);
    throw e;
  }
}

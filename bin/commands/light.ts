/**
 * `rail light …`: score a city, hint a saved game, play a greedy bot game. Returns the JSON value the
 * dispatcher prints; throws an Error with a one-line message on bad input.
 *
 *   rail light score FILE                   FILE: {"players", "wrap"?, "cards": [{q, r, color, segments: [{a, b, building?}]}]}
 *   rail light hint FILE                    FILE: a saved game state (engine `save`)
 *   rail light bot --players N --seed S [--wrap]
 *
 * `hint` lists every legal placement with its immediate credit and, from the search (web/engine/light/
 * search.ts), its `value` (mean final route-credit margin) and `winRate`, best value first.
 * `--playouts N` (default 2000; 0 skips the search), `--seed S` (search sampling).
 */
import { InputError } from "../../web/engine/common/errors.ts";
import { playGreedyGame, rankPlacements } from "../../web/engine/light/bot.ts";
import { parseCityFile } from "../../web/engine/light/cityfile.ts";
import { lightEngine, scoreCity, setup, totals } from "../../web/engine/light/engine.ts";
import { BUILDINGS, CAP, type City, COLORS, type LightState } from "../../web/engine/light/types.ts";
import { choiceArg, intArg, parseArgs, positionals, readJsonFile, seedArg, UsageError } from "../args.ts";

/** Most playouts `hint` and `bot` accept (docs/cli.md: a 20000-playout hint takes about a second or two). */
export const MAX_PLAYOUTS = 20_000;

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
 * Search values come from web/solvers/light/search.ts (`searchPlacements`, determinised Monte Carlo). The
 * Wasm kernel is used when build/light.release.wasm exists; otherwise the TypeScript twin.
 */
type SearchModule = typeof import("../../web/solvers/light/search.ts");
type LightKernel = import("../../web/solvers/light/kernel.ts").LightKernel;

/** Loads the search and its kernel: the Wasm one when build/light.release.wasm exists, else the TypeScript twin. */
export async function loadSearch(): Promise<SearchModule & { kernel: LightKernel }> {
  const search = await import("../../web/solvers/light/search.ts");
  let kernel: LightKernel;
  try {
    const { createLightWasm } = await import("../../web/solvers/light/node.ts");
    kernel = await createLightWasm("release");
  } catch {
    kernel = new (await import("../../web/solvers/light/reference.ts")).LightReference();
  }
  return { ...search, kernel };
}

export async function hintReport(
  state: LightState,
  search: { playouts?: number; seed?: number | string } = {},
) {
  const ranked = rankPlacements(state);
  let values: Map<string, { value: number; winRate: number; playouts: number }> | null = null;
  let searchError: string | undefined;
  if (search.playouts !== 0 && ranked.length > 0) {
    // The search is another module (its own engineer); a failure there must not break the credit hints.
    try {
      const { searchPlacements, kernel } = await loadSearch();
      const found = searchPlacements(kernel, state, {
        playouts: search.playouts ?? 2000,
        seed: search.seed ?? 0,
      });
      values = new Map(found.map((p) => [`${p.q},${p.r},${p.orientation}`, p]));
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

/** A whole game with the search bot (every seat; its own seeded playouts per move). */
async function playSearchGame(
  players: number,
  seed: number | string,
  wrap: boolean,
  playouts: number,
): Promise<LightState> {
  const { searchBotAction, kernel } = await loadSearch();
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
  players: number,
  seed: number | string,
  wrap: boolean,
  bot: "search" | "greedy" = "search",
  playouts = 400,
) {
  const state =
    bot === "greedy"
      ? playGreedyGame({ players, wrap }, seed)
      : await playSearchGame(players, seed, wrap, playouts);
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

export async function lightCommand(args: string[]): Promise<unknown> {
  const [sub, ...rest] = args;
  try {
    switch (sub) {
      case "score": {
        const p = parseArgs(rest, []);
        const [file] = positionals(p, ["FILE"], USAGE);
        const { city, wrap } = parseCityFile(readJsonFile(file, USAGE));
        return scoreReport(city, wrap);
      }
      case "hint": {
        const p = parseArgs(rest, ["playouts", "seed"]);
        const [file] = positionals(p, ["FILE"], USAGE);
        const n = intArg(p.options.get("playouts"), "--playouts", 0, MAX_PLAYOUTS);
        const seed = p.options.has("seed") ? seedArg(p.options.get("seed")!) : 0;
        return await hintReport(lightEngine.load(readJsonFile(file, USAGE)), { playouts: n, seed });
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
        return await botReport(players, seed, p.flags.has("wrap"), bot, playouts);
      }
      default:
        throw new UsageError(USAGE);
    }
  } catch (e) {
    if (e instanceof InputError) throw new Error(`light ${sub}: ${e.message}`);
    throw e;
  }
}

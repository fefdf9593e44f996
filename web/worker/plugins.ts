/**
 * The per-game plug-ins of the worker service (web/worker/service.ts): each game's engine, the extras of
 * its view, its hints and its bot. The verbs themselves are written once, in the service.
 *
 * Every option that sets work has a cap (string hints: `max` ≤ STRING_MAX_HINTS; Light Rail: `playouts` ≤
 * LIGHT_MAX_PLAYOUTS, `ms` ≤ LIGHT_MAX_HINT_MS). A hint function may answer with a Promise: Light Rail's
 * time-budgeted search pauses between batches so that one worker serves every game's calls meanwhile. Solvers
 * arrive through the `solver()` / `kernel()` loaders the service passes in, which load once, on first use. A bot
 * or a hint that needs randomness draws it from a seed derived from the game (`<seed>/<log length>`), so the same
 * game gives the same move in Node and in every browser.
 */
import { int, isObject, obj, oneOf, seed as readSeed } from "../engine/common/input.ts";
import { botRng, greedyPlacement, lightBoard, lightEngine } from "../engine/light/index.ts";
import type { RouteGeometry } from "../engine/string/geometry/route.ts";
import {
  createStringEngine,
  botAction as greedyStringAction,
  pointsOf,
  type StringEngine,
  stringEngine,
} from "../engine/string/index.ts";
import { parsePath } from "../engine/string/route.ts";
import { scoreTrain, trainEngine } from "../engine/train/index.ts";
import { lightFromView } from "../games/light/view.ts";
import { stringFromView } from "../games/string/view.ts";
import { HIDDEN } from "../online/view.ts";
import type { LightKernel } from "../solvers/light/kernel.ts";
import { searchBotAction, searchPlacements, searchPlacementsWithinAsync } from "../solvers/light/search.ts";
import { previewHint, type StringPreviewRequest } from "../solvers/string/advice.ts";
import type { StringSolver } from "../solvers/string/index.ts";
import {
  type BotMode,
  LIGHT_MAX_HINT_MS,
  LIGHT_MAX_PLAYOUTS,
  type LightAction,
  type LightState,
  type LightTypes,
  STRING_MAX_HINTS,
  type StringHintOptions,
  type StringTypes,
  type TrainState,
  type TrainTypes,
} from "./protocol.ts";
import { raceContextFor } from "../games/train/race.ts";
import type { GamePlugin, PluginEngine, TrainSolverBundle } from "./service.ts";

/** The seed a bot or a search draws from in this position: the game's seed and how far it has gone. */
export function positionSeed(state: { seed: number | string; log: readonly unknown[] }): string {
  return `${state.seed}/${state.log.length}`;
}

export function trainPlugin(
  solver: () => Promise<TrainSolverBundle>,
): GamePlugin<TrainTypes, TrainTypes["hint"][]> {
  return {
    id: "train",
    engine: trainEngine as PluginEngine<TrainState>,
    view: (base) => ({ ...base, turnScore: scoreTrain(base.state.turn.train, base.state.turn.banked) }),
    hintKeys: [],
    hintOptions: () => ({}),
    loadHints: async () => {
      const s = await solver();
      // Win chances in a two-player race to 50..200 (its own goal: the shipped table for 100, any other solved
      // here once on first need); expected scores only otherwise (race-context.ts).
      return (state) => s.solver.hint(state.turn, raceContextFor(state));
    },
    botKeys: ["mode"],
    botOptions: (o) => ({
      mode: o.mode === undefined ? "race" : oneOf<BotMode>(o.mode, "/options/mode", ["race", "ev"]),
    }),
    loadBot: async ({ mode = "race" }) => {
      const s = await solver();
      return (state) => s.botAction(state, mode);
    },
  };
}

/** The `preview` hint option: `{ kind, path }`, checked (InputError at `/options/preview/…`). */
function readPreview(x: unknown): StringPreviewRequest {
  const o = obj(x, "/options/preview");
  return {
    kind: oneOf(o.kind, "/options/preview/kind", ["short", "long"] as const),
    path: parsePath(o.path, "/options/preview/path"),
  };
}

/**
 * `loadGeometry`: the Wasm route geometry (browser: the string module, web/worker/engine.worker.ts). Asked for when
 * a String Railway game is first shown; once it is ready the plug-in's `engine` is an engine on it
 * (`createStringEngine(geometry)`), which every route check then runs on (`apply`, `legalActions`, the live
 * `preview`, the bots); until then, or if it fails, the engine on the TypeScript twin measures, with the same answers.
 */
export function stringPlugin(
  solver: () => Promise<StringSolver>,
  loadGeometry?: () => Promise<RouteGeometry>,
): GamePlugin<StringTypes> {
  // The engine route checks run on now: read at each call (the service's verbs, the hint and bot functions).
  let engine: StringEngine = stringEngine;
  let asked = false;
  const geometry = () => {
    if (asked || !loadGeometry) return;
    asked = true;
    loadGeometry().then(
      (g) => {
        engine = createStringEngine(g);
      },
      () => {}, // failed: the engine on the twin stays (same answers)
    );
  };
  return {
    id: "string",
    get engine() {
      return engine as PluginEngine<StringTypes["state"]>;
    },
    view: (base) => {
      geometry();
      return { ...base, points: base.state.seats.map((_, p) => pointsOf(base.state, p)) };
    },
    // `preview` is the live check of a string being drawn (no solver: the engine's route check on the Wasm route
    // geometry, one round trip a frame); otherwise the widget's hints: transport plan, long-distance routes, strings (solvers/string/advice.ts).
    hintKeys: ["max", "preview"],
    hintOptions: (o): StringHintOptions => ({
      max: o.max === undefined ? 20 : int(o.max, "/options/max", 1, STRING_MAX_HINTS),
      ...(o.preview === undefined ? {} : { preview: readPreview(o.preview) }),
    }),
    loadHints: async (o: StringHintOptions) => {
      const { preview, max } = o;
      if (preview) return (state) => previewHint(state, preview, engine);
      const s = await solver();
      // Between its phases it pauses for the worker's other calls, and ends there once the game has moved on.
      return (state, stale) => s.adviceCooperative(state, max, stale);
    },
    botKeys: ["policy"],
    botOptions: (o) => ({
      policy:
        o.policy === undefined
          ? "solver"
          : oneOf<"solver" | "greedy">(o.policy, "/options/policy", ["solver", "greedy"]),
    }),
    loadBot: async ({ policy }) => {
      if (policy === "greedy") return (state) => greedyStringAction(state, engine);
      const s = await solver();
      return (state) => s.botAction(state, engine);
    },
    // Online: the seat's view; another seat's pending tile choice is hidden from it (no hints then).
    fromView: (view) => ({
      state: stringFromView(view),
      mover: !(
        isObject(view) &&
        isObject(view.choice) &&
        Array.isArray(view.choice.tiles) &&
        view.choice.tiles.includes(HIDDEN)
      ),
    }),
  };
}

const playouts = (x: unknown) =>
  x === undefined ? 2000 : int(x, "/options/playouts", 0, LIGHT_MAX_PLAYOUTS);

export function lightPlugin(
  kernel: () => Promise<LightKernel>,
): GamePlugin<LightTypes, Promise<LightTypes["hint"][]>> {
  const place = (state: LightState, p: { q: number; r: number; orientation: 0 | 1 }): LightAction => ({
    type: "place",
    player: state.current!,
    q: p.q,
    r: p.r,
    orientation: p.orientation,
  });
  return {
    id: "light",
    engine: lightEngine as PluginEngine<LightState>,
    view: (base) => ({ ...base, ...lightBoard(base.state) }),
    hintKeys: ["playouts", "seed", "ms"],
    hintOptions: (o) => ({
      playouts: playouts(o.playouts),
      ...(o.seed === undefined ? {} : { seed: readSeed(o.seed, "/options/seed") }),
      ...(o.ms === undefined ? {} : { ms: int(o.ms, "/options/ms", 1, LIGHT_MAX_HINT_MS) }),
    }),
    loadHints: async (o) => {
      const k = await kernel();
      // A time budget (the widget's slices of up to 250 ms) is searched cooperatively: batches of a few ms with
      // a pause between, so the worker serves the other games' calls (a Train hint, a Roll) meanwhile.
      // It ends early once the game has moved on (`stale`): the page drops that answer.
      return async (state, stale) => {
        const seed = o.seed ?? positionSeed(state);
        return o.ms === undefined
          ? searchPlacements(k, state, { playouts: o.playouts, seed })
          : await searchPlacementsWithinAsync(k, state, { ms: o.ms, seed, cancelled: stale });
      };
    },
    botKeys: ["policy", "playouts"],
    botOptions: (o) => ({
      policy:
        o.policy === undefined
          ? "search"
          : oneOf<"search" | "greedy">(o.policy, "/options/policy", ["search", "greedy"]),
      playouts: playouts(o.playouts),
    }),
    loadBot: async (o) => {
      const noMove = () => new Error("the Light Rail bot found no placement in a game that is not over");
      if (o.policy === "greedy")
        return (state) => {
          const p = greedyPlacement(state, botRng(positionSeed(state)));
          if (!p) throw noMove();
          return place(state, p);
        };
      const k = await kernel();
      return (state) => {
        const a = searchBotAction(k, state, positionSeed(state), { playouts: o.playouts });
        if (!a) throw noMove();
        return a;
      };
    },
    // Online: the seat's view, hidden cards determinised from the view's own seed (positionSeed then reads
    // that seed); the seat to move must see its own hand (not another seat's view).
    fromView: (view) => {
      const state = lightFromView(view);
      const hands = isObject(view) && Array.isArray(view.hands) ? view.hands : [];
      return { state, mover: state.current === null || hands[state.current] !== HIDDEN };
    },
  };
}

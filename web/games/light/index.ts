/**
 * Light Rail as every host runs it (web/games/types.ts): the engine, two to four seats, what a seat sees online
 * (view.ts), the Monte Carlo search behind its hints and bot (web/solvers/light/, the light Wasm), and its text
 * picture.
 */

import { int, oneOf, seed as readSeed } from "../../engine/common/input.ts";
import {
  botRng,
  greedyPlacement,
  type LightAction,
  type LightBoard,
  type LightOptions,
  type LightState,
  lightEngine,
} from "../../engine/light/index.ts";
import type { LightKernel } from "../../solvers/light/kernel.ts";
import type { SearchedPlacement } from "../../solvers/light/search.ts";
import { RANDOM_BOT } from "../levels.ts";
import { type GameModule, positionSeed } from "../types.ts";

import { LIGHT_MAX_HINT_MS, LIGHT_MAX_PLAYOUTS } from "./caps.ts";
import { lightExtras, lightFromView, lightHide, lightViewMover } from "./view.ts";

export { LIGHT_MAX_HINT_MS, LIGHT_MAX_PLAYOUTS };

export interface LightHintOptions {
  /** Playouts spread over the placements, 0..{@link LIGHT_MAX_PLAYOUTS} (default 2000). */
  playouts?: number;
  /** Seed of the search's sampling (default: {@link positionSeed}). */
  seed?: number | string;
  /** A time budget in ms, 1..{@link LIGHT_MAX_HINT_MS}: search until it is spent (then `playouts` is ignored). */
  ms?: number;
}

export interface LightGameTypes {
  state: LightState;
  action: LightAction;
  options: LightOptions;
  extras: LightBoard;
  hint: SearchedPlacement;
  hintOptions: LightHintOptions;
  botOptions: { policy?: "search" | "greedy"; playouts?: number };
}

const playouts = (x: unknown) =>
  x === undefined ? 2000 : int(x, "/options/playouts", 0, LIGHT_MAX_PLAYOUTS);

const noMove = () => new Error("the Light Rail bot found no placement in a game that is not over");

export const light: GameModule<LightGameTypes, LightKernel, "light"> = {
  id: "light",
  title: "Light Rail",
  tag: "light-rail",
  engine: lightEngine,
  seats: { min: 2, max: 4, default: 2 },
  options: [{ name: "wrap", about: "the city wraps around its edges", kind: "flag", default: false }],

  extras: lightExtras,
  hide: lightHide,
  // Sent without these (they change wholesale each move); the client derives them (web/games/view.ts).
  derived: ["legal", "frames", "blocked"],
  fromView: (view) => {
    const state = lightFromView(view);
    return { state, mover: lightViewMover(view, state) };
  },

  loadSolver: async (kit) => {
    const wasm = kit.wasm("light");
    if (!wasm) return new (await import("../../solvers/light/reference.ts")).LightReference();
    return (await import("../../solvers/light/wasm.ts")).fromModule(await wasm);
  },
  hintKeys: ["playouts", "seed", "ms"],
  readHintOptions: (o) => ({
    playouts: playouts(o.playouts),
    ...(o.seed === undefined ? {} : { seed: readSeed(o.seed, "/options/seed") }),
    ...(o.ms === undefined ? {} : { ms: int(o.ms, "/options/ms", 1, LIGHT_MAX_HINT_MS) }),
  }),
  // A time budget (the widget's slices of up to 250 ms) is searched cooperatively: batches of a few ms with a pause
  // between, so the worker serves the other games' calls meanwhile; it ends early once the game has moved on.
  loadHints: async (solver, o) => {
    const [k, { searchPlacements, searchPlacementsWithinAsync }] = await Promise.all([
      solver(),
      import("../../solvers/light/search.ts"),
    ]);
    return async (state, stale) => {
      const seed = o.seed ?? positionSeed(state);
      return o.ms === undefined
        ? searchPlacements(k, state, { playouts: o.playouts, seed })
        : await searchPlacementsWithinAsync(k, state, { ms: o.ms, seed, cancelled: stale });
    };
  },
  bots: {
    search: {
      about: "Monte Carlo search over the rest of the game (`playouts` per move)",
      cheap: false,
      load: async (solver, work) => {
        const [k, { searchBotAction }] = await Promise.all([
          solver(),
          import("../../solvers/light/search.ts"),
        ]);
        return (state, seed) => {
          const a = searchBotAction(k, state, seed, { playouts: work.playouts ?? 2000 });
          if (!a) throw noMove();
          return a;
        };
      },
    },
    greedy: {
      about: "the best credit now",
      cheap: true,
      load: async () => (state, seed) => {
        const p = greedyPlacement(state, botRng(seed));
        if (!p || state.current === null) throw noMove();
        return { type: "place", player: state.current, q: p.q, r: p.r, orientation: p.orientation };
      },
    },
  },
  // Measured in docs/bots.md: each level beats the one below.
  levels: [
    { bot: RANDOM_BOT, noise: 1 },
    { bot: "greedy", noise: 0 },
    { bot: "search", work: { playouts: 50 }, noise: 0 },
    { bot: "search", work: { playouts: 200 }, noise: 0 },
    { bot: "search", work: { playouts: 2000 }, noise: 0 },
  ],
  botKeys: ["policy", "playouts"],
  readBot: (o) => ({
    bot:
      o.policy === undefined ? "search" : oneOf(o.policy, "/options/policy", ["search", "greedy"] as const),
    work: { playouts: playouts(o.playouts) },
  }),

  // Every placement graded by the hints' search, with its error bar (review.ts, docs/review.md).
  review: {
    keys: ["playouts"],
    readOptions: (o) => ({ playouts: playouts(o.playouts) }),
    load: async (solver, o) => {
      const [k, { searchPlacements }, { lightReviewer }] = await Promise.all([
        solver(),
        import("../../solvers/light/search.ts"),
        import("./review.ts"),
      ]);
      return lightReviewer(k, searchPlacements, (o as { playouts: number }).playouts);
    },
  },

  cli: async () => (await import("./cli.ts")).lightCli,
};

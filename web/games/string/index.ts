/**
 * String Railway as every host runs it (web/games/types.ts): the engine, two to five seats, what a seat sees online
 * (view.ts), the planners behind its hints and bot (web/solvers/string/, the stringplan Wasm), the live check of a
 * string being drawn (the `preview` hint), and its text picture.
 */

import { int, obj, oneOf } from "../../engine/common/input.ts";
import {
  createStringEngine,
  botAction as greedyBotAction,
  type StringAction,
  type StringEngine,
  type StringOptions,
  type StringState,
  stringEngine,
} from "../../engine/string/index.ts";
import { parsePath } from "../../engine/string/route.ts";
import type { StringHint, StringPreviewRequest } from "../../solvers/string/advice.ts";
import type { StringSolver } from "../../solvers/string/solver.ts";
import { RANDOM_BOT } from "../levels.ts";
import type { GameModule } from "../types.ts";
import { STRING_MAX_HINTS } from "./caps.ts";
import { stringExtras, stringFromView, stringHide, stringViewMover } from "./view.ts";

export { STRING_MAX_HINTS };

export interface StringHintOptions {
  /** Strings ranked, 1..{@link STRING_MAX_HINTS} (default 20). */
  max?: number;
  /** The live check of a string being drawn (no solver: the engine's route check). */
  preview?: StringPreviewRequest;
}

export interface StringGameTypes {
  state: StringState;
  action: StringAction;
  options: StringOptions;
  extras: { points: number[] };
  hint: StringHint;
  hintOptions: StringHintOptions;
  botOptions: { policy?: "solver" | "greedy" };
}

/** The `preview` hint option: `{ kind, path }`, checked (InputError at `/options/preview/…`). */
function readPreview(x: unknown): StringPreviewRequest {
  const o = obj(x, "/options/preview");
  return {
    kind: oneOf(o.kind, "/options/preview/kind", ["short", "long"] as const),
    path: parsePath(o.path, "/options/preview/path"),
  };
}

/** The host's engine now (the Wasm geometry's once loaded), or the TypeScript one: every engine here is a StringEngine. */
const rulesOf = (engine?: () => unknown): StringEngine =>
  (engine?.() as StringEngine | undefined) ?? stringEngine;

export const string: GameModule<StringGameTypes, StringSolver, "string"> = {
  id: "string",
  title: "String Railway",
  tag: "string-railway",
  engine: stringEngine,
  // The same rules measuring routes on the string Wasm (same answers, faster).
  loadEngine: async (kit) => {
    const wasm = kit.wasm("string");
    if (!wasm) return stringEngine;
    const { createStringGeometryWasm } = await import("../../solvers/string/geometry-wasm.ts");
    return createStringEngine((await createStringGeometryWasm(await wasm)).routeGeometry);
  },
  seats: { min: 2, max: 5, default: 3 },
  options: [],

  extras: stringExtras,
  hide: stringHide,
  // Sent without these (they change wholesale each move); the client derives them (web/games/view.ts).
  derived: ["legal"],
  fromView: (view) => ({ state: stringFromView(view), mover: stringViewMover(view) }),

  loadSolver: async (kit) => {
    const { createStringSolver, createStringSolverReference } = await import(
      "../../solvers/string/solver.ts"
    );
    const wasm = kit.wasm("stringplan");
    return wasm ? createStringSolver(await wasm) : createStringSolverReference();
  },
  hintKeys: ["max", "preview"],
  readHintOptions: (o) => ({
    max: o.max === undefined ? 20 : int(o.max, "/options/max", 1, STRING_MAX_HINTS),
    ...(o.preview === undefined ? {} : { preview: readPreview(o.preview) }),
  }),
  // `preview`: the engine's live check, one round trip a frame; otherwise the transport plan, long-distance routes
  // and strings, pausing between the phases for the worker's other calls (ending there once the game has moved on).
  loadHints: async (solver, { preview, max = 20 }, engine) => {
    if (preview) {
      const { previewHint } = await import("../../solvers/string/advice.ts");
      return (state) => previewHint(state, preview, rulesOf(engine));
    }
    const s = await solver();
    return (state, stale) => s.adviceCooperative(state, max, stale);
  },
  bots: {
    solver: {
      about: "the planners: the best transport plan, long-distance route or string found",
      cheap: false,
      load: async (solver, _work, engine) => {
        const s = await solver();
        return (state) => s.botAction(state, rulesOf(engine));
      },
    },
    greedy: {
      about: "the engine's greedy bot: the best action now",
      cheap: true,
      load: async (_solver, _work, engine) => (state) => greedyBotAction(state, rulesOf(engine)),
    },
  },
  // Measured in docs/bots.md: each level beats the one below.
  levels: [
    { bot: RANDOM_BOT, noise: 1 },
    { bot: "greedy", noise: 0.3 },
    { bot: "greedy", noise: 0 },
    { bot: "solver", noise: 0.08 },
    { bot: "solver", noise: 0 },
  ],
  botKeys: ["policy"],
  readBot: (o) => ({
    bot:
      o.policy === undefined ? "solver" : oneOf(o.policy, "/options/policy", ["solver", "greedy"] as const),
    work: {},
  }),

  // Every move graded by the hints' solver: the exact transport plan, the routes, the ranked strings (review.ts).
  review: {
    keys: [],
    readOptions: () => ({}),
    load: async (solver, _options, engine) =>
      (await import("./review.ts")).stringReviewer(await solver(), () => rulesOf(engine)),
  },

  cli: async () => (await import("./cli.ts")).stringCli,
};

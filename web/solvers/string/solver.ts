/**
 * The String Railway solver service: the planners of model.ts and the bot of bot.ts bound to one kernel, for the
 * worker, the CLI and the bots. `createStringSolver(module)` runs on the Wasm module (build/stringplan.*.wasm);
 * `createStringSolverReference()` on the TypeScript twin (no Wasm needed; slower).
 */
import type { StringEngine } from "../../engine/string/engine.ts";
import type { Counts, StringAction, StringState } from "../../engine/string/types.ts";
import { adviceFor, adviceForCooperative, type StringHint } from "./advice.ts";
import { solverBotAction } from "./bot.ts";
import type { PlanKernel } from "./kernel.ts";
import {
  type LongDistanceRoute,
  longDistanceRoutes,
  planTransport,
  type StringPlacementHint,
  scorePile,
  stringHints,
  type TransportPlan,
} from "./model.ts";
import { createReferenceKernel } from "./reference.ts";

export interface StringSolver {
  readonly kernel: PlanKernel;
  /** Exact maximum score of a pile (no tiles). */
  scorePile(counts: Partial<Readonly<Counts>>): number;
  /** Fewest-AP route (no hop twice) for each row of each face-up tile of the player (within `maxHops` 0…8, default 8). */
  longDistance(s: StringState, player: number, maxHops?: number): LongDistanceRoute[];
  /** The exact best transport plan for the player now (this turn's AP and trades left by default). */
  transportPlan(s: StringState, player: number, ap?: number, tradesLeft?: number): TransportPlan;
  /** Ranked string hints (route phase only; empty otherwise). */
  stringHints(s: StringState, player: number, max?: number): StringPlacementHint[];
  /**
   * The hints of the widget for the seat to move (advice.ts): the best transport plan, the cheapest route of each
   * long-distance row, then the best strings; at most `max` in all.
   */
  advice(s: StringState, max?: number): StringHint[];
  /** `advice`, pausing for the worker's other calls between its phases (advice.ts `adviceForCooperative`). */
  adviceCooperative(s: StringState, max?: number, cancelled?: () => boolean): Promise<StringHint[]>;
  /** The solver bot's action for the seat to play, its moves tried on `engine` (default: `stringEngine`). */
  botAction(s: StringState, engine?: StringEngine): StringAction;
}

function bind(kernel: PlanKernel): StringSolver {
  return {
    kernel,
    scorePile: (counts) => scorePile(kernel, counts),
    longDistance: (s, player, maxHops) => longDistanceRoutes(kernel, s, player, maxHops),
    transportPlan: (s, player, ap, tradesLeft) => planTransport(kernel, s, player, ap, tradesLeft),
    stringHints: (s, player, max) => stringHints(kernel, s, player, max),
    advice: (s, max) => adviceFor(kernel, s, max),
    adviceCooperative: (s, max, cancelled) =>
      adviceForCooperative(kernel, s, max, cancelled ? { cancelled } : {}),
    botAction: (s, engine) => solverBotAction(s, kernel, engine),
  };
}

export async function createStringSolver(module: WebAssembly.Module): Promise<StringSolver> {
  const { createWasmKernel } = await import("./wasm.ts");
  return bind(await createWasmKernel(module));
}

export function createStringSolverReference(): StringSolver {
  return bind(createReferenceKernel());
}

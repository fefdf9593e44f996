/**
 * The Train Game as every host runs it (web/games/types.ts): the engine, one to six seats, the race and elimination
 * variants, the exact solvers behind its hints and bots (web/solvers/train/), and its text picture. Nothing is
 * hidden from any seat: dice are rolled in the open.
 */
import { oneOf } from "../../engine/common/input.ts";
import {
  scoreTrain,
  type TrainAction,
  type TrainGameState,
  type TrainOptions,
  trainEngine,
} from "../../engine/train/index.ts";
import type { RaceContext, TrainHintOption, TrainSolverApi } from "../../solvers/train/api.ts";
import type { GameModule, Kit } from "../types.ts";

export interface TrainGameTypes {
  state: TrainGameState;
  action: TrainAction;
  options: TrainOptions;
  extras: { turnScore: number };
  hint: TrainHintOption;
  hintOptions: Record<never, never>;
}

/** The loaded solver: its API, its bot and the race as the seat to move sees it. */
export interface TrainSolverBundle {
  solver: TrainSolverApi;
  botAction(state: TrainGameState, mode: "race" | "ev"): TrainAction;
  /** The race the hints value for the seat to move (win chances), or undefined (expected scores). */
  raceContext(state: TrainGameState): RaceContext | undefined;
}

/** The solver: the Wasm kernel (or the TypeScript twin) with the shipped race table when the host has it. */
async function loadSolver(kit: Kit): Promise<TrainSolverBundle> {
  const [
    { createTrainSolver, createTrainSolverReference, GOAL },
    { decodeRaceTable },
    { botAction },
    { raceContextFor },
  ] = await Promise.all([
    import("../../solvers/train/index.ts"),
    import("../../solvers/train/race-table.ts"),
    import("../../solvers/train/bot.ts"),
    import("./race.ts"),
  ]);
  const wasm = kit.wasm("train");
  const bytes = await kit.data(`train/race-${GOAL}.bin`).catch(() => null);
  const raceTable = bytes ? decodeRaceTable(bytes, GOAL) : undefined;
  const options = raceTable ? { raceTable } : {};
  const solver = wasm ? await createTrainSolver(await wasm, options) : createTrainSolverReference(options);
  return { solver, botAction: (s, mode) => botAction(solver as never, s, mode), raceContext: raceContextFor };
}

export const train: GameModule<TrainGameTypes, TrainSolverBundle> = {
  id: "train",
  title: "The Train Game",
  tag: "train-game",
  engine: trainEngine,
  seats: { min: 1, max: 6, default: 2 },
  options: [
    {
      name: "variant",
      about: "race to the goal, or elimination (beat the target or be out)",
      kind: "choice",
      choices: ["race", "elimination"],
      default: "race",
    },
    { name: "goal", about: "points that end a race", kind: "int", min: 1, max: 1000, default: 100 },
  ],

  extras: (s) => ({ turnScore: scoreTrain(s.turn.train, s.turn.banked) }),
  hide: (s) => ({ ...s }),

  loadSolver,
  hintKeys: [],
  readHintOptions: () => ({}),
  // Win chances in a two-player race to 50..200 (race.ts); expected scores otherwise.
  loadHints: async (solver) => {
    const s = await solver();
    return (state) => s.solver.hint(state.turn, s.raceContext(state));
  },
  bots: {
    race: {
      about: "the exact solver: the best win chance in a race (the best expected score otherwise)",
      cheap: true,
      load: async (solver) => {
        const s = await solver();
        return (state) => s.botAction(state, "race");
      },
    },
    ev: {
      about: "the exact solver: the best expected score of each turn",
      cheap: true,
      load: async (solver) => {
        const s = await solver();
        return (state) => s.botAction(state, "ev");
      },
    },
  },
  botKeys: ["mode"],
  readBot: (o) => ({
    bot: o.mode === undefined ? "race" : oneOf(o.mode, "/options/mode", ["race", "ev"] as const),
    work: {},
  }),

  cli: async () => (await import("./cli.ts")).trainCli,
};

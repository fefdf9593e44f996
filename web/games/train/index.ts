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
import type { TrainHintOption, TrainSolverApi } from "../../solvers/train/api.ts";
import { raceContext } from "../../solvers/train/race-context.ts";
import type { RaceSolverClient } from "../../worker/race-client.ts";
import type { BotSpec, GameModule, Kit } from "../types.ts";
import { mark, readData } from "./data.ts";
import { trainBotMove, trainHint } from "./route.ts";
import { type TrainVerbs, trainVerbs } from "./verbs.ts";

export interface TrainGameTypes {
  state: TrainGameState;
  action: TrainAction;
  options: TrainOptions;
  /**
   * `turnScore`: what stopping now would score. `canUndo`: the engine's `undo` would take back the last action of
   * the seat to move (online: of the viewing seat), so a widget enables its Undo button from the engine's answer.
   */
  extras: { turnScore: number; canUndo: boolean };
  hint: TrainHintOption;
  hintOptions: Record<never, never>;
  botOptions: { mode?: "race" | "ev" };
}

/** The loaded solver: its API, its bot, and the solver thread for races without a shipped table (route.ts). */
export interface TrainSolverBundle {
  solver: TrainSolverApi;
  botAction(state: TrainGameState, mode: "race" | "ev"): TrainAction;
  /** The host's solver thread (`Kit.worker("train")`), started on its first call; absent: solve on this thread. */
  remote?: RaceSolverClient;
  /** Set once a hint or a bot move has used the solver (the warm-up of `prepare` is then not needed). */
  used?: boolean;
}

/**
 * The solver: the Wasm kernel (or the TypeScript twin) with the shipped race table and turn graph when the host has
 * them (a missing or corrupt one: the race is solved on first need, the tables built in JavaScript), and the host's
 * solver thread. The first max-EV solve and the first three hints leave marks.
 */
async function loadSolver(kit: Kit): Promise<TrainSolverBundle> {
  mark("load");
  kit.onStage?.("compiling the solver", 0.05);
  const [
    { createTrainSolver, createTrainSolverReference, GOAL },
    { decodeRaceTable },
    { decodeTurnGraph },
    { useTrainTables },
  ] = await Promise.all([
    import("../../solvers/train/index.ts"),
    import("../../solvers/train/race-table.ts"),
    import("../../solvers/train/turn-graph.ts"),
    import("../../solvers/train/model.ts"),
  ]);
  const [module, raceTable] = await Promise.all([
    kit.wasm("train"),
    readData(kit, `train/race-${GOAL}.bin`, "race table", (b) => decodeRaceTable(b, GOAL)),
    readData(kit, "train/turn-graph.bin", "turn graph", (b) => useTrainTables(decodeTurnGraph(b))),
  ]);
  kit.onStage?.("setting up the solver", 0.1);
  const options = raceTable ? { raceTable } : {};
  const solver = module ? await createTrainSolver(module, options) : createTrainSolverReference(options);
  mark("ready");
  const ev = solver.expectedTurnScore.bind(solver);
  solver.expectedTurnScore = () => {
    solver.expectedTurnScore = ev;
    mark("first solve");
    const v = ev();
    mark("first solve done");
    return v;
  };
  const hint = solver.hint.bind(solver);
  let hints = 0;
  solver.hint = (turn, race) => {
    if (++hints === 3) solver.hint = hint;
    mark(`hint ${hints}`);
    const h = hint(turn, race);
    mark(`hint ${hints} answered`);
    return h;
  };
  const bundle: TrainSolverBundle = { solver, botAction: (s, mode) => solver.botAction(s, mode) };
  if (kit.worker) {
    const { createRaceSolverClient } = await import("../../worker/race-client.ts");
    const thread = kit.worker.bind(kit);
    bundle.remote = createRaceSolverClient({
      connect: () => {
        const t = thread("train");
        if (!t) throw new Error("the host has no solver thread for train");
        return t;
      },
    });
  }
  return bundle;
}

/** The solver's bot in `mode` (both cost a table read or one turn solve a move: cheap enough for a server). */
function solverBot(mode: "race" | "ev", about: string): BotSpec<TrainGameTypes, TrainSolverBundle> {
  return {
    about,
    cheap: true,
    load: async (solver, work) => {
      const s = await solver();
      return (state) => trainBotMove(s, state, mode, work.quick);
    },
  };
}

export const train: GameModule<TrainGameTypes, TrainSolverBundle, "train", TrainVerbs> = {
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

  extras: (s, seat) => {
    const who = seat === undefined ? s.current : seat;
    // The engine's own answer (its undo replays the log; a refusal costs no more than the check).
    const canUndo = who !== null && !s.over && s.log.at(-1)?.player === who && trainEngine.undo(s, who).ok;
    return { turnScore: scoreTrain(s.turn.train, s.turn.banked), canUndo };
  },
  hide: (s) => ({ ...s }),

  loadSolver,
  hintKeys: [],
  readHintOptions: () => ({}),
  // Win chances in the race of the seat to move (web/solvers/train/race-context.ts), solved where it belongs
  // (route.ts: a goal without a shipped table in the host's solver thread); expected scores when there is none.
  loadHints: async (solver) => {
    const s = await solver();
    return (state, _stale, report) => trainHint(s, state.turn, raceContext(state), report);
  },
  bots: {
    race: solverBot(
      "race",
      "the exact solver: the best win chance in a race (the best expected score otherwise)",
    ),
    ev: solverBot("ev", "the exact solver: the best expected score of each turn"),
  },
  botKeys: ["mode"],
  readBot: (o) => ({
    bot: o.mode === undefined ? "race" : oneOf(o.mode, "/options/mode", ["race", "ev"] as const),
    work: {},
  }),

  // Every decision graded exactly, in the hints' objective (review.ts, docs/review.md); no option sets its work.
  review: {
    keys: [],
    readOptions: () => ({}),
    load: async (solver) => (await import("./review.ts")).trainReviewer(await solver()),
  },

  // The solver page's and the widget's own verbs (verbs.ts).
  verbs: trainVerbs,

  cli: async () => (await import("./cli.ts")).trainCli,
};

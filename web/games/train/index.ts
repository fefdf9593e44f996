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
import type { TurnState } from "../../engine/train/types.ts";
import type { RaceContext, TrainHintOption, TrainSolverApi } from "../../solvers/train/api.ts";
import type { RaceSolverClient } from "../../worker/race-client.ts";
import type { BotSpec, GameModule, Kit } from "../types.ts";
import { mark, readData } from "./data.ts";
import { trainBotMove, trainStateHint } from "./route.ts";
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
  /**
   * Loads the shipped race table (the race to 100, race-context.ts `SHIPPED_GOAL`) into the solver, once, on first need: 159 KB
   * gzipped that a page does not download until a race hint or race move wants it (issue #23). Resolves when the
   * race is at hand or the table could not be loaded (a warning; the race is then solved on need).
   */
  loadRace(): Promise<void>;
  /**
   * The race `turn`'s answer needs now (route.ts): `race` itself, the shipped table loaded first if it needs it; or,
   * on a host whose data files are downloads (`Kit.downloads`: a page's worker), none when the table is not held
   * yet and the turn offers one option only (the roll that opens a turn: nothing to choose, so its hint values the
   * expected score and nothing is fetched).
   */
  raceFor(turn: TurnState, race: RaceContext | undefined): Promise<RaceContext | undefined>;
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
    { createTrainSolver, createTrainSolverReference, GOAL, listOptions },
    { decodeRaceTable },
    { decodeTurnGraph },
    { useTrainTables },
  ] = await Promise.all([
    import("../../solvers/train/index.ts"),
    import("../../solvers/train/race-table.ts"),
    import("../../solvers/train/turn-graph.ts"),
    import("../../solvers/train/model.ts"),
  ]);
  const [module] = await Promise.all([
    kit.wasm("train"),
    readData(kit, "train/turn-graph.bin", "turn graph", (b) => useTrainTables(decodeTurnGraph(b))),
  ]);
  kit.onStage?.("setting up the solver", 0.1);
  const solver = module ? await createTrainSolver(module) : createTrainSolverReference();
  mark("ready");
  let shipped: Promise<void> | undefined;
  const loadRace = () =>
    (shipped ??= solver.hasRace(GOAL)
      ? Promise.resolve()
      : readData(kit, `train/race-${GOAL}.bin`, "race table", (b) => decodeRaceTable(b, GOAL)).then((t) => {
          if (t) solver.useRace(t);
        }));
  const raceFor = async (turn: TurnState, race: RaceContext | undefined) => {
    if (race?.goal !== GOAL || race.lastTurnTarget !== undefined || solver.hasRace(GOAL)) return race;
    // A page's worker: the opening roll alone does not fetch 159 KB (the host's files at hand: no reason to wait).
    if (kit.downloads && listOptions(turn).length < 2 && !shipped) return undefined;
    await loadRace();
    return race;
  };
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
  const bundle: TrainSolverBundle = {
    solver,
    botAction: (s, mode) => solver.botAction(s, mode),
    loadRace,
    raceFor,
  };
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

/**
 * Whether `trainEngine.undo(s, who)` would take back the last action, without its replay of the log (every view
 * asks, on the server for every seat at every move: the replay made it O(log) a view). The engine refuses a roll
 * (`train.undo-reveal`), another seat's action, and an action after which `who` is not to move or the game is over
 * (`train.undo-turn-over`); with two seats or more, an action that ended the turn (a `stop`, or an `add` or `bank`
 * that ended it) leaves another seat to move. A solo game's next turn is the same seat's, so there the engine is
 * asked. test/train/can-undo.test.ts checks it against the engine on random games.
 */
export function canUndo(s: TrainGameState, who: number | null): boolean {
  const last = s.log.at(-1);
  if (who === null || s.over || s.current !== who || last?.player !== who || last.type === "roll")
    return false;
  return s.options.players > 1 || trainEngine.undo(s, who).ok;
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
    return { turnScore: scoreTrain(s.turn.train, s.turn.banked), canUndo: canUndo(s, who) };
  },
  hide: (s) => ({ ...s }),

  loadSolver,
  hintKeys: [],
  readHintOptions: () => ({}),
  // Win chances in the race of the seat to move (web/solvers/train/race-context.ts), solved where it belongs
  // (route.ts: a goal without a shipped table in the host's solver thread); the chance of beating the target in an
  // elimination game once there is one; expected scores otherwise.
  loadHints: async (solver) => {
    const s = await solver();
    return (state, _stale, report) => trainStateHint(s, state, report);
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
    load: async (solver, _options, _engine, report) =>
      (await import("./review.ts")).trainReviewer(await solver(), report),
  },

  // The solver page's and the widget's own verbs (verbs.ts).
  verbs: trainVerbs,

  cli: async () => (await import("./cli.ts")).trainCli,
};

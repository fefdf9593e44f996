/**
 * The Train Game's own worker verbs (`GameModule.verbs`, served in the `train` namespace beside the common ones by
 * web/worker/service.ts): the solver page's questions about positions given by hand rather than games, and the
 * warm-up `<train-game>` sends. Also the race solves the solver worker (web/worker/race-solver.ts) shares. Every
 * argument comes from a page: read once and checked (InputError with the field's JSON pointer).
 */
import * as Comlink from "comlink";
import { InputError } from "../../engine/common/errors.ts";
import { arr, bool, int, obj, pointer, reading, snapshot } from "../../engine/common/input.ts";
import { parseTurn } from "../../engine/train/parse.ts";
import { newTurn } from "../../engine/train/turn.ts";
import type { TurnState } from "../../engine/train/types.ts";
import type { RaceContext, RaceTable, TrainHintOption, TrainSolverApi } from "../../solvers/train/api.ts";
import { HINT_MAX_GOAL, HINT_MIN_GOAL, SHIPPED_GOAL } from "../../solvers/train/race-context.ts";
import type { Progress } from "../../worker/protocol.ts";
import { guard, type OnStage, readOptions, withProgress } from "../../worker/wire.ts";
import type { Kit } from "../types.ts";
import { MAX_TRAIN_FILE_BYTES, MAX_TRAIN_FILES, type RaceTableView, type TrainAssetFile } from "./caps.ts";
import type { TrainSolverBundle } from "./index.ts";
import { trainHint } from "./route.ts";
import { readSummaryInput, type TurnSummaryRow, turnSummary } from "./summary.ts";

/** The Train Game's own verbs (each one round trip). */
export type TrainVerbs = {
  /**
   * Loads the solver now and makes its first solve (the max-EV policy, which a first hint reuses), then, in a task
   * of its own, a warm-up race hint: what `<train-game>` sends before its first hint. `files` are the solver's files
   * the page downloaded while the worker booted (web/worker/race-assets.ts); the worker reads them instead of
   * fetching its own, each checked as a fetched one is (the race table's and turn graph's checksums, the Wasm's
   * compile). `input` at `/files/…` for anything but an array of `{ url, bytes: ArrayBuffer }` naming the solver's
   * own files.
   */
  prepare(files?: TrainAssetFile[]): Promise<void>;
  /**
   * Solver hint for a turn given by hand, optionally in a race (web/solvers/train/api.ts); a race whose goal has no
   * shipped table is solved in the solver worker, `onProgress` hearing it. The turn is checked like a saved one
   * (`parseTurn`): a turn the rules cannot reach is an `input` error.
   */
  hint(turn: TurnState, race?: RaceContext, onProgress?: (p: Progress) => void): Promise<TrainHintOption[]>;
  /** Expected score of a whole turn under the max-EV policy. */
  expectedTurnScore(): Promise<number>;
  /**
   * The per-turn summary of a game (./summary.ts `turnSummary`): `game` is its `{ options, history }` (a save's or an
   * online view's fields; other fields are ignored), checked by `readSummaryInput` (`input` at `/game/…`).
   */
  turnSummary(game: unknown): Promise<TurnSummaryRow[]>;
  /** The race table to 100; `onProgress` (wrap it in `Comlink.proxy`) hears the stages as they pass. */
  raceTable(onProgress?: (p: Progress) => void): Promise<RaceTableView>;
};

/**
 * The race context of `train.hint`, checked (scores are whole points, the goal 50..200; the solver checks the
 * scores against the goal).
 */
export function readRace(x: unknown): RaceContext | undefined {
  if (x === undefined) return undefined;
  const o = readOptions(x, ["goal", "me", "opponent", "first", "lastTurnTarget"], "/race");
  const score = (key: string) => int(o[key], `/race/${key}`, 0, 10_000);
  const race: RaceContext = {
    me: score("me"),
    opponent: score("opponent"),
    first: bool(o.first, "/race/first"),
  };
  if (o.goal !== undefined) race.goal = int(o.goal, "/race/goal", HINT_MIN_GOAL, HINT_MAX_GOAL);
  if (o.lastTurnTarget !== undefined) race.lastTurnTarget = score("lastTurnTarget");
  return race;
}

/**
 * The files of `train.prepare`, checked: an array of at most {@link MAX_TRAIN_FILES} `{ url, bytes }`, each URL one
 * of `urls` (once), each `bytes` an ArrayBuffer of at most {@link MAX_TRAIN_FILE_BYTES}; plain copies of the fields.
 */
export function readTrainFiles(x: unknown, urls: readonly string[]): TrainAssetFile[] {
  if (x === undefined) return [];
  const list = arr(x, "/files", MAX_TRAIN_FILES);
  const seen = new Set<string>();
  return list.map((item, i) => {
    const path = `/files/${i}`;
    const o = obj(item, path);
    for (const key of Object.keys(o))
      if (key !== "url" && key !== "bytes")
        throw new InputError("unknown field (known: url, bytes)", pointer(path, key));
    const url: unknown = o.url;
    const bytes: unknown = o.bytes;
    if (typeof url !== "string" || !urls.includes(url))
      throw new InputError(
        urls.length ? "not the URL of one of the solver's files" : "this worker takes no files",
        `${path}/url`,
      );
    if (seen.has(url)) throw new InputError("the same file twice", `${path}/url`);
    seen.add(url);
    if (!(bytes instanceof ArrayBuffer) || bytes.byteLength > MAX_TRAIN_FILE_BYTES)
      throw new InputError(`an ArrayBuffer of at most ${MAX_TRAIN_FILE_BYTES} bytes`, `${path}/bytes`);
    return { url, bytes };
  });
}

/** The race table to `goal`, solved now unless at hand; `report` hears the solve at most every 1% (0.15..1). */
export function solveRace(solver: TrainSolverApi, goal: number, report: OnStage): RaceTable {
  // The value iteration is one synchronous call; its row callback is forwarded at most every 1%.
  let last = -1;
  return solver.raceTable((done) => {
    if (done - last < 0.01 && done < 1) return;
    last = done;
    report(`solving the race to ${goal}`, 0.15 + 0.85 * done);
  }, goal);
}

/**
 * The race table to `goal` as the solver page draws it, moved (not cloned) to the page; `report` hears the solve
 * (at most every 1%, from 0.15 to 1) when the race is not at hand yet.
 */
export function raceTableView(solver: TrainSolverApi, goal: number, report: OnStage): RaceTableView {
  const table = solveRace(solver, goal, report);
  const firstPlayerWins = solver.raceFirstPlayerWins(goal);
  report("done", 1);
  // Copies: the solver keeps its own arrays; the copies are moved, not cloned, to the page.
  const winFirst = table.winFirst.slice();
  const freightStopAt = table.stopAt.slice();
  const out: RaceTableView = { goal: table.goal, winFirst, freightStopAt, firstPlayerWins };
  const transfers: ArrayBuffer[] = [winFirst.buffer, freightStopAt.buffer];
  return Comlink.transfer(out, transfers);
}

/** The race of the warm-up hint (`prepare`): any race the shipped table holds; the answer is not used. */
const WARM_UP_RACE: RaceContext = { goal: SHIPPED_GOAL, me: 40, opponent: 60, first: false };

/** The verbs over the host's one lazy solver load (the hints' and bots' too) and its kit (the files it takes). */
export function trainVerbs(solver: () => Promise<TrainSolverBundle>, kit: Kit): TrainVerbs {
  // The solver loaded, then its first solves: the max-EV policy (every hint starts from it, and the first reuses
  // it), then, in a task of its own so that a hint the page has already asked for goes first, one race hint at a
  // fixed position, which compiles the hints' JavaScript and Wasm before a later first hint (the answer is unused).
  // Skipped once a hint or a bot move has come (`used`): that one compiled them, and the page is drawing its answer.
  let warm: Promise<void> | undefined;
  const warmUp = () =>
    (warm ??= (async () => {
      const b = await solver();
      b.solver.expectedTurnScore();
      await new Promise((ok) => setTimeout(ok, 0));
      // The race only once its table is in (loaded on first need, issue #23): warming up must not fetch nor solve it.
      if (!b.used) b.solver.hint(newTurn(), b.solver.hasRace(SHIPPED_GOAL) ? WARM_UP_RACE : undefined);
    })().catch((e: unknown) => {
      warm = undefined;
      throw e;
    }));

  return {
    prepare: (files) =>
      guard(async () => {
        const checked = reading("/files", () => readTrainFiles(files, kit.handover?.urls ?? []));
        if (checked.length > 0) kit.handover!.offer(checked);
        await warmUp();
      }),

    hint: (turn, race, onProgress) =>
      withProgress(onProgress, "/onProgress", async (report) => {
        // The turn as a saved one would be checked: `rollsLeft: 99` or a train the rules cannot build is input.
        const t = parseTurn(snapshot(turn, "/turn"), "/turn");
        const r = readRace(race);
        return trainHint(await solver(), t, r, report);
      }),

    expectedTurnScore: () => guard(async () => (await solver()).solver.expectedTurnScore()),

    turnSummary: (game) =>
      guard(async () => {
        const checked = readSummaryInput(game);
        return turnSummary((await solver()).solver, checked);
      }),

    raceTable: (onProgress) =>
      withProgress(onProgress, "/onProgress", async (report) => {
        report("loading the solver", 0.02);
        const s = await solver();
        report("loading the race table", 0.05);
        await s.loadRace();
        return raceTableView(s.solver, SHIPPED_GOAL, report);
      }),
  };
}

/// <reference types="vite/client" />
/**
 * Loads the train solver bundle for a worker: the Wasm module (compiled from the page's bytes, or while it streams
 * in), wrapped by
 * web/solvers/train, with the two shipped assets (real files: see vite.config.ts): the race table
 * (web/data/train/race-100.bin), so that race hints and race bot moves never solve the race, and the turn graph
 * (web/data/train/turn-graph.bin), so that the solver's tables are read rather than built (tens of ms of cold
 * JavaScript in a fresh worker). The game worker imports this module statically (its code is in the worker's
 * first chunk: no chunk to fetch before the solver loads); the files come through web/worker/race-assets.ts: the
 * ones a page handed over (`train.prepare`) are read at once, any other is requested (and, with `askPages`, asked
 * of pages on a BroadcastChannel), whichever answer comes first.
 *
 * Each stage, the first solve and the first two hints leave one User Timing mark (`railkit:train:…`) in the
 * worker's timeline: the e2e test reads them (test/e2e/train-goal.test.ts) to say where the first hint's time goes.
 */
import { botAction } from "../solvers/train/bot.ts";
import { raceContextOf, TrainSolver } from "../solvers/train/index.ts";
import { useTrainTables } from "../solvers/train/model.ts";
import { decodeRaceTable, type RaceData } from "../solvers/train/race-table.ts";
import { decodeTurnGraph } from "../solvers/train/turn-graph.ts";
import { createWasmKernel } from "../solvers/train/wasm.ts";
import { raceTableUrl, trainAssetBytes, trainWasmModule, turnGraphUrl } from "./race-assets.ts";
import type { TrainSolverBundle } from "./service.ts";

const mark = (name: string) => performance.mark(`railkit:train:${name}`);

/** The file at `url`, read by `read`, or a warning and undefined when they cannot be fetched or read (the caller falls back). */
async function fetchAsset<T>(
  url: string,
  what: string,
  read: (b: ArrayBuffer) => T,
  askPages: boolean,
): Promise<T | undefined> {
  try {
    const { bytes, from } = await trainAssetBytes(url, askPages);
    mark(`${what} bytes (${from})`);
    const value = read(bytes);
    mark(`${what} read`);
    return value;
  } catch (e) {
    console.warn(`railkit: ${what} not loaded (${e instanceof Error ? e.message : String(e)})`);
    return undefined;
  }
}

/**
 * The race table asset, checked (header, dimensions, checksum); undefined if it cannot be fetched or is corrupt,
 * in which case the solver solves the race on first need (about 1.3 s) as it did before the asset existed.
 */
export function fetchRaceTable(url: string = raceTableUrl, askPages = true): Promise<RaceData | undefined> {
  return fetchAsset(url, "race table", (b) => decodeRaceTable(b, 100), askPages);
}

/**
 * The turn graph asset, checked, made the tables of this thread's solvers (model.ts `useTrainTables`); false if
 * it cannot be fetched or is corrupt, in which case the tables are built in JavaScript as before.
 */
export async function fetchTurnGraph(url: string = turnGraphUrl, askPages = true): Promise<boolean> {
  const t = await fetchAsset(url, "turn graph", decodeTurnGraph, askPages);
  if (t) useTrainTables(t);
  return t !== undefined;
}

/** How the loader gets its files beyond a page's `prepare`: `askPages` (default true) asks on the channel too. */
export interface TrainLoadOptions {
  askPages?: boolean;
}

export async function loadTrainSolverBrowser(
  onStage?: (stage: string, fraction: number) => void,
  { askPages = true }: TrainLoadOptions = {},
): Promise<TrainSolverBundle> {
  mark("load");
  onStage?.("compiling the solver", 0.05);
  // The Wasm compiles (from the page's bytes, or while it streams in), and both assets come, at once.
  const [module, raceTable] = await Promise.all([
    trainWasmModule().then(({ module, from }) => {
      mark(`wasm compiled (${from})`);
      return module;
    }),
    fetchRaceTable(raceTableUrl, askPages),
    fetchTurnGraph(turnGraphUrl, askPages),
  ]);
  onStage?.("setting up the solver", 0.1);
  const kernel = await createWasmKernel(module);
  const solver = new TrainSolver(kernel, raceTable ? { raceTable } : {});
  mark("ready");
  // The first max-EV solve and the first hints' own times (prepare's warm-up hint, then the page's), marked (the
  // rest of a hint's path is the page's: the round trip and the drawing).
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
  return {
    solver,
    botAction: (state, mode) => botAction(solver, state, mode),
    raceContext: raceContextOf,
  };
}

/// <reference types="vite/client" />
/**
 * Loads the train solver bundle for a worker: the Wasm module compiled while it streams in, wrapped by
 * web/solvers/train, with the two shipped assets (real files: see vite.config.ts): the race table
 * (web/data/train/race-100.bin), so that race hints and race bot moves never solve the race, and the turn graph
 * (web/data/train/turn-graph.bin), so that the solver's tables are read rather than built (tens of ms of cold
 * JavaScript in a fresh worker). The game worker imports this module statically (its code is in the worker's
 * first chunk: no chunk to fetch before the downloads start); the Wasm and the assets are requested on the first
 * call that needs the solver, through web/worker/race-assets.ts (the two data files from the page's own download
 * when it has one, over a BroadcastChannel, else from the HTTP cache or the network, whichever comes first).
 *
 * Each stage, and the first hint, leaves one User Timing mark (`railkit:train:…`) in the worker's timeline: the
 * e2e test reads them (test/e2e/train-goal.test.ts) to say where the first hint's time goes.
 */
import { botAction } from "../solvers/train/bot.ts";
import { raceContextOf, TrainSolver } from "../solvers/train/index.ts";
import { useTrainTables } from "../solvers/train/model.ts";
import { decodeRaceTable, type RaceData } from "../solvers/train/race-table.ts";
import { decodeTurnGraph } from "../solvers/train/turn-graph.ts";
import { createWasmKernel } from "../solvers/train/wasm.ts";
import { fetchTrainAsset, raceTableUrl, trainAssetBytes, trainWasmUrl, turnGraphUrl } from "./race-assets.ts";
import type { TrainSolverBundle } from "./service.ts";

const mark = (name: string) => performance.mark(`railkit:train:${name}`);

/** The file at `url`, read by `read`, or a warning and undefined when they cannot be fetched or read (the caller falls back). */
async function fetchAsset<T>(url: string, what: string, read: (b: ArrayBuffer) => T): Promise<T | undefined> {
  try {
    const { bytes, from } = await trainAssetBytes(url);
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
export function fetchRaceTable(url: string = raceTableUrl): Promise<RaceData | undefined> {
  return fetchAsset(url, "race table", (b) => decodeRaceTable(b, 100));
}

/**
 * The turn graph asset, checked, made the tables of this thread's solvers (model.ts `useTrainTables`); false if
 * it cannot be fetched or is corrupt, in which case the tables are built in JavaScript as before.
 */
export async function fetchTurnGraph(url: string = turnGraphUrl): Promise<boolean> {
  const t = await fetchAsset(url, "turn graph", decodeTurnGraph);
  if (t) useTrainTables(t);
  return t !== undefined;
}

export async function loadTrainSolverBrowser(
  onStage?: (stage: string, fraction: number) => void,
): Promise<TrainSolverBundle> {
  mark("load");
  onStage?.("compiling the solver", 0.05);
  // The Wasm compiles while it streams in, and both assets download, at once.
  const [module, raceTable] = await Promise.all([
    WebAssembly.compileStreaming(fetchTrainAsset(trainWasmUrl)).then((m) => {
      mark("wasm compiled");
      return m;
    }),
    fetchRaceTable(),
    fetchTurnGraph(),
  ]);
  onStage?.("setting up the solver", 0.1);
  const kernel = await createWasmKernel(module);
  const solver = new TrainSolver(kernel, raceTable ? { raceTable } : {});
  mark("ready");
  // The first hint's own time, marked once (the rest of its path is the page's: the round trip and the drawing).
  const hint = solver.hint.bind(solver);
  solver.hint = (turn, race) => {
    solver.hint = hint;
    mark("first hint");
    const h = hint(turn, race);
    mark("first hint answered");
    return h;
  };
  return {
    solver,
    botAction: (state, mode) => botAction(solver, state, mode),
    raceContext: raceContextOf,
  };
}

/// <reference types="vite/client" />
/**
 * Loads the train solver bundle for the worker: the Wasm module compiled from its built URL
 * (web/wasm/browser.ts), wrapped by web/solvers/train, with the shipped race table (web/data/train/race-100.bin,
 * a real file: see vite.config.ts) so that race hints and race bot moves never solve the race. Imported
 * dynamically by engine.worker.ts, so the solver code and the Wasm stay out of the worker's first chunk and load
 * on the first call that needs them.
 */
import raceTableUrl from "../data/train/race-100.bin?url";
import { botAction } from "../solvers/train/bot.ts";
import { createTrainSolver, raceContextOf } from "../solvers/train/index.ts";
import { trainTables } from "../solvers/train/model.ts";
import { decodeRaceTable, type RaceData } from "../solvers/train/race-table.ts";
import { compileWasmBrowser } from "../wasm/browser.ts";
import type { TrainSolverBundle } from "./service.ts";

/**
 * The race table asset, checked (header, dimensions, checksum); undefined if it cannot be fetched or is corrupt,
 * in which case the solver solves the race on first need (about 1.3 s) as it did before the asset existed.
 */
export async function fetchRaceTable(url: string = raceTableUrl): Promise<RaceData | undefined> {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return decodeRaceTable(await res.arrayBuffer(), 100);
  } catch (e) {
    console.warn(
      `railkit: race table not loaded (${e instanceof Error ? e.message : String(e)}); solving instead`,
    );
    return undefined;
  }
}

export async function loadTrainSolverBrowser(
  onStage?: (stage: string, fraction: number) => void,
): Promise<TrainSolverBundle> {
  onStage?.("compiling the solver", 0.05);
  // The Wasm compiles, the table downloads and the kernel's glue chunk loads at once (createTrainSolver imports
  // that chunk again: then from the module cache); the solver's JS tables (tens of ms) are built meanwhile.
  const compiling = Promise.all([
    compileWasmBrowser("train"),
    fetchRaceTable(),
    import("../solvers/train/wasm.ts"),
  ]);
  trainTables();
  const [module, raceTable] = await compiling;
  onStage?.("setting up the solver", 0.1);
  const solver = await createTrainSolver(module, raceTable ? { raceTable } : {});
  return {
    solver,
    botAction: (state, mode) => botAction(solver, state, mode),
    raceContext: raceContextOf,
  };
}

/// <reference types="vite/client" />
/**
 * The browser's Kit (web/games/types.ts) for both workers: Wasm compiled by URL (web/wasm/browser.ts; the train
 * module from race-assets' `trainWasmModule`, so the page's `prepare` files are used), and the Train Game's two
 * shipped data files (the race table web/data/train/race-100.bin and the turn graph web/data/train/turn-graph.bin)
 * through race-assets' `trainAssetBytes`: the ones a page handed over (`train.prepare`) are read at once, any other
 * is requested (and, with `askPages`, asked of pages on a BroadcastChannel), whichever answer comes first.
 *
 * Each file leaves one User Timing mark (`railkit:train:…`) in the worker's timeline when its bytes come (the
 * module's loader marks the rest: web/games/train/index.ts); the e2e test reads them
 * (test/e2e/train-goal.test.ts) to say where the first hint's time goes.
 */
import { mark, readData } from "../games/train/data.ts";
import type { HandedFile, Kit, SolverThread } from "../games/types.ts";
import { useTrainTables } from "../solvers/train/model.ts";
import { decodeRaceTable, type RaceData } from "../solvers/train/race-table.ts";
import { decodeTurnGraph } from "../solvers/train/turn-graph.ts";
import { raceTableUrl, trainAssetBytes, trainWasmModule, turnGraphUrl } from "./race-assets.ts";

/** The shipped data files the Kit serves, by their path under web/data/. */
const DATA: Record<string, { url: string; what: string }> = {
  "train/race-100.bin": { url: raceTableUrl, what: "race table" },
  "train/turn-graph.bin": { url: turnGraphUrl, what: "turn graph" },
};

/** What a worker's Kit adds: the page's files it takes, and its solver thread. */
export interface BrowserKitOptions {
  /** Ask pages on the channel for the data files too (the solver worker, which gets no `prepare`). */
  askPages: boolean;
  handover?: { urls: readonly string[]; offer(files: readonly HandedFile[]): void };
  worker?(name: string): SolverThread | null;
}

export function browserKit(options: BrowserKitOptions): Kit {
  return {
    wasm: (name) =>
      name === "train"
        ? trainWasmModule().then(({ module, from }) => {
            mark(`wasm compiled (${from})`);
            return module;
          })
        : import("../wasm/browser.ts").then(({ compileWasmBrowser }) =>
            compileWasmBrowser(name as Parameters<typeof compileWasmBrowser>[0]),
          ),
    data: async (path) => {
      const file = DATA[path];
      if (!file) return null;
      const { bytes, from } = await trainAssetBytes(file.url, options.askPages);
      mark(`${file.what} bytes (${from})`);
      return bytes;
    },
    downloads: true,
    ...(options.handover ? { handover: options.handover } : {}),
    ...(options.worker ? { worker: options.worker } : {}),
  };
}

/** The file at `url`, read by `read`, or a warning and undefined when they cannot be fetched or read (the same reader
 * as the solver's own load, over a Kit of that one file). */
function fetchAsset<T>(url: string, what: string, read: (b: ArrayBuffer) => T): Promise<T | undefined> {
  const one: Kit = { wasm: () => null, data: async () => (await trainAssetBytes(url, true)).bytes };
  return readData(one, url, what, read);
}

/** The race table asset, checked (header, dimensions, checksum); undefined if it cannot be fetched or is corrupt. */
export function fetchRaceTable(url: string = raceTableUrl): Promise<RaceData | undefined> {
  return fetchAsset(url, "race table", (b) => decodeRaceTable(b, 100));
}

/**
 * The turn graph asset, checked, made the tables of this thread's solvers (model.ts `useTrainTables`); false if
 * it cannot be fetched or is corrupt, in which case the tables are built in JavaScript.
 */
export async function fetchTurnGraph(url: string = turnGraphUrl): Promise<boolean> {
  const t = await fetchAsset(url, "turn graph", decodeTurnGraph);
  if (t) useTrainTables(t);
  return t !== undefined;
}

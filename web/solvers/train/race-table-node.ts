/**
 * The shipped race table read from disk (Node: CLI, tests, bench, the build script), and where the turn graph
 * asset lives. Browser code fetches them instead (web/worker/train-solver.ts).
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { decodeRaceTable, type RaceData } from "./race-table.ts";
import { GOAL } from "./reference.ts";

/** Where the asset of the race to `goal` lives (only goal 100 ships). */
export function raceTableUrl(goal: number = GOAL): URL {
  return new URL(`../../data/train/race-${goal}.bin`, import.meta.url);
}

export function raceTablePath(goal: number = GOAL): string {
  return fileURLToPath(raceTableUrl(goal));
}

/** The turn graph asset (web/data/train/turn-graph.bin, turn-graph.ts); Node builds the tables instead of reading it. */
export function turnGraphPath(): string {
  return fileURLToPath(new URL("../../data/train/turn-graph.bin", import.meta.url));
}

/** The decoded, checked asset; throws (RaceTableFormatError, or the file system's error) if absent or corrupt. */
export async function readRaceTableNode(goal: number = GOAL): Promise<RaceData> {
  return decodeRaceTable(await readFile(raceTableUrl(goal)), goal);
}

/** The asset if it is there and sound, else undefined (the caller solves instead). */
export async function tryReadRaceTableNode(goal: number = GOAL): Promise<RaceData | undefined> {
  try {
    return await readRaceTableNode(goal);
  } catch {
    return undefined;
  }
}

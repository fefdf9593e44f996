/** The Train Game's shipped data files as its solver reads them (web/data/train/), and its timeline marks. */
import type { Kit } from "../types.ts";

/** A User Timing mark in this thread's timeline (`railkit:train:…`: test/e2e/train-goal.test.ts reads them). */
export const mark = (name: string) => globalThis.performance?.mark?.(`railkit:train:${name}`);

/** A shipped data file read by `read`, or a warning and undefined when it is missing or corrupt (the caller falls back). */
export async function readData<T>(
  kit: Kit,
  path: string,
  what: string,
  read: (b: ArrayBuffer) => T,
): Promise<T | undefined> {
  try {
    const bytes = await kit.data(path);
    if (!bytes) return undefined;
    const value = read(bytes);
    mark(`${what} read`);
    return value;
  } catch (e) {
    console.warn(`railkit: ${what} not loaded (${e instanceof Error ? e.message : String(e)})`);
    return undefined;
  }
}

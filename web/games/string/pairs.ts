/**
 * `rail string pairs FILE`: how many pairs of closed segments share at least one point.
 *
 *   FILE: {"segments": [[x1, y1, x2, y2], …]}   →   { "pairs": <count> }
 *
 * Exact (robust orient2d), touching / collinear-overlapping / zero-length segments included. Uses the Wasm kernel
 * (web/solvers/string/geometry-wasm.ts; grid or sweep, chosen by the input) when the module is built, else the
 * TypeScript twin (same answer). The count is exact: the kernel counts in 64 bits and the answer, at most
 * n(n − 1)/2 ≤ 8,589,869,056 for n ≤ 131,072, is a JSON number well below 2^53. Bad input, and input whose pair
 * tests would exceed the work budget, throw a one-line UsageError (the dispatcher exits 2).
 */

import { parseArgs, positionals, quote, UsageError } from "../../cli/args.ts";
import { describe, isObject } from "../../engine/common/input.ts";
import { countIntersectingPairs, PairsWorkError } from "../../engine/string/geometry/pairs.ts";
import { createStringGeometryWasm } from "../../solvers/string/geometry-wasm.ts";
import type { CliHost } from "../types.ts";

const USAGE = 'usage: rail string pairs FILE   (FILE: {"segments": [[x1, y1, x2, y2], …]})';

/** Parses the file's JSON into `[x1, y1, x2, y2, …]`; throws a one-line Error naming the bad field. */
export function parseSegmentsFile(json: unknown, file = "input"): Float64Array {
  if (typeof json !== "object" || json === null || Array.isArray(json))
    throw new Error(`${file}: expected an object {"segments": [[x1, y1, x2, y2], …]}`);
  const list = (json as { segments?: unknown }).segments;
  if (!Array.isArray(list)) throw new Error(`${file}: "segments" must be an array of [x1, y1, x2, y2]`);
  const out = new Float64Array(4 * list.length);
  list.forEach((s: unknown, i) => {
    if (!Array.isArray(s) || s.length !== 4)
      throw new Error(`${file}: segments[${i}] must be an array of 4 numbers [x1, y1, x2, y2]`);
    s.forEach((v: unknown, k) => {
      if (typeof v !== "number" || !Number.isFinite(v))
        throw new Error(`${file}: segments[${i}][${k}] must be a finite number, got ${describe(v)}`);
      out[4 * i + k] = v;
    });
  });
  return out;
}

/** Most segments `pairs` accepts: the Wasm kernel's limit (refused before the numbers are read). */
export const MAX_SEGMENTS = 131_072;

/**
 * Most candidate pairs `pairs` tests. The method chosen (grid or sweep) knows its candidate pairs before testing
 * any, so input over this is refused at once. A candidate costs 15–110 ns in Wasm on the bench machine (the dear
 * end: distinct collinear overlapping segments, where every exact test runs to the last stage), so the cap is
 * 1–6 s of work. Identical segments are merged before testing: 65,537 copies of one segment cost no tests.
 */
export const MAX_PAIR_TESTS = 50_000_000;

const thousands = (n: number) => n.toLocaleString("en-US");

export async function stringPairs(args: string[], host: CliHost): Promise<unknown> {
  const p = parseArgs(args, []);
  const [file] = positionals(p, ["FILE"], USAGE);
  // The segment list is read flat (no recursion), so any depth gets a field error, not a stack overflow.
  const json = host.readJsonFile(file, USAGE, { maxDepth: Number.POSITIVE_INFINITY });
  const list = isObject(json) ? json.segments : undefined;
  if (Array.isArray(list) && list.length > MAX_SEGMENTS)
    throw new UsageError(
      `${quote(file!)}: at most ${thousands(MAX_SEGMENTS)} segments, got ${thousands(list.length)}`,
    );
  const segments = parseSegmentsFile(json, file);
  // No Wasm from the host (not built): the TypeScript twin gives the same answer.
  const module = await host.kit.wasm("string")?.catch(() => null);
  const wasm = module ? await createStringGeometryWasm(module) : null;
  let pairs: number;
  try {
    pairs =
      wasm && segments.length >> 2 <= wasm.limits.segments
        ? wasm.countIntersectingPairs(segments, undefined, MAX_PAIR_TESTS)
        : countIntersectingPairs(segments, undefined, MAX_PAIR_TESTS);
  } catch (e) {
    if (!(e instanceof PairsWorkError)) throw e;
    throw new UsageError(
      `${quote(file!)}: ${thousands(segments.length >> 2)} segments need ${thousands(e.work)} pair tests, over the ` +
        `budget of ${thousands(MAX_PAIR_TESTS)} (a few seconds): refused`,
    );
  }
  if (!Number.isSafeInteger(pairs) || pairs < 0) throw new Error(`the pair count is not exact (${pairs})`);
  return { pairs };
}

/**
 * `rail string pairs FILE`: how many pairs of closed segments share at least one point.
 *
 *   FILE: {"segments": [[x1, y1, x2, y2], …]}   →   { "pairs": <count> }
 *
 * Exact (robust orient2d), touching / collinear-overlapping / zero-length segments included. Uses the Wasm grid
 * kernel (web/solvers/string/geometry-wasm.ts) when the module is built and the input fits its limit, else the
 * TypeScript twin (same answer). Bad input throws an Error with a one-line message (the dispatcher exits 2).
 */
import { describe, isObject } from "../../web/engine/common/input.ts";
import { countIntersectingPairs } from "../../web/engine/string/geometry/pairs.ts";
import { createStringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";
import { parseArgs, positionals, quote, readJsonFile, UsageError } from "../args.ts";

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

/**
 * Most segments `pairs` accepts. With n segments the count is at most n(n−1)/2 and the work, when every
 * segment meets every other, is that many exact tests: 20 000 segments is at most 199 990 000 pairs (well
 * inside the kernel's 32-bit count, which overflows from 65 536 identical segments) and about 7 s of work.
 */
export const MAX_SEGMENTS = 20_000;

export async function stringPairs(args: string[]): Promise<unknown> {
  const p = parseArgs(args, []);
  const [file] = positionals(p, ["FILE"], USAGE);
  // The segment list is read flat (no recursion), so any depth gets a field error, not a stack overflow.
  const json = readJsonFile(file, USAGE, { maxDepth: Number.POSITIVE_INFINITY });
  const list = isObject(json) ? json.segments : undefined;
  if (Array.isArray(list) && list.length > MAX_SEGMENTS)
    throw new UsageError(
      `${quote(file!)}: at most ${MAX_SEGMENTS} segments, got ${list.length} (the work grows as the square of the count)`,
    );
  const segments = parseSegmentsFile(json, file);
  let module: WebAssembly.Module | null = null;
  try {
    module = await compileWasmNode("string");
  } catch {
    module = null; // not built: the TypeScript twin gives the same answer
  }
  const wasm = module ? await createStringGeometryWasm(module) : null;
  const pairs =
    wasm && segments.length >> 2 <= wasm.limits.segments
      ? wasm.countIntersectingPairs(segments)
      : countIntersectingPairs(segments);
  // Exact: below MAX_SEGMENTS the count is below 2^31, so the kernels' 32-bit count cannot wrap.
  if (!Number.isSafeInteger(pairs) || pairs < 0) throw new Error(`the pair count overflowed (${pairs})`);
  return { pairs };
}

/**
 * `rail string pairs FILE`: how many pairs of closed segments share at least one point.
 *
 *   FILE: {"segments": [[x1, y1, x2, y2], …]}   →   { "pairs": <count> }
 *
 * Exact (robust orient2d), touching / collinear-overlapping / zero-length segments included. Uses the Wasm grid
 * kernel (web/solvers/string/geometry-wasm.ts) when the module is built and the input fits its limit, else the
 * TypeScript twin (same answer). Bad input throws an Error with a one-line message (the dispatcher exits 2).
 */
import { readFile } from "node:fs/promises";
import { describe } from "../../web/engine/common/input.ts";
import { countIntersectingPairs } from "../../web/engine/string/geometry/pairs.ts";
import { createStringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

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

export async function stringPairs(args: string[]): Promise<unknown> {
  const file = args[0];
  if (!file || args.length > 1) throw new Error(USAGE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (e) {
    throw new Error(`cannot read ${file}: ${(e as Error).message.split("\n")[0]}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    throw new Error(`${file} is not valid JSON: ${(e as Error).message.split("\n")[0]}`);
  }
  const segments = parseSegmentsFile(json, file);
  let module: WebAssembly.Module | null = null;
  try {
    module = await compileWasmNode("string");
  } catch {
    module = null; // not built: the TypeScript twin gives the same answer
  }
  if (module) {
    const wasm = await createStringGeometryWasm(module);
    if (segments.length >> 2 <= wasm.limits.segments) return { pairs: wasm.countIntersectingPairs(segments) };
  }
  return { pairs: countIntersectingPairs(segments) };
}

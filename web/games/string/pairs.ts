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

import { parseArgs, parseJsonText, positionals, quote, UsageError } from "../../cli/args.ts";
import { describe, isObject } from "../../engine/common/input.ts";
import { countIntersectingPairs } from "../../engine/string/geometry/pairs.ts";
import { createStringGeometryWasm } from "../../solvers/string/geometry-wasm.ts";
import type { CliHost } from "../types.ts";
import { countWithin, MAX_PAIR_TESTS, thousands, USAGE } from "./pairs-file.ts";

export { MAX_PAIR_TESTS, USAGE };

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

/** The general path: JSON.parse, then the segment count cap, then {@link parseSegmentsFile}'s field checks. */
function parseGeneral(text: string, file: string): Float64Array {
  // The segment list is read flat (no recursion), so any depth gets a field error, not a stack overflow.
  const json = parseJsonText(text, file === "-" ? "stdin" : quote(file), Number.POSITIVE_INFINITY);
  const list = isObject(json) ? json.segments : undefined;
  if (Array.isArray(list) && list.length > MAX_SEGMENTS)
    throw new UsageError(
      `${quote(file)}: at most ${thousands(MAX_SEGMENTS)} segments, got ${thousands(list.length)}`,
    );
  return parseSegmentsFile(json, file);
}

/** Exact powers of ten (10²² is the largest a double holds exactly). */
const POW10 = Float64Array.from({ length: 23 }, (_, k) => 10 ** k);

const SPLIT = 134_217_729; // 2^27 + 1: Dekker's splitter
const bits = new Float64Array(1);
const words = new Uint32Array(bits.buffer);

/** a · b = p + e exactly (Dekker's product; no overflow here: |a · b| < 2^140). */
function twoProduct(a: number, b: number, p: number): number {
  let t = SPLIT * a;
  const ah = t - (t - a);
  const al = a - ah;
  t = SPLIT * b;
  const bh = t - (t - b);
  const bl = b - bh;
  return al * bl - (p - ah * bh - al * bh - ah * bl);
}

/**
 * The double nearest to D / 10^k, D = mant · 10^r + tail (mant < 10^15, r ≤ 4, tail < 10^r: 16 to 19 digits) and
 * 0 ≤ k ≤ 22, or NaN when this cannot decide it cheaply (the caller then asks Number()). D is held exactly as
 * two doubles; q = D₁ / 10^k is within 2 ulps of the answer; the remainder D − q · 10^k is computed exactly up
 * to the last rounding of a three-term sum (relative error ≤ 2^-52), and compared with the half-ulp thresholds
 * (± 2^-40 of margin): inside a margin, or at a power of two (a binade's lower half-ulp is smaller), NaN.
 */
function longDecimal(mant: number, r: number, tail: number, k: number): number {
  const scale = POW10[r]!;
  const p = mant * scale;
  const pe = twoProduct(mant, scale, p); // mant · 10^r = p + pe
  const dh = p + tail;
  const dl = tail - (dh - p) + pe; // exact: (p + tail) − dh is TwoSum's error, an integer < 2^12, as is pe
  const P = POW10[k]!;
  const q = dh / P;
  const u = q * P;
  const ue = twoProduct(q, P, u); // q · P = u + ue
  const rem = dh - u - ue + dl; // dh − u is exact (Sterbenz)
  bits[0] = q;
  const expo = (words[1]! >>> 20) & 0x7ff;
  if (expo <= 54 || ((words[1]! & 0xfffff) === 0 && words[0] === 0)) return Number.NaN;
  words[1] = (expo - 53) << 20; // half an ulp of q
  words[0] = 0;
  const half = bits[0]!;
  const t = half * P;
  const a = Math.abs(rem);
  if (a < t * (1 - 2 ** -40)) return q;
  if (a > t * (1 + 2 ** -40) && a < 3 * t * (1 - 2 ** -40)) return rem > 0 ? q + 2 * half : q - 2 * half;
  return Number.NaN;
}

/** The index of the first character at or after `i` that is not JSON whitespace. */
function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) return i;
    i++;
  }
}

/**
 * One pass over a segments file in its plain shape: `{"segments": [[x1, y1, x2, y2], …]}` (JSON whitespace
 * anywhere between tokens, the one key written without escapes, every entry 4 JSON numbers, every number finite,
 * at most {@link MAX_SEGMENTS} entries) straight into `[x1, y1, x2, y2, …]`, with no object per value. Anything
 * else returns null at once and the caller parses the text as JSON ({@link parseSegmentsFile}), which accepts
 * the same files with the same numbers and names the bad field of the others; so this pass never refuses.
 * Numbers follow the JSON grammar exactly; a number of at most 15 significant digits (with |exponent| ≤ 22
 * after moving the point) is one exact integer times or over one exact power of ten, a single rounding, so the
 * double is JSON.parse's (Clinger's fast path); any other goes through Number() on its text. Linear in the text.
 */
export function scanSegmentsText(text: string): Float64Array | null {
  const len = text.length;
  let i = 0;
  i = skipSpace(text, i);
  if (text.charCodeAt(i) !== 123) return null; // {
  i++;
  i = skipSpace(text, i);
  if (!text.startsWith('"segments"', i)) return null;
  i += 10;
  i = skipSpace(text, i);
  if (text.charCodeAt(i) !== 58) return null; // :
  i++;
  i = skipSpace(text, i);
  if (text.charCodeAt(i) !== 91) return null; // [
  i++;
  // Each entry takes at least 10 characters ("[0,0,0,0],"), so this holds every entry the text can have.
  const cap = Math.min(MAX_SEGMENTS, Math.floor(len / 9) + 1);
  const out = new Float64Array(4 * cap);
  let n = 0;
  i = skipSpace(text, i);
  if (text.charCodeAt(i) === 93)
    i++; // ] (no segments)
  else
    for (;;) {
      if (n === cap || text.charCodeAt(i) !== 91) return null;
      i++;
      for (let k = 0; k < 4; k++) {
        i = skipSpace(text, i);
        // A JSON number: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
        const start = i;
        const neg = text.charCodeAt(i) === 45;
        if (neg) i++;
        let c = text.charCodeAt(i);
        let mant = 0; // the first ≤ 15 significant digits, exact
        let tail = 0; // significant digits 16 to 19, exact
        let digits = 0; // significant digits seen (leading zeros not counted)
        let point = 0; // digits after the decimal point
        if (c === 48) {
          i++;
          c = text.charCodeAt(i);
        } else if (c >= 49 && c <= 57) {
          do {
            if (digits < 15) mant = mant * 10 + (c - 48);
            else if (digits < 19) tail = tail * 10 + (c - 48);
            digits++;
            c = text.charCodeAt(++i);
          } while (c >= 48 && c <= 57);
        } else return null;
        if (c === 46) {
          c = text.charCodeAt(++i);
          if (!(c >= 48 && c <= 57)) return null;
          do {
            if (digits > 0 || c !== 48) {
              if (digits < 15) mant = mant * 10 + (c - 48);
              else if (digits < 19) tail = tail * 10 + (c - 48);
              digits++;
            }
            point++;
            c = text.charCodeAt(++i);
          } while (c >= 48 && c <= 57);
        }
        let exp = 0;
        let expDigits = 0;
        if (c === 101 || c === 69) {
          c = text.charCodeAt(++i);
          const expNeg = c === 45;
          if (expNeg || c === 43) c = text.charCodeAt(++i);
          if (!(c >= 48 && c <= 57)) return null;
          do {
            if (expDigits < 6) exp = exp * 10 + (c - 48); // larger exponents: Number() decides
            expDigits++;
            c = text.charCodeAt(++i);
          } while (c >= 48 && c <= 57);
          if (expNeg) exp = -exp;
        }
        const e10 = exp - point;
        let v: number;
        if (digits <= 15 && expDigits < 6 && e10 >= -22 && e10 <= 22)
          v = e10 < 0 ? mant / POW10[-e10]! : mant * POW10[e10]!;
        else {
          v =
            digits <= 19 && expDigits < 6 && e10 >= -22 && e10 <= 0
              ? longDecimal(mant, digits - 15, tail, -e10)
              : Number.NaN;
          if (Number.isNaN(v)) v = Math.abs(Number(text.slice(start, i)));
        }
        if (!Number.isFinite(v)) return null;
        out[4 * n + k] = neg ? -v : v;
        i = skipSpace(text, i);
        if (text.charCodeAt(i) !== (k === 3 ? 93 : 44)) return null; // ] after the 4th, else ,
        i++;
      }
      n++;
      i = skipSpace(text, i);
      const c = text.charCodeAt(i);
      i++;
      if (c === 93) break;
      if (c !== 44) return null;
      i = skipSpace(text, i);
    }
  i = skipSpace(text, i);
  if (text.charCodeAt(i) !== 125) return null; // }
  i++;
  i = skipSpace(text, i);
  if (i !== len) return null;
  return out.slice(0, 4 * n);
}

export async function stringPairs(args: string[], host: CliHost): Promise<unknown> {
  const p = parseArgs(args, []);
  const [file] = positionals(p, ["FILE"], USAGE);
  const text = host.readTextFile(file, USAGE);
  // The usual file, {"segments": [[x1, y1, x2, y2], …]} and nothing else, is read in one pass straight into the
  // Float64Array; anything else (other keys, strings, nesting, bad numbers…) is parsed as JSON and checked field by
  // field below, which gives the same answer or names the bad field.
  const segments = scanSegmentsText(text) ?? parseGeneral(text, file!);
  // No Wasm from the host (not built): the TypeScript twin gives the same answer.
  const module = await host.kit.wasm("string")?.catch(() => null);
  const wasm = module ? await createStringGeometryWasm(module) : null;
  return countWithin(file!, segments.length >> 2, () =>
    wasm && segments.length >> 2 <= wasm.limits.segments
      ? wasm.countIntersectingPairs(segments, undefined, MAX_PAIR_TESTS)
      : countIntersectingPairs(segments, undefined, MAX_PAIR_TESTS),
  );
}

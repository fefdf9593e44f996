/**
 * Reading untrusted input, once, for the three engines, the worker and the CLI.
 *
 * - {@link describe}: a short, safe description of any value for an error message (never serialises it,
 *   so a BigInt, a cycle or a 10 MB string cannot make it throw or flood a terminal).
 * - {@link snapshot}: a plain JSON copy of an untrusted value, reading every field exactly once (a getter
 *   that answers differently on a second read cannot fool a later check), bounded in depth and size; a
 *   hostile object (a throwing getter or Proxy trap, a BigInt, a function, a cycle) gets an `InputError`.
 * - {@link readJson}: JSON text or a value, to a snapshot.
 * - Field checks (`obj`, `arr`, `int`, `num`, `bool`, `oneOf`, `str`, `seed`) that throw `InputError` with
 *   the field's JSON pointer (`/options/players`, `/log/3/faces/0`); {@link pointer} builds one.
 *
 * Every path is a JSON pointer (RFC 6901): "" is the whole value, `/a/b/0` a field of it.
 */
import { InputError } from "./errors.ts";

/** Deepest nesting {@link snapshot} accepts (a game state is at most about 6 deep). */
export const MAX_DEPTH = 64;
/** Most values (objects, arrays and scalars together) {@link snapshot} copies. */
export const MAX_NODES = 4_000_000;
/** Longest string {@link snapshot} copies (seeds, ids and keys are short). */
export const MAX_STRING = 100_000;
/** Longest JSON text {@link readJson} parses. */
export const MAX_JSON_TEXT = 64 * 1024 * 1024;
/** Longest string seed. */
export const MAX_SEED_LENGTH = 1000;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** An escaped excerpt of a string: at most `max` characters, control characters as `\u…` escapes. */
export function excerpt(text: string, max = 40): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}

/** A short, safe description of any value (at most about 50 characters). */
export function describe(x: unknown): string {
  if (typeof x === "string") return excerpt(x);
  if (typeof x === "number" || typeof x === "boolean" || x === null || x === undefined) return String(x);
  if (typeof x === "bigint") return "a bigint";
  try {
    if (Array.isArray(x)) return `an array of length ${x.length}`;
  } catch {
    return "an unreadable value";
  }
  return typeof x === "object" ? "an object" : `a ${typeof x}`;
}

/**
 * Why a caught value failed, for a message: an Error's message (shortened), else {@link describe}. Never throws,
 * whatever was thrown (a revoked Proxy thrown by a trap, an Error whose `message` is a throwing getter).
 */
export function why(e: unknown): string {
  try {
    return e instanceof Error ? excerpt(String(e.message), 80) : describe(e);
  } catch {
    return "an unreadable value";
  }
}

/** Whether `e` is an InputError (false for anything whose prototype cannot be read, e.g. a revoked Proxy). */
export function isInputError(e: unknown): e is InputError {
  try {
    return e instanceof InputError;
  } catch {
    return false;
  }
}

/**
 * Runs `read`, a reader of a caller's value at `path`; anything it throws other than an InputError (a revoked
 * Proxy's TypeError, a throwing getter or trap, a stack overflow) becomes an InputError at `path` ("`what`: why"). The boundary
 * every argument reading sits inside, so that no caller's value can make a reader answer something else.
 */
export function reading<T>(path: string, read: () => T, what = "cannot be read"): T {
  try {
    return read();
  } catch (e) {
    if (isInputError(e)) throw e;
    throw new InputError(`${what}: ${why(e)}`, path);
  }
}

/** `base` with one more JSON pointer token (`~` and `/` escaped; a long or odd key shortened and escaped). */
export function pointer(base: string, key: string | number): string {
  if (typeof key === "number") return `${base}/${key}`;
  const shown = key.length > 40 ? `${key.slice(0, 40)}…` : key;
  const escaped = JSON.stringify(shown.replaceAll("~", "~0").replaceAll("/", "~1")).slice(1, -1);
  return `${base}/${escaped}`;
}

/**
 * A plain JSON copy of `value`: objects become fresh plain objects (own enumerable string keys only), arrays
 * fresh arrays; every field is read once. Throws InputError (with the path) for anything that is not JSON:
 * undefined inside an array, a function, a symbol, a BigInt, a non-finite number, a cycle, nesting deeper
 * than {@link MAX_DEPTH}, more than {@link MAX_NODES} values, a string longer than {@link MAX_STRING}, or
 * an object whose reading throws. `undefined` object fields are dropped, as JSON.stringify would.
 */
export function snapshot(value: unknown, path = ""): Json {
  let nodes = 0;
  const open = new Set<object>();
  const copy = (x: unknown, p: string, depth: number): Json => {
    if (++nodes > MAX_NODES) throw new InputError(`more than ${MAX_NODES} values`, p);
    switch (typeof x) {
      case "string":
        if (x.length > MAX_STRING) throw new InputError(`a string longer than ${MAX_STRING} characters`, p);
        return x;
      case "boolean":
        return x;
      case "number":
        if (!Number.isFinite(x)) throw new InputError(`${x} is not a finite number`, p);
        return x + 0; // -0 is read as 0: a state, its save and its load agree on every number
      case "object":
        break;
      default:
        throw new InputError(`${describe(x)} is not a JSON value`, p);
    }
    if (x === null) return null;
    if (depth >= MAX_DEPTH) throw new InputError(`nested deeper than ${MAX_DEPTH} levels`, p);
    if (open.has(x)) throw new InputError("a cycle", p);
    open.add(x);
    try {
      if (Array.isArray(x)) {
        const n = x.length;
        if (n > MAX_NODES) throw new InputError(`more than ${MAX_NODES} values`, p);
        const out: Json[] = new Array(n);
        for (let i = 0; i < n; i++) {
          const item: unknown = x[i];
          if (item === undefined) throw new InputError("undefined is not a JSON value", pointer(p, i));
          out[i] = copy(item, pointer(p, i), depth + 1);
        }
        return out;
      }
      const out: JsonObject = {};
      for (const k of Object.keys(x)) {
        const item: unknown = (x as Record<string, unknown>)[k];
        if (item === undefined) continue;
        if (k === "__proto__") throw new InputError('a field named "__proto__"', p);
        out[k] = copy(item, pointer(p, k), depth + 1);
      }
      return out;
    } catch (e) {
      if (isInputError(e)) throw e;
      throw new InputError(`cannot be read: ${why(e)}`, p);
    } finally {
      open.delete(x);
    }
  };
  return copy(value, path, 0);
}

/** JSON text (parsed) or a value (copied by {@link snapshot}); InputError for bad JSON or a hostile value. */
export function readJson(input: unknown): Json {
  if (typeof input === "string") {
    if (input.length > MAX_JSON_TEXT)
      throw new InputError(`JSON text longer than ${MAX_JSON_TEXT} characters`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(input);
    } catch (e) {
      throw new InputError(`not JSON: ${excerpt((e as Error).message, 80)}`);
    }
    return snapshot(parsed);
  }
  return snapshot(input);
}

/** An object that is not an array; false for a revoked Proxy (which `Array.isArray` throws on). */
export function isObject(x: unknown): x is Record<string, unknown> {
  if (typeof x !== "object" || x === null) return false;
  try {
    return !Array.isArray(x);
  } catch {
    return false;
  }
}

/** An object (not null, not an array). */
export function obj(x: unknown, path: string): Record<string, unknown> {
  if (!isObject(x)) throw new InputError(`must be an object, got ${describe(x)}`, path);
  return x;
}

/** An array of at most `max` entries. */
export function arr(x: unknown, path: string, max: number): unknown[] {
  listLength(x, path, max);
  return x as unknown[];
}

/**
 * The length of the array `x`, at most `max`, read once (a Proxy's `length` can answer anything, and differently
 * each time): a parser then reads each item once, by index, up to it, and calls no method of `x` (see the read
 * contract of `GameRules.parseAction`, common/game.ts).
 */
export function listLength(x: unknown, path: string, max: number): number {
  const n: unknown = reading(path, () => {
    if (!Array.isArray(x)) throw new InputError(`must be an array, got ${describe(x)}`, path);
    return x.length;
  });
  if (typeof n !== "number" || !(n >= 0 && n <= max) || !Number.isInteger(n))
    throw new InputError(`at most ${max} entries, got ${describe(n)}`, path);
  return n;
}

/** An integer in `min..max`. */
export function int(x: unknown, path: string, min: number, max: number): number {
  if (typeof x !== "number" || !Number.isInteger(x) || x < min || x > max)
    throw new InputError(`must be an integer ${min} to ${max}, got ${describe(x)}`, path);
  return x + 0; // -0 is read as 0
}

/** A finite number in `[min, max]`. */
export function num(x: unknown, path: string, min = -Number.MAX_VALUE, max = Number.MAX_VALUE): number {
  if (typeof x !== "number" || !Number.isFinite(x) || x < min || x > max)
    throw new InputError(`must be a finite number in [${min}, ${max}], got ${describe(x)}`, path);
  return x + 0; // -0 is read as 0
}

export function bool(x: unknown, path: string): boolean {
  if (typeof x !== "boolean") throw new InputError(`must be true or false, got ${describe(x)}`, path);
  return x;
}

/** A string of at most `max` characters. */
export function str(x: unknown, path: string, max = 1000): string {
  if (typeof x !== "string") throw new InputError(`must be a string, got ${describe(x)}`, path);
  if (x.length > max) throw new InputError(`at most ${max} characters, got ${x.length}`, path);
  return x;
}

/** One of `values` (compared with ===). */
export function oneOf<T extends string | number | boolean | null>(
  x: unknown,
  path: string,
  values: readonly T[],
): T {
  const i = values.indexOf(x as T);
  if (i < 0)
    throw new InputError(
      `must be one of ${values.map((v) => JSON.stringify(v)).join(", ")}, got ${describe(x)}`,
      path,
    );
  return values[i]!;
}

/** A game seed: a finite number or a string of at most {@link MAX_SEED_LENGTH} characters. */
export function seed(x: unknown, path = "/seed"): number | string {
  if (typeof x === "number" && Number.isFinite(x)) return x + 0; // -0 is read as 0
  if (typeof x === "string") return str(x, path, MAX_SEED_LENGTH);
  throw new InputError(`a seed is a finite number or a string, got ${describe(x)}`, path);
}

/**
 * Where `got` (a snapshot) first differs from `want` (a state the engine built: plain JSON), as a JSON
 * pointer with the reason, or null when they are equal as JSON whatever the key order. Walks `want`, so its
 * depth is the state's; an extra field in `got` is reported as unknown.
 */
export function firstDifference(
  want: unknown,
  got: unknown,
  path = "",
): { path: string; why: string } | null {
  if (typeof want !== "object" || want === null) {
    if (Object.is(want, got)) return null;
    if (got === undefined) return { path, why: "missing" };
    return { path, why: `is ${describe(got)}, the replay has ${describe(want)}` };
  }
  if (Array.isArray(want)) {
    if (!Array.isArray(got)) return { path, why: `is ${describe(got)}, the replay has an array` };
    if (got.length !== want.length)
      return { path, why: `has ${got.length} entries, the replay has ${want.length}` };
    for (let i = 0; i < want.length; i++) {
      const d = firstDifference(want[i], got[i], pointer(path, i));
      if (d !== null) return d;
    }
    return null;
  }
  if (!isObject(got)) return { path, why: `is ${describe(got)}, the replay has an object` };
  const w = want as Record<string, unknown>;
  for (const k of Object.keys(w)) {
    if (w[k] === undefined) continue;
    const d = firstDifference(w[k], got[k], pointer(path, k));
    if (d !== null) return d;
  }
  for (const k of Object.keys(got)) {
    if (got[k] !== undefined && (!Object.hasOwn(w, k) || w[k] === undefined))
      return { path: pointer(path, k), why: "unknown field" };
  }
  return null;
}

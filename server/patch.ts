/**
 * A linear JSON Patch (RFC 6902) for boardgame.io's `deltaState` (issue #25). boardgame.io makes each socket's
 * patch with rfc6902's `createPatch`, which diffs arrays by edit distance: quadratic in their lengths, and deep at
 * each step (a Light Rail view late in a game: ~20 ms of CPU per socket and move; with its `frames` and `blocked`
 * lists ~0.8 s: docs/online.md, Limits). A railkit view's arrays either grow at their end (the log, the placed
 * cards), keep their length (seats, hands, decks shown as -1), or are small: {@link linearPatch} walks both values
 * once, appends what an array gained at its end (`/-`), patches same-length arrays entry by entry, and replaces an
 * array that changed otherwise whole. Its patches apply with any RFC 6902 client (boardgame.io's, rfc6902's
 * `applyPatch`); they may be longer than an edit-distance patch only for an array that lost or gained entries
 * before its end.
 *
 * {@link useLinearPatch} puts it in place of the `createPatch` boardgame.io's server calls (the one rfc6902 module
 * it loads); the server does it at start (server/server.ts).
 */
import { createRequire } from "node:module";

/** One RFC 6902 operation, as {@link linearPatch} writes them. */
export type PatchOp =
  | { op: "add"; path: string; value: unknown }
  | { op: "remove"; path: string }
  | { op: "replace"; path: string; value: unknown };

/** A JSON Pointer token: `~` as `~0`, `/` as `~1`. */
const token = (k: string | number) => String(k).replace(/~/g, "~0").replace(/\//g, "~1");

const isPlain = (x: unknown): x is Record<string, unknown> =>
  typeof x === "object" && x !== null && !Array.isArray(x);

/**
 * Equal as JSON values (keys whose value is undefined are absent, as on the wire), compared in place: no JSON
 * text is made (a view's diff ran `JSON.stringify` on both sides of every array prefix it checked: a fifth of the
 * server's allocations under load, issue #25). Stricter than comparing texts only where that cannot matter for a
 * patch (NaN and ±Infinity, which JSON writes as `null`, equal only themselves: at worst an extra `replace`); keys
 * in another order are equal, as they are to a JSON reader.
 */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k in x) {
    const v = x[k];
    if (v === undefined) continue;
    count++;
    if (!same(v, y[k])) return false;
  }
  for (const k in y) if (y[k] !== undefined) count--;
  return count === 0;
}

/**
 * The operations that make `input` into `output` (both JSON values), appended to `out`; `at` is where they are:
 * the keys from the root, made into a JSON Pointer only for an operation written (a path string for every key
 * walked was most of the diff's garbage). Views are plain data, so `for…in` walks their own keys, in
 * `Object.keys` order, without making an array of them.
 */
function diff(input: unknown, output: unknown, at: (string | number)[], out: PatchOp[]): void {
  if (input === output) return;
  if (Array.isArray(input) && Array.isArray(output)) {
    if (output.length === input.length) {
      // Same length: entry by entry.
      for (let i = 0; i < input.length; i++) {
        at.push(i);
        diff(input[i], output[i], at, out);
        at.pop();
      }
      return;
    }
    // Longer, and what was there unchanged (equal entries need no operation): the rest is appended.
    if (output.length > input.length && input.every((x, i) => same(x, output[i]))) {
      const path = `${pointer(at)}/-`;
      for (let i = input.length; i < output.length; i++) out.push({ op: "add", path, value: output[i] });
      return;
    }
    out.push({ op: "replace", path: pointer(at), value: output });
    return;
  }
  if (isPlain(input) && isPlain(output)) {
    for (const k in input)
      if (input[k] !== undefined && output[k] === undefined) {
        at.push(k);
        out.push({ op: "remove", path: pointer(at) });
        at.pop();
      }
    for (const k in output) {
      const v = output[k];
      if (v === undefined) continue;
      at.push(k);
      if (input[k] === undefined) out.push({ op: "add", path: pointer(at), value: v });
      else diff(input[k], v, at, out);
      at.pop();
    }
    return;
  }
  if (!same(input, output)) out.push({ op: "replace", path: pointer(at), value: output });
}

/** The JSON Pointer of the keys `at`. */
function pointer(at: readonly (string | number)[]): string {
  let path = "";
  for (const k of at) path += `/${token(k)}`;
  return path;
}

/** A JSON Patch from `input` to `output`, in one pass over both (see the module comment). */
export function linearPatch(input: unknown, output: unknown): PatchOp[] {
  const out: PatchOp[] = [];
  diff(input, output, [], out);
  return out;
}

/** Makes boardgame.io's server patch with {@link linearPatch} (its rfc6902 module's `createPatch`); idempotent. */
export function useLinearPatch(): void {
  const fromServer = createRequire(createRequire(import.meta.url).resolve("boardgame.io/server"));
  const rfc6902 = fromServer("rfc6902") as { createPatch: unknown };
  rfc6902.createPatch = linearPatch;
}

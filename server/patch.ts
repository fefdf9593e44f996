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

/** Equal as JSON (keys whose value is undefined are absent, as on the wire). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The operations that make `input` into `output` (both JSON values), appended to `out`, under `path`. */
function diff(input: unknown, output: unknown, path: string, out: PatchOp[]): void {
  if (input === output) return;
  if (Array.isArray(input) && Array.isArray(output)) {
    if (output.length >= input.length) {
      // Same length: entry by entry. Longer: if what was there is unchanged, the rest is appended.
      if (output.length > input.length && !input.every((x, i) => same(x, output[i]))) {
        out.push({ op: "replace", path, value: output });
        return;
      }
      for (let i = 0; i < input.length; i++) diff(input[i], output[i], `${path}/${i}`, out);
      for (let i = input.length; i < output.length; i++)
        out.push({ op: "add", path: `${path}/-`, value: output[i] });
      return;
    }
    out.push({ op: "replace", path, value: output });
    return;
  }
  if (isPlain(input) && isPlain(output)) {
    for (const k of Object.keys(input))
      if (input[k] !== undefined && output[k] === undefined)
        out.push({ op: "remove", path: `${path}/${token(k)}` });
    for (const k of Object.keys(output)) {
      const v = output[k];
      if (v === undefined) continue;
      if (input[k] === undefined) out.push({ op: "add", path: `${path}/${token(k)}`, value: v });
      else diff(input[k], v, `${path}/${token(k)}`, out);
    }
    return;
  }
  if (!same(input, output)) out.push({ op: "replace", path, value: output });
}

/** A JSON Patch from `input` to `output`, in one pass over both (see the module comment). */
export function linearPatch(input: unknown, output: unknown): PatchOp[] {
  const out: PatchOp[] = [];
  diff(input, output, "", out);
  return out;
}

/** Makes boardgame.io's server patch with {@link linearPatch} (its rfc6902 module's `createPatch`); idempotent. */
export function useLinearPatch(): void {
  const fromServer = createRequire(createRequire(import.meta.url).resolve("boardgame.io/server"));
  const rfc6902 = fromServer("rfc6902") as { createPatch: unknown };
  rfc6902.createPatch = linearPatch;
}

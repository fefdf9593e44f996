/**
 * What every worker service shares at its boundary (the game worker, web/worker/service.ts; the solver worker,
 * web/worker/race-solver.ts; a game's own verbs, web/games/<game>/verbs.ts): errors as plain WireErrors, the
 * page's options read once, loads made once, progress callbacks released. Imports nothing of either service, so the
 * solver worker's bundle holds no game but its own.
 */
import * as Comlink from "comlink";
import { InputError, RuleError } from "../engine/common/errors.ts";
import { obj, pointer, snapshot, why } from "../engine/common/input.ts";
import type { WireError } from "./protocol.ts";

/** Hears a stage of a long load or solve, 0..1. */
export type OnStage = (stage: string, fraction: number) => void;

/**
 * Any thrown value as a plain WireError (RuleError / InputError keep their ids). Never throws: a value a caller made
 * (a revoked Proxy thrown from a getter) is described, not read. Everything else is `internal`: reading a caller's
 * argument must turn its failures into InputErrors at the argument's pointer before they get here (`snapshot`,
 * `reading`, the readers of common/input.ts).
 */
export function toWireError(e: unknown): WireError {
  try {
    if (e instanceof RuleError) return { kind: "rule", rule: e.rule, message: e.message };
    if (e instanceof InputError) return { kind: "input", rule: e.path, message: e.message };
    if (isWireError(e)) return { kind: e.kind, rule: e.rule, message: e.message };
    return { kind: "internal", rule: "", message: e instanceof Error ? e.message : String(e) };
  } catch {
    return { kind: "internal", rule: "", message: why(e) };
  }
}

export function isWireError(e: unknown): e is WireError {
  return typeof e === "object" && e !== null && "kind" in e && "rule" in e && "message" in e;
}

/** Runs `f`, turning anything it throws into a thrown WireError (Comlink sends non-Errors as they are). */
export async function guard<T>(f: () => T | Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    throw toWireError(e);
  }
}

/**
 * A verb's options object: `undefined` is `{}`; otherwise a plain copy, with every key one of `known`
 * (a typo is refused rather than ignored).
 */
export function readOptions(
  x: unknown,
  known: readonly string[],
  path = "/options",
): Record<string, unknown> {
  if (x === undefined) return {};
  const o = obj(snapshot(x, path), path);
  for (const key of Object.keys(o))
    if (!known.includes(key))
      throw new InputError(
        `unknown option (known: ${known.length ? known.join(", ") : "none"})`,
        pointer(path, key),
      );
  return o;
}

/** Loads once; a failed load is forgotten, so the next call tries again. */
export function lazy<T>(load: (onStage?: OnStage) => Promise<T>): (onStage?: OnStage) => Promise<T> {
  let p: Promise<T> | undefined;
  return (onStage) => {
    if (!p) {
      p = load(onStage);
      p.catch(() => {
        p = undefined;
      });
    }
    return p;
  };
}

/**
 * Releases a progress callback the page passed as a `Comlink.proxy` (each such proxy holds a MessagePort open on
 * both sides until released); a plain function (a call inside one thread) has nothing to release. Called when the
 * call that took it ends, answered or failed: no report may follow.
 */
export function releaseCallback(cb: unknown): void {
  if (typeof cb !== "function") return;
  try {
    // On a Comlink proxy any property is a function; reading one of a released proxy throws.
    const release: unknown = (cb as unknown as Record<symbol, unknown>)[Comlink.releaseProxy];
    if (typeof release === "function") release();
  } catch {
    // already released, or its port is gone with the page: nothing left to free
  }
}

/**
 * A page's progress callback (`path`: its place in the call), checked: a function (a Comlink proxy) or nothing.
 * The reporter forwards fire-and-forget (never waits for the page) until `close`, which releases the callback.
 */
export function progressOf(cb: unknown, path: string): { report: OnStage; close(): void } {
  if (cb !== undefined && typeof cb !== "function")
    throw new InputError("a progress callback is a function (Comlink.proxy)", path);
  let open = true;
  return {
    report: (stage, fraction) => {
      if (open && cb) void (cb as (p: { stage: string; fraction: number }) => unknown)({ stage, fraction });
    },
    close: () => {
      open = false;
      releaseCallback(cb);
    },
  };
}

/** Runs `f` with the reporter of `cb` (see {@link progressOf}), released when `f` ends, answered or failed. */
export function withProgress<T>(cb: unknown, path: string, f: (report: OnStage) => Promise<T>): Promise<T> {
  return guard(async () => {
    const p = progressOf(cb, path);
    try {
      return await f(p.report);
    } finally {
      p.close();
    }
  });
}

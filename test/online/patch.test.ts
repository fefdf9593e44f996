/**
 * server/patch.ts, the linear JSON Patch the server's `deltaState` uses (issue #25): applied by rfc6902's
 * `applyPatch` (what boardgame.io's client runs), each patch makes the old value the new one: over seeded random
 * JSON pairs (arrays grown at their end, changed in place, shortened, keys added and removed) and over every
 * consecutive pair of views a seat receives in whole String Railway and Light Rail games.
 */
import { createRequire } from "node:module";
import { applyPatch, createPatch } from "rfc6902";
import { describe, expect, it } from "vitest";
import { type MatchState, viewFor } from "../../server/game.ts";
import { linearPatch, useLinearPatch } from "../../server/patch.ts";
import { Rng, seedRng } from "../../web/engine/common/rng.ts";
import { lightEngine, playGreedyGame } from "../../web/engine/light/index.ts";
import { playBotGame, stringEngine } from "../../web/engine/string/index.ts";
import { gameModule } from "../../web/games/registry.ts";
import type { GameModule } from "../../web/games/types.ts";
import { sentView } from "../../web/games/view.ts";

const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** `a` patched into `b` by rfc6902's applyPatch (on a copy): the result, and no operation failed. */
function patched(a: unknown, b: unknown): unknown {
  const doc = { root: wire(a) };
  const ops = linearPatch(a, b).map((op) => ({ ...op, path: `/root${op.path}` }));
  const errors = applyPatch(doc, ops as never);
  expect(errors.every((e) => e === null)).toBe(true);
  return doc.root;
}

/** A random JSON value of depth at most `depth`. */
function value(rng: Rng, depth: number): unknown {
  const k = rng.int(depth > 0 ? 6 : 3);
  if (k === 0) return rng.int(5);
  if (k === 1) return ["a", "b/c", "d~e", ""][rng.int(4)];
  if (k === 2) return [null, true, false][rng.int(3)];
  if (k === 3) return Array.from({ length: rng.int(5) }, () => value(rng, depth - 1));
  const o: Record<string, unknown> = {};
  for (let i = rng.int(4); i > 0; i--) o[["x", "y", "a/b", "t~1"][rng.int(4)]!] = value(rng, depth - 1);
  return o;
}

/** `x` changed a little at random (an append, an entry changed, a key added or removed, …). */
function mutate(rng: Rng, x: unknown, depth: number): unknown {
  if (Array.isArray(x)) {
    const a = x.slice();
    const k = rng.int(5);
    if (k === 0) a.push(value(rng, depth));
    else if (k === 1 && a.length > 0) a.splice(rng.int(a.length), 1);
    else if (k === 2) a.unshift(value(rng, depth));
    else if (a.length > 0) {
      const i = rng.int(a.length);
      a[i] = mutate(rng, a[i], depth - 1);
    }
    return a;
  }
  if (typeof x === "object" && x !== null) {
    const o = { ...(x as Record<string, unknown>) };
    const keys = Object.keys(o);
    const k = rng.int(3);
    if (k === 0 || keys.length === 0) o[`k${rng.int(3)}`] = value(rng, depth);
    else if (k === 1) delete o[keys[rng.int(keys.length)]!];
    else {
      const key = keys[rng.int(keys.length)]!;
      o[key] = mutate(rng, o[key], depth - 1);
    }
    return o;
  }
  return rng.int(2) === 0 ? value(rng, depth) : x;
}

/** Every view `seat` receives of a game, in order, as JSON. */
function viewsOf(
  module: GameModule,
  engine: GameModule["engine"],
  options: { players: number },
  seed: string | number,
  log: readonly unknown[],
  seat: number | null,
) {
  let s = engine.setup(options, seed) as MatchState;
  const out = [wire(sentView(module, viewFor(module, s, seat)))];
  for (const a of log) {
    const r = engine.apply(s as never, a as never);
    if (!r.ok) throw r.error;
    s = r.state as MatchState;
    out.push(wire(sentView(module, viewFor(module, s, seat))));
  }
  return out;
}

describe("online.linear-patch (issue #25)", () => {
  it("online.linear-patch: over seeded random JSON pairs, the patch makes the old value the new one", () => {
    const rng = new Rng(seedRng("linear-patch"));
    for (let n = 0; n < 2000; n++) {
      const a = value(rng, 4);
      let b = a;
      for (let m = rng.int(4) + 1; m > 0; m--) b = mutate(rng, b, 3);
      expect(patched(a, b)).toEqual(wire(b));
    }
  });

  it("online.linear-patch: an undefined key is absent, as on the wire (an array whose entries are equal as JSON grows at its end)", () => {
    const a = { log: [{ x: 1, y: undefined, z: [1, { w: null }] }], k: undefined };
    const b = { log: [{ z: [1, { w: null }], x: 1 }, 2], k: undefined };
    expect(linearPatch(a, b)).toEqual([{ op: "add", path: "/log/-", value: 2 }]);
    expect(linearPatch({ log: [{ x: 1 }] }, { log: [{ x: 1, y: 2 }, 3] })).toEqual([
      { op: "replace", path: "/log", value: [{ x: 1, y: 2 }, 3] },
    ]);
    expect(linearPatch({ "a/b": { "t~1": [0] } }, { "a/b": { "t~1": [1] } })).toEqual([
      { op: "replace", path: "/a~1b/t~01/0", value: 1 },
    ]);
  });

  it("online.linear-patch: every view a seat receives in whole String Railway and Light Rail games", () => {
    const string = gameModule("string") as GameModule;
    const light = gameModule("light") as GameModule;
    const games = [
      {
        module: string,
        engine: stringEngine,
        options: { players: 3 },
        seed: "patch",
        log: playBotGame(3, "patch").log,
      },
      {
        module: light,
        engine: lightEngine,
        options: { players: 4 },
        seed: 11,
        log: playGreedyGame({ players: 4 }, 11).log,
      },
    ];
    for (const g of games)
      for (const seat of [0, null]) {
        const views = viewsOf(g.module, g.engine as never, g.options, g.seed, g.log, seat);
        for (let i = 1; i < views.length; i++) {
          expect(patched(views[i - 1], views[i])).toEqual(views[i]);
          // An appended log entry is one operation, not a rewrite of the log.
          expect(JSON.stringify(linearPatch(views[i - 1], views[i])).length).toBeLessThan(4096);
        }
      }
  });

  it("online.linear-patch: the server's boardgame.io patches with it once it is in place", () => {
    const fromServer = createRequire(createRequire(import.meta.url).resolve("boardgame.io/server"));
    const rfc6902 = fromServer("rfc6902") as { createPatch: unknown };
    const before = rfc6902.createPatch;
    try {
      useLinearPatch();
      expect(rfc6902.createPatch).toBe(linearPatch);
    } finally {
      rfc6902.createPatch = before;
    }
    expect(createPatch).toBeTypeOf("function");
  });
});

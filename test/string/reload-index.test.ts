/**
 * Issue #24: a String Railway state reloaded from JSON (`JSON.parse(JSON.stringify(state))`: a save read back, a
 * state sent by a host) shares no object with the game it came from, so the engine's rival indexes (engine.ts
 * `rivalIndex`, kept per board object and per seat) are built again for it — once: every state descending from it
 * shares its board and its placed strings, so each seat's index is built at that seat's first route check and only
 * appended to after (the strings placed since). Counted through the geometry's `createIndex` (not timed: the bench,
 * bench/string-engine.bench.ts, times reloaded against warm), on the TypeScript and on the Wasm route geometry; the
 * game played from the reloaded state is the one played from the original (the cache is invisible to the rules).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { botAction } from "../../web/engine/string/bot.ts";
import { createStringEngine, type StringEngine } from "../../web/engine/string/engine.ts";
import { type RouteGeometry, routeGeometryTs } from "../../web/engine/string/geometry/route.ts";
import type { StringState } from "../../web/engine/string/types.ts";
import { createStringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

/** `g`, recording the seat to move (`seat.now`) at each index it builds. */
function counted(
  g: RouteGeometry,
  seat: { now: number | null },
): RouteGeometry & { builds: (number | null)[] } {
  const out = {
    builds: [] as (number | null)[],
    createIndex: (bounds: ArrayLike<number>) => {
      out.builds.push(seat.now);
      return g.createIndex(bounds);
    },
    measure: g.measure,
  };
  return out;
}

/** Plays the greedy bot on `engine` from `s` to the end (at most `max` actions); the states in order. */
function playOn(
  engine: StringEngine,
  s: StringState,
  seat: { now: number | null },
  max = 2000,
): StringState[] {
  const states = [s];
  while (!s.over && states.length <= max) {
    seat.now = s.current;
    const r = engine.apply(s, botAction(s, engine));
    if (!r.ok) throw r.error;
    s = r.state;
    states.push(s);
  }
  return states;
}

let wasmGeometry: RouteGeometry;
beforeAll(async () => {
  wasmGeometry = (await createStringGeometryWasm(await compileWasmNode("string", "debug"))).routeGeometry;
});

describe("String Railway, issue #24: a reloaded state pays its rival indexes once", () => {
  for (const on of ["TypeScript", "Wasm"] as const)
    it(`reload: each seat's index is built once, then reused by every descending state (${on} geometry)`, () => {
      const seat = { now: null as number | null };
      const geometry = counted(on === "TypeScript" ? routeGeometryTs : wasmGeometry, seat);
      const engine = createStringEngine(geometry);
      // Mid-game: every seat holds placed strings and has strings left.
      let s = engine.setup({ players: 3 }, 11);
      while (!s.seats.every((x) => x.strings.length >= 1)) s = playOn(engine, s, seat, 1).at(-1)!;
      expect(s.over).toBe(false);
      expect(s.seats.some((x) => x.shortLeft + x.longLeft > 0)).toBe(true);

      const reloaded = JSON.parse(JSON.stringify(s)) as StringState;
      const before = geometry.builds.length;
      const rest = playOn(engine, reloaded, seat);
      const builds = geometry.builds.slice(before);
      // Strings are checked after the reload (the cache is exercised), yet no seat's index is built twice.
      expect(builds.length).toBeGreaterThan(0);
      expect(new Set(builds).size).toBe(builds.length);
      expect(builds.length).toBeLessThanOrEqual(s.options.players);
      const placedAfter = rest.at(-1)!.seats.reduce((n, x) => n + x.strings.length, 0);
      const placedAt = s.seats.reduce((n, x) => n + x.strings.length, 0);
      expect(placedAfter - placedAt).toBeGreaterThan(builds.length); // later strings were appended, not rebuilt

      // Invisible to the rules: the game from the reloaded state is the game from the original state, on a fresh
      // engine of the TypeScript geometry with caches of its own.
      const fresh = playOn(createStringEngine(), s, { now: null });
      expect(JSON.stringify(rest.at(-1))).toBe(JSON.stringify(fresh.at(-1)));
    });
});

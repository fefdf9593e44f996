/**
 * Issue #24: a String Railway state reloaded from JSON (`JSON.parse(JSON.stringify(state))`: a save read back, a
 * state a host keeps as JSON) shares no object with the game it came from. The engine's rival indexes (engine.ts
 * `rivalIndex`, per board and seat) serve it all the same: found by the board's content and the strings' paths
 * when the process knows the game (the server applies every move to a plain copy of the last state: nothing is
 * built again), and built once per seat when it does not, then reused by every state descending from it (they
 * share its board and strings). Two games on boards of the same content keep an index each. Counted through the
 * geometry's `createIndex` (not timed: bench/string-engine.bench.ts times reloaded against warm), on the TypeScript
 * and the Wasm route geometry; the games are the ones played without copies (the cache is invisible to the rules).
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

/** A mid-game state on `engine`: every seat holds placed strings and some have strings left. */
function midGame(engine: StringEngine, seat: { now: number | null }, seed = 11): StringState {
  let s = engine.setup({ players: 3 }, seed);
  while (!s.seats.every((x) => x.strings.length >= 1)) s = playOn(engine, s, seat, 1).at(-1)!;
  expect(s.over).toBe(false);
  expect(s.seats.some((x) => x.shortLeft + x.longLeft > 0)).toBe(true);
  return s;
}

const reload = (s: StringState) => JSON.parse(JSON.stringify(s)) as StringState;
const placed = (s: StringState) => s.seats.reduce((n, x) => n + x.strings.length, 0);

describe("String Railway, issue #24: a reloaded state pays its rival indexes once", () => {
  for (const on of ["TypeScript", "Wasm"] as const) {
    const base = () => (on === "TypeScript" ? routeGeometryTs : wasmGeometry);

    it(`reload where no index is known: each seat's is built once, then every descending state reuses it (${on})`, () => {
      const seat = { now: null as number | null };
      const s = midGame(createStringEngine(base()), seat);
      // An engine whose geometry has seen nothing of this game (as in a fresh process).
      const geometry = counted(base(), seat);
      const engine = createStringEngine(geometry);
      const rest = playOn(engine, reload(s), seat);
      const builds = geometry.builds;
      // Strings are checked after the reload (the cache is exercised), yet no seat's index is built twice.
      expect(builds.length).toBeGreaterThan(0);
      expect(new Set(builds).size).toBe(builds.length);
      expect(builds.length).toBeLessThanOrEqual(s.options.players);
      expect(placed(rest.at(-1)!) - placed(s)).toBeGreaterThan(builds.length); // later strings appended, not rebuilt

      // Invisible to the rules: the game from the reloaded state is the game from the original state, on a fresh
      // engine of the TypeScript geometry with caches of its own.
      const fresh = playOn(createStringEngine(), s, { now: null });
      expect(JSON.stringify(rest.at(-1))).toBe(JSON.stringify(fresh.at(-1)));
    });

    it(`every move applied to a JSON copy of the last state (as the server does): no index built again (${on})`, () => {
      const seat = { now: null as number | null };
      const geometry = counted(base(), seat);
      const engine = createStringEngine(geometry);
      const s = midGame(engine, seat);
      const before = geometry.builds.length;
      let t = s;
      let moves = 0;
      while (!t.over) {
        const copy = reload(t);
        seat.now = copy.current;
        const r = engine.apply(copy, botAction(copy, engine));
        if (!r.ok) throw r.error;
        t = r.state;
        moves++;
      }
      expect(placed(t) - placed(s)).toBeGreaterThan(0);
      expect(moves).toBeGreaterThan(20);
      expect(geometry.builds.length).toBe(before);
      // the same game as without the copies
      expect(JSON.stringify(t)).toBe(
        JSON.stringify(playOn(createStringEngine(), reload(s), { now: null }).at(-1)),
      );
    });
  }

  it("two games on the same board keep an index each: playing them in turn builds nothing again", () => {
    const seat = { now: null as number | null };
    const geometry = counted(routeGeometryTs, seat);
    const engine = createStringEngine(geometry);
    const first = engine.setup({ players: 3 }, 4);
    const board = { ...first.board, stations: first.stations };
    let a = engine.setup({ players: 3, board }, 1);
    let b = engine.setup({ players: 3, board }, 2);
    expect(a.board).not.toBe(b.board);
    expect(a.board.polygon).toEqual(b.board.polygon);
    let turns = 0;
    while (!a.over && !b.over && turns < 400) {
      for (const which of ["a", "b"] as const) {
        const s = which === "a" ? a : b;
        seat.now = s.current;
        const r = engine.apply(s, botAction(s, engine));
        if (!r.ok) throw r.error;
        if (which === "a") a = r.state;
        else b = r.state;
      }
      turns++;
    }
    expect(placed(a) + placed(b)).toBeGreaterThan(6);
    // one index per seat and game at most, whichever game asked last
    expect(geometry.builds.length).toBeLessThanOrEqual(6);
  });
});

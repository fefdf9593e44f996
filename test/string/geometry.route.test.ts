/**
 * The route geometry in one call (issue #10): the Wasm `routeGeometry` (assembly/geometry/route.ts, behind
 * web/solvers/string/geometry-wasm.ts) against its TypeScript twin `measureRoute` (web/engine/string/geometry/
 * route.ts), and an engine on either (engine.ts `createStringEngine(geometry)`): the same measures, the same games.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { botAction } from "../../web/engine/string/bot.ts";
import {
  apply,
  createStringEngine,
  legalActions,
  otherSegments,
  previewString,
  routeContext,
  setup,
  stringEngine,
} from "../../web/engine/string/engine.ts";
import { boundsOf, PlacedIndex } from "../../web/engine/string/geometry/placed.ts";
import { measureRoute, type RouteMeasure } from "../../web/engine/string/geometry/route.ts";
import type { StringAction, StringState } from "../../web/engine/string/types.ts";
import { createStringGeometryWasm, type StringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: StringGeometryWasm;
beforeAll(async () => {
  wasm = await createStringGeometryWasm(await compileWasmNode("string", "debug"));
});

function play(s: StringState, a: StringAction): StringState {
  const r = apply(s, a);
  if (!r.ok) throw r.error;
  return r.state;
}

/** Plain values of a measure, for toEqual (typed arrays as arrays). */
const plain = (m: RouteMeasure) => ({ ...m, points: Array.from(m.points) });

/** States of a greedy-bot game of `players` seats at the start of each route phase, up to `n` of them. */
function routeStates(players: number, seed: string, n: number): StringState[] {
  let s = setup({ players }, seed);
  const out: StringState[] = [];
  while (!s.over && out.length < n) {
    if (s.phase === "play" && s.step === "route" && !s.placedString && !s.choice) out.push(s);
    s = play(s, botAction(s));
  }
  return out;
}

/** A path of 2…64 vertices over the board and past its edge, from fast-check's numbers. */
const pathArb = fc
  .array(
    fc.tuple(fc.double({ min: -5, max: 95, noNaN: true }), fc.double({ min: -5, max: 95, noNaN: true })),
    {
      minLength: 2,
      maxLength: 64,
    },
  )
  .map((vs) => vs.flatMap(([x, y]) => [x + 0, y + 0]));

describe("string.route: routeGeometry (Wasm) measures as measureRoute (twin)", () => {
  it("every seat's route index on a late 5-player game: random paths, station-to-station paths, the legal strings", () => {
    const states = routeStates(5, "route-geometry", 40);
    const late = states[states.length - 1]!;
    expect(late.seats.reduce((n, seat) => n + seat.strings.length, 0)).toBeGreaterThan(10);
    const ctx = routeContext(late);
    // one route index per seat, all in one module: each measure makes the module hold its index again
    const seats = late.seats.map((_, p) => {
      const segs = otherSegments(late, p);
      const ix = wasm.routeGeometry.createIndex(boundsOf(late.board.polygon));
      ix.setPlacedSegments(segs, boundsOf(late.board.polygon));
      return { ix, ts: new PlacedIndex(segs, boundsOf(late.board.polygon)), segs };
    });
    let crossings = 0;
    let mountain = 0;
    let outside = 0;
    fc.assert(
      fc.property(pathArb, fc.nat(late.seats.length - 1), (path, p) => {
        const { ix, ts, segs } = seats[p]!;
        const want = measureRoute(ctx, path, ts);
        expect(plain(measureRoute(ctx, path, segs))).toEqual(plain(want));
        expect(plain(wasm.routeGeometry.measure(ctx, path, ix))).toEqual(plain(want));
        crossings += want.points.length;
        if (want.mountain) mountain++;
        if (!want.inside) outside++;
      }),
      { numRuns: 400, seed: 10 },
    );
    // station to station, a wiggle on the way: most cross rival strings
    const st = late.stations;
    for (let k = 0; k < 300; k++) {
      const [a, b] = [st[k % st.length]!, st[(k * 7 + 3) % st.length]!];
      const path: number[] = [];
      for (let i = 0, m = 2 + (k % 30); i <= m; i++) {
        const w = i === 0 || i === m ? 0 : Math.sin(i * 1.7 + k) * 2;
        path.push(a.x + ((b.x - a.x) * i) / m + w, a.y + ((b.y - a.y) * i) / m - w);
      }
      const { ix, ts } = seats[k % seats.length]!;
      const want = measureRoute(ctx, path, ts);
      expect(plain(wasm.routeGeometry.measure(ctx, path, ix))).toEqual(plain(want));
      crossings += want.points.length;
      if (want.mountain) mountain++;
    }
    const strings = legalActions(late).filter((a) => a.type === "place-string");
    expect(strings.length).toBeGreaterThan(20);
    for (const action of strings) {
      const { path, player } = action as StringAction & { type: "place-string" };
      const want = measureRoute(ctx, path, seats[player]!.ts);
      expect(plain(wasm.routeGeometry.measure(ctx, path, seats[player]!.ix))).toEqual(plain(want));
    }
    // the property reached every branch: crossings, the mountain, paths leaving the board
    expect(crossings).toBeGreaterThan(200);
    expect(mountain).toBeGreaterThan(5);
    expect(outside).toBeGreaterThan(5);
  });

  it("an index extended after a measure, another context, and the wrapper's own index in between", () => {
    const [a, b] = [routeStates(3, "ctx-a", 12).at(-1)!, routeStates(4, "ctx-b", 14).at(-1)!];
    const bounds = boundsOf(a.board.polygon);
    const segs = otherSegments(a, 0);
    const half = 4 * Math.floor(segs.length / 8);
    const ix = wasm.routeGeometry.createIndex(bounds);
    const ts = new PlacedIndex(segs.subarray(0, half), bounds);
    ix.setPlacedSegments(segs.subarray(0, half), bounds);
    const path = [...a.seats[1]!.strings.flatMap((str) => str.path)].slice(0, 128);
    const same = (s: StringState) =>
      expect(plain(wasm.routeGeometry.measure(routeContext(s), path, ix))).toEqual(
        plain(measureRoute(routeContext(s), path, ts)),
      );
    same(a);
    ix.addPlacedSegments(segs.subarray(half));
    ts.addPlacedSegments(segs.subarray(half));
    same(a); // the new segments reach the module's index
    same(b); // another board: its context is written
    wasm.setPlacedSegments(otherSegments(b, 1), boundsOf(b.board.polygon));
    expect(
      Array.from(wasm.crossingPointsIndexed(Float64Array.from(path), routeContext(b).discs, 2.5)),
    ).toEqual(Array.from(measureRoute(routeContext(b), path, otherSegments(b, 1)).points));
    wasm.stationsTouched(Float64Array.from(path), new Float64Array(4), 1); // other discs in the module
    same(a); // the route index and context are written back
  });

  it("refuses what the kernel cannot take the way the twin would: a bad number in the context", () => {
    const s = routeStates(2, "bad", 2).at(-1)!;
    const ix = wasm.routeGeometry.createIndex(boundsOf(s.board.polygon));
    const ctx = { ...routeContext(s), mountain: Float64Array.of(0, 0, Number.NaN, 1, 1, 1) };
    expect(() => wasm.routeGeometry.measure(ctx, [1, 1, 2, 2], ix)).toThrow(
      /mountain\[2\] is not a finite number/,
    );
    expect(() => ix.addPlacedSegments(Float64Array.of(0, 0, Number.POSITIVE_INFINITY, 1))).toThrow(
      RangeError,
    );
    expect(ix.placedCount).toBe(0);
  });
});

describe("string.route: an engine on the Wasm route geometry plays the same games", () => {
  it("greedy-bot games of 2 to 5 seats: the same saves, legal actions and previews", () => {
    for (const players of [2, 3, 5]) {
      const seed = `same-${players}`;
      const runs = [stringEngine, createStringEngine(wasm.routeGeometry)].map((engine) => {
        let s = engine.setup({ players, rounds: 2 }, seed);
        const seen: unknown[] = [];
        while (!s.over) {
          if (s.step === "route" && !s.placedString && !s.choice) {
            seen.push(engine.legalActions(s).length);
            const str = s.seats[(s.current! + 1) % players]!.strings[0];
            if (str) seen.push(previewString(s, s.current!, "long", str.path, "/path", engine.geometry));
          }
          const r = engine.apply(s, botAction(s, engine));
          if (!r.ok) throw r.error;
          s = r.state;
        }
        return { save: engine.save(s), seen };
      });
      expect(runs[1]).toEqual(runs[0]);
      expect(runs[0]!.seen.length).toBeGreaterThan(4);
    }
  });
});

/**
 * Light Rail kernels: the incremental union-find routes equal the engine's full recomputation
 * (`computeRoutes` via `routesFlat`) and the kernel's own after every placement of random games; undo
 * restores exactly; the city-limit masks agree with the engine's frames (`fitsCity`, `legalPlacements`);
 * the Wasm module (debug build) equals its TypeScript twin on every output.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { Rng } from "../../web/engine/common/rng.ts";
import {
  applyPlacement,
  cityOf,
  computeRoutes,
  encodeCity,
  fitsCity,
  type LightState,
  legalPlacements,
  MEASURES,
  measure,
  ROUTE_STRIDE,
  routesFlat,
  setup,
} from "../../web/engine/light/index.ts";
import { type LightKernel, RSTRIDE } from "../../web/solvers/light/kernel.ts";
import { createLightWasm } from "../../web/solvers/light/node.ts";
import { LightReference } from "../../web/solvers/light/reference.ts";
import { kernelDesigns, loadCity } from "../../web/solvers/light/search.ts";
import type { LightWasm } from "../../web/solvers/light/wasm.ts";

let wasm: LightWasm;
let ref: LightReference;
beforeAll(async () => {
  wasm = await createLightWasm("debug");
  ref = new LightReference();
  wasm.setDesigns(kernelDesigns());
  ref.setDesigns(kernelDesigns());
});

/** Random legal game with the engine, calling `each` after every placement. */
function randomGame(players: number, seed: number, each: (s: LightState) => void, wrap = false): LightState {
  let state = setup({ players, wrap }, seed);
  const rng = new Rng(seed ^ 0x5bd1e995);
  while (!state.over) {
    const moves = legalPlacements(state);
    state = applyPlacement(state, moves[rng.int(moves.length)]!);
    each(state);
  }
  return state;
}

/** Kernel route rows against the engine's flat routes, segment by segment. */
function expectRoutesMatchEngine(rows: Int32Array, state: LightState): void {
  const flat = routesFlat(encodeCity(cityOf(state)), state.over && state.options.wrap);
  const nSeg = flat.routeOf.length;
  expect(rows.length).toBe(nSeg * RSTRIDE);
  for (let s = 0; s < nSeg; s++) {
    const info = flat.routeInfo.subarray(
      flat.routeOf[s]! * ROUTE_STRIDE,
      (flat.routeOf[s]! + 1) * ROUTE_STRIDE,
    );
    const row = rows.subarray(s * RSTRIDE, (s + 1) * RSTRIDE);
    expect([row[0], row[6], row[4], row[7], row[1], row[5], ...row.subarray(8, 12)]).toEqual([...info]);
  }
}

function snapshot(k: LightKernel, players: number) {
  return {
    routes: [...k.routes()],
    mask: [...k.cityMask()],
    legal: [...k.legal()],
    placed: k.placed(),
    score: Array.from({ length: players }, (_, p) => k.score(p)),
  };
}

describe("city-limit fit (docs/rules/light-rail.md § City limit)", () => {
  it("placement counts: the 2- and 4-player shapes are mirror-symmetric, the 3-player one is not", () => {
    for (const [players, cells, placements] of [
      [2, 16, 16],
      [3, 21, 42],
      [4, 36, 36],
    ] as const) {
      for (const k of [wasm, ref]) {
        k.newGame(players);
        expect(k.cityCells()).toBe(cells);
      }
      expect(ref.placementCount()).toBe(placements);
      expect(wasm.cityMask()).toEqual(ref.cityMask());
    }
  });

  it("fitCells agrees with the engine's fitsCity on random cell sets", () => {
    for (const players of [2, 3, 4]) {
      wasm.newGame(players);
      ref.newGame(players);
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 })), {
            minLength: 1,
            maxLength: 8,
          }),
          (cells) => {
            const flat = cells.flat();
            const expected = fitsCity(players, cells);
            expect(ref.fitCells(flat)).toBe(expected);
            expect(wasm.fitCells(flat)).toBe(expected);
          },
        ),
        { seed: 4004 + players, numRuns: 150 },
      );
    }
  });
});

describe("incremental routes (docs/rules/light-rail.md § Routes and credit)", () => {
  it("equal computeRoutes, the full recomputation and the engine's credit after every placement", () => {
    let checked = 0;
    for (const players of [2, 3, 4]) {
      for (let seed = 1; seed <= (players === 2 ? 8 : 3); seed++) {
        randomGame(players, seed * 7919 + players, (state) => {
          const anchor = loadCity(ref, state);
          loadCity(wasm, state);
          const rows = ref.routes();
          expectRoutesMatchEngine(rows, state);
          expect(wasm.routes()).toEqual(rows);
          const full = ref.routesFull();
          expect(full.subarray(0, rows.length)).toEqual(rows);
          expect(wasm.routesFull()).toEqual(full);
          expect(wasm.cityMask()).toEqual(ref.cityMask());
          const score = Array.from({ length: players }, (_, p) => ref.score(p));
          expect(score).toEqual(state.routeCredit);
          expect([...full.subarray(rows.length, rows.length + players)]).toEqual(state.routeCredit);
          // legal cells = the engine's legal placements
          if (!state.over) {
            const engineCells = legalPlacements(state)
              .filter((p) => p.orientation === 0)
              .map((p) => `${p.q},${p.r}`)
              .sort();
            const legal = ref.legal();
            const mine: string[] = [];
            for (let i = 0; i < legal.length; i += 2)
              mine.push(`${legal[i]! + anchor[0]},${legal[i + 1]! + anchor[1]}`);
            expect(mine.sort()).toEqual(engineCells);
            expect(wasm.legal()).toEqual(legal);
          }
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(250);
  });

  it("placing one card at a time incrementally matches replaying the whole city", () => {
    // the kernel state built placement by placement (as in search) equals a fresh replay
    for (let seed = 1; seed <= 4; seed++) {
      const states: LightState[] = [];
      randomGame(2, seed, (s) => states.push(s));
      ref.newGame(2);
      wasm.newGame(2);
      const first = states[0]!.cards[0]!;
      for (const s of states) {
        const c = s.cards[s.cards.length - 1]!;
        for (const k of [ref, wasm]) {
          expect(k.isLegal(c.q - first.q, c.r - first.r)).toBe(true);
          k.placeAt(c.q - first.q, c.r - first.r, c.design, c.orientation, c.player);
        }
        expect(wasm.routes()).toEqual(ref.routes());
        expectRoutesMatchEngine(ref.routes(), s);
        expect([ref.score(0), ref.score(1)]).toEqual(s.routeCredit);
      }
    }
  });
});

describe("wrapping option (docs/rules/light-rail.md § Wrapping)", () => {
  it("at the end, wrap links, routes, credit and objective measures equal the engine's", () => {
    let wrappedGames = 0;
    for (const players of [2, 3, 4]) {
      for (let seed = 1; seed <= (players === 2 ? 24 : 8); seed++) {
        const state = randomGame(players, seed * 31337 + players, () => {}, true);
        loadCity(ref, state);
        loadCity(wasm, state);
        const rows = ref.routes();
        expectRoutesMatchEngine(rows, state);
        expect(wasm.routes()).toEqual(rows);
        for (const k of [ref, wasm]) {
          expect(Array.from({ length: players }, (_, p) => k.score(p))).toEqual(state.routeCredit);
        }
        const city = cityOf(state);
        const routes = computeRoutes(city, { wrap: true });
        MEASURES.forEach((m, code) => {
          expect([...wasm.measure(code)], m).toEqual(measure(m, city, routes, players));
        });
        if (state.scores.some((e) => e.wrapped)) wrappedGames++;
      }
    }
    // some games actually score a wrapped route
    expect(wrappedGames).toBeGreaterThan(3);
  });
});

describe("Wasm boundary checks", () => {
  it("refuse a bad design, orientation, player or deck before they reach the module", () => {
    wasm.newGame(2);
    expect(() => wasm.placeAt(0, 0, 10, 0, 0)).toThrow(RangeError);
    expect(() => wasm.placeAt(0, 0, 0, 2, 0)).toThrow(RangeError);
    expect(() => wasm.placeAt(0, 0, 0, 0, 2)).toThrow(RangeError);
    expect(() => wasm.setUnplayed(0, new Array(17).fill(0))).toThrow(RangeError);
    expect(() => wasm.search(0, -1, 10, 1, 0)).toThrow(RangeError);
    expect(wasm.placed()).toBe(0);
    expect(wasm.placeAt(40, 0, 0, 0, 0)).toBe(-1);
    expect(wasm.placeAt(0, 0, 0, 0, 0)).toBeGreaterThanOrEqual(0);
    expect(wasm.placeAt(0, 0, 1, 0, 1)).toBe(-2);
  });
});

describe("undo (trail)", () => {
  it("restores routes, masks, legal cells and credit exactly after any run of placements", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        (players, prefix, extra, seed) => {
          const rng = new Rng(seed);
          for (const k of [ref, wasm] as LightKernel[]) {
            const r = new Rng(rng.state);
            k.newGame(players);
            const playRandom = (n: number) => {
              for (let i = 0; i < n && k.placed() < k.cityCells(); i++) {
                const legal = k.legal();
                const j = r.int(legal.length / 2);
                k.placeAt(legal[2 * j]!, legal[2 * j + 1]!, r.int(10), r.int(2), i % players);
              }
            };
            playRandom(prefix);
            const before = snapshot(k, players);
            const m = k.mark();
            playRandom(extra);
            k.undo(m);
            expect(snapshot(k, players)).toEqual(before);
            expect(k.mark()).toBe(m);
          }
        },
      ),
      { seed: 404, numRuns: 120 },
    );
  });
});

describe("objective measures (web/engine/light/objectives.ts)", () => {
  it("equal the engine's measure() for all eight measures, mid-game and at the end", () => {
    let checked = 0;
    for (const players of [2, 3, 4]) {
      for (let seed = 1; seed <= 5; seed++) {
        randomGame(players, seed * 104729 + players, (state) => {
          if (!state.over && state.cards.length % 5 !== 0) return;
          loadCity(ref, state);
          loadCity(wasm, state);
          const city = cityOf(state);
          const routes = computeRoutes(city);
          MEASURES.forEach((m, code) => {
            const expected = measure(m, city, routes, players);
            expect([...ref.measure(code)], m).toEqual(expected);
            expect([...wasm.measure(code)], m).toEqual(expected);
          });
          checked++;
        });
      }
    }
    expect(checked).toBeGreaterThan(40);
  });
});

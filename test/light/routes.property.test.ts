import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CAP,
  cellCoords,
  cellIndex,
  cityOf,
  computeRoutes,
  decodeCity,
  encodeCity,
  encodeState,
  legalActions,
  legalPlacements,
  lightEngine,
  ROUTE_STRIDE,
  routesFlat,
  SEG_STRIDE,
} from "../../web/engine/light/index.ts";

/** A random mid-game state. */
function midGame(players: number, seed: number, choices: number[]) {
  let s = lightEngine.setup({ players }, seed);
  for (const c of choices) {
    if (s.over) break;
    const legal = legalActions(s);
    const r = lightEngine.apply(s, legal[c % legal.length]);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return s;
}

const arb = fc.tuple(
  fc.integer({ min: 2, max: 4 }),
  fc.nat(),
  fc.array(fc.nat(), { minLength: 0, maxLength: 36 }),
  fc.boolean(),
);

describe("light routes and encoding (fast-check, seeded)", () => {
  it("routes.partition: every segment is on exactly one route; ends and loops are consistent", () => {
    fc.assert(
      fc.property(arb, ([players, seed, choices, wrap]) => {
        const city = cityOf(midGame(players, seed, choices));
        const routes = computeRoutes(city, { wrap });
        const all = routes.flatMap((r) => r.segments).sort((a, b) => a - b);
        const nSeg = city.cards.reduce((n, c) => n + c.segments.length, 0);
        expect(all).toEqual(Array.from({ length: nSeg }, (_, i) => i));
        for (const r of routes) {
          expect(r.ends.length).toBe(r.loop ? 0 : 2);
          expect(r.complete).toBe(r.loop || r.ends.every((e) => e.kind !== "open"));
          expect(r.segmentsByColor.reduce((a, b) => a + b, 0)).toBe(r.segments.length);
          for (const e of r.ends) expect(e.kind === "terminus").toBe(e.edge === CAP);
          if (!wrap) expect(r.wrapped).toBe(false);
        }
      }),
      { seed: 11, numRuns: 60 },
    );
  });

  it("encoding.consistent: arrays agree with the city; frames predict legal placements; flat routes agree", () => {
    fc.assert(
      fc.property(arb, ([players, seed, choices, wrap]) => {
        const s = midGame(players, seed, choices);
        const city = cityOf(s);
        const enc = encodeState(s);
        expect(encodeCity({ players, cards: s.cards })).toEqual(enc);
        expect(decodeCity(enc)).toEqual({
          players,
          cards: city.cards.map((c) => ({ q: c.q, r: c.r, color: c.color, segments: c.segments })),
        });
        for (const c of s.cards) {
          const cell = cellIndex(enc, c.q, c.r);
          expect(cell).toBeGreaterThanOrEqual(0);
          expect(cellCoords(enc, cell)).toEqual([c.q, c.r]);
          expect(enc.cardDesign[cell]).toBe(c.design);
          expect(enc.cardOrientation[cell]).toBe(c.orientation);
        }
        for (let i = 0; i < enc.nSegments; i++) {
          const cell = enc.segments[i * SEG_STRIDE]!;
          expect(enc.edgeSeg[cell * 6 + enc.segments[i * SEG_STRIDE + 1]!]).toBe(i);
        }
        // legal cells = empty cells next to a placed card inside some alive frame
        if (!s.over && s.cards.length > 0) {
          const legal = new Set(legalPlacements(s).map((p) => cellIndex(enc, p.q, p.r)));
          const predicted = new Set<number>();
          for (let f = 0; f < enc.nFrames; f++) {
            if (!enc.frameAlive[f]) continue;
            for (let k = 0; k < enc.shapeSize; k++) {
              const cell = enc.frames[f * enc.shapeSize + k]!;
              if (enc.cardColor[cell]! >= 0) continue;
              let next = false;
              for (let e = 0; e < 6; e++) {
                const n = enc.neighbour[cell * 6 + e]!;
                if (n >= 0 && enc.cardColor[n]! >= 0) next = true;
              }
              if (next) predicted.add(cell);
            }
          }
          expect([...predicted].sort((a, b) => a - b)).toEqual([...legal].sort((a, b) => a - b));
        }
        const flat = routesFlat(enc, wrap);
        const routes = computeRoutes(city, { wrap });
        expect(flat.nRoutes).toBe(routes.length);
        routes.forEach((r, i) => {
          expect(flat.routeInfo[i * ROUTE_STRIDE]).toBe(r.label);
          for (const seg of r.segments) expect(flat.routeOf[seg]).toBe(i);
        });
      }),
      { seed: 12, numRuns: 60 },
    );
  });
});

import { describe, expect, it } from "vitest";
import {
  CAP,
  type City,
  computeRoutes,
  decodeCity,
  encodeCity,
  parseCityFile,
  ROUTE_STRIDE,
  routesFlat,
  scoreCity,
} from "../../web/engine/light/index.ts";

/** A city in the CLI file format; `"0-3:school"` is a segment from edge 0 to 3 with a school, `"1-cap"` a terminus. */
function city(
  players: number,
  cards: [number, number, string, ...string[]][],
  wrap = false,
): { city: City; wrap: boolean } {
  return parseCityFile({
    players,
    wrap,
    cards: cards.map(([q, r, color, ...segs]) => ({
      q,
      r,
      color,
      segments: segs.map((s) => {
        const [ends, building] = s.split(":");
        const [a, b] = ends!.split("-");
        return { a: Number(a), b: b === "cap" ? "cap" : Number(b), ...(building ? { building } : {}) };
      }),
    })),
  });
}

function score(players: number, cards: [number, number, string, ...string[]][], wrap = false) {
  const c = city(players, cards, wrap);
  return scoreCity(c.city, { wrap: c.wrap });
}

describe("light routes: ends", () => {
  it("light.route-open: a lone straight is open at both ends, incomplete, scores nothing", () => {
    const s = score(2, [[0, 0, "blue", "0-3:school"]]);
    expect(s.routes).toHaveLength(1);
    expect(s.routes[0]!.ends.map((e) => e.kind)).toEqual(["open", "open"]);
    expect(s.routes[0]!.complete).toBe(false);
    expect(s.credit).toEqual([0, 0, 0, 0]);
  });

  it("light.route-dead-end: a placed card with no segment on the facing edge caps the route", () => {
    // (0,-1) lies across edge 0 of (0,0); its slant 1-4 has nothing on edge 3.
    // (0,1) lies across edge 3; its terminus 0-cap links to our edge 3.
    const s = score(2, [
      [0, 0, "blue", "0-3:school"],
      [0, -1, "yellow", "1-4"],
      [0, 1, "yellow", "0-cap:market"],
    ]);
    const main = s.routes.find((r) => r.segments.includes(0))!;
    expect(main.ends.map((e) => e.kind).sort()).toEqual(["dead", "terminus"]);
    expect(main.complete).toBe(true);
    expect(main.buildings).toEqual([1, 2]);
    // blue 1 segment, yellow 1: a tie, both score the two building types.
    expect(main.winners).toEqual([0, 1]);
    expect(s.credit).toEqual([2, 2, 0, 0]);
  });

  it("light.route-open-at-limit: an end facing an empty cell stays open even when its neighbour is capped", () => {
    const s = score(2, [
      [0, 0, "blue", "0-3:school"],
      [0, 1, "yellow", "0-cap"],
    ]);
    const r = s.routes[0]!;
    expect(r.ends.map((e) => e.kind).sort()).toEqual(["open", "terminus"]);
    expect(s.complete).toBe(0);
  });

  it("light.route-loop: three sharp curves round a vertex make a complete loop with no ends", () => {
    const s = score(2, [
      [0, 0, "blue", "1-2:school"],
      [1, -1, "yellow", "3-4:school"],
      [1, 0, "blue", "5-0:museum"],
    ]);
    expect(s.routes).toHaveLength(1);
    const r = s.routes[0]!;
    expect(r.loop).toBe(true);
    expect(r.ends).toEqual([]);
    expect(r.complete).toBe(true);
    expect(r.segmentsByColor).toEqual([2, 1, 0, 0]);
    expect(s.credit).toEqual([2, 0, 0, 0]);
  });
});

describe("light routes: scoring", () => {
  it("light.score-tie: tied colours all score the route", () => {
    const s = score(3, [
      [0, 0, "blue", "0-cap:school"],
      [0, -1, "pink", "3-cap:hospital"],
    ]);
    expect(s.routes[0]!.winners).toEqual([0, 2]);
    expect(s.credit).toEqual([2, 0, 2, 0]);
  });

  it("light.score-building-types: a building type counts once per route", () => {
    const s = score(2, [
      [0, 0, "blue", "0-3:school"],
      [0, -1, "blue", "3-cap:school"],
      [0, 1, "yellow", "0-cap:market"],
    ]);
    expect(s.routes[0]!.buildings).toEqual([1, 2]);
    expect(s.credit).toEqual([2, 0, 0, 0]);
  });

  it("light.score-no-buildings: a complete route with no building is worth 0", () => {
    const s = score(2, [
      [0, 0, "blue", "0-cap"],
      [0, -1, "yellow", "3-cap"],
    ]);
    expect(s.complete).toBe(1);
    expect(s.credit).toEqual([0, 0, 0, 0]);
  });

  it("light.score-two-segment-card: both segments of one card on a route count", () => {
    // X (blue) has 0-1 and 2-3; Y (yellow, across edge 1) 4-3; Z (pink, across edge 2) 0-5 joins them.
    // X's edges 0 and 3 are capped by green cards with no segment there (dead ends).
    const s = score(4, [
      [0, 0, "blue", "0-1:museum", "2-3"],
      [1, -1, "yellow", "4-3"],
      [1, 0, "pink", "0-5"],
      [0, -1, "green", "1-2"],
      [0, 1, "green", "1-2"],
    ]);
    const r = s.routes.find((x) => x.segments.includes(0))!;
    expect(r.segments).toHaveLength(4);
    expect(r.segmentsByColor).toEqual([2, 1, 1, 0]);
    expect(r.cardsByColor).toEqual([1, 1, 1, 0]);
    expect(r.cells).toHaveLength(3);
    expect(r.complete).toBe(true);
    expect(r.winners).toEqual([0]);
    expect(s.credit[0]).toBe(1);
  });

  it("light.score-crossing: the two segments of a bridge are separate routes", () => {
    const s = score(2, [[0, 0, "blue", "0-3", "2-5:school"]]);
    expect(s.routes).toHaveLength(2);
  });
});

describe("light routes: wrapping", () => {
  it("light.wrap-links: an open end links to the far end of its line; two termini make a complete route", () => {
    const cards: [number, number, string, ...string[]][] = [
      [0, 0, "blue", "5-cap:school"],
      [1, 0, "yellow", "2-cap:market"],
    ];
    expect(score(2, cards).complete).toBe(0);
    const s = score(2, cards, true);
    expect(s.routes).toHaveLength(1);
    const r = s.routes[0]!;
    expect(r.wrapped).toBe(true);
    expect(r.complete).toBe(true);
    expect(s.credit).toEqual([2, 2, 0, 0]);
  });

  it("light.wrap-loop: a straight line wraps into a loop", () => {
    const s = score(
      2,
      [
        [0, 0, "blue", "0-3:school"],
        [0, 1, "blue", "0-3"],
        [0, 2, "yellow", "0-3"],
      ],
      true,
    );
    expect(s.routes).toHaveLength(1);
    expect(s.routes[0]!.loop).toBe(true);
    expect(s.credit).toEqual([1, 0, 0, 0]);
  });

  it("light.wrap-needs-segment: no link when the far edge has no segment; dead ends never wrap", () => {
    const s = score(
      2,
      [
        [0, 0, "blue", "5-cap:school"],
        [1, 0, "yellow", "1-cap"],
        [0, -1, "yellow", "2-3"],
      ],
      true,
    );
    expect(s.routes.every((r) => !r.wrapped)).toBe(true);
  });
});

describe("light city file", () => {
  it("light.input: two segments on one edge, edges outside 0..5 and two cards on one cell are refused", () => {
    expect(() => city(2, [[0, 0, "blue", "0-3", "3-1"]])).toThrow(/two segments on edge 3/);
    expect(() => city(2, [[0, 0, "blue", "0-7"]])).toThrow(/0\.\.5/);
    expect(() => city(2, [[0, 0, "blue", "6-1"]])).toThrow(/0\.\.5/);
    expect(() =>
      city(2, [
        [0, 0, "blue", "0-3"],
        [0, 0, "yellow", "1-4"],
      ]),
    ).toThrow(/two cards on cell/);
    expect(() => parseCityFile({ players: 2, cards: [{ q: 0, r: 0, color: "red", segments: [] }] })).toThrow(
      /color/,
    );
    expect(() => city(2, [[0, 0, "blue", "0-3:castle"]])).toThrow(/building/);
  });
});

describe("light encoding", () => {
  it("encoding.round-trip: decodeCity(encodeCity(c)) keeps cards and segment ids", () => {
    const c = city(3, [
      [0, 0, "blue", "0-1:museum", "2-3"],
      [1, -1, "yellow", "4-3"],
      [1, 0, "pink", "0-5"],
    ]).city;
    const enc = encodeCity(c);
    expect(decodeCity(enc)).toEqual(c);
    expect(enc.nSegments).toBe(4);
    const x = enc.segments[1 * 5 + 0]!;
    expect(enc.edgeSeg[x * 6 + 2]).toBe(1);
    expect(enc.segments[1 * 5 + 2]).toBe(3);
    expect(enc.nFrames).toBe(42);
    expect([...enc.frameAlive].some((v) => v === 1)).toBe(true);
    // neighbour table agrees with D
    for (let cell = 0; cell < enc.nCells; cell++) {
      for (let e = 0; e < 6; e++) {
        const n = enc.neighbour[cell * 6 + e]!;
        if (n >= 0) expect(enc.neighbour[n * 6 + ((e + 3) % 6)]).toBe(cell);
      }
    }
  });

  it("encoding.routes-flat: labels and info agree with computeRoutes", () => {
    const c = city(2, [
      [0, 0, "blue", "1-2:school"],
      [1, -1, "yellow", "3-4:school"],
      [1, 0, "blue", "5-0:museum"],
      [0, -1, "blue", "2-cap"],
    ]).city;
    const flat = routesFlat(encodeCity(c));
    const routes = computeRoutes(c);
    expect(flat.nRoutes).toBe(routes.length);
    expect([...flat.routeOf]).toEqual([0, 0, 0, 1]);
    expect([...flat.routeInfo.subarray(0, ROUTE_STRIDE)]).toEqual([0, 3, 1, 1, 0, 0b1001, 2, 1, 0, 0]);
    expect(CAP).toBe(6);
  });
});

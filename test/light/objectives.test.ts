import { describe, expect, it } from "vitest";
import cardsJson from "../../web/data/light/cards.json";
import schema from "../../web/data/light/light.schema.json";
import objectivesJson from "../../web/data/light/objectives.json";
import {
  type City,
  computeRoutes,
  DESIGNS,
  fulfils,
  MEASURES,
  measure,
  OBJECTIVES,
  objectiveById,
  parseCityFile,
  parseDesigns,
  parseObjectives,
} from "../../web/engine/light/index.ts";

/** `[q, r, colour, "a-b:building", …]`, as in routes.test.ts. */
function city(players: number, cards: [number, number, string, ...string[]][]): City {
  return parseCityFile({
    players,
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
  }).city;
}

function judge(id: string, c: City): { measure: number[]; fulfilled: boolean[] } {
  const routes = computeRoutes(c);
  const o = objectiveById(id);
  return { measure: measure(o.measure, c, routes, c.players), fulfilled: fulfils(o, c, routes, c.players) };
}

describe("light objectives: data", () => {
  it("objectives.data: eight objectives, one per measure, Cross-Town Express from the rulebook", () => {
    expect(OBJECTIVES).toHaveLength(8);
    expect(OBJECTIVES.map((o) => o.measure).sort()).toEqual([...MEASURES].sort());
    expect(objectiveById("cross-town-express").name).toBe("Cross-Town Express");
  });

  it("objectives.schema: the schema's enumerations match the engine's", () => {
    const defs = schema.$defs;
    expect(defs.objective.properties.measure.enum.slice().sort()).toEqual([...MEASURES].sort());
    expect(defs.building.enum).toEqual(cardsJson.buildings);
    expect(defs.cardsFile.properties.colors.const).toEqual(cardsJson.colors);
    for (const o of objectivesJson.objectives) {
      for (const k of Object.keys(o)) expect(Object.keys(defs.objective.properties)).toContain(k);
    }
  });

  it("cards.data: ten designs; every building type twice per deck; straights, curves, termini, a crossing", () => {
    expect(DESIGNS).toHaveLength(10);
    const buildings = DESIGNS.flatMap((d) => d.segments.map((s) => s.building)).filter((b) => b > 0);
    for (let b = 1; b <= 5; b++) expect(buildings.filter((x) => x === b)).toHaveLength(2);
    expect(DESIGNS.filter((d) => d.segments.some((s) => s.b === 6)).length).toBeGreaterThanOrEqual(2);
    expect(DESIGNS.filter((d) => d.segments.length === 2)).toHaveLength(2);
  });

  it("data.input: broken data files are refused with an InputError naming the field", () => {
    const bad = structuredClone(cardsJson) as {
      designs: { segments: { a: number; b: number | string }[] }[];
    };
    bad.designs[8]!.segments[1]!.a = 3;
    expect(() => parseDesigns(bad)).toThrow(/designs\/8.*two segments on edge 3/);
    const badObj = structuredClone(objectivesJson) as { objectives: { measure: string }[] };
    badObj.objectives[2]!.measure = "vibes";
    expect(() => parseObjectives(badObj)).toThrow(/objectives\/2\/measure/);
  });
});

describe("light objectives: worked examples (docs/rules/light-rail.md)", () => {
  it("objective.cross-town-express: most cards on the longest route, incomplete allowed", () => {
    const c = city(2, [
      [0, 0, "blue", "0-3"],
      [0, 1, "blue", "0-3"],
      [0, 2, "yellow", "0-3"],
      [1, 0, "yellow", "1-cap"],
    ]);
    expect(judge("cross-town-express", c)).toEqual({ measure: [2, 0], fulfilled: [true, false] });
    // a tie on the longest route: both fulfil
    const tie = city(2, [
      [0, 0, "blue", "0-3"],
      [0, 1, "yellow", "0-3"],
    ]);
    expect(judge("cross-town-express", tie).fulfilled).toEqual([true, true]);
    // two longest routes: each one's leader fulfils
    const two = city(2, [
      [0, 0, "blue", "0-cap"],
      [2, 0, "yellow", "0-cap"],
    ]);
    expect(judge("cross-town-express", two).fulfilled).toEqual([true, true]);
  });

  it("objective.loop-line: most segments on loops", () => {
    const c = city(2, [
      [0, 0, "blue", "1-2"],
      [1, -1, "yellow", "3-4"],
      [1, 0, "blue", "5-0"],
      [3, 0, "yellow", "0-3"],
    ]);
    expect(judge("loop-line", c)).toEqual({ measure: [2, 1], fulfilled: [true, false] });
    // nobody on a loop: nobody fulfils
    expect(judge("loop-line", city(2, [[0, 0, "blue", "0-3"]])).fulfilled).toEqual([false, false]);
  });

  it("objective.commuter: most complete routes won (ties won count for every tied colour)", () => {
    const c = city(2, [
      [0, 0, "blue", "0-cap"],
      [0, -1, "blue", "3-cap"],
      [2, 0, "blue", "0-cap"],
      [2, -1, "yellow", "3-cap"],
      [4, 0, "yellow", "0-3"],
    ]);
    expect(judge("commuter", c)).toEqual({ measure: [2, 1], fulfilled: [true, false] });
  });

  it("objective.grand-tour: won a complete route with three or more building types", () => {
    const c = city(2, [
      [0, 0, "blue", "0-3:school"],
      [0, -1, "blue", "3-cap:market"],
      [0, 1, "yellow", "0-cap:hospital"],
    ]);
    expect(judge("grand-tour", c)).toEqual({ measure: [3, 0], fulfilled: [true, false] });
    // the same route, incomplete (no cap at the bottom): nobody
    const open = city(2, [
      [0, 0, "blue", "0-3:school"],
      [0, -1, "blue", "3-cap:market"],
    ]);
    expect(judge("grand-tour", open).fulfilled).toEqual([false, false]);
  });

  it("objective.ring-road: most cards on the city edge", () => {
    // a centre card and its six neighbours: only the centre is inside
    const c = city(2, [
      [0, 0, "yellow", "0-3"],
      [0, -1, "blue", "0-3"],
      [1, -1, "blue", "0-3"],
      [1, 0, "blue", "0-3"],
      [0, 1, "blue", "0-3"],
      [-1, 1, "yellow", "0-3"],
      [-1, 0, "yellow", "0-3"],
    ]);
    expect(judge("ring-road", c)).toEqual({ measure: [4, 2], fulfilled: [true, false] });
  });

  it("objective.main-street: most cards in the tallest column", () => {
    const c = city(2, [
      [0, 0, "blue", "0-3"],
      [0, 1, "blue", "0-3"],
      [0, 2, "yellow", "0-3"],
      [1, 0, "yellow", "0-3"],
      [1, 1, "yellow", "0-3"],
    ]);
    expect(judge("main-street", c)).toEqual({ measure: [2, 1], fulfilled: [true, false] });
  });

  it("objective.district: the largest group of side-by-side cards of one colour", () => {
    const c = city(2, [
      [0, 0, "blue", "0-3"],
      [0, 1, "blue", "0-3"],
      [1, 1, "blue", "0-3"],
      [1, 0, "yellow", "0-3"],
      [2, -1, "yellow", "0-3"],
      [-1, 1, "yellow", "0-3"],
    ]);
    expect(judge("district", c)).toEqual({ measure: [3, 2], fulfilled: [true, false] });
  });

  it("objective.network: most segments on complete routes", () => {
    const c = city(2, [
      [0, 0, "blue", "0-3"],
      [0, -1, "blue", "3-cap"],
      [0, 1, "yellow", "0-cap"],
      [1, 0, "yellow", "1-4"],
    ]);
    expect(judge("network", c)).toEqual({ measure: [2, 1], fulfilled: [true, false] });
  });
});

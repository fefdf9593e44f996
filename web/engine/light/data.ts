/**
 * The card designs and objectives, loaded from web/data/light/*.json (schema: light.schema.json) and
 * checked once at import: a broken data file fails loudly with an InputError naming the field.
 */
import cardsJson from "../../data/light/cards.json";
import objectivesJson from "../../data/light/objectives.json";
import { InputError } from "../common/errors.ts";
import { BUILDINGS, CAP, COLORS, type Segment } from "./types.ts";

export interface Design {
  id: number;
  name: string;
  /** Segments in orientation 0. */
  segments: Segment[];
}

export type ObjectiveMeasure =
  | "cards-in-longest-route"
  | "segments-on-loops"
  | "complete-routes-won"
  | "best-route-buildings-won"
  | "cards-on-city-edge"
  | "cards-in-tallest-column"
  | "largest-own-group"
  | "segments-on-complete-routes";

export const MEASURES: readonly ObjectiveMeasure[] = [
  "cards-in-longest-route",
  "segments-on-loops",
  "complete-routes-won",
  "best-route-buildings-won",
  "cards-on-city-edge",
  "cards-in-tallest-column",
  "largest-own-group",
  "segments-on-complete-routes",
];

export interface Objective {
  id: string;
  name: string;
  text: string;
  /** most: measure > 0 and nobody higher (ties all fulfil); at-least: measure >= threshold. */
  test: "most" | "at-least";
  measure: ObjectiveMeasure;
  threshold?: number;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Parses one segment `{a, b: edge | "cap", building?}` into absolute numbers; throws InputError. */
export function parseSegment(v: unknown, path: string): Segment {
  if (!isRecord(v)) throw new InputError("segment must be an object", path);
  for (const k of Object.keys(v)) {
    if (k !== "a" && k !== "b" && k !== "building") throw new InputError(`unknown field "${k}"`, path);
  }
  const a = v.a;
  if (typeof a !== "number" || !Number.isInteger(a) || a < 0 || a > 5) {
    throw new InputError(`edge must be an integer 0..5, got ${JSON.stringify(a)}`, `${path}/a`);
  }
  let b: number;
  if (v.b === "cap") b = CAP;
  else if (typeof v.b === "number" && Number.isInteger(v.b) && v.b >= 0 && v.b <= 5) b = v.b;
  else throw new InputError(`edge must be an integer 0..5 or "cap", got ${JSON.stringify(v.b)}`, `${path}/b`);
  if (a === b) throw new InputError(`a segment joins two different edges (both ${a})`, path);
  let building = 0;
  if (v.building !== undefined) {
    const i = BUILDINGS.indexOf(v.building as never);
    if (i <= 0) {
      throw new InputError(
        `unknown building ${JSON.stringify(v.building)} (one of ${BUILDINGS.slice(1).join(", ")})`,
        `${path}/building`,
      );
    }
    building = i;
  }
  return { a, b, building };
}

/** Throws InputError when two segments of one card share an edge. */
export function checkEdgesOnce(segments: readonly Segment[], path: string): void {
  const used = new Set<number>();
  for (const s of segments) {
    for (const e of [s.a, s.b]) {
      if (e === CAP) continue;
      if (used.has(e)) throw new InputError(`two segments on edge ${e}`, path);
      used.add(e);
    }
  }
}

export function parseDesigns(json: unknown): Design[] {
  if (!isRecord(json) || !Array.isArray(json.designs)) throw new InputError("designs missing", "/designs");
  if (JSON.stringify(json.colors) !== JSON.stringify(COLORS))
    throw new InputError("colours differ", "/colors");
  if (JSON.stringify(json.buildings) !== JSON.stringify(BUILDINGS.slice(1))) {
    throw new InputError("buildings differ", "/buildings");
  }
  if (json.designs.length !== 10) throw new InputError("there are ten designs", "/designs");
  return json.designs.map((d, i) => {
    const path = `/designs/${i}`;
    if (!isRecord(d) || d.id !== i || typeof d.name !== "string" || !Array.isArray(d.segments)) {
      throw new InputError("design needs id (= its index), name, segments", path);
    }
    if (d.segments.length < 1 || d.segments.length > 2) throw new InputError("one or two segments", path);
    const segments = d.segments.map((s, j) => parseSegment(s, `${path}/segments/${j}`));
    checkEdgesOnce(segments, path);
    return { id: i, name: d.name, segments };
  });
}

export function parseObjectives(json: unknown): Objective[] {
  if (!isRecord(json) || !Array.isArray(json.objectives))
    throw new InputError("objectives missing", "/objectives");
  if (json.objectives.length !== 8) throw new InputError("there are eight objectives", "/objectives");
  const ids = new Set<string>();
  return json.objectives.map((o, i) => {
    const path = `/objectives/${i}`;
    if (!isRecord(o)) throw new InputError("objective must be an object", path);
    const { id, name, text, test, measure, threshold } = o;
    if (typeof id !== "string" || ids.has(id))
      throw new InputError("id must be a unique string", `${path}/id`);
    ids.add(id);
    if (typeof name !== "string" || typeof text !== "string") throw new InputError("name and text", path);
    if (test !== "most" && test !== "at-least")
      throw new InputError("test is most | at-least", `${path}/test`);
    if (!MEASURES.includes(measure as ObjectiveMeasure))
      throw new InputError("unknown measure", `${path}/measure`);
    if (
      test === "at-least" &&
      (typeof threshold !== "number" || !Number.isInteger(threshold) || threshold < 1)
    ) {
      throw new InputError("at-least needs an integer threshold >= 1", `${path}/threshold`);
    }
    const out: Objective = { id, name, text, test, measure: measure as ObjectiveMeasure };
    if (typeof threshold === "number") out.threshold = threshold;
    return out;
  });
}

export const DESIGNS: readonly Design[] = parseDesigns(cardsJson);
export const OBJECTIVES: readonly Objective[] = parseObjectives(objectivesJson);
export const OBJECTIVE_IDS: readonly string[] = OBJECTIVES.map((o) => o.id);

/** The design's segments in an orientation (1 = turned 180°: edge i → i+3 mod 6; caps stay caps). */
export function orient(segments: readonly Segment[], orientation: 0 | 1): Segment[] {
  const t = (e: number) => (e === CAP || orientation === 0 ? e : (e + 3) % 6);
  return segments.map((s) => ({ a: t(s.a), b: t(s.b), building: s.building }));
}

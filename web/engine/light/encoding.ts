/**
 * Flat encoding of a Light Rail city, the contract between the TypeScript engine and the Wasm kernels /
 * search (assembly/light.ts, web/solvers/light/**). Version 1.
 *
 * ## Grid
 * The grid is a box of axial cells `q0 <= q < q0 + width`, `r0 <= r < r0 + height`, indexed **q-major**:
 * `cell = (q - q0) * height + (r - r0)`, so `q = q0 + floor(cell / height)`, `r = r0 + cell % height`.
 * The box is the bounding box of every *frame* (a translation of the city shape or of its mirror image,
 * docs/rules/light-rail.md § City limit) that contains the *anchor*: the first placed card, or `(0, 0)` before the first placement
 * (the first card may go anywhere; all first placements are equivalent, and the engine's `legalActions`
 * offers `(0, 0)`). Every cell a card can ever occupy lies in the box. Cities that do not fit a frame (the
 * CLI scores any city) get the box grown to hold all their cards plus a ring of one cell.
 *
 * ## Arrays (all lengths fixed by the box; `-1` = none)
 * - `neighbour: Int32Array [cell * 6 + edge] → cell` across that edge, or -1 outside the box.
 *   Edges 0..5 clockwise from up, `D = [(0,-1),(1,-1),(1,0),(0,1),(-1,1),(-1,0)]`; edge `e` faces `(e+3)%6`.
 * - `cardColor: Int8Array [cell]` colour 0..3 (blue, yellow, pink, green; seat i plays colour i) or -1 empty.
 * - `cardDesign: Int8Array [cell]` design 0..9 or -1 (also -1 for CLI cards, which have no design).
 * - `cardOrientation: Int8Array [cell]` 0 or 1 (180°), -1 empty.
 * - `cardOrder: Int32Array [cell]` placement index of the card, or -1.
 * - `edgeSeg: Int32Array [cell * 6 + edge] → segment id` with an end on that edge, or -1.
 * - `segments: Int32Array [seg * SEG_STRIDE + k]`, `SEG_STRIDE = 5`, k: 0 cell, 1 edgeA (0..5),
 *   2 edgeB (0..5, or 6 = CAP: a terminus), 3 colour 0..3, 4 building 0..5 (0 none; 1..5 school, market,
 *   hospital, museum, stadium). Edges are absolute (after orientation). Segments are numbered in card
 *   placement order, then in the card's segment order: the same ids as `computeRoutes` (routes.ts).
 *   `nSegments` used; capacity `nCells * 2`.
 * - `frames: Int32Array [f * shapeSize + k] → cell`: the cells of frame f (`nFrames` frames, each
 *   `shapeSize` cells, the shape first then its mirror, duplicates removed).
 * - `frameAlive: Uint8Array [f]`: 1 when frame f contains every placed card. A placement on empty cell c
 *   next to a placed card is within the city limit iff some alive frame contains c. The city is full (game
 *   over) when `nPlaced === shapeSize`.
 * - `designs: Int32Array [design * 6 + seg * 3 + k]`, k: 0 edgeA, 1 edgeB (6 = CAP), 2 building, for the
 *   design's segment 0 and 1 in orientation 0; a missing second segment is `-1, -1, -1`. Orientation 1
 *   maps every edge e (not CAP) to (e + 3) % 6.
 *
 * ## Routes, flat
 * `routesFlat` labels routes the way an incremental kernel can: `routeOf: Int32Array [seg] → route index`,
 * routes numbered by their smallest segment id (ascending), and `routeInfo: Int32Array [route *
 * ROUTE_STRIDE + k]`, `ROUTE_STRIDE = 10`, k: 0 smallest segment id, 1 segment count, 2 loop (0/1),
 * 3 complete (0/1), 4 open ends (0..2), 5 building mask (bit b-1 for building b), 6..9 segments of colour
 * 0..3. Winners of a route are the colours with the largest of 6..9; its credit is the popcount of 5.
 */

import { DESIGNS } from "./data.ts";
import { framesContaining, shapeCells } from "./geometry.ts";
import { computeRoutes } from "./routes.ts";
import { CAP, type City, type CityCard, D, type LightState } from "./types.ts";

export const ENCODING_VERSION = 1;
export const SEG_STRIDE = 5;
export const ROUTE_STRIDE = 10;
export const DESIGN_STRIDE = 6;
export { CAP };

export interface LightEncoding {
  version: 1;
  players: number;
  q0: number;
  r0: number;
  width: number;
  height: number;
  nCells: number;
  neighbour: Int32Array;
  cardColor: Int8Array;
  cardDesign: Int8Array;
  cardOrientation: Int8Array;
  cardOrder: Int32Array;
  edgeSeg: Int32Array;
  segments: Int32Array;
  nSegments: number;
  nPlaced: number;
  shapeSize: number;
  nFrames: number;
  frames: Int32Array;
  frameAlive: Uint8Array;
  designs: Int32Array;
}

/** A card of an encodable city; `design`/`orientation` are optional (CLI cities have none). */
export type EncodableCard = CityCard & { design?: number; orientation?: 0 | 1 };

/** The design table alone (10 × 2 segments × 3 ints). */
export function encodeDesigns(): Int32Array {
  const out = new Int32Array(DESIGNS.length * DESIGN_STRIDE).fill(-1);
  DESIGNS.forEach((d, i) => {
    d.segments.forEach((s, j) => {
      out.set([s.a, s.b, s.building], i * DESIGN_STRIDE + j * 3);
    });
  });
  return out;
}

/** Cell index of `(q, r)` in the encoding's box, or -1 outside. */
export function cellIndex(
  enc: Pick<LightEncoding, "q0" | "r0" | "width" | "height">,
  q: number,
  r: number,
): number {
  const x = q - enc.q0;
  const y = r - enc.r0;
  if (x < 0 || y < 0 || x >= enc.width || y >= enc.height) return -1;
  return x * enc.height + y;
}

export function cellCoords(enc: Pick<LightEncoding, "q0" | "r0" | "height">, cell: number): [number, number] {
  return [enc.q0 + Math.floor(cell / enc.height), enc.r0 + (cell % enc.height)];
}

/** Encodes a city (cards in placement order). */
export function encodeCity(city: { players: number; cards: readonly EncodableCard[] }): LightEncoding {
  const anchor: [number, number] = city.cards[0] ? [city.cards[0].q, city.cards[0].r] : [0, 0];
  const frameList = framesContaining(city.players, [], anchor);
  const shapeSize = shapeCells(city.players).length;
  let qmin = Infinity;
  let qmax = -Infinity;
  let rmin = Infinity;
  let rmax = -Infinity;
  const grow = (q: number, r: number) => {
    qmin = Math.min(qmin, q);
    qmax = Math.max(qmax, q);
    rmin = Math.min(rmin, r);
    rmax = Math.max(rmax, r);
  };
  for (const f of frameList) for (const [q, r] of f) grow(q, r);
  const inFrames = (q: number, r: number) => q >= qmin && q <= qmax && r >= rmin && r <= rmax;
  if (!city.cards.every((c) => inFrames(c.q, c.r))) {
    for (const c of city.cards) {
      grow(c.q - 1, c.r - 1);
      grow(c.q + 1, c.r + 1);
    }
  }
  const width = qmax - qmin + 1;
  const height = rmax - rmin + 1;
  const nCells = width * height;
  const enc: LightEncoding = {
    version: 1,
    players: city.players,
    q0: qmin,
    r0: rmin,
    width,
    height,
    nCells,
    neighbour: new Int32Array(nCells * 6),
    cardColor: new Int8Array(nCells).fill(-1),
    cardDesign: new Int8Array(nCells).fill(-1),
    cardOrientation: new Int8Array(nCells).fill(-1),
    cardOrder: new Int32Array(nCells).fill(-1),
    edgeSeg: new Int32Array(nCells * 6).fill(-1),
    segments: new Int32Array(nCells * 2 * SEG_STRIDE),
    nSegments: 0,
    nPlaced: city.cards.length,
    shapeSize,
    nFrames: frameList.length,
    frames: new Int32Array(frameList.length * shapeSize),
    frameAlive: new Uint8Array(frameList.length),
    designs: encodeDesigns(),
  };
  for (let cell = 0; cell < nCells; cell++) {
    const [q, r] = cellCoords(enc, cell);
    for (let e = 0; e < 6; e++) enc.neighbour[cell * 6 + e] = cellIndex(enc, q + D[e]![0], r + D[e]![1]);
  }
  city.cards.forEach((c, order) => {
    const cell = cellIndex(enc, c.q, c.r);
    enc.cardColor[cell] = c.color;
    enc.cardDesign[cell] = c.design ?? -1;
    enc.cardOrientation[cell] = c.orientation ?? 0;
    enc.cardOrder[cell] = order;
    for (const s of c.segments) {
      const id = enc.nSegments++;
      enc.segments.set([cell, s.a, s.b, c.color, s.building], id * SEG_STRIDE);
      enc.edgeSeg[cell * 6 + s.a] = id;
      if (s.b !== CAP) enc.edgeSeg[cell * 6 + s.b] = id;
    }
  });
  frameList.forEach((f, i) => {
    let alive = 1;
    f.forEach(([q, r], k) => {
      enc.frames[i * shapeSize + k] = cellIndex(enc, q, r);
    });
    const keys = new Set(f.map(([q, r]) => cellIndex(enc, q, r)));
    for (const c of city.cards) if (!keys.has(cellIndex(enc, c.q, c.r))) alive = 0;
    enc.frameAlive[i] = alive;
  });
  return enc;
}

/** Encodes a game state's city (designs and orientations included). */
export function encodeState(state: Pick<LightState, "options" | "cards">): LightEncoding {
  return encodeCity({ players: state.options.players, cards: state.cards });
}

/** Decodes the cards of an encoding (placement order), e.g. to run `computeRoutes` on a kernel's city. */
export function decodeCity(enc: LightEncoding): City {
  const cells: number[] = [];
  for (let cell = 0; cell < enc.nCells; cell++) if (enc.cardColor[cell]! >= 0) cells.push(cell);
  cells.sort((x, y) => enc.cardOrder[x]! - enc.cardOrder[y]!);
  const byCell = new Map<number, CityCard>();
  const cards = cells.map((cell) => {
    const [q, r] = cellCoords(enc, cell);
    const card: CityCard = { q, r, color: enc.cardColor[cell]!, segments: [] };
    byCell.set(cell, card);
    return card;
  });
  for (let s = 0; s < enc.nSegments; s++) {
    const o = s * SEG_STRIDE;
    byCell.get(enc.segments[o]!)!.segments.push({
      a: enc.segments[o + 1]!,
      b: enc.segments[o + 2]!,
      building: enc.segments[o + 4]!,
    });
  }
  return { players: enc.players, cards };
}

export interface FlatRoutes {
  nRoutes: number;
  routeOf: Int32Array;
  routeInfo: Int32Array;
}

/** The flat route labelling of an encoded city (reference for incremental kernels). */
export function routesFlat(enc: LightEncoding, wrap = false): FlatRoutes {
  const routes = computeRoutes(decodeCity(enc), { wrap });
  const routeOf = new Int32Array(enc.nSegments).fill(-1);
  const routeInfo = new Int32Array(routes.length * ROUTE_STRIDE);
  routes.forEach((rt, i) => {
    for (const s of rt.segments) routeOf[s] = i;
    let mask = 0;
    for (const b of rt.buildings) mask |= 1 << (b - 1);
    routeInfo.set(
      [
        rt.label,
        rt.segments.length,
        rt.loop ? 1 : 0,
        rt.complete ? 1 : 0,
        rt.ends.filter((e) => e.kind === "open").length,
        mask,
        ...rt.segmentsByColor,
      ],
      i * ROUTE_STRIDE,
    );
  });
  return { nRoutes: routes.length, routeOf, routeInfo };
}

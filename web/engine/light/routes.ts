/**
 * Routes of a city (docs/rules/light-rail.md § Routes and credit), recomputed from scratch: the reference the incremental / Wasm versions
 * are tested against.
 *
 * Segments are numbered in card order, then in the card's segment order. Each segment has two *ports*
 * (port `2s` at end `a`, port `2s + 1` at end `b`). A port at edge `e` of cell `c` links to the port at edge
 * `e + 3` of the neighbour `c + D[e]` when that neighbour has a segment there. A route is a maximal chain of
 * linked segments (a path or a cycle: every port has at most one link). Its ends are its unlinked ports:
 * `terminus` (a cap), `dead` (faces a placed card with no segment on that edge), `open` (faces an empty cell
 * or the city limit). Complete = no open end, or a loop.
 *
 * Wrapping (option): before routes are formed, every open end at edge `d` of cell `c`, taken in segment
 * order, links to edge `d + 3` of the last placed cell reached walking from `c` in direction `D[d + 3]`, when
 * that edge has a segment whose port is still unlinked. A wrap may join a segment to itself (a one-card
 * straight across a one-cell line becomes a loop).
 */
import { cellKey, neighbour } from "./geometry.ts";
import { CAP, type City, D } from "./types.ts";

export type EndKind = "terminus" | "dead" | "open";

export interface RouteEnd {
  q: number;
  r: number;
  /** Edge 0..5, or CAP (6) for a terminus. */
  edge: number;
  kind: EndKind;
}

export interface Route {
  /** Global segment ids in path order (a loop starts at its smallest id). */
  segments: number[];
  /** Cells visited in path order, each once: `[q, r]`. */
  cells: [number, number][];
  /** The two ends of a path (none for a loop). */
  ends: RouteEnd[];
  loop: boolean;
  complete: boolean;
  /** Segments per colour 0..3 (a two-segment card on one route counts two). */
  segmentsByColor: number[];
  /** Distinct cards per colour 0..3. */
  cardsByColor: number[];
  /** Distinct building types 1..5 on the route, ascending. */
  buildings: number[];
  /** Colours with the most segments (ties: all). */
  winners: number[];
  /** Credit each winner earns if the route is complete: one per building type. */
  credit: number;
  /** True when a wrap link is part of the route. */
  wrapped: boolean;
  /** Smallest segment id: a stable label of the route. */
  label: number;
}

/** Flat view of a city's segments, shared by routes, objectives and the encoding. */
export interface SegmentTable {
  /** Per segment: card index, and its ends (b may be CAP). */
  card: number[];
  a: number[];
  b: number[];
  building: number[];
  color: number[];
  /** cellKey → card index. */
  cardAt: Map<number, number>;
  /** Per card, edge → segment id or -1 (6 entries). */
  edgeSeg: number[][];
}

export function segmentTable(city: City): SegmentTable {
  const t: SegmentTable = { card: [], a: [], b: [], building: [], color: [], cardAt: new Map(), edgeSeg: [] };
  city.cards.forEach((c, ci) => {
    t.cardAt.set(cellKey(c.q, c.r), ci);
    const es = [-1, -1, -1, -1, -1, -1];
    for (const s of c.segments) {
      const id = t.card.length;
      t.card.push(ci);
      t.a.push(s.a);
      t.b.push(s.b);
      t.building.push(s.building);
      t.color.push(c.color);
      es[s.a] = id;
      if (s.b !== CAP) es[s.b] = id;
    }
    t.edgeSeg.push(es);
  });
  return t;
}

/** Port links: link[p] = other port, or -1 (no link). Also which ports use a wrap link. */
export function portLinks(
  city: City,
  t: SegmentTable,
  wrap: boolean,
): { link: Int32Array; wrapLink: Uint8Array } {
  const n = t.card.length;
  const link = new Int32Array(2 * n).fill(-1);
  const wrapLink = new Uint8Array(2 * n);
  const portEdge = (p: number) => (p & 1 ? t.b[p >> 1]! : t.a[p >> 1]!);
  const portOf = (seg: number, edge: number) => (t.a[seg] === edge ? 2 * seg : 2 * seg + 1);
  for (let p = 0; p < 2 * n; p++) {
    const e = portEdge(p);
    if (e === CAP) continue;
    const card = city.cards[t.card[p >> 1]!]!;
    const [nq, nr] = neighbour(card.q, card.r, e);
    const nc = t.cardAt.get(cellKey(nq, nr));
    if (nc === undefined) continue;
    const other = t.edgeSeg[nc]![(e + 3) % 6]!;
    if (other >= 0) link[p] = portOf(other, (e + 3) % 6);
  }
  if (wrap) {
    for (let p = 0; p < 2 * n; p++) {
      const e = portEdge(p);
      if (e === CAP || link[p]! >= 0) continue;
      const card = city.cards[t.card[p >> 1]!]!;
      const [nq, nr] = neighbour(card.q, card.r, e);
      if (t.cardAt.has(cellKey(nq, nr))) continue; // a dead end, not open
      const back = (e + 3) % 6;
      const [dq, dr] = D[back]!;
      let q = card.q;
      let r = card.r;
      let ci = t.card[p >> 1]!;
      for (;;) {
        const nx = t.cardAt.get(cellKey(q + dq, r + dr));
        if (nx === undefined) break;
        q += dq;
        r += dr;
        ci = nx;
      }
      const other = t.edgeSeg[ci]![back]!;
      if (other < 0) continue;
      const op = portOf(other, back);
      if (link[op]! >= 0) continue; // already wrapped from the other side
      link[p] = op;
      link[op] = p;
      wrapLink[p] = 1;
      wrapLink[op] = 1;
    }
  }
  return { link, wrapLink };
}

/** Every route of the city (full recomputation). Routes are listed by their smallest segment id. */
export function computeRoutes(city: City, options: { wrap?: boolean } = {}): Route[] {
  const t = segmentTable(city);
  const { link, wrapLink } = portLinks(city, t, options.wrap ?? false);
  const n = t.card.length;
  const seen = new Uint8Array(n);
  const routes: Route[] = [];
  for (let s0 = 0; s0 < n; s0++) {
    if (seen[s0]) continue;
    // Walk backwards (leaving through port a) to find a path end, or come back round (a loop).
    let entry = 2 * s0 + 1; // we will leave s0 through port a, i.e. treat b as the entry
    let loop = false;
    for (;;) {
      const exit = entry ^ 1;
      const nx = link[exit]!;
      if (nx < 0) break;
      if (nx >> 1 === s0) {
        loop = true;
        break;
      }
      entry = nx;
    }
    // Unless a loop, the segment of `entry` is an end: its unlinked port is (entry ^ 1); walk forwards.
    let segs: number[];
    let firstPort: number;
    let lastPort = -1;
    if (loop) {
      segs = [];
      let e = 2 * s0; // enter s0 through a, leave through b
      firstPort = -1;
      for (;;) {
        segs.push(e >> 1);
        seen[e >> 1] = 1;
        const nx = link[e ^ 1]!;
        if (nx >> 1 === s0) break;
        e = nx;
      }
    } else {
      firstPort = entry ^ 1;
      segs = [];
      let e = firstPort;
      for (;;) {
        segs.push(e >> 1);
        seen[e >> 1] = 1;
        const nx = link[e ^ 1]!;
        if (nx < 0) {
          lastPort = e ^ 1;
          break;
        }
        e = nx;
      }
    }
    let wrapped = false;
    for (const s of segs) if (wrapLink[2 * s] || wrapLink[2 * s + 1]) wrapped = true;
    const ends: RouteEnd[] = [];
    if (!loop) {
      for (const p of [firstPort, lastPort]) {
        const s = p >> 1;
        const card = city.cards[t.card[s]!]!;
        const edge = p & 1 ? t.b[s]! : t.a[s]!;
        let kind: EndKind;
        if (edge === CAP) kind = "terminus";
        else {
          const [nq, nr] = neighbour(card.q, card.r, edge);
          kind = t.cardAt.has(cellKey(nq, nr)) ? "dead" : "open";
        }
        ends.push({ q: card.q, r: card.r, edge, kind });
      }
    }
    routes.push(describe(city, t, segs, ends, loop, wrapped));
  }
  return routes;
}

function describe(
  city: City,
  t: SegmentTable,
  segs: number[],
  ends: RouteEnd[],
  loop: boolean,
  wrapped: boolean,
): Route {
  const segmentsByColor = [0, 0, 0, 0];
  const cardsByColor = [0, 0, 0, 0];
  const cards = new Set<number>();
  const cells: [number, number][] = [];
  const buildings = new Set<number>();
  for (const s of segs) {
    const ci = t.card[s]!;
    segmentsByColor[t.color[s]!]!++;
    if (!cards.has(ci)) {
      cards.add(ci);
      cardsByColor[t.color[s]!]!++;
      const c = city.cards[ci]!;
      cells.push([c.q, c.r]);
    }
    if (t.building[s]! > 0) buildings.add(t.building[s]!);
  }
  const max = Math.max(...segmentsByColor);
  const winners = segmentsByColor.flatMap((v, i) => (v === max && v > 0 ? [i] : []));
  const complete = loop || ends.every((e) => e.kind !== "open");
  return {
    segments: segs,
    cells,
    ends,
    loop,
    complete,
    segmentsByColor,
    cardsByColor,
    buildings: [...buildings].sort((a, b) => a - b),
    winners,
    credit: buildings.size,
    wrapped,
    label: Math.min(...segs),
  };
}

/** Credit per colour (0..3) from the complete routes among `routes`. */
export function creditOf(routes: readonly Route[]): number[] {
  const credit = [0, 0, 0, 0];
  for (const r of routes) if (r.complete) for (const w of r.winners) credit[w]! += r.credit;
  return credit;
}

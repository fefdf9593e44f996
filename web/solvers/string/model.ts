/**
 * From a String Railway state to the planning kernels' flat tables and back (kernel.ts layouts). Every limit
 * is checked here, in TypeScript, before a kernel runs (RangeError).
 */
import { routeContext, scoringColour } from "../../engine/string/engine.ts";
import { stationsTouched } from "../../engine/string/geometry/polyline.ts";
import { hopGraph } from "../../engine/string/journey.ts";
import { MAX_WHITES } from "../../engine/string/scoring.ts";
import { ROWS, type Row, rowColours } from "../../engine/string/tiles.ts";
import {
  CITY_COLOURS,
  type Counts,
  CUBE_COLOURS,
  type CubeColour,
  STRING_LENGTH,
  type Station,
  type StringAction,
  type StringKind,
  type StringState,
} from "../../engine/string/types.ts";
import { check, MAX_CAND, MAX_HOPS, type PlanKernel, ROUTE_ERRORS } from "./kernel.ts";

// ---------------------------------------------------------------------------------------------------
// 1. Final cube score

/** Exact maximum score of a pile (no tiles): the kernel's twin of the engine's `scoreCubes`. */
export function scorePile(k: PlanKernel, counts: Partial<Readonly<Counts>>): number {
  const v = CUBE_COLOURS.map((c) => check.pileCount(counts[c] ?? 0, c));
  if (v[5]! > MAX_WHITES) throw new RangeError(`white must be at most ${MAX_WHITES}, got ${v[5]}`);
  return k.scoreCubes(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!);
}

// ---------------------------------------------------------------------------------------------------
// Graphs

function fillCsr(k: PlanKernel, lists: number[][]): void {
  const n = check.stations(lists.length);
  let e = 0;
  for (let v = 0; v < n; v++) {
    k.adjStart[v] = e;
    check.adjacency(e + lists[v]!.length);
    for (const w of lists[v]!) k.adj[e++] = w;
  }
  k.adjStart[n] = e;
}

/**
 * Hop graph: the next and previous station touched along each of the player's strings, each neighbour once per
 * string that joins the two (a multigraph: the engine's `hopGraph`, web/engine/string/journey.ts).
 */
export function hopLists(s: StringState, player: number): number[][] {
  return hopGraph(
    s.seats[player]!.strings.map((str) => str.stations),
    s.stations.length,
  );
}

/** Connection graph: stations both touched by one of the player's strings (engine `connected`). */
export function connectionLists(s: StringState, player: number): number[][] {
  const lists: Set<number>[] = s.stations.map(() => new Set<number>());
  for (const str of s.seats[player]!.strings)
    for (const a of str.stations) for (const b of str.stations) if (a !== b) lists[a]!.add(b);
  return lists.map((x) => [...x].sort((a, b) => a - b));
}

function routeColourCode(st: Station): number {
  return st.kind === "city" || st.kind === "new" ? (st.colour ? CITY_COLOURS.indexOf(st.colour) : -1) : -1;
}

function scoringCode(st: Station): number {
  const c = scoringColour(st);
  return c === null ? -1 : CUBE_COLOURS.indexOf(c);
}

// ---------------------------------------------------------------------------------------------------
// 2. Long-distance routes

export interface LongDistanceRoute {
  tile: number;
  row: Row;
  /** Fewest AP (hops), or null when no route within `maxHops`. */
  ap: number | null;
  /** Station ids from the white cube's station to the new station (empty when none). */
  stations: string[];
  action: (StringAction & { type: "long-distance" }) | null;
}

/**
 * Fewest-AP long-distance route (no hop twice) for each row of each of the player's face-up tiles (at most
 * `maxHops` hops, 0…MAX_HOPS = 8, default 8: no turn has more AP; RangeError otherwise). Needs the player's new
 * station (otherwise every row has no route).
 */
export function longDistanceRoutes(
  k: PlanKernel,
  s: StringState,
  player: number,
  maxHops = MAX_HOPS,
): LongDistanceRoute[] {
  check.hops(maxHops);
  const seat = s.seats[player]!;
  const out: LongDistanceRoute[] = [];
  const n = check.stations(s.stations.length);
  fillCsr(k, hopLists(s, player));
  for (let v = 0; v < n; v++) {
    k.colour[v] = routeColourCode(s.stations[v]!);
    k.white[v] = s.stationCubes[v]!.white > 0 ? 1 : 0;
  }
  for (const t of seat.tiles) {
    if (t.flipped) continue;
    for (const row of ROWS) {
      const cols = rowColours(t.id, row).map((c) => CITY_COLOURS.indexOf(c));
      const hops =
        seat.newStation === null
          ? -1
          : k.ldRoute(n, seat.newStation, cols[0]!, cols[1] ?? -1, cols[2] ?? -1, cols.length, maxHops);
      if (hops < 0) {
        out.push({ tile: t.id, row, ap: null, stations: [], action: null });
        continue;
      }
      const stations = Array.from(k.out.subarray(0, hops + 1), (i) => s.stations[i]!.id);
      out.push({
        tile: t.id,
        row,
        ap: hops,
        stations,
        action: { type: "long-distance", player, tile: t.id, row, stations },
      });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// 3. Transport plan

export interface TransportPlan {
  /** Pile score now and after the plan (cubes only, no tiles). */
  before: number;
  score: number;
  /** Cube-for-AP trades (pile colours returned), done first. */
  trades: CubeColour[];
  /** Transports in order (station ids). */
  moves: { from: string; to: string; colour: CubeColour }[];
  apSpent: number;
  /** The plan as engine actions: trades, then transports. */
  actions: StringAction[];
}

/**
 * The exact best transport plan for the player now: AP left (`ap`, default this turn's) and the cube-for-AP
 * trades left this turn (default: the turn's; both 0 once the locomotive phase has begun, when transports are over).
 */
export function planTransport(
  k: PlanKernel,
  s: StringState,
  player: number,
  ap: number = s.step === "locomotive" ? 0 : s.ap,
  tradesLeft: number = s.step === "locomotive" ? 0 : Math.max(0, 2 - s.cubesForAp),
): TransportPlan {
  check.budget(ap, tradesLeft);
  const n = check.stations(s.stations.length);
  fillCsr(k, connectionLists(s, player));
  const seat = s.seats[player]!;
  for (let v = 0; v < n; v++) {
    k.colour[v] = scoringCode(s.stations[v]!);
    CUBE_COLOURS.forEach((c, i) => {
      k.cubes[6 * v + i] = s.stationCubes[v]![c];
    });
  }
  CUBE_COLOURS.forEach((c, i) => {
    k.pile[i] = check.pileCount(seat.pile[c], c);
  });
  const before = k.scoreCubes(k.pile[0]!, k.pile[1]!, k.pile[2]!, k.pile[3]!, k.pile[4]!, k.pile[5]!);
  const score = k.planTransports(n, ap, tradesLeft);
  const o = k.out;
  const trades: CubeColour[] = [];
  for (let i = 0; i < o[1]!; i++) trades.push(CUBE_COLOURS[o[2 + i]!]!);
  const moves: TransportPlan["moves"] = [];
  for (let m = 0; m < o[5]!; m++) {
    moves.push({
      from: s.stations[o[6 + 3 * m]!]!.id,
      to: s.stations[o[7 + 3 * m]!]!.id,
      colour: CUBE_COLOURS[o[8 + 3 * m]!]!,
    });
  }
  const actions: StringAction[] = [
    ...trades.map((colour): StringAction => ({ type: "cube-for-ap", player, colour })),
    ...moves.map((m): StringAction => ({ type: "transport", player, ...m })),
  ];
  return { before, score, trades, moves, apSpent: o[4]!, actions };
}

// ---------------------------------------------------------------------------------------------------
// 4. String hints

export interface StringPlacementHint {
  action: StringAction & { type: "place-string" };
  kind: StringKind;
  path: number[];
  /** Station indices touched in order, as `checkRoute` gives them. */
  stations: number[];
  ap: number;
  crossings: number;
  mountain: boolean;
  length: number;
  value: number;
}

/** Perpendicular offsets (cm) of the one-bend candidates' bend from the chord's midpoint. */
export const BEND_OFFSETS: readonly number[] = [-12, -8, -4, 4, 8, 12];

/**
 * Candidate strings for the player: straight station-centre to station-centre, and one bend at the chord's
 * midpoint pushed sideways by each of `offsets`; short when it fits 30 cm and a short string is left, else
 * long when it fits 60 cm and the long string is left. Flat: `[x0, y0, x1, y1, x2, y2]` per candidate (2 or 3
 * vertices), with kinds 0 short / 1 long.
 */
export function generateCandidates(
  s: StringState,
  player: number,
  offsets: readonly number[] = BEND_OFFSETS,
  limit = MAX_CAND,
): { paths: number[][]; kinds: StringKind[] } {
  const seat = s.seats[player]!;
  const paths: number[][] = [];
  const kinds: StringKind[] = [];
  const kindFor = (len: number): StringKind | null =>
    len <= STRING_LENGTH.short && seat.shortLeft > 0
      ? "short"
      : len <= STRING_LENGTH.long && seat.longLeft > 0
        ? "long"
        : null;
  const n = s.stations.length;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = s.stations[i]!;
      const b = s.stations[j]!;
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const d = Math.hypot(dx, dy);
      if (d > STRING_LENGTH.long) continue;
      const push = (path: number[], len: number): void => {
        const kind = kindFor(len);
        if (kind && paths.length < limit) {
          paths.push(path);
          kinds.push(kind);
        }
      };
      push([a.x, a.y, b.x, b.y], d);
      for (const o of offsets) {
        const mx = (a.x + b.x) / 2 - (o * dy) / d;
        const my = (a.y + b.y) / 2 + (o * dx) / d;
        push([a.x, a.y, mx, my, b.x, b.y], 2 * Math.hypot(d / 2, o));
      }
    }
  }
  return { paths, kinds };
}

/** Fills the hint kernel's board, stations, network and other players' segments; returns the counts. */
export function loadHintTables(
  k: PlanKernel,
  s: StringState,
  player: number,
): { nd: number; ns: number; nb: number; nm: number } {
  const ctx = routeContext(s);
  const nd = check.stations(s.stations.length);
  const nb = check.polygon(ctx.polygon.length / 2);
  const nm = check.polygon(ctx.mountain.length / 2);
  k.board.set(ctx.polygon);
  k.mount.set(ctx.mountain);
  k.discs.set(ctx.discs);
  const segs: number[] = [];
  const ids: number[] = [];
  let id = 0;
  s.seats.forEach((seat, i) => {
    if (i === player) return;
    for (const str of seat.strings) {
      for (let q = 0; q + 3 < str.path.length; q += 2) {
        segs.push(str.path[q]!, str.path[q + 1]!, str.path[q + 2]!, str.path[q + 3]!);
        ids.push(id);
      }
      id++; // each placed string of another player is its own rival string
    }
  });
  const ns = check.placed(segs.length / 4);
  k.placed.set(segs);
  k.placedString.set(ids);
  k.net.fill(0, 0, nd);
  for (const str of s.seats[player]!.strings) for (const v of str.stations) k.net[v] = 1;
  for (let v = 0; v < nd; v++) {
    const st = s.stations[v]!;
    k.colour[v] = scoringCode(st);
    k.outsk[v] = st.kind === "outskirts" ? 1 : 0;
    CUBE_COLOURS.forEach((c, i) => {
      k.cubes[6 * v + i] = s.stationCubes[v]![c];
    });
  }
  return { nd, ns, nb, nm };
}

/** Writes candidates into the kernel and evaluates them; returns the number of legal ones. */
export function evaluateCandidates(
  k: PlanKernel,
  s: StringState,
  player: number,
  paths: readonly number[][],
  kinds: readonly StringKind[],
  apLeft: number = s.ap,
): number {
  const nc = check.candidates(paths.length);
  const t = loadHintTables(k, s, player);
  for (let i = 0; i < nc; i++) {
    const p = paths[i]!;
    if (p.length !== 4 && p.length !== 6) throw new RangeError("a candidate has 2 or 3 vertices");
    k.cand.set(p, 6 * i);
    k.candNv[i] = p.length / 2;
    k.candKind[i] = kinds[i] === "short" ? 0 : 1;
  }
  return k.evaluate(nc, t.nd, t.ns, t.nb, t.nm, s.board.radius, apLeft);
}

/** The rule id `evaluate` found for candidate i (null when legal): the engine's `checkRoute` ids. */
export function candidateError(k: PlanKernel, i: number): string | null {
  return ROUTE_ERRORS[k.resI[5 * i]!] ?? null;
}

/**
 * Ranked string hints for the player now: legal candidates the player can pay for, best value first (ties:
 * cheaper, then generation order). Empty outside the route phase or without strings in hand. No two hints read
 * the same ({@link hintReading}): of candidates equal in everything a hint shows (the mirror bends of one pair of
 * stations often are), the first ranked stays.
 */
export function stringHints(k: PlanKernel, s: StringState, player: number, max = 20): StringPlacementHint[] {
  const seat = s.seats[player]!;
  if (s.step !== "route" || s.placedString || seat.shortLeft + seat.longLeft === 0) return [];
  const { paths, kinds } = generateCandidates(s, player);
  evaluateCandidates(k, s, player, paths, kinds);
  const idx: number[] = [];
  for (let i = 0; i < paths.length; i++) if (k.resI[5 * i] === 0 && k.resI[5 * i + 4]! <= s.ap) idx.push(i);
  idx.sort(
    (a, b) => k.resF[2 * b + 1]! - k.resF[2 * a + 1]! || k.resI[5 * a + 4]! - k.resI[5 * b + 4]! || a - b,
  );
  const discs = routeContext(s).discs;
  const out: StringPlacementHint[] = [];
  const seen = new Set<string>();
  for (const i of idx) {
    if (out.length >= max) break;
    const path = paths[i]!;
    const kind = kinds[i]!;
    const hint: StringPlacementHint = {
      action: { type: "place-string", player, kind, path },
      kind,
      path,
      // The kernel's visit list is overwritten per candidate: recount the few returned with the engine's geometry.
      stations: stationsTouched(Float64Array.from(path), discs, s.board.radius),
      ap: k.resI[5 * i + 4]!,
      crossings: k.resI[5 * i + 2]!,
      mountain: k.resI[5 * i + 3] === 1,
      length: k.resF[2 * i]!,
      value: k.resF[2 * i + 1]!,
    };
    const reading = hintReading(hint);
    if (seen.has(reading)) continue;
    seen.add(reading);
    out.push(hint);
  }
  return out;
}

/**
 * What a string hint shows a player (kind, stations in order, value and length to 0.1, AP, crossings, mountain):
 * two hints with the same reading cannot be told apart in a hint list.
 */
export function hintReading(h: Omit<StringPlacementHint, "action" | "path">): string {
  return [
    h.kind,
    h.stations.join("-"),
    h.value.toFixed(1),
    h.ap,
    h.crossings,
    h.mountain ? "m" : "",
    h.length.toFixed(1),
  ].join("|");
}

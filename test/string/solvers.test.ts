import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../web/engine/common/rng.ts";
import { botAction } from "../../web/engine/string/bot.ts";
import { apply, legalActions, setup } from "../../web/engine/string/engine.ts";
import { hopGraph, shortestJourney } from "../../web/engine/string/journey.ts";
import { scoreCubes, scoreCubesBruteForce } from "../../web/engine/string/scoring.ts";
import { TILES } from "../../web/engine/string/tiles.ts";
import {
  CITY_COLOURS,
  type Counts,
  CUBE_COLOURS,
  type CubeColour,
  type StringAction,
  type StringState,
} from "../../web/engine/string/types.ts";
import type { PlanKernel } from "../../web/solvers/string/kernel.ts";
import { longDistanceRoutes, planTransport, scorePile } from "../../web/solvers/string/model.ts";
import { createReferenceKernel } from "../../web/solvers/string/reference.ts";
import * as twinHint from "../../web/solvers/string/twin/hint.ts";
import * as twinLd from "../../web/solvers/string/twin/ld.ts";
import * as twinMem from "../../web/solvers/string/twin/mem.ts";
import * as twinPoly from "../../web/solvers/string/twin/polyline.ts";
import * as twinScore from "../../web/solvers/string/twin/score.ts";
import * as twinTransport from "../../web/solvers/string/twin/transport.ts";
import { createWasmKernel } from "../../web/solvers/string/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: PlanKernel;
const ref = createReferenceKernel();
beforeAll(async () => {
  wasm = await createWasmKernel(await compileWasmNode("stringplan", "debug"));
});

const counts = (v: number[]): Counts => ({
  red: v[0]!,
  blue: v[1]!,
  purple: v[2]!,
  yellow: v[3]!,
  green: v[4]!,
  white: v[5]!,
});

/** A state in the play phase (setup tiles kept by the greedy bot), seat to play = `s.order[0]`. */
function playState(players: number, seed: number): StringState {
  let s = setup({ players }, seed);
  while (s.phase === "setup") {
    const r = apply(s, botAction(s));
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return s;
}

/**
 * A random position for the seat to play: strings as random station lists (the transport and long-distance
 * rules read only the lists), a new station with a random chip, random cubes, tiles and AP.
 */
function randomPosition(seed: number): { s: StringState; p: number } {
  const rng = new Rng(seed >>> 0);
  const s = structuredClone(playState(2 + rng.int(3), seed));
  const p = s.order[s.turn]!;
  const seat = s.seats[p]!;
  const nBoard = s.stations.length;
  const chip = rng.int(5);
  s.stations.push({
    id: `new-${p}`,
    kind: "new",
    colour: chip < 4 ? CITY_COLOURS[chip]! : null,
    x: 0,
    y: 0,
    owner: p,
  });
  s.stationCubes.push(counts([0, 0, 0, 0, 0, 0]));
  seat.newStation = nBoard;
  const n = s.stations.length;
  const local = Array.from({ length: 4 + rng.int(6) }, () => rng.int(n));
  local.push(nBoard);
  const nStrings = 1 + rng.int(4);
  for (let k = 0; k < nStrings; k++) {
    const len = 2 + rng.int(4);
    const st: number[] = [];
    while (st.length < len) {
      const v = local[rng.int(local.length)]!;
      if (st.length && st[st.length - 1] === v) continue;
      st.push(v);
    }
    seat.strings.push({ kind: "short", path: [0, 0, 1, 1], stations: st });
    seat.shortLeft--;
  }
  for (const v of local) {
    for (const c of CUBE_COLOURS) if (rng.int(4) === 0) s.stationCubes[v]![c] += 1 + rng.int(2);
  }
  for (const c of CUBE_COLOURS) seat.pile[c] = rng.int(3);
  seat.tiles = [{ id: rng.int(TILES.length), flipped: false }];
  s.ap = rng.int(7);
  s.cubesForAp = rng.int(3);
  s.step = "transport";
  s.placedString = true;
  return { s, p };
}

describe("string solvers 1: final cube score", () => {
  it("rulebook example: 2 red, 1 blue, 1 green, 3 yellow, 2 white scores 22 (Wasm and twin)", () => {
    const pile = { red: 2, blue: 1, green: 1, yellow: 3, white: 2 };
    expect(scorePile(wasm, pile)).toBe(22);
    expect(scorePile(ref, pile)).toBe(22);
  });

  it("Wasm == twin == engine scoreCubes == scoreCubesBruteForce on every count vector 0..2 per colour (+ whites 0..3)", () => {
    let n = 0;
    for (let code = 0; code < 3 ** 5 * 4; code++) {
      const v: number[] = [];
      let x = code;
      for (let i = 0; i < 5; i++) {
        v.push(x % 3);
        x = Math.floor(x / 3);
      }
      v.push(x);
      const c = counts(v);
      const e = scoreCubes(c);
      expect(wasm.scoreCubes(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!)).toBe(e);
      expect(ref.scoreCubes(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!)).toBe(e);
      if (v.reduce((a, b) => a + b, 0) <= 9) expect(scoreCubesBruteForce(c)).toBe(e);
      n++;
    }
    expect(n).toBe(972);
  });

  it("Wasm == engine on seeded random large piles", () => {
    const rng = new Rng(7);
    for (let t = 0; t < 300; t++) {
      const v = [rng.int(19), rng.int(19), rng.int(19), rng.int(19), rng.int(11), rng.int(13)];
      expect(scorePile(wasm, counts(v))).toBe(scoreCubes(counts(v)));
    }
  });

  it("property (fast-check, seeded): Wasm == twin == engine for any pile the box allows", () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat(18), { minLength: 4, maxLength: 4 }),
        fc.nat(10),
        fc.nat(12),
        (city, green, white) => {
          const v = [...city, green, white];
          const e = scoreCubes(counts(v));
          return scorePile(wasm, counts(v)) === e && scorePile(ref, counts(v)) === e;
        },
      ),
      { seed: 20261202, numRuns: 200 },
    );
  });

  it("refuses counts the kernel cannot take, before Wasm", () => {
    expect(() => scorePile(wasm, { red: -1 })).toThrow(RangeError);
    expect(() => scorePile(wasm, { white: 1.5 })).toThrow(RangeError);
    expect(() => scorePile(wasm, { blue: 95 })).toThrow(RangeError);
  });
});

describe("string solvers 2: long-distance route", () => {
  it("hand-worked: red city → blue city → new station (blue chip) along one string, row B of a red,blue,… tile", () => {
    const { s, p } = randomPosition(1);
    const seat = s.seats[p]!;
    const red = s.stations.findIndex((st) => st.kind === "city" && st.colour === "red");
    const blue = s.stations.findIndex((st) => st.kind === "city" && st.colour === "blue");
    const purple = s.stations.findIndex((st) => st.kind === "city" && st.colour === "purple");
    const out = s.stations.findIndex((st) => st.kind === "outskirts");
    const nw = seat.newStation!;
    s.stations[nw]!.colour = "yellow";
    // red – outskirts – purple – new: 3 hops; blue is not on the way.
    seat.strings = [{ kind: "short", path: [0, 0, 1, 1], stations: [red, out, purple] }];
    seat.strings.push({ kind: "short", path: [0, 0, 1, 1], stations: [purple, nw, blue] });
    for (const c of s.stationCubes) c.white = 0;
    s.stationCubes[red]!.white = 1;
    const tile = TILES.find((t) => t.route.join() === "red,purple,yellow")!.id;
    seat.tiles = [{ id: tile, flipped: false }];
    s.ap = 6;
    for (const k of [wasm, ref]) {
      const r = longDistanceRoutes(k, s, p);
      const a = r.find((x) => x.row === "A")!;
      expect(a.ap).toBe(3);
      expect(a.stations).toEqual([red, out, purple, nw].map((i) => s.stations[i]!.id));
      // Row B starts on purple, which holds no white cube; row C starts on yellow: the new station itself
      // (chip yellow) holds none either.
      expect(r.find((x) => x.row === "B")!.ap).toBeNull();
      expect(r.find((x) => x.row === "C")!.ap).toBeNull();
      const res = apply(s, a.action);
      expect(res.ok).toBe(true);
      if (res.ok) expect(res.state.ap).toBe(3);
    }
  });

  it("Wasm == twin, the engine accepts each route with the same AP, and no engine candidate is shorter (seeded)", () => {
    let checked = 0;
    for (let seed = 0; seed < 120; seed++) {
      const { s, p } = randomPosition(1000 + seed);
      s.ap = 8;
      // Whites on a few stations so that routes exist.
      const rng = new Rng(seed);
      for (let i = 0; i < 6; i++) s.stationCubes[rng.int(s.stations.length)]!.white++;
      const rw = longDistanceRoutes(wasm, s, p, 8);
      const rr = longDistanceRoutes(ref, s, p, 8);
      expect(rw).toEqual(rr);
      const engineLd = legalActions(s).filter(
        (a): a is StringAction & { type: "long-distance" } => a.type === "long-distance",
      );
      for (const r of rw) {
        const shortest = Math.min(
          ...engineLd.filter((a) => a.tile === r.tile && a.row === r.row).map((a) => a.stations.length - 1),
        );
        if (r.ap === null) {
          expect(shortest).toBe(Number.POSITIVE_INFINITY);
          continue;
        }
        expect(r.ap).toBeLessThanOrEqual(shortest);
        const res = apply(s, r.action);
        expect(res.ok, res.ok ? "" : res.error.message).toBe(true);
        if (res.ok) expect(res.state.ap).toBe(s.ap - r.ap);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("string.ld-hop-twice: the fewest-hop route (Wasm, twin, engine legalActions) equals a brute force over every journey up to 6 hops", () => {
    let found = 0;
    let needsDetour = 0;
    let none = 0;
    for (let seed = 0; seed < 150; seed++) {
      const { s, p } = randomPosition(5000 + seed);
      const BOUND = 6;
      s.ap = BOUND;
      const rng = new Rng(seed + 77);
      for (let i = 0; i < 5; i++) s.stationCubes[rng.int(s.stations.length)]!.white++;
      const seat = s.seats[p]!;
      const goal = seat.newStation!;
      const engineLd = legalActions(s).filter(
        (a): a is StringAction & { type: "long-distance" } => a.type === "long-distance",
      );
      const rw = longDistanceRoutes(wasm, s, p, BOUND);
      const rr = longDistanceRoutes(ref, s, p, BOUND);
      expect(rw).toEqual(rr);
      for (const t of seat.tiles) {
        for (const row of ["A", "B", "C"] as const) {
          const colours = TILES[t.id]!.route.slice(["A", "B", "C"].indexOf(row));
          let best = Number.POSITIVE_INFINITY;
          let bestRepeating = Number.POSITIVE_INFINITY;
          s.stations.forEach((st, start) => {
            if (st.colour !== colours[0] || (st.kind !== "city" && st.kind !== "new")) return;
            if (s.stationCubes[start]!.white === 0) return;
            const mine = bruteJourney(s, p, start, goal, colours, BOUND, false);
            const loose = bruteJourney(s, p, start, goal, colours, BOUND, true);
            bestRepeating = Math.min(bestRepeating, loose);
            best = Math.min(best, mine);
            const cand = engineLd.find((a) => a.tile === t.id && a.row === row && a.stations[0] === st.id);
            expect(cand ? cand.stations.length - 1 : Number.POSITIVE_INFINITY).toBe(mine);
          });
          const r = rw.find((x) => x.tile === t.id && x.row === row)!;
          expect(r.ap ?? Number.POSITIVE_INFINITY).toBe(best);
          if (r.action) {
            const res = apply(s, r.action);
            expect(res.ok, res.ok ? "" : res.error.message).toBe(true);
            found++;
            if (best > bestRepeating) needsDetour++;
          } else none++;
        }
      }
    }
    // The positions exercise the rule: some routes exist, some need a longer way round, some none.
    expect(found).toBeGreaterThan(30);
    expect(needsDetour).toBeGreaterThan(5);
    expect(none).toBeGreaterThan(5);
  });
});

describe("string solvers 2b: long-distance search cost", () => {
  it("string.ld-hop-twice: a dense network whose only blue station is behind a single hop (no route) answers fast", () => {
    // Stations 0..9 all joined pairwise (one zig-zag string: 45 hops), station 10 (blue) hangs off 0 by one hop;
    // from red 1 via blue to 9 the cube would have to come back along that hop: no route, at any length.
    const K = 10;
    const zig: number[] = [];
    for (let a = 0; a < K; a++)
      for (let b = a + 1; b < K; b++) {
        if (zig.at(-1) !== a) zig.push(a);
        zig.push(b);
      }
    const graph = hopGraph([zig, [0, K]], K + 1);
    const colourOf = Array.from({ length: K + 1 }, (_, v) => (v === 1 ? 0 : v === K ? 1 : -1));
    let t = performance.now();
    expect(shortestJourney(graph, colourOf, [0, 1], 1, K - 1, 8)).toBeNull();
    expect(performance.now() - t).toBeLessThan(2000);
    for (const k of [wasm, ref]) {
      let e = 0;
      for (let v = 0; v <= K; v++) {
        k.adjStart[v] = e;
        for (const w of graph[v]!) k.adj[e++] = w;
        k.colour[v] = colourOf[v]!;
        k.white[v] = v === 1 ? 1 : 0;
      }
      k.adjStart[K + 1] = e;
      t = performance.now();
      expect(k.ldRoute(K + 1, K - 1, 0, 1, -1, 2, 8)).toBe(-1);
      expect(performance.now() - t).toBeLessThan(2000);
    }
    // The planner searches at most 8 hops (the most AP a turn has): more is refused before any search.
    const { s, p } = randomPosition(1);
    for (const k of [wasm, ref]) expect(() => longDistanceRoutes(k, s, p, 9)).toThrow(RangeError);
    expect(() => wasm.ldRoute(s.stations.length, 0, 0, 1, -1, 2, 64)).toThrow(RangeError);
    // With a second string to the blue station the route exists: 1 → 0 → blue → 0 → 9.
    const two = hopGraph([zig, [0, K], [K, 0]], K + 1);
    expect(shortestJourney(two, colourOf, [0, 1], 1, K - 1, 8)).toEqual([1, 0, K, 0, K - 1]);
  });
});

/**
 * Independent oracle for long-distance journeys: the fewest hops (≤ bound) from `start` via the colours in order to
 * `goal`, enumerating every journey as a sequence of (string, next station) hops with no (string, pair of stations)
 * used twice; with `repeat` hops may repeat (the old reading). Infinity when there is none.
 */
function bruteJourney(
  s: StringState,
  p: number,
  start: number,
  goal: number,
  colours: readonly string[],
  bound: number,
  repeat: boolean,
): number {
  const strings = s.seats[p]!.strings.map((x) => x.stations);
  const colourOf = (v: number) => {
    const st = s.stations[v]!;
    return st.kind === "city" || st.kind === "new" ? st.colour : null;
  };
  const used = new Set<string>();
  let best = Number.POSITIVE_INFINITY;
  const walk = (v: number, k: number, d: number): void => {
    if (d >= bound || d + 1 >= best) return;
    strings.forEach((st, j) => {
      const next = new Set<number>();
      for (let i = 0; i < st.length; i++) {
        if (st[i] !== v) continue;
        if (i > 0 && st[i - 1] !== v) next.add(st[i - 1]!);
        if (i + 1 < st.length && st[i + 1] !== v) next.add(st[i + 1]!);
      }
      for (const w of next) {
        const hop = `${j}:${Math.min(v, w)}-${Math.max(v, w)}`;
        if (!repeat && used.has(hop)) continue;
        const k2 = k < colours.length && colourOf(w) === colours[k] ? k + 1 : k;
        if (w === goal && k2 === colours.length) {
          best = Math.min(best, d + 1);
          continue;
        }
        if (!repeat) used.add(hop);
        walk(w, k2, d + 1);
        used.delete(hop);
      }
    });
  };
  walk(start, 1, 0);
  return best;
}

/** Independent oracle: memoised search over every transport and trade the rules allow (small positions). */
function bruteBest(s: StringState, p: number, ap: number, trades: number): number {
  const seat = s.seats[p]!;
  const con = new Map<number, Set<number>>();
  for (const str of seat.strings)
    for (const a of str.stations)
      for (const b of str.stations) if (a !== b) (con.get(a) ?? con.set(a, new Set()).get(a)!).add(b);
  const nodes = [...con.keys()].sort((a, b) => a - b);
  const col = (v: number): CubeColour | null => {
    const st = s.stations[v]!;
    return st.kind === "outskirts" ? "green" : st.kind === "mountain" ? null : st.colour;
  };
  const memo = new Map<string, number>();
  const cubes = nodes.map((v) => CUBE_COLOURS.map((c) => s.stationCubes[v]![c]));
  const pile = CUBE_COLOURS.map((c) => seat.pile[c]);
  const go = (ap: number, tr: number): number => {
    const key = `${ap},${tr},${pile.join()},${cubes.map((x) => x.join()).join(";")}`;
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    let best = scoreCubes(counts(pile));
    if (tr > 0)
      for (let c = 0; c < 6; c++) {
        if (pile[c] === 0) continue;
        pile[c]!--;
        best = Math.max(best, go(ap + 1, tr - 1));
        pile[c]!++;
      }
    if (ap > 0)
      nodes.forEach((a, ia) => {
        for (const b of con.get(a)!) {
          const ib = nodes.indexOf(b);
          for (let c = 0; c < 5; c++) {
            if (cubes[ia]![c] === 0) continue;
            const colour = CUBE_COLOURS[c]!;
            const scores = col(b) === colour && col(a) !== colour;
            cubes[ia]![c]!--;
            if (scores) pile[c]!++;
            else cubes[ib]![c]!++;
            best = Math.max(best, go(ap - 1, tr));
            if (scores) pile[c]!--;
            else cubes[ib]![c]!--;
            cubes[ia]![c]!++;
          }
        }
      });
    memo.set(key, best);
    return best;
  };
  return go(ap, trades);
}

describe("string solvers 3: transport plan", () => {
  it("hand-built: 3 AP, red and blue cubes one hop from their cities, a green cube two hops from an outskirts", () => {
    const { s, p } = randomPosition(3);
    const seat = s.seats[p]!;
    const red = s.stations.findIndex((st) => st.kind === "city" && st.colour === "red");
    const blue = s.stations.findIndex((st) => st.kind === "city" && st.colour === "blue");
    const outs = s.stations.map((st, i) => (st.kind === "outskirts" ? i : -1)).filter((i) => i >= 0);
    const [o1, o2] = outs;
    for (const c of s.stationCubes) for (const k of CUBE_COLOURS) c[k] = 0;
    // o1 holds a red and a blue cube; red holds a green cube: red → o1 is... a green scores on o1 directly.
    seat.strings = [{ kind: "short", path: [0, 0, 1, 1], stations: [red, o1!, blue] }];
    s.stationCubes[o1!]!.red = 1;
    s.stationCubes[o1!]!.blue = 1;
    s.stationCubes[blue]!.green = 1;
    s.stationCubes[o2!]!.yellow = 5; // not on the network
    seat.pile = counts([0, 0, 0, 1, 0, 0]); // one yellow
    s.ap = 3;
    s.cubesForAp = 2; // no trades left
    for (const k of [wasm, ref]) {
      const plan = planTransport(k, s, p);
      // yellow + red + blue + green = a set of 4 = 10
      expect(plan.before).toBe(1);
      expect(plan.score).toBe(10);
      expect(plan.apSpent).toBe(3);
      let st = s;
      for (const a of plan.actions) {
        const r = apply(st, a);
        expect(r.ok).toBe(true);
        if (r.ok) st = r.state;
      }
      expect(scoreCubes(st.seats[p]!.pile)).toBe(10);
    }
  });

  it("hand-built: a trade pays (three reds in the pile, two AP, three cubes one hop away)", () => {
    const { s, p } = randomPosition(4);
    const seat = s.seats[p]!;
    const red = s.stations.findIndex((st) => st.kind === "city" && st.colour === "red");
    const blue = s.stations.findIndex((st) => st.kind === "city" && st.colour === "blue");
    const purple = s.stations.findIndex((st) => st.kind === "city" && st.colour === "purple");
    const yellow = s.stations.findIndex((st) => st.kind === "city" && st.colour === "yellow");
    for (const c of s.stationCubes) for (const k of CUBE_COLOURS) c[k] = 0;
    seat.strings = [{ kind: "short", path: [0, 0, 1, 1], stations: [red, blue, purple, yellow] }];
    s.stationCubes[red]!.blue = 1;
    s.stationCubes[red]!.purple = 1;
    s.stationCubes[red]!.yellow = 1;
    seat.pile = counts([3, 0, 0, 0, 0, 0]); // 3 singles = 3
    s.ap = 2;
    s.cubesForAp = 1; // one trade left
    for (const k of [wasm, ref]) {
      const plan = planTransport(k, s, p);
      // Without the trade: r,b,p + r + r = 6 + 1 + 1 = 8. Trade a red: r,b,p,y + r = 10 + 1 = 11.
      expect(plan.score).toBe(11);
      expect(plan.trades).toEqual(["red"]);
      let st = s;
      for (const a of plan.actions) {
        const r = apply(st, a);
        expect(r.ok).toBe(true);
        if (r.ok) st = r.state;
      }
      expect(scoreCubes(st.seats[p]!.pile)).toBe(11);
    }
  });

  it("Wasm == twin == exhaustive search over engine moves, and the plan replays through the engine (seeded)", () => {
    let nonTrivial = 0;
    for (let seed = 0; seed < 60; seed++) {
      const { s, p } = randomPosition(5000 + seed);
      // The oracle is exponential: at most 3 AP and one trade.
      s.ap = Math.min(s.ap, 3);
      s.cubesForAp = Math.max(s.cubesForAp, 1);
      const trades = 2 - s.cubesForAp;
      // ... and five cubes on the network.
      const rng = new Rng(seed);
      const net = [...new Set(s.seats[p]!.strings.flatMap((x) => x.stations))];
      for (const c of s.stationCubes) for (const k of CUBE_COLOURS) c[k] = 0;
      for (let i = 0; i < 5; i++) s.stationCubes[net[rng.int(net.length)]!]![CUBE_COLOURS[rng.int(5)]!]++;
      const pw = planTransport(wasm, s, p);
      const pr = planTransport(ref, s, p);
      expect(pw).toEqual(pr);
      expect(pw.score).toBe(bruteBest(s, p, s.ap, trades));
      let st = s;
      for (const a of pw.actions) {
        const r = apply(st, a);
        expect(r.ok, r.ok ? "" : r.error.message).toBe(true);
        if (r.ok) st = r.state;
      }
      expect(scoreCubes(st.seats[p]!.pile)).toBe(pw.score);
      expect(s.ap + pw.trades.length - st.ap).toBe(pw.apSpent);
      if (pw.score > pw.before) nonTrivial++;
    }
    expect(nonTrivial).toBeGreaterThan(10);
  });

  it("plans nothing once the locomotive phase has begun (no trade that the transports could not use)", () => {
    const { s, p } = randomPosition(5003);
    s.step = "locomotive";
    s.cubesForAp = 0;
    for (const k of [wasm, ref]) {
      const plan = planTransport(k, s, p);
      expect(plan.actions).toEqual([]);
      expect(plan.score).toBe(plan.before);
    }
  });

  it("refuses an AP budget past the game's range before Wasm", () => {
    const { s, p } = randomPosition(9);
    expect(() => planTransport(wasm, s, p, 17, 0)).toThrow(RangeError);
    expect(() => planTransport(wasm, s, p, 3, 3)).toThrow(RangeError);
  });
});

describe("string solvers: the twin mirrors the kernel's files (twin/<file>.ts for assembly/plan/<file>.ts)", () => {
  it("the reference kernel is the twin files' own functions and tables, so every Wasm == twin check above is per file", () => {
    expect(ref.scoreCubes).toBe(twinScore.scoreCubes);
    expect(ref.ldRoute).toBe(twinLd.ldRoute);
    expect(ref.planTransports).toBe(twinTransport.planTransports);
    expect(ref.evaluate).toBe(twinHint.evaluate);
    // Every table of a twin file is the reference kernel's table of that name (but `path`, the hint's scratch).
    for (const file of [twinMem, twinHint, twinPoly])
      for (const [name, table] of Object.entries(file))
        if (ArrayBuffer.isView(table) && name !== "path")
          expect(ref[name as keyof PlanKernel], name).toBe(table);
  });

  it("ldRoute and planTransports (twin/ld.ts, twin/transport.ts) answer as the kernel's on seeded random graphs", () => {
    const rng = new Rng(seedRng(2201));
    for (let round = 0; round < 60; round++) {
      const n = 4 + rng.int(30);
      let e = 0;
      for (const k of [wasm, ref]) k.adjStart[0] = 0;
      const rows: number[][] = [];
      for (let v = 0; v < n; v++) {
        const row: number[] = [];
        for (let w = 0; w < n; w++) if (w !== v && rng.float() < 3 / n) row.push(w);
        rows.push(row);
      }
      // Symmetric: w in v's list as often as v in w's.
      for (let v = 0; v < n; v++) for (const w of rows[v]!) if (!rows[w]!.includes(v)) rows[w]!.push(v);
      for (let v = 0; v < n; v++) {
        rows[v]!.sort((a, b) => a - b);
        for (const k of [wasm, ref]) {
          k.adj.set(rows[v]!, e);
          k.adjStart[v + 1] = e + rows[v]!.length;
        }
        e += rows[v]!.length;
      }
      const colours = Array.from({ length: n }, () => rng.int(6) - 1);
      const whites = Array.from({ length: n }, () => (rng.float() < 0.4 ? 1 : 0));
      const cubes = Array.from({ length: 6 * n }, () => (rng.float() < 0.3 ? 1 + rng.int(2) : 0));
      const pile = Array.from({ length: 6 }, () => rng.int(4));
      for (const k of [wasm, ref]) {
        k.colour.set(colours);
        k.white.set(whites);
        k.cubes.set(cubes);
        k.pile.set(pile);
      }
      const [goal, c0, c1, c2, len, hops] = [
        rng.int(n),
        rng.int(4),
        rng.int(4),
        rng.int(4),
        1 + rng.int(3),
        rng.int(9),
      ];
      const hw = wasm.ldRoute(n, goal, c0, c1, c2, len, hops);
      expect(ref.ldRoute(n, goal, c0, c1, c2, len, hops), `ld round ${round}`).toBe(hw);
      if (hw >= 0)
        expect(Array.from(ref.out.subarray(0, hw + 1))).toEqual(Array.from(wasm.out.subarray(0, hw + 1)));
      const ap = rng.int(7);
      const trades = rng.int(3);
      expect(ref.planTransports(n, ap, trades), `transport round ${round}`).toBe(
        wasm.planTransports(n, ap, trades),
      );
      const moves = wasm.out[5]!;
      expect(Array.from(ref.out.subarray(0, 6 + 3 * moves))).toEqual(
        Array.from(wasm.out.subarray(0, 6 + 3 * moves)),
      );
    }
  });
});

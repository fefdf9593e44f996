/**
 * String Railway engine fast path (issue #10): apply copies only what changes and never mutates its input; the
 * route check goes through the placed-segment index the engine keeps per board (same crossings as the every-pair
 * loop, on every branch of a game); the live check of a string (`previewString`) agrees with `apply`; the `rounds`
 * option; the string plug-in's `preview` hint option and its hints.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../web/engine/common/errors.ts";
import { Rng } from "../../web/engine/common/rng.ts";
import { botAction } from "../../web/engine/string/bot.ts";
import { countTotal, drawCubes, emptyCounts } from "../../web/engine/string/cubes.ts";
import {
  apply,
  legalActions,
  otherSegments,
  otherStrings,
  parseAction,
  previewString,
  rivalIndex,
  routeContext,
  setup,
} from "../../web/engine/string/engine.ts";
import { boundsOf, PlacedIndex } from "../../web/engine/string/geometry/placed.ts";
import { crossingPoints, pointLocation } from "../../web/engine/string/geometry/polyline.ts";
import { orient2d } from "../../web/engine/string/geometry/predicates.ts";
import { checkRoute, toSegments } from "../../web/engine/string/route.ts";
import {
  type Counts,
  CUBE_COLOURS,
  type StringAction,
  type StringState,
} from "../../web/engine/string/types.ts";
import { type StringHintOptions, string } from "../../web/games/string/index.ts";
import { createStringSolverReference } from "../../web/solvers/string/index.ts";

function play(s: StringState, a: StringAction): StringState {
  const r = apply(s, a);
  if (!r.ok) throw r.error;
  return r.state;
}

/** A 3-player greedy-bot game up to round `round`'s route phase. */
function gameAt(round: number, seed: number | string = 5): StringState {
  let s = setup({ players: 3 }, seed);
  while (!s.over && !(s.round === round && s.phase === "play" && s.step === "route" && !s.placedString))
    s = play(s, botAction(s));
  return s;
}

/** Deterministic wiggly paths from a station towards another (legal or not). */
function paths(s: StringState, n: number): number[][] {
  const out: number[][] = [];
  const st = s.stations;
  for (let k = 0; out.length < n; k++) {
    const a = st[k % st.length]!;
    const b = st[(k * 7 + 3) % st.length]!;
    const p: number[] = [];
    const m = 2 + (k % 9);
    for (let i = 0; i <= m; i++) {
      const t = i / m;
      const w = i === 0 || i === m ? 0 : Math.sin(i * 1.7 + k) * 3;
      p.push(a.x + (b.x - a.x) * t + w, a.y + (b.y - a.y) * t - w);
    }
    out.push(p);
  }
  return out;
}

describe("string.place-string: the engine's fast path", () => {
  it("apply never mutates the state it is given, and shares what did not change", () => {
    let s = setup({ players: 4 }, 9);
    for (let i = 0; i < 400 && !s.over; i++) {
      const before = JSON.stringify(s);
      const next = play(s, botAction(s));
      expect(JSON.stringify(s)).toBe(before);
      expect(next.board).toBe(s.board);
      expect(next.options).toBe(s.options);
      next.seats.forEach((seat, p) => {
        for (const [k, str] of s.seats[p]!.strings.entries()) expect(seat.strings[k]).toBe(str);
      });
      s = next;
    }
    expect(s.over).toBe(true);
  });

  it("the indexed route check finds the every-pair crossings, on every branch of a game", () => {
    const s = gameAt(3);
    const player = s.current!;
    const ctx = routeContext(s);
    for (const path of paths(s, 60)) {
      const brute = crossingPoints(
        Float64Array.from(path),
        otherSegments(s, player),
        ctx.discs,
        ctx.radius,
        otherStrings(s, player), // one id per rival string, as the engine's index has them
      );
      const pv = previewString(s, player, "long", path);
      expect(pv.crossings).toBe(brute.length / 2);
      expect(new Set(pv.points.map((v) => v.toFixed(9)))).toEqual(
        new Set(Array.from(brute, (v) => v.toFixed(9))),
      );
    }
    // Two branches from one state (a bot trying moves, an undo then another move): each sees its own strings.
    const strings = legalActions(s).filter((a) => a.type === "place-string");
    expect(strings.length).toBeGreaterThan(1);
    const [a, b] = [play(s, strings[0]!), play(s, strings[strings.length - 1]!)];
    for (const t of [a, b, s, a]) {
      for (let p = 0; p < 3; p++) {
        const want = otherSegments(t, p).length / 4;
        expect(rivalIndex(t, p).placedCount).toBe(want);
      }
    }
  });

  it("previewString says what apply will do: the same refusal, or the same cost", () => {
    const s = gameAt(2, "preview");
    const player = s.current!;
    let legal = 0;
    for (const path of paths(s, 80)) {
      for (const kind of ["short", "long"] as const) {
        const pv = previewString(s, player, kind, path);
        const r = apply(s, { type: "place-string", player, kind, path });
        if (r.ok) {
          legal++;
          expect(pv.error).toBeNull();
          expect(s.ap - r.state.ap).toBe(pv.ap);
          expect(r.state.seats[player]!.strings.at(-1)!.stations.map((i) => r.state.stations[i]!.id)).toEqual(
            pv.stations,
          );
        } else {
          expect(pv.error?.rule).toBe((r.error as { rule?: string }).rule);
        }
      }
    }
    expect(legal).toBeGreaterThan(0);
    // Not this seat's turn: the refusal of the turn comes first.
    const other = (player + 1) % 3;
    expect(previewString(s, other, "short", paths(s, 1)[0]!).error?.rule).toBe("string.not-your-turn");
    expect(() => previewString(s, player, "short", [1, 2, 3])).toThrow(InputError);
  });
});

describe("the fast paths give the same answers as the plain ones", () => {
  it("the placed-segment index skips orient2d's range check only when every coordinate is in its safe range", () => {
    // A played board scaled far below (1e-130) and above (1e130) that range, where the unchecked orientation
    // underflows or overflows: the index must answer what the every-pair loop (always checked) answers.
    const s = gameAt(3);
    const ctx = routeContext(s);
    const all = paths(s, 80);
    const segs = toSegments(all.slice(0, 40));
    const scaled = (a: ArrayLike<number>, f: number) => Float64Array.from(a, (v) => v * f);
    const bits = (a: Float64Array) => Array.from(a, (v) => v.toString());
    let found = 0;
    for (const f of [1, 1e-130, 1e130]) {
      const placed = scaled(segs, f);
      const discs = scaled(ctx.discs, f);
      const index = new PlacedIndex(placed, boundsOf(placed));
      // The same segments added in two parts, the second out of range: the index's flag must drop.
      const half = 4 * Math.floor(segs.length / 8);
      const mixed = new PlacedIndex(segs.subarray(0, half), boundsOf(placed));
      mixed.addPlacedSegments(placed.subarray(half));
      const mixedSegs = Float64Array.from([...segs.subarray(0, half), ...placed.subarray(half)]);
      for (const path of all.slice(40)) {
        const p = scaled(path, f);
        const want = crossingPoints(p, placed, discs, ctx.radius * f);
        found += want.length;
        expect(bits(index.crossingPointsIndexed(p, discs, ctx.radius * f))).toEqual(bits(want));
        const q = Float64Array.from(path);
        expect(bits(mixed.crossingPointsIndexed(q, ctx.discs, ctx.radius))).toEqual(
          bits(crossingPoints(q, mixedSegs, ctx.discs, ctx.radius)),
        );
      }
    }
    expect(found).toBeGreaterThan(0);
    // In-range segments, then one that is not (unchecked, its orientations overflow to NaN): the flag must drop.
    const index = new PlacedIndex(segs, [0, 0, 100, 100]);
    const far = Float64Array.of(-1e160, -1e160, 1e160, 1e160);
    index.addPlacedSegments(far);
    const path = Float64Array.of(10, 20, 20, 10);
    const want = crossingPoints(path, Float64Array.from([...segs, ...far]), new Float64Array(0), 1);
    expect(Array.from(want.slice(-2))).toEqual([15, 15]);
    expect(bits(index.crossingPointsIndexed(path, new Float64Array(0), 1))).toEqual(bits(want));
    // In-range segments and a path that is not: the path's own check must keep the range check on.
    const inRange = new PlacedIndex(segs, [0, 0, 100, 100]);
    const wild = Float64Array.of(-1e160, -1e160, 1e160, 1e160);
    const wildWant = crossingPoints(wild, segs, new Float64Array(0), 1);
    expect(wildWant.length).toBeGreaterThan(0);
    expect(bits(inRange.crossingPointsIndexed(wild, new Float64Array(0), 1))).toEqual(bits(wildWant));
  });

  it("parseAction reads a path into a fresh copy (-0 read as 0); the state never holds the caller's array", () => {
    const normal = { type: "place-string", player: 0, kind: "short", path: [1, 2, 3, 4] };
    expect((parseAction(normal, 2) as { path: number[] }).path).not.toBe(normal.path);
    const zero = { ...normal, path: [1, -0, 3, 4] };
    const read = parseAction(zero, 2) as { path: number[] };
    expect(read.path).not.toBe(zero.path);
    expect(Object.is(read.path[1], 0)).toBe(true);
    expect(Object.is(zero.path[1], -0)).toBe(true);
    // Through the public apply the state never holds the caller's array.
    const s = gameAt(2);
    const move = legalActions(s).find((a) => a.type === "place-string")!;
    const t = play(s, move);
    const placed = t.seats[move.player]!.strings.at(-1)!;
    expect(placed.path).toEqual((move as { path: number[] }).path);
    expect(placed.path).not.toBe((move as { path: number[] }).path);
  });
});

describe("string.endpoint-not-in-station: the touched stations tried first give the full scan's verdict", () => {
  it("ends on, just inside and just outside station discs: refused exactly when an end lies in no disc", () => {
    const s = gameAt(2);
    const ctx = routeContext(s);
    const n = ctx.discs.length / 2;
    const inNoDisc = (x: number, y: number) => {
      for (let d = 0; d < n; d++) {
        const dx = x - ctx.discs[2 * d]!;
        const dy = y - ctx.discs[2 * d + 1]!;
        if (dx * dx + dy * dy <= ctx.radius * ctx.radius) return false;
      }
      return true;
    };
    // An end at distance r·(1 + e) from a station's centre, e in about ±1e-15 … ±0.5 (and exactly 0).
    const end = fc
      .tuple(
        fc.integer({ min: 0, max: n - 1 }),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.oneof(fc.constant(0), fc.double({ min: -0.5, max: 0.5, noNaN: true })),
      )
      .map(([d, a, e]) => {
        const r = ctx.radius * (1 + e);
        return [ctx.discs[2 * d]! + r * Math.cos(a), ctx.discs[2 * d + 1]! + r * Math.sin(a)] as const;
      });
    let refusedSeen = 0;
    fc.assert(
      fc.property(end, end, ([ax, ay], [bx, by]) => {
        const c = checkRoute(
          ctx,
          "long",
          [ax, ay, (ax + bx) / 2 + 0.3, (ay + by) / 2, bx, by],
          new Float64Array(0),
        );
        const earlier = c.error && c.error.rule !== "string.endpoint-not-in-station" ? c.error.rule : null;
        fc.pre(earlier === null || earlier === "string.same-station-twice");
        const want = inNoDisc(ax, ay) || inNoDisc(bx, by);
        if (want) refusedSeen++;
        expect(c.error?.rule === "string.endpoint-not-in-station").toBe(want);
      }),
      { numRuns: 3000, seed: 10 },
    );
    expect(refusedSeen).toBeGreaterThan(100);
  });
});

describe("string.rounds: the rounds option", () => {
  it("a game of 1 or 2 rounds ends after them; 0 and 6 are refused at /options/rounds", () => {
    for (const rounds of [1, 2]) {
      let s = setup({ players: 2, rounds }, 3);
      expect(s.options.rounds).toBe(rounds);
      while (!s.over) s = play(s, botAction(s));
      expect(s.round).toBe(rounds);
      expect(s.result!.sets).toHaveLength(2);
    }
    expect(setup({ players: 2 }, 1).options.rounds).toBe(5);
    for (const rounds of [0, 6, 2.5])
      expect(() => setup({ players: 2, rounds }, 1)).toThrow(
        expect.objectContaining({ path: "/options/rounds" }),
      );
  });
});

describe("string module: the preview option and the widget's hints", () => {
  const solver = async () => createStringSolverReference();
  const plugin = {
    hintOptions: (o: Record<string, unknown>) => string.readHintOptions(o),
    loadHints: (o: StringHintOptions) => string.loadHints(solver, o),
  };

  it("preview answers the engine's check of the path; a bad path is an InputError at /options/preview/path", async () => {
    const s = gameAt(2);
    const path = paths(s, 1)[0]!;
    const hint = await plugin.loadHints(plugin.hintOptions({ preview: { kind: "long", path } }));
    const [h] = await hint(s);
    expect(h?.hint).toBe("preview");
    if (h?.hint !== "preview") return;
    expect(h.preview).toEqual(previewString(s, s.current!, "long", path));
    expect(h.action).toEqual({ type: "place-string", player: s.current, kind: "long", path });
    expect(() => plugin.hintOptions({ preview: { kind: "short", path: [1, 2, 3] } })).toThrow(
      expect.objectContaining({ path: "/options/preview/path" }),
    );
    expect(() => plugin.hintOptions({ preview: { kind: "short", path: [1, 2, 3, "x"] } })).toThrow(
      expect.objectContaining({ path: "/options/preview/path/3" }),
    );
    expect(() => plugin.hintOptions({ preview: { kind: "medium", path } })).toThrow(
      expect.objectContaining({ path: "/options/preview/kind" }),
    );
  });

  it("hints: the transport plan, long-distance routes, then strings; each action accepted by the engine", async () => {
    const hint = await plugin.loadHints(plugin.hintOptions({ max: 30 }));
    const seen = new Set<string>();
    for (const seed of [1, 2, 3]) {
      let s = gameAt(3, seed);
      for (let i = 0; i < 6 && !s.over; i++) {
        const list = await hint(s);
        expect(list).toEqual(createStringSolverReference().advice(s, 30)); // the cooperative phases change nothing
        expect(list.length).toBeLessThanOrEqual(30);
        const order = list.map((h) => h.hint);
        expect(order.join()).toMatch(/^(transport)?(,?long-distance)*(,?string)*$/);
        for (const h of list) {
          seen.add(h.hint);
          expect(apply(s, h.action).ok, JSON.stringify(h.action)).toBe(true);
        }
        s = play(s, botAction(s));
      }
    }
    expect(seen.has("string")).toBe(true);
    expect(seen.has("transport")).toBe(true);
  });
});

describe("string.route: outskirts cubes drawn as before (drawCubes by colour name, total kept)", () => {
  /** The former draw: the bag's total counted per cube, the colours walked in CUBE_COLOURS order by key. */
  function drawCubesKeyed(bag: Counts, n: number, rng: Rng): Counts {
    const out = emptyCounts();
    for (let i = 0; i < n; i++) {
      const total = countTotal(bag);
      if (total === 0) break;
      let k = rng.int(total);
      for (const c of CUBE_COLOURS) {
        if (k < bag[c]) {
          bag[c]--;
          out[c]++;
          break;
        }
        k -= bag[c];
      }
    }
    return out;
  }

  it("the same cubes, the same bag left and the same generator state, empty colours and an emptied bag included", () => {
    let seed = 7;
    for (let trial = 0; trial < 3000; trial++) {
      const bag = emptyCounts();
      for (const c of CUBE_COLOURS) {
        seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
        bag[c] = seed % 5 === 0 ? 0 : seed % 7; // some colours empty, some bags nearly so
      }
      const n = trial % 6;
      const a = new Rng(trial * 2654435761);
      const b = new Rng(trial * 2654435761);
      const bagA = { ...bag };
      const bagB = { ...bag };
      expect(drawCubes(bagA, n, a)).toEqual(drawCubesKeyed(bagB, n, b));
      expect(bagA).toEqual(bagB);
      expect(a.state).toBe(b.state);
    }
  });
});

describe("pointLocation's y-range filter changes nothing (string.leaves-board, string.touches-board-edge, mountain)", () => {
  /** The former loop: an orientation for every edge. */
  function pointLocationAllEdges(x: number, y: number, polygon: Float64Array): number {
    const n = polygon.length >> 1;
    let inside = false;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ax = polygon[2 * j]!;
      const ay = polygon[2 * j + 1]!;
      const bx = polygon[2 * i]!;
      const by = polygon[2 * i + 1]!;
      const o = orient2d(ax, ay, bx, by, x, y);
      if (
        o === 0 &&
        x >= Math.min(ax, bx) &&
        x <= Math.max(ax, bx) &&
        y >= Math.min(ay, by) &&
        y <= Math.max(ay, by)
      )
        return 0;
      if (ay > y !== by > y && (by > ay ? o > 0 : o < 0)) inside = !inside;
    }
    return inside ? 1 : -1;
  }

  it("equals the every-edge loop on random integer polygons at grid points, vertices and edge midpoints", () => {
    let seed = 11;
    const rnd = (m: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % m;
    };
    let boundary = 0;
    for (let trial = 0; trial < 300; trial++) {
      const n = 3 + rnd(8);
      const poly = new Float64Array(2 * n);
      for (let i = 0; i < 2 * n; i++) poly[i] = rnd(9);
      const pts: number[] = [];
      for (let x = -1; x <= 9; x += 0.5) for (let y = -1; y <= 9; y += 0.5) pts.push(x, y);
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        pts.push(
          poly[2 * i]!,
          poly[2 * i + 1]!,
          (poly[2 * i]! + poly[2 * j]!) / 2,
          (poly[2 * i + 1]! + poly[2 * j + 1]!) / 2,
        );
      }
      for (let q = 0; q < pts.length; q += 2) {
        const want = pointLocationAllEdges(pts[q]!, pts[q + 1]!, poly);
        if (want === 0) boundary++;
        expect(pointLocation(pts[q]!, pts[q + 1]!, poly)).toBe(want);
      }
    }
    expect(boundary).toBeGreaterThan(1000); // the boundary cases (horizontal edges, vertices) are exercised
  });
});

/**
 * All-pairs intersection: the method chosen by the input (grid or sweep along the dominant direction's normal,
 * identical segments merged), its 64-bit count and its work budget (issue #10 "choose the method by the input",
 * issue #13 "counts are exact in 64 bits; work is capped"). The Wasm kernel and its TypeScript twin must agree on
 * the count, the method, the work and the pair list, and both must equal the exact brute force.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { bruteForcePairs, mulberry32 } from "../../web/engine/string/geometry/exact.ts";
import {
  countIntersectingPairs,
  countIntersectingPairsBrute,
  lastPairsPlan,
  lastSweepGrouping,
  METHOD_GRID,
  METHOD_SWEEP,
  PairsWorkError,
} from "../../web/engine/string/geometry/pairs.ts";
import { createStringGeometryWasm, type StringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: StringGeometryWasm;
beforeAll(async () => {
  wasm = await createStringGeometryWasm(await compileWasmNode("string", "debug"));
});

/** Both sides on one input: same count, method, work and pair list; returns the count and the method. */
function both(s: Float64Array, room = 4096): { count: number; method: number } {
  const a = new Int32Array(2 * room);
  const b = new Int32Array(2 * room);
  const ct = countIntersectingPairs(s, a);
  const plan = { ...lastPairsPlan };
  const cw = wasm.countIntersectingPairs(s, b);
  expect(cw).toBe(ct);
  expect(wasm.pairsPlan).toEqual(plan);
  expect(Array.from(b.subarray(0, 2 * Math.min(cw, room)))).toEqual(
    Array.from(a.subarray(0, 2 * Math.min(ct, room))),
  );
  for (let k = 0; k < Math.min(ct, room); k++) expect(a[2 * k]!).toBeLessThan(a[2 * k + 1]!);
  return { count: ct, method: plan.method };
}

/** isect's parallelSlanted(n): n long parallel segments, nested boxes, no two meet. */
function parallelSlanted(n: number): Float64Array {
  const s = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) s.set([-i, i, i, 2 * i], 4 * i);
  return s;
}

// A family of parallel segments on integer lattice lines: direction (dx, dy), each segment base + t0·d … base + t1·d,
// so bases on one line give collinear overlaps, touching ends and T-junctions; plus a few segments of any direction,
// copies of earlier segments (some reversed), all scaled by one factor (exact and inexact coordinates).
const family = fc.record({
  dx: fc.integer({ min: -4, max: 4 }),
  dy: fc.integer({ min: -4, max: 4 }),
  parallel: fc.array(
    fc.tuple(
      fc.integer({ min: -6, max: 6 }),
      fc.integer({ min: -6, max: 6 }),
      fc.integer({ min: -30, max: 30 }),
      fc.integer({ min: -30, max: 30 }),
    ),
    { minLength: 30, maxLength: 80 },
  ),
  other: fc.array(fc.tuple(...Array.from({ length: 4 }, () => fc.integer({ min: -40, max: 40 }))), {
    maxLength: 6,
  }),
  copies: fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 20 }),
  scale: fc.constantFrom(1, 0.1, 3.7, 1e-3, 1e12, 2 ** -300, 2 ** 300),
});

type Family = typeof family extends fc.Arbitrary<infer T> ? T : never;

function build(f: Family): Float64Array {
  const list: number[][] = [];
  for (const [bx, by, t0, t1] of f.parallel)
    list.push([bx + t0 * f.dx, by + t0 * f.dy, bx + t1 * f.dx, by + t1 * f.dy]);
  for (const o of f.other) list.push([...o]);
  for (const [k, rev] of f.copies) {
    const c = list[k % list.length]!;
    list.push(rev ? [c[2]!, c[3]!, c[0]!, c[1]!] : [...c]);
  }
  return Float64Array.from(list.flat().map((v) => v * f.scale));
}

describe("all-pairs method chosen by the input", () => {
  it("long parallel segments (isect's parallelSlanted) go to the sweep: no candidate pairs, no pairs", () => {
    for (const n of [1000, 4000]) {
      const s = parallelSlanted(n);
      expect(both(s)).toEqual({ count: 0, method: METHOD_SWEEP });
      expect(lastPairsPlan.work).toBe(0);
    }
    expect(countIntersectingPairsBrute(parallelSlanted(300))).toBe(0);
  });

  it("random sparse segments stay on the grid", () => {
    const s = new Float64Array(4 * 3000);
    const r = mulberry32(7);
    for (let i = 0; i < 3000; i++) {
      const x = r() * 550;
      const y = r() * 550;
      s.set([x, y, x + 10 * r() - 5, y + 10 * r() - 5], 4 * i);
    }
    const { count, method } = both(s);
    expect(method).toBe(METHOD_GRID);
    expect(count).toBe(countIntersectingPairsBrute(s));
  });

  it("parallel, collinear, overlapping, long and identical segments: Wasm = twin = exact brute force (fast-check)", () => {
    let sweeps = 0;
    fc.assert(
      fc.property(family, (f) => {
        const s = build(f);
        const { count, method } = both(s);
        if (method === METHOD_SWEEP) sweeps++;
        expect(count).toBe(bruteForcePairs(s));
      }),
      { numRuns: 300, seed: 1013 },
    );
    expect(sweeps).toBeGreaterThan(60); // the property does reach the sweep
  });

  it("collinear segments overlapping and touching inside each other on parallel lines (near-equal projections)", () => {
    // 20 parallel lines y = x/3 + 7m; on each, 40 segments (3t0, t0) … (3t1, t1) with t near 10^6·k: the normal is
    // (1/3, -1) rounded, so the points of one line project to (nearly) one value and every segment of a line is a
    // candidate of every other
    const r = mulberry32(31);
    for (const k of [1, 1000, 3e6]) {
      const list: number[] = [];
      for (let m = 0; m < 20; m++)
        for (let q = 0; q < 40; q++) {
          const t0 = k * 1e6 + Math.floor(r() * 400);
          const t1 = t0 + Math.floor(r() * 60);
          list.push(3 * t0, t0 + 7 * m, 3 * t1, t1 + 7 * m);
        }
      const s = Float64Array.from(list);
      const { count, method } = both(s, 100);
      expect(method).toBe(METHOD_SWEEP);
      expect(count).toBe(countIntersectingPairsBrute(s));
    }
  });

  it("segments sharing only an endpoint while nearly parallel, at large coordinates", () => {
    // Fans of long segments from one point in almost the same direction: every pair meets at the apex only, and the
    // projections of the apex differ by rounding; the widened intervals must still overlap.
    for (const scale of [1, 1e8, 1e15, 2 ** 350]) {
      const list: number[] = [];
      for (let k = 0; k < 200; k++)
        list.push(0.1 * scale, 0.3 * scale, (1000 + k * 1e-9) * scale, (500 + k * 1e-7) * scale);
      for (let k = 0; k < 200; k++)
        list.push((1000 - k * 1e-9) * scale, (500 + 3 * k) * scale, 0.1 * scale, 0.3 * scale);
      const s = Float64Array.from(list);
      const { count } = both(s, 100);
      expect(count).toBe(countIntersectingPairsBrute(s));
    }
  });
});

describe("all-pairs count is exact past 32 bits", () => {
  it("65,537 identical segments (either way round) count 2,147,516,416 pairs (issue #13's file)", () => {
    const n = 65_537;
    const s = new Float64Array(4 * n);
    for (let i = 0; i < n; i++) s.set(i % 3 === 0 ? [3, 4, 1, 2] : [1, 2, 3, 4], 4 * i);
    const want = (n * (n - 1)) / 2;
    expect(want).toBe(2_147_516_416);
    expect(want).toBeGreaterThan(2 ** 31);
    const { count, method } = both(s, 50);
    expect(count).toBe(want);
    expect(method).toBe(METHOD_SWEEP);
    expect(lastPairsPlan.work).toBe(0); // one run: nothing left to test
  });

  it("groups of identical segments meet each other by their first members", () => {
    // runs of 300 copies: [0, 10] and [5, 20] overlap, [5, 20] and [20, 30] touch, [0, 10] and [20, 30] do not meet;
    // a fourth run of 300 and one of 50 lie apart
    const list: number[] = [];
    for (let k = 0; k < 300; k++) list.push(0, 0, 10, 0, 5, 0, 20, 0, 20, 0, 30, 0, 0, 5, 1, 6);
    for (let k = 0; k < 50; k++) list.push(40, 40, 41, 41);
    const s = Float64Array.from(list);
    const { count } = both(s, 1000);
    expect(count).toBe(4 * ((300 * 299) / 2) + 2 * 300 * 300 + (50 * 49) / 2);
    expect(count).toBe(countIntersectingPairsBrute(s));
  });
});

describe("all-pairs work budget", () => {
  // Issue #24: segments sharing an exact endpoint (a hub) meet there, so the sweep counts a stretch of runs sharing
  // a run's hub without testing them. Stars and fans (k hubs) with collinear spokes (overlapping or only touching
  // at the hub), spokes written either way round, copies, points at a hub and a few free segments.
  const fan = fc.record({
    hubs: fc.array(fc.tuple(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 })), {
      minLength: 1,
      maxLength: 3,
    }),
    spokes: fc.array(
      fc.tuple(fc.nat(), fc.integer({ min: -30, max: 30 }), fc.integer({ min: -30, max: 30 }), fc.boolean()),
      { minLength: 70, maxLength: 140 },
    ),
    other: fc.array(fc.tuple(...Array.from({ length: 4 }, () => fc.integer({ min: -40, max: 40 }))), {
      maxLength: 8,
    }),
    copies: fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 10 }),
    scale: fc.constantFrom(1, 0.1, 3.7, 1e12, 2 ** -300),
  });

  it("issue #24: stars and fans (shared endpoints, collinear spokes, copies): Wasm = twin = exact brute force, pair by pair (fast-check)", () => {
    let grouped = 0;
    fc.assert(
      fc.property(fan, (f) => {
        const list: number[][] = [];
        for (const [h, dx, dy, rev] of f.spokes) {
          const [hx, hy] = f.hubs[h % f.hubs.length]!;
          const spoke = [hx, hy, hx + dx, hy + dy];
          list.push(rev ? [spoke[2]!, spoke[3]!, hx, hy] : spoke);
        }
        for (const o of f.other) list.push([...o]);
        for (const [k, rev] of f.copies) {
          const c = list[k % list.length]!;
          list.push(rev ? [c[2]!, c[3]!, c[0]!, c[1]!] : [...c]);
        }
        const s = Float64Array.from(list.flat().map((v) => v * f.scale));
        const n = list.length;
        const room = (n * (n - 1)) / 2;
        const out = new Int32Array(2 * room);
        const { count, method } = both(s, room);
        if (method === METHOD_SWEEP && lastSweepGrouping.grouped) grouped++;
        expect(count).toBe(bruteForcePairs(s));
        countIntersectingPairs(s, out);
        // the pairs written are the brute force's pairs, each once
        const seen = new Set<number>();
        const two = new Float64Array(8);
        let apart = 0; // written pairs that do not meet
        for (let k = 0; k < count; k++) {
          const i = out[2 * k]!;
          const j = out[2 * k + 1]!;
          seen.add(i * n + j);
          two.set(s.subarray(4 * i, 4 * i + 4), 0);
          two.set(s.subarray(4 * j, 4 * j + 4), 4);
          if (bruteForcePairs(two) !== 1) apart++;
        }
        expect(apart).toBe(0);
        expect(seen.size).toBe(count);
      }),
      { numRuns: 80, seed: 2024 },
    );
    expect(grouped).toBeGreaterThan(15); // the property does reach the grouped sweep
  });

  it("issue #24: a star of 3000 segments from one point is one stretch per run: every pair, as the plan's work said", () => {
    const n = 3000;
    const s = new Float64Array(4 * n);
    const r = mulberry32(7);
    for (let i = 0; i < n; i++) {
      const a = r() * 2 * Math.PI;
      s.set(
        i % 2 ? [100 * Math.cos(a), 100 * Math.sin(a), 0, 0] : [0, 0, 100 * Math.cos(a), 100 * Math.sin(a)],
        4 * i,
      );
    }
    expect(both(s)).toEqual({ count: (n * (n - 1)) / 2, method: METHOD_SWEEP });
    // the plain sweep's candidates are every pair; grouped, each run skips its one stretch in one step
    expect(lastSweepGrouping).toEqual({ grouped: true, plainWork: (n * (n - 1)) / 2 });
    expect(lastPairsPlan.work).toBe(n - 1);
  });

  it("pairs.work-grouped: the budget counts the grouped sweep's steps: a 20,000-spoke star is answered under a budget its n²/2 candidates exceed, Wasm and twin alike", () => {
    const n = 20_000;
    const s = new Float64Array(4 * n);
    const r = mulberry32(24);
    for (let i = 0; i < n; i++) {
      const a = r() * 2 * Math.PI;
      const l = 1 + 99 * r();
      s.set([3, 4, 3 + l * Math.cos(a), 4 + l * Math.sin(a)], 4 * i);
    }
    const budget = 1_000_000;
    expect(countIntersectingPairs(s, undefined, budget)).toBe((n * (n - 1)) / 2);
    expect(lastSweepGrouping.plainWork).toBe((n * (n - 1)) / 2);
    expect(lastPairsPlan.work).toBeLessThan(2 * n);
    expect(wasm.countIntersectingPairs(s, undefined, budget)).toBe((n * (n - 1)) / 2);
    expect(wasm.pairsPlan).toEqual(lastPairsPlan);
    // two hubs' spokes crossing each other everywhere are still refused: their crossings are real tests
    const t = new Float64Array(4 * n);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * 0.5;
      t.set(i % 2 ? [0, 0, 100, 100 * a] : [100, 0, 0, 100 * a], 4 * i);
    }
    for (const call of [
      () => countIntersectingPairs(t, undefined, budget),
      () => wasm.countIntersectingPairs(t, undefined, budget),
    ])
      expect(call).toThrow(PairsWorkError);
  });

  it("refuses before testing anything when the chosen method's candidate pairs exceed maxWork, naming the work", () => {
    const n = 3000; // distinct collinear overlapping segments: every pair is a candidate and meets
    const s = new Float64Array(4 * n);
    for (let i = 0; i < n; i++) s.set([i, 0, i + n, 0], 4 * i);
    const work = (n * (n - 1)) / 2;
    for (const call of [
      () => countIntersectingPairs(s, undefined, work - 1),
      () => wasm.countIntersectingPairs(s, undefined, work - 1),
    ]) {
      const e = (() => {
        try {
          call();
        } catch (err) {
          return err;
        }
        return null;
      })();
      expect(e).toBeInstanceOf(PairsWorkError);
      expect((e as PairsWorkError).work).toBe(work);
      expect((e as PairsWorkError).message).toMatch(/4498500 candidate pairs/);
    }
    expect(countIntersectingPairs(s, undefined, work)).toBe(work);
    expect(wasm.countIntersectingPairs(s, undefined, work)).toBe(work);
  });
});

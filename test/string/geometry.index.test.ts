import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { mulberry32 } from "../../web/engine/string/geometry/exact.ts";
import {
  boundsOf,
  crossingPointsIndexed,
  MAX_INDEXED,
  PlacedIndex,
} from "../../web/engine/string/geometry/placed.ts";
import {
  crossingPoints,
  discEntry,
  pointInDisc,
  segmentTouchesDisc,
  stationsTouched,
} from "../../web/engine/string/geometry/polyline.ts";
import { createStringGeometryWasm, type StringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: StringGeometryWasm;
beforeAll(async () => {
  wasm = await createStringGeometryWasm(await compileWasmNode("string", "debug"));
});

/** The doubles' bit patterns (tells -0 from 0; "bit-identical" means these are equal). */
const bits = (a: Float64Array): string[] =>
  Array.from(new BigUint64Array(a.buffer, a.byteOffset, a.length), (b) => b.toString(16));

type Rnd = () => number;

/** A string of 63 segments in the 90 × 90 board, steps of `step`; `grid` rounds vertices to multiples of it. */
function walk(r: Rnd, step: number, grid: number): number[] {
  const q = (v: number) => (grid > 0 ? Math.round(v / grid) * grid : v);
  let x = q(5 + r() * 80);
  let y = q(5 + r() * 80);
  let a = r() * 2 * Math.PI;
  const out: number[] = [];
  for (let k = 0; k < 63; k++) {
    a += (r() - 0.5) * 1.2;
    let nx = q(x + step * Math.cos(a));
    let ny = q(y + step * Math.sin(a));
    if (nx < 1 || nx > 89 || ny < 1 || ny > 89) {
      a += Math.PI;
      nx = q(x + step * Math.cos(a));
      ny = q(y + step * Math.sin(a));
    }
    out.push(x, y, nx, ny);
    x = nx;
    y = ny;
  }
  return out;
}

/** Placed strings, one flat segment array each. */
function board(r: Rnd, strings: number, step: number, grid: number): Float64Array[] {
  return Array.from({ length: strings }, () => Float64Array.from(walk(r, step, grid)));
}

const concat = (parts: Float64Array[]): Float64Array => {
  const out = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

/**
 * A path of up to 64 vertices built to hit the degenerate cases: a new walk, a placed string's own vertices
 * (collinear overlaps, every joint), or a zigzag through random placed vertices and joints.
 */
function makePath(r: Rnd, placed: Float64Array, mode: number, grid: number): Float64Array {
  const ns = placed.length >> 2;
  if (mode === 0 || ns === 0) {
    const w = walk(r, 0.5 + r() * 2, grid);
    const nv = 1 + Math.floor(r() * 64);
    const p = new Float64Array(2 * nv);
    for (let i = 0; i < nv; i++) {
      p[2 * i] = w[4 * Math.min(i, 62)]!;
      p[2 * i + 1] = w[4 * Math.min(i, 62) + 1]!;
    }
    return p;
  }
  if (mode === 1) {
    // along a placed string, from a random segment on
    const j0 = Math.floor(r() * ns);
    const nv = Math.min(1 + Math.floor(r() * 64), ns - j0 + 1);
    const p = new Float64Array(2 * nv);
    for (let i = 0; i < nv; i++) {
      // the start of segment j0 + i, and for the last vertex the end of the one before
      const last = i === nv - 1 && nv > 1;
      const o = last ? 4 * (j0 + i - 1) + 2 : 4 * (j0 + i);
      p[2 * i] = placed[o]!;
      p[2 * i + 1] = placed[o + 1]!;
    }
    return p;
  }
  // through random placed vertices (either end of random segments: joints included)
  const nv = 1 + Math.floor(r() * 64);
  const p = new Float64Array(2 * nv);
  let j = Math.floor(r() * ns);
  for (let i = 0; i < nv; i++) {
    if (r() < 0.3) j = Math.floor(r() * ns);
    else j = Math.min(ns - 1, j + 1 + Math.floor(r() * 3));
    const e = r() < 0.5 ? 0 : 2;
    p[2 * i] = placed[4 * j + e]!;
    p[2 * i + 1] = placed[4 * j + e + 1]!;
  }
  return p;
}

function randomDiscs(r: Rnd, n: number, grid: number): Float64Array {
  return Float64Array.from({ length: 2 * n }, () =>
    grid > 0 ? Math.round((r() * 90) / grid) * grid : r() * 90,
  );
}

/** Checks both indexes against the brute force on one path. */
function expectSame(
  tsIndex: PlacedIndex,
  placed: Float64Array,
  path: Float64Array,
  discs: Float64Array,
  radius: number,
): number {
  const brute = crossingPoints(path, placed, discs, radius);
  const want = bits(brute);
  expect(bits(crossingPointsIndexed(path, tsIndex, discs, radius))).toEqual(want);
  expect(bits(wasm.crossingPointsIndexed(path, discs, radius))).toEqual(want);
  return brute.length >> 1;
}

describe("crossingPointsIndexed equals the brute-force crossingPoints (TS and Wasm, bit for bit)", () => {
  it("on seeded random boards: smooth, integer and half-integer grids, paths along and through placed strings", () => {
    const r = mulberry32(2026);
    let points = 0;
    let degenerate = 0;
    for (let b = 0; b < 36; b++) {
      const grid = [0, 1, 0.5][b % 3]!;
      const step = grid > 0 ? grid * (1 + Math.floor(r() * 3)) : 0.3 + r() * 2;
      const placed = concat(board(r, 5 + Math.floor(r() * 26), step, grid));
      const cell = [1, 0.5, 2, 3.7, 90][b % 5]!;
      const bounds = b % 4 === 3 ? undefined : [0, 0, 90, 90];
      const tsIndex = new PlacedIndex(placed, bounds, cell);
      wasm.setPlacedSegments(placed, bounds, cell);
      expect(wasm.placedCount).toBe(placed.length >> 2);
      expect(tsIndex.placedCount).toBe(placed.length >> 2);
      for (let k = 0; k < 30; k++) {
        const mode = k % 3;
        const path = makePath(r, placed, mode, grid);
        const discs = randomDiscs(r, k % 5 === 0 ? 0 : 40, grid);
        const radius = k % 2 === 0 ? 2.5 : 0.25;
        const n = expectSame(tsIndex, placed, path, discs, radius);
        points += n;
        if (mode > 0) degenerate += n;
      }
    }
    // the seeds do reach the cases: many crossings, many of them at shared vertices and overlaps
    expect(points).toBeGreaterThan(2000);
    expect(degenerate).toBeGreaterThan(1000);
  });

  it("the once-only rules: a contact at a path vertex or at a joint counts once, overlaps once per pair", () => {
    const f = (...v: number[]) => Float64Array.from(v);
    // placed string (0,0)→(1,1)→(2,0)→(3,1); joints on the 1 cm cell borders
    const placed = f(0, 0, 1, 1, 1, 1, 2, 0, 2, 0, 3, 1);
    const tsIndex = new PlacedIndex(placed, [0, 0, 4, 4], 1);
    wasm.setPlacedSegments(placed, [0, 0, 4, 4], 1);
    const none = new Float64Array(0);
    const cases: [Float64Array, number[]][] = [
      [f(1, 0, 1, 2), [1, 1]], // through the joint (1, 1): once
      [f(0, 1, 1, 1, 2, 1), [1, 1]], // path vertex on the joint: once
      // collinear overlap with segment 0, touch of segment 1 at the shared end: one meeting place, a stretch,
      // reported by its middle (string.meeting-places; this pinned the overlap's end before)
      [f(0, 0, 1, 1), [0.5, 0.5]],
      [f(0, 0, 3, 1), [0, 0, 1.5, 0.5, 3, 1]], // the string's two ends and a proper crossing
      [f(2, 0), [2, 0]], // a single vertex on a joint
    ];
    for (const [path, want] of cases) {
      const brute = crossingPoints(path, placed, none, 2.5);
      expect(Array.from(brute)).toEqual(want);
      expect(bits(tsIndex.crossingPointsIndexed(path, none, 2.5))).toEqual(bits(brute));
      expect(bits(wasm.crossingPointsIndexed(path, none, 2.5))).toEqual(bits(brute));
    }
  });

  it("large segments (over 16 cells), crowded cells (over the sort threshold), bounds that miss the board", () => {
    const r = mulberry32(5);
    // 200 long chords across the board plus 300 short segments in one 1 cm cell
    const parts: number[] = [];
    for (let i = 0; i < 200; i++) parts.push(r() * 90, r() * 90, r() * 90, r() * 90);
    for (let i = 0; i < 300; i++) {
      const x = 40 + r();
      const y = 40 + r();
      parts.push(x, y, x + (r() - 0.5) * 0.2, y + (r() - 0.5) * 0.2);
    }
    const placed = Float64Array.from(parts);
    for (const [bounds, cell] of [
      [[0, 0, 90, 90], 1],
      [[0, 0, 90, 90], 0.1], // 128 × 128 cells at most: cells of 0.7 cm
      [[40, 40, 41, 41], 0.05], // everything else clamped into the border cells
      [[-500, -500, -400, -400], 3], // the board outside the bounds: one corner cell
      [[10, 10, 10, 10], 1], // empty box: one cell
    ] as [number[], number][]) {
      const tsIndex = new PlacedIndex(placed, bounds, cell);
      wasm.setPlacedSegments(placed, bounds, cell);
      if (bounds[2] === 90 && cell === 1) expect(tsIndex.info.large).toBeGreaterThan(100);
      for (let k = 0; k < 12; k++) {
        const path = new Float64Array(2 * 64);
        for (let i = 0; i < 64; i++) {
          path[2 * i] = 38 + r() * 5;
          path[2 * i + 1] = 38 + r() * 5;
        }
        expectSame(tsIndex, placed, path, randomDiscs(r, 10, 0), 0.5);
      }
    }
  });

  it("fast-check: small integer boards, any cell size", () => {
    const coord = fc.integer({ min: -3, max: 12 });
    const seg = fc.tuple(coord, coord, coord, coord);
    fc.assert(
      fc.property(
        fc.array(seg, { maxLength: 60 }),
        fc.array(fc.tuple(coord, coord), { minLength: 1, maxLength: 64 }),
        fc.constantFrom(0.5, 1, 2.5, 7),
        fc.boolean(),
        (segs, verts, cell, chain) => {
          if (chain)
            for (let i = 1; i < segs.length; i++) {
              const s = segs[i]!;
              s[0] = segs[i - 1]![2];
              s[1] = segs[i - 1]![3];
            }
          const placed = Float64Array.from(segs.flat());
          const path = Float64Array.from(verts.flat());
          const tsIndex = new PlacedIndex(placed, [0, 0, 9, 9], cell);
          wasm.setPlacedSegments(placed, [0, 0, 9, 9], cell);
          expectSame(tsIndex, placed, path, Float64Array.of(4, 4), 0.5);
        },
      ),
      { seed: 42, numRuns: 400 },
    );
  });
});

describe("the index grows as strings are placed", () => {
  it("adding string by string equals one rebuild and the brute force (TS and Wasm)", () => {
    const r = mulberry32(31);
    for (let g = 0; g < 6; g++) {
      const grid = g % 2 === 0 ? 0 : 1;
      const strings = board(r, 25, grid > 0 ? 1 : 0.7, grid);
      const tsInc = new PlacedIndex(new Float64Array(0), [0, 0, 90, 90]);
      wasm.setPlacedSegments(new Float64Array(0), [0, 0, 90, 90]);
      const placed: Float64Array[] = [];
      for (const s of strings) {
        tsInc.addPlacedSegments(s);
        wasm.addPlacedSegments(s);
        placed.push(s);
        const all = concat(placed);
        expect(tsInc.segments()).toEqual(all);
        expect(wasm.placedCount).toBe(all.length >> 2);
        const rebuilt = new PlacedIndex(all, [0, 0, 90, 90]);
        const path = makePath(r, all, placed.length % 3, grid);
        const discs = randomDiscs(r, 40, grid);
        const want = bits(crossingPoints(path, all, discs, 2.5));
        expect(bits(tsInc.crossingPointsIndexed(path, discs, 2.5))).toEqual(want);
        expect(bits(rebuilt.crossingPointsIndexed(path, discs, 2.5))).toEqual(want);
        expect(bits(wasm.crossingPointsIndexed(path, discs, 2.5))).toEqual(want);
      }
    }
  });

  it("reaches the limit of 8,192 segments and refuses more, leaving the index as it was", () => {
    const r = mulberry32(8);
    // Short segments (≤ 3 long): the limit is a count; 8,192 segments across the whole board filled every cell and
    // took 18 s to index in TypeScript, for nothing this test checks.
    const full = new Float64Array(4 * MAX_INDEXED);
    for (let i = 0; i < MAX_INDEXED; i++) {
      const x = r() * 87;
      const y = r() * 87;
      full.set([x, y, x + r() * 3, y + r() * 3], 4 * i);
    }
    const tsIndex = new PlacedIndex(full.subarray(0, 4 * (MAX_INDEXED - 1)), [0, 0, 90, 90]);
    wasm.setPlacedSegments(full.subarray(0, 4 * (MAX_INDEXED - 1)), [0, 0, 90, 90]);
    expect(wasm.limits.placedSegments).toBe(MAX_INDEXED);
    const two = full.subarray(0, 8);
    expect(() => tsIndex.addPlacedSegments(two)).toThrow(RangeError);
    expect(() => wasm.addPlacedSegments(two)).toThrow(RangeError);
    tsIndex.addPlacedSegments(full.subarray(4 * (MAX_INDEXED - 1)));
    wasm.addPlacedSegments(full.subarray(4 * (MAX_INDEXED - 1)));
    expect(tsIndex.placedCount).toBe(MAX_INDEXED);
    expect(wasm.placedCount).toBe(MAX_INDEXED);
    const path = Float64Array.from({ length: 128 }, () => r() * 90);
    const want = bits(crossingPoints(path, full, new Float64Array(0), 2.5));
    expect(bits(tsIndex.crossingPointsIndexed(path, new Float64Array(0), 2.5))).toEqual(want);
    expect(bits(wasm.crossingPointsIndexed(path, new Float64Array(0), 2.5))).toEqual(want);
    const over = new Float64Array(4 * (MAX_INDEXED + 1));
    expect(() => new PlacedIndex(over)).toThrow(/limit of 8192/);
    expect(() => wasm.setPlacedSegments(over)).toThrow(/limit of 8192/);
  });

  it("refuses non-finite numbers and bad bounds with a RangeError, changing nothing", () => {
    const f = (...v: number[]) => Float64Array.from(v);
    const placed = f(0, 0, 10, 10);
    const tsIndex = new PlacedIndex(placed, [0, 0, 10, 10]);
    wasm.setPlacedSegments(placed, [0, 0, 10, 10]);
    const path = f(0, 10, 10, 0);
    for (const g of [tsIndex, wasm]) {
      expect(() => g.addPlacedSegments(f(1, 2, Number.NaN, 3))).toThrow(RangeError);
      expect(() => g.setPlacedSegments(f(1, 2, Number.POSITIVE_INFINITY, 3))).toThrow(RangeError);
      expect(() => g.setPlacedSegments(placed, [0, 0, -1, 10])).toThrow(/min ≤ max/);
      expect(() => g.setPlacedSegments(placed, [0, 0, 10])).toThrow(RangeError);
      expect(() => g.setPlacedSegments(placed, [0, 0, 10, 10], 0)).toThrow(/positive/);
      expect(g.placedCount).toBe(1);
      expect(Array.from(g.crossingPointsIndexed(path, new Float64Array(0), 1))).toEqual([5, 5]);
    }
    expect(() => wasm.crossingPointsIndexed(new Float64Array(2 * 65), new Float64Array(0), 1)).toThrow(
      /limit of 64/,
    );
    expect(boundsOf(f(3, -1, -2, 7, 5, 0))).toEqual([-2, -1, 5, 7]);
    expect(boundsOf(f())).toEqual([0, 0, 0, 0]);
  });
});

/** `stationsTouched` as it was before its box filter (the reference for the filter). */
function stationsTouchedUnfiltered(path: Float64Array, discs: Float64Array, radius: number): number[] {
  const out: number[] = [];
  const nv = path.length >> 1;
  const nd = discs.length >> 1;
  if (nv === 0) return out;
  const nseg = nv > 1 ? nv - 1 : 1;
  for (let k = 0; k < nseg; k++) {
    const ax = path[2 * k]!;
    const ay = path[2 * k + 1]!;
    const bx = nv > 1 ? path[2 * k + 2]! : ax;
    const by = nv > 1 ? path[2 * k + 3]! : ay;
    const hit: [number, number][] = [];
    for (let d = 0; d < nd; d++) {
      const cx = discs[2 * d]!;
      const cy = discs[2 * d + 1]!;
      if (!segmentTouchesDisc(ax, ay, bx, by, cx, cy, radius)) continue;
      if (k > 0 && pointInDisc(ax, ay, cx, cy, radius)) continue;
      hit.push([discEntry(ax, ay, bx, by, cx, cy, radius), d]);
    }
    hit.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    for (const [, d] of hit) out.push(d);
  }
  return out;
}

describe("stationsTouched's box filter changes nothing", () => {
  it("equals the unfiltered loop (TS and Wasm) on random, tangent, tiny and huge inputs", () => {
    const r = mulberry32(77);
    let visits = 0;
    for (let k = 0; k < 400; k++) {
      const mode = k % 4;
      const scale = mode === 3 ? 10 ** Math.floor(r() * 200 - 100) : 1;
      const radius = (mode === 2 ? 10 ** Math.floor(r() * 240 - 120) : 0.5 + r() * 3) * scale;
      const nv = 1 + Math.floor(r() * 64);
      const path = new Float64Array(2 * nv);
      for (let i = 0; i < 2 * nv; i++)
        path[i] = i < 2 ? r() * 90 * scale : path[i - 2]! + (r() - 0.5) * 6 * scale;
      const discs = new Float64Array(80);
      for (let d = 0; d < 40; d++) {
        if (mode === 1 && nv > 1) {
          // centre exactly r away from a vertex (tangent discs) or at r along an axis from a segment end
          const v = Math.floor(r() * nv);
          const a = Math.floor(r() * 4) * (Math.PI / 2);
          discs[2 * d] = path[2 * v]! + Math.round(Math.cos(a)) * radius;
          discs[2 * d + 1] = path[2 * v + 1]! + Math.round(Math.sin(a)) * radius;
        } else {
          discs[2 * d] = r() * 90 * scale;
          discs[2 * d + 1] = r() * 90 * scale;
        }
      }
      const want = stationsTouchedUnfiltered(path, discs, radius);
      visits += want.length;
      expect(stationsTouched(path, discs, radius)).toEqual(want);
      expect(wasm.stationsTouched(path, discs, radius)).toEqual(want);
    }
    expect(visits).toBeGreaterThan(500);
  });
});

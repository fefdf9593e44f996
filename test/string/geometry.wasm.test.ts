import { beforeAll, describe, expect, it } from "vitest";
import { bruteForcePairs, mulberry32, orientExact } from "../../web/engine/string/geometry/exact.ts";
import {
  countIntersectingPairs,
  countIntersectingPairsBrute,
} from "../../web/engine/string/geometry/pairs.ts";
import {
  createStringGeometryWasm,
  stringGeometryReference as ref,
  type StringGeometryWasm,
} from "../../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let wasm: StringGeometryWasm;
beforeAll(async () => {
  wasm = await createStringGeometryWasm(await compileWasmNode("string", "debug"));
});

/** n random segments in a box of side `size`, each at most `len` long; `grid` rounds to integers. */
function randomSegments(seed: number, n: number, size: number, len: number, grid = false): Float64Array {
  const r = mulberry32(seed);
  const s = new Float64Array(4 * n);
  for (let i = 0; i < n; i++) {
    const x = r() * size;
    const y = r() * size;
    let v = [x, y, x + (r() - 0.5) * 2 * len, y + (r() - 0.5) * 2 * len];
    if (grid) v = v.map(Math.round);
    s.set(v, 4 * i);
  }
  return s;
}

/** A random path of nv vertices in the 90 × 90 board, steps of about `step`. */
function randomPath(r: () => number, nv: number, step: number, grid: boolean): Float64Array {
  const p = new Float64Array(2 * nv);
  let x = 10 + r() * 70;
  let y = 10 + r() * 70;
  for (let i = 0; i < nv; i++) {
    p[2 * i] = grid ? Math.round(x) : x;
    p[2 * i + 1] = grid ? Math.round(y) : y;
    x += (r() - 0.5) * 2 * step;
    y += (r() - 0.5) * 2 * step;
  }
  return p;
}

/** A simple star-shaped polygon around (cx, cy). */
function randomPolygon(
  r: () => number,
  n: number,
  cx: number,
  cy: number,
  rad: number,
  grid: boolean,
): Float64Array {
  const p = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const a = (2 * Math.PI * i) / n;
    const d = rad * (0.5 + 0.5 * r());
    p[2 * i] = grid ? Math.round(cx + d * Math.cos(a)) : cx + d * Math.cos(a);
    p[2 * i + 1] = grid ? Math.round(cy + d * Math.sin(a)) : cy + d * Math.sin(a);
  }
  return p;
}

describe("Wasm equals TypeScript: predicates", () => {
  it("orient2d, segmentsIntersect, segmentIntersectionPoint agree bit for bit", () => {
    const r = mulberry32(7);
    for (let k = 0; k < 20000; k++) {
      const mode = k % 3;
      const v: number[] = [];
      for (let i = 0; i < 8; i++) v.push(mode === 0 ? Math.floor(r() * 9) - 4 : (r() - 0.5) * 100);
      if (mode === 2) {
        // c near the line ab, d on it or anywhere
        const t = r() * 1.4 - 0.2;
        v[4] = v[0]! + t * (v[2]! - v[0]!) + (r() < 0.5 ? 0 : 1e-17);
        v[5] = v[1]! + t * (v[3]! - v[1]!);
      }
      const [ax, ay, bx, by, cx, cy, dx, dy] = v as [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
      ];
      expect(wasm.orient2d(ax, ay, bx, by, cx, cy)).toBe(ref.orient2d(ax, ay, bx, by, cx, cy));
      expect(wasm.segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)).toBe(
        ref.segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy),
      );
      expect(wasm.segmentIntersectionPoint(ax, ay, bx, by, cx, cy, dx, dy)).toEqual(
        ref.segmentIntersectionPoint(ax, ay, bx, by, cx, cy, dx, dy),
      );
    }
  });

  it("is exact for any finite doubles too (big-integer fallback in Wasm, BigInt in TS); non-finite is refused", () => {
    const r = mulberry32(8);
    const u = new DataView(new ArrayBuffer(8));
    /** Any finite double: random bits, half of them snapped to a few shared values so that ties happen. */
    const any = (): number => {
      if (r() < 0.3)
        return [0, 1, -1, 5e-324, -5e-324, 1e300, 1e-300, Number.MAX_VALUE][Math.floor(r() * 8)]!;
      for (;;) {
        u.setUint32(0, Math.floor(r() * 2 ** 32));
        u.setUint32(4, Math.floor(r() * 2 ** 32));
        const x = u.getFloat64(0);
        if (Number.isFinite(x)) return x;
      }
    };
    for (let k = 0; k < 3000; k++) {
      const v = [any(), any(), any(), any(), any(), any()] as const;
      const e = orientExact(...v);
      expect(Math.sign(wasm.orient2d(...v)) || 0).toBe(e);
      expect(wasm.orient2d(...v)).toBe(ref.orient2d(...v));
    }
    expect(Math.sign(wasm.orient2d(0, 0, 1e-200, 0, 0, 1e-200))).toBe(1);
    expect(wasm.orient2d(0, 0, 5e-324, 5e-324, 1e-323, 1e-323)).toBe(0);
    expect(() => wasm.orient2d(0, 0, Number.NaN, 0, 0, 1)).toThrow(RangeError);
    const extreme = Float64Array.from({ length: 4 * 60 }, () => any());
    expect(wasm.countIntersectingPairs(extreme)).toBe(bruteForcePairs(extreme));
    expect(countIntersectingPairs(extreme)).toBe(bruteForcePairs(extreme));
  });
});

describe("all pairs of intersecting segments", () => {
  it("grid equals brute force (exact BigInt) on degenerate integer sets", () => {
    for (let seed = 1; seed <= 6; seed++) {
      const s = randomSegments(seed, 150, 20, 4, true);
      const exact = bruteForcePairs(s);
      expect(countIntersectingPairs(s)).toBe(exact);
      expect(wasm.countIntersectingPairs(s)).toBe(exact);
    }
  });

  it("Wasm equals the TS twin (count and pair list) and brute force on random sets of many shapes", () => {
    const cases: Array<[string, Float64Array]> = [
      ["sparse 3000", randomSegments(11, 3000, 1000, 15)],
      ["dense 400", randomSegments(12, 400, 50, 30)],
      ["long 300", randomSegments(13, 300, 100, 100)],
      ["integer 2000", randomSegments(14, 2000, 60, 3, true)],
      ["all on one line", Float64Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? (i * 7) % 50 : 0))],
      ["one point repeated", new Float64Array(40).fill(3)],
      ["two", Float64Array.of(0, 0, 1, 1, 0, 1, 1, 0)],
    ];
    for (const [name, s] of cases) {
      const n = s.length >> 2;
      const a = new Int32Array(2 * n * 8);
      const b = new Int32Array(2 * n * 8);
      const ca = countIntersectingPairs(s, a);
      const cb = wasm.countIntersectingPairs(s, b);
      expect(cb, name).toBe(ca);
      expect(cb, name).toBe(countIntersectingPairsBrute(s));
      if (ca <= a.length / 2)
        expect(Array.from(b.subarray(0, 2 * cb)), name).toEqual(Array.from(a.subarray(0, 2 * ca)));
      for (let k = 0; k < Math.min(ca, a.length / 2); k++) expect(a[2 * k]!).toBeLessThan(a[2 * k + 1]!);
    }
  });

  it("more pairs than the kernel's output buffer: the count stays exact and the twin fills the caller's buffer", () => {
    const n = 800; // every segment passes through the origin: all n(n-1)/2 = 319,600 pairs meet
    const s = new Float64Array(4 * n);
    for (let i = 0; i < n; i++) {
      const a = (Math.PI * i) / n;
      s.set(
        [-Math.cos(a), -Math.sin(a), Math.cos(a), Math.sin(a)].map((v) => Math.round(v * 1e6)),
        4 * i,
      );
    }
    const total = (n * (n - 1)) / 2;
    expect(total).toBeGreaterThan(wasm.limits.pairs);
    expect(wasm.countIntersectingPairs(s)).toBe(total);
    const a = new Int32Array(2 * total);
    const b = new Int32Array(2 * total);
    expect(wasm.countIntersectingPairs(s, a)).toBe(total);
    expect(countIntersectingPairs(s, b)).toBe(total);
    let firstDiff = -1; // a manual scan: deep equality over 639,200 numbers is slow
    for (let k = 0; k < a.length && firstDiff < 0; k++) if (a[k] !== b[k]) firstDiff = k;
    expect(firstDiff).toBe(-1);
    const small = new Int32Array(20);
    expect(wasm.countIntersectingPairs(s, small)).toBe(total);
    expect(Array.from(small)).toEqual(Array.from(b.subarray(0, 20)));
  });

  it("refuses non-finite coordinates, naming the segment", () => {
    expect(() =>
      wasm.countIntersectingPairs(Float64Array.of(0, 0, 1, 1, 0, 0, Number.POSITIVE_INFINITY, 1)),
    ).toThrow(/segments\[1\]/);
    expect(() => wasm.countIntersectingPairs(Float64Array.of(Number.NaN, 0, 1, 1, 0, 0, 1, 1))).toThrow(
      /segments\[0\]/,
    );
    // a single segment too (the kernel checks before its n < 2 shortcut)
    expect(() => wasm.countIntersectingPairs(Float64Array.of(0, 0, 1, Number.NaN))).toThrow(/segments\[0\]/);
  });

  it("refuses more segments than the kernel's limit", () => {
    expect(() => wasm.countIntersectingPairs(new Float64Array(4 * (wasm.limits.segments + 1)))).toThrow(
      /limit/,
    );
  });
});

describe("Wasm equals TypeScript: polyline kernels", () => {
  it("length, stations touched, polygons, crossing points on seeded random boards", () => {
    const r = mulberry32(99);
    const R = 2.5;
    for (let k = 0; k < 300; k++) {
      const grid = k % 2 === 0;
      const path = randomPath(r, 1 + Math.floor(r() * 64), 1 + r() * 4, grid);
      const discs = Float64Array.from({ length: 40 }, () => (grid ? Math.round(r() * 90) : r() * 90));
      const polygon = randomPolygon(r, 3 + Math.floor(r() * 40), 45, 45, 10 + r() * 40, grid);
      const placed = randomSegments(k + 1000, 200, 90, 3, grid);
      expect(wasm.polylineLength(path)).toBe(ref.polylineLength(path));
      expect(wasm.stationsTouched(path, discs, R)).toEqual(ref.stationsTouched(path, discs, R));
      expect(wasm.polylineInsidePolygon(path, polygon)).toBe(ref.polylineInsidePolygon(path, polygon));
      expect(wasm.polylineTouchesPolygon(path, polygon)).toBe(ref.polylineTouchesPolygon(path, polygon));
      for (let v = 0; v < path.length; v += 2) {
        const x = path[v]!;
        const y = path[v + 1]!;
        expect(wasm.pointLocation(x, y, polygon)).toBe(ref.pointLocation(x, y, polygon));
        expect(wasm.pointInPolygon(x, y, polygon)).toBe(ref.pointInPolygon(x, y, polygon));
      }
      const mx = (polygon[0]! + polygon[2]!) / 2; // an edge midpoint: exactly on the boundary for integer vertices
      const my = (polygon[1]! + polygon[3]!) / 2;
      expect(wasm.pointLocation(polygon[2]!, polygon[3]!, polygon)).toBe(0);
      expect(wasm.pointLocation(mx, my, polygon)).toBe(ref.pointLocation(mx, my, polygon));
      expect(Array.from(wasm.crossingPoints(path, placed, discs, R))).toEqual(
        Array.from(ref.crossingPoints(path, placed, discs, R)),
      );
    }
  });

  it("refuses a path over 64 vertices", () => {
    expect(() => wasm.polylineLength(new Float64Array(2 * 65))).toThrow(/limit of 64/);
  });
});

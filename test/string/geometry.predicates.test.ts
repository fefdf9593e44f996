import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { intersectExact, orientExact } from "../../web/engine/string/geometry/exact.ts";
import {
  orient2d,
  pointOnSegment,
  segmentIntersectionPoint,
  segmentsIntersect,
} from "../../web/engine/string/geometry/predicates.ts";

const SEED = 20261202;
const small = fc.integer({ min: -6, max: 6 });
const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true });
const s = (v: number): number => (v > 0 ? 1 : v < 0 ? -1 : 0);

describe("orient2d: exact sign", () => {
  it("equals the BigInt reference on small integer grids (many collinear triples)", () => {
    fc.assert(
      fc.property(small, small, small, small, small, small, (ax, ay, bx, by, cx, cy) => {
        expect(s(orient2d(ax, ay, bx, by, cx, cy))).toBe(orientExact(ax, ay, bx, by, cx, cy));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("equals the reference near the line y = x (Kettner et al.'s classroom example, 2^-53 steps)", () => {
    const u = 2 ** -53;
    for (let i = 0; i < 64; i++)
      for (let j = 0; j < 64; j++) {
        const px = 0.5 + i * u;
        const py = 0.5 + j * u;
        expect(s(orient2d(px, py, 12, 12, 24, 24))).toBe(orientExact(px, py, 12, 12, 24, 24));
      }
  });

  it("equals the reference for points computed on a segment, nudged by 1e-17 and by one ulp", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -100, max: 100, noNaN: true }),
        fc.double({ min: -1, max: 2, noNaN: true }),
        fc.constantFrom(0, 1e-17, -1e-17, 2 ** -60, 1e-300),
        (ax, ay, bx, by, t, eps) => {
          const cx = ax + t * (bx - ax) + eps;
          const cy = ay + t * (by - ay);
          expect(s(orient2d(ax, ay, bx, by, cx, cy))).toBe(orientExact(ax, ay, bx, by, cx, cy));
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("is exact for any finite doubles (huge, tiny, subnormal: the BigInt fallback)", () => {
    fc.assert(
      fc.property(
        anyDouble,
        anyDouble,
        anyDouble,
        anyDouble,
        anyDouble,
        anyDouble,
        (ax, ay, bx, by, cx, cy) => {
          expect(s(orient2d(ax, ay, bx, by, cx, cy))).toBe(orientExact(ax, ay, bx, by, cx, cy));
        },
      ),
      { seed: SEED, numRuns: 1000 },
    );
    const tiny = 5e-324;
    expect(orient2d(0, 0, tiny, tiny, 2 * tiny, 2 * tiny)).toBe(0);
    expect(s(orient2d(0, 0, 1e-200, 0, 0, 1e-200))).toBe(1); // product underflows in floating point
    expect(s(orient2d(0, 0, 1e300, 0, 0, 1e300))).toBe(1); // product overflows
    expect(s(orient2d(1e-300, 0, 1, 1e-300, 0, 1))).toBe(orientExact(1e-300, 0, 1, 1e-300, 0, 1));
  });
});

describe("segmentsIntersect: closed segments", () => {
  it("T-junction, shared endpoint, collinear overlap / touching / disjoint, zero-length", () => {
    expect(segmentsIntersect(0, 0, 4, 0, 2, 0, 2, 3)).toBe(true); // T: endpoint on the interior
    expect(segmentsIntersect(0, 0, 4, 0, 2, 1e-17, 2, 3)).toBe(false); // T just above (1e-17 is exact here)
    expect(segmentsIntersect(0, 0, 4, 0, 4, 0, 6, 5)).toBe(true); // shared endpoint
    expect(segmentsIntersect(0, 0, 4, 0, 2, 0, 6, 0)).toBe(true); // collinear overlap
    expect(segmentsIntersect(0, 0, 4, 0, 4, 0, 6, 0)).toBe(true); // collinear, touching at one point
    expect(segmentsIntersect(0, 0, 4, 0, 5, 0, 6, 0)).toBe(false); // collinear, disjoint
    expect(segmentsIntersect(0, 0, 4, 4, 5, 5, 6, 6)).toBe(false); // collinear diagonal, disjoint
    expect(segmentsIntersect(0, 0, 4, 4, 1, 1, 1, 1)).toBe(true); // zero-length on the segment
    expect(segmentsIntersect(0, 0, 4, 4, 1, 2, 1, 2)).toBe(false); // zero-length off it
    expect(segmentsIntersect(0, 0, 4, 4, 5, 5, 5, 5)).toBe(false); // zero-length on the line, beyond
    expect(segmentsIntersect(1, 1, 1, 1, 1, 1, 1, 1)).toBe(true); // two equal points
    expect(segmentsIntersect(1, 1, 1, 1, 1, 2, 1, 2)).toBe(false); // two different points
    expect(segmentsIntersect(0, 0, 2, 2, 0, 2, 2, 0)).toBe(true); // proper crossing
    expect(segmentsIntersect(0, 0, 1, 1, 3, 0, 2, 1)).toBe(false); // lines cross outside both
    expect(segmentsIntersect(0, 0, 0.3, 0.1, 0.1, 1 / 30, 0.1, 1 / 30)).toBe(
      orientExact(0, 0, 0.3, 0.1, 0.1, 1 / 30) === 0,
    );
  });

  it("equals the rational reference on small integer grids", () => {
    fc.assert(
      fc.property(fc.array(small, { minLength: 8, maxLength: 8 }), (v) => {
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
        expect(segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)).toBe(intersectExact(...v));
      }),
      { seed: SEED, numRuns: 4000 },
    );
  });

  it("equals the rational reference on near-degenerate doubles (endpoints on, or a hair off, the other segment)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -50, max: 50, noNaN: true }), { minLength: 4, maxLength: 4 }),
        fc.double({ min: -0.5, max: 1.5, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.double({ min: -50, max: 50, noNaN: true }),
        fc.constantFrom(0, 1e-17, -1e-17, 1e-15, 2 ** -70),
        fc.boolean(),
        (ab, t, dx, dy, eps, collinear) => {
          const [ax, ay, bx, by] = ab as [number, number, number, number];
          const cx = ax + t * (bx - ax) + eps;
          const cy = ay + t * (by - ay);
          // d either on the same line (collinear case) or anywhere
          const ex = collinear ? ax + (t + 0.25) * (bx - ax) : dx;
          const ey = collinear ? ay + (t + 0.25) * (by - ay) : dy;
          expect(segmentsIntersect(ax, ay, bx, by, cx, cy, ex, ey)).toBe(
            intersectExact(ax, ay, bx, by, cx, cy, ex, ey),
          );
          expect(segmentsIntersect(cx, cy, ex, ey, ax, ay, bx, by)).toBe(
            intersectExact(ax, ay, bx, by, cx, cy, ex, ey),
          );
        },
      ),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it("equals the rational reference on arbitrary finite doubles", () => {
    fc.assert(
      fc.property(fc.array(anyDouble, { minLength: 8, maxLength: 8 }), (v) => {
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
        expect(segmentsIntersect(ax, ay, bx, by, cx, cy, dx, dy)).toBe(intersectExact(...v));
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});

describe("segmentIntersectionPoint", () => {
  it("returns the exact vertex for touches and an overlap endpoint for collinear overlap", () => {
    expect(segmentIntersectionPoint(0, 0, 4, 0, 2, 0, 2, 3)).toEqual({ x: 2, y: 0 });
    expect(segmentIntersectionPoint(0, 0, 4, 0, 4, 0, 6, 5)).toEqual({ x: 4, y: 0 });
    expect(segmentIntersectionPoint(0, 0, 4, 0, 2, 0, 6, 0)).toEqual({ x: 4, y: 0 }); // b is the first end on cd
    expect(segmentIntersectionPoint(1, 0, 2, 0, 0, 0, 6, 0)).toEqual({ x: 1, y: 0 });
    expect(segmentIntersectionPoint(0, 0, 6, 0, 2, 0, 3, 0)).toEqual({ x: 2, y: 0 });
    expect(segmentIntersectionPoint(0, 0, 2, 2, 0, 2, 2, 0)).toEqual({ x: 1, y: 1 });
    expect(segmentIntersectionPoint(0, 0, 4, 0, 5, 0, 6, 0)).toBeNull();
    expect(segmentIntersectionPoint(3, 3, 3, 3, 0, 0, 6, 6)).toEqual({ x: 3, y: 3 });
  });

  it("lies on both segments up to rounding, and exists exactly when they meet", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 8, maxLength: 8 }), (v) => {
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
        const p = segmentIntersectionPoint(ax, ay, bx, by, cx, cy, dx, dy);
        expect(p !== null).toBe(intersectExact(...v));
        if (!p) return;
        const tol = 1e-9;
        expect(p.x).toBeGreaterThanOrEqual(Math.min(ax, bx, cx, dx) - tol);
        // distance of p to each supporting line, relative to the segment length
        const dist = (x1: number, y1: number, x2: number, y2: number) => {
          const l = Math.hypot(x2 - x1, y2 - y1);
          return l === 0 ? Math.hypot(p.x - x1, p.y - y1) : Math.abs(orient2d(x1, y1, x2, y2, p.x, p.y)) / l;
        };
        expect(dist(ax, ay, bx, by)).toBeLessThan(tol);
        expect(dist(cx, cy, dx, dy)).toBeLessThan(tol);
        expect(pointOnSegment(p.x, p.y, ax, ay, bx, by) || dist(ax, ay, bx, by) < tol).toBe(true);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });
});

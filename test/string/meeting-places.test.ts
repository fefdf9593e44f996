/**
 * string.meeting-places (docs/rules/string-railway.md § Meeting places): the crossing cost of a new string is the
 * number of connected components of (path ∩ rival string) outside every station disc, summed over the rival
 * strings. Checked against an independent exact model written here (rationals over BigInt, not the engine's code):
 *
 * 1. every (path segment, rival segment) pair's exact shared set: a point or a stretch, solved parametrically;
 * 2. each stretch is cut at every rational point of the shared set lying on it (points, other stretches' ends) into
 *    elementary intervals; between two cuts only that interval's own line and the discs are present, so an
 *    interval [p, q] minus the (disjoint, convex, closed) discs has m + 1 − [p ∈ D] − [q ∈ D] parts (m discs meet
 *    it; a disc holding both ends holds it all), its first part holding p when p ∉ D, its last q when q ∉ D;
 * 3. a union–find over the distinct points outside the discs and those parts; its components are the places.
 *
 * The engine's count (TS `meetingPlaces`, the placed index, and their Wasm twins, bit for bit), and the hint
 * kernel's (TS and Wasm) must equal the model's on random paths (fast-check) and on adversarial integer and dyadic
 * cases where the degeneracies really happen.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { apply, previewString, setup } from "../../web/engine/string/engine.ts";
import { mulberry32 } from "../../web/engine/string/geometry/exact.ts";
import { PlacedIndex } from "../../web/engine/string/geometry/placed.ts";
import { meetingPlaces } from "../../web/engine/string/geometry/polyline.ts";
import { measureRoute } from "../../web/engine/string/geometry/route.ts";
import { createStringGeometryWasm, type StringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import type { PlanKernel } from "../../web/solvers/string/kernel.ts";
import { createReferenceKernel } from "../../web/solvers/string/reference.ts";
import { createWasmKernel } from "../../web/solvers/string/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";
import { BOARD, line, must } from "./fixtures.ts";

const R = 2.5;

// ---------------------------------------------------------------------------------------------------
// The exact model: rationals n / d (d > 0, lowest terms) over BigInt.

type Q = readonly [bigint, bigint];
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
const q = (n: bigint, d: bigint): Q => {
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return [n / g, d / g];
};
const add = (a: Q, b: Q): Q => q(a[0] * b[1] + b[0] * a[1], a[1] * b[1]);
const sub = (a: Q, b: Q): Q => q(a[0] * b[1] - b[0] * a[1], a[1] * b[1]);
const mul = (a: Q, b: Q): Q => q(a[0] * b[0], a[1] * b[1]);
const div = (a: Q, b: Q): Q => q(a[0] * b[1], a[1] * b[0]);
const cmp = (a: Q, b: Q): number => {
  const v = a[0] * b[1] - b[0] * a[1];
  return v > 0n ? 1 : v < 0n ? -1 : 0;
};
const ZERO: Q = [0n, 1n];
const ONE: Q = [1n, 1n];
/** A double as an exact rational. */
function rat(x: number): Q {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, x);
  const e = (buf.getUint16(0) >>> 4) & 0x7ff;
  let m = buf.getBigUint64(0) & ((1n << 52n) - 1n);
  if (e !== 0) m |= 1n << 52n;
  const exp = (e === 0 ? 1 : e) - 1075;
  const n = x < 0 ? -m : m;
  return exp >= 0 ? q(n << BigInt(exp), 1n) : q(n, 1n << BigInt(-exp));
}

interface P {
  x: Q;
  y: Q;
}
const pt = (x: number, y: number): P => ({ x: rat(x), y: rat(y) });
const key = (p: P) => `${p.x[0]}/${p.x[1]},${p.y[0]}/${p.y[1]}`;
const minus = (a: P, b: P): P => ({ x: sub(a.x, b.x), y: sub(a.y, b.y) });
const cross = (a: P, b: P): Q => sub(mul(a.x, b.y), mul(a.y, b.x));
const dot = (a: P, b: P): Q => add(mul(a.x, b.x), mul(a.y, b.y));
const at = (a: P, b: P, t: Q): P => ({
  x: add(a.x, mul(t, sub(b.x, a.x))),
  y: add(a.y, mul(t, sub(b.y, a.y))),
});
const same = (a: P, b: P) => cmp(a.x, b.x) === 0 && cmp(a.y, b.y) === 0;

/** p lies on the closed segment [a, b] (a may equal b). */
function onSeg(p: P, a: P, b: P): boolean {
  if (cmp(cross(minus(b, a), minus(p, a)), ZERO) !== 0) return false;
  const lo = (u: Q, v: Q) => (cmp(u, v) <= 0 ? u : v);
  const hi = (u: Q, v: Q) => (cmp(u, v) >= 0 ? u : v);
  return (
    cmp(p.x, lo(a.x, b.x)) >= 0 &&
    cmp(p.x, hi(a.x, b.x)) <= 0 &&
    cmp(p.y, lo(a.y, b.y)) >= 0 &&
    cmp(p.y, hi(a.y, b.y)) <= 0
  );
}

/** The shared set of closed segments [a, b], [c, d]: null, a point, or a stretch [u, v] (u ≠ v). */
function meet(a: P, b: P, c: P, d: P): null | { p: P } | { u: P; v: P } {
  const r = minus(b, a);
  const s = minus(d, c);
  if (same(a, b)) return onSeg(a, c, d) ? { p: a } : null;
  if (same(c, d)) return onSeg(c, a, b) ? { p: c } : null;
  const den = cross(r, s);
  const ca = minus(c, a);
  if (cmp(den, ZERO) !== 0) {
    const t = div(cross(ca, s), den);
    const u = div(cross(ca, r), den);
    if (cmp(t, ZERO) < 0 || cmp(t, ONE) > 0 || cmp(u, ZERO) < 0 || cmp(u, ONE) > 0) return null;
    return { p: at(a, b, t) };
  }
  if (cmp(cross(ca, r), ZERO) !== 0) return null; // parallel lines apart
  // one line: parameters of c and d along a → b
  const rr = dot(r, r);
  const tc = div(dot(minus(c, a), r), rr);
  const td = div(dot(minus(d, a), r), rr);
  const lo = cmp(tc, td) <= 0 ? tc : td;
  const hi = cmp(tc, td) <= 0 ? td : tc;
  const t0 = cmp(lo, ZERO) > 0 ? lo : ZERO;
  const t1 = cmp(hi, ONE) < 0 ? hi : ONE;
  const k = cmp(t0, t1);
  if (k > 0) return null;
  if (k === 0) return { p: at(a, b, t0) };
  return { u: at(a, b, t0), v: at(a, b, t1) };
}

function inDisc(p: P, c: P, r2: Q): boolean {
  const d = minus(p, c);
  return cmp(dot(d, d), r2) <= 0;
}

/** The closed segment [a, b] meets the closed disc (c, r). */
function segMeetsDisc(a: P, b: P, c: P, r2: Q): boolean {
  const ab = minus(b, a);
  const l2 = dot(ab, ab);
  let t = cmp(l2, ZERO) === 0 ? ZERO : div(dot(minus(c, a), ab), l2);
  if (cmp(t, ZERO) < 0) t = ZERO;
  if (cmp(t, ONE) > 0) t = ONE;
  return inDisc(at(a, b, t), c, r2);
}

/** The model: meeting places of `path` with each of `rivals` outside the discs (radius R). */
function modelCount(path: number[], rivals: number[][], discs: number[]): number {
  const D: P[] = [];
  for (let i = 0; i + 1 < discs.length; i += 2) D.push(pt(discs[i]!, discs[i + 1]!));
  const r2 = mul(rat(R), rat(R));
  const outside = (p: P) => D.every((c) => !inDisc(p, c, r2));
  const segsOf = (line: number[]): [P, P][] => {
    const v: P[] = [];
    for (let i = 0; i + 1 < line.length; i += 2) v.push(pt(line[i]!, line[i + 1]!));
    if (v.length === 1) return [[v[0]!, v[0]!]];
    return v.slice(1).map((b, i) => [v[i]!, b]);
  };
  const ps = segsOf(path);
  let total = 0;
  for (const rival of rivals) {
    const points: P[] = [];
    const stretches: [P, P][] = [];
    for (const [a, b] of ps)
      for (const [c, d] of segsOf(rival)) {
        const m = meet(a, b, c, d);
        if (!m) continue;
        if ("p" in m) points.push(m.p);
        else stretches.push([m.u, m.v]);
      }
    // union–find over keyed nodes
    const parent = new Map<string, string>();
    const node = (k: string) => {
      if (!parent.has(k)) parent.set(k, k);
      return k;
    };
    const find = (k: string): string => {
      let r = k;
      while (parent.get(r) !== r) r = parent.get(r)!;
      parent.set(k, r);
      return r;
    };
    const join = (a: string, b: string) => parent.set(find(a), find(b));
    for (const p of points) if (outside(p)) node(`p${key(p)}`);
    const cuts = [...points, ...stretches.flat()];
    const done = new Set<string>();
    for (const [u, v] of stretches) {
      const uv = minus(v, u);
      const on = cuts.filter((p) => onSeg(p, u, v));
      const t = (p: P) => dot(minus(p, u), uv);
      on.sort((p1, p2) => cmp(t(p1), t(p2)));
      const bp = on.filter((p, i) => i === 0 || !same(p, on[i - 1]!));
      for (let i = 0; i + 1 < bp.length; i++) {
        const p = bp[i]!;
        const e = bp[i + 1]!;
        const k = [key(p), key(e)].sort().join("|");
        if (done.has(k)) continue; // the same elementary interval from another pair
        done.add(k);
        const m = D.filter((c) => segMeetsDisc(p, e, c, r2)).length;
        const parts = m + 1 - (outside(p) ? 0 : 1) - (outside(e) ? 0 : 1);
        for (let g = 0; g < parts; g++) node(`i${k}#${g}`);
        if (parts > 0 && outside(p)) join(`i${k}#0`, node(`p${key(p)}`));
        if (parts > 0 && outside(e)) join(`i${k}#${parts - 1}`, node(`p${key(e)}`));
      }
    }
    const roots = new Set<string>();
    for (const k of parent.keys()) roots.add(find(k));
    total += roots.size;
  }
  return total;
}

// ---------------------------------------------------------------------------------------------------
// The engine's answers

let wasm: StringGeometryWasm;
let kernels: PlanKernel[];
beforeAll(async () => {
  wasm = await createStringGeometryWasm(await compileWasmNode("string", "debug"));
  kernels = [createReferenceKernel(), await createWasmKernel(await compileWasmNode("stringplan", "debug"))];
});

const bits = (a: Float64Array): string => Array.from(new BigUint64Array(Float64Array.from(a).buffer)).join();

function flatten(rivals: number[][]): { segs: Float64Array; ids: Int32Array } {
  const s: number[] = [];
  const ids: number[] = [];
  rivals.forEach((line, i) => {
    for (let k = 0; k + 3 < line.length; k += 2) {
      s.push(line[k]!, line[k + 1]!, line[k + 2]!, line[k + 3]!);
      ids.push(i);
    }
  });
  return { segs: Float64Array.from(s), ids: Int32Array.from(ids) };
}

/** The hint kernel's count of a 2- or 3-vertex path (crossings of candidate 0), on kernel k. */
function hintCount(
  k: PlanKernel,
  path: number[],
  segs: Float64Array,
  ids: Int32Array,
  discs: number[],
): number {
  const board = [-1000, -1000, 1000, -1000, 1000, 1000, -1000, 1000];
  const mount = [900, 900, 901, 900, 900, 901];
  k.board.set(board);
  k.mount.set(mount);
  k.discs.set(discs);
  k.placed.set(segs);
  k.placedString.set(ids);
  const nd = discs.length / 2;
  k.net.fill(0, 0, Math.max(nd, 1));
  k.outsk.fill(0, 0, Math.max(nd, 1));
  k.colour.fill(-1, 0, Math.max(nd, 1));
  k.cubes.fill(0, 0, 6 * Math.max(nd, 1));
  k.cand.set(path, 0);
  k.candNv[0] = path.length / 2;
  k.candKind[0] = 1;
  k.evaluate(1, nd, ids.length, 4, 3, R, 6);
  return k.resI[2]!;
}

/**
 * Every engine count of `path` against `rivals` (each a polyline, its own rival string): TS every pair, the TS
 * index, the Wasm every pair and index (bit for bit equal to the TS ones), and for 2–3 vertices the hint kernels.
 */
function engineCount(path: number[], rivals: number[][], discs: number[]): number {
  const p = Float64Array.from(path);
  const d = Float64Array.from(discs);
  const { segs, ids } = flatten(rivals);
  const ts = meetingPlaces(p, segs, d, R, ids);
  const n = ts.points.length / 2;
  const index = new PlacedIndex(segs, [-20, -20, 110, 110], 1, ids);
  const ix = index.meetingsIndexed(p, d, R);
  expect(bits(ix.points), "TS index points").toBe(bits(ts.points));
  expect(bits(ix.stretches), "TS index stretches").toBe(bits(ts.stretches));
  const w = wasm.meetingPlaces(p, segs, d, R, ids);
  expect(bits(w.points), "Wasm points").toBe(bits(ts.points));
  expect(bits(w.stretches), "Wasm stretches").toBe(bits(ts.stretches));
  wasm.setPlacedSegments(segs, [-20, -20, 110, 110], 1, ids);
  const wi = wasm.meetingsIndexed(p, d, R);
  expect(bits(wi.points), "Wasm index points").toBe(bits(ts.points));
  expect(bits(wi.stretches), "Wasm index stretches").toBe(bits(ts.stretches));
  // the whole route measure (Wasm routeGeometry, one call) against its twin, on the same index contents
  const ctx = {
    polygon: Float64Array.of(-1000, -1000, 1000, -1000, 1000, 1000, -1000, 1000),
    mountain: Float64Array.of(900, 900, 901, 900, 900, 901),
    discs: d,
    radius: R,
  };
  const rix = wasm.routeGeometry.createIndex([-20, -20, 110, 110]);
  rix.setPlacedSegments(segs, [-20, -20, 110, 110], 1, ids);
  const rm = wasm.routeGeometry.measure(ctx, path, rix);
  const tm = measureRoute(ctx, path, index);
  expect(bits(rm.points), "routeGeometry points").toBe(bits(tm.points));
  expect(bits(rm.stretches), "routeGeometry stretches").toBe(bits(tm.stretches));
  expect(bits(tm.points), "measureRoute points").toBe(bits(ts.points));
  if (path.length === 4 || path.length === 6)
    for (const k of kernels) expect(hintCount(k, path, segs, ids, discs), `hint ${k.kind}`).toBe(n);
  return n;
}

function check(path: number[], rivals: number[][], discs: number[] = []): number {
  const want = modelCount(path, rivals, discs);
  expect(engineCount(path, rivals, discs), `path ${path.join()} rivals ${JSON.stringify(rivals)}`).toBe(want);
  return want;
}

// ---------------------------------------------------------------------------------------------------

describe("string.meeting-places: each connected part of path ∩ rival string outside the discs costs 1 AP", () => {
  it("string.meeting-places: the model itself on hand-counted cases", () => {
    expect(modelCount([0, 0, 10, 10], [[0, 10, 10, 0]], [])).toBe(1);
    expect(modelCount([0, 0, 10, 0], [[2, 0, 4, 0, 6, 0, 20, 0]], [])).toBe(1);
    expect(modelCount([0, 0, 10, 0], [[2, 0, 4, 0, 6, 0, 20, 0]], [5, 1])).toBe(2);
    expect(modelCount([0, 0, 10, 0], [[2, 0, 8, 0]], [5, 0, 20, 20])).toBe(2);
    expect(modelCount([0, 0, 10, 0], [[4, 0, 6, 0]], [5, 0])).toBe(0);
  });

  it("string.meeting-places: collinear overlaps are one place however long (full, partial, identical paths)", () => {
    expect(check([0, 0, 10, 0], [[5, 0, 15, 0]])).toBe(1); // partial
    expect(check([0, 0, 10, 0], [[0, 0, 10, 0]])).toBe(1); // identical
    expect(check([0, 0, 10, 0, 20, 0], [[0, 0, 10, 0, 20, 0]])).toBe(1); // identical, several segments
    expect(check([0, 0, 3, 0, 7, 0, 20, 0], [[1, 0, 2, 0, 5, 0, 9, 0, 12, 0]])).toBe(1); // joints everywhere
    expect(
      check(
        [0, 0, 10, 0],
        [
          [2, 0, 4, 0],
          [4, 0, 6, 0],
        ],
      ),
    ).toBe(2); // two rival strings: one each
    expect(check([0, 0, 10, 0, 10, 10], [[5, 0, 10, 0, 10, 5]])).toBe(1); // around the same bend
    expect(check([0, 0, 10, 10], [[2, 2, 4, 4, 4, 8, 6, 6, 8, 8]])).toBe(2); // leaves and comes back
  });

  it("string.meeting-places: stretches ending inside and outside discs, passing through a disc", () => {
    const disc = [10, 0];
    expect(check([0, 0, 20, 0], [[5, 0, 15, 0]], disc)).toBe(2); // split by a disc: two places
    expect(check([0, 0, 20, 0], [[9, 0, 15, 0]], disc)).toBe(1); // from inside a disc: its outside part
    expect(check([0, 0, 20, 0], [[8, 0, 12, 0]], disc)).toBe(0); // all inside: free
    expect(check([0, 0, 20, 0], [[5, 0, 12.5, 0]], disc)).toBe(1); // ends on the circle: removed there
    expect(check([0, 0, 20, 0], [[7.5, 0, 12.5, 0]], disc)).toBe(0); // exactly the chord: nothing left
    expect(check([0, 0, 20, 0], [[5, 2.5, 15, 2.5]], disc)).toBe(0); // parallel, apart
    expect(check([0, 2.5, 20, 2.5], [[5, 2.5, 15, 2.5]], disc)).toBe(2); // tangent to the disc: split at one point
    expect(check([0, 0, 30, 0], [[2, 0, 28, 0]], [10, 0, 20, 0])).toBe(3); // through two discs
    expect(check([0, 0, 30, 0], [[2, 0, 28, 0]], [10, 3, 20, 0])).toBe(2); // one disc cuts, one misses
  });

  it("string.meeting-places: vertices on rival strings, a vertex on a rival vertex, ends touching", () => {
    expect(check([0, 0, 5, 5, 10, 0], [[0, 5, 10, 5]])).toBe(1); // bend point on the rival
    expect(check([0, 0, 5, 5, 10, 0], [[5, 5, 5, 10]])).toBe(1); // bend point on the rival's end
    expect(check([0, 0, 5, 5, 10, 0], [[0, 10, 5, 5, 10, 10]])).toBe(1); // vertex on vertex
    expect(check([0, 0, 5, 5], [[5, 5, 10, 0]])).toBe(1); // end on end
    expect(check([0, 0, 5, 5, 0, 10], [[10, 0, 5, 5, 10, 10]])).toBe(1); // touch at a shared vertex, no crossing
    // a touch at (2, 0), then a stretch (4, 0)–(6, 0) whose ends are the rival's vertices: two places
    expect(check([0, 0, 10, 0], [[2, 0, 2, 5, 4, 5, 4, 0, 6, 0, 6, -3]])).toBe(2);
  });

  it("string.meeting-places: a rival's own crossing met exactly is one place; two rivals crossing there cost 2", () => {
    const x = [0, 0, 10, 10, 10, 0, 0, 10]; // crosses itself at (5, 5)
    expect(check([5, 0, 5, 4, 5, 10], [x])).toBe(1);
    expect(check([0, 4, 10, 6], [x])).toBe(2); // through (5, 5), and its end on the rival at (10, 6)
    expect(check([5, 0, 5, 5, 7, 10], [x])).toBe(1); // a vertex at the crossing
    expect(
      check(
        [0, 4, 10, 6],
        [
          [0, 0, 10, 10],
          [10, 0, 0, 10],
        ],
      ),
    ).toBe(2); // two rival strings: 1 each
    expect(
      check(
        [1, 2, 9, 8],
        [
          [0, 0, 10, 10],
          [10, 0, 0, 10],
        ],
      ),
    ).toBe(2); // near, not through: 2 crossings
    // dyadic lines concurrent at a non-vertex point: (1/3, 1/3) is no double, so the engine's crossing points are
    // inexact and only the exact concurrency test joins them
    expect(
      check(
        [0, 0, 1, 1],
        [
          [1, 0, 0, 0.5],
          [0.5, 0, 0, 1],
        ],
      ),
    ).toBe(2);
    expect(check([0, 0, 1, 1], [[1, 0, 0, 0.5, 0, 1, 0.5, 0]])).toBe(1); // the same as one string's self-crossing
    check([0, 0, 1, 1, 0, 1, 1, 0], [[1, 0, 0, 0.5, 0.5, 0, 0, 1]]);
    check([0, 0, 1, 1, 0, 1, 1, 0], [[1, 0, 0, 0.5, 0, 1, 0.5, 0]], [0.9, 0.9]);
  });

  it("string.meeting-places: a place the path passes twice is one place", () => {
    expect(check([0, 0, 10, 10, 10, 0, 0, 10], [[5, 0, 5, 10]])).toBe(1); // path crosses itself on the rival
    expect(check([0, 0, 10, 0, 5, 0, 5, 5], [[2, 0, 8, 0]])).toBe(1); // back along the same stretch
    expect(check([0, 0, 10, 0, 0, 0.5], [[3, 0, 3, 5]])).toBe(2); // two different crossings
    expect(check([0, 0, 6, 6, 6, 0, 0, 6], [[0, 3, 6, 3]])).toBe(2);
    expect(check([0, 0, 6, 6, 6, 0, 0, 6], [[0, 3, 6, 3, 0, 3]])).toBe(2); // the rival folds back on itself
    expect(check([0, 0, 6, 6, 6, 0, 0, 6], [[1, 1, 5, 5]])).toBe(1); // the path's own crossing on a stretch
  });

  it("string.meeting-places: a bend point meeting 7 rival strings costs 7 (issue #21's hinted string)", () => {
    const rivals: number[][] = [];
    for (let i = 0; i < 7; i++) {
      const dx = [8, 8, 8, 0, -8, 4, 2][i]!;
      const dy = [0, 8, -8, 8, 8, 8, -8][i]!;
      rivals.push([50 - dx, 50 - dy, 50 + dx, 50 + dy]);
    }
    expect(check([30, 40, 50, 50, 70, 40], rivals)).toBe(7);
    expect(check([30, 40, 50, 50, 70, 40], rivals, [50, 50])).toBe(0); // inside a station: free
    // the shape of the game: 7 rival strings laid from the same station along the hinted string's first
    // leg to its bend, then away; the old count reduced each overlap to its end in the station (free) and skipped
    // the bend as a path vertex: 0 AP, where each rival string shares one stretch (with the bend): 7
    const fan: number[][] = [];
    for (let i = 0; i < 7; i++)
      fan.push([30, 40, 50, 50, 50 + [8, 8, 0, -8, -8, 4, -4][i]!, 50 + [0, 8, 8, 8, 0, -8, -8][i]!]);
    expect(check([30, 40, 50, 50, 70, 40], fan, [30, 40])).toBe(7);
  });

  it("string.meeting-places: fast-check, small integer and half-integer boards (degenerate on purpose)", () => {
    const c = fc.integer({ min: 0, max: 12 }).map((v) => v / 2);
    const line = (min: number, max: number) =>
      fc.array(fc.tuple(c, c), { minLength: min, maxLength: max }).map((v) => v.flat());
    fc.assert(
      fc.property(
        line(2, 5),
        fc.array(line(2, 6), { minLength: 1, maxLength: 4 }),
        fc.array(fc.tuple(c, c), { maxLength: 2 }).map((v) => v.flat()),
        (path, rivals, discs) => {
          // discs never overlap or touch (centres more than 2r apart)
          for (let i = 0; i + 3 < discs.length; i += 2)
            if (Math.hypot(discs[i]! - discs[i + 2]!, discs[i + 1]! - discs[i + 3]!) <= 2 * R) return;
          check(path, rivals, discs);
        },
      ),
      { numRuns: 400, seed: 21 },
    );
  });

  it("string.meeting-places: random strings along, through and across random rivals (seeded)", () => {
    const r = mulberry32(2121);
    const walk = (n: number, step: number, grid: number) => {
      const qz = (v: number) => (grid > 0 ? Math.round(v / grid) * grid : v);
      let x = qz(20 + r() * 40);
      let y = qz(20 + r() * 40);
      const out = [x, y];
      for (let k = 1; k < n; k++) {
        x = qz(x + (r() - 0.5) * step);
        y = qz(y + (r() - 0.5) * step);
        out.push(x, y);
      }
      return out;
    };
    for (let it = 0; it < 150; it++) {
      const grid = [0, 1, 0.5, 0.25][it % 4]!;
      const rivals = Array.from({ length: 1 + (it % 4) }, () => walk(12, 8, grid));
      // the path: its own walk, or copied from a rival's vertices (running along it), or through its joints
      let path = walk(6, 10, grid);
      if (it % 3 === 1) path = rivals[0]!.slice(2 * (it % 5), 2 * (it % 5) + 10);
      if (it % 3 === 2) path = rivals[0]!.filter((_, i) => i % 4 < 2).slice(0, 12);
      const discs = it % 2 ? [rivals[0]![4]!, rivals[0]![5]!] : [];
      check(path, rivals, discs);
    }
  });

  it("string.meeting-places: the engine charges them (preview, apply): a string laid along a rival's", () => {
    let s = setup({ players: 2, board: BOARD }, 1);
    while (s.choice)
      s = must(apply(s, { type: "keep-tile", player: s.choice.player, tile: s.choice.tiles[0]! }));
    const first = s.current!;
    s = must(apply(s, { type: "place-string", player: first, kind: "long", path: line("R", "B", "O") }));
    s = must(apply(s, { type: "end-turn", player: first }));
    const second = s.current!;
    expect(second).not.toBe(first);
    // straight from R to O along the rival string: its two parts outside the discs of R, B and O are two places
    const along = previewString(s, second, "long", line("R", "O"));
    expect(along.crossings).toBe(2);
    expect(along.points.length).toBe(4);
    expect(along.stretches).toEqual([12.5, 50, 27.5, 50, 32.5, 50, 47.5, 50]);
    expect(along.ap).toBe(2);
    // its own string costs nothing to run along: the first seat's preview of the same path is free
    expect(previewString(s, first, "long", line("R", "O")).crossings).toBe(0);
    const ap = s.ap;
    const t = must(apply(s, { type: "place-string", player: second, kind: "long", path: line("R", "O") }));
    expect(t.ap).toBe(ap - 2);
  });
});

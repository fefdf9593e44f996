/**
 * Wasm memory (docs/architecture.md: runtime `stub`, nothing is ever freed, so no call may allocate): for each
 * module, driven through its TypeScript wrapper, a warm-up, then `memory.buffer.byteLength`, then a loop of
 * kernel calls, then the same byteLength (and every result still equal to the warm-up's, so the buffers were
 * not overwritten). The memory is captured by wrapping `WebAssembly.instantiate` while the wrapper is built
 * (asc's raw bindings call it), so the test needs no hook in the wrappers.
 *
 * Loops: 10⁶ calls of the µs kernels (string geometry, light routes / legal / place-undo / fit, train
 * payoff fills) in the default suite; the train turn solver (`solve`, ~30 µs a call with a small pcap) and
 * the light playouts do 10⁵ by default and 10⁶ with `RAILKIT_LONG=1`.
 *
 * Also: inputs above a kernel's limit (or non-finite) are refused by the wrapper with a RangeError before
 * they reach Wasm, and the kernel answers correctly afterwards. Refusals the wrappers lack are `it.fails`
 * (docs/reliability.md "Bugs found").
 */
import { beforeAll, describe, expect, it } from "vitest";
import * as ref from "../../web/engine/string/geometry/index.ts";
import { countIntersectingPairs } from "../../web/engine/string/geometry/pairs.ts";
import { createLightWasm } from "../../web/solvers/light/node.ts";
import { kernelDesigns } from "../../web/solvers/light/search.ts";
import type { LightWasm } from "../../web/solvers/light/wasm.ts";
import { createStringGeometryWasm, type StringGeometryWasm } from "../../web/solvers/string/geometry-wasm.ts";
import { MAX_BOARD, MAX_BUDGET, MAX_CAND, MAX_PLACED, MAX_ST } from "../../web/solvers/string/kernel.ts";
import { createWasmKernel as createPlanKernel } from "../../web/solvers/string/wasm.ts";
import type { TrainKernel } from "../../web/solvers/train/kernel.ts";
import { PMAX } from "../../web/solvers/train/reference.ts";
import { createWasmKernel } from "../../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

const LONG = process.env.RAILKIT_LONG === "1";
const MILLION = 1_000_000;
const SLOW_CALLS = LONG ? MILLION : 100_000;

/** Builds a wrapper and returns it with the memory of the instance it created. */
async function withMemory<T>(make: () => Promise<T>): Promise<{ value: T; memory: WebAssembly.Memory }> {
  const original = WebAssembly.instantiate;
  const memories: WebAssembly.Memory[] = [];
  const wrapped = async (...args: unknown[]): Promise<unknown> => {
    // Forwarding every overload of instantiate as is; the result is an Instance or {module, instance}.
    const r = (await (original as (...a: unknown[]) => Promise<unknown>).apply(WebAssembly, args)) as
      | WebAssembly.Instance
      | WebAssembly.WebAssemblyInstantiatedSource;
    const instance = r instanceof WebAssembly.Instance ? r : r.instance;
    memories.push(instance.exports.memory as WebAssembly.Memory);
    return r;
  };
  WebAssembly.instantiate = wrapped as typeof WebAssembly.instantiate;
  try {
    const value = await make();
    expect(memories).toHaveLength(1);
    return { value, memory: memories[0]! };
  } finally {
    WebAssembly.instantiate = original;
  }
}

describe("train: turn solver and payoff kernels (web/solvers/train/wasm.ts)", () => {
  let k: TrainKernel;
  let memory: WebAssembly.Memory;
  beforeAll(async () => {
    ({ value: k, memory } = await withMemory(async () => createWasmKernel(await compileWasmNode("train"))));
  });

  it(`${MILLION} payoff-fill and probability calls keep memory and results`, () => {
    k.beatPayoff(20, true);
    const v0 = k.solve(4);
    const z0 = k.zeroProbability();
    const bytes = memory.buffer.byteLength;
    let sink = 0;
    for (let i = 0; i < MILLION; i++) {
      if (i % 4 === 0) sink += k.beatPayoff(i % 60, (i & 1) === 0);
      else sink += k.zeroProbability();
    }
    expect(sink).toBeGreaterThan(0);
    expect(memory.buffer.byteLength).toBe(bytes);
    k.beatPayoff(20, true);
    expect(k.solve(4)).toBe(v0);
    expect(k.zeroProbability()).toBe(z0);
  });

  it(`${SLOW_CALLS} turn solves (small pcap) keep memory and results`, () => {
    k.beatPayoff(20, true);
    const want = [0, 1, 2, 3, 4].map((p) => k.solve(p));
    const bytes = memory.buffer.byteLength;
    for (let i = 0; i < SLOW_CALLS; i++) k.solve(i % 5);
    expect(memory.buffer.byteLength).toBe(bytes);
    expect([0, 1, 2, 3, 4].map((p) => k.solve(p))).toEqual(want);
  });

  // Bug 6 (fixed): the freight buffer is sized for pcap ≤ PMAX; the wrapper refuses anything else before Wasm.
  it("solve refuses pcap outside 0..PMAX with a RangeError", async () => {
    const fresh = await createWasmKernel(await compileWasmNode("train"));
    fresh.evPayoff();
    expect(() => fresh.solve(PMAX + 50)).toThrow(RangeError);
    expect(() => fresh.solve(-20)).toThrow(RangeError);
  });
});

describe("string: geometry kernels (web/solvers/string/geometry-wasm.ts)", () => {
  let g: StringGeometryWasm;
  let memory: WebAssembly.Memory;
  beforeAll(async () => {
    ({ value: g, memory } = await withMemory(async () =>
      createStringGeometryWasm(await compileWasmNode("string")),
    ));
  });

  const path = Float64Array.of(0, 0, 10, 10, 20, 0, 30, 10);
  const discs = Float64Array.of(0, 0, 30, 10, 15, 5);
  const poly = Float64Array.of(-5, -5, 50, -5, 50, 50, -5, 50);
  const segs = Float64Array.of(0, 10, 10, 0, 5, 5, 25, 5, 0, 0, 1, 1);
  const calls: (() => unknown)[] = [
    () => g.orient2d(0, 0, 1, 1, 2, 3),
    () => g.segmentsIntersect(0, 0, 1, 1, 0, 1, 1, 0),
    () => g.segmentIntersectionPoint(0, 0, 2, 2, 0, 2, 2, 0),
    () => g.polylineLength(path),
    () => g.stationsTouched(path, discs, 2.5),
    () => g.countIntersectingPairs(segs),
    () => g.crossingPoints(path, segs, discs, 2.5),
    () => g.pointLocation(3, 3, poly),
    () => g.polylineInsidePolygon(path, poly),
    () => g.polylineTouchesPolygon(path, poly),
  ];

  it(`${MILLION} calls over every kernel keep memory and results`, () => {
    const want = JSON.stringify(calls.map((c) => c()));
    const bytes = memory.buffer.byteLength;
    for (let i = 0; i < MILLION; i++) calls[i % calls.length]!();
    expect(memory.buffer.byteLength).toBe(bytes);
    expect(JSON.stringify(calls.map((c) => c()))).toBe(want);
  });

  // n rivals the path crosses, each once: n contacts (the resolver starts with 1,024) and n meeting places
  // (`points` starts with 4,096): 4,000 grows the resolver only (and memory), 5,000 `points` too.
  it.each([4000, 5000])(
    "issue #23: a crowded crossing query (%i meeting places) grows what it needs (memory too) and answers as the twin",
    async (n) => {
      const fresh = await withMemory(async () => createStringGeometryWasm(await compileWasmNode("string")));
      const start = fresh.memory.buffer.byteLength;
      const segs = new Float64Array(4 * n);
      for (let i = 0; i < n; i++) segs.set([i * 0.006 + 0.003, 0, i * 0.006 + 0.004, 10], 4 * i);
      const path = Float64Array.of(-1, 5.25, 31, 4.75);
      const none = new Float64Array(0);
      const want = ref.crossingPoints(path, segs, none, 0.5);
      expect(want.length).toBe(2 * n);
      expect(fresh.value.crossingPoints(path, segs, none, 0.5)).toEqual(want);
      expect(fresh.memory.buffer.byteLength).toBeGreaterThan(start);
      // Grown once: the same query again answers the same without growing.
      const grown = fresh.memory.buffer.byteLength;
      expect(fresh.value.crossingPoints(path, segs, none, 0.5)).toEqual(want);
      expect(fresh.memory.buffer.byteLength).toBe(grown);
    },
  );

  it("issue #23: starts in at most 4 MiB; the largest inputs allowed grow it once, then it stays", async () => {
    const fresh = await withMemory(async () => createStringGeometryWasm(await compileWasmNode("string")));
    expect(fresh.memory.buffer.byteLength).toBeLessThanOrEqual(4 * 1024 * 1024);
    const n = g.limits.segments;
    const big = new Float64Array(4 * n);
    for (let i = 0; i < n; i++) big.set([i, 0, i + 0.5, 1], 4 * i);
    const pairsOut = new Int32Array(2 * g.limits.pairs);
    expect(g.countIntersectingPairs(big, pairsOut)).toBe(countIntersectingPairs(big));
    const bytes = memory.buffer.byteLength;
    expect(bytes).toBeGreaterThan(4 * 1024 * 1024); // grown for them
    const twinPairs = new Int32Array(2 * g.limits.pairs);
    expect(g.countIntersectingPairs(big, pairsOut)).toBe(countIntersectingPairs(big, twinPairs));
    expect(pairsOut).toEqual(twinPairs);
    const longPath = new Float64Array(2 * g.limits.pathVertices).map((_, i) => (i % 2 ? (i % 4) * 3 : i));
    expect(g.polylineLength(longPath)).toBeCloseTo(ref.polylineLength(longPath), 9);
    expect(memory.buffer.byteLength).toBe(bytes);
  });

  it("refuses inputs over a kernel's limit, and non-finite numbers, with a RangeError before Wasm", () => {
    const bytes = memory.buffer.byteLength;
    const over = (vertices: number) => new Float64Array(2 * vertices).map((_, i) => i);
    expect(() => g.polylineLength(over(g.limits.pathVertices + 1))).toThrow(RangeError);
    expect(() => g.stationsTouched(path, over(g.limits.discs + 1), 2.5)).toThrow(RangeError);
    expect(() => g.pointLocation(0, 0, over(g.limits.polygonVertices + 1))).toThrow(RangeError);
    expect(() => g.polylineInsidePolygon(path, over(g.limits.polygonVertices + 1))).toThrow(RangeError);
    expect(() => g.countIntersectingPairs(new Float64Array(4 * (g.limits.segments + 1)))).toThrow(RangeError);
    expect(() =>
      g.crossingPoints(path, new Float64Array(4 * (g.limits.placedSegments + 1)), discs, 2.5),
    ).toThrow(RangeError);
    expect(() => g.orient2d(0, 0, 1, Number.NaN, 2, 3)).toThrow(RangeError);
    expect(() => g.segmentsIntersect(0, 0, 1, 1, 0, Number.POSITIVE_INFINITY, 1, 0)).toThrow(RangeError);
    expect(() => g.polylineLength(Float64Array.of(0, 0, Number.NaN, 1))).toThrow(RangeError);
    expect(() => g.stationsTouched(path, discs, Number.NaN)).toThrow(RangeError);
    expect(() =>
      g.countIntersectingPairs(Float64Array.of(0, 0, 1, 1, 0, 1, 1, Number.NEGATIVE_INFINITY)),
    ).toThrow(RangeError);
    // Still correct afterwards, and no growth.
    expect(g.polylineLength(path)).toBeCloseTo(ref.polylineLength(path), 12);
    expect(g.stationsTouched(path, discs, 2.5)).toEqual(ref.stationsTouched(path, discs, 2.5));
    expect(memory.buffer.byteLength).toBe(bytes);
  });
});

describe("string: fixed bug", () => {
  // Bug 8 (fixed): countPairs checked finiteness only after its "fewer than 2 segments" shortcut, so one segment
  // with a NaN/Infinity coordinate gave 0 pairs instead of the RangeError every other kernel call gives.
  it("countIntersectingPairs refuses a single non-finite segment", async () => {
    const g = await createStringGeometryWasm(await compileWasmNode("string"));
    expect(() => g.countIntersectingPairs(Float64Array.of(0, 0, 1, Number.NaN))).toThrow(RangeError);
  });
});

describe("stringplan: planning kernels (web/solvers/string/wasm.ts)", () => {
  // The kernels write their scratch (4 per station), resI/resF (per candidate), the path (per candidate vertex)
  // unchecked: before the wrapper checked counts, ldRoute(300, …) wrote past its 4 × 256 slots into the next
  // table. Every count and every index the kernels follow is now checked against the descriptor's limits.
  it("refuses counts over the module's limits with a RangeError, leaving memory byte for byte as it was", async () => {
    const { value: k, memory } = await withMemory(async () =>
      createPlanKernel(await compileWasmNode("stringplan")),
    );
    // three stations in a row, colours 0, 1, 2, a white cube on the first
    k.adjStart.set([0, 1, 3, 4]);
    k.adj.set([1, 0, 2, 1]);
    k.colour.set([0, 1, 2]);
    k.white.set([1, 0, 0]);
    k.candNv[0] = 2;
    const before = new Uint8Array(memory.buffer).slice();
    const refused: [string, () => unknown][] = [
      ["ldRoute stations", () => k.ldRoute(MAX_ST + 1, 2, 0, 1, 2, 3, 8)],
      ["ldRoute colours", () => k.ldRoute(3, 2, 0, 1, 2, 4, 8)],
      ["ldRoute maxHops", () => k.ldRoute(3, 2, 0, 1, 2, 3, 9)],
      ["planTransports stations", () => k.planTransports(MAX_ST + 1, 3, 0)],
      ["planTransports budget", () => k.planTransports(3, MAX_BUDGET, 1)],
      ["evaluate candidates", () => k.evaluate(MAX_CAND + 1, 3, 0, 4, 4, 2.5, 3)],
      ["evaluate stations", () => k.evaluate(1, MAX_ST + 1, 0, 4, 4, 2.5, 3)],
      ["evaluate placed segments", () => k.evaluate(1, 3, MAX_PLACED + 1, 4, 4, 2.5, 3)],
      ["evaluate board", () => k.evaluate(1, 3, 0, MAX_BOARD + 1, 4, 2.5, 3)],
      ["evaluate mountain", () => k.evaluate(1, 3, 0, 4, 2, 2.5, 3)],
      ["evaluate radius", () => k.evaluate(1, 3, 0, 4, 4, Number.NaN, 3)],
      ["scoreCubes", () => k.scoreCubes(0, 0, 0, 0, 0, 95)],
      ["negative count", () => k.ldRoute(-1, 2, 0, 1, 2, 3, 8)],
      ["fractional count", () => k.evaluate(1.5, 3, 0, 4, 4, 2.5, 3)],
    ];
    for (const [what, call] of refused) expect(call, what).toThrow(RangeError);
    // the tables the kernels follow: an adjacency entry past the stations, a CSR end past the limit, a
    // candidate of 40 vertices (the path buffer holds 64)
    k.adj[1] = 7;
    expect(() => k.ldRoute(3, 2, 0, 1, 2, 3, 8)).toThrow(/adj\[1\]/);
    k.adj[1] = 0;
    k.adjStart[3] = 1 << 20;
    expect(() => k.planTransports(3, 3, 0)).toThrow(/adjacency entries/);
    k.adjStart[3] = 4;
    k.candNv[0] = 40;
    expect(() => k.evaluate(1, 3, 0, 4, 4, 2.5, 3)).toThrow(/candNv\[0\]/);
    k.candNv[0] = 2;
    expect(Buffer.from(memory.buffer).equals(Buffer.from(before.buffer))).toBe(true);
    // and the kernel answers: the white cube goes 0 → 1 → 2 through colours 0, 1, 2
    expect(k.ldRoute(3, 2, 0, 1, 2, 3, 8)).toBe(2);
    expect([...k.out.subarray(0, 3)]).toEqual([0, 1, 2]);
  });
});

describe("light: routes and playout kernels (web/solvers/light/wasm.ts)", () => {
  let l: LightWasm;
  let memory: WebAssembly.Memory;
  beforeAll(async () => {
    ({ value: l, memory } = await withMemory(() => createLightWasm("release")));
    l.setDesigns(kernelDesigns());
  });

  function position(): void {
    l.newGame(2);
    l.placeAt(0, 0, 0, 0, 0);
    l.placeAt(0, 1, 3, 1, 1);
    l.placeAt(1, 0, 5, 0, 0);
    for (let p = 0; p < 2; p++) l.setUnplayed(p, [1, 2, 4, 6, 7, 8, 9]);
  }

  it(`${MILLION} route / legal / place-undo / fit calls keep memory and results`, () => {
    position();
    const want = JSON.stringify([[...l.routes()], [...l.legal()], l.placed(), l.score(0), l.score(1)]);
    const bytes = memory.buffer.byteLength;
    let sink = 0;
    for (let i = 0; i < MILLION; i++) {
      switch (i % 6) {
        case 0: {
          const m = l.mark();
          sink += l.placeAt(1, 1, i % 10, i & 1, i & 1);
          l.undo(m);
          break;
        }
        case 1:
          sink += l.legal().length;
          break;
        case 2:
          sink += l.routes().length;
          break;
        case 3:
          sink += l.isLegal(i % 5, 1) ? 1 : 0;
          break;
        case 4:
          sink += l.fitCells([0, 0, 0, 1, 1, 0]) ? 1 : 0;
          break;
        default:
          sink += l.cityMask().length;
      }
    }
    expect(sink).toBeGreaterThan(0);
    expect(memory.buffer.byteLength).toBe(bytes);
    expect(JSON.stringify([[...l.routes()], [...l.legal()], l.placed(), l.score(0), l.score(1)])).toBe(want);
  });

  it(`${SLOW_CALLS} playouts and new games keep memory`, () => {
    position();
    l.playouts(1, 1, 1, 0);
    const bytes = memory.buffer.byteLength;
    const first = l.playouts(1, 7, 1, 0);
    for (let i = 0; i < SLOW_CALLS; i++) {
      if (i % 1000 === 999) position();
      l.playouts(1, i, 1, i % 3);
    }
    position();
    expect(l.playouts(1, 7, 1, 0)).toBe(first);
    expect(memory.buffer.byteLength).toBe(bytes);
  });

  it("refuses oversized inputs with a RangeError before Wasm", () => {
    const bytes = memory.buffer.byteLength;
    expect(() => l.setDesigns(new Int32Array(17 * 7))).toThrow(RangeError);
    expect(() => l.setDesigns(new Int32Array(8))).toThrow(RangeError);
    expect(() => l.newGame(5)).toThrow(RangeError);
    expect(() => l.newGame(Number.NaN)).toThrow(RangeError);
    expect(() => l.fitCells(new Int32Array((1 << 14) + 2))).toThrow(RangeError);
    expect(() => l.setUnplayed(0, new Int32Array(17))).toThrow(RangeError);
    expect(memory.buffer.byteLength).toBe(bytes);
    l.setDesigns(kernelDesigns());
  });

  // The kernel indexes DES[d·7], S_SCORE + p, UNPLAYEDN[p] unchecked: the wrapper must stop bad values first
  // (it does since 93cbdd8).
  it("placeAt / setUnplayed refuse a design, orientation or player out of range", async () => {
    const fresh = await createLightWasm("release"); // not the shared instance, in case a bad call gets through
    fresh.setDesigns(kernelDesigns());
    fresh.newGame(2);
    expect(() => fresh.placeAt(0, 0, 99, 0, 0)).toThrow(RangeError);
    expect(() => fresh.placeAt(0, 0, 0, 2, 0)).toThrow(RangeError);
    expect(() => fresh.placeAt(0, 0, 0, 0, 9)).toThrow(RangeError);
    expect(() => fresh.setUnplayed(9, [1, 2])).toThrow(RangeError);
  });

  // More indices the kernels follow unchecked: an own objective past the table (DONE[o] is written), a trail
  // mark below zero (TRAIL[-2] is read), a measure code past the last, a placement outside the coordinate window
  // (which i32 would wrap onto the anchor), a design row with an end 9 (CSEG[c·6 + 9] is written).
  it("objectives, marks, measures, coordinates and design rows out of range are refused", async () => {
    const fresh = await createLightWasm("release");
    fresh.setDesigns(kernelDesigns());
    fresh.newGame(2);
    fresh.setObjectives([0, 0, 0, 1, 1, 3]);
    expect(() => fresh.setMyObjectives(0, 2)).toThrow(/objective b/);
    expect(() => fresh.setMyObjectives(-2, 1)).toThrow(/objective a/);
    expect(() => fresh.setObjectives([9, 0, 0])).toThrow(/measure/);
    expect(() => fresh.setObjectives([0, 0])).toThrow(/rows of 3/);
    expect(() => fresh.undo(-2)).toThrow(/mark/);
    expect(() => fresh.undo(fresh.mark() + 2)).toThrow(/mark/);
    expect(() => fresh.measure(fresh.limits.measures)).toThrow(/measure/);
    expect(() => fresh.placeAt(0.5, 0, 0, 0, 0)).toThrow(/integers/);
    expect(fresh.placeAt(2 ** 32, 0, 0, 0, 0)).toBe(-1);
    expect(fresh.placed()).toBe(0);
    const bad = kernelDesigns();
    bad[1] = 9;
    expect(() => fresh.setDesigns(bad)).toThrow(/end a/);
    expect(() => fresh.playouts(1, 1, 2, 0)).toThrow(/toMove/);
    expect(() => fresh.search(0, 0, 10, 1, 0, 3)).toThrow(/halving/);
    // the refusals left the module as it was: the objectives set above still count
    fresh.setMyObjectives(0, 1);
    expect(fresh.placeAt(0, 0, 0, 0, 0)).toBeGreaterThanOrEqual(0);
    expect(fresh.placed()).toBe(1);
  });
});

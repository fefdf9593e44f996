/**
 * String Railway geometry bench: all pairs of intersecting segments.
 *
 * Same seeded inputs (mulberry32) for every implementation:
 * - Wasm kernel (grid or sweep, chosen by the input; the summary names the method) through its wrapper (web/solvers/string/geometry-wasm.ts; the copy into linear memory and
 *   the range check are inside the timing),
 * - its TypeScript twin over Float64Arrays (pairs.ts), and, to back the index choice, a TypeScript
 *   sort-and-sweep over x with the same exact test,
 * - peers: `isect` (brute, bush = flatbush, sweep = Bentley–Ottmann) and `sweepline-intersections`.
 *
 * Workloads: isect's own generators (perf/generators.js: complete(12, 40), random(100, 42), sparse(50),
 * parallelSlanted(1000); its ngraph.random seed replaced by mulberry32, the gaussian by Box–Muller), random
 * sparse sets of 10³, 10⁴, 10⁵ segments, the game's shape (a 64-vertex string against a full 5-player board:
 * 25 strings × 63 segments + 63), and a near-degenerate integer set.
 *
 * Counts: ours are exact pairs of closed segments sharing a point. isect brute/bush report one result per
 * intersecting pair (floating point, endpoints within 1e-9 count); isect sweep reports points with their
 * segments (pairs = Σ C(k, 2)); sweepline-intersections reports points. They agree with ours only in general
 * position (no shared endpoints, no touching, no collinear overlap); the `agree` column says where a comparison
 * is meaningful and whether it holds.
 *
 * Timing: benchmark.js mean (± relative margin of error) and the fastest sample; speed ratios use the fastest
 * samples, which stay steady when other jobs share the cores.
 *
 * Run: npx tsx -e 'import("./bench/string.bench.ts").then(m=>m.run())'
 */
import os from "node:os";
import Benchmark from "benchmark";
import { brute, bush, sweep } from "isect";
import sweeplineIntersections from "sweepline-intersections";
import { mulberry32 } from "../web/engine/string/geometry/exact.ts";
import { countIntersectingPairs, countIntersectingPairsBrute } from "../web/engine/string/geometry/pairs.ts";
import { boundsOf, PlacedIndex, type PlacedSegmentIndex } from "../web/engine/string/geometry/placed.ts";
import { allInSafeRange, orient2d, orient2dFast } from "../web/engine/string/geometry/predicates.ts";
import { routeGeometryTs } from "../web/engine/string/geometry/route.ts";
import {
  createStringGeometryWasm,
  type StringGeometry,
  type StringGeometryWasm,
  stringGeometryReference,
} from "../web/solvers/string/geometry-wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";

// ---- workloads --------------------------------------------------------------------------------------------

/** isect generators.complete(count, range): every chord of a regular count-gon (K12: 66 segments). */
export function complete(count: number, range: number): number[] {
  const out: number[] = [];
  const step = (2 * Math.PI) / count;
  for (let i = 0; i < count; i++)
    for (let j = i + 1; j < count; j++)
      out.push(
        (Math.cos(step * i) * range) / 2,
        (Math.sin(step * i) * range) / 2,
        (Math.cos(step * j) * range) / 2,
        (Math.sin(step * j) * range) / 2,
      );
  return out;
}

/** isect generators.random(count, range): endpoints uniform in a range × range box centred on 0. */
export function randomLines(count: number, range: number, seed: number): number[] {
  const r = mulberry32(seed);
  const out: number[] = [];
  for (let i = 0; i < 4 * count; i++) out.push((r() - 0.5) * range);
  return out;
}

/** isect generators.sparse(size): one unit-10 segment per grid point, gaussian angle. */
export function sparse(size: number, seed: number): number[] {
  const r = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const out: number[] = [];
  for (let j = 0; j < size; j++)
    for (let i = 0; i < size; i++) {
      const a = gauss();
      out.push(i * 10, j * 10, i * 10 + 10 * Math.cos(a), j * 10 + 10 * Math.sin(a));
    }
  return out;
}

/** isect generators.parallelSlanted(count): no two intersect. */
export function parallelSlanted(count: number): number[] {
  const out: number[] = [];
  for (let i = 0; i < count; i++) out.push(-i, i, i, i + i);
  return out;
}

/** n segments of length ≤ 10 at uniform positions in a square of side 10·√n (about 0.3 crossings each). */
export function randomSparse(n: number, seed: number): number[] {
  const r = mulberry32(seed);
  const side = 10 * Math.sqrt(n);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = r() * side;
    const y = r() * side;
    const a = r() * 2 * Math.PI;
    const l = r() * 10;
    out.push(x, y, x + l * Math.cos(a), y + l * Math.sin(a));
  }
  return out;
}

/** A smooth random walk of 64 vertices and total length `len` inside the 90 × 90 board. */
function walk(r: () => number, len: number, out: number[]): void {
  let x = 5 + r() * 80;
  let y = 5 + r() * 80;
  let a = r() * 2 * Math.PI;
  const step = len / 63;
  for (let k = 0; k < 63; k++) {
    a += (r() - 0.5) * 0.8;
    let nx = x + step * Math.cos(a);
    let ny = y + step * Math.sin(a);
    if (nx < 1 || nx > 89 || ny < 1 || ny > 89) {
      a += Math.PI;
      nx = x + step * Math.cos(a);
      ny = y + step * Math.sin(a);
    }
    out.push(x, y, nx, ny);
    x = nx;
    y = ny;
  }
}

/** The game's shape: 5 players × (4 short 30 cm + 1 long 60 cm strings) × 63 segments, plus a new long string. */
export function gameBoard(seed: number): number[] {
  const r = mulberry32(seed);
  const out: number[] = [];
  for (let p = 0; p < 5; p++) {
    for (let s = 0; s < 4; s++) walk(r, 30, out);
    walk(r, 60, out);
  }
  walk(r, 60, out);
  return out;
}

/** Near-degenerate: integer endpoints in a 60 × 60 box, lengths ≤ 3 (touching, T-junctions, collinear overlaps). */
export function integerSet(n: number, seed: number): number[] {
  const r = mulberry32(seed);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const x = Math.floor(r() * 60);
    const y = Math.floor(r() * 60);
    out.push(x, y, x + Math.floor(r() * 7) - 3, y + Math.floor(r() * 7) - 3);
  }
  return out;
}

/** Shared endpoints, a star: n segments from one point (0, 0) to points on a circle of radius 100. Every pair meets. */
export function star(n: number, seed: number): number[] {
  const r = mulberry32(seed);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const a = r() * 2 * Math.PI;
    out.push(0, 0, 100 * Math.cos(a), 100 * Math.sin(a));
  }
  return out;
}

/**
 * Shared endpoints, a fan: `k` hubs spread over a 100 × 100 square, n segments in all (hub i % k), each from its
 * hub (either way round) in a random direction, length 10–30: every pair of one hub meets there, and spokes of
 * nearby hubs cross.
 */
export function fan(n: number, k: number, seed: number): number[] {
  const r = mulberry32(seed);
  const hubs = Array.from({ length: k }, () => [r() * 100, r() * 100] as const);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const [hx, hy] = hubs[i % k]!;
    const a = r() * 2 * Math.PI;
    const l = 10 + 20 * r();
    const ex = hx + l * Math.cos(a);
    const ey = hy + l * Math.sin(a);
    if (i % 2) out.push(ex, ey, hx, hy);
    else out.push(hx, hy, ex, ey);
  }
  return out;
}

/**
 * Shared endpoints, chains: `k` random walks of `m` segments (each segment starts where the last ended: the
 * game's strings), steps ≤ 1 in a square of side √(k·m), so walks also cross each other.
 */
export function chains(k: number, m: number, seed: number): number[] {
  const r = mulberry32(seed);
  const side = Math.sqrt(k * m);
  const out: number[] = [];
  for (let c = 0; c < k; c++) {
    let x = r() * side;
    let y = r() * side;
    let a = r() * 2 * Math.PI;
    for (let j = 0; j < m; j++) {
      a += (r() - 0.5) * 1.2;
      const nx = x + Math.cos(a);
      const ny = y + Math.sin(a);
      out.push(x, y, nx, ny);
      x = nx;
      y = ny;
    }
  }
  return out;
}

/**
 * Clustered: n segments of length ≤ 1 around `clusters` gaussian centres (σ = 2) spread over a square of side
 * 10·√n, so most of the square is empty and the clusters are dense (compare randomSparse(n), which spreads them).
 */
export function clustered(n: number, clusters: number, seed: number): number[] {
  const r = mulberry32(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
  const side = 10 * Math.sqrt(n);
  const centres = Array.from({ length: clusters }, () => [r() * side, r() * side] as const);
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const [cx, cy] = centres[i % clusters]!;
    const x = cx + 2 * gauss();
    const y = cy + 2 * gauss();
    const a = r() * 2 * Math.PI;
    const l = r();
    out.push(x, y, x + l * Math.cos(a), y + l * Math.sin(a));
  }
  return out;
}

// ---- the rejected index, for the record: sort by min x, sweep an active list --------------------------------

function sortSweepCount(s: Float64Array): number {
  const n = s.length >> 2;
  const orient = allInSafeRange(s) ? orient2dFast : orient2d;
  const minx = new Float64Array(n);
  for (let i = 0; i < n; i++) minx[i] = Math.min(s[4 * i]!, s[4 * i + 2]!);
  const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => minx[a]! - minx[b]!);
  let count = 0;
  for (let p = 0; p < n; p++) {
    const i = order[p]!;
    const ax = s[4 * i]!;
    const ay = s[4 * i + 1]!;
    const bx = s[4 * i + 2]!;
    const by = s[4 * i + 3]!;
    const maxx = Math.max(ax, bx);
    const miny = Math.min(ay, by);
    const maxy = Math.max(ay, by);
    for (let q = p + 1; q < n; q++) {
      const j = order[q]!;
      if (minx[j]! > maxx) break;
      const cx = s[4 * j]!;
      const cy = s[4 * j + 1]!;
      const dx = s[4 * j + 2]!;
      const dy = s[4 * j + 3]!;
      if (Math.min(cy, dy) > maxy || Math.max(cy, dy) < miny) continue;
      const o1 = orient(ax, ay, bx, by, cx, cy);
      const o2 = orient(ax, ay, bx, by, dx, dy);
      if ((o1 > 0 && o2 > 0) || (o1 < 0 && o2 < 0)) continue;
      const o3 = orient(cx, cy, dx, dy, ax, ay);
      const o4 = orient(cx, cy, dx, dy, bx, by);
      if ((o3 > 0 && o4 > 0) || (o3 < 0 && o4 < 0)) continue;
      count++;
    }
  }
  return count;
}

// ---- peers -------------------------------------------------------------------------------------------------

type IsectSegment = { from: { x: number; y: number }; to: { x: number; y: number } };
type IsectResult = { point: { x: number; y: number }; segments: unknown[] };

function toIsect(f: number[]): IsectSegment[] {
  const out: IsectSegment[] = [];
  for (let i = 0; i < f.length; i += 4)
    out.push({ from: { x: f[i]!, y: f[i + 1]! }, to: { x: f[i + 2]!, y: f[i + 3]! } });
  return out;
}

function toGeoJson(f: number[]) {
  const features = [];
  for (let i = 0; i < f.length; i += 4)
    features.push({
      type: "Feature" as const,
      properties: {},
      geometry: {
        type: "LineString" as const,
        coordinates: [
          [f[i]!, f[i + 1]!],
          [f[i + 2]!, f[i + 3]!],
        ],
      },
    });
  return { type: "FeatureCollection" as const, features };
}

/** isect's `run()` result as a pair count (sweep groups all segments through one point). */
function isectPairs(res: IsectResult[], grouped: boolean): number {
  if (!grouped) return res.length;
  let n = 0;
  for (const r of res) n += (r.segments.length * (r.segments.length - 1)) / 2;
  return n;
}

// ---- harness -----------------------------------------------------------------------------------------------

interface Workload {
  name: string;
  flat: number[];
  general: boolean; // general position: peers' counts are comparable
  skip: Partial<Record<string, string>>; // peer → why skipped
}

interface Row {
  workload: string;
  n: number;
  impl: string;
  meanMs: string;
  rme: string;
  bestMs: string;
  pairs: string;
  vsFastestPeer: string;
}

function timeIt(name: string, fn: () => void, maxTime: number): Benchmark {
  const b = new Benchmark(name, fn, { maxTime, minSamples: 5, initCount: 1 });
  b.run();
  return b;
}

/** `only`: run just the workloads whose names start with one of these (and skip the move and entry-point parts). */
export async function run(only?: string[]): Promise<void> {
  const wasm = await createStringGeometryWasm(await compileWasmNode("string", "release"));
  const workloads: Workload[] = [
    { name: "isect K12 complete(12, 40)", flat: complete(12, 40), general: false, skip: {} },
    { name: "isect random(100, 42)", flat: randomLines(100, 42, 1536687392), general: true, skip: {} },
    { name: "isect sparse(50)", flat: sparse(50, 1536687392), general: true, skip: {} },
    { name: "isect parallelSlanted(1000)", flat: parallelSlanted(1000), general: true, skip: {} },
    { name: "isect parallelSlanted(4000)", flat: parallelSlanted(4000), general: true, skip: {} },
    { name: "random sparse 1e3", flat: randomSparse(1_000, 1), general: true, skip: {} },
    { name: "random sparse 1e4", flat: randomSparse(10_000, 2), general: true, skip: {} },
    {
      name: "random sparse 1e5",
      flat: randomSparse(100_000, 3),
      general: true,
      skip: { "isect brute": "O(n²): 5·10⁹ tests, minutes per run" },
    },
    { name: "game: 64-vertex string vs 5-player board", flat: gameBoard(5), general: false, skip: {} },
    { name: "near-degenerate integers 2000", flat: integerSet(2000, 6), general: false, skip: {} },
    // Shared endpoints (issue #24): every pair of the star meets at its centre, of a fan at each hub; chains meet
    // at every joint.
    { name: "star 1000 (one shared endpoint)", flat: star(1000, 7), general: false, skip: {} },
    {
      name: "star 3000 (one shared endpoint)",
      flat: star(3000, 7),
      general: false,
      skip: {
        "isect brute": "4.5·10⁶ reports, seconds per run (0.07× isect sweep at 1000)",
        "isect bush": "4.5·10⁶ reports, seconds per run (0.13× isect sweep at 1000)",
        "sweepline-intersections": "seconds per run",
      },
    },
    { name: "fan 1000 (10 hubs)", flat: fan(1000, 10, 10), general: false, skip: {} },
    {
      name: "fan 3000 (10 hubs)",
      flat: fan(3000, 10, 10),
      general: false,
      skip: {
        "isect brute": "O(n²) reports, seconds per run",
        "isect bush": "O(n²) reports, seconds per run",
        "sweepline-intersections": "seconds per run",
      },
    },
    { name: "chains 100 × 100 (shared joints)", flat: chains(100, 100, 8), general: false, skip: {} },
    { name: "chains 10 × 1000 (shared joints)", flat: chains(10, 1000, 8), general: false, skip: {} },
    // Clustered: the same count of short segments as random sparse 1e4, packed around 20 centres.
    { name: "clustered 1e4 (20 clusters)", flat: clustered(10_000, 20, 9), general: true, skip: {} },
  ].filter((w) => only === undefined || only.some((o) => w.name.startsWith(o)));

  const rows: Row[] = [];
  const summary: string[] = [];
  for (const w of workloads) {
    const seg = Float64Array.from(w.flat);
    const n = seg.length >> 2;
    const maxTime = n >= 50_000 ? 3 : 1;
    const ours = countIntersectingPairs(seg);
    // Our counts against the brute force (every pair, the guarded exact orient2d) where n allows, and Wasm
    // against the twin everywhere, before anything is timed.
    const exact = n <= 4000 ? countIntersectingPairsBrute(seg) : ours;
    if (ours !== exact || wasm.countIntersectingPairs(seg) !== ours)
      throw new Error(
        `${w.name}: Wasm ${wasm.countIntersectingPairs(seg)}, twin ${ours}, brute force ${exact}`,
      );
    // best = the fastest sample (ms per call): on a shared, loaded machine it is the steadier figure.
    const results: Array<{
      impl: string;
      peer: boolean;
      hz: number;
      rme: number;
      best: number;
      pairs: number | null;
    }> = [];

    const measure = (impl: string, peer: boolean, once: () => number | null, fn: () => void) => {
      if (w.skip[impl]) {
        results.push({
          impl: `${impl} (skipped: ${w.skip[impl]})`,
          peer,
          hz: Number.NaN,
          rme: 0,
          best: Number.NaN,
          pairs: null,
        });
        return;
      }
      const pairs = once();
      const b = timeIt(impl, fn, maxTime);
      results.push({
        impl,
        peer,
        hz: b.hz,
        rme: b.stats.rme,
        best: 1000 * Math.min(...b.stats.sample),
        pairs,
      });
    };

    measure(
      "railkit Wasm (grid or sweep)",
      false,
      () => wasm.countIntersectingPairs(seg),
      () => wasm.countIntersectingPairs(seg),
    );
    measure(
      "railkit TS twin",
      false,
      () => countIntersectingPairs(seg),
      () => countIntersectingPairs(seg),
    );
    if (n <= 20_000 || n === 100_000)
      measure(
        "railkit TS sort+sweep (rejected)",
        false,
        () => sortSweepCount(seg),
        () => sortSweepCount(seg),
      );
    const lines = toIsect(w.flat);
    measure(
      "isect brute",
      true,
      () => isectPairs(brute(lines, {}).run() as IsectResult[], false),
      () => brute(lines, {}).run(),
    );
    measure(
      "isect bush",
      true,
      () => isectPairs(bush(lines, {}).run() as IsectResult[], false),
      () => bush(lines, {}).run(),
    );
    measure(
      "isect sweep",
      true,
      () => isectPairs(sweep(lines, {}).run() as IsectResult[], true),
      () => sweep(lines, {}).run(),
    );
    const geo = toGeoJson(w.flat);
    measure(
      "sweepline-intersections",
      true,
      () => sweeplineIntersections(geo, false).length,
      () => sweeplineIntersections(geo, false),
    );

    const peers = results.filter((r) => r.peer && Number.isFinite(r.hz));
    const fastestPeer = peers.reduce((a, b) => (b.best < a.best ? b : a), peers[0]!);
    for (const r of results) {
      const agree =
        r.pairs === null
          ? ""
          : r.pairs === ours
            ? ""
            : w.general
              ? " ≠ ours!"
              : " (differs: not general position)";
      rows.push({
        workload: w.name,
        n,
        impl: r.impl,
        meanMs: Number.isFinite(r.hz) ? (1000 / r.hz).toFixed(3) : "-",
        rme: Number.isFinite(r.hz) ? `±${r.rme.toFixed(1)}%` : "",
        bestMs: Number.isFinite(r.best) ? r.best.toFixed(3) : "-",
        pairs: r.pairs === null ? "-" : `${r.pairs}${agree}`,
        vsFastestPeer:
          Number.isFinite(r.best) && fastestPeer ? `${(fastestPeer.best / r.best).toFixed(2)}×` : "",
      });
    }
    const wasmRow = results[0]!;
    const twin = results[1]!;
    wasm.countIntersectingPairs(seg);
    const plan = wasm.pairsPlan;
    summary.push(
      `${w.name}: method ${plan.method === 1 ? "sweep" : "grid"} (${plan.work} candidate visits), Wasm ` +
        `${(fastestPeer.best / wasmRow.best).toFixed(2)}× the fastest peer (${fastestPeer.impl}), ` +
        `${(twin.best / wasmRow.best).toFixed(2)}× the TS twin (best samples)`,
    );
  }

  console.log(
    `String Railway all-pairs bench: node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, ` +
      `${os.platform()} ${os.arch()}, load average ${os.loadavg()[0]!.toFixed(1)}; mean and best (fastest sample) ms ` +
      "per call (benchmark.js); speed ratios use the best samples",
  );
  console.table(rows);
  for (const line of summary) console.log(line);
  if (only !== undefined) return;
  moveCost(wasm);
  entryPoints(wasm);
  // The engine's public paths on a full board, side by side with these kernels (bench/string-engine.bench.ts).
  await (await import("./string-engine.bench.ts")).run();
}

/**
 * The move's inputs, shared by {@link moveCost} and {@link entryPoints}: a full 5-player board's placed segments
 * (its last string's 63 segments held back as the new 64-vertex path), 40 station discs, the 90 × 90 board and
 * the mountain; the placed segments indexed in TypeScript and in `wasm`.
 */
function moveInputs(wasm: StringGeometryWasm) {
  const flat = gameBoard(5);
  const placed = Float64Array.from(flat.slice(0, flat.length - 63 * 4));
  const last = flat.slice(flat.length - 63 * 4);
  const path = new Float64Array(64 * 2);
  for (let k = 0; k < 63; k++) {
    path[2 * k] = last[4 * k]!;
    path[2 * k + 1] = last[4 * k + 1]!;
  }
  path[126] = last[last.length - 2]!;
  path[127] = last[last.length - 1]!;
  const r = mulberry32(77);
  const discs = new Float64Array(2 * 40);
  for (let i = 0; i < discs.length; i++) discs[i] = 5 + r() * 80;
  const board = Float64Array.of(0, 0, 90, 0, 90, 90, 0, 90);
  const mountain = Float64Array.of(35, 35, 55, 38, 52, 55, 38, 52);
  const bounds = boundsOf(board);
  const tsIndex = new PlacedIndex(placed, bounds);
  wasm.setPlacedSegments(placed, bounds);
  return { flat, placed, path, discs, board, mountain, bounds, tsIndex };
}

/**
 * The cost of one move: a new 64-vertex long string against a full 5-player board (25 placed strings of 63
 * segments), as the route rule needs it: crossing points outside every station disc, the stations touched in
 * order, inside the board without touching its edge, and the mountain test. The crossings come from the
 * placed-segment index (built once, outside the timed loop, as the game would keep it) and, for comparison, from
 * the brute-force `crossingPoints` (every path segment against every placed segment; the Wasm wrapper also copies
 * the placed segments in on every call). Wasm kernels vs their TS twins; mean and best sample per move.
 */
export function moveCost(wasm: StringGeometryWasm): void {
  const { placed, path, discs, board, mountain, tsIndex } = moveInputs(wasm);
  const rest = (g: StringGeometry) => {
    g.stationsTouched(path, discs, 2.5);
    g.polylineInsidePolygon(path, board);
    g.polylineTouchesPolygon(path, mountain);
  };
  const indexed = (g: StringGeometry, index: PlacedSegmentIndex) => () => {
    index.crossingPointsIndexed(path, discs, 2.5);
    rest(g);
  };
  const brute = (g: StringGeometry) => () => {
    g.crossingPoints(path, placed, discs, 2.5);
    rest(g);
  };
  const want = stringGeometryReference.crossingPoints(path, placed, discs, 2.5).join();
  for (const got of [
    wasm.crossingPointsIndexed(path, discs, 2.5),
    tsIndex.crossingPointsIndexed(path, discs, 2.5),
  ])
    if (got.join() !== want) throw new Error("indexed crossing points differ from the brute force");
  const rows = [
    ["Wasm, indexed", timeIt("move wasm indexed", indexed(wasm, wasm), 2)],
    ["TS twin, indexed", timeIt("move ts indexed", indexed(stringGeometryReference, tsIndex), 2)],
    ["Wasm, brute-force crossings", timeIt("move wasm brute", brute(wasm), 2)],
    ["TS twin, brute-force crossings", timeIt("move ts brute", brute(stringGeometryReference), 2)],
    [
      "Wasm, indexed crossings alone",
      timeIt("wasm crossings", () => wasm.crossingPointsIndexed(path, discs, 2.5), 1),
    ],
    ["Wasm, stationsTouched alone", timeIt("wasm stations", () => wasm.stationsTouched(path, discs, 2.5), 1)],
  ] as const;
  const us = (s: number) => (s * 1e6).toFixed(1);
  console.log(
    `Move cost (64-vertex string vs ${placed.length / 4} placed segments, ${want.split(",").length / 2} crossings, ` +
      `40 stations, board + mountain; node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}):`,
  );
  for (const [name, b] of rows)
    console.log(
      `  ${name}: mean ${us(b.stats.mean)} µs, best ${us(Math.min(...b.stats.sample))} µs per move`,
    );
}
/**
 * Every entry point of the String Railway geometry, Wasm wrapper vs TypeScript twin, side by side on the move's
 * inputs (a 64-vertex string, 40 station discs, the 90 × 90 board, the mountain, 1,575 placed segments). The
 * point predicates run 256 calls per sample over pre-drawn coordinates (the call cost is what they measure).
 */
export function entryPoints(wasm: StringGeometryWasm): void {
  const { flat, placed, path, discs, board, mountain, bounds, tsIndex } = moveInputs(wasm);
  const q = mulberry32(78);
  const c = Float64Array.from({ length: 8 * 256 }, () => q() * 90);
  const tail = placed.subarray(placed.length - 4 * 63);
  const head = placed.subarray(0, placed.length - 4 * 63);
  // The route geometry (one call per move, what the engine runs): each implementation measures against an index
  // it made, holding the same placed segments.
  const route = (g: typeof routeGeometryTs) => {
    const index = g.createIndex(bounds);
    index.setPlacedSegments(placed, bounds);
    return { measure: g.measure, index };
  };
  const tsg = { ...stringGeometryReference, ...bindIndex(tsIndex), route: route(routeGeometryTs) };
  const wg = Object.assign(Object.create(wasm) as StringGeometryWasm, { route: route(wasm.routeGeometry) });
  const ctx = { polygon: board, mountain, discs, radius: 2.5 };
  const pathList = Array.from(path);
  const env = {
    ctx,
    pathList,
    c,
    mountain,
    path,
    discs,
    board,
    placed,
    head,
    tail,
    bounds,
    flat: Float64Array.from(flat),
    sink: 0,
  };
  // Each case is one expression over g (the geometry) and the inputs; each implementation gets its own compiled
  // copy (new Function), so no call site is shared between Wasm and TypeScript (shared feedback would make
  // both polymorphic, and whichever ran first would shape the other's code).
  const cases: Array<[string, string]> = [
    [
      "orient2d ×256",
      "for (let i = 0; i < 2048; i += 8) s += g.orient2d(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5]);",
    ],
    [
      "segmentsIntersect ×256",
      "for (let i = 0; i < 2048; i += 8) if (g.segmentsIntersect(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7])) s++;",
    ],
    [
      "segmentIntersectionPoint ×256",
      "for (let i = 0; i < 2048; i += 8) if (g.segmentIntersectionPoint(c[i], c[i + 1], c[i + 2], c[i + 3], c[i + 4], c[i + 5], c[i + 6], c[i + 7])) s++;",
    ],
    [
      "pointInPolygon (mountain) ×256",
      "for (let i = 0; i < 512; i += 2) if (g.pointInPolygon(c[i], c[i + 1], mountain)) s++;",
    ],
    ["polylineLength", "s += g.polylineLength(path);"],
    ["stationsTouched", "s += g.stationsTouched(path, discs, 2.5).length;"],
    ["polylineInsidePolygon (board)", "if (g.polylineInsidePolygon(path, board)) s++;"],
    ["polylineTouchesPolygon (mountain)", "if (g.polylineTouchesPolygon(path, mountain)) s++;"],
    ["crossingPoints (every pair)", "s += g.crossingPoints(path, placed, discs, 2.5).length;"],
    ["crossingPointsIndexed", "s += g.crossingPointsIndexed(path, discs, 2.5).length;"],
    [
      "setPlacedSegments + addPlacedSegments (1,512 + 63)",
      "g.setPlacedSegments(head, bounds); g.addPlacedSegments(tail);",
    ],
    ["countIntersectingPairs (game board)", "s += g.countIntersectingPairs(flat);"],
    // last: its index takes the module's one index slot (wasm's own index is set again below)
    [
      "routeGeometry (the whole move: the engine's measure)",
      "s += g.route.measure(ctx, pathList, g.route.index).length;",
    ],
  ];
  /** A fresh function running `body` n times over g and the inputs. */
  const compile = (body: string, g: object): ((n: number) => void) =>
    new Function(
      "g",
      "e",
      `const { c, mountain, path, discs, board, placed, head, tail, bounds, flat, ctx, pathList } = e;
       return (n) => { let s = 0; for (let k = 0; k < n; k++) { ${body} } e.sink += s; };`,
    )(g, env);
  console.log(
    `Entry points, Wasm wrapper vs TS twin (move inputs; node ${process.version}, load average ${os.loadavg()[0]!.toFixed(1)}): ` +
      "µs per call, fastest benchmark.js sample of two alternating runs each",
  );
  const rows: Array<{ entry: string; wasmUs: string; tsUs: string; tsOverWasm: string }> = [];
  for (const [name, body] of cases) {
    const [w, t] = sideBySide(compile(body, wg), compile(body, tsg));
    rows.push({
      entry: name,
      wasmUs: w.toFixed(3),
      tsUs: t.toFixed(3),
      tsOverWasm: `${(t / w).toFixed(2)}×`,
    });
  }
  console.table(rows);
  wasm.setPlacedSegments(placed, bounds);
  if (env.sink === 0.5) console.log(env.sink);
}

/**
 * Best µs per call of `a(1)` and `b(1)` (each runs its case once per call): benchmark.js, alternating a, b, a, b
 * so that both see the same load; the fastest sample of each is the steady figure on a shared machine.
 */
function sideBySide(
  a: (n: number) => void,
  b: (n: number) => void,
  rounds = 2,
  maxTime = 0.3,
): [number, number] {
  let ba = Infinity;
  let bb = Infinity;
  const best = (x: Benchmark) => 1e6 * Math.min(...x.stats.sample);
  for (let r = 0; r < rounds; r++) {
    ba = Math.min(ba, best(timeIt("a", () => a(1), maxTime)));
    bb = Math.min(bb, best(timeIt("b", () => b(1), maxTime)));
  }
  return [ba, bb];
}

function bindIndex(index: PlacedIndex): PlacedSegmentIndex {
  return {
    get placedCount() {
      return index.placedCount;
    },
    setPlacedSegments: (s, b, cell, ids) => index.setPlacedSegments(s, b, cell, ids),
    addPlacedSegments: (s, ids) => index.addPlacedSegments(s, ids),
    crossingPointsIndexed: (p, d, r) => index.crossingPointsIndexed(p, d, r),
    meetingsIndexed: (p, d, r) => index.meetingsIndexed(p, d, r),
  };
}

// ---- the lead measured interleaved (issue #24) ---------------------------------------------------------------

/**
 * The kernel's lead over the npm peers with every implementation timed in turn on the same array, round after
 * round (so a slow spell of the shared machine hits all of them alike): `rounds` rounds, each implementation one
 * batch of calls lasting ≥ 20 ms per round; the best per-call time over the rounds. Counts are checked first
 * (Wasm = twin = the brute force where n ≤ 4,000; each peer's count is printed, comparable in general position).
 * Run: npx tsx -e 'import("./bench/string.bench.ts").then(m => m.interleaved())'
 */
export async function interleaved(rounds = 7, only?: string[]): Promise<void> {
  const wasm = await createStringGeometryWasm(await compileWasmNode("string", "release"));
  const slowPeers = new Set(["isect bush", "sweepline-intersections"]);
  const workloads = [
    { name: "random sparse 1e3", flat: randomSparse(1_000, 1), skip: new Set<string>() },
    { name: "random sparse 1e4", flat: randomSparse(10_000, 2), skip: new Set<string>() },
    { name: "random sparse 1e5", flat: randomSparse(100_000, 3), skip: new Set<string>() },
    { name: "clustered 1e4 (20 clusters)", flat: clustered(10_000, 20, 9), skip: new Set<string>() },
    // Same density per cluster as clustered 1e4: 200 clusters of 500 segments.
    { name: "clustered 1e5 (200 clusters)", flat: clustered(100_000, 200, 9), skip: new Set<string>() },
    { name: "star 3000 (one shared endpoint)", flat: star(3000, 7), skip: slowPeers },
    { name: "fan 3000 (10 hubs)", flat: fan(3000, 10, 10), skip: slowPeers },
    { name: "chains 100 × 100 (shared joints)", flat: chains(100, 100, 8), skip: new Set<string>() },
  ].filter((w) => only === undefined || only.some((o) => w.name.startsWith(o)));
  console.log(
    `all pairs, interleaved: node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, ` +
      `load average ${os.loadavg()[0]!.toFixed(1)} at the start; ${rounds} rounds; best ms per call`,
  );
  const table: Record<string, string | number>[] = [];
  for (const w of workloads) {
    const seg = Float64Array.from(w.flat);
    const n = seg.length >> 2;
    const ours = countIntersectingPairs(seg);
    const exact = n <= 4000 ? countIntersectingPairsBrute(seg) : ours;
    if (ours !== exact || wasm.countIntersectingPairs(seg) !== ours)
      throw new Error(`${w.name}: Wasm ${wasm.countIntersectingPairs(seg)}, twin ${ours}, brute ${exact}`);
    const lines = toIsect(w.flat);
    const geo = toGeoJson(w.flat);
    const impls: { name: string; peer: boolean; fn: () => unknown; count: () => number }[] = [
      { name: "Wasm", peer: false, fn: () => wasm.countIntersectingPairs(seg), count: () => ours },
      { name: "TS twin", peer: false, fn: () => countIntersectingPairs(seg), count: () => ours },
      {
        name: "isect bush",
        peer: true,
        fn: () => bush(lines, {}).run(),
        count: () => isectPairs(bush(lines, {}).run() as IsectResult[], false),
      },
      {
        name: "isect sweep",
        peer: true,
        fn: () => sweep(lines, {}).run(),
        count: () => isectPairs(sweep(lines, {}).run() as IsectResult[], true),
      },
      {
        name: "sweepline-intersections",
        peer: true,
        fn: () => sweeplineIntersections(geo, false),
        count: () => sweeplineIntersections(geo, false).length,
      },
    ].filter((i) => !w.skip.has(i.name));
    const counts = impls.map((i) => i.count());
    const best = impls.map(() => Number.POSITIVE_INFINITY);
    for (let r = 0; r < rounds; r++)
      impls.forEach((impl, k) => {
        const t0 = performance.now();
        let calls = 0;
        do {
          impl.fn();
          calls++;
        } while (performance.now() - t0 < 20);
        best[k] = Math.min(best[k]!, (performance.now() - t0) / calls);
      });
    const peerBest = Math.min(...best.filter((_, k) => impls[k]!.peer));
    const row: Record<string, string | number> = { workload: w.name, n, pairs: ours };
    impls.forEach((impl, k) => {
      row[impl.name] = `${best[k]!.toFixed(3)}${impl.peer && counts[k] !== ours ? ` (${counts[k]})` : ""}`;
    });
    row["Wasm vs fastest peer"] = `${(peerBest / best[0]!).toFixed(2)}×`;
    table.push(row);
    console.log(
      `${w.name}: Wasm ${best[0]!.toFixed(3)} ms, fastest peer ${peerBest.toFixed(3)} ms: ${(peerBest / best[0]!).toFixed(2)}×`,
    );
  }
  console.table(table);
  console.log(`load average ${os.loadavg()[0]!.toFixed(1)} at the end`);
}

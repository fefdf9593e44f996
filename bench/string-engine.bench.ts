/**
 * String Railway engine bench (issue #10): the engine's public paths on a full 5-player board, side by side with
 * the Wasm kernels alone on the same inputs.
 *
 * The board: the generated 5-player board of seed "bench-full"; every seat holds 5 placed strings (4 short, 1 long)
 * except the seat to move, which holds 4 (3 short, 1 long: its fifth string is the move); each string has 64
 * vertices (a zig-zag between two stations, as long as its kind allows). 24 placed strings, 1,512 segments; the
 * mover's rivals hold 20 strings (1,260 segments). The move: a 64-vertex short string of the mover that crosses
 * some rival strings and is legal and affordable.
 *
 * Rows (best sample and median of repeated runs, performance.now(); the first three warmed up 5,000 calls each,
 * then sampled in turn, side by side):
 * - `apply` of that place-string through `stringEngine.apply` (the public, guarded entry: the action read and
 *   checked, the route check through the placed-segment index the engine keeps, the copy of what changes);
 * - the indexed Wasm kernels alone on the same move: crossings through the index (built outside the timing, as a
 *   game keeps it), stations touched, inside the board, the mountain (bench/string.bench.ts `moveCost`);
 *   `routeGeometry` (all of that in one call, the kernel `apply` runs), its twin and the route check take the path
 *   as the engine holds it (`parseAction`'s copy): fed the caller's array literal and the engine's copy in turn
 *   (two element kinds), V8's code for the path copy went polymorphic and `apply` measured 1.8–1.9× the kernel in
 *   this side-by-side loop instead of 1.4–1.5× (one kind per run of the rows: what a game feeds its engine);
 * - the engine's own route check alone (`checkRoute` over the engine's rival index: the TypeScript geometry that
 *   `apply` runs), so that `apply` minus it is the engine's cost around the geometry (guard, reading, copy, effects);
 * - the live feedback of one pointer move: the pointer's trail (200 samples) simplified to a path
 *   (web/elements/string/draw.ts) plus the engine's `previewString` (what the worker answers per frame);
 * - `legalActions` on that board;
 * - hints over 10⁴ candidate strings on that board (the hint kernel, Wasm and twin: string-solvers.bench.ts
 *   measures them on a lighter mid-game board).
 *
 * Run: `npm run bench -- string` (after the all-pairs tables), or alone:
 * npx tsx -e 'import("./bench/string-engine.bench.ts").then(m=>m.run())'
 */
import os from "node:os";
import { Trail, toPath } from "../web/elements/string/draw.ts";
import {
  apply,
  createStringEngine,
  legalActions,
  parseAction,
  position,
  previewString,
  rivalIndex,
  routeContext,
  setup,
} from "../web/engine/string/engine.ts";
import { boundsOf, PlacedIndex } from "../web/engine/string/geometry/placed.ts";
import { stationsTouched as stationsOf } from "../web/engine/string/geometry/polyline.ts";
import { measureRoute, routeGeometryTs } from "../web/engine/string/geometry/route.ts";
import { checkRoute, stringIds, toSegments } from "../web/engine/string/route.ts";
import type { StringAction, StringKind, StringState } from "../web/engine/string/types.ts";
import { createStringGeometryWasm } from "../web/solvers/string/geometry-wasm.ts";
import { evaluateCandidates, generateCandidates } from "../web/solvers/string/model.ts";
import { createReferenceKernel } from "../web/solvers/string/reference.ts";
import { createWasmKernel } from "../web/solvers/string/wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";
import { time } from "./timing.ts";

/** A 64-vertex zig-zag from a to b whose length is about `length` (at least the chord). */
function zigzag(ax: number, ay: number, bx: number, by: number, length: number): number[] {
  const n = 63;
  const d = Math.hypot(bx - ax, by - ay);
  const step = d / n;
  const seg = Math.max(step, length / n);
  const amp = Math.sqrt(Math.max(0, seg * seg - step * step)) / 2;
  const nx = -(by - ay) / d;
  const ny = (bx - ax) / d;
  const out: number[] = [];
  for (let k = 0; k <= n; k++) {
    const t = k / n;
    const o = k === 0 || k === n ? 0 : (k % 2 === 0 ? 1 : -1) * amp;
    out.push(ax + (bx - ax) * t + nx * o, ay + (by - ay) * t + ny * o);
  }
  return out;
}

/** The full board: see the header. Returns the state (route phase of the mover, 8 AP) and the move. */
export function fullBoard(): { state: StringState; move: StringAction & { type: "place-string" } } {
  let s = setup({ players: 5 }, "bench-full");
  while (s.choice) {
    const r = apply(s, { type: "keep-tile", player: s.current!, tile: s.choice.tiles[0]! });
    if (!r.ok) throw r.error;
    s = r.state;
  }
  const mover = s.current!;
  const st = s.stations;
  const pairs: [number, number, number][] = [];
  for (let i = 0; i < st.length; i++)
    for (let j = i + 1; j < st.length; j++)
      pairs.push([i, j, Math.hypot(st[i]!.x - st[j]!.x, st[i]!.y - st[j]!.y)]);
  const short = pairs.filter((p) => p[2] > 12 && p[2] < 26);
  const long = pairs.filter((p) => p[2] > 30 && p[2] < 52);
  const path = (p: [number, number, number], kind: StringKind) =>
    zigzag(st[p[0]]!.x, st[p[0]]!.y, st[p[1]]!.x, st[p[1]]!.y, kind === "short" ? 29 : 58);
  const t = JSON.parse(JSON.stringify(s)) as StringState;
  let k = 0;
  t.seats.forEach((seat, i) => {
    const shorts = i === mover ? 3 : 4;
    seat.strings = [];
    for (let q = 0; q < shorts; q++)
      seat.strings.push({
        kind: "short",
        path: path(short[(k++ * 37) % short.length]!, "short"),
        stations: [],
      });
    seat.strings.push({ kind: "long", path: path(long[(k++ * 29) % long.length]!, "long"), stations: [] });
    seat.shortLeft = 4 - shorts;
    seat.longLeft = 0;
  });
  t.ap = 8;
  // position() derives each string's stations from its path: read them back from a first pass.
  const derived = (x: StringState) => {
    for (const seat of x.seats) {
      for (const str of seat.strings) {
        const ctx = routeContext(x);
        const p = Float64Array.from(str.path);
        str.stations = stationsOf(p, ctx.discs, ctx.radius);
      }
    }
    return x;
  };
  const state = position(derived(t));
  for (let q = 0; q < short.length; q++) {
    const p = short[(q * 13) % short.length]!;
    const move = {
      type: "place-string" as const,
      player: mover,
      kind: "short" as const,
      path: path(p, "short"),
    };
    const pv = previewString(state, mover, "short", move.path);
    // a typical move: a few meeting places, none of them a shared stretch (the first candidate since the meeting-
    // place rule runs exactly along a rival's identical zigzag: 160 contacts, a degenerate case, not the common one)
    if (!pv.error && pv.crossings >= 2 && pv.crossings <= 6 && pv.stretches.length === 0)
      return { state, move };
  }
  throw new Error("no legal crossing move on the bench board");
}

/** Repeats `fn` `inner` times per sample (short calls: the timer's resolution), per-call times. */
function timeMany(fn: () => void, runs: number, inner: number): { median: number; min: number } {
  const r = time(
    () => {
      for (let i = 0; i < inner; i++) fn();
    },
    runs,
    Math.min(20, runs),
  );
  return { median: r.median / inner, min: r.min / inner };
}

/**
 * Short calls measured side by side: each is first run `warm` times (until the JIT has optimised it: with 20
 * warm-up samples, `apply`'s first few hundred samples ran unoptimised code and its median was 1.3× its best),
 * then their samples (`inner` calls each) alternate, so that the machine's load falls on all of them alike.
 * Per-call best sample and median.
 */
function timeSideBySide(
  fns: (() => void)[],
  runs: number,
  inner: number,
  warm = 5000,
): { median: number; min: number }[] {
  for (const fn of fns) for (let i = 0; i < warm; i++) fn();
  const t = fns.map(() => [] as number[]);
  for (let r = 0; r < runs; r++) {
    fns.forEach((fn, f) => {
      const a = performance.now();
      for (let i = 0; i < inner; i++) fn();
      t[f]!.push((performance.now() - a) / inner);
    });
  }
  return t.map((x) => {
    x.sort((a, b) => a - b);
    return { median: x[Math.floor(runs / 2)]!, min: x[0]! };
  });
}

export async function run(): Promise<void> {
  const { state, move } = fullBoard();
  const mover = move.player;
  const geo = await createStringGeometryWasm(await compileWasmNode("string", "release"));
  const ctx = routeContext(state);
  const rivals: number[][] = [];
  state.seats.forEach((seat, i) => {
    if (i !== mover) for (const str of seat.strings) rivals.push(str.path);
  });
  const rivalSegs = toSegments(rivals);
  const rivalIds = stringIds(rivals); // each string its own rival string (meeting places count per string)
  geo.setPlacedSegments(rivalSegs, boundsOf(state.board.polygon), undefined, rivalIds);
  const path = Float64Array.from(move.path);

  const check = apply(state, move);
  if (!check.ok) throw check.error;
  const pv = previewString(state, mover, "short", move.path);
  const wasmPts = geo.crossingPointsIndexed(path, ctx.discs, ctx.radius);
  if (wasmPts.length / 2 !== pv.crossings)
    throw new Error("the engine and the Wasm kernel disagree on crossings");

  // The four kernels one by one (what the bench compared before routeGeometry) on the bench's own index.
  const kernels = () => {
    geo.crossingPointsIndexed(path, ctx.discs, ctx.radius);
    geo.stationsTouched(path, ctx.discs, ctx.radius);
    geo.polylineInsidePolygon(path, ctx.polygon);
    geo.polylineTouchesPolygon(path, ctx.mountain);
  };
  const us = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
  const rows: [string, { median: number; min: number }][] = [];
  const reloadRatios: string[] = [];
  type T = { median: number; min: number };
  // The engine on the Wasm route geometry (as in the worker), side by side with that geometry alone on the
  // engine's own rival index (so the module's one index slot holds it for both), and the twin alone.
  const onWasm = createStringEngine(geo.routeGeometry);
  const wasmIndex = rivalIndex(state, mover, geo.routeGeometry);
  const tsIndex = new PlacedIndex(rivalSegs, boundsOf(state.board.polygon), undefined, rivalIds);
  const held = (parseAction(move, state.options.players) as typeof move).path;
  const [applyW, kernelT, twinT, routeW] = timeSideBySide(
    [
      () => onWasm.apply(state, move),
      () => geo.routeGeometry.measure(ctx, held, wasmIndex),
      () => measureRoute(ctx, held, tsIndex),
      () => checkRoute(ctx, "short", held, wasmIndex, geo.routeGeometry),
    ],
    400,
    10,
  ) as [T, T, T, T];
  const index = rivalIndex(state, mover);
  const [applyT, kernelsT, routeT] = timeSideBySide(
    [() => apply(state, move), kernels, () => checkRoute(ctx, "short", move.path, index)],
    400,
    10,
  ) as [T, T, T];
  rows.push(["apply(place-string), engine on the Wasm route geometry", applyW]);
  rows.push(["Wasm routeGeometry alone, same move (the kernel)", kernelT]);
  rows.push(["TS twin measureRoute alone, same move", twinT]);
  rows.push(["the engine's route check on Wasm (checkRoute)", routeW]);
  rows.push(["apply(place-string), engine on the TS geometry", applyT]);
  // Issue #24: a state reloaded from JSON shares no object with the game. Where the process knows the game, its
  // first route check finds the mover's rival index by the board's content and the strings' paths; where it does not
  // (a geometry new to the game: a fresh engine per sample), it builds it (1,260 segments). Its second apply, and
  // every state descending from it, reuse it by identity.
  for (const [on, g] of [
    ["TS", routeGeometryTs],
    ["Wasm", geo.routeGeometry],
  ] as const) {
    const eng = createStringEngine(g);
    const copies = Array.from({ length: 300 }, () => JSON.parse(JSON.stringify(state)) as StringState);
    /** An engine whose geometry (a wrapper of `g`, with caches of its own) has seen nothing of this game. */
    const unknown = () => createStringEngine({ createIndex: g.createIndex, measure: g.measure });
    const fresh = Array.from({ length: 300 }, unknown);
    const others = Array.from({ length: 300 }, () => JSON.parse(JSON.stringify(state)) as StringState);
    // the code warmed up: 100 reloads, each applied twice, and as many fresh engines
    for (let i = 0; i < 100; i++) {
      for (let k = 0; k < 2; k++) eng.apply(copies[i]!, move);
      fresh[i]!.apply(others[i]!, move);
    }
    const known: number[] = [];
    const built: number[] = [];
    const second: number[] = [];
    const warm: number[] = [];
    const timed = (out: number[], fn: () => void) => {
      const a = performance.now();
      fn();
      out.push(performance.now() - a);
    };
    for (let i = 100; i < 300; i++) {
      const c = copies[i]!;
      timed(known, () => eng.apply(c, move));
      timed(second, () => eng.apply(c, move));
      timed(built, () => fresh[i]!.apply(others[i]!, move));
      // untimed first: the warm state's board takes its indexes back from the reload (found by content), and the Wasm
      // module indexes one index at a time (geometry-wasm.ts `hold`)
      eng.apply(state, move);
      timed(warm, () => eng.apply(state, move));
    }
    const stat = (x: number[]) => {
      x.sort((p, q) => p - q);
      return { median: x[x.length >> 1]!, min: x[0]! };
    };
    const [k, b, sc, w] = [stat(known), stat(built), stat(second), stat(warm)];
    rows.push([`apply on a JSON reload, first: index found by content, ${on}`, k]);
    rows.push([`  first apply where the game is new (index built), ${on}`, b]);
    rows.push([`  the same reload's second apply (index reused), ${on}`, sc]);
    rows.push([`  the warm state, same samples interleaved, ${on}`, w]);
    const r = (x: { median: number }) => `${(x.median / w.median).toFixed(2)}×`;
    reloadRatios.push(`${on}: found ${r(k)}, built ${r(b)}, second ${r(sc)}`);
  }
  rows.push(["four Wasm kernels one by one, same move", kernelsT]);
  rows.push(["the engine's route check on TS (checkRoute)", routeT]);
  // One pointer move: the trail so far (200 samples along the move's path) simplified, then the engine's check.
  const trail = new Trail([move.path[0]!, move.path[1]!], 30);
  for (let k = 1; k < 64; k++) {
    const [x0, y0, x1, y1] = move.path.slice(2 * k - 2, 2 * k + 2);
    for (let q = 1; q <= 3; q++) trail.add([x0! + ((x1! - x0!) * q) / 3, y0! + ((y1! - y0!) * q) / 3]);
  }
  // On either geometry: the TypeScript one (Node's default) and the Wasm one (the game worker's).
  for (const [g, on] of [
    [undefined, "TS"],
    [geo.routeGeometry, "Wasm"],
  ] as const) {
    const feedback = timeMany(
      () => previewString(state, mover, "short", toPath(trail.points), "/path", g),
      200,
      5,
    );
    rows.push([`live feedback: ${trail.points.length} samples simplified + previewString, ${on}`, feedback]);
    const legal = time(() => legalActions(state, g), 60, 20);
    rows.push([`legalActions (${legalActions(state, g).length} actions), ${on}`, legal]);
  }

  const wasmPlan = await createWasmKernel(await compileWasmNode("stringplan", "release"));
  const ref = createReferenceKernel();
  const gen = generateCandidates(state, mover);
  const paths: number[][] = [];
  const kinds: StringKind[] = [];
  for (let i = 0; paths.length < 10_000; i++) {
    paths.push(gen.paths[i % gen.paths.length]!);
    kinds.push(gen.kinds[i % gen.kinds.length]!);
  }
  const hintW = time(() => evaluateCandidates(wasmPlan, state, mover, paths, kinds), 15, 15);
  const hintT = time(() => evaluateCandidates(ref, state, mover, paths, kinds), 5, 5);
  rows.push(["hints over 10⁴ candidates, Wasm kernel", hintW]);
  rows.push(["hints over 10⁴ candidates, TS twin", hintT]);

  console.log(
    `String Railway engine on a full 5-player board (${state.seats.reduce((n, x) => n + x.strings.length, 0)} placed ` +
      `64-vertex strings, ${rivalSegs.length / 4} rival segments; the move: 64 vertices, ${pv.crossings} crossings); ` +
      `node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  for (const [name, t] of rows)
    console.log(`  ${name.padEnd(60)} best ${us(t.min).padStart(11)}   median ${us(t.median).padStart(11)}`);
  console.log(
    `  ratio apply on Wasm / routeGeometry alone (best samples, side by side): ${(applyW.min / kernelT.min).toFixed(2)}×` +
      ` (medians ${(applyW.median / kernelT.median).toFixed(2)}×); TS twin / Wasm routeGeometry: ` +
      `${(twinT.min / kernelT.min).toFixed(2)}× (medians ${(twinT.median / kernelT.median).toFixed(2)}×); ` +
      `apply on TS / four Wasm kernels: ${(applyT.min / kernelsT.min).toFixed(2)}×`,
  );
  console.log(`  JSON reloads / warm (medians, 200 reloads each): ${reloadRatios.join("; ")}`);
}

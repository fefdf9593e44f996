/**
 * String Railway solvers bench (docs/string-solvers.md): the Wasm kernels (release build) against their
 * TypeScript twins on the same inputs.
 *
 * Workloads: a 4-player greedy-bot game at its third round (seed 21), seat to play:
 * - hint: 10⁴ candidate strings (straight and one-bend, the generator's list repeated to exactly 10⁴),
 *   written into the kernel and evaluated (legality, cost, value), all inside the timing;
 * - transport plan: the exact search at 8 AP with 2 trades left, the position's own cubes and network;
 * - long-distance: every row of every held tile (the seat is given a new station and three tiles);
 * - cube score: 10⁵ seeded random piles (each colour 0..6, whites 0..4).
 * Timing: a warm-up, then the median and the fastest of repeated runs (performance.now()).
 *
 * Run: npx tsx -e 'import("./bench/string-solvers.bench.ts").then(m=>m.run())'
 */
import os from "node:os";
import { Rng } from "../web/engine/common/rng.ts";
import { botAction } from "../web/engine/string/bot.ts";
import { apply, setup } from "../web/engine/string/engine.ts";
import type { StringState } from "../web/engine/string/types.ts";
import type { PlanKernel } from "../web/solvers/string/kernel.ts";
import {
  evaluateCandidates,
  generateCandidates,
  longDistanceRoutes,
  planTransport,
} from "../web/solvers/string/model.ts";
import { createReferenceKernel } from "../web/solvers/string/reference.ts";
import { createWasmKernel } from "../web/solvers/string/wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";
import { time } from "./timing.ts";

function midGame(): StringState {
  let s = setup({ players: 4 }, 21);
  while (!s.over && !(s.round === 3 && s.step === "route" && s.phase === "play")) {
    const r = apply(s, botAction(s));
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return s;
}

export async function run(): Promise<void> {
  const wasm = await createWasmKernel(await compileWasmNode("stringplan", "release"));
  const ref = createReferenceKernel();
  const s = midGame();
  const p = s.order[s.turn]!;
  const gen = generateCandidates(s, p);
  const paths: number[][] = [];
  const kinds: typeof gen.kinds = [];
  for (let i = 0; paths.length < 10_000; i = (i + 1) % gen.paths.length) {
    paths.push(gen.paths[i]!);
    kinds.push(gen.kinds[i]!);
  }
  // Long distance: a new station and three tiles for the seat.
  const ld = structuredClone(s);
  const seat = ld.seats[p]!;
  if (seat.newStation === null) {
    ld.stations.push({ id: `new-${p}`, kind: "new", colour: "red", x: 0, y: 0, owner: p });
    ld.stationCubes.push({ red: 0, blue: 0, purple: 0, yellow: 0, green: 0, white: 0 });
    seat.newStation = ld.stations.length - 1;
    const last = seat.strings[0]?.stations;
    if (last) last.push(seat.newStation);
  }
  seat.tiles = [0, 5, 9].map((id) => ({ id, flipped: false }));
  for (const c of ld.stationCubes) c.white = 1;
  const rng = new Rng(5);
  const piles = Array.from({ length: 100_000 }, () => [
    rng.int(7),
    rng.int(7),
    rng.int(7),
    rng.int(7),
    rng.int(7),
    rng.int(5),
  ]);
  const rows: string[][] = [];
  const add = (name: string, work: string, runs: number, f: (k: PlanKernel) => void) => {
    const w = time(() => f(wasm), runs);
    const r = time(() => f(ref), runs);
    rows.push([
      name,
      work,
      w.median.toFixed(3),
      w.min.toFixed(3),
      r.median.toFixed(3),
      r.min.toFixed(3),
      (r.min / w.min).toFixed(2),
    ]);
  };
  add("hint: evaluate candidates", `${paths.length} candidates, ${s.stations.length} stations`, 15, (k) => {
    evaluateCandidates(k, s, p, paths, kinds);
  });
  add("transport plan", "8 AP + 2 trades", 50, (k) => {
    planTransport(k, s, p, 8, 2);
  });
  add("long-distance routes", "3 tiles × 3 rows", 200, (k) => {
    longDistanceRoutes(k, ld, p, 8);
  });
  add("cube score", "10⁵ piles", 10, (k) => {
    let acc = 0;
    for (const v of piles) acc += k.scoreCubes(v[0]!, v[1]!, v[2]!, v[3]!, v[4]!, v[5]!);
    if (acc < 0) throw new Error("unreachable");
  });
  const head = [
    "kernel",
    "workload",
    "Wasm median ms",
    "Wasm min ms",
    "TS median ms",
    "TS min ms",
    "TS/Wasm (min)",
  ];
  const all = [head, ...rows];
  const width = head.map((_, i) => Math.max(...all.map((r) => r[i]!.length)));
  console.log(
    `String solvers bench (Node ${process.version}, ${os.cpus()[0]?.model ?? "cpu"}, ${os.cpus().length} cores)`,
  );
  for (const r of all) console.log(`| ${r.map((c, i) => c.padEnd(width[i]!)).join(" | ")} |`);
}

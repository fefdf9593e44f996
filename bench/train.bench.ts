/**
 * The Train Game solvers: Wasm kernel vs its TypeScript reference, side by side in one process.
 * Workloads: max-EV (one whole-turn policy, freight truncated at 1,000 points at stake), maxBeat (every target
 * 0..200, one turn solve each), the race table (100 × 100 score pairs, both movers, Newton per pair; and the race
 * to 200, Wasm only), a race hint answered from the shipped table (no race solve), and reading that table.
 */
import { readFile } from "node:fs/promises";
import Benchmark from "benchmark";
import { makeTurn, newTurn } from "../web/engine/train/index.ts";
import { type RaceData, TrainSolver } from "../web/solvers/train/index.ts";
import type { TrainKernel } from "../web/solvers/train/kernel.ts";
import { decodeRaceTable } from "../web/solvers/train/race-table.ts";
import { raceTablePath } from "../web/solvers/train/race-table-node.ts";
import { createReferenceKernel } from "../web/solvers/train/reference.ts";
import { createWasmKernel } from "../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";

interface Row {
  name: string;
  wasmMs: number;
  refMs: number;
}

/** A race hint at a new score pair each call (so no solve is reused), from a solver holding the shipped table. */
function raceHints(table: RaceData): (k: TrainKernel) => void {
  const solvers = new Map<TrainKernel, TrainSolver>();
  const turns = [
    newTurn(),
    makeTurn({ train: ["E", "T", "4"], rollsLeft: 1 }),
    makeTurn({ train: ["E", "T", "E"], banked: 9 }),
  ];
  let i = 0;
  return (k) => {
    let s = solvers.get(k);
    if (!s) {
      s = new TrainSolver(k, { raceTable: table });
      solvers.set(k, s);
    }
    i++;
    s.hint(turns[i % 3]!, { me: (i * 7) % 100, opponent: (i * 13) % 100, first: i % 2 === 0 });
  };
}

function cycle(name: string, fn: () => void, options: Benchmark.Options): Promise<number> {
  return new Promise((resolve, reject) => {
    const b = new Benchmark(name, fn, {
      ...options,
      onComplete: () => resolve(b.stats.mean * 1000),
      onError: (e: { message?: string }) => reject(new Error(e.message ?? "benchmark failed")),
    });
    b.run({ async: false });
  });
}

const workloads: {
  name: string;
  run: (k: TrainKernel) => void;
  options: Benchmark.Options;
  wasmOnly?: boolean;
}[] = [
  {
    name: "maxExpected (full policy)",
    run: (k) => k.solve(k.evPayoff()),
    options: { minSamples: 20, maxTime: 2 },
  },
  {
    name: "maxBeat (targets 0..200)",
    run: (k) => {
      for (let t = 0; t <= 200; t++) k.solve(k.beatPayoff(t, false));
    },
    options: { minSamples: 5, maxTime: 3 },
  },
  {
    name: "race (100 × 100, tol 1e-9)",
    run: (k) => k.race(),
    options: { minSamples: 2, maxTime: 4, initCount: 1 },
  },
  {
    name: "race to 200 (200 × 200)",
    run: (k) => k.race(undefined, 200),
    options: { minSamples: 2, maxTime: 8, initCount: 1 },
    wasmOnly: true,
  },
];

export async function run(): Promise<void> {
  const wasm = await createWasmKernel(await compileWasmNode("train"));
  const ref = createReferenceKernel();
  const bytes = new Uint8Array(await readFile(raceTablePath(100)));
  const table = decodeRaceTable(bytes, 100);
  workloads.push({
    name: "race hint, shipped table",
    run: raceHints(table),
    options: { minSamples: 50, maxTime: 2 },
  });
  const rows: Row[] = [];
  for (const w of workloads) {
    const wasmMs = await cycle(`${w.name} wasm`, () => w.run(wasm), w.options);
    const refMs = w.wasmOnly ? Number.NaN : await cycle(`${w.name} ts`, () => w.run(ref), w.options);
    rows.push({ name: w.name, wasmMs, refMs });
  }
  // Reading the asset is TypeScript only (DataView, FNV-1a, range checks): shown in the TS column.
  const decodeMs = await cycle("decode race-100.bin", () => decodeRaceTable(bytes, 100), {
    minSamples: 20,
    maxTime: 2,
  });
  rows.push({ name: "read race-100.bin (checked)", wasmMs: Number.NaN, refMs: decodeMs });
  console.log(
    "\nThe Train Game solvers (mean time per solve; Wasm = AssemblyScript -O3, TS = reference on Node)",
  );
  console.log(
    `${"workload".padEnd(30)} ${"Wasm ms".padStart(10)} ${"TS ms".padStart(10)} ${"TS/Wasm".padStart(8)}`,
  );
  const cell = (v: number, digits: number) => (Number.isNaN(v) ? "—" : v.toFixed(digits));
  for (const r of rows) {
    const ratio = r.refMs / r.wasmMs;
    console.log(
      `${r.name.padEnd(30)} ${cell(r.wasmMs, 3).padStart(10)} ${cell(r.refMs, 3).padStart(10)} ${Number.isNaN(ratio) ? "—".padStart(8) : `${ratio.toFixed(2).padStart(7)}×`}`,
    );
  }
}

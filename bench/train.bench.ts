/**
 * The Train Game solvers: Wasm kernel vs its TypeScript reference, side by side in one process.
 * Workloads: max-EV (one whole-turn policy, freight truncated at 1,000 points at stake), maxBeat (every target
 * 0..200, one turn solve each) and the race table (100 × 100 score pairs, both movers, Newton per pair).
 */
import Benchmark from "benchmark";
import type { TrainKernel } from "../web/solvers/train/kernel.ts";
import { createReferenceKernel } from "../web/solvers/train/reference-kernel.ts";
import { createWasmKernel } from "../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";

interface Row {
  name: string;
  wasmMs: number;
  refMs: number;
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

const workloads: { name: string; run: (k: TrainKernel) => void; options: Benchmark.Options }[] = [
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
];

export async function run(): Promise<void> {
  const wasm = await createWasmKernel(await compileWasmNode("train"));
  const ref = createReferenceKernel();
  const rows: Row[] = [];
  for (const w of workloads) {
    const wasmMs = await cycle(`${w.name} wasm`, () => w.run(wasm), w.options);
    const refMs = await cycle(`${w.name} ts`, () => w.run(ref), w.options);
    rows.push({ name: w.name, wasmMs, refMs });
  }
  console.log(
    "\nThe Train Game solvers (mean time per solve; Wasm = AssemblyScript -O3, TS = reference on Node)",
  );
  console.log(
    `${"workload".padEnd(30)} ${"Wasm ms".padStart(10)} ${"TS ms".padStart(10)} ${"TS/Wasm".padStart(8)}`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(30)} ${r.wasmMs.toFixed(3).padStart(10)} ${r.refMs.toFixed(3).padStart(10)} ${(r.refMs / r.wasmMs).toFixed(2).padStart(7)}×`,
    );
  }
}

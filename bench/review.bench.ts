/**
 * Game review (docs/review.md): the Train Game's exact review of a 60-move two-seat race to 100 (the first 60 moves
 * of a seeded game: seat 0 the first legal action, seat 1 the race bot), on the Wasm kernel and on its TypeScript
 * reference, both holding the shipped race table, side by side in one process. Each review grades 60 moves: one
 * hint before and one after each (plus a turn-end value where a move ends the turn).
 */
import { readFile } from "node:fs/promises";
import Benchmark from "benchmark";
import { type TrainGameState, trainEngine } from "../web/engine/train/index.ts";
import { reviewGame } from "../web/games/review.ts";
import { type TrainSolverBundle, train } from "../web/games/train/index.ts";
import { trainReviewer } from "../web/games/train/review.ts";
import { TrainSolver } from "../web/solvers/train/index.ts";
import type { TrainKernel } from "../web/solvers/train/kernel.ts";
import { decodeRaceTable } from "../web/solvers/train/race-table.ts";
import { raceTablePath } from "../web/solvers/train/race-table-node.ts";
import { createReferenceKernel } from "../web/solvers/train/reference.ts";
import { createWasmKernel } from "../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../web/wasm/node.ts";

const MOVES = 60;

/** The first {@link MOVES} moves of the first seeded game that lasts that long. */
function game(solver: TrainSolver): TrainGameState {
  for (let seed = 1; ; seed++) {
    let s = trainEngine.setup({ players: 2, variant: "race", goal: 100 }, seed);
    while (!s.over && s.log.length < MOVES) {
      const a = s.current === 1 ? solver.botAction(s, "race") : trainEngine.legalActions(s)[0]!;
      const r = trainEngine.apply(s, a);
      if (!r.ok) throw r.error;
      s = r.state;
    }
    if (s.log.length === MOVES) return s;
  }
}

function deferred(name: string, fn: () => Promise<unknown>): Promise<number> {
  return new Promise((resolve, reject) => {
    const b = new Benchmark(name, {
      defer: true,
      minSamples: 10,
      maxTime: 4,
      fn: (d: { resolve(): void }) => {
        fn().then(() => d.resolve(), reject);
      },
      onComplete: () => resolve(b.stats.mean * 1000),
      onError: (e: { message?: string }) => reject(new Error(e.message ?? "benchmark failed")),
    });
    b.run({ async: true });
  });
}

export async function run(): Promise<void> {
  const table = decodeRaceTable(new Uint8Array(await readFile(raceTablePath(100))), 100);
  const kernels: [string, TrainKernel][] = [
    ["wasm", await createWasmKernel(await compileWasmNode("train"))],
    ["ts", createReferenceKernel()],
  ];
  const ms: number[] = [];
  let state: TrainGameState | undefined;
  for (const [name, k] of kernels) {
    const solver = new TrainSolver(k, { raceTable: table });
    state ??= game(solver);
    // The table is held already: nothing to load on first need.
    const bundle: TrainSolverBundle = {
      solver,
      botAction: (s, m) => solver.botAction(s, m),
      loadRace: async () => {},
      raceFor: async (_turn, race) => race,
    };
    const reviewer = trainReviewer(bundle);
    const s = state;
    ms.push(await deferred(`review ${name}`, () => reviewGame(train, trainEngine, reviewer, s)));
  }
  console.log(
    "\nGame review (mean time per whole review; Wasm = AssemblyScript -O3, TS = reference on Node)",
  );
  console.log(
    `${"workload".padEnd(36)} ${"Wasm ms".padStart(10)} ${"TS ms".padStart(10)} ${"TS/Wasm".padStart(8)}`,
  );
  console.log(
    `${`train race to 100, ${MOVES} moves`.padEnd(36)} ${ms[0]!.toFixed(2).padStart(10)} ${ms[1]!.toFixed(2).padStart(10)} ${`${(ms[1]! / ms[0]!).toFixed(2)}×`.padStart(8)}`,
  );
}

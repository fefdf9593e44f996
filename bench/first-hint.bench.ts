/**
 * The first race hint of a headless user (issue #24): each sample a fresh Node process (bench/first-hint-child.mjs)
 * that imports `railkit/engine` and asks the hint of the first position of a 2-player race to 100, seed 7:
 * - with the one call: `await loadKernels()` (the Wasm kernels and the shipped race table, read from the package's
 *   own files), then `kernels.train.hints(state)`: the load and the hint timed apart;
 * - without it: `trainSolver.createTrainSolverReference().hint(…)`, which solves the race (100 × 100 score pairs) on
 *   the TypeScript kernel first: what a headless user had before.
 * The entry is the package build (dist/pkg/engine.js, `npm run build:lib`) when there is one, else the source through
 * tsx (whose first imports then include compiling the TypeScript). Medians of the processes; every figure printed.
 *
 * Run: `npm run bench -- first-hint` (`--runs=N`: processes with the call, default 7; a third of them, at least 2,
 * without it), or alone: npx tsx -e 'import("./bench/first-hint.bench.ts").then(m=>m.run())'
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const run$ = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const child = fileURLToPath(new URL("./first-hint-child.mjs", import.meta.url));

interface Sample {
  importMs: number;
  loadMs: number;
  hintMs: number;
  best: string;
  win: number;
}

const median = (xs: number[]) => {
  const s = xs.slice().sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

export async function run(): Promise<void> {
  const given = process.argv.find((a) => a.startsWith("--runs="));
  const runs = given ? Math.min(50, Math.max(1, Math.trunc(Number(given.slice(7))) || 7)) : 7;
  const pkg = `${root}dist/pkg/engine.js`;
  const built = existsSync(pkg);
  const entry = built ? pathToFileURL(pkg).href : pathToFileURL(`${root}web/lib/engine.ts`).href;
  const node = built ? [child] : ["--import", "tsx", child];
  const sample = async (mode: string, goal: number): Promise<Sample> => {
    const { stdout } = await run$(process.execPath, [...node, entry, mode, String(goal)], {
      cwd: root,
      timeout: 120_000,
    });
    return JSON.parse(stdout.trim().split("\n").pop()!) as Sample;
  };
  // Alternated, one process at a time, so that the machine's load falls on both alike.
  const withCall: Sample[] = [];
  const without: Sample[] = [];
  const slow = Math.max(2, Math.round(runs / 3));
  for (let i = 0; i < runs; i++) {
    withCall.push(await sample("kernels", 100));
    if (i < slow) without.push(await sample("reference", 100));
  }
  for (const s of [...withCall, ...without])
    if (s.best !== withCall[0]!.best || Math.abs(s.win - withCall[0]!.win) > 1e-6)
      throw new Error(`the hints differ: ${JSON.stringify(s)} vs ${JSON.stringify(withCall[0])}`);
  console.log(
    `First race hint in a fresh Node process (2 players, race to 100, seed 7, its first position), railkit/engine from ` +
      `${built ? "dist/pkg (the package build)" : "the source through tsx"}; node ${process.version}, ` +
      `${os.cpus()[0]?.model ?? "cpu"} × ${os.cpus().length}, load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  const row = (name: string, xs: number[]) =>
    console.log(`  ${name.padEnd(58)} median ${ms(median(xs)).padStart(7)} ms   (${xs.map(ms).join(", ")})`);
  row(
    "import railkit/engine",
    withCall.map((s) => s.importMs),
  );
  row(
    "await loadKernels()",
    withCall.map((s) => s.loadMs),
  );
  row(
    "then the first hint: kernels.train.hints(state)",
    withCall.map((s) => s.hintMs),
  );
  row(
    "loadKernels() + first hint",
    withCall.map((s) => s.loadMs + s.hintMs),
  );
  row(
    "without the call: createTrainSolverReference().hint",
    without.map((s) => s.hintMs),
  );
  console.log(
    `  ratio first hint without the call / with it (medians): ` +
      `${(median(without.map((s) => s.hintMs)) / median(withCall.map((s) => s.hintMs))).toFixed(0)}×; ` +
      `both answer "${withCall[0]!.best}", win ${withCall[0]!.win.toFixed(4)}`,
  );
}

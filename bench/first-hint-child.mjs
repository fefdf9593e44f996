// One fresh process of bench/first-hint.bench.ts: imports `railkit/engine` from the URL given (argv[2]), then in mode
// argv[3] times the first race hint of a 2-player race to argv[4] at its first position, and prints one JSON line:
//   kernels    `await loadKernels()` (the package's Wasm and race table), then `kernels.train.hints(state)`
//   reference  no call: `trainSolver.createTrainSolverReference().hint(turn, race)` (the race solved on first need)
const [entry, mode, goalText] = process.argv.slice(2);
const goal = Number(goalText);
const t0 = performance.now();
const { loadKernels, train, trainSolver } = await import(entry);
const state = train.setup({ players: 2, variant: "race", goal }, 7);
const t1 = performance.now();
let hints;
let t2 = t1;
if (mode === "kernels") {
  const kernels = await loadKernels();
  t2 = performance.now();
  hints = await kernels.train.hints(state);
} else {
  const solver = trainSolver.createTrainSolverReference();
  hints = solver.hint(state.turn, trainSolver.raceContextOf(state));
}
const t3 = performance.now();
const best = hints.find((h) => h.best);
console.log(
  JSON.stringify({
    importMs: t1 - t0,
    loadMs: t2 - t1,
    hintMs: t3 - t2,
    best: best?.label,
    win: best?.winProbability,
  }),
);

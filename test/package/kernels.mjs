// Run by test/e2e/package.test.ts from a folder other than the app's (the files must be found beside the package's
// module, not from the working directory), with the packed tarball installed in the app: `loadKernels()` from
// `railkit/engine`, then the first race hint of a race to 100 (read from the shipped table) beside the same hint of
// the TypeScript solver, which solves the race itself; and a String Railway game on the loaded engine (the Wasm route
// geometry) beside the same game on the TypeScript engine. Prints one JSON line.
import { loadKernels, string, train, trainSolver } from "railkit/engine";

const t0 = performance.now();
const kernels = await loadKernels();
const loadMs = performance.now() - t0;
const state = train.setup({ players: 2, variant: "race", goal: 100 }, 7);
const t1 = performance.now();
const hints = await kernels.train.hints(state);
const hintMs = performance.now() - t1;
const reference = trainSolver.createTrainSolverReference().hint(state.turn, trainSolver.raceContextOf(state));

/** A String Railway game of the greedy bot on `engine`, as its log (the same seed gives the same game). */
function play(engine) {
  let s = engine.setup({ players: 3, rounds: 2 }, 5);
  while (!s.over) {
    const r = engine.apply(s, string.botAction(s, engine));
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return JSON.stringify(s.log);
}
console.log(
  JSON.stringify({
    missing: kernels.missing,
    loadMs,
    hintMs,
    hints,
    reference,
    hasRace: kernels.train.solver.hasRace(100),
    sameString: play(kernels.string.engine) === play(string.stringEngine),
    stringGeometry: kernels.string.engine.geometry !== string.stringEngine.geometry,
  }),
);

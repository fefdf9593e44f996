// Run by test/e2e/package.test.ts inside a fresh folder where the packed tarball is installed: plays a game of
// each engine with bots through `railkit/engine` and prints what happened as one JSON line.
import { light, string, train, trainSolver } from "railkit/engine";

function playOut(engine, state, pick) {
  let s = state;
  let moves = 0;
  while (!s.over) {
    const r = engine.apply(s, pick(s));
    if (!r.ok) throw r.error;
    s = r.state;
    moves++;
  }
  return { moves, winners: s.winners, current: s.current };
}

const solver = trainSolver.createTrainSolverReference();
const out = {
  train: playOut(train.trainEngine, train.setup({ players: 2 }, 7), (s) =>
    trainSolver.botAction(solver, s, "ev"),
  ),
  string: playOut(string.stringEngine, string.stringEngine.setup({ players: 2 }, 5), (s) =>
    string.botAction(s),
  ),
  light: playOut(
    light.lightEngine,
    light.lightEngine.setup({ players: 2 }, 3),
    (s) => light.lightEngine.legalActions(s)[0],
  ),
};
console.log(JSON.stringify(out));

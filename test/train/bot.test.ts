/**
 * The solver's bots playing through the engine: the max-EV bot's average turn score matches the solver's
 * expectation (so the solver's model of a turn and the engine's rules agree in play), and bots finish whole
 * race and elimination games with every action accepted.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { trainEngine } from "../../web/engine/train/index.ts";
import type { TrainGameState } from "../../web/engine/train/types.ts";
import { createTrainSolver, type TrainSolver } from "../../web/solvers/train/index.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let solver: TrainSolver;
beforeAll(async () => {
  solver = await createTrainSolver(await compileWasmNode("train"));
});

function play(state: TrainGameState, mode: "race" | "ev", maxActions: number): TrainGameState {
  for (let i = 0; i < maxActions && !state.over; i++) {
    const action = solver.botAction(state, mode);
    const r = trainEngine.apply(state, action);
    if (!r.ok) throw new Error(`bot action refused: ${r.error.message} (${JSON.stringify(action)})`);
    state = r.state;
  }
  return state;
}

describe("bots", () => {
  it("the max-EV bot scores the solver's expectation per turn (Monte Carlo, 4.5 standard errors)", () => {
    // Many short games (a state carries its whole log, so one endless game would copy ever longer arrays).
    const turns = 4000;
    const scores: number[] = [];
    for (let game = 0; scores.length < turns; game++) {
      let state = trainEngine.setup({ players: 2, variant: "race", goal: 100_000 }, `ev-check-${game}`);
      while (state.history.length < 100) state = play(state, "ev", 50);
      scores.push(...state.history.slice(0, 100).map((t) => t.score));
    }
    const mean = scores.reduce((a, b) => a + b, 0) / turns;
    const sd = Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / (turns - 1));
    const ev = solver.expectedTurnScore();
    expect(Math.abs(mean - ev)).toBeLessThan((4.5 * sd) / Math.sqrt(turns));
  });

  it("race bots finish two-player and four-player games to 100 with equal turns", () => {
    for (const [players, seed] of [
      [2, 1],
      [2, 2],
      [4, 3],
    ] as const) {
      const end = play(trainEngine.setup({ players, variant: "race" }, seed), "race", 5000);
      expect(end.over).toBe(true);
      expect(Math.max(...end.scores)).toBeGreaterThanOrEqual(100);
      expect(new Set(end.turnsTaken).size).toBe(1);
      expect(end.winners.length).toBeGreaterThan(0);
    }
  });

  it("bots finish an elimination game with one seat left", () => {
    const end = play(trainEngine.setup({ players: 3, variant: "elimination" }, 9), "race", 5000);
    expect(end.over).toBe(true);
    expect(end.winners).toHaveLength(1);
  });
});

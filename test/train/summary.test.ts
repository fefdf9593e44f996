/**
 * Issue #23: the Train Game's end-of-game summary (web/games/train/summary.ts `turnSummary`, the worker verb
 * `train.turnSummary`) and the `canUndo` extra of every train view (web/games/train/index.ts), which enables the
 * widget's Undo only when the engine's `undo` would accept it (train.undo-reveal, train.undo-not-yours).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../web/engine/common/errors.ts";
import type { TrainGameState } from "../../web/engine/train/index.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { train as trainModule } from "../../web/games/train/index.ts";
import { MAX_WIN_CHANCE_TURNS, readSummaryInput, turnSummary } from "../../web/games/train/summary.ts";
import { createTrainSolver, type RaceData, type TrainSolver } from "../../web/solvers/train/index.ts";
import { readRaceTableNode } from "../../web/solvers/train/race-table-node.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let solver: TrainSolver;
let raceTable: RaceData;
beforeAll(async () => {
  raceTable = await readRaceTableNode();
  solver = await createTrainSolver(await compileWasmNode("train"), { raceTable });
}, 60_000);

/** A whole game played by the solver's bot from `seed`. */
function botGame(options: Parameters<typeof trainEngine.setup>[0], seed: number, mode: "race" | "ev") {
  let s: TrainGameState = trainEngine.setup(options, seed);
  for (let i = 0; i < 5000 && !s.over; i++) {
    const r = trainEngine.apply(s, solver.botAction(s, mode));
    if (!r.ok) throw r.error;
    s = r.state;
  }
  expect(s.over).toBe(true);
  return s;
}

describe("turnSummary (issue #23 end-of-game table)", () => {
  it("one row per finished turn: totals end at the final scores, wrecks count the seat's Train Wrecks", () => {
    for (const seed of [1, 2, 3]) {
      const s = botGame({ players: 3, variant: "race", goal: 60 }, seed, "ev");
      const rows = turnSummary(solver, readSummaryInput({ options: s.options, history: s.history }));
      expect(rows.map((r) => r.player)).toEqual(s.history.map((h) => h.player));
      expect(rows.map((r) => r.turn)).toEqual(s.history.map((_, i) => i + 1));
      for (let seat = 0; seat < 3; seat++) {
        const mine = rows.filter((r) => r.player === seat);
        expect(mine.at(-1)?.total ?? 0).toBe(s.scores[seat]);
        expect(mine.at(-1)?.wrecks ?? 0).toBe(
          s.history.filter((h) => h.player === seat && h.reason === "wreck").length,
        );
      }
      // Totals only grow by the turn's score.
      for (const r of rows) {
        const before = rows.filter((x) => x.player === r.player && x.turn < r.turn).at(-1)?.total ?? 0;
        expect(r.total).toBe(before + r.score);
      }
    }
  });

  it("best EV is the exact max-EV value of a whole turn from its start", () => {
    const s = botGame({ players: 2, variant: "elimination" }, 5, "ev");
    const rows = turnSummary(solver, { options: s.options, history: s.history });
    const ev = solver.expectedTurnScore();
    expect(ev).toBeGreaterThan(5);
    for (const r of rows) expect(r.bestExpected).toBe(ev);
    // No race in the elimination game: no win chance.
    expect(rows.every((r) => r.winChance === undefined)).toBe(true);
  });

  it("in a race to 100 the first turn's win chance is the first player's chance at 0–0", () => {
    const s = botGame({ players: 2, variant: "race", goal: 100 }, 7, "race");
    const rows = turnSummary(solver, { options: s.options, history: s.history });
    const first = solver.raceFirstPlayerWins(100);
    expect(rows[0]!.winChance).toBeCloseTo(first.value, 3);
    for (const r of rows) {
      expect(r.winChance).toBeGreaterThanOrEqual(0);
      expect(r.winChance).toBeLessThanOrEqual(1);
    }
    // The winner's chance at the start of their last turn is well above nothing.
    expect(rows.filter((r) => r.player === s.winners[0]).at(-1)!.winChance).toBeGreaterThan(0.05);
  });

  it("a race whose table is not at hand gets no win chance (the summary never starts a solve)", () => {
    const s = botGame({ players: 2, variant: "race", goal: 70 }, 3, "ev");
    const rows = turnSummary(solver, { options: s.options, history: s.history });
    expect(solver.hasRace(70)).toBe(false);
    expect(rows.every((r) => r.winChance === undefined)).toBe(true);
  });

  it("caps the win-chance work: only the first MAX_WIN_CHANCE_TURNS rows of a long input get one", () => {
    const n = MAX_WIN_CHANCE_TURNS + 200;
    const history = Array.from({ length: n }, (_, i) => ({
      player: i % 2,
      score: 0,
      reason: "shortage" as const,
    }));
    const rows = turnSummary(solver, { options: { players: 2, variant: "race", goal: 100 }, history });
    expect(rows).toHaveLength(n);
    expect(rows.filter((r) => r.winChance !== undefined)).toHaveLength(MAX_WIN_CHANCE_TURNS);
    expect(rows[MAX_WIN_CHANCE_TURNS]!.winChance).toBeUndefined();
    expect(rows.at(-1)!.bestExpected).toBe(solver.expectedTurnScore());
  });

  it("reads a page's input once and refuses bad input with the field's pointer", () => {
    const ok = {
      options: { players: 2, variant: "race", goal: 100 },
      history: [{ player: 1, score: 3, reason: "stop", train: [] }],
    };
    expect(readSummaryInput(ok).history).toEqual([{ player: 1, score: 3, reason: "stop" }]);
    const bad: [unknown, string][] = [
      [null, "/game"],
      [{ ...ok, history: [{ player: 2, score: 3, reason: "stop" }] }, "/game/history/0/player"],
      [{ ...ok, history: [{ player: 0, score: -1, reason: "stop" }] }, "/game/history/0/score"],
      [{ ...ok, history: [{ player: 0, score: 1, reason: "nap" }] }, "/game/history/0/reason"],
      [{ ...ok, history: [] }, "/game/history"],
      [{ ...ok, history: "x" }, "/game/history"],
      [{ ...ok, options: { players: 9 } }, "/options/players"],
    ];
    for (const [input, path] of bad) {
      let err: unknown;
      try {
        readSummaryInput(input);
      } catch (e) {
        err = e;
      }
      expect(err, path).toBeInstanceOf(InputError);
      expect((err as InputError).path).toBe(path);
    }
  });
});

describe("canUndo extra (train.undo-reveal, train.undo-not-yours)", () => {
  it("is the engine's own answer after every action of a played game", () => {
    let s = trainEngine.setup({ players: 2, variant: "race" }, 11);
    let afterRoll = 0;
    let afterAdd = 0;
    for (let i = 0; i < 400 && !s.over; i++) {
      const action = solver.botAction(s, "ev");
      const r = trainEngine.apply(s, action);
      if (!r.ok) throw r.error;
      s = r.state;
      const { canUndo } = trainModule.extras(s);
      expect(canUndo).toBe(s.current !== null && trainEngine.undo(s, s.current).ok);
      if (action.type === "roll" && s.turn.step === "add") {
        afterRoll++;
        expect(canUndo).toBe(false); // a roll is never taken back
      }
      if (action.type === "add" && s.current === action.player) {
        afterAdd++;
        expect(canUndo).toBe(true);
      }
      // Online: the waiting seat can never undo.
      if (s.current !== null) expect(trainModule.extras(s, 1 - s.current).canUndo).toBe(false);
    }
    expect(afterRoll).toBeGreaterThan(0);
    expect(afterAdd).toBeGreaterThan(0);
  });
});

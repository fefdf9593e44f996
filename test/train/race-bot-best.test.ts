/**
 * train.race-bot-best (issue #9): the race bot never gives up a certain win and never plays an option whose
 * value is below the best one's; its move is the hint's best option for the same position. Ties go to the stop,
 * as in the solver's own policy.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  applyAdd,
  applyRollFaces,
  checkRoll,
  diceToRoll,
  FACES,
  legalAdds,
  makeTurn,
  newTurn,
  parseFaces,
  type TurnState,
  trainEngine,
} from "../../web/engine/train/index.ts";
import type { TrainAction, TrainGameState } from "../../web/engine/train/types.ts";
import {
  createTrainSolver,
  createTrainSolverReference,
  type RaceData,
  raceContextOf,
  type TrainHintOption,
  type TrainSolver,
} from "../../web/solvers/train/index.ts";
import { readRaceTableNode } from "../../web/solvers/train/race-table-node.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let raceTable: RaceData;
const solvers: [string, TrainSolver][] = [];
beforeAll(async () => {
  raceTable = await readRaceTableNode();
  solvers.push(["wasm", await createTrainSolver(await compileWasmNode("train"), { raceTable })]);
  solvers.push(["ts", createTrainSolverReference({ raceTable })]);
});

let base: TrainGameState | undefined;
/** A two-player race state: `seat` to move with the given scores (seat 1 has had one turn fewer). */
function raceState(seat: 0 | 1, scores: [number, number], turn: TurnState): TrainGameState {
  base ??= trainEngine.setup({ players: 2, variant: "race" }, 1);
  return { ...base, current: seat, scores: [...scores], turnsTaken: seat === 0 ? [4, 4] : [5, 4], turn };
}

function sameAction(o: TrainHintOption["action"], a: TrainAction): boolean {
  if (o.type !== a.type) return false;
  return o.type !== "add" || (a.type === "add" && o.faces.join() === a.faces.join());
}

/** The hint option the bot played, and the best value on offer. */
function botVsHint(s: TrainSolver, state: TrainGameState) {
  const hint = s.hint(state.turn, raceContextOf(state));
  const action = s.botAction(state, "race");
  const played = hint.find((o) => sameAction(o.action, action));
  expect(played, JSON.stringify(action)).toBeDefined();
  const best = Math.max(...hint.map((o) => o.winProbability!));
  return { hint, action, played: played!, best };
}

describe("train.race-bot-best", () => {
  it("second player at 95, first at 97, Engine Tender Engine with 9 banked: the bot stops (a certain win)", () => {
    for (const [name, s] of solvers) {
      const start = raceState(1, [97, 95], newTurn());
      s.hint(start.turn, raceContextOf(start)); // the race hint at the start of the turn (issue #9)
      s.expectedTurnScore();
      const state = raceState(1, [97, 95], makeTurn({ train: ["E", "T", "E"], banked: 9 }));
      const { hint, action } = botVsHint(s, state);
      expect(action, name).toEqual({ type: "stop", player: 1 });
      expect(
        hint.map((o) => [o.action.type, o.winProbability]),
        name,
      ).toEqual([
        ["stop", 1],
        ["roll", expect.closeTo(0.98171014515593, 12)],
      ]);
    }
  });

  it("a valid train that already wins: rolling is worth as much (adding nothing is free), the bot stops", () => {
    for (const [name, s] of solvers) {
      const state = raceState(1, [90, 95], makeTurn({ train: ["E", "T", "4", "3"], rollsLeft: 1 }));
      const { action, played, hint } = botVsHint(s, state);
      expect(action, name).toEqual({ type: "stop", player: 1 });
      expect(played.winProbability).toBe(1);
      expect(hint[0]!.action.type).toBe("stop");
    }
  });

  it("the last turn with the mover already ahead: every option wins (1, not P(score > 0) = 0.8607)", () => {
    for (const [name, s] of solvers) {
      // At the start of the turn the only option is the roll (train.roll-first), and it wins for sure.
      const hint = s.hint(newTurn(), { me: 110, opponent: 105, first: false, lastTurnTarget: 105 });
      expect(
        hint.map((o) => [o.action.type, o.winProbability]),
        name,
      ).toEqual([["roll", 1]]);
      // After the roll, every option wins and the bot takes its points: the stop comes first.
      const rolled = makeTurn({ train: parseFaces("ET"), table: parseFaces("4432"), rollsLeft: 2 });
      const after = s.hint(rolled, { me: 110, opponent: 105, first: false, lastTurnTarget: 105 });
      expect(after.every((o) => o.winProbability === 1)).toBe(true);
      expect(after[0]!.action.type).toBe("stop");
      // Level with the target: a zero shares (½), any score wins; the roll is the only option.
      const level = s.hint(newTurn(), { me: 105, opponent: 105, first: false, lastTurnTarget: 105 });
      expect(level.map((o) => o.action.type)).toEqual(["roll"]);
      expect(level[0]!.winProbability).toBeCloseTo(0.5 + 0.5 * s.beatProbability(0), 12);
      // The bot in a three-seat game whose leader is past the goal and the mover further still: it must roll.
      const three = trainEngine.setup({ players: 3, variant: "race" }, 2);
      const state = { ...three, current: 2, scores: [105, 40, 112], turnsTaken: [6, 6, 5] };
      expect(s.botAction(state, "race")).toEqual({ type: "roll", player: 2 });
    }
  });

  it("at random positions the bot plays the hint's best option, never below the best value, never past a sure win", () => {
    const walk = fc
      .record({
        rolls: fc.array(fc.array(fc.constantFrom(...FACES), { minLength: 6, maxLength: 6 }), {
          maxLength: 4,
        }),
        picks: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
        atAdd: fc.boolean(),
      })
      .map(({ rolls, picks, atAdd }) => {
        let turn = newTurn();
        for (let i = 0; i < rolls.length; i++) {
          if (checkRoll(turn) !== null) break;
          const r = applyRollFaces(turn, rolls[i]!.slice(0, diceToRoll(turn)));
          if (r.ended) break;
          if (r.turn.step === "roll") {
            turn = r.turn;
            continue;
          }
          if (atAdd && i === rolls.length - 1) return r.turn;
          const adds = legalAdds(r.turn);
          const a = applyAdd(r.turn, adds[picks[i]! % adds.length]!);
          if (a.ended) break;
          turn = a.turn;
        }
        return turn;
      });
    const freight = fc
      .record({ banked: fc.integer({ min: 6, max: 400 }), cargo: fc.integer({ min: 0, max: 3 }) })
      .map(({ banked, cargo }) =>
        makeTurn({ train: ["E", "T", "E", ...(["4", "3", "2"] as const).slice(0, cargo)], banked }),
      );
    const score = fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 85, max: 99 }));
    for (const [name, s] of solvers) {
      fc.assert(
        fc.property(
          fc.constantFrom<0 | 1>(0, 1),
          score,
          score,
          fc.oneof(walk, freight),
          (seat, a, b, turn) => {
            const { hint, played, best, action } = botVsHint(s, raceState(seat, [a, b], turn));
            expect(played.winProbability!, name).toBe(best);
            expect(sameAction(hint[0]!.action, action), name).toBe(true);
            if (best === 1) expect(played.winProbability).toBe(1);
            for (const o of hint) expect(o.winProbability! >= 0 && o.winProbability! <= 1).toBe(true);
          },
        ),
        { numRuns: name === "wasm" ? 300 : 150, seed: 95 },
      );
    }
  });
});

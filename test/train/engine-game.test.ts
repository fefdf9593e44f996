/**
 * The Train Game engine, game level: seats, refusals, race end (equal turns, shared wins), the
 * elimination variant, input validation, save/load. Positions are built with `makeTurn` and checked by
 * `load` (so every hand-built state is one the engine accepts).
 */
import { describe, expect, it } from "vitest";
import { InputError, type Result, RuleError } from "../../web/engine/common/errors.ts";
import { replay } from "../../web/engine/common/game.ts";
import {
  applyRollFaces,
  trainEngine as engine,
  type Face,
  makeTurn,
  parseFaces,
  type TrainGameState,
  type TurnSpec,
} from "../../web/engine/train/index.ts";

const F = (s: string): Face[] => parseFaces(s);

/** A loaded state with some fields changed (load validates it). */
function at(state: TrainGameState, patch: Partial<TrainGameState>, turn?: TurnSpec): TrainGameState {
  return engine.load({ ...state, ...patch, ...(turn ? { turn: makeTurn(turn) } : {}) });
}

function okState(r: Result<TrainGameState>): TrainGameState {
  if (!r.ok) throw r.error;
  return r.state;
}

function refusedRule(state: TrainGameState, action: unknown): string {
  const before = JSON.stringify(state);
  const r = engine.apply(state, action);
  expect(JSON.stringify(state)).toBe(before);
  if (r.ok) throw new Error(`expected a refusal of ${JSON.stringify(action)}`);
  return r.error instanceof RuleError ? r.error.rule : `input:${r.error.message}`;
}

function refusedInput(state: TrainGameState, action: unknown): void {
  const before = JSON.stringify(state);
  const r = engine.apply(state, action);
  expect(JSON.stringify(state)).toBe(before);
  expect(r.ok).toBe(false);
  if (!r.ok) expect(r.error).toBeInstanceOf(InputError);
}

/** Seat `player` stops with a train scoring `points` (a hand-built E, T + cargo train). */
function scoreTurn(state: TrainGameState, points: number): TrainGameState {
  const cargo: Record<number, string> = {
    0: "",
    2: "2",
    3: "3",
    4: "4",
    5: "32",
    6: "42",
    7: "43",
    8: "44",
    9: "432",
  };
  const c = cargo[points];
  if (c === undefined) throw new Error(`no test train for ${points}`);
  const s = at(state, {}, { train: F(`E${c ? "T" : ""}${c}`), rollsLeft: 2 });
  return okState(engine.apply(s, { type: "stop", player: s.current }));
}

function deepFreeze<T>(x: T): T {
  if (typeof x === "object" && x !== null) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

describe("setup", () => {
  it("starts with seat 0, zero scores, a fresh turn", () => {
    const s = engine.setup({ players: 3, variant: "race" }, 1);
    expect(s.options).toEqual({ players: 3, variant: "race", goal: 100 });
    expect(s.scores).toEqual([0, 0, 0]);
    expect(s.current).toBe(0);
    expect(s.turn.step).toBe("roll");
    expect(s.over).toBe(false);
    expect(engine.legalActions(s)).toEqual([
      { type: "roll", player: 0 },
      { type: "stop", player: 0 },
    ]);
  });

  it.each([
    [{ players: 0, variant: "race" }],
    [{ players: 7, variant: "race" }],
    [{ players: 2.5, variant: "race" }],
    [{ players: 2, variant: "knockout" }],
    [{ players: 2, variant: "race", goal: 0 }],
    [{ players: 1, variant: "elimination" }],
    [null],
  ])("refuses bad options %j", (options) => {
    // Deliberately malformed input: the cast lets the test pass what a caller's JSON could contain.
    expect(() => engine.setup(options as never, 1)).toThrow(InputError);
  });

  it("refuses a bad seed", () => {
    expect(() => engine.setup({ players: 2, variant: "race" }, Number.NaN)).toThrow(InputError);
  });
});

describe("seats and refusals", () => {
  const s0 = engine.setup({ players: 2, variant: "race" }, 5);

  it("wrong player: train.not-your-turn, state unchanged", () => {
    expect(refusedRule(s0, { type: "roll", player: 1 })).toBe("train.not-your-turn");
  });

  it("wrong step at game level: add before rolling", () => {
    const s = at(s0, {}, { train: F("ET4"), rollsLeft: 2 });
    expect(refusedRule(s, { type: "add", player: 0, faces: ["4"] })).toBe("train.wrong-step");
    expect(refusedRule(s, { type: "bank", player: 0 })).toBe("train.bank-not-allowed");
  });

  it("every refusal names its rule", () => {
    const s = at(s0, {}, { train: F("ETE"), table: F("E43"), rollsLeft: 1 });
    expect(refusedRule(s, { type: "add", player: 0, faces: ["E"] })).toBe("train.third-engine");
    expect(refusedRule(s, { type: "add", player: 0, faces: ["C"] })).toBe("train.not-on-table");
    expect(refusedRule(s, { type: "add", player: 0, faces: ["4", "3", "E", "E"] })).toBe(
      "train.too-many-dice",
    );
    expect(refusedRule(s, { type: "roll", player: 0 })).toBe("train.wrong-step");
    const s2 = at(s0, {}, { train: F("ET"), table: F("T432"), rollsLeft: 2 });
    expect(refusedRule(s2, { type: "add", player: 0, faces: ["T"] })).toBe("train.second-tender");
    const s3 = at(s0, {}, { train: F("E"), rollsLeft: 2 });
    expect(refusedRule(s3, { type: "add", player: 0, faces: ["4"] })).toBe("train.engine-tender-first");
    const s4 = at(s0, {}, { train: F("ETE442"), rollsLeft: 0 });
    expect(refusedRule(s4, { type: "roll", player: 0 })).toBe("train.train-full");
    const s5 = at(s0, {}, { train: F("ETE"), table: F("4ET"), banked: 10 });
    expect(refusedRule(s5, { type: "add", player: 0, faces: [] })).toBe("train.freight-must-add");
    expect(refusedRule(s5, { type: "stop", player: 0 })).toBe("train.freight-must-add");
  });

  it("malformed actions are InputErrors and apply never throws", () => {
    const huge = new Array<string>(1_000_000).fill("4");
    for (const a of [
      null,
      undefined,
      5,
      "roll",
      [],
      [{ type: "roll", player: 0 }],
      {},
      { type: "fly", player: 0 },
      { type: "roll" },
      { type: "roll", player: Number.NaN },
      { type: "roll", player: "0" },
      { type: "roll", player: 0.5 },
      { type: "roll", player: 9 },
      { type: "roll", player: -1 },
      { type: "add", player: 0 },
      { type: "add", player: 0, faces: "44" },
      { type: "add", player: 0, faces: ["X"] },
      { type: "add", player: 0, faces: [4] },
      { type: "add", player: 0, faces: huge },
    ]) {
      refusedInput(s0, a);
    }
  });

  it("apply never mutates its input (deep-frozen state)", () => {
    let s = deepFreeze(engine.setup({ players: 2, variant: "race" }, 11));
    for (let i = 0; i < 200 && !s.over; i++) {
      const acts = engine.legalActions(s);
      s = deepFreeze(okState(engine.apply(s, acts[i % acts.length])));
    }
  });

  it("the log keeps the normalised action only", () => {
    const s = okState(engine.apply(s0, { type: "roll", player: 0, extra: "ignored" }));
    expect(s.log).toEqual([{ type: "roll", player: 0 }]);
  });

  it("the engine's roll is applyRollFaces on dice drawn from the rng in the state", () => {
    let s = s0;
    for (let i = 0; i < 30; i++) {
      const roll = engine.legalActions(s).find((a) => a.type === "roll");
      if (!roll) {
        s = okState(engine.apply(s, engine.legalActions(s)[0]));
        continue;
      }
      const next = okState(engine.apply(s, roll));
      expect(next.rng).not.toBe(s.rng);
      expect(next.lastRoll?.player).toBe(s.current);
      const step = applyRollFaces(s.turn, next.lastRoll!.faces);
      if (step.ended)
        expect(next.history.at(-1)).toMatchObject({ score: step.ended.score, reason: step.ended.reason });
      else expect(next.turn).toEqual(step.turn);
      s = next;
    }
  });

  it("a turn that ends is recorded and play passes to the next seat", () => {
    const s = scoreTurn(s0, 7);
    expect(s.history).toEqual([{ player: 0, score: 7, reason: "stop", train: F("ET43"), banked: 0 }]);
    expect(s.scores).toEqual([7, 0]);
    expect(s.turnsTaken).toEqual([1, 0]);
    expect(s.current).toBe(1);
    expect(s.turn).toEqual(makeTurn({ train: [] }));
  });
});

describe("race game", () => {
  it("ends only when every player has had the same number of turns", () => {
    let s = at(engine.setup({ players: 2, variant: "race" }, 3), { scores: [95, 90] });
    s = scoreTurn(s, 8); // seat 0: 103
    expect(s.over).toBe(false);
    expect(s.current).toBe(1);
    s = scoreTurn(s, 9); // seat 1: 99
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([0]);
    expect(engine.legalActions(s)).toEqual([]);
  });

  it("the last seat may overtake", () => {
    let s = at(engine.setup({ players: 3, variant: "race" }, 3), { scores: [50, 96, 100] });
    s = scoreTurn(s, 2); // 52
    s = scoreTurn(s, 8); // 104, seat 2 still to play
    expect(s.over).toBe(false);
    s = scoreTurn(s, 5); // 105
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([2]);
  });

  it("equal highest totals share the win", () => {
    let s = at(engine.setup({ players: 2, variant: "race" }, 3), { scores: [94, 98] });
    s = scoreTurn(s, 8); // 102
    s = scoreTurn(s, 4); // 102
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([0, 1]);
  });

  it("a solo race ends when the goal is reached; goal is an option", () => {
    let s = engine.setup({ players: 1, variant: "race", goal: 10 }, 3);
    s = scoreTurn(s, 8);
    expect(s.over).toBe(false);
    expect(s.current).toBe(0);
    s = scoreTurn(s, 2);
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([0]);
  });

  it("game over: anything is refused with train.game-over", () => {
    let s = engine.setup({ players: 1, variant: "race", goal: 4 }, 3);
    s = scoreTurn(s, 4);
    expect(s.over).toBe(true);
    expect(refusedRule(s, { type: "roll", player: 0 })).toBe("train.game-over");
    expect(refusedRule(s, { type: "stop", player: 0 })).toBe("train.game-over");
  });

  it("a random game runs to the end and replays exactly", () => {
    let s = engine.setup({ players: 3, variant: "race" }, "replay");
    for (let i = 0; !s.over && i < 20_000; i++) {
      const acts = engine.legalActions(s);
      s = okState(engine.apply(s, acts[(i * 7) % acts.length]));
    }
    expect(s.over).toBe(true);
    expect(Math.max(...s.scores)).toBeGreaterThanOrEqual(100);
    expect(new Set(s.turnsTaken).size).toBe(1);
    expect(replay(engine, { players: 3, variant: "race" }, "replay", s.log)).toEqual(s);
  });
});

describe("elimination game", () => {
  it("needs at least two players", () => {
    expect(() => engine.setup({ players: 1, variant: "elimination" }, 1)).toThrow(InputError);
  });

  it("first scoring train sets the target; strictly more to stay in; last one wins", () => {
    let s = engine.setup({ players: 3, variant: "elimination" }, 9);
    s = scoreTurn(s, 0); // seat 0: shortage before any target: not out
    expect(s.target).toBeNull();
    expect(s.out).toEqual([]);
    s = scoreTurn(s, 4); // seat 1 sets 4
    expect([s.target, s.targetSetter]).toEqual([4, 1]);
    s = scoreTurn(s, 4); // seat 2 ties: out
    expect(s.out).toEqual([2]);
    expect(s.current).toBe(0);
    s = scoreTurn(s, 8); // seat 0 beats it: new target 8
    expect([s.target, s.targetSetter]).toEqual([8, 0]);
    expect(s.current).toBe(1); // seat 2 is skipped
    expect(s.over).toBe(false);
    s = scoreTurn(s, 7); // seat 1 fails: out, seat 0 remains
    expect(s.out).toEqual([2, 1]);
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([0]);
    expect(refusedRule(s, { type: "roll", player: 0 })).toBe("train.game-over");
  });

  it("the setter is never asked to beat their own target: all others fail, setter wins", () => {
    let s = engine.setup({ players: 2, variant: "elimination" }, 9);
    s = scoreTurn(s, 6); // seat 0 sets 6
    s = scoreTurn(s, 0); // seat 1 fails
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([0]);
  });

  it("play goes on past the goal: the race goal does not end an elimination game", () => {
    let s = at(engine.setup({ players: 2, variant: "elimination" }, 9), { scores: [120, 120] });
    s = scoreTurn(s, 4);
    s = scoreTurn(s, 5);
    s = scoreTurn(s, 6);
    expect(s.over).toBe(false);
    expect([s.target, s.targetSetter]).toEqual([6, 0]);
  });
});

describe("save and load", () => {
  it("round-trips through JSON text and parsed objects", () => {
    let s = engine.setup({ players: 2, variant: "elimination" }, "save");
    for (let i = 0; i < 40 && !s.over; i++)
      s = okState(engine.apply(s, engine.legalActions(s)[i % 3] ?? { type: "stop", player: s.current }));
    const text = engine.save(s);
    expect(engine.load(text)).toEqual(s);
    expect(engine.save(engine.load(text))).toBe(text);
    expect(engine.save(engine.load(JSON.parse(text)))).toBe(text);
  });

  it("refuses malformed saves with InputError", () => {
    const s = engine.setup({ players: 2, variant: "race" }, 1);
    const bad: unknown[] = [
      "{not json",
      "null",
      42,
      [],
      { ...s, version: 2 },
      { ...s, scores: [0] },
      { ...s, scores: [0, -1] },
      { ...s, current: 2 },
      { ...s, rng: -1 },
      { ...s, turn: { ...s.turn, train: ["E", "T", "T"] } },
      { ...s, turn: { ...s.turn, step: "dance" } },
      { ...s, over: "no" },
      { ...s, over: true },
      { ...s, target: 5, targetSetter: 0 },
      { ...s, log: [{ type: "fly", player: 0 }] },
      { ...s, history: [{ player: 0, score: 3, reason: "lucky", train: [], banked: 0 }] },
      { ...s, options: { players: 2 } },
    ];
    for (const b of bad) expect(() => engine.load(b)).toThrow(InputError);
  });
});

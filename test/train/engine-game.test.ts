/**
 * The Train Game engine, game level: seats, refusals, race end (equal turns, shared wins), the
 * elimination variant, input validation, the common header, save/load (the replay policy) and undo.
 * Hand-built positions go through `position` (which checks them), never `load`.
 */
import { describe, expect, it } from "vitest";
import { InputError, type Result, RuleError } from "../../web/engine/common/errors.ts";
import { replay } from "../../web/engine/common/game.ts";
import {
  applyRollFaces,
  trainEngine as engine,
  type Face,
  makeTurn,
  type PositionSpec,
  parseFaces,
  position,
  type TrainAction,
  type TrainGameState,
  type TrainOptions,
  type TurnSpec,
} from "../../web/engine/train/index.ts";

const F = (s: string): Face[] => parseFaces(s);

/** A hand-built running game: `options` and `seed`, plus any position fields. */
function at(
  options: TrainOptions,
  seed: number,
  spec: Omit<PositionSpec, "options" | "seed"> = {},
): TrainGameState {
  return position({ options, seed, ...spec });
}

/** `state` (a running game) with the seat to move at the hand-built turn `turn`. */
function withTurn(state: TrainGameState, turn: TurnSpec): TrainGameState {
  if (state.current === null) throw new Error("the game is over");
  return position({
    options: state.options,
    seed: state.seed,
    current: state.current,
    scores: state.scores,
    turnsTaken: state.turnsTaken,
    target: state.target,
    targetSetter: state.targetSetter,
    out: state.out,
    turn,
  });
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
  const s = withTurn(state, { train: F(`E${c ? "T" : ""}${c}`), rollsLeft: 2 });
  return okState(engine.apply(s, { type: "stop", player: s.current }));
}

/** From a fresh turn, the seat to move rolls once and stops (a stop is legal only after the turn's first roll). */
function rollThenStop(state: TrainGameState): TrainGameState {
  const rolled = okState(engine.apply(state, { type: "roll", player: state.current }));
  return okState(engine.apply(rolled, { type: "stop", player: state.current }));
}

/** The JSON pointer of the InputError `fn` throws (fails if it throws nothing or something else). */
function inputPath(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof InputError) return e.path;
    throw e;
  }
  throw new Error("expected an InputError");
}

function deepFreeze<T>(x: T): T {
  if (typeof x === "object" && x !== null) {
    for (const v of Object.values(x)) deepFreeze(v);
    Object.freeze(x);
  }
  return x;
}

describe("setup", () => {
  it("starts with seat 0, zero scores, a fresh turn, the common header", () => {
    const s = engine.setup({ players: 3, variant: "race" }, 1);
    expect(s).toMatchObject({ game: "train", version: 3, seed: 1, over: false, winners: [], log: [] });
    expect(s.options).toEqual({ players: 3, variant: "race", goal: 100 });
    expect(s.scores).toEqual([0, 0, 0]);
    expect(s.current).toBe(0);
    expect(s.turn.step).toBe("roll");
    expect(s.over).toBe(false);
    expect(engine.legalActions(s)).toEqual([{ type: "roll", player: 0 }]);
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

  it.each([
    [{ players: 9, variant: "race" }, "/options/players"],
    [{ players: 2, variant: "knockout" }, "/options/variant"],
    [{ players: 2, variant: "race", goal: -1 }, "/options/goal"],
    [{ players: 1, variant: "elimination" }, "/options/players"],
    [null, "/options"],
  ])("bad options %j: InputError at %s", (options, path) => {
    expect(inputPath(() => engine.setup(options as never, 1))).toBe(path);
  });

  it("refuses a bad seed at /seed", () => {
    expect(inputPath(() => engine.setup({ players: 2, variant: "race" }, Number.NaN))).toBe("/seed");
    expect(inputPath(() => engine.setup({ players: 2, variant: "race" }, "x".repeat(1001)))).toBe("/seed");
  });
});

describe("seats and refusals", () => {
  const race2: TrainOptions = { players: 2, variant: "race" };
  const s0 = engine.setup(race2, 5);

  it("wrong player: train.not-your-turn, state unchanged", () => {
    expect(refusedRule(s0, { type: "roll", player: 1 })).toBe("train.not-your-turn");
  });

  it("wrong step at game level: add before rolling", () => {
    const s = at(race2, 5, { turn: { train: F("ET4"), rollsLeft: 2 } });
    expect(refusedRule(s, { type: "add", player: 0, faces: ["4"] })).toBe("train.wrong-step");
    expect(refusedRule(s, { type: "bank", player: 0 })).toBe("train.bank-not-allowed");
  });

  it("every refusal names its rule", () => {
    const s = at(race2, 5, { turn: { train: F("ETE"), table: F("E43"), rollsLeft: 1 } });
    expect(refusedRule(s, { type: "add", player: 0, faces: ["E"] })).toBe("train.third-engine");
    expect(refusedRule(s, { type: "add", player: 0, faces: ["C"] })).toBe("train.not-on-table");
    expect(refusedRule(s, { type: "add", player: 0, faces: ["4", "3", "E", "E"] })).toBe(
      "train.too-many-dice",
    );
    expect(refusedRule(s, { type: "roll", player: 0 })).toBe("train.wrong-step");
    const s2 = at(race2, 5, { turn: { train: F("ET"), table: F("T432"), rollsLeft: 2 } });
    expect(refusedRule(s2, { type: "add", player: 0, faces: ["T"] })).toBe("train.second-tender");
    const s3 = at(race2, 5, { turn: { train: F("E"), rollsLeft: 2 } });
    expect(refusedRule(s3, { type: "add", player: 0, faces: ["4"] })).toBe("train.engine-tender-first");
    const s4 = at(race2, 5, { turn: { train: F("ETE442"), rollsLeft: 0 } });
    expect(refusedRule(s4, { type: "roll", player: 0 })).toBe("train.train-full");
    const s5 = at(race2, 5, { turn: { train: F("ETE"), table: F("4ET"), banked: 10 } });
    expect(refusedRule(s5, { type: "add", player: 0, faces: [] })).toBe("train.freight-must-add");
    expect(refusedRule(s5, { type: "stop", player: 0 })).toBe("train.freight-must-add");
  });

  it("train.roll-first: no stop before the turn's first roll (legalActions never lists it); after it, stop is legal", () => {
    const s = engine.setup(race2, 1);
    expect(refusedRule(s, { type: "stop", player: 0 })).toBe("train.roll-first");
    expect(engine.legalActions(s).map((a) => a.type)).toEqual(["roll"]);
    // Every later turn starts the same way: seat 1, and seat 0 again after a whole round.
    const s1 = rollThenStop(s);
    expect(s1.current).toBe(1);
    expect(refusedRule(s1, { type: "stop", player: 1 })).toBe("train.roll-first");
    const s2 = rollThenStop(s1);
    expect(s2.current).toBe(0);
    expect(refusedRule(s2, { type: "stop", player: 0 })).toBe("train.roll-first");
    // In the elimination game too (no stalling the target).
    const e = engine.setup({ players: 3, variant: "elimination" }, 2);
    expect(refusedRule(e, { type: "stop", player: 0 })).toBe("train.roll-first");
    // After the first roll, stop is listed whenever the turn goes on.
    const rolled = okState(engine.apply(s, { type: "roll", player: 0 }));
    expect(engine.legalActions(rolled).some((a) => a.type === "stop")).toBe(true);
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
    let s = at({ players: 2, variant: "race" }, 3, { scores: [95, 90] });
    s = scoreTurn(s, 8); // seat 0: 103
    expect(s.over).toBe(false);
    expect(s.current).toBe(1);
    s = scoreTurn(s, 9); // seat 1: 99
    expect(s.over).toBe(true);
    expect(s.current).toBeNull(); // nobody moves once the game is over
    expect(s.winners).toEqual([0]);
    expect(engine.legalActions(s)).toEqual([]);
  });

  it("the last seat may overtake", () => {
    let s = at({ players: 3, variant: "race" }, 3, { scores: [50, 96, 99] });
    s = scoreTurn(s, 2); // 52
    s = scoreTurn(s, 8); // 104, seat 2 still to play
    expect(s.over).toBe(false);
    s = scoreTurn(s, 9); // 108
    expect(s.over).toBe(true);
    expect(s.winners).toEqual([2]);
  });

  it("equal highest totals share the win", () => {
    let s = at({ players: 2, variant: "race" }, 3, { scores: [94, 98] });
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
    expect(s.current).toBeNull();
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
    let s = at({ players: 2, variant: "elimination" }, 9, { scores: [120, 120] });
    s = scoreTurn(s, 4);
    s = scoreTurn(s, 5);
    s = scoreTurn(s, 6);
    expect(s.over).toBe(false);
    expect([s.target, s.targetSetter]).toEqual([6, 0]);
  });
});

describe("apply: malformed input", () => {
  const s0 = engine.setup({ players: 2, variant: "race" }, 5);

  it.each([
    [null, "/action"],
    [{ type: "fly", player: 0 }, "/action/type"],
    [{ type: "roll", player: 9 }, "/action/player"],
    [{ type: "add", player: 0, faces: "44" }, "/action/faces"],
    [{ type: "add", player: 0, faces: ["4", "X"] }, "/action/faces/1"],
  ])("action %j: InputError at %s", (action, path) => {
    const r = engine.apply(s0, action);
    if (r.ok || !(r.error instanceof InputError)) throw new Error("expected an InputError");
    expect(r.error.path).toBe(path);
  });

  it("apply(null, action) and other non-states are refusals (InputError), never a throw", () => {
    const roll = { type: "roll", player: 0 };
    // Deliberately not states: the casts pass what a caller's JSON could contain.
    for (const state of [null, undefined, 5, "train", [], {}, { ...s0, game: "light" }, { game: "train" }]) {
      const r = engine.apply(state as never, roll);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(InputError);
    }
  });

  it("a hostile action object (throwing Proxy, throwing getter, BigInt) is an InputError", () => {
    const boom = (): never => {
      throw new Error("boom");
    };
    const proxy = new Proxy({}, { get: boom, ownKeys: boom, getOwnPropertyDescriptor: boom });
    const getter = {
      type: "roll",
      get player(): number {
        return boom();
      },
    };
    for (const a of [proxy, getter, { type: "roll", player: 0n }]) {
      refusedInput(s0, a);
    }
    // A field the action type does not have is never read, whatever it holds: the log keeps the normalised action.
    const extra = {
      type: "roll",
      player: 0,
      x: () => 1,
      get y(): never {
        return boom();
      },
    };
    const r = engine.apply(s0, extra);
    expect(r.ok && r.state.log.at(-1)).toEqual({ type: "roll", player: 0 });
  });

  it("an action is read once: a getter that answers differently on each read cannot fool a later check", () => {
    // Bad on the first read, good afterwards: refused, whatever later reads would say.
    let reads = 0;
    const badFirst = {
      type: "roll",
      get player(): unknown {
        return reads++ === 0 ? "seat zero" : 0;
      },
    };
    const r1 = engine.apply(s0, badFirst);
    expect(r1.ok ? "accepted" : r1.error instanceof InputError && r1.error.path).toBe("/action/player");
    expect(reads).toBe(1);
    // Good on the first read, bad afterwards: accepted as first read, and the log holds that reading.
    reads = 0;
    const goodFirst = {
      type: "roll",
      get player(): unknown {
        return reads++ === 0 ? 0 : "seat zero";
      },
    };
    const s1 = okState(engine.apply(s0, goodFirst));
    expect(reads).toBe(1);
    expect(s1.log).toEqual([{ type: "roll", player: 0 }]);
    expect(JSON.stringify(s1.log[0])).toBe('{"type":"roll","player":0}');
  });
});

/** Plays `options`/`seed` from setup with `pick` (an index into legalActions) until `done` or `max` actions. */
function play(
  options: TrainOptions,
  seed: number | string,
  done: (s: TrainGameState) => boolean,
  max = 20_000,
): TrainGameState {
  let s = engine.setup(options, seed);
  for (let i = 0; i < max && !done(s) && !s.over; i++) {
    const acts = engine.legalActions(s);
    s = okState(engine.apply(s, acts[(i * 7) % acts.length]));
  }
  return s;
}

/** From setup, the seat to move rolls (stopping when it cannot) until dice wait on the table. */
function rolledTable(options: TrainOptions, seed: number | string): TrainGameState {
  let s = engine.setup(options, seed);
  while (s.turn.step !== "add") {
    const acts = engine.legalActions(s);
    s = okState(engine.apply(s, acts.find((a) => a.type === "roll") ?? acts.find((a) => a.type === "stop")));
  }
  return s;
}

/** The rule id of `undo`'s refusal, checking the state is unchanged. */
function undoRefused(state: TrainGameState, player: number): string {
  const before = engine.save(state);
  const r = engine.undo(state, player);
  expect(engine.save(state)).toBe(before);
  if (r.ok) throw new Error("expected undo to be refused");
  return r.error instanceof RuleError ? r.error.rule : `input:${r.error.path}`;
}

describe("undo (docs/rules/README.md § Undo: back to the last roll, own actions of the current turn)", () => {
  const race2: TrainOptions = { players: 2, variant: "race" };

  it("train.undo (add): undo of an add returns to the same table; the same add again reproduces the state", () => {
    let checked = 0;
    for (let seed = 0; seed < 20; seed++) {
      const s1 = rolledTable(race2, seed);
      const p = s1.current!;
      for (const add of engine.legalActions(s1).filter((a) => a.type === "add")) {
        const s2 = okState(engine.apply(s1, add));
        if (s2.current !== p) continue; // that add ended the turn (tested below)
        const back = okState(engine.undo(s2, p));
        expect(back).toEqual(s1);
        expect(engine.save(back)).toBe(engine.save(s1));
        expect(back.turn.step).toBe("add");
        expect(engine.legalActions(back)).toEqual(engine.legalActions(s1));
        expect(okState(engine.apply(back, add))).toEqual(s2);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("train.undo (bank): a bank is taken back, then the add before it, never the roll", () => {
    // Seed 0, seat 0: roll, add E 4 3, roll, add 3 fills a freight train (two Engines, a Tender, 4 3 3).
    const log: TrainAction[] = [
      { type: "roll", player: 0 },
      { type: "add", player: 0, faces: F("E43") },
      { type: "roll", player: 0 },
      { type: "add", player: 0, faces: F("3") },
    ];
    const full = replay(engine, race2, 0, log);
    expect(engine.legalActions(full)).toContainEqual({ type: "bank", player: 0 });
    const banked = okState(engine.apply(full, { type: "bank", player: 0 }));
    expect(banked.turn.phase).toBe("freight");
    const unbanked = okState(engine.undo(banked, 0));
    expect(unbanked).toEqual(full);
    const beforeAdd = okState(engine.undo(unbanked, 0));
    expect(beforeAdd).toEqual(replay(engine, race2, 0, log.slice(0, 3)));
    expect(undoRefused(beforeAdd, 0)).toBe("train.undo-reveal");
  });

  it("train.undo-reveal: a roll is never taken back (nor anything before it)", () => {
    const s = rolledTable(race2, 3);
    expect(s.log.at(-1)?.type).toBe("roll");
    expect(undoRefused(s, s.current!)).toBe("train.undo-reveal");
    const spent = okState(engine.apply(s, { type: "add", player: s.current!, faces: [] }));
    if (spent.current === s.current) {
      const back = okState(engine.undo(spent, s.current!));
      expect(undoRefused(back, s.current!)).toBe("train.undo-reveal");
    }
  });

  it("train.undo-not-yours: another seat's action is never taken back", () => {
    const s = rollThenStop(engine.setup(race2, 1));
    expect(s.current).toBe(1);
    expect(undoRefused(s, 1)).toBe("train.undo-not-yours");
    const rolled = rolledTable(race2, 3);
    const other = (rolled.current! + 1) % 2;
    expect(undoRefused(rolled, other)).toBe("train.undo-not-yours");
  });

  it("train.undo-turn-over: a stop, a Caboose, the end of the game are never taken back", () => {
    const stopped = rollThenStop(engine.setup(race2, 1));
    expect(undoRefused(stopped, 0)).toBe("train.undo-turn-over");

    let caboose: TrainGameState | null = null;
    for (let seed = 0; seed < 50 && !caboose; seed++) {
      const s = rolledTable(race2, seed);
      const add = engine.legalActions(s).find((a) => a.type === "add" && a.faces.includes("C"));
      if (add) caboose = okState(engine.apply(s, add));
    }
    if (!caboose) throw new Error("no seed offered a Caboose");
    expect(caboose.history.at(-1)?.reason).toBe("caboose");
    expect(undoRefused(caboose, caboose.log.at(-1)!.player)).toBe("train.undo-turn-over");

    const over = play({ players: 2, variant: "race", goal: 5 }, "undo-over", () => false);
    expect(over.over).toBe(true);
    expect(over.current).toBeNull();
    expect(undoRefused(over, over.log.at(-1)!.player)).toBe("train.undo-turn-over");
  });

  // Known gap in the common undoAction (web/engine/common/game.ts): it detects the end of a turn by a change of
  // seat, and in a solo game the same seat moves again, so a stop is taken back. Flip to `it` once fixed.
  it("train.undo-turn-over: in a solo game a stop is not taken back either", () => {
    const s = rollThenStop(engine.setup({ players: 1, variant: "race" }, 1));
    expect(undoRefused(s, 0)).toBe("train.undo-turn-over");
  });

  it("train.undo-nothing: nothing to undo at the start of a game", () => {
    expect(undoRefused(engine.setup(race2, 1), 0)).toBe("train.undo-nothing");
  });

  it("undo of a malformed seat or state is an InputError", () => {
    const s = rolledTable(race2, 3);
    expect(undoRefused(s, -1)).toBe("input:/player");
    expect(undoRefused(s, 0.5)).toBe("input:/player");
    expect(undoRefused(s, "0" as never)).toBe("input:/player");
    const r = engine.undo(null as never, 0);
    expect(!r.ok && r.error instanceof InputError).toBe(true);
  });
});

describe("position (hand-built games, never load)", () => {
  const race3: TrainOptions = { players: 3, variant: "race" };
  const elim3: TrainOptions = { players: 3, variant: "elimination" };

  it("builds a running game: the header, the fields given, defaults for the rest", () => {
    const s = position({
      options: race3,
      seed: 4,
      current: 2,
      scores: [10, 20, 30],
      turn: { train: F("ET4"), rollsLeft: 1 },
    });
    expect(s).toEqual({
      ...engine.setup(race3, 4),
      current: 2,
      scores: [10, 20, 30],
      turnsTaken: [1, 1, 0],
      turn: makeTurn({ train: F("ET4"), rollsLeft: 1 }),
    });
    expect(okState(engine.apply(s, { type: "stop", player: 2 })).scores).toEqual([10, 20, 34]);
    const e = position({ options: elim3, current: 1, target: 8, targetSetter: 0, out: [2] });
    expect(e).toMatchObject({ current: 1, target: 8, targetSetter: 0, out: [2], seed: 0 });
  });

  it.each([
    [{ options: { players: 0, variant: "race" } }, "/options/players"],
    [{ options: race3, seed: Number.NaN }, "/seed"],
    [{ options: race3, current: 3 }, "/current"],
    [{ options: race3, scores: [0, 0] }, "/scores"],
    [{ options: race3, scores: [0, -1, 0] }, "/scores/1"],
    [{ options: race3, current: 1, turnsTaken: [1, 1, 0] }, "/turnsTaken/1"],
    [{ options: race3, scores: [0, 100, 0] }, "/scores"],
    [{ options: race3, target: 5, targetSetter: 0 }, "/target"],
    [{ options: race3, out: [1] }, "/out"],
    [{ options: race3, turn: { train: F("ETT"), rollsLeft: 1 } }, "/turn"],
    [{ options: race3, turn: { train: ["E", "X"] } }, "/turn/train/1"],
    [{ options: elim3, target: 5 }, "/targetSetter"],
    [{ options: elim3, out: [1] }, "/out"],
    [{ options: elim3, target: 5, targetSetter: 0, out: [1, 2] }, "/out"],
    [{ options: elim3, target: 5, targetSetter: 0, out: [1, 1] }, "/out"],
    [{ options: elim3, target: 5, targetSetter: 0, out: [0] }, "/current"],
    [{ options: elim3, current: 1, target: 5, targetSetter: 0, out: [0] }, "/targetSetter"],
  ])("refuses an unreachable position %j at %s", (spec, path) => {
    expect(inputPath(() => position(spec as PositionSpec))).toBe(path);
  });

  it("a position is not a save: load refuses it at the first difference from the replay", () => {
    const s = position({ options: race3, seed: 4, scores: [10, 0, 0] });
    expect(inputPath(() => engine.load(engine.save(s)))).toBe("/scores/0");
  });
});

describe("save and load (a save loads only if replaying its options, seed and log reproduces it)", () => {
  const race2: TrainOptions = { players: 2, variant: "race" };
  const loadPath = (x: unknown): string => inputPath(() => engine.load(x));

  it("a version-2 save (played when a stop before the first roll was allowed) is refused, naming the rule change", () => {
    const s = rollThenStop(engine.setup(race2, 1));
    expect(s.version).toBe(3);
    expect(engine.load(engine.save(s))).toEqual(s);
    const old = { ...JSON.parse(engine.save(s)), version: 2 };
    expect(loadPath(old)).toBe("/version");
    expect(() => engine.load(JSON.stringify(old))).toThrow(
      "/version: This Train Game save was played under rules version 2, when a player could stop before the turn's first roll; it cannot be replayed under version 3, where the first action of every turn is a roll",
    );
    // A save of the old rules that used the stop before a roll: refused at the version, not at the log entry.
    const stall = { ...engine.setup(race2, 1), version: 2, log: [{ type: "stop", player: 0 }] };
    expect(() => engine.load(stall)).toThrow(/rules version 2/);
  });

  it("round-trips through JSON text and parsed objects", () => {
    let s = engine.setup({ players: 2, variant: "elimination" }, "save");
    for (let i = 0; i < 40 && !s.over; i++)
      s = okState(engine.apply(s, engine.legalActions(s)[i % 3] ?? { type: "stop", player: s.current }));
    const text = engine.save(s);
    expect(engine.load(text)).toEqual(s);
    expect(engine.save(engine.load(text))).toBe(text);
    expect(engine.save(engine.load(JSON.parse(text)))).toBe(text);
    const over = play({ players: 3, variant: "race", goal: 20 }, "saved-end", () => false);
    expect(over.over).toBe(true);
    expect(engine.save(engine.load(engine.save(over)))).toBe(engine.save(over));
  });

  it("scores of 500 with an empty log are refused at /scores/0", () => {
    const s = engine.setup(race2, 1);
    expect(loadPath({ ...s, scores: [500, 0] })).toBe("/scores/0");
    expect(loadPath(JSON.stringify({ ...s, scores: [500, 0] }))).toBe("/scores/0");
  });

  it("a tampered save is refused with the JSON pointer of the difference", () => {
    const s = play(race2, "tamper", (x) => x.history.length >= 2 && x.turn.step === "add");
    expect(s.over).toBe(false);
    expect(s.history.length).toBeGreaterThanOrEqual(2);
    expect(s.lastRoll).not.toBeNull();
    const over = play({ players: 2, variant: "race", goal: 10 }, "tamper-end", () => false);
    expect(over.over).toBe(true);
    const cases: [unknown, string][] = [
      [{ ...s, current: 1 - s.current! }, "/current"],
      [{ ...s, current: null }, "/current"],
      [{ ...over, current: 0 }, "/current"],
      [{ ...s, winners: [0] }, "/winners"],
      [{ ...over, winners: over.winners[0] === 0 ? [1] : [0] }, "/winners/0"],
      [{ ...s, over: true }, "/over"],
      [{ ...s, rng: s.rng ^ 1 }, "/rng"],
      [{ ...s, turnsTaken: [9, 9] }, "/turnsTaken/0"],
      [{ ...s, turn: { ...s.turn, table: [] } }, "/turn/table"],
      [{ ...s, history: s.history.slice(1) }, "/history"],
      [{ ...s, history: [{ ...s.history[0]!, score: 99 }, ...s.history.slice(1)] }, "/history/0/score"],
      // Unknown fields at any level.
      [{ ...s, cheat: 1 }, "/cheat"],
      [{ ...s, options: { ...s.options, house: "rules" } }, "/options/house"],
      [{ ...s, turn: { ...s.turn, luck: 1 } }, "/turn/luck"],
      [{ ...s, lastRoll: { ...s.lastRoll!, hidden: true } }, "/lastRoll/hidden"],
      [{ ...s, history: [{ ...s.history[0]!, note: "" }, ...s.history.slice(1)] }, "/history/0/note"],
      [{ ...s, log: [{ ...s.log[0]!, extra: 0 }, ...s.log.slice(1)] }, "/log/0/extra"],
      // Header and options.
      [{ ...s, game: "string" }, "/game"],
      [{ ...s, game: undefined }, "/game"],
      [{ ...s, version: 1 }, "/version"],
      [{ ...s, options: { players: 2, variant: "race" } }, "/options/goal"],
      [{ ...s, options: { ...s.options, players: 7 } }, "/options/players"],
      [{ ...s, seed: Number.NaN }, "/seed"],
      [{ ...engine.setup(race2, 1), seed: "other" }, "/rng"],
      // A log the rules refuse on replay.
      [{ ...s, log: [{ type: "roll", player: 1 }] }, "/log/0"],
      [{ ...s, log: [{ type: "fly", player: 0 }] }, "/log/0"],
      [{ ...s, log: "roll" }, "/log"],
      // Not a saved game at all.
      ["{not json", ""],
      ["null", ""],
      [42, ""],
      [[], ""],
    ];
    for (const [bad, path] of cases) expect([path, loadPath(bad)]).toEqual([path, path]);
    expect(engine.load(engine.save(s))).toEqual(s);
  });

  it("a hostile save object (throwing getter) is an InputError", () => {
    const s = engine.setup(race2, 1);
    const hostile = {
      ...s,
      get scores(): number[] {
        throw new Error("boom");
      },
    };
    expect(() => engine.load(hostile)).toThrow(InputError);
  });
});

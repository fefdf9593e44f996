/**
 * review.train (issue #26, docs/review.md): the Train Game's game review, graded exactly by the hints' solver.
 * A hand-worked decision (roll or stop on the last roll with one die left), then properties over whole games:
 * loss ≥ 0, a turn's decisions + dice = its start − end, no luck where nothing is revealed, a replay of the
 * solver's best moves loses nothing, and a mistake made on purpose is found and ranked; railkit/engine review()
 * refuses what is not a save it can review, as input.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Face,
  position,
  type TrainAction,
  type TrainGameState,
  trainEngine,
} from "../../web/engine/train/index.ts";
import { type GameReview, type Reviewer, reviewGame } from "../../web/games/review.ts";
import { type TrainGameTypes, type TrainSolverBundle, train } from "../../web/games/train/index.ts";
import { trainReviewer } from "../../web/games/train/review.ts";
import { review as libReview } from "../../web/lib/review.ts";
import { NODE_KIT } from "../contract/kits.ts";

let bundle: TrainSolverBundle;
let reviewer: Reviewer<TrainGameTypes>;
beforeAll(async () => {
  bundle = await train.loadSolver(NODE_KIT);
  reviewer = trainReviewer(bundle);
});

/** mulberry32: a seeded choice of legal moves (the tests' "random player"). */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const apply = (s: TrainGameState, a: TrainAction) => {
  const r = trainEngine.apply(s, a);
  if (!r.ok) throw r.error;
  return r.state;
};

/** A whole game: each move the solver's best (mode "race" or "ev"), or with probability `wild` a random legal one. */
function play(options: TrainGameState["options"], seed: number, wild: number, mode: "race" | "ev") {
  let s = trainEngine.setup(options, seed);
  const r = rng(seed);
  while (!s.over && s.log.length < 400) {
    const legal = trainEngine.legalActions(s);
    const a = r() < wild ? legal[Math.floor(r() * legal.length)]! : bundle.botAction(s, mode);
    s = apply(s, a);
  }
  return s;
}

const review = (s: TrainGameState): Promise<GameReview> => reviewGame(train, trainEngine, reviewer, s);

describe("review.train hand-worked: roll or stop with E T 4 4 3 and one die on the last roll", () => {
  // One player: no race, so values are the turn's expected score. Stopping scores 4 + 4 + 3 = 11. Rolling the last
  // die: 4, 3, 2 fill the train (full: 15, 14, 13); C ends it with the Caboose ((11 + 1) × 2 = 24); T cannot join
  // (the roll is spent and the turn ends at 11); E may join and brings the freight condition (bank or stop: V_E,
  // the one branch read from the solver, at least the stop's 11). EV(roll) = (15 + 14 + 13 + 24 + 11 + V_E) / 6.
  const turn = {
    phase: "regular",
    rollsLeft: 1,
    train: ["E", "T", "4", "4", "3"],
    banked: 0,
    step: "roll",
    table: [],
  };
  const before = () =>
    position({ options: { players: 1, variant: "race", goal: 100 }, seed: 3, turn: turn as never });
  const vE = () => {
    const afterE = { ...turn, rollsLeft: 0, step: "add", table: ["E"] as Face[] };
    return Math.max(...bundle.solver.hint(afterE as never).map((h) => h.expected));
  };

  it("stopping loses EV(roll) − 11 to the decision, and nothing to the dice", async () => {
    const s = before();
    const g = await reviewer.grade(s, { type: "stop", player: 0 }, apply(s, { type: "stop", player: 0 }));
    const evRoll = (15 + 14 + 13 + 24 + 11 + vE()) / 6;
    expect(vE()).toBeGreaterThanOrEqual(11);
    expect(g.played).toBe(11);
    expect(g.best).toBeCloseTo(evRoll, 12);
    expect(g.bestLabel).toBe("Roll 1 dice");
    expect(g.best - g.played).toBeCloseTo(evRoll - 11, 12);
    expect(g.after).toBe(11);
  });

  it("rolling loses nothing; its luck is the face's value against EV(roll)", async () => {
    const byFace: Record<Face, number> = { "4": 15, "3": 14, "2": 13, C: 24, T: 11, E: vE() };
    const evRoll = (15 + 14 + 13 + 24 + 11 + vE()) / 6;
    const seen = new Set<Face>();
    for (let seed = 0; seed < 40 && seen.size < 6; seed++) {
      const s = position({ options: { players: 1, variant: "race", goal: 100 }, seed, turn: turn as never });
      const after = apply(s, { type: "roll", player: 0 });
      const face = after.lastRoll!.faces[0]!;
      seen.add(face);
      const g = await reviewer.grade(s, { type: "roll", player: 0 }, after);
      expect(g.played).toBeCloseTo(evRoll, 12);
      expect(g.best).toBe(g.played);
      expect(g.after - g.played).toBeCloseTo(byFace[face] - evRoll, 12);
    }
    expect(seen.size).toBeGreaterThanOrEqual(5);
  });
});

/** The review's own invariants, on any game. */
function checkInvariants(r: GameReview, s: TrainGameState) {
  expect(r.complete).toBe(true);
  expect(r.moves.length).toBe(s.log.length);
  for (const m of r.moves) {
    expect(m.loss).toBeGreaterThanOrEqual(0);
    expect(m.loss).toBeCloseTo(Math.max(0, m.best - m.played), 12);
    // Only a roll reveals anything: every other move's value after is the value played.
    if (s.log[m.index]!.type !== "roll") expect(Math.abs(m.luck)).toBeLessThan(1e-9);
  }
  for (const t of r.turns) expect(Math.abs(t.decisions + t.dice - t.total)).toBeLessThan(1e-9);
  for (const t of r.turns)
    for (const m of r.moves.filter((m) => m.turn === t.turn)) expect(m.unit).toBe(t.unit);
  for (const seat of r.seats) {
    // A seat's totals add the moves in the review's unit only (an elimination game's pre-target turns are points).
    const mine = r.moves.filter((m) => m.seat === seat.seat && m.unit === r.unit);
    expect(seat.decisions).toBeCloseTo(
      mine.reduce((a, m) => a + m.loss, 0),
      9,
    );
    expect(seat.mistakes.length).toBeLessThanOrEqual(3);
    // Ranked: the review's unit first, then by loss.
    const keys = seat.mistakes.map((i) => [r.moves[i]!.unit === r.unit ? 0 : 1, -r.moves[i]!.loss] as const);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
  }
  expect(r.chart.at(-1)!.index).toBe(s.log.length);
}

describe("review.train properties", () => {
  it("a race to 100 played by the race bot: every move loses 0; decisions + dice = total per turn", async () => {
    const s = play({ players: 2, variant: "race", goal: 100 }, 11, 0, "race");
    const r = await review(s);
    expect(r.unit).toBe("win");
    checkInvariants(r, s);
    for (const m of r.moves) expect(m.loss).toBeLessThan(1e-12);
    for (const seat of r.seats) expect(seat.mistakes).toEqual([]);
    // The chart ends on the result and its win chances stay in [0, 1], summing to 1 with two seats.
    expect(r.chart.at(-1)!.values).toEqual(
      s.scores.map((_, i) => (s.winners.includes(i) ? 1 / s.winners.length : 0)),
    );
    for (const p of r.chart) {
      for (const v of p.values) expect(v >= 0 && v <= 1).toBe(true);
      expect(p.values[0]! + p.values[1]!).toBeCloseTo(1, 9);
    }
  });

  it("a race to 30 (no race hints: expected points) played by max-EV: every move loses 0", async () => {
    const s = play({ players: 3, variant: "race", goal: 30 }, 5, 0, "ev");
    const r = await review(s);
    expect(r.unit).toBe("points");
    checkInvariants(r, s);
    for (const m of r.moves) expect(m.loss).toBeLessThan(1e-9);
    expect(r.chart.at(-1)!.values).toEqual(s.scores);
  });

  it("review.train-elimination: graded in P(beat target) once a target is set, in points before", async () => {
    const s = play({ players: 3, variant: "elimination", goal: 100 }, 5, 0.3, "ev");
    const r = await review(s);
    expect(r.unit).toBe("beat");
    checkInvariants(r, s);
    // Replay: each move's unit follows the state before it (a target the mover must beat: "beat").
    let st = trainEngine.setup(s.options, s.seed);
    let beats = 0;
    for (const m of r.moves) {
      const mustBeat = st.target !== null && st.current !== st.targetSetter;
      expect(m.unit).toBe(mustBeat ? "beat" : "points");
      if (mustBeat) {
        beats++;
        for (const v of [m.best, m.played, m.after]) expect(v >= 0 && v <= 1).toBe(true);
        // The first move of a turn (a fresh turn's roll) is worth the solver's max P(score > target).
        if (st.turn.rollsLeft === 3 && st.turn.train.length === 0 && st.turn.step === "roll")
          expect(m.best).toBeCloseTo(bundle.solver.beatProbability(st.target!), 12);
      }
      st = apply(st, s.log[m.index]!);
    }
    expect(beats).toBeGreaterThan(0);
    // The chart is in chances: the winner ends at 1, every point in [0, 1].
    for (const p of r.chart) for (const v of p.values) expect(v >= 0 && v <= 1).toBe(true);
    expect(r.chart.at(-1)!.values[s.winners[0]!]).toBe(1);
  });

  it("review.train-elimination: the elimination bot (max P(beat) once there is a target) loses nothing", async () => {
    const s = play({ players: 3, variant: "elimination", goal: 100 }, 8, 0, "ev");
    const r = await review(s);
    checkInvariants(r, s);
    for (const m of r.moves) expect(m.loss).toBeLessThan(1e-9);
  });

  it("review.train-elimination: stopping short of the target loses the chance of beating it", async () => {
    // Target 20 set by seat 0; seat 1 holds E T 4 4 3 (11 points, below the target) with one roll left: stopping
    // scores 11 and is out for sure (value 0); the best option keeps a chance (rolling for the Caboose: 24 > 20).
    const s = position({
      options: { players: 2, variant: "elimination", goal: 100 },
      seed: 3,
      current: 1,
      scores: [20, 0],
      turnsTaken: [1, 0],
      target: 20,
      targetSetter: 0,
      turn: {
        phase: "regular",
        rollsLeft: 1,
        train: ["E", "T", "4", "4", "3"],
        banked: 0,
        step: "roll",
        table: [],
      },
    } as never);
    const stop = { type: "stop", player: 1 } as const;
    const g = await reviewer.grade(s, stop, apply(s, stop));
    expect(g.unit).toBe("beat");
    expect(g.played).toBe(0);
    expect(g.after).toBe(0);
    expect(g.best).toBeGreaterThanOrEqual(1 / 6); // at least the Caboose's face
    expect(g.best).toBeLessThanOrEqual(1);
    expect(g.bestLabel).toBe("Roll 1 dice");
  });

  it("random moves mixed in: losses found, flagged, the three biggest ranked per seat", async () => {
    for (const seed of [1, 2, 3]) {
      const s = play({ players: 2, variant: "race", goal: 100 }, seed, 0.4, "race");
      const r = await review(s);
      checkInvariants(r, s);
      const flagged = r.moves.filter((m) => m.flagged);
      expect(flagged.length).toBeGreaterThan(0);
      for (const seat of r.seats) {
        const mine = flagged.filter((m) => m.seat === seat.seat).sort((a, b) => b.loss - a.loss);
        expect(seat.mistakes.map((i) => r.moves[i]!.loss)).toEqual(mine.slice(0, 3).map((m) => m.loss));
      }
    }
  });

  it("stopping early is a prefix (complete: false)", async () => {
    const s = play({ players: 2, variant: "race", goal: 100 }, 4, 0.2, "race");
    let n = 0;
    const r = await reviewGame(train, trainEngine, reviewer, s, { stale: () => n >= 5, onMove: () => n++ });
    expect(r.complete).toBe(false);
    expect(r.moves.map((m) => m.index)).toEqual([0, 1, 2, 3, 4]);
    expect(r.chart.at(-1)!.index).toBe(4);
  });
});

describe("review.input: railkit/engine review() refuses what is not a save it can review, as input", () => {
  it("hostile values, text that is not JSON, an unknown game, a save its rules do not replay", async () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error("boom");
        },
      },
    );
    await expect(libReview(hostile)).rejects.toMatchObject({ name: "InputError", path: "/game" });
    await expect(libReview("{nope")).rejects.toMatchObject({ name: "InputError" });
    // Every registered game has a review now (String Railway's since issue #26): an unknown one is refused.
    await expect(libReview({ game: "chess" })).rejects.toMatchObject({ name: "InputError", path: "/game" });
    await expect(libReview({ game: "string" })).rejects.toMatchObject({
      name: "InputError",
      path: "/version",
    });
    const s = play({ players: 2, variant: "race", goal: 100 }, 12, 0, "race");
    await expect(libReview({ ...s, scores: [1, 2] })).rejects.toMatchObject({ name: "InputError" });
    await expect(libReview(s, { options: { playouts: 5 } })).rejects.toMatchObject({
      path: "/options/playouts",
    });
  });
});

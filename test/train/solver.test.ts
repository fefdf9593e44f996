/**
 * The Train Game solvers: the table-driven turn solver against an independent brute force over the engine's own
 * turn rules; the Wasm kernel against its TypeScript reference (every state, to 1e-12); the race table against its
 * own Bellman equations; hints against the rules.
 */
import { beforeAll, describe, expect, it } from "vitest";
import {
  applyAdd,
  applyBank,
  applyRollFaces,
  canBank,
  checkRoll,
  checkStop,
  diceToRoll,
  FACES,
  type Face,
  legalAdds,
  makeTurn,
  newTurn,
  type TurnState,
  turnScore,
} from "../../web/engine/train/index.ts";
import { createTrainSolverReference, TrainSolver } from "../../web/solvers/train/index.ts";
import type { TrainKernel } from "../../web/solvers/train/kernel.ts";
import { trainTables } from "../../web/solvers/train/model.ts";
import {
  createReferenceKernel,
  FR_LEN,
  GOAL,
  type RaceResult,
  SMAX,
  TL,
} from "../../web/solvers/train/reference.ts";
import { createWasmKernel } from "../../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

/** Every multiset of k faces with its probability. */
function rolls(k: number): { faces: Face[]; p: number }[] {
  const out: { faces: Face[]; p: number }[] = [];
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  const rec = (i: number, left: number, acc: Face[], denom: number): void => {
    if (i === FACES.length - 1) {
      const faces = [...acc, ...Array<Face>(left).fill(FACES[i]!)];
      out.push({ faces, p: fact(k) / (denom * fact(left)) / 6 ** k });
      return;
    }
    for (let c = 0; c <= left; c++)
      rec(i + 1, left - c, [...acc, ...Array<Face>(c).fill(FACES[i]!)], denom * fact(c));
  };
  rec(0, k, [], 1);
  return out;
}

/**
 * Brute force over the engine: the best E[f(score)] from a turn between rolls, trying every option the engine
 * allows. Freight states with more than `cap` points at stake stop (as the solver's pcap does).
 */
function bruteForce(f: (s: number) => number, cap: number): (turn: TurnState) => number {
  const memo = new Map<string, number>();
  const value = (turn: TurnState): number => {
    const key = JSON.stringify(turn);
    const hit = memo.get(key);
    if (hit !== undefined) return hit;
    const points = turnScore(turn);
    let best = f(points);
    if (!(turn.phase === "freight" && points > cap)) {
      if (canBank(turn)) best = Math.max(best, value(applyBank(turn).turn));
      if (checkRoll(turn) === null) {
        let acc = 0;
        for (const { faces, p } of rolls(diceToRoll(turn))) {
          const r = applyRollFaces(turn, faces);
          if (r.ended) acc += p * f(r.ended.score);
          else if (r.turn.step === "roll") acc += p * value(r.turn);
          else {
            let b = checkStop(r.turn) === null ? f(turnScore(r.turn)) : Number.NEGATIVE_INFINITY;
            for (const add of legalAdds(r.turn)) {
              const s = applyAdd(r.turn, add);
              b = Math.max(b, s.ended ? f(s.ended.score) : value(s.turn));
            }
            acc += p * b;
          }
        }
        best = Math.max(best, acc);
      }
    }
    memo.set(key, best);
    return best;
  };
  return value;
}

let wasm: TrainKernel;
let ref: TrainKernel;
beforeAll(async () => {
  wasm = await createWasmKernel(await compileWasmNode("train"));
  ref = createReferenceKernel();
});

describe("turn solver vs brute force over the engine's rules", () => {
  const ev = bruteForce((s) => s, 300);

  it("max-EV of a whole turn: 16.3583523…", () => {
    const brute = ev(newTurn());
    const solved = ref.solve(ref.evPayoff());
    expect(Math.abs(brute - solved)).toBeLessThan(1e-9);
    expect(solved).toBeCloseTo(16.358352326973606, 12);
  });

  it("maxBeat(t): the best P(score > t) for several targets", () => {
    for (const t of [0, 9, 20, 32]) {
      const brute = bruteForce((s) => (s > t ? 1 : 0), t)(newTurn());
      const solved = ref.solve(ref.beatPayoff(t, false));
      expect(Math.abs(brute - solved), `t = ${t}`).toBeLessThan(1e-12);
    }
  });

  it("mid-turn positions value the same as the engine-driven brute force", () => {
    const solver = createTrainSolverReference();
    const turns = [
      makeTurn({ train: ["E", "T", "4"], rollsLeft: 1 }),
      makeTurn({ train: ["E", "T", "4", "4", "E"], rollsLeft: 2 }),
      makeTurn({ train: ["E", "E", "T"], banked: 10 }),
      makeTurn({ train: ["E", "E", "T", "3", "2"], banked: 10 }),
    ];
    for (const turn of turns) {
      const roll = solver.hint(turn).find((o) => o.action.type === "roll")!;
      const best = Math.max(...solver.hint(turn).map((o) => o.expected));
      expect(Math.abs(best - ev(turn)), JSON.stringify(turn)).toBeLessThan(1e-9);
      expect(roll.expected).toBeLessThanOrEqual(best + 1e-12);
    }
  });
});

describe("Wasm kernel equals its TypeScript reference", () => {
  it("every state of the max-EV solve", () => {
    const pw = wasm.evPayoff();
    const pr = ref.evPayoff();
    expect(pw).toBe(pr);
    expect(Math.abs(wasm.solve(pw) - ref.solve(pr))).toBeLessThan(1e-12);
    for (let i = 0; i < 4 * (pr + 14); i++) expect(Math.abs(wasm.fr[i]! - ref.fr[i]!)).toBeLessThan(1e-12);
    const nc = trainTables().nc;
    for (let i = nc; i < 3 * nc + 1; i++) expect(Math.abs(wasm.reg[i]! - ref.reg[i]!)).toBeLessThan(1e-12);
    expect(Math.abs(wasm.zeroProbability() - ref.zeroProbability())).toBeLessThan(1e-12);
    expect(FR_LEN).toBe(wasm.fr.length);
  });

  it("maxBeat for every target 0..200", () => {
    for (let t = 0; t <= 200; t++) {
      const a = wasm.solve(wasm.beatPayoff(t, false));
      const b = ref.solve(ref.beatPayoff(t, false));
      expect(Math.abs(a - b), `t = ${t}`).toBeLessThan(1e-12);
      for (let s = 0; s <= SMAX; s += 97) expect(wasm.f[s]).toBe(ref.f[s]);
    }
  });

  describe("the race", () => {
    let rw: RaceResult;
    let rr: RaceResult;
    beforeAll(() => {
      const w = wasm.race();
      rw = { ...w, x: w.x.slice(), y: w.y.slice(), last: w.last.slice(), stopAt: w.stopAt.slice() };
      rr = ref.race();
    }, 120_000);

    it("every (a, b) pair, both movers, and B's last turn agree to 1e-12", () => {
      let worst = 0;
      for (let i = 0; i < GOAL * GOAL; i++) {
        worst = Math.max(worst, Math.abs(rw.x[i]! - rr.x[i]!), Math.abs(rw.y[i]! - rr.y[i]!));
        expect(rw.stopAt[i]).toBe(rr.stopAt[i]);
      }
      for (let t = 0; t <= TL; t++) worst = Math.max(worst, Math.abs(rw.last[t]! - rr.last[t]!));
      expect(worst).toBeLessThan(1e-12);
      expect(rw.iterations).toBe(rr.iterations);
    });

    it("each value satisfies its Bellman equation (residual below 1e-12)", () => {
      // X(a, b) is A's best turn against the payoff built from the table itself; likewise Y.
      for (let a = 0; a < GOAL; a += 7) {
        for (let b = 0; b < GOAL; b += 9) {
          const i = a * GOAL + b;
          const x = ref.solve(ref.payoffA(a, b, 1 - rr.y[i]!, rr));
          const y = ref.solve(ref.payoffB(a, b, 1 - rr.x[i]!, rr));
          expect(Math.abs(x - rr.x[i]!), `X(${a}, ${b})`).toBeLessThan(1e-12);
          expect(Math.abs(y - rr.y[i]!), `Y(${a}, ${b})`).toBeLessThan(1e-12);
        }
      }
    });

    it("values are probabilities and B's last turn gets harder as the target grows", () => {
      for (let i = 0; i < GOAL * GOAL; i++) {
        expect(rr.x[i]).toBeGreaterThanOrEqual(0);
        expect(rr.x[i]).toBeLessThanOrEqual(1);
      }
      for (let t = 1; t <= TL; t++) expect(rr.last[t]!).toBeLessThanOrEqual(rr.last[t - 1]!);
      expect(rr.last[TL]!).toBeLessThan(1e-12);
      // Near the goal with a huge lead, A almost surely wins; far behind, almost surely loses.
      expect(rr.x[99 * GOAL]!).toBeGreaterThan(0.98);
      expect(rr.x[99]!).toBeLessThan(0.05);
    });
  });
});

describe("hints", () => {
  let solver: TrainSolver;
  beforeAll(() => {
    solver = createTrainSolverReference();
  });

  it("at the start of a turn, rolling is worth the whole turn's expectation", () => {
    const hint = solver.hint(newTurn());
    const roll = hint.find((o) => o.action.type === "roll")!;
    expect(roll.best).toBe(true);
    expect(Math.abs(roll.expected - solver.expectedTurnScore())).toBeLessThan(1e-12);
    // train.roll-first: no stop before the first roll, so the hint does not offer one.
    expect(hint.map((o) => o.action.type)).toEqual(["roll"]);
  });

  it("in the regular rolls a valid train never does better by stopping than by rolling (adding nothing is free)", () => {
    for (const train of [
      ["E", "T", "4"],
      ["E", "T", "2", "2"],
      ["E", "T", "4", "3"],
      ["E", "E", "T", "4"],
    ] as const) {
      for (const rollsLeft of [1, 2]) {
        const hint = solver.hint(makeTurn({ train: [...train], rollsLeft }), {
          me: 90,
          opponent: 10,
          first: true,
        });
        const roll = hint.find((o) => o.action.type === "roll")!;
        const stop = hint.find((o) => o.action.type === "stop")!;
        expect(roll.expected).toBeGreaterThanOrEqual(stop.expected);
        expect(roll.winProbability!).toBeGreaterThanOrEqual(stop.winProbability! - 1e-15);
      }
    }
  });

  it("the rulebook's freight position: 3, 2, C on the table with 10 banked", () => {
    const turn = makeTurn({ train: ["E", "E", "T"], banked: 10, table: ["3", "2", "C"] });
    const hint = solver.hint(turn);
    const all = hint.find((o) => o.action.type === "add" && o.action.faces.join("") === "32C")!;
    expect(all.expected).toBe(32); // (10 + 3 + 2 + 1) × 2
    expect(hint.every((o) => o.action.type === "add")).toBe(true); // no stop while dice must be added
    expect(hint[0]!.best).toBe(true);
    expect(hint.filter((o) => o.best)).toHaveLength(1);
    for (let i = 1; i < hint.length; i++)
      expect(hint[i - 1]!.expected).toBeGreaterThanOrEqual(hint[i]!.expected);
  });

  it("race hints carry win probabilities that match the race table", () => {
    const solver = new TrainSolver(wasm); // the race table via the Wasm kernel (the reference is checked above)
    const table = solver.raceTable();
    const hint = solver.hint(newTurn(), { me: 30, opponent: 40, first: true });
    const best = hint[0]!;
    expect(best.winProbability).toBeDefined();
    expect(Math.abs(best.winProbability! - table.winFirst[30 * GOAL + 40]!)).toBeLessThan(1e-12);
    const second = solver.hint(newTurn(), { me: 40, opponent: 30, first: false });
    expect(Math.abs(second[0]!.winProbability! - table.winSecond[30 * GOAL + 40]!)).toBeLessThan(1e-12);
  });
});

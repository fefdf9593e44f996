/**
 * train.race-hint-stateless (issue #9): every solver answer is a function of its question only. The race payoff
 * used to be filled only up to the pcap of the race solve, while a hint with more points at stake raised the pcap
 * and read entries an earlier solve had left (after a max-EV solve f[s] = s: "Roll 3 dice 146.8%"). A long-lived
 * solver (as the worker keeps one for hints and the bot) is driven through random sequences of questions and
 * each answer is compared with a fresh solver's, for the Wasm kernel and its TypeScript twin.
 */
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  applyAdd,
  applyRollFaces,
  checkRoll,
  diceToRoll,
  FACES,
  type Face,
  legalAdds,
  makeTurn,
  newTurn,
  type TurnState,
  trainEngine,
} from "../../web/engine/train/index.ts";
import type { TrainGameState } from "../../web/engine/train/types.ts";
import { type RaceContext, type RaceData, TrainSolver } from "../../web/solvers/train/index.ts";
import type { TrainKernel } from "../../web/solvers/train/kernel.ts";
import { readRaceTableNode } from "../../web/solvers/train/race-table-node.ts";
import { createReferenceKernel } from "../../web/solvers/train/reference.ts";
import { createWasmKernel } from "../../web/solvers/train/wasm.ts";
import { compileWasmNode } from "../../web/wasm/node.ts";

let module: WebAssembly.Module;
let raceTable: RaceData;
beforeAll(async () => {
  module = await compileWasmNode("train");
  raceTable = await readRaceTableNode();
});

const kernels: [string, () => Promise<TrainKernel>][] = [
  ["wasm", () => createWasmKernel(module)],
  ["ts", async () => createReferenceKernel()],
];

// --- random questions -------------------------------------------------------------------------------------

/** A reachable turn: a random walk through the engine's own turn rules from the start of a turn. */
const walkTurn = fc
  .record({
    rolls: fc.array(fc.array(fc.constantFrom(...FACES), { minLength: 6, maxLength: 6 }), {
      minLength: 0,
      maxLength: 4,
    }),
    picks: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
    stopAtAdd: fc.boolean(),
  })
  .map(({ rolls, picks, stopAtAdd }) => {
    let turn = newTurn();
    for (let i = 0; i < rolls.length; i++) {
      if (checkRoll(turn) !== null) break;
      const r = applyRollFaces(turn, rolls[i]!.slice(0, diceToRoll(turn)));
      if (r.ended) break;
      if (r.turn.step === "roll") {
        turn = r.turn;
        continue;
      }
      if (stopAtAdd && i === rolls.length - 1) return r.turn;
      const adds = legalAdds(r.turn);
      const a = applyAdd(r.turn, adds[picks[i]! % adds.length]!);
      if (a.ended) break;
      turn = a.turn;
    }
    return turn;
  });

/** Freight turns, many with large banked points (the second symptom). */
const freightTurn = fc
  .record({
    cargo: fc.array(fc.constantFrom<Face>("4", "3", "2"), { maxLength: 3 }),
    banked: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 40, max: 980 })),
    table: fc.option(fc.array(fc.constantFrom(...FACES), { minLength: 3, maxLength: 3 }), { nil: undefined }),
  })
  .map(({ cargo, banked, table }): TurnState | null => {
    try {
      const train: Face[] = ["E", "T", "E", ...cargo];
      return makeTurn(
        table ? { train, banked, table: table.slice(0, 6 - train.length) } : { train, banked, step: "roll" },
      );
    } catch {
      return null; // a table the rules cannot reach after a freight roll
    }
  })
  .filter((t): t is TurnState => t !== null);

const turnArb = fc.oneof(walkTurn, freightTurn);
const score = fc.oneof(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 80, max: 99 }));

const raceArb: fc.Arbitrary<RaceContext> = fc.oneof(
  fc.record({ me: score, opponent: score, first: fc.boolean() }),
  fc
    .record({ me: fc.integer({ min: 0, max: 160 }), target: fc.integer({ min: 100, max: 160 }) })
    .map(({ me, target }) => ({ me, opponent: target, first: false, lastTurnTarget: target })),
);

type Question =
  | { kind: "ev" }
  | { kind: "beat"; t: number }
  | { kind: "first" }
  | { kind: "hint"; turn: TurnState; race: RaceContext | undefined }
  | {
      kind: "bot";
      seat: 0 | 1;
      scores: [number, number];
      turn: TurnState;
      mode: "race" | "ev";
      elim: boolean;
    };

const questionArb: fc.Arbitrary<Question> = fc.oneof(
  { weight: 1, arbitrary: fc.constant<Question>({ kind: "ev" }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 200 }).map((t): Question => ({ kind: "beat", t })) },
  { weight: 1, arbitrary: fc.constant<Question>({ kind: "first" }) },
  {
    weight: 6,
    arbitrary: fc
      .record({ turn: turnArb, race: fc.option(raceArb, { nil: undefined }) })
      .map(({ turn, race }): Question => ({ kind: "hint", turn, race })),
  },
  {
    weight: 4,
    arbitrary: fc
      .record({
        seat: fc.constantFrom<0 | 1>(0, 1),
        scores: fc.tuple(fc.oneof(score, fc.integer({ min: 100, max: 130 })), score),
        turn: turnArb,
        mode: fc.constantFrom<"race" | "ev">("race", "race", "ev"),
        elim: fc.boolean(),
      })
      .map((q): Question => ({ kind: "bot", ...q })),
  },
);

let raceBase: TrainGameState | undefined;
let elimBase: TrainGameState | undefined;
/** A two-seat game state with the given seat to move (seat 1 has had one turn fewer). */
function gameState(q: Extract<Question, { kind: "bot" }>): TrainGameState {
  raceBase ??= trainEngine.setup({ players: 2, variant: "race" }, 1);
  elimBase ??= trainEngine.setup({ players: 2, variant: "elimination" }, 1);
  const base = q.elim ? elimBase : raceBase;
  return {
    ...base,
    current: q.seat,
    scores: [...q.scores],
    turnsTaken: q.seat === 0 ? [5, 5] : [6, 5],
    turn: q.turn,
    target: q.elim ? q.scores[0] : null,
  };
}

/** The answer as data (a refusal as its message), with every probability checked to lie in [0, 1]. */
function ask(s: TrainSolver, q: Question): unknown {
  const isProb = (p: number) => expect(p >= 0 && p <= 1, `probability ${p}`).toBe(true);
  try {
    switch (q.kind) {
      case "ev":
        return s.expectedTurnScore();
      case "beat": {
        const p = s.beatProbability(q.t);
        isProb(p);
        return p;
      }
      case "first": {
        const r = s.raceFirstPlayerWins();
        isProb(r.value);
        return r;
      }
      case "hint": {
        const h = s.hint(q.turn, q.race);
        for (const o of h) if (q.race) isProb(o.winProbability!);
        return h;
      }
      case "bot":
        return s.botAction(gameState(q), q.mode);
    }
  } catch (e) {
    return { error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
}

describe("train.race-hint-stateless", () => {
  for (const [name, makeKernel] of kernels) {
    it(`${name}: every answer of a long-lived solver equals a fresh solver's`, async () => {
      const fresh = async () => new TrainSolver(await makeKernel(), { raceTable });
      await fc.assert(
        fc.asyncProperty(fc.array(questionArb, { minLength: 1, maxLength: 12 }), async (questions) => {
          const used = await fresh();
          for (const q of questions) expect(ask(used, q), JSON.stringify(q)).toEqual(ask(await fresh(), q));
        }),
        { numRuns: name === "wasm" ? 200 : 100, seed: 9 },
      );
    }, 120_000);

    it(`${name}: the issue's sequence — a race hint at the start of the turn, then Engine, Tender, Engine with 9 banked`, async () => {
      const s = await fresh();
      const ctx: RaceContext = { me: 95, opponent: 97, first: false };
      s.hint(newTurn(), ctx);
      s.expectedTurnScore();
      const h = s.hint(makeTurn({ train: ["E", "T", "E"], banked: 9 }), ctx);
      expect(h.map((o) => [o.label, o.winProbability])).toEqual([
        ["Stop (scores 9)", 1],
        ["Roll 3 dice", expect.closeTo(0.98171014515593, 12)],
      ]);
      expect(h).toEqual((await fresh()).hint(makeTurn({ train: ["E", "T", "E"], banked: 9 }), ctx));
      async function fresh() {
        return new TrainSolver(await makeKernel(), { raceTable });
      }
    });

    it(`${name}: the first player's side with large banked points after a max-EV hint stays a probability`, async () => {
      const s = new TrainSolver(await makeKernel(), { raceTable });
      const turn = makeTurn({ train: ["E", "T", "E"], banked: 200 });
      const ctx: RaceContext = { me: 50, opponent: 60, first: true };
      s.hint(turn);
      const h = s.hint(turn, ctx);
      for (const o of h) expect(o.winProbability!).toBeLessThanOrEqual(1);
      expect(h).toEqual(new TrainSolver(await makeKernel(), { raceTable }).hint(turn, ctx));
    });
  }
});

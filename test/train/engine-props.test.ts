/**
 * The Train Game engine, properties (fast-check, seeded): random games mixing legal actions with
 * well-formed but possibly illegal actions and junk. apply never throws; refusals leave the state
 * untouched; the accepted well-formed actions are exactly `legalActions`; six dice; replay and
 * save/load reproduce the state.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError, RuleError } from "../../web/engine/common/errors.ts";
import { replay } from "../../web/engine/common/game.ts";
import {
  trainEngine as engine,
  FACES,
  type Face,
  parseFaces,
  parseTurn,
  position,
  sortFaces,
  type TrainAction,
  type TrainGameState,
  type TrainOptions,
  type TurnSpec,
} from "../../web/engine/train/index.ts";

type Move =
  | { kind: "legal"; pick: number }
  /** Heads for freight: bank when allowed, add the most non-Caboose dice (second Engine included), roll. */
  | { kind: "greedy" }
  /** A well-formed action, often illegal: `faces` are table dice picked by `mask`, plus `extra` faces. */
  | { kind: "formed"; type: "roll" | "add" | "stop" | "bank"; other: boolean; mask: boolean[]; extra: Face[] }
  | { kind: "junk"; action: unknown };

const junk = fc.oneof(
  fc.anything(),
  fc.constantFrom<unknown>(
    null,
    "roll",
    [],
    { type: "roll", player: Number.NaN },
    { type: "add", player: 0, faces: "4" },
    { type: "add", player: 0, faces: new Array<string>(100).fill("4") },
    { type: "bank", player: 1e9 },
    { type: "stop", player: -0.5 },
  ),
);

const move: fc.Arbitrary<Move> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("legal" as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.constant({ kind: "greedy" as const }) },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant("formed" as const),
      type: fc.constantFrom(
        "roll" as const,
        "add" as const,
        "add" as const,
        "stop" as const,
        "bank" as const,
      ),
      other: fc.boolean(),
      mask: fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
      extra: fc.oneof(fc.constant<Face[]>([]), fc.array(fc.constantFrom(...FACES), { maxLength: 2 })),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("junk" as const), action: junk }) },
);

const config = fc.record({
  seed: fc.oneof(fc.integer(), fc.string({ maxLength: 8 })),
  players: fc.integer({ min: 1, max: 4 }),
  elimination: fc.boolean(),
  goal: fc.constantFrom(100, 20, 5),
});

function optionsOf(c: { players: number; elimination: boolean; goal: number }): TrainOptions {
  return c.elimination
    ? { players: Math.max(2, c.players), variant: "elimination" }
    : { players: c.players, variant: "race", goal: c.goal };
}

function key(a: TrainAction): string {
  return a.type === "add" ? `add:${a.player}:${sortFaces(a.faces).join("")}` : `${a.type}:${a.player}`;
}

function actionOf(s: TrainGameState, m: Move): unknown {
  if (m.kind === "junk") return m.action;
  const acts = engine.legalActions(s);
  if (m.kind === "legal")
    return acts.length ? acts[m.pick % acts.length] : { type: "roll", player: s.current };
  if (m.kind === "greedy") {
    const size = (a: TrainAction): number =>
      a.type === "add" && !a.faces.includes("C") ? a.faces.length : -1;
    const best = acts.find((a) => a.type === "bank") ?? [...acts].sort((a, b) => size(b) - size(a))[0];
    if (best && size(best) > 0) return best;
    return acts.find((a) => a.type === "roll") ?? best ?? { type: "roll", player: s.current };
  }
  const seat = s.current ?? 0; // a finished game has no seat to move: any seat is refused
  const player = m.other ? (seat + 1) % s.options.players : seat;
  const faces = [...s.turn.table.filter((_, i) => m.mask[i]), ...m.extra];
  return m.type === "add" ? { type: "add", player, faces } : { type: m.type, player };
}

/** Independent score of a finished turn, straight from docs/rules/train-game.md § Score. */
function expectedScore(r: TrainGameState["history"][number]): number {
  if (r.reason === "shortage" || r.reason === "wreck") return 0;
  const n = (f: Face): number => r.train.filter((x) => x === f).length;
  if (r.banked === 0 && r.train.length === 6 && FACES.every((f) => n(f) === 1)) return 25;
  const sum = r.banked + 4 * n("4") + 3 * n("3") + 2 * n("2") + n("C");
  return n("C") ? 2 * sum : sum;
}

/** Plain assertion for hot loops (vitest's `expect` is too slow to call thousands of times a run). */
function check(cond: boolean, what: string, s?: TrainGameState): void {
  if (!cond) throw new Error(`${what}${s ? `\nstate: ${engine.save(s)}` : ""}`);
}

function checkInvariants(prev: TrainGameState, s: TrainGameState): void {
  for (const r of s.history.slice(prev.history.length)) {
    check(r.score === expectedScore(r), `score ${r.score} of ${JSON.stringify(r)}`, s);
    if (r.reason === "caboose") check(r.train.at(-1) === "C", "a caboose train ends with C", s);
    if (r.reason !== "wreck" && r.reason !== "shortage")
      check(r.train[0] === "E" && r.train[1] === "T", "a scoring train starts E, T", s);
  }
  const t = s.turn;
  // Six dice: in the train, on the table, or still to roll (table empty between rolls).
  if (t.step === "add") check(t.train.length + t.table.length === 6, "six dice after a roll", s);
  else check(t.table.length === 0, "no dice on the table between rolls", s);
  // Every reachable turn is one makeTurn/load accepts.
  check(JSON.stringify(parseTurn(t, "turn")) === JSON.stringify(t), "turn parses to itself", s);
  check(
    s.scores.reduce((a, b) => a + b, 0) === s.history.reduce((a, r) => a + r.score, 0),
    "scores add up to history",
    s,
  );
  check(s.turnsTaken.reduce((a, b) => a + b, 0) === s.history.length, "turns add up to history", s);
  // The common header: nobody moves once the game is over, and only then are there winners.
  check((s.current === null) === s.over, "current is null exactly when the game is over", s);
  check(s.over === s.winners.length > 0, "winners exactly when the game is over", s);
  check(s.current === null || !s.out.includes(s.current), "the seat to move is not out", s);
  const keys = engine.legalActions(s).map(key);
  check(new Set(keys).size === keys.length, "legal actions are distinct", s);
  check(s.over || keys.length > 0, "a running game has a legal action", s);
}

const RUNS = { seed: 42, numRuns: 250 };

/** Hand-built turns to start from (freight and late positions are rare in random play). */
const starts: (TurnSpec | null)[] = [
  null,
  null,
  { train: parseFaces("ETE442"), rollsLeft: 1 },
  { train: parseFaces("ETE"), banked: 10 },
  { train: parseFaces("ETE4"), table: parseFaces("CC"), banked: 9 },
  { train: parseFaces("ETE43"), table: parseFaces("C"), rollsLeft: 0 },
  { train: parseFaces("ET"), table: parseFaces("CCEE"), rollsLeft: 1 },
  { train: parseFaces("E"), rollsLeft: 1 },
];

describe("engine properties", () => {
  it("apply never throws; refusals keep the state; accepted well-formed actions are exactly legalActions", () => {
    fc.assert(
      fc.property(
        config,
        fc.constantFrom(...starts),
        fc.array(move, { minLength: 30, maxLength: 100 }),
        (c, start, moves) => {
          let s = start
            ? position({ options: optionsOf(c), seed: c.seed, turn: start })
            : engine.setup(optionsOf(c), c.seed);
          for (const m of moves) {
            const action = actionOf(s, m);
            const before = JSON.stringify(s);
            const legal = new Set(engine.legalActions(s).map(key));
            const r = engine.apply(s, action);
            check(JSON.stringify(s) === before, "apply left its input unchanged", s);
            if (!r.ok) {
              check(r.error instanceof RuleError || r.error instanceof InputError, "typed refusal");
              if (m.kind === "legal" || m.kind === "greedy")
                check(s.over, `legal action ${JSON.stringify(action)} refused: ${r.error.message}`, s);
              if (m.kind === "formed")
                check(
                  !legal.has(key(action as TrainAction)),
                  `listed action refused: ${JSON.stringify(action)}`,
                  s,
                );
              continue;
            }
            if (m.kind !== "junk")
              check(
                legal.has(key(action as TrainAction)),
                `unlisted action accepted: ${JSON.stringify(action)}`,
                s,
              );
            checkInvariants(s, r.state);
            s = r.state;
          }
        },
      ),
      RUNS,
    );
  });

  it("replay of the log reproduces the state; save → load → save is identical", () => {
    fc.assert(
      fc.property(config, fc.array(move, { minLength: 30, maxLength: 150 }), (c, moves) => {
        const options = optionsOf(c);
        let s = engine.setup(options, c.seed);
        for (const m of moves) {
          const r = engine.apply(s, actionOf(s, m));
          if (r.ok) s = r.state;
        }
        expect(replay(engine, options, c.seed, s.log)).toEqual(s);
        const text = engine.save(s);
        expect(engine.load(text)).toEqual(s);
        expect(engine.save(engine.load(text))).toBe(text);
      }),
      RUNS,
    );
  });

  it("undo: an add or bank that keeps the turn is taken back exactly; a roll never (train.undo-reveal); a turn's end never (train.undo-turn-over)", () => {
    fc.assert(
      fc.property(config, fc.array(move, { minLength: 20, maxLength: 80 }), (c, moves) => {
        let s = engine.setup(optionsOf(c), c.seed);
        for (const m of moves) {
          const r = engine.apply(s, actionOf(s, m));
          if (!r.ok) continue;
          const next = r.state;
          const a = next.log.at(-1)!;
          const u = engine.undo(next, a.player);
          const rule = u.ok ? "accepted" : u.error instanceof RuleError ? u.error.rule : "input";
          if (next.history.length > s.history.length) {
            // Known gap of the common undo (see engine-game.test.ts): in a solo game the seat does not change.
            if (next.current !== a.player)
              check(rule === "train.undo-turn-over", `undo after a turn's end: ${rule}`, next);
          } else if (a.type === "roll") {
            check(rule === "train.undo-reveal", `undo of a roll: ${rule}`, next);
          } else {
            check(u.ok && JSON.stringify(u.state) === JSON.stringify(s), `undo of ${a.type}: ${rule}`, next);
          }
          s = next;
        }
      }),
      { seed: 42, numRuns: 120 },
    );
  });

  it("games played by legal moves end, with winners as the rules say", () => {
    fc.assert(
      fc.property(config, fc.array(fc.nat(), { minLength: 50, maxLength: 50 }), (c, picks) => {
        const options = optionsOf(c);
        let s = engine.setup(options, c.seed);
        let i = 0;
        // Prefer stopping with a valid train now and then so games finish quickly.
        while (!s.over && i < 5000) {
          const acts = engine.legalActions(s);
          const a = acts[picks[i % picks.length]! % acts.length]!;
          const r = engine.apply(s, a);
          if (!r.ok) throw r.error;
          s = r.state;
          i++;
        }
        if (!s.over) return; // a very long elimination game: nothing to check
        if (s.options.variant === "race") {
          const best = Math.max(...s.scores);
          expect(best).toBeGreaterThanOrEqual(s.options.goal);
          expect(new Set(s.turnsTaken).size).toBe(1);
          expect(s.winners).toEqual(s.scores.flatMap((v, k) => (v === best ? [k] : [])));
        } else {
          expect(s.winners).toHaveLength(1);
          expect(s.out).toHaveLength(s.options.players - 1);
          expect(s.out).not.toContain(s.winners[0]);
        }
      }),
      { seed: 42, numRuns: 60 },
    );
  });
});

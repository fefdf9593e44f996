import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { replay } from "../../web/engine/common/game.ts";
import {
  citySize,
  computeRoutes,
  creditOf,
  framesContaining,
  type LightState,
  legalActions,
  lightEngine,
  playGreedyGame,
  totals,
} from "../../web/engine/light/index.ts";

const E = lightEngine;
const key = (q: number, r: number) => `${q},${r}`;

/** Plays a random legal game, probing one random (mostly illegal) action before every move. */
function randomGame(
  players: number,
  seed: number,
  wrap: boolean,
  choices: number[],
  probes: [number, number, number, number][],
): LightState {
  let s = E.setup({ players, wrap }, seed);
  let i = 0;
  while (!s.over) {
    const legal = legalActions(s);
    expect(legal.length).toBeGreaterThan(0);
    // probe: a random seat, a cell near the city, a random orientation
    const [dp, dq, dr, o] = probes[i % probes.length]!;
    const anchor = s.cards[s.cards.length - 1] ?? { q: 0, r: 0 };
    const probe = {
      type: "place",
      player: dp % (players + 1),
      q: anchor.q + dq,
      r: anchor.r + dr,
      orientation: o,
    };
    const before = E.save(s);
    const res = E.apply(s, probe);
    const isLegal = legal.some(
      (a) =>
        a.player === probe.player &&
        a.q === probe.q &&
        a.r === probe.r &&
        a.orientation === probe.orientation,
    );
    // the first card may go anywhere; legalActions lists (0,0) only
    if (s.cards.length > 0 || probe.player !== 0) expect(res.ok).toBe(isLegal);
    expect(E.save(s)).toBe(before);
    if (!res.ok) expect(res.error.name === "RuleError" || res.error.name === "InputError").toBe(true);
    const r = E.apply(s, legal[choices[i % choices.length]! % legal.length]);
    if (!r.ok) throw r.error;
    s = r.state;
    i++;
  }
  return s;
}

describe("light properties (fast-check, seeded)", () => {
  it("random legal games: no cell twice, refusals leave the state unchanged, replay and save/load agree", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.boolean(),
        fc.array(fc.nat(), { minLength: 1, maxLength: 40 }),
        fc.array(
          fc.tuple(fc.nat(4), fc.integer({ min: -3, max: 3 }), fc.integer({ min: -3, max: 3 }), fc.nat(1)),
          { minLength: 1, maxLength: 10 },
        ),
        (players, seed, wrap, choices, probes) => {
          const s = randomGame(players, seed, wrap, choices, probes);
          const cells = s.cards.map((c) => key(c.q, c.r));
          expect(new Set(cells).size).toBe(cells.length);
          expect(s.cards).toHaveLength(citySize(players));
          // the full city is exactly one frame (a translation of the shape or its mirror)
          const frames = framesContaining(
            players,
            s.cards.map((c) => [c.q, c.r]),
          );
          expect(frames.length).toBe(1);
          // every complete route was scored once, wrap links included when the option is on
          expect(s.routeCredit).toEqual(
            creditOf(computeRoutes({ players, cards: s.cards }, { wrap })).slice(0, players),
          );
          expect(replay(E, s.options, s.seed, s.log)).toEqual(s);
          expect(E.load(E.save(s))).toEqual(s);
        },
      ),
      { seed: 20261202, numRuns: 25 },
    );
  });

  it("apply never throws: arbitrary values are refused as InputError or RuleError, state untouched", () => {
    const s0 = E.setup({ players: 3 }, 5);
    const first = E.apply(s0, legalActions(s0)[0]);
    if (!first.ok) throw first.error;
    const s = first.state;
    const before = E.save(s);
    const action = fc.oneof(
      fc.anything(),
      fc.record({
        type: fc.constantFrom("place", "draw", 1),
        player: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.double(), fc.string()),
        q: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double(), fc.constant(null)),
        r: fc.oneof(fc.integer({ min: -3, max: 3 }), fc.double()),
        orientation: fc.oneof(fc.constantFrom(0, 1, 2, -1), fc.string()),
      }),
    );
    fc.assert(
      fc.property(action, (a) => {
        const res = E.apply(s, a);
        if (!res.ok) expect(["RuleError", "InputError"]).toContain(res.error.name);
        expect(E.save(s)).toBe(before);
      }),
      { seed: 99, numRuns: 300 },
    );
  });

  it("save/load round-trips mid-game states", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 4 }),
        fc.nat(),
        fc.array(fc.nat(), { minLength: 0, maxLength: 20 }),
        (players, seed, choices) => {
          let s = E.setup({ players }, seed);
          for (const c of choices) {
            const legal = legalActions(s);
            const r = E.apply(s, legal[c % legal.length]);
            if (!r.ok) throw r.error;
            s = r.state;
          }
          const text = E.save(s);
          expect(E.load(text)).toEqual(s);
          expect(E.save(E.load(text))).toBe(text);
        },
      ),
      { seed: 7, numRuns: 40 },
    );
  });

  it("greedy bot games reach the end, deterministically from the seed", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 4 }), fc.nat(), fc.boolean(), (players, seed, wrap) => {
        const a = playGreedyGame({ players, wrap }, seed);
        expect(a.over).toBe(true);
        expect(a.cards).toHaveLength(citySize(players));
        expect(totals(a).every((t) => t >= 0)).toBe(true);
        expect(playGreedyGame({ players, wrap }, seed)).toEqual(a);
        expect(replay(E, a.options, a.seed, a.log)).toEqual(a);
      }),
      { seed: 3, numRuns: 8 },
    );
  });
});

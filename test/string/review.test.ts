/**
 * review.string (issue #26, docs/review.md): String Railway's game review by the hints' solver, with its error bar.
 * A two-round game, seat 0 the solver bot, seat 1 moves picked from the legal list by a fixed rule (many of them
 * wasteful): every loss ≥ 0 and flagged exactly above its error bar; the error bar is 0 outside the route phase (the
 * transport plan is exact); the wasteful seat loses points to decisions and has flagged mistakes; the review is
 * repeatable and the library's `review` answers the same.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { type StringAction, type StringState, stringEngine } from "../../web/engine/string/index.ts";
import { reviewGame } from "../../web/games/review.ts";
import { string } from "../../web/games/string/index.ts";
import { stringMoveLabel, stringValue, turnOf, upgradeError } from "../../web/games/string/review.ts";
import { review } from "../../web/lib/review.ts";
import { playSolverBotGame, solverBotAction } from "../../web/solvers/string/bot.ts";
import type { StringSolver } from "../../web/solvers/string/solver.ts";
import { nodeKit } from "../../web/wasm/node.ts";

let solver: StringSolver;
let game: StringState;
beforeAll(async () => {
  solver = await string.loadSolver(nodeKit());
  let s = stringEngine.setup({ players: 2, rounds: 2 }, 11);
  for (let i = 0; !s.over && i < 600; i++) {
    let a: StringAction;
    if (s.current === 0) a = solverBotAction(s, solver.kernel);
    else {
      const legal = stringEngine.legalActions(s);
      a = legal[(i * 7919) % legal.length]!;
    }
    const r = stringEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  expect(s.over).toBe(true);
  game = s;
});

const reviewer = () => string.review!.load(async () => solver, {});

describe("review.string", () => {
  it("losses ≥ 0, flagged exactly above the error bar (0 outside the route phase), wasteful moves flagged", async () => {
    const r = await reviewGame(string, stringEngine, await reviewer(), game);
    expect(r.unit).toBe("points");
    expect(r.complete).toBe(true);
    expect(r.moves.length).toBe(game.log.length);
    let s = stringEngine.setup(game.options, game.seed);
    for (const m of r.moves) {
      expect(m.loss).toBeGreaterThanOrEqual(0);
      expect(m.flagged).toBe(m.loss > m.error);
      expect(m.luck).toBe(0);
      const hand = s.seats[m.seat]!;
      const routeOpen = s.step === "route" && !s.placedString && hand.shortLeft + hand.longLeft > 0;
      if (!routeOpen && game.log[m.index]!.type !== "draw-tile")
        expect(m.error).toBe(upgradeError(solver, s, m.seat));
      // The value of the move made is the value of the position it led to.
      const next = stringEngine.apply(s, game.log[m.index]!);
      if (!next.ok) throw next.error;
      expect(m.played).toBe(stringValue(solver, stringEngine, next.state, m.seat, turnOf(s)));
      s = next.state;
    }
    expect(r.seats[1]!.decisions).toBeGreaterThan(0);
    expect(r.seats[1]!.mistakes.length).toBeGreaterThan(0);
    for (const i of r.seats[1]!.mistakes) expect(r.moves[i]!.flagged).toBe(true);
    // The chart ends at the result.
    expect(r.chart.at(-1)).toEqual({ index: game.log.length, values: game.result!.points });
    expect(await reviewGame(string, stringEngine, await reviewer(), game)).toEqual(r);
    expect(await review(JSON.parse(stringEngine.save(game)), { kit: nodeKit() })).toEqual(r);
    await expect(review(game, { options: { playouts: 5 } })).rejects.toMatchObject({
      path: "/options/playouts",
    });
  });

  it("the solver bot's own moves (the search's choices) are never flagged; a wasted AP is", async () => {
    const r = await reviewGame(string, stringEngine, await reviewer(), game);
    expect(r.moves.filter((m) => m.seat === 0 && m.flagged)).toEqual([]);
    // A whole five-round game of solver bots: its upgrades in rounds 1–2 (AP kept back, worth later turns) included.
    const bots = playSolverBotGame(2, 3, [0, 1], solver.kernel);
    const all = await reviewGame(string, stringEngine, await reviewer(), bots.final);
    expect(all.moves.filter((m) => m.flagged)).toEqual([]);
    // Seat 1 ended a turn (or spent AP elsewhere) with a scoring transport left: a flagged loss, error bar 0.
    expect(
      r.moves.some((m) => m.seat === 1 && m.flagged && m.error === 0 && m.bestLabel.startsWith("Transport")),
    ).toBe(true);
  });
});

describe("review.string-label: a laid string's label names its stations and its length", () => {
  it("two strings between the same stations, straight and bent, read apart", () => {
    // The first route phase of a 2-player game: two legal place-string actions joining the same stations.
    let s = stringEngine.setup({ players: 2, rounds: 2 }, 11);
    for (let i = 0; i < 200 && !(s.step === "route" && !s.placedString && !s.choice); i++) {
      const r = stringEngine.apply(s, solverBotAction(s, solver.kernel));
      if (!r.ok) throw r.error;
      s = r.state;
    }
    const seat = s.current!;
    const hints = solver.stringHints(s, seat, 40);
    const pair = hints.flatMap((a, i) =>
      hints
        .slice(i + 1)
        .filter((b) => b.stations.join() === a.stations.join() && b.path.length !== a.path.length)
        .map((b) => [a, b]),
    )[0];
    expect(pair).toBeDefined();
    const labels = pair!.map((h) => {
      const r = stringEngine.apply(s, h.action);
      if (!r.ok) throw r.error;
      return stringMoveLabel(h.action, r.state);
    });
    for (const [h, label] of pair!.map((h, k) => [h, labels[k]!] as const)) {
      expect(label).toContain(h.stations.map((i) => s.stations[i]!.id).join("–"));
      expect(label).toContain(`(${h.length.toFixed(1)} cm)`);
    }
    expect(labels[0]).not.toBe(labels[1]);
  });
});

/**
 * Hints online from a seat's view (web/games/<game>/view.ts, the worker's `viewHints` verb): the position
 * rebuilt from what the server sends a seat gives the same hints as the server's whole state (String Railway:
 * the hints never read the deck order or the generator; Light Rail: the search reads only the mover's hand and
 * objectives and each seat's unplayed designs, and samples the rest), the same view gives the same answer, and a
 * view no server could send is refused with a JSON pointer under /state.
 */
import { describe, expect, it } from "vitest";
import { type MatchState, viewFor } from "../../server/game.ts";
import { InputError } from "../../web/engine/common/errors.ts";
import { type LightState, lightEngine, playGreedyGame } from "../../web/engine/light/index.ts";
import {
  playBotGame,
  type StringAction,
  type StringState,
  stringEngine,
} from "../../web/engine/string/index.ts";
import { lightFromView } from "../../web/games/light/view.ts";
import { gameModule } from "../../web/games/registry.ts";
import { stringFromView } from "../../web/games/string/view.ts";
import { HIDDEN } from "../../web/online/view.ts";
import { LightReference } from "../../web/solvers/light/reference.ts";
import { searchPlacements } from "../../web/solvers/light/search.ts";
import { previewHint } from "../../web/solvers/string/advice.ts";
import { createStringSolverReference } from "../../web/solvers/string/index.ts";
import { createRailkitService } from "../../web/worker/service.ts";

/** What seat `seat` receives of `G` (the server's playerView), as plain JSON. */
const seen = (id: "string" | "light", G: MatchState, seat: number | null) =>
  JSON.parse(JSON.stringify(viewFor(gameModule(id), G, seat).state)) as Record<string, unknown>;

function replay(options: { players: number }, seed: number | string, log: StringAction[]): StringState {
  let s = stringEngine.setup(options, seed);
  for (const a of log) {
    const r = stringEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return s;
}

function lightPositions(players: number, seed: number): LightState[] {
  const end = playGreedyGame({ players }, seed);
  const out: LightState[] = [];
  let s = lightEngine.setup({ players }, seed);
  for (const a of end.log) {
    out.push(s);
    const r = lightEngine.apply(s, a);
    if (!r.ok) throw r.error;
    s = r.state;
  }
  return out;
}

describe("String Railway hints from a seat's view", () => {
  const game = playBotGame(3, "view-hints");
  const positions: StringState[] = [];
  for (let n = 0; n <= game.log.length; n += 9) {
    const s = replay({ players: 3 }, "view-hints", game.log.slice(0, n));
    if (!s.over && s.current !== null && !s.choice) positions.push(s);
  }

  it("online.view-hints: the hints on the seat to move's view equal the hints on the server's state", async () => {
    expect(positions.length).toBeGreaterThanOrEqual(6);
    const solver = await createStringSolverReference();
    let some = 0;
    for (const s of positions.slice(0, 8)) {
      const view = seen("string", s, s.current);
      expect(JSON.stringify(view)).not.toContain("view-hints"); // the seed is not in it
      const rebuilt = stringFromView(view);
      expect(rebuilt.deck.slice().sort((a, b) => a - b)).toEqual(s.deck.slice().sort((a, b) => a - b));
      const hints = solver.advice(s, 20);
      some += hints.length;
      expect(solver.advice(rebuilt, 20)).toEqual(hints);
    }
    expect(some).toBeGreaterThan(0);
  }, 120_000);

  it("online.view-preview: the live check of a string drawn on the view equals the server's", () => {
    for (const s of positions.slice(0, 8)) {
      const rebuilt = stringFromView(seen("string", s, s.current));
      const [a, b] = s.stations;
      const request = { kind: "short" as const, path: [a!.x, a!.y, (a!.x + b!.x) / 2, a!.y, b!.x, b!.y] };
      expect(previewHint(rebuilt, request)).toEqual(previewHint(s, request));
    }
  });

  it("online.view-forged: a view no server sends is refused at its field under /state", () => {
    const s = positions[3]!;
    const view = seen("string", s, s.current);
    const bad = (v: unknown, path: RegExp) => {
      let err: unknown;
      try {
        stringFromView(v);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(InputError);
      expect((err as InputError).path).toMatch(path);
    };
    bad({ ...view, seed: "view-hints" }, /^\/state\/seed$/);
    bad({ ...view, ap: 99 }, /^\/state\/ap$/);
    bad(
      { ...view, deck: [...(view.deck as number[]), HIDDEN, HIDDEN, HIDDEN, HIDDEN, HIDDEN, HIDDEN] },
      /^\/state\/deck$/,
    );
    bad({ ...view, bag: { ...(view.bag as object), red: 0 } }, /^\/state\/bag\/red$/);
    bad("not a view", /^\/state$/);
  });
});

describe("Light Rail hints from a seat's view", () => {
  const positions = lightPositions(3, 11).filter((_, i) => i % 4 === 1);

  it("online.view-hints: the search on the seat to move's view (hidden cards determinised) equals the search on the server's state", () => {
    const kernel = new LightReference();
    for (const s of positions.slice(0, 5)) {
      const view = seen("light", s, s.current);
      const rebuilt = lightFromView(view);
      // What the seat does not see is not the server's: other hands and objectives are sampled.
      expect(rebuilt.cards).toEqual(s.cards);
      expect(rebuilt.hands[s.current!]).toBe(s.hands[s.current!]);
      expect(rebuilt.objectives[s.current!]).toEqual(s.objectives[s.current!]);
      const opts = { playouts: 300, seed: "same" };
      expect(searchPlacements(kernel, rebuilt, opts)).toEqual(searchPlacements(kernel, s, opts));
    }
  });

  it("online.view-seed: the same view gives the same state; another position another sample", () => {
    const [a, b] = positions as [LightState, LightState];
    const va = seen("light", a, a.current);
    expect(lightFromView(va)).toEqual(lightFromView(JSON.parse(JSON.stringify(va))));
    expect(lightFromView(va).seed).not.toBe(lightFromView(seen("light", b, b.current)).seed);
  });

  it("online.view-forged: a view whose log does not replay to it, or with a seed, is refused under /state", () => {
    const s = positions[2]!;
    const view = seen("light", s, s.current);
    const cards = view.cards as { q: number }[];
    const moved = { ...view, cards: cards.map((c, i) => (i === 0 ? { ...c, q: c.q + 1 } : c)) };
    expect(() => lightFromView(moved)).toThrow(InputError);
    expect(() => lightFromView({ ...view, seed: 11 })).toThrow(/\/state\/seed/);
    expect(() => lightFromView({ ...view, routeCredit: [9, 9, 9] })).toThrow(/\/state\/routeCredit/);
    expect(() =>
      lightFromView({ ...view, decks: (view.decks as number[][]).map((d) => [...d, HIDDEN]) }),
    ).toThrow(/\/state\/decks\/0/);
  });

  it("online.view-verb: the worker's viewHints answers the seat to move, and nothing for another seat's view", async () => {
    const service = createRailkitService(); // the TypeScript twins (TWIN_KIT)
    const s = positions[1]!;
    const mine = await service.light.viewHints(seen("light", s, s.current), { playouts: 200 });
    expect(mine.player).toBe(s.current);
    expect(mine.handle).toBe("");
    expect(mine.at).toBe(s.log.length);
    expect(mine.hints.length).toBeGreaterThan(0);
    const other = (s.current! + 1) % 3;
    const theirs = await service.light.viewHints(seen("light", s, other), { playouts: 200 });
    expect(theirs).toEqual({ handle: "", at: s.log.length, player: null, hints: [] });
    await expect(service.light.viewHints({ ...seen("light", s, s.current), seed: 1 })).rejects.toMatchObject({
      kind: "input",
      rule: "/state/seed",
    });
    const t = replay({ players: 2 }, 4, playBotGame(2, 4).log.slice(0, 20));
    expect(t.choice).toBeNull();
    const [a, b] = t.stations;
    const answer = await service.string.viewHints(seen("string", t, t.current), {
      preview: { kind: "short", path: [a!.x, a!.y, b!.x, b!.y] },
    });
    expect(answer.player).toBe(t.current);
    expect(answer.hints[0]?.hint).toBe("preview");
  });
});

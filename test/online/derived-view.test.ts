/**
 * Issue #25, small updates: the server sends String Railway and Light Rail views without the fields the game
 * derives (web/online/view.ts `SentView`: legal actions, Light Rail's `frames` and `blocked`), and the client's
 * worker derives them again (web/games/view.ts `deriveView`, the `onlineView` verb). Over whole games, at every
 * position and for every seat and a spectator, the derived view equals the whole view the server used to send.
 */
import { describe, expect, it } from "vitest";
import { type MatchState, viewFor } from "../../server/game.ts";
import type { GameHeader } from "../../web/engine/common/game.ts";
import { lightEngine, playGreedyGame } from "../../web/engine/light/index.ts";
import { playBotGame, stringEngine } from "../../web/engine/string/index.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { gameModule } from "../../web/games/registry.ts";
import type { GameModule } from "../../web/games/types.ts";
import { deriveView, sentView } from "../../web/games/view.ts";
import type { SentView } from "../../web/online/view.ts";
import { createRailkitService } from "../../web/worker/service.ts";

/** Every position of a game from its setup through its log, the end included. */
function positions(
  engine: GameModule["engine"],
  options: unknown,
  seed: string | number,
  log: readonly unknown[],
): MatchState[] {
  let s = engine.setup(options, seed) as MatchState;
  const out = [s];
  for (const a of log) {
    const r = engine.apply(s as never, a as never);
    if (!r.ok) throw r.error;
    s = r.state as MatchState;
    out.push(s);
  }
  return out;
}

/** A value as it crosses the wire (JSON). */
const wire = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

/** What seat `seat` receives of `G`, and the whole view the server used to send it, both as JSON. */
function views(module: GameModule, G: MatchState, seat: number | null) {
  const full = wire(viewFor(module, G, seat));
  return { full, sent: wire(sentView(module, viewFor(module, G, seat))) };
}

/** Checks every seat's and a spectator's derived view at every position; answers how many were checked. */
function checkAll(module: GameModule, all: MatchState[]): number {
  let checked = 0;
  for (const G of all) {
    const players = (G.options as { players: number }).players;
    for (const seat of [null, ...Array.from({ length: players }, (_, p) => p)]) {
      const { full, sent } = views(module, G, seat);
      for (const k of module.derived ?? []) expect(sent).not.toHaveProperty(k);
      expect(wire(deriveView(module, sent, seat))).toEqual(full);
      checked++;
    }
  }
  return checked;
}

describe("online.derived-view (issue #25)", () => {
  it("online.derived-view: String Railway, a 5-seat and a 2-seat game: every seat's derived view is the whole view", () => {
    const string = gameModule("string") as GameModule;
    expect(string.derived).toContain("legal");
    let checked = 0;
    for (const [players, seed] of [
      [5, "derived-5"],
      [2, "derived-2"],
    ] as const) {
      const game = playBotGame(players, seed);
      const all = positions(stringEngine as never, { players }, seed, game.log);
      expect(all.at(-1)!.over).toBe(true);
      // Every few positions (each is a whole engine check and legal list per seat), and the last ones.
      checked += checkAll(
        string,
        all.filter((_, i) => i % 5 === 0 || i >= all.length - 3),
      );
    }
    expect(checked).toBeGreaterThan(100);
  }, 120_000);

  it("online.derived-view: Light Rail, 2 to 4 seats, a wrapped city: every position to the last card", () => {
    const light = gameModule("light") as GameModule;
    expect(light.derived).toEqual(["legal", "frames", "blocked"]);
    let checked = 0;
    for (const [options, seed] of [
      [{ players: 2 }, 1],
      [{ players: 3 }, 2],
      [{ players: 4 }, 3],
      [{ players: 3, wrap: true }, 4],
    ] as const) {
      const end = playGreedyGame(options, seed);
      expect(end.over).toBe(true);
      checked += checkAll(light, positions(lightEngine as never, options, seed, end.log));
    }
    expect(checked).toBeGreaterThan(200);
  }, 120_000);

  it("online.derived-view: a game that derives nothing is sent whole (the Train Game)", () => {
    const train = gameModule("train") as GameModule;
    const G = trainEngine.setup(
      { players: 3, variant: "race", goal: 100 },
      "whole",
    ) as unknown as GameHeader as MatchState;
    const { full, sent } = views(train, G, 0);
    expect(sent).toEqual({ ...full, derived: [] });
    expect(deriveView(train, sent, 0)).toEqual(full);
  });
});

describe("online.view-verb-derive (issue #25)", () => {
  const service = createRailkitService();
  const light = gameModule("light") as GameModule;
  const end = playGreedyGame({ players: 3 }, 7);
  const all = positions(lightEngine as never, { players: 3 }, 7, end.log);
  const G = all[5]!;
  const mover = G.current!;

  it("online.view-verb-derive: the worker's onlineView answers the whole view for the seat to move, another seat, a spectator", async () => {
    for (const seat of [mover, (mover + 1) % 3, null]) {
      const { full, sent } = views(light, G, seat);
      expect(wire(await service.light.onlineView(sent, seat))).toEqual(full);
    }
    const { full } = views(light, G, mover);
    expect(full.legal.length).toBeGreaterThan(0);
    const string = gameModule("string") as GameModule;
    const S = positions(stringEngine as never, { players: 2 }, "verb", playBotGame(2, "verb").log)[4]!;
    const s = views(string, S, S.current);
    expect(wire(await service.string.onlineView(s.sent, S.current))).toEqual(s.full);
  });

  it("online.view-verb-derive: a view no server could send is an input error with its JSON pointer", async () => {
    const sent = views(light, G, mover).sent as SentView;
    const refused = (view: unknown, seat: unknown, rule: RegExp) =>
      expect(service.light.onlineView(view, seat as number)).rejects.toMatchObject({
        kind: "input",
        rule: expect.stringMatching(rule),
      });
    await refused(null, 0, /^$/);
    await refused({ ...sent, game: "train" }, mover, /^\/game$/);
    await refused({ ...sent, derived: ["legal"] }, mover, /^\/derived$/);
    await refused({ ...sent, derived: "legal" }, mover, /^\/derived$/);
    await refused({ ...sent, state: { ...sent.state, seed: 1 } }, mover, /^\/state\/seed$/);
    await refused({ ...sent, state: { ...sent.state, log: sent.state.log.slice(1) } }, mover, /^\/state/);
    await refused(sent, 3, /^\/seat$/);
    await refused(sent, "0", /^\/seat$/);
    // A train view derives nothing: it must carry its legal actions.
    const T = trainEngine.setup({ players: 2, variant: "race", goal: 100 }, "verb") as unknown as MatchState;
    const { legal: _l, ...noLegal } = views(gameModule("train") as GameModule, T, 0).sent as SentView;
    await expect(service.train.onlineView(noLegal, 0)).rejects.toMatchObject({
      kind: "input",
      rule: "/legal",
    });
  });
});

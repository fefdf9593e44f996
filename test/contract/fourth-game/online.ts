/**
 * Issue #22's proof for online play: a fourth game that exists only in the tests (test/contract/dice-race.ts,
 * `dice`) is served by the real server (server/server.ts) on 127.0.0.1 when `startServer` is handed the registry with
 * it (`games: WITH_DICE`) — the server names no game, so it needs nothing else. A match is created through the Lobby
 * API, two boardgame.io clients play it to the end, a refused move changes nothing and the check endpoint names its
 * `dice.*` rule, and a computer seat plays the module's cheap bot. Expectations come from the dice engine and module.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { railkitGame, railkitGames, serverBotName } from "../../../server/game.ts";
import { type RunningServer, startServer } from "../../../server/server.ts";
import { replay } from "../../../web/engine/common/game.ts";
import type { GameModule } from "../../../web/games/types.ts";
import { checkMove, createMatch, getMatch, joinMatch } from "../../../web/online/lobby.ts";
import { onlineName } from "../../../web/online/view.ts";
import { nodeKit } from "../../../web/wasm/node.ts";
import { type BgClient, connect, logLength, tempDir, viewOf, waitFor } from "../../online/helpers.ts";
import {
  type DiceAction,
  type DiceState,
  dice,
  diceEngine,
  GOAL,
  positionSeed,
  WITH_DICE,
} from "../dice-race.ts";

const SEED = "dice-online-7";
const OPTIONS = { players: 2 };
const store = tempDir();
let server: RunningServer;
const clients: BgClient[] = [];
const open = (...a: Parameters<typeof connect>) => {
  const c = connect(...a);
  clients.push(c);
  return c;
};
const asModule = (m: unknown) => m as GameModule;

beforeAll(async () => {
  server = await startServer({
    port: 0,
    dir: store.dir,
    demo: null,
    fixedSeeds: true,
    botDelayMs: 0,
    games: WITH_DICE,
    logRefusal: () => {},
  });
});

afterAll(async () => {
  for (const c of clients) c.stop();
  await server?.close();
  store.remove();
});

/** The engine's state after `log` from the match's options and seed. */
const replayed = (log: DiceAction[]) => replay(diceEngine, OPTIONS, SEED, log);

/** A person's plan, from what its own view offers: roll until the turn holds 5 points, then hold. */
function plan(legal: DiceAction[], pot: number): DiceAction {
  return (
    (pot >= 5 ? legal.find((a) => a.type === "hold") : undefined) ?? legal.find((a) => a.type === "roll")!
  );
}

async function diceMatch(bots?: number[]) {
  const matchID = await createMatch(server.url, "dice", {
    options: OPTIONS,
    seed: SEED,
    ...(bots ? { bots } : {}),
  });
  return matchID;
}

describe("the fourth game through the online server", () => {
  it("online.fourth-game-registry: a server runs dice only when the list it is handed has it", async () => {
    expect(railkitGames().map((g) => g.name)).not.toContain(onlineName("dice"));
    expect(railkitGames(WITH_DICE).map((g) => g.name)).toContain(onlineName("dice"));
    const listed = (await (await fetch(`${server.url}/games`)).json()) as string[];
    expect(listed).toEqual(WITH_DICE.map((g) => onlineName(g.id)));
    // The match's seats come from the module: dice has exactly two.
    const three = await fetch(`${server.url}/games/${onlineName("dice")}/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ numPlayers: 3, setupData: { options: { players: 3 } } }),
    });
    expect(three.status).toBe(400);
  });

  it("online.fourth-game-play: two clients play a dice race to the end; each sees only its own legal actions", async () => {
    const matchID = await diceMatch();
    const creds = [
      await joinMatch(server.url, "dice", matchID, 0, "Ada"),
      await joinMatch(server.url, "dice", matchID, 1, "Bo"),
    ];
    const seats = [
      open(server.url, "dice", matchID, 0, creds[0]),
      open(server.url, "dice", matchID, 1, creds[1]),
    ];
    const watcher = open(server.url, "dice", matchID, null);
    for (const c of [...seats, watcher]) await waitFor(c, () => true, 10_000, "the first sync");
    let moves = 0;
    for (; moves < 500; moves++) {
      const v = viewOf(watcher)!;
      if (v.state.over) break;
      const n = logLength(v);
      const mover = v.state.current!;
      const mine = await waitFor(
        seats[mover]!,
        (x) => logLength(x) === n && x.legal.length > 0,
        10_000,
        "legal",
      );
      const theirs = await waitFor(seats[1 - mover]!, (x) => logLength(x) === n, 10_000, "the other seat");
      const whole = replayed(mine.state.log as DiceAction[]);
      // The seat to move gets the engine's legal actions; the other seat and the watcher get none.
      expect(mine.legal).toEqual(diceEngine.legalActions(whole));
      expect(theirs.legal).toEqual([]);
      expect(v.legal).toEqual([]);
      expect(mine.toWin).toEqual(dice.extras(whole, mover).toWin);
      expect(Object.keys(mine.state)).not.toContain("seed");
      expect(Object.keys(mine.state)).not.toContain("rng");
      seats[mover]!.moves.act!(plan(mine.legal as DiceAction[], (mine.state as unknown as DiceState).pot));
      await Promise.all(
        [...seats, watcher].map((c) => waitFor(c, (x) => logLength(x) > n, 10_000, "the move")),
      );
    }
    const end = viewOf(watcher)!;
    expect(end.state.over).toBe(true);
    expect(moves).toBeGreaterThan(2);
    // The server played the engine's game: the log replayed from the seed gives the same state.
    const { seed: _s, rng: _r, ...visible } = replayed(end.state.log as DiceAction[]);
    expect(end.state).toEqual(visible);
    expect(Math.max(...(visible.scores as number[]))).toBeGreaterThanOrEqual(GOAL);
    for (const c of seats) expect(viewOf(c)!.state).toEqual(end.state);
    expect((await getMatch(server.url, "dice", matchID)).gameover).toEqual({ winners: visible.winners });
  });

  it("online.fourth-game-refusal: a refused move changes nothing; the check endpoint names its dice rule", async () => {
    const matchID = await diceMatch();
    const creds = [
      await joinMatch(server.url, "dice", matchID, 0, "Ada"),
      await joinMatch(server.url, "dice", matchID, 1, "Bo"),
    ] as [string, string];
    const a = open(server.url, "dice", matchID, 0, creds[0]);
    const b = open(server.url, "dice", matchID, 1, creds[1]);
    await waitFor(a, (v) => v.legal.length > 0, 10_000, "seat 0 to move");
    await waitFor(b, () => true, 10_000, "seat 1's sync");
    const check = (seat: number, move: { action: unknown } | { undo: true }) =>
      checkMove(server.url, "dice", matchID, seat, creds[seat as 0 | 1], move);
    // Out of turn, a hold with nothing to hold, an unknown action, an undo of nothing: each named by its rule.
    expect(await check(1, { action: { type: "roll", player: 1 } })).toMatchObject({
      ok: false,
      kind: "rule",
      rule: "dice.not-your-turn",
    });
    expect(await check(0, { action: { type: "hold", player: 0 } })).toMatchObject({
      ok: false,
      kind: "rule",
      rule: "dice.hold-empty",
    });
    expect(await check(0, { action: { type: "fly", player: 0 } })).toMatchObject({
      ok: false,
      kind: "input",
      rule: "/action/type",
    });
    expect(await check(0, { undo: true })).toMatchObject({ ok: false, rule: "dice.undo-nothing" });
    expect(await check(0, { action: { type: "roll", player: 0 } })).toEqual({ ok: true });
    // Sent anyway, the refused moves change nothing; then the first honest move is the only one that lands.
    b.moves.act!({ type: "roll", player: 1 });
    a.moves.act!({ type: "hold", player: 0 });
    a.moves.act!({ type: "fly", player: 0 });
    a.moves.act!({ type: "roll", player: 0 });
    const after = await waitFor(a, (v) => logLength(v) > 0, 10_000, "the honest roll");
    await new Promise((r) => setTimeout(r, 300));
    expect(viewOf(a)!.state.log).toEqual([{ type: "roll", player: 0 }]);
    expect(after.state).toEqual(
      (({ seed: _s, rng: _r, ...rest }) => rest)(replayed([{ type: "roll", player: 0 }])),
    );
  });

  it("online.fourth-game-bot: a computer seat plays the module's cheap bot to the end", async () => {
    const matchID = await diceMatch([1]);
    expect((await getMatch(server.url, "dice", matchID)).players[1]?.name).toBe("Computer");
    const cred = await joinMatch(server.url, "dice", matchID, 0, "Ada");
    const a = open(server.url, "dice", matchID, 0, cred);
    await waitFor(a, () => true, 10_000, "the first sync");
    for (let moves = 0; moves < 500; moves++) {
      const v = await waitFor(
        a,
        (x) => x.state.over || x.legal.length > 0,
        20_000,
        "seat 0's turn or the end",
      );
      if (v.state.over) break;
      const n = logLength(v);
      a.moves.act!(plan(v.legal as DiceAction[], (v.state as unknown as DiceState).pot));
      await waitFor(a, (x) => logLength(x) > n, 10_000, "the move");
    }
    const end = viewOf(a)!;
    expect(end.state.over).toBe(true);
    // Every move of seat 1 is the module's cheap bot's choice in that position.
    const log = end.state.log as DiceAction[];
    const bot = await dice.bots.hold8.load(() => dice.loadSolver(nodeKit()), {});
    let botMoves = 0;
    for (let i = 0; i < log.length; i++) {
      if (log[i]!.player !== 1) continue;
      botMoves++;
      const before = replayed(log.slice(0, i));
      expect(log[i]).toEqual(bot(before, positionSeed(before)));
    }
    expect(botMoves).toBeGreaterThan(0);
  });

  it("online.fourth-game-bot-rule: the server plays a module's first cheap bot, and seats no computer without one", () => {
    const slowFirst = asModule({
      ...dice,
      bots: { slow: { ...dice.bots.hold8, cheap: false }, hold8: dice.bots.hold8 },
    });
    expect(serverBotName(slowFirst)).toBe("hold8");
    expect(serverBotName(asModule(dice))).toBe("hold8");
    const noCheap = asModule({ ...dice, bots: { slow: { ...dice.bots.hold8, cheap: false } } });
    expect(serverBotName(noCheap)).toBeUndefined();
    const game = railkitGame(noCheap, { fixedSeeds: true });
    expect(game.validateSetupData!({ options: OPTIONS, bots: [1] }, 2)).toMatch(
      /no computer player for Dice Race/,
    );
    expect(game.validateSetupData!({ options: OPTIONS }, 2)).toBeUndefined();
  });
});

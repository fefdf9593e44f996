/**
 * Online play through boardgame.io's server (issue #14), in Node: a server on a free port of 127.0.0.1, the
 * Lobby API, boardgame.io clients with the socket.io transport, flat-file storage.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../server/server.ts";
import { HOLD_MS } from "../../server/store-first.ts";
import { replay } from "../../web/engine/common/game.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { loadLevel } from "../../web/games/levels.ts";
import { train } from "../../web/games/train/index.ts";
import { type GameModule, positionSeed } from "../../web/games/types.ts";
import { onRefused } from "../../web/online/client-game.ts";
import { checkMove, createMatch, getMatch, joinMatch } from "../../web/online/lobby.ts";
import { HIDDEN, type MoveRefused } from "../../web/online/view.ts";
import {
  type BgClient,
  connect,
  logLength,
  pick,
  playOut,
  rawMove,
  tempDir,
  viewOf,
  waitFor,
} from "./helpers.ts";

const SEED = "online-secret-seed-7f3a";
const store = tempDir();
let server: RunningServer;
const clients: BgClient[] = [];
const open = (...a: Parameters<typeof connect>) => {
  const c = connect(...a);
  clients.push(c);
  return c;
};

beforeAll(async () => {
  server = await startServer({ port: 0, dir: store.dir, demo: null, fixedSeeds: true, botDelayMs: 0 });
});

afterAll(async () => {
  for (const c of clients) {
    try {
      c.stop();
    } catch {
      // already stopped (the restart test stops its first clients itself)
    }
  }
  await server?.close();
  store.remove();
});

async function trainMatch(goal = 20) {
  const matchID = await createMatch(server.url, "train", {
    options: { players: 2, variant: "race", goal },
    seed: SEED,
  });
  const creds = [
    await joinMatch(server.url, "train", matchID, 0, "Ada"),
    await joinMatch(server.url, "train", matchID, 1, "Bo"),
  ];
  return { matchID, creds };
}

describe("online Train Game", () => {
  it("two clients play a whole game through the server; a spectator sees the same state", async () => {
    const { matchID, creds } = await trainMatch();
    const a = open(server.url, "train", matchID, 0, creds[0]);
    const b = open(server.url, "train", matchID, 1, creds[1]);
    const watcher = open(server.url, "train", matchID, null);
    for (const c of [a, b, watcher]) await waitFor(c, () => true, 10_000, "the first sync");
    const moves = await playOut([a, b]);
    expect(moves).toBeGreaterThan(0);
    const end = await waitFor(watcher, (v) => v.state.over, 10_000, "the end");
    expect(viewOf(a)!.state).toEqual(end.state);
    expect(viewOf(b)!.state).toEqual(end.state);
    expect(a.getState()!.ctx.gameover).toEqual({ winners: end.state.winners });
    // The server played the engine's game: replaying the log from the seed gives the same state.
    const full = replay(trainEngine, { players: 2, variant: "race", goal: 20 }, SEED, end.state.log);
    const { seed: _s, rng: _r, ...visible } = full;
    expect(end.state).toEqual(visible);
    expect((await getMatch(server.url, "train", matchID)).gameover).toEqual({ winners: full.winners });
  });

  it("refuses a move from the wrong seat, with wrong credentials, or forged; nothing changes", async () => {
    const { matchID, creds } = await trainMatch();
    const a = open(server.url, "train", matchID, 0, creds[0]);
    const b = open(server.url, "train", matchID, 1, creds[1]);
    const before = await waitFor(a, (v) => v.legal.length > 0, 10_000, "seat 0 to move");
    await waitFor(b, () => true);
    const stateID = a.getState()!._stateID;
    // Seat 1 out of turn, seat 0's action signed as seat 1, wrong credentials, a malformed action.
    b.moves.act!({ type: "roll", player: 1 });
    a.moves.act!({ type: "roll", player: 1 });
    await rawMove(
      server.url,
      "train",
      matchID,
      "0",
      "not-the-credentials",
      { type: "roll", player: 0 },
      stateID,
    );
    await rawMove(server.url, "train", matchID, null, undefined, { type: "roll", player: 0 }, stateID);
    a.moves.act!({ type: "fly", player: 0 });
    a.moves.act!(null);
    // Then one honest move: it is the first and only one that lands.
    a.moves.act!({ type: "roll", player: 0 });
    const after = await waitFor(a, (v) => logLength(v) > 0, 10_000, "the honest roll");
    expect(after.state.log).toHaveLength(1);
    expect(after.state.log[0]).toEqual({ type: "roll", player: 0 });
    expect(a.getState()!._stateID).toBeGreaterThan(stateID);
    expect(before.state.log).toHaveLength(0);
    // The check endpoint names the refusals.
    const check = (seat: number, cred: string, action: unknown) =>
      checkMove(server.url, "train", matchID, seat, cred, { action });
    expect(await check(1, creds[1]!, { type: "roll", player: 1 })).toMatchObject({
      ok: false,
      rule: "train.not-your-turn",
    });
    expect(await check(0, "wrong", { type: "roll", player: 0 })).toMatchObject({
      ok: false,
      rule: "/credentials",
    });
    expect(await check(0, creds[0]!, { type: "roll", player: 1 })).toMatchObject({
      ok: false,
      rule: "/action/player",
    });
    expect(await check(0, creds[0]!, pick(after.legal))).toEqual({ ok: true });
  });

  it("issue #25: a refused move is answered on its own socket with the rule id; nothing is broadcast or stored", async () => {
    const { matchID, creds } = await trainMatch();
    const a = open(server.url, "train", matchID, 0, creds[0]);
    const b = open(server.url, "train", matchID, 1, creds[1]);
    await waitFor(a, (v) => v.legal.length > 0, 10_000, "seat 0 to move");
    await waitFor(b, () => true);
    const got: Record<"a" | "b", MoveRefused[]> = { a: [], b: [] };
    onRefused(a, (r) => got.a.push(r));
    onRefused(b, (r) => got.b.push(r));
    // Every state message the other seat's socket receives (boardgame.io's update and patch).
    let updates = 0;
    const socketOf = (c: BgClient) =>
      (c as unknown as { transport: { socket: { on(e: string, f: () => void): void } } }).transport.socket;
    for (const e of ["update", "patch"]) socketOf(b).on(e, () => updates++);
    const seen = updates;
    const stateID = a.getState()!._stateID;
    const next = (who: "a" | "b", n: number) =>
      new Promise<void>((ok, fail) => {
        const t0 = Date.now();
        const tick = () =>
          got[who].length >= n
            ? ok()
            : Date.now() - t0 > 10_000
              ? fail(new Error("no refusal"))
              : setTimeout(tick, 10);
        tick();
      });
    b.moves.act!({ type: "roll", player: 1 }); // out of turn: boardgame.io drops it, the engine names the rule
    await next("b", 1);
    a.moves.act!({ type: "roll", player: 1 }); // signed for the other seat
    await next("a", 1);
    a.moves.act!({ type: "fly", player: 0 }); // no such action
    await next("a", 2);
    a.moves.undo!(); // nothing to take back
    await next("a", 3);
    expect(got.b[0]).toMatchObject({
      ok: false,
      kind: "rule",
      rule: "train.not-your-turn",
      matchID,
      stateID,
    });
    expect(got.a[0]).toMatchObject({
      ok: false,
      kind: "input",
      rule: "/action/player",
      move: "act",
      stateID,
    });
    expect(got.a[1]).toMatchObject({ ok: false, kind: "input", move: "act" });
    expect(got.a[1]!.rule.startsWith("/action")).toBe(true);
    expect(got.a[2]).toMatchObject({ ok: false, move: "undo" });
    expect(got.a[2]!.rule).not.toBe("");
    // None of them changed the state or reached the other seat (a broadcast waits for its write at most HOLD_MS).
    await new Promise((r) => setTimeout(r, HOLD_MS + 300));
    expect(a.getState()!._stateID).toBe(stateID);
    expect(updates).toBe(seen);
    expect(got.b).toHaveLength(1);
    // A second tab of seat 0 sends its roll at the same state in the same tick: one is played, the other is
    // answered as stale (/stateID) rather than dropped in silence.
    const a2 = open(server.url, "train", matchID, 0, creds[0]);
    await waitFor(a2, (v) => v.legal.length > 0, 10_000, "the second tab");
    const stale: MoveRefused[] = [];
    onRefused(a2, (r) => stale.push(r));
    onRefused(a, (r) => stale.push(r));
    a.moves.act!({ type: "roll", player: 0 });
    a2.moves.act!({ type: "roll", player: 0 });
    await waitFor(a, (v) => logLength(v) === 1, 10_000, "the roll");
    for (let i = 0; i < 200 && stale.length === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({ ok: false, rule: "/stateID", stateID });
    expect(viewOf(a)!.state.log).toHaveLength(1);
  });

  it("online.join-race (issue #25): each of six seats connecting right after its join gets its state", async () => {
    // boardgame.io writes a connection's status over the metadata it read before: a join in between was lost
    // (its credentials with it) and that seat's sync refused in silence, until those writes ran one at a time.
    for (let round = 0; round < 3; round++) {
      const matchID = await createMatch(server.url, "train", { options: { players: 6 }, seed: SEED });
      const seats: BgClient[] = [];
      for (let seat = 0; seat < 6; seat++) {
        const cred = await joinMatch(server.url, "train", matchID, seat, `P${seat}`);
        seats.push(open(server.url, "train", matchID, seat, cred));
      }
      await Promise.all(seats.map((c) => waitFor(c, () => true, 10_000, `seat ${c.playerID}'s first state`)));
      const info = await getMatch(server.url, "train", matchID);
      expect(info.players.map((p) => p.name)).toEqual(["P0", "P1", "P2", "P3", "P4", "P5"]);
    }
  });

  it("undo: a seat takes back its own add on the server; a roll cannot be taken back (train.undo-reveal)", async () => {
    // A seed whose first roll has a pick that leaves the turn going (found with the engine itself).
    const options = { players: 2, variant: "race" as const, goal: 20 };
    const seed = Array.from({ length: 200 }, (_, i) => `undo-${i}`).find((sd) => {
      const rolled = trainEngine.apply(trainEngine.setup(options, sd), { type: "roll", player: 0 });
      if (!rolled.ok) return false;
      return trainEngine.legalActions(rolled.state).some((x) => {
        if (x.type !== "add" || x.faces.length === 0) return false;
        const added = trainEngine.apply(rolled.state, x);
        return added.ok && added.state.current === 0;
      });
    })!;
    const matchID = await createMatch(server.url, "train", { options, seed });
    const creds = [await joinMatch(server.url, "train", matchID, 0, "Ada")];
    const a = open(server.url, "train", matchID, 0, creds[0]);
    await waitFor(a, (v) => v.legal.length > 0);
    const undoCheck = () => checkMove(server.url, "train", matchID, 0, creds[0]!, { undo: true });
    a.moves.act!({ type: "roll", player: 0 });
    let v = await waitFor(a, (x) => logLength(x) === 1 && x.legal.length > 0, 10_000, "the roll").catch(
      (e: Error) => {
        const st = a.getState();
        const seen = st ? viewOf(a) : null;
        throw new Error(
          `${e.message} (the client holds state ${st?._stateID}, log ${seen?.state.log.length}, legal ${seen?.legal.length})`,
        );
      },
    );
    expect(await undoCheck()).toMatchObject({ ok: false, rule: "train.undo-reveal" });
    // Add one legal pick (if the roll allows any), then take it back.
    const add = v.legal.find((x) => {
      if (x.type !== "add" || (x as unknown as { faces: unknown[] }).faces.length === 0) return false;
      const added = trainEngine.apply(replay(trainEngine, options, seed, v.state.log), x);
      return added.ok && added.state.current === 0;
    });
    // The chosen seed's first roll has such a pick.
    expect(add).toBeDefined();
    if (add) {
      a.moves.act!(add);
      v = await waitFor(a, (x) => logLength(x) === 2, 10_000, "the add");
      expect(v.state.current).toBe(0);
      if (v.state.current === 0) {
        expect(await undoCheck()).toEqual({ ok: true });
        a.moves.undo!();
        v = await waitFor(a, (x) => logLength(x) === 1, 10_000, "the undo");
        expect(v.state.log).toEqual([{ type: "roll", player: 0 }]);
      }
    }
    // The roll itself stays: an undo sent anyway changes nothing.
    a.moves.undo!();
    a.moves.act!({ type: "stop", player: 0 });
    await waitFor(a, (x) => x.state.log.some((e) => e.type === "stop"), 10_000, "the stop");
    expect(viewOf(a)!.state.log[0]).toEqual({ type: "roll", player: 0 });
  });

  it("no client state holds the seed, the generator or the initial state", async () => {
    const { matchID, creds } = await trainMatch();
    const a = open(server.url, "train", matchID, 0, creds[0]);
    const watcher = open(server.url, "train", matchID, null);
    await waitFor(a, (v) => v.legal.length > 0);
    a.moves.act!({ type: "roll", player: 0 });
    await waitFor(watcher, (v) => logLength(v) === 1);
    for (const c of [a, watcher]) {
      const text =
        JSON.stringify(c.getState()) + JSON.stringify(c.log) + JSON.stringify(c.getInitialState() ?? null);
      expect(text).not.toContain(SEED);
      expect(viewOf(c)!.state).not.toHaveProperty("seed");
      expect(viewOf(c)!.state).not.toHaveProperty("rng");
      expect(c.getInitialState() ?? undefined).toBeUndefined();
    }
    // A spectator is never offered moves.
    expect(viewOf(watcher)!.legal).toEqual([]);
  });

  it("a server stopped and restarted mid-game loses nothing; the players reconnect and finish", async () => {
    const { matchID, creds } = await trainMatch();
    let a = open(server.url, "train", matchID, 0, creds[0]);
    let b = open(server.url, "train", matchID, 1, creds[1]);
    await waitFor(a, () => true);
    await waitFor(b, () => true);
    await playOut([a, b], 12);
    const mid = viewOf(a)!;
    expect(logLength(mid)).toBe(12);
    a.stop();
    b.stop();
    await server.close();
    server = await startServer({ port: 0, dir: store.dir, demo: null, fixedSeeds: true, botDelayMs: 0 });
    a = open(server.url, "train", matchID, 0, creds[0]);
    b = open(server.url, "train", matchID, 1, creds[1]);
    const back = await waitFor(a, () => true, 10_000, "the sync after the restart");
    await waitFor(b, () => true);
    expect(back.state).toEqual(mid.state);
    await playOut([a, b]);
    expect(viewOf(a)!.state.over).toBe(true);
  });
});

describe("computer seats on the server", () => {
  it("a bot seat joined by the server plays its turns with the solver bot until the game ends", async () => {
    const matchID = await createMatch(server.url, "train", {
      options: { players: 2, variant: "race", goal: 20 },
      seed: SEED,
      bots: [1],
    });
    const info = await getMatch(server.url, "train", matchID);
    expect(info.players[1]!.name).toBe("Computer");
    await expect(joinMatch(server.url, "train", matchID, 1, "Thief")).rejects.toThrow(/409/);
    const a = open(server.url, "train", matchID, 0, await joinMatch(server.url, "train", matchID, 0, "Ada"));
    for (let n = 0; n < 2000; n++) {
      const v = await waitFor(
        a,
        (x) => x.state.over || x.state.current === 0,
        20_000,
        "seat 0's turn or the end",
      );
      if (v.state.over) break;
      const mine = await waitFor(a, (x) => x.legal.length > 0, 10_000, "legal actions");
      const len = logLength(mine);
      a.moves.act!(pick(mine.legal));
      await waitFor(a, (x) => logLength(x) > len, 10_000, "the move");
    }
    const end = viewOf(a)!;
    expect(end.state.over).toBe(true);
    expect(end.state.log.filter((x) => x.player === 1).length).toBeGreaterThan(0);
  });

  it("online.level (issue #26): setupData.level plays that level's bot; a level too costly for the server is refused", async () => {
    const options = { players: 2, variant: "race", goal: 100 };
    const matchID = await createMatch(server.url, "train", { options, seed: SEED, bots: [0], level: 1 });
    const watcher = open(server.url, "train", matchID, null);
    const v = await waitFor(watcher, (x) => logLength(x) > 0, 20_000, "the level-1 bot's first move");
    // The same move as the level's bot in every host (its draws come from the position seed).
    const start = trainEngine.setup(options as never, SEED);
    const level1 = await loadLevel(
      train as unknown as GameModule,
      1,
      async () => null,
      () => train.engine as never,
    );
    expect(v.state.log[0]).toEqual(await level1(start, positionSeed(start)));
    watcher.stop();
    // String Railway's levels 4 and 5 play the solver bot (seconds a move): not on a shared server.
    for (const [level, why] of [
      [5, /levels 1, 2, 3 only/],
      [0, /level must be an integer 1 to 5/],
      ["3", /level must be an integer 1 to 5/],
    ] as const) {
      await expect(
        createMatch(server.url, "string", { options: { players: 2 }, bots: [1], level: level as number }),
        String(level),
      ).rejects.toThrow(why);
    }
  });

  it("after a restart the server's bots sit down again and play", async () => {
    const own = tempDir();
    // A bot slower than the test, so that it has not moved when the server stops.
    let slow: RunningServer | null = await startServer({
      port: 0,
      dir: own.dir,
      demo: null,
      botDelayMs: 60_000,
    });
    try {
      const matchID = await createMatch(slow.url, "train", {
        options: { players: 2, variant: "race" },
        bots: [0],
      });
      await slow.close();
      slow = await startServer({ port: 0, dir: own.dir, demo: null, botDelayMs: 0 });
      const watcher = open(slow.url, "train", matchID, null);
      const v = await waitFor(watcher, (x) => logLength(x) > 0, 20_000, "the bot's first move");
      expect(v.state.log[0]!.player).toBe(0);
    } finally {
      await slow?.close();
      own.remove();
    }
  });

  it("refuses bot seats that are not seats of the match", async () => {
    await expect(
      createMatch(server.url, "train", { options: { players: 2, variant: "race" }, bots: [2] }),
    ).rejects.toThrow(/bots must list distinct seats/);
  });
});

describe("the demo pages", () => {
  it("serves the built demo from the same origin, and nothing outside its folder", async () => {
    const own = tempDir();
    mkdirSync(join(own.dir, "demo"));
    mkdirSync(join(own.dir, "demo-private"));
    writeFileSync(join(own.dir, "demo", "index.html"), "<p>demo</p>");
    writeFileSync(join(own.dir, "demo-private", "secret.txt"), "secret");
    const s = await startServer({ port: 0, dir: join(own.dir, "matches"), demo: join(own.dir, "demo") });
    try {
      const index = await fetch(`${s.url}/`);
      expect(index.headers.get("content-type")).toMatch(/text\/html/);
      expect(await index.text()).toBe("<p>demo</p>");
      // An encoded slash is one path segment for the URL parser, and a parent folder once decoded.
      for (const path of ["/..%2fdemo-private/secret.txt", "/..%2Fdemo-private%2Fsecret.txt"]) {
        const r = await fetch(`${s.url}${path}`);
        expect(await r.text()).not.toContain("secret");
      }
    } finally {
      await s.close();
      own.remove();
    }
  });
});

describe("online Light Rail and String Railway", () => {
  it("light: a client's state holds neither the other seat's objectives nor any deck order", async () => {
    const matchID = await createMatch(server.url, "light", { options: { players: 2 }, seed: SEED });
    const c0 = await joinMatch(server.url, "light", matchID, 0, "Ada");
    const c1 = await joinMatch(server.url, "light", matchID, 1, "Bo");
    const a = open(server.url, "light", matchID, 0, c0);
    const b = open(server.url, "light", matchID, 1, c1);
    const watcher = open(server.url, "light", matchID, null);
    for (const c of [a, b, watcher]) await waitFor(c, () => true);
    await playOut([a, b], 4);
    for (const [c, seat] of [
      [a, 0],
      [b, 1],
      [watcher, null],
    ] as const) {
      const s = viewOf(c)!.state as unknown as {
        decks: number[][];
        hands: (number | null)[];
        objectives: string[][];
      };
      expect(s.decks.flat().every((d) => d === HIDDEN)).toBe(true);
      s.hands.forEach((h, p) => {
        if (p !== seat) expect(h === null || h === HIDDEN).toBe(true);
        else expect(h).not.toBe(HIDDEN);
      });
      s.objectives.forEach((o, p) => {
        expect(o.length > 0).toBe(p === seat);
      });
      expect(JSON.stringify(c.getState())).not.toContain(SEED);
    }
  });

  it("string: a few turns; the tile deck's order and the seed never reach a client", async () => {
    const matchID = await createMatch(server.url, "string", { options: { players: 2 }, seed: SEED });
    const c0 = await joinMatch(server.url, "string", matchID, 0, "Ada");
    const c1 = await joinMatch(server.url, "string", matchID, 1, "Bo");
    const a = open(server.url, "string", matchID, 0, c0);
    const b = open(server.url, "string", matchID, 1, c1);
    for (const c of [a, b]) await waitFor(c, () => true);
    await playOut([a, b], 6);
    expect(logLength(viewOf(a)!)).toBe(6);
    for (const c of [a, b]) {
      const s = viewOf(c)!.state as unknown as { deck: number[] };
      expect(s.deck.every((d) => d === HIDDEN)).toBe(true);
      expect(JSON.stringify(c.getState())).not.toContain(SEED);
    }
  });
});

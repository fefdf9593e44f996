/**
 * Hostile clients against the real server (issue #20): raw socket.io sockets, boardgame.io's own client used
 * against the rules, raw engine.io polling and raw HTTP. Flat files in a temporary folder; with Redis and
 * Postgres (RAILKIT_TEST_REDIS_URL, RAILKIT_TEST_DATABASE_URL) the state-rewrite and crash tests run there too.
 * Every address is on 127.0.0.1.
 */
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { railkitGame } from "../../server/game.ts";
import { scaleOutFromEnv } from "../../server/scale.ts";
import { type RunningServer, type ServeOptions, startServer } from "../../server/server.ts";
import { lightEngine } from "../../web/engine/light/index.ts";
import { createMatch, getMatch, joinMatch } from "../../web/online/lobby.ts";
import { HIDDEN, ONLINE_NAMES } from "../../web/online/view.ts";
import { type BgClient, connect, logLength, tempDir, waitFor } from "./helpers.ts";
import { Refusals, rawSocket, StalledPoller, sleep, syncOf } from "./hostile-helpers.ts";

const SEED = "hostile-secret-seed-5d1c";

interface Env {
  server: RunningServer;
  refusals: Refusals;
  clients: BgClient[];
  sockets: Socket[];
}

async function start(opts: ServeOptions): Promise<Env> {
  const refusals = new Refusals();
  const server = await startServer({
    port: 0,
    demo: null,
    fixedSeeds: true,
    botDelayMs: 0,
    logRefusal: refusals.log,
    ...opts,
  });
  return { server, refusals, clients: [], sockets: [] };
}

async function stop(env: Env | undefined): Promise<void> {
  if (!env) return;
  for (const c of env.clients) c.stop();
  for (const s of env.sockets) s.close();
  await env.server.close();
}

const open = (env: Env, ...a: Parameters<typeof connect>) => {
  const c = connect(...a);
  env.clients.push(c);
  return c;
};

const raw = async (env: Env, game: Parameters<typeof rawSocket>[1]) => {
  const s = await rawSocket(env.server.url, game);
  env.sockets.push(s);
  return s;
};

async function twoSeats(env: Env, game: "train" | "light") {
  const options = game === "train" ? { players: 2, variant: "race", goal: 20 } : { players: 2 };
  const matchID = await createMatch(env.server.url, game, { options, seed: SEED });
  const creds = [
    await joinMatch(env.server.url, game, matchID, 0, "Ada"),
    await joinMatch(env.server.url, game, matchID, 1, "Bo"),
  ] as [string, string];
  return { matchID, creds };
}

/** The server still answers: the Lobby API lists the games and a fresh client syncs a new match. */
async function stillServing(env: Env): Promise<void> {
  const games = (await (await fetch(`${env.server.url}/games`)).json()) as string[];
  expect(games).toContain(ONLINE_NAMES.train);
  const { matchID, creds } = await twoSeats(env, "train");
  const c = open(env, env.server.url, "train", matchID, 0, creds[0]);
  await waitFor(c, (v) => v.legal.length > 0, 5000, "a fresh match's first state");
}

// ---- The tests shared by both storage configurations: state rewrites and crashes ----

function stateRewriteTests(env: () => Env) {
  it("online.only-act-undo: a raw UPDATE with a forged win is dropped", async () => {
    const e = env();
    const { matchID, creds } = await twoSeats(e, "train");
    const s = await raw(e, "train");
    const info = (await syncOf(s, matchID, "0", creds[0]))!;
    const G = info.state.G as { state: Record<string, unknown> };
    const forged = {
      ...info.state,
      G: { ...G, state: { ...G.state, over: true, winners: [0], current: null } },
      ctx: { ...info.state.ctx, gameover: { winners: [0] } },
      _stateID: info.state._stateID + 1,
    };
    const from = e.refusals.lines.length;
    s.emit(
      "update",
      { type: "UPDATE", state: forged, deltalog: [], payload: { credentials: creds[0], playerID: "0" } },
      info.state._stateID,
      matchID,
      "0",
    );
    expect(await e.refusals.waitFor(/refused update .*"UPDATE"/, from)).toMatch(
      /only the moves act and undo/,
    );
    await sleep(200);
    expect((await getMatch(e.server.url, "train", matchID)).gameover ?? null).toBeNull(); // Postgres stores null
    const after = (await syncOf(await raw(e, "train"), matchID, null))!;
    expect(after.state._stateID).toBe(info.state._stateID);
    expect(after.state.ctx.gameover).toBeUndefined();
  });

  it("online.only-act-undo: a raw PATCH that copies decks and the seed into the view is dropped", async () => {
    const e = env();
    const { matchID, creds } = await twoSeats(e, "light");
    const s = await raw(e, "light");
    const info = (await syncOf(s, matchID, "0", creds[0]))!;
    const from = e.refusals.lines.length;
    s.emit(
      "update",
      {
        type: "PATCH",
        prevStateID: info.state._stateID,
        stateID: info.state._stateID + 1,
        patch: [
          { op: "copy", from: "/G/decks", path: "/G/leakDecks" },
          { op: "copy", from: "/G/hands", path: "/G/leakHands" },
          { op: "copy", from: "/G/objectives", path: "/G/leakObjectives" },
          { op: "copy", from: "/G/seed", path: "/G/leakSeed" },
        ],
        deltalog: [],
        payload: { credentials: creds[0], playerID: "0" },
      },
      info.state._stateID,
      matchID,
      "0",
    );
    await e.refusals.waitFor(/refused update .*"PATCH"/, from);
    await sleep(200);
    const watcher = (await syncOf(await raw(e, "light"), matchID, null))!;
    const text = JSON.stringify(watcher);
    expect(text).not.toContain("leak");
    expect(text).not.toContain(SEED);
    const view = watcher.state.G as { state: { decks: number[][] } };
    expect(view.state.decks.flat().every((c) => c === HIDDEN)).toBe(true);
    expect(watcher.state._stateID).toBe(info.state._stateID);
  });

  it("online.only-act-undo: RESET, SYNC, UNDO, REDO, PLUGIN and moves other than act/undo are dropped", async () => {
    const e = env();
    const { matchID, creds } = await twoSeats(e, "train");
    const s = await raw(e, "train");
    const info = (await syncOf(s, matchID, "0", creds[0]))!;
    const payload = { credentials: creds[0], playerID: "0" };
    const forged = { ...info.state, ctx: { ...info.state.ctx, gameover: { winners: [0] } } };
    const from = e.refusals.lines.length;
    const actions = [
      { type: "RESET", state: forged, payload },
      { type: "SYNC", state: forged, payload },
      { type: "UNDO", payload: { ...payload, type: null, args: null } },
      { type: "REDO", payload: { ...payload, type: null, args: null } },
      { type: "PLUGIN", payload: { ...payload, type: "random", args: [] } },
      { type: "STRIP_TRANSIENTS", payload },
      { type: "MAKE_MOVE", payload: { ...payload, type: "endTurn", args: [] } },
      { type: "MAKE_MOVE", payload: { ...payload, type: "__proto__", args: [] } },
      {
        type: "MAKE_MOVE",
        payload: { ...payload, type: "act", args: [{ type: "roll", player: 0 }], extra: 1 },
      },
      {
        type: "MAKE_MOVE",
        payload: { ...payload, type: "act", args: [{ type: "roll", player: 0 }], playerID: "1" },
      },
      { type: "MAKE_MOVE", payload: { ...payload, type: "undo", args: [1] } },
    ];
    for (const a of actions) s.emit("update", a, info.state._stateID, matchID, "0");
    for (let i = 0; i < 200 && e.refusals.lines.length - from < actions.length; i++) await sleep(10);
    expect(e.refusals.lines.slice(from).filter((l) => l.startsWith("refused update"))).toHaveLength(
      actions.length,
    );
    const after = (await syncOf(await raw(e, "train"), matchID, null))!;
    expect(after.state._stateID).toBe(info.state._stateID);
    expect(after.state.ctx.gameover).toBeUndefined();
    expect(after.log).toHaveLength(0);
  });

  it("online.no-crash: a Light Rail match synced on the Train Game's namespace is refused, the server goes on", async () => {
    const e = env();
    const { matchID, creds } = await twoSeats(e, "light");
    const from = e.refusals.lines.length;
    const s = await raw(e, "train");
    expect(await syncOf(s, matchID, null, undefined, 500)).toBeNull();
    expect(await syncOf(s, matchID, "0", creds[0], 500)).toBeNull();
    await e.refusals.waitFor(/refused sync .*is a "railkit-light" match, not railkit-train/, from);
    // Its own namespace still serves it, and the watchers of the match get Light Rail views.
    const ok = (await syncOf(await raw(e, "light"), matchID, null))!;
    expect((ok.state.G as { game: string }).game).toBe("light");
    await stillServing(e);
  });

  it("online.no-crash: malformed syncs, moves and chat (empty, wrong types, objects, huge strings) stop nothing", async () => {
    const e = env();
    const { matchID, creds } = await twoSeats(e, "train");
    const huge = "x".repeat(100_000);
    const messages: [string, unknown[]][] = [
      ["sync", []],
      ["sync", [undefined]],
      ["sync", [null, null]],
      ["sync", [123]],
      ["sync", [{}]],
      ["sync", [[matchID]]],
      ["sync", [huge]],
      ["sync", ["no-such-match"]],
      ["sync", ["__proto__"]],
      ["sync", [matchID, {}]],
      ["sync", [matchID, 0]],
      ["sync", [matchID, "0", { toString: 1 }]],
      ["sync", [matchID, huge]],
      ["update", []],
      ["update", [null]],
      ["update", [{}]],
      ["update", [{ type: "MAKE_MOVE" }, 0, matchID, "0"]],
      ["update", [{ type: "MAKE_MOVE", payload: null }, 0, {}, {}]],
      ["chat", []],
      ["chat", [matchID, null, creds[0]]],
      ["chat", [{}, { sender: {} }]],
      ["nonsense", [1, 2]],
    ];
    const from = e.refusals.lines.length;
    for (const game of ["train", "light", "string"] as const) {
      const s = await raw(e, game);
      for (const [event, args] of messages) s.emit(event, ...args);
    }
    // A seat's socket, synced, sending broken moves.
    const seat = await raw(e, "train");
    await syncOf(seat, matchID, "0", creds[0]);
    for (const a of [null, 5, "x", [], { type: "MAKE_MOVE", payload: { type: "act", args: 7 } }])
      seat.emit("update", a, 0, matchID, "0");
    seat.emit("update", { type: "MAKE_MOVE", payload: { type: "act", args: [null] } }, "0", matchID, "0");
    for (let i = 0; i < 300 && e.refusals.lines.length - from < 3 * 22 + 6; i++) await sleep(10);
    expect(e.refusals.lines.length - from).toBeGreaterThanOrEqual(3 * 22 + 6);
    expect(e.refusals.lines.slice(from).join("\n")).toMatch(/refused sync .*matchID must be a match id/);
    await stillServing(e);
  });
}

// ---- Flat files ----

describe("hostile clients, flat files", () => {
  let e: Env;
  beforeAll(async () => {
    const store = tempDir();
    e = await start({
      dir: store.dir,
      limits: { spectators: 3, pendingBytes: 16 * 1024, createsPerMinute: 1000 },
    });
    const close = e.server.close.bind(e.server);
    e.server.close = async () => {
      await close();
      store.remove();
    };
  });
  afterAll(() => stop(e));

  stateRewriteTests(() => e);

  it("online.only-act-undo: boardgame.io's client events (endGame, setActivePlayers, endTurn) are dropped", async () => {
    const { matchID, creds } = await twoSeats(e, "train");
    const a = open(e, e.server.url, "train", matchID, 0, creds[0]);
    const b = open(e, e.server.url, "train", matchID, 1, creds[1]);
    await waitFor(a, (v) => v.legal.length > 0);
    await waitFor(b, () => true);
    const from = e.refusals.lines.length;
    a.events.endGame!({ winners: [0] });
    a.events.setActivePlayers!({ all: "nowhere" });
    a.events.endTurn!();
    await e.refusals.waitFor(/"GAME_EVENT"/, from);
    a.moves.act!({ type: "roll", player: 0 });
    const v = await waitFor(a, (x) => logLength(x) === 1, 5000, "the honest roll");
    expect(v.state.over).toBe(false);
    expect(a.getState()!.ctx.gameover).toBeUndefined();
    expect(a.getState()!.ctx.activePlayers).toBeNull();
    expect(a.getState()!.ctx.currentPlayer).toBe("0");
    expect(e.refusals.lines.slice(from).filter((l) => l.includes('"GAME_EVENT"'))).toHaveLength(3);
  });

  it("online.move-normalised: an act with extra fields is logged as the engine's action, nothing more", async () => {
    const { matchID, creds } = await twoSeats(e, "train");
    const s = await raw(e, "train");
    const info = (await syncOf(s, matchID, "0", creds[0]))!;
    const junk = "j".repeat(20_000);
    const act = { type: "roll", player: 0, junk, more: { junk } };
    s.emit(
      "update",
      { type: "MAKE_MOVE", payload: { type: "act", args: [act], playerID: "0", credentials: creds[0] } },
      info.state._stateID,
      matchID,
      "0",
    );
    await sleep(300);
    const after = (await syncOf(await raw(e, "train"), matchID, null))!;
    expect(after.log).toHaveLength(1);
    expect(after.log[0]!.action.payload.args).toEqual([{ type: "roll", player: 0 }]);
    expect(JSON.stringify(after)).not.toContain("jjjj");
  });

  it("online.bounds: an act over the move bound is refused; a message over socket.io's bound drops the socket", async () => {
    const { matchID, creds } = await twoSeats(e, "train");
    const s = await raw(e, "train");
    const info = (await syncOf(s, matchID, "0", creds[0]))!;
    const move = (n: number) => ({
      type: "MAKE_MOVE",
      payload: {
        type: "act",
        args: [{ type: "roll", player: 0, pad: "p".repeat(n) }],
        playerID: "0",
        credentials: creds[0],
      },
    });
    const from = e.refusals.lines.length;
    s.emit("update", move(100_000), info.state._stateID, matchID, "0");
    expect(await e.refusals.waitFor(/refused update/, from)).toMatch(/characters of JSON \(bound 65536\)/);
    const closed = new Promise<string>((ok) => s.on("disconnect", (why) => ok(why)));
    s.emit("update", move(500_000), info.state._stateID, matchID, "0");
    expect(await closed).toBe("transport close");
    const after = (await syncOf(await raw(e, "train"), matchID, null))!;
    expect(after.log).toHaveLength(0);
  });

  it("online.bounds: a socket that keeps sending refused messages is dropped after 50", async () => {
    const s = await raw(e, "train");
    const gone = new Promise<void>((ok) => s.on("disconnect", () => ok()));
    const from = e.refusals.lines.length;
    for (let i = 0; i < 60; i++) s.emit("update", { type: "GAME_EVENT" }, 0, "x", "0");
    await gone;
    await e.refusals.waitFor(/dropped socket .*: 50 refused messages/, from);
    expect(e.refusals.lines.slice(from).filter((l) => l.startsWith("refused update"))).toHaveLength(50);
  });

  it("online.no-crash: a playerView given another game's state answers an error, not a throw", () => {
    const light = lightEngine.setup({ players: 2 }, SEED);
    const train = railkitGame("train", { log: () => {} });
    const ctx = { numPlayers: 2 } as never;
    // The last one the Train Game's view would draw without a throw: every Light Rail secret in it.
    const disguised = { ...light, turn: { phase: "regular", rollsLeft: 3, train: [], banked: [] } };
    for (const G of [light, null, {}, { game: "train" }, disguised])
      expect(train.playerView!({ G: G as never, ctx, playerID: "0" })).toEqual({
        error: "this match's state cannot be shown",
      });
  });

  it("online.bounds: setupData holds only options, seed and bots; options only the engine's; bounded in size", async () => {
    const post = (setupData: unknown) =>
      fetch(`${e.server.url}/games/${ONLINE_NAMES.light}/create`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ numPlayers: 2, setupData }),
      });
    expect((await post({ options: { players: 2 } })).status).toBe(200);
    const extra = await post({ options: { players: 2 }, junk: "x" });
    expect(extra.status).toBe(400);
    expect(await extra.text()).toMatch(/unknown setupData field "junk"/);
    const option = await fetch(`${e.server.url}/games/${ONLINE_NAMES.train}/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ numPlayers: 2, setupData: { options: { players: 2, evil: "x" } } }),
    });
    expect(option.status).toBe(400);
    expect(await option.text()).toMatch(/unknown option "evil"/);
    const big = await post({
      options: { players: 2, wrap: false, pad: undefined },
      seed: "s".repeat(20_000),
    });
    expect(big.status).toBe(400);
    expect(await big.text()).toMatch(/setupData is \d+ characters of JSON/);
  });

  it("online.bounds: a Lobby API body over its bound, or not JSON, is refused before boardgame.io reads it", async () => {
    const body = JSON.stringify({
      numPlayers: 2,
      setupData: { options: { players: 2 } },
      pad: "p".repeat(900_000),
    });
    const from = e.refusals.lines.length;
    const r = await fetch(`${e.server.url}/games/${ONLINE_NAMES.light}/create`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(r.status).toBe(413);
    await e.refusals.waitFor(/refused POST .*a body of \d+ bytes/, from);
    const form = await fetch(`${e.server.url}/games/${ONLINE_NAMES.light}/create`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "numPlayers=2",
    });
    expect(form.status).toBe(415);
  });

  it("online.bounds: player names are at most 40 characters; player data is refused", async () => {
    const matchID = await createMatch(e.server.url, "train", { options: { players: 2 } });
    const join = (seat: number, body: object) =>
      fetch(`${e.server.url}/games/${ONLINE_NAMES.train}/${matchID}/join`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ playerID: String(seat), ...body }),
      });
    expect((await join(0, { playerName: "n".repeat(41) })).status).toBe(400);
    expect((await join(0, { playerName: "Ada", data: { pad: "x" } })).status).toBe(400);
    const ok = await join(0, { playerName: "n".repeat(40) });
    expect(ok.status).toBe(200);
    const { playerCredentials } = (await ok.json()) as { playerCredentials: string };
    const update = await fetch(`${e.server.url}/games/${ONLINE_NAMES.train}/${matchID}/update`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ playerID: "0", credentials: playerCredentials, newName: "m".repeat(41) }),
    });
    expect(update.status).toBe(400);
    expect((await getMatch(e.server.url, "train", matchID)).players[0]!.name).toBe("n".repeat(40));
  });

  it("online.leave: a refused /leave never echoes the credentials it was sent", async () => {
    const { matchID } = await twoSeats(e, "train");
    const secret = "guess-4b0c-credentials";
    const r = await fetch(`${e.server.url}/games/${ONLINE_NAMES.train}/${matchID}/leave`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ playerID: "0", credentials: secret }),
    });
    expect(r.status).toBe(403);
    expect(await r.text()).not.toContain(secret);
  });

  it("online.bounds: at most 3 spectators per match here; the 4th gets nothing, a freed place is taken again", async () => {
    const { matchID } = await twoSeats(e, "train");
    const watchers = await Promise.all([1, 2, 3].map(() => raw(e, "train")));
    for (const w of watchers) expect(await syncOf(w, matchID, null)).not.toBeNull();
    const from = e.refusals.lines.length;
    const fourth = await raw(e, "train");
    const gone = new Promise<void>((ok) => fourth.on("disconnect", () => ok()));
    expect(await syncOf(fourth, matchID, null, undefined, 500)).toBeNull();
    await gone;
    await e.refusals.waitFor(/has 3 spectators already/, from);
    watchers[0]!.close();
    await sleep(100);
    expect(await syncOf(await raw(e, "train"), matchID, null)).not.toBeNull();
  });

  it("online.bounds: a socket that does not read is dropped once its pending output passes the bound", async () => {
    const { matchID } = await twoSeats(e, "train");
    const p = await StalledPoller.open(e.server.url, "train");
    const from = e.refusals.lines.length;
    // Each sync answers this socket the match's state: 40 of them (~1 kB each) pass the 16 kB bound.
    for (let i = 0; i < 4; i++)
      await p.post(Array.from({ length: 10 }, () => p.event("sync", matchID, null)));
    expect(
      await e.refusals.waitFor(/dropped socket .* bytes wait to be sent \(bound 16384\)/, from),
    ).toBeTruthy();
    const r = await p.read();
    expect(r.status).toBe(400); // engine.io: session unknown
    await stillServing(e);
  });

  it("online.chat: chat is off by default; a seat's message reaches nobody", async () => {
    const { matchID, creds } = await twoSeats(e, "train");
    const a = open(e, e.server.url, "train", matchID, 0, creds[0]);
    const b = open(e, e.server.url, "train", matchID, 1, creds[1]);
    await waitFor(a, () => true);
    await waitFor(b, () => true);
    const from = e.refusals.lines.length;
    a.sendChatMessage("hello");
    await e.refusals.waitFor(/refused chat .*chat is off/, from);
    await sleep(200);
    expect(b.chatMessages).toHaveLength(0);
  });
});

describe("hostile clients, creation rate", () => {
  let e: Env;
  beforeAll(async () => {
    const store = tempDir();
    e = await start({ dir: store.dir, limits: { createsPerMinute: 3 } });
    const close = e.server.close.bind(e.server);
    e.server.close = async () => {
      await close();
      store.remove();
    };
  });
  afterAll(() => stop(e));

  it("online.bounds: an address creates at most 3 matches a minute here; the 4th is refused (429)", async () => {
    const matchID = await createMatch(e.server.url, "train", { options: { players: 2 } });
    await createMatch(e.server.url, "train", { options: { players: 2 } });
    await createMatch(e.server.url, "train", { options: { players: 2 } });
    await expect(createMatch(e.server.url, "train", { options: { players: 2 } })).rejects.toThrow(/^429/);
    // playAgain creates a match too.
    const c0 = await joinMatch(e.server.url, "train", matchID, 0, "Ada");
    const again = await fetch(`${e.server.url}/games/${ONLINE_NAMES.train}/${matchID}/playAgain`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ playerID: "0", credentials: c0 }),
    });
    expect(again.status).toBe(429);
  });
});

describe("hostile clients, chat on", () => {
  let e: Env;
  beforeAll(async () => {
    const store = tempDir();
    e = await start({ dir: store.dir, limits: { chat: true, chatBytes: 200, chatPerMinute: 3 } });
    const close = e.server.close.bind(e.server);
    e.server.close = async () => {
      await close();
      store.remove();
    };
  });
  afterAll(() => stop(e));

  it("online.chat: with chat on, a seat's short message reaches the other seat; a long one, or a 4th in a minute, is refused", async () => {
    const { matchID, creds } = await twoSeats(e, "train");
    const a = open(e, e.server.url, "train", matchID, 0, creds[0]);
    const b = open(e, e.server.url, "train", matchID, 1, creds[1]);
    await waitFor(a, () => true);
    await waitFor(b, () => true);
    const from = e.refusals.lines.length;
    a.sendChatMessage("p".repeat(1000));
    await e.refusals.waitFor(/refused chat .*bound 200/, from);
    a.sendChatMessage("hello");
    for (let i = 0; i < 100 && b.chatMessages.length === 0; i++) await sleep(20);
    expect(b.chatMessages.map((m) => m.payload)).toEqual(["hello"]);
    // Three a minute here: the fourth is refused.
    a.sendChatMessage("again");
    a.sendChatMessage("and again");
    a.sendChatMessage("one more");
    await e.refusals.waitFor(/refused chat .*in the last minute \(bound 3\)/, from);
    // Chat waits up to 1 s for a storage write (server/store-first.ts): wait for the two, then a little more.
    for (let i = 0; i < 100 && b.chatMessages.length < 3; i++) await sleep(20);
    await sleep(1200);
    expect(b.chatMessages.map((m) => m.payload)).toEqual(["hello", "again", "and again"]);
  });
});

// ---- Redis + Postgres ----

const redis = process.env.RAILKIT_TEST_REDIS_URL;
const postgres = process.env.RAILKIT_TEST_DATABASE_URL;

describe.runIf(!!redis && !!postgres)("hostile clients, Redis pub/sub and Postgres storage", () => {
  let e: Env;
  beforeAll(async () => {
    const scale = await scaleOutFromEnv({ REDIS_URL: redis, DATABASE_URL: postgres });
    e = await start({ ...scale, limits: { createsPerMinute: 1000 } });
  });
  afterAll(() => stop(e));
  stateRewriteTests(() => e);
});

/**
 * Issue #25, small updates: the server sends each seat a JSON Patch of its view (boardgame.io's `deltaState`), so
 * an update's size does not grow with the game's length; the client keeps the rest of the state, the whole log
 * included. String Railway and Light Rail views go without the fields the client derives (legal actions, Light
 * Rail's `frames` and `blocked`: web/online/view.ts `SentView`), which change wholesale with each move. Whole
 * games (a 6-seat Train Game, a 5-seat String Railway game, a 4-seat Light Rail game) are played through the real
 * server; every state message each socket receives is measured as the JSON of its arguments (what socket.io frames).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../server/server.ts";
import { type GameId, replay, type SeatAction } from "../../web/engine/common/game.ts";
import { lightEngine, playGreedyGame } from "../../web/engine/light/index.ts";
import { playBotGame, stringEngine } from "../../web/engine/string/index.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { gameModule } from "../../web/games/registry.ts";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import { type BgClient, connect, playOut, sentOf, tempDir, until, viewOf, waitFor } from "./helpers.ts";

/** The bound of issue #25 on one update, in characters of JSON. */
const MAX_UPDATE = 4 * 1024;

const store = tempDir();
let server: RunningServer;
const clients: BgClient[] = [];

beforeAll(async () => {
  server = await startServer({ port: 0, dir: store.dir, demo: null, fixedSeeds: true, botDelayMs: 0 });
});

afterAll(async () => {
  for (const c of clients) c.stop();
  await server?.close();
  store.remove();
});

/** Records the JSON size of every `update` and `patch` message the client's socket receives. */
function measure(c: BgClient): { sizes: number[]; full: number } {
  const m = { sizes: [] as number[], full: 0 };
  const socket = (
    c as unknown as { transport: { socket: { on(e: string, f: (...a: unknown[]) => void): void } } }
  ).transport.socket;
  socket.on("patch", (...args) => m.sizes.push(JSON.stringify(args).length));
  socket.on("update", (...args) => {
    m.sizes.push(JSON.stringify(args).length);
    m.full++;
  });
  return m;
}

describe("online.small-updates (issue #25)", () => {
  it("a 6-seat Train Game to its end: every update is a patch of at most 4 kB; the clients' logs are the game's", async () => {
    const options = { players: 6, variant: "race" as const, goal: 100 };
    const seed = "small-updates-6";
    const matchID = await createMatch(server.url, "train", { options, seed });
    for (let seat = 0; seat < 6; seat++) {
      const cred = await joinMatch(server.url, "train", matchID, seat, `P${seat}`);
      clients.push(connect(server.url, "train", matchID, seat, cred));
    }
    const watcher = connect(server.url, "train", matchID, null);
    clients.push(watcher);
    for (const c of clients) await waitFor(c, () => true, 10_000, "the first sync");
    const sizes = clients.map(measure);
    const moves = await playOut(clients.slice(0, 6));
    const end = await waitFor(watcher, (v) => v.state.over, 10_000, "the end");
    expect(moves).toBeGreaterThan(50);
    // The log each client holds was built from patches, and is the engine's game.
    const full = replay(trainEngine, options, seed, end.state.log);
    const { seed: _s, rng: _r, ...visible } = full;
    expect(end.state).toEqual(visible);
    for (const c of clients.slice(0, 6)) expect(viewOf(c)!.state.log).toEqual(full.log);
    for (const m of sizes) {
      expect(m.full).toBe(0);
      expect(m.sizes.length).toBeGreaterThanOrEqual(moves);
      expect(Math.max(...m.sizes)).toBeLessThanOrEqual(MAX_UPDATE);
    }
    // The whole log alone is larger than the bound: what is sent does not grow with it.
    expect(JSON.stringify(full.log).length).toBeGreaterThan(MAX_UPDATE);
    const all = sizes.flatMap((m) => m.sizes);
    console.log(
      `6-seat Train (goal 100), ${moves} moves: update JSON max ${Math.max(...all)}, mean ${Math.round(all.reduce((a, b) => a + b, 0) / all.length)} characters; log ${JSON.stringify(full.log).length}`,
    );
  }, 240_000);
});

/** Resolves when the client has received a state whose log has `n` entries (no field derived: cheap to check). */
async function sentLog(c: BgClient, n: number, ms = 20_000): Promise<void> {
  const got = await until(c, () => ((sentOf(c)?.state.log.length ?? -1) >= n ? true : undefined), ms);
  if (got === null) throw new Error(`timed out waiting for log length ${n}`);
}

/**
 * Plays a game whose log is known (a bot game with the match's seed) through the server: each action sent by its
 * seat's client, then every client waits for it. Measures every update each client receives; answers the sizes.
 */
async function playLog(
  game: GameId,
  options: { players: number },
  seed: string | number,
  log: readonly SeatAction[],
) {
  const matchID = await createMatch(server.url, game, { options, seed });
  const seats: BgClient[] = [];
  for (let seat = 0; seat < options.players; seat++) {
    const cred = await joinMatch(server.url, game, matchID, seat, `P${seat}`);
    seats.push(connect(server.url, game, matchID, seat, cred));
  }
  const watcher = connect(server.url, game, matchID, null);
  const all = [...seats, watcher];
  clients.push(...all);
  await Promise.all(all.map((c) => sentLog(c, 0)));
  const sizes = all.map(measure);
  for (const [n, action] of log.entries()) {
    seats[action.player]!.moves.act!(action);
    await Promise.all(all.map((c) => sentLog(c, n + 1)));
  }
  return { seats, watcher, sizes };
}

/** The sizes' summary line, and the bound checked on every client's updates (patches only, each ≤ 4 kB). */
function checkSizes(what: string, sizes: { sizes: number[]; full: number }[], moves: number, log: unknown) {
  for (const m of sizes) {
    expect(m.full).toBe(0);
    expect(m.sizes.length).toBeGreaterThanOrEqual(moves);
    expect(Math.max(...m.sizes)).toBeLessThanOrEqual(MAX_UPDATE);
  }
  const all = sizes.flatMap((m) => m.sizes);
  console.log(
    `${what}, ${moves} moves: update JSON max ${Math.max(...all)}, mean ${Math.round(all.reduce((a, b) => a + b, 0) / all.length)} characters; log ${JSON.stringify(log).length}`,
  );
}

describe("online.update-size (issue #25)", () => {
  it("online.update-size-string: a 5-seat String Railway game to its end: every update is a patch of at most 4 kB", async () => {
    const seed = "update-size-5";
    const options = { players: 5 };
    const game = playBotGame(5, seed);
    const { seats, watcher, sizes } = await playLog("string", options, seed, game.log);
    const end = replay(stringEngine, options, seed, game.log);
    expect(end.over).toBe(true);
    const { seed: _s, rng: _r, ...open } = gameModule("string").hide(end, null);
    expect(viewOf(watcher)!.state).toEqual(JSON.parse(JSON.stringify(open)));
    for (const c of seats) expect(viewOf(c)!.state.log).toEqual(JSON.parse(JSON.stringify(end.log)));
    checkSizes("5-seat String Railway", sizes, game.log.length, game.log);
    // The legal actions are not sent: the client derives them. The log alone is larger than the bound.
    expect(sentOf(seats[0]!)).not.toHaveProperty("legal");
    expect(JSON.stringify(game.log).length).toBeGreaterThan(MAX_UPDATE);
  }, 400_000);

  it("online.update-size-light: a 4-seat Light Rail game to its end: every update is a patch of at most 4 kB", async () => {
    const seed = 11;
    const options = { players: 4 };
    const end = playGreedyGame(options, seed);
    const { seats, watcher, sizes } = await playLog("light", options, seed, end.log);
    const again = replay(lightEngine, options, seed, end.log);
    expect(again.over).toBe(true);
    const { seed: _s, rng: _r, ...open } = gameModule("light").hide(again, null);
    expect(viewOf(watcher)!.state).toEqual(JSON.parse(JSON.stringify(open)));
    for (const c of seats) expect(viewOf(c)!.state.log).toEqual(JSON.parse(JSON.stringify(end.log)));
    checkSizes("4-seat Light Rail", sizes, end.log.length, end.log);
    for (const k of ["legal", "frames", "blocked"]) expect(sentOf(seats[0]!)).not.toHaveProperty(k);
  }, 400_000);
});

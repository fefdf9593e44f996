/**
 * Issue #25, small updates: the server sends each seat a JSON Patch of its view (boardgame.io's `deltaState`), so
 * an update's size does not grow with the game's length; the client keeps the rest of the state, the whole log
 * included. A whole 6-seat Train Game is played through the real server; every state message each socket receives
 * is measured as the JSON of its arguments (what socket.io frames).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../server/server.ts";
import { replay } from "../../web/engine/common/game.ts";
import { trainEngine } from "../../web/engine/train/index.ts";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import { type BgClient, connect, playOut, tempDir, viewOf, waitFor } from "./helpers.ts";

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

/**
 * The online session (web/elements/common/online-session.ts) in Node, without a page: two sessions of one seat (two
 * tabs of one player) send different moves at the same state. The server applies one and refuses the other as
 * stale; the session whose move was played resolves true, the other false with a message, and both show the
 * stored state.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../server/server.ts";
import { OnlineSession } from "../../web/elements/common/online-session.ts";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import type { TrainTypes } from "../../web/worker/protocol.ts";
import { tempDir } from "./helpers.ts";

const store = tempDir();
let server: RunningServer;
const sessions: OnlineSession<TrainTypes>[] = [];

beforeAll(async () => {
  server = await startServer({ port: 0, dir: store.dir, demo: null, fixedSeeds: true });
});

afterAll(async () => {
  for (const s of sessions) s.hostDisconnected();
  await server?.close();
  store.remove();
});

/** A session of `seat` on a stand-in for its element (the controller only registers and asks for updates). */
function session(matchID: string, seat: number, credentials: string): OnlineSession<TrainTypes> {
  const host = { addController() {}, removeController() {}, requestUpdate() {} } as unknown as HTMLElement & {
    addController(): void;
    removeController(): void;
    requestUpdate(): void;
    updateComplete: Promise<boolean>;
  };
  const s = new OnlineSession<TrainTypes>(host, {
    game: "train",
    server: () => server.url,
    match: () => matchID,
    seat: () => seat,
    credentials: () => credentials,
  });
  sessions.push(s);
  return s;
}

async function until(ok: () => boolean, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it("move.lock (session): of one seat's two tabs moving at once, one move is played and the other tab is told", async () => {
  const matchID = await createMatch(server.url, "train", {
    options: { players: 2, variant: "race", goal: 20 },
    seed: "session-race",
  });
  const c0 = await joinMatch(server.url, "train", matchID, 0, "Ada");
  await joinMatch(server.url, "train", matchID, 1, "Bo");
  const a = session(matchID, 0, c0);
  const b = session(matchID, 0, c0);
  await Promise.all([a.newGame(), b.newGame()]);
  await until(() => !!a.view && !!b.view && a.connected && b.connected, "both tabs to sync");
  // A turn starts with a roll (train.roll-first); after it seat 0 has at least two moves (add or roll, or stop).
  const roll = a.view!.legal[0]!;
  expect(roll.type).toBe("roll");
  expect(await a.act(roll)).toBe(true);
  await until(
    () => b.view!.state.log.length === 1 && a.view!.state.log.length === 1,
    "both tabs to see the roll",
  );
  // One tab plays one move, the other another, at the same state.
  const [x, y] = [a.view!.legal[0]!, a.view!.legal[1]!];
  expect(y).toBeDefined();
  expect(x).not.toEqual(y);
  const [ra, rb] = await Promise.all([a.act(x), b.act(y)]);
  expect([ra, rb].sort()).toEqual([false, true]);
  const loser = ra ? b : a;
  expect(loser.message).toMatch(/Another move of this seat was played first/);
  expect(loser.messageIsError).toBe(true);
  expect(a.view!.state.log).toEqual(b.view!.state.log);
  expect(a.view!.state.log).toEqual([roll, ra ? x : y]);
}, 30_000);

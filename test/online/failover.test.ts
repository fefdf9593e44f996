/**
 * Failover between two instances (issue #25, docs/online.md § Scaling out): two `npm run serve` processes on Redis
 * and Postgres. One is SIGKILLed while it holds a match's lock in the middle of a move (the test-only hook
 * `RAILKIT_TEST_HOLD_MOVE_MS` keeps each of its moves waiting inside the lock); the same seat's move sent to the
 * other instance is played within 2 s on a quiet machine (the lock's time to live, server/lock.ts `MOVE_LOCK`, used to be 10 s). The
 * instance playing a match's computer seats is killed; the other instance's bots move within 2 s (`BOT_LEASE`).
 * Needs the services of server/test-services.sh (skipped without them, as test/online/scale.test.ts).
 */
import { PostgresStore } from "bgio-postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameHeader } from "../../web/engine/common/game.ts";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import { type ServerProcess, startServerProcess } from "../e2e/online-server.ts";
import { type BgClient, connect, logLength, viewOf, waitFor } from "./helpers.ts";

const redis = process.env.RAILKIT_TEST_REDIS_URL;
const postgres = process.env.RAILKIT_TEST_DATABASE_URL;
const have = !!redis && !!postgres;

/**
 * The target is 2 s (met on a quiet machine: 1.2-1.5 s for the lock, 0.9-1.3 s for the bots, printed by each
 * run; docs/online.md § Lock and lease times). The assertion allows 4 s so that a loaded machine (the suite on 2
 * cores beside other jobs measured up to 2.7 s) does not fail it, and still fails the old 10 s lock and lease.
 */
const FAILOVER_MS = 4000;

describe.runIf(have)("online.failover: a killed instance's matches move again on another", () => {
  const servers: ServerProcess[] = [];
  const clients: BgClient[] = [];
  let store: PostgresStore;
  const env = {
    REDIS_URL: redis!,
    DATABASE_URL: postgres!,
    RAILKIT_FIXED_SEEDS: "1",
    RAILKIT_BOT_DELAY_MS: "50",
    RAILKIT_LOG_BOTS: "1",
  };

  beforeAll(() => {
    store = new PostgresStore(postgres!, { logging: false });
  });

  /** The matches this file created: wiped at the end, so that no later run's bot scan finds them unfinished. */
  const created: string[] = [];

  afterAll(async () => {
    for (const c of clients) c.stop();
    await Promise.all(servers.map((s) => s.kill()));
    for (const id of created) await store?.wipe(id);
    await store?.sequelize.close();
  });

  it("online.failover: killed mid-move while holding the match lock, the seat's move is played on the other instance within seconds", async () => {
    const [held, other] = await Promise.all([
      startServerProcess({ ...env, RAILKIT_TEST_HOLD_MOVE_MS: "60000" }),
      startServerProcess(env),
    ]);
    servers.push(held, other);
    const matchID = await createMatch(other.url, "train", {
      options: { players: 2, variant: "race", goal: 20 },
      seed: "failover-seed",
    });
    created.push(matchID);
    const c0 = await joinMatch(other.url, "train", matchID, 0, "Ada");
    const c1 = await joinMatch(other.url, "train", matchID, 1, "Bo");
    // Seat 0 in two tabs, one on each instance; seat 1 and a spectator on the instance that lives.
    const there = connect(held.url, "train", matchID, 0, c0);
    const here = connect(other.url, "train", matchID, 0, c0);
    const seat1 = connect(other.url, "train", matchID, 1, c1);
    const watcher = connect(other.url, "train", matchID, null);
    clients.push(there, here, seat1, watcher);
    for (const c of clients) await waitFor(c, () => true, 15_000, "the first sync");
    const v = await waitFor(there, (x) => x.state.current === 0 && x.legal.length > 0, 10_000, "seat 0");
    await waitFor(here, (x) => x.legal.length > 0, 10_000, "seat 0 on the other instance");
    const n = logLength(v);

    there.moves.act!(v.legal[0]!);
    const line = `holding the move lock of ${matchID}`;
    for (let t = 0; !held.output().includes(line); t++) {
      if (t > 200) throw new Error(`no "${line}" in:\n${held.output()}`);
      await new Promise((r) => setTimeout(r, 25));
    }
    await held.kill();
    const killedAt = Date.now();
    here.moves.act!(viewOf(here)!.legal[0]!);
    await waitFor(watcher, (x) => logLength(x) > n, 15_000, "the move on the other instance");
    const waited = Date.now() - killedAt;
    console.log(`online.failover: the match moved ${waited} ms after the kill`);
    expect(waited).toBeLessThan(FAILOVER_MS);
    const { state } = await store.fetch(matchID, { state: true });
    expect((state!.G as GameHeader).log.length).toBe(n + 1);
    for (const c of clients.splice(0)) c.stop();
    await other.kill(); // its bot scan would compete in the next test
  }, 90_000);

  it("online.failover: the instance playing a match's computer seats is killed; the other's bots move within seconds", async () => {
    const [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    servers.push(a, b);
    const matchID = await createMatch(a.url, "light", {
      options: { players: 4 },
      bots: [0, 1, 2, 3],
      seed: 9,
    });
    created.push(matchID);
    const playsOn = (s: ServerProcess) => s.output().includes(`bot ${matchID}/`);
    // A spectator on each instance: the one on the instance that is killed loses its socket with it (watching
    // there, the test once waited 15 s for updates that could not come).
    const watchers = new Map(
      [a, b].map((s) => {
        const c = connect(s.url, "light", matchID, null);
        clients.push(c);
        return [s, c] as const;
      }),
    );
    await waitFor(watchers.get(b)!, (x) => logLength(x) >= 3, 30_000, "the first bot moves");
    const holder = playsOn(a) ? a : b;
    const survivor = holder === a ? b : a;
    const watcher = watchers.get(survivor)!;
    expect(playsOn(survivor)).toBe(false);
    await holder.kill();
    const killedAt = Date.now();
    // The move the killed instance had in flight may still land: wait for a move the survivor's bots sent.
    await new Promise<void>((ok, no) => {
      const timer = setInterval(() => {
        if (playsOn(survivor)) {
          clearInterval(timer);
          ok();
        } else if (Date.now() - killedAt > 15_000) {
          clearInterval(timer);
          no(new Error("the surviving instance never took the bots over"));
        }
      }, 10);
    });
    const n = logLength(viewOf(watcher)!);
    await waitFor(watcher, (x) => logLength(x) > n || x.state.over, 15_000, "the survivor's bot move");
    const waited = Date.now() - killedAt;
    console.log(`online.failover: the bots moved again ${waited} ms after the kill`);
    expect(waited).toBeLessThan(FAILOVER_MS);
  }, 90_000);
});

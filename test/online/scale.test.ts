/**
 * Scale-out (issue #14, docs/online.md): two server processes that share no memory, Redis pub/sub between them
 * and Postgres storage; the players of one match sit on different instances and play it to the end, a spectator
 * on one instance sees the moves made on the other. Needs Redis and Postgres on 127.0.0.1 (server/test-services.sh
 * starts them and prints RAILKIT_TEST_REDIS_URL and RAILKIT_TEST_DATABASE_URL; .ci/run does it): skipped without
 * them, except on CI, where their absence fails.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMatch, joinMatch } from "../../web/online/lobby.ts";
import { type ServerProcess, startServerProcess } from "../e2e/online-server.ts";
import { type BgClient, connect, playOut, viewOf, waitFor } from "./helpers.ts";

const redis = process.env.RAILKIT_TEST_REDIS_URL;
const postgres = process.env.RAILKIT_TEST_DATABASE_URL;
const have = !!redis && !!postgres;

describe.runIf(!have && process.env.CI === "true")("scale-out services", () => {
  it("has Redis and Postgres (RAILKIT_TEST_REDIS_URL, RAILKIT_TEST_DATABASE_URL) on CI", () => {
    expect.fail("run server/test-services.sh first (.ci/run does)");
  });
});

describe.runIf(have)("two server instances with Redis pub/sub and Postgres storage", () => {
  const servers: ServerProcess[] = [];
  const clients: BgClient[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL: redis!, DATABASE_URL: postgres!, RAILKIT_FIXED_SEEDS: "1" };
    servers.push(...(await Promise.all([startServerProcess(env), startServerProcess(env)])));
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.stop();
    await Promise.all(servers.map((s) => s.kill()));
  });

  it("one player on each instance plays a match to the end; a spectator on one sees every move", async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess];
    expect(one.port).not.toBe(two.port);
    // Created on one instance, joined on each: the match lives in Postgres.
    const matchID = await createMatch(one.url, "train", {
      options: { players: 2, variant: "race", goal: 20 },
      seed: "scale-out-seed",
    });
    const c0 = await joinMatch(one.url, "train", matchID, 0, "Ada");
    const c1 = await joinMatch(two.url, "train", matchID, 1, "Bo");
    const a = connect(one.url, "train", matchID, 0, c0);
    const b = connect(two.url, "train", matchID, 1, c1);
    const watcher = connect(two.url, "train", matchID, null);
    clients.push(a, b, watcher);
    for (const c of [a, b, watcher]) await waitFor(c, () => true, 15_000, "the first sync");
    const moves = await playOut([a, b]);
    expect(moves).toBeGreaterThan(0);
    const end = await waitFor(watcher, (v) => v.state.over, 15_000, "the end on the other instance");
    expect(viewOf(a)!.state).toEqual(end.state);
    expect(viewOf(b)!.state).toEqual(end.state);
    expect(JSON.stringify(watcher.getState())).not.toContain("scale-out-seed");
  });
});

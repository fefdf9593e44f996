/**
 * The leases of server/lock.ts: the match lock orders work on one key, a lease is the owner's until it expires,
 * and an owner whose lease expired can neither renew nor release the next owner's. In memory always; in Redis too
 * when server/test-services.sh has started it (RAILKIT_TEST_REDIS_URL).
 */
import { createClient } from "redis";
import { afterAll, describe, expect, it } from "vitest";
import {
  Fence,
  type Leases,
  MemoryLeases,
  type RedisCommands,
  RedisLeases,
  withLease,
} from "../../server/lock.ts";

const redisUrl = process.env.RAILKIT_TEST_REDIS_URL;
const redis = redisUrl ? createClient(redisUrl) : null;
afterAll(() => new Promise<void>((ok) => (redis ? redis.quit(() => ok()) : ok())));

const kinds: [string, () => Leases][] = [["memory", () => new MemoryLeases()]];
if (redis) kinds.push(["redis", () => new RedisLeases(redis as unknown as RedisCommands)]);

describe.each(kinds)("leases (%s)", (_kind, make) => {
  const key = () => `railkit:test:${globalThis.crypto.randomUUID()}`;

  it("move.lock: works on one key never overlap, and each runs once", async () => {
    const leases = make();
    const k = key();
    let inside = 0;
    let most = 0;
    const done: number[] = [];
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        withLease(leases, k, async () => {
          inside++;
          most = Math.max(most, inside);
          await new Promise((r) => setTimeout(r, 5));
          inside--;
          done.push(i);
        }),
      ),
    );
    expect(most).toBe(1);
    expect(done.sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it("bot.lease: held until it expires; then another owner takes it and the old token neither renews nor releases it", async () => {
    const leases = make();
    const k = key();
    const a = await leases.tryAcquire(k, 60);
    expect(a).not.toBeNull();
    expect(await leases.tryAcquire(k, 60)).toBeNull();
    expect(await leases.renew(k, a!, 60)).toBe(true);
    await new Promise((r) => setTimeout(r, 90));
    const b = await leases.tryAcquire(k, 10_000);
    expect(b).not.toBeNull();
    expect(await leases.renew(k, a!, 10_000)).toBe(false);
    await leases.release(k, a!);
    expect(await leases.tryAcquire(k, 10_000)).toBeNull(); // still b's
    await leases.release(k, b!);
    expect(await leases.tryAcquire(k, 10)).not.toBeNull();
  });

  it("move.lock: a lock not free within its wait is refused without running the work", async () => {
    const leases = make();
    const k = key();
    await leases.tryAcquire(k, 10_000);
    let ran = false;
    await expect(
      withLease(
        leases,
        k,
        async () => {
          ran = true;
        },
        { ttlMs: 1000, renewMs: 300, waitMs: 50 },
      ),
    ).rejects.toThrow(/not free/);
    expect(ran).toBe(false);
  });

  it("move.fence: the work's fence is lost once a renewal is refused (the key was taken meanwhile)", async () => {
    const inner = make();
    let refuse = false;
    const leases: Leases = {
      tryAcquire: (k, ms) => inner.tryAcquire(k, ms),
      renew: async (k, t, ms) => !refuse && (await inner.renew(k, t, ms)),
      release: (k, t) => inner.release(k, t),
    };
    const seen = await withLease(
      leases,
      key(),
      async (fence) => {
        await new Promise((r) => setTimeout(r, 60));
        const before = fence.lost;
        refuse = true;
        await new Promise((r) => setTimeout(r, 60));
        return [before, fence.lost];
      },
      { ttlMs: 10_000, renewMs: 15, waitMs: 50 },
    );
    expect(seen).toEqual([false, true]);
  });
});

describe("the fence's clock", () => {
  it("move.fence: lost once a time to live passed since the last confirmed request was sent", () => {
    let now = 1000;
    const fence = new Fence(1500, 1000, () => now);
    now = 2400;
    expect(fence.lost).toBe(false);
    fence.renewed(2000, true); // sent at 2000, confirmed
    now = 3400;
    expect(fence.lost).toBe(false);
    now = 3500; // 1500 ms after the last confirmed send: the lease may have expired in the store
    expect(fence.lost).toBe(true);
    fence.renewed(3600, true);
    now = 3700;
    expect(fence.lost).toBe(false);
    fence.renewed(3650, false);
    expect(fence.lost).toBe(true);
  });
});

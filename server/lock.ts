/**
 * Leases shared by server instances (docs/online.md, "Scaling out"): a key held by one owner (a random token)
 * for a time to live, renewed while the owner works, released by the owner only. Two uses in server/server.ts:
 *
 * - **The match lock.** boardgame.io's master fetches a match's state, applies a move and stores the result
 *   (`Master.onUpdate`); its per-match queue orders that only within one instance. Every move of a match runs
 *   inside {@link withLease} on `railkit:move:<matchID>`, so two instances never both read state N and write N+1:
 *   the second reads N+1, its move's state id is stale and boardgame.io refuses it.
 * - **The bot lease** (`railkit:bots:<matchID>`, server/bots.ts): one instance plays a match's computer seats;
 *   another takes them over once the lease expires.
 *
 * {@link RedisLeases}: Redis `SET key token NX PX ttl`, renewed and released by a Lua script that first checks the
 * token, so an owner whose lease expired never renews or deletes another owner's. {@link MemoryLeases}: the same
 * in one process (a single instance, and the tests).
 */

export interface Leases {
  /** Takes `key` for `ttlMs` if nobody holds it: the owner's token, or null. */
  tryAcquire(key: string, ttlMs: number): Promise<string | null>;
  /** Extends the lease if `token` still holds it (false: lost). */
  renew(key: string, token: string, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `token` still holds it. */
  release(key: string, token: string): Promise<void>;
}

/** A random owner token. */
export const newToken = (): string => globalThis.crypto.randomUUID();

/** The leases of one process. */
export class MemoryLeases implements Leases {
  private readonly held = new Map<string, { token: string; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async tryAcquire(key: string, ttlMs: number): Promise<string | null> {
    const h = this.held.get(key);
    if (h && h.until > this.now()) return null;
    const token = newToken();
    this.held.set(key, { token, until: this.now() + ttlMs });
    return token;
  }

  async renew(key: string, token: string, ttlMs: number): Promise<boolean> {
    const h = this.held.get(key);
    if (!h || h.token !== token || h.until <= this.now()) return false;
    h.until = this.now() + ttlMs;
    return true;
  }

  async release(key: string, token: string): Promise<void> {
    if (this.held.get(key)?.token === token) this.held.delete(key);
  }
}

/** The part of node-redis 3's client used here. */
export interface RedisCommands {
  set(
    key: string,
    value: string,
    nx: "NX",
    px: "PX",
    ms: number,
    cb: (e: Error | null, r: unknown) => void,
  ): unknown;
  eval(
    script: string,
    keys: number,
    ...args: (string | number | ((e: Error | null, r: unknown) => void))[]
  ): unknown;
}

const RENEW = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

/** Leases in Redis, shared by every instance that uses the same Redis. */
export class RedisLeases implements Leases {
  constructor(private readonly redis: RedisCommands) {}

  tryAcquire(key: string, ttlMs: number): Promise<string | null> {
    const token = newToken();
    return new Promise((ok, no) => {
      this.redis.set(key, token, "NX", "PX", ttlMs, (e, r) => (e ? no(e) : ok(r === "OK" ? token : null)));
    });
  }

  renew(key: string, token: string, ttlMs: number): Promise<boolean> {
    return new Promise((ok, no) => {
      this.redis.eval(RENEW, 1, key, token, ttlMs, (e, r) => (e ? no(e) : ok(r === 1)));
    });
  }

  release(key: string, token: string): Promise<void> {
    return new Promise((ok, no) => {
      this.redis.eval(RELEASE, 1, key, token, (e) => (e ? no(e) : ok()));
    });
  }
}

export interface LeaseTimes {
  /** Time to live of the lease: how long a lost owner's lease keeps others out. */
  ttlMs: number;
  /** Renewal period while the work runs (well under `ttlMs`, so one late renewal does not lose it). */
  renewMs: number;
  /** Longest wait for the lease before giving up. */
  waitMs: number;
}

/**
 * The match lock's times (docs/online.md § Lock and lease times): a move takes milliseconds; the lock lives 1.2 s,
 * renewed every 300 ms while the move runs and released as soon as it is stored, so a killed instance's matches
 * are free again 1.2 s later (issue #25: within 2 s, with room for a loaded machine). A move waits at most 15 s for it.
 */
export const MOVE_LOCK: LeaseTimes = { ttlMs: 1_200, renewMs: 300, waitMs: 15_000 };

/**
 * A bot lease's times (docs/online.md § Lock and lease times): it lives 800 ms, renewed every 250 ms; every instance looks
 * for free leases every `scanMs` (300 ms), so a lost instance's bots are seated again on another within 1.1 s and
 * move within 2 s (measured 0.9-2.2 s with the earlier 1 s lease and 500 ms scan, over 2 s on a loaded machine).
 */
export const BOT_LEASE = { ttlMs: 800, renewMs: 250, scanMs: 300 } as const;

/** The lease could not be taken within its wait. */
export class LeaseTimeout extends Error {
  override name = "LeaseTimeout";
}

/**
 * Whether the owner may still act as the holder of a lease (fencing): false once a renewal was refused, or once
 * `ttlMs` has passed since the last request that the store confirmed (counted from when it was sent: a stalled
 * process that has not heard back must assume the lease expired), whichever comes first.
 */
export class Fence {
  private confirmedAt: number;
  private refused = false;

  constructor(
    private readonly ttlMs: number,
    sentAt: number,
    private readonly now: () => number = Date.now,
  ) {
    this.confirmedAt = sentAt;
  }

  /** A renewal sent at `sentAt` was answered `held`. */
  renewed(sentAt: number, held: boolean): void {
    if (!held) this.refused = true;
    else this.confirmedAt = Math.max(this.confirmedAt, sentAt);
  }

  get lost(): boolean {
    return this.refused || this.now() - this.confirmedAt >= this.ttlMs;
  }
}

/**
 * Runs `work` while holding `key` (waits for it, polling with a growing pause up to 50 ms, at most
 * `times.waitMs`; then rejects with {@link LeaseTimeout} without running `work`). The lease is renewed every
 * `times.renewMs` until `work` settles, then released. `work` gets the lease's {@link Fence}: once it is lost,
 * another owner may hold the key, and the work must not write.
 */
export async function withLease<R>(
  leases: Leases,
  key: string,
  work: (fence: Fence) => Promise<R>,
  times: LeaseTimes = MOVE_LOCK,
): Promise<R> {
  const start = Date.now();
  let token: string | null = null;
  let sentAt = start;
  for (let pause = 2; ; pause = Math.min(50, pause * 2)) {
    sentAt = Date.now();
    token = await leases.tryAcquire(key, times.ttlMs);
    if (token) break;
    if (Date.now() - start >= times.waitMs)
      throw new LeaseTimeout(`${key}: not free after ${times.waitMs} ms`);
    await new Promise((r) => setTimeout(r, pause));
  }
  const held = token;
  const fence = new Fence(times.ttlMs, sentAt);
  const renew = setInterval(() => {
    const at = Date.now();
    void leases
      .renew(key, held, times.ttlMs)
      .then((still) => fence.renewed(at, still))
      .catch(() => {});
  }, times.renewMs);
  try {
    return await work(fence);
  } finally {
    clearInterval(renew);
    await leases.release(key, held).catch(() => {});
  }
}

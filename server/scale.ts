/**
 * Scale-out (docs/online.md): several server instances that share no memory, with boardgame.io's Redis
 * pub/sub (`@boardgame.io/redis-pubsub`, node-redis 3) carrying each match's updates to every instance, and
 * Postgres storage (`bgio-postgres`) holding every match. Chosen by the environment: `REDIS_URL` and
 * `DATABASE_URL` (both are needed for more than one instance). Without them the server keeps flat files and
 * in-memory pub/sub. With Redis, the instances also share leases there (server/lock.ts): the match lock
 * around every move and the bot lease of each match.
 *
 * Also read here, as they are passed through to the server: `RAILKIT_BOT_LEASE_MS` (a bot lease's time to live,
 * default `BOT_LEASE.ttlMs` of server/lock.ts), `RAILKIT_BOT_DELAY_MS` (pause before a bot's move, default 300),
 * `RAILKIT_LOG_BOTS=1` (a line per bot move, for the tests), `RAILKIT_TEST_HOLD_MOVE_MS` (tests only: each move
 * waits this long inside the match lock, test/online/failover.test.ts).
 */
import { type RedisCommands, RedisLeases } from "./lock.ts";
import type { ServeOptions } from "./server.ts";

export type ScaleOut = Pick<
  ServeOptions,
  "db" | "pubSub" | "onClose" | "leases" | "botLeaseMs" | "logBots" | "botDelayMs" | "holdMoveMs"
>;

/** A whole number of milliseconds from the environment, or undefined. */
function ms(v: string | undefined, name: string): number | undefined {
  if (v === undefined || v === "") return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 600_000)
    throw new Error(`${name} must be a whole number of ms up to 600000`);
  return n;
}

export async function scaleOutFromEnv(env: NodeJS.ProcessEnv): Promise<ScaleOut> {
  const out: ScaleOut = {};
  const closers: (() => Promise<void>)[] = [];
  if (env.REDIS_URL) {
    const redis = await import("redis");
    const { RedisPubSub } = await import("@boardgame.io/redis-pubsub");
    const pub = redis.createClient(env.REDIS_URL);
    const sub = pub.duplicate();
    const locks = pub.duplicate();
    out.pubSub = new RedisPubSub(pub, sub);
    // The match locks and bot leases (server/lock.ts) on a connection of their own.
    out.leases = new RedisLeases(locks as unknown as RedisCommands);
    closers.push(
      () =>
        new Promise<void>((ok) => {
          pub.quit(() => sub.quit(() => locks.quit(() => ok())));
        }),
    );
  }
  if (env.DATABASE_URL) {
    const { PostgresStore } = await import("bgio-postgres");
    const db = new PostgresStore(env.DATABASE_URL, { logging: false });
    // Instances started together race to create the tables (sequelize's sync): one more try settles it.
    const connect = db.connect.bind(db);
    db.connect = async () => {
      try {
        await connect();
      } catch {
        await new Promise((r) =>
          setTimeout(r, 500 + Math.floor(globalThis.crypto.getRandomValues(new Uint8Array(1))[0]! * 4)),
        );
        await connect();
      }
    };
    out.db = db;
    closers.push(async () => {
      await (db as unknown as { sequelize?: { close(): Promise<void> } }).sequelize?.close();
    });
  }
  const leaseMs = ms(env.RAILKIT_BOT_LEASE_MS, "RAILKIT_BOT_LEASE_MS");
  if (leaseMs !== undefined) out.botLeaseMs = leaseMs;
  const delay = ms(env.RAILKIT_BOT_DELAY_MS, "RAILKIT_BOT_DELAY_MS");
  if (delay !== undefined) out.botDelayMs = delay;
  if (env.RAILKIT_LOG_BOTS === "1") out.logBots = true;
  const hold = ms(env.RAILKIT_TEST_HOLD_MOVE_MS, "RAILKIT_TEST_HOLD_MOVE_MS");
  if (hold) out.holdMoveMs = hold;
  if (closers.length > 0)
    out.onClose = async () => {
      for (const close of closers) await close();
    };
  return out;
}

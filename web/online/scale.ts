/**
 * Scale-out (docs/online.md): several server instances that share no memory, with boardgame.io's Redis
 * pub/sub (`@boardgame.io/redis-pubsub`, node-redis 3) carrying each match's updates to every instance, and
 * Postgres storage (`bgio-postgres`) holding every match. Chosen by the environment: `REDIS_URL` and
 * `DATABASE_URL` (both are needed for more than one instance). Without them the server keeps flat files and
 * in-memory pub/sub.
 */
import type { ServeOptions } from "./server.ts";

export type ScaleOut = Pick<ServeOptions, "db" | "pubSub" | "onClose">;

export async function scaleOutFromEnv(env: NodeJS.ProcessEnv): Promise<ScaleOut> {
  const out: ScaleOut = {};
  const closers: (() => Promise<void>)[] = [];
  if (env.REDIS_URL) {
    const redis = await import("redis");
    const { RedisPubSub } = await import("@boardgame.io/redis-pubsub");
    const pub = redis.createClient(env.REDIS_URL);
    const sub = pub.duplicate();
    out.pubSub = new RedisPubSub(pub, sub);
    closers.push(
      () =>
        new Promise<void>((ok) => {
          pub.quit(() => sub.quit(() => ok()));
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
  if (closers.length > 0)
    out.onClose = async () => {
      for (const close of closers) await close();
    };
  return out;
}

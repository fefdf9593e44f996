/**
 * Scale-out (docs/online.md): Redis pub/sub between server instances and Postgres storage, chosen by the
 * environment. Filled in by the scale-out step; without REDIS_URL and DATABASE_URL it returns nothing and the
 * server keeps flat files and in-memory pub/sub.
 */
import type { ServeOptions } from "./server.ts";

export async function scaleOutFromEnv(env: NodeJS.ProcessEnv): Promise<Pick<ServeOptions, "db" | "pubSub">> {
  const out: Pick<ServeOptions, "db" | "pubSub"> = {};
  if (env.REDIS_URL || env.DATABASE_URL)
    throw new Error("scale-out (REDIS_URL, DATABASE_URL) is not built in yet");
  return out;
}

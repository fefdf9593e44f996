// The part of node-redis 3 (no types of its own) that server/scale.ts uses.
declare module "redis" {
  interface RedisClient {
    duplicate(): RedisClient;
    quit(cb?: () => void): boolean;
    on(event: string, listener: (...args: unknown[]) => void): RedisClient;
  }
  export function createClient(url: string): RedisClient;
}

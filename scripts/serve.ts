/**
 * `npm run serve`: the railkit game server (server/server.ts) — boardgame.io's server with its Lobby API
 * for the registry's games (web/games/registry.ts), the built demo (run `npm run build` first for the pages), matches in flat files.
 *
 * Environment: PORT (default 8000), HOST (default 127.0.0.1), RAILKIT_MATCHES (flat-file folder, default
 * .railkit-matches), RAILKIT_FSYNC (`batch`, the default, or `write`: server/match-files.ts). Scale-out (docs/online.md): REDIS_URL selects Redis pub/sub between instances and
 * DATABASE_URL Postgres storage instead of flat files. Bounds on what clients send (server/guard.ts,
 * docs/online.md "Security"): RAILKIT_MAX_CREATES_PER_MINUTE, RAILKIT_MAX_SETUP_BYTES, RAILKIT_MAX_NAME_LENGTH,
 * RAILKIT_MAX_MOVE_BYTES, RAILKIT_MAX_SPECTATORS, RAILKIT_MAX_MESSAGE_BYTES, RAILKIT_MAX_PENDING_BYTES,
 * RAILKIT_MAX_BODY_BYTES, RAILKIT_MAX_CHAT_BYTES; RAILKIT_CHAT=1 turns chat on. NODE_ENV defaults to
 * `production`.
 */

// A server runs boardgame.io and immer in production mode unless told otherwise (NODE_ENV=development): both
// choose when they load, hence the imports below come after. Development mode checks every move's state is
// serialisable and runs immer's checked build (about 3 % of the server's CPU a move under load, issue #25).
process.env.NODE_ENV ??= "production";
const { limitsFromEnv } = await import("../server/guard.ts");
const { scaleOutFromEnv } = await import("../server/scale.ts");
const { startServer } = await import("../server/server.ts");

const port = Number(process.env.PORT ?? 8000);
const host = process.env.HOST ?? "127.0.0.1";
const scale = await scaleOutFromEnv(process.env);
const server = await startServer({
  port,
  host,
  ...(process.env.RAILKIT_MATCHES ? { dir: process.env.RAILKIT_MATCHES } : {}),
  ...(process.env.RAILKIT_FSYNC === "write" ? { fsync: "write" as const } : {}),
  ...scale,
  fixedSeeds: process.env.RAILKIT_FIXED_SEEDS === "1",
  limits: limitsFromEnv(process.env),
});
console.log(`railkit server on ${server.url} (lobby: ${server.url}/lobby.html)`);
const stop = () => {
  void server.close().then(() => process.exit(0));
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);

export {};

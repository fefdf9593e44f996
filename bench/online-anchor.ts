/**
 * The anchor of the online load test (bench/online-load.ts): boardgame.io's own server (0.50.2, its `Server`,
 * socket.io transport and Lobby API) running a trivial game, `count`: two seats, one move `inc` that adds one to
 * G.n, one move a turn. What it costs per move is the framework's own cost, the floor railkit's server is measured
 * against. Storage: `ANCHOR_STORAGE=memory` (boardgame.io's InMemory), `flat` (railkit's flat files,
 * server/match-files.ts, in `ANCHOR_DIR`, the same storage `npm run serve` uses) or `flatfile` (the flat files
 * before issue #25: boardgame.io's FlatFile over server/flat-file.ts). Prints `anchor server on <url>`.
 */
import type { Game } from "boardgame.io";
import { Server } from "boardgame.io/server";
import { RailkitFlatFile } from "../server/flat-file.ts";
import { matchFiles } from "../server/match-files.ts";

export const countGame: Game<{ n: number }> = {
  name: "count",
  minPlayers: 2,
  maxPlayers: 2,
  setup: () => ({ n: 0 }),
  moves: { inc: ({ G }) => ({ n: G.n + 1 }) },
  turn: { minMoves: 1, maxMoves: 1 },
};

if (process.argv[1]?.endsWith("online-anchor.ts")) {
  const storage = process.env.ANCHOR_STORAGE ?? "memory";
  if (storage !== "memory" && storage !== "flat" && storage !== "flatfile")
    throw new Error(`ANCHOR_STORAGE is memory, flat or flatfile, got ${storage}`);
  const dir = process.env.ANCHOR_DIR ?? ".anchor-matches";
  // Without `db`, boardgame.io's own InMemory storage.
  const server = Server({
    games: [countGame],
    ...(storage === "flat" ? { db: matchFiles(dir) } : {}),
    // The flat files before issue #25's (boardgame.io's FlatFile layout, server/flat-file.ts): for comparison.
    ...(storage === "flatfile" ? { db: new RailkitFlatFile(dir) } : {}),
  });
  const app = server.app as unknown as { listen: (...a: unknown[]) => unknown };
  const listen = app.listen.bind(app);
  app.listen = (port: unknown, cb: unknown) => listen(port, "127.0.0.1", cb);
  const running = await server.run({ port: Number(process.env.PORT ?? 0) });
  const address = (running.appServer as unknown as { address(): { port: number } }).address();
  console.log(`anchor server on http://127.0.0.1:${address.port}`);
  // Exit cleanly on SIGTERM, so a `--cpu-prof` run writes its profile (bench/online-load.ts).
  process.on("SIGTERM", () => process.exit(0));
}

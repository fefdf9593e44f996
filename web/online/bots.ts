/**
 * Computer seats on the server (issue #14). A match created with `setupData.bots` (seats) gets those seats
 * joined by the server itself ("Computer", credentials it keeps in the match data); each bot seat is a
 * boardgame.io client of this server on 127.0.0.1 that moves when its seat is to move, through the same move
 * and checks as a person's. The move comes from the same bots as the widgets' (web/worker/plugins.ts), in
 * their Node form: the Train Game's solver bot (race policy, the Wasm solver as the CLI loads it), and the
 * engines' greedy bots of String Railway and Light Rail (the widgets' default search bots cost seconds of CPU
 * a move: too much for a shared server). Like the widgets' bots, a bot reads the whole state (the server's).
 * After a restart the bots of every unfinished match take their seats again.
 */
import type { StorageAPI } from "boardgame.io";
import { Client } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import type { GameHeader, GameId, SeatAction } from "../engine/common/game.ts";
import { clientGame } from "./client-game.ts";
import { ONLINE_NAMES, type OnlineView } from "./view.ts";

type Bot = (state: GameHeader) => SeatAction;

const bots = new Map<GameId, Promise<Bot>>();

/** The bot of a game, loaded once. */
export function loadBot(id: GameId): Promise<Bot> {
  let bot = bots.get(id);
  if (!bot) {
    bot = (async (): Promise<Bot> => {
      if (id === "train") {
        const { createTrainSolver, GOAL } = await import("../solvers/train/index.ts");
        const { tryReadRaceTableNode } = await import("../solvers/train/race-table-node.ts");
        const { compileWasmNode } = await import("../wasm/node.ts");
        const raceTable = await tryReadRaceTableNode(GOAL);
        const solver = await createTrainSolver(
          await compileWasmNode("train"),
          raceTable ? { raceTable } : {},
        );
        return (s) => solver.botAction(s as never, "race");
      }
      if (id === "string") {
        const { botAction } = await import("../engine/string/bot.ts");
        return (s) => botAction(s as never);
      }
      const { botRng, greedyPlacement } = await import("../engine/light/bot.ts");
      return (s) => {
        const p = greedyPlacement(s as never, botRng(`${s.seed}/${s.log.length}`));
        if (!p || s.current === null) throw new Error("the Light Rail bot found no placement");
        return { type: "place", player: s.current, q: p.q, r: p.r, orientation: p.orientation } as SeatAction;
      };
    })();
    bots.set(id, bot);
  }
  return bot;
}

type Db = StorageAPI.Async | StorageAPI.Sync;

/** The bot seats of the server, one boardgame.io client each. */
export class ServerBots {
  private readonly clients = new Map<string, ReturnType<typeof Client>>();

  constructor(
    private readonly url: () => string,
    private readonly db: Db,
    private readonly delayMs = 300,
  ) {}

  /** Seats `seat` of `matchID` as the computer (idempotent). */
  attach(id: GameId, matchID: string, seat: number, credentials: string): void {
    const key = `${matchID}/${seat}`;
    if (this.clients.has(key)) return;
    const client = Client({
      game: clientGame(id),
      multiplayer: SocketIO({ server: this.url(), socketOpts: { transports: ["websocket"] } }),
      matchID,
      playerID: String(seat),
      credentials,
      debug: false,
    });
    this.clients.set(key, client);
    let playedAt = -1;
    let thinking = false;
    let retries = 0;
    // A look can end without a move (storage not caught up, a dropped message): look again a bounded number of
    // times instead of waiting for an update that may never come.
    const again = () => {
      if (retries++ < 40) setTimeout(look, this.delayMs);
    };
    const look = () => {
      if (this.clients.get(key) !== client) return; // stopped
      const v = client.getState()?.G as OnlineView | undefined;
      if (!v || thinking || v.state.over || v.state.current !== seat) return;
      const at = v.state.log.length;
      if (at === playedAt) return;
      thinking = true;
      setTimeout(() => {
        void this.move(id, matchID, seat, at)
          .then((action) => {
            if (!action) return again();
            playedAt = at;
            retries = 0;
            client.moves.act!(action);
            // If the move never shows up (refused as stale, lost on a reconnect), play this position again.
            setTimeout(
              () => {
                const now = client.getState()?.G as OnlineView | undefined;
                if (playedAt === at && now?.state.log.length === at && now.state.current === seat) {
                  playedAt = -1;
                  again();
                }
              },
              10 * this.delayMs + 2000,
            );
          })
          .catch((e: unknown) => {
            console.error(`bot ${key}: ${(e as Error).message}`);
            again();
          })
          .finally(() => {
            thinking = false;
          });
      }, this.delayMs);
    };
    client.subscribe(look);
    client.start();
  }

  /** The bot's action for the stored state, if it is still `seat`'s turn at log length `at`. */
  private async move(id: GameId, matchID: string, seat: number, at: number): Promise<SeatAction | null> {
    // boardgame.io broadcasts a move before it stores it: wait for the storage to catch up with the clients.
    let G: GameHeader | undefined;
    for (let tries = 0; tries < 100; tries++) {
      const { state } = await this.db.fetch(matchID, { state: true });
      G = state?.G as GameHeader | undefined;
      if (!G || G.log.length >= at) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    if (!G || G.over || G.current !== seat || G.log.length !== at) return null;
    return (await loadBot(id))(G);
  }

  /** Seats the bots of every unfinished match in storage (after a restart). */
  async resume(): Promise<void> {
    // Every match first, then the bots: a bot's connection writes to storage, and listing reads every file.
    const seats: [GameId, string, number, string][] = [];
    for (const id of ["train", "string", "light"] as const) {
      const ids = await this.db.listMatches({ gameName: ONLINE_NAMES[id], where: { isGameover: false } });
      for (const matchID of ids) {
        const { metadata } = await this.db.fetch(matchID, { metadata: true });
        for (const seat of (metadata?.setupData as { bots?: number[] } | undefined)?.bots ?? []) {
          const credentials = metadata?.players[seat]?.credentials;
          if (credentials) seats.push([id, matchID, seat, credentials]);
        }
      }
    }
    for (const [id, matchID, seat, credentials] of seats) this.attach(id, matchID, seat, credentials);
  }

  stop(): void {
    for (const c of this.clients.values()) c.stop();
    this.clients.clear();
  }
}

/**
 * Computer seats on the server (issue #14). A match created with `setupData.bots` (seats) gets those seats
 * joined by the server itself ("Computer", credentials it keeps in the match data); each bot seat is a
 * boardgame.io client of this server on 127.0.0.1 that moves when its seat is to move, through the same move
 * and checks as a person's. The move comes from the game module's bots (web/games/types.ts `bots`), the same the
 * widgets and the CLI play: **the first bot with `cheap: true`** in the module's order (a move costs well under
 * 100 ms: the Train Game's solver bot `race`, the greedy bots of String Railway and Light Rail; the widgets' default
 * search bots cost seconds of CPU a move, too much for a shared server). A module without a cheap bot has no
 * computer seats online (server/game.ts refuses `setupData.bots` for it). The bot is loaded once per module with the
 * Node Kit (web/wasm/node.ts `nodeKit`: Wasm from build/, data from web/data/) and draws its randomness from
 * `positionSeed` (the same move as in every host). Like the widgets' bots, a bot reads the whole state (the
 * server's). After a restart the bots of every unfinished match take their seats again.
 *
 * With several instances (shared storage and leases, docs/online.md), one instance plays a match's computer
 * seats: the one holding the match's bot lease (`railkit:bots:<matchID>`, server/lock.ts), taken when it
 * creates the match or finds the lease free, renewed while it plays, given back when the match ends. Every
 * instance looks for unfinished matches with computer seats and a free lease every scan period, so when an
 * instance is lost another takes its bots over within a lease time and a scan period (server/lock.ts `BOT_LEASE`).
 * Fencing: a bot sends no move once its instance's lease is lost or unconfirmed for a lease time.
 */
import type { StorageAPI } from "boardgame.io";
import { Client } from "boardgame.io/client";
import { SocketIO } from "boardgame.io/multiplayer";
import type { SeatAction } from "../web/engine/common/game.ts";
import { loadLevel } from "../web/games/levels.ts";
import { MODULES } from "../web/games/registry.ts";
import { type GameModule, positionSeed } from "../web/games/types.ts";
import { clientGame, keepInStep } from "../web/online/client-game.ts";
import { type OnlineView, onlineName } from "../web/online/view.ts";
import { nodeKit } from "../web/wasm/node.ts";
import { type MatchState, serverBotName } from "./game.ts";
import { BOT_LEASE, Fence, type Leases } from "./lock.ts";

type Bot = (state: MatchState) => SeatAction | Promise<SeatAction>;

/** Quick looks again (every bot delay) after a look without a move, before slowing to one per lease time. */
const RETRIES = 40;
/** {@link ServerBots}' `move`: the stored state is ahead of the bot's client. */
const BEHIND = Symbol("behind");
/**
 * A bot client that has heard nothing for this long (a person thinking, or a lost update) compares its state with
 * storage, once per such period, and asks for a sync when storage is ahead (test/online/bot-stall.test.ts).
 */
const IDLE_CHECK_MS = 3000;

/** Asks boardgame.io's client for the match's state again (its socket transport's `sync`). */
function requestSync(client: ReturnType<typeof Client>): void {
  (client as unknown as { transport?: { requestSync?(): void } }).transport?.requestSync?.();
}

const bots = new Map<GameModule, Map<number, Promise<Bot>>>();

/**
 * The server's bot of a game module at `level` (web/games/levels.ts; 0: its first `cheap` bot), loaded once per
 * module and level with the Node Kit; it plays the seat to move of a state that is not over, with its randomness
 * drawn from {@link positionSeed}. Rejects when the module has no cheap bot (server/game.ts refuses a match asking
 * for a level that is not cheap); a load that fails is tried again at the next call.
 */
export function loadBot(module: GameModule, level = 0): Promise<Bot> {
  let byLevel = bots.get(module);
  if (!byLevel) {
    byLevel = new Map();
    bots.set(module, byLevel);
  }
  let bot = byLevel.get(level);
  if (!bot) {
    bot = (async (): Promise<Bot> => {
      let solver: Promise<unknown> | undefined;
      const load = () => (solver ??= module.loadSolver(nodeKit()));
      // `quick`: the server's one thread serves every match, so no bot may solve for seconds here (BotWork.quick).
      if (level > 0) {
        const choose = await loadLevel(module, level, load, () => module.engine, { quick: true });
        return (state) => choose(state, positionSeed(state));
      }
      const name = serverBotName(module);
      if (name === undefined) throw new Error(`${module.title} has no bot cheap enough for the server`);
      const choose = await module.bots[name]!.load(load, { quick: true });
      return (state) => choose(state, positionSeed(state));
    })();
    byLevel.set(level, bot);
    bot.catch(() => {
      if (byLevel.get(level) === bot) byLevel.delete(level);
    });
  }
  return bot;
}

type Db = StorageAPI.Async | StorageAPI.Sync;

export interface ServerBotsOptions {
  /** Pause before each move, in ms (default 300). */
  delayMs?: number;
  /**
   * Leases shared with the other instances (server/lock.ts): each match's computer seats are played by the
   * instance that holds `railkit:bots:<matchID>`, renewed well within `leaseMs`; the others look for matches
   * whose lease is free every scan period and take them over (the proportions of `BOT_LEASE`, server/lock.ts). Without it (one instance) this server plays the bots
   * of every match it creates or finds unfinished when it starts.
   */
  leases?: Leases;
  /** Time to live of a bot lease (default `BOT_LEASE.ttlMs`): how long the bots of a lost instance wait for another. */
  leaseMs?: number;
  /** Called with a line for each move a bot sends (`bot <match>/<seat> plays at <log length>`). */
  log?: (line: string) => void;
  /** The games the server runs (default: the registry): the scan for unfinished matches loops over them. */
  games?: readonly GameModule[];
}

/** The bot seats of the server, one boardgame.io client each. */
export class ServerBots {
  private readonly clients = new Map<string, ReturnType<typeof Client>>();
  /** Per match this instance plays: its lease token and renewal timer (shared leases only). */
  private readonly held = new Map<
    string,
    { token: string; fence: Fence; renew: ReturnType<typeof setInterval> }
  >();
  /** Matches seen without computer seats (their setup never changes): not fetched again by the scan. */
  private readonly botless = new Set<string>();
  private scanTimer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;
  private readonly delayMs: number;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly scanMs: number;
  private readonly games: readonly GameModule[];

  constructor(
    private readonly url: () => string,
    private readonly db: Db,
    private readonly opts: ServerBotsOptions = {},
  ) {
    this.delayMs = opts.delayMs ?? 300;
    this.leaseMs = opts.leaseMs ?? BOT_LEASE.ttlMs;
    // Another time to live keeps BOT_LEASE's proportions.
    this.renewMs = (this.leaseMs * BOT_LEASE.renewMs) / BOT_LEASE.ttlMs;
    this.scanMs = (this.leaseMs * BOT_LEASE.scanMs) / BOT_LEASE.ttlMs;
    this.games = opts.games ?? MODULES;
  }

  /**
   * Plays the computer seats of `matchID` (credentials read from its match data), if this instance holds or
   * takes its bot lease; resolves whether it plays them.
   */
  async claim(module: GameModule, matchID: string): Promise<boolean> {
    if (this.stopped) return false;
    const leases = this.opts.leases;
    if (leases && !this.held.has(matchID)) {
      const sentAt = Date.now();
      const token = await leases.tryAcquire(botLeaseKey(matchID), this.leaseMs);
      if (!token) return false;
      if (this.stopped) {
        await leases.release(botLeaseKey(matchID), token);
        return false;
      }
      const fence = new Fence(this.leaseMs, sentAt);
      const renew = setInterval(() => {
        const at = Date.now();
        void leases
          .renew(botLeaseKey(matchID), token, this.leaseMs)
          .then((still) => {
            fence.renewed(at, still);
            // Lost (this instance stalled past the lease): another instance plays these seats now.
            if (!still) this.drop(matchID, false);
          })
          .catch(() => {});
      }, this.renewMs);
      this.held.set(matchID, { token, fence, renew });
    }
    let metadata: Awaited<ReturnType<Db["fetch"]>>["metadata"];
    try {
      ({ metadata } = await this.db.fetch(matchID, { metadata: true }));
    } catch (e) {
      // Give the lease back: held and renewed with no bot seated, it kept every instance off this match's seats.
      this.drop(matchID, true);
      throw e;
    }
    const setup = metadata?.setupData as { bots?: number[]; level?: number } | undefined;
    const seats = setup?.bots ?? [];
    const level = setup?.level ?? 0;
    if (seats.length === 0 || metadata?.gameover != null) {
      this.drop(matchID, true);
      return false;
    }
    for (const seat of seats) {
      const credentials = metadata?.players[seat]?.credentials;
      if (credentials) this.attach(module, matchID, seat, credentials, level);
    }
    return true;
  }

  /** Stops the bots of `matchID` on this instance and, if `release`, gives its lease back. */
  private drop(matchID: string, release: boolean): void {
    for (const [key, client] of [...this.clients])
      if (key.startsWith(`${matchID}/`)) {
        client.stop();
        this.clients.delete(key);
      }
    const h = this.held.get(matchID);
    if (!h) return;
    clearInterval(h.renew);
    this.held.delete(matchID);
    if (release) void this.opts.leases?.release(botLeaseKey(matchID), h.token).catch(() => {});
  }

  /** Seats `seat` of `matchID` as the computer (idempotent). */
  private attach(
    module: GameModule,
    matchID: string,
    seat: number,
    credentials: string,
    level: number,
  ): void {
    const key = `${matchID}/${seat}`;
    if (this.clients.has(key)) return;
    const client = Client({
      game: clientGame(module.id),
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
    // A look can end without a move (storage not caught up, a dropped message): look again instead of waiting for
    // an update that may never come, quickly at first, then once per lease time. (It used to give up after 40
    // looks: a bot whose client had missed an update then never moved again, and neither did the match; issue #25.)
    const again = () => {
      setTimeout(look, retries++ < RETRIES ? this.delayMs : this.leaseMs);
    };
    const look = () => {
      if (this.clients.get(key) !== client) return; // stopped
      const v = client.getState()?.G as OnlineView | undefined;
      if (v?.state.over) {
        // The match is over: its bots leave and its lease is given back.
        setTimeout(() => this.drop(matchID, true), 0);
        return;
      }
      if (!v || thinking || v.state.current !== seat) return;
      const at = v.state.log.length;
      if (at === playedAt) return;
      thinking = true;
      setTimeout(() => {
        void this.move(module, matchID, seat, at, level)
          .then((action) => {
            if (action === BEHIND) {
              // Storage holds a later state than this client: it missed an update (a pub/sub message lost between
              // instances), and so did this match's other bot clients here, one of which may be the seat to move
              // now: a sync brings each up to date, and the look that follows plays if it is that seat's turn.
              this.syncMatch(matchID);
              return again();
            }
            if (!action) return again();
            if (this.clients.get(key) !== client) return; // stopped while thinking
            // Fencing: the lease is lost or unconfirmed for a lease time; another instance may play this seat.
            if (this.held.get(matchID)?.fence.lost) return again();
            playedAt = at;
            retries = 0;
            this.opts.log?.(`bot ${matchID}/${seat} plays at ${at}`);
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
    // A bot whose client missed the update that made it the seat to move never looks (nothing else arrives): when
    // the client has been idle for IDLE_CHECK_MS, its state is compared with storage and synced if behind.
    let heard = Date.now();
    const idle = setInterval(() => {
      if (this.clients.get(key) !== client) return clearInterval(idle);
      if (thinking || Date.now() - heard < IDLE_CHECK_MS) return;
      heard = Date.now();
      const v = client.getState()?.G as OnlineView | undefined;
      if (!v || v.state.over) return;
      void Promise.resolve(this.db.fetch(matchID, { state: true }))
        .then(({ state }) => {
          const G = state?.G as MatchState | undefined;
          if (G && G.log.length > v.state.log.length && this.clients.get(key) === client) {
            this.opts.log?.(`bot ${matchID}/${seat} was behind storage: sync`);
            requestSync(client);
          }
        })
        .catch(() => {});
    }, IDLE_CHECK_MS);
    idle.unref?.();
    client.subscribe(() => {
      heard = Date.now();
      look();
    });
    client.start();
    keepInStep(client);
  }

  /** Asks every bot client of `matchID` on this instance for the match's state again. */
  private syncMatch(matchID: string): void {
    for (const [key, client] of this.clients) if (key.startsWith(`${matchID}/`)) requestSync(client);
  }

  /** The bot's action for the stored state, if it is still `seat`'s turn at log length `at`. */
  private async move(
    module: GameModule,
    matchID: string,
    seat: number,
    at: number,
    level: number,
  ): Promise<SeatAction | typeof BEHIND | null> {
    // boardgame.io broadcasts a move before it stores it: wait for the storage to catch up with the clients.
    let G: MatchState | undefined;
    for (let tries = 0; tries < 100; tries++) {
      const { state } = await this.db.fetch(matchID, { state: true });
      G = state?.G as MatchState | undefined;
      if (!G || G.log.length >= at) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    if (G && G.log.length > at) return BEHIND;
    if (!G || G.game !== module.id || G.over || G.current !== seat || G.log.length !== at) return null;
    return (await loadBot(module, level))(G);
  }

  /**
   * Plays the bots of every unfinished match in storage whose lease is free (after a restart); with shared
   * leases, looks again every scan period, so the bots of a lost instance are taken over.
   */
  async resume(): Promise<void> {
    await this.scan();
    if (this.opts.leases) this.scheduleScan();
  }

  private scheduleScan(): void {
    if (this.stopped) return;
    this.scanTimer = setTimeout(() => {
      void this.scan()
        .catch((e: unknown) => console.error(`bots: ${(e as Error).message}`))
        .finally(() => this.scheduleScan());
    }, this.scanMs);
  }

  private async scan(): Promise<void> {
    // Every match first, then the bots: a bot's connection writes to storage, and listing reads every file.
    const found: [GameModule, string][] = [];
    for (const module of this.games) {
      const ids = await this.db.listMatches({
        gameName: onlineName(module.id),
        where: { isGameover: false },
      });
      for (const matchID of ids)
        if (!this.botless.has(matchID) && !this.held.has(matchID)) found.push([module, matchID]);
    }
    for (const [module, matchID] of found) {
      if (this.stopped) return;
      if (!this.opts.leases) {
        await this.claim(module, matchID);
        continue;
      }
      const { metadata } = await this.db.fetch(matchID, { metadata: true });
      if (((metadata?.setupData as { bots?: number[] } | undefined)?.bots ?? []).length === 0) {
        this.botless.add(matchID);
        continue;
      }
      await this.claim(module, matchID);
    }
  }

  /** Stops every bot and gives back every lease this instance holds. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.scanTimer) clearTimeout(this.scanTimer);
    for (const c of this.clients.values()) c.stop();
    this.clients.clear();
    const held = [...this.held];
    this.held.clear();
    await Promise.all(
      held.map(([matchID, h]) => {
        clearInterval(h.renew);
        return this.opts.leases?.release(botLeaseKey(matchID), h.token).catch(() => {});
      }),
    );
  }
}

/** The Redis key of a match's bot lease. */
export const botLeaseKey = (matchID: string) => `railkit:bots:${matchID}`;

/**
 * The railkit game server (issue #14): boardgame.io's `Server` with its Lobby API for the games of a list of
 * game modules (default: the registry, web/games/registry.ts; each through server/game.ts), the built demo (dist/demo) served from the same origin, and flat-file storage by
 * default so that a restart loses no match. Node only: `npm run serve` (scripts/serve.ts) and the tests.
 *
 * What is added to boardgame.io's server, and why:
 * - It listens on 127.0.0.1 by default (boardgame.io's `run` listens on every interface).
 * - Credentials are always checked: a move is accepted only from a seat that has joined, with its credentials
 *   (boardgame.io skips the check while no seat has joined yet).
 * - The match's initial state is never sent: boardgame.io 0.50 sends it unfiltered with every `sync`, and it
 *   holds the seed, the generator's state and every deck.
 * - Clients send only what railkit's game defines, within bounds (server/guard.ts): the moves `act` and
 *   `undo`, `sync`, chat when enabled; every other message is dropped and logged, and no message stops the process.
 * - A move the server does not play is answered on the socket that sent it (issue #25: `railkit:refused`, with the
 *   rule id; server/guard.ts), and is neither broadcast nor stored: boardgame.io tells a client nothing when a
 *   move is `INVALID_MOVE`, yet broadcasts and stores the unchanged state.
 * - `POST /railkit/check/<game>/<matchID>` with `{ playerID, credentials, action }` (or `undo: true`) answers
 *   whether the engine would accept it now, with the rule id of a refusal, without playing it (for tools; the
 *   page does not call it: a move is one round trip).
 */
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize, resolve, sep } from "node:path";
import type { Server as ServerTypes, StorageAPI } from "boardgame.io";
import { Origins, Server, SocketIO } from "boardgame.io/server";
import { isObject } from "../web/engine/common/input.ts";
import { MODULES } from "../web/games/registry.ts";
import type { GameModule } from "../web/games/types.ts";
import type { CheckAnswer, OnlineSetup } from "../web/online/view.ts";
import { ServerBots } from "./bots.ts";
import {
  type AdapterOptions,
  checkAction,
  checkUndo,
  type MatchState,
  moduleNamed,
  moveOutcome,
  railkitGames,
  seatOf,
} from "./game.ts";
import {
  DEFAULT_LIMITS,
  type GuardLimits,
  guardLobby,
  guardSockets,
  type RefusalLog,
  readBounded,
} from "./guard.ts";
import { type Fence, type Leases, LeaseTimeout, withLease } from "./lock.ts";
import { matchFiles, type SyncPolicy } from "./match-files.ts";
import { useLinearPatch } from "./patch.ts";
import { MemoryPubSub, StoreFirstPubSub } from "./store-first.ts";

export interface ServeOptions extends AdapterOptions {
  /**
   * The game modules served (default: the registry, {@link MODULES}); every game name the Lobby API, the
   * namespaces, the check endpoint and the bots meet is resolved through this list (a test serves a fourth game).
   */
  games?: readonly GameModule[];
  /** Port (0: a free one). Default 8000. */
  port?: number;
  /** Address to listen on. Default 127.0.0.1. */
  host?: string;
  /** Folder of the flat-file storage (default `.railkit-matches`), unless `db` is given. */
  dir?: string;
  /** When the flat files reach the disk (server/match-files.ts `SyncPolicy`; default `batch`). */
  fsync?: SyncPolicy;
  /** Any boardgame.io storage (e.g. bgio-postgres); default flat files in `dir`. */
  db?: StorageAPI.Async | StorageAPI.Sync;
  /** boardgame.io pub/sub between server instances (e.g. @boardgame.io/redis-pubsub); default in memory. */
  // biome-ignore lint/suspicious/noExplicitAny: boardgame.io's GenericPubSub type is not exported by its packages
  pubSub?: any;
  /** Folder of the built demo to serve (default dist/demo when it exists; null: none). */
  demo?: string | null;
  /** Pause before each move of a computer seat, in ms (default 300, so people can follow). */
  botDelayMs?: number;
  /**
   * Leases shared by the instances (server/lock.ts; server/scale.ts gives Redis ones): every move of a
   * match runs under the match's lock, and one instance plays a match's computer seats. Needed as soon as two
   * instances share a storage; without it, one instance is assumed.
   */
  leases?: Leases;
  /** Time to live of a bot lease in ms (default `BOT_LEASE.ttlMs`, server/lock.ts): how long a lost instance's bots wait. */
  botLeaseMs?: number;
  /** Print a line for each move a computer seat sends (tests count them). */
  logBots?: boolean;
  /**
   * Tests only (`RAILKIT_TEST_HOLD_MOVE_MS`, test/online/failover.test.ts): each move, once it holds the match's
   * lock, prints `holding the move lock of <matchID>` and waits this long before it is applied.
   */
  holdMoveMs?: number;
  /** Called last by `close()` (e.g. to close the Redis and Postgres connections of server/scale.ts). */
  onClose?: () => Promise<void>;
  /** Extra allowed origins (CORS and socket.io); same origin, localhost and 127.0.0.1 are always allowed. */
  origins?: (string | RegExp)[];
  /** Bounds on what clients send (server/guard.ts; defaults there, variables read by scripts/serve.ts). */
  limits?: Partial<GuardLimits>;
  /** Where refused messages are reported (default: `console.warn`). */
  logRefusal?: RefusalLog;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".map": "application/json",
};

/** A seat's credentials, checked even before every seat has joined (null/undefined playerID: refused). */
function credentialsMatch(
  playerID: unknown,
  credentials: unknown,
  metadata: ServerTypes.MatchData | undefined,
) {
  if (typeof playerID !== "string" || !metadata) return false;
  const player = metadata.players[playerID as unknown as number];
  return !!player?.credentials && typeof credentials === "string" && credentials === player.credentials;
}

interface MatchQueue {
  add<R>(work: () => Promise<R>): Promise<R | undefined>;
  onIdle(): Promise<void>;
}

/**
 * One match's read-modify-writes, one at a time (issue #25). boardgame.io rewrites a match's metadata from a copy
 * read earlier in three places: a move (`updatedAt`), a socket's connection change (`isConnected`, on sync and
 * disconnect) and the Lobby API's join/update/leave. Two of them interleaved lost the other's write: a join
 * between a connection change's read and its write was overwritten, the seat's credentials with it, and that
 * seat's sync was then refused, silently (test/online/updates.test.ts saw two of six joins lost). The server runs
 * each of them through this: in order per match within an instance and, with `leases`, under the match's lock
 * `railkit:move:<matchID>` across instances. Work that waited longer than the lock's wait is dropped (logged).
 */
export type MatchSerial = <R>(matchID: string, work: () => R | Promise<R>) => Promise<R | undefined>;

/**
 * The match lock's fence of the work running now (server/lock.ts `Fence`): the storage writes of
 * {@link startServer} check it and write nothing once the lock is lost (another instance may hold it by then).
 */
export const lockFence = new AsyncLocalStorage<Fence>();

export function matchSerial(leases: Leases | undefined): MatchSerial {
  const tails = new Map<string, Promise<unknown>>();
  return <R>(matchID: string, work: () => R | Promise<R>) => {
    const locked = leases
      ? () =>
          withLease(leases, `railkit:move:${matchID}`, async (fence) =>
            lockFence.run(fence, async () => work()),
          ).catch((e: unknown) => {
            if (!(e instanceof LeaseTimeout)) throw e;
            console.error(`work on match ${matchID} dropped: ${e.message}`);
            return undefined;
          })
      : async () => work();
    const run = (tails.get(matchID) ?? Promise.resolve()).then(locked);
    const tail = run.catch(() => {});
    tails.set(matchID, tail);
    void tail.then(() => {
      if (tails.get(matchID) === tail) tails.delete(matchID);
    });
    return run;
  };
}

/**
 * Wraps boardgame.io's per-match move queue. boardgame.io's socket.io transport runs each move through
 * `getMatchQueue(matchID).add(() => master.onUpdate(…))`: fetch the state, check the move's state id, apply,
 * publish, store.
 * - Each move runs in the async context of the socket that sent it (an `AsyncResource`; the queue would run it
 *   in the context of the move before), so the move's outcome (server/game.ts `moveOutcome`) is its sender's.
 * - Each move runs through `serial` ({@link matchSerial}): with leases (server/lock.ts), under the match's lock, so
 *   that instances sharing a storage apply a match's moves one at a time: the queue orders one instance's moves;
 *   the lock, taken inside that queue around the whole update, orders every instance's. A move that waited longer
 *   than the lock's wait is dropped (logged); its player is told it was not played.
 */
function wrapMoveQueues(transport: SocketIO, serial: MatchSerial, holdMs = 0): void {
  const t = transport as unknown as { getMatchQueue(matchID: string): MatchQueue };
  const queueOf = t.getMatchQueue.bind(transport);
  const held = <R>(matchID: string, work: () => Promise<R>) =>
    holdMs > 0
      ? async () => {
          console.log(`holding the move lock of ${matchID}`);
          await new Promise((r) => setTimeout(r, holdMs));
          return work();
        }
      : work;
  t.getMatchQueue = (matchID) => {
    const queue = queueOf(matchID);
    return {
      add: <R>(work: () => Promise<R>) => {
        // A resource, not `AsyncResource.bind`: that one builds a deprecation wrapper at every call (1 % of the
        // server's CPU under load).
        const context = new AsyncResource("railkit.move");
        return queue.add(() => context.runInAsyncScope(() => serial(matchID, held(matchID, work))));
      },
      onIdle: () => queue.onIdle(),
    };
  };
}

/** Matches whose last stored `G` the server keeps in memory (to reuse its views). */
const LAST_STATES = 10_000;

/** Starts the server; resolves once it listens. */
export async function startServer(o: ServeOptions = {}): Promise<RunningServer> {
  const root = resolve(import.meta.dirname, "..");
  const modules = o.games ?? MODULES;
  const db = o.db ?? matchFiles(o.dir ?? resolve(root, ".railkit-matches"), undefined, o.fsync);
  // Never hand out the initial state (seed, generator, decks): see the header.
  const fetch = db.fetch.bind(db) as (id: string, opts: object) => unknown;
  // The `G` each match's last state write held: a fetch of that same state (same state id) answers that object,
  // whose seats' views server/game.ts has built already (boardgame.io's patches need the views before the move).
  const lastG = new Map<string, { stateID: number; G: unknown }>();
  // biome-ignore lint/suspicious/noExplicitAny: patched in place, same signature as the storage's own fetch
  (db as any).fetch = (id: string, opts: object) => {
    const strip = (r: unknown) => {
      if (!isObject(r)) return r;
      const last = lastG.get(id);
      const st = r.state;
      const state =
        last && isObject(st) && st._stateID === last.stateID && "G" in st ? { ...st, G: last.G } : st;
      return "initialState" in r || state !== st ? { ...r, initialState: undefined, state } : r;
    };
    const r = fetch(id, opts);
    return r instanceof Promise ? r.then(strip) : strip(r);
  };
  // Computer seats: taken when the match is created (setupData.bots), played by server/bots.ts.
  let selfUrl = "";
  const bots = new ServerBots(() => selfUrl, db, {
    ...(o.botDelayMs === undefined ? {} : { delayMs: o.botDelayMs }),
    ...(o.leases ? { leases: o.leases } : {}),
    ...(o.botLeaseMs === undefined ? {} : { leaseMs: o.botLeaseMs }),
    ...(o.logBots ? { log: (line: string) => console.log(line) } : {}),
    games: modules,
  });
  const createMatch = db.createMatch.bind(db) as (id: string, opts: StorageAPI.CreateMatchOpts) => unknown;
  // biome-ignore lint/suspicious/noExplicitAny: patched in place, same signature as the storage's own createMatch
  (db as any).createMatch = async (matchID: string, opts: StorageAPI.CreateMatchOpts) => {
    const seats = (opts.metadata.setupData as OnlineSetup | undefined)?.bots ?? [];
    const module = moduleNamed(modules, opts.metadata.gameName);
    const taken: [number, string][] = [];
    for (const seat of seats) {
      const credentials = globalThis.crypto.randomUUID();
      opts.metadata.players[seat] = {
        ...opts.metadata.players[seat]!,
        id: seat,
        name: "Computer",
        credentials,
      };
      taken.push([seat, credentials]);
    }
    await createMatch(matchID, opts);
    if (module && taken.length > 0)
      setTimeout(() => {
        void bots
          .claim(module, matchID)
          .catch((e: unknown) => console.error(`bots: ${(e as Error).message}`));
      }, 0);
  };
  const origins = [Origins.LOCALHOST, /^https?:\/\/127\.0\.0\.1(:\d+)?$/, ...(o.origins ?? [])];
  // A match's messages leave only once the write that follows them is stored (server/store-first.ts).
  const pubSub = new StoreFirstPubSub<unknown>(o.pubSub ?? new MemoryPubSub());
  // boardgame.io's storages say whether they are synchronous by their `type()`.
  const isSynchronous = (db as { type?: () => number }).type?.() === 0;
  const writing = new Set<Promise<unknown>>();
  // boardgame.io writes a move's state and metadata in parallel: the messages wait for the state. A metadata write
  // alone (a player connecting) releases them when no state write of the match is under way.
  const stateWrites = new Map<string, number>();
  for (const method of ["setState", "setMetadata"] as const) {
    const write = (db[method] as (id: string, ...rest: unknown[]) => unknown).bind(db);
    const written = (matchID: string): void => {
      if (method === "setState") {
        const n = (stateWrites.get(matchID) ?? 1) - 1;
        if (n > 0) stateWrites.set(matchID, n);
        else stateWrites.delete(matchID);
      }
      if (!stateWrites.has(matchID)) pubSub.stored(matchID);
    };
    // biome-ignore lint/suspicious/noExplicitAny: patched in place, same signature as the storage's own method
    (db as any)[method] = (matchID: string, ...rest: unknown[]) => {
      // A refused move changes nothing: boardgame.io would still write the unchanged state and metadata.
      if (moveOutcome.getStore()?.refusal) return isSynchronous ? undefined : Promise.resolve();
      // Fencing: this instance lost the match lock during the work (it stalled past the lock's time to live), so
      // another may be writing the match now. Nothing is written, and the messages held for this write are dropped.
      if (lockFence.getStore()?.lost) {
        console.error(`match ${matchID}: the lock was lost; ${method} not written`);
        pubSub.discard(matchID);
        return isSynchronous ? undefined : Promise.resolve();
      }
      if (method === "setState") {
        stateWrites.set(matchID, (stateWrites.get(matchID) ?? 0) + 1);
        const st = rest[0];
        lastG.delete(matchID);
        if (
          isObject(st) &&
          typeof st._stateID === "number" &&
          isObject(st.ctx) &&
          st.ctx.gameover === undefined
        ) {
          lastG.set(matchID, { stateID: st._stateID, G: st.G });
          // At most LAST_STATES matches remembered (the oldest written first out).
          if (lastG.size > LAST_STATES) lastG.delete(lastG.keys().next().value as string);
        }
      }
      let r: unknown;
      try {
        r = write(matchID, ...rest);
      } catch (e) {
        written(matchID);
        throw e;
      }
      if (r instanceof Promise) {
        const done = r.finally(() => {
          writing.delete(done);
          written(matchID);
        });
        writing.add(done);
        return done;
      }
      written(matchID);
      return r;
    };
  }
  const limits: GuardLimits = { ...DEFAULT_LIMITS, ...o.limits };
  const logRefusal = o.logRefusal ?? ((line: string) => console.warn(line));
  const transport = new SocketIO({
    // A refused move is answered on its sender's socket alone (server/guard.ts), not broadcast to the match.
    pubSub: {
      publish: (channelId: string, payload: unknown) => {
        if (!moveOutcome.getStore()?.refusal) pubSub.publish(channelId, payload);
      },
      subscribe: pubSub.subscribe.bind(pubSub),
      unsubscribeAll: pubSub.unsubscribeAll.bind(pubSub),
    } as never,
    // Partial options: boardgame.io spreads them over its own; its type asks for every field.
    socketOpts: { maxHttpBufferSize: limits.messageBytes } as never,
  });
  const serial = matchSerial(o.leases);
  wrapMoveQueues(transport, serial, o.holdMoveMs);
  guardSockets(transport, db, limits, logRefusal, modules, serial);
  // Patches with a shared pub/sub too (issue #25): they were off with Redis while Light Rail's views carried
  // `frames` and `blocked`, whose patch (rfc6902 diffs arrays by edit distance) cost ~0.8 s of CPU per socket and
  // move; derived views (docs/online.md § What is sent and what is derived) left them out, and the patches are
  // made in one pass (server/patch.ts).
  useLinearPatch();
  const games = railkitGames(modules, {
    ...o,
    maxSetupBytes: limits.setupBytes,
    log: logRefusal,
    deltaState: o.deltaState ?? true,
  });
  const server = Server({ games, db, origins, transport });
  // Before boardgame.io's router, which `run` mounts last.
  server.app.use(guardLobby(limits, logRefusal, serial));
  server.auth.authenticateCredentials = async ({ playerID, credentials, metadata }) =>
    credentialsMatch(playerID, credentials, metadata);

  const demo = o.demo === undefined ? resolve(root, "dist/demo") : o.demo;
  if (demo) {
    const base = resolve(demo);
    server.app.use(async (ctx, next) => {
      if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
      let path: string;
      try {
        path = decodeURIComponent(ctx.path);
      } catch {
        return next(); // malformed escapes: not a file of ours
      }
      let file = normalize(join(base, path));
      if (file !== base && !file.startsWith(base + sep)) return next();
      try {
        if ((await stat(file)).isDirectory()) file = join(file, "index.html");
        if (!(await stat(file)).isFile()) return next();
      } catch {
        return next();
      }
      ctx.type = TYPES[extname(file)] ?? "application/octet-stream";
      ctx.body = createReadStream(file);
    });
  }

  server.router.post("/railkit/check/:name/:matchID", async (ctx) => {
    const module = moduleNamed(modules, ctx.params.name);
    let answer: CheckAnswer;
    try {
      const body: unknown = JSON.parse(await readBounded(ctx.req, 64 * 1024));
      if (!module || !isObject(body)) throw new Error("bad request");
      const { state, metadata } = await db.fetch(ctx.params.matchID ?? "", { state: true, metadata: true });
      if (!state || !metadata || metadata.gameName !== ctx.params.name) {
        ctx.status = 404;
        ctx.body = { ok: false, kind: "input", rule: "/matchID", message: "no such match" };
        return;
      }
      if (!credentialsMatch(body.playerID, body.credentials, metadata)) {
        ctx.status = 403;
        ctx.body = { ok: false, kind: "input", rule: "/credentials", message: "wrong seat or credentials" };
        return;
      }
      const G = state.G as MatchState;
      if (!isObject(G) || G.game !== module.id) throw new Error("not this game's state");
      const seat = seatOf(body.playerID, G.options && isObject(G.options) ? Number(G.options.players) : 0);
      if (seat === null) throw new Error("bad seat");
      answer = body.undo === true ? checkUndo(module, G, seat) : checkAction(module, G, seat, body.action);
    } catch {
      ctx.status = 400;
      ctx.body = { ok: false, kind: "input", rule: "", message: "bad request" };
      return;
    }
    ctx.body = answer;
  });

  // boardgame.io's run() listens on every interface; listen on o.host only.
  const app = server.app as unknown as { listen: (...a: unknown[]) => HttpServer };
  const listen = app.listen.bind(app);
  const host = o.host ?? "127.0.0.1";
  app.listen = (port: unknown, cb: unknown) => listen(port, host, cb);
  const servers = await server.run({ port: o.port ?? 8000 });
  const http = servers.appServer as unknown as HttpServer;
  const port = (http.address() as AddressInfo).port;
  selfUrl = `http://${host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host}:${port}`;
  await bots.resume();
  return {
    url: `http://${host}:${port}`,
    port,
    async close() {
      // biome-ignore lint/suspicious/noExplicitAny: koa-socket-2 keeps the socket.io server on app._io
      const io = (server.app as any)._io as { close(cb: () => void): void } | undefined;
      await bots.stop();
      // Let every move in flight be applied and stored (boardgame.io broadcasts a move before storing it).
      const queues = (transport as unknown as { perMatchQueue: Map<string, { onIdle(): Promise<void> }> })
        .perMatchQueue;
      await Promise.all([...queues.values()].map((q) => q.onIdle()));
      pubSub.flush();
      // The flat files' writes under way and their batched fsync, now.
      await (db as { flush?: () => Promise<void> }).flush?.();
      const closed = new Promise<void>((ok) => http.once("close", () => ok()));
      if (io) io.close(() => {});
      else http.close();
      http.closeAllConnections?.();
      await closed;
      // The last disconnections write the seats' connection status: let them finish before the storage goes.
      for (let i = 0; i < 20; i++) {
        await new Promise((r) => setTimeout(r, 100));
        if (writing.size === 0) break;
        await Promise.allSettled([...writing]);
      }
      await o.onClose?.();
    },
  };
}

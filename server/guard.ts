/**
 * What a client may send to the railkit server (issue #20), enforced in front of boardgame.io's socket.io
 * transport and Lobby API (server/server.ts installs both). Every message is hostile until it has been
 * read here; a refusal is logged with its reason and the message goes no further.
 *
 * - **Sockets** (`guardSockets`): boardgame.io's transport registers its `update`, `sync`, `chat` and `disconnect`
 *   handlers on each socket of a game's namespace; a namespace middleware wraps them before they are registered.
 *   Only railkit's own moves reach `Master.onUpdate`: a `MAKE_MOVE` of `act` (its one argument read by the
 *   engine's `parseAction` into the normalised action, which is what boardgame.io then applies and logs) or
 *   `undo` (no argument), from the seat and match the socket synced. Every other action type (`UPDATE`, `PATCH`,
 *   `RESET`, `SYNC`, `UNDO`/`REDO`, `GAME_EVENT`, `PLUGIN`, other moves) is dropped. A `sync` must name an
 *   existing match of the namespace's own game, with well-formed ids; spectators per match are bounded. Chat is
 *   off unless enabled. Every handler's failure is logged as that message's failure, never the process's.
 *   A socket whose pending output (engine.io's write buffer plus the websocket's buffered bytes) exceeds a bound
 *   is dropped before more is queued for it.
 * - **Lobby API** (`guardLobby`, koa middleware mounted before boardgame.io's router): JSON bodies of bounded size,
 *   match creations per client address per minute, player names of bounded length, no player `data`, and
 *   "Invalid credentials" without the credentials echoed back. The shape and size of `setupData` are checked by
 *   the game's `validateSetupData` (server/game.ts).
 */
import { PassThrough } from "node:stream";
import type { Server as ServerTypes, StorageAPI } from "boardgame.io";
import type { SocketIO } from "boardgame.io/server";
import type Koa from "koa";
import { describe, excerpt, isObject } from "../web/engine/common/input.ts";
import type { GameModule } from "../web/games/types.ts";
import { type MoveRefused, REFUSED_EVENT, type Refusal } from "../web/online/view.ts";
import {
  checkAction,
  checkUndo,
  jsonLength,
  MAX_SETUP_BYTES,
  type MatchState,
  type MoveOutcome,
  moduleNamed,
  moveOutcome,
} from "./game.ts";

/** The bounds on what clients send (defaults in {@link DEFAULT_LIMITS}, variables in {@link limitsFromEnv}). */
export interface GuardLimits {
  /** Matches one client address may create (create, playAgain) per minute. */
  createsPerMinute: number;
  /** JSON size of a match's `setupData`, in characters. */
  setupBytes: number;
  /** Length of a player's name (Lobby API join, update, rename). */
  nameLength: number;
  /** JSON size of an `act` move's action, in characters. */
  moveBytes: number;
  /** Sockets watching one match without a seat. */
  spectators: number;
  /** Largest socket.io message a client may send (socket.io's `maxHttpBufferSize`), in bytes. */
  messageBytes: number;
  /** Output waiting for a slow socket, in bytes, beyond which the socket is dropped. */
  pendingBytes: number;
  /** Largest Lobby API request body, in bytes. */
  bodyBytes: number;
  /** Whether boardgame.io's chat is relayed (a seat's messages to the match). */
  chat: boolean;
  /** JSON size of a chat message's payload, in characters (when chat is on). */
  chatBytes: number;
  /** Chat messages one socket may send per minute (when chat is on). */
  chatPerMinute: number;
}

export const DEFAULT_LIMITS: GuardLimits = {
  createsPerMinute: 30,
  setupBytes: MAX_SETUP_BYTES,
  nameLength: 40,
  moveBytes: 64 * 1024,
  spectators: 20,
  messageBytes: 128 * 1024,
  pendingBytes: 4 * 1024 * 1024,
  bodyBytes: 64 * 1024,
  chat: false,
  chatBytes: 1000,
  chatPerMinute: 30,
};

/** The environment variable of each bound (read by scripts/serve.ts). */
export const LIMIT_VARIABLES: Record<keyof GuardLimits, string> = {
  createsPerMinute: "RAILKIT_MAX_CREATES_PER_MINUTE",
  setupBytes: "RAILKIT_MAX_SETUP_BYTES",
  nameLength: "RAILKIT_MAX_NAME_LENGTH",
  moveBytes: "RAILKIT_MAX_MOVE_BYTES",
  spectators: "RAILKIT_MAX_SPECTATORS",
  messageBytes: "RAILKIT_MAX_MESSAGE_BYTES",
  pendingBytes: "RAILKIT_MAX_PENDING_BYTES",
  bodyBytes: "RAILKIT_MAX_BODY_BYTES",
  chat: "RAILKIT_CHAT",
  chatBytes: "RAILKIT_MAX_CHAT_BYTES",
  chatPerMinute: "RAILKIT_MAX_CHAT_PER_MINUTE",
};

/** The bounds set in `env` (a positive integer each; `RAILKIT_CHAT=1` turns chat on); throws on a bad value. */
export function limitsFromEnv(env: Record<string, string | undefined>): Partial<GuardLimits> {
  const out: Partial<GuardLimits> = {};
  for (const [key, name] of Object.entries(LIMIT_VARIABLES) as [keyof GuardLimits, string][]) {
    const v = env[name];
    if (v === undefined || v === "") continue;
    if (key === "chat") {
      out.chat = v === "1";
      continue;
    }
    const n = Number(v);
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got ${v}`);
    out[key] = n;
  }
  return out;
}

/** Where a refusal is reported (default: one `console.warn` line). */
export type RefusalLog = (line: string) => void;

/** boardgame.io match ids (nanoid: URL-safe letters) and seat ids. */
const MATCH_ID = /^[A-Za-z0-9_-]{1,64}$/;
const PLAYER_ID = /^\d{1,2}$/;
const MAX_CREDENTIALS = 200;
/** Refusals of one socket after which it is dropped (a client sending junk in a loop). */
const MAX_SOCKET_REFUSALS = 50;

/** The parts of socket.io's server socket used here. */
interface IoSocket {
  id: string;
  handshake: { address: string };
  conn: {
    writeBuffer?: { data?: unknown }[];
    transport?: { socket?: { bufferedAmount?: number; terminate?: () => void } };
    close(discard?: boolean): void;
  };
  on(event: string, handler: (...args: unknown[]) => unknown): unknown;
  emit(event: string, ...args: unknown[]): boolean;
  use(fn: (packet: unknown[], next: (err?: Error) => void) => void): unknown;
}

interface ClientInfo {
  matchID: string;
  playerID: string | null | undefined;
}

/** Bytes a socket has queued and not yet handed to the network. */
export function pendingBytes(socket: IoSocket): number {
  let n = socket.conn.transport?.socket?.bufferedAmount ?? 0;
  for (const packet of socket.conn.writeBuffer ?? []) {
    const d = packet.data;
    n += typeof d === "string" ? d.length : d instanceof Uint8Array ? d.byteLength : 16;
  }
  return n;
}

/**
 * Installs the socket guard on boardgame.io's socket.io transport: call before the server's `run` (boardgame.io
 * calls `transport.init` from `Server()`, so this wraps the namespaces right after it). `games` are the modules the
 * server runs: each namespace's moves are read by its own module's engine.
 */
export function guardSockets(
  transport: SocketIO,
  db: StorageAPI.Async | StorageAPI.Sync,
  limits: GuardLimits,
  log: RefusalLog,
  games: readonly GameModule[],
  serial: Serial = async (_id, work) => work(),
): void {
  const t = transport as unknown as {
    init(app: unknown, games: { name: string }[], origins: unknown): void;
    clientInfo: Map<string, ClientInfo>;
  };
  const init = t.init.bind(transport);
  /** The spectator sockets of each match. */
  const spectating = new Map<string, Set<string>>();
  t.init = (app, served, origins) => {
    init(app, served, origins);
    // biome-ignore lint/suspicious/noExplicitAny: koa-socket-2 keeps the socket.io server on app._io (untyped)
    const io = (app as any)._io as {
      of(name: string): { use(fn: (s: IoSocket, next: () => void) => void): void };
    };
    for (const game of served) {
      const module = moduleNamed(games, game.name);
      if (!module) continue;
      io.of(game.name).use((socket, next) => {
        guardSocket(socket, module, game.name, t.clientInfo, db, limits, log, spectating, serial);
        next();
      });
    }
  };
}

/** Wraps one socket's handlers (run by the namespace middleware, before boardgame.io registers them). */
function guardSocket(
  socket: IoSocket,
  module: GameModule,
  gameName: string,
  clients: Map<string, ClientInfo>,
  db: StorageAPI.Async | StorageAPI.Sync,
  limits: GuardLimits,
  log: RefusalLog,
  spectating: Map<string, Set<string>>,
  serial: Serial,
): void {
  const who = () => `socket ${socket.id} (${socket.handshake.address}) on ${gameName}`;
  let refusals = 0;
  let dropped = false;
  /**
   * Ends the socket now. engine.io (4, under koa-socket-2) waits for its write buffer to drain before it closes,
   * which a socket that does not read never does: empty it first, and end a websocket at once rather than by a
   * closing handshake its reader would never answer.
   */
  const drop = (why: string) => {
    if (dropped) return;
    dropped = true;
    log(`dropped ${who()}: ${why}`);
    if (socket.conn.writeBuffer) socket.conn.writeBuffer.length = 0;
    socket.conn.close(true);
    socket.conn.transport?.socket?.terminate?.();
  };
  const refuse = (what: string, reason: string) => {
    refusals++;
    // At most MAX_SOCKET_REFUSALS lines a socket: then it is dropped.
    log(`refused ${what} from ${who()}: ${reason}`);
    if (refusals >= MAX_SOCKET_REFUSALS) drop(`${refusals} refused messages`);
  };
  /** The state the socket's seat synced (for the engine's `parseAction`, which reads the options only). */
  let synced: MatchState | null = null;
  let chats: number[] = [];
  let spectatorOf: string | null = null;
  const leaveSpectators = () => {
    if (spectatorOf === null) return;
    const set = spectating.get(spectatorOf);
    set?.delete(socket.id);
    if (set?.size === 0) spectating.delete(spectatorOf);
    spectatorOf = null;
  };

  // Events boardgame.io has no handler for are dropped here, with the rest of the refusals.
  const KNOWN = new Set(["update", "sync", "chat"]);
  socket.use((packet, next) => {
    const event = packet[0];
    if (typeof event === "string" && KNOWN.has(event)) next();
    else refuse(`event ${excerpt(String(event), 40)}`, "not an event of this server");
  });

  // Output: a socket that does not read is dropped before more is queued for it.
  const emit = socket.emit.bind(socket);
  socket.emit = (event: string, ...args: unknown[]) => {
    if (dropped) return false;
    const pending = pendingBytes(socket);
    if (pending > limits.pendingBytes) {
      drop(`${pending} bytes wait to be sent (bound ${limits.pendingBytes})`);
      return false;
    }
    return emit(event, ...args);
  };

  /** Runs a handler of boardgame.io's; `then` (if given) once it has finished, failed or not. */
  const run = (
    what: string,
    handler: (...args: unknown[]) => unknown,
    args: unknown[],
    then: () => void = () => {},
  ) => {
    let r: unknown;
    try {
      r = handler(...args);
    } catch (e) {
      log(`${what} from ${who()} failed: ${(e as Error)?.stack ?? String(e)}`);
      then();
      return;
    }
    if (r instanceof Promise)
      r.catch((e: unknown) =>
        log(`${what} from ${who()} failed: ${(e as Error)?.stack ?? String(e)}`),
      ).finally(then);
    else then();
  };

  const onSync =
    (handler: (...args: unknown[]) => unknown) =>
    async (...args: unknown[]) => {
      const [matchID, playerID, credentials] = args;
      if (typeof matchID !== "string" || !MATCH_ID.test(matchID))
        return refuse("sync", `matchID must be a match id, got ${describe(matchID)}`);
      if (
        playerID !== undefined &&
        playerID !== null &&
        (typeof playerID !== "string" || !PLAYER_ID.test(playerID))
      )
        return refuse("sync", `playerID must be a seat number or null, got ${describe(playerID)}`);
      if (
        credentials !== undefined &&
        credentials !== null &&
        (typeof credentials !== "string" || credentials.length > MAX_CREDENTIALS)
      )
        return refuse("sync", `credentials must be a short string, got ${describe(credentials)}`);
      let found: { state?: { G: unknown }; metadata?: ServerTypes.MatchData };
      try {
        found = await db.fetch(matchID, { state: true, metadata: true });
      } catch (e) {
        return log(`sync of ${matchID} from ${who()} failed: ${(e as Error).message}`);
      }
      if (!found.metadata || !found.state) return refuse("sync", `no match ${matchID}`);
      if (found.metadata.gameName !== gameName)
        return refuse(
          "sync",
          `match ${matchID} is a ${describe(found.metadata.gameName)} match, not ${gameName}`,
        );
      const G = found.state.G;
      if (!isObject(G) || G.game !== module.id)
        return refuse("sync", `match ${matchID} holds no ${module.id} state`);
      leaveSpectators();
      const seat = typeof playerID === "string";
      if (!seat) {
        const set = spectating.get(matchID) ?? new Set<string>();
        if (set.size >= limits.spectators) {
          refuse("sync", `match ${matchID} has ${set.size} spectators already (bound ${limits.spectators})`);
          drop("no place for another spectator");
          return;
        }
        set.add(socket.id);
        spectating.set(matchID, set);
        spectatorOf = matchID;
      }
      synced = seat ? (G as unknown as MatchState) : null;
      // The connection change it writes reads the metadata first: in order with the match's other such writes.
      run("sync", (...a: unknown[]) => serial(matchID, () => handler(...a)), [
        matchID,
        seat ? playerID : null,
        seat ? credentials : undefined,
      ]);
    };

  const onUpdate =
    (handler: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const [action, stateID, matchID, playerID] = args;
      const client = clients.get(socket.id);
      if (!client || !synced) return refuse("update", "a move from a socket that has not synced a seat");
      if (matchID !== client.matchID || playerID !== client.playerID || typeof playerID !== "string")
        return refuse(
          "update",
          `a move for match ${describe(matchID)} seat ${describe(playerID)} from the socket of match ${client.matchID} seat ${describe(client.playerID)}`,
        );
      if (!Number.isSafeInteger(stateID) || (stateID as number) < 0)
        return refuse("update", `stateID must be a state number, got ${describe(stateID)}`);
      if (!isObject(action) || action.type !== "MAKE_MOVE")
        return refuse(
          "update",
          `action type ${describe(isObject(action) ? action.type : action)}: only the moves act and undo are accepted`,
        );
      const p = action.payload;
      if (!isObject(p)) return refuse("update", "a move without a payload");
      for (const k of Object.keys(p))
        if (k !== "type" && k !== "args" && k !== "playerID" && k !== "credentials")
          return refuse("update", `unknown move field ${excerpt(k, 40)}`);
      if (p.type !== "act" && p.type !== "undo")
        return refuse("update", `move ${describe(p.type)}: only act and undo are moves of this game`);
      if (p.playerID !== playerID) return refuse("update", `the move names seat ${describe(p.playerID)}`);
      if (typeof p.credentials !== "string" || p.credentials.length > MAX_CREDENTIALS)
        return refuse("update", "a move without credentials");
      const moveArgs = p.args === undefined ? [] : p.args;
      if (!Array.isArray(moveArgs)) return refuse("update", "move args must be a list");
      let normalised: unknown[];
      if (p.type === "undo") {
        if (moveArgs.length !== 0) return refuse("update", "undo takes no argument");
        normalised = [];
      } else {
        if (moveArgs.length !== 1)
          return refuse("update", `act takes one action, got ${moveArgs.length} arguments`);
        const size = jsonLength(moveArgs[0]);
        if (size > limits.moveBytes)
          return refuse("update", `the action is ${size} characters of JSON (bound ${limits.moveBytes})`);
        try {
          // The engine's reader: a fresh copy of the action's own fields, all that boardgame.io applies and logs.
          normalised = [module.engine.parseAction(synced, moveArgs[0])];
        } catch (e) {
          const message = `malformed action: ${excerpt((e as Error)?.message ?? String(e), 120)}`;
          const path = isObject(e) && typeof e.path === "string" ? e.path : "";
          const answer: MoveRefused = {
            ok: false,
            kind: "input",
            rule: path.startsWith("/action") ? path : `/action${path.startsWith("/") ? path : ""}`,
            message,
            matchID,
            stateID: stateID as number,
            move: "act",
          };
          socket.emit(REFUSED_EVENT, answer);
          return refuse("update", message);
        }
      }
      const move = {
        type: "MAKE_MOVE",
        payload: { type: p.type, args: normalised, playerID, credentials: p.credentials },
      };
      // One round trip (issue #25): a move the server does not play is answered on this socket, with its reason.
      const outcome: MoveOutcome = { played: false, refusal: null };
      const kind = p.type;
      const answer = async () => {
        if (outcome.played) return;
        const why =
          outcome.refusal ??
          (await notPlayed(db, module, matchID, Number(playerID), stateID as number, kind, normalised[0]));
        const refusal: MoveRefused = { ...why, matchID, stateID: stateID as number, move: kind };
        socket.emit(REFUSED_EVENT, refusal);
      };
      moveOutcome.run(outcome, () =>
        run("update", handler, [move, stateID, matchID, playerID], () => {
          answer().catch((e: unknown) => log(`refusal for ${who()} failed: ${(e as Error)?.message}`));
        }),
      );
    };

  const onChat =
    (handler: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      if (!limits.chat)
        return refuse("chat", `chat is off on this server (${LIMIT_VARIABLES.chat}=1 turns it on)`);
      const [matchID, message, credentials] = args;
      const client = clients.get(socket.id);
      if (!client || matchID !== client.matchID || typeof client.playerID !== "string")
        return refuse("chat", "chat from a socket without a seat of that match");
      if (
        !isObject(message) ||
        message.sender !== client.playerID ||
        typeof message.id !== "string" ||
        message.id.length > 64
      )
        return refuse("chat", "a chat message is { id, sender: this seat, payload }");
      const size = jsonLength(message.payload);
      if (size > limits.chatBytes)
        return refuse("chat", `a chat payload of ${size} characters (bound ${limits.chatBytes})`);
      if (typeof credentials !== "string" || credentials.length > MAX_CREDENTIALS)
        return refuse("chat", "chat without credentials");
      const now = Date.now();
      chats = chats.filter((t) => now - t < 60_000);
      if (chats.length >= limits.chatPerMinute)
        return refuse(
          "chat",
          `${chats.length} chat messages in the last minute (bound ${limits.chatPerMinute})`,
        );
      chats.push(now);
      run("chat", handler, [
        matchID,
        { id: message.id, sender: message.sender, payload: message.payload },
        credentials,
      ]);
    };

  const on = socket.on.bind(socket);
  socket.on = (event: string, handler: (...args: unknown[]) => unknown) => {
    if (event === "sync") return on(event, onSync(handler));
    if (event === "update") return on(event, onUpdate(handler));
    if (event === "chat") return on(event, onChat(handler));
    if (event === "disconnect")
      return on(event, (...args: unknown[]) => {
        leaveSpectators();
        const client = clients.get(socket.id);
        run(
          "disconnect",
          client ? (...a: unknown[]) => serial(client.matchID, () => handler(...a)) : handler,
          args,
        );
      });
    return on(event, handler);
  };
}

/**
 * Why boardgame.io's master dropped a move before the engine saw it (it says nothing itself): read from the
 * stored state, on the refusal's path only.
 */
async function notPlayed(
  db: StorageAPI.Async | StorageAPI.Sync,
  module: GameModule,
  matchID: string,
  seat: number,
  stateID: number,
  move: "act" | "undo",
  action: unknown,
): Promise<Refusal> {
  const { state } = await db.fetch(matchID, { state: true });
  const G = state?.G as MatchState | undefined;
  const input = (rule: string, message: string): Refusal => ({ ok: false, kind: "input", rule, message });
  if (!state || !isObject(G)) return input("/matchID", `no match ${matchID}`);
  if (state.ctx.gameover !== undefined || G.over) return input("/matchID", "the game is over");
  if (state._stateID !== stateID)
    return input(
      "/stateID",
      `the move was sent at state ${stateID} and the match is at state ${state._stateID}: another move came first`,
    );
  if (G.current !== seat) {
    // boardgame.io drops a move of a seat not to move before the engine sees it: the engine names the rule (the
    // move was not applied, so this is still its one apply).
    const r = move === "undo" ? checkUndo(module, G, seat) : checkAction(module, G, seat, action);
    if (!r.ok) return r;
    return input("/playerID", `it is seat ${describe(G.current)}'s turn, not seat ${seat}'s`);
  }
  return input("/credentials", "the move was not accepted for this seat (its credentials)");
}

/**
 * Runs one match's read-modify-write of its metadata in order with the others (server/server.ts `matchSerial`).
 */
export type Serial = <R>(matchID: string, work: () => R | Promise<R>) => Promise<R | undefined>;

/** Lobby API routes that rewrite a match's metadata (`/games/<name>/<matchID>/<route>`). */
const METADATA_ROUTES = new Set(["join", "update", "leave", "rename"]);

/** Koa middleware for boardgame.io's Lobby API routes (`/games/...`): mount before its router. */
export function guardLobby(
  limits: GuardLimits,
  log: RefusalLog,
  serial: Serial = async (_id, work) => work(),
): Koa.Middleware {
  const creations = new Map<string, number[]>();
  return async (ctx, next) => {
    if (!ctx.path.startsWith("/games/")) return next();
    const refuse = (status: number, reason: string) => {
      log(`refused ${ctx.method} ${excerpt(ctx.path, 80)} from ${ctx.ip}: ${reason}`);
      ctx.status = status;
      ctx.body = { error: reason };
    };
    if (ctx.method === "POST") {
      const route = ctx.path.split("/")[4] ?? ctx.path.split("/")[3] ?? "";
      const length = Number(ctx.get("content-length"));
      if (!ctx.is("application/json")) return refuse(415, "the Lobby API takes JSON bodies");
      if (!ctx.get("content-length") || !Number.isSafeInteger(length))
        return refuse(411, "a request body needs its Content-Length");
      if (length > limits.bodyBytes)
        return refuse(413, `a body of ${length} bytes (bound ${limits.bodyBytes})`);
      let text: string;
      try {
        text = await readBounded(ctx.req, limits.bodyBytes);
      } catch (e) {
        return refuse(400, (e as Error).message);
      }
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        return refuse(400, "the body is not JSON");
      }
      if (!isObject(body)) return refuse(400, "the body must be a JSON object");
      if (route === "create" || route === "playAgain") {
        const now = Date.now();
        const recent = (creations.get(ctx.ip) ?? []).filter((t) => now - t < 60_000);
        if (recent.length >= limits.createsPerMinute) {
          creations.set(ctx.ip, recent);
          return refuse(429, `${recent.length} matches created from this address in the last minute`);
        }
        recent.push(now);
        creations.set(ctx.ip, recent);
        if (creations.size > 10_000)
          for (const [k, v] of creations) if (v.every((t) => now - t >= 60_000)) creations.delete(k);
      }
      if (route === "join" || route === "update" || route === "rename") {
        const name = route === "join" ? body.playerName : body.newName;
        if (name !== undefined && (typeof name !== "string" || name.length > limits.nameLength))
          return refuse(
            400,
            `a player name is a string of at most ${limits.nameLength} characters, got ${typeof name === "string" ? `${name.length} characters` : describe(name)}`,
          );
        if (body.data !== undefined) return refuse(400, "player data is not used by railkit");
      }
      // boardgame.io's route reads the body again (koa-body): hand it the same bytes.
      const replay = new PassThrough() as PassThrough & { headers: unknown };
      replay.headers = ctx.req.headers;
      replay.end(Buffer.from(text));
      ctx.req = replay as never;
    }
    const parts = ctx.path.split("/");
    const matchID = parts[3] ?? "";
    const serialised = ctx.method === "POST" && parts.length === 5 && METADATA_ROUTES.has(parts[4] ?? "");
    try {
      if (serialised && MATCH_ID.test(matchID)) await serial(matchID, next);
      else await next();
    } catch (e) {
      // boardgame.io answers "Invalid credentials <the credentials sent>": never echo them.
      const err = e as { status?: number; message?: string; expose?: boolean };
      if (
        err?.status === 403 &&
        typeof err.message === "string" &&
        err.message.startsWith("Invalid credentials")
      ) {
        log(`refused ${ctx.method} ${excerpt(ctx.path, 80)} from ${ctx.ip}: invalid credentials`);
        ctx.status = 403;
        ctx.body = "Invalid credentials";
        return;
      }
      throw e;
    }
  };
}

/** A request body as text, refused past `limit` bytes. */
export async function readBounded(req: NodeJS.ReadableStream, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of req) {
    const b = typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer);
    n += b.length;
    if (n > limit) throw new Error(`a body over ${limit} bytes`);
    chunks.push(b);
  }
  return Buffer.concat(chunks).toString("utf8");
}

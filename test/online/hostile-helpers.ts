/**
 * Hostile clients for test/online/hostile.test.ts: raw socket.io sockets (any event, any arguments), a raw
 * engine.io long-polling socket that never reads, and a recorder of the server's refusal lines.
 */
import { io, type Socket } from "socket.io-client";
import type { GameId } from "../../web/engine/common/game.ts";
import { onlineName } from "../../web/online/view.ts";

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The refusal lines a server logged (its `logRefusal`), and a wait for one of them. */
export class Refusals {
  readonly lines: string[] = [];
  readonly log = (line: string) => {
    this.lines.push(line);
  };
  /** Resolves with the first line (logged after `from`, an index into `lines`) matching `pattern`. */
  async waitFor(pattern: RegExp, from = 0, ms = 3000): Promise<string> {
    const end = Date.now() + ms;
    for (;;) {
      const line = this.lines.slice(from).find((l) => pattern.test(l));
      if (line) return line;
      if (Date.now() > end) throw new Error(`no refusal matching ${pattern} was logged`);
      await sleep(20);
    }
  }
}

/** A connected raw socket.io socket on a game's namespace. */
export async function rawSocket(url: string, game: GameId): Promise<Socket> {
  const socket = io(`${url}/${onlineName(game)}`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((ok, no) => {
    socket.on("connect", () => ok());
    socket.on("connect_error", no);
  });
  return socket;
}

export interface SyncInfo {
  state: { G: unknown; ctx: Record<string, unknown>; _stateID: number } & Record<string, unknown>;
  log: { action: { type: string; payload: { type: string; args: unknown[] } } }[];
}

/** Sends a sync; resolves with the server's answer, or null when none came within `ms`. */
export function syncOf(
  socket: Socket,
  matchID: unknown,
  playerID: unknown,
  credentials?: unknown,
  ms = 1500,
): Promise<SyncInfo | null> {
  return new Promise((ok) => {
    const timer = setTimeout(() => {
      socket.off("sync", on);
      ok(null);
    }, ms);
    const on = (_id: string, info: SyncInfo) => {
      clearTimeout(timer);
      socket.off("sync", on);
      ok({ ...info, log: info.log ?? [] }); // a match without moves has no log yet
    };
    socket.on("sync", on);
    socket.emit("sync", matchID, playerID, credentials, 2);
  });
}

/**
 * An engine.io long-polling socket on a game's namespace that reads once (the namespace's answer) and then
 * never again: whatever the server sends it waits in the server's write buffer.
 */
export class StalledPoller {
  private constructor(
    private readonly base: string,
    readonly ns: string,
  ) {}

  static async open(url: string, game: GameId): Promise<StalledPoller> {
    const open = await (await fetch(`${url}/socket.io/?EIO=4&transport=polling`)).text();
    const sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
    const p = new StalledPoller(`${url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, onlineName(game));
    await p.post([`40/${p.ns},`]);
    const ack = await (await fetch(p.base)).text();
    if (!ack.includes(`40/${p.ns},`)) throw new Error(`no namespace answer: ${ack}`);
    return p;
  }

  /** Sends engine.io packets (socket.io packets as text). */
  async post(packets: string[]): Promise<number> {
    const r = await fetch(this.base, { method: "POST", body: packets.join("\x1e") });
    await r.text();
    return r.status;
  }

  /** Emits one socket.io event on the namespace. */
  event(name: string, ...args: unknown[]): string {
    return `42/${this.ns},${JSON.stringify([name, ...args])}`;
  }

  /** Reads what waits (status and text): the socket is then no longer stalled. */
  async read(): Promise<{ status: number; text: string }> {
    const r = await fetch(this.base, { signal: AbortSignal.timeout(2000) });
    return { status: r.status, text: await r.text() };
  }
}

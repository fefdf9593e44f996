/**
 * "Stored, then sent" for boardgame.io's pub/sub (server/server.ts). boardgame.io's master publishes a move's
 * new state before it writes it to storage. With one instance its per-match queue hides that; with several
 * (Redis pub/sub, shared Postgres), a player on another instance could answer a state that instance cannot read
 * yet, and the answer was dropped as stale. After a crash, players could have seen a move that was never stored.
 * Here every message of a match waits until the storage write that follows it has finished (at most
 * {@link HOLD_MS}, for messages that no write follows, such as chat).
 */

/** boardgame.io's GenericPubSub (not exported by its packages). */
export interface PubSub<T> {
  publish(channelId: string, payload: T): void;
  subscribe(channelId: string, callback: (payload: T) => void): void;
  unsubscribeAll(channelId: string): void;
}

/** Longest a message waits for its storage write. */
export const HOLD_MS = 1000;

/** In-memory pub/sub (one instance), like boardgame.io's own. */
export class MemoryPubSub<T> implements PubSub<T> {
  private readonly callbacks = new Map<string, ((payload: T) => void)[]>();
  publish(channelId: string, payload: T): void {
    for (const cb of this.callbacks.get(channelId) ?? []) cb(payload);
  }
  subscribe(channelId: string, callback: (payload: T) => void): void {
    this.callbacks.set(channelId, [...(this.callbacks.get(channelId) ?? []), callback]);
  }
  unsubscribeAll(channelId: string): void {
    this.callbacks.delete(channelId);
  }
}

const CHANNEL = "MATCH-";

export class StoreFirstPubSub<T> implements PubSub<T> {
  private readonly held = new Map<
    string,
    { payloads: [string, T][]; timer: ReturnType<typeof setTimeout> }
  >();

  constructor(private readonly inner: PubSub<T>) {}

  publish(channelId: string, payload: T): void {
    const matchID = channelId.startsWith(CHANNEL) ? channelId.slice(CHANNEL.length) : null;
    if (matchID === null) {
      this.inner.publish(channelId, payload);
      return;
    }
    let h = this.held.get(matchID);
    if (!h) {
      h = { payloads: [], timer: setTimeout(() => this.stored(matchID), HOLD_MS) };
      this.held.set(matchID, h);
    }
    h.payloads.push([channelId, payload]);
  }

  /** A storage write of `matchID` has finished: send what waited for it, in order. */
  stored(matchID: string): void {
    const h = this.held.get(matchID);
    if (!h) return;
    this.held.delete(matchID);
    clearTimeout(h.timer);
    for (const [channelId, payload] of h.payloads) this.inner.publish(channelId, payload);
  }

  /** The write that `matchID`'s held messages wait for will not happen (server/server.ts, fencing): drop them. */
  discard(matchID: string): void {
    const h = this.held.get(matchID);
    if (!h) return;
    this.held.delete(matchID);
    clearTimeout(h.timer);
  }

  subscribe(channelId: string, callback: (payload: T) => void): void {
    // One match's failing broadcast (a state its playerView cannot show) is logged, not thrown at the storage
    // write or timer that released it.
    this.inner.subscribe(channelId, (payload) => {
      try {
        callback(payload);
      } catch (e) {
        console.error(`broadcast on ${channelId} failed: ${(e as Error)?.stack ?? String(e)}`);
      }
    });
  }

  unsubscribeAll(channelId: string): void {
    this.inner.unsubscribeAll(channelId);
  }

  /** Sends everything still held (before closing). */
  flush(): void {
    for (const matchID of [...this.held.keys()]) this.stored(matchID);
  }
}

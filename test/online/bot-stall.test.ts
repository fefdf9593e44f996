/**
 * The bot stall of issue #25 ("a fresh match's bots did not move for 60 s"): a state update lost on its way to the
 * server's own bot clients (a pub/sub message dropped between instances) left every bot of the match holding an old
 * state. The seat whose turn it was in storage never saw its turn; the others looked, found nothing to play and gave
 * up after 40 looks; the match stopped for good. Here the pub/sub drops one update of a match played by computer seats
 * only, and the match must still reach its end (server/bots.ts: a bot whose client is behind storage asks for a sync,
 * and an idle match's bot clients are checked against storage).
 */
import { afterAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../../server/server.ts";
import { MemoryPubSub } from "../../server/store-first.ts";
import { createMatch } from "../../web/online/lobby.ts";
import { type BgClient, connect, logLength, tempDir, viewOf, waitFor } from "./helpers.ts";

/** An in-memory pub/sub that loses the `dropAt`-th state update of any match (counted from 1). */
class LossyPubSub extends MemoryPubSub<unknown> {
  private count = 0;
  dropped = 0;
  constructor(private readonly dropAt: number) {
    super();
  }
  override publish(channelId: string, payload: unknown): void {
    if (channelId.startsWith("MATCH-") && ++this.count === this.dropAt) {
      this.dropped++;
      return;
    }
    super.publish(channelId, payload);
  }
}

describe("bot.stall: a lost update does not stop a match of computer seats", () => {
  let server: RunningServer | undefined;
  const clients: BgClient[] = [];
  const dir = tempDir();

  afterAll(async () => {
    for (const c of clients) c.stop();
    await server?.close();
    dir.remove();
  });

  it("bot.stall: one of a bots-only match's updates is lost; the match still plays to its end", async () => {
    const pubSub = new LossyPubSub(4);
    server = await startServer({
      port: 0,
      demo: null,
      fixedSeeds: true,
      botDelayMs: 0,
      dir: dir.dir,
      pubSub,
    });
    const matchID = await createMatch(server.url, "light", {
      options: { players: 2 },
      bots: [0, 1],
      seed: 9,
    });
    const watcher = connect(server.url, "light", matchID, null);
    clients.push(watcher);
    const end = await waitFor(watcher, (v) => v.state.over, 45_000, "the end of the bots' match");
    expect(pubSub.dropped).toBe(1);
    expect(end.state.over).toBe(true);
    expect(logLength(viewOf(watcher)!)).toBeGreaterThan(4);
  }, 60_000);
});

/**
 * Names a page sends that the worker lacks (issue #24: no worker call answers `internal` for anything a caller can
 * pass): a game no module registers, or a verb its namespace does not have, is refused as input — the page client
 * forwards any name (`client.game(id)`, `client.<id>.<verb>`), and Comlink's own path walk would throw a TypeError
 * there, which the page takes for a fault of the worker and answers by restarting it.
 */
import { MessageChannel } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import { afterEach, describe, expect, it } from "vitest";
import { createRailkitClient, type RailkitClient } from "../web/worker/client.ts";
import { createRailkitService } from "../web/worker/service.ts";

const clients: RailkitClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

function connect(): RailkitClient {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(createRailkitService({}), nodeEndpoint(port1));
  const client = createRailkitClient({ endpoint: nodeEndpoint(port2) });
  clients.push(client);
  return client;
}

describe("worker.unknown-name: an unknown game or verb is refused as input, and the worker goes on", () => {
  it("a game no module registers: input at /game, naming the games there are", async () => {
    const client = connect();
    await expect(client.game("nope").newGame!({ players: 2 }, 1)).rejects.toMatchObject({
      kind: "input",
      rule: "/game",
      message: expect.stringContaining("train, string, light"),
    });
    expect((await client.train.newGame({ players: 2 } as never, 1)).handle).toMatch(/^train:/);
  });

  it("a verb the game's namespace lacks (an inherited name included): input at /verb", async () => {
    const client = connect();
    const train = client.train as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    await expect(train.nope!(1)).rejects.toMatchObject({ kind: "input", rule: "/verb" });
    expect(client.workers).toBe(1);
    // In the worker, only a namespace's own verbs are verbs: an inherited name is refused too.
    const api = createRailkitService({}) as unknown as Record<string, Record<string, () => Promise<unknown>>>;
    await expect(api.light!.constructor!()).rejects.toMatchObject({ kind: "input", rule: "/verb" });
  });
});

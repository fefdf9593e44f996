/**
 * Worker faults, in Node: the client (web/worker/client.ts) over worker_threads MessageChannels, one per
 * "worker" it starts (the `connect` option). A killed, failing or hung worker rejects the pending calls
 * with `worker.lost`, the fault listeners hear it, a fresh worker serves the next calls, and a game
 * replayed there is the same game.
 */
import { MessageChannel, type MessagePort } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import { afterEach, describe, expect, it } from "vitest";
import type { TrainSolverBundle } from "../web/games/train/index.ts";
import {
  createRailkitClient,
  isUnknownGame,
  type RailkitClient,
  type RailkitClientOptions,
  RailkitError,
  WORKER_LOST,
  type WorkerConnection,
  type WorkerFault,
} from "../web/worker/client.ts";
import { createRailkitService } from "../web/worker/service.ts";
import { withSolvers } from "./contract/kits.ts";

/** A bot that rolls when it may, else adds nothing, else stops; never needs the solver. */
function plainBundle(): TrainSolverBundle {
  return {
    solver: {} as TrainSolverBundle["solver"],
    botAction: (state) => ({ type: "roll", player: state.current! }),
    loadRace: async () => {},
    raceFor: async (_turn, race) => race,
  };
}

interface Fake {
  client: RailkitClient;
  ports: MessagePort[];
  events: EventTarget[];
  faults: WorkerFault[];
}

const clients: RailkitClient[] = [];

/** A client whose "workers" are services on MessageChannels; `hang`: the next worker never answers. */
function fake(opts: Partial<RailkitClientOptions> = {}, hang = () => false): Fake {
  const ports: MessagePort[] = [];
  const events: EventTarget[] = [];
  const connect = (): WorkerConnection => {
    const { port1, port2 } = new MessageChannel();
    if (!hang())
      Comlink.expose(
        createRailkitService({ games: withSolvers({ train: async () => plainBundle() }) }),
        nodeEndpoint(port1),
      );
    ports.push(port1, port2);
    const ev = new EventTarget();
    events.push(ev);
    return {
      endpoint: nodeEndpoint(port2),
      terminate: () => {
        port1.close();
        port2.close();
      },
      events: ev,
    };
  };
  const client = createRailkitClient({ connect, ...opts });
  clients.push(client);
  const faults: WorkerFault[] = [];
  client.onFault((f) => faults.push(f));
  return { client, ports, events, faults };
}

afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

describe("worker faults (client)", () => {
  it("a killed worker: the pending call rejects with worker.lost, a fresh worker answers the next ones", async () => {
    const { client, faults } = fake();
    const v = await client.train.newGame({ players: 2, variant: "race" }, 5);
    const pending = client.train.act(v.handle, { type: "roll", player: 0 });
    client.debugKillWorker();
    const e = await pending.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RailkitError);
    expect((e as RailkitError).kind).toBe("internal");
    expect((e as RailkitError).rule).toBe(WORKER_LOST);
    expect(faults).toHaveLength(1);
    expect(faults[0]).toMatchObject({ restarted: true, workers: 2 });
    expect(client.workers).toBe(2);
    // The fresh worker does not hold the old game: its handle is unknown there (an input error), and the
    // game comes back by replay.
    const e2 = await client.train.act(v.handle, { type: "roll", player: 0 }).catch((x: unknown) => x);
    expect(isUnknownGame(e2)).toBe(true);
    const back = await client.train.replay(v.state.options, v.state.seed, v.state.log);
    const r = await client.train.act(back.handle, { type: "roll", player: 0 });
    expect(r.ok).toBe(true);
  });

  it("restores a game in the new worker by replaying its log: the same state, and play goes on", async () => {
    const { client } = fake();
    let view = await client.train.newGame({ players: 3, variant: "elimination" }, "faults");
    for (let i = 0; i < 25 && !view.state.over; i++) {
      const r = await client.train.act(view.handle, view.legal[(i * 7) % view.legal.length]!);
      if (r.ok) view = r.view;
    }
    const { state } = view;
    client.debugKillWorker();
    const back = await client.train.replay(state.options, state.seed, state.log);
    expect(back.state).toEqual(state);
    expect(back.legal).toEqual(view.legal);
    expect(await client.train.save(back.handle)).toBe(JSON.stringify(state));
    if (!state.over) expect((await client.train.act(back.handle, back.legal[0]!)).ok).toBe(true);
  });

  it("an error or messageerror event from the worker counts as its death", async () => {
    const { client, events, faults } = fake();
    await client.train.newGame({ players: 2, variant: "race" }, 1);
    events[0]!.dispatchEvent(new Event("error"));
    expect(faults.map((f) => f.error.message)).toEqual([
      "the railkit worker failed (it could not be loaded)",
    ]);
    events[1]!.dispatchEvent(new Event("messageerror"));
    expect(faults[1]!.error.message).toMatch(/could not be read/);
    expect(client.workers).toBe(3);
    await expect(client.train.newGame({ players: 2, variant: "race" }, 1)).resolves.toBeDefined();
  });

  it("a hung worker (no answer, not even to a ping) is lost after hangTimeoutMs; the retry works", async () => {
    let first = true;
    const { client, faults } = fake({ hangTimeoutMs: 150 }, () => {
      const h = first;
      first = false;
      return h;
    });
    const t0 = Date.now();
    const e = await client.train.newGame({ players: 2, variant: "race" }, 1).catch((x: unknown) => x);
    expect((e as RailkitError).rule).toBe(WORKER_LOST);
    expect((e as RailkitError).message).toMatch(/stopped answering/);
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(faults).toHaveLength(1);
    await expect(client.train.newGame({ players: 2, variant: "race" }, 1)).resolves.toBeDefined();
  });

  it("a silently killed worker is noticed by the watchdog while a call waits", async () => {
    const { client, faults } = fake({ hangTimeoutMs: 150 });
    const v = await client.train.newGame({ players: 2, variant: "race" }, 1);
    client.debugKillWorker({ silent: true });
    const e = await client.train.act(v.handle, { type: "roll", player: 0 }).catch((x: unknown) => x);
    expect((e as RailkitError).rule).toBe(WORKER_LOST);
    expect(faults).toHaveLength(1);
    const back = await client.train.replay(v.state.options, v.state.seed, v.state.log);
    expect((await client.train.act(back.handle, { type: "roll", player: 0 })).ok).toBe(true);
  });

  it("a slow but live worker is not declared lost (pings answered while an async call waits)", async () => {
    const { port1, port2 } = new MessageChannel();
    const service = createRailkitService({
      games: withSolvers({
        train: async () => {
          await new Promise((r) => setTimeout(r, 400));
          return { ...plainBundle(), solver: { expectedTurnScore: () => 7 } as TrainSolverBundle["solver"] };
        },
      }),
    });
    Comlink.expose(service, nodeEndpoint(port1));
    const client = createRailkitClient({
      connect: () => ({ endpoint: nodeEndpoint(port2), terminate: () => port2.close() }),
      hangTimeoutMs: 150,
    });
    clients.push(client);
    await expect(client.train.expectedTurnScore()).resolves.toBe(7);
    expect(client.workers).toBe(1);
  });

  it("gives up after maxRestarts in a minute: calls reject instead of restarting for ever", async () => {
    const { client, faults } = fake({ maxRestarts: 2 });
    client.restart("one");
    client.restart("two");
    client.restart("three");
    expect(faults.map((f) => f.restarted)).toEqual([true, true, false]);
    const e = await client.train.newGame({ players: 2, variant: "race" }, 1).catch((x: unknown) => x);
    expect((e as RailkitError).rule).toBe(WORKER_LOST);
    expect((e as RailkitError).message).toMatch(/reload the page/);
  });

  it("terminate rejects later calls and does not call the fault listeners", async () => {
    const { client, faults } = fake();
    client.terminate();
    await expect(client.train.newGame({ players: 2, variant: "race" }, 1)).rejects.toMatchObject({
      rule: WORKER_LOST,
    });
    expect(faults).toEqual([]);
  });
});

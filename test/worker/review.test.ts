/**
 * worker.review (issue #26, docs/review.md): the common `review` verb through the page client over a
 * worker_threads MessageChannel (Comlink's node adapter), on Node's Kit (the train Wasm and the shipped race table).
 * Graded moves arrive one by one through `onMove` as they are graded, with progress; the answer is the library's
 * review of the same game; `close(handle)` stops it (`complete: false`); bad input is refused as input.
 * worker.review-early-stop: a Stop (close) sent before the grader has loaded ends the review with no move graded
 * (the game is looked up before the load), not with an error.
 * worker.review-race-goal: a race to a goal without a shipped table is solved in the solver thread (the browser's
 * solver worker), not on the game worker's thread, and the review says so in its progress.
 */
import { MessageChannel, type MessagePort } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import { afterEach, describe, expect, it } from "vitest";
import type { TrainAction } from "../../web/engine/train/types.ts";
import type { GradedMove } from "../../web/games/review.ts";
import { type TrainSolverBundle, train } from "../../web/games/train/index.ts";
import type { Kit } from "../../web/games/types.ts";
import { review } from "../../web/lib/review.ts";
import { nodeKit } from "../../web/wasm/node.ts";
import { createRailkitClient, type RailkitClient } from "../../web/worker/client.ts";
import { createRaceSolverService } from "../../web/worker/race-solver.ts";
import { createRailkitService } from "../../web/worker/service.ts";
import { withSolvers } from "../contract/kits.ts";

const clients: RailkitClient[] = [];
const ports: MessagePort[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
  for (const p of ports.splice(0)) p.close();
});

function connect(): RailkitClient {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(createRailkitService({ kit: nodeKit() }), nodeEndpoint(port1));
  const client = createRailkitClient({ endpoint: nodeEndpoint(port2) });
  clients.push(client);
  return client;
}

/** A whole two-seat race played in the worker: the first legal action for seat 0, the race bot for seat 1. */
async function finishedGame(client: RailkitClient, seed: number) {
  let view = await client.train.newGame({ players: 2, variant: "race" }, seed);
  while (!view.state.over) {
    if (view.state.current === 1) view = (await client.train.botMove(view.handle)).view!;
    else {
      const r = await client.train.act(view.handle, view.legal[0] as TrainAction);
      if (!r.ok) throw new Error(r.error.message);
      view = r.view;
    }
  }
  return view;
}

describe("worker.review", () => {
  it("graded moves arrive progressively; the answer is the library's review of the same game", async () => {
    const client = connect();
    const view = await finishedGame(client, 8);
    const seen: [number, number, number][] = [];
    const fractions: number[] = [];
    const answer = await client.train.review(
      view.handle,
      {},
      (m: GradedMove, done: number, total: number) => seen.push([m.index, done, total]),
      (p) => fractions.push(p.fraction),
    );
    const n = view.state.log.length;
    expect(answer.complete).toBe(true);
    expect(answer.moves.length).toBe(n);
    // Reports cross on their own port, fire and forget; the client drops those that land after the answer (the
    // answer holds every move): the moves heard before it are the first ones, in order, with their counts.
    expect(seen.length).toBeGreaterThan(0);
    expect(seen).toEqual(seen.map((_, i) => [i, i + 1, n]));
    expect(fractions).toEqual(seen.slice(0, fractions.length).map(([, d]) => d / n));
    expect(answer).toEqual(await review(await client.train.save(view.handle), { kit: nodeKit() }));
  });

  it("close(handle) stops it: complete false, a prefix of the moves", async () => {
    const client = connect();
    const view = await finishedGame(client, 9);
    let moves = 0;
    const answer = await client.train.review(view.handle, {}, () => {
      if (++moves === 3) void client.train.close(view.handle);
    });
    expect(answer.complete).toBe(false);
    expect(answer.moves.length).toBeLessThan(view.state.log.length);
    expect(answer.moves.map((m) => m.index)).toEqual([...Array(answer.moves.length).keys()]);
  });

  it("bad input: an unknown handle, options the review does not take, a callback that is not a function", async () => {
    const client = connect();
    const view = await finishedGame(client, 10);
    await expect(client.train.review("train:999")).rejects.toMatchObject({ kind: "input", rule: "/handle" });
    await expect(client.train.review(view.handle, { playouts: 5 })).rejects.toMatchObject({
      kind: "input",
      rule: "/options/playouts",
    });
    const api = createRailkitService({ kit: nodeKit() }) as unknown as Record<
      string,
      Record<string, (...a: unknown[]) => Promise<unknown>>
    >;
    const held = (await api.train!.newGame!({ players: 2 }, 1)) as { handle: string };
    await expect(api.train!.review!(held.handle, {}, 42)).rejects.toMatchObject({
      kind: "input",
      rule: "/onMove",
    });
    // The worker goes on: a game just started reviews as zero moves.
    expect(((await api.train!.review!(held.handle)) as { moves: unknown[] }).moves).toEqual([]);
  });
});

describe("review.string in the worker", () => {
  it("a String game's review through the worker verb: graded moves arrive, the answer is the library's", async () => {
    const client = connect();
    let view = await client.string.newGame({ players: 2 }, 6);
    for (let i = 0; i < 24; i++)
      view = (await client.string.botMove(view.handle, { policy: "greedy" })).view!;
    const seen: number[] = [];
    const answer = await client.string.review(view.handle, {}, (m: GradedMove) => seen.push(m.index));
    expect(answer.game).toBe("string");
    expect(answer.unit).toBe("points");
    expect(answer.complete).toBe(true);
    expect(answer.moves.length).toBe(24);
    expect(seen).toEqual(seen.map((_, i) => i));
    expect(answer).toEqual(await review(await client.string.save(view.handle), { kit: nodeKit() }));
  });
});

describe("worker.review-early-stop", () => {
  it("close(handle) before the String grader has loaded: complete false, no move graded, no error", async () => {
    const client = connect();
    let view = await client.string.newGame({ players: 2 }, 5);
    for (let i = 0; i < 6; i++) view = (await client.string.botMove(view.handle, { policy: "greedy" })).view!;
    // Sent at once, in order: the close lands while the review awaits its grader (the solver's Wasm, its module).
    const answer = client.string.review(view.handle);
    void client.string.close(view.handle);
    const r = await answer;
    expect(r.complete).toBe(false);
    expect(r.moves).toEqual([]);
    expect(r.total).toBe(6);
  });
});

describe("worker.review-race-goal", () => {
  it("a race to 50 is solved in the solver thread, not the game worker's: same review, with progress", async () => {
    // The game, played and saved where nothing is routed (Node's Kit solves on its own thread).
    const player = connect();
    let view = await player.train.newGame({ players: 2, variant: "race", goal: 50 }, 21);
    while (!view.state.over) {
      const r = await player.train.act(
        view.handle,
        (await player.train.botMove(view.handle, { play: false })).action,
      );
      if (!r.ok) throw new Error(r.error.message);
      view = r.view;
    }
    const save = await player.train.save(view.handle);

    // The solver thread: the solver worker's service over its own solver, on a worker_threads channel.
    const solverThread = await train.loadSolver(nodeKit());
    let threads = 0;
    const kit: Kit = {
      ...nodeKit(),
      worker: (name) => {
        if (name !== "train") return null;
        threads++;
        const { port1, port2 } = new MessageChannel();
        ports.push(port1, port2);
        Comlink.expose(
          createRaceSolverService(async () => solverThread.solver),
          nodeEndpoint(port1),
        );
        return { endpoint: nodeEndpoint(port2), terminate: () => port2.close() };
      },
    };
    let gameThread: TrainSolverBundle | undefined;
    const { port1, port2 } = new MessageChannel();
    ports.push(port1, port2);
    const service = createRailkitService({
      games: withSolvers({ train: async () => (gameThread = await train.loadSolver(kit)) }),
      kit,
    });
    Comlink.expose(service, nodeEndpoint(port1));
    const client = createRailkitClient({ endpoint: nodeEndpoint(port2) });
    clients.push(client);

    const held = await client.train.load(save);
    const stages: string[] = [];
    const answer = await client.train.review(held.handle, {}, undefined, (p) => stages.push(p.stage));
    expect(answer.unit).toBe("win");
    expect(answer).toEqual(await review(save, { kit: nodeKit() }));
    // Solved there, once; never here.
    expect(threads).toBe(1);
    expect(solverThread.solver.hasRace(50)).toBe(true);
    expect(gameThread!.solver.hasRace(50)).toBe(false);
    expect(gameThread!.remote!.solved(50)).toBe(true);
    expect(stages[0]).toBe("starting the solver");
    expect(stages).toContain("grading moves");
  });
});

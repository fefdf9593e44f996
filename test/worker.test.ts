/**
 * The worker bridge over a real Comlink channel: the service (web/worker/service.ts) exposed on one end
 * of a worker_threads MessageChannel with Comlink's node adapter, the page-side client on the other.
 * Everything crosses by structured clone, as between the page and the module worker.
 */
import { MessageChannel } from "node:worker_threads";
import * as Comlink from "comlink";
import nodeEndpoint from "comlink/dist/esm/node-adapter";
import { afterEach, describe, expect, it } from "vitest";
import type { TrainSolverApi } from "../web/solvers/train/api.ts";
import { createTrainSolver, raceContextOf } from "../web/solvers/train/index.ts";
import { compileWasmNode } from "../web/wasm/node.ts";
import { createRailkitClient, type RailkitClient, RailkitError } from "../web/worker/client.ts";
import type { Progress } from "../web/worker/protocol.ts";
import { createRailkitService, type TrainSolverBundle } from "../web/worker/service.ts";

/** A stand-in solver: fixed answers, enough to check the plumbing (the real one is tested beside it). */
function fakeSolver(): TrainSolverBundle {
  const solver: TrainSolverApi = {
    expectedTurnScore: () => 12.5,
    beatProbability: () => 0.5,
    raceFirstPlayerWins: () => ({ value: 0.53, tolerance: 1e-9 }),
    hint: (_turn, race) => [
      {
        action: { type: "roll" },
        label: "Roll 6 dice",
        expected: 12.5,
        best: true,
        winProbability: race ? 0.5 : undefined,
      },
      { action: { type: "stop" }, label: "Stop (scores 0)", expected: 0, best: false },
    ],
    raceTable: (onProgress) => {
      onProgress?.(0.5);
      return {
        goal: 100,
        winFirst: new Float64Array(100 * 100).fill(0.25),
        winSecond: new Float64Array(100 * 100).fill(0.75),
        stopAt: new Int32Array(100 * 100).fill(6),
        tolerance: 1e-9,
      };
    },
  };
  return {
    solver,
    botAction: (state) => ({ type: "roll", player: state.current }),
    raceContext: (state) => ({ me: state.scores[state.current]!, opponent: 0, first: state.current === 0 }),
  };
}

const clients: RailkitClient[] = [];

function connect(load: () => Promise<TrainSolverBundle> = async () => fakeSolver()): RailkitClient {
  const { port1, port2 } = new MessageChannel();
  Comlink.expose(createRailkitService({ loadTrainSolver: load }), nodeEndpoint(port1));
  const client = createRailkitClient({ endpoint: nodeEndpoint(port2) });
  clients.push(client);
  return client;
}

afterEach(() => {
  for (const c of clients.splice(0)) c.terminate();
});

describe("worker bridge (train)", () => {
  it("newGame answers with the state, the legal actions and the running turn score in one call", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    expect(v.state.scores).toEqual([0, 0]);
    expect(v.state.current).toBe(0);
    expect(v.legal.map((a) => a.type)).toContain("roll");
    expect(v.turnScore).toBe(0);
    expect(v.hints).toBeUndefined();
  });

  it("act applies an action and returns the next view", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    const r = await train.act(v.state, { type: "roll", player: 0 });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.view.state.log).toEqual([{ type: "roll", player: 0 }]);
  });

  it("a refused action comes back as a plain {kind, rule, message} and the state is untouched", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7);
    const r = await train.act(v.state, { type: "roll", player: 1 });
    expect(r).toEqual({
      ok: false,
      error: { kind: "rule", rule: "train.not-your-turn", message: expect.any(String) },
    });
  });

  it("bad options reject with a RailkitError of kind input", async () => {
    const { train } = connect();
    const e = await train.newGame({ players: 9, variant: "race" }, 1).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(RailkitError);
    expect((e as RailkitError).kind).toBe("input");
  });

  it("hints are computed in the same call when asked, with the race context of a 2-player race", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, 7, { hints: true });
    expect(v.hints?.[0]).toMatchObject({ label: "Roll 6 dice", best: true, winProbability: 0.5 });
  });

  it("a solver that fails to load leaves the engine working and reports hintError", async () => {
    const { train } = connect(async () => {
      throw new Error("no wasm here");
    });
    const v = await train.newGame({ players: 3, variant: "race" }, 1, { hints: true });
    expect(v.legal.length).toBeGreaterThan(0);
    expect(v.hintError).toEqual({ kind: "internal", rule: "", message: "no wasm here" });
    await expect(train.expectedTurnScore()).rejects.toBeInstanceOf(RailkitError);
  });

  it("raceTable reports progress through a proxied callback, moves the table, and drops late reports", async () => {
    // A slow solver load, so the first stage report has time to cross before the answer.
    const { train } = connect(async () => {
      await new Promise((r) => setTimeout(r, 30));
      return fakeSolver();
    });
    const seen: Progress[] = [];
    const t = await train.raceTable((p) => seen.push(p));
    expect(t.goal).toBe(100);
    expect(t.winFirst).toBeInstanceOf(Float64Array);
    expect(t.winFirst.length).toBe(10_000);
    expect(t.freightStopAt).toBeInstanceOf(Int32Array);
    expect(t.firstPlayerWins.value).toBeCloseTo(0.53);
    expect(seen[0]).toEqual({ stage: "loading the solver", fraction: 0.02 });
    // Reports travel on their own port: any still in flight when the answer lands are dropped.
    const count = seen.length;
    await new Promise((r) => setTimeout(r, 20));
    expect(seen.length).toBe(count);
  });

  it("botAction and save/load cross the bridge", async () => {
    const { train } = connect();
    const v = await train.newGame({ players: 2, variant: "race" }, "seed");
    expect(await train.botAction(v.state, "race")).toEqual({ type: "roll", player: 0 });
    const back = await train.load(await train.save(v.state));
    expect(back).toEqual(v.state);
  });
});

describe("worker bridge with the real Wasm solver", () => {
  async function wasmBundle(): Promise<TrainSolverBundle> {
    const solver = await createTrainSolver(await compileWasmNode("train"));
    return { solver, botAction: (st, mode) => solver.botAction(st, mode), raceContext: raceContextOf };
  }

  it("values every option of a 3-player game (max-EV, no race chances) and the bot plays a legal move", async () => {
    const { train } = connect(wasmBundle);
    const v = await train.newGame({ players: 3, variant: "race" }, 11, { hints: true });
    expect(v.hintError).toBeUndefined();
    expect(v.hints!.map((h) => h.action.type).sort()).toEqual(["roll", "stop"]);
    expect(v.hints!.filter((h) => h.best)).toHaveLength(1);
    expect(v.hints!.every((h) => h.winProbability === undefined)).toBe(true);
    expect(await train.expectedTurnScore()).toBeGreaterThan(10);
    let state = v.state;
    for (let i = 0; i < 200 && state.history.length === 0; i++) {
      const a = await train.botAction(state, "ev");
      const r = await train.act(state, a);
      expect(r.ok).toBe(true);
      if (r.ok) state = r.view.state;
    }
    expect(state.history[0]?.player).toBe(0);
  });
});
